// The engine's implementation of PlayerView: one per seat, reused across
// games, holding only what that player may know.

import { UNKNOWN, type PlayerView } from './agent.js';
import type { Options } from './options.js';
import { Sfc32, lotStream, type Rng } from './rng.js';
import type { RoleBook } from './roleBook.js';
import { Role, Team } from './roles.js';

/** Values of `known[seat]` beyond the teams: a check said "Red" where Red is not exactly Town. */
export const KNOWN_NOT_MAFIA = 3;

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
    readonly book: RoleBook,
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

  /** No reads this game. */
  clearReads(): void {
    if (!this.readsSet) return;
    this.reads.fill(0);
    this.readsSet = false;
  }

  /**
   * Adds one day's whisper to the reads of PlayerView: for each living seat t
   * this player knows nothing certain about, an impression x drawn as
   * N(+-skill/2, 1), whose noise is the table's shared impression of t
   * (`impression`, one standard normal per seat per game, weight `shared` of
   * the variance: a good liar fools everyone, and keeps fooling them) plus
   * this player's own noise of the day from `rng` (his own stream). The
   * reads hold the sum of skill * x, the weight of evidence in log-odds each
   * x carries on its own. Pairs of normals are used to halve the draws.
   */
  whisper(team: ArrayLike<number>, alive: ArrayLike<number>, skill: number, shared: number, rng: Rng, impression: ArrayLike<number>): void {
    const reads = this.reads;
    this.readsSet = true;
    const half = skill / 2;
    const sharedSd = Math.sqrt(shared);
    const ownSd = Math.sqrt(1 - shared);
    let spare = NaN;
    for (let t = 0; t < this.players; t++) {
      if (t === this.seat || !alive[t] || this.known[t] !== UNKNOWN) continue;
      let own: number;
      if (spare === spare) {
        own = spare;
        spare = NaN;
      } else {
        const u = 1 - rng.next();
        const r = Math.sqrt(-2 * Math.log(u));
        const a = 2 * Math.PI * rng.next();
        own = r * Math.cos(a);
        spare = r * Math.sin(a);
      }
      reads[t]! += skill * ((team[t] === Team.Town ? -half : half) + sharedSd * impression[t]! + ownSd * own);
    }
  }

  /** Records a hard fact; a precise team never gives way to the vaguer "not Mafia". */
  learn(seat: number, team: number): void {
    if (team === KNOWN_NOT_MAFIA && this.known[seat] !== UNKNOWN) return;
    this.known[seat] = team;
  }
}

/** Share of a whisper's noise variance the table has in common, for agents that do not say (Agent.readShared). */
export const READ_SHARED_VARIANCE = 0.5;
/** Share of `readSkill` whispered on day 1, for agents that do not say (Agent.readFirstDay). */
export const READ_FIRST_DAY = 0;

/** A standard normal draw (Box-Muller, one of the pair). */
export function gaussian(rng: Rng): number {
  const u = 1 - rng.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
}
