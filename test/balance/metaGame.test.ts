// The meta-game solver (src/sim/balance/metaGame.ts): exact minimax mixtures
// of a matrix of Town's scores, held to games whose equilibria are known by
// hand and, for random matrices, to the definition: Town's mixture
// guarantees the value against every Mafia strategy, and the Mafia's holds
// Town to it against every Town strategy.

import { describe, expect, it } from 'vitest';
import { solveMetaGame } from '../../src/sim/balance/metaGame.js';
import { Sfc32 } from '../../src/engine/rng.js';

const close = (a: number, b: number, tol = 1e-9) => expect(Math.abs(a - b), `${a} vs ${b}`).toBeLessThan(tol);

describe('solveMetaGame', () => {
  it('rock, paper, scissors: the uniform mixture, value 1/2', () => {
    const s = solveMetaGame([
      [0.5, 0, 1],
      [1, 0.5, 0],
      [0, 1, 0.5],
    ]);
    close(s.value, 0.5);
    for (const w of [...s.town, ...s.mafia]) close(w, 1 / 3);
  });

  it('a 2x2 game without a saddle point: the mixtures of the indifference equations', () => {
    // Town: 0.6x + 0.3(1-x) = 0.2x + 0.7(1-x) -> x = 1/2, v = 0.45; Mafia: 0.6y + 0.2(1-y) = 0.3y + 0.7(1-y) -> y = 5/8.
    const s = solveMetaGame([
      [0.6, 0.2],
      [0.3, 0.7],
    ]);
    close(s.value, 0.45);
    close(s.town[0]!, 0.5);
    close(s.mafia[0]!, 0.625);
  });

  it('a saddle point: pure strategies (a dominated row and column get no weight)', () => {
    const s = solveMetaGame([
      [0.6, 0.2],
      [0.3, 0.1],
    ]);
    close(s.value, 0.2);
    expect(s.town).toEqual([1, 0]);
    expect(s.mafia).toEqual([0, 1]);
  });

  it('random matrices: each mixture guarantees the value, and the two values agree', () => {
    const rng = new Sfc32(7, 0, 0);
    for (let trial = 0; trial < 40; trial++) {
      const rows = 1 + rng.int(6);
      const cols = 1 + rng.int(6);
      const a = Array.from({ length: rows }, () => Array.from({ length: cols }, () => rng.next()));
      const s = solveMetaGame(a);
      close(s.town.reduce((x, y) => x + y, 0), 1);
      close(s.mafia.reduce((x, y) => x + y, 0), 1);
      for (let j = 0; j < cols; j++) expect(s.town.reduce((t, w, i) => t + w * a[i]![j]!, 0)).toBeGreaterThanOrEqual(s.value - 1e-9);
      for (let i = 0; i < rows; i++) expect(s.mafia.reduce((t, w, j) => t + w * a[i]![j]!, 0)).toBeLessThanOrEqual(s.value + 1e-9);
    }
  });

  it('refuses an empty or ragged matrix', () => {
    expect(() => solveMetaGame([])).toThrow(/non-empty rectangular/);
    expect(() => solveMetaGame([[0.1, 0.2], [0.3]])).toThrow(/non-empty rectangular/);
  });
});
