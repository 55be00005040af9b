// resolveRules on bad input (every refusal names the field to change) and
// the canonical form: equal for equivalent inputs whatever their route
// (preset, rules document, --set, aliases, number spellings), different as
// soon as any option or count differs.

import { describe, expect, it } from 'vitest';
import { OPTION_SPECS, type OptionSpec, type OptionValue } from '../../src/engine/options.js';
import { PRESET_NAMES } from '../../src/engine/presets.js';
import { ROLES, Role } from '../../src/engine/roles.js';
import { RulesError, resolveRules, rulesFromCanonical, type RulesDoc, type RulesOverrides } from '../../src/engine/rules.js';

/** The RulesError that resolving these inputs throws (fails the test if none). */
function refusal(doc: RulesDoc | string, overrides?: RulesOverrides): RulesError {
  try {
    resolveRules(doc, overrides);
  } catch (e) {
    if (e instanceof RulesError) return e;
    throw e;
  }
  throw new Error(`resolveRules accepted ${JSON.stringify([doc, overrides])}`);
}

describe('resolveRules refuses bad input, naming the field', () => {
  it.each<[string, RulesDoc | string, RulesOverrides | undefined, string]>([
    ['unknown option key in --set', 'club', { set: ['vote.tied=random'] }, 'vote.tied'],
    ['unknown option key in a rules file', { preset: 'club', options: { 'hunt.enbled': true } }, undefined, 'hunt.enbled'],
    ['unknown enum value', 'club', { set: ['vote.tie=coin'] }, 'vote.tie'],
    ['a boolean spelled yes', 'forum', { set: ['revealOnDeath=yes'] }, 'revealOnDeath'],
    ['a rate above 1', 'forum', { set: ['lynch.minShare=3/2'] }, 'lynch.minShare'],
    ['a fraction over zero', 'forum', { set: ['lynch.minShare=1/0'] }, 'lynch.minShare'],
    ['an int below its minimum', 'club', { set: ['doctor.maxSameTarget=0'] }, 'doctor.maxSameTarget'],
    ['a fractional int', 'club', { set: ['putana.maxSameTarget=1.5'] }, 'putana.maxSameTarget'],
    ['a non-numeric int in a file', { preset: 'club', options: { 'limits.maxDays': 'forever' } }, undefined, 'limits.maxDays'],
    ['negative players', 'classic', { players: '-3' }, 'players'],
    ['non-numeric players', 'classic', { players: 'twelve' }, 'players'],
    ['zero players', 'classic', { players: 0 }, 'players'],
    ['negative mafia', 'classic', { mafia: -1 }, 'mafia'],
    ['fractional mafia in a file', { preset: 'classic', mafia: 2.5 }, undefined, 'mafia'],
    ['a negative role count', 'club', { set: ['roles.doctor=-1'] }, 'roles.doctor'],
    ['a non-numeric role count in a file', { preset: 'club', roles: { doctor: 'one' } }, undefined, 'roles.doctor'],
    ['an unknown role in --set', 'club', { set: ['roles.wizard=1'] }, 'roles.wizard'],
    ['an unknown role in a file', { preset: 'forum', roles: { wizard: 1 } }, undefined, 'roles.wizard'],
    ['--set without =', 'club', { set: ['revealOnDeath'] }, '--set'],
    ['an unknown key in a rules file', { preset: 'club', player: 12 } as RulesDoc, undefined, 'player'],
    ['an unknown preset', { preset: 'mafia-de-luxe' }, undefined, 'preset'],
    ['options that are not a mapping', { preset: 'club', options: ['revealOnDeath'] } as unknown as RulesDoc, undefined, 'options'],
  ])('%s', (_what, doc, overrides, field) => {
    const e = refusal(doc, overrides);
    expect(e.field).toBe(field);
    expect(e.message.startsWith(`${field}: `)).toBe(true);
    expect(e.message).not.toMatch(/\n/);
  });

  it('the message of a bad value says what is allowed', () => {
    expect(refusal('club', { set: ['vote.tie=coin'] }).message).toMatch(/revote-then-none, random, none, revote-then-all/);
    expect(refusal('club', { set: ['doctor.maxSameTarget=0'] }).message).toMatch(/whole number from 1/);
  });
});

describe('resolveRules refuses unplayable setups (docs/rules.md section 3)', () => {
  it.each<[string, string, RulesOverrides, string, RegExp]>([
    ['no Mafia: --mafia 0', 'classic', { mafia: 0 }, 'mafia', /at least one Mafia/],
    // The roles the user zeroed are named (a --mafia would be overridden by them), with a fix that plays.
    ['no Mafia: the club without Don and Mafia', 'club', { set: ['roles.don=0', 'roles.mafia=0'] }, 'roles.don', /at least one Mafia.*use --set roles.don=1/],
    ['Mafia at parity by --mafia', 'classic', { players: 6, mafia: 3 }, 'mafia', /3 Black against 3 others.*at most 2 Black/],
    // The club's Putana is Black too: 4 Mafia + Putana against 5 of 10.
    ['Mafia at parity in the club, the Putana counted', 'club', { players: 10, mafia: 4 }, 'mafia', /5 Black against 5 others/],
    ['Mafia at parity by a role count', 'club', { set: ['roles.don=5'] }, 'roles.don', /8 Black against 4 others/],
    ['a Sergeant without a Commissar', 'classic', { set: ['roles.sergeant=1'] }, 'roles.sergeant', /needs a Commissar/],
    ['a Sergeant whose Commissar was removed', 'forum', { set: ['roles.commissar=0'] }, 'roles.sergeant', /needs a Commissar/],
    ['more special roles than players (players)', 'club', { players: 6 }, 'players', /7 special roles do not fit 6 players/],
    ['more special roles than players (a role count)', 'classic', { set: ['roles.doctor=13'] }, 'roles.doctor', /do not fit 12 players/],
    ['more special roles than players (mafia)', 'club', { mafia: 9 }, 'mafia', /13 special roles do not fit 12 players/],
    ['forum under 6 players', 'forum', { players: 5 }, 'players', /at least 6 players/],
    ['roles that disagree with players', 'classic', { players: 12, set: ['roles.civilian=3'] }, 'roles.civilian', /add up to 6/],
  ])('%s', (_what, preset, overrides, field, message) => {
    const e = refusal(preset, overrides);
    expect(e.field).toBe(field);
    expect(e.message).toMatch(message);
  });

  it('the smallest legal setups are accepted', () => {
    expect(resolveRules('forum', { players: 6 }).players).toBe(6);
    const three = resolveRules('classic', { players: 3, mafia: 1 });
    expect([three.roles[Role.Civilian], three.roles[Role.Mafia]]).toEqual([2, 1]);
    expect(resolveRules('club', { players: 9, mafia: 2 }).players).toBe(9);
  });
});

/** A value of `o` other than `current`, written as a user would. */
function otherValue(o: OptionSpec, current: OptionValue): string {
  switch (o.kind) {
    case 'bool':
      return String(!current);
    case 'enum':
      return o.values.find((v) => v !== current)!;
    case 'int':
      return String(current === o.min ? o.min + 1 : o.min);
    case 'rate':
      return current === 0.5 ? '0.25' : '1/2';
    case 'shots':
      return current === '1' ? '2@3,1' : '1';
  }
}

describe('canonical form and hash', () => {
  it('the same game from a preset, a rules document and --set is the same canonical string and hash', () => {
    const preset = resolveRules('classic');
    const options = preset.options as unknown as Record<string, OptionValue>;
    // A club document that spells out every option and role of the classic preset.
    const doc: RulesDoc = { preset: 'club', players: 12, roles: { don: 0, putana: 0, commissar: 0, doctor: 0, maniac: 0, mafia: 3 }, options: { ...options } };
    const viaSet = resolveRules('club', { set: ['roles.don=0', 'roles.putana=0', 'roles.commissar=0', 'roles.doctor=0', 'roles.maniac=0', 'roles.mafia=3', ...Object.entries(options).map(([k, v]) => `${k}=${v}`)] });
    for (const other of [resolveRules(doc), viaSet, resolveRules({ preset: 'classic' }), resolveRules('classic', { players: '12', mafia: '3' })]) {
      expect(other.canonical).toBe(preset.canonical);
      expect(other.hash).toBe(preset.hash);
    }
  });

  it('spellings do not matter: aliases, fractions, strings for numbers and booleans, key order', () => {
    const forum = resolveRules('forum');
    expect(resolveRules('forum', { set: ['lynch.minShare=1/4', 'revealOnDeath=true', 'roles.boss=1'] }).canonical).toBe(forum.canonical);
    expect(resolveRules({ preset: 'forum', options: { 'lynch.minShare': 0.25, revealOnDeath: true }, roles: { don: 1 } }).canonical).toBe(forum.canonical);
    expect(resolveRules('forum', { set: ['players=16'] }).hash).toBe(resolveRules('forum', { players: 16 }).hash);
    const a = resolveRules('club', { set: ['hunt.enabled=true', 'vote.tie=random'] });
    const b = resolveRules('club', { set: ['vote.tie=random', 'hunt.enabled=true'] });
    expect(a.canonical).toBe(b.canonical);
  });

  it('the canonical string rebuilds the same rules', () => {
    for (const p of PRESET_NAMES) {
      const r = resolveRules(p, { set: ['vote.tie=none', 'roles.putana=1'] });
      expect(rulesFromCanonical(r.canonical).canonical).toBe(r.canonical);
    }
  });

  it('an option added later (OptionBase.quiet) is left out of the canonical string at its default, kept otherwise, and rebuilt either way', () => {
    const quiet = OPTION_SPECS.filter((o) => o.quiet);
    expect(quiet.map((o) => o.key)).toContain('vote.mayAbstain');
    for (const p of PRESET_NAMES) {
      for (const o of quiet) {
        const atDefault = resolveRules(p, { set: [`${o.key}=${o.def}`] });
        expect(Object.keys(JSON.parse(atDefault.canonical).options), `${p} ${o.key}`).not.toContain(o.key);
        const other = otherValue(o, o.def);
        const changed = resolveRules(p, { set: [`${o.key}=${other}`] });
        const value = changed.options[o.key as keyof typeof changed.options];
        expect(value, `${p} ${o.key}`).not.toBe(o.def);
        expect(JSON.parse(changed.canonical).options[o.key], `${p} ${o.key}`).toBe(value);
        for (const r of [atDefault, changed]) {
          const back = rulesFromCanonical(r.canonical, 'forum');
          expect(back.canonical).toBe(r.canonical);
          expect(back.options[o.key as keyof typeof back.options]).toBe(r.options[o.key as keyof typeof r.options]);
        }
      }
    }
  });

  it.each(PRESET_NAMES)('in %s, changing any one option changes the canonical string and the hash', (p) => {
    const base = resolveRules(p);
    const current = base.options as unknown as Record<string, OptionValue>;
    const hashes = new Set([base.hash]);
    for (const o of OPTION_SPECS) {
      const changed = resolveRules(p, { set: [`${o.key}=${otherValue(o, current[o.key]!)}`] });
      expect(changed.canonical, o.key).not.toBe(base.canonical);
      hashes.add(changed.hash);
    }
    expect(hashes.size).toBe(OPTION_SPECS.length + 1);
  });

  it('changing a role count or the table size changes the hash', () => {
    const base = resolveRules('club');
    const variants = [
      resolveRules('club', { players: 13 }),
      resolveRules('club', { mafia: 4 }),
      ...ROLES.filter((r) => r.key !== 'civilian').map((r) => resolveRules('club', { set: [`roles.${r.key}=${base.roles[r.id] === 1 ? 0 : 1}`] })),
    ];
    const hashes = new Set(variants.map((v) => v.hash));
    expect(hashes.has(base.hash)).toBe(false);
    expect(hashes.size).toBe(variants.length);
  });
});
