// The records' batch entry (run by a RecordRunner's pool workers from
// dist/src/sim/records/worker.bundle.js, and by a one-thread runner in
// place): receives plain data (canonical rules, agents text, seed, game
// range), plays the games with event logs, turns each log into a record and
// returns the batch's tally as JSON. Built into one module with the engine
// and the players, as the games' entry is (rolldown.config.mjs).

import type { AgentProvider } from '../../engine/agent.js';
import type { LoggedEvent } from '../../engine/events.js';
import { Game } from '../../engine/game.js';
import type { PresetName } from '../../engine/presets.js';
import { rulesFromCanonical, type Rules } from '../../engine/rules.js';
import { createProvider, parseAgents } from '../../agents/index.js';
import { recordFromLog } from './fromLog.js';
import { RecordTally, type TallyJSON } from './stats.js';

export interface RecordBatchTask {
  readonly rules: string;
  readonly rulesHash: string;
  readonly preset: PresetName;
  readonly agents: string;
  readonly seed: number;
  readonly from: number;
  readonly to: number;
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

/** Simulators kept per thread: a search revisits few agents texts, and each holds its players (a mixed record set has a dozen setups). */
const SIMULATOR_CACHE = 32;
const simulators = new Map<string, Promise<RecordSimulator>>();

/** Rebuilds the rules, plays the batch, returns its tally as JSON. */
export async function runRecordBatch(task: RecordBatchTask): Promise<TallyJSON> {
  const key = `${task.rulesHash}|${task.agents}`;
  let sim = simulators.get(key);
  if (!sim) {
    const rules = rulesFromCanonical(task.rules, task.preset);
    if (rules.hash !== task.rulesHash) throw new Error(`worker rebuilt rules ${rules.hash}, expected ${task.rulesHash}`);
    if (simulators.size >= SIMULATOR_CACHE) simulators.delete(simulators.keys().next().value!);
    sim = RecordSimulator.create(rules, task.agents);
    simulators.set(key, sim);
    // A setup that failed to load is not kept: the calling thread lives on after its run fails.
    sim.catch(() => simulators.delete(key));
  }
  return (await sim).play(task.seed, task.from, task.to).toJSON();
}
