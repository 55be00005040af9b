// The statistics every report prints: Wilson score intervals for a rate,
// paired differences of two variants played on the same seeds, and Holm's
// correction when many differences are tested at once. Pure functions.

import { Z95, wilson as wilsonInterval } from '../sim/precision.js';

export { Z95 };

export interface RateInterval {
  readonly count: number;
  readonly n: number;
  readonly rate: number;
  readonly lo: number;
  readonly hi: number;
}

/**
 * Wilson score interval (no continuity correction): unlike the textbook
 * p ± z·se it stays inside [0, 1] and keeps its coverage near 0 and 1, where
 * Mafia win rates often sit.
 */
export function wilson(count: number, n: number, z = Z95): RateInterval {
  const w = wilsonInterval(count, n, z);
  return w ? { count, n, rate: w.rate, lo: w.low, hi: w.high } : { count, n, rate: NaN, lo: 0, hi: 1 };
}

export interface PairedDifference {
  /** Rate under A minus rate under B. */
  readonly diff: number;
  readonly lo: number;
  readonly hi: number;
  readonly se: number;
  /** Games where the event happened under A and not under B, and the reverse. */
  readonly onlyA: number;
  readonly onlyB: number;
  /** Two-sided p-value of the same Wald statistic the interval uses. */
  readonly p: number;
}

/**
 * Difference of two paired rates from the discordant counts: game k gives
 * D_k = [event under A] − [event under B], so the mean is (b − c)/n and the
 * variance (b + c)/n − mean² (Agresti, Categorical Data Analysis, 10.1.1).
 * The p-value is that of the interval, so "interval excludes 0" and
 * "p < 0.05" always agree.
 */
export function pairedDifference(onlyA: number, onlyB: number, n: number, z = Z95): PairedDifference {
  if (n <= 0) return { diff: 0, lo: 0, hi: 0, se: 0, onlyA, onlyB, p: 1 };
  const diff = (onlyA - onlyB) / n;
  const variance = Math.max(0, (onlyA + onlyB) / n - diff * diff);
  const se = Math.sqrt(variance / n);
  const p = se > 0 ? 2 * normalUpperTail(Math.abs(diff) / se) : diff === 0 ? 1 : 0;
  return { diff, lo: diff - z * se, hi: diff + z * se, se, onlyA, onlyB, p };
}

/**
 * From a joint outcome table (counts by outcomeA * k + outcomeB) the games
 * where `outcome` happened only under A, and only under B.
 */
export function discordant(joint: ArrayLike<number>, outcome: number, k: number): { onlyA: number; onlyB: number } {
  let onlyA = 0;
  let onlyB = 0;
  for (let other = 0; other < k; other++) {
    if (other === outcome) continue;
    onlyA += joint[outcome * k + other]!;
    onlyB += joint[other * k + outcome]!;
  }
  return { onlyA, onlyB };
}

/**
 * Holm's step-down adjustment: the family-wise error stays at alpha however
 * many comparisons a study makes, and it is never less powerful than
 * Bonferroni. Returns adjusted p-values in the input order.
 */
export function holm(pValues: readonly number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p || a.i - b.i);
  const adjusted = new Array<number>(m);
  let running = 0;
  order.forEach(({ p, i }, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    adjusted[i] = running;
  });
  return adjusted;
}

/** P(Z > x) for a standard normal Z. */
export function normalUpperTail(x: number): number {
  return 0.5 * erfc(x / Math.SQRT2);
}

/**
 * Complementary error function (Numerical Recipes' Chebyshev fit, relative
 * error below 1.2e-7 everywhere), enough for p-values printed to 3 digits.
 */
export function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/** The standard normal quantile: x with P(Z < x) = p, by bisection on the tail (exact enough for stated powers). */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new Error(`normalQuantile: p must be in (0, 1), got ${p}`);
  let lo = -40;
  let hi = 40;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (1 - normalUpperTail(mid) < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}
