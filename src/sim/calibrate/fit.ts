// The fit behind `calibrate`: a bounded compass search (tune's neighbours and
// rounding) that minimises the sum of z² between simulated and recorded
// moments, then the parameters' standard errors from the numerical Jacobian
// G of the moments: Var(θ) ≈ (1 + 1/S)(G'WG)⁻¹, W the inverse records-moment
// variances, S the simulated games per recorded game. Every point is played
// on the same games (common random numbers), so the objective is a
// deterministic function of the point and the search is deterministic too:
// the evaluations depend only on the inputs and the evaluator's answers.

import type { StatisticsJSON } from '../records/stats.js';
import { clampParam, neighbours, roundParam, type Point, type TuneParam } from '../balance/tune.js';
import { momentRows, momentValue, momentVector, objective, type MomentRow } from './moments.js';

/** Plays every point on the same games and returns each point's statistics. */
export type StatisticsEvaluator = (points: readonly Point[], phase: string) => Promise<readonly StatisticsJSON[]>;

export interface FitConfig {
  readonly params: readonly TuneParam[];
  readonly moments: readonly string[];
  readonly records: StatisticsJSON;
  /** Simulated games per point, and recorded games: S = simGames / recordGames. */
  readonly simGames: number;
  /** Search rounds at most. */
  readonly iterations: number;
  /** First step as a share of each range; the search stops once every step is below `minStep` of its range. */
  readonly firstStep: number;
  readonly minStep: number;
  /** Half-width of the Jacobian's central differences, as a share of each range. */
  readonly jacobianStep: number;
}

export const FIT_DEFAULTS = { iterations: 40, firstStep: 0.125, minStep: 0.0025, jacobianStep: 0.05 } as const;

export interface FitRound {
  readonly centre: Point;
  readonly objective: number;
  readonly steps: Point;
  /** The neighbour taken and its objective, or null when the steps shrank. */
  readonly moved: { readonly to: Point; readonly objective: number } | null;
}

export interface ParamEstimate {
  readonly key: string;
  readonly min: number;
  readonly max: number;
  readonly start: number;
  readonly value: number;
  /** Standard error; null when the moments do not pin the parameter down (G'WG singular). */
  readonly se: number | null;
}

export interface FitResult {
  readonly params: readonly ParamEstimate[];
  readonly best: Point;
  readonly rows: readonly MomentRow[];
  readonly sim: StatisticsJSON;
  readonly objective: number;
  readonly startObjective: number;
  readonly rounds: readonly FitRound[];
  /** Distinct points played (each on the same games), search and Jacobian together. */
  readonly evaluations: number;
  readonly stoppedBy: 'step' | 'iterations';
  /** ∂moment/∂parameter at the fit, rows in `moments` order. */
  readonly jacobian: readonly (readonly number[])[];
}

const key = (p: Point): string => JSON.stringify(p);

/** Points already played, so a revisited point (the last centre after a move) costs nothing. */
class PointCache {
  private readonly seen = new Map<string, StatisticsJSON>();
  constructor(private readonly evaluate: StatisticsEvaluator) {}

  get size(): number {
    return this.seen.size;
  }

  async all(points: readonly Point[], phase: string): Promise<StatisticsJSON[]> {
    const fresh: Point[] = [];
    for (const p of points) if (!this.seen.has(key(p)) && !fresh.some((q) => key(q) === key(p))) fresh.push(p);
    if (fresh.length > 0) {
      const got = await this.evaluate(fresh, phase);
      fresh.forEach((p, i) => this.seen.set(key(p), got[i]!));
    }
    return points.map((p) => this.seen.get(key(p))!);
  }
}

export async function fitMoments(c: FitConfig, evaluate: StatisticsEvaluator): Promise<FitResult> {
  if (c.params.length === 0) throw new Error('fitMoments: no parameters');
  const cache = new PointCache(evaluate);
  const score = (s: StatisticsJSON): number => objective(momentRows(c.moments, c.records, s));
  const start: Point = Object.fromEntries(c.params.map((p) => [p.key, clampParam(p, p.start)]));
  let centre = start;
  let [centreStats] = await cache.all([centre], 'the starting point');
  let centreScore = score(centreStats!);
  const startObjective = centreScore;
  let steps: Point = Object.fromEntries(c.params.map((p) => [p.key, roundParam((p.max - p.min) * c.firstStep)]));
  const rounds: FitRound[] = [];
  let stoppedBy: FitResult['stoppedBy'] = 'iterations';
  for (let round = 1; round <= c.iterations; round++) {
    if (c.params.every((p) => steps[p.key]! < (p.max - p.min) * c.minStep)) {
      stoppedBy = 'step';
      break;
    }
    const candidates = neighbours(c.params, centre, steps);
    const stats = await cache.all(candidates, `search round ${round} (${candidates.length} points)`);
    let pick = -1;
    let pickScore = centreScore;
    // Strictly lower only, ties to the first: the same answers always give the same path.
    stats.forEach((s, i) => {
      const f = score(s);
      if (f < pickScore) [pick, pickScore] = [i, f];
    });
    if (pick >= 0) {
      rounds.push({ centre, objective: centreScore, steps, moved: { to: candidates[pick]!, objective: pickScore } });
      [centre, centreStats, centreScore] = [candidates[pick]!, stats[pick]!, pickScore];
    } else {
      rounds.push({ centre, objective: centreScore, steps, moved: null });
      steps = Object.fromEntries(c.params.map((p) => [p.key, roundParam(steps[p.key]! / 2)]));
    }
  }
  const jacobian = await momentJacobian(c, centre, cache);
  const ses = standardErrors(c, jacobian);
  return {
    params: c.params.map((p, i) => ({ key: p.key, min: p.min, max: p.max, start: start[p.key]!, value: centre[p.key]!, se: ses[i]! })),
    best: centre,
    rows: momentRows(c.moments, c.records, centreStats!),
    sim: centreStats!,
    objective: centreScore,
    startObjective,
    rounds,
    evaluations: cache.size,
    stoppedBy,
    jacobian,
  };
}

/** Central differences on the same games, one-sided where a bound is in the way. */
async function momentJacobian(c: FitConfig, at: Point, cache: PointCache): Promise<number[][]> {
  const pairs = c.params.map((p) => {
    const h = (p.max - p.min) * c.jacobianStep;
    const hi = { ...at, [p.key]: clampParam(p, at[p.key]! + h) };
    const lo = { ...at, [p.key]: clampParam(p, at[p.key]! - h) };
    return { hi, lo, width: hi[p.key]! - lo[p.key]! };
  });
  const stats = await cache.all(pairs.flatMap((q) => [q.hi, q.lo]), `the Jacobian (${2 * pairs.length} points)`);
  const columns = pairs.map((q, i) => {
    const up = momentVector(c.moments, stats[2 * i]!);
    const down = momentVector(c.moments, stats[2 * i + 1]!);
    return up.map((u, j) => (q.width > 0 ? (u - down[j]!) / q.width : 0));
  });
  return c.moments.map((_, j) => columns.map((col) => col[j]!));
}

/** √diag((1 + 1/S)(G'WG)⁻¹), W = diag(1 / records variance); null for a parameter the moments do not identify. */
function standardErrors(c: FitConfig, g: readonly (readonly number[])[]): (number | null)[] {
  const p = c.params.length;
  const w = c.moments.map((name) => {
    const v = momentValue(name, c.records.statistics[name]!).variance;
    return v > 0 && Number.isFinite(v) ? 1 / v : 0;
  });
  const info: number[][] = Array.from({ length: p }, (_, a) => Array.from({ length: p }, (_, b) => g.reduce((sum, row, j) => sum + row[a]! * w[j]! * row[b]!, 0)));
  // A parameter no moment moves (a zero column of G) is not identified; the others still are, from the rest of the matrix.
  const top = Math.max(...info.map((row, i) => row[i]!));
  const kept = info.map((_, i) => i).filter((i) => info[i]![i]! > top * 1e-12);
  const inv = kept.length > 0 ? invertSymmetric(kept.map((a) => kept.map((b) => info[a]![b]!))) : null;
  const scale = 1 + c.records.games / c.simGames;
  return c.params.map((_, i) => {
    const at = kept.indexOf(i);
    const v = at >= 0 ? inv?.[at]![at] : undefined;
    return v !== undefined && v > 0 && Number.isFinite(v) ? Math.sqrt(scale * v) : null;
  });
}

/** Gauss-Jordan with partial pivoting; null when the matrix is singular (relative to its largest entry). */
export function invertSymmetric(m: readonly (readonly number[])[]): number[][] | null {
  const n = m.length;
  const a = m.map((row, i) => [...row, ...Array.from({ length: n }, (_, j) => (i === j ? 1 : 0))]);
  const scale = Math.max(...m.flat().map(Math.abs));
  if (!(scale > 0)) return null;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r]![col]!) > Math.abs(a[pivot]![col]!)) pivot = r;
    if (Math.abs(a[pivot]![col]!) <= scale * 1e-12) return null;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    const div = a[col]![col]!;
    for (let k = 0; k < 2 * n; k++) a[col]![k]! /= div;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = a[r]![col]!;
      if (f !== 0) for (let k = 0; k < 2 * n; k++) a[r]![k]! -= f * a[col]![k]!;
    }
  }
  return a.map((row) => row.slice(n));
}
