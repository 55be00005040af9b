// A profile saved by `mafia-sim tune` is usable as `--agents SCOPE=FILE.json`:
// its values are spelled out in the canonical text, and bad files are named.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AgentSpecError, PROFILE_FILE_FORMAT, parseAgents } from '../../src/agents/spec.js';
import { resolveRules } from '../../src/engine/rules.js';
import { runRange } from '../../src/sim/runRange.js';
import { cli } from '../sim/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'mafia-profile-'));
const file = (name: string, doc: unknown): string => {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(doc));
  return path;
};

describe('--agents SCOPE=FILE.json', () => {
  it('assigns the base profile and each parameter to the scope, spelled out', () => {
    const path = file('tuned.json', { format: PROFILE_FILE_FORMAT, base: 'expert', params: { 'mafia.fakeClaim': 0.9, readSkill: 0.25 } });
    const spec = parseAgents(`club,mafia=${path}`);
    expect(spec.canonical).toContain('mafia=expert');
    expect(spec.canonical).toContain('mafia.mafia.fakeClaim=0.9');
    expect(spec.canonical).toContain('mafia.readSkill=0.25');
    expect(spec.canonical).not.toContain(path);
    expect(parseAgents(spec.canonical).canonical).toBe(spec.canonical);
  });

  it.each([
    ['missing.json', null, /cannot read a profile file/],
    ['wrong-format.json', { format: 'x', base: 'club', params: {} }, /not a profile file/],
    ['bad-base.json', { format: PROFILE_FILE_FORMAT, base: 'grandmaster', params: {} }, /base: unknown profile "grandmaster"/],
    ['bad-param.json', { format: PROFILE_FILE_FORMAT, base: 'club', params: { nosuch: 1 } }, /params\.nosuch: unknown parameter/],
    ['bad-value.json', { format: PROFILE_FILE_FORMAT, base: 'club', params: { readSkill: 99 } }, /readSkill.*from 0 to 5/],
    // A threshold saved before issue 18 was an absolute belief: refused, naming the key that replaced it.
    ['old-key.json', { format: PROFILE_FILE_FORMAT, base: 'club', params: { 'vigilante.fireThreshold': 0.3 } }, /params\.vigilante\.fireThreshold: renamed vigilante\.fireOdds/],
  ])('%s is refused naming the file', (name, doc, message) => {
    const path = doc === null ? join(dir, name) : file(name, doc);
    expect(() => parseAgents(`club,mafia=${path}`)).toThrow(AgentSpecError);
    expect(() => parseAgents(`club,mafia=${path}`)).toThrow(message);
    expect(() => parseAgents(`club,mafia=${path}`)).toThrow(name);
  });
});

describe('--agents FILE.json alone: a saved profile for every seat', () => {
  const path = file('everyone.json', { format: PROFILE_FILE_FORMAT, team: 'everyone', base: 'expert', params: { readSkill: 1.25, 'mafia.blend': 2 } });

  it('is the base profile and its parameters for everyone, spelled out', () => {
    const spec = parseAgents(path);
    expect(spec.canonical).toBe('expert,readSkill=1.25,mafia.blend=2');
    expect(spec.files.get('')).toBe(path);
    expect(parseAgents(spec.canonical).canonical).toBe(spec.canonical);
    // Later items still win, as they do after a profile name.
    expect(parseAgents(`${path},readSkill=2`).canonical).toBe('expert,readSkill=2,mafia.blend=2');
  });

  it('plays every seat, the loner Maniac of the forum game included, as the file given to each scope does', async () => {
    const rules = resolveRules('forum');
    const play = async (agents: string) => JSON.stringify((await runRange({ rules, agents: parseAgents(agents).canonical, seed: 5, from: 0, to: 60 })).toJSON());
    const everySeat = await play(`town=${path},mafia=${path},maniac=${path}`);
    expect(await play(path)).toBe(everySeat);
    // Without the Maniac's scope he keeps the base profile: a different table, so the test can tell them apart.
    expect(await play(`town=${path},mafia=${path}`)).not.toBe(everySeat);
  });

  it('is refused as a second base profile, naming both', () => {
    expect(() => parseAgents(`novice,${path}`)).toThrow(/two base profiles \(novice, expert from .*everyone\.json\)/);
  });

  it('players names the file each seat plays, not its base profile', async () => {
    const scoped = file('scoped.json', { format: PROFILE_FILE_FORMAT, team: 'town', base: 'club', params: { readSkill: 1.5 } });
    const r = await cli(['players', '--agents', `town=${scoped},mafia=${scoped}`]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`town: the saved profile ${scoped} (club with its parameters, below)`);
    expect(r.stdout).toContain(`mafia: the saved profile ${scoped}`);
    const alone = await cli(['players', '--agents', path, '--json']);
    expect(JSON.parse(alone.stdout)).toMatchObject({ agents: 'expert,readSkill=1.25,mafia.blend=2', base: 'expert', file: path });
  });
});
