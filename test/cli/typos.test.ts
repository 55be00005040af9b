// Typos get "did you mean ...": the nearest name is suggested for a flag, a
// command, a preset, a profile, a choice, a rule option (wrong case or a
// near miss), a role and a policy parameter, through the real CLI; a word
// far from every name gets no suggestion. Also `players --list`.

import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PARAM_SPECS, useLabel } from '../../src/agents/params.js';
import { nearestName } from '../../src/engine/spelling.js';

const MAIN = join(import.meta.dirname, '../../dist/src/cli/main.js');

function cli(args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [MAIN, ...args], { timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
    });
  });
}

beforeAll(() => {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` first`);
});

describe('nearestName', () => {
  it('prefers a name that differs only in case, then the nearest within a few edits', () => {
    expect(nearestName('Doctor.MaxSameTarget', ['doctor.maxSameTarget', 'doctor.self'])).toBe('doctor.maxSameTarget');
    expect(nearestName('gmaes', ['games', 'game', 'seed'])).toBe('games');
    expect(nearestName('clubb', ['club', 'forum', 'classic'])).toBe('club');
  });
  it('suggests nothing for an exact name or a word far from every name', () => {
    expect(nearestName('club', ['club', 'forum'])).toBeUndefined();
    expect(nearestName('banana', ['club', 'forum', 'classic'])).toBeUndefined();
  });
});

describe('the CLI suggests the name meant', () => {
  it.each([
    [['run', '--gmaes', '5'], /^mafia-sim: --gmaes: unknown flag; did you mean --games\?/],
    [['run', '--Games', '5'], /^mafia-sim: --Games: unknown flag; did you mean --games\?/],
    [['rnu'], /^mafia-sim: rnu: unknown command; did you mean run\?/],
    [['run', '--rules', 'clubb'], /^mafia-sim: --rules: .*did you mean "club"\?/],
    [['run', '--agents', 'expertt'], /^mafia-sim: --agents: unknown profile "expertt" \(did you mean "expert"\?\)/],
    [['run', '--agents', 'mafia=novce'], /^mafia-sim: --agents: unknown profile "novce" for mafia \(did you mean "novice"\?\)/],
    [['run', '--set', 'Doctor.maxSameTarget=1'], /^mafia-sim: Doctor.maxSameTarget: unknown rule option .*did you mean "doctor.maxSameTarget"\?/],
    [['run', '--set', 'doctor.maxSameTarjet=1'], /did you mean "doctor.maxSameTarget"\?/],
    [['run', '--set', 'roles.doctr=1'], /^mafia-sim: roles.doctr: unknown role \(did you mean roles.doctor\?\)/],
    [['run', '--agent-param', 'town.readskil=1'], /did you mean "town.readSkill"\?.*mafia-sim players --list/],
    [['balance', '--team', 'twon', '--vary', 'mafia=1..2'], /^mafia-sim: --team: got "twon" \(did you mean "town"\?\); choose one of town, mafia, maniac/],
  ])('%j', async (args, expected) => {
    const r = await cli(args);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n').filter((l) => l !== '')).toHaveLength(1);
    expect(r.stderr).toMatch(expected);
  });

  it('suggests nothing when no name is close', async () => {
    const r = await cli(['run', '--zzzzzzzz', '1']);
    expect(r.code).toBe(2);
    expect(r.stderr).not.toMatch(/did you mean/);
  });
});

describe('mafia-sim players --list', () => {
  it('lists every parameter with its range and each profile value, aligned', async () => {
    const r = await cli(['players', '--list']);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/^parameter +novice +club +expert +strangers +live +range +kind +meaning$/);
    const meaningAt = lines[0]!.indexOf('meaning');
    for (const s of PARAM_SPECS) {
      const row = lines.find((l) => l.startsWith(`${s.key} `));
      expect(row, s.key).toBeDefined();
      expect(row!.split(/ {2,}/).slice(0, 8)).toEqual([s.key, ...s.values.map(String), `${s.min}..${s.max}`, useLabel(s.use)]);
      expect(row!.indexOf(s.doc)).toBe(meaningAt);
    }
  });

  it('--json gives the same table as data', async () => {
    const r = await cli(['players', '--list', '--json']);
    const doc = JSON.parse(r.stdout) as { profiles: string[]; params: { key: string; min: number; max: number; values: Record<string, number>; kind: string; team?: string }[] };
    expect(doc.profiles).toEqual(['novice', 'club', 'expert', 'strangers', 'live']);
    expect(doc.params.map((p) => p.key)).toEqual(PARAM_SPECS.map((s) => s.key));
    for (const [i, s] of PARAM_SPECS.entries()) {
      expect(doc.params[i]!.values).toEqual({ novice: s.values[0], club: s.values[1], expert: s.values[2], strangers: s.values[3], live: s.values[4] });
      expect([doc.params[i]!.kind, doc.params[i]!.team]).toEqual([s.use.kind, s.use.kind === 'strategy' ? s.use.team : undefined]);
    }
  });

  it('without --list shows the players of --agents', async () => {
    const r = await cli(['players', '--agents', 'expert,mafia=novice,town.noise=0', '--json']);
    expect(JSON.parse(r.stdout)).toMatchObject({ agents: 'expert,mafia=novice,town.noise=0', base: 'expert', scopes: [{ scope: 'mafia', plays: 'novice' }], params: [{ scope: 'town', key: 'noise', value: 0 }] });
  });
});
