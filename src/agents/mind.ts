// What a policy works with: the player's view, beliefs, parameters, his own
// random stream and a scratch score array, plus the small choice helpers
// every policy shares (best score with a little random taste).

import { NONE, UNKNOWN, type Decision, type PlayerView } from '../engine/agent.js';
import type { Rng } from '../engine/rng.js';
import type { Beliefs } from './beliefs.js';
import type { ClanTalk } from './clan.js';
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
  /** The clan's night talk (clan.ts): read and written only while he plays for the Mafia. */
  readonly clan: ClanTalk;
  /** His own taste of the day about each seat (votes). */
  readonly taste: DayTaste;
  /** A hidden Commissar's daily choice whether to push his Black (cover.ts). */
  readonly cover: HiddenPush;
  /** What his checks for a role found (the Don's for the Sheriff), by seat: 1 holds it, -1 does not, 0 not checked (check.ts). */
  readonly roleFound: Int8Array;
}

/** Marks a seat that must not be picked when others are available. */
export const NEVER = -1e9;

/**
 * The option with the highest `scores[seat] + noise * U(0,1)`, leaving
 * `m.scores` as they were. Options scored NEVER are taken only if nothing
 * else is legal, and get no noise. Equal scores (no noise, or several
 * NEVER) are broken by the player's own stream, never by seat order.
 */
export function bestOption(m: Mind, d: Decision, noise: number): number {
  return bestScored(m, d, noise, 0);
}

/**
 * The option with the highest score plus `noise * U(0,1)` plus `scale`
 * times his taste of the day (taste.ts, its day set by the caller), leaving
 * `m.scores` as they were. Neither is added to a seat scored NEVER,
 * and no taste to one he holds a hard fact on (a fact is not a hunch). Equal
 * scores are broken by the player's own stream, never by seat order.
 */
export function bestScored(m: Mind, d: Decision, noise: number, scale: number): number {
  // V8 reads every field again at each turn of a loop: what the scan needs is held in locals.
  const opts = d.options;
  const scores = m.scores;
  const known = m.view.known;
  const rng = m.rng;
  const taste = m.taste;
  const noisy = noise > 0;
  const tasty = scale > 0;
  // A seat that cannot reach the best even with the highest taste is passed by (DayTaste.ceiling).
  const reach = scale * taste.ceiling;
  let best = NONE;
  let bestScore = -Infinity;
  let ties = 1;
  for (let i = 0; i < opts.length; i++) {
    const s = opts[i]!;
    let score = scores[s]!;
    if (score > NEVER) {
      if (noisy) score += noise * rng.next();
      if (tasty && known[s] === UNKNOWN) {
        if (score + reach < bestScore) continue;
        score += scale * taste.at(s);
      }
    }
    if (score > bestScore) {
      bestScore = score;
      best = s;
      ties = 1;
    } else if (score === bestScore && takesTie(m, ++ties)) best = s;
  }
  return best;
}

/** In a scan for the best, the `ties`-th seat found equal to the best replaces it with chance 1/ties: each is then as likely. */
export function takesTie(m: Mind, ties: number): boolean {
  return m.rng.next() * ties < 1;
}

/** Whether seat s is among the decision's options. */
export function isOption(d: Decision, s: number): boolean {
  const opts = d.options;
  for (let i = 0; i < opts.length; i++) if (opts[i] === s) return true;
  return false;
}
