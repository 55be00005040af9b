// One benchmark measurement in a fresh process: plays a setup through the
// sim's front door and prints games/s and peak memory as JSON. Run by
// bench.ts, which takes the median over several processes.

import { parseAgents } from '../src/agents/index.js';
import { resolveRules } from '../src/engine/rules.js';
import { runGames } from '../src/sim/run.js';

interface Config {
  rules: string;
  players?: number;
  mafia?: number;
  agents: string;
  threads: number;
  games: number;
}

const cfg = JSON.parse(process.argv[2] ?? '{}') as Config;
const rules = resolveRules(cfg.rules, { players: cfg.players, mafia: cfg.mafia });
const agents = parseAgents(cfg.agents).canonical;
const t0 = process.hrtime.bigint();
const result = await runGames({ variants: [{ label: cfg.rules, rules, agents }], seed: 1, games: cfg.games, threads: cfg.threads });
const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
const maxRssMB = process.resourceUsage().maxRSS / 1024;
process.stdout.write(
  JSON.stringify({ gamesPerSecond: cfg.games / seconds, seconds, maxRssMB, games: result.games, town: result.aggregates[0]!.count('town') }) + '\n',
);
