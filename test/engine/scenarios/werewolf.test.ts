// Ultimate Werewolf's roles (docs/rules.md section 6), one ability each: the
// Bodyguard's protection (bodyguard.selfProtect, bodyguard.maxSameTarget),
// the Seer's check and how it sees the Lycan and the Minion, the Cursed
// turned by the wolves, the Wolf Cub's extra kill, the Bomb's blast, the
// Spellcaster's silence (spellcaster.silencedVotes), the Prince's first
// lynch, and the Minion who knows the wolves (minion.counted).

import { describe, expect, it } from 'vitest';
import { Role, Team } from '../../../src/engine/roles.js';
import { play } from '../../helpers/scenario.js';
import { PASS, type ScriptedProvider } from '../../helpers/scripted.js';

// Seats: 0-1 wolves, 2 seer, 3 bodyguard, 4 the role under test, 5-9 villagers.
const table = (role: string): string => `werewolf werewolf seer bodyguard ${role} villager villager villager villager villager`;
const WOLF = 0;
const WOLF2 = 1;
const SEER = 2;
const GUARD = 3;
const X = 4;
const VIL = 5;
const VIL2 = 6;
const ALL = [...Array(10).keys()];
/** Night 1 only: the game stops at the end of day 1 (night first). */
const FIRST = { 'limits.maxDays': 1 };

/** Everyone but the target votes for him on `day`. */
const lynch = (p: ScriptedProvider, day: number, target: number, living: readonly number[] = ALL): ScriptedProvider =>
  p.allVote(
    day,
    living.filter((s) => s !== target),
    target,
  );

describe('the Bodyguard', () => {
  it('protects his target from the wolves', () => {
    const r = play({ preset: 'werewolf', deal: table('villager'), options: FIRST, script: (p) => p.on(WOLF, 'shoot', 1, VIL).on(GUARD, 'heal', 1, VIL) });
    expect(r.alive(VIL)).toBe(true);
    expect(r.events('saved').map((e) => e.seat)).toEqual([VIL]);
    expect(r.text()).toContain('is saved by the Bodyguard');
  });

  it.each([
    [true, true],
    [false, false],
  ])('bodyguard.selfProtect=%s: himself among his choices: %s', (self, offered) => {
    const r = play({ preset: 'werewolf', deal: table('villager'), options: { ...FIRST, 'bodyguard.selfProtect': self }, allowUnused: true });
    expect(r.provider.askedOf(GUARD, 'heal')[0]!.options.includes(GUARD)).toBe(offered);
  });

  it.each([
    [1, false],
    [2, true],
  ])('bodyguard.maxSameTarget=%s: the same player the next night is allowed: %s', (max, allowed) => {
    const r = play({
      preset: 'werewolf',
      deal: table('villager'),
      options: { 'limits.maxDays': 2, 'bodyguard.maxSameTarget': max },
      script: (p) => p.on(GUARD, 'heal', 1, VIL2).on(WOLF, 'shoot', 1, VIL).on(WOLF, 'shoot', 2, VIL + 2),
      allowUnused: true,
    });
    expect(r.provider.askedOf(GUARD, 'heal')[1]!.options.includes(VIL2)).toBe(allowed);
  });

  it('stops every night kill, the blast of a Bomb too', () => {
    // The wolves kill the Bomb (seat 4); his neighbours are the Bodyguard (3) and a villager (5), whom the Bodyguard protects.
    const r = play({ preset: 'werewolf', deal: table('bomb'), options: FIRST, script: (p) => p.on(WOLF, 'shoot', 1, X).on(GUARD, 'heal', 1, VIL) });
    expect(r.cause(X)).toBe('mafia');
    expect(r.cause(GUARD)).toBe('bomb');
    expect(r.alive(VIL)).toBe(true);
    expect(r.events('saved').map((e) => [e.seat, e.from])).toEqual([[VIL, 10]]);
  });
});

describe('mafia.firstNight', () => {
  it.each([
    [true, 9],
    [false, 10],
  ])('mafia.firstNight=%s: after night 1, %s players live', (first, living) => {
    const r = play({ preset: 'werewolf', deal: table('villager'), options: { 'limits.maxDays': 1, 'mafia.firstNight': first, 'vote.tie': 'none' }, allowUnused: true });
    expect(r.provider.asked.filter((a) => a.choice === 'shoot').length > 0).toBe(first);
    expect(r.living()).toHaveLength(living);
  });
});

describe('the Seer', () => {
  it.each([
    ['villager', false],
    ['lycan', true],
    ['minion', false],
    ['werewolf', true],
  ])('sees a %s as a werewolf: %s', (role, black) => {
    const deal = role === 'werewolf' ? 'werewolf villager seer bodyguard werewolf villager villager villager villager villager' : table(role);
    const r = play({ preset: 'werewolf', deal, options: FIRST, script: (p) => p.on(SEER, 'check', 1, X), allowUnused: true });
    const check = r.events('check')[0]!;
    expect(check.target).toBe(X);
    expect(check.black).toBe(black);
    expect(r.provider.view(SEER).known[X]).toBe(black ? Team.Mafia : 3); // 3: "not Mafia" (KNOWN_NOT_MAFIA)
  });
});

describe('the Cursed', () => {
  it('bitten by the wolves, he does not die but becomes a werewolf and wakes with them', () => {
    const r = play({ preset: 'werewolf', deal: table('cursed'), options: FIRST, script: (p) => p.on(WOLF, 'shoot', 1, X) });
    expect(r.alive(X)).toBe(true);
    expect(r.role(X)).toBe('mafia');
    expect(r.team(X)).toBe('mafia');
    expect(r.events('shot-failed').map((e) => e.reason)).toEqual(['turned']);
    expect(r.provider.events(X, 'promoted')).toEqual([{ type: 'promoted', seat: X, role: Role.Mafia }]);
    expect(r.provider.events(WOLF, 'mates').at(-1)!.seats).toEqual([WOLF, WOLF2, X]);
    expect(r.provider.view(X).known[WOLF]).toBe(Team.Mafia);
  });

  it('protected by the Bodyguard he stays a villager', () => {
    const r = play({ preset: 'werewolf', deal: table('cursed'), options: FIRST, script: (p) => p.on(WOLF, 'shoot', 1, X).on(GUARD, 'heal', 1, X) });
    expect(r.role(X)).toBe('cursed');
    expect(r.team(X)).toBe('town');
  });

  it('turned, the Seer sees him as a werewolf', () => {
    const r = play({
      preset: 'werewolf',
      deal: table('cursed'),
      options: { 'limits.maxDays': 2 },
      script: (p) => p.on(WOLF, 'shoot', 1, X).on(SEER, 'check', 2, X),
      allowUnused: true,
    });
    expect(r.events('check').find((e) => e.target === X)!.black).toBe(true);
  });
});

describe('the Wolf Cub', () => {
  const deal = 'wolfcub werewolf seer bodyguard villager villager villager villager villager villager villager villager';
  it('lynched, the wolves kill twice the next night, then once again', () => {
    const everyone = [...Array(12).keys()];
    const r = play({
      preset: 'werewolf',
      deal,
      options: { 'limits.maxDays': 3 },
      script: (p) => {
        p.on(0, 'shoot', 1, 11); // the Cub names night 1's victim
        lynch(p, 1, 0, everyone.filter((s) => s !== 11));
        p.on(WOLF2, 'shoot', 2, 4).on(WOLF2, 'shoot', 2, 5, 1).on(GUARD, 'heal', 2, GUARD);
        p.on(WOLF2, 'shoot', 3, 6);
      },
      allowUnused: true,
    });
    expect(r.cause(0)).toBe('lynch');
    expect([r.cause(4), r.cause(5)]).toEqual(['mafia', 'mafia']);
    expect(r.deathDay(4)).toBe(2);
    expect(r.provider.askedOf(WOLF2, 'shoot').map((a) => [a.day, a.round])).toEqual([
      [2, 0],
      [2, 1],
      [3, 0],
    ]);
  });
});

describe('the Bomb', () => {
  it('lynched, he takes his nearest living neighbours with him by day', () => {
    const r = play({ preset: 'werewolf', deal: table('bomb'), options: { ...FIRST }, script: (p) => lynch(p.on(WOLF, 'shoot', 1, GUARD), 1, X, ALL.filter((s) => s !== GUARD)), allowUnused: true });
    expect(r.cause(X)).toBe('lynch');
    // Seat 3 died in the night: the nearest living on that side is the Seer (2).
    expect([r.cause(SEER), r.cause(VIL)]).toEqual(['bomb', 'bomb']);
    expect(r.events('death').filter((e) => e.publicCause === 'blast').map((e) => e.seat)).toEqual([VIL, SEER]);
  });
});

describe('the Spellcaster', () => {
  it.each([
    [true, true],
    [false, false],
  ])('spellcaster.silencedVotes=%s: silenced, he may not speak the next day; he votes: %s', (votes, asked) => {
    const r = play({
      preset: 'werewolf',
      deal: table('spellcaster'),
      options: { ...FIRST, 'spellcaster.silencedVotes': votes },
      script: (p) => p.on(X, 'silence', 1, VIL).on(WOLF, 'shoot', 1, VIL2).say(VIL, 1, { kind: 'accuse', target: WOLF }),
      allowUnused: true, // his scripted claim is never heard
    });
    expect(r.events('silenced')).toEqual([{ type: 'silenced', seat: VIL, votes }]);
    expect(r.events('claim')).toEqual([]);
    expect(r.provider.askedOf(VIL, 'vote').length > 0).toBe(asked);
  });

  it('his silence lasts one day', () => {
    const r = play({
      preset: 'werewolf',
      deal: table('spellcaster'),
      options: { 'limits.maxDays': 2 },
      script: (p) => p.on(X, 'silence', 1, VIL).on(X, 'silence', 2, PASS).say(VIL, 2, { kind: 'accuse', target: WOLF }),
      allowUnused: true,
    });
    expect(r.events('claim').map((e) => e.speaker)).toEqual([VIL]);
  });
});

describe('the Prince', () => {
  it('survives his first lynch with his role shown, not the second', () => {
    const r = play({
      preset: 'werewolf',
      deal: table('prince'),
      options: { 'limits.maxDays': 2 },
      script: (p) => {
        p.on(WOLF, 'shoot', 1, VIL).on(WOLF, 'shoot', 2, VIL2);
        lynch(p, 1, X, ALL.filter((s) => s !== VIL));
        lynch(p, 2, X, ALL.filter((s) => s !== VIL && s !== VIL2));
      },
      allowUnused: true,
    });
    expect(r.events('lynch-survived').map((e) => [e.target, e.role])).toEqual([[X, Role.Prince]]);
    expect(r.provider.view(VIL2 + 1).revealed[X]).toBe(Role.Prince);
    expect(r.cause(X)).toBe('lynch');
    expect(r.deathDay(X)).toBe(2);
  });
});

describe('the Minion', () => {
  it('knows the wolves, who do not know him, and is not told as one of them', () => {
    const r = play({ preset: 'werewolf', deal: table('minion'), options: FIRST, allowUnused: true });
    expect(r.provider.events(X, 'mates')[0]!.seats).toEqual([WOLF, WOLF2]);
    expect(r.provider.view(X).known[WOLF]).toBe(Team.Mafia);
    expect(r.provider.view(WOLF).known[X]).toBe(-1);
    expect(r.provider.askedOf(X, 'shoot')).toEqual([]);
  });

  // Two wolves and the Minion against two villagers left: parity only if the Minion counts as a wolf.
  it.each([
    [false, 'the village plays on'],
    [true, 'the wolves win'],
  ])('minion.counted=%s: at 2 wolves, the Minion and 2 others, %s', (counted) => {
    const deal = 'werewolf werewolf minion seer bodyguard villager villager villager villager';
    const r = play({
      preset: 'werewolf',
      deal,
      options: { 'limits.maxDays': 2, 'minion.counted': counted, 'vote.tie': 'none' },
      script: (p) => {
        p.on(0, 'shoot', 1, 5).on(4, 'heal', 1, 4);
        lynch(p, 1, 6, [0, 1, 2, 3, 4, 6, 7, 8]);
        p.on(0, 'shoot', 2, 7).on(4, 'heal', 2, 8);
      },
      allowUnused: true,
    });
    // After night 2: wolves 0, 1; Minion 2; Seer 3, Bodyguard 4, villager 8.
    expect(r.living()).toEqual([0, 1, 2, 3, 4, 8]);
    expect(r.outcome).toBe(counted ? 'mafia' : 'timeout');
  });

  it.each([
    [false, 'town'],
    [true, 'timeout'],
  ])('minion.counted=%s: with every werewolf dead the result is %s', (counted, outcome) => {
    const deal = 'werewolf minion seer bodyguard villager villager villager villager';
    const r = play({ preset: 'werewolf', deal, options: { ...FIRST, 'minion.counted': counted }, script: (p) => lynch(p.on(0, 'shoot', 1, 4), 1, 0, [0, 1, 2, 3, 5, 6, 7]) });
    expect(r.outcome).toBe(outcome);
  });
});
