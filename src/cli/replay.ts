// `mafia-sim replay`: one game as a readable log, from (rules, agents, seed, game).

import type { Argv } from 'yargs';
import { createProvider } from '../agents/index.js';
import type { LoggedEvent } from '../engine/events.js';
import { Game } from '../engine/game.js';
import { formatLog } from '../engine/logText.js';
import { agentsFromArgs, withAgents, withRules, withSeed, wholeNumber, type AgentArgs } from './common.js';
import { guarded } from './errors.js';
import { loadRules } from './rulesSource.js';

export const replayCommand = {
  command: 'replay',
  describe: 'play one game and print what happened, night by night',
  builder: (y: Argv) => withSeed(withAgents(withRules(y))).option('game', { type: 'string', default: '0', describe: 'game index within the run' }),
  handler: guarded(async (a: { rules: string; players?: string; mafia?: string; set?: string[]; seed: string; game: string } & AgentArgs) => {
    const rules = loadRules(a);
    const agents = agentsFromArgs(a);
    const seed = wholeNumber('--seed', a.seed, 0);
    const k = wholeNumber('--game', a.game, 0);
    const log: LoggedEvent[] = [];
    new Game(rules).play(seed, k, await createProvider(agents, rules), { log });
    const header = [
      `# mafia-sim replay --rules ${a.rules}${a.players ? ` --players ${a.players}` : ''}${a.mafia ? ` --mafia ${a.mafia}` : ''}${(a.set ?? []).map((s) => ` --set ${s}`).join('')} --agents ${agents.canonical} --seed ${seed} --game ${k}`,
      `# rules ${rules.hash}: ${rules.canonical}`,
    ];
    process.stdout.write(formatLog(log, header));
  }),
};
