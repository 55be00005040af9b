// The balance search: K candidate setups race towards a target win rate.
// Every still-open candidate plays the same next slice of game indices (so
// all comparisons use common seeds); after each look, a candidate whose rate
// is surely farther from the target than some other candidate's is dropped,
// so the games go where the answer is still open. The schedule of looks is
// fixed in advance, which is what makes the stated confidence exact: one
// union bound over candidates x looks x sides (see README.md (Balancing)).

import { distanceBounds, klBounds, type Bounds } from './bounds.js';

/** Where a race gets its results: the chosen team's wins in games [from, to) of each listed candidate. */
export interface WinSource {
  play(candidates: readonly number[], from: number, to: number): Promise<readonly number[]> | readonly number[];
}

export interface RaceConfig {
  readonly candidates: number;
  readonly target: number;
  /** Chance that the race drops the true best candidate (or declares a wrong one decided). */
  readonly alpha: number;
  /** Games over all candidates; the race stops when the next look would not fit. */
  readonly budget: number;
  /** Games per candidate at the first look. */
  readonly firstLook: number;
  /** Each look plays this many times the games of the one before. */
  readonly growth: number;
}

export const RACE_DEFAULTS = { alpha: 0.05, budget: 200_000, firstLook: 1000, growth: 2 } as const;

export type CandidateStatus = 'best' | 'open' | 'dropped';

export interface CandidateResult {
  readonly index: number;
  readonly games: number;
  readonly wins: number;
  readonly status: CandidateStatus;
  /** The look (1-based) at which it was dropped. */
  readonly droppedAt?: number;
  /** Simultaneous bounds on the rate at the race's alpha, from its final counts. */
  readonly bounds: Bounds;
}

export interface LookRecord {
  /** Games per open candidate after this look. */
  readonly games: number;
  readonly open: readonly number[];
  readonly dropped: readonly number[];
  readonly spent: number;
}

export interface RaceResult {
  readonly candidates: readonly CandidateResult[];
  /** The recommendation: the only survivor, or the open candidate nearest the target. */
  readonly best: number;
  /** One candidate left: it is the nearest to the target with probability >= 1 - alpha. */
  readonly decided: boolean;
  /** The highest confidence at which the final counts single out `best` (same union bound); 0 if none. */
  readonly confidence: number;
  readonly looks: readonly LookRecord[];
  readonly spent: number;
  /** Looks the schedule allows: the size of the union bound. */
  readonly plannedLooks: number;
  /** The error probability given to each one-sided bound: alpha / (2 x candidates x plannedLooks). */
  readonly deltaPerSide: number;
}

/** Games per candidate at each look: firstLook, then x growth, rounded up, never above cap. */
export function lookSchedule(firstLook: number, growth: number, cap: number): number[] {
  const out: number[] = [];
  for (let n = firstLook; n <= cap; n = Math.max(n + 1, Math.ceil(n * growth))) out.push(n);
  return out;
}

/** Checks a race config; returns the reason it cannot run, or null. */
export function raceConfigProblem(c: RaceConfig): string | null {
  if (!(c.candidates >= 1)) return 'there must be at least one candidate';
  if (!(c.alpha > 0 && c.alpha < 1)) return 'alpha must be between 0 and 1';
  if (!(c.growth > 1)) return 'growth must be above 1';
  if (!(c.firstLook >= 1)) return 'the first look needs at least one game';
  if (c.candidates * c.firstLook > c.budget) {
    return `the budget of ${c.budget} games cannot pay the first look (${c.candidates} candidates x ${c.firstLook} games); raise the budget to ${c.candidates * c.firstLook} or more`;
  }
  return null;
}

/** `onLook` sees each look as it ends (for progress lines); it cannot change the race. */
export async function race(config: RaceConfig, source: WinSource, onLook?: (look: LookRecord, index: number) => void): Promise<RaceResult> {
  const problem = raceConfigProblem(config);
  if (problem) throw new Error(`race: ${problem}`);
  const k = config.candidates;
  const schedule = k === 1 ? [config.firstLook] : lookSchedule(config.firstLook, config.growth, Math.floor(config.budget / 2));
  const delta = config.alpha / (2 * k * schedule.length);
  const games = new Array<number>(k).fill(0);
  const wins = new Array<number>(k).fill(0);
  const droppedAt = new Array<number | undefined>(k).fill(undefined);
  let open = Array.from({ length: k }, (_, i) => i);
  const looks: LookRecord[] = [];
  let spent = 0;
  let played = 0;
  for (const n of schedule) {
    const cost = open.length * (n - played);
    if (cost > config.budget - spent) break;
    const got = await source.play(open, played, n);
    open.forEach((c, i) => {
      wins[c]! += got[i]!;
      games[c] = n;
    });
    spent += cost;
    played = n;
    const dropped = candidatesToDrop(open, wins, games, config.target, delta);
    for (const c of dropped) droppedAt[c] = looks.length + 1;
    open = open.filter((c) => !dropped.includes(c));
    looks.push({ games: n, open: open.slice(), dropped, spent });
    onLook?.(looks[looks.length - 1]!, looks.length);
    if (open.length === 1) break;
  }
  const best = nearestOpen(open, wins, games, config.target);
  const decided = open.length === 1;
  const counts = games.map((g, i) => ({ wins: wins[i]!, games: g }));
  const candidates = counts.map((c, i): CandidateResult => ({
    index: i,
    games: c.games,
    wins: c.wins,
    status: i === best && decided ? 'best' : droppedAt[i] !== undefined ? 'dropped' : 'open',
    ...(droppedAt[i] !== undefined ? { droppedAt: droppedAt[i] } : {}),
    bounds: klBounds(c.wins, c.games, delta),
  }));
  return {
    candidates,
    best,
    decided,
    confidence: separationConfidence(counts, best, config.target, k * schedule.length),
    looks,
    spent,
    plannedLooks: schedule.length,
    deltaPerSide: delta,
  };
}

/** Open candidates whose distance to the target is surely above some open candidate's. */
export function candidatesToDrop(open: readonly number[], wins: readonly number[], games: readonly number[], target: number, delta: number): number[] {
  const dist = open.map((c) => distanceBounds(klBounds(wins[c]!, games[c]!, delta), target));
  const bestHi = Math.min(...dist.map((d) => d.hi));
  return open.filter((_, i) => dist[i]!.lo > bestHi);
}

function nearestOpen(open: readonly number[], wins: readonly number[], games: readonly number[], target: number): number {
  let best = open[0]!;
  for (const c of open) {
    if (Math.abs(wins[c]! / games[c]! - target) < Math.abs(wins[best]! / games[best]! - target)) best = c;
  }
  return best;
}

/**
 * 1 - (the smallest alpha at which every other candidate's distance is surely
 * above `best`'s), with the race's union bound over `bonferroni` intervals
 * per side. Found by bisection on log(alpha); separation only gets easier as
 * alpha grows, so the answer is well defined.
 */
export function separationConfidence(counts: ReadonlyArray<{ wins: number; games: number }>, best: number, target: number, bonferroni: number): number {
  if (counts.length === 1) return 1;
  const separated = (alpha: number): boolean => {
    const delta = alpha / (2 * bonferroni);
    const d = counts.map((c) => distanceBounds(klBounds(c.wins, c.games, delta), target));
    return d.every((x, i) => i === best || x.lo > d[best]!.hi);
  };
  if (!separated(1)) return 0;
  let lo = -15; // log10(alpha) where separation is assumed to fail
  let hi = 0;
  if (separated(10 ** lo)) return 1 - 10 ** lo;
  for (let i = 0; i < 50; i++) {
    const mid = (lo + hi) / 2;
    if (separated(10 ** mid)) hi = mid;
    else lo = mid;
  }
  return 1 - 10 ** hi;
}
