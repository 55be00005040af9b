// A day of nominations (vote.procedure = nominations, the sports mafia of
// the FIIM rules): in the day's speaking order each player may nominate one
// player not yet nominated; the vote is only among the nominees and every
// vote counts (the rules give a vote not cast to the last nominee: here each
// player names the nominee he wants, himself excepted); a lone nominee
// leaves without a vote (on day 1 only under vote.loneFirstDay); a tie goes
// to vote.tie's procedure (under revote-then-vote-all, a revote that ties
// fewer players is followed by a revote among them, and only the same
// players tied again go to the vote on lifting them all). The speaking and
// nominating order is the rules' own (dayOrder.ts): it starts at seat 1 on
// day 1 and one seat later each day. Who votes when is the day's drawn vote
// order, as in a plurality vote: the rules call the nominees in turn and the
// table raises hands, so no seat votes before another; the order is kept
// for the revotes and the vote on lifting all. Also here: what a second tie
// does in either procedure (afterSecondTie).

import { NONE } from './agent.js';
import { type Ballot, addPenaltyVotes, lynch, noLynch, recordVote, topOf } from './day.js';
import { type AfterRemoval, mutedToday, removeInactive } from './fouls.js';
import { drawVoteOrder, rotatingOrder, voterList, voterTotal } from './dayOrder.js';
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
        if (top === tied.length || o['vote.tie'] !== 'revote-then-vote-all') return afterSecondTie(t, b, top);
        tied = r.lynched.slice(0, top);
      }
    }
  }
}

/**
 * In the rules' speaking order, each living player who may speak nominates
 * one living player not yet nominated, not himself, or passes. Writes the
 * nominees in nomination order to `into` and returns how many.
 */
function nominate(t: Table, b: Ballot, into: Int16Array): number {
  const marked = b.marked;
  const order = b.order;
  let k = 0;
  rotatingOrder(t, order);
  for (let j = 0; j < t.aliveCount; j++) {
    const s = t.living[order[j]!]!;
    if (t.views[s]!.silenced) continue;
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
 * Each living player who may vote (not muted), in the day's vote order
 * (drawn at round 0, kept after), votes for one of the k candidates other
 * than himself, for nobody under vote.noLynch, or not at all under
 * vote.mayAbstain (an abstention counts for no one).
 */
function castAmong(t: Table, b: Ballot, cands: Int16Array, k: number, round: number): void {
  const o = t.rules.options;
  const mayPass = o['vote.noLynch'] || o['vote.mayAbstain'];
  const missRate = round === 0 ? o['inactivity.missRate'] : 0;
  if (round === 0) drawVoteOrder(t, b);
  const muted = mutedToday(t);
  const voters = voterList(t, b);
  const count = voterTotal(t, b);
  for (let j = 0; j < count; j++) {
    const s = voters[j]!;
    if (!t.alive[s] || (muted !== null && muted[s])) continue;
    if (missRate > 0 && t.chance.next() < missRate) {
      t.misses[s]!++;
      t.publicVote(s, NONE, round, true, false);
      continue;
    }
    const options = inSeatOrderBut(t, cands, k, s);
    if (options.length === 0) continue;
    recordVote(t, b, s, t.asker.ask(s, Choice.Vote, options, mayPass, round), round);
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

/** A tie again after the revote (the k tied in b.result): none leaves, all leave, or (revote-then-vote-all) the living vote on lifting them all (not on day 1 without vote.liftFirstDay: they stay). */
export function afterSecondTie(t: Table, b: Ballot, k: number): false {
  const o = t.rules.options;
  const rule = o['vote.tie'];
  const liftVote = rule === 'revote-then-vote-all' && (t.day > 1 || o['vote.liftFirstDay']);
  if (rule === 'revote-then-all' || (liftVote && liftAllVote(t, b, k))) return lynch(b.result, b.tally, k, 'tie-all');
  noLynch(t, rule === 'revote-then-vote-all' ? 'kept' : 'tie');
  return false;
}

/**
 * Every living player who may vote, in the day's vote order, says whether
 * the k tied (b.result.lynched[0..k)) all leave: naming any of them is a yes;
 * more than half of the living must say yes.
 */
function liftAllVote(t: Table, b: Ballot, k: number): boolean {
  const tied = b.result.lynched;
  const options = t.asker.lists.sized(k);
  for (let j = 0; j < k; j++) options[j] = tied[j]!;
  let yes = 0;
  const muted = mutedToday(t);
  const voters = voterList(t, b);
  const count = voterTotal(t, b);
  for (let j = 0; j < count; j++) {
    const s = voters[j]!;
    if (!t.alive[s] || (muted !== null && muted[s])) continue;
    if (t.asker.ask(s, Choice.LiftAll, options, true) !== NONE) yes++;
  }
  const lifted = 2 * yes > t.aliveCount;
  if (t.listening) t.emit({ type: 'lift-all', seats: Array.from(tied.subarray(0, k)), yes, lifted }, Audience.Public);
  return lifted;
}
