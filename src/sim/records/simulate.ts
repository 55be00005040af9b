// The simulation side of `records compare`: plays games [0, N) with event
// logs, turns each log into a game record and adds it to a RecordTally. Game
// k depends only on (rules, agents, seed, k); batches are cut on a fixed grid
// and merged in game order, so the tally (floating sums included) is the same
// for every thread count. Batches run on this thread or on a piscina pool
// whose workers return each batch's tally; a RecordRunner keeps one pool for
// many agents texts (calibrate's points) and stops at an aborted signal.

import { setMaxListeners } from 'node:events';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { createProvider, parseAgents } from '../../agents/index.js';
import type { AgentProvider } from '../../engine/agent.js';
import type { LoggedEvent } from '../../engine/events.js';
import { Game } from '../../engine/game.js';
import { rulesFromCanonical, type Rules } from '../../engine/rules.js';
import type { PresetName } from '../../engine/presets.js';
import { batchEnd, batchSizeFor } from '../batches.js';
import { recordFromLog } from './fromLog.js';
import { RecordTally, type TallyJSON } from './stats.js';

export class RecordSimulator {
  private constructor(
    private readonly rules: Rules,
    private readonly game: Game,
    private readonly provider: AgentProvider,
  ) {}

  static async create(rules: Rules, agents: string): Promise<RecordSimulator> {
    return new RecordSimulator(rules, new Game(rules), await createProvider(parseAgents(agents), rules));
  }

  /** Plays games [from, to) of the run seeded `seed` into a fresh tally. */
  play(seed: number, from: number, to: number): RecordTally {
    const tally = new RecordTally();
    const log: LoggedEvent[] = [];
    for (let k = from; k < to; k++) {
      log.length = 0;
      try {
        this.game.play(seed, k, this.provider, { log });
        tally.add(recordFromLog(log, this.rules, `game ${k}`));
      } catch (e) {
        // The index survives the thread hop in the message, so the game can be replayed alone.
        throw new Error(`game ${k} of seed ${seed} failed (replay it with \`mafia-sim replay --seed ${seed} --game ${k}\` and the same rules and agents): ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    return tally;
  }
}

export interface SimulateOptions {
  readonly rules: Rules;
  /** Canonical agents text. */
  readonly agents: string;
  readonly seed: number;
  readonly games: number;
  readonly threads: number;
  readonly onProgress?: (done: number, total: number) => void;
  /** Aborting it stops the games: simulateRecords then throws SimulationAborted. */
  readonly signal?: AbortSignal;
}

export interface RecordBatchTask {
  readonly rules: string;
  readonly rulesHash: string;
  readonly preset: PresetName;
  readonly agents: string;
  readonly seed: number;
  readonly from: number;
  readonly to: number;
}

export async function simulateRecords(o: SimulateOptions): Promise<RecordTally> {
  const runner = await RecordRunner.open(o.rules, o.threads, o.signal);
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
  private readonly local = new Map<string, Promise<RecordSimulator>>();

  private constructor(
    private readonly rules: Rules,
    private readonly pool: Piscina<RecordBatchTask, TallyJSON> | null,
    private readonly signal: AbortSignal | undefined,
  ) {}

  static async open(rules: Rules, threads: number, signal?: AbortSignal): Promise<RecordRunner> {
    // Every batch in flight listens to the signal: dozens at once is by design, not a leak.
    if (signal) setMaxListeners(Infinity, signal);
    const pool = threads > 1 ? new Piscina<RecordBatchTask, TallyJSON>({ filename: pathToFileURL(workerScript()).href, name: 'runRecordBatch', minThreads: threads, maxThreads: threads }) : null;
    return new RecordRunner(rules, pool, signal);
  }

  /** Games [0, games) of `seed` with these agents; `onBatch` hears each batch's game count as it lands. */
  async tally(agents: string, seed: number, games: number, onBatch?: (games: number) => void): Promise<RecordTally> {
    const size = batchSizeFor(games);
    const ranges: Array<[number, number]> = [];
    for (let a = 0; a < games; a = batchEnd(a, games, size)) ranges.push([a, batchEnd(a, games, size)]);
    const tick = (t: RecordTally): RecordTally => {
      onBatch?.(t.games);
      return t;
    };
    let parts: RecordTally[];
    if (this.pool === null || ranges.length <= 1) {
      const sim = await this.simulator(agents);
      parts = [];
      for (const [a, b] of ranges) {
        await new Promise<void>((r) => setImmediate(r)); // lets Ctrl-C and progress through between batches
        if (this.signal?.aborted) throw new SimulationAborted();
        parts.push(tick(sim.play(seed, a, b)));
      }
    } else {
      const base = { rules: this.rules.canonical, rulesHash: this.rules.hash, preset: this.rules.preset, agents, seed };
      const pool = this.pool;
      const opts = this.signal ? { signal: this.signal } : {};
      try {
        parts = await Promise.all(ranges.map(async ([from, to]) => tick(RecordTally.fromJSON(await pool.run({ ...base, from, to }, opts)))));
      } catch (e) {
        if (this.signal?.aborted) throw new SimulationAborted();
        throw e;
      }
    }
    // Merged in game order, whatever order the batches finished in.
    return parts.reduce((acc, t) => acc.merge(t), new RecordTally());
  }

  private simulator(agents: string): Promise<RecordSimulator> {
    let sim = this.local.get(agents);
    if (!sim) {
      if (this.local.size >= SIMULATOR_CACHE) this.local.delete(this.local.keys().next().value!);
      this.local.set(agents, (sim = RecordSimulator.create(this.rules, agents)));
    }
    return sim;
  }

  async close(): Promise<void> {
    await this.pool?.destroy();
  }
}

/** Simulators kept per thread: a search revisits few agents texts, and each holds its players. */
const SIMULATOR_CACHE = 8;

/** The worker's entry point: rebuild the rules, play the batch, return its tally as JSON. */
const simulators = new Map<string, Promise<RecordSimulator>>();
export async function runRecordBatch(task: RecordBatchTask): Promise<TallyJSON> {
  const key = `${task.rulesHash}|${task.agents}`;
  let sim = simulators.get(key);
  if (!sim) {
    const rules = rulesFromCanonical(task.rules, task.preset);
    if (rules.hash !== task.rulesHash) throw new Error(`worker rebuilt rules ${rules.hash}, expected ${task.rulesHash}`);
    if (simulators.size >= SIMULATOR_CACHE) simulators.delete(simulators.keys().next().value!);
    sim = RecordSimulator.create(rules, task.agents);
    simulators.set(key, sim);
  }
  return (await sim).play(task.seed, task.from, task.to).toJSON();
}

/** This module compiled (workers cannot load .ts sources: under vitest it points at dist/). */
function workerScript(): string {
  const here = fileURLToPath(import.meta.url);
  const script = here.endsWith('.js') ? here : join(resolve(dirname(here), '..', '..', '..'), 'dist', 'src', 'sim', 'records', 'simulate.js');
  if (!existsSync(script)) throw new Error(`the worker script ${script} is missing: build first (npx tsc -p tsconfig.json), or run with one thread`);
  return script;
}
