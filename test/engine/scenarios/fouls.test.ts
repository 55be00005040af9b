// Fouls and inactivity (docs/rules.md sections 1 and 2): fouls.perDayRate,
// fouls.minorShare, fouls.perNightRate, inactivity.missRate and
// inactivity.maxMisses. Rates of 0 and 1 make the thresholds exact; the
// checks that need one player apart from the rest scan fixed seeds.

import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../src/engine/events.js';
import { play, type OptionSet, type ScenarioResult } from '../../helpers/scenario.js';

// Seats: 0 civ, 1 don, 2-3 maf, 4 put, 5 com, 6 doc, 7 man, 8-11 civ.
const CLUB = 'civ don maf maf put com doc man civ civ civ civ';
/** Quiet nights: the mafia pass under unanimous, the Maniac abstains. */
const QUIET: OptionSet = { 'mafia.killRule': 'unanimous' };
const SEATS = [...Array(12).keys()];

/** The `foul` events of each phase, as "day 2: 4,4,..." style lists of half fouls. */
function foulsByPhase(r: ScenarioResult): Map<string, number[]> {
  const out = new Map<string, number[]>();
  let phase = '';
  for (const { event: e } of r.log) {
    if (e.type === 'phase') phase = `${e.phase} ${e.day}`;
    if (e.type === 'foul') out.set(phase, [...(out.get(phase) ?? []), e.halfFouls]);
  }
  return out;
}

describe('fouls', () => {
  it('one foul a day: 3 fouls silence and cost a penalty vote, 4 remove silently', () => {
    const r = play({
      preset: 'club',
      deal: CLUB,
      // The club's first-breach warning is off: every foul here is a full one (see strict-host.test.ts).
      options: { ...QUIET, 'fouls.perDayRate': 1, 'fouls.minorShare': 0, 'fouls.firstIsWarning': false, revealOnDeath: true },
      script: (p) => {
        for (let day = 1; day <= 3; day++) p.say(0, day, { kind: 'accuse', target: 1 });
        p.allVote(3, [0, 1], 8); // 8: 3 votes, 1 and 2: none, the rest 1; plus everyone's penalty vote
      },
      allowUnused: true,
    });
    expect(r.provider.unused()).toEqual(['seat 0 speaks day 3']);
    const fouls = foulsByPhase(r);
    expect([...fouls.keys()]).toEqual(['day 1', 'day 2', 'day 3', 'day 4']);
    expect(fouls.get('day 1')).toEqual(Array(12).fill(2));
    expect(fouls.get('day 2')).toEqual(Array(12).fill(4));
    expect(fouls.get('day 3')).toEqual(Array(12).fill(6));
    // Day 4: each removal is an elimination, checked at once: seats go in seat order
    // until the Putana (seat 4), the last Black, leaves and Red has won.
    expect(fouls.get('day 4')).toEqual(Array(5).fill(8));
    const silenced = r.events('foul').filter((f) => f.silenced);
    expect(silenced).toHaveLength(12);
    // Silenced on day 3: his claim is not heard that day.
    expect(r.events('claim').map((c) => c.speaker)).toEqual([0, 0]);
    expect(r.events('penalty-vote').map((e) => e.target)).toEqual(SEATS);
    expect(r.events('lynch')).toEqual([{ type: 'lynch', target: 8, votes: 4, reason: 'most-votes' }]);
    // Removed silently: cards not shown though revealOnDeath is on.
    const removed = r.events('death').filter((d) => d.publicCause === 'removed');
    expect(removed.map((d) => [d.seat, d.revealed])).toEqual([0, 1, 2, 3, 4].map((seat) => [seat, -1]));
    expect([0, 1, 2, 3, 4].map((seat) => r.cause(seat))).toEqual(Array(5).fill('fouls'));
    expect(r.outcome).toBe('town');
    expect(r.day).toBe(4);
  });

  it('fouls.minorShare=1: every day foul is half a foul', () => {
    const r = play({ preset: 'club', deal: CLUB, options: { ...QUIET, 'fouls.perDayRate': 1, 'fouls.minorShare': 1, 'limits.maxDays': 2 } });
    const fouls = foulsByPhase(r);
    expect(fouls.get('day 1')).toEqual(Array(12).fill(1));
    expect(fouls.get('day 2')).toEqual(Array(12).fill(2));
  });

  it('fouls.perNightRate=1: moving at night is 2 fouls at once; the second night removes', () => {
    const r = play({ preset: 'club', deal: CLUB, options: { ...QUIET, 'fouls.perNightRate': 1, start: 'night' } });
    const fouls = foulsByPhase(r);
    expect([...fouls.keys()]).toEqual(['night 1', 'night 2']);
    expect(fouls.get('night 1')).toEqual(Array(12).fill(4));
    expect(fouls.get('night 2')).toEqual(Array(5).fill(8)); // seats 0-4 leave, the last Black with seat 4
    expect(r.events('foul').some((f) => f.silenced)).toBe(false);
    expect(r.outcome).toBe('town');
  });

  it('a third foul at night costs the next day\'s speech and vote; a player silenced by day or night is not heard', () => {
    let nightCases = 0;
    let dayCases = 0;
    for (let game = 0; game < 20; game++) {
      const r = play({
        preset: 'club',
        deal: CLUB,
        game,
        options: { ...QUIET, 'fouls.perDayRate': 0.4, 'fouls.perNightRate': 0.25, 'limits.maxDays': 6 },
        script: (p) => {
          for (let day = 1; day <= 6; day++) for (const s of SEATS) p.say(s, day, { kind: 'accuse', target: (s + 1) % 12 });
        },
        allowUnused: true,
      });
      for (const day of speechDays(r)) {
        const owed = new Set(day.silencedBefore);
        const heard = new Set(day.speakers);
        for (const s of day.living) expect(heard.has(s), `game ${game} day ${day.day} seat ${s}`).toBe(!owed.has(s));
        for (const s of day.silencedBefore) if (day.living.includes(s)) (day.fromNight.has(s) ? nightCases++ : dayCases++);
        expect(day.penalties.sort()).toEqual(day.silencedBefore.filter((s) => day.livingAtVote.includes(s)).sort());
      }
    }
    expect(nightCases).toBeGreaterThan(0);
    expect(dayCases).toBeGreaterThan(0);
  });

  it('a Commissar removed for fouls is succeeded at once: the Sergeant checks that same turn', () => {
    let cases = 0;
    for (let game = 0; game < 60 && cases < 3; game++) {
      const r = play({
        preset: 'forum',
        deal: 'civ boss kam maf com doc ser fou man civ civ civ',
        game,
        options: { 'fouls.perDayRate': 0.6, 'fouls.minorShare': 0, 'maniac.mayAbstain': true },
        allowUnused: true,
      });
      if (r.cause(4) !== 'fouls' || r.deathDay(6) === r.deathDay(4) || r.events('end')[0]!.day === r.deathDay(4)) continue;
      if (!r.alive(6) && r.deathDay(6) < r.deathDay(4)) continue;
      cases++;
      expect(r.provider.askedOf(6, 'check').map((a) => a.day)[0]).toBe(r.deathDay(4));
    }
    expect(cases).toBeGreaterThan(0);
  });

  it('the Boss removed for fouls turns the Foundling at once: he shoots that same turn', () => {
    let cases = 0;
    for (let game = 0; game < 60 && cases < 3; game++) {
      const r = play({
        preset: 'forum',
        deal: 'civ boss kam maf com doc ser fou man civ civ civ',
        game,
        options: { 'fouls.perDayRate': 0.6, 'fouls.minorShare': 0, 'maniac.mayAbstain': true },
        allowUnused: true,
      });
      const d = r.deathDay(1);
      if (r.cause(1) !== 'fouls' || r.events('end')[0]!.day === d || (!r.alive(7) && r.deathDay(7) <= d)) continue;
      cases++;
      expect(r.provider.askedOf(7, 'shoot').map((a) => a.day)[0]).toBe(d);
    }
    expect(cases).toBeGreaterThan(0);
  });
});

interface SpeechDay {
  day: number;
  living: number[];
  livingAtVote: number[];
  speakers: number[];
  silencedBefore: number[];
  fromNight: Set<number>;
  penalties: number[];
}

/**
 * Replays the public record day by day: who was alive at the speech, who
 * spoke, who reached 3 fouls since the previous day's speech (and whether at
 * night), and who got a penalty vote.
 */
function speechDays(r: ScenarioResult): SpeechDay[] {
  const days: SpeechDay[] = [];
  const alive = new Set(SEATS);
  let owed = new Map<number, boolean>();
  let phase: 'day' | 'night' | 'turn' = 'day';
  let current: SpeechDay | null = null;
  for (const { event: e } of r.log as { event: GameEvent }[]) {
    switch (e.type) {
      case 'phase':
        phase = e.phase;
        if (phase === 'day') {
          current = { day: e.day, living: [], livingAtVote: [], speakers: [], silencedBefore: [], fromNight: new Set(), penalties: [] };
          days.push(current);
        }
        break;
      case 'foul':
        if (e.silenced) owed.set(e.seat, phase === 'night');
        break;
      case 'death':
        alive.delete(e.seat);
        break;
      case 'claim':
        current!.speakers.push(e.speaker);
        break;
      case 'penalty-vote':
        current!.penalties.push(e.target);
        break;
      case 'vote':
        if (current && current.livingAtVote.length === 0) current.livingAtVote = [...alive];
        break;
      default:
        break;
    }
    // The speech starts with the first claim, or the first vote if nobody speaks.
    if (current && current.living.length === 0 && (e.type === 'claim' || e.type === 'vote' || e.type === 'penalty-vote')) {
      current.living = [...alive];
      current.silencedBefore = [...owed.keys()];
      current.fromNight = new Set([...owed].filter(([, atNight]) => atNight).map(([s]) => s));
      owed = new Map();
    }
  }
  return days.filter((d) => d.living.length > 0);
}

describe('inactivity', () => {
  it.each([
    [2, 2],
    [1, 1],
    [3, 3],
  ])('inactivity.maxMisses=%i with inactivity.missRate=1: everyone is removed on day %i', (max, day) => {
    const r = play({ preset: 'club', deal: CLUB, options: { ...QUIET, 'inactivity.missRate': 1, 'inactivity.maxMisses': max, revealOnDeath: true } });
    expect(r.provider.asked.filter((a) => a.choice === 'vote')).toEqual([]);
    expect(r.events('vote').every((v) => v.target === -1)).toBe(true);
    // The removals end the game at once: the last day's empty vote is never counted.
    expect(r.events('no-lynch').map((e) => e.reason)).toEqual(Array(day - 1).fill('no-votes'));
    expect(SEATS.map((s) => r.cause(s))).toEqual(Array(12).fill('inactivity'));
    expect(SEATS.map((s) => r.deathDay(s))).toEqual(Array(12).fill(day));
    // Unlike fouls, removal for inactivity shows the card under revealOnDeath.
    expect(r.events('death').every((d) => d.publicCause === 'removed' && d.revealed >= 0)).toBe(true);
    expect(r.outcome).toBe('draw');
  });

  it('inactivity.missRate=0: nobody misses', () => {
    const r = play({ preset: 'club', deal: CLUB, options: { ...QUIET, 'limits.maxDays': 3 } });
    expect(r.events('vote').some((v) => v.target === -1)).toBe(false);
  });

  it('a death note is not delivered when its writer is removed', () => {
    // Forum: turn 1 has no vote; on turn 2 every player misses it and is removed in seat order.
    const r = play({
      preset: 'forum',
      deal: 'civ boss kam maf com doc ser fou man civ civ civ',
      options: { 'inactivity.missRate': 1, 'inactivity.maxMisses': 1, 'maniac.mayAbstain': true },
      script: (p) => p.on(4, 'death-note', 1, 9),
    });
    expect(r.cause(4)).toBe('inactivity');
    expect(r.events('death-note')).toEqual([]);
  });
});
