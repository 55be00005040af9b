// The clan's civilian cover (issue 20, `mafia.asCivilian`): on some days a
// Mafia player votes and speaks exactly as a Civilian in his seat would, a
// partner included (he may vote for one). The Civilian is a second player
// of the ordinary kind (any Agent, in practice a HeuristicAgent) who is told
// only what a Civilian could know: his view says Civilian of Town, it knows
// no mates, holds only the facts the whole table has (roles shown at death,
// the Commissar's note) and gets none of the clan's private events. So his
// choices are built from the public record alone, and a Town player who
// watches them can tell him from a Civilian by nothing but chance: the
// answer of Braverman, Etesami and Mossel to a table without information.
// Night moves stay the clan's. Both players of the seat read the table's
// shared record, which keeps one player a seat: the mask is that player.

import { UNKNOWN, type ClaimSink, type Decision, type PlayerView } from '../engine/agent.js';
import type { Claim, GameEvent } from '../engine/events.js';
import type { Options } from '../engine/options.js';
import type { RoleBook } from '../engine/roleBook.js';
import type { Rng } from '../engine/rng.js';
import { Role, Team } from '../engine/roles.js';
import { learnTeam, resultTeam } from '../engine/view.js';
import type { HeuristicAgent } from './heuristic.js';
import type { Params } from './params.js';
import type { Kind } from './eventKind.js';
import type { RecordPlayer } from './record.js';

/** Events every living player sees: the only ones the Civilian is told (never the mates, a check, a death note). */
const PUBLIC_EVENTS: ReadonlySet<GameEvent['type']> = new Set(['phase', 'claim', 'vote', 'penalty-vote', 'lynch', 'no-lynch', 'lynch-survived', 'nomination', 'lift-all', 'foul', 'silenced', 'death', 'commissar-note', 'last-shot']);

/** A Mafia player's view as a Civilian in his seat would have it: the public parts of the real view, his own facts replaced by the table's. */
class CivilianView implements PlayerView {
  readonly role = Role.Civilian;
  readonly team = Team.Town;
  readonly known: Int8Array;
  readonly reads: Float64Array;

  constructor(private readonly real: PlayerView) {
    this.known = new Int8Array(real.players);
    this.reads = new Float64Array(real.players);
  }

  get seat(): number {
    return this.real.seat;
  }
  get players(): number {
    return this.real.players;
  }
  get day(): number {
    return this.real.day;
  }
  get phase(): 'day' | 'night' | 'turn' {
    return this.real.phase;
  }
  get alive(): ArrayLike<number> {
    return this.real.alive;
  }
  get revealed(): ArrayLike<number> {
    return this.real.revealed;
  }
  get setup(): readonly number[] {
    return this.real.setup;
  }
  get options(): Options {
    return this.real.options;
  }
  get book(): RoleBook {
    return this.real.book;
  }
  get silenced(): boolean {
    return this.real.silenced;
  }
  get lot(): number {
    return this.real.lot;
  }

  /** A new game: he knows only that he is Town. */
  reset(): void {
    this.known.fill(UNKNOWN);
    this.known[this.real.seat] = Team.Town;
  }

  /** The table's facts an event brings, as the engine writes them into every view (a role shown is a precise team). */
  learnFrom(e: GameEvent): void {
    if (e.type === 'death' && e.revealed !== -1) this.known[e.seat] = this.real.book.team[e.revealed]!;
    else if (e.type === 'commissar-note') learnTeam(this.known, e.target, resultTeam(e.black, e.notMafiaOnly));
  }
}

/**
 * What a HeuristicAgent hands its civilian days to: `civilian`, an ordinary
 * player of his own who sees only the CivilianView. It is also the seat's
 * player for the shared record, which keeps one a seat (record.ts): each
 * public event's own part goes to the real player first, then to the
 * Civilian, as each takes it observing the event himself (`observe`).
 */
export class CivilianMask implements RecordPlayer {
  seenEvent = 0;
  private view: CivilianView | null = null;
  private real: PlayerView | null = null;
  /** The real player's own part of the record's events (his Beliefs). */
  private realPart: RecordPlayer | null = null;
  private day = -1;
  private on = false;
  private weight = 0;
  private rng: Rng | null = null;

  constructor(private readonly civilian: HeuristicAgent) {}

  /**
   * A new game for a Mafia player with `mafia.asCivilian` = weight > 0: the
   * Civilian plays with `civilian`, the parameters a Civilian of this table
   * plays with (Town's strategy of the game included, the lot too).
   */
  begin(real: PlayerView, weight: number, civilian: Params, rng: Rng): this {
    if (this.real !== real) {
      this.real = real;
      this.view = new CivilianView(real);
    }
    this.view!.reset();
    this.weight = weight;
    this.rng = rng;
    this.day = -1;
    this.civilian.configure(civilian, false);
    this.civilian.begin(this.view!, rng);
    return this;
  }

  /**
   * The seat's player for the shared record once both have begun (the
   * Civilian began last and took the seat): `real`, the Mafia player's own
   * part, beside the Civilian's; the real view's facts, which hold the
   * Civilian's, say which votes are the seat's business.
   */
  seatPlayer(real: RecordPlayer): RecordPlayer {
    this.realPart = real;
    return this;
  }

  observe(e: GameEvent): void {
    if (this.showsCivilian(e)) this.civilian.observe?.(e);
  }

  onVote(voter: number, target: number): void {
    this.realPart!.onVote(voter, target);
    this.civilian.b.onVote(voter, target);
  }
  onClaim(speaker: number, claim: Claim): void {
    this.realPart!.onClaim(speaker, claim);
    this.civilian.b.onClaim(speaker, claim);
  }
  onAccuse(speaker: number, target: number): void {
    this.realPart!.onAccuse(speaker, target);
    this.civilian.b.onAccuse(speaker, target);
  }
  observeRare(e: GameEvent, kind: Kind): void {
    this.realPart!.observeRare(e, kind);
    // The record hands out only public events; the filter is kept all the same.
    if (this.showsCivilian(e)) this.civilian.b.observeRare(e, kind);
  }

  /** Whether the Civilian is told of e; if so, his view has learned its facts first. */
  private showsCivilian(e: GameEvent): boolean {
    if (!PUBLIC_EVENTS.has(e.type)) return false;
    this.view!.learnFrom(e);
    return true;
  }

  /** Whether today he plays the Civilian: drawn once a day from his own stream, and only when the weight is strictly between 0 and 1. */
  today(): boolean {
    const day = this.view!.day;
    if (day !== this.day) {
      this.day = day;
      this.on = this.weight >= 1 || this.rng!.next() < this.weight;
    }
    return this.on;
  }

  speak(out: ClaimSink): void {
    this.civilian.speak?.(this.view!, out);
  }

  vote(d: Decision): number {
    return this.civilian.choose(this.view!, d);
  }
}
