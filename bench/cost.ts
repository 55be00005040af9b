// `node dist/bench/cost.js [DIR] [setup ...]`: CPU µs per game on one thread,
// in-process, after a warm-up, for the speed issue's setups (club, classic
// and club with random players, forum at 12, 48 and 96 players, the records' rules,
// and classic-sketch, the classic games played by a hand-written loop, always this tree's):
// the figure least disturbed by a loaded machine (process.cpuUsage counts
// only this process). DIR: another checkout's root, to measure its build
// instead of this one, so two builds can be run one after the other in the
// same session (A/B). Setup names filter the rows (substring; a name given
// whole picks that row alone, so `club` profiles the club game only).
// COST_SCALE scales the game counts; COST_GAMES sets them. A measuring
// tool, not a test: it prints, it asserts nothing.

import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Role } from '../src/engine/roles.js';
import { ClassicSketch } from './classicSketch.js';
import { chooseSetups, takeTreeArg, type CostSetup } from './costSetups.js';

const args = process.argv.slice(2);
const dirArg = takeTreeArg(args);
const root = resolve(dirArg ?? fileURLToPath(new URL('../..', import.meta.url)));
const load = (path: string): Promise<Record<string, unknown>> => import(join(root, 'dist', path));

const SCALE = Number(process.env['COST_SCALE'] ?? 1);
/** Exact games per setup instead of the scaled count (instructions.js sets it). */
const GAMES = process.env['COST_GAMES'] === undefined ? null : Number(process.env['COST_GAMES']);

// Loaded from the measured tree's build, so its types are taken from this one's.
const { Game } = (await load('src/engine/game.js')) as typeof import('../src/engine/game.js');
const { resolveRules } = (await load('src/engine/rules.js')) as typeof import('../src/engine/rules.js');
const { createProvider, parseAgents } = (await load('src/agents/index.js')) as typeof import('../src/agents/index.js');
const { loadRulesDoc } = (await load('src/cli/rulesSource.js')) as typeof import('../src/cli/rulesSource.js');

const chosen = chooseSetups(args);
for (const s of chosen) {
  const source = s.rules.endsWith('.yaml') ? loadRulesDoc(join(root, s.rules)) : s.rules;
  const rules = resolveRules(source, { players: s.players, mafia: s.mafia });
  const provider = await createProvider(parseAgents(s.agents), rules);
  const play = player(s, rules, provider);
  const games = GAMES ?? Math.max(20, Math.round(s.games * SCALE));
  let town = 0;
  for (let k = 0; k < games; k++) play(games + k);
  const t0 = process.cpuUsage();
  for (let k = 0; k < games; k++) if (play(k) === 0) town++;
  const cpu = process.cpuUsage(t0);
  const us = (cpu.user + cpu.system) / games;
  process.stdout.write(`${s.name} ${games} games: ${us.toFixed(us < 10 ? 3 : 1)} µs/game (town ${((100 * town) / games).toFixed(2)}%)\n`);
}

/** Game k of seed 1 by the measured tree's engine, or by this tree's hand-written classic game for a sketch row. */
function player(s: CostSetup, rules: ReturnType<typeof resolveRules>, provider: Awaited<ReturnType<typeof createProvider>>): (k: number) => number {
  if (s.sketch) {
    const sketch = new ClassicSketch(rules.players, rules.roles[Role.Mafia]!, rules.options['limits.maxDays']);
    return (k) => sketch.play(1, k);
  }
  const game = new Game(rules);
  return (k) => game.play(1, k, provider);
}
