// The `records compare` report folder: summary.json (both sides' statistics,
// the z per statistic, the setup and the command), statistics.csv, one chart
// (every rate of both sides with its interval) and a self-contained
// report.html. Everything is rendered before anything is written.

import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { makeDirs } from '../../sim/files.js';
import type { TopLevelSpec } from 'vega-lite';
import { STAT_NAMES } from '../../sim/records/stats.js';
import { htmlTable } from '../balance/format.js';
import { escapeHtml } from '../html.js';
import { renderSvg } from '../render.js';
import type { WrittenReport } from '../write.js';
import { NOTE, compareCsv, fmtKn, fmtStatInterval, fmtStatRate, fmtZ, fmtChance, type CompareRow } from './text.js';

export interface CompareReport {
  readonly title: string;
  readonly command: string;
  readonly records: { readonly source: string; readonly games: number; readonly complete: number };
  readonly sim: { readonly rules: string; readonly rulesHash: string; readonly agents: string; readonly seed: number; readonly games: number };
  readonly rows: readonly CompareRow[];
  /** The `--json` object: `{ records: {games, statistics}, sim: {games, statistics} }`. */
  readonly json: unknown;
}

const CSS = `body{font-family:system-ui,sans-serif;color:#222;max-width:1100px;margin:2em auto;padding:0 1.2em;line-height:1.45}
h2{font-size:1.2em;border-bottom:1px solid #ddd}pre{background:#f4f4f4;border:1px solid #ddd;padding:.7em;white-space:pre-wrap;word-break:break-all}
table{border-collapse:collapse;font-size:.9em}th,td{border:1px solid #ddd;padding:.3em .6em;text-align:left}th{background:#f0f0f0}
td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}.note{color:#555;font-size:.88em}figure svg{max-width:100%;height:auto}`;

/** Every rate statistic with data on both sides: a point and its interval per side. */
export function compareChart(rows: readonly CompareRow[]): TopLevelSpec {
  const values = rows
    .filter((r) => r.name !== 'gameLength' && r.records.n > 0 && r.sim.n > 0)
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
    `<p>Records: ${escapeHtml(r.records.source)}: ${r.records.games} games (${r.records.complete} complete). Simulation: ${r.sim.games} games, rules ${escapeHtml(r.sim.rulesHash)}, agents ${escapeHtml(r.sim.agents)}, seed ${r.sim.seed}.</p>`,
    `<h2>Reproduce</h2><pre id="command">${escapeHtml(r.command)}</pre>`,
    `<h2>Statistics</h2>`,
    table,
    `<p class="note">${escapeHtml(NOTE)} z is the simulation minus the records over the pooled standard error (two-proportion test; gameLength: Welch).</p>`,
    `<h2>Chart</h2><figure><figcaption>Every rate, records and simulation, with 95% intervals</figcaption>${chartSvg}</figure>`,
    `<h2>Rules</h2><pre>${escapeHtml(r.sim.rules)}</pre>`,
  ];
  return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:"><title>${escapeHtml(r.title)}</title><style>${CSS}</style></head><body>\n${body.join('\n')}\n</body></html>\n`;
}

export async function writeCompareReport(dir: string, r: CompareReport): Promise<WrittenReport> {
  const svg = await renderSvg(compareChart(r.rows));
  const summary = { title: r.title, command: r.command, setup: { records: r.records, sim: r.sim }, ...(r.json as object), z: Object.fromEntries(r.rows.map((x) => [x.name, x.z])) };
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
