// The `records compare` report folder: summary.json (both sides' statistics,
// the z per statistic, the setup and the command), statistics.csv, one chart
// (every rate of both sides with its interval) and a self-contained
// report.html, with the setups the simulation played (one per table size of
// the records). Everything is rendered before anything is written.

import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { makeDirs } from '../../sim/files.js';
import type { TopLevelSpec } from 'vega-lite';
import { STAT_NAMES, isUnitScale, type StatisticsJSON } from '../../sim/records/stats.js';
import { SCHEMA_VERSIONS } from '../../sim/schemaVersions.js';
import { htmlTable } from '../balance/format.js';
import { escapeHtml } from '../html.js';
import { renderSvg } from '../render.js';
import type { WrittenReport } from '../write.js';
import { NOTE, compareCsv, fmtKn, fmtStatInterval, fmtStatRate, fmtZ, fmtChance, type CompareRow } from './text.js';

/** One setup the simulation played: its table, its records and games, its rules. */
export interface CompareSetup {
  readonly players: number;
  readonly mafia: number;
  readonly records: number;
  readonly games: number;
  readonly rulesHash: string;
  readonly rules: string;
}

export interface CompareReport {
  readonly title: string;
  readonly command: string;
  /** `leftOut`: games an importer did not read (not clean). */
  readonly records: { readonly source: string; readonly games: number; readonly complete: number; readonly leftOut: number };
  /** `rules` and `rulesHash` are the one setup's, null with several (each is in `setups`); `rulesSource` names the rules as the header does. */
  readonly sim: { readonly rulesSource: string; readonly rulesNamedByRecords: boolean; readonly rules: string | null; readonly rulesHash: string | null; readonly agents: string; readonly seed: number; readonly games: number; readonly setups: readonly CompareSetup[] };
  /** Setups whose rules deal another mafia-team count than the records hold. */
  readonly notes: readonly string[];
  readonly rows: readonly CompareRow[];
  /** The `--json` object's statistics: `{ records: {games, statistics}, sim: {games, statistics} }`. */
  readonly json: { readonly records: StatisticsJSON; readonly sim: StatisticsJSON };
}

/** The report's summary.json (docs/schemas/records-compare-report.schema.json). */
export interface CompareReportJson {
  readonly schemaVersion: (typeof SCHEMA_VERSIONS)['records-compare-report'];
  readonly title: string;
  readonly command: string;
  readonly setup: { readonly records: CompareReport['records']; readonly sim: CompareReport['sim']; readonly notes: CompareReport['notes'] };
  readonly records: StatisticsJSON;
  readonly sim: StatisticsJSON;
  /** z per statistic (simulation minus records over both sides' own standard errors, never pooled), null without data on a side. */
  readonly z: Readonly<Record<string, number | null>>;
}

const CSS = `body{font-family:system-ui,sans-serif;color:#222;max-width:1100px;margin:2em auto;padding:0 1.2em;line-height:1.45}
h2{font-size:1.2em;border-bottom:1px solid #ddd}pre{background:#f4f4f4;border:1px solid #ddd;padding:.7em;white-space:pre-wrap;word-break:break-all}
table{border-collapse:collapse;font-size:.9em}th,td{border:1px solid #ddd;padding:.3em .6em;text-align:left}th{background:#f0f0f0}
td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}.note{color:#555;font-size:.88em}figure svg{max-width:100%;height:auto}`;

/** Every rate (and per-day share) with data on both sides: a point and its interval per side. */
export function compareChart(rows: readonly CompareRow[]): TopLevelSpec {
  const values = rows
    .filter((r) => isUnitScale(r.name) && r.records.n > 0 && r.sim.n > 0)
    .flatMap((r) => [
      { statistic: r.name, side: 'records', rate: r.records.rate, lo: r.records.lo, hi: r.records.hi },
      { statistic: r.name, side: 'simulation', rate: r.sim.rate, lo: r.sim.lo, hi: r.sim.hi },
    ]);
  const y = { field: 'statistic', type: 'nominal' as const, sort: STAT_NAMES.slice(), title: null };
  const color = { field: 'side', type: 'nominal' as const, title: null };
  const yOffset = { field: 'side', type: 'nominal' as const };
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    config: { font: 'sans-serif', view: { stroke: '#ddd' } },
    width: 520,
    data: { values },
    layer: [
      { mark: { type: 'rule' }, encoding: { y, yOffset, color, x: { field: 'lo', type: 'quantitative', scale: { domain: [0, 1] }, title: 'rate (95% interval)' }, x2: { field: 'hi' } } },
      { mark: { type: 'point', filled: true }, encoding: { y, yOffset, color, x: { field: 'rate', type: 'quantitative' } } },
    ],
  };
}

export function compareHtml(r: CompareReport, chartSvg: string): string {
  const rows = r.rows.map((x) =>
    [x.name, x.meaning, fmtKn(x.records, x.name), fmtStatRate(x.records), fmtStatInterval(x.records), fmtChance(x.records), fmtKn(x.sim, x.name), fmtStatRate(x.sim), fmtStatInterval(x.sim), fmtChance(x.sim), fmtZ(x.z)].map(escapeHtml),
  );
  const table = htmlTable('statistics', ['statistic', 'what it counts', 'records k/n', 'records', '95%', 'chance / OR', 'sim k/n', 'sim', '95%', 'chance / OR', 'z'], rows, [false, false, true, true, true, true, true, true, true, true, true]);
  const body = [
    `<h1>${escapeHtml(r.title)}</h1>`,
    `<p>Records: ${escapeHtml(r.records.source)}: ${r.records.games} games (${r.records.complete} complete${r.records.leftOut > 0 ? `; ${r.records.leftOut} more left out, not clean` : ''}). Simulation: ${r.sim.games} games, ${escapeHtml(r.sim.rulesSource)}${r.sim.rulesNamedByRecords ? ' (named by the records)' : ''}${r.sim.rulesHash ? ` (rules ${escapeHtml(r.sim.rulesHash)})` : ''}, agents ${escapeHtml(r.sim.agents)}, seed ${r.sim.seed}.</p>`,
    ...r.notes.map((n) => `<p class="note">Note: ${escapeHtml(n)}.</p>`),
    ...(r.sim.setups.length > 1 ? [setupsTable(r.sim.setups)] : []),
    `<h2>Reproduce</h2><pre id="command">${escapeHtml(r.command)}</pre>`,
    `<h2>Statistics</h2>`,
    table,
    `<p class="note">${escapeHtml(NOTE)} z is the simulation minus the records over the root of both sides' squared standard errors (a rate's from its smoothed count, never pooled; means: Welch), the z calibrate prints.</p>`,
    `<h2>Chart</h2><figure><figcaption>Every rate, records and simulation, with 95% intervals</figcaption>${chartSvg}</figure>`,
    `<h2>Rules</h2>`,
    ...r.sim.setups.map((x) => `${r.sim.setups.length > 1 ? `<p>${x.players} players (rules ${escapeHtml(x.rulesHash)})</p>` : ''}<pre>${escapeHtml(x.rules)}</pre>`),
  ];
  return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:"><title>${escapeHtml(r.title)}</title><style>${CSS}</style></head><body>\n${body.join('\n')}\n</body></html>\n`;
}

/** Several setups: each played in proportion to its records, like with like. */
function setupsTable(setups: readonly CompareSetup[]): string {
  const rows = setups.map((x) => [String(x.players), String(x.mafia), String(x.records), x.games.toLocaleString('en-US'), x.rulesHash].map(escapeHtml));
  return `<p>The simulation played each setup of the records in proportion to its records:</p>${htmlTable('setups', ['players', 'mafia', 'records', 'games', 'rules'], rows, [true, true, true, true, false])}`;
}

export async function writeCompareReport(dir: string, r: CompareReport): Promise<WrittenReport> {
  const svg = await renderSvg(compareChart(r.rows));
  const summary: CompareReportJson = {
    schemaVersion: SCHEMA_VERSIONS['records-compare-report'],
    title: r.title,
    command: r.command,
    setup: { records: r.records, sim: r.sim, notes: r.notes },
    records: r.json.records,
    sim: r.json.sim,
    z: Object.fromEntries(r.rows.map((x) => [x.name, x.z])),
  };
  const files: Record<string, string> = {
    'summary.json': JSON.stringify(summary, null, 2) + '\n',
    'statistics.csv': compareCsv(r.rows),
    'rates.svg': svg,
    'report.html': compareHtml(r, svg),
  };
  makeDirs(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return { dir: resolve(dir), html: resolve(dir, 'report.html'), files: Object.keys(files) };
}
