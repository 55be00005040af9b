// The double-oracle search (src/sim/balance/equilibrium.ts) against contest
// players whose scores are known exactly, so what is tested is the search:
// a game with a saddle point at the corners, a continuous rock-paper-scissors
// whose best replies cycle for ever (only the meta-game's mixture settles
// it, at value exactly 1/3), the budget, and an interruption that keeps the
// strategies found.

import { describe, expect, it } from 'vitest';
import { searchEquilibrium, type Contest, type ContestPlayer, type EquilibriumConfig } from '../../src/sim/balance/equilibrium.js';
import { RunInterrupted } from '../../src/sim/errors.js';
import { resolveRules } from '../../src/engine/rules.js';
import { findEquilibrium } from '../../src/sim/balance/equilibriumGames.js';
import { TUNE_DEFAULTS } from '../../src/sim/balance/tune.js';
// A plain ES module fixture (no types): the exact chance of the fixture game.
import { townWins } from '../fixtures/rps/hands.mjs';

const exactly = (score: (c: Contest) => number): ContestPlayer => async (contests) => ({
  games: 1000,
  score: (i) => score(contests[i]!),
  diff: (i, j) => ({ diff: score(contests[j]!) - score(contests[i]!), se: 1e-4 }),
});

const config = (over: Partial<EquilibriumConfig> = {}): EquilibriumConfig => ({
  town: [{ key: 't', min: 0, max: 1, start: 0 }],
  mafia: [{ key: 'f', min: 0, max: 1, start: 0 }],
  iterations: 20,
  epsilon: 0.002,
  budget: 1e9,
  search: { ...TUNE_DEFAULTS, iterations: 8, firstStep: 0.25, expand: true },
  ...over,
});

const rps = exactly((c) => townWins(c.town['t'], c.mafia['f']) as number);

describe('searchEquilibrium', () => {
  it('a saddle point at the corners: one strategy each, the corner value, stopped by epsilon', async () => {
    const r = await searchEquilibrium(config(), exactly((c) => 0.3 + 0.2 * c.town['t']! - 0.25 * c.mafia['f']!));
    expect(r.stoppedBy).toBe('epsilon');
    expect(r.solution.value).toBeCloseTo(0.25, 9);
    const heaviest = (team: 'town' | 'mafia') => r.strategies[team][r.solution[team].indexOf(Math.max(...r.solution[team]))]!;
    expect(heaviest('town')).toEqual({ t: 1 });
    expect(heaviest('mafia')).toEqual({ f: 1 });
  });

  it('rock, paper, scissors: best replies cycle, the mixture reaches the value 1/3 and neither side can gain', async () => {
    const r = await searchEquilibrium(config(), rps);
    expect(r.stoppedBy).toBe('epsilon');
    // The first replies gain a lot: alternating pure best replies would go round the circle for ever.
    expect(r.history[0]!.gain.town + r.history[0]!.gain.mafia).toBeGreaterThan(0.1);
    const value = (tw: number[], mw: number[]) => tw.reduce((s, a, i) => s + a * mw.reduce((q, b, j) => q + b * townWins(r.strategies.town[i]!['t'], r.strategies.mafia[j]!['f']), 0), 0);
    const v = value([...r.solution.town], [...r.solution.mafia]);
    expect(Math.abs(v - 1 / 3)).toBeLessThan(0.005);
    // No pure strategy does better against either mixture (checked on a fine grid).
    let bestTown = 0;
    let bestMafia = 1;
    for (let k = 0; k <= 200; k++) {
      const x = k / 200;
      bestTown = Math.max(bestTown, r.solution.mafia.reduce((q, b, j) => q + b * townWins(x, r.strategies.mafia[j]!['f']), 0));
      bestMafia = Math.min(bestMafia, r.solution.town.reduce((q, a, i) => q + a * townWins(r.strategies.town[i]!['t'], x), 0));
    }
    expect(bestTown - v).toBeLessThan(0.01);
    expect(v - bestMafia).toBeLessThan(0.01);
    expect(r.solution.town.filter((w) => w > 0.05).length).toBeGreaterThanOrEqual(2);
  });

  it('stops when the budget is spent, before an iteration that would pass it', async () => {
    const r = await searchEquilibrium(config({ budget: 60_000 }), rps);
    expect(r.stoppedBy).toBe('budget');
    const last = r.history.at(-1)!;
    expect(r.games).toBeGreaterThan(0);
    expect(r.iterations).toBeLessThan(20);
    expect(last.games).toBeLessThanOrEqual(r.games);
  });

  it('interrupted: what was found is kept and solved', async () => {
    let calls = 0;
    const stopping: ContestPlayer = async (contests) => {
      if (++calls > 12) throw new RunInterrupted('the test');
      return rps(contests);
    };
    const r = await searchEquilibrium(config(), stopping);
    expect(r.stoppedBy).toBe('interrupted');
    expect(r.strategies.town.length).toBeGreaterThanOrEqual(1);
    expect(r.solution.town.length).toBe(r.strategies.town.length);
    expect(r.matrix.length).toBe(r.strategies.town.length);
  });
});

describe('findEquilibrium: a saved mixture as the start', () => {
  it('holds its counts whole and its values in range, as the search holds a point', async () => {
    // An aborted search keeps its starting strategies: what the saved mixture became is what it prints.
    const stop = new AbortController();
    stop.abort();
    const r = await findEquilibrium({
      rules: resolveRules('classic'),
      agents: 'club,mafia@1[mafia.fakeClaimDay=2.6;mafia.fakeClaim=0.3]',
      seed: 1,
      games: 100,
      testGames: 100,
      iterations: 1,
      epsilon: 0.01,
      budget: 1e5,
      searchRounds: 1,
      exploitSearches: 1,
      threads: 1,
      signal: stop.signal,
      params: {
        town: [{ key: 'vote.byLot', min: 0, max: 1, whole: false }],
        mafia: [
          { key: 'mafia.fakeClaimDay', min: 1, max: 6, whole: true },
          // A search may walk a narrower range than the profile allows (a count is capped at the table size).
          { key: 'mafia.fakeClaim', min: 0.5, max: 1, whole: false },
        ],
      },
    });
    expect(r.stoppedBy).toBe('interrupted');
    expect(r.strategies.mafia.map((s) => s.point)).toEqual([{ 'mafia.fakeClaimDay': 3, 'mafia.fakeClaim': 0.5 }]);
    expect(r.agents, r.agents).toMatch(/mafia@1\[(mafia.fakeClaimDay=3;mafia.fakeClaim=0.5|mafia.fakeClaim=0.5;mafia.fakeClaimDay=3)\]/);
  });
});
