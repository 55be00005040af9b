// Opens report.html in headless Chromium and checks what a reader would see:
// every chart rendered, the tables filled, no console errors and no request
// leaving the page's own file. The browser is the one shipped inside the
// @sparticuz/chromium devDependency, driven by playwright-core, so
// `npm install && npm test` needs no system Chromium and no network.

import Chromium from '@sparticuz/chromium';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartsFor } from '../../src/report/charts.js';
import type { StudySummary } from '../../src/report/summary.js';
import { writeReport } from '../../src/report/write.js';
import { study, tempDir, variant } from './helpers.js';

const OFFLINE_ARGS = ['--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

// The package unpacks its browser into os.tmpdir() and reuses any
// `chromium` it already finds there, whatever its version or whoever is
// still unpacking it: give each run a folder of its own, removed afterwards.
async function unpackChromium(): Promise<{ path: string; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'mafia-sim-chromium-'));
  const saved = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  try {
    return { path: await Chromium.executablePath(), dir };
  } finally {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
  }
}

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
  let browser: Browser;
  let ctx: BrowserContext;
  let unpacked: string | undefined;
  let compare: StudySummary;
  let sweep: StudySummary;
  let compareHtml: string;
  let sweepHtml: string;

  beforeAll(async () => {
    compare = await study([variant('club', 'club'), variant('no putana', 'club', ['roles.putana=0']), variant('tie <random>', 'club', ['vote.tie=random'])], { games: 300 });
    compareHtml = (await writeReport(tempDir(), compare)).html;
    const grid = [8, 12].flatMap((players) => [1, 2, 3].map((mafia) => variant(`players=${players} mafia=${mafia}`, 'classic', [`players=${players}`, `mafia=${mafia}`], { players, mafia })));
    sweep = await study(grid, { games: 100, kind: 'sweep', pairs: 'none', sweepKeys: ['players', 'mafia'] });
    sweepHtml = (await writeReport(tempDir(), sweep)).html;
    const chromiumBin = await unpackChromium();
    unpacked = chromiumBin.dir;
    browser = await chromium.launch({ executablePath: chromiumBin.path, headless: true, args: [...Chromium.args, ...OFFLINE_ARGS] });
    ctx = await browser.newContext({ viewport: { width: 1200, height: 900 }, offline: true });
  });

  afterAll(async () => {
    await ctx?.close();
    await browser?.close();
    if (unpacked) rmSync(unpacked, { recursive: true, force: true });
  });

  it('runs a real browser: the version is a Chromium one and a page script runs', async () => {
    expect(browser.version()).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    const page = await ctx.newPage();
    await page.setContent('<p id="x"></p><script>document.getElementById("x").textContent = String(6 * 7);</script>');
    expect(await page.textContent('#x')).toBe('42');
    await page.close();
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
