// The rate of a run over its middle half of games, read off its progress
// reports (bench/one.ts). A run's start (a fresh pool's workers compile the
// players while they play) is a fixed cost that weighs on a short run, and
// on two threads more than on one; the middle half leaves it out, so the
// per-game cost and the threads' scaling can be read apart from it.

/** Games done and the time (ns) at the first progress report at or past a share of the run. */
interface Mark {
  readonly share: number;
  done: number;
  at: bigint;
}

/** Fewer batches than this between the marks: too few to tell a rate. */
export const MIN_BATCHES_BETWEEN = 8;

export class MiddleHalf {
  private readonly marks: readonly [Mark, Mark] = [
    { share: 0.25, done: -1, at: 0n },
    { share: 0.75, done: -1, at: 0n },
  ];

  constructor(
    private readonly games: number,
    private readonly batchSize: number,
  ) {}

  /** A progress report: `done` games finished at time `at` (ns). */
  note(done: number, at: bigint): void {
    for (const m of this.marks) {
      if (m.done >= 0 || done < m.share * this.games) continue;
      m.done = done;
      m.at = at;
    }
  }

  /**
   * Games/s between the two marks. Each mark leaves the batches then in
   * flight part-played; in a steady run that part is alike at both, so it
   * cancels. The run's end is left out as its start is: its last batches
   * leave workers idle. Null with fewer than MIN_BATCHES_BETWEEN batches
   * between the marks.
   */
  rate(): number | null {
    const [a, b] = this.marks;
    // A run that never reached the second mark has b.done = -1: no games between.
    const games = b.done - a.done;
    if (games < MIN_BATCHES_BETWEEN * this.batchSize) return null;
    return games / (Number(b.at - a.at) / 1e9);
  }
}
