// Roles defined in a rules file (docs/rules.md section 8): a definition
// plays as the built-in row it spells out (a Bodyguard defined in YAML plays
// the same games as the built-in one), goes into the canonical rules and
// hash (so two different definitions never share one, and the presets'
// hashes stay what they were), round-trips through the canonical string,
// and a bad one is refused in one line naming the field and a valid fix.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { RandomProvider } from '../../src/agents/random.js';
import type { LoggedEvent } from '../../src/engine/events.js';
import { Game } from '../../src/engine/game.js';
import { formatLog } from '../../src/engine/logText.js';
import { Role } from '../../src/engine/roles.js';
import { RulesError, resolveRules, rulesFromCanonical, type RulesDoc } from '../../src/engine/rules.js';

const GUARD_YAML = `
preset: werewolf
roles:
  bodyguard: 0
  guard:
    team: town
    label: Bodyguard
    protect: {self: true, repeat: false}
`;
const guardDoc = (): RulesDoc => parseYaml(GUARD_YAML) as RulesDoc;

function refusal(doc: RulesDoc, set: string[] = []): RulesError {
  try {
    resolveRules(doc, { set });
  } catch (e) {
    if (e instanceof RulesError) return e;
    throw e;
  }
  throw new Error('the rules were accepted');
}

describe('a role defined in a rules file', () => {
  it('plays the same games as the built-in row it spells out (a Bodyguard, on the same deals)', () => {
    const builtin = resolveRules('werewolf');
    const custom = resolveRules(guardDoc());
    const guard = custom.book.idOf('guard')!;
    expect(guard).toBeGreaterThanOrEqual(19);
    expect(custom.roles[guard]).toBe(1);
    expect(custom.roles[Role.Bodyguard]).toBe(0);
    const a = new Game(builtin);
    const b = new Game(custom);
    const name = (rules: typeof builtin) => (r: number) => rules.book.specs[r]!.label;
    let differentOutcomes = 0;
    for (let k = 0; k < 200; k++) {
      // A deal of the built-in game, and the same seats with the defined role where the Bodyguard sat.
      const probe = new Game(builtin);
      probe.play(5, k, new RandomProvider());
      const dealA = Array.from(probe.table.dealt);
      const dealB = dealA.map((r) => (r === Role.Bodyguard ? guard : r));
      const logA: LoggedEvent[] = [];
      const logB: LoggedEvent[] = [];
      const oa = a.play(5, k, new RandomProvider(), { deal: dealA, log: logA });
      const ob = b.play(5, k, new RandomProvider(), { deal: dealB, log: logB });
      expect(formatLog(logB, [], name(custom))).toBe(formatLog(logA, [], name(builtin)));
      expect(ob).toBe(oa);
      if (oa !== 0) differentOutcomes++;
    }
    // The games were real games: both teams won some.
    expect(differentOutcomes).toBeGreaterThan(0);
    expect(differentOutcomes).toBeLessThan(200);
  });

  it('a different definition is a different game: fewer saves without self-protection', () => {
    const doc = guardDoc();
    (doc.roles!['guard'] as Record<string, unknown>)['protect'] = { self: false, repeat: false };
    const selfless = resolveRules(doc);
    expect(selfless.hash).not.toBe(resolveRules(guardDoc()).hash);
    expect(selfless.book.selfAllowed[selfless.book.idOf('guard')!]).toBe(0);
  });

  it('the canonical rules carry the definition in its normal form: one definition spelt two ways is one game', () => {
    const a = resolveRules(guardDoc());
    const spelt = parseYaml(`
preset: werewolf
roles:
  guard: {team: town, count: 1, label: Bodyguard, protect: {repeat: 1, stops: [bomb, vigilante, kamikaze, hunt, maniac, mafia]}}
  bodyguard: 0
`) as RulesDoc;
    const b = resolveRules(spelt);
    expect(b.canonical).toBe(a.canonical);
    expect(JSON.parse(a.canonical).define.guard).toMatchObject({ team: 'town', label: 'Bodyguard', protect: { self: true, repeat: 1 } });
  });

  it('the presets\' canonical rules and hashes are unchanged (the golden logs\' headers)', () => {
    for (const name of ['club', 'forum', 'classic', 'forum-hunting-notes']) {
      // The header: the replay command, then the rules' hash (the hash of the canonical string, which the line no longer prints).
      const [command, rulesLine] = readFileSync(join(import.meta.dirname, '../golden', `${name}.txt`), 'utf8').split('\n');
      const hash = /^# rules ([0-9a-f]{16}): /.exec(rulesLine!)![1];
      const words = command!.split(' ');
      const arg = (flag: string): string[] => words.flatMap((w, i) => (w === flag ? [words[i + 1]!] : []));
      const players = arg('--players')[0];
      const rules = resolveRules(arg('--rules')[0]!, { ...(players ? { players: Number(players) } : {}), set: arg('--set') });
      expect(rules.hash, name).toBe(hash);
      const back = rulesFromCanonical(rules.canonical);
      expect(back.canonical).toBe(rules.canonical);
      expect(back.hash).toBe(hash);
      expect(rules.canonical).not.toContain('define');
    }
  });

  it('round-trips through the canonical string, counts set with --set included', () => {
    const r = resolveRules(guardDoc(), { set: ['roles.guard=2', 'players=13'] });
    expect(r.roles[r.book.idOf('guard')!]).toBe(2);
    const back = rulesFromCanonical(r.canonical, 'werewolf');
    expect(back.canonical).toBe(r.canonical);
    expect(back.hash).toBe(r.hash);
    expect(back.book.specs.map((s) => s.key)).toEqual(r.book.specs.map((s) => s.key));
  });

  it('a new option at a value other than its default is in the canonical rules; at its default it is not', () => {
    expect(resolveRules('club').canonical).not.toContain('don.checks');
    const r = resolveRules('club', { set: ['don.checks=true'] });
    expect(r.canonical).toContain('"don.checks":true');
    expect(rulesFromCanonical(resolveRules('sports', { set: ['vote.procedure=plurality'] }).canonical, 'sports').options['vote.procedure']).toBe('plurality');
  });

  it('can take any ability of the vocabulary: a one-shot silencer who sees the clan', () => {
    const r = resolveRules({ preset: 'classic', players: 9, mafia: 2, roles: { witch: { team: 'mafia', seesClan: true, wakesWithClan: false, counted: false, silence: { votes: false } } } });
    const w = r.book.idOf('witch')!;
    expect([r.book.action[w], r.book.seesClan[w], r.book.clan[w], r.book.silencedVotes[w], r.book.side[w]]).toEqual([7, 1, 0, 0, 0]);
  });
});

describe("a defined role's pass (issue 22's logged passes, for a row of the vocabulary)", () => {
  /** The log lines of a Warden passing, and the pass events, over 100 random games of a rules file defining him. */
  function wardenPasses(mayPass: boolean): { lines: string[]; events: number } {
    const rules = resolveRules({ preset: 'werewolf', roles: { bodyguard: 0, warden: { team: 'town', protect: { mayPass } } } });
    const warden = rules.book.idOf('warden')!;
    const game = new Game(rules);
    const lines: string[] = [];
    let events = 0;
    for (let k = 0; k < 100; k++) {
      const log: LoggedEvent[] = [];
      game.play(3, k, new RandomProvider(), { log });
      const dealt = log.find((l) => l.event.type === 'deal')!.event as Extract<LoggedEvent['event'], { type: 'deal' }>;
      events += log.filter((l) => l.event.type === 'pass' && dealt.roles[l.event.seat] === warden).length;
      lines.push(...formatLog(log, [], (r) => rules.book.specs[r]!.label).split('\n').filter((l) => l.includes('(Warden) passes')));
    }
    return { lines, events };
  }

  it('is logged under his own label where his row lets him pass, and never where it does not', () => {
    const may = wardenPasses(true);
    expect(may.events).toBeGreaterThan(0);
    expect(may.lines).toHaveLength(may.events);
    for (const line of may.lines) expect(line).toMatch(/^ {2}#\d+ \(Warden\) passes: heals nobody$/);
    expect(wardenPasses(false)).toEqual({ lines: [], events: 0 });
  });
});

describe('a bad definition is refused in one line naming the field', () => {
  const bad = (roles: Record<string, unknown>): RulesError => refusal({ preset: 'werewolf', roles });
  it.each([
    ['an unknown field, with the nearest one', { guard: { team: 'town', protect: { sefl: false } } }, 'roles.guard.protect.sefl', /unknown field \(did you mean "self"\?\); fields here: self, repeat/],
    ['a missing team', { guard: { protect: {} } }, 'roles.guard.team', /missing; use one of town, mafia, loner/],
    ['a bad team', { guard: { team: 'red' } }, 'roles.guard.team', /got "red"; use one of town, mafia, loner/],
    ['a bad value type', { guard: { team: 'town', lastShot: 'yes' } }, 'roles.guard.lastShot', /got "yes"; give true or false/],
    ['a bad repeat', { guard: { team: 'town', protect: { repeat: 0 } } }, 'roles.guard.protect.repeat', /got 0; use at least 1/],
    ['two night abilities', { guard: { team: 'town', protect: {}, check: {} } }, 'roles.guard.check', /at most one night ability/],
    ['an unknown role named', { guard: { team: 'town', onShot: 'turns', turnsInto: 'wolff' } }, 'roles.guard.turnsInto', /unknown role "wolff"/],
    ['a town role in the shot', { guard: { team: 'town', shoots: true } }, 'roles.guard.shoots', /set team: mafia/],
    ['a built-in key', { bodyguard: { team: 'town' } }, 'roles.bodyguard', /built-in Bodyguard: give it a count \(roles\.bodyguard: 1\)/],
    ['a bad key', { 'Big Guard': { team: 'town' } }, 'roles.Big Guard', /lower case letters/],
  ])('%s', (_what, roles, field, message) => {
    const e = bad(roles);
    expect(e.field).toBe(field);
    expect(e.message.startsWith(`${field}: `)).toBe(true);
    expect(e.message).not.toMatch(/\n/);
    expect(e.message).toMatch(message);
  });

  it('the fix a refusal offers is valid: a count for the built-in role', () => {
    expect(resolveRules({ preset: 'werewolf', roles: { bodyguard: 1 } }).roles[Role.Bodyguard]).toBe(1);
    expect(resolveRules({ preset: 'werewolf', roles: { 'my-bodyguard': { team: 'town' } } }).book.idOf('my-bodyguard')).toBeDefined();
  });

  it('an unknown role in --set names the way to define one', () => {
    const e = refusal(guardDoc(), ['roles.gaurd=2']);
    expect(e.field).toBe('roles.gaurd');
    expect(e.message).toMatch(/did you mean roles\.guard\?/);
  });
});

