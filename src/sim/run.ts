// The sim's front door: play games [0, games) -- or a shard's slice of them --
// of one or more variants on the same seeds. With several variants, game k is
// played under each, so pairs of variants can be compared game by game
// (common random numbers). Batches run on a worker pool (or inline with one
// thread) and are folded into the result strictly in game order, so
// precision stops, checkpoints and interruptions all land on the same batch
// boundaries whatever the thread count.

import { availableParallelism } from 'node:os';
import { GENERATOR_ID } from '../engine/rng.js';
import type { Rules } from '../engine/rules.js';
import type { Aggregate } from './aggregate.js';
import { batchCount, batchSizeFor } from './batches.js';
import { CheckpointFile } from './checkpoint.js';
import { InlineExecutor, PoolExecutor, type BatchExecutor } from './executors.js';
import { precisionReached } from './precision.js';
import { RunLoop, type StopReason } from './runLoop.js';
import { RunTally } from './tally.js';
import { toolVersion } from './version.js';

export type { StopReason } from './runLoop.js';

export interface Variant {
  readonly label: string;
  readonly rules: Rules;
  /** Canonical agents text. */
  readonly agents: string;
}

export interface RunProgress {
  /** Games of [from, to) finished so far, including those resumed from a checkpoint. */
  readonly done: number;
  /** Games in [from, to): the cap in precision mode. */
  readonly total: number;
  /** Games taken from a checkpoint rather than played now (for a fair games/s). */
  readonly resumed: number;
}

export interface RunRequest {
  readonly variants: readonly Variant[];
  readonly seed: number;
  /** The run's game count G (the cap with `precision`); batch boundaries depend on it. */
  readonly games: number;
  /** Worker threads; default one per core. 1 plays on the calling thread. */
  readonly threads?: number;
  /** Play only games [from, to) of [0, games) (a shard). */
  readonly from?: number;
  readonly to?: number;
  /** Override the batch size (default: batchSizeFor(games)). */
  readonly batchSize?: number;
  /** Stop at the first batch boundary where every outcome's 95% half-width is at most this, in every variant. */
  readonly precision?: number;
  /** A further stopping rule, checked at every batch boundary in game order. */
  readonly stopWhen?: (tally: RunTally) => boolean;
  /** Called as batches finish; cheap to call, throttle any drawing yourself. */
  readonly onProgress?: (p: RunProgress) => void;
  /** Aborting ends the run cleanly: the result holds the finished prefix, `complete: false`. */
  readonly signal?: AbortSignal;
  /** Record finished batches in this file; with `resume`, continue from it. */
  readonly checkpoint?: { readonly path: string; readonly resume?: boolean };
}

export interface RunResult {
  /** Games in the result: to - from. */
  readonly games: number;
  readonly aggregates: Aggregate[];
  /**
   * For each pair (i < j) in order (0,1), (0,2), ..., (1,2), ...: counts of
   * games by (outcome under i) * 5 + (outcome under j).
   */
  readonly joint: Float64Array[];
  /** The games in the result are [from, to). */
  readonly from: number;
  readonly to: number;
  /** False when interrupted before the range (or the precision target) was done. */
  readonly complete: boolean;
  readonly stopped: StopReason;
  readonly threads: number;
  readonly batchSize: number;
  readonly elapsedMs: number;
  /** Games taken from a checkpoint. */
  readonly resumed: number;
}

export function pairIndex(i: number, j: number, variants: number): number {
  let idx = 0;
  for (let a = 0; a < i; a++) idx += variants - 1 - a;
  return idx + (j - i - 1);
}

export async function runGames(req: RunRequest): Promise<RunResult> {
  const started = performance.now();
  const { from, to } = checkRequest(req);
  const batchSize = req.batchSize ?? batchSizeFor(req.games);
  const ckpt = req.checkpoint ? new CheckpointFile(req.checkpoint.path, checkpointIdentity(req, from, to, batchSize)) : null;
  const resumed = ckpt?.open(req.checkpoint!.resume ?? false) ?? null;
  const tally = resumed?.tally ?? new RunTally(req.variants.length);
  const prefix = resumed?.done ?? from;
  const stop = stopRule(req);
  const result = (stopped: StopReason, end: number, threads: number): RunResult => ({
    games: end - from,
    aggregates: tally.aggregates,
    joint: tally.joint,
    from,
    to: end,
    complete: stopped !== 'interrupted',
    stopped,
    threads,
    batchSize,
    elapsedMs: performance.now() - started,
    resumed: prefix - from,
  });

  const early = prefix >= to ? 'games' : prefix > from ? stop?.(tally) : null;
  if (early) return result(early, prefix, 0);
  if (req.signal?.aborted) return result('interrupted', prefix, 0);

  const allowed = req.threads ?? availableParallelism();
  const threads = Math.min(allowed, batchCount(prefix, to, batchSize));
  const exec: BatchExecutor = threads <= 1 ? await InlineExecutor.create(req.variants, req.seed) : new PoolExecutor(req.variants, req.seed, threads, allowed);
  const loop = new RunLoop({ exec, tally, from, prefix, to, batchSize, stop, checkpoint: ckpt, onProgress: req.onProgress, signal: req.signal });
  try {
    const { stopped, end } = await loop.run();
    return result(stopped, end, exec.threads);
  } finally {
    await exec.close();
  }
}

/**
 * Writes the checkpoint of a result as `req.checkpoint` would have: games
 * [from, r.to) and their tally, so a run stopped without --checkpoint can be
 * resumed all the same (`checkpoint: { path, resume: true }`).
 */
export function saveCheckpoint(path: string, req: RunRequest, r: RunResult): void {
  const { from, to } = checkRequest(req);
  const tally = RunTally.fromJSON({ aggregates: r.aggregates.map((a) => a.toJSON()), joint: r.joint.map((t) => Array.from(t)) });
  new CheckpointFile(path, checkpointIdentity(req, from, to, r.batchSize)).save(r.to, tally);
}

function checkRequest(req: RunRequest): { from: number; to: number } {
  const from = req.from ?? 0;
  const to = req.to ?? req.games;
  const whole = (x: number) => Number.isSafeInteger(x) && x >= 0;
  if (req.variants.length === 0) throw new Error('runGames: no variants');
  if (!whole(req.games) || !whole(from) || !whole(to) || from > to || to > req.games) {
    throw new Error(`runGames: bad game range [${from}, ${to}) of ${req.games}`);
  }
  if (req.threads !== undefined && !(Number.isSafeInteger(req.threads) && req.threads >= 1)) throw new Error(`runGames: bad threads ${req.threads}`);
  if (req.batchSize !== undefined && !(Number.isSafeInteger(req.batchSize) && req.batchSize >= 1)) throw new Error(`runGames: bad batchSize ${req.batchSize}`);
  if (req.precision !== undefined && !(req.precision > 0)) throw new Error(`runGames: bad precision ${req.precision}`);
  return { from, to };
}

function stopRule(req: RunRequest): ((t: RunTally) => StopReason | null) | null {
  const p = req.precision;
  const custom = req.stopWhen;
  if (p === undefined && !custom) return null;
  return (t) => (p !== undefined && precisionReached(t.aggregates, p) ? 'precision' : custom?.(t) ? 'stop-rule' : null);
}

function checkpointIdentity(req: RunRequest, from: number, to: number, batchSize: number) {
  return {
    version: toolVersion(),
    generator: GENERATOR_ID,
    seed: req.seed,
    variants: req.variants.map((v) => ({ rulesHash: v.rules.hash, agents: v.agents })),
    from,
    to,
    total: req.games,
    batchSize,
    precision: req.precision ?? null,
  };
}
