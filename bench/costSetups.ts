// The setups cost.js measures and instructions.js counts, and the command
// line both read: one table, so the two tools always name and play the same
// games.

import { existsSync } from 'node:fs';
import { join } from 'node:path';

export interface CostSetup {
  readonly name: string;
  readonly rules: string;
  readonly players?: number;
  readonly mafia?: number;
  readonly agents: string;
  /** Games measured (as many again are played first to warm up). */
  readonly games: number;
  /** Played by the hand-written classic game (classicSketch.ts) instead of the engine: the floor under classic-random. */
  readonly sketch?: boolean;
}

export const COST_SETUPS: readonly CostSetup[] = [
  { name: 'club', rules: 'club', agents: 'club', games: 40_000 },
  { name: 'classic-random', rules: 'classic', players: 12, mafia: 3, agents: 'random', games: 600_000 },
  // The same games without the engine: what the rules themselves cost (bench/classicSketch.ts).
  { name: 'classic-sketch', rules: 'classic', players: 12, mafia: 3, agents: 'random', games: 600_000, sketch: true },
  // The engine alone on the club's rules (random players neither observe nor read): the floor under a club game.
  { name: 'club-random', rules: 'club', agents: 'random', games: 300_000 },
  { name: 'forum12', rules: 'forum', players: 12, agents: 'club', games: 30_000 },
  { name: 'forum48', rules: 'forum', players: 48, agents: 'club', games: 1_200 },
  { name: 'forum96', rules: 'forum', players: 96, agents: 'club', games: 200 },
  { name: 'allstars', rules: 'rules/mafia-allstars.yaml', agents: 'club', games: 30_000 },
];

/** The setups named in `names` (all when none): a name given whole picks that row alone, any other picks the rows it is part of. */
export function chooseSetups(names: readonly string[]): CostSetup[] {
  const picks = (s: CostSetup, a: string): boolean => (COST_SETUPS.some((x) => x.name === a) ? s.name === a : s.name.includes(a));
  return COST_SETUPS.filter((s) => names.length === 0 || names.some((a) => picks(s, a)));
}

/** A leading argument that is another checkout's root (it has a dist/), taken off `args`; null when the first argument is not one. */
export function takeTreeArg(args: string[]): string | null {
  return args.length > 0 && existsSync(join(args[0]!, 'dist')) ? args.shift()! : null;
}
