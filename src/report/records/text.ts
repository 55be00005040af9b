// The records statistics as text and CSV: the `records stats` table, and the
// `records compare` table (records and simulation side by side with a z per
// statistic). No rendering here, so the commands load no vega for a table.

import type { RecordSet } from '../../sim/records/load.js';
import { STAT_MEANING, STAT_NAMES, isMeanStat, zScore, type Statistic, type StatisticsJSON } from '../../sim/records/stats.js';
import { csvText, textTable } from '../balance/format.js';
import { fmtInterval, fmtRate } from '../format.js';

/**
 * "data/x: 192 games (92 complete, 100 summaries or partial)", with the fold
 * taken, and the games an importer left out, counted by problem: "; the
 * files hold 44 games, 12 left out (not clean: dropout(s) in 10, ...)" (a
 * game may have several problems).
 */
export function describeRecordSet(path: string, set: Pick<RecordSet, 'records' | 'leftOut' | 'games' | 'fold'>): string {
  const complete = set.records.filter((l) => l.record.complete).length;
  const fold = set.fold ? `, fold ${set.fold.i} of ${set.fold.n} of ${set.fold.of} records` : '';
  const head = `${path}: ${set.records.length} games (${complete} complete, ${set.records.length - complete} summaries or partial${fold})`;
  if (set.leftOut.length === 0) return head;
  const byWhy = new Map<string, Map<string, number>>();
  const gamesByWhy = new Map<string, number>();
  for (const l of set.leftOut) {
    const counts = byWhy.get(l.why) ?? new Map<string, number>();
    byWhy.set(l.why, counts);
    gamesByWhy.set(l.why, (gamesByWhy.get(l.why) ?? 0) + 1);
    // "9 dropout(s)": each problem counted once per game, its own count aside.
    const problems = l.problems.length > 0 ? l.problems.map((p) => p.replace(/^\d+ /, '')) : ['no problem named'];
    for (const p of new Set(problems)) counts.set(p, (counts.get(p) ?? 0) + 1);
  }
  // A game may have several problems: the reason's own game count comes first.
  const listed = [...byWhy].map(([why, counts]) => `${why} (${gamesByWhy.get(why)} game${gamesByWhy.get(why) === 1 ? '' : 's'}): ${[...counts].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1)).map(([p, n]) => `${p} in ${n}`).join(', ')}`);
  return `${head}; the files hold ${set.games} games, ${set.leftOut.length} left out (${listed.join('; ')})`;
}

/** "11/63"; a mean: "408d/92" (days over games), or "32 days" (a per-day mean); "–" without data. */
export function fmtKn(s: Statistic, name: string): string {
  if (s.n === 0) return '–';
  if (name === 'gameLength') return `${s.k}d/${s.n}`;
  return isMeanStat(name) ? `${s.n} day${s.n === 1 ? '' : 's'}` : `${s.k}/${s.n}`;
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

/** "0.228 / 0.72": the chance baseline and the odds ratio against it (lynch and partner-vote rows); a per-day mean's quartiles "q 0.542 0.625 0.667". */
export function fmtChance(s: Statistic): string {
  if (s.quartiles && s.n > 0) return `q ${s.quartiles.map(fmtRate).join(' ')}`;
  if (s.chance === undefined || s.n === 0) return '';
  return `${fmtRate(s.chance)} / ${s.oddsRatio === null || s.oddsRatio === undefined ? '–' : s.oddsRatio.toFixed(2)}`;
}

export function statsText(title: string, s: StatisticsJSON): string {
  const rows = STAT_NAMES.map((name) => {
    const x = s.statistics[name]!;
    return [name, fmtKn(x, name), fmtStatRate(x), fmtStatInterval(x), fmtChance(x)];
  });
  return [title, ...textTable(['statistic', 'k/n', 'rate', '95% interval', 'chance / odds ratio, or quartiles'], rows), '', NOTE].join('\n') + '\n';
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
  'Rates with Wilson 95% intervals; means (gameLength: days per game; votes.shareOnEliminated, votes.candidates: per day) with a normal interval, q their quartiles. ' +
  '"chance": mafia alive / alive at each lynch (a partner vote: partners alive / others alive), averaged; odds ratio of the rate against it. ' +
  'Votes: each day\'s first round; day3 is day 3 alone, day3plus day 3 and later. Records that do not know a figure (summaries: days, later nights; records without votes) are left out of it. See docs/records.md.';

export function compareCsv(rows: readonly CompareRow[]): string {
  const side = (s: Statistic) => [s.k, s.n, s.rate ?? '', s.lo ?? '', s.hi ?? ''];
  return csvText(
    ['statistic', 'records_k', 'records_n', 'records_rate', 'records_lo', 'records_hi', 'sim_k', 'sim_n', 'sim_rate', 'sim_lo', 'sim_hi', 'z'],
    rows.map((r) => [r.name, ...side(r.records), ...side(r.sim), r.z ?? '']),
  );
}
