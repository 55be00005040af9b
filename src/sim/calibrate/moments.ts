// The moments `calibrate` matches: which records statistics, their value and
// sampling variance on either side, the z of a simulated value against the
// records' and the objective (sum of z²). The value, the variance and the z
// are the statistics module's (stats.ts, statEstimate): the z a fit table
// prints is the one `records compare` prints.

import { STAT_NAMES, estimateZ, statEstimate, type Estimate, type Statistic, type StatisticsJSON } from '../records/stats.js';

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

/** A moment's value and sampling variance: the statistics module's estimate, so calibrate's z is records compare's. */
export type MomentValue = Estimate;
export const momentValue = statEstimate;

/** z of the simulated value against the records', over both sampling spreads. */
export const momentZ = estimateZ;

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
