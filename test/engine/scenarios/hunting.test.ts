// Hunting (docs/rules.md section 2): hunt.enabled, hunt.firstDay, hunt.onManiac,
// one hunt per turn, and what the Doctor saves from.

import { describe, expect, it } from 'vitest';
import { play, type OptionSet } from '../../helpers/scenario.js';

// Seats: 0 civ, 1 boss, 2 maf, 3 com, 4 doc, 5-7 civ.
const SMALL = 'civ boss maf com doc civ civ civ';
const BOSS = 1;
const MAF = 2;
const COM = 3;
const DOC = 4;
const H = 5;
const H2 = 6;
const CIV = 7;
/** Turn 2 is the first with hunting; nothing else happens unless scripted. */
const TWO_TURNS: OptionSet = { 'limits.maxDays': 2 };

describe('who hunts, and when', () => {
  it('hunt.enabled=false: nobody is asked', () => {
    const r = play({ preset: 'forum', deal: SMALL, options: { ...TWO_TURNS, 'hunt.enabled': false } });
    expect(r.provider.asked.filter((a) => a.choice === 'hunt')).toEqual([]);
  });

  it.each([
    [false, [2]],
    [true, [1, 2]],
  ])('hunt.firstDay=%s: hunting turns %j', (firstDay, days) => {
    const r = play({ preset: 'forum', deal: SMALL, options: { ...TWO_TURNS, 'hunt.firstDay': firstDay } });
    expect([...new Set(r.provider.askedOf(H, 'hunt').map((a) => a.day))]).toEqual(days);
  });

  it('Town players may hunt, the Mafia and the Maniac may not', () => {
    const r = play({ preset: 'forum', deal: 'civ boss maf com doc civ civ man civ', options: { ...TWO_TURNS, 'maniac.mayAbstain': true } });
    const hunters = r.provider.asked.filter((a) => a.choice === 'hunt').map((a) => a.seat);
    expect(hunters).toEqual([0, 3, 4, 5, 6, 8]);
    expect(r.provider.askedOf(5, 'hunt')[0]!.mayPass).toBe(true);
  });

  it('a hunter does not use his own ability that turn', () => {
    const r = play({ preset: 'forum', deal: SMALL, options: TWO_TURNS, script: (p) => p.on(COM, 'hunt', 2, CIV).on(DOC, 'hunt', 2, CIV) });
    expect(r.provider.askedOf(COM, 'check').map((a) => a.day)).toEqual([1]);
    expect(r.provider.askedOf(DOC, 'heal').map((a) => a.day)).toEqual([1]);
  });
});

describe('the hunt', () => {
  it('on a Mafia: the target dies', () => {
    const r = play({ preset: 'forum', deal: SMALL, options: TWO_TURNS, script: (p) => p.on(H, 'hunt', 2, MAF) });
    expect(r.cause(MAF)).toBe('hunt');
    expect(r.events('kill').find((k) => k.seat === MAF)!.by).toBe(H);
    expect(r.alive(H)).toBe(true);
  });

  it('on a Town player: the hunter dies and the target is not told', () => {
    const r = play({ preset: 'forum', deal: SMALL, options: TWO_TURNS, script: (p) => p.on(H, 'hunt', 2, CIV) });
    expect(r.cause(H)).toBe('hunt-miss');
    expect(r.alive(CIV)).toBe(true);
    expect(r.events('death').find((d) => d.seat === H)!.publicCause).toBe('night');
    const toTarget = r.provider.events(CIV).filter((e) => JSON.stringify(e).includes(`"seat":${H}`) && e.type !== 'death');
    expect(toTarget).toEqual([]);
  });

  it('on the Foundling before he turns: the hunter dies', () => {
    const r = play({ preset: 'forum', deal: 'civ boss maf com doc civ civ fou', options: TWO_TURNS, script: (p) => p.on(H, 'hunt', 2, 7) });
    expect(r.cause(H)).toBe('hunt-miss');
    expect(r.alive(7)).toBe(true);
  });

  it.each([
    ['hunter-dies', 5, 'hunt-miss'],
    ['target-dies', 7, 'hunt'],
  ])('hunt.onManiac=%s: seat %i dies (%s)', (rule, dead, cause) => {
    const r = play({
      preset: 'forum',
      deal: 'civ boss maf com doc civ civ man civ',
      options: { ...TWO_TURNS, 'maniac.mayAbstain': true, 'hunt.onManiac': rule },
      script: (p) => p.on(5, 'hunt', 2, 7),
    });
    expect(r.cause(dead)).toBe(cause);
    expect(r.living()).toHaveLength(8);
  });

  it('only one hunt is carried out, drawn at random', () => {
    const carried = new Set<number>();
    for (let game = 0; game < 16; game++) {
      const r = play({ preset: 'forum', deal: SMALL, game, options: TWO_TURNS, script: (p) => p.on(H, 'hunt', 2, BOSS).on(H2, 'hunt', 2, MAF).on(DOC, 'heal', 2, CIV) });
      const hunted = r.events('kill').filter((k) => k.cause === 3); // DeathCause.Hunt
      expect(hunted).toHaveLength(1);
      expect(r.living()).toHaveLength(7);
      carried.add(hunted[0]!.by);
    }
    expect([...carried].sort()).toEqual([H, H2]);
  });

  it('the Doctor saves the hunted', () => {
    const r = play({ preset: 'forum', deal: SMALL, options: TWO_TURNS, script: (p) => p.on(H, 'hunt', 2, MAF).on(DOC, 'heal', 2, MAF) });
    expect(r.alive(MAF)).toBe(true);
    expect(r.events('saved').map((e) => [e.seat, e.from])).toEqual([[MAF, 3]]);
  });

  it('the Doctor does not save a hunter from his failed hunt', () => {
    const r = play({ preset: 'forum', deal: SMALL, options: TWO_TURNS, script: (p) => p.on(H, 'hunt', 2, CIV).on(DOC, 'heal', 2, H) });
    expect(r.cause(H)).toBe('hunt-miss');
  });

  it('the Doctor does not save from the lynch', () => {
    // CIV gets seat 6's vote round the table and seat 0's: 2 of 8 is a quarter.
    const r = play({ preset: 'forum', deal: SMALL, options: TWO_TURNS, script: (p) => p.on(0, 'vote', 2, CIV).on(DOC, 'heal', 2, CIV) });
    expect(r.cause(CIV)).toBe('lynch');
  });

  it('a frozen hunter\'s hunt is lost (club game with hunting)', () => {
    const club = 'civ don maf maf put com doc man civ civ civ civ';
    const options = { 'limits.maxDays': 1, 'hunt.enabled': true, 'hunt.firstDay': true };
    const free = play({ preset: 'club', deal: club, options, script: (p) => p.on(8, 'hunt', 1, 1) });
    expect(free.cause(1)).toBe('hunt');
    const frozen = play({ preset: 'club', deal: club, options, script: (p) => p.on(8, 'hunt', 1, 1).on(4, 'freeze', 1, 8) });
    expect(frozen.alive(1)).toBe(true);
    expect(frozen.alive(8)).toBe(true);
  });
});
