// `records stats` and `records compare` through the built CLI (node
// dist/src/cli/main.js; `npm test` builds first): exit codes, the --json
// shapes scripts rely on, the report folder, determinism across threads, and
// bad input refused in one line with exit code 2.

import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sharedRecords } from './shared.js';
import { cli } from '../sim/cli.js';

const SHARED = sharedRecords();
const dir = mkdtempSync(join(tmpdir(), 'mafia-records-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const NAMES = ['townWin', 'lynchHitsMafia.day1', 'lynchHitsMafia.day2', 'lynchHitsMafia.day3', 'noLynch.all', 'medicSelfHeal', 'mafiaTargetsCop.all', 'copCheckHitsMafia.night1', 'vigilanteShotHitsMafia'];

function expectStatsShape(o: Record<string, unknown>, games: number): void {
  expect(Object.keys(o).sort()).toEqual(['games', 'statistics']);
  expect(o.games).toBe(games);
  const stats = o.statistics as Record<string, Record<string, unknown>>;
  for (const name of NAMES) {
    const s = stats[name]!;
    expect(s, name).toBeDefined();
    for (const key of ['k', 'n', 'rate', 'lo', 'hi']) expect(key in s, `${name}.${key}`).toBe(true);
    expect(Number.isInteger(s.k) && Number.isInteger(s.n)).toBe(true);
  }
}

describe('records stats', () => {
  it('--json prints { schemaVersion, games, statistics: { NAME: { k, n, rate, lo, hi } } } for the shared records', async () => {
    const r = await cli(['records', 'stats', '--records', SHARED, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const { schemaVersion, ...o } = JSON.parse(r.stdout) as Record<string, any>;
    expect(schemaVersion).toBe(1);
    expectStatsShape(o, 192);
    expect(o.statistics.townWin).toMatchObject({ k: 89, n: 192 });
    expect(o.statistics['lynchHitsMafia.day1'].lo).toBeLessThan(o.statistics['lynchHitsMafia.day1'].rate);
  });

  it('prints the table without --json, for a folder or a single file of either year', async () => {
    const r = await cli(['records', 'stats', '--records', join(SHARED, '2018')]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/92 games \(92 complete/);
    expect(r.stdout).toMatch(/lynchHitsMafia\.day2\s+42\/80\s+0\.525/);
    const one = await cli(['records', 'stats', '--records', join(SHARED, '2017/01.json'), '--json']);
    expect(one.code, one.stderr).toBe(0);
    expect(JSON.parse(one.stdout).statistics['lynchHitsMafia.day1'].n).toBe(0); // a summary knows no days
  });

  it('refuses bad input in one line with exit code 2', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ id: 'x', mafia: ['A'], cop: 'B', medic: 'C', vigilante: 'D', vanilla_town: ['E'], kill: [['Q']], check: [], save: [], shot: [], lynched: [], winner: 'Town' }));
    const cases: Array<[string[], RegExp]> = [
      [['records', 'stats'], /^mafia-sim: --records: missing; give a folder/],
      [['records', 'stats', '--records', join(dir, 'none')], /^mafia-sim: --records: .*neither a folder nor a readable file/],
      [['records', 'stats', '--records', bad], /^mafia-sim: .*bad\.json: kill\[0\]\[0\]: "Q" is not one of the game's players/],
      [['records', 'compare', '--records', SHARED, '--rules', 'classic', '--games', 'many'], /^mafia-sim: --games: got "many"/],
      [['records'], /name a records command/],
    ];
    for (const [args, want] of cases) {
      const r = await cli(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n')[0]).toMatch(want);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(r.stdout).toBe('');
    }
  });
});

describe('records compare', () => {
  it('--json prints { records, sim } of the same shape, writes the report folder, and ignores the thread count', async () => {
    const out1 = join(dir, 'cmp1');
    const out2 = join(dir, 'cmp2');
    const args = ['records', 'compare', '--records', SHARED, '--rules', 'club', '--agents', 'club', '--games', '600', '--seed', '4', '--json', '--quiet'];
    const [a, b] = await Promise.all([cli([...args, '--threads', '1', '--out', out1]), cli([...args, '--threads', '2', '--out', out2])]);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    const o = JSON.parse(a.stdout) as Record<string, any>;
    expect(Object.keys(o).sort()).toEqual(['records', 'schemaVersion', 'sim']);
    expectStatsShape(o.records, 192);
    expectStatsShape(o.sim, 600);
    expect(b.stdout).toBe(a.stdout);
    expect(a.stderr).toContain(`report: ${join(out1, 'report.html')}`);
    expect(readdirSync(out1).sort()).toEqual(['rates.svg', 'report.html', 'statistics.csv', 'summary.json']);
    const summary = JSON.parse(readFileSync(join(out1, 'summary.json'), 'utf8'));
    expect(summary.records).toEqual(o.records);
    expect(summary.sim).toEqual(o.sim);
    expect(typeof summary.z.townWin).toBe('number');
    expect(summary.command).toContain('--seed 4');
    const html = readFileSync(join(out1, 'report.html'), 'utf8');
    expect(html).toContain('lynchHitsMafia.day1');
    expect(html).toContain('<svg');
  });

  it('prints the side-by-side table with a z per statistic', async () => {
    const r = await cli(['records', 'compare', '--records', join(SHARED, '2018'), '--rules', 'classic', '--games', '300', '--threads', '1', '--out', join(dir, 'cmp3')]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/z \(sim − records\)/);
    expect(r.stdout).toMatch(/^townWin\s+44\/92\s+0\.478\s+\[[0-9.]+, [0-9.]+\]\s+[0-9.]+\s+\[[0-9.]+, [0-9.]+\]\s+[+−][0-9.]+$/m);
    expect(r.stdout).toMatch(/report: .*cmp3\/report\.html/);
  });
});
