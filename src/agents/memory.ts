// One player's record of the game as he saw it: on top of the table's public
// record (record.ts: votes, accusations, tallies, claims, results) what is his
// own: the acts against the Blacks he knows, the result sources he counts, his
// own findings, and the queries the policies ask of it. Typed arrays sized
// once per seat count and cleared per game.

import { type PlayerView } from '../engine/agent.js';
import { Team } from '../engine/roles.js';
import type { Params } from './params.js';
import { PublicRecord } from './record.js';

export const Verdict = { None: 0, Red: 1, Black: 2, Maniac: 3 } as const;

const NO_FACTS: ArrayLike<number> = new Int8Array(0);
const NO_READS: ArrayLike<number> = new Float64Array(0);

export class Memory {
  readonly n: number;
  me = 0;
  view: PlayerView | null = null;
  /** The view's facts and reads, held directly for the hot paths (the view keeps the same arrays all game). */
  known: ArrayLike<number> = NO_FACTS;
  reads: ArrayLike<number> = NO_READS;
  params: Params | null = null;
  /** The table's public record, shared with the other players (or his own when alone), and the last event of it I saw. */
  readonly record: PublicRecord;
  seenEvent = 0;
  private readonly ownsRecord: boolean;
  /** The record's tables, under the names the policies read. */
  readonly votes: Int16Array;
  readonly accuse: Int16Array;
  readonly claimRole: Int8Array;
  readonly results: Int8Array;
  readonly actors: Int16Array;
  readonly actorCount: Int16Array;
  /** Votes and accusations each seat cast against seats I know to be Black (kept in step with `known`). */
  readonly blackActs: Int16Array;
  /** 1-based order in which each seat became a source of results (0: none); day of it. */
  readonly claimOrder: Int16Array;
  readonly claimDay: Int16Array;
  claimCount = 0;
  /** Seats other than me that gave results or claimed Commissar or Sergeant, in claim order. */
  readonly sources: Int16Array;
  sourceCount = 0;
  readonly nightVictim: Uint8Array;
  /** My own findings (Commissar, Sergeant): Verdict per seat; and what I already said in public. */
  readonly found: Int8Array;
  /** What my checks for a role found (the Don's for the Sheriff), by seat: 1 holds it, -1 does not, 0 not checked (check.ts). */
  readonly roleFound: Int8Array;
  readonly announced: Uint8Array;
  /** Seats known to be the real Commissar (a Sergeant's knowledge, or a Commissar shown at death); read-only outside, so every mark goes through markRealCommissar and its list. */
  readonly realCommissar: ArrayLike<number>;
  /** The seats marked in realCommissar, in the order they were marked. */
  private readonly realCommissarSeats: Int16Array;
  private realCommissarCount = 0;
  /**
   * Every array cleared per game (these and the subclass's floats and flags,
   * see the constructor) lives in one buffer, so a game starts with one fill.
   */
  private readonly cleared: Uint8Array;
  /** The subclass's share of that buffer: `floatsPerSeat * n` floats and `flagsPerSeat * n` flags. */
  protected readonly perGameFloats: Float64Array;
  protected readonly perGameFlags: Uint8Array;
  /** The role I have claimed in public, or -1. */
  claimedRole = -1;
  /** I was a Sergeant and have become the Commissar. */
  promoted = false;

  constructor(n: number, record?: PublicRecord, floatsPerSeat = 0, flagsPerSeat = 0) {
    this.n = n;
    this.ownsRecord = record === undefined;
    const r = record ?? new PublicRecord(n);
    this.record = r;
    this.votes = r.votes;
    this.accuse = r.accuse;
    this.claimRole = r.claimRole;
    this.results = r.results;
    this.actors = r.actors;
    this.actorCount = r.actorCount;
    // Floats first (8-byte aligned), then the 16-bit counts, then the bytes.
    const floatBytes = 8 * floatsPerSeat * n;
    const buffer = new ArrayBuffer(floatBytes + 2 * 3 * n + (4 + flagsPerSeat) * n);
    this.cleared = new Uint8Array(buffer);
    this.perGameFloats = new Float64Array(buffer, 0, floatsPerSeat * n);
    const zeros16 = new Int16Array(buffer, floatBytes, 3 * n);
    this.blackActs = zeros16.subarray(0, n);
    this.claimOrder = zeros16.subarray(n, 2 * n);
    this.claimDay = zeros16.subarray(2 * n);
    let at = floatBytes + 6 * n;
    this.found = new Int8Array(buffer, at, n);
    this.roleFound = new Int8Array(buffer, (at += n), n);
    this.nightVictim = new Uint8Array(buffer, (at += n), n);
    this.announced = new Uint8Array(buffer, (at += n), n);
    this.perGameFlags = new Uint8Array(buffer, (at += n), flagsPerSeat * n);
    this.sources = new Int16Array(n);
    this.realCommissar = new Uint8Array(n);
    this.realCommissarSeats = new Int16Array(n);
  }

  /**
   * Called when the seat is dealt, before the engine shares the starting
   * knowledge (mates, the Sergeant's Commissar), which may arrive before `reset`.
   */
  deal(): void {
    this.view = null;
    this.realFlags().fill(0);
    this.realCommissarCount = 0;
  }

  /** Clears the record for a new game (what arrived since `deal` is kept; a shared public record is cleared by its provider). */
  protected clearMemory(view: PlayerView, params: Params): void {
    this.view = view;
    this.known = view.known;
    this.reads = view.reads;
    this.params = params;
    this.me = view.seat;
    if (this.ownsRecord) this.record.clear();
    this.cleared.fill(0);
    this.claimCount = 0;
    this.sourceCount = 0;
    this.claimedRole = -1;
    this.promoted = false;
  }

  /** Makes seat s a source of results (once), in claim order. */
  protected addSource(s: number): void {
    if (this.claimOrder[s] !== 0 || s === this.me) return;
    this.claimOrder[s] = ++this.claimCount;
    this.claimDay[s] = this.view!.day;
    this.sources[this.sourceCount++] = s;
  }

  /** Seat s is known to be (or have been) a real Commissar. */
  markRealCommissar(s: number): void {
    if (this.realCommissar[s]) return;
    this.realFlags()[s] = 1;
    this.realCommissarSeats[this.realCommissarCount++] = s;
  }

  /** realCommissar as the array it is, for its two writers here (one field, not two: an extra field cost the club game 0.4% of its instructions). */
  private realFlags(): Uint8Array {
    return this.realCommissar as Uint8Array;
  }

  /** The real Commissar I know of who is still alive (a promoted Sergeant may claim after his death), the lowest seat if several, or -1. */
  livingRealCommissar(): number {
    // The seats marked, not the table: most of a big game's calls come after the one known Commissar has died.
    let found = -1;
    for (let i = 0; i < this.realCommissarCount; i++) {
      const s = this.realCommissarSeats[i]!;
      if (this.view!.alive[s] && (found < 0 || s < found)) found = s;
    }
    return found;
  }

  /**
   * What one voice counts for at this table (`crowd`): an accusation heard
   * or a vote already cast weighs in full up to `crowd` living players, and
   * crowd/living of it at a bigger table, so that a voice keeps its share of
   * the table where no record reaches (at 48 players every weight in full
   * made day 1's talk a cascade and its vote a herd).
   */
  voiceShare(): number {
    const living = this.record.living;
    const crowd = this.params!['crowd']!;
    return living > crowd ? crowd / living : 1;
  }

  /** Votes for nobody so far in this day's vote of this round. */
  passesNow(day: number, round: number): number {
    return this.record.passesNow(day, round);
  }

  /** The tally of this day's vote of this round, or null before its first vote (see PublicRecord.tallyNow). */
  tallyNow(day: number, round: number): Int16Array | null {
    return this.record.tallyNow(day, round);
  }

  /** The votes of this day's vote of this round a Town voter follows, or null before its first vote (see PublicRecord.wagon). */
  wagonNow(day: number, round: number): Int16Array | null {
    return this.record.wagonNow(day, round);
  }

  /** Votes seat s received at the last vote finished before today's. */
  lastVoteOf(s: number, day: number): number {
    return this.record.lastVoteOf(s, day);
  }

  /**
   * The votes that press seat s to claim: those of the last vote finished
   * before today's, or of today's first round so far when more (a speech
   * under the hammer, `vote.hammerSpeech`).
   */
  pressureOn(s: number, day: number): number {
    return Math.max(this.record.lastVoteOf(s, day), this.record.votesNow(s, day, 0));
  }

  /** The seat with most votes in today's vote so far (the first such), or NONE. */
  voteLeader(day: number): number {
    return this.record.voteLeader(day);
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
    const known = this.known;
    const votes = this.votes;
    const accuse = this.accuse;
    const acts = this.blackActs;
    // The night's shooters count the same public acts against, mostly, the same known Blacks: the first count serves them all.
    if (this.record.countedFor(known)) {
      acts.set(this.record.blackActs);
      return;
    }
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
    this.record.keepCount(known, acts);
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
