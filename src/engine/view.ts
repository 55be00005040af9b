// The engine's implementation of PlayerView: one per seat, reused across
// games, holding only what that player may know.

import { UNKNOWN, type PlayerView } from './agent.js';
import type { Options } from './options.js';
import { Sfc32, lotStream } from './rng.js';
import type { RoleBook } from './roleBook.js';
import { Role, Team } from './roles.js';

/** Values of `known[seat]` beyond the teams: a check said "Red" where Red is not exactly Town. */
export const KNOWN_NOT_MAFIA = 3;

/** The `known` value a check's result stands for: Black, "not Mafia" (where Red may be a loner Maniac) or Red (Town). */
export function resultTeam(black: boolean, notMafiaOnly: boolean): number {
  return black ? Team.Mafia : notMafiaOnly ? KNOWN_NOT_MAFIA : Team.Town;
}

/** Records a hard fact in `known`, as every holder of facts does: a precise team never gives way to the vaguer "not Mafia". */
export function learnTeam(known: Int8Array, seat: number, team: number): void {
  if (team === KNOWN_NOT_MAFIA && known[seat] !== UNKNOWN) return;
  known[seat] = team;
}

/** The day, phase and lot every view shows: one object the table updates, not a copy per seat. */
export class Clock {
  day = 0;
  phase: 'day' | 'night' | 'turn' = 'day';
  /** The game's key (rng.ts gameKey) and the day whose lot is held (-1: none drawn this game). */
  private key = 0;
  private lotDay = -1;
  private lotValue = 0;
  private readonly lotRng = new Sfc32();

  /** A new game: its lots come from its key. */
  newGame(key: number): void {
    this.key = key;
    this.lotDay = -1;
  }

  /** Today's lot (PlayerView.lot), drawn from its own stream the first time it is read. */
  lot(): number {
    if (this.lotDay !== this.day) {
      this.lotDay = this.day;
      this.lotValue = this.lotRng.reseedFromKey(this.key, lotStream(this.day)).next();
    }
    return this.lotValue;
  }
}

export class SeatView implements PlayerView {
  role: Role = Role.Civilian;
  team: Team = Team.Town;
  silenced = false;
  readonly known: Int8Array;
  /** Written by the table's whisper (whisper.ts), which owns the buffer this is a slice of. */
  readonly reads: Float64Array;

  constructor(
    readonly seat: number,
    readonly players: number,
    readonly alive: Uint8Array,
    readonly revealed: Int8Array,
    readonly setup: readonly number[],
    readonly options: Options,
    readonly book: RoleBook,
    private readonly clock: Clock = new Clock(),
    /** Storage for `known`: the table passes one slice of a shared buffer per seat, so one fill resets every view. */
    known: Int8Array = new Int8Array(players),
    /** Storage for `reads`, the same way (the whisper's buffer). */
    reads: Float64Array = new Float64Array(players),
  ) {
    this.known = known;
    this.reads = reads;
  }

  get day(): number {
    return this.clock.day;
  }

  get phase(): 'day' | 'night' | 'turn' {
    return this.clock.phase;
  }

  get lot(): number {
    return this.clock.lot();
  }

  /** The clock must be reset by its owner (the table) at the same time; `knownCleared`: it has set `known` to UNKNOWN already. */
  reset(role: Role, team: Team, knownCleared = false): void {
    this.role = role;
    this.team = team;
    this.silenced = false;
    const known = this.known;
    if (!knownCleared) for (let s = 0; s < this.players; s++) known[s] = UNKNOWN;
    known[this.seat] = team;
  }

  /** Records a hard fact (learnTeam). */
  learn(seat: number, team: number): void {
    learnTeam(this.known, seat, team);
  }
}
