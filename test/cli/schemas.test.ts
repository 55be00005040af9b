// The JSON outputs are a contract: every --json object and summary.json that
// the built CLI prints validates against its published schema
// (docs/schemas/<name>.schema.json, additional fields refused, so a renamed
// or dropped field fails here), the committed schemas are exactly what the
// output types generate, and a change of fields needs a version bump with a
// note in README (the `npm run schemas` rules, tested on a made-up change).

import { Ajv, type ValidateFunction } from 'ajv';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGES_HEADING, REPO_ROOT, committedSchemas, generateSchemas, schemaFile, schemaVersionOf, versionProblems, type Schema } from '../../scripts/schemas.js';
import { OUTPUTS } from '../../src/cli/outputs.js';
import { SCHEMA_VERSIONS, type OutputName } from '../../src/sim/schemaVersions.js';
import { SHARED } from '../records/shared.js';
import { PROFILE_FILE_FORMAT } from '../../src/agents/spec.js';
import { cli, MAIN, spawnCli, type CliResult } from '../sim/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'mafia-schemas-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeAll(() => {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` first`);
});

const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
const validators = new Map<OutputName, ValidateFunction>();
function validator(name: OutputName): ValidateFunction {
  if (!validators.has(name)) validators.set(name, ajv.compile(JSON.parse(readFileSync(join(REPO_ROOT, schemaFile(name)), 'utf8')) as Schema));
  return validators.get(name)!;
}

/** The validation errors of `doc` against output `name`'s schema, as lines (none when it is valid). */
function errors(name: OutputName, doc: unknown): string[] {
  const v = validator(name);
  return v(doc) ? [] : (v.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}${e.params && 'additionalProperty' in e.params ? `: ${String(e.params.additionalProperty)}` : ''}`);
}

function expectValid(name: OutputName, doc: unknown): void {
  expect(errors(name, doc), `${name} output does not fit docs/schemas/${name}.schema.json`).toEqual([]);
  expect((doc as { schemaVersion: unknown }).schemaVersion).toBe(SCHEMA_VERSIONS[name]);
}

async function ok(args: readonly string[]): Promise<CliResult> {
  const r = await cli(args);
  expect(r.code, `${args.join(' ')}\n${r.stderr}`).toBe(0);
  return r;
}

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));
const out = (name: string) => join(dir, name);
const Q = ['--quiet', '--threads', '1'];

describe('the published schemas', () => {
  it('are what the output types generate (run `npm run schemas` after changing a type)', () => {
    const generated = generateSchemas();
    const committed = committedSchemas();
    expect([...committed.keys()].sort()).toEqual(OUTPUTS.map((o) => o.name).sort());
    for (const [name, text] of generated) expect(committed.get(name), `docs/schemas/${name}.schema.json is not what its type generates: run npm run schemas`).toBe(text);
    expect(versionProblems(committed, generated, readFileSync(join(REPO_ROOT, 'README.md'), 'utf8'))).toEqual([]);
  });

  it('every output fixes its own schemaVersion, and every version is listed', () => {
    expect(OUTPUTS.map((o) => o.name).sort()).toEqual(Object.keys(SCHEMA_VERSIONS).sort());
    for (const [name, text] of committedSchemas()) expect(schemaVersionOf(JSON.parse(text) as Schema), name).toBe(SCHEMA_VERSIONS[name]);
  });

  it('refuse a changed field without a version bump, and a bump without a README note', () => {
    const committed = committedSchemas();
    // README's own notes stand for the versions already raised; each case adds or changes one output.
    const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
    const study = committed.get('study')!;
    const renamed = new Map(committed).set('study', study.replace('"onlyBase"', '"onlyA"'));
    expect(versionProblems(committed, renamed, readme)).toEqual([expect.stringMatching(/^study: its fields changed but its schemaVersion is still 1; raise SCHEMA_VERSIONS\['study'\] to 2/)]);
    // Words alone (descriptions) change nothing that a version stands for.
    const reworded = new Map(committed).set('study', study.replace('"description": "The outcomes, in table order', '"description": "The outcome names, in table order'));
    expect(reworded.get('study')).not.toBe(study);
    expect(versionProblems(committed, reworded, readme)).toEqual([]);
    const bumped = new Map(committed).set('study', renamed.get('study')!.replaceAll('"const": 1', '"const": 2'));
    expect(versionProblems(committed, bumped, readme)).toEqual([expect.stringMatching(/^study: schemaVersion 2 has no note in README.md/)]);
    expect(versionProblems(committed, bumped, readme.replace(`${CHANGES_HEADING}\n\n`, `${CHANGES_HEADING}\n\n- \`study\` 2: onlyBase renamed onlyA.\n`))).toEqual([]);
    const lowered = new Map(committed).set('run', committed.get('run')!.replaceAll('"const": 1', '"const": 0'));
    expect(versionProblems(committed, lowered, readme)).toEqual([expect.stringMatching(/^run: schemaVersion went down/)]);
  });

  it('README lists every output with its schema file, and notes the changes (the old onlyA/onlyB rename included)', () => {
    const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
    const rows = OUTPUTS.map((o) => `| [\`${o.name}\`](docs/schemas/${o.name}.schema.json) | ${o.printedBy} |`);
    expect(rows.filter((row) => !readme.includes(`\n${row}\n`)), 'README.md lists each output as its OUTPUTS entry (src/cli/outputs.ts) says').toEqual([]);
    const changes = readme.slice(readme.indexOf(CHANGES_HEADING));
    expect(readme.indexOf(CHANGES_HEADING)).toBeGreaterThan(0);
    expect(changes).toMatch(/onlyA.*onlyB.*onlyBase.*onlyVariant/s);
  });
});

describe('every JSON output validates against its schema', () => {
  it('run --json (with --precision), its summary.json, part files, merge --json and its summary.json', async () => {
    const r = await ok(['run', '--rules', 'classic', '--agents', 'random', '--games', '2000', '--precision', '0.05', ...Q, '--json', '--out', out('run')]);
    expectValid('run', JSON.parse(r.stdout));
    const summary = readJson(join(out('run'), 'summary.json'));
    expectValid('study', summary);
    expectValid('run', (summary as { run: unknown }).run);
    for (const shard of ['0/2', '1/2']) await ok(['run', '--rules', 'classic', '--agents', 'random', '--games', '400', '--shard', shard, ...Q, '--out', out('parts')]);
    expectValid('run', readJson(join(out('parts'), 'part-0-of-2.json')));
    const merged = await ok(['merge', out('parts'), '--json', '--out', out('merged')]);
    expectValid('run', JSON.parse(merged.stdout));
    expectValid('study', readJson(join(out('merged'), 'summary.json')));
  });

  it("a run stopped by Ctrl-C: its part of run --json and summary.json (interrupted, resumeCommand), and the resumed run's (resumedFrom)", async () => {
    // Game 400 hangs its worker (MAFIA_SIM_FAULT=hang@400): the run cannot finish before the signal.
    const args = ['run', '--rules', 'classic', '--agents', 'random', '--seed', '5', '--games', '20000', '--threads', '2', '--out', out('stopped')];
    const run = spawnCli([...args, '--json'], { MAFIA_SIM_FAULT: 'hang@400' });
    await new Promise((r) => setTimeout(r, 4000));
    run.child.kill('SIGINT');
    const stopped = await run.done;
    expect(stopped.code, stopped.stderr).toBe(130);
    expectValid('run', JSON.parse(stopped.stdout));
    const summary = readJson(join(out('stopped'), 'summary.json')) as { interrupted?: { resumeCommand: string } };
    expect(summary.interrupted?.resumeCommand).toMatch(/--resume$/);
    expectValid('study', summary);
    await ok([...summary.interrupted!.resumeCommand.split(' ').slice(1), '--quiet']);
    const done = readJson(join(out('stopped'), 'summary.json')) as { resumedFrom?: number };
    expect(done.resumedFrom).toBeGreaterThan(0);
    expectValid('study', done);
  });

  it('compare, sweep and experiment: --json and summary.json; compare --across', async () => {
    const c = await ok(['compare', '--variant', 'roles.putana=0', '--variant', 'roles.maniac=0', '--games', '200', ...Q, '--json', '--out', out('compare')]);
    const compare = JSON.parse(c.stdout) as { pairs: unknown[] };
    expect(compare.pairs.length).toBeGreaterThan(0);
    expectValid('study', compare);
    expectValid('study', readJson(join(out('compare'), 'summary.json')));
    expectValid('study', JSON.parse((await ok(['sweep', '--rules', 'classic', '--agents', 'random', '--vary', 'players=7..15:4', '--games', '100', ...Q, '--json', '--out', out('sweep')])).stdout));
    expectValid('study', JSON.parse((await ok(['experiment', 'experiments/putana-maniac.yaml', '--games', '100', ...Q, '--json', '--out', out('experiment')])).stdout));
    const across = await ok(['compare', '--variant', 'roles.putana=0', '--across', 'pros=expert;novices=novice', '--games', '200', ...Q, '--json', '--out', out('across')]);
    expectValid('compare-across', JSON.parse(across.stdout));
    expectValid('compare-across', readJson(join(out('across'), 'summary.json')));
  });

  it('balance --vary, --for-players and --across', async () => {
    const small = ['--rules', 'classic', '--first-look', '100', ...Q, '--json'];
    const vary = await ok(['balance', ...small, '--players', '7', '--vary', 'mafia=1..2', '--agents', 'random', '--budget', '400', '--out', out('balance')]);
    expectValid('balance', JSON.parse(vary.stdout));
    expectValid('balance', readJson(join(out('balance'), 'summary.json')));
    const table = await ok(['balance', ...small, '--for-players', '7..8', '--agents', 'random', '--budget', '400', '--out', out('table')]);
    expectValid('balance-table', JSON.parse(table.stdout));
    const across = await ok(['balance', ...small, '--players', '7', '--vary', 'mafia=1..2', '--across', 'a=random;b=novice', '--budget', '400', '--out', out('balance-across')]);
    expectValid('balance-across', JSON.parse(across.stdout));
    const tableAcross = await ok(['balance', ...small, '--for-players', '7..8', '--across', 'a=random;b=novice', '--budget', '400', '--out', out('table-across')]);
    expectValid('balance-across', JSON.parse(tableAcross.stdout));
  });

  it('roles, fair and tune, with --across where they take it', async () => {
    const roles = ['roles', '--rules', 'classic', '--only', 'doctor', '--games', '200', ...Q, '--json'];
    expectValid('roles', JSON.parse((await ok([...roles, '--agents', 'random', '--out', out('roles')])).stdout));
    expectValid('roles-across', JSON.parse((await ok([...roles, '--across', 'a=random;b=novice', '--out', out('roles-across')])).stdout));
    const fair = ['fair', '--rules', 'classic', '--players', '7', '--mafia', '1', '--max-games', '600', '--batch', '200', ...Q, '--json'];
    expectValid('fair', JSON.parse((await ok([...fair, '--agents', 'random', '--out', out('fair')])).stdout));
    expectValid('fair-across', JSON.parse((await ok([...fair, '--across', 'a=random;b=novice', '--out', out('fair-across')])).stdout));
    const tune = await ok(['tune', '--rules', 'classic', '--players', '6', '--mafia', '1', '--team', 'mafia', '--params', 'noise', '--games', '100', '--test-games', '100', '--iterations', '1', ...Q, '--json', '--save', join(dir, 'tuned.json'), '--out', out('tune')]);
    expectValid('tune', JSON.parse(tune.stdout));
    expectValid('tune', readJson(join(out('tune'), 'summary.json')));
  });

  it('equilibrium --json and its summary.json, and players --json of the mixture it saves', async () => {
    const args = ['equilibrium', '--rules', 'classic', '--players', '5', '--mafia', '1', '--games', '100', '--test-games', '100', '--iterations', '1', '--search-rounds', '1', ...Q, '--json'];
    const eq = await ok([...args, '--save', join(dir, 'mixture.json'), '--out', out('equilibrium')]);
    expectValid('equilibrium', JSON.parse(eq.stdout));
    expectValid('equilibrium-report', readJson(join(out('equilibrium'), 'summary.json')));
    expectValid('players', JSON.parse((await ok(['players', '--agents', join(dir, 'mixture.json'), '--json'])).stdout));
  });

  it('calibrate --json (with a holdout and a saved profile), records stats --json, records compare --json and its summary.json', async () => {
    const records = join(SHARED, '2018');
    const rules = join(REPO_ROOT, 'rules', 'mafia-allstars.yaml');
    const fit = await ok(['calibrate', '--records', `${records}@1/2`, '--holdout', `${records}@2/2`, '--rules', rules, '--params', 'readSkill', '--games', '100', '--iterations', '1', ...Q, '--json', '--save', join(dir, 'fitted.json')]);
    expectValid('calibrate', JSON.parse(fit.stdout));
    expectValid('records-stats', JSON.parse((await ok(['records', 'stats', '--records', records, '--json'])).stdout));
    const compare = await ok(['records', 'compare', '--records', records, '--rules', rules, '--games', '100', ...Q, '--json', '--out', out('records')]);
    expectValid('records-compare', JSON.parse(compare.stdout));
    expectValid('records-compare-report', readJson(join(out('records'), 'summary.json')));
  });

  it('rules --json (which loads back as a rules file), rules --list --json, players --json and players --list --json', async () => {
    const rules = JSON.parse((await ok(['rules', '--rules', 'forum', '--set', 'vote.tie=none', '--json'])).stdout) as { hash: string };
    expectValid('rules', rules);
    const saved = join(dir, 'rules.json');
    (await import('node:fs')).writeFileSync(saved, JSON.stringify(rules));
    expect((JSON.parse((await ok(['rules', '--rules', saved, '--json'])).stdout) as { hash: string }).hash).toBe(rules.hash);
    expectValid('rules-list', JSON.parse((await ok(['rules', '--list', '--json'])).stdout));
    expectValid('players', JSON.parse((await ok(['players', '--agents', 'club,readSkill=0.5,town=expert', '--json'])).stdout));
    // Saved profile files, for everyone and for a scope: `file` at the top and in the scope.
    const profile = join(dir, 'profile.json');
    writeFileSync(profile, JSON.stringify({ format: PROFILE_FILE_FORMAT, base: 'expert', params: { readSkill: 1.25 } }));
    const withFiles = JSON.parse((await ok(['players', '--agents', `${profile},mafia=${profile}`, '--json'])).stdout) as { file?: string; scopes: { file?: string }[] };
    expect([withFiles.file, withFiles.scopes[0]?.file]).toEqual([profile, profile]);
    expectValid('players', withFiles);
    expectValid('players-list', JSON.parse((await ok(['players', '--list', '--json'])).stdout));
  });

  it("a rules file's own roles (every night ability, every optional field): rules --json loads back, run --json and summary.json hold their definitions", async () => {
    const file = join(dir, 'own-roles.yaml');
    (await import('node:fs')).writeFileSync(
      file,
      [
        'preset: werewolf',
        'players: 18',
        'roles:',
        '  guard: {team: town, label: Guard, protect: {self: false, repeat: false, stops: [mafia, bomb]}}',
        '  deputy: {team: town, assists: commissar, lastShot: true}',
        '  turncoat: {team: town, told: civilian, onShot: turns, turnsInto: mafia, hunts: false}',
        '  gunman: {team: town, gun: {bullets: 2, firstNight: false}, lynchShield: 1}',
        '  nurse: {team: town, asRole: doctor, protect: {repeat: 2, repeatLimit: nights-running, mayPass: true, unfreezes: false}}',
        '  hexer: {team: mafia, seesClan: true, wakesWithClan: false, counted: false, seenAs: town, silence: {votes: false, repeat: 1}}',
        '  madame: {team: mafia, shootsAlone: true, block: {mayPass: true}}',
        '  spy: {team: mafia, shoots: true, extraShots: 1, check: {reveals: commissar}}',
        '  bomber: {team: mafia, blast: true, kamikaze: {target: commissar}}',
        '  slayer: {team: loner, kill: {mayPass: false}}',
        '',
      ].join('\n'),
    );
    const rules = JSON.parse((await ok(['rules', '--rules', file, '--json'])).stdout) as { hash: string; define: Record<string, unknown> };
    expectValid('rules', rules);
    expect(Object.keys(rules.define).sort()).toEqual(['bomber', 'deputy', 'guard', 'gunman', 'hexer', 'madame', 'nurse', 'slayer', 'spy', 'turncoat']);
    const saved = join(dir, 'own-roles.json');
    (await import('node:fs')).writeFileSync(saved, JSON.stringify(rules));
    expect(JSON.parse((await ok(['rules', '--rules', saved, '--json'])).stdout)).toEqual(rules);
    const run = JSON.parse((await ok(['run', '--rules', file, '--games', '100', ...Q, '--json', '--out', out('own-roles')])).stdout) as { rules: { define: unknown } };
    expectValid('run', run);
    expect(run.rules.define).toEqual(rules.define);
    expectValid('study', readJson(join(out('own-roles'), 'summary.json')));
  });
});

describe('a schema catches a changed output', () => {
  it('a renamed, a missing or a mistyped field fails validation', async () => {
    const doc = JSON.parse((await ok(['compare', '--variant', 'roles.putana=0', '--games', '100', ...Q, '--json', '--out', out('rename')])).stdout) as { pairs: { differences: { town: Record<string, unknown> } }[] };
    expect(errors('study', doc)).toEqual([]);
    const town = doc.pairs[0]!.differences.town;
    const { onlyBase, ...rest } = town;
    doc.pairs[0]!.differences.town = { ...rest, onlyA: onlyBase };
    expect(errors('study', doc)).toEqual(expect.arrayContaining(['/pairs/0/differences/town must NOT have additional properties: onlyA', "/pairs/0/differences/town must have required property 'onlyBase'"]));
    const unversioned = { ...(JSON.parse((await ok(['rules', '--json'])).stdout) as Record<string, unknown>), schemaVersion: undefined };
    expect(errors('rules', JSON.parse(JSON.stringify(unversioned)))).toEqual(["/ must have required property 'schemaVersion'"]);
    expect(errors('players-list', { ...(JSON.parse((await ok(['players', '--list', '--json'])).stdout) as object), profiles: 'club' })).toEqual(['/profiles must be array']);
  });
});
