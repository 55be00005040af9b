// The simulation side of `records compare`: plays games [0, N) with event
// logs, turns each log into a game record and adds it to a RecordTally (the
// batch itself is records/worker.ts, built into one module). Game
// k depends only on (rules, agents, seed, k); batches are cut on a fixed grid
// and merged in game order, so the tally (floating sums included) is the same
// for every thread count. Batches run on this thread or on a piscina pool
// whose workers return each batch's tally; a RecordRunner keeps one pool for
// many agents texts (calibrate's points) and stops at an aborted signal.
// Records of several setups (setups.ts) are played on each setup's rules,
// the games shared among them in the records' proportions; every setup
// plays its games [0, n) of the seed, and the tallies merge in setup order.

import { setMaxListeners } from 'node:events';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import type { Rules } from '../../engine/rules.js';
import { batchEnd, batchSizeFor } from '../batches.js';
import { builtOrSource, poolScript } from '../executors.js';
import { shareGames } from './setups.js';
import { RecordTally, type TallyJSON } from './stats.js';
import type { PoolKind } from '../poolEntry.cjs';
import type { RecordBatchTask } from './worker.js';

/** One setup's rules and its weight: the records played at it. */
export interface SetupShare {
  readonly rules: Rules;
  readonly weight: number;
}

export interface SimulateOptions {
  /** One setup's rules; or `setups`, several shared by weight (then `rules` is ignored). */
  readonly rules: Rules;
  readonly setups?: readonly SetupShare[];
  /** Canonical agents text. */
  readonly agents: string;
  readonly seed: number;
  readonly games: number;
  readonly threads: number;
  readonly onProgress?: (done: number, total: number) => void;
  /** Aborting it stops the games: simulateRecords then throws SimulationAborted. */
  readonly signal?: AbortSignal;
}

export async function simulateRecords(o: SimulateOptions): Promise<RecordTally> {
  const runner = await RecordRunner.open(o.setups ?? o.rules, o.threads, o.signal);
  try {
    let done = 0;
    return await runner.tally(o.agents, o.seed, o.games, (n) => {
      done += n;
      o.onProgress?.(done, o.games);
    });
  } finally {
    await runner.close();
  }
}

/** Ctrl-C (an aborted signal) stopped the games: nothing of the interrupted evaluation is kept. */
export class SimulationAborted extends Error {
  constructor() {
    super('the simulation was interrupted');
    this.name = 'SimulationAborted';
  }
}

/**
 * Plays record tallies for many agents texts on one set of rules, on this
 * thread or on one worker pool kept for the runner's life (calibrate plays
 * dozens of points; a pool per point would spend its time starting
 * workers). Several `tally` calls may run at once: their batches share the
 * pool's queue, and each call still merges its own batches in game order.
 */
export class RecordRunner {
  private constructor(
    private readonly setups: readonly SetupShare[],
    private readonly pool: Piscina<RecordBatchTask, TallyJSON> | null,
    private readonly signal: AbortSignal | undefined,
  ) {}

  /** A runner for one setup's rules, or for several setups shared by weight. */
  static async open(setups: Rules | readonly SetupShare[], threads: number, signal?: AbortSignal): Promise<RecordRunner> {
    const list = isSetupList(setups) ? setups : [{ rules: setups, weight: 1 }];
    if (list.length === 0) throw new Error('RecordRunner.open: no setup');
    // Every batch in flight listens to the signal: dozens at once is by design, not a leak.
    if (signal) setMaxListeners(Infinity, signal);
    const pool = threads > 1 ? new Piscina<RecordBatchTask, TallyJSON>({ filename: pathToFileURL(poolScript()).href, name: 'runRecordBatch', workerData: 'records' satisfies PoolKind, minThreads: threads, maxThreads: threads }) : null;
    return new RecordRunner(list, pool, signal);
  }

  /** Games [0, games) of `seed` with these agents, shared among the runner's setups; `onBatch` hears each batch's game count as it lands. */
  tally(agents: string, seed: number, games: number, onBatch?: (games: number) => void): Promise<RecordTally> {
    return this.tallyOn(this.setups, agents, seed, games, onBatch);
  }

  /** The same on other setups (a holdout's), on this runner's pool. */
  async tallyOn(setups: readonly SetupShare[], agents: string, seed: number, games: number, onBatch?: (games: number) => void): Promise<RecordTally> {
    const shares = shareGames(games, setups.map((s) => s.weight));
    const ranges: Array<{ rules: Rules; from: number; to: number }> = [];
    setups.forEach(({ rules }, i) => {
      const n = shares[i]!;
      const size = batchSizeFor(n);
      for (let a = 0; a < n; a = batchEnd(a, n, size)) ranges.push({ rules, from: a, to: batchEnd(a, n, size) });
    });
    const tick = (t: RecordTally): RecordTally => {
      onBatch?.(t.games);
      return t;
    };
    const task = (r: (typeof ranges)[number]): RecordBatchTask => ({ rules: r.rules.canonical, rulesHash: r.rules.hash, preset: r.rules.preset, agents, seed, from: r.from, to: r.to });
    let parts: RecordTally[];
    if (this.pool === null || ranges.length <= 1) {
      const entry = await loadRecordsEntry();
      parts = [];
      for (const r of ranges) {
        await new Promise<void>((done) => setImmediate(done)); // lets Ctrl-C and progress through between batches
        if (this.signal?.aborted) throw new SimulationAborted();
        parts.push(tick(RecordTally.fromJSON(await entry.runRecordBatch(task(r)))));
      }
    } else {
      const pool = this.pool;
      const opts = this.signal ? { signal: this.signal } : {};
      try {
        parts = await Promise.all(ranges.map(async (r) => tick(RecordTally.fromJSON(await pool.run(task(r), opts)))));
      } catch (e) {
        if (this.signal?.aborted) throw new SimulationAborted();
        throw e;
      }
    }
    // Merged in setup and game order, whatever order the batches finished in.
    return parts.reduce((acc, t) => acc.merge(t), new RecordTally());
  }

  async close(): Promise<void> {
    await this.pool?.destroy();
  }
}

function isSetupList(x: Rules | readonly SetupShare[]): x is readonly SetupShare[] {
  return Array.isArray(x);
}

type RecordsEntry = Pick<typeof import('./worker.js'), 'runRecordBatch'>;

/** The records' entry for this thread: the built bundle when running from dist/, the sources under vitest. */
function loadRecordsEntry(): Promise<RecordsEntry> {
  return builtOrSource<RecordsEntry>('records/worker.bundle.js', () => import('./worker.js'));
}
