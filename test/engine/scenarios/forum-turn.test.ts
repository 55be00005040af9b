// The forum turn (docs/rules.md section 2): simultaneous requests, the lynch after
// the night, the Foundling, the Sergeant, the Kamikaze, and the Commissar's
// commissar.learnsKiller and commissar.lastShot.

import { describe, expect, it } from 'vitest';
import { DeathCause } from '../../../src/engine/events.js';
import { Role, Team } from '../../../src/engine/roles.js';
import { KNOWN_NOT_MAFIA } from '../../../src/engine/view.js';
import { play, type OptionSet } from '../../helpers/scenario.js';
import { PASS, type ScriptedProvider } from '../../helpers/scripted.js';

// Seats: 0 civ, 1 boss, 2 kam, 3 maf, 4 com, 5 doc, 6 ser, 7 fou, 8 man, 9-11 civ.
const FORUM = 'civ boss kam maf com doc ser fou man civ civ civ';
const BOSS = 1;
const KAM = 2;
const MAF = 3;
const COM = 4;
const DOC = 5;
const SER = 6;
const FOU = 7;
const MAN = 8;
const CIV = 9;
const CIV2 = 10;
/** The forum Maniac may pass (maniac.mayAbstain, forum true since issue 10); kept explicit so unscripted turns stay quiet whatever the preset says. */
const QUIET: OptionSet = { 'maniac.mayAbstain': true };
const turns = (n: number): OptionSet => ({ ...QUIET, 'limits.maxDays': n });

/** Both shooters of the clan name `target` on `turn`. */
const mafiaShoots = (p: ScriptedProvider, turn: number, target: number): ScriptedProvider => p.on(BOSS, 'shoot', turn, target).on(MAF, 'shoot', turn, target);

/**
 * Votes of `turn` spread one each round the table (the quiet fallback); the
 * listed seats switch to `target`, who then has 1 + their count. 3 of 12 is
 * the forum's quarter.
 */
const voteOut = (p: ScriptedProvider, turn: number, voters: readonly number[], target: number): ScriptedProvider => p.allVote(turn, voters, target);

describe('the turn', () => {
  it('turn 1 has role requests only: no vote, no hunt', () => {
    const r = play({ preset: 'forum', deal: FORUM, options: turns(1) });
    const kinds = new Set(r.provider.asked.map((a) => a.choice));
    expect(kinds.has('vote')).toBe(false);
    expect(kinds.has('hunt')).toBe(false);
    expect(kinds.has('check')).toBe(true);
    expect(r.events('phase').map((e) => e.phase)).toEqual(['turn']);
    expect(r.events('no-lynch').map((e) => e.reason)).toEqual(['no-vote-today']);
  });

  it('the votes of a player killed the same turn still count', () => {
    // CIV gets 3 votes (seat 8 round the table, 0 and CIV2); the mafia kill CIV2 that turn.
    const r = play({ preset: 'forum', deal: FORUM, options: turns(2), script: (p) => mafiaShoots(voteOut(p, 2, [0, CIV2], CIV), 2, CIV2) });
    expect(r.cause(CIV2)).toBe('mafia');
    expect(r.cause(CIV)).toBe('lynch');
    expect(r.events('lynch')[0]!.votes).toBe(3);
  });

  it('lynch.minShare = 1/4 (forum): 2 votes of 12 lynch nobody, 3 do', () => {
    const two = play({ preset: 'forum', deal: FORUM, options: turns(2), script: (p) => voteOut(p, 2, [0], CIV) });
    expect(two.alive(CIV)).toBe(true);
    expect(two.events('no-lynch').map((e) => e.reason)).toEqual(['no-vote-today', 'below-share']);
    const three = play({ preset: 'forum', deal: FORUM, options: turns(2), script: (p) => voteOut(p, 2, [0, 1], CIV) });
    expect(three.cause(CIV)).toBe('lynch');
  });

  it('the night resolves before the lynch: a voted player killed at night is not lynched', () => {
    const r = play({ preset: 'forum', deal: FORUM, options: turns(2), script: (p) => mafiaShoots(voteOut(p, 2, [0, CIV2], CIV), 2, CIV) });
    expect(r.cause(CIV)).toBe('mafia');
    expect(r.events('no-lynch').map((e) => e.reason)).toEqual(['no-vote-today', 'already-dead']);
  });

  it('a player lynched this turn still acts in its night: the lynched Doctor\'s heal saves', () => {
    const r = play({
      preset: 'forum',
      deal: FORUM,
      options: turns(2),
      script: (p) => mafiaShoots(voteOut(p, 2, [0, 1], DOC), 2, CIV).on(DOC, 'heal', 2, CIV),
    });
    expect(r.cause(DOC)).toBe('lynch');
    expect(r.alive(CIV)).toBe(true);
  });

  it('the win is checked after the whole turn: parity after the night, undone by the lynch, is no Mafia win', () => {
    // Seats: 0 civ, 1 boss, 2 maf, 3 com, 4 doc, 5 civ. Turn 2: the mafia kill 3 (2 against 2), then 2 is lynched.
    const r = play({
      preset: 'forum',
      deal: 'civ boss maf com doc civ',
      options: { 'limits.maxDays': 2 },
      script: (p) =>
        p
          .on(1, 'shoot', 1, 0)
          .on(2, 'shoot', 1, 0)
          .on(4, 'heal', 1, 5)
          .on(1, 'shoot', 2, 3)
          .on(2, 'shoot', 2, 3)
          .on(4, 'vote', 2, 2), // 2 also gets seat 1's vote round the table: 2 of 5
    });
    expect(r.cause(3)).toBe('mafia');
    expect(r.cause(2)).toBe('lynch');
    expect(r.outcome).toBe('timeout');
  });

  it('who voted for whom is public', () => {
    const r = play({ preset: 'forum', deal: FORUM, options: turns(2) });
    for (let s = 0; s < 12; s++) expect(r.provider.events(s, 'vote')).toHaveLength(12);
  });

  it('the Maniac checks as not Mafia (Red): the check cannot tell a loner from Town', () => {
    const r = play({ preset: 'forum', deal: FORUM, options: turns(1), script: (p) => p.on(COM, 'check', 1, MAN) });
    expect(r.provider.events(COM, 'check')[0]!.black).toBe(false);
    expect(r.provider.view(COM).known[MAN]).toBe(KNOWN_NOT_MAFIA);
  });
});

describe('the Foundling', () => {
  it('the mafia\'s shot on him fails', () => {
    const r = play({ preset: 'forum', deal: FORUM, options: turns(1), script: (p) => mafiaShoots(p, 1, FOU) });
    expect(r.alive(FOU)).toBe(true);
    expect(r.events('shot-failed')).toEqual([{ type: 'shot-failed', target: FOU, reason: 'foundling' }]);
  });

  it('does not know he is the Foundling: he is told Civilian', () => {
    const r = play({ preset: 'forum', deal: FORUM, options: turns(1) });
    expect(r.provider.roleGiven(FOU)).toBe(Role.Civilian);
    expect(r.provider.view(FOU).role).toBe(Role.Civilian);
    expect(r.provider.view(FOU).team).toBe(Team.Town);
  });

  it('checks Red before the Boss dies, turns Mafia when he dies, then checks Black and shoots with the clan', () => {
    const r = play({
      preset: 'forum',
      deal: FORUM,
      options: turns(3),
      script: (p) => {
        p.on(COM, 'check', 2, FOU).on(COM, 'check', 3, FOU);
        voteOut(p, 2, [9, 10], BOSS); // 0 votes for 1 round the table: 3 votes
        p.on(FOU, 'shoot', 3, CIV); // the Mafia pass: his request alone decides
      },
    });
    expect(r.cause(BOSS)).toBe('lynch');
    expect(r.role(FOU)).toBe('mafia');
    expect(r.team(FOU)).toBe('mafia');
    expect(r.provider.events(COM, 'check').map((c) => [c.target, c.black])).toEqual([
      // turn 1, unscripted: the forum Commissar may pass (commissar.mayPass), and the quiet fallback does
      [FOU, false],
      [FOU, true],
    ]);
    expect(r.provider.events(FOU, 'promoted').map((e) => e.role)).toEqual([Role.Mafia]);
    expect(r.provider.view(FOU).role).toBe(Role.Mafia);
    const fou = r.provider.view(FOU);
    expect([fou.known[KAM], fou.known[MAF]]).toEqual([Team.Mafia, Team.Mafia]);
    expect(r.provider.view(MAF).known[FOU]).toBe(Team.Mafia);
    expect(r.provider.askedOf(FOU, 'shoot').map((a) => a.day)).toEqual([3]);
    expect(r.provider.askedOf(FOU, 'hunt').map((a) => a.day)).toEqual([2]);
    expect(r.cause(CIV)).toBe('mafia');
    expect(r.events('kill').find((k) => k.seat === CIV)!.by).toBe(FOU);
  });

  it('does not turn when a plain Mafia dies', () => {
    const r = play({ preset: 'forum', deal: FORUM, options: turns(2), script: (p) => voteOut(p, 2, [0, 1], MAF) });
    expect(r.cause(MAF)).toBe('lynch');
    expect(r.role(FOU)).toBe('foundling');
  });
});

describe('the Sergeant', () => {
  it('knows the Commissar, receives his results, and does not check', () => {
    const r = play({ preset: 'forum', deal: FORUM, options: turns(2), script: (p) => p.on(COM, 'check', 1, BOSS).on(COM, 'check', 2, CIV) });
    const ser = r.provider.view(SER);
    expect(ser.known[COM]).toBe(Team.Town);
    expect(ser.known[BOSS]).toBe(Team.Mafia);
    expect(ser.known[CIV]).toBe(KNOWN_NOT_MAFIA);
    expect(r.provider.events(SER, 'check').map((c) => c.target)).toEqual([BOSS, CIV]);
    expect(r.provider.askedOf(SER, 'check')).toEqual([]);
  });

  it('becomes Commissar when the Commissar dies, and checks from the next turn', () => {
    const r = play({ preset: 'forum', deal: FORUM, options: turns(2), script: (p) => mafiaShoots(p, 1, COM).on(SER, 'check', 2, BOSS) });
    expect(r.cause(COM)).toBe('mafia');
    expect(r.role(SER)).toBe('commissar');
    expect(r.provider.view(SER).role).toBe(Role.Commissar);
    expect(r.provider.askedOf(SER, 'check').map((a) => a.day)).toEqual([2]);
    expect(r.provider.view(SER).known[BOSS]).toBe(Team.Mafia);
  });

  it('with commissar.learnsKiller he learns the killer along with the Commissar', () => {
    const r = play({ preset: 'forum', deal: FORUM, options: turns(1), script: (p) => mafiaShoots(p, 1, CIV).on(COM, 'check', 1, CIV) });
    expect(r.provider.view(COM).known[BOSS]).toBe(Team.Mafia);
    expect(r.provider.view(SER).known[BOSS]).toBe(Team.Mafia);
  });
});

describe('the Kamikaze', () => {
  it('on the Commissar: both die', () => {
    const r = play({ preset: 'forum', deal: FORUM, options: turns(1), script: (p) => p.on(KAM, 'kamikaze', 1, COM) });
    expect(r.cause(COM)).toBe('kamikaze');
    expect(r.cause(KAM)).toBe('kamikaze');
  });

  it('on anyone else: nothing happens', () => {
    const r = play({ preset: 'forum', deal: FORUM, options: turns(1), script: (p) => p.on(KAM, 'kamikaze', 1, SER) });
    expect(r.living()).toHaveLength(12);
  });

  it.each([
    [true, true],
    [false, false],
  ])('kamikaze.doctorSaves=%s: a healed Commissar survives: %s; the Kamikaze dies either way', (saves, survives) => {
    const r = play({
      preset: 'forum',
      deal: FORUM,
      options: { ...turns(1), 'kamikaze.doctorSaves': saves },
      script: (p) => p.on(KAM, 'kamikaze', 1, COM).on(DOC, 'heal', 1, COM),
    });
    expect(r.alive(COM)).toBe(survives);
    expect(r.cause(KAM)).toBe('kamikaze');
  });

  it('does not take part in the mafia\'s shot', () => {
    const r = play({ preset: 'forum', deal: FORUM, options: turns(1) });
    expect(r.provider.askedOf(KAM, 'shoot')).toEqual([]);
    expect(r.provider.askedOf(KAM, 'kamikaze')).toHaveLength(1);
  });
});

describe('commissar.learnsKiller', () => {
  it.each([
    ['the mafia', BOSS, DeathCause.Mafia, Team.Mafia],
    ['the Maniac', MAN, DeathCause.Maniac, Team.Maniac],
  ])('true: checking a player killed this turn by %s names the killer and the cause', (_who, killer, cause, team) => {
    const r = play({
      preset: 'forum',
      deal: FORUM,
      options: turns(1),
      script: (p) => {
        if (killer === BOSS) mafiaShoots(p, 1, CIV);
        else p.on(MAN, 'maniac-kill', 1, CIV);
        p.on(COM, 'check', 1, CIV);
      },
    });
    const [check] = r.provider.events(COM, 'check');
    expect([check!.killedBy, check!.cause]).toEqual([killer, cause]);
    expect(r.provider.view(COM).known[killer]).toBe(team);
  });

  it('false: the check says only the team', () => {
    const r = play({
      preset: 'forum',
      deal: FORUM,
      options: { ...turns(1), 'commissar.learnsKiller': false },
      script: (p) => mafiaShoots(p, 1, CIV).on(COM, 'check', 1, CIV),
    });
    const [check] = r.provider.events(COM, 'check');
    expect([check!.killedBy, check!.cause]).toEqual([-1, -1]);
    expect(r.provider.view(COM).known[BOSS]).toBe(-1);
  });

  it('a target who survives the night gives no killer', () => {
    const r = play({ preset: 'forum', deal: FORUM, options: turns(1), script: (p) => mafiaShoots(p, 1, CIV).on(DOC, 'heal', 1, CIV).on(COM, 'check', 1, CIV) });
    expect(r.provider.events(COM, 'check')[0]!.killedBy).toBe(-1);
  });
});

describe('commissar.lastShot', () => {
  it('true: lynched, he fires at any other living player, who dies with him', () => {
    const r = play({ preset: 'forum', deal: FORUM, options: turns(2), script: (p) => voteOut(p, 2, [0, 1], COM).on(COM, 'last-shot', 2, MAF) });
    expect(r.cause(COM)).toBe('lynch');
    expect(r.cause(MAF)).toBe('last-shot');
    expect(r.events('death').find((d) => d.seat === MAF)!.publicCause).toBe('last-shot');
    expect(r.provider.askedOf(COM, 'last-shot')[0]!.options).toEqual([0, 1, 2, 3, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('true: killed at night, he fires too', () => {
    const r = play({ preset: 'forum', deal: FORUM, options: turns(1), script: (p) => mafiaShoots(p, 1, COM).on(COM, 'last-shot', 1, BOSS) });
    expect(r.cause(BOSS)).toBe('last-shot');
    expect(r.role(FOU)).toBe('mafia'); // the Boss died: the Foundling turns
  });

  it('true: in the club day too, and he may hold his fire', () => {
    const deal = 'civ don maf maf put com doc man civ civ civ civ';
    const r = play({
      preset: 'club',
      deal,
      options: { 'limits.maxDays': 1, 'commissar.lastShot': true },
      script: (p) => p.allVote(1, [0, 1, 2, 3], 5).on(5, 'last-shot', 1, PASS),
    });
    expect(r.cause(5)).toBe('lynch');
    expect(r.provider.askedOf(5, 'last-shot')[0]!.mayPass).toBe(true);
    expect(r.events('last-shot')).toEqual([]);
  });

  it('false: he dies without a shot', () => {
    const r = play({ preset: 'forum', deal: FORUM, options: { ...turns(2), 'commissar.lastShot': false }, script: (p) => voteOut(p, 2, [0, 1], COM) });
    expect(r.cause(COM)).toBe('lynch');
    expect(r.provider.askedOf(COM, 'last-shot')).toEqual([]);
    expect(r.living()).toHaveLength(11);
  });
});
