// A mixture of strategies (issue 20): each team plays one of its strategies
// per game, drawn with the mixture's weights. The draw of game k comes from
// a stream of its own, (seed, k, MIXTURE_STREAM), one number for Town and
// then one for the Mafia, whatever either team mixes: so game k's pair
// depends only on (agents, seed, k), every variant that mixes a team alike
// draws its strategy alike (common random numbers), and no other stream of
// the game moves.

import { MIXTURE_STREAM, Sfc32 } from '../engine/rng.js';

/** Index of the strategy a uniform u in [0, 1) picks from weights that add up to 1 (the last takes any rounding left over). */
export function pickWeighted(weights: readonly number[], u: number): number {
  const total = weights.reduce((s, w) => s + w, 0);
  let acc = 0;
  for (let i = 0; i < weights.length - 1; i++) {
    acc += weights[i]! / total;
    if (u < acc) return i;
  }
  return weights.length - 1;
}

/** The per-game draw of a pair of strategies: Town's index times the Mafia's count plus the Mafia's. */
export class MixtureDraw {
  private readonly rng = new Sfc32();

  constructor(
    private readonly town: readonly number[],
    private readonly mafia: readonly number[],
  ) {}

  pair(seed: number, game: number): number {
    this.rng.reseed(seed, game, MIXTURE_STREAM);
    const t = pickWeighted(this.town, this.rng.next());
    const m = pickWeighted(this.mafia, this.rng.next());
    return t * this.mafia.length + m;
  }
}
