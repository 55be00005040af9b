// Writes a study's report folder: summary.json, the CSV files, each chart as
// SVG, and report.html with the charts inline. The only module here that
// touches the file system.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chartsFor } from './charts.js';
import { csvFiles } from './csv.js';
import { reportHtml, type RenderedChart } from './html.js';
import { renderSvg } from './render.js';
import type { StudySummary } from './summary.js';

export interface WrittenReport {
  readonly dir: string;
  readonly html: string;
  readonly files: string[];
}

export async function renderCharts(s: StudySummary): Promise<RenderedChart[]> {
  const out: RenderedChart[] = [];
  for (const c of chartsFor(s)) out.push({ name: c.name, title: c.title, svg: await renderSvg(c.spec) });
  return out;
}

/** Renders everything first, then writes, so a rendering failure leaves no half-written folder. */
export async function writeReport(dir: string, s: StudySummary): Promise<WrittenReport> {
  const charts = await renderCharts(s);
  const files: Record<string, string> = {
    'summary.json': JSON.stringify(s, null, 2) + '\n',
    ...csvFiles(s),
    ...Object.fromEntries(charts.map((c) => [`${c.name}.svg`, c.svg])),
    'report.html': reportHtml(s, charts),
  };
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return { dir: resolve(dir), html: resolve(dir, 'report.html'), files: Object.keys(files) };
}

/** `reports/<study>-<yyyymmdd-hhmmss>` (local time): where a report goes without `--out`. */
export function defaultReportDir(study: string, now: Date = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const stamp = `${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}-${p(now.getHours())}${p(now.getMinutes())}${p(now.getSeconds())}`;
  return join('reports', `${slug(study)}-${stamp}`);
}

export function slug(s: string): string {
  return (
    s
      .toLowerCase()
      .replace(/[^a-z0-9.]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'study'
  );
}
