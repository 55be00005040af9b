// The report folder of the balance commands (balance, roles, fair, tune):
// the standard study report (summary.json, CSV, charts, report.html) of the
// setups that were played, plus the command's own section: its JSON under
// one key of summary.json, its tables as CSV, its charts, and its findings
// at the top of the page. Everything is rendered before anything is written.

import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { makeDirs } from '../../sim/files.js';
import { sectionedSummary, type CommandSection } from './format.js';
import { csvFiles } from '../csv.js';
import { escapeHtml, reportHtml, type RenderedChart } from '../html.js';
import { renderSvg } from '../render.js';
import type { StudySummary } from '../summary.js';
import { renderCharts, type WrittenReport } from '../write.js';

export async function writeCommandReport(dir: string, s: StudySummary, section: CommandSection): Promise<WrittenReport> {
  const own: RenderedChart[] = [];
  for (const c of section.charts) own.push({ name: c.name, title: c.title, svg: await renderSvg(c.spec) });
  const charts = [...own, ...(await renderCharts(s))];
  const files: Record<string, string> = {
    'summary.json': JSON.stringify(sectionedSummary(s, section), null, 2) + '\n',
    ...csvFiles(s),
    ...section.csv,
    ...Object.fromEntries(charts.map((c) => [`${c.name}.svg`, c.svg])),
    'report.html': withSection(reportHtml(s, charts, section.headline), section),
  };
  makeDirs(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return { dir: resolve(dir), html: resolve(dir, 'report.html'), files: Object.keys(files) };
}

/** The section goes right after "Reproduce", before the standard win-rate table (or at the end). */
function withSection(page: string, section: CommandSection): string {
  const block = `<h2 id="${escapeHtml(section.key)}">${escapeHtml(section.heading)}</h2>\n${section.html}\n`;
  const at = page.indexOf('<h2>Win rates</h2>');
  const end = at >= 0 ? at : page.lastIndexOf('</body>');
  return page.slice(0, end) + block + page.slice(end);
}
