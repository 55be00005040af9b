// The hand-written classic game (bench/classicSketch.ts) that cost.js and
// instructions.js measure as the floor under the engine: it must play the
// engine's very games, or its cost says nothing about the engine's. Game by
// game, outcome and ending day, at several table sizes and a day cap.

import { describe, expect, it } from 'vitest';
import { ClassicSketch } from '../../bench/classicSketch.js';
import { RandomProvider } from '../../src/agents/random.js';
import { Outcome } from '../../src/engine/events.js';
import { Game } from '../../src/engine/game.js';
import { resolveRules } from '../../src/engine/rules.js';

/** Games (of seed 5) where the sketch and the engine end differently, by outcome or by day; and the engine's timeouts. */
function disagreements(players: number, mafia: number, games: number, maxDays?: number): { differ: number; timeouts: number } {
  const set = maxDays === undefined ? [] : [`limits.maxDays=${maxDays}`];
  const rules = resolveRules('classic', { players, mafia, set });
  const game = new Game(rules);
  const provider = new RandomProvider();
  const sketch = new ClassicSketch(players, mafia, rules.options['limits.maxDays']);
  let differ = 0;
  let timeouts = 0;
  for (let k = 0; k < games; k++) {
    const engine = game.play(5, k, provider);
    if (engine === Outcome.Timeout) timeouts++;
    if (sketch.play(5, k) !== engine || sketch.day !== game.table.day) differ++;
  }
  return { differ, timeouts };
}

describe('the classic sketch plays the engine’s games', () => {
  it.each([
    [12, 3],
    [7, 2],
    [20, 5],
    [4, 1],
  ])('%i players, %i Mafia: every game ends alike', (players, mafia) => {
    expect(disagreements(players, mafia, 3_000).differ).toBe(0);
  });

  it('a day cap ends both as a timeout on the same day', () => {
    const { differ, timeouts } = disagreements(12, 3, 2_000, 2);
    expect(timeouts).toBeGreaterThan(1_000);
    expect(differ).toBe(0);
  });
});
