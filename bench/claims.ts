// `node dist/bench/claims.js [--games N] [--seed S] [DIR]`: over N games of
// each setup below, the share of games with a claim the whole table can
// disprove (bench/claimCheck.ts), and the share of games in which a player
// such a claim called Black is lynched that day (issue 18, point 1). DIR:
// another checkout's root, to measure its build instead of this one. A
// measuring tool: it prints, it asserts nothing (the test is
// test/agents/claims.test.ts).

import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoggedEvent } from '../src/engine/events.js';
import type { ClaimCount } from './claimCheck.js';

const args = process.argv.slice(2);
const flag = (name: string, fallback: number): number => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args.splice(i, 2)[1]) : fallback;
};
const games = flag('--games', 2000);
const seed = flag('--seed', 1);
const root = resolve(args[0] ?? fileURLToPath(new URL('../..', import.meta.url)));
const load = (path: string): Promise<Record<string, unknown>> => import(join(root, 'dist', path));

const SETUPS: readonly (readonly [rules: string, set: readonly string[]])[] = [
  ['classic', []],
  ['club', ['revealOnDeath=true']],
  ['rules/mafia-allstars.yaml', []],
  ['club', []],
  ['forum', []],
];

const { Game } = (await load('src/engine/game.js')) as typeof import('../src/engine/game.js');
const { resolveRules } = (await load('src/engine/rules.js')) as typeof import('../src/engine/rules.js');
const { createProvider, parseAgents } = (await load('src/agents/index.js')) as typeof import('../src/agents/index.js');
const { loadRulesDoc } = (await load('src/cli/rulesSource.js')) as typeof import('../src/cli/rulesSource.js');
const { judgeGame } = await import('./claimCheck.js');

const pct = (k: number, n: number): string => `${((100 * k) / Math.max(1, n)).toFixed(1)}%`;
for (const [name, set] of SETUPS) {
  const rules = resolveRules(name.endsWith('.yaml') ? loadRulesDoc(join(root, name)) : name, { set });
  const provider = await createProvider(parseAgents('club'), rules);
  const game = new Game(rules);
  const count: ClaimCount = { gamesWithImpossible: 0, gamesLynchedOnOne: 0, impossibleClaims: 0, gamesWithImpossibleRole: 0 };
  for (let k = 0; k < games; k++) {
    const log: LoggedEvent[] = [];
    game.play(seed, k, provider, { log });
    judgeGame(rules, log, count);
  }
  const label = `${name}${set.length ? ` --set ${set.join(' ')}` : ''}`;
  process.stdout.write(
    `${label}: ${games} games; impossible claims in ${pct(count.gamesWithImpossible, games)} of games (${count.impossibleClaims} claims; an impossible role claim in ${pct(count.gamesWithImpossibleRole, games)}); ` +
      `the named player lynched that day in ${pct(count.gamesLynchedOnOne, games)} of games, ${pct(count.gamesLynchedOnOne, count.gamesWithImpossible)} of those\n`,
  );
}
