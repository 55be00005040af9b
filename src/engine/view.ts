// The engine's implementation of PlayerView: one per seat, reused across
// games, holding only what that player may know.

import { UNKNOWN, type PlayerView } from './agent.js';
import type { Options } from './options.js';
import type { Rng } from './rng.js';
import { Role, Team } from './roles.js';

/** Values of `known[seat]` beyond the teams: a check said "Red" where Red is not exactly Town. */
export const KNOWN_NOT_MAFIA = 3;

/** The day and phase every view shows: one object the table updates, not a copy per seat. */
export class Clock {
  day = 0;
  phase: 'day' | 'night' | 'turn' = 'day';
}

export class SeatView implements PlayerView {
  role: Role = Role.Civilian;
  team: Team = Team.Town;
  silenced = false;
  readonly known: Int8Array;
  readonly reads: Float64Array;
  /** Whether `reads` may hold non-zero values (cleared lazily: most agents have no reads). */
  private readsSet = true;

  constructor(
    readonly seat: number,
    readonly players: number,
    readonly alive: Uint8Array,
    readonly revealed: Int8Array,
    readonly setup: readonly number[],
    readonly options: Options,
    private readonly clock: Clock = new Clock(),
    /** Storage for `known`: the table passes one slice of a shared buffer per seat, so one fill resets every view. */
    known: Int8Array = new Int8Array(players),
  ) {
    this.known = known;
    this.reads = new Float64Array(players);
  }

  get day(): number {
    return this.clock.day;
  }

  get phase(): 'day' | 'night' | 'turn' {
    return this.clock.phase;
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

  /** No reads this game. */
  clearReads(): void {
    if (!this.readsSet) return;
    this.reads.fill(0);
    this.readsSet = false;
  }

  /**
   * Draws the reads of PlayerView: the table's shared impression of each seat
   * (`impression`, one standard normal per seat per game) mixed with this
   * player's own noise from `rng` (his own stream), so players misread the
   * same good liar together rather than independently.
   */
  drawReads(team: ArrayLike<number>, skill: number, rng: Rng, impression: ArrayLike<number>): void {
    const reads = this.reads;
    reads.fill(0);
    this.readsSet = true;
    if (!(skill > 0)) return;
    const half = skill / 2;
    for (let t = 0; t < this.players; t++) {
      if (this.known[t] !== UNKNOWN) continue;
      reads[t] = (team[t] === Team.Town ? -half : half) + SHARED_SD * impression[t]! + OWN_SD * gaussian(rng);
    }
  }

  /** Records a hard fact; a precise team never gives way to the vaguer "not Mafia". */
  learn(seat: number, team: number): void {
    if (team === KNOWN_NOT_MAFIA && this.known[seat] !== UNKNOWN) return;
    this.known[seat] = team;
  }
}

/** Share of a read's noise variance that the whole table has in common. */
export const READ_SHARED_VARIANCE = 0.5;
const SHARED_SD = Math.sqrt(READ_SHARED_VARIANCE);
const OWN_SD = Math.sqrt(1 - READ_SHARED_VARIANCE);

/** A standard normal draw (Box-Muller, one of the pair). */
export function gaussian(rng: Rng): number {
  const u = 1 - rng.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
}
