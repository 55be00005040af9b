// "How sure": the approximate chance that the recommended candidate really
// is the nearest to the target, for races that end undecided. Each rate is
// taken as normal around its estimate, independently (common seeds make
// same-side comparisons surer than this says); no multiplicity correction.
// The race's own decision uses exact simultaneous bounds instead.

import { erfc } from '../stats.js';

const STEPS = 4000;

function normalCdf(z: number): number {
  return 0.5 * erfc(-z / Math.SQRT2);
}

function normalPdf(z: number): number {
  return Math.exp(-0.5 * z * z) / Math.sqrt(2 * Math.PI);
}

/** Mean and standard error of |rate - target|'s underlying rate, kept off zero with one pseudo-win and one pseudo-loss. */
function moments(wins: number, games: number, target: number): { mu: number; sigma: number } {
  const p = (wins + 1) / (games + 2);
  return { mu: wins / Math.max(1, games) - target, sigma: Math.sqrt((p * (1 - p)) / Math.max(1, games)) };
}

/**
 * P(|X_best| < |X_j| for every other j), X_i ~ N(rate_i - target, se_i^2)
 * independent: the integral over y of the density of |X_best| at y times
 * the chance that every other |X_j| exceeds y (trapezoid rule over the
 * span where |X_best| has its mass: |mean| ± 8 standard errors).
 */
export function probabilityNearest(counts: ReadonlyArray<{ wins: number; games: number }>, best: number, target: number): number {
  if (counts.length <= 1) return 1;
  const m = counts.map((c) => moments(c.wins, c.games, target));
  const b = m[best]!;
  const from = Math.max(0, Math.abs(b.mu) - 8 * b.sigma);
  const to = Math.abs(b.mu) + 8 * b.sigma;
  const h = (to - from) / STEPS;
  let total = 0;
  for (let i = 0; i <= STEPS; i++) {
    const y = from + i * h;
    const density = (normalPdf((y - b.mu) / b.sigma) + normalPdf((-y - b.mu) / b.sigma)) / b.sigma;
    let others = 1;
    for (let j = 0; j < m.length && others > 0; j++) {
      if (j === best) continue;
      const x = m[j]!;
      others *= 1 - (normalCdf((y - x.mu) / x.sigma) - normalCdf((-y - x.mu) / x.sigma));
    }
    total += (i === 0 || i === STEPS ? 0.5 : 1) * density * others;
  }
  return Math.min(1, Math.max(0, total * h));
}
