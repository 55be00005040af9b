// `mafia-sim run`: many games of one setup, a compact table or `--json`.

import type { Argv } from 'yargs';
import { OUTCOME_NAMES } from '../engine/events.js';
import { GENERATOR_ID } from '../engine/rng.js';
import { runRange } from '../sim/runRange.js';
import { agentsFromArgs, withAgents, withRules, withSeed, wholeNumber, type AgentArgs } from './common.js';
import { guarded } from './errors.js';
import { loadRules } from './rulesSource.js';

export const DEFAULT_GAMES = 100000;

export const runCommand = {
  command: 'run',
  describe: 'play many games and report who wins, with 95% intervals',
  builder: (y: Argv) =>
    withSeed(withAgents(withRules(y)))
      .option('games', { type: 'string', default: String(DEFAULT_GAMES), describe: 'number of games' })
      .option('json', { type: 'boolean', default: false, describe: 'print one JSON object on stdout' }),
  handler: guarded(async (a: { rules: string; players?: string; mafia?: string; set?: string[]; seed: string; games: string; json: boolean } & AgentArgs) => {
    const rules = loadRules(a);
    const agents = agentsFromArgs(a);
    const seed = wholeNumber('--seed', a.seed, 0);
    const games = wholeNumber('--games', a.games, 1);
    const agg = await runRange({ rules, agents: agents.canonical, seed, from: 0, to: games });
    const result = {
      seed,
      rules: JSON.parse(rules.canonical) as unknown,
      rulesHash: rules.hash,
      preset: rules.preset,
      agents: agents.canonical,
      generator: GENERATOR_ID,
      ...agg.toJSON(),
    };
    if (a.json) {
      process.stdout.write(JSON.stringify(result) + '\n');
      return;
    }
    const lines = [`${games} games of ${rules.preset} (rules ${rules.hash}), agents ${agents.canonical}, seed ${seed}`];
    for (const o of OUTCOME_NAMES) {
      const c = agg.count(o);
      lines.push(`  ${o.padEnd(8)} ${(c / games).toFixed(4)}  (${c})`);
    }
    process.stdout.write(lines.join('\n') + '\n');
  }),
};
