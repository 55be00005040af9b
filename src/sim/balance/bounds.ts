// Confidence bounds for a win rate that stay valid however the games were
// allocated: Chernoff bounds in their Kullback-Leibler form, exact for any
// n (no normal approximation), so a union bound over every look and every
// candidate gives a guarantee, not an approximation. Pure functions.

/** Kullback-Leibler divergence between Bernoulli(q) and Bernoulli(p). */
export function bernoulliKL(q: number, p: number): number {
  return xlogxy(q, p) + xlogxy(1 - q, 1 - p);
}

function xlogxy(x: number, y: number): number {
  if (x <= 0) return 0;
  if (y <= 0) return Infinity;
  return x * Math.log(x / y);
}

export interface Bounds {
  readonly lo: number;
  readonly hi: number;
}

/**
 * The Chernoff-KL interval: P(p < lo) <= delta and P(p > hi) <= delta for
 * every true rate p (Chernoff: P(p̂ >= q) <= exp(-n kl(q, p)) for q > p).
 */
export function klBounds(wins: number, n: number, delta: number): Bounds {
  if (n <= 0) return { lo: 0, hi: 1 };
  const q = wins / n;
  const level = Math.log(1 / delta) / n;
  return { lo: q <= 0 ? 0 : solveKL(q, level, 0, q), hi: q >= 1 ? 1 : solveKL(q, level, 1, q) };
}

/** The p between `inner` (=q) and `outer` where kl(q, p) reaches the level, by bisection; rounded outwards. */
function solveKL(q: number, level: number, outer: number, inner: number): number {
  if (bernoulliKL(q, outer) <= level) return outer;
  let a = inner;
  let b = outer;
  for (let i = 0; i < 64; i++) {
    const mid = (a + b) / 2;
    if (bernoulliKL(q, mid) <= level) a = mid;
    else b = mid;
  }
  return b;
}

/** Bounds on |p - target| from bounds on p. */
export function distanceBounds(b: Bounds, target: number): Bounds {
  const dl = Math.abs(b.lo - target);
  const dh = Math.abs(b.hi - target);
  if (b.lo <= target && target <= b.hi) return { lo: 0, hi: Math.max(dl, dh) };
  return { lo: Math.min(dl, dh), hi: Math.max(dl, dh) };
}
