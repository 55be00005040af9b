// The vote: who may be voted for, the day's speaking and vote order, every vote.tie
// value, vote.firstDay, start, lynch.minShare, vote.mayAbstain and
// revealOnDeath.

import { describe, expect, it } from 'vitest';
import { Role, Team } from '../../../src/engine/roles.js';
import { play, type OptionSet } from '../../helpers/scenario.js';
import type { ClaimSink, PlayerView } from '../../../src/engine/agent.js';
import { PASS, ScriptedProvider } from '../../helpers/scripted.js';

// Seats: 0 civ, 1 don, 2-3 maf, 4 put, 5 com, 6 doc, 7 man, 8-11 civ.
const CLUB = 'civ don maf maf put com doc man civ civ civ civ';
const A = 8;
const B = 9;
const FOR_A = [0, 1, 2, 3, 4, B];
const FOR_B = [5, 6, 7, A, 10, 11];
/** Quiet nights (the mafia pass under unanimous), one day. */
const DAY_ONE: OptionSet = { 'limits.maxDays': 1, 'mafia.killRule': 'unanimous' };

/** Round `round` of day 1 splits 6-6 between A and B. */
const split = (p: ScriptedProvider, round = 0): ScriptedProvider => p.allVote(1, FOR_A, A, round).allVote(1, FOR_B, B, round);

describe('who may be voted for', () => {
  it('every living player must vote for another living player: no pass, not himself', () => {
    const r = play({ preset: 'club', deal: CLUB, options: DAY_ONE });
    const votes = r.provider.asked.filter((a) => a.choice === 'vote');
    expect(votes).toHaveLength(24); // a 12-way tie and its revote
    for (const v of votes.filter((a) => a.round === 0)) {
      expect(v.mayPass).toBe(false);
      expect(v.options).toEqual([...Array(12).keys()].filter((s) => s !== v.seat));
    }
  });

  it('the most voted is lynched and every vote is public', () => {
    const r = play({ preset: 'club', deal: CLUB, options: DAY_ONE, script: (p) => p.allVote(1, [0, 1, 2], A) });
    expect(r.cause(A)).toBe('lynch');
    expect(r.events('lynch')).toEqual([{ type: 'lynch', target: A, votes: 4, reason: 'most-votes' }]);
    for (let s = 0; s < 12; s++) if (s !== A) expect(r.provider.events(s, 'vote')).toHaveLength(12);
  });
});

describe('the order of the vote', () => {
  const firstRound = (r: ReturnType<typeof play>): number[] => r.provider.asked.filter((a) => a.choice === 'vote' && a.round === 0).map((a) => a.seat);

  it('every living player votes once a day, in an order drawn by chance: not seat order, and not the same every day or game', () => {
    const orders = new Set<string>();
    const firsts = new Set<number>();
    for (let game = 0; game < 30; game++) {
      const r = play({ preset: 'club', deal: CLUB, game, options: { ...DAY_ONE, 'vote.tie': 'none' } });
      const order = firstRound(r);
      expect([...order].sort((a, b) => a - b)).toEqual([...Array(12).keys()]);
      orders.add(order.join());
      firsts.add(order[0]!);
      // The public log shows the votes in the order they were cast.
      expect(r.events('vote').map((e) => e.voter)).toEqual(order);
    }
    expect(orders.size).toBe(30);
    expect(firsts.size).toBeGreaterThan(6);
  });

  it('the order is part of the game: the same game draws the same order', () => {
    const a = play({ preset: 'club', deal: CLUB, game: 4, options: { ...DAY_ONE, 'vote.tie': 'none' } });
    const b = play({ preset: 'club', deal: CLUB, game: 4, options: { ...DAY_ONE, 'vote.tie': 'none' } });
    expect(firstRound(a)).toEqual(firstRound(b));
  });

  it('the speeches too go in an order drawn each day', () => {
    const firstSpeakers = new Set<number>();
    for (let game = 0; game < 20; game++) {
      const p = new ScriptedProvider();
      for (let s = 0; s < 12; s++) p.say(s, 1, { kind: 'accuse', target: (s + 1) % 12 });
      const r = play({ preset: 'club', deal: CLUB, game, provider: p, options: { ...DAY_ONE, 'vote.tie': 'none' } });
      const speakers = r.events('claim').map((e) => e.speaker);
      expect([...speakers].sort((a, b) => a - b)).toEqual([...Array(12).keys()]);
      firstSpeakers.add(speakers[0]!);
    }
    expect(firstSpeakers.size).toBeGreaterThan(5);
  });

  it('who spoke before the day\'s last role or result claim speaks once more, in the same order, to answer it', () => {
    let answered = 0;
    for (let game = 0; game < 10; game++) {
      const p = new ScriptedProvider();
      p.say(5, 1, { kind: 'role', role: Role.Commissar });
      play({ preset: 'club', deal: CLUB, game, provider: p, options: { ...DAY_ONE, 'vote.tie': 'none' } });
      const turns = p.spoke.filter((c) => c.day === 1).map((c) => c.seat);
      const first = turns.slice(0, 12);
      expect([...first].sort((a, b) => a - b)).toEqual([...Array(12).keys()]);
      expect(turns.slice(12)).toEqual(first.slice(0, first.indexOf(5)));
      answered += turns.length - 12;
    }
    expect(answered).toBeGreaterThan(10);
  });

  it('a revote keeps the day\'s order', () => {
    const r = play({ preset: 'club', deal: CLUB, options: { ...DAY_ONE, 'vote.tie': 'revote-then-none' }, script: (p) => split(split(p), 1) });
    const revote = r.provider.asked.filter((a) => a.choice === 'vote' && a.round === 1).map((a) => a.seat);
    expect(revote).toEqual(firstRound(r));
  });
});

describe('vote.mayAbstain', () => {
  it('false (every preset): no player may pass his vote', () => {
    const r = play({ preset: 'classic', deal: 'civ maf civ civ civ civ', options: { 'limits.maxDays': 1 } });
    expect(r.provider.asked.filter((a) => a.choice === 'vote').every((a) => !a.mayPass)).toBe(true);
  });

  it('true: a player may cast no vote; an abstention is logged and counts for no one, the most voted of the votes cast is lynched', () => {
    // Seats 1-3 abstain, 0 and 4 vote for 5, 5 votes for 0: 5 is lynched with 2 votes of 3 cast.
    const r = play({
      preset: 'classic',
      deal: 'civ maf civ civ civ civ',
      options: { 'limits.maxDays': 1, 'vote.mayAbstain': true },
      script: (p) => p.votes(1, { 0: 5, 1: PASS, 2: PASS, 3: PASS, 4: 5, 5: 0 }),
    });
    expect(r.provider.asked.filter((a) => a.choice === 'vote').every((a) => a.mayPass)).toBe(true);
    expect(r.events('vote').filter((e) => e.abstained).map((e) => e.voter).sort()).toEqual([1, 2, 3]);
    expect(r.events('lynch')).toEqual([{ type: 'lynch', target: 5, votes: 2, reason: 'most-votes' }]);
    expect(r.text()).toContain('#2->abstains');
  });

  it('true: when everyone abstains nobody is lynched', () => {
    const r = play({
      preset: 'classic',
      deal: 'civ maf civ civ civ civ',
      options: { 'limits.maxDays': 1, 'vote.mayAbstain': true },
      script: (p) => p.votes(1, { 0: PASS, 1: PASS, 2: PASS, 3: PASS, 4: PASS, 5: PASS }),
    });
    expect(r.events('no-lynch').map((e) => e.reason)).toEqual(['no-votes']);
  });

  it('with vote.noLynch, a pass is a vote for nobody, not an abstention', () => {
    const r = play({
      preset: 'classic',
      deal: 'civ maf civ civ civ civ',
      options: { 'limits.maxDays': 1, 'vote.mayAbstain': true, 'vote.noLynch': true },
      script: (p) => p.votes(1, { 0: PASS, 1: PASS, 2: 5, 3: PASS, 4: 5, 5: 0 }),
    });
    expect(r.events('vote').some((e) => e.abstained)).toBe(false);
    expect(r.events('no-lynch').map((e) => e.reason)).toEqual(['voted-no-lynch']);
  });
});

describe('vote.tie', () => {
  it('revote-then-none: the tied go to a revote among them; a second tie lynches nobody', () => {
    const r = play({ preset: 'club', deal: CLUB, options: { ...DAY_ONE, 'vote.tie': 'revote-then-none' }, script: (p) => split(split(p), 1) });
    const revote = r.provider.asked.filter((a) => a.choice === 'vote' && a.round === 1);
    expect(revote).toHaveLength(12);
    expect(revote.find((a) => a.seat === 0)!.options).toEqual([A, B]);
    expect(revote.find((a) => a.seat === A)!.options).toEqual([B]);
    expect(r.events('no-lynch').map((e) => e.reason)).toEqual(['tie']);
    expect(r.living()).toHaveLength(12);
  });

  it('revote-then-none: a decisive revote lynches', () => {
    const r = play({
      preset: 'club',
      deal: CLUB,
      options: { ...DAY_ONE, 'vote.tie': 'revote-then-none' },
      script: (p) => split(p).allVote(1, [...FOR_A, 5], A, 1).allVote(1, [6, 7, A, 10, 11], B, 1),
    });
    expect(r.cause(A)).toBe('lynch');
    expect(r.alive(B)).toBe(true);
  });

  it('revote-then-all: a second tie lynches all the tied', () => {
    const r = play({ preset: 'club', deal: CLUB, options: { ...DAY_ONE, 'vote.tie': 'revote-then-all' }, script: (p) => split(split(p), 1) });
    expect(r.cause(A)).toBe('lynch');
    expect(r.cause(B)).toBe('lynch');
    expect(r.events('lynch').map((e) => e.reason)).toEqual(['tie-all', 'tie-all']);
  });

  it('none: a tie lynches nobody, without a revote', () => {
    const r = play({ preset: 'club', deal: CLUB, options: { ...DAY_ONE, 'vote.tie': 'none' }, script: (p) => split(p) });
    expect(r.provider.asked.some((a) => a.round === 1)).toBe(false);
    expect(r.events('no-lynch').map((e) => e.reason)).toEqual(['tie']);
    expect(r.living()).toHaveLength(12);
  });

  it('random: a tie lynches one of the tied, drawn by chance, without a revote', () => {
    const lynched = new Set<number>();
    for (let game = 0; game < 20; game++) {
      const r = play({ preset: 'club', deal: CLUB, game, options: { ...DAY_ONE, 'vote.tie': 'random' }, script: (p) => split(p) });
      expect(r.provider.asked.some((a) => a.round === 1)).toBe(false);
      const [l] = r.events('lynch');
      expect(l!.reason).toBe('tie-random');
      expect(r.living()).toHaveLength(11);
      lynched.add(l!.target);
    }
    expect([...lynched].sort()).toEqual([A, B]);
  });
});

describe('vote.firstDay and start', () => {
  it.each([
    [true, 'day'],
    [false, 'day'],
    [true, 'night'],
    [false, 'night'],
  ])('vote.firstDay=%s, start=%s', (firstDay, start) => {
    const r = play({ preset: 'club', deal: CLUB, options: { 'limits.maxDays': 2, 'mafia.killRule': 'unanimous', 'vote.firstDay': firstDay, start } });
    const phases = r.events('phase').map((e) => `${e.phase} ${e.day}`);
    expect(phases).toEqual(start === 'day' ? ['day 1', 'night 1', 'day 2', 'night 2'] : ['night 1', 'day 1', 'night 2', 'day 2']);
    const voteDays = new Set(r.provider.asked.filter((a) => a.choice === 'vote').map((a) => a.day));
    expect([...voteDays]).toEqual(firstDay ? [1, 2] : [2]);
    expect(r.events('no-lynch').some((e) => e.reason === 'no-vote-today')).toBe(!firstDay);
    // The first decision of the game belongs to the first phase.
    expect(r.provider.asked[0]!.choice === 'vote').toBe(start === 'day' && firstDay);
  });
});

describe('lynch.minShare', () => {
  // Votes go one each round the table; seat 0 (and seat 1) switch to A, who then has 2 (or 3) of 12.
  it.each([
    [0.25, [0], false],
    [0.25, [0, 1], true],
    [0, [0], true],
    [0.5, [0, 1, 2, 3], false],
  ])('share %d with extra voters %j for A: lynched %s', (share, extra, lynched) => {
    const r = play({ preset: 'club', deal: CLUB, options: { ...DAY_ONE, 'lynch.minShare': share }, script: (p) => p.allVote(1, extra, A) });
    expect(r.alive(A)).toBe(!lynched);
    if (!lynched) expect(r.events('no-lynch').map((e) => e.reason)).toEqual(['below-share']);
  });
});

describe('revealOnDeath', () => {
  it.each([true, false])('revealOnDeath=%s: the lynched and the shot show their card only when true', (reveal) => {
    const r = play({
      preset: 'club',
      deal: CLUB,
      options: { 'limits.maxDays': 1, revealOnDeath: reveal },
      script: (p) => p.allVote(1, [0, 2, 3, 4, 5, 6, 7, 8], 1).on(2, 'shoot', 1, 5).on(6, 'heal', 1, 0),
    });
    expect(r.cause(1)).toBe('lynch');
    expect(r.cause(5)).toBe('mafia');
    const deaths = r.events('death').map((e) => [e.seat, e.revealed]);
    expect(deaths).toEqual(reveal ? [[1, Role.Don], [5, Role.Commissar]] : [[1, -1], [5, -1]]);
    const civ = r.provider.view(0);
    expect(civ.revealed[1]).toBe(reveal ? Role.Don : -1);
    expect(civ.known[1]).toBe(reveal ? Team.Mafia : -1);
    expect(civ.known[5]).toBe(reveal ? Team.Town : -1);
  });
});

/** Notes, at each turn to speak, how many votes had been asked for so far that day. */
class TimedProvider extends ScriptedProvider {
  readonly turns: { seat: number; day: number; votesBefore: number }[] = [];
  override speak(seat: number, view: PlayerView, out: ClaimSink): void {
    this.turns.push({ seat, day: view.day, votesBefore: this.asked.filter((a) => a.choice === 'vote').length });
    super.speak(seat, view, out);
  }
}

describe('vote.hammerSpeech', () => {
  // Seven votes of twelve are a majority: the sixth for A puts him one vote from the lynch.
  const SIX_FOR_A = [0, 1, 2, 3, 4, 5];
  const NO_TIE: OptionSet = { ...DAY_ONE, 'vote.tie': 'none' };
  /** Turns to speak given after the day's vote began. */
  const inVote = (p: TimedProvider): { seat: number; votesBefore: number }[] => p.turns.filter((c) => c.day === 1 && c.votesBefore > 0).map(({ seat, votesBefore }) => ({ seat, votesBefore }));
  /** How many votes had been cast when the k-th vote for `target` was (1-based), or -1. */
  const kthVoteFor = (r: ReturnType<typeof play>, target: number, k: number): number => {
    let seen = 0;
    const votes = r.events('vote');
    for (let i = 0; i < votes.length; i++) if (votes[i]!.target === target && ++seen === k) return i + 1;
    return -1;
  };

  it('false (every preset): nobody speaks once the vote has begun', () => {
    const p = new TimedProvider().allVote(1, SIX_FOR_A, A);
    play({ preset: 'club', deal: CLUB, provider: p, options: NO_TIE });
    expect(p.turns.length).toBeGreaterThanOrEqual(12);
    expect(inVote(p)).toEqual([]);
  });

  it('true: the player one vote from a majority speaks right after that vote, unless it was the last; nobody else does', () => {
    let spoke = 0;
    for (let game = 0; game < 12; game++) {
      const p = new TimedProvider().allVote(1, SIX_FOR_A, A);
      const r = play({ preset: 'club', deal: CLUB, game, provider: p, options: { ...NO_TIE, 'vote.hammerSpeech': true } });
      const sixth = kthVoteFor(r, A, 6);
      expect(sixth).toBeGreaterThan(0);
      const expected = sixth < 12 ? [{ seat: A, votesBefore: sixth }] : [];
      expect(inVote(p)).toEqual(expected);
      spoke += expected.length;
    }
    expect(spoke).toBeGreaterThan(6);
  });

  it('his claim under the hammer is public at once: it is logged between the sixth vote on him and the next', () => {
    const p = new (class extends TimedProvider {
      override speak(seat: number, view: PlayerView, out: ClaimSink): void {
        super.speak(seat, view, out);
        if (seat === A && this.turns.at(-1)!.votesBefore > 0) out.say({ kind: 'role', role: Role.Commissar });
      }
    })().allVote(1, SIX_FOR_A, A);
    const r = play({ preset: 'club', deal: CLUB, game: 0, provider: p, options: { ...NO_TIE, 'vote.hammerSpeech': true } });
    const sixth = kthVoteFor(r, A, 6);
    const sequence = r.log.map((l) => l.event).filter((e) => e.type === 'vote' || e.type === 'claim');
    const claimAt = sequence.findIndex((e) => e.type === 'claim' && e.speaker === A);
    expect(sixth).toBeLessThan(12);
    expect(sequence.slice(0, claimAt).filter((e) => e.type === 'vote')).toHaveLength(sixth);
    // Everyone still to vote saw it before choosing.
    for (const seat of [6, 7, A, 10, 11].filter((s) => !sequence.slice(0, claimAt).some((e) => e.type === 'vote' && e.voter === s))) {
      expect(p.events(seat, 'claim').some((e) => e.speaker === A)).toBe(true);
    }
  });

  it('the hammer is lynch.minShare of the living when that is more than a majority: at 3/4 of twelve, one vote short of nine', () => {
    const opts = { ...NO_TIE, 'vote.hammerSpeech': true, 'lynch.minShare': 0.75 };
    let spoke = 0;
    for (let game = 0; game < 24; game++) {
      const six = new TimedProvider().allVote(1, SIX_FOR_A, A);
      play({ preset: 'club', deal: CLUB, game, provider: six, options: opts });
      expect(inVote(six)).toEqual([]);
      const eight = new TimedProvider().allVote(1, [...SIX_FOR_A, 6, 7], A);
      const r = play({ preset: 'club', deal: CLUB, game, provider: eight, options: opts });
      const at = kthVoteFor(r, A, 8);
      expect(inVote(eight)).toEqual(at < 12 ? [{ seat: A, votesBefore: at }] : []);
      if (at < 12) spoke++;
    }
    expect(spoke).toBeGreaterThan(3);
  });
});
