// The records statistics as text and CSV: the `records stats` table, and the
// `records compare` table (records and simulation side by side with a z per
// statistic). No rendering here, so the commands load no vega for a table.

import { STAT_MEANING, STAT_NAMES, zScore, type Statistic, type StatisticsJSON } from '../../sim/records/stats.js';
import { csvText, textTable } from '../balance/format.js';
import { fmtInterval, fmtRate } from '../format.js';

/** "11/63", or "–" without data. */
export function fmtKn(s: Statistic, name: string): string {
  if (s.n === 0) return '–';
  return name === 'gameLength' ? `${s.k}d/${s.n}` : `${s.k}/${s.n}`;
}

export function fmtStatRate(s: Statistic): string {
  return s.rate === null ? '–' : fmtRate(s.rate);
}

export function fmtStatInterval(s: Statistic): string {
  return s.lo === null || s.hi === null ? '–' : fmtInterval(s.lo, s.hi);
}

export function fmtZ(z: number | null): string {
  return z === null ? '–' : (z < 0 ? '−' : '+') + Math.abs(z).toFixed(2);
}

/** "0.228 / 0.72": the chance of hitting mafia and the odds ratio against it (lynch rows only). */
export function fmtChance(s: Statistic): string {
  if (s.chance === undefined || s.n === 0) return '';
  return `${fmtRate(s.chance)} / ${s.oddsRatio === null || s.oddsRatio === undefined ? '–' : s.oddsRatio.toFixed(2)}`;
}

export function statsText(title: string, s: StatisticsJSON): string {
  const rows = STAT_NAMES.map((name) => {
    const x = s.statistics[name]!;
    return [name, fmtKn(x, name), fmtStatRate(x), fmtStatInterval(x), fmtChance(x)];
  });
  return [title, ...textTable(['statistic', 'k/n', 'rate', '95% interval', 'chance / odds ratio'], rows), '', NOTE].join('\n') + '\n';
}

export interface CompareRow {
  readonly name: string;
  readonly meaning: string;
  readonly records: Statistic;
  readonly sim: Statistic;
  readonly z: number | null;
}

export function compareRows(records: StatisticsJSON, sim: StatisticsJSON): CompareRow[] {
  return STAT_NAMES.map((name) => {
    const a = records.statistics[name]!;
    const b = sim.statistics[name]!;
    return { name, meaning: STAT_MEANING[name] ?? '', records: a, sim: b, z: zScore(name, b, a) };
  });
}

export function compareText(title: string, rows: readonly CompareRow[]): string {
  const body = rows.map((r) => [r.name, fmtKn(r.records, r.name), fmtStatRate(r.records), fmtStatInterval(r.records), fmtStatRate(r.sim), fmtStatInterval(r.sim), fmtZ(r.z)]);
  return [title, ...textTable(['statistic', 'records k/n', 'records', '95% interval', 'sim', '95% interval', 'z (sim − records)'], body), '', NOTE].join('\n') + '\n';
}

export const NOTE =
  'Rates with Wilson 95% intervals (gameLength: mean days, normal interval). "chance": mafia alive / alive at each lynch, averaged; odds ratio of the rate against it. ' +
  'Records that do not know a figure (summaries: days, later nights) are left out of it. See docs/records.md.';

export function compareCsv(rows: readonly CompareRow[]): string {
  const side = (s: Statistic) => [s.k, s.n, s.rate ?? '', s.lo ?? '', s.hi ?? ''];
  return csvText(
    ['statistic', 'records_k', 'records_n', 'records_rate', 'records_lo', 'records_hi', 'sim_k', 'sim_n', 'sim_rate', 'sim_lo', 'sim_hi', 'z'],
    rows.map((r) => [r.name, ...side(r.records), ...side(r.sim), r.z ?? '']),
  );
}
