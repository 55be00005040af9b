// The day: fouls, public claims, the vote and its tie rules, the lynch's
// share threshold and inactivity. Votes are collected in `collectVotes` and
// turned into a lynch by `decideLynch`, so the forum turn can hold the lynch
// until the night's requests have resolved.

import { NONE, type ClaimSink } from './agent.js';
import { Audience, Choice, DeathCause, type Claim } from './events.js';
import type { Table } from './table.js';

/** Half-foul thresholds: at 3 fouls a player loses his speech and gets a penalty vote, at 4 he leaves. */
const SILENCE_AT = 6;
const REMOVE_AT = 8;

/** Rolls each living player's foul for this phase: `size` in half fouls (1 minor, 2 full, 4 for moving at night). */
export function rollFouls(t: Table, night: boolean, afterRemoval: () => void = () => {}): void {
  const o = t.rules.options;
  const rate = night ? o['fouls.perNightRate'] : o['fouls.perDayRate'];
  for (const v of t.views) v.silenced = false;
  if (rate > 0) {
    for (let s = 0; s < t.n; s++) {
      if (!t.alive[s] || t.chance.next() >= rate) continue;
      const size = night ? 4 : t.chance.next() < o['fouls.minorShare'] ? 1 : 2;
      const before = t.halfFouls[s]!;
      const after = Math.min(before + size, REMOVE_AT);
      t.halfFouls[s] = after;
      const silenced = before < SILENCE_AT && after >= SILENCE_AT && after < REMOVE_AT;
      if (silenced) {
        t.speechLost[s] = 1;
        t.penaltyVotes[s] = 1;
      }
      t.emit({ type: 'foul', seat: s, halfFouls: after, silenced }, Audience.Public);
      if (after >= REMOVE_AT) {
        t.kill(s, DeathCause.Fouls, -1, 'removed');
        afterRemoval(); // an elimination: the caller may end the game before the next seat's roll
      }
    }
  }
  if (!night) takeLostSpeeches(t);
}

/** A player who reached 3 fouls since the last day loses today's speech, whether the third foul came by day or by night. */
function takeLostSpeeches(t: Table): void {
  for (let s = 0; s < t.n; s++) {
    if (!t.speechLost[s]) continue;
    t.speechLost[s] = 0;
    t.views[s]!.silenced = t.alive[s] === 1;
  }
}

class Speech implements ClaimSink {
  speaker = 0;
  constructor(private readonly t: Table) {}
  say(claim: Claim): void {
    this.t.emit({ type: 'claim', speaker: this.speaker, claim }, Audience.Public);
  }
}

/** Each living player who is not silenced may make public claims. */
export function speak(t: Table): void {
  const sink = new Speech(t);
  for (let s = 0; s < t.n; s++) {
    const agent = t.agents[s]!;
    if (!t.alive[s] || !agent.speak || t.views[s]!.silenced) continue;
    sink.speaker = s;
    agent.speak(t.views[s]!, sink);
  }
}

/** The votes of one vote: tally per seat and the living count it was taken among. */
export interface VoteResult {
  /** Seats to lynch (empty for none); more than one only under `vote.tie = revote-then-all`. */
  readonly lynched: number[];
  readonly votes: number;
  readonly reason: LynchReason;
}
type LynchReason = 'most-votes' | 'tie-random' | 'tie-all';

const NO_LYNCH: VoteResult = { lynched: [], votes: 0, reason: 'most-votes' };

/**
 * Every living player votes for another living player (inactivity aside);
 * returns whom the vote eliminates under the tie and share rules.
 * `afterRemovals` runs once if missed votes removed anyone (it may throw to end the game).
 */
export function collectVotes(t: Table, afterRemovals: () => void = () => {}): VoteResult {
  const o = t.rules.options;
  const living = t.aliveCount;
  const tally = new Int16Array(t.n);
  for (let s = 0; s < t.n; s++) {
    if (t.alive[s] && t.penaltyVotes[s]) {
      tally[s]! += 1;
      t.penaltyVotes[s] = 0;
      t.emit({ type: 'penalty-vote', target: s }, Audience.Public);
    }
  }
  const everyone = (s: number): number[] => t.livingTargets(s);
  castVotes(t, tally, everyone, 0);
  // A removal is an elimination: the caller may end the game here, before any revote.
  if (removeInactive(t)) afterRemovals();
  let tied = topOf(t, tally, living);
  if (tied === null) return NO_LYNCH;
  if (tied.length === 1) return lynch(tied, tally, 'most-votes');
  switch (o['vote.tie']) {
    case 'random':
      return lynch([tied[t.chance.int(tied.length)]!], tally, 'tie-random');
    case 'none':
      return noLynch(t, 'tie');
    default: {
      const candidates = tied;
      tally.fill(0);
      castVotes(t, tally, (s) => candidates.filter((c) => c !== s && t.alive[c]), 1);
      tied = topOf(t, tally, living);
      if (tied === null) return NO_LYNCH;
      if (tied.length === 1) return lynch(tied, tally, 'most-votes');
      return o['vote.tie'] === 'revote-then-all' ? lynch(tied, tally, 'tie-all') : noLynch(t, 'tie');
    }
  }
}

function castVotes(t: Table, tally: Int16Array, candidatesOf: (s: number) => number[], round: number): void {
  const missRate = t.rules.options['inactivity.missRate'];
  for (let s = 0; s < t.n; s++) {
    if (!t.alive[s]) continue;
    if (missRate > 0 && round === 0 && t.chance.next() < missRate) {
      t.misses[s]!++;
      t.emit({ type: 'vote', voter: s, target: NONE, round }, Audience.Public);
      continue;
    }
    const options = candidatesOf(s);
    if (options.length === 0) continue;
    const target = t.ask(s, Choice.Vote, options, false, round);
    tally[target]!++;
    t.emit({ type: 'vote', voter: s, target, round }, Audience.Public);
  }
}

/** Removes those who missed too many votes; true if anyone left. */
function removeInactive(t: Table): boolean {
  const max = t.rules.options['inactivity.maxMisses'];
  let removed = false;
  for (let s = 0; s < t.n; s++) {
    if (t.alive[s] && t.misses[s]! >= max) {
      t.kill(s, DeathCause.Inactivity, -1, 'removed');
      removed = true;
    }
  }
  return removed;
}

/** The most voted living seats, or null (with the no-lynch event) when none qualifies. */
function topOf(t: Table, tally: Int16Array, living: number): number[] | null {
  let max = 0;
  for (let s = 0; s < t.n; s++) if (t.alive[s] && tally[s]! > max) max = tally[s]!;
  if (max === 0) {
    noLynch(t, 'no-votes');
    return null;
  }
  // A share like 1/4 of 12 is exactly 3 votes: compare with a tolerance for binary fractions.
  if (max < t.rules.options['lynch.minShare'] * living - 1e-9) {
    noLynch(t, 'below-share');
    return null;
  }
  const tied: number[] = [];
  for (let s = 0; s < t.n; s++) if (t.alive[s] && tally[s] === max) tied.push(s);
  return tied;
}

function lynch(seats: number[], tally: Int16Array, reason: LynchReason): VoteResult {
  return { lynched: seats, votes: tally[seats[0]!]!, reason };
}

function noLynch(t: Table, reason: 'tie' | 'below-share' | 'no-votes' | 'no-vote-today' | 'already-dead'): VoteResult {
  t.emit({ type: 'no-lynch', reason }, Audience.Public);
  return NO_LYNCH;
}

/** Carries out a lynch decided by `collectVotes` (later, in the forum turn). */
export function carryOutLynch(t: Table, result: VoteResult): void {
  for (const s of result.lynched) {
    if (!t.alive[s]) {
      t.emit({ type: 'no-lynch', reason: 'already-dead' }, Audience.Public);
      continue;
    }
    t.emit({ type: 'lynch', target: s, votes: result.votes, reason: result.reason }, Audience.Public);
    t.kill(s, DeathCause.Lynch, -1, 'lynch');
  }
}
