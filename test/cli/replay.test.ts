// `mafia-sim replay` (issue 22, point 13): its header names the rules by
// hash and only what differs from the preset (not the whole canonical JSON),
// and the log says when a player who may pass did.

import { describe, expect, it } from 'vitest';
import { resolveRules } from '../../src/engine/rules.js';
import { rulesLine } from '../../src/cli/replay.js';
import { cli } from '../sim/cli.js';

async function replay(args: readonly string[]): Promise<string[]> {
  const r = await cli(['replay', '--agents', 'random', ...args]);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout.split('\n');
}

describe('the rules line of a replay', () => {
  it('is the hash and the preset when nothing differs', async () => {
    const lines = await replay(['--rules', 'club', '--game', '7']);
    expect(lines[1]).toBe(`# rules ${resolveRules('club').hash}: the club preset at 12 players, unchanged`);
  });

  it('lists only the options and role counts that differ from the preset at that table size', async () => {
    const lines = await replay(['--rules', 'forum', '--players', '20', '--set', 'vote.noLynch=true', '--set', 'roles.kamikaze=0']);
    const rules = resolveRules('forum', { players: 20, set: ['vote.noLynch=true', 'roles.kamikaze=0'] });
    expect(lines[1]).toBe(`# rules ${rules.hash}: the forum preset at 20 players, with roles.civilian=${rules.roles[0]}, roles.kamikaze=0, vote.noLynch=true`);
    expect(lines[1]!.length).toBeLessThan(120);
  });

  it('a rules file: what it changes from its preset, far shorter than the canonical rules', () => {
    const rules = resolveRules({ preset: 'club', players: 15, roles: { civilian: 9, mafia: 3, don: 0, putana: 0, maniac: 0, commissar: 1, doctor: 1, vigilante: 1 }, options: { start: 'night', 'doctor.selfHeal': false } });
    const line = rulesLine(rules);
    expect(line).toMatch(new RegExp(`^rules ${rules.hash}: the club preset at 15 players, with `));
    for (const change of ['roles.mafia=3', 'roles.don=0', 'roles.putana=0', 'roles.maniac=0', 'roles.vigilante=1', 'start=night', 'doctor.selfHeal=false']) expect(line).toContain(change);
    expect(line).not.toContain('vote.tie');
    expect(line.length).toBeLessThan(rules.canonical.length / 4);
  });

  it('an option left out of the canonical rules at its default reads as that default, not as a change or "undefined"', () => {
    // The sports preset sets the quiet vote.procedure to nominations; set back to plurality, it leaves the canonical rules.
    const back = resolveRules('sports', { set: ['vote.procedure=plurality'] });
    expect(back.canonical).not.toContain('vote.procedure');
    expect(rulesLine(back)).toBe(`rules ${back.hash}: the sports preset at 10 players, with vote.procedure=plurality`);
    // At the preset's own value it is no change; set where the preset leaves it at its default, it is one.
    expect(rulesLine(resolveRules('sports', { set: ['vote.procedure=nominations'] }))).toMatch(/, unchanged$/);
    expect(rulesLine(resolveRules('club', { set: ['vote.mayAbstain=true'] }))).toMatch(/the club preset at 12 players, with vote\.mayAbstain=true$/);
  });

  it("a rules file's own roles: their counts and that the file defines them", () => {
    const rules = resolveRules({ preset: 'werewolf', roles: { bodyguard: 0, guard: { team: 'town', protect: { self: false, repeat: false } } } });
    expect(rulesLine(rules)).toBe(`rules ${rules.hash}: the werewolf preset at 12 players, with roles.bodyguard=0, roles.guard=1, define.guard`);
  });
});

describe('passes in the log', () => {
  it("a Vigilante holding his bullet and a club Maniac abstaining are logged each night they do, with the club players", async () => {
    // Game 4: the first of seed 1 whose Vigilante lives to hold his bullet with these players.
    const r = await cli(['replay', '--rules', 'rules/mafia-allstars.yaml', '--game', '4'], {});
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^ {2}#\d+ \(Vigilante\) holds fire$/m);
    const club = await cli(['replay', '--rules', 'club', '--game', '7']);
    expect(club.stdout).toMatch(/^ {2}#7 \(Maniac\) abstains: kills nobody$/m);
  });
});
