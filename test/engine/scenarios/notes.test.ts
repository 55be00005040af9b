// Notes: the club Commissar's note (commissar.note) and the forum death note
// (deathNote.enabled).

import { describe, expect, it } from 'vitest';
import { Team } from '../../../src/engine/roles.js';
import { play, type OptionSet } from '../../helpers/scenario.js';
import { PASS } from '../../helpers/scripted.js';

describe('commissar.note', () => {
  // Seats: 0 civ, 1 don, 2-3 maf, 4 put, 5 com, 6 doc, 7 man, 8-11 civ.
  const CLUB = 'civ don maf maf put com doc man civ civ civ civ';
  const DON = 1;
  const PUT = 4;
  const COM = 5;
  const CIV = 8;
  const TWO_NIGHTS: OptionSet = { 'limits.maxDays': 2 };

  it('read out when the Commissar dies that night: everyone learns the result', () => {
    const r = play({
      preset: 'club',
      deal: CLUB,
      options: { 'limits.maxDays': 1 },
      script: (p) => p.on(COM, 'check', 1, DON).on(COM, 'commissar-note', 1, DON).on(DON, 'shoot', 1, COM),
    });
    expect(r.cause(COM)).toBe('mafia');
    expect(r.events('commissar-note')).toEqual([{ type: 'commissar-note', commissar: COM, target: DON, black: true, notMafiaOnly: false }]);
    expect(r.provider.view(CIV).known[DON]).toBe(Team.Mafia);
    expect(r.provider.events(CIV, 'commissar-note')).toHaveLength(1);
    const order = r.log.map((l) => l.event.type);
    expect(order.lastIndexOf('commissar-note')).toBeGreaterThan(order.indexOf('death'));
  });

  it('offered only for tonight\'s target', () => {
    const r = play({ preset: 'club', deal: CLUB, options: { 'limits.maxDays': 1 }, script: (p) => p.on(COM, 'check', 1, CIV) });
    const [offer] = r.provider.askedOf(COM, 'commissar-note');
    expect([offer!.options, offer!.mayPass]).toEqual([[CIV], true]);
  });

  it('burns when he survives, and is not offered again', () => {
    const r = play({
      preset: 'club',
      deal: CLUB,
      options: TWO_NIGHTS,
      script: (p) => p.on(COM, 'check', 1, DON).on(COM, 'commissar-note', 1, DON).on(DON, 'shoot', 2, COM),
    });
    expect(r.cause(COM)).toBe('mafia');
    expect(r.events('commissar-note')).toEqual([]);
    expect(r.provider.askedOf(COM, 'commissar-note').map((a) => a.day)).toEqual([1]);
    expect(r.provider.view(CIV).known[DON]).toBe(-1);
  });

  it('declined, it is offered again the next night', () => {
    const r = play({ preset: 'club', deal: CLUB, options: TWO_NIGHTS, script: (p) => p.on(COM, 'commissar-note', 1, PASS) });
    expect(r.provider.askedOf(COM, 'commissar-note').map((a) => a.day)).toEqual([1, 2]);
  });

  it('a frozen Commissar\'s note has nothing to say and is used up', () => {
    const r = play({
      preset: 'club',
      deal: CLUB,
      options: TWO_NIGHTS,
      script: (p) => p.on(PUT, 'freeze', 1, COM).on(COM, 'check', 1, DON).on(COM, 'commissar-note', 1, DON),
    });
    expect(r.events('commissar-note')).toEqual([]);
    expect(r.provider.askedOf(COM, 'commissar-note').map((a) => a.day)).toEqual([1]);
  });

  it('commissar.note=false: never offered', () => {
    const r = play({ preset: 'club', deal: CLUB, options: { ...TWO_NIGHTS, 'commissar.note': false } });
    expect(r.provider.askedOf(COM, 'commissar-note')).toEqual([]);
    expect(r.provider.askedOf(COM, 'check')).toHaveLength(2);
  });
});

describe('deathNote.enabled', () => {
  // Seats: 0 civ, 1 boss, 2 kam, 3 maf, 4 com, 5 doc, 6 ser, 7 fou, 8 man, 9-11 civ.
  const FORUM = 'civ boss kam maf com doc ser fou man civ civ civ';
  const BOSS = 1;
  const MAF = 3;
  const COM = 4;
  const CIV = 9;
  const OTHER = 10;
  const quiet = (turns: number): OptionSet => ({ 'maniac.mayAbstain': true, 'limits.maxDays': turns });

  it('the writer\'s knowledge reaches the addressee when he is killed, and no one else', () => {
    const r = play({
      preset: 'forum',
      deal: FORUM,
      options: quiet(2),
      script: (p) => p.on(COM, 'check', 1, BOSS).on(COM, 'death-note', 2, CIV).on(BOSS, 'shoot', 2, COM).on(MAF, 'shoot', 2, COM),
    });
    expect(r.cause(COM)).toBe('mafia');
    expect(r.provider.events(CIV, 'death-note').map((e) => [e.from, e.to])).toEqual([[COM, CIV]]);
    expect(r.provider.view(CIV).known[BOSS]).toBe(Team.Mafia);
    expect(r.provider.view(CIV).known[COM]).toBe(Team.Town);
    expect(r.provider.view(OTHER).known[BOSS]).toBe(-1);
    expect(r.provider.events(OTHER, 'death-note')).toEqual([]);
  });

  it('is delivered on a lynch too', () => {
    const r = play({
      preset: 'forum',
      deal: FORUM,
      options: quiet(2),
      // COM gets seat 3's vote round the table and those of 0 and 1: 3 of 12.
      script: (p) => p.on(COM, 'check', 1, BOSS).on(COM, 'death-note', 2, CIV).allVote(2, [0, 1], COM),
    });
    expect(r.cause(COM)).toBe('lynch');
    expect(r.provider.view(CIV).known[BOSS]).toBe(Team.Mafia);
  });

  it('carries what the writer knew when he wrote it', () => {
    // Written on turn 1, before that turn's check resolves.
    const r = play({
      preset: 'forum',
      deal: FORUM,
      options: quiet(2),
      script: (p) => p.on(COM, 'check', 1, BOSS).on(COM, 'death-note', 1, CIV).on(BOSS, 'shoot', 2, COM).on(MAF, 'shoot', 2, COM),
    });
    expect(r.provider.events(CIV, 'death-note')).toHaveLength(1);
    expect(r.provider.view(CIV).known[BOSS]).toBe(-1);
  });

  it('is written once a game: once written it is not asked again', () => {
    const r = play({ preset: 'forum', deal: FORUM, options: quiet(3), script: (p) => p.on(CIV, 'death-note', 2, OTHER) });
    expect(r.provider.askedOf(CIV, 'death-note').map((a) => a.day)).toEqual([1, 2]);
    expect(r.provider.askedOf(CIV, 'death-note')[0]!.options).not.toContain(CIV);
  });

  it('deathNote.enabled=false: never asked', () => {
    const r = play({ preset: 'forum', deal: FORUM, options: { ...quiet(2), 'deathNote.enabled': false } });
    expect(r.provider.asked.filter((a) => a.choice === 'death-note')).toEqual([]);
  });
});
