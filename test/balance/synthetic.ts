// Synthetic win sources for the sequential procedures: candidate c wins game
// k when U_k < rate[c], U_k uniform from (seed, k). Every candidate sees the
// same U_k, as real candidates see the same game seeds, so the sources are
// as correlated as common random numbers make real ones; each candidate's
// own wins are exactly Bernoulli(rate).

import { Sfc32 } from '../../src/engine/rng.js';
import type { WinSource } from '../../src/sim/balance/race.js';
import type { RateSource } from '../../src/sim/balance/sprt.js';

export function bernoulliSource(rates: readonly number[], seed: number): WinSource & { calls: Array<{ candidates: number[]; from: number; to: number }> } {
  const rng = new Sfc32();
  const calls: Array<{ candidates: number[]; from: number; to: number }> = [];
  return {
    calls,
    play(candidates, from, to) {
      calls.push({ candidates: [...candidates], from, to });
      const wins = candidates.map(() => 0);
      for (let k = from; k < to; k++) {
        const u = rng.reseed(seed, k, 0).next();
        candidates.forEach((c, i) => {
          if (u < rates[c]!) wins[i]!++;
        });
      }
      return wins;
    },
  };
}

export function bernoulliRate(rate: number, seed: number): RateSource {
  const src = bernoulliSource([rate], seed);
  return (from, to) => src.play([0], from, to)[0]!;
}
