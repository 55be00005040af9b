// Rules real tables play (issue 10): doctor.selfHeal, the no-lynch vote
// (vote.noLynch), several mafia shots a night (mafia.shots) with the
// mafia-target event, and the Vigilante (vigilante.shots,
// vigilante.firstNight, doctor.savesFromVigilante).

import { describe, expect, it } from 'vitest';
import { formatLog } from '../../../src/engine/logText.js';
import { RulesError, resolveRules } from '../../../src/engine/rules.js';
import { play, type OptionSet } from '../../helpers/scenario.js';
import { PASS, type ScriptedProvider } from '../../helpers/scripted.js';

// Seats: 0-2 maf, 3 com, 4 doc, 5 vig, 6-11 civ. Night first, as in the records.
const TABLE = 'maf maf maf com doc vig civ civ civ civ civ civ';
const MAF = 0;
const MAF3 = 2;
const DOC = 4;
const VIG = 5;
const CIV = 6;
const CIV2 = 7;
const EVERYONE = [...Array(12).keys()];
/** Night 1, then a day on which unscripted votes spread one each and lynch nobody. */
const NIGHT_FIRST: OptionSet = { start: 'night', 'vote.tie': 'none', 'limits.maxDays': 1 };
const TWO_NIGHTS: OptionSet = { ...NIGHT_FIRST, 'limits.maxDays': 2 };
const TWO_SHOTS: OptionSet = { ...NIGHT_FIRST, 'mafia.shots': '2@3,1' };

const shootsOf = (r: ReturnType<typeof play>): { seat: number; day: number; round: number; mayPass: boolean }[] =>
  r.provider.asked.filter((a) => a.choice === 'shoot').map((a) => ({ seat: a.seat, day: a.day, round: a.round, mayPass: a.mayPass }));

describe('doctor.selfHeal', () => {
  it.each([true, false])('doctor.selfHeal=%s: the Doctor is among his own heal targets only when true', (self) => {
    const r = play({ preset: 'classic', deal: TABLE, options: { ...NIGHT_FIRST, 'doctor.selfHeal': self }, allowUnused: true });
    const heal = r.provider.askedOf(DOC, 'heal')[0]!;
    expect(heal.options.includes(DOC)).toBe(self);
    expect(heal.options).toHaveLength(self ? 12 : 11);
  });

  it('doctor.selfHeal=false: a scripted self-heal is refused as illegal', () => {
    expect(() => play({ preset: 'classic', deal: TABLE, options: { ...NIGHT_FIRST, 'doctor.selfHeal': false }, script: (p) => p.on(DOC, 'heal', 1, DOC) })).toThrow(/not legal/);
  });
});

describe('vote.noLynch', () => {
  const DAY: OptionSet = { 'vote.tie': 'none', 'limits.maxDays': 1, 'mafia.killRule': 'unanimous' };
  const noLynch = (extra: OptionSet = {}): OptionSet => ({ ...DAY, 'vote.noLynch': true, ...extra });
  const A = 8;

  it.each([false, true])('vote.noLynch=%s: a voter may pass only when true', (on) => {
    const r = play({ preset: 'classic', deal: TABLE, options: { ...DAY, 'vote.noLynch': on } });
    const votes = r.provider.asked.filter((a) => a.choice === 'vote' && a.round === 0);
    expect(votes).toHaveLength(12);
    for (const v of votes) expect(v.mayPass).toBe(on);
  });

  it('most votes for nobody: no lynch, logged with its own reason; the votes are target -1, not missed', () => {
    const r = play({ preset: 'classic', deal: TABLE, options: noLynch(), script: (p) => p.allVote(1, [0, 1, 2, 3, 4, 5, 6], PASS).allVote(1, [7, 9, 10, 11], A) });
    expect(r.events('no-lynch').map((e) => e.reason)).toEqual(['voted-no-lynch']);
    expect(r.living()).toHaveLength(12);
    const none = r.events('vote').filter((v) => v.target === -1);
    expect(none).toHaveLength(7);
    for (const v of none) expect(v).toEqual({ type: 'vote', voter: v.voter, target: -1, round: 0 });
    expect(r.text()).toContain('#1->nobody');
  });

  it('a tie between nobody and a player: nobody wins it, no lynch', () => {
    const r = play({ preset: 'classic', deal: TABLE, options: noLynch(), script: (p) => p.allVote(1, [0, 1, 2, 3, 4, 5], PASS).allVote(1, [6, 7, 9, 10, 11], A).on(A, 'vote', 1, 9) });
    // 6 for nobody, 5 for A, 1 for seat 9.
    expect(r.events('no-lynch').map((e) => e.reason)).toEqual(['voted-no-lynch']);
    expect(r.alive(A)).toBe(true);
  });

  it('a player with more votes than nobody is lynched', () => {
    const r = play({ preset: 'classic', deal: TABLE, options: noLynch(), script: (p) => p.allVote(1, [0, 1, 2, 3], PASS).allVote(1, [4, 5, 6, 7, 9], A) });
    expect(r.cause(A)).toBe('lynch');
    expect(r.events('no-lynch')).toEqual([]);
  });

  it('in a revote among the tied a voter may pass too, and nobody can win it', () => {
    const r = play({
      preset: 'classic',
      deal: TABLE,
      options: noLynch({ 'vote.tie': 'revote-then-none' }),
      // 6-6 between A and seat 9, then everyone votes for nobody in the revote.
      script: (p) => p.allVote(1, [0, 1, 2, 3, 4, 9], A).allVote(1, [5, 6, 7, A, 10, 11], 9).allVote(1, EVERYONE, PASS, 1),
    });
    const revote = r.provider.asked.filter((a) => a.choice === 'vote' && a.round === 1);
    expect(revote).toHaveLength(12);
    for (const v of revote) expect(v.mayPass).toBe(true);
    expect(r.events('no-lynch').map((e) => e.reason)).toEqual(['voted-no-lynch']);
  });
});

describe('mafia.shots', () => {
  it('"2@3,1": two shots while three shoot, both asked of the one who decides (the decision round is the shot)', () => {
    const r = play({ preset: 'classic', deal: TABLE, options: TWO_SHOTS, script: (p) => p.on(MAF, 'shoot', 1, CIV).on(MAF, 'shoot', 1, CIV2, 1) });
    expect(shootsOf(r)).toEqual([
      { seat: MAF, day: 1, round: 0, mayPass: false },
      { seat: MAF, day: 1, round: 1, mayPass: false },
    ]);
    expect(r.cause(CIV)).toBe('mafia');
    expect(r.cause(CIV2)).toBe('mafia');
    expect(r.events('mafia-target')).toEqual([
      { type: 'mafia-target', target: CIV, shot: 0 },
      { type: 'mafia-target', target: CIV2, shot: 1 },
    ]);
  });

  it('one shot once a Mafia is gone', () => {
    const r = play({
      preset: 'classic',
      deal: TABLE,
      options: { ...TWO_SHOTS, 'limits.maxDays': 2 },
      script: (p) => p.on(MAF, 'shoot', 1, CIV).on(MAF, 'shoot', 1, CIV2, 1).allVote(1, EVERYONE.filter((s) => s !== MAF3 && s !== CIV && s !== CIV2), MAF3).on(MAF, 'shoot', 2, 8),
    });
    expect(r.cause(MAF3)).toBe('lynch');
    expect(shootsOf(r).filter((a) => a.day === 2)).toEqual([{ seat: MAF, day: 2, round: 0, mayPass: false }]);
    expect(r.cause(8)).toBe('mafia');
  });

  it('a heal stops one shot: both shots at the healed player kill him', () => {
    const r = play({ preset: 'classic', deal: TABLE, options: TWO_SHOTS, script: (p) => p.on(MAF, 'shoot', 1, CIV).on(MAF, 'shoot', 1, CIV, 1).on(DOC, 'heal', 1, CIV) });
    expect(r.events('saved').map((e) => e.seat)).toEqual([CIV]);
    expect(r.cause(CIV)).toBe('mafia');
    expect(r.events('mafia-target').map((e) => [e.target, e.shot])).toEqual([
      [CIV, 0],
      [CIV, 1],
    ]);
  });

  it('a heal on one of two targets saves him; the other dies', () => {
    const r = play({ preset: 'classic', deal: TABLE, options: TWO_SHOTS, script: (p) => p.on(MAF, 'shoot', 1, CIV).on(MAF, 'shoot', 1, CIV2, 1).on(DOC, 'heal', 1, CIV2) });
    expect(r.alive(CIV2)).toBe(true);
    expect(r.cause(CIV)).toBe('mafia');
  });

  it('with one shot a healed player survives, as before', () => {
    const r = play({ preset: 'classic', deal: TABLE, options: NIGHT_FIRST, script: (p) => p.on(MAF, 'shoot', 1, CIV).on(DOC, 'heal', 1, CIV) });
    expect(r.alive(CIV)).toBe(true);
    expect(shootsOf(r)).toHaveLength(1);
  });

  it('unanimous: every Mafia is asked for each shot; a split shot fails alone and is not a mafia-target', () => {
    const r = play({
      preset: 'classic',
      deal: TABLE,
      options: { ...TWO_SHOTS, 'mafia.killRule': 'unanimous' },
      script: (p) => p.on(0, 'shoot', 1, CIV).on(1, 'shoot', 1, CIV).on(2, 'shoot', 1, CIV).on(0, 'shoot', 1, 8, 1).on(1, 'shoot', 1, 9, 1).on(2, 'shoot', 1, 9, 1),
    });
    expect(shootsOf(r).map((a) => [a.seat, a.round, a.mayPass])).toEqual([
      [0, 0, true],
      [1, 0, true],
      [2, 0, true],
      [0, 1, true],
      [1, 1, true],
      [2, 1, true],
    ]);
    expect(r.cause(CIV)).toBe('mafia');
    expect(r.events('shot-failed').map((e) => e.reason)).toEqual(['split']);
    expect(r.events('mafia-target')).toEqual([{ type: 'mafia-target', target: CIV, shot: 0 }]);
  });

  it.each([
    ['2@3,1', '2@3,1'],
    ['2@3, 1', '2@3,1'],
    ['3@4,2@2,1', '3@4,2@2,1'],
    ['2@3', '2@3,1'],
    ['3@4,2@2', '3@4,2@2,1'],
    [2, '2'],
  ])('mafia.shots=%s is accepted as %s', (given, canonical) => {
    expect(resolveRules({ preset: 'classic', options: { 'mafia.shots': given } }).options['mafia.shots']).toBe(canonical);
  });

  it.each(['0', '5', '2@1,1', '1,2', '2@3,1,1', '', '1@2,2@3,1', 'two', '2@3;1'])('mafia.shots=%s is refused, naming the option', (given) => {
    expect(() => resolveRules('classic', { set: [`mafia.shots=${given}`] })).toThrow(RulesError);
    expect(() => resolveRules('classic', { set: [`mafia.shots=${given}`] })).toThrow(/^mafia\.shots: .*e\.g\. 2@3,1/);
  });
});

describe('the mafia-target event, in every preset', () => {
  const DEALS = {
    club: 'civ don maf maf put com doc man civ civ civ civ',
    forum: 'civ boss maf com doc civ civ civ',
    classic: 'civ maf maf civ civ civ civ civ civ civ civ civ',
  } as const;
  // The last seat is a civilian in each deal (the quiet Doctor heals the lowest seat).
  it.each(['club', 'forum', 'classic'] as const)('%s: the single resolved shot is logged as shot 0', (preset) => {
    const target = DEALS[preset].split(' ').length - 1;
    const script = (p: ScriptedProvider): void => {
      p.on(1, 'shoot', 1, target);
      if (preset === 'forum') p.on(2, 'shoot', 1, target); // unanimous: the whole clan names him
    };
    const r = play({ preset, deal: DEALS[preset], options: { 'limits.maxDays': 1 }, script });
    expect(r.events('mafia-target')).toEqual([{ type: 'mafia-target', target, shot: 0 }]);
    expect(r.cause(target)).toBe('mafia');
    // The readable log does not print it: the request lines already show the shot.
    expect(formatLog(r.log)).not.toContain('mafia-target');
  });
});

describe('the Vigilante', () => {
  it('is asked at night, may hold, and holding keeps his bullet', () => {
    const r = play({ preset: 'classic', deal: TABLE, options: TWO_NIGHTS, script: (p) => p.on(VIG, 'vigilante-shot', 1, PASS).on(VIG, 'vigilante-shot', 2, MAF3) });
    const asked = r.provider.askedOf(VIG, 'vigilante-shot');
    expect(asked.map((a) => [a.day, a.mayPass])).toEqual([
      [1, true],
      [2, true],
    ]);
    expect(asked[0]!.options).toEqual(EVERYONE.filter((s) => s !== VIG));
    expect(r.cause(MAF3)).toBe('vigilante');
    expect(r.events('kill').find((k) => k.seat === MAF3)).toEqual({ type: 'kill', seat: MAF3, cause: 9, by: VIG });
    expect(r.text()).toContain('#6 (Vigilante) fires at #3 (Mafia)');
    expect(r.text()).toContain('#3 (Mafia) dies: shot by the Vigilante, #6 (Vigilante)');
  });

  it.each([
    [1, [1]],
    [2, [1, 2]],
  ])('vigilante.shots=%s: with his bullets fired he is not asked again (asked on nights %j)', (shots, nights) => {
    const r = play({
      preset: 'classic',
      deal: TABLE,
      options: { ...TWO_NIGHTS, 'vigilante.shots': shots },
      script: (p) => {
        p.on(VIG, 'vigilante-shot', 1, CIV);
        if (shots === 2) p.on(VIG, 'vigilante-shot', 2, CIV2);
      },
    });
    expect(r.provider.askedOf(VIG, 'vigilante-shot').map((a) => a.day)).toEqual(nights);
    expect(r.cause(CIV)).toBe('vigilante');
    expect(r.alive(CIV2)).toBe(shots !== 2);
  });

  it.each([
    [true, [1, 2]],
    [false, [2]],
  ])('vigilante.firstNight=%s: asked on nights %j', (first, nights) => {
    const r = play({ preset: 'classic', deal: TABLE, options: { ...TWO_NIGHTS, 'vigilante.firstNight': first } });
    expect(r.provider.askedOf(VIG, 'vigilante-shot').map((a) => a.day)).toEqual(nights);
  });

  it('vigilante.firstNight=false also holds in a game that starts by day: night 1 follows day 1', () => {
    const r = play({ preset: 'classic', deal: TABLE, options: { 'vote.tie': 'none', 'limits.maxDays': 2, 'vigilante.firstNight': false } });
    expect(r.provider.askedOf(VIG, 'vigilante-shot').map((a) => a.day)).toEqual([2]);
  });

  it.each([
    [true, true],
    [false, false],
  ])('doctor.savesFromVigilante=%s: the healed target survives: %s', (saves, survives) => {
    const r = play({ preset: 'classic', deal: TABLE, options: { ...NIGHT_FIRST, 'doctor.savesFromVigilante': saves }, script: (p) => p.on(VIG, 'vigilante-shot', 1, MAF3).on(DOC, 'heal', 1, MAF3) });
    expect(r.alive(MAF3)).toBe(survives);
    expect(r.events('saved').map((e) => [e.seat, e.from])).toEqual(saves ? [[MAF3, 9]] : []);
  });

  it('a frozen Vigilante\'s shot is lost, and so is the bullet', () => {
    // Seats: 0 civ, 1 don, 2 maf, 3 put, 4 com, 5 doc, 6 man, 7 vig, 8-11 civ.
    const r = play({
      preset: 'club',
      deal: 'civ don maf put com doc man vig civ civ civ civ',
      options: { 'limits.maxDays': 2, 'vote.tie': 'none' },
      script: (p) => p.on(3, 'freeze', 1, 7).on(7, 'vigilante-shot', 1, 2),
    });
    expect(r.alive(2)).toBe(true);
    expect(r.events('blocked')).toEqual([{ type: 'blocked', seat: 7, choice: 11 }]);
    expect(r.provider.askedOf(7, 'vigilante-shot').map((a) => a.day)).toEqual([1]);
  });

  it('is Town: a check shows him Red, and he counts against the mafia at parity', () => {
    const r = play({ preset: 'classic', deal: TABLE, options: NIGHT_FIRST, script: (p) => p.on(3, 'check', 1, VIG) });
    expect(r.events('check')[0]!.black).toBe(false);
    expect(r.team(VIG)).toBe('town');
  });
});

describe('in the forum turn', () => {
  // Seats: 0 civ, 1 boss, 2 maf, 3 com, 4 doc, 5 vig, 6-9 civ; turn 1 has no vote.
  const FORUM = 'civ boss maf com doc vig civ civ civ civ';
  const TWO_TURNS: OptionSet = { 'limits.maxDays': 2 };

  it('the Vigilante fires with the night requests; vigilante.firstNight=false keeps him from turn 1', () => {
    const r = play({ preset: 'forum', deal: FORUM, options: { ...TWO_TURNS, 'vigilante.firstNight': false }, script: (p) => p.on(5, 'vigilante-shot', 2, 2) });
    expect(r.provider.askedOf(5, 'vigilante-shot').map((a) => a.day)).toEqual([2]);
    expect(r.cause(2)).toBe('vigilante');
  });

  it('vote.noLynch: turn 2\'s vote may go to nobody, and most votes for nobody lynch no one', () => {
    const r = play({ preset: 'forum', deal: FORUM, options: { ...TWO_TURNS, 'vote.noLynch': true }, script: (p) => p.allVote(2, [...Array(10).keys()], PASS) });
    expect(r.events('no-lynch').map((e) => e.reason)).toEqual(['no-vote-today', 'voted-no-lynch']);
  });

  it('mafia.shots: two unanimous shots in one turn, each logged as a mafia-target', () => {
    const r = play({
      preset: 'forum',
      deal: FORUM,
      options: { 'limits.maxDays': 1, 'mafia.shots': '2@2' },
      script: (p) => p.on(1, 'shoot', 1, 6).on(2, 'shoot', 1, 6).on(1, 'shoot', 1, 7, 1).on(2, 'shoot', 1, 7, 1),
    });
    expect(r.events('mafia-target').map((e) => [e.target, e.shot])).toEqual([
      [6, 0],
      [7, 1],
    ]);
    expect([r.cause(6), r.cause(7)]).toEqual(['mafia', 'mafia']);
  });
});
