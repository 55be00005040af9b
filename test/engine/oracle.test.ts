// The exact classic oracle (src/sim/exactClassic.ts) against hand-derived
// values and brute-force enumeration, and the simulator against the oracle:
// two independent routes to the same number must agree within 4 standard
// errors. Runtime: about 6 s (180k simulated games).

import { describe, expect, it } from 'vitest';
import { RandomProvider } from '../../src/agents/random.js';
import { Outcome } from '../../src/engine/events.js';
import { Game } from '../../src/engine/game.js';
import { resolveRules } from '../../src/engine/rules.js';
import { classicTownWinProbability, voteTieProbability, type ClassicStart, type ClassicTie } from '../../src/sim/exactClassic.js';

/** Share of vote profiles (each of n voters picks one of the n-1 others) whose top tally is shared, by listing them all. */
function bruteTieShare(n: number): number {
  const tally = new Array<number>(n).fill(0);
  let ties = 0;
  let total = 0;
  const vote = (voter: number): void => {
    if (voter === n) {
      total++;
      const top = Math.max(...tally);
      if (tally.filter((c) => c === top).length > 1) ties++;
      return;
    }
    for (let c = 0; c < n; c++) {
      if (c === voter) continue;
      tally[c]!++;
      vote(voter + 1);
      tally[c]!--;
    }
  };
  vote(0);
  return ties / total;
}

/**
 * One Mafia, day start, random ties: P(n) = 1/n + (n-1)/n * P(n-2), so
 * 1 - P(n) = prod over j = n, n-2, ... >= 3 of (j-1)/j (P = 0 at n = 1, 2).
 */
function oneMafiaDayStart(n: number): number {
  let lose = 1;
  for (let j = n; j >= 3; j -= 2) lose *= (j - 1) / j;
  return 1 - lose;
}

describe('exact classic oracle: values derived by hand', () => {
  it('3 players, 1 Mafia: day 1/3 (lynch him now or lose), night 0 (the kill leaves 1 against 1)', () => {
    expect(classicTownWinProbability(3, 1, 'day')).toBeCloseTo(1 / 3, 14);
    expect(classicTownWinProbability(3, 1, 'night')).toBe(0);
  });

  it('4 and 5 players, 1 Mafia', () => {
    expect(classicTownWinProbability(4, 1, 'day')).toBeCloseTo(1 / 4, 14);
    // Night first: 4 -> 3 alive, then the 3-player day.
    expect(classicTownWinProbability(4, 1, 'night')).toBeCloseTo(1 / 3, 14);
    // 1/5 now, else 4/5 * (kill: 3 alive) * 1/3.
    expect(classicTownWinProbability(5, 1, 'day')).toBeCloseTo(7 / 15, 14);
  });

  it.each([3, 4, 6, 7, 10, 15, 21, 30])('1 Mafia among %i: the product formula, day and night', (n) => {
    expect(classicTownWinProbability(n, 1, 'day')).toBeCloseTo(oneMafiaDayStart(n), 12);
    expect(classicTownWinProbability(n, 1, 'night')).toBeCloseTo(oneMafiaDayStart(n - 1), 12);
  });

  it('5 players, 2 Mafia: Town must lynch a Mafia on day 1 and day 2', () => {
    // Day 1: a Mafia with 2/5 -> (3,1), night -> (2,1), day: 1/3. A Town -> (2,2): lost.
    expect(classicTownWinProbability(5, 2, 'day')).toBeCloseTo((2 / 5) * (1 / 3), 14);
  });

  it('decided setups: no Mafia is a Town win, parity a Mafia win', () => {
    expect(classicTownWinProbability(4, 0, 'day')).toBe(1);
    expect(classicTownWinProbability(4, 2, 'night')).toBe(0);
    expect(() => classicTownWinProbability(3.5, 1, 'day')).toThrow(RangeError);
    expect(() => classicTownWinProbability(3, 4, 'day')).toThrow(RangeError);
  });

  it('tie probabilities: 2 voters always tie, 3 tie only on the 2 cycles of 8 profiles, 4 on 21 of 81', () => {
    expect(voteTieProbability(2)).toBe(1);
    expect(voteTieProbability(3)).toBeCloseTo(2 / 8, 15);
    // 9 derangements (1,1,1,1) plus 6 pairs x 2 ways for (2,2,0,0).
    expect(voteTieProbability(4)).toBeCloseTo(21 / 81, 15);
  });

  it.each([5, 6, 7])('tie probability of %i voters equals brute-force enumeration', (n) => {
    expect(voteTieProbability(n)).toBeCloseTo(bruteTieShare(n), 13);
  });

  it('vote.tie = none, 3 players, 1 Mafia: lynch only without a tie (3/4), then the Mafia with 1/3', () => {
    expect(classicTownWinProbability(3, 1, 'day', 'none')).toBeCloseTo(1 / 4, 14);
    // 4 players, night first: the 3-player day above.
    expect(classicTownWinProbability(4, 1, 'night', 'none')).toBeCloseTo(1 / 4, 14);
  });

  it('vote.tie = none, 4 players, 1 Mafia, day start: 1/4, the same as random ties', () => {
    // No tie (20/27): the Mafia is lynched with 1/4, else 2 against 1 after the night: lost.
    // A tie (7/27): the night leaves 3 players, a day worth 1/4 as above.
    expect(classicTownWinProbability(4, 1, 'day', 'none')).toBeCloseTo((20 / 27) * (1 / 4) + (7 / 27) * (1 / 4), 14);
  });
});

const GAMES = 20_000;

function simulatedTownWins(players: number, mafia: number, start: ClassicStart, tie: ClassicTie, seed: number): number {
  const rules = resolveRules('classic', { players, mafia, set: [`start=${start}`, `vote.tie=${tie}`] });
  const game = new Game(rules);
  const provider = new RandomProvider();
  const counts = [0, 0, 0, 0, 0];
  for (let k = 0; k < GAMES; k++) counts[game.play(seed, k, provider)]!++;
  expect(counts[Outcome.Town]! + counts[Outcome.Mafia]!).toBe(GAMES);
  return counts[Outcome.Town]!;
}

describe('the simulator agrees with the exact oracle (within 4 standard errors)', () => {
  const cases: Array<[number, number, ClassicStart, ClassicTie]> = [
    [5, 1, 'day', 'random'],
    [5, 1, 'night', 'random'],
    [8, 2, 'day', 'random'],
    [8, 2, 'night', 'random'],
    [12, 3, 'day', 'random'],
    [6, 1, 'day', 'none'],
    [6, 1, 'night', 'none'],
    [9, 2, 'day', 'none'],
    [9, 2, 'night', 'none'],
  ];
  it.each(cases)('classic %i players, %i Mafia, %s start, vote.tie=%s', (players, mafia, start, tie) => {
    const exact = classicTownWinProbability(players, mafia, start, tie);
    const town = simulatedTownWins(players, mafia, start, tie, 1000 + players * 10 + mafia);
    const sim = town / GAMES;
    const se = Math.sqrt((exact * (1 - exact)) / GAMES);
    expect(Math.abs(sim - exact)).toBeLessThanOrEqual(4 * se);
  });
});
