// Win, draw and end (docs/rules.md sections 1, 2 and 4): maniac.team,
// win.townNeedsManiacDead, win.maniac, win.parityBlock, win.maniacMafiaDraw
// and limits.maxDays.

import { describe, expect, it } from 'vitest';
import { play, type OptionSet } from '../../helpers/scenario.js';
import type { ScriptedProvider } from '../../helpers/scripted.js';

describe('club: Red wins when every Black player is dead, the Putana included', () => {
  // Seats: 0 civ, 1 don, 2 put, 3 com, 4 doc, 5 man, 6-7 civ.
  const DEAL = 'civ don put com doc man civ civ';
  const script = (p: ScriptedProvider): void => {
    p.allVote(1, [0, 2, 3, 4, 5, 6, 7], 1); // the Don
    p.on(2, 'shoot', 1, 6).on(4, 'heal', 1, 6); // the Putana, alone, shoots; the Doctor saves
    p.allVote(2, [0, 3, 4, 5, 6, 7], 2); // the Putana
  };

  it('maniac.team=town: Red wins with the Maniac alive, right after the lynch', () => {
    const r = play({ preset: 'club', deal: DEAL, script });
    expect(r.outcome).toBe('town');
    expect(r.day).toBe(2);
    expect(r.alive(5)).toBe(true);
    expect(r.team(5)).toBe('town');
    expect(r.events('phase').map((e) => `${e.phase} ${e.day}`)).toEqual(['day 1', 'night 1', 'day 2']);
  });

  it.each([
    [true, 'timeout'],
    [false, 'town'],
  ])('maniac.team=loner, win.townNeedsManiacDead=%s: %s', (needs, outcome) => {
    const r = play({ preset: 'club', deal: DEAL, options: { 'maniac.team': 'loner', 'win.townNeedsManiacDead': needs, 'limits.maxDays': 2 }, script });
    expect(r.team(5)).toBe('maniac');
    expect(r.outcome).toBe(outcome);
  });
});

describe('win.parityBlock', () => {
  // Seats: 0-1 civ, 2 don, 3 maf, 4 doc, 5 man, 6 civ. After day 1 and night 1: 2 Black against doc, man, civ 6.
  const DEAL = 'civ civ don maf doc man civ';
  const twoDays = (lynchedDay2: number) => (p: ScriptedProvider): void => {
    p.allVote(1, [1, 2, 3, 4, 5, 6], 0);
    p.on(2, 'shoot', 1, 1).on(3, 'shoot', 1, 1).on(4, 'heal', 1, 6);
    p.allVote(2, [2, 3, 4, 5, 6].filter((s) => s !== lynchedDay2), lynchedDay2);
  };
  const options = (block: string): OptionSet => ({ 'win.parityBlock': block, 'mafia.killRule': 'unanimous', 'limits.maxDays': 2 });

  it.each([
    ['doctor-and-maniac', 6, 'timeout'],
    ['doctor-and-maniac', 4, 'mafia'],
    ['maniac', 6, 'timeout'],
    ['maniac', 4, 'timeout'],
    ['none', 6, 'mafia'],
    ['none', 4, 'mafia'],
  ])('%s: 2 Black against 2 after seat %i is lynched: %s', (block, lynched, outcome) => {
    const r = play({ preset: 'club', deal: DEAL, options: options(block), script: twoDays(lynched) });
    expect(r.cause(lynched)).toBe('lynch');
    expect(r.outcome).toBe(outcome);
    if (outcome === 'mafia') expect(r.events('end')[0]!.day).toBe(2);
  });
});

describe('club: the Maniac and one Mafia left', () => {
  // Seats: 0 civ, 1 don, 2 maf or put, 3 man, 4 doc, 5-6 civ.
  const script = (p: ScriptedProvider): void => {
    p.allVote(1, [0, 2, 3, 4, 5, 6], 1); // the Don
    p.on(2, 'shoot', 1, 0).on(3, 'maniac-kill', 1, 5).on(4, 'heal', 1, 4);
    p.allVote(2, [2, 3, 4], 6);
    p.on(2, 'shoot', 2, 4).on(4, 'heal', 2, 3); // the Doctor dies
  };

  it.each([
    ['maf', true, 'draw'],
    ['maf', false, 'mafia'],
    ['put', true, 'mafia'],
  ])('seat 2 is %s, win.maniacMafiaDraw=%s: %s', (second, draw, outcome) => {
    const r = play({ preset: 'club', deal: `civ don ${second} man doc civ civ`, options: { 'win.maniacMafiaDraw': draw }, script });
    expect(r.living()).toEqual([2, 3]);
    expect(r.outcome).toBe(outcome);
    expect(r.day).toBe(2);
  });
});

describe('forum: the loner Maniac', () => {
  // Seats: 0 civ, 1 boss, 2 man, 3-5 civ.
  const DEAL = 'civ boss man civ civ civ';
  const upToTurn2 = (p: ScriptedProvider): void => {
    p.on(1, 'shoot', 1, 3).on(2, 'maniac-kill', 1, 4);
    p.allVote(2, [0, 2, 5], 1);
  };

  it.each([
    ['one-on-one', 'maniac', 2],
    ['last-standing', 'maniac', 3],
  ])('win.maniac=%s: %s wins on turn %i', (rule, outcome, turn) => {
    const r = play({
      preset: 'forum',
      deal: DEAL,
      options: { 'win.maniac': rule, 'vote.tie': 'none' },
      script: (p) => {
        upToTurn2(p);
        p.on(2, 'maniac-kill', 2, 5);
        if (rule === 'last-standing') p.on(2, 'maniac-kill', 3, 0);
      },
    });
    expect(r.outcome).toBe(outcome);
    expect(r.day).toBe(turn);
    expect(r.living()).toEqual(rule === 'one-on-one' ? [0, 2] : [2]);
  });

  it.each([
    [true, 'timeout'],
    [false, 'town'],
  ])('win.townNeedsManiacDead=%s: the Boss dead, the Maniac alive with two others: %s', (needs, outcome) => {
    const r = play({
      preset: 'forum',
      deal: DEAL,
      options: { 'win.townNeedsManiacDead': needs, 'maniac.mayAbstain': true, 'limits.maxDays': 2 },
      script: upToTurn2,
    });
    expect(r.living()).toEqual([0, 2, 5]);
    expect(r.outcome).toBe(outcome);
  });

  it.each([
    ['civ boss maf com doc civ', 'mafia'],
    ['civ boss maf com doc civ man', 'timeout'],
  ])('the Mafia win at parity only when no Maniac lives (forum preset): %s: %s', (deal, outcome) => {
    // Seats: 0 civ, 1 boss, 2 maf, 3 com, 4 doc, 5 civ (6 man): turn 1 and 2 kills, a turn-2 lynch.
    const r = play({
      preset: 'forum',
      deal,
      options: { 'maniac.mayAbstain': true, 'limits.maxDays': 2 },
      script: (p) => p.on(1, 'shoot', 1, 0).on(2, 'shoot', 1, 0).on(4, 'heal', 1, 5).on(1, 'shoot', 2, 3).on(2, 'shoot', 2, 3).on(4, 'heal', 2, 4).allVote(2, [1, 2], 5),
    });
    expect(r.living().filter((x) => x !== 6)).toEqual([1, 2, 4]);
    expect(r.outcome).toBe(outcome);
  });
});

describe('classic', () => {
  // Seats: 0-1 maf, 2-6 civ.
  const DEAL = 'maf maf civ civ civ civ civ';

  it('Town wins at zero Mafia', () => {
    const r = play({ preset: 'classic', deal: DEAL, script: (p) => p.allVote(1, [1, 2, 3, 4, 5, 6], 0).on(1, 'shoot', 1, 2).allVote(2, [3, 4, 5, 6], 1) });
    expect(r.outcome).toBe('town');
    expect(r.day).toBe(2);
  });

  it('the Mafia win at Mafia >= Town', () => {
    const r = play({ preset: 'classic', deal: DEAL, script: (p) => p.allVote(1, [0, 1, 3, 4, 5, 6], 2).on(0, 'shoot', 1, 3).allVote(2, [0, 1, 5, 6], 4) });
    expect(r.outcome).toBe('mafia');
    expect(r.day).toBe(2);
    expect(r.living()).toEqual([0, 1, 5, 6]);
  });
});

describe('limits.maxDays', () => {
  it.each([1, 3])('a game still running after day %i ends as a timeout', (maxDays) => {
    const r = play({ preset: 'club', deal: 'civ don maf maf put com doc man civ civ civ civ', options: { 'limits.maxDays': maxDays, 'mafia.killRule': 'unanimous' } });
    expect(r.outcome).toBe('timeout');
    expect(r.events('end')).toEqual([{ type: 'end', outcome: 4, day: maxDays }]);
    expect(r.events('phase')).toHaveLength(2 * maxDays);
    expect(r.game.table.endedBy).toBe(3); // EndedBy.Timeout
  });
});
