// Writes a study's report folder: summary.json, the CSV files, each chart as
// SVG, and report.html with the charts inline. The only module here that
// touches the file system.

import { mkdirSync, rmdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { makeDirs } from '../sim/files.js';
import { chartsFor } from './charts.js';
import { csvFiles } from './csv.js';
import { reportHtml, type RenderedChart } from './html.js';
import { renderSvg } from './render.js';

export { preloadRenderer } from './render.js';
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
  makeDirs(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return { dir: resolve(dir), html: resolve(dir, 'report.html'), files: Object.keys(files) };
}

/** `reports/<study>-<yyyymmdd-hhmmss>` (local time): where a report goes without `--out`. */
export function defaultReportDir(study: string, now: Date = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const stamp = `${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}-${p(now.getHours())}${p(now.getMinutes())}${p(now.getSeconds())}`;
  return join('reports', `${slug(study)}-${stamp}`);
}

/**
 * Creates and returns a new, empty default report folder: `defaultReportDir`,
 * or with `-2`, `-3`, ... when that name is taken (two runs started in the
 * same second). mkdir is atomic, so two processes never claim the same folder.
 */
export function claimReportDir(study: string, now: Date = new Date(), root = '.'): string {
  const base = join(root, defaultReportDir(study, now));
  makeDirs(join(root, 'reports'));
  for (let n = 1; ; n++) {
    const dir = n === 1 ? base : `${base}-${n}`;
    try {
      mkdirSync(dir);
      return dir;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
}

/** Writes a report with `write` into `dir`, or into a newly claimed default folder, which is removed again if writing fails. */
export async function intoReportDir<T>(dir: string | undefined, study: string, write: (dir: string) => Promise<T>, root = '.'): Promise<T> {
  if (dir !== undefined) return write(dir);
  const claimed = claimReportDir(study, new Date(), root);
  try {
    return await write(claimed);
  } catch (e) {
    try {
      rmdirSync(claimed);
    } catch {
      // Not empty: a file was written before the failure; leave it for the user to see.
    }
    throw e;
  }
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
