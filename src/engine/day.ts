// The day: public claims (in the day's speaking order), the vote (in the
// day's vote order, with abstentions where allowed) and its tie rules, the
// lynch's share threshold; fouls, silences and inactivity are in fouls.ts.
// Votes are collected in `collectVotes` (a day of nominations in
// nominations.ts; the orders in dayOrder.ts) and turned into a lynch by
// `carryOutLynch`, so the forum turn can hold the lynch until the night's
// requests have resolved. A vote allocates nothing: its tallies and lists
// live in a Ballot reused from day to day.

import { NONE, type ClaimSink } from './agent.js';
import { Audience, Choice, DeathCause, type Claim, type GameEvent } from './events.js';
import { drawVoteOrder, rotatingOrder, shuffledIndices, voterList, voterTotal } from './dayOrder.js';
import { type AfterRemoval, keepPlaying, mutedToday, removeInactive } from './fouls.js';
import { afterSecondTie, collectNominationVotes } from './nominations.js';
import type { Table } from './table.js';

/** Where the speaker of the moment puts his claims; one per game, reused every day. */
export class Speech implements ClaimSink {
  speaker = 0;
  /** The day's speaking order: indices into `Table.living`, set by `speak` (drawn, or the rules' own under nominations). */
  readonly order: Int16Array;
  /** The turn (position in `order`) of the day's last role or result claim, or -1. */
  lastRoleClaimAt = -1;
  turn = 0;
  constructor(private readonly t: Table) {
    this.order = new Int16Array(t.n);
  }
  say(claim: Claim): void {
    if (claim.kind !== 'accuse') this.lastRoleClaimAt = this.turn;
    this.t.publicClaim(this.speaker, claim);
  }
}

/**
 * Each living player who is not silenced may make public claims, in the
 * day's speaking order (dayOrder.ts): drawn by chance each day, as the
 * vote's, so who speaks first, and whom the later speakers hear, is not
 * decided by seat number. Those who spoke before the day's last role or
 * result claim get one more turn, in the same order, to answer it (a
 * Sergeant exposing a false Commissar, the real one stepping forward), as
 * they could when the speeches went by seat. Under `vote.procedure =
 * nominations` the order is the rules' own (FIIM: by seat, one seat later
 * each day) and each player speaks once, as the rules' single speech.
 */
export function speak(t: Table, sink: Speech = new Speech(t)): void {
  if (!t.speaking) return;
  if (t.rules.options['vote.procedure'] === 'nominations') {
    rotatingOrder(t, sink.order);
    speakInTurn(t, sink, t.aliveCount);
    return;
  }
  shuffledIndices(t, sink.order);
  sink.lastRoleClaimAt = -1;
  speakInTurn(t, sink, t.aliveCount);
  const replies = sink.lastRoleClaimAt;
  if (replies > 0) speakInTurn(t, sink, replies);
}

/** The first `turns` players of the day's order speak (nobody dies while they do). */
function speakInTurn(t: Table, sink: Speech, turns: number): void {
  for (let i = 0; i < turns; i++) {
    sink.turn = i;
    giveTheFloor(t, sink, t.living[sink.order[i]!]!);
  }
}

/** Seat s speaks into `sink`, unless his player never speaks or he is silenced today. */
function giveTheFloor(t: Table, sink: Speech, s: number): void {
  const agent = t.agents[s]!;
  if (!agent.speak || t.views[s]!.silenced) return;
  sink.speaker = s;
  agent.speak(t.views[s]!, sink);
}

type LynchReason = 'most-votes' | 'tie-random' | 'tie-all' | 'lone-nominee';

/**
 * Whom a vote eliminates: lynched[0..count), count 0 for none; more than one
 * under `vote.tie = revote-then-all`, or the tied to draw from when the draw
 * waits for the night (`draw` >= 0, see `vote.tieDrawAmongAlive`).
 */
export class VoteResult {
  readonly lynched: Int16Array;
  count = 0;
  votes = 0;
  reason: LynchReason = 'most-votes';
  /** The random tie break's uniform draw, kept for the draw among the living after the night; -1 when none waits. */
  draw = -1;

  constructor(n: number) {
    this.lynched = new Int16Array(n);
  }
}

/** A vote's working storage, sized once per table. */
export class Ballot {
  readonly tally: Int16Array;
  /** Votes for nobody this round (`vote.noLynch`). */
  nobody = 0;
  readonly candidates: Int16Array;
  /**
   * The day's order (dayOrder.ts): indices into `Table.living`, first the
   * nominations' speaking order (nominations), then the vote order; and the
   * voters' seats in the vote order, kept for revotes and the lift-all vote
   * (unless nobody observes: then the voters are the living list itself, dayOrder.ts voterList).
   */
  readonly order: Int16Array;
  readonly voters: Int16Array;
  voterCount = 0;
  /** Scratch marks by seat (nominations), all 0 between uses. */
  readonly marked: Uint8Array;
  readonly result: VoteResult;
  /** Where a player under the hammer speaks (`vote.hammerSpeech`): the game's day speech, set by Game. */
  speech: Speech | null = null;

  constructor(n: number) {
    this.tally = new Int16Array(n);
    this.candidates = new Int16Array(n);
    this.order = new Int16Array(n);
    this.voters = new Int16Array(n);
    this.marked = new Uint8Array(n);
    this.result = new VoteResult(n);
  }

  /** No votes yet. A loop, not fill(): TypedArray fill is a call into C++, dearer than a dozen stores. */
  clear(): void {
    const tally = this.tally;
    for (let s = 0; s < tally.length; s++) tally[s] = 0;
    this.nobody = 0;
  }
}

/**
 * Every living player votes for another living player (inactivity aside);
 * `b.result` says whom the vote eliminates under the tie and share rules.
 * `afterRemovals` runs once if missed votes removed anyone; true from it
 * (the game is over) stops the vote at once and is returned.
 */
export function collectVotes(t: Table, b: Ballot, afterRemovals: AfterRemoval = keepPlaying): boolean {
  const o = t.rules.options;
  if (o['vote.procedure'] === 'nominations') return collectNominationVotes(t, b, afterRemovals);
  const living = t.aliveCount;
  const r = b.result;
  r.count = 0;
  r.votes = 0;
  r.reason = 'most-votes';
  r.draw = -1;
  const tally = b.tally;
  b.clear();
  if (t.foulsOn) addPenaltyVotes(t, tally);
  castFirstVotes(t, b);
  // A removal is an elimination: the game may end here, before any revote.
  if (o['inactivity.missRate'] > 0 && removeInactive(t) && afterRemovals()) return true;
  let k = topOf(t, b, living);
  if (k < 0) return false;
  if (k === 1) return lynch(r, tally, 1, 'most-votes');
  switch (o['vote.tie']) {
    case 'random': {
      // One uniform draw either way (the same as chance.int(k)), so the stream does not depend on the option.
      const u = t.chance.next();
      if (o['turn.simultaneous'] && o['vote.tieDrawAmongAlive']) {
        r.draw = u;
        return lynch(r, tally, k, 'tie-random');
      }
      r.lynched[0] = r.lynched[Math.floor(u * k)]!;
      return lynch(r, tally, 1, 'tie-random');
    }
    case 'none':
      noLynch(t, 'tie');
      return false;
    default: {
      b.candidates.set(r.lynched.subarray(0, k));
      b.clear();
      castRevotes(t, b, k);
      k = topOf(t, b, living);
      if (k < 0) return false;
      if (k === 1) return lynch(r, tally, 1, 'most-votes');
      return afterSecondTie(t, b, k);
    }
  }
}

export function addPenaltyVotes(t: Table, tally: Int16Array): void {
  for (let s = 0; s < t.n; s++) {
    if (t.alive[s] && t.penaltyVotes[s]) {
      tally[s]! += 1;
      t.penaltyVotes[s] = 0;
      if (t.listening) t.emit({ type: 'penalty-vote', target: s }, Audience.Public);
    }
  }
}

/** The first round: each living player, in the day's vote order, votes for another, for nobody under `vote.noLynch`, or not at all under `vote.mayAbstain` (one pass of `askOthers`). */
function castFirstVotes(t: Table, b: Ballot): void {
  const missRate = t.rules.options['inactivity.missRate'];
  const mayPass = t.rules.options['vote.noLynch'] || t.rules.options['vote.mayAbstain'];
  const m = t.aliveCount;
  if (m === 0) return;
  drawVoteOrder(t, b);
  const muted = mutedToday(t);
  const hammer = hammerVotes(t);
  t.asker.beginOthers(); // nobody dies while the votes are cast
  const bySeat = !t.observing; // no order drawn (drawVoteOrder)
  for (let j = 0; j < m; j++) {
    const i = bySeat ? j : b.order[j]!;
    const s = t.living[i]!;
    if (muted !== null && muted[s]) continue;
    if (missRate > 0 && t.chance.next() < missRate) {
      t.misses[s]!++;
      t.publicVote(s, NONE, 0, true, false);
      continue;
    }
    if (m === 1) continue;
    const target = t.asker.askOthers(i, Choice.Vote, mayPass, 0);
    recordVote(t, b, s, target, 0);
    if (hammer > 0 && target !== NONE && b.tally[target] === hammer - 1 && j < m - 1) speakUnderHammer(t, b, target);
  }
}

/**
 * The votes that lynch a player whatever the votes still to come: a
 * majority of the living, or `lynch.minShare` of them when that is more;
 * 0 when `vote.hammerSpeech` is off.
 */
function hammerVotes(t: Table): number {
  if (!t.rules.options['vote.hammerSpeech']) return 0;
  const living = t.aliveCount;
  return Math.max(Math.floor(living / 2) + 1, Math.ceil(t.rules.options['lynch.minShare'] * living - 1e-9));
}

/**
 * `vote.hammerSpeech`: the player one vote from the lynch speaks before the
 * next vote, as an online game's target claims under the hammer; the votes
 * already cast stand, the ones to come may go elsewhere.
 */
function speakUnderHammer(t: Table, b: Ballot, s: number): void {
  if (b.speech !== null) giveTheFloor(t, b.speech, s);
}

/** The revote among the k tied (b.candidates): each living player, in the day's order, votes for a candidate other than himself (or nobody, under `vote.noLynch`). */
function castRevotes(t: Table, b: Ballot, k: number): void {
  const mayPass = t.rules.options['vote.noLynch'] || t.rules.options['vote.mayAbstain'];
  const candidates = b.candidates;
  const everyCandidate = t.asker.lists.sized(k);
  for (let j = 0; j < k; j++) everyCandidate[j] = candidates[j]!;
  const muted = mutedToday(t);
  const voters = voterList(t, b);
  const count = voterTotal(t, b);
  for (let j = 0; j < count; j++) {
    const s = voters[j]!;
    if (!t.alive[s] || (muted !== null && muted[s])) continue;
    const options = candidatesBut(t, candidates, k, s, everyCandidate);
    if (options.length === 0) continue;
    recordVote(t, b, s, t.asker.ask(s, Choice.Vote, options, mayPass, 1), 1);
  }
}

/** The candidates without seat s: `everyCandidate` itself if s is not one of them. */
function candidatesBut(t: Table, candidates: Int16Array, k: number, s: number, everyCandidate: number[]): number[] {
  let at = -1;
  for (let j = 0; j < k; j++) if (candidates[j] === s) at = j;
  if (at < 0) return everyCandidate;
  const out = t.asker.lists.sized(k - 1);
  for (let j = 0, i = 0; j < k; j++) if (j !== at) out[i++] = candidates[j]!;
  return out;
}

/** A vote for `target`; NONE is a vote for nobody under `vote.noLynch`, else an abstention (`vote.mayAbstain`), which counts for no one. */
export function recordVote(t: Table, b: Ballot, voter: number, target: number, round: number): void {
  if (target !== NONE) b.tally[target]!++;
  else if (t.rules.options['vote.noLynch']) b.nobody++;
  else {
    t.publicVote(voter, target, round, false, true);
    return;
  }
  t.publicVote(voter, target, round, false, false);
}

/**
 * Writes the most voted living seats to b.result.lynched and returns how
 * many there are, or -1 (with the no-lynch event) when none qualifies.
 * Under `vote.noLynch` "nobody" is a candidate that wins its ties: a player
 * needs strictly more votes than it to be lynched.
 */
export function topOf(t: Table, b: Ballot, livingAtOpen: number): number {
  const tally = b.tally;
  const living = t.living;
  const tied = b.result.lynched;
  // One pass: the tied list restarts whenever a higher tally turns up.
  let max = 0;
  let k = 0;
  for (let i = 0; i < t.aliveCount; i++) {
    const s = living[i]!;
    const votes = tally[s]!;
    if (votes < max) continue;
    if (votes > max) {
      max = votes;
      k = 0;
    }
    tied[k++] = s;
  }
  if (b.nobody > 0 && b.nobody >= max) {
    noLynch(t, 'voted-no-lynch');
    return -1;
  }
  if (max === 0) {
    noLynch(t, 'no-votes');
    return -1;
  }
  // A share like 1/4 of 12 is exactly 3 votes: compare with a tolerance for binary fractions.
  if (max < t.rules.options['lynch.minShare'] * livingAtOpen - 1e-9) {
    noLynch(t, 'below-share');
    return -1;
  }
  return k;
}

/** Settles the result on its first `count` seats; false: the vote did not end the game. */
export function lynch(r: VoteResult, tally: Int16Array, count: number, reason: LynchReason): false {
  r.count = count;
  r.votes = tally[r.lynched[0]!]!;
  r.reason = reason;
  return false;
}

export function noLynch(t: Table, reason: Extract<GameEvent, { type: 'no-lynch' }>['reason']): void {
  if (t.listening) t.emit({ type: 'no-lynch', reason }, Audience.Public);
}

/** Carries out a lynch decided by `collectVotes` (later, in the forum turn). */
export function carryOutLynch(t: Table, result: VoteResult): void {
  if (result.draw >= 0) drawAmongLiving(t, result);
  for (let i = 0; i < result.count; i++) {
    const s = result.lynched[i]!;
    if (!t.alive[s]) {
      noLynch(t, 'already-dead');
      continue;
    }
    if (t.book.lynchShield[t.role[s]!]! > t.marks.lynchShieldUsed[s]!) {
      survivesLynch(t, s, result.votes);
      continue;
    }
    if (t.listening) t.emit({ type: 'lynch', target: s, votes: result.votes, reason: result.reason }, Audience.Public);
    t.kill(s, DeathCause.Lynch, -1, 'lynch');
  }
}

/** A lynch his role survives (a Prince): the role is shown to all and he lives on. */
function survivesLynch(t: Table, s: number, votes: number): void {
  t.marks.lynchShieldUsed[s]!++;
  t.showRole(s);
  if (t.listening) t.emit({ type: 'lynch-survived', target: s, role: t.role[s]!, votes }, Audience.Public);
}

/** The tie drawn among the tied who are still alive, with the draw made at the count (a dead candidate is skipped, not drawn). */
function drawAmongLiving(t: Table, result: VoteResult): void {
  let k = 0;
  for (let i = 0; i < result.count; i++) {
    const s = result.lynched[i]!;
    if (t.alive[s]) result.lynched[k++] = s;
  }
  // Nobody tied is alive: the first tied stands for them, and is reported already dead.
  result.lynched[0] = k === 0 ? result.lynched[0]! : result.lynched[Math.floor(result.draw * k)]!;
  result.count = 1;
  result.draw = -1;
}
