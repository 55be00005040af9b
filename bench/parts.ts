// `node dist/bench/parts.js [DIR] [part ...]`: machine instructions per call
// of parts of the engine, counted by valgrind as instructions.js counts
// games: `start` (Table.start of a classic 12/3 game, random players),
// `vote` (one collectVotes at 12 living, random players) and `vote-plumbing`
// (the same vote, every player answering his first option without a draw:
// what the engine itself costs a vote). Each part is run in two processes,
// of 3C and 15C calls (PARTS_CALLS: C, default 4,000), and the figure is the
// difference of the two counts over the 12C calls more: start-up, loading
// and the first compilations cancel. DIR: another checkout's root, whose
// build is measured (A/B). A measuring tool, not a test: it prints, it
// asserts nothing.

import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Agent, AgentProvider } from '../src/engine/agent.js';
import { takeTreeArg } from './costSetups.js';
import { countInstructions, valgrindVersion } from './valgrind.js';

const PARTS = ['start', 'vote', 'vote-plumbing'] as const;
type Part = (typeof PARTS)[number];

const args = process.argv.slice(2);
const dirArg = takeTreeArg(args);
const root = resolve(dirArg ?? fileURLToPath(new URL('../..', import.meta.url)));
const childCalls = process.env['PARTS_RUN'];

if (childCalls !== undefined) await runPart(args[0] as Part, Number(childCalls));
else countParts(args.length === 0 ? [...PARTS] : args);

/** Parent: counts each part twice under valgrind and prints the difference per call. */
function countParts(parts: readonly string[]): void {
  const bad = parts.find((p) => !(PARTS as readonly string[]).includes(p));
  if (bad !== undefined) {
    process.stderr.write(`parts: unknown part ${bad}: use ${PARTS.join(', ')}\n`);
    process.exit(1);
  }
  const calls = Number(process.env['PARTS_CALLS'] ?? 4000);
  const script = fileURLToPath(import.meta.url);
  process.stdout.write(`${valgrindVersion('parts', 'cost.js for CPU time')}, node ${process.version}, ${dirArg ?? 'this tree'}\n`);
  for (const part of parts) {
    const run = (c: number): number => countInstructions(script, [...(dirArg === null ? [] : [dirArg]), part], { PARTS_RUN: String(c) }, part);
    const perCall = (run(5 * calls) - run(calls)) / (3 * 4 * calls);
    process.stdout.write(`${part}: ${Math.round(perCall).toLocaleString('en-US')} instructions/call (${3 * calls} and ${15 * calls} calls)\n`);
  }
}

/** Child: 3 * calls calls of the part, on the measured tree's build. */
async function runPart(part: Part, calls: number): Promise<void> {
  const load = (path: string): Promise<Record<string, unknown>> => import(join(root, 'dist', path));
  const { Game } = (await load('src/engine/game.js')) as typeof import('../src/engine/game.js');
  const { Ballot, collectVotes } = (await load('src/engine/day.js')) as typeof import('../src/engine/day.js');
  const { resolveRules } = (await load('src/engine/rules.js')) as typeof import('../src/engine/rules.js');
  const { RandomProvider } = (await load('src/agents/random.js')) as typeof import('../src/agents/random.js');
  const rules = resolveRules('classic', { players: 12, mafia: 3 });
  const first: Agent = { begin: () => undefined, choose: (_v, d) => d.options[0]! };
  const provider: AgentProvider = part === 'vote-plumbing' ? { agentFor: () => first } : new RandomProvider();
  const t = new Game(rules).table;
  const ballot = new Ballot(rules.players);
  t.start(1, 0, provider, null);
  const call = part === 'start' ? (k: number) => t.start(1, k, provider, null) : () => collectVotes(t, ballot);
  for (let k = 0; k < 3 * calls; k++) call(k);
}
