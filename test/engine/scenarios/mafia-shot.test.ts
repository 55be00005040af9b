// The mafia's shot: mafia.killRule (don-decides, unanimous, plurality),
// mafia.donSuccession, the Putana's shot when the Mafia are gone
// (putana.shootsWhenAlone) and what the Putana and the Mafia know of each
// other (putana.knowsMafia).

import { describe, expect, it } from 'vitest';
import { Team } from '../../../src/engine/roles.js';
import { play } from '../../helpers/scenario.js';
import { PASS, type ScriptedProvider } from '../../helpers/scripted.js';

// Seats: 0 civ, 1 don, 2-3 maf, 4 put, 5 com, 6 doc, 7 man, 8-11 civ.
const CLUB = 'civ don maf maf put com doc man civ civ civ civ';
const DON = 1;
const MAF = 2;
const MAF2 = 3;
const PUT = 4;
const CIV = 8;
const CIV2 = 9;
const ONE_NIGHT = { 'limits.maxDays': 1 };
const EVERYONE = [...Array(12).keys()];

/** Day 1: everyone but the Don votes him out. */
const lynchDon = (p: ScriptedProvider): ScriptedProvider => p.allVote(1, EVERYONE.filter((s) => s !== DON), DON);

describe('mafia.killRule = don-decides', () => {
  it('only the Don is asked; he may not pass and may not shoot a known mate', () => {
    const r = play({ preset: 'club', deal: CLUB, options: ONE_NIGHT, script: (p) => p.on(DON, 'shoot', 1, CIV) });
    const asked = r.provider.asked.filter((a) => a.choice === 'shoot');
    expect(asked.map((a) => a.seat)).toEqual([DON]);
    expect(asked[0]!.mayPass).toBe(false);
    expect(asked[0]!.options).toEqual([0, 5, 6, 7, 8, 9, 10, 11]);
    expect(r.cause(CIV)).toBe('mafia');
  });

  it.each([
    [true, 'the next living Mafia decides'],
    [false, 'nobody shoots'],
  ])('mafia.donSuccession=%s: with the Don dead %s', (succession) => {
    const r = play({
      preset: 'club',
      deal: CLUB,
      options: { 'limits.maxDays': 1, 'mafia.donSuccession': succession },
      script: (p) => {
        lynchDon(p);
        if (succession) p.on(MAF, 'shoot', 1, CIV);
      },
    });
    expect(r.cause(DON)).toBe('lynch');
    const shooters = r.provider.asked.filter((a) => a.choice === 'shoot').map((a) => a.seat);
    expect(shooters).toEqual(succession ? [MAF] : []);
    expect(r.alive(CIV)).toBe(!succession);
    expect(r.living()).toHaveLength(succession ? 10 : 11);
  });
});

describe('mafia.killRule = unanimous', () => {
  const unanimous = { ...ONE_NIGHT, 'mafia.killRule': 'unanimous' };

  it('every Mafia is asked and may pass', () => {
    const r = play({ preset: 'club', deal: CLUB, options: unanimous });
    const asked = r.provider.asked.filter((a) => a.choice === 'shoot');
    expect(asked.map((a) => [a.seat, a.mayPass])).toEqual([
      [DON, true],
      [MAF, true],
      [MAF2, true],
    ]);
    expect(r.living()).toHaveLength(12);
  });

  it('agreeing requests kill', () => {
    const r = play({ preset: 'club', deal: CLUB, options: unanimous, script: (p) => p.on(DON, 'shoot', 1, CIV).on(MAF, 'shoot', 1, CIV).on(MAF2, 'shoot', 1, CIV) });
    expect(r.cause(CIV)).toBe('mafia');
  });

  it('a split request kills nobody', () => {
    const r = play({ preset: 'club', deal: CLUB, options: unanimous, script: (p) => p.on(DON, 'shoot', 1, CIV).on(MAF, 'shoot', 1, CIV).on(MAF2, 'shoot', 1, CIV2) });
    expect(r.living()).toHaveLength(12);
    expect(r.events('shot-failed').map((e) => e.reason)).toEqual(['split']);
  });

  it('a Mafia who names nobody is ignored', () => {
    const r = play({ preset: 'club', deal: CLUB, options: unanimous, script: (p) => p.on(DON, 'shoot', 1, PASS).on(MAF, 'shoot', 1, CIV).on(MAF2, 'shoot', 1, CIV) });
    expect(r.cause(CIV)).toBe('mafia');
  });

  it('without the Don the rest still shoot, whatever mafia.donSuccession says', () => {
    const r = play({
      preset: 'club',
      deal: CLUB,
      options: { ...unanimous, 'mafia.donSuccession': false },
      script: (p) => lynchDon(p).on(MAF, 'shoot', 1, CIV).on(MAF2, 'shoot', 1, CIV),
    });
    expect(r.cause(CIV)).toBe('mafia');
  });
});

describe('mafia.killRule = plurality', () => {
  const plurality = { ...ONE_NIGHT, 'mafia.killRule': 'plurality' };

  it('the most named target is shot, and the kill is credited to one who named him', () => {
    const r = play({ preset: 'club', deal: CLUB, options: plurality, script: (p) => p.on(DON, 'shoot', 1, CIV2).on(MAF, 'shoot', 1, CIV).on(MAF2, 'shoot', 1, CIV) });
    expect(r.cause(CIV)).toBe('mafia');
    expect(r.alive(CIV2)).toBe(true);
    const kill = r.events('kill').find((k) => k.seat === CIV)!;
    expect([MAF, MAF2]).toContain(kill.by);
  });

  it('a tie kills nobody', () => {
    const r = play({ preset: 'club', deal: CLUB, options: plurality, script: (p) => p.on(DON, 'shoot', 1, CIV).on(MAF, 'shoot', 1, CIV2).on(MAF2, 'shoot', 1, PASS) });
    expect(r.living()).toHaveLength(12);
    expect(r.events('shot-failed').map((e) => e.reason)).toEqual(['split']);
  });
});

describe('the Putana when every Mafia is dead', () => {
  // Seats: 0 civ, 1 don, 2 put, 3 com, 4 doc, 5 man, 6-7 civ.
  const SMALL = 'civ don put com doc man civ civ';
  const P = 2;
  const lynchOnlyDon = (p: ScriptedProvider): ScriptedProvider => p.allVote(1, [0, 2, 3, 4, 5, 6, 7], 1);

  it.each([
    ['don-decides', true],
    ['don-decides', false],
    ['unanimous', true],
  ])('killRule=%s, donSuccession=%s: she shoots and keeps freezing', (rule, succession) => {
    const r = play({
      preset: 'club',
      deal: SMALL,
      options: { 'limits.maxDays': 1, 'mafia.killRule': rule, 'mafia.donSuccession': succession },
      script: (p) => lynchOnlyDon(p).on(P, 'shoot', 1, 6).on(P, 'freeze', 1, 3),
    });
    expect(r.cause(6)).toBe('mafia');
    expect(r.events('frozen').map((e) => e.seat)).toEqual([3]);
    expect(r.provider.askedOf(P, 'shoot')[0]!.mayPass).toBe(rule !== 'don-decides');
  });

  it('she does not shoot while a Mafia lives', () => {
    const r = play({ preset: 'club', deal: SMALL, options: ONE_NIGHT, script: (p) => p.on(1, 'shoot', 1, 6) });
    expect(r.provider.askedOf(P, 'shoot')).toEqual([]);
  });

  it('putana.shootsWhenAlone=false: she only freezes', () => {
    const r = play({ preset: 'club', deal: SMALL, options: { 'limits.maxDays': 1, 'putana.shootsWhenAlone': false }, script: lynchOnlyDon });
    expect(r.provider.askedOf(P, 'shoot')).toEqual([]);
    expect(r.provider.askedOf(P, 'freeze')).toHaveLength(1);
    expect(r.living()).toHaveLength(7);
  });
});

describe('putana.knowsMafia', () => {
  it('true: she and the Mafia know each other; the Don cannot shoot her', () => {
    const r = play({ preset: 'club', deal: CLUB, options: ONE_NIGHT });
    expect(r.provider.view(PUT).known[DON]).toBe(Team.Mafia);
    expect(r.provider.view(DON).known[PUT]).toBe(Team.Mafia);
    expect(r.provider.events(PUT, 'mates')[0]!.seats).toEqual([DON, MAF, MAF2, PUT]);
    expect(r.provider.askedOf(DON, 'shoot')[0]!.options).not.toContain(PUT);
  });

  it('false: neither side knows the other; the Mafia still know each other', () => {
    const r = play({ preset: 'club', deal: CLUB, options: { ...ONE_NIGHT, 'putana.knowsMafia': false } });
    expect(r.provider.view(PUT).known[DON]).toBe(-1);
    expect(r.provider.view(DON).known[PUT]).toBe(-1);
    expect(r.provider.view(DON).known[MAF]).toBe(Team.Mafia);
    expect(r.provider.events(PUT, 'mates')).toEqual([]);
    expect(r.provider.events(DON, 'mates')[0]!.seats).toEqual([DON, MAF, MAF2]);
    expect(r.provider.askedOf(DON, 'shoot')[0]!.options).toContain(PUT);
  });
});
