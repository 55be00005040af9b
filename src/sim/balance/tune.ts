// The policy search behind `tune`: a compass (pattern) search over a team's
// numeric policy parameters, maximising its own win rate. Every point is
// played on the same training games (common random numbers), so two points
// differ only by what the parameters change; a move must beat the current
// point by `minZ` paired standard errors, else the steps shrink. Pure and
// deterministic: the sequence of evaluations depends only on the inputs and
// the evaluator's (seeded) answers. The gain is then measured by the caller
// on games the search never saw.

export interface TuneParam {
  readonly key: string;
  readonly min: number;
  readonly max: number;
  /** Where the search starts (the team's current profile value). */
  readonly start: number;
  /**
   * A whole number (a count of days or votes): every point holds it
   * rounded, so a search never proposes day 4.83, which a policy comparing
   * days would read as no day at all.
   */
  readonly whole?: boolean;
}

export type Point = Readonly<Record<string, number>>;

export interface PointScore {
  readonly wins: number;
  readonly games: number;
  /** Paired difference in win rate against the first point evaluated in the same call, and its standard error. */
  readonly diff: number;
  readonly se: number;
}

/** Plays every point on the same training games; the first point is the reference of the paired differences. */
export type PointEvaluator = (points: readonly Point[]) => Promise<readonly PointScore[]> | readonly PointScore[];

export interface TuneConfig {
  readonly params: readonly TuneParam[];
  /** Search rounds at most. */
  readonly iterations: number;
  /** First step as a share of each parameter's range. */
  readonly firstStep: number;
  /** Stop once every step is below this share of its range. */
  readonly minStep: number;
  /** Paired z-score a neighbour needs over the current point to be taken. */
  readonly minZ: number;
  /**
   * Double the step of the parameter a move went along (up to half its
   * range), so a search that keeps finding gains in one direction gets
   * there in a few rounds (the equilibrium's best replies, whose mixing
   * weights often belong at an end of their range). `tune` itself keeps
   * its steps.
   */
  readonly expand?: boolean;
}

export const TUNE_DEFAULTS = { iterations: 8, firstStep: 0.125, minStep: 0.01, minZ: 2 } as const;

export interface TuneRound {
  readonly centre: Point;
  readonly centreRate: number;
  readonly steps: Point;
  /** The neighbour taken, or null when the steps shrank. */
  readonly moved: { readonly to: Point; readonly rate: number; readonly diff: number; readonly z: number } | null;
  readonly evaluated: number;
}

export interface TuneResult {
  readonly start: Point;
  readonly best: Point;
  readonly rounds: readonly TuneRound[];
  /** Points evaluated in all (each on the training games). */
  readonly evaluations: number;
  readonly stoppedBy: 'iterations' | 'step';
}

/** Values are rounded so they print (and canonicalise) the same everywhere. */
export function roundParam(x: number): number {
  return Number(x.toPrecision(6));
}

/** A value as a point of the search holds it: rounded to print the same everywhere, and to a whole number for a count. */
export function paramValue(p: Pick<TuneParam, 'whole'>, x: number): number {
  return p.whole ? Math.round(x) : roundParam(x);
}

/** A value clipped to the parameter's range and held as a point holds it (paramValue). */
export function clampParam(p: Pick<TuneParam, 'min' | 'max' | 'whole'>, x: number): number {
  return paramValue(p, Math.min(p.max, Math.max(p.min, x)));
}

/** The point of the parameters' starting values, each held as a point holds it (clampParam). */
export function startPointOf(params: readonly Pick<TuneParam, 'key' | 'start' | 'min' | 'max' | 'whole'>[]): Point {
  return Object.fromEntries(params.map((p) => [p.key, clampParam(p, p.start)]));
}

/** Whether a parameter's step is too small to move it: below the smallest share of its range, or, for a count, below half a unit (its neighbours round back to the centre). */
function settled(p: TuneParam, step: number, minStep: number): boolean {
  return step < (p.max - p.min) * minStep || (p.whole === true && step < 0.5);
}

/** The 2 x params compass neighbours of `centre`, clipped to the ranges, without repeats or the centre itself. */
export function neighbours(params: readonly TuneParam[], centre: Point, steps: Point): Point[] {
  const out: Point[] = [];
  const seen = new Set([JSON.stringify(centre)]);
  for (const p of params) {
    for (const sign of [1, -1]) {
      const q = { ...centre, [p.key]: clampParam(p, centre[p.key]! + sign * steps[p.key]!) };
      const id = JSON.stringify(q);
      if (!seen.has(id)) {
        seen.add(id);
        out.push(q);
      }
    }
  }
  return out;
}

export async function tune(config: TuneConfig, evaluate: PointEvaluator): Promise<TuneResult> {
  const { params } = config;
  if (params.length === 0) throw new Error('tune: no parameters');
  const start = startPointOf(params);
  let centre = start;
  let steps: Point = Object.fromEntries(params.map((p) => [p.key, roundParam((p.max - p.min) * config.firstStep)]));
  const rounds: TuneRound[] = [];
  let evaluations = 0;
  for (let round = 0; round < config.iterations; round++) {
    if (params.every((p) => settled(p, steps[p.key]!, config.minStep))) return { start, best: centre, rounds, evaluations, stoppedBy: 'step' };
    const candidates = neighbours(params, centre, steps);
    const scores = await evaluate([centre, ...candidates]);
    evaluations += 1 + candidates.length;
    const centreRate = scores[0]!.wins / scores[0]!.games;
    const pick = bestImprovement(scores.slice(1), config.minZ);
    if (pick >= 0) {
      const s = scores[pick + 1]!;
      rounds.push({ centre, centreRate, steps, moved: { to: candidates[pick]!, rate: s.wins / s.games, diff: s.diff, z: s.diff / s.se }, evaluated: 1 + candidates.length });
      if (config.expand) steps = expandedSteps(params, steps, centre, candidates[pick]!);
      centre = candidates[pick]!;
    } else {
      rounds.push({ centre, centreRate, steps, moved: null, evaluated: 1 + candidates.length });
      steps = Object.fromEntries(params.map((p) => [p.key, roundParam(steps[p.key]! / 2)]));
    }
  }
  return { start, best: centre, rounds, evaluations, stoppedBy: 'iterations' };
}

/** The steps after a move from `from` to `to`: the moved parameter's doubled, at most half its range. */
function expandedSteps(params: readonly TuneParam[], steps: Point, from: Point, to: Point): Point {
  return Object.fromEntries(params.map((p) => [p.key, from[p.key] !== to[p.key] ? roundParam(Math.min((p.max - p.min) / 2, 2 * steps[p.key]!)) : steps[p.key]!]));
}

/** The neighbour with the largest paired gain, if that gain is at least minZ standard errors; -1 otherwise. Ties go to the first. */
function bestImprovement(scores: readonly PointScore[], minZ: number): number {
  let best = -1;
  scores.forEach((s, i) => {
    const clears = s.diff > 0 && (s.se === 0 || s.diff / s.se >= minZ);
    if (clears && (best < 0 || s.diff > scores[best]!.diff)) best = i;
  });
  return best;
}
