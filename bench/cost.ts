// `node dist/bench/cost.js [DIR] [setup ...]`: CPU µs per game on one thread,
// in-process, after a warm-up, for the speed issue's setups (club, classic
// and club with random players, forum at 12, 48 and 96 players, the records' rules,
// and classic-sketch, the classic games played by a hand-written loop, always this tree's):
// the figure least disturbed by a loaded machine (process.cpuUsage counts
// only this process). DIR: another checkout's root, to measure its build
// instead of this one, so two builds can be run one after the other in the
// same session (A/B). Setup names filter the rows (substring; a name given
// whole picks that row alone, so `club` profiles the club game only).
// COST_SCALE scales the game counts; COST_GAMES sets them. Games are played
// as the product plays them, through the worker's entry built into one
// module (dist/src/sim/worker.bundle.js, one call per range of games); a
// tree built before that bundle existed is played game by game from its
// modules, and the line says which. A measuring tool, not a test: it
// prints, it asserts nothing.

import { existsSync } from 'node:fs';
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
const bundled = existsSync(join(root, 'dist', 'src', 'sim', 'worker.bundle.js'));
const entry = bundled ? ((await load('src/sim/worker.bundle.js')) as typeof import('../src/sim/worker.js')) : null;

const chosen = chooseSetups(args);
for (const s of chosen) {
  const source = s.rules.endsWith('.yaml') ? loadRulesDoc(join(root, s.rules)) : s.rules;
  const rules = resolveRules(source, { players: s.players, mafia: s.mafia });
  const play = await player(s, rules);
  const games = GAMES ?? Math.max(20, Math.round(s.games * SCALE));
  await play(games, 2 * games);
  const t0 = process.cpuUsage();
  const town = await play(0, games);
  const cpu = process.cpuUsage(t0);
  const us = (cpu.user + cpu.system) / games;
  const how = s.sketch ? 'sketch' : entry ? 'bundle' : 'modules';
  process.stdout.write(`${s.name} ${games} games: ${us.toFixed(us < 10 ? 3 : 1)} µs/game (town ${((100 * town) / games).toFixed(2)}%, ${how})\n`);
}

/** Plays games [from, to) of seed 1 and returns Town's wins: by the measured tree's build, or by this tree's hand-written classic game for a sketch row. */
type Player = (from: number, to: number) => Promise<number>;

async function player(s: CostSetup, rules: ReturnType<typeof resolveRules>): Promise<Player> {
  if (s.sketch) {
    const sketch = new ClassicSketch(rules.players, rules.roles[Role.Mafia]!, rules.options['limits.maxDays']);
    return countTown((k) => sketch.play(1, k));
  }
  if (entry) return bundlePlayer(entry, rules, s.agents);
  const provider = await createProvider(parseAgents(s.agents), rules);
  const game = new Game(rules);
  return countTown((k) => game.play(1, k, provider));
}

function countTown(play: (k: number) => number): Player {
  return async (from, to) => {
    let town = 0;
    for (let k = from; k < to; k++) if (play(k) === 0) town++;
    return town;
  };
}

/** The product's way: a range of games in one call of the worker's entry (the wire's canonical rules), Town's wins read from its tally. */
async function bundlePlayer(e: NonNullable<typeof entry>, rules: ReturnType<typeof resolveRules>, agents: string): Promise<Player> {
  const variants = [{ rules: rules.canonical, rulesHash: rules.hash, preset: rules.preset, agents }];
  await e.preparePlayers(variants);
  return async (from, to) => {
    const reply = await e.runBatch({ variants, seed: 1, from, to, attempt: 0 });
    if ('failure' in reply) throw new Error(reply.failure.message);
    return reply.tally.aggregates[0]!.outcomes.town;
  };
}
