// The moments `calibrate` matches: which records statistics, their value and
// sampling variance on either side, the z of a simulated value against the
// records' and the objective (sum of z²). Rates are k/n; their variance uses
// the smoothed p̃ = (k + ½)/(n + 1), so a rate the records never saw (0 of
// 263 self-heals) still has a spread and a z stays finite. The means
// (gameLength, the per-day vote means) use their standard error, never below
// a least spread per observation (half a day, half a candidate, 5 points of
// a vote share), so records without spread still give a finite z.

import { STAT_NAMES, isMeanStat, type Statistic, type StatisticsJSON } from '../records/stats.js';

/** The list, in table order: what a club's records usually hold. */
export const DEFAULT_MOMENTS: readonly string[] = [
  'townWin',
  'gameLength',
  'lynchHitsMafia.day1',
  'lynchHitsMafia.day2',
  'lynchHitsMafia.day3',
  'noLynch.all',
  'mafiaTargetsCop.all',
  'medicSelfHeal',
  'copCheckHitsMafia.night1',
  'copDead.night1',
  'copDead.night2',
  'vigilanteFires',
  'vigilanteShotHitsMafia',
];

export const MOMENT_NAMES = STAT_NAMES;

export interface MomentValue {
  /** The rate k/n (a mean: the mean); with no data, 0.5 (a rate) so the point still has a value. */
  readonly value: number;
  /** Sampling variance of `value`. */
  readonly variance: number;
  readonly n: number;
}

/** Smallest spread of one observation of a mean that the variance assumes (a game's length in days, a day's candidates, a day's share). */
function minSd(name: string): number {
  return name === 'gameLength' || name.startsWith('votes.candidates.') ? 0.5 : 0.05;
}

export function momentValue(name: string, s: Statistic): MomentValue {
  if (isMeanStat(name)) {
    if (s.n === 0 || s.rate === null) return { value: 0, variance: Infinity, n: 0 };
    const se = s.se ?? 0;
    return { value: s.rate, variance: Math.max(se * se, minSd(name) ** 2 / s.n), n: s.n };
  }
  const smoothed = (s.k + 0.5) / (s.n + 1);
  const variance = (smoothed * (1 - smoothed)) / Math.max(1, s.n);
  return { value: s.n > 0 ? s.k / s.n : 0.5, variance, n: s.n };
}

/** z of the simulated value against the records', over both sampling spreads. */
export function momentZ(sim: MomentValue, rec: MomentValue): number {
  const v = sim.variance + rec.variance;
  if (!(v > 0) || !Number.isFinite(v)) return 0;
  return (sim.value - rec.value) / Math.sqrt(v);
}

export interface MomentRow {
  readonly name: string;
  readonly records: Statistic;
  readonly sim: Statistic;
  /** Null where the records hold no data for it (a holdout set may not). */
  readonly z: number | null;
}

/** The fit table of the moments: records, simulation and z each. */
export function momentRows(moments: readonly string[], records: StatisticsJSON, sim: StatisticsJSON): MomentRow[] {
  return moments.map((name) => {
    const r = records.statistics[name]!;
    const s = sim.statistics[name]!;
    return { name, records: r, sim: s, z: r.n === 0 ? null : momentZ(momentValue(name, s), momentValue(name, r)) };
  });
}

/** Sum of z² over the rows that have one: the quantity the search minimises. */
export function objective(rows: readonly MomentRow[]): number {
  let sum = 0;
  for (const r of rows) if (r.z !== null) sum += r.z * r.z;
  return sum;
}

/** The moments' values of one statistics set, in the given order (the Jacobian's rows). */
export function momentVector(moments: readonly string[], s: StatisticsJSON): number[] {
  return moments.map((name) => momentValue(name, s.statistics[name]!).value);
}
