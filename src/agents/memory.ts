// One player's record of the game as he saw it: every vote and accusation,
// role claims and announced results, his own findings, and the queries the
// policies ask of it (today's tally, the vote leader, acts against Blacks).
// Typed arrays sized once per seat count and cleared per game.

import { NONE, type PlayerView } from '../engine/agent.js';
import { Team } from '../engine/roles.js';
import type { Params } from './params.js';

export const Verdict = { None: 0, Red: 1, Black: 2, Maniac: 3 } as const;

export class Memory {
  readonly n: number;
  me = 0;
  view: PlayerView | null = null;
  params: Params | null = null;
  /** votes[v * n + t]: times v voted for t. */
  readonly votes: Int16Array;
  /** accuse[a * n + t]: times a accused t. */
  readonly accuse: Int16Array;
  /** Votes received in the vote under way (reset per day and per round). */
  readonly today: Int16Array;
  /** Votes received at the last finished vote. */
  readonly lastVotes: Int16Array;
  voteDay = -1;
  voteRound = -1;
  /** Votes for nobody cast in the vote under way. */
  passesToday = 0;
  /** Votes and accusations each seat cast against seats I know to be Black (kept in step with `known`). */
  readonly blackActs: Int16Array;
  /** Latest role claimed by each seat, or -1. */
  readonly claimRole: Int8Array;
  /** 1-based order in which each seat became a source of results (0: none); day of it. */
  readonly claimOrder: Int16Array;
  readonly claimDay: Int16Array;
  claimCount = 0;
  /** Seats that gave results or claimed Commissar or Sergeant, in claim order. */
  readonly sources: Int16Array;
  sourceCount = 0;
  /** results[c * n + t]: +1 c said t is Black, -1 Red. */
  readonly results: Int8Array;
  readonly nightVictim: Uint8Array;
  /** My own findings (Commissar, Sergeant): Verdict per seat; and what I already said in public. */
  readonly found: Int8Array;
  readonly announced: Uint8Array;
  /** Seats known to be the real Commissar (a Sergeant's knowledge, or a Commissar shown at death). */
  readonly realCommissar: Uint8Array;
  /**
   * actors[t * n + i], i < actorCount[t]: the seats that voted for or accused
   * t, each once, in the order of their first act. Updates that touch every
   * voter of one seat walk this list instead of a column of n.
   */
  readonly actors: Int16Array;
  readonly actorCount: Int16Array;
  /** Storage of the arrays cleared per game: votes, accuse, today, lastVotes, blackActs, claimOrder, claimDay, actorCount; results, found; nightVictim, announced. */
  private readonly zeros16: Int16Array;
  private readonly zeros8: Int8Array;
  private readonly zerosU8: Uint8Array;
  /** The role I have claimed in public, or -1. */
  claimedRole = -1;
  frozenLastNight = false;
  /** I was a Sergeant and have become the Commissar. */
  promoted = false;

  constructor(n: number) {
    this.n = n;
    // The arrays cleared per game share a buffer per element type, so a game starts with three fills, not a dozen.
    const zeros16 = new Int16Array(2 * n * n + 6 * n);
    this.zeros16 = zeros16;
    this.votes = zeros16.subarray(0, n * n);
    this.accuse = zeros16.subarray(n * n, 2 * n * n);
    let at = 2 * n * n;
    const next16 = (): Int16Array => zeros16.subarray(at, (at += n));
    this.today = next16();
    this.lastVotes = next16();
    this.blackActs = next16();
    this.claimOrder = next16();
    this.claimDay = next16();
    this.actorCount = next16();
    this.actors = new Int16Array(n * n);
    this.zeros8 = new Int8Array(n * n + n);
    this.results = this.zeros8.subarray(0, n * n);
    this.found = this.zeros8.subarray(n * n);
    this.zerosU8 = new Uint8Array(2 * n);
    this.nightVictim = this.zerosU8.subarray(0, n);
    this.announced = this.zerosU8.subarray(n);
    this.claimRole = new Int8Array(n);
    this.sources = new Int16Array(n);
    this.realCommissar = new Uint8Array(n);
  }

  /**
   * Called when the seat is dealt, before the engine shares the starting
   * knowledge (mates, the Sergeant's Commissar), which may arrive before `reset`.
   */
  deal(): void {
    this.view = null;
    this.realCommissar.fill(0);
  }

  /** Clears the record for a new game (what arrived since `deal` is kept). */
  protected clearMemory(view: PlayerView, params: Params): void {
    this.view = view;
    this.params = params;
    this.me = view.seat;
    this.zeros16.fill(0);
    this.zeros8.fill(0);
    this.zerosU8.fill(0);
    this.voteDay = -1;
    this.voteRound = -1;
    this.passesToday = 0;
    this.claimRole.fill(-1);
    this.claimCount = 0;
    this.sourceCount = 0;
    this.claimedRole = -1;
    this.frozenLastNight = false;
    this.promoted = false;
  }

  /** Starts a new tally when the day or round changes. */
  private tallyFor(round: number): void {
    const day = this.view!.day;
    if (day !== this.voteDay || round !== this.voteRound) {
      if (day !== this.voteDay && this.voteDay >= 0) this.lastVotes.set(this.today);
      this.today.fill(0);
      this.passesToday = 0;
      this.voteDay = day;
      this.voteRound = round;
    }
  }

  /** Counts a vote for nobody (rules with a no-lynch vote). */
  recordPass(round: number): void {
    this.tallyFor(round);
    this.passesToday++;
  }

  /** Votes for nobody so far in this day's vote of this round. */
  passesNow(day: number, round: number): number {
    return this.voteDay === day && this.voteRound === round ? this.passesToday : 0;
  }

  /** Counts a vote into the tallies (a new day or round starts a new tally). */
  protected recordVote(voter: number, target: number, round: number): void {
    this.tallyFor(round);
    this.today[target]!++;
    this.noteActor(voter, target);
    this.votes[voter * this.n + target]!++;
    if (this.view!.known[target] === Team.Mafia) this.blackActs[voter]!++;
  }

  /** Adds `actor` to the list of t's voters and accusers before his first act against t. */
  protected noteActor(actor: number, t: number): void {
    const n = this.n;
    const i = actor * n + t;
    if (this.votes[i] !== 0 || this.accuse[i] !== 0) return;
    this.actors[t * n + this.actorCount[t]!++] = actor;
  }

  /** Makes seat s a source of results (once), in claim order. */
  protected addSource(s: number): void {
    if (this.claimOrder[s] !== 0 || s === this.me) return;
    this.claimOrder[s] = ++this.claimCount;
    this.claimDay[s] = this.view!.day;
    this.sources[this.sourceCount++] = s;
  }

  /** The real Commissar I know of who is still alive (a promoted Sergeant may claim after his death), or -1. */
  livingRealCommissar(): number {
    for (let s = 0; s < this.n; s++) if (this.realCommissar[s] && this.view!.alive[s]) return s;
    return -1;
  }

  /** Votes seat s has received so far in this day's vote of this round. */
  votesNow(s: number, day: number, round: number): number {
    return this.voteDay === day && this.voteRound === round ? this.today[s]! : 0;
  }

  /** Votes seat s received at the last vote finished before today's. */
  lastVoteOf(s: number, day: number): number {
    return this.voteDay === day ? this.lastVotes[s]! : this.voteDay >= 0 ? this.today[s]! : 0;
  }

  /** The seat with most votes in today's vote so far (the first such), or NONE. */
  voteLeader(day: number): number {
    if (this.voteDay !== day) return NONE;
    let best = NONE;
    let most = 0;
    for (let s = 0; s < this.n; s++) {
      if (this.today[s]! > most) {
        most = this.today[s]!;
        best = s;
      }
    }
    return best;
  }

  /** Whether I found a Black who is still alive. */
  holdsAliveBlack(): boolean {
    const alive = this.view!.alive;
    for (let s = 0; s < this.n; s++) if (this.found[s] === Verdict.Black && alive[s]) return true;
    return false;
  }

  /**
   * Recounts `blackActs` from the vote and accusation tables, so every mate
   * holds the same counts whatever he knew when the acts happened (a turned
   * Foundling learns his mates late).
   */
  recountBlackActs(): void {
    const n = this.n;
    const known = this.view!.known;
    const votes = this.votes;
    const accuse = this.accuse;
    const acts = this.blackActs;
    acts.fill(0);
    // Only the acts there were against each known Black: every shooter recounts every night.
    for (let m = 0; m < n; m++) {
      if (known[m] !== Team.Mafia) continue;
      const list = m * n;
      for (let i = 0; i < this.actorCount[m]!; i++) {
        const v = this.actors[list + i]!;
        if (v !== m) acts[v]! += votes[v * n + m]! + accuse[v * n + m]!;
      }
    }
  }

  /** Votes and accusations seat t cast against the seats I know to be Black. */
  actsAgainstBlack(t: number): number {
    return this.blackActs[t]!;
  }

  /** Votes and accusations seat t cast against me. */
  actsAgainstMe(t: number): number {
    const i = t * this.n + this.me;
    return this.votes[i]! + this.accuse[i]!;
  }
}
