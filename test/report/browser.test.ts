// Opens report.html in headless Chromium (Debian's /usr/bin/chromium, driven
// by playwright-core; .ci/run installs it when missing) and checks what a
// reader would see: every chart rendered, the tables filled, no console
// errors and no request leaving the page's own file.

import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartsFor } from '../../src/report/charts.js';
import type { StudySummary } from '../../src/report/summary.js';
import { writeReport } from '../../src/report/write.js';
import { study, tempDir, variant } from './helpers.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

interface PageCheck {
  errors: string[];
  foreign: string[];
  charts: { name: string; width: number; height: number; marks: number }[];
  tables: Record<string, number>;
  command: string;
}

async function inspect(ctx: BrowserContext, html: string, screenshot: string): Promise<PageCheck> {
  const page = await ctx.newPage();
  const errors: string[] = [];
  const foreign: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') errors.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('requestfailed', (r) => errors.push(`requestfailed: ${r.url()}`));
  page.on('request', (r) => {
    if (r.url() !== `file://${html}`) foreign.push(r.url());
  });
  await page.goto(`file://${html}`, { waitUntil: 'load' });
  const charts = await page.$$eval('figure.chart', (figs) =>
    figs.map((f) => {
      const svg = f.querySelector('svg');
      const box = svg?.getBoundingClientRect();
      return { name: f.id.replace(/^chart-/, ''), width: box?.width ?? 0, height: box?.height ?? 0, marks: svg ? svg.querySelectorAll('g.mark-rect path, g.mark-rule line, g.mark-symbol path, g.mark-line path, g.mark-area path').length : 0 };
    }),
  );
  const tables = await page.$$eval('table', (ts) => Object.fromEntries(ts.map((t) => [t.id, t.querySelectorAll('tbody tr').length])));
  const command = (await page.textContent('#command')) ?? '';
  await page.screenshot({ path: screenshot, fullPage: true });
  await page.close();
  return { errors, foreign, charts, tables, command };
}

describe('report.html in a real browser', () => {
  let ctx: BrowserContext;
  let compare: StudySummary;
  let sweep: StudySummary;
  let compareHtml: string;
  let sweepHtml: string;

  beforeAll(async () => {
    expect(existsSync(CHROMIUM), `${CHROMIUM} is missing: apt-get install -y chromium (as .ci/run does)`).toBe(true);
    compare = await study([variant('club', 'club'), variant('no putana', 'club', ['roles.putana=0']), variant('tie <random>', 'club', ['vote.tie=random'])], { games: 300 });
    compareHtml = (await writeReport(tempDir(), compare)).html;
    const grid = [8, 12].flatMap((players) => [1, 2, 3].map((mafia) => variant(`players=${players} mafia=${mafia}`, 'classic', [`players=${players}`, `mafia=${mafia}`], { players, mafia })));
    sweep = await study(grid, { games: 100, kind: 'sweep', pairs: 'none', sweepKeys: ['players', 'mafia'] });
    sweepHtml = (await writeReport(tempDir(), sweep)).html;
    ctx = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'mafia-chromium-')), {
      executablePath: CHROMIUM,
      headless: true,
      args: ARGS,
      viewport: { width: 1200, height: 900 },
      offline: true,
    });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('shows the comparison: every chart drawn, tables filled, nothing fetched, no console errors', async () => {
    const r = await inspect(ctx, compareHtml, join(tmpdir(), 'report.png'));
    expect(r.errors).toEqual([]);
    expect(r.foreign).toEqual([]);
    expect(r.charts.map((c) => c.name)).toEqual(chartsFor(compare).map((c) => c.name));
    expect(r.charts.map((c) => c.name)).toEqual(['outcomes', 'differences', 'lengths', 'roles']);
    for (const c of r.charts) {
      expect(c.width, c.name).toBeGreaterThan(200);
      expect(c.height, c.name).toBeGreaterThan(100);
      expect(c.marks, c.name).toBeGreaterThan(0);
    }
    expect(r.tables.rates).toBe(3);
    expect(r.tables.differences).toBeGreaterThanOrEqual(3);
    expect(r.tables.rules).toBeGreaterThan(20);
    expect(r.tables['variant-changes']).toBe(2);
    expect(r.command).toContain('mafia-sim');
  });

  it('shows the sweep as heat maps', async () => {
    const r = await inspect(ctx, sweepHtml, join(tmpdir(), 'report-sweep.png'));
    expect(r.errors).toEqual([]);
    expect(r.foreign).toEqual([]);
    expect(r.charts.map((c) => c.name)).toEqual(['heatmap-town', 'heatmap-mafia']);
    for (const c of r.charts) expect(c.marks, c.name).toBeGreaterThanOrEqual(6);
    expect(r.tables.rates).toBe(6);
  });
});
