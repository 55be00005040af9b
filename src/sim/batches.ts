// Where batches start and end. Boundaries lie on a grid of multiples of the
// batch size, and the size depends only on the run's total game count, so
// every thread count, shard and resumed run cuts the same batches, and a
// precision run checks its stopping rule at the same game counts.

export const MAX_BATCH = 10_000;
export const MIN_BATCH = 250;
/** Enough batches to keep every core busy and the progress bar moving on mid-sized runs. */
const TARGET_BATCHES = 64;

export function batchSizeFor(totalGames: number): number {
  return Math.min(MAX_BATCH, Math.max(MIN_BATCH, Math.ceil(totalGames / TARGET_BATCHES)));
}

/** End of the batch that starts at `start`: the next grid line, or `to`. */
export function batchEnd(start: number, to: number, size: number): number {
  return Math.min(to, (Math.floor(start / size) + 1) * size);
}

/** How many batches cover [from, to). */
export function batchCount(from: number, to: number, size: number): number {
  let n = 0;
  for (let a = from; a < to; a = batchEnd(a, to, size)) n++;
  return n;
}
