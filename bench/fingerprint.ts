// `node dist/bench/fingerprint.js [DIR]`: a hash of the full event logs of a
// fixed set of setups (presets, table sizes, the records' rules file, every
// player profile), one line per setup. Speed work must leave every line as it
// was: save the output of the tree before a change and diff after it (DIR:
// another checkout's root, to fingerprint its build instead of this one).
// A measuring tool, not a test: it prints, it asserts nothing.

import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoggedEvent } from '../src/engine/events.js';
import type { RulesDoc } from '../src/engine/rules.js';

const root = resolve(process.argv[2] ?? fileURLToPath(new URL('../..', import.meta.url)));
const load = (path: string): Promise<Record<string, unknown>> => import(join(root, 'dist', path));

type Setup = readonly [rules: string | RulesDoc, overrides: { players?: number; mafia?: number }, agents: string, games: number];
const SETUPS: readonly Setup[] = [
  ['club', {}, 'club', 3000],
  ['classic', { players: 12, mafia: 3 }, 'random', 20000],
  ['classic', {}, 'club', 3000],
  ['forum', { players: 12 }, 'club', 2000],
  ['forum', { players: 16 }, 'club', 1000],
  ['forum', { players: 48 }, 'club', 60],
  ['rules/mafia-allstars.yaml', {}, 'club', 2000],
  ['club', {}, 'random', 5000],
  ['forum', {}, 'random', 3000],
  ['club', {}, 'novice', 2000],
  ['club', {}, 'expert', 2000],
  ['forum', { players: 24 }, 'expert', 300],
  ['forum', { players: 24 }, 'novice', 300],
  // Players who observe nothing through the vote's other paths: nominations and the lift-all vote, removals for missed votes before a revote, the hammer's speech.
  ['sports', {}, 'random', 3000],
  [{ preset: 'club', options: { 'inactivity.missRate': 0.2, 'inactivity.maxMisses': 1, 'vote.tie': 'revote-then-vote-all', 'vote.hammerSpeech': true } }, {}, 'random', 3000],
];

// Loaded from the fingerprinted tree's build, so its types are taken from this one's.
const { Game } = (await load('src/engine/game.js')) as typeof import('../src/engine/game.js');
const { resolveRules } = (await load('src/engine/rules.js')) as typeof import('../src/engine/rules.js');
const { createProvider, parseAgents } = (await load('src/agents/index.js')) as typeof import('../src/agents/index.js');
const { loadRulesDoc } = (await load('src/cli/rulesSource.js')) as typeof import('../src/cli/rulesSource.js');

for (const [name, overrides, agents, games] of SETUPS) {
  const rules = resolveRules(typeof name === 'string' && name.endsWith('.yaml') ? loadRulesDoc(join(root, name)) : name, overrides);
  const provider = await createProvider(parseAgents(agents), rules);
  const game = new Game(rules);
  const logged = createHash('sha256');
  for (let k = 0; k < games; k++) {
    const log: LoggedEvent[] = [];
    const outcome = game.play(7, k, provider, { log });
    logged.update(JSON.stringify(log));
    logged.update(String(outcome));
  }
  // The same games without a log: a path taken only when logging must not change them.
  const unlogged = createHash('sha256');
  for (let k = 0; k < games; k++) unlogged.update(`${game.play(7, k, provider)}${game.table.day},${game.table.aliveCount}`);
  const label = `${typeof name === 'string' ? name : JSON.stringify(name)} ${JSON.stringify(overrides)} ${agents} ${games}`;
  process.stdout.write(`${label}: ${logged.digest('hex').slice(0, 16)} ${unlogged.digest('hex').slice(0, 16)}\n`);
}
