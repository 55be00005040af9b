// Interval arithmetic the sim needs to decide when to stop: Wilson 95%
// intervals for a count out of n, and the "every outcome is this precise"
// rule behind `--precision`.

import { OUTCOME_NAMES } from '../engine/events.js';
import type { Aggregate } from './aggregate.js';

export const Z95 = 1.959963984540054;

export interface Interval {
  readonly rate: number;
  readonly low: number;
  readonly high: number;
  readonly halfWidth: number;
}

/** Wilson score interval for `count` successes in `n` trials; null when n is 0. */
export function wilson(count: number, n: number, z = Z95): Interval | null {
  if (n <= 0) return null;
  const p = count / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const halfWidth = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  // Exact ends at 0 and n, so a rate that never happened reads as [0, high].
  const low = count <= 0 ? 0 : Math.max(0, centre - halfWidth);
  const high = count >= n ? 1 : Math.min(1, centre + halfWidth);
  return { rate: p, low, high, halfWidth };
}

/** The widest outcome interval's half-width (Infinity with no games). */
export function maxHalfWidth(agg: Aggregate): number {
  let worst = 0;
  for (const o of OUTCOME_NAMES) {
    const w = wilson(agg.count(o), agg.games);
    if (!w) return Infinity;
    worst = Math.max(worst, w.halfWidth);
  }
  return worst;
}

/** True when every outcome of every aggregate has a 95% half-width of at most `target`. */
export function precisionReached(aggregates: readonly Aggregate[], target: number): boolean {
  return aggregates.every((a) => maxHalfWidth(a) <= target);
}
