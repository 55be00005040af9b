// `node [V8 flags] dist/bench/warmup.js [DIR] [setup] [THOUSANDS]`: wall ms
// of each thousand games of one of cost.js's setups (default club, 8
// thousands) from a fresh process, seed 1: how long V8 takes to compile the
// players before a worker plays at full speed, and what a V8 flag given to
// node changes in that. DIR: another checkout's root (A/B). A measuring
// tool, not a test: it prints, it asserts nothing.

import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chooseSetups, takeTreeArg } from './costSetups.js';

const args = process.argv.slice(2);
const dirArg = takeTreeArg(args);
const root = resolve(dirArg ?? fileURLToPath(new URL('../..', import.meta.url)));
const load = (path: string): Promise<Record<string, unknown>> => import(join(root, 'dist', path));
const { Game } = (await load('src/engine/game.js')) as typeof import('../src/engine/game.js');
const { resolveRules } = (await load('src/engine/rules.js')) as typeof import('../src/engine/rules.js');
const { createProvider, parseAgents } = (await load('src/agents/index.js')) as typeof import('../src/agents/index.js');
const { loadRulesDoc } = (await load('src/cli/rulesSource.js')) as typeof import('../src/cli/rulesSource.js');

const setup = chooseSetups([args[0] ?? 'club']).find((s) => !s.sketch);
if (setup === undefined) {
  process.stderr.write(`warmup: no engine setup matches ${args[0]}: name one of cost.js's rows (e.g. club, forum12; classic-sketch is not the engine)\n`);
  process.exit(1);
}
const thousands = Number(args[1] ?? 8);
const source = setup.rules.endsWith('.yaml') ? loadRulesDoc(join(root, setup.rules)) : setup.rules;
const rules = resolveRules(source, { players: setup.players, mafia: setup.mafia });
const provider = await createProvider(parseAgents(setup.agents), rules);
const game = new Game(rules);
const laps: string[] = [];
let t0 = performance.now();
for (let k = 0; k < 1000 * thousands; k++) {
  game.play(1, k, provider);
  if ((k + 1) % 1000 === 0) {
    const t = performance.now();
    laps.push((t - t0).toFixed(0));
    t0 = t;
  }
}
process.stdout.write(`${setup.name}${process.execArgv.length > 0 ? ` (${process.execArgv.join(' ')})` : ''}: ms per thousand games: ${laps.join(' ')}\n`);
