// Two ways to play a batch: on the calling thread (one thread: no worker
// start-up, nothing to copy) or on a piscina worker pool. Both play through
// the worker's entry (runBatch) as built into one module (worker.bundle.js,
// rolldown.config.mjs), whose code runs faster than the same modules loaded
// one by one; under vitest, from src/, the calling thread plays the sources.
// A batch whose worker dies (crash, out of memory) is retried on a fresh
// worker before the run gives up; a game that throws is never retried: it
// would throw again.

import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { PlayableVariant } from './batch.js';
import { WorkerFailure } from './errors.js';
import { faultFromEnv } from './faults.js';
import { abandonPool, leasePool, releasePool, type PoolLease } from './gamesPool.js';
import { GameFailure } from './runRange.js';
import { RunTally } from './tally.js';
import type { BatchReply, WireVariant } from './worker.js';

export const MAX_ATTEMPTS = 3;

/** This module runs from the build in dist/ (not from src/ under vitest). */
const FROM_BUILD = fileURLToPath(import.meta.url).endsWith('.js');

export interface BatchExecutor {
  readonly threads: number;
  /** How many batches may be scheduled but not yet folded into the result. */
  readonly window: number;
  run(from: number, to: number): Promise<RunTally>;
  close(): Promise<void>;
}

/** A slice of a batch on the calling thread aims at this long, so Ctrl-C and progress are answered at once. */
const SLICE_MS = 50;

/**
 * Plays batches on this thread in slices, yielding to the event loop between
 * them (for Ctrl-C and progress), so even a batch of big, slow games can be
 * dropped at once. Slices only cut the work: the batch's tally is the sum of
 * its slices' counts, whatever their sizes.
 */
export class InlineExecutor implements BatchExecutor {
  readonly threads = 1;
  readonly window = 1;

  private constructor(
    private readonly entry: WorkerEntry,
    private readonly variants: readonly WireVariant[],
    private readonly seed: number,
  ) {}

  /** Loads the players now, so a setup that cannot be played fails here, before the run starts. */
  static async create(variants: readonly PlayableVariant[], seed: number): Promise<InlineExecutor> {
    faultFromEnv(); // a bad debug setting fails here, as it does for a pool
    const entry = await loadWorkerEntry();
    const wire = wireVariants(variants);
    await entry.preparePlayers(wire);
    return new InlineExecutor(entry, wire, seed);
  }

  private closed = false;
  /** Games per slice, adapted to how long games take here. */
  private slice = 8;

  async run(from: number, to: number): Promise<RunTally> {
    let tally: RunTally | null = null;
    for (let k = from; k < to; ) {
      await new Promise<void>((r) => setImmediate(r));
      if (this.closed) throw new Error('the run has ended'); // a batch dropped by an abort is not played further
      const end = Math.min(to, k + this.slice);
      const started = performance.now();
      const part = await this.playSlice(k, end);
      this.adapt(performance.now() - started);
      tally = tally ? tally.merge(part) : part;
      k = end;
    }
    return tally ?? this.playSlice(from, to);
  }

  private async playSlice(from: number, to: number): Promise<RunTally> {
    const reply = await this.entry.runBatch({ variants: this.variants, seed: this.seed, from, to, attempt: 0 });
    if ('failure' in reply) throw failureFromReply(reply.failure);
    return RunTally.fromJSON(reply.tally);
  }

  private adapt(ms: number): void {
    if (ms < SLICE_MS / 2 && this.slice < 1 << 16) this.slice *= 2;
    else if (ms > SLICE_MS * 2 && this.slice > 1) this.slice = Math.max(1, this.slice >> 1);
  }

  async close(): Promise<void> {
    this.closed = true;
  }
}

/** Plays batches on the process's kept worker pool (gamesPool.ts), or on one of its own while another run holds that. */
export class PoolExecutor implements BatchExecutor {
  readonly window: number;
  private readonly lease: PoolLease;
  private readonly variants: WireVariant[];
  private closed = false;
  /**
   * Tasks sent and not yet answered, each with its own canceller: closing
   * aborts them (piscina terminates the workers running them) and waits for
   * them to settle (see close). One signal per task, not one shared by all:
   * piscina adds a listener to a task's signal, and a window of a dozen
   * tasks on one signal is what set off MaxListenersExceededWarning.
   */
  private readonly inflight = new Map<Promise<BatchReply>, AbortController>();

  /** `threads` workers for this run; `upTo`, the threads its caller allowed, lets it play on a larger kept pool. */
  constructor(
    variants: readonly PlayableVariant[],
    private readonly seed: number,
    readonly threads: number,
    upTo = threads,
  ) {
    faultFromEnv(); // a bad debug setting fails here, once, not in every worker
    this.window = threads * 3;
    this.variants = wireVariants(variants);
    this.lease = leasePool(poolScript(), threads, upTo);
  }

  async run(from: number, to: number): Promise<RunTally> {
    for (let attempt = 0; ; attempt++) {
      let reply: BatchReply;
      try {
        if (this.closed) throw new Error('the run has ended');
        reply = await this.track((signal) => this.lease.pool.run({ variants: this.variants, seed: this.seed, from, to, attempt }, { signal }));
      } catch (e) {
        if (this.closed || attempt + 1 >= MAX_ATTEMPTS) throw this.closed ? e : new WorkerFailure(from, to, attempt + 1, e);
        continue;
      }
      if ('failure' in reply) throw failureFromReply(reply.failure);
      return RunTally.fromJSON(reply.tally);
    }
  }

  private async track(send: (signal: AbortSignal) => Promise<BatchReply>): Promise<BatchReply> {
    const cancel = new AbortController();
    const task = send(cancel.signal);
    this.inflight.set(task, cancel);
    try {
      return await task;
    } finally {
      this.inflight.delete(task);
    }
  }

  /**
   * Cancels the batches in flight (their results are not used: the run has
   * ended) rather than waiting for them, which could take half a minute on
   * big tables: piscina terminates the workers running them, and the pool
   * goes with them (gamesPool.ts, abandonPool). Their tasks settle before the
   * pool goes, since piscina throws an uncaught "Unexpected message from
   * Worker" when a worker replies to a destroyed pool. A run that ends with
   * nothing in flight leaves the kept pool warm for the next.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.inflight.size > 0) abandonPool(this.lease);
    for (const cancel of this.inflight.values()) cancel.abort();
    await Promise.allSettled([...this.inflight.keys()]);
    await releasePool(this.lease);
  }
}

/** What crosses to the worker's entry: the rules as canonical text (rebuilt and checked there), the agents as text. */
export function wireVariants(variants: readonly PlayableVariant[]): WireVariant[] {
  return variants.map((v) => ({ rules: v.rules.canonical, rulesHash: v.rules.hash, preset: v.rules.preset, agents: v.agents }));
}

function failureFromReply(f: { game: number; variant: number; message: string; stack: string }): GameFailure {
  const cause = new Error(f.message);
  cause.stack = f.stack;
  return new GameFailure(f.game, cause, f.variant);
}

type WorkerEntry = Pick<typeof import('./worker.js'), 'runBatch' | 'preparePlayers'>;

/** The worker's entry for this thread: the built bundle when running from dist/, the sources under vitest. */
function loadWorkerEntry(): Promise<WorkerEntry> {
  return builtOrSource<WorkerEntry>('worker.bundle.js', () => import('./worker.js'));
}

/** A batch entry for this thread: its bundle (`bundle`, under dist/src/sim/) when running from dist/, else the sources `source` imports (under vitest). */
export async function builtOrSource<T>(bundle: string, source: () => Promise<unknown>): Promise<T> {
  return (await (FROM_BUILD ? import(pathToFileURL(builtFile(bundle)).href) : source())) as T;
}

/**
 * The built worker file (one module, see rolldown.config.mjs). Workers
 * cannot load .ts sources, so when this module runs from src/ (under
 * vitest) it points at the build in dist/.
 */
export function workerScript(): string {
  return builtFile('worker.bundle.js');
}

/** The file a pool's workers load (poolEntry.cts, built): it loads the bundle, or the records' entry, by import(). */
export function poolScript(): string {
  return builtFile('poolEntry.cjs');
}

/** A file of the build under dist/src/sim/ (`name` relative to it), from the build or from src/ under vitest. */
export function builtFile(name: string): string {
  const dir = dirname(fileURLToPath(import.meta.url));
  const script = FROM_BUILD ? join(dir, name) : join(resolve(dir, '..', '..'), 'dist', 'src', 'sim', name);
  if (!existsSync(script)) {
    throw new Error(`the worker script ${script} is missing: build first (npm run build), or run with one thread`);
  }
  return script;
}
