// What a strict host found when he played the two seed texts (issue 10,
// findings 1-9): a setup without a Don, night fouls in the forum turn,
// passing a role action (doctor.mayPass, commissar.mayPass, putana.mayPass),
// doctor.savesFromHunt, vote.tieDrawAmongAlive, the club's night-foul
// removal (fouls.nightRemovalShare) and first warning (fouls.firstIsWarning),
// win.parityAgainst, deathNote.delivery, doctor.repeatLimit and
// putana.repeatLimit, and three log lines. Each test failed before its fix.

import { describe, expect, it } from 'vitest';
import { Choice, DeathCause } from '../../../src/engine/events.js';
import { play, type OptionSet, type ScenarioResult } from '../../helpers/scenario.js';
import { PASS, type ScriptedProvider } from '../../helpers/scripted.js';

// Club seats: 0 civ, 1 don, 2-3 maf, 4 put, 5 com, 6 doc, 7 man, 8-11 civ.
const CLUB = 'civ don maf maf put com doc man civ civ civ civ';
const C = { DON: 1, PUT: 4, COM: 5, DOC: 6, CIV: 8 } as const;
/** Quiet club nights: under unanimous the mafia pass, the Maniac abstains. */
const CLUB_QUIET: OptionSet = { 'mafia.killRule': 'unanimous' };

// Forum seats: 0 civ, 1 boss, 2 kam, 3 maf, 4 com, 5 doc, 6 ser, 7 fou, 8 man, 9-11 civ.
const FORUM = 'civ boss kam maf com doc ser fou man civ civ civ';
const F = { BOSS: 1, MAF: 3, COM: 4, DOC: 5, MAN: 8, CIV: 9, CIV2: 10 } as const;
const turns = (n: number): OptionSet => ({ 'limits.maxDays': n });

/** Both forum shooters name `target` on `turn`. */
const forumShot = (p: ScriptedProvider, turn: number, target: number): ScriptedProvider => p.on(F.BOSS, 'shoot', turn, target).on(F.MAF, 'shoot', turn, target);

const lines = (r: ScenarioResult, prefix: string): string[] =>
  r
    .text()
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.startsWith(prefix));

describe('finding 1: a setup dealt without a Don', () => {
  it('mafia.donSuccession=false: the plain Mafia still shoot (no Don was dealt, none died)', () => {
    // Day 1 lynches a Civilian, so the first Mafia is alive to name the shot.
    const r = play({ preset: 'classic', deal: 'civ maf maf civ civ civ civ civ', options: { 'mafia.donSuccession': false, 'limits.maxDays': 1 }, script: (p) => p.allVote(1, [0, 1, 2, 3, 4, 5, 6], 7) });
    expect(r.provider.asked.filter((a) => a.choice === 'shoot').map((a) => a.seat)).toEqual([1]);
    expect(r.cause(0)).toBe('mafia');
  });

  it('mafia.donSuccession=false: once the dealt Don is dead, no shot', () => {
    const everyoneButDon = [0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
    const r = play({ preset: 'club', deal: CLUB, options: { 'mafia.donSuccession': false, 'limits.maxDays': 1 }, script: (p) => p.allVote(1, everyoneButDon, C.DON) });
    expect(r.cause(C.DON)).toBe('lynch');
    expect(r.provider.asked.filter((a) => a.choice === 'shoot')).toEqual([]);
  });
});

describe('finding 2: fouls.perNightRate in the forum turn', () => {
  it('a night rate of 1 gives every living player 2 fouls in turn 1', () => {
    const r = play({ preset: 'forum', deal: FORUM, options: { ...turns(1), 'fouls.perNightRate': 1 } });
    expect(r.events('foul').map((f) => f.halfFouls)).toEqual(Array(12).fill(4));
  });

  it('a night rate of 0 gives none', () => {
    const r = play({ preset: 'forum', deal: FORUM, options: { ...turns(1), 'fouls.perNightRate': 0 } });
    expect(r.events('foul')).toEqual([]);
  });
});

describe('finding 3: a role request that is not sent counts as declined', () => {
  it('forum: the Doctor, the Commissar and the Maniac may pass; club: only the Maniac', () => {
    const forum = play({ preset: 'forum', deal: FORUM, options: turns(1) });
    expect([forum.rules.options['doctor.mayPass'], forum.rules.options['commissar.mayPass'], forum.rules.options['putana.mayPass'], forum.rules.options['maniac.mayAbstain']]).toEqual([true, true, true, true]);
    expect(['heal', 'check', 'maniac-kill'].map((c) => forum.provider.asked.find((a) => a.choice === c)!.mayPass)).toEqual([true, true, true]);
    const club = play({ preset: 'club', deal: CLUB, options: { ...CLUB_QUIET, 'limits.maxDays': 1 } });
    expect(['freeze', 'heal', 'check', 'maniac-kill'].map((c) => club.provider.asked.find((a) => a.choice === c)!.mayPass)).toEqual([false, false, false, true]);
  });

  it('doctor.mayPass: a Doctor who sends no heal saves nobody', () => {
    const r = play({ preset: 'forum', deal: FORUM, options: turns(1), script: (p) => forumShot(p, 1, F.CIV).on(F.DOC, 'heal', 1, PASS) });
    expect(r.cause(F.CIV)).toBe('mafia');
    expect(r.events('request').filter((e) => e.seat === F.DOC)).toEqual([]);
    // The host's log says he passed (issue 22, point 13): not the same as a Doctor never asked.
    expect(r.events('pass')).toContainEqual({ type: 'pass', seat: F.DOC, choice: Choice.Heal });
    expect(lines(r, `#${F.DOC + 1} (Doctor)`)).toContain(`#${F.DOC + 1} (Doctor) passes: heals nobody`);
  });

  it('a Doctor who may not pass (club) is never logged as passing', () => {
    const r = play({ preset: 'club', deal: CLUB, options: { ...CLUB_QUIET, 'limits.maxDays': 2 } });
    expect(r.rules.options['doctor.mayPass']).toBe(false);
    expect(r.events('pass').filter((e) => e.seat === C.DOC)).toEqual([]);
  });

  it('commissar.mayPass: a Commissar who sends no check learns nothing', () => {
    const r = play({ preset: 'forum', deal: FORUM, options: turns(1), script: (p) => p.on(F.COM, 'check', 1, PASS) });
    expect(r.events('check')).toEqual([]);
    expect(lines(r, `#${F.COM + 1} (Commissar)`)).toContain(`#${F.COM + 1} (Commissar) passes: checks nobody`);
  });

  it('putana.mayPass: a Putana who sends no freeze freezes nobody', () => {
    const r = play({ preset: 'club', deal: CLUB, options: { ...CLUB_QUIET, 'limits.maxDays': 1, 'putana.mayPass': true }, script: (p) => p.on(C.PUT, 'freeze', 1, PASS) });
    expect(r.events('frozen')).toEqual([]);
    expect(lines(r, `#${C.PUT + 1} (Putana)`)).toContain(`#${C.PUT + 1} (Putana) passes: freezes nobody`);
  });
});

describe('finding 4: doctor.savesFromHunt', () => {
  // Seats: 0 civ, 1 boss, 2 maf, 3 com, 4 doc, 5-7 civ.
  const SMALL = 'civ boss maf com doc civ civ civ';
  const script = (p: ScriptedProvider): ScriptedProvider => p.on(5, 'hunt', 2, 2).on(4, 'heal', 2, 2);

  it('true (the default): the healed Mafia survives the hunt', () => {
    const r = play({ preset: 'forum', deal: SMALL, options: turns(2), script });
    expect(r.rules.options['doctor.savesFromHunt']).toBe(true);
    expect(r.alive(2)).toBe(true);
  });

  it('false: the hunter kills him through the heal', () => {
    const r = play({ preset: 'forum', deal: SMALL, options: { ...turns(2), 'doctor.savesFromHunt': false }, script });
    expect(r.cause(2)).toBe('hunt');
    expect(r.events('saved')).toEqual([]);
  });
});

describe('finding 5: vote.tieDrawAmongAlive', () => {
  // Turn 2: CIV gets 0, 1 and (round the table) 8; CIV2 gets 2, 3 and 9: 3 each of 12, a quarter.
  // The mafia kill CIV2 that night.
  const script = (p: ScriptedProvider): ScriptedProvider => forumShot(p.votes(2, { 0: F.CIV, 1: F.CIV, 2: F.CIV2, 3: F.CIV2 }), 2, F.CIV2);
  const outcome = (game: number, amongAlive: boolean): string => {
    const r = play({ preset: 'forum', deal: FORUM, game, options: { ...turns(2), 'vote.tieDrawAmongAlive': amongAlive }, script });
    expect(r.cause(F.CIV2)).toBe('mafia');
    const lynch = r.events('lynch')[0];
    return lynch ? `lynch ${lynch.target}` : r.events('no-lynch').at(-1)!.reason;
  };
  const GAMES = [...Array(16).keys()];

  it('false: a draw made at the count that falls on the player killed that night lynches nobody', () => {
    const seen = new Set(GAMES.map((g) => outcome(g, false)));
    expect([...seen].sort()).toEqual(['already-dead', `lynch ${F.CIV}`]);
  });

  it('true (the forum default): the draw is among the tied still alive, so the other tied player is lynched', () => {
    expect(GAMES.map((g) => outcome(g, true))).toEqual(GAMES.map(() => `lynch ${F.CIV}`));
    const r = play({ preset: 'forum', deal: FORUM, options: turns(1) });
    expect(r.rules.options['vote.tieDrawAmongAlive']).toBe(true);
  });
});

describe('finding 6: the club night foul and the first warning', () => {
  const nightFouls = (share: number): ScenarioResult =>
    play({ preset: 'club', deal: CLUB, options: { ...CLUB_QUIET, 'limits.maxDays': 1, 'fouls.perNightRate': 1, 'fouls.nightRemovalShare': share } });

  it('fouls.nightRemovalShare=1: the player leaves the table at once', () => {
    const r = nightFouls(1);
    expect(r.events('foul')[0]).toMatchObject({ seat: 0, halfFouls: 8 });
    expect(r.cause(0)).toBe('fouls');
  });

  it('fouls.nightRemovalShare=0: 2 fouls at once, nobody leaves', () => {
    const r = nightFouls(0);
    expect(r.events('foul').map((f) => f.halfFouls)).toEqual(Array(12).fill(4));
    expect(r.living()).toHaveLength(12);
  });

  const dayFouls = (extra: OptionSet): number[][] => {
    const r = play({ preset: 'club', deal: CLUB, options: { ...CLUB_QUIET, 'limits.maxDays': 2, 'fouls.perDayRate': 1, 'fouls.minorShare': 0, ...extra } });
    const byDay: number[][] = [[], []];
    let day = 0;
    for (const { event: e } of r.log) {
      if (e.type === 'phase') day = e.phase === 'day' ? e.day : 0;
      if (e.type === 'foul' && day > 0) byDay[day - 1]!.push(e.halfFouls);
    }
    return byDay;
  };

  it('fouls.firstIsWarning=true (club): the first breach is 0.5 foul even when it is not minor', () => {
    expect(dayFouls({})).toEqual([Array(12).fill(1), Array(12).fill(3)]);
  });

  it('fouls.firstIsWarning=false: every full breach is 1 foul', () => {
    expect(dayFouls({ 'fouls.firstIsWarning': false })).toEqual([Array(12).fill(2), Array(12).fill(4)]);
  });
});

describe('finding 7: the literal forum parity and death notes', () => {
  // Classic table with a loner Maniac: seats 0-1 maf, 2-4 civ, 5 man, 6 civ.
  const DEAL = 'maf maf civ civ civ man civ';
  const parity = (against: string): ScenarioResult =>
    play({
      preset: 'classic',
      deal: DEAL,
      options: { 'maniac.team': 'loner', 'win.parityBlock': 'none', 'win.parityAgainst': against, 'limits.maxDays': 1 },
      // Day 1 lynches seat 3; night 1 the mafia shoot seat 2: 2 Mafia, 2 Town and the Maniac are left.
      script: (p) => p.allVote(1, [0, 1, 2, 4, 5, 6], 3).on(0, 'shoot', 1, 2),
    });

  it('win.parityAgainst=town: the mafia win at 2 against 2 Town, the Maniac not counted', () => {
    const r = parity('town');
    expect(r.living()).toEqual([0, 1, 4, 5, 6]);
    expect(r.outcome).toBe('mafia');
  });

  it('win.parityAgainst=everyone-else: 2 against 3 plays on', () => {
    expect(parity('everyone-else').outcome).toBe('timeout');
  });

  // The Maniac kills the Commissar, who wrote his note to CIV on turn 2.
  const noteOnManiacKill = (extra: OptionSet): ScenarioResult =>
    play({ preset: 'forum', deal: FORUM, options: { ...turns(2), ...extra }, script: (p) => p.on(F.COM, 'death-note', 2, F.CIV).on(F.MAN, 'maniac-kill', 2, F.COM) });

  it('deathNote.delivery=mafia-or-lynch (forum): a note is not delivered when the Maniac kills its writer', () => {
    const r = noteOnManiacKill({});
    expect(r.rules.options['deathNote.delivery']).toBe('mafia-or-lynch');
    expect(r.cause(F.COM)).toBe('maniac');
    expect(r.events('death-note')).toEqual([]);
  });

  it('deathNote.delivery=any-death: it is', () => {
    const r = noteOnManiacKill({ 'deathNote.delivery': 'any-death' });
    expect(r.events('death-note').map((e) => [e.from, e.to])).toEqual([[F.COM, F.CIV]]);
  });

  it('deathNote.delivery=mafia-or-lynch: the mafia\'s shot still delivers it', () => {
    const r = play({ preset: 'forum', deal: FORUM, options: turns(2), script: (p) => forumShot(p.on(F.COM, 'death-note', 2, F.CIV), 2, F.COM) });
    expect(r.events('death-note')).toHaveLength(1);
  });
});

describe('finding 8: "no more than two nights in a row" as "acts at most two nights running"', () => {
  const nights = (choice: 'heal' | 'freeze', seat: number, extra: OptionSet): number[] => {
    const r = play({ preset: 'club', deal: CLUB, options: { ...CLUB_QUIET, 'limits.maxDays': 4, ...extra } });
    return r.provider.askedOf(seat, choice).map((a) => a.day);
  };

  it('doctor.repeatLimit=nights-running: after two nights of heals the Doctor rests a night', () => {
    expect(nights('heal', C.DOC, { 'doctor.repeatLimit': 'nights-running' })).toEqual([1, 2, 4]);
    expect(nights('heal', C.DOC, { 'doctor.repeatLimit': 'same-target' })).toEqual([1, 2, 3, 4]);
  });

  it('putana.repeatLimit=nights-running: after two nights of freezes the Putana rests a night', () => {
    expect(nights('freeze', C.PUT, { 'putana.repeatLimit': 'nights-running' })).toEqual([1, 2, 4]);
    expect(nights('freeze', C.PUT, { 'putana.repeatLimit': 'same-target' })).toEqual([1, 2, 3, 4]);
  });

  it('nights-running with maxSameTarget=1: every other night', () => {
    expect(nights('heal', C.DOC, { 'doctor.repeatLimit': 'nights-running', 'doctor.maxSameTarget': 1 })).toEqual([1, 3]);
  });
});

describe('finding 9: the log', () => {
  // With a loner in play a check tells only Black or "not Mafia" (it would otherwise show the loner): the log says that.
  it('a checked loner Maniac reads "not Mafia", not "Red"', () => {
    const r = play({ preset: 'forum', deal: FORUM, options: turns(1), script: (p) => p.on(F.COM, 'check', 1, F.MAN) });
    expect(lines(r, 'check:')).toEqual(['check: #9 (Maniac) is not Mafia']);
  });

  it('a Commissar\'s note that burns is logged', () => {
    const r = play({ preset: 'club', deal: CLUB, options: { ...CLUB_QUIET, 'limits.maxDays': 1 }, script: (p) => p.on(C.COM, 'check', 1, C.CIV).on(C.COM, 'commissar-note', 1, C.CIV) });
    expect(r.events('note-burned')).toEqual([{ type: 'note-burned', commissar: C.COM, target: C.CIV, reason: 'alive' }]);
    expect(lines(r, 'the Commissar')).toEqual(["the Commissar's note on #9 (Civilian) burns unread: #6 (Commissar) lives"]);
  });

  it('a note whose check was lost to a freeze burns too, and says so', () => {
    const r = play({
      preset: 'club',
      deal: CLUB,
      options: { ...CLUB_QUIET, 'limits.maxDays': 1 },
      script: (p) => p.on(C.COM, 'check', 1, C.DON).on(C.COM, 'commissar-note', 1, C.DON).on(C.PUT, 'freeze', 1, C.COM).on(C.DON, 'shoot', 1, C.COM).on(2, 'shoot', 1, C.COM).on(3, 'shoot', 1, C.COM),
    });
    expect(r.cause(C.COM)).toBe('mafia');
    expect(r.events('commissar-note')).toEqual([]);
    expect(r.events('note-burned').map((e) => e.reason)).toEqual(['frozen']);
    expect(lines(r, 'the Commissar')).toEqual(["the Commissar's note on #2 (Don) burns unread: his check was lost to a freeze"]);
  });

  it('a failed hunter checked that turn is not named as his own killer', () => {
    // Seats: 0 civ, 1 boss, 2 maf, 3 com, 4 doc, 5-7 civ. Seat 5 hunts a Civilian; the Commissar checks him.
    const r = play({ preset: 'forum', deal: 'civ boss maf com doc civ civ civ', options: turns(2), script: (p) => p.on(5, 'hunt', 2, 7).on(3, 'check', 2, 5) });
    expect(r.cause(5)).toBe('hunt-miss');
    const check = r.events('check').find((e) => e.target === 5)!;
    expect([check.killedBy, check.cause]).toEqual([5, DeathCause.HuntMiss]);
    expect(lines(r, 'check: #6')).toEqual(['check: #6 (Civilian) is not Mafia, died tonight on a failed hunt']);
  });
});
