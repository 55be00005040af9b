// The balance commands through the built CLI (node dist/src/cli/main.js; run
// `npm run build` first, as `npm test` does): small real runs,
// the report folder, determinism across thread counts, a tuned profile fed
// back into balance, and bad input refused in one line with exit code 2.

import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAgents } from '../../src/agents/index.js';
import { classicTownWinProbability } from '../../src/sim/exactClassic.js';
import { cli, cliWithin } from '../sim/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'mafia-balance-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const json = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, any>;

describe('balance, fair, roles and tune through the CLI', () => {
  const small = ['--rules', 'classic', '--players', '12', '--vary', 'mafia=1..3', '--agents', 'random', '--budget', '20000', '--first-look', '500', '--quiet'];

  it('balance recommends the exact answer, writes the report, and ignores the thread count', async () => {
    const out = join(dir, 'bal');
    const r = await cli(['balance', ...small, '--threads', '1', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const exact = [1, 2, 3].map((m) => Math.abs(classicTownWinProbability(12, m, 'day') - 0.5));
    const want = `mafia=${exact.indexOf(Math.min(...exact)) + 1}`;
    expect(r.stdout).toContain(`recommendation: ${want}`);
    const s = json(join(out, 'summary.json'));
    expect(s['balance'].recommendation).toBe(want);
    expect(s['balance'].decided).toBe(true);
    for (const f of ['report.html', 'balance.csv', 'candidates.svg', 'outcomes.csv']) expect(existsSync(join(out, f)), f).toBe(true);
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain('Recommendation:');
    const two = await cli(['balance', ...small, '--threads', '2', '--json', '--out', join(dir, 'bal2')]);
    expect(two.code, two.stderr).toBe(0);
    expect(JSON.parse(two.stdout)['balance']).toEqual(s['balance']);
  });

  it('balance --for-players prints the designer table, one nearest-fair setup per player count', async () => {
    const r = await cli(['balance', '--rules', 'classic', '--for-players', '7..8', '--try-roles', 'doctor', '--agents', 'random', '--budget', '8000', '--first-look', '300', '--threads', '1', '--quiet', '--json', '--out', join(dir, 'table')]);
    expect(r.code, r.stderr).toBe(0);
    const t = JSON.parse(r.stdout)['balance'];
    expect(t.rows.map((row: any) => row.players)).toEqual([7, 8]);
    for (const row of t.rows) {
      expect(row.race.candidates.map((c: any) => c.label)).toEqual(expect.arrayContaining(['mafia=1 doctor=1', 'mafia=1 doctor=0', 'mafia=2 doctor=1']));
      expect(row.race.recommendation).toMatch(/^mafia=1 /);
    }
    expect(existsSync(join(dir, 'table', 'balance-table.csv'))).toBe(true);
  });

  it('fair answers with its verdict and stated error rates', async () => {
    const r = await cli(['fair', '--rules', 'classic', '--players', '7', '--mafia', '1', '--agents', 'random', '--json', '--quiet', '--out', join(dir, 'fair')]);
    expect(r.code, r.stderr).toBe(0);
    const f = JSON.parse(r.stdout)['fair'];
    expect(f.verdict).toBe('too-high');
    expect(f.config).toMatchObject({ within: 0.02, margin: 0.01, alpha: 0.05, beta: 0.05 });
    expect(f.games).toBe(f.looks[f.looks.length - 1].games);
  });

  it('roles prices a role, and tune saves a profile that balance accepts', async () => {
    const roles = await cli(['roles', '--rules', 'classic', '--only', 'doctor', '--games', '400', '--agents', 'random', '--threads', '1', '--quiet', '--out', join(dir, 'roles')]);
    expect(roles.code, roles.stderr).toBe(0);
    expect(readFileSync(join(dir, 'roles', 'role-values.csv'), 'utf8')).toMatch(/^doctor,/m);

    const saved = join(dir, 'tuned.json');
    const tune = await cli(['tune', '--rules', 'classic', '--players', '6', '--mafia', '1', '--team', 'mafia', '--params', 'noise', '--games', '100', '--test-games', '100', '--iterations', '1', '--threads', '1', '--quiet', '--save', saved, '--out', join(dir, 'tune')]);
    expect(tune.code, tune.stderr).toBe(0);
    const profile = json(saved);
    expect(profile['format']).toBe('mafia-sim/profile@1');
    expect(Object.keys(profile['params'])).toEqual(['noise']);
    expect(parseAgents(profile['agents']).canonical).toBe(profile['agents']);

    const bal = await cli(['balance', '--rules', 'classic', '--players', '6', '--vary', 'mafia=1..2', '--agents', profile['agents'], '--budget', '400', '--first-look', '100', '--threads', '1', '--quiet', '--out', join(dir, 'bal-tuned')]);
    expect(bal.code, bal.stderr).toBe(0);
    expect(json(join(dir, 'bal-tuned', 'summary.json'))['variants'][0].agents).toBe(profile['agents']);
  });

  it.each([
    // One per command; the other refusals are checked in-process (args.test.ts).
    ['no playable value', ['balance', '--rules', 'classic', '--players', '12', '--vary', 'mafia=6..8'], '--vary'],
    ['a margin wider than the band', ['fair', '--within', '0.02', '--margin', '0.05'], '--margin'],
    ['an unknown role to price', ['roles', '--only', 'wizard'], '--only'],
    ["a parameter the team does not read", ['tune', '--team', 'mafia', '--params', 'doctor.selfWeight'], '--params'],
  ])('refuses %s in one line (exit 2, nothing written)', async (_what, args, field) => {
    const out = join(dir, `bad-${field.slice(2)}-${args.length}`);
    const r = await cli([...args, '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(new RegExp(`^mafia-sim: ${field.replace(/[-]/g, '\\-')}`));
    expect(existsSync(out)).toBe(false);
  });

  // The club's Maniac plays for Town: a race for his rate would spend all it has on rates of 0, then ask for more.
  it.each([
    ['balance --vary', ['balance', '--vary', 'mafia=1..3', '--budget', '100000000'], /the Maniac plays for Town \(maniac\.team=town\).*--team town, or make him a loner with --set maniac\.team=loner/],
    ['balance --for-players', ['balance', '--for-players', '10..12', '--budget', '100000000'], /the Maniac plays for Town/],
    ['fair', ['fair', '--max-games', '100000000'], /the Maniac plays for Town/],
    ['roles', ['roles', '--games', '100000000'], /the Maniac plays for Town/],
    ['tune', ['tune', '--params', 'readSkill', '--games', '100000000'], /the Maniac plays for Town/],
    ['fair, no Maniac dealt', ['fair', '--rules', 'classic', '--max-games', '100000000'], /no Maniac is dealt.*--set roles\.maniac=1 --set maniac\.team=loner/],
  ])('--team maniac where he cannot win (%s) is refused at once with the reason', async (_what, args, why) => {
    const out = join(dir, `maniac-${args[0]}-${args.length}`);
    const r = await cliWithin(30_000, [...args, '--team', 'maniac', '--out', out]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^mafia-sim: --team: /);
    expect(r.stderr).toMatch(why);
    expect(r.stdout).toBe('');
    expect(existsSync(out)).toBe(false);
  });

  it('the suggested fix is valid: a loner Maniac is measured', async () => {
    const r = await cli(['fair', '--team', 'maniac', '--set', 'maniac.team=loner', '--agents', 'random', '--max-games', '400', '--batch', '200', '--threads', '1', '--quiet', '--json', '--out', join(dir, 'maniac-loner')]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)['fair'].games).toBeGreaterThan(0);
  });
});
