// The simulation side of `records compare`: plays games [0, N) with event
// logs, turns each log into a game record and adds it to a RecordTally. Game
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
import { createProvider, parseAgents } from '../../agents/index.js';
import type { AgentProvider } from '../../engine/agent.js';
import type { LoggedEvent } from '../../engine/events.js';
import { Game } from '../../engine/game.js';
import { rulesFromCanonical, type Rules } from '../../engine/rules.js';
import type { PresetName } from '../../engine/presets.js';
import { batchEnd, batchSizeFor } from '../batches.js';
import { poolScript } from '../executors.js';
import { recordFromLog } from './fromLog.js';
import { shareGames } from './setups.js';
import { RecordTally, type TallyJSON } from './stats.js';

/** One setup's rules and its weight: the records played at it. */
export interface SetupShare {
  readonly rules: Rules;
  readonly weight: number;
}

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
  private readonly local = new Map<string, Promise<RecordSimulator>>();

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
    const pool = threads > 1 ? new Piscina<RecordBatchTask, TallyJSON>({ filename: pathToFileURL(poolScript()).href, name: 'runRecordBatch', minThreads: threads, maxThreads: threads }) : null;
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
    let parts: RecordTally[];
    if (this.pool === null || ranges.length <= 1) {
      parts = [];
      for (const r of ranges) {
        const sim = await this.simulator(r.rules, agents);
        await new Promise<void>((done) => setImmediate(done)); // lets Ctrl-C and progress through between batches
        if (this.signal?.aborted) throw new SimulationAborted();
        parts.push(tick(sim.play(seed, r.from, r.to)));
      }
    } else {
      const pool = this.pool;
      const opts = this.signal ? { signal: this.signal } : {};
      const task = (r: (typeof ranges)[number]): RecordBatchTask => ({ rules: r.rules.canonical, rulesHash: r.rules.hash, preset: r.rules.preset, agents, seed, from: r.from, to: r.to });
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

  private simulator(rules: Rules, agents: string): Promise<RecordSimulator> {
    const key = `${rules.hash}|${agents}`;
    let sim = this.local.get(key);
    if (!sim) {
      if (this.local.size >= SIMULATOR_CACHE) this.local.delete(this.local.keys().next().value!);
      this.local.set(key, (sim = RecordSimulator.create(rules, agents)));
    }
    return sim;
  }

  async close(): Promise<void> {
    await this.pool?.destroy();
  }
}

function isSetupList(x: Rules | readonly SetupShare[]): x is readonly SetupShare[] {
  return Array.isArray(x);
}

/** Simulators kept per thread: a search revisits few agents texts, and each holds its players (a mixed record set has a dozen setups). */
const SIMULATOR_CACHE = 32;

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
