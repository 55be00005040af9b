// The records' batch entry (run by a RecordRunner's pool workers from
// dist/src/sim/records/worker.bundle.js, and by a one-thread runner in
// place): receives plain data (canonical rules, agents text, seed, game
// range), plays the games with event logs, turns each log into a record and
// returns the batch's tally as JSON. Built into one module with the engine
// and the players, as the games' entry is (rolldown.config.mjs).

import type { AgentProvider } from '../../engine/agent.js';
import type { LoggedEvent } from '../../engine/events.js';
import { Game } from '../../engine/game.js';
import type { Rules } from '../../engine/rules.js';
import { createProvider, parseAgents } from '../../agents/index.js';
import { SetupCache, rebuildRules, type WireRules } from '../entries.js';
import { recordFromLog } from './fromLog.js';
import { RecordTally, type TallyJSON } from './stats.js';

export interface RecordBatchTask extends WireRules {
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
const simulators = new SetupCache<RecordSimulator>(32);

/** Rebuilds the rules, plays the batch, returns its tally as JSON. */
export async function runRecordBatch(task: RecordBatchTask): Promise<TallyJSON> {
  const sim = await simulators.get(`${task.rulesHash}|${task.agents}`, () => RecordSimulator.create(rebuildRules(task), task.agents));
  return sim.play(task.seed, task.from, task.to).toJSON();
}
