// The day's whisper (PlayerView.reads): what a day's talk lets each reader
// sense of every living seat he knows nothing certain about, drawn in one
// pass per day over the table's readers. Every reader's reads live in one
// buffer (a slice per view, as `known`), cleared with one fill; the part of
// an impression that is the same for every reader of one strength (the
// seat's team and the table's shared impression of him) is worked out once
// a day, not once per reader. Each reader's own noise comes from his own
// stream, in seat order, as it always has.

import type { Agent } from './agent.js';
import { Sfc32 } from './rng.js';
import { Team } from './roles.js';
import { UNKNOWN } from './agent.js';

/** Stream of the table's shared impressions for reads: far above any seat's agent stream (1 + seat). */
const IMPRESSION_STREAM = 0x40000000;

/** Share of a whisper's noise variance the table has in common, for agents that do not say (Agent.readShared). */
export const READ_SHARED_VARIANCE = 0.5;
/** Share of `readSkill` whispered on day 1, for agents that do not say (Agent.readFirstDay). */
export const READ_FIRST_DAY = 0;

function clampShare(x: number): number {
  return x > 0 ? (x < 1 ? x : 1) : 0;
}

/** A standard normal draw (Box-Muller, one of the pair). */
export function gaussian(rng: Sfc32): number {
  const u = 1 - rng.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
}

/** What the whisper reads of the table as it stands: who lives, each seat's team, and each reader's facts and stream. */
export interface WhisperTable {
  readonly n: number;
  readonly day: number;
  readonly team: ArrayLike<number>;
  /** The living seats in seat order: living[0..aliveCount). */
  readonly living: ArrayLike<number>;
  readonly aliveCount: number;
  /** Reader s's hard facts (his view's `known`). */
  knownOf(s: number): ArrayLike<number>;
  /** Reader s's own stream. */
  rngOf(s: number): Sfc32;
}

export class Whisper {
  /** Every reader's reads, reader by reader: reads[r * n + t]. */
  readonly reads: Float64Array;
  private readonly n: number;
  private readonly impression: Float64Array;
  private readonly impressionRng = new Sfc32();
  /** Per seat, what its agent asked of the reads this game (Agent.readSkill, readFirstDay, readShared). */
  private readonly skill: Float64Array;
  private readonly firstDay: Float64Array;
  private readonly shared: Float64Array;
  /** Some seat reads this game; the impressions are drawn (lazily, at the first whisper) from this game's key. */
  private reading = false;
  private drawn = false;
  private key = 0;
  /** Some read was written since the last clear. */
  private written = false;
  /** base[t] = (t Town ? -half : half) + sharedSd * impression[t] for the strength (half, sharedSd, day) it was last worked out for. */
  private readonly base: Float64Array;
  private baseHalf = NaN;
  private baseSharedSd = NaN;
  private baseDay = -1;

  constructor(n: number) {
    this.n = n;
    this.reads = new Float64Array(n * n);
    this.impression = new Float64Array(n);
    this.skill = new Float64Array(n);
    this.firstDay = new Float64Array(n);
    this.shared = new Float64Array(n);
    this.base = new Float64Array(n);
  }

  /** Reader s's slice of the buffer, for his view. */
  readsOf(s: number): Float64Array {
    return this.reads.subarray(s * this.n, (s + 1) * this.n);
  }

  /** A new game (its key): no reads yet. */
  startGame(key: number): void {
    if (this.written) this.reads.fill(0);
    this.written = false;
    this.reading = false;
    this.drawn = false;
    this.key = key;
    this.baseDay = -1;
  }

  /** What seat s's agent asks of the reads this game (read after agentFor). */
  seat(s: number, agent: Agent): void {
    const skill = agent.readSkill ?? 0;
    this.skill[s] = skill > 0 ? skill : 0;
    if (skill > 0) {
      this.reading = true;
      this.firstDay[s] = clampShare(agent.readFirstDay ?? READ_FIRST_DAY);
      this.shared[s] = clampShare(agent.readShared ?? READ_SHARED_VARIANCE);
    }
  }

  /**
   * The whisper of a day's talk to every living reader (see PlayerView.reads):
   * for each living seat t he knows nothing certain about, skill * x with x
   * drawn as N(+-skill/2, 1), whose noise is the table's shared impression
   * of t (one standard normal per seat per game, weight `shared` of the
   * variance: a good liar fools everyone, and keeps fooling them) plus the
   * reader's own noise of the day from his own stream. Pairs of normals are
   * used to halve the draws.
   */
  day(t: WhisperTable): void {
    if (!this.reading) return;
    if (!this.drawn) this.drawImpressions();
    for (let i = 0; i < t.aliveCount; i++) {
      const s = t.living[i]!;
      const skill = this.skill[s]! * (t.day <= 1 ? this.firstDay[s]! : 1);
      if (skill > 0) this.whisperTo(t, s, skill, this.shared[s]!);
    }
  }

  /** The table's shared impression of each seat, from its own stream: only games with reads draw it. */
  private drawImpressions(): void {
    const rng = this.impressionRng.reseedFromKey(this.key, IMPRESSION_STREAM);
    for (let s = 0; s < this.n; s++) this.impression[s] = gaussian(rng);
    this.drawn = true;
  }

  /** The part of every impression of strength (half, sharedSd) that is the same for each reader: once a day per strength. */
  private baseFor(t: WhisperTable, half: number, sharedSd: number): Float64Array {
    const base = this.base;
    if (half === this.baseHalf && sharedSd === this.baseSharedSd && t.day === this.baseDay) return base;
    const team = t.team;
    const impression = this.impression;
    for (let s = 0; s < this.n; s++) base[s] = (team[s] === Team.Town ? -half : half) + sharedSd * impression[s]!;
    this.baseHalf = half;
    this.baseSharedSd = sharedSd;
    this.baseDay = t.day;
    return base;
  }

  private whisperTo(t: WhisperTable, r: number, skill: number, shared: number): void {
    const n = this.n;
    const reads = this.reads;
    const at = r * n;
    this.written = true;
    const base = this.baseFor(t, skill / 2, Math.sqrt(shared));
    const ownSd = Math.sqrt(1 - shared);
    const known = t.knownOf(r);
    // The living in seat order (Table.living keeps it): the dead are not walked past at every reader.
    const living = t.living;
    const count = t.aliveCount;
    const rng = t.rngOf(r);
    let spare = NaN;
    for (let i = 0; i < count; i++) {
      const s = living[i]!;
      if (s === r || known[s] !== UNKNOWN) continue;
      let own: number;
      if (spare === spare) {
        own = spare;
        spare = NaN;
      } else {
        const u = 1 - rng.next();
        const radius = Math.sqrt(-2 * Math.log(u));
        const a = 2 * Math.PI * rng.next();
        own = radius * Math.cos(a);
        spare = radius * Math.sin(a);
      }
      reads[at + s]! += skill * (base[s]! + ownSd * own);
    }
  }
}
