// A voter's own taste of the day (and whether he votes at all): what today's talk made him think of each
// seat beyond the evidence he weighs (a manner, a slip, a hunch), the same
// for him all day (his accusation, his vote and a revote agree) and new the
// next day. It is what spreads a human table's first votes over several
// candidates before the facts pull them together (docs/design-notes.md,
// "Votes shaped like a table's"). Drawn from the seat's own stream: one
// draw a day, then a hash of (that draw, seat) into a table of standard
// Gumbel quantiles, so a taste costs a few integer operations, not a log
// (a full mix: one multiply leaves neighbouring seats a fixed stride apart
// in the table, and the best of a day's tastes too high).

import type { Decision } from '../engine/agent.js';
import type { Rng } from '../engine/rng.js';
import { bestScored, type Mind } from './mind.js';

const TABLE_BITS = 10;
const TABLE_SIZE = 1 << TABLE_BITS;

/** Standard Gumbel quantiles at the midpoints (i + 0.5) / 1024: with Gumbel tastes the choice is a logit of the scores. */
const GUMBEL: Float64Array = (() => {
  const g = new Float64Array(TABLE_SIZE);
  for (let i = 0; i < TABLE_SIZE; i++) g[i] = -Math.log(-Math.log((i + 0.5) / TABLE_SIZE));
  return g;
})();

export class DayTaste {
  /**
   * No taste is higher (the table's last quantile): a seat whose score plus
   * this still falls short of the best so far can neither win nor tie, so
   * a scan skips working out its taste (a hash, no draw: nothing changes).
   */
  readonly ceiling: number = GUMBEL[TABLE_SIZE - 1]!;
  private day = -1;
  private key = 0;

  /** A new game: the first taste asked for draws the day's key. */
  reset(): void {
    this.day = -1;
  }

  /** Makes `day` the day of the tastes `at` gives; the first call of a day takes one draw of `rng`. */
  forDay(day: number, rng: Rng): void {
    if (day === this.day) return;
    this.day = day;
    this.key = (rng.next() * 0x100000000) >>> 0;
  }

  /** His taste for seat s on the day set by `forDay`: a standard Gumbel draw, fixed for the day. */
  at(s: number): number {
    let h = Math.imul(this.key ^ Math.imul(s + 1, 0x9e3779b9), 0x85ebca6b);
    h ^= h >>> 15;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 13;
    return GUMBEL[h >>> (32 - TABLE_BITS)]!;
  }
}

/**
 * The option with the highest score plus the player's taste of the day
 * (times `scale`), leaving `m.scores` as they were (mind.ts, bestScored: no
 * taste on a seat held by a hard fact or scored NEVER; ties from his own
 * stream). The day's first call takes the day's draw of his stream.
 */
export function tastiestOption(m: Mind, d: Decision, scale: number): number {
  m.taste.forDay(m.view.day, m.rng);
  return bestScored(m, d, 0, scale);
}

/**
 * Whether he casts no vote this time, where the rules let a player abstain
 * (`vote.mayAbstain`, without a vote for nobody): with chance `vote.abstain`,
 * whatever he thinks, as the strangers' table of the records does (13% of
 * the living, on every day alike, Town and Mafia alike).
 */
export function abstains(m: Mind, d: Decision): boolean {
  if (!d.mayPass || m.view.options['vote.noLynch']) return false;
  const chance = m.p['vote.abstain']!;
  return chance > 0 && m.rng.next() < chance;
}
