// compare --adapt, balance --adapt and roles --adapt from the command line,
// on one thread with search budgets small enough for a test (a search
// this small is far from converged: the exploitability bounds are lower
// bounds, so each expectation below is one the rule must meet even so):
// - compare, classic without information: commissar.lastShot is read by no
//   seat of the classic game (it has no Commissar), so both setups play the
//   same games, searched alike: both changes are exactly 0 and the verdict
//   is "vanishes"; the Town bots' fixed vote herding (bandwagon=2) changes
//   Town's score with the fixed players, but bandwagon is Town's strategy,
//   which the search chooses again, and without information (readSkill=0)
//   nothing else differs: the two setups are one game once both adapt
//   (value 10.55% exactly), so that change must not "survive adaptation";
// - roles (6 players): one more Mafia lowers Town's adapted score (more
//   Mafia never helps Town), far beyond the bounds: it survives;
// - balance --vary mafia=1,2 (6 players): the same change, judged the same;
// - bad input: one line naming the flag, exit 2, nothing written.

import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { adaptVerdict, type AdaptFindings } from '../../src/sim/balance/adapt.js';
import { cli } from '../sim/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'mafia-adapt-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ADAPT = ['--adapt', '--adapt-games', '200', '--adapt-test-games', '2000', '--adapt-iterations', '1', '--adapt-search-rounds', '1', '--threads', '1', '--quiet'];
const NO_INFO = ['--rules', 'classic', '--set', 'revealOnDeath=false', '--agents', 'club,readSkill=0'];

/** Every verdict is the rule's, on the numbers printed beside it; every setup has both scores. */
function checkFindings(f: AdaptFindings, setups: number, changes: number): void {
  expect(f.complete).toBe(true);
  expect(f.setups).toHaveLength(setups);
  expect(f.changes).toHaveLength(changes);
  for (const s of f.setups) expect(s.bounds).not.toBeNull();
  for (const c of f.changes) expect(c.verdict).toBe(adaptVerdict(c.fixed, c.adapted, c.bound));
}

describe('--adapt', () => {
  it('compare: an option no seat reads changes nothing, fixed or adapted; the bots\' herding does not survive', async () => {
    const out = join(dir, 'compare');
    const r = await cli(['compare', ...NO_INFO, '--variant', 'commissar.lastShot=true', '--variant', 'agent-param.town.bandwagon=2', '--games', '2000', ...ADAPT, '--json', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout) as { schemaVersion: number; pairs: unknown; adapt: AdaptFindings };
    expect(j.schemaVersion).toBe(1);
    // The study summary's fields are all still there, the adapt section added after them.
    expect(Object.keys(j).slice(-2)).toEqual(['pairs', 'adapt']);
    checkFindings(j.adapt, 3, 2);
    const [same, herding] = j.adapt.changes;
    expect(same!.variant).toBe('commissar.lastShot=true');
    expect(same!.fixed.diff).toBe(0);
    expect(same!.adapted.diff).toBe(0);
    expect(same!.verdict).toBe('vanishes');
    // The fixed players' change is real (clear of 0) ...
    expect(herding!.fixed.lo).toBeGreaterThan(0);
    // ... and not one that survives adaptation.
    expect(herding!.verdict).not.toBe('survives adaptation');
    expect(readFileSync(join(out, 'adapt.csv'), 'utf8').split('\n')[0]).toBe('base,variant,fixed,fixed_lo,fixed_hi,adapted,adapted_lo,adapted_hi,bound,verdict');
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain('When both teams adapt');
  }, 120_000);

  it('roles: one more Mafia lowers Town\'s adapted score, beyond the bounds (survives); the terminal shows the tables', async () => {
    const out = join(dir, 'roles');
    const r = await cli(['roles', '--rules', 'classic', '--players', '6', '--mafia', '1', '--only', 'mafia', '--games', '2000', ...ADAPT, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('When both teams adapt (--adapt)');
    expect(r.stdout).toMatch(/\+mafia vs base.*survives adaptation/s);
    const j = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as { schemaVersion: number; roles: { adapt: AdaptFindings } };
    expect(j.schemaVersion).toBe(2);
    checkFindings(j.roles.adapt, 2, 1);
    const plus = j.roles.adapt.changes[0]!;
    expect(plus.variant).toBe('+mafia');
    expect(plus.adapted.hi).toBeLessThan(0);
    expect(plus.verdict).toBe('survives adaptation');
  }, 120_000);

  it('balance --vary: each setting against the first, at its own equilibrium', async () => {
    const r = await cli(['balance', '--rules', 'classic', '--players', '6', '--vary', 'mafia=1,2', '--budget', '2000', '--first-look', '500', ...ADAPT, '--json', '--out', join(dir, 'balance')]);
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout) as { schemaVersion: number; balance: { recommendation: string; adapt: AdaptFindings } };
    expect(j.schemaVersion).toBe(2);
    expect(j.balance.recommendation).toBeDefined();
    checkFindings(j.balance.adapt, 2, 1);
    expect(j.balance.adapt.changes[0]).toMatchObject({ base: 'mafia=1', variant: 'mafia=2' });
    expect(j.balance.adapt.changes[0]!.adapted.hi).toBeLessThan(0);
  }, 120_000);

  it.each([
    [['compare', '--rules', 'classic', '--variant', 'mafia=2', '--adapt', '--adapt-games', '5'], /^mafia-sim: --adapt-games: got "5"; use a whole number from 100 up$/],
    [['compare', '--rules', 'classic', '--variant', 'mafia=2', '--adapt', '--across', 'club,novice'], /^mafia-sim: --adapt: goes without --across/],
    [['roles', '--rules', 'classic', '--adapt', '--team', 'maniac'], /^mafia-sim: --team: --adapt scores Town against the Mafia/],
    [['balance', '--rules', 'classic', '--for-players', '8..9', '--adapt'], /^mafia-sim: --adapt: goes with --vary/],
    [['balance', '--rules', 'classic', '--vary', 'mafia=2,3', '--adapt', '--adapt-exploit-searches', '2'], /^mafia-sim: --adapt-exploit-searches: got "2"; use a whole number from 3 to 100$/],
  ])('refuses %j in one line, exit 2, nothing written', async (args, message) => {
    const out = join(dir, `bad-${args.join('').replace(/\W/g, '').slice(0, 40)}`);
    const r = await cli([...args, '--quiet', '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr.trim()).toMatch(message);
    expect(existsSync(out)).toBe(false);
  });
});
