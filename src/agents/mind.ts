// What a policy works with: the player's view, beliefs, parameters, his own
// random stream and a scratch score array, plus the small choice helpers
// every policy shares (best score with a little random taste).

import { NONE, type Decision, type PlayerView } from '../engine/agent.js';
import type { Rng } from '../engine/rng.js';
import type { Beliefs } from './beliefs.js';
import type { Params } from './params.js';
import type { HiddenPush } from './cover.js';
import type { DayTaste } from './taste.js';

export interface Mind {
  readonly view: PlayerView;
  readonly b: Beliefs;
  readonly p: Params;
  readonly rng: Rng;
  /** Scratch scores by seat, valid during one decision. */
  readonly scores: Float64Array;
  /** The targets this player named for tonight's earlier mafia shots, by shot (`mafia.shots`). */
  readonly shotsNamed: Int16Array;
  /** His own taste of the day about each seat (votes). */
  readonly taste: DayTaste;
  /** A hidden Commissar's daily choice whether to push his Black (cover.ts). */
  readonly cover: HiddenPush;
}

/** Marks a seat that must not be picked when others are available. */
export const NEVER = -1e9;

/**
 * The option with the highest `scores[seat] + noise * U(0,1)`. Options scored
 * NEVER are taken only if nothing else is legal.
 */
export function bestOption(m: Mind, d: Decision, noise: number): number {
  const opts = d.options;
  let best = NONE;
  let bestScore = -Infinity;
  for (let i = 0; i < opts.length; i++) {
    const s = opts[i]!;
    const base = m.scores[s]!;
    const score = base <= NEVER ? base : base + (noise > 0 ? noise * m.rng.next() : 0);
    if (score > bestScore) {
      bestScore = score;
      best = s;
    }
  }
  return best;
}

/** Whether seat s is among the decision's options. */
export function isOption(d: Decision, s: number): boolean {
  const opts = d.options;
  for (let i = 0; i < opts.length; i++) if (opts[i] === s) return true;
  return false;
}
