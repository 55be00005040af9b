// One game of a run, played again on its own with its full log: the same
// game k of (rules, agents, seed) that a run of millions counted, since a
// game depends on nothing else. The library's counterpart of `mafia-sim replay`.

import { createProvider, parseAgents, DEFAULT_AGENTS } from '../agents/index.js';
import { OUTCOME_NAMES, type LoggedEvent, type OutcomeName } from '../engine/events.js';
import { Game } from '../engine/game.js';
import { formatLog } from '../engine/logText.js';
import type { Rules } from '../engine/rules.js';

export interface ReplayRequest {
  readonly rules: Rules;
  /** Agents text, as `--agents` takes it; default the club profile. */
  readonly agents?: string;
  readonly seed: number;
  /** The game's index within the run. */
  readonly game: number;
}

export interface ReplayedGame {
  readonly outcome: OutcomeName;
  /** Every event, as the host saw it. */
  readonly log: readonly LoggedEvent[];
  /** The log as the readable text `mafia-sim replay` prints (without its header). */
  readonly text: string;
}

export async function replayGame(req: ReplayRequest): Promise<ReplayedGame> {
  const provider = await createProvider(parseAgents(req.agents ?? DEFAULT_AGENTS), req.rules);
  const log: LoggedEvent[] = [];
  const outcome = new Game(req.rules).play(req.seed, req.game, provider, { log });
  return { outcome: OUTCOME_NAMES[outcome]!, log, text: formatLog(log) };
}
