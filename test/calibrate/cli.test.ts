// `mafia-sim calibrate` through the built CLI: exit codes, the --json shape,
// the same fit for one thread and two, the saved profile loading through
// --agents and replaying the fitted simulation exactly, the holdout table,
// Ctrl-C (exit 130, no profile), and bad input in one line with exit 2.

import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, MAIN, spawnCli } from '../sim/cli.js';
import { sharedRecords } from '../records/shared.js';
import { ALLSTARS_RULES, allstarsRules, writeSyntheticRecords } from './synthetic.js';

const dir = mkdtempSync(join(tmpdir(), 'mafia-calibrate-cli-'));
const TRAIN = join(dir, 'train');
const HOLD = join(dir, 'holdout');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeAll(async () => {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` first`);
  const rules = allstarsRules();
  await writeSyntheticRecords(TRAIN, rules, 'club,readSkill=0.5', 5, 120);
  await writeSyntheticRecords(HOLD, rules, 'club,readSkill=0.5', 6, 80);
}, 120_000);

const FIT = ['calibrate', '--records', TRAIN, '--rules', ALLSTARS_RULES, '--agents', 'club,readSkill=1', '--params', 'readSkill', '--games', '300', '--iterations', '3', '--json', '--quiet'];

type Row = { records: { k: number; n: number; rate: number | null }; sim: { k: number; n: number; rate: number | null }; z: number | null };

describe('calibrate', () => {
  it('--json: one object with the parameters, their errors, the fit table and the holdout table; the same for 1 and 2 threads', async () => {
    const [one, two] = await Promise.all([cli([...FIT, '--holdout', HOLD, '--threads', '1']), cli([...FIT, '--holdout', HOLD, '--threads', '2'])]);
    expect(one.code, one.stderr).toBe(0);
    expect(two.code, two.stderr).toBe(0);
    expect(two.stdout).toBe(one.stdout);
    const o = JSON.parse(one.stdout) as Record<string, any>;
    expect(Object.keys(o).sort()).toEqual(['agents', 'baseAgents', 'fit', 'games', 'holdout', 'moments', 'notes', 'objective', 'params', 'profile', 'records', 'rules', 'schemaVersion', 'search', 'seed', 'setups'].sort());
    expect(o.records).toEqual({ source: TRAIN, games: 120, leftOut: 0 });
    // Records without a setup of their own: the rules file given, named by its path, one setup.
    expect(o.rules).toMatchObject({ source: ALLSTARS_RULES, namedByRecords: false, preset: 'classic', players: 15 });
    expect(o.setups).toEqual([{ players: 15, mafia: 3, records: 120, hash: o.rules.hash }]);
    expect(o.holdout.ownGames).toBe(false);
    const p = o.params.readSkill;
    expect(p.start).toBe(1);
    expect(p.min).toBe(0);
    expect(p.max).toBe(5);
    expect(p.se).toBeGreaterThan(0);
    expect(o.agents).toBe(`club,readSkill=${p.value}`); // the fitted value replaces the start's
    expect(o.moments).toContain('townWin');
    expect(o.objective.fit).toBeLessThanOrEqual(o.objective.start);
    for (const name of o.moments as string[]) {
      const r = o.fit[name] as Row;
      expect(r.records.n, name).toBeGreaterThan(0);
      expect(r.sim.n, name).toBeGreaterThan(0);
      expect(typeof r.z).toBe('number');
    }
    expect(o.holdout.source).toBe(HOLD);
    expect(o.holdout.games).toBe(80);
    expect(Object.keys(o.holdout.fit)).toEqual(o.moments);
    // The holdout compares its own records with the same fitted simulation.
    expect(o.holdout.fit.townWin.sim).toEqual(o.fit.townWin.sim);
    expect(o.holdout.fit.townWin.records.n).toBe(80);
    expect(o.profile).toBeNull();
  }, 180_000);

  it('saves a profile that --agents loads and that replays the fitted simulation game for game; prints the tables', async () => {
    const file = join(dir, 'fitted.json');
    const r = await cli(['calibrate', '--records', TRAIN, '--rules', ALLSTARS_RULES, '--agents', 'club,readSkill=1', '--params', 'readSkill', '--games', '300', '--iterations', '3', '--threads', '1', '--holdout', HOLD, '--save', file]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/statistic\s+records k\/n\s+records\s+fitted sim\s+z/);
    expect(r.stdout).toMatch(/readSkill\s+1\s+\S+\s+± \S+\s+0\.\.5/);
    expect(r.stdout).toMatch(/Holdout: records .*holdout: 80 games/);
    // The file alone plays every seat: `--agents FILE`, as a profile name would.
    expect(r.stdout).toContain(`load it with --agents ${file})`);
    expect(r.stderr).toMatch(/games\/s/);
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Record<string, any>;
    expect(saved.format).toBe('mafia-sim/profile@1');
    expect(saved.base).toBe('club');
    const j = await cli([...FIT, '--threads', '1']);
    const fit = JSON.parse(j.stdout) as { params: { readSkill: { value: number } }; moments: string[]; fit: Record<string, Row> };
    expect(saved.params).toEqual({ readSkill: fit.params.readSkill.value });
    const replay = await cli(['records', 'compare', '--records', TRAIN, '--rules', ALLSTARS_RULES, '--agents', file, '--games', '300', '--threads', '1', '--out', join(dir, 'compare'), '--json', '--quiet']);
    expect(replay.code, replay.stderr).toBe(0);
    const sim = (JSON.parse(replay.stdout) as { sim: { statistics: Record<string, { k: number; n: number }> } }).sim.statistics;
    for (const name of fit.moments) expect({ k: sim[name]!.k, n: sim[name]!.n }, name).toEqual({ k: fit.fit[name]!.sim.k, n: fit.fit[name]!.sim.n });
  }, 180_000);

  it("a scope's profile: --agents BASE,SCOPE=FILE (the line it prints) replays the fit, other seats keeping the base players", async () => {
    const file = join(dir, 'town.json');
    const r = await cli(['calibrate', '--records', TRAIN, '--rules', ALLSTARS_RULES, '--agents', 'club,noise=0.5,mafia.blend=2', '--params', 'town.readSkill', '--games', '300', '--iterations', '2', '--threads', '1', '--save', file, '--json', '--quiet']);
    expect(r.code, r.stderr).toBe(0);
    const o = JSON.parse(r.stdout) as { moments: string[]; fit: Record<string, Row>; profile: { loadWith: string }; params: Record<string, { value: number }> };
    expect(o.profile.loadWith).toBe(`club,noise=0.5,mafia.blend=2,town=${file}`);
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Record<string, any>;
    expect(saved.team).toBe('town');
    expect(saved.params).toEqual({ noise: 0.5, 'mafia.blend': 2, readSkill: o.params['town.readSkill']!.value });
    const replay = await cli(['records', 'compare', '--records', TRAIN, '--rules', ALLSTARS_RULES, '--agents', o.profile.loadWith, '--games', '300', '--threads', '1', '--out', join(dir, 'compare-town'), '--json', '--quiet']);
    expect(replay.code, replay.stderr).toBe(0);
    const sim = (JSON.parse(replay.stdout) as { sim: { statistics: Record<string, { k: number; n: number }> } }).sim.statistics;
    for (const name of o.moments) expect({ k: sim[name]!.k, n: sim[name]!.n }, name).toEqual({ k: o.fit[name]!.sim.k, n: o.fit[name]!.sim.n });
  }, 180_000);

  it('Ctrl-C stops the fit: exit 130, says what it was doing, writes no profile', async () => {
    const file = join(dir, 'never.json');
    const run = spawnCli(['calibrate', '--records', TRAIN, '--rules', ALLSTARS_RULES, '--params', 'readSkill', '--games', '1000000', '--threads', '2', '--out', file]);
    await new Promise<void>((resolve) => {
      let seen = '';
      run.child.stderr!.on('data', (d: Buffer) => {
        seen += d.toString();
        if (seen.includes('games per point')) resolve();
      });
    });
    run.child.kill('SIGINT');
    const r = await run.done;
    expect(r.code).toBe(130);
    expect(r.stderr).toMatch(/mafia-sim: interrupted during the starting point, 1 × 1,000,000 games; nothing written \(no profile at /);
    expect(existsSync(file)).toBe(false);
    expect(r.stdout).toBe('');
  }, 60_000);

  it('refuses bad input in one line naming the field, with exit code 2', async () => {
    const base = ['calibrate', '--records', TRAIN, '--rules', ALLSTARS_RULES];
    const summary = join(sharedRecords(), '2017/01.json');
    const cases: Array<[string[], RegExp]> = [
      [['calibrate', '--rules', ALLSTARS_RULES, '--params', 'readSkill'], /^mafia-sim: --records: missing/],
      [[...base], /^mafia-sim: --params: missing/],
      [['calibrate', '--records', TRAIN, '--params', 'readSkill'], /^mafia-sim: --rules: missing; give the rules the records were played by/],
      [[...base, '--params', 'readSkil'], /^mafia-sim: --params: unknown parameter "readSkil" \(did you mean "readSkill"\?\)/],
      [[...base, '--params', 'town.readSkil'], /^mafia-sim: --params: unknown parameter "town.readSkil" \(did you mean "town.readSkill"\?\)/],
      [[...base, '--params', 'readSkill,readSkill'], /^mafia-sim: --params: a parameter is listed twice/],
      [[...base, '--params', 'readSkill', '--moments', 'townwin'], /^mafia-sim: --moments: unknown statistic "townwin" \(did you mean "townWin"\?\)/],
      [['calibrate', '--records', summary, '--rules', ALLSTARS_RULES, '--params', 'readSkill', '--moments', 'townWin,lynchHitsMafia.day1'], /^mafia-sim: --records: .*01\.json holds no data for lynchHitsMafia\.day1; drop it: --moments townWin$/],
      [[...base, '--params', 'town.readSkill,mafia.readSkill', '--save', join(dir, 'mixed.json')], /^mafia-sim: --save: a profile file holds one scope's parameters/],
      // --out is the old name of --save, still taken.
      [[...base, '--params', 'town.readSkill,mafia.readSkill', '--out', join(dir, 'mixed.json')], /^mafia-sim: --save: a profile file holds one scope's parameters/],
      [[...base, '--params', 'readSkill', '--agents', 'random'], /^mafia-sim: --agents: the base players play the random profile/],
      [[...base, '--params', 'readSkill', '--games', 'lots'], /^mafia-sim: --games: got "lots"/],
    ];
    for (const [args, want] of cases) {
      const r = await cli(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n')[0], args.join(' ')).toMatch(want);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(r.stdout).toBe('');
    }
    expect(existsSync(join(dir, 'mixed.json'))).toBe(false);
  }, 120_000);
});
