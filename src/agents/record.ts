// The public record of one table's game: every vote and accusation, the
// vote tallies, role claims and announced results, the same for every living
// player because every living player sees every public event. One record per
// table (the provider makes it), shared by its heuristic players: each public
// event is applied once, by the first player to observe it, instead of once
// per observer; each player keeps only his private deltas on top (memory.ts,
// beliefs.ts). A player built alone (tests) owns a record of his own.
//
// Why a dead player can share it: he stops observing, but the record goes on.
// The only choices made after a death (last shot, Kamikaze) come before any
// later vote or claim, so what he reads of it is what he saw.
//
// It also keeps the clan's last recount of acts against known Blacks, which
// every shooter of a night would otherwise redo alike, and what the whole
// table knows for certain (publicFacts.ts: roles shown, the note, the claims
// those facts disprove).
//
// Over 400 lines as one class: every update moves the record's version and
// hands each seated player his part in one place, through private fields a
// split would open (the event kinds are in eventKind.ts, DealWatch in
// dealWatch.ts).

import { NONE, UNKNOWN, type PlayerView, type TableRecord } from '../engine/agent.js';
import type { Claim, GameEvent } from '../engine/events.js';
import { Team } from '../engine/roles.js';
import { dropLiving } from '../engine/livingList.js';
import { FactWatch } from './factWatch.js';
import { Kind, kindOf, type ClaimEvent, type Event, type VoteEvent } from './eventKind.js';
import { DealWatch } from './dealWatch.js';
import { SeatActs } from './seatActs.js';
import { PublicFacts, checkMayHaveHappened } from './publicFacts.js';

const NO_FACTS: ArrayLike<number> = new Int8Array(0);

/** A player reading the record: the number of the last event he observed. */
export interface RecordReader {
  seenEvent: number;
}

/**
 * A player's own part of a public event, which the record hands him once it
 * has applied the table's part (beliefs.ts): a vote, a claim, any other kind
 * but Kind.Other (which no player's own part looks at).
 */
export interface RecordPlayer extends RecordReader {
  onVote(voter: number, target: number): void;
  onClaim(speaker: number, claim: Claim): void;
  onAccuse(speaker: number, target: number): void;
  observeRare(e: GameEvent, kind: Kind): void;
}

export class PublicRecord implements TableRecord {
  readonly n: number;
  /** votes[v * n + t]: times v voted for t. */
  readonly votes: Int16Array;
  /** accuse[a * n + t]: times a accused t. */
  readonly accuse: Int16Array;
  /** Votes received in the vote under way (reset per day and per round). */
  readonly today: Int16Array;
  /** Votes received at the last finished vote. */
  readonly lastVotes: Int16Array;
  /**
   * The votes of the vote under way a Town voter follows (`bandwagon`): as
   * `today`, but a player who claims a role while votes are on him (a speech
   * under the hammer, `vote.hammerSpeech`) starts again from none, since they
   * were cast before the table heard the claim.
   */
  readonly wagon: Int16Array;
  /**
   * The days' talk so far this game: phases other than the night, each of
   * which brings a whisper of new reads (players compare it with their own
   * count instead of each being told of every phase).
   */
  talks = 0;
  voteDay = -1;
  voteRound = -1;
  /** Votes for nobody cast in the vote under way. */
  passesToday = 0;
  /** Players alive at the table (every seat, not only those seated under the record): all at the start, one less at each death. */
  living: number;
  /** Those players' seats in seat order, livingSeats[0..living): a scan of the living walks no dead seat. */
  readonly livingSeats: Int16Array;
  /** Latest role claimed by each seat, or -1. */
  readonly claimRole: Int8Array;
  /** results[c * n + t]: +1 c said t is Black, -1 Red. */
  readonly results: Int8Array;
  /**
   * actors[t * n + i], i < actorCount[t]: the seats that voted for or accused
   * t, each once, in the order of their first act. Updates that touch every
   * voter of one seat walk this list instead of a column of n.
   */
  readonly actors: Int16Array;
  readonly actorCount: Int16Array;
  /**
   * The last recount of acts against known Blacks (Memory.recountBlackActs):
   * the seats counted as Black, the counts, and the version of the record
   * they were counted at. `version` moves with every vote, claim and game.
   */
  readonly blackActs: Int16Array;
  private readonly countedBlack: Uint8Array;
  private countedAt = -1;
  private version = 0;
  /** Seats asked for (dealt) this game: a seat asked again means a new game. */
  private readonly deals: DealWatch;
  /** A view of this table, for the day (every view shows the table's one clock). */
  private clock: PlayerView | null = null;
  /**
   * The event applied last and its number. Every observer of one event gets
   * the same object; a reader who already saw that number is looking at a new
   * event even if the object is the same (an engine may reuse event objects).
   */
  private last: GameEvent | null = null;
  private lastKind: Kind = Kind.Other;
  private stamp = 0;
  /** What is cleared to 0 per game, in one buffer (one fill, a call into C++): votes, accuse, today, lastVotes, wagon, actorCount, then results. */
  private readonly zeros: Uint8Array;
  /** What the whole table knows for certain (roles shown, the note) and the claims it disproves. */
  readonly facts: PublicFacts;
  /** Each seat's player of this record (set when he begins a game), and the seats the engine seated under the record this game (Table.seatUnder), in seat order. */
  private readonly players: (RecordPlayer | null)[];
  private readonly seated: Int16Array;
  private seatedCount = 0;
  /** 1 for a seat seated under the record this game (a player who observes on his own may share it but is not). */
  private readonly isSeated: Uint8Array;
  /** Who may hold a fact on each seat: a vote goes to those alone (factWatch.ts). */
  private readonly watch: FactWatch;
  /** Each seat's hard facts (his view's `known`): a vote is his business only if he holds one on its target. */
  private readonly knownOf: ArrayLike<number>[];
  /** Who is alive (a view's public array): the dead see nothing more. */
  private alive: ArrayLike<number> = new Uint8Array(0);
  /** The record as a reader of its own events (the players it brings up to date skip `apply`). */
  private readonly self: RecordReader = { seenEvent: 0 };
  /** The acts against the seat last asked for (actsOn). */
  private readonly seatActs: SeatActs;

  constructor(n: number) {
    this.n = n;
    this.living = n;
    this.livingSeats = Int16Array.from({ length: n }, (_, s) => s);
    const words = 2 * n * n + 4 * n;
    const buffer = new ArrayBuffer(2 * words + n * n);
    this.zeros = new Uint8Array(buffer);
    const zeros16 = new Int16Array(buffer, 0, words);
    this.votes = zeros16.subarray(0, n * n);
    this.accuse = zeros16.subarray(n * n, 2 * n * n);
    let at = 2 * n * n;
    const next16 = (): Int16Array => zeros16.subarray(at, (at += n));
    this.today = next16();
    this.lastVotes = next16();
    this.wagon = next16();
    this.actorCount = next16();
    this.actors = new Int16Array(n * n);
    this.results = new Int8Array(buffer, 2 * words, n * n);
    this.claimRole = new Int8Array(n);
    this.deals = new DealWatch(n);
    this.blackActs = new Int16Array(n);
    this.countedBlack = new Uint8Array(n);
    this.facts = new PublicFacts(n);
    this.players = new Array<RecordPlayer | null>(n).fill(null);
    this.knownOf = new Array<ArrayLike<number>>(n).fill(NO_FACTS);
    this.seated = new Int16Array(n);
    this.isSeated = new Uint8Array(n);
    this.watch = new FactWatch(n);
    this.seatActs = new SeatActs(n);
  }

  /** The engine seats `seat` under this record for the coming game (TableRecord): his public events come through `observe`. */
  join(seat: number, first: boolean): void {
    if (first) {
      this.seatedCount = 0;
      this.isSeated.fill(0);
    }
    this.seated[this.seatedCount++] = seat;
    this.isSeated[seat] = 1;
  }

  /**
   * A public event from the engine (TableRecord): the table's part once,
   * then each living seated player's own part, with no per-player call for
   * an event nobody's own part looks at (Kind.Other).
   */
  observe(e: GameEvent): void {
    const kind = this.apply(e, this.self);
    switch (kind) {
      // No player's own part looks at these (a phase is counted in `talks`, read when needed).
      case Kind.Other:
      case Kind.Phase:
        return;
      case Kind.Vote: {
        const v = e as VoteEvent;
        if (v.target !== NONE) this.deliverVote(v.voter, v.target);
        return;
      }
      case Kind.Claim:
        this.deliverClaim((e as ClaimEvent).speaker, (e as ClaimEvent).claim);
        return;
      default: {
        const seated = this.seated;
        const alive = this.alive;
        for (let i = 0; i < this.seatedCount; i++) {
          const s = seated[i]!;
          if (alive[s]) this.players[s]!.observeRare(e, kind);
        }
      }
    }
  }

  /** A public vote as plain numbers (TableRecord.vote, contract 3): what `observe` does with the vote's event, with no event object. */
  vote(voter: number, target: number, round: number, missed: boolean, abstained: boolean): void {
    this.appliedWithoutEvent(Kind.Vote);
    this.applyVote(voter, target, round, missed, abstained);
    if (target !== NONE) this.deliverVote(voter, target);
  }

  /** A public claim (TableRecord.claim, contract 3): what `observe` does with the claim's event. */
  claim(speaker: number, claim: Claim): void {
    this.appliedWithoutEvent(Kind.Claim);
    this.applyClaim(speaker, claim);
    this.deliverClaim(speaker, claim);
  }

  /** A public event taken as numbers counts as applied (the stamp moves on), with no object a reader could match. */
  private appliedWithoutEvent(kind: Kind): void {
    this.self.seenEvent = ++this.stamp;
    this.last = null;
    this.lastKind = kind;
  }

  /**
   * A vote's own parts: only for players who hold a fact on its target
   * (walking the seats that may, not the table: FactWatch), or for every
   * seated player when the whole table holds one.
   */
  private deliverVote(voter: number, target: number): void {
    const alive = this.alive;
    const players = this.players;
    const watch = this.watch;
    if (watch.shownToAll[target]) {
      const seated = this.seated;
      for (let i = 0; i < this.seatedCount; i++) {
        const s = seated[i]!;
        if (alive[s]) players[s]!.onVote(voter, target);
      }
      return;
    }
    const isSeated = this.isSeated;
    for (let i = 0, k = watch.count[target]!; i < k; i++) {
      const s = watch.watcher(target, i);
      if (alive[s] && isSeated[s] && this.knownOf[s]![target] !== UNKNOWN) players[s]!.onVote(voter, target);
    }
  }

  /** A claim's own parts, for every living seated player (an accusation read once for the table). */
  private deliverClaim(speaker: number, claim: Claim): void {
    const seated = this.seated;
    const alive = this.alive;
    const players = this.players;
    const count = this.seatedCount;
    if (claim.kind === 'accuse') {
      // The commonest claim walks the living (in seat order, as `seated` is), not every seat seated.
      const target = claim.target;
      const living = this.livingSeats;
      const isSeated = this.isSeated;
      for (let i = 0; i < this.living; i++) {
        const s = living[i]!;
        if (isSeated[s]) players[s]!.onAccuse(speaker, target);
      }
      return;
    }
    for (let i = 0; i < count; i++) {
      const s = seated[i]!;
      if (alive[s]) players[s]!.onClaim(speaker, claim);
    }
  }

  /** The provider deals seat s a player: a new game clears the record before any event of it. */
  deal(s: number): void {
    if (this.deals.deal(s)) this.clear();
  }

  /** Clears the record for a new game. */
  clear(): void {
    this.talks = 0;
    this.living = this.n;
    for (let s = 0; s < this.n; s++) this.livingSeats[s] = s;
    this.zeros.fill(0);
    this.claimRole.fill(-1);
    this.voteDay = -1;
    this.voteRound = -1;
    this.passesToday = 0;
    this.last = null;
    this.version++;
    this.facts.clear();
    this.watch.clear();
  }

  /** A player of this table starts the game with this view. */
  begin(view: PlayerView, player: RecordPlayer): void {
    this.clock = view;
    this.alive = view.alive;
    this.players[view.seat] = player;
    this.knownOf[view.seat] = view.known;
    this.facts.setRules(view.setup, view.book);
    this.watch.rescan(view.seat, view.known);
  }

  /** Seat s may have been given a fact (an event to him alone that can bring one: Beliefs.observe): lists him under what he now knows. */
  rescanFacts(s: number): void {
    this.watch.rescan(s, this.knownOf[s]!);
  }

  /** Applies a public event, once (every observer calls this before his private part), and says what kind it is. */
  apply(e: GameEvent, reader: RecordReader): Kind {
    if (e === this.last && reader.seenEvent !== this.stamp) {
      reader.seenEvent = this.stamp;
      return this.lastKind;
    }
    reader.seenEvent = ++this.stamp;
    this.last = e;
    const kind = kindOf(e);
    this.lastKind = kind;
    if (kind === Kind.Vote) {
      const v = e as VoteEvent;
      this.applyVote(v.voter, v.target, v.round, v.missed === true, v.abstained === true);
    } else if (kind === Kind.Claim) this.applyClaim((e as ClaimEvent).speaker, (e as ClaimEvent).claim);
    else if (kind === Kind.Death || kind === Kind.Facts) this.applyFact(e);
    else if (kind === Kind.Phase) {
      if ((e as Event<'phase'>).phase !== 'night') this.talks++;
    }
    // A Prince's role shown by the lynch he survives: every player now holds it (no player's own part looks at the event).
    else if (kind === Kind.Other && e.type === 'lynch-survived') this.watch.shownToAll[e.target] = 1;
    return kind;
  }

  /** A vote's part of the table: the tallies; a missed vote or an abstention is no vote for nobody. */
  private applyVote(voter: number, target: number, round: number, missed: boolean, abstained: boolean): void {
    this.version++;
    if (target !== NONE) this.recordVote(voter, target, round);
    else if (!missed && !abstained) this.recordPass(round);
  }

  /** A claim's part of the table: the role, the result or the accusation, and what the public facts make of it. */
  private applyClaim(speaker: number, c: Claim): void {
    this.version++;
    if (c.kind === 'role') {
      this.claimRole[speaker] = c.role;
      if (this.voteDay === this.clock!.day) this.wagon[speaker] = 0;
    } else if (c.kind === 'result') this.results[speaker * this.n + c.target] = c.black ? 1 : -1;
    else {
      this.noteActor(speaker, c.target);
      this.accuse[speaker * this.n + c.target]!++;
    }
    if (c.kind !== 'accuse') this.facts.onClaim(speaker, c, checkMayHaveHappened(this.clock!));
  }

  /** A role shown at death, or the Commissar's note read to the table (the other facts events are private). */
  private applyFact(e: GameEvent): void {
    if (e.type === 'death') {
      this.living--;
      dropLiving(this.livingSeats, this.living, e.seat);
      if (e.revealed >= 0) {
        this.facts.onShown(e.seat, e.revealed);
        this.watch.shownToAll[e.seat] = 1;
      }
    } else if (e.type === 'commissar-note') {
      this.facts.onNote(e.commissar, e.target, e.black, e.notMafiaOnly);
      this.watch.shownToAll[e.target] = 1;
    }
  }

  /** Starts a new tally when the day or round changes. */
  private tallyFor(round: number): void {
    const day = this.clock!.day;
    if (day !== this.voteDay || round !== this.voteRound) {
      if (day !== this.voteDay && this.voteDay >= 0) this.lastVotes.set(this.today);
      this.today.fill(0);
      this.wagon.fill(0);
      this.passesToday = 0;
      this.voteDay = day;
      this.voteRound = round;
    }
  }

  /** Counts a vote for nobody (rules with a no-lynch vote). */
  private recordPass(round: number): void {
    this.tallyFor(round);
    this.passesToday++;
  }

  /** Counts a vote into the tallies (a new day or round starts a new tally). */
  private recordVote(voter: number, target: number, round: number): void {
    this.tallyFor(round);
    this.today[target]!++;
    this.wagon[target]!++;
    this.noteActor(voter, target);
    this.votes[voter * this.n + target]!++;
  }

  /** Adds `actor` to the list of t's voters and accusers before his first act against t. */
  private noteActor(actor: number, t: number): void {
    const n = this.n;
    const i = actor * n + t;
    if (this.votes[i] !== 0 || this.accuse[i] !== 0) return;
    this.actors[t * n + this.actorCount[t]!++] = actor;
  }

  /** The acts against seat t as they stand: listed at the first ask since the last vote or claim, then shared by every player who asks. */
  actsOn(t: number): SeatActs {
    const a = this.seatActs;
    if (a.seat !== t || a.version !== this.version) a.list(t, this.version, this.n, this.votes, this.accuse, this.actors, this.actorCount[t]!);
    return a;
  }

  /** Whether the kept recount holds for a player with these facts: no act since, and the same seats known Black. */
  countedFor(known: ArrayLike<number>): boolean {
    if (this.countedAt !== this.version) return false;
    for (let s = 0; s < this.n; s++) if ((known[s] === Team.Mafia ? 1 : 0) !== this.countedBlack[s]) return false;
    return true;
  }

  /** Keeps a recount made with these facts for the next shooter. */
  keepCount(known: ArrayLike<number>, acts: Int16Array): void {
    for (let s = 0; s < this.n; s++) this.countedBlack[s] = known[s] === Team.Mafia ? 1 : 0;
    this.blackActs.set(acts);
    this.countedAt = this.version;
  }

  /** Votes for nobody so far in this day's vote of this round. */
  passesNow(day: number, round: number): number {
    return this.voteDay === day && this.voteRound === round ? this.passesToday : 0;
  }

  /** The tally of this day's vote of this round (votes by seat), or null before its first vote: one check per decision. */
  tallyNow(day: number, round: number): Int16Array | null {
    return this.voteDay === day && this.voteRound === round ? this.today : null;
  }

  /** The votes of this day's vote of this round a Town voter follows (`wagon`), or null before its first vote. */
  wagonNow(day: number, round: number): Int16Array | null {
    return this.voteDay === day && this.voteRound === round ? this.wagon : null;
  }

  /** Votes seat s has received so far in this day's vote of this round. */
  votesNow(s: number, day: number, round: number): number {
    return this.voteDay === day && this.voteRound === round ? this.today[s]! : 0;
  }

  /** Votes seat s received at the last vote finished before today's. */
  lastVoteOf(s: number, day: number): number {
    return this.voteDay === day ? this.lastVotes[s]! : this.voteDay >= 0 ? this.today[s]! : 0;
  }

  /** The one seat with most votes in today's vote so far, or NONE (also when several share the most: none is sure to go). */
  soleVoteLeader(day: number): number {
    if (this.voteDay !== day) return NONE;
    let best = NONE;
    let most = 0;
    for (let s = 0; s < this.n; s++) {
      const v = this.today[s]!;
      if (v > most) {
        most = v;
        best = s;
      } else if (v === most && v > 0) best = NONE;
    }
    return best;
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
}
