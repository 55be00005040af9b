// A day of nominations (vote.procedure = nominations, the sports mafia of
// the FIIM rules): in the day's speaking order each player may nominate one
// player not yet nominated; the vote is only among the nominees and every
// vote counts (the rules give a vote not cast to the last nominee: here each
// player names the nominee he wants, himself excepted); a lone nominee
// leaves without a vote (on day 1 only under vote.loneFirstDay); a tie goes
// to vote.tie's procedure (under revote-then-vote-all, a revote that ties
// fewer players is followed by a revote among them, and only the same
// players tied again go to the vote on lifting them all). The speaking
// order starts at seat 1 on day 1 and one seat later each day. Also here:
// what a second tie does in either procedure (afterSecondTie).

import { NONE } from './agent.js';
import { type AfterRemoval, type Ballot, type VoteResult, addPenaltyVotes, lynch, mutedToday, noLynch, recordVote, removeInactive, topOf } from './day.js';
import { Audience, Choice } from './events.js';
import type { Table } from './table.js';

/** Collects the day's nominations and votes into `b.result`; true when missed votes removed someone and the game ended. */
export function collectNominationVotes(t: Table, b: Ballot, afterRemovals: AfterRemoval): boolean {
  const o = t.rules.options;
  const r = b.result;
  r.count = 0;
  r.votes = 0;
  r.reason = 'most-votes';
  r.draw = -1;
  b.clear();
  const nominees = b.candidates;
  const k = nominate(t, b, nominees);
  if (k === 0) {
    noLynch(t, 'no-nominations');
    return false;
  }
  if (k === 1) {
    if (t.day === 1 && !o['vote.loneFirstDay']) {
      noLynch(t, 'single-nomination');
      return false;
    }
    r.lynched[0] = nominees[0]!;
    return lynch(r, b.tally, 1, 'lone-nominee');
  }
  const living = t.aliveCount;
  if (t.foulsOn) addPenaltyVotes(t, b.tally);
  castAmong(t, b, nominees, k, 0);
  if (o['inactivity.missRate'] > 0 && removeInactive(t) && afterRemovals()) return true;
  keepOnly(b, nominees, k);
  let top = topOf(t, b, living);
  if (top < 0) return false;
  if (top === 1) return lynch(r, b.tally, 1, 'most-votes');
  switch (o['vote.tie']) {
    case 'random':
      r.lynched[0] = r.lynched[t.chance.int(top)]!;
      return lynch(r, b.tally, 1, 'tie-random');
    case 'none':
      noLynch(t, 'tie');
      return false;
    default: {
      // The tied are voted on again; under revote-then-vote-all a tie among fewer of them is voted on again in turn.
      let tied = r.lynched.slice(0, top);
      for (;;) {
        b.clear();
        castAmong(t, b, tied, tied.length, 1);
        keepOnly(b, tied, tied.length);
        top = topOf(t, b, living);
        if (top < 0) return false;
        if (top === 1) return lynch(r, b.tally, 1, 'most-votes');
        if (top === tied.length || o['vote.tie'] !== 'revote-then-vote-all') return afterSecondTie(t, r, b.tally, top);
        tied = r.lynched.slice(0, top);
      }
    }
  }
}

/**
 * In speaking order, each living player who may speak nominates one living
 * player not yet nominated, not himself, or passes. Writes the nominees in
 * nomination order to `into` and returns how many.
 */
function nominate(t: Table, b: Ballot, into: Int16Array): number {
  const n = t.n;
  const marked = b.marked;
  let k = 0;
  const start = (t.day - 1) % n;
  for (let d = 0; d < n; d++) {
    const s = (start + d) % n;
    if (!t.alive[s] || t.views[s]!.silenced) continue;
    const options = nominable(t, s, marked);
    if (options.length === 0) continue;
    const target = t.asker.ask(s, Choice.Nominate, options, true);
    if (target === NONE) continue;
    into[k++] = target;
    marked[target] = 1;
    if (t.listening) t.emit({ type: 'nomination', by: s, target }, Audience.Public);
  }
  for (let j = 0; j < k; j++) marked[into[j]!] = 0;
  return k;
}

/** The living in seat order, without s and the nominees so far (marked). */
function nominable(t: Table, s: number, marked: Uint8Array): number[] {
  const buf = t.asker.lists.buffer;
  let m = 0;
  for (let i = 0; i < t.aliveCount; i++) {
    const x = t.living[i]!;
    if (x !== s && !marked[x]) buf[m++] = x;
  }
  return t.asker.lists.fromBuffer(m);
}

/**
 * Each living player who may vote (not muted) votes for one of the k
 * candidates other than himself, or, under vote.noLynch, for nobody.
 */
function castAmong(t: Table, b: Ballot, cands: Int16Array, k: number, round: number): void {
  const noLynchVote = t.rules.options['vote.noLynch'];
  const missRate = round === 0 ? t.rules.options['inactivity.missRate'] : 0;
  const muted = mutedToday(t);
  for (let i = 0; i < t.aliveCount; i++) {
    const s = t.living[i]!;
    if (muted !== null && muted[s]) continue;
    if (missRate > 0 && t.chance.next() < missRate) {
      t.misses[s]!++;
      if (t.listening) t.emit({ type: 'vote', voter: s, target: NONE, round, missed: true }, Audience.Public);
      continue;
    }
    const options = inSeatOrderBut(t, cands, k, s);
    if (options.length === 0) continue;
    recordVote(t, b, s, t.asker.ask(s, Choice.Vote, options, noLynchVote, round), round);
  }
}

/** The candidates in seat order without s (Decision options are in seat order): an insertion sort of a few. */
function inSeatOrderBut(t: Table, cands: Int16Array, k: number, s: number): number[] {
  const buf = t.asker.lists.buffer;
  let m = 0;
  for (let j = 0; j < k; j++) {
    const x = cands[j]!;
    if (x === s) continue;
    let i = m++;
    for (; i > 0 && buf[i - 1]! > x; i--) buf[i] = buf[i - 1]!;
    buf[i] = x;
  }
  return t.asker.lists.fromBuffer(m);
}

/** Votes count only for the candidates (a penalty vote on a player nobody nominated is spent unused). */
function keepOnly(b: Ballot, cands: Int16Array, k: number): void {
  const { tally, marked } = b;
  for (let j = 0; j < k; j++) marked[cands[j]!] = 1;
  for (let s = 0; s < tally.length; s++) if (!marked[s]) tally[s] = 0;
  for (let j = 0; j < k; j++) marked[cands[j]!] = 0;
}

/** A tie again after the revote: none leaves, all leave, or (revote-then-vote-all) the living vote on lifting them all (not on day 1 without vote.liftFirstDay: they stay). */
export function afterSecondTie(t: Table, r: VoteResult, tally: Int16Array, k: number): false {
  const o = t.rules.options;
  const rule = o['vote.tie'];
  const liftVote = rule === 'revote-then-vote-all' && (t.day > 1 || o['vote.liftFirstDay']);
  if (rule === 'revote-then-all' || (liftVote && liftAllVote(t, r.lynched, k))) return lynch(r, tally, k, 'tie-all');
  noLynch(t, rule === 'revote-then-vote-all' ? 'kept' : 'tie');
  return false;
}

/** Every living player who may vote says whether the k tied (tied[0..k)) all leave: naming any of them is a yes; more than half of the living must say yes. */
function liftAllVote(t: Table, tied: Int16Array, k: number): boolean {
  const options = t.asker.lists.sized(k);
  for (let j = 0; j < k; j++) options[j] = tied[j]!;
  let yes = 0;
  const muted = mutedToday(t);
  for (let i = 0; i < t.aliveCount; i++) {
    const s = t.living[i]!;
    if (muted !== null && muted[s]) continue;
    if (t.asker.ask(s, Choice.LiftAll, options, true) !== NONE) yes++;
  }
  const lifted = 2 * yes > t.aliveCount;
  if (t.listening) t.emit({ type: 'lift-all', seats: Array.from(tied.subarray(0, k)), yes, lifted }, Audience.Public);
  return lifted;
}
