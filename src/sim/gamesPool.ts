// The games' worker pool, kept for the life of the process. Commands that
// play many runs one after another (balance, tune, equilibrium, the --adapt
// searches, a race's rounds) would otherwise start fresh workers for each
// run, and every fresh worker plays its first thousand games at a fraction
// of its speed while V8 compiles the players (BENCHMARKS, "Issue 21,
// eleventh round"). A batch depends only on its task, so which worker of
// which run plays it changes nothing. A run plays on a kept pool larger
// than its thread count only when it has fewer batches than the threads its
// caller allowed: it never keeps more workers busy than either. Idle
// workers are unref'd by piscina: a kept pool does not keep the process
// alive.

import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { FAULT_ENV } from './faults.js';
import type { PoolKind } from './poolEntry.cjs';
import type { BatchReply, BatchTask } from './worker.js';

export type GamesPool = Piscina<BatchTask, BatchReply>;

/** A pool and the number of runs using it; `retired` once it is being destroyed (its late errors are expected). */
export interface PoolLease {
  readonly pool: GamesPool;
  readonly threads: number;
  /** The fault hook's setting the workers were started with: a worker reads the environment it was born with. */
  readonly fault: string | undefined;
  users: number;
  retired: boolean;
  /** The pool's destruction, once begun (once per pool). */
  gone: Promise<void> | null;
}

let kept: PoolLease | null = null;

/**
 * A pool for one run of `threads` workers, or of up to `upTo` (the threads
 * the caller allowed, of which a run with fewer batches uses fewer): the
 * kept one when it fits (a size in that range, the same environment); a run
 * that needs another while the kept one is in use gets a pool of its own.
 * Give it back with `releasePool`.
 */
export function leasePool(script: string, threads: number, upTo = threads): PoolLease {
  const fault = process.env[FAULT_ENV];
  if (kept !== null && kept.threads >= threads && kept.threads <= upTo && kept.fault === fault) {
    kept.users++;
    return kept;
  }
  const lease = newLease(script, threads, fault);
  if (kept === null || kept.users === 0) {
    if (kept !== null) void destroy(kept);
    kept = lease;
  }
  return lease;
}

/**
 * A run is being cut short (its batches are about to be aborted, and piscina
 * terminates the workers playing them): its pool is kept no longer, and the
 * late replies of those workers are expected from now on, not faults.
 */
export function abandonPool(lease: PoolLease): void {
  if (lease === kept) kept = null;
  lease.retired = true;
}

/** Ends a run's use of its pool: the kept pool stays, with its workers warm, for the next run; any other goes with its last run. */
export async function releasePool(lease: PoolLease): Promise<void> {
  lease.users--;
  if (lease.users === 0 && lease !== kept) await destroy(lease);
}

/** Destroys the kept pool now, once no run uses it (tests; a caller that wants its threads back). */
export async function closeKeptPool(): Promise<void> {
  const k = kept;
  if (k === null || k.users > 0) return;
  kept = null;
  await destroy(k);
}

function newLease(script: string, threads: number, fault: string | undefined): PoolLease {
  const pool: GamesPool = new Piscina<BatchTask, BatchReply>({
    filename: pathToFileURL(script).href,
    name: 'runBatch',
    workerData: 'games' satisfies PoolKind,
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: 60_000,
  });
  const lease: PoolLease = { pool, threads, fault, users: 1, retired: false, gone: null };
  // A batch cancelled by a run's end may have replied just before its worker
  // was terminated; piscina reports that late reply as an error event. Once
  // the pool is being destroyed that is expected and harmless; before, it is
  // a real fault.
  pool.on('error', (e: unknown) => {
    if (lease.retired) return;
    process.nextTick(() => {
      throw e;
    });
  });
  return lease;
}

function destroy(lease: PoolLease): Promise<void> {
  lease.retired = true;
  lease.gone ??= lease.pool.destroy();
  return lease.gone;
}

/** The thread ids of the kept pool's workers, in order ([] with none kept): what a test checks to see the workers reused. */
export function keptWorkerIds(): number[] {
  return kept === null ? [] : kept.pool.threads.map((w) => w.threadId);
}
