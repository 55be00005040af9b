// `node dist/bench/voteShape.js RULES [--games N] [--seed S] [--agents TEXT]`:
// the shape of the day votes of simulated games, per vote day (1st, 2nd,
// 3rd and later day with a vote): mean share of the votes on the lynched
// (with quartiles), distinct candidates, unanimous days, non-voters, days
// without a lynch, and mafia votes on a partner. The mturk-mafia records'
// figures (README of ../shared/records) are what a human table shows.
//
// TEMPORARY (issue 18.2): a small measuring tool for the players' vote
// shape until the official vote statistics of src/sim/records/stats.ts
// land; it will be superseded by them (same definitions as that README:
// the final round's votes; unanimous = every living player but the target
// on him). A measuring tool, not a test: the test of the shape is
// test/agents/voteShape.test.ts, which uses `voteShapeOf`.

import { pathToFileURL } from 'node:url';
import { createProvider, parseAgents } from '../src/agents/index.js';
import { NONE } from '../src/engine/agent.js';
import type { LoggedEvent } from '../src/engine/events.js';
import { Game } from '../src/engine/game.js';
import { Team } from '../src/engine/roles.js';
import type { Rules } from '../src/engine/rules.js';
import { loadRules } from '../src/cli/rulesSource.js';

/** Vote-day buckets: the 1st, 2nd, and 3rd-or-later day with a vote. */
export const BUCKETS = ['day1', 'day2', 'day3+'] as const;
export type Bucket = (typeof BUCKETS)[number];

export interface DayShape {
  /** Days with a vote. */
  days: number;
  /** Days with a lynch; their share of votes on the lynched and distinct candidates (as the records, which always lynch). */
  lynchDays: number;
  shares: number[];
  candidates: number;
  unanimous: number;
  livingAtVote: number;
  nonVoters: number;
  noLynch: number;
  mafiaVotes: number;
  partnerVotes: number;
}

export type VoteShape = Record<Bucket, DayShape>;

function emptyDay(): DayShape {
  return { days: 0, lynchDays: 0, shares: [], candidates: 0, unanimous: 0, livingAtVote: 0, nonVoters: 0, noLynch: 0, mafiaVotes: 0, partnerVotes: 0 };
}

export function emptyShape(): VoteShape {
  return { day1: emptyDay(), day2: emptyDay(), 'day3+': emptyDay() };
}

interface OneVote {
  voter: number;
  target: number;
  round: number;
  cast: boolean;
}

/** Adds one game's log to `shape`. */
export function addGame(shape: VoteShape, log: readonly LoggedEvent[]): void {
  let team: Team[] = [];
  let alive: boolean[] = [];
  let voteDays = 0;
  let votes: OneVote[] = [];
  let living = 0;
  const close = (lynched: number): void => {
    if (votes.length === 0 && lynched < 0) return;
    const lastRound = votes.reduce((m, v) => Math.max(m, v.round), 0);
    const final = votes.filter((v) => v.round === lastRound && v.cast);
    const day = shape[BUCKETS[Math.min(voteDays, 2)]!];
    voteDays++;
    day.days++;
    day.livingAtVote += living;
    day.nonVoters += living - final.length;
    for (const v of final) {
      if (team[v.voter] !== Team.Mafia || v.target === NONE) continue;
      day.mafiaVotes++;
      if (team[v.target] === Team.Mafia) day.partnerVotes++;
    }
    if (lynched < 0) day.noLynch++;
    else {
      const on = final.filter((v) => v.target === lynched).length;
      day.lynchDays++;
      day.candidates += new Set(final.filter((v) => v.target !== NONE).map((v) => v.target)).size;
      day.shares.push(final.length > 0 ? on / final.length : 0);
      if (on === living - 1) day.unanimous++;
    }
    votes = [];
  };
  for (const { event: e } of log) {
    switch (e.type) {
      case 'deal':
        team = e.roles.map(() => Team.Town);
        alive = e.roles.map(() => true);
        break;
      case 'mates':
        for (const s of e.seats) team[s] = Team.Mafia;
        break;
      case 'phase':
        living = alive.filter(Boolean).length;
        break;
      case 'vote':
        votes.push({ voter: e.voter, target: e.target, round: e.round, cast: e.missed !== true && e.abstained !== true });
        break;
      case 'lynch':
        close(e.target);
        break;
      case 'no-lynch':
        close(-1);
        break;
      case 'death':
        alive[e.seat] = false;
        break;
      default:
        break;
    }
  }
}

/** The vote shape of games [0, games) of (rules, agents, seed). */
export async function voteShapeOf(rules: Rules, agents: string, seed: number, games: number): Promise<VoteShape> {
  const provider = await createProvider(parseAgents(agents), rules);
  const game = new Game(rules);
  const shape = emptyShape();
  const log: LoggedEvent[] = [];
  for (let k = 0; k < games; k++) {
    log.length = 0;
    game.play(seed, k, provider, { log });
    addGame(shape, log);
  }
  return shape;
}

export function meanShare(d: DayShape): number {
  return d.shares.reduce((a, b) => a + b, 0) / Math.max(1, d.shares.length);
}

function quartiles(xs: readonly number[]): [number, number, number] {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number): number => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
  return [at(0.25), at(0.5), at(0.75)];
}

export function formatShape(shape: VoteShape): string {
  const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
  const lines = ['vote day  days  share on lynched (q1/q2/q3)   candidates  unanimous  non-voters  no lynch  mafia on partner'];
  for (const b of BUCKETS) {
    const d = shape[b];
    if (d.days === 0) continue;
    const [q1, q2, q3] = quartiles(d.shares);
    lines.push(
      `${b.padEnd(8)}  ${String(d.days).padStart(4)}  ${meanShare(d).toFixed(3)} (${q1.toFixed(2)}/${q2.toFixed(2)}/${q3.toFixed(2)})`.padEnd(45) +
        `${(d.candidates / Math.max(1, d.lynchDays)).toFixed(2).padStart(10)}  ${pct(d.unanimous / Math.max(1, d.lynchDays)).padStart(9)}  ${pct(d.nonVoters / Math.max(1, d.livingAtVote)).padStart(10)}  ${pct(d.noLynch / d.days).padStart(8)}  ${d.partnerVotes}/${d.mafiaVotes}`,
    );
  }
  return lines.join('\n');
}

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rulesArg = process.argv[2] ?? 'club';
  const rules = loadRules({ rules: rulesArg, set: process.argv.includes('--set') ? [arg('set', '')] : [] });
  const agents = arg('agents', 'club');
  const games = Number(arg('games', '4000'));
  const seed = Number(arg('seed', '1'));
  process.stdout.write(`${rulesArg}, agents ${agents}, ${games} games, seed ${seed}\n${formatShape(await voteShapeOf(rules, agents, seed, games))}\n`);
}
