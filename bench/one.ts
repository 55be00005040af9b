// One benchmark measurement in a fresh process: plays a setup through the
// sim's front door (runGames, with the stated thread count, pool start-up
// included) and prints games/s and peak memory as JSON. Run by bench.ts,
// which takes the median over several processes; run it alone to reproduce
// one row: node dist/bench/one.js '{"rules":"classic","agents":"random","threads":1,"games":1000000}'
// Beside the whole run's rate it gives the rate over its middle half of
// games, a run's start left out (bench/middleHalf.ts).

import { parseAgents } from '../src/agents/index.js';
import { resolveRules } from '../src/engine/rules.js';
import { batchSizeFor } from '../src/sim/batches.js';
import { runGames, type RunProgress } from '../src/sim/run.js';
import { MiddleHalf } from './middleHalf.js';

export interface BenchConfig {
  rules: string;
  players?: number;
  mafia?: number;
  agents: string;
  threads: number;
  games: number;
}

export interface BenchResult {
  gamesPerSecond: number;
  /**
   * Games/s over the run's middle half of games (MiddleHalf.rate); null
   * when too few batches lie in it to tell.
   */
  steadyGamesPerSecond: number | null;
  seconds: number;
  /** CPU seconds of the whole process (every thread), user + system. */
  cpuSeconds: number;
  /** Peak resident set of the process, worker threads included. */
  maxRssMB: number;
  games: number;
  town: number;
}

const cfg = JSON.parse(process.argv[2] ?? '{}') as BenchConfig;
const rules = resolveRules(cfg.rules, { players: cfg.players, mafia: cfg.mafia });
const agents = parseAgents(cfg.agents).canonical;
const cpu0 = process.cpuUsage();
const t0 = process.hrtime.bigint();
const middle = new MiddleHalf(cfg.games, batchSizeFor(cfg.games));
const onProgress = (p: RunProgress): void => middle.note(p.done, process.hrtime.bigint());
const result = await runGames({ variants: [{ label: cfg.rules, rules, agents }], seed: 1, games: cfg.games, threads: cfg.threads, onProgress });
const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
const cpu = process.cpuUsage(cpu0);
const out: BenchResult = {
  gamesPerSecond: cfg.games / seconds,
  steadyGamesPerSecond: middle.rate(),
  seconds,
  cpuSeconds: (cpu.user + cpu.system) / 1e6,
  maxRssMB: process.resourceUsage().maxRSS / 1024,
  games: result.games,
  town: result.aggregates[0]!.count('town'),
};
process.stdout.write(JSON.stringify(out) + '\n');
