// The club night (docs/rules.md section 1): freeze, heal, the Maniac, the
// Commissar's check, and the options that shape them.

import { describe, expect, it } from 'vitest';
import { Team } from '../../../src/engine/roles.js';
import { play } from '../../helpers/scenario.js';
import { PASS } from '../../helpers/scripted.js';

// Seats: 0 civ, 1 don, 2-3 maf, 4 put, 5 com, 6 doc, 7 man, 8-11 civ.
const CLUB = 'civ don maf maf put com doc man civ civ civ civ';
const DON = 1;
const PUT = 4;
const COM = 5;
const DOC = 6;
const MAN = 7;
const CIV = 8;
const CIV2 = 9;

/** Day 1 votes spread one each (no lynch); night 1 is the only night. */
const ONE_NIGHT = { 'limits.maxDays': 1 };

describe('heal', () => {
  it('a healed player survives the mafia shot and the Maniac together', () => {
    const r = play({
      preset: 'club',
      deal: CLUB,
      options: ONE_NIGHT,
      script: (p) => p.on(DON, 'shoot', 1, CIV).on(MAN, 'maniac-kill', 1, CIV).on(DOC, 'heal', 1, CIV),
    });
    expect(r.alive(CIV)).toBe(true);
    expect(r.events('saved').map((e) => e.seat)).toEqual([CIV, CIV]);
    expect(r.living()).toHaveLength(12);
  });

  it('without the heal the same two shots kill, and the mafia shot is the recorded cause', () => {
    const r = play({
      preset: 'club',
      deal: CLUB,
      options: ONE_NIGHT,
      script: (p) => p.on(DON, 'shoot', 1, CIV).on(MAN, 'maniac-kill', 1, CIV).on(DOC, 'heal', 1, CIV2),
    });
    expect(r.alive(CIV)).toBe(false);
    expect(r.cause(CIV)).toBe('mafia');
    expect(r.living()).toHaveLength(11);
  });

  it('the Doctor may heal himself', () => {
    const r = play({
      preset: 'club',
      deal: CLUB,
      options: ONE_NIGHT,
      script: (p) => p.on(DON, 'shoot', 1, DOC).on(DOC, 'heal', 1, DOC),
    });
    expect(r.provider.askedOf(DOC, 'heal')[0]!.options).toContain(DOC);
    expect(r.alive(DOC)).toBe(true);
  });

  it.each([
    [true, true],
    [false, false],
  ])('doctor.savesFromManiac=%s: the healed target of the Maniac survives: %s', (saves, survives) => {
    const r = play({
      preset: 'club',
      deal: CLUB,
      options: { ...ONE_NIGHT, 'doctor.savesFromManiac': saves },
      script: (p) => p.on(MAN, 'maniac-kill', 1, CIV).on(DOC, 'heal', 1, CIV),
    });
    expect(r.alive(CIV)).toBe(survives);
    if (!survives) expect(r.cause(CIV)).toBe('maniac');
  });

  it('doctor.savesFromManiac=false still saves from the mafia: a double hit dies of the Maniac', () => {
    const r = play({
      preset: 'club',
      deal: CLUB,
      options: { ...ONE_NIGHT, 'doctor.savesFromManiac': false },
      script: (p) => p.on(DON, 'shoot', 1, CIV).on(MAN, 'maniac-kill', 1, CIV).on(DOC, 'heal', 1, CIV),
    });
    expect(r.cause(CIV)).toBe('maniac');
    expect(r.events('saved').map((e) => e.from)).toEqual([1]); // DeathCause.Mafia
  });

  it.each([
    [2, [true, true, false]],
    [1, [true, false, true]],
    [3, [true, true, true]],
  ])('doctor.maxSameTarget=%i: may heal the same player on nights 1, 2, 3: %j', (max, allowed) => {
    const r = play({
      preset: 'club',
      deal: CLUB,
      options: { 'doctor.maxSameTarget': max, 'limits.maxDays': 3, 'mafia.killRule': 'unanimous' },
      // Heal CIV whenever allowed, else CIV2: the limit alone decides.
      script: (p) => p.fallbackFor(DOC, 'heal', (_v, d) => (d.options.includes(CIV) ? CIV : CIV2)),
    });
    const heals = r.provider.askedOf(DOC, 'heal');
    expect(heals.map((a) => a.options.includes(CIV))).toEqual(allowed);
  });

  it('a heal lost to the freeze still counts toward the Doctor\'s limit', () => {
    const r = play({
      preset: 'club',
      deal: CLUB,
      options: { 'doctor.maxSameTarget': 1, 'limits.maxDays': 2, 'mafia.killRule': 'unanimous' },
      script: (p) => p.on(PUT, 'freeze', 1, DOC).on(DOC, 'heal', 1, CIV),
    });
    expect(r.events('blocked').map((e) => e.seat)).toEqual([DOC]);
    expect(r.provider.askedOf(DOC, 'heal')[1]!.options).not.toContain(CIV);
  });

  it('a night spent elsewhere restarts the Doctor\'s count', () => {
    const r = play({
      preset: 'club',
      deal: CLUB,
      options: { 'doctor.maxSameTarget': 1, 'limits.maxDays': 3, 'mafia.killRule': 'unanimous' },
      script: (p) => p.on(DOC, 'heal', 1, CIV).on(DOC, 'heal', 2, CIV2).on(DOC, 'heal', 3, CIV),
    });
    expect(r.provider.askedOf(DOC, 'heal')[1]!.options).not.toContain(CIV);
  });
});

describe('freeze', () => {
  it('a frozen Doctor heals nobody, himself included', () => {
    const r = play({
      preset: 'club',
      deal: CLUB,
      options: ONE_NIGHT,
      script: (p) => p.on(PUT, 'freeze', 1, DOC).on(DOC, 'heal', 1, DOC).on(DON, 'shoot', 1, DOC),
    });
    expect(r.alive(DOC)).toBe(false);
    expect(r.cause(DOC)).toBe('mafia');
    expect(r.events('blocked').map((e) => e.seat)).toEqual([DOC]);
  });

  it('a frozen Doctor\'s heal on another player is lost too', () => {
    const r = play({
      preset: 'club',
      deal: CLUB,
      options: ONE_NIGHT,
      script: (p) => p.on(PUT, 'freeze', 1, DOC).on(DOC, 'heal', 1, CIV).on(DON, 'shoot', 1, CIV),
    });
    expect(r.cause(CIV)).toBe('mafia');
  });

  it('a frozen Maniac kills nobody', () => {
    const r = play({
      preset: 'club',
      deal: CLUB,
      options: ONE_NIGHT,
      script: (p) => p.on(PUT, 'freeze', 1, MAN).on(MAN, 'maniac-kill', 1, CIV),
    });
    expect(r.alive(CIV)).toBe(true);
    expect(r.events('blocked').map((e) => e.seat)).toEqual([MAN]);
  });

  it('a frozen Commissar learns nothing', () => {
    const r = play({
      preset: 'club',
      deal: CLUB,
      options: ONE_NIGHT,
      script: (p) => p.on(PUT, 'freeze', 1, COM).on(COM, 'check', 1, DON),
    });
    expect(r.events('check')).toEqual([]);
    expect(r.provider.view(COM).known[DON]).toBe(-1);
  });

  it('freezing the Don changes nothing: the shot still kills', () => {
    const r = play({
      preset: 'club',
      deal: CLUB,
      options: ONE_NIGHT,
      script: (p) => p.on(PUT, 'freeze', 1, DON).on(DON, 'shoot', 1, CIV).on(DOC, 'heal', 1, CIV2),
    });
    expect(r.cause(CIV)).toBe('mafia');
  });

  it('the frozen player is told, the Putana cannot freeze herself', () => {
    const r = play({ preset: 'club', deal: CLUB, options: ONE_NIGHT, script: (p) => p.on(PUT, 'freeze', 1, CIV) });
    expect(r.provider.events(CIV, 'frozen')).toHaveLength(1);
    expect(r.provider.askedOf(PUT, 'freeze')[0]!.options).not.toContain(PUT);
  });

  it.each([
    [true, true],
    [false, false],
  ])('doctor.blocksFreeze=%s: a frozen and healed Commissar still checks: %s', (blocks, checks) => {
    const r = play({
      preset: 'club',
      deal: CLUB,
      options: { ...ONE_NIGHT, 'doctor.blocksFreeze': blocks },
      script: (p) => p.on(PUT, 'freeze', 1, COM).on(DOC, 'heal', 1, COM).on(COM, 'check', 1, DON),
    });
    expect(r.events('check').length).toBe(checks ? 1 : 0);
  });

  it.each([
    [2, [true, true, false, true]],
    [1, [true, false, true, false]],
    [3, [true, true, true, false]],
  ])('putana.maxSameTarget=%i: may freeze the same player on nights 1-4: %j', (max, allowed) => {
    const r = play({
      preset: 'club',
      deal: CLUB,
      options: { 'putana.maxSameTarget': max, 'limits.maxDays': 4, 'mafia.killRule': 'unanimous' },
      script: (p) => p.fallbackFor(PUT, 'freeze', (_v, d) => (d.options.includes(CIV) ? CIV : CIV2)),
    });
    expect(r.provider.askedOf(PUT, 'freeze').map((a) => a.options.includes(CIV))).toEqual(allowed);
  });

  it('an illegal scripted freeze fails the test loudly', () => {
    expect(() =>
      play({
        preset: 'club',
        deal: CLUB,
        options: { 'putana.maxSameTarget': 1, 'limits.maxDays': 2, 'mafia.killRule': 'unanimous' },
        script: (p) => p.on(PUT, 'freeze', 1, CIV).on(PUT, 'freeze', 2, CIV),
      }),
    ).toThrow(/scripted answer not legal: seat 4 freeze day 2/);
  });
});

describe('the Maniac', () => {
  it.each([
    [true, true],
    [false, false],
  ])('maniac.mayAbstain=%s: he may pass: %s', (may, passes) => {
    const r = play({ preset: 'club', deal: CLUB, options: { ...ONE_NIGHT, 'maniac.mayAbstain': may } });
    expect(r.provider.askedOf(MAN, 'maniac-kill')[0]!.mayPass).toBe(passes);
  });

  it('an abstaining Maniac kills nobody', () => {
    const r = play({ preset: 'club', deal: CLUB, options: { ...ONE_NIGHT, 'mafia.killRule': 'unanimous' }, script: (p) => p.on(MAN, 'maniac-kill', 1, PASS) });
    expect(r.living()).toHaveLength(12);
  });

  it('a Maniac who must kill cannot pass', () => {
    expect(() =>
      play({ preset: 'club', deal: CLUB, options: { ...ONE_NIGHT, 'maniac.mayAbstain': false }, script: (p) => p.on(MAN, 'maniac-kill', 1, PASS) }),
    ).toThrow(/no pass/);
  });

  it('the Maniac may kill a Mafia', () => {
    const r = play({ preset: 'club', deal: CLUB, options: ONE_NIGHT, script: (p) => p.on(MAN, 'maniac-kill', 1, DON) });
    expect(r.cause(DON)).toBe('maniac');
  });
});

describe('the Commissar\'s check', () => {
  it.each([
    [DON, true, Team.Mafia],
    [2, true, Team.Mafia],
    [PUT, true, Team.Mafia],
    [MAN, false, Team.Town],
    [DOC, false, Team.Town],
    [CIV, false, Team.Town],
  ])('club: seat %i checks %s', (target, black, known) => {
    const r = play({ preset: 'club', deal: CLUB, options: ONE_NIGHT, script: (p) => p.on(COM, 'check', 1, target) });
    const checks = r.provider.events(COM, 'check');
    expect(checks.map((c) => [c.target, c.black])).toEqual([[target, black]]);
    expect(r.provider.view(COM).known[target]).toBe(known);
  });

  it('the check is private: nobody else observes it', () => {
    const r = play({ preset: 'club', deal: CLUB, options: ONE_NIGHT, script: (p) => p.on(COM, 'check', 1, DON) });
    for (let s = 0; s < 12; s++) if (s !== COM) expect(r.provider.events(s, 'check')).toEqual([]);
  });

  it('the Commissar cannot check himself', () => {
    const r = play({ preset: 'club', deal: CLUB, options: ONE_NIGHT });
    expect(r.provider.askedOf(COM, 'check')[0]!.options).not.toContain(COM);
  });
});
