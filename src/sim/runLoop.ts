// The scheduling loop of a run: keeps a bounded window of batches in flight,
// folds finished batches into the tally strictly in game order (holding any
// that finish early), checks the stopping rule at each batch boundary, saves
// the checkpoint, and ends on completion, a stop, an abort or a failure.

import { batchEnd } from './batches.js';
import type { CheckpointFile } from './checkpoint.js';
import type { BatchExecutor } from './executors.js';
import type { RunProgress } from './run.js';
import type { RunTally } from './tally.js';

export type StopReason = 'games' | 'precision' | 'stop-rule' | 'interrupted';

/** Checkpoint writes are cheap but need not happen after every batch. */
const SAVE_EVERY_MS = 1000;

export interface LoopSetup {
  readonly exec: BatchExecutor;
  readonly tally: RunTally;
  readonly from: number;
  /** Games [from, prefix) are already in the tally. */
  readonly prefix: number;
  readonly to: number;
  readonly batchSize: number;
  readonly stop: ((t: RunTally) => StopReason | null) | null;
  readonly checkpoint: CheckpointFile | null;
  readonly onProgress?: ((p: RunProgress) => void) | undefined;
  readonly signal?: AbortSignal | undefined;
}

type Finished = { readonly to: number; readonly tally: RunTally } | { readonly to: number; readonly error: unknown };

export class RunLoop {
  private prefix: number;
  private next: number;
  private outstanding = 0;
  private finishedGames: number;
  /** Batches finished (or failed) ahead of the prefix, by first game. */
  private readonly early = new Map<number, Finished>();
  private finished = false;
  private failing = false;
  /** The first finished batch is saved at once, so a checkpoint exists early in every run. */
  private lastSave = -Infinity;
  private savedPrefix: number;
  private settle: { resolve: (r: { stopped: StopReason; end: number }) => void; reject: (e: unknown) => void } | null = null;

  constructor(private readonly s: LoopSetup) {
    this.prefix = s.prefix;
    this.next = s.prefix;
    this.finishedGames = s.prefix - s.from;
    this.savedPrefix = s.prefix;
  }

  run(): Promise<{ stopped: StopReason; end: number }> {
    const onAbort = () => this.finish('interrupted');
    return new Promise<{ stopped: StopReason; end: number }>((resolve, reject) => {
      this.settle = { resolve, reject };
      this.s.signal?.addEventListener('abort', onAbort, { once: true });
      this.reportProgress();
      this.pump();
    }).finally(() => this.s.signal?.removeEventListener('abort', onAbort));
  }

  private pump(): void {
    while (!this.finished && !this.failing && this.next < this.s.to && this.outstanding < this.s.exec.window) {
      const a = this.next;
      const b = batchEnd(a, this.s.to, this.s.batchSize);
      this.next = b;
      this.outstanding++;
      this.s.exec.run(a, b).then(
        (tally) => this.onBatch(a, { to: b, tally }),
        (error: unknown) => this.onBatch(a, { to: b, error }),
      );
    }
  }

  /**
   * A failed batch is folded like any other, in game order, so the failure
   * reported is always the one of the earliest failing batch.
   */
  private onBatch(a: number, done: Finished): void {
    if (this.finished) return;
    this.early.set(a, done);
    if ('error' in done) this.failing = true;
    else this.finishedGames += done.to - a;
    this.reportProgress();
    if (this.finished) return; // the progress callback may abort the run
    for (let e = this.early.get(this.prefix); e; e = this.early.get(this.prefix)) {
      if ('error' in e) return this.fail(e.error);
      this.early.delete(this.prefix);
      this.s.tally.merge(e.tally);
      this.prefix = e.to;
      this.outstanding--;
      const reason = this.s.stop?.(this.s.tally) ?? (this.prefix >= this.s.to ? 'games' : null);
      if (reason) return this.finish(reason);
    }
    if (this.prefix > this.savedPrefix && performance.now() - this.lastSave >= SAVE_EVERY_MS) this.save();
    this.pump();
  }

  private reportProgress(): void {
    this.s.onProgress?.({ done: this.finishedGames, total: this.s.to - this.s.from, resumed: this.s.prefix - this.s.from });
  }

  private finish(stopped: StopReason): void {
    if (this.finished) return;
    this.finished = true;
    try {
      this.save();
    } catch (e) {
      this.settle!.reject(e);
      return;
    }
    this.settle!.resolve({ stopped, end: this.prefix });
  }

  private fail(e: unknown): void {
    if (this.finished) return;
    this.finished = true;
    try {
      this.save();
    } catch {
      // the run's own failure is the one to report
    }
    this.settle!.reject(e);
  }

  private save(): void {
    this.lastSave = performance.now();
    this.savedPrefix = this.prefix;
    this.s.checkpoint?.save(this.prefix, this.s.tally);
  }
}
