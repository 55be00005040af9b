// The equilibrium of a setup in real games (issue 20): the reusable entry
// point behind `equilibrium` (and the `--adapt` studies built on it). Rules
// and starting players in; the double-oracle search (equilibrium.ts) on the
// search games, then on games it never played the value of the mixtures it
// found (each game draws each team's strategy from its mixture, mixture.ts),
// the value with the starting players, and each team's exploitability: the
// gain of a fresh best reply to the other team's mixture, the best of
// several compass searches over all of the team's strategy parameters. Such
// a gain is a lower bound on what a best reply could gain (within the
// player model: only the bots' parameters are searched), and its interval's
// upper end is what the report quotes.
//
// Games of the seed: search [0, G); held-out tests [G, G + T); the
// exploitability searches' own training [G + T, 2G + T). A loner Maniac keeps
// his starting profile throughout (he is part of the setup, not a player of
// the meta-game); draws, timeouts and his wins are a half to each team.

import { parseAgents, withoutMixture } from '../../agents/spec.js';
import { profileParams, type SkillProfile } from '../../agents/params.js';
import { strategySpace, type StrategyParam } from '../../agents/strategy.js';
import { OUTCOME_NAMES, type OutcomeName } from '../../engine/events.js';
import { Sfc32 } from '../../engine/rng.js';
import type { Rules } from '../../engine/rules.js';
import { RunInterrupted, SimInputError } from '../errors.js';
import { Z95, wilson } from '../precision.js';
import { pairIndex, runGames, type RunResult } from '../run.js';
import { searchEquilibrium, searchReply, type BestReply, type Contest, type ContestPlayer, type EquilibriumSearchResult, type IterationRecord, type Mixture, type StoppedBy } from './equilibrium.js';
import { pairedScore, scoreSum, type ScoreDifference, type ScoringTeam } from './score.js';
import { clampParam, paramValue, roundParam, startPointOf, TUNE_DEFAULTS, type Point, type TuneConfig, type TuneParam } from './tune.js';

export const EQUILIBRIUM_DEFAULTS = {
  games: 2000,
  testGames: 20_000,
  iterations: 8,
  epsilon: 0.01,
  budget: 12_000_000,
  searchRounds: 4,
  exploitSearches: 3,
} as const;

/** How much the search and its tests may play. */
export interface EquilibriumBudgets {
  /** Search games per contest: games [0, games) of the seed. */
  readonly games: number;
  /** Held-out games for the value, the start and the exploitability gains. */
  readonly testGames: number;
  readonly iterations: number;
  readonly epsilon: number;
  /** Games the search may play (the held-out tests and exploitability searches come on top). */
  readonly budget: number;
  /** Rounds of each compass search. */
  readonly searchRounds: number;
  /** Best-reply searches per team for its exploitability (at least 3). */
  readonly exploitSearches: number;
}

export interface EquilibriumRequest extends EquilibriumBudgets {
  readonly rules: Rules;
  /** Canonical agents text: the table's skill, the starting strategies (a saved mixture's strategies start the search), the loner Maniac. */
  readonly agents: string;
  readonly seed: number;
  /** Each team's strategy parameters; default: those some seat of the rules reads (agents/strategy.ts). */
  readonly params?: { readonly town?: readonly StrategyParam[]; readonly mafia?: readonly StrategyParam[] };
  readonly threads?: number;
  /** Stops the search: what was found is kept, and the held-out value is still measured (exploitability is not). */
  readonly signal?: AbortSignal;
  readonly onProgress?: (p: EquilibriumProgress) => void;
}

export type EquilibriumProgress =
  | { readonly phase: 'search'; readonly team: ScoringTeam; readonly round: number; readonly points: number }
  | { readonly phase: 'iteration'; readonly record: IterationRecord }
  | { readonly phase: 'exploit'; readonly team: ScoringTeam; readonly search: number; readonly of: number; readonly round: number; readonly points: number }
  | { readonly phase: 'test'; readonly games: number };

export interface RateWithInterval {
  readonly rate: number;
  readonly lo: number;
  readonly hi: number;
}

/** Every outcome's rate with its 95% Wilson interval, and Town's score (win + half of the games neither team won) with its 95% interval. */
export type SetupValue = Readonly<Record<OutcomeName, RateWithInterval>> & { readonly score: RateWithInterval };

export interface Exploitability {
  /** Mean gain in the team's score of its best reply found, on the held-out games, and the 95% interval's ends. */
  readonly gain: number;
  readonly lo: number;
  readonly hi: number;
  /** The best reply (the search of best training score) and each search's training gain over the mixture. */
  readonly reply: Point;
  readonly searches: readonly { readonly start: string; readonly trainingGain: number; readonly points: number }[];
}

export interface WeightedStrategy {
  readonly weight: number;
  readonly point: Point;
}

export interface EquilibriumReport {
  /** The mixtures found, played per game on the held-out games. */
  readonly value: SetupValue;
  /** The starting players on the same games. */
  readonly start: SetupValue;
  /** Null when the search was interrupted (no best replies were sought on fresh games). */
  readonly exploitability: { readonly town: Exploitability; readonly mafia: Exploitability } | null;
  readonly strategies: { readonly town: readonly WeightedStrategy[]; readonly mafia: readonly WeightedStrategy[] };
  /** The `--agents` text that plays the mixtures. */
  readonly agents: string;
  readonly params: { readonly town: readonly StrategyParam[]; readonly mafia: readonly StrategyParam[] };
  readonly history: readonly IterationRecord[];
  /** Town's score for each pair of strategies found, on the search games (rows Town). */
  readonly matrix: readonly (readonly number[])[];
  /** The meta-game's value on the search games. */
  readonly searchValue: number;
  readonly iterations: number;
  /** Games played in all: search, held-out tests and exploitability searches. */
  readonly games: number;
  readonly searchGames: number;
  readonly stoppedBy: StoppedBy;
  readonly elapsedMs: number;
  /** The held-out games' run (variants: adapted, start, then each team's best reply), for a report's standard tables. */
  readonly heldOut: RunResult;
}

export async function findEquilibrium(req: EquilibriumRequest): Promise<EquilibriumReport> {
  const started = performance.now();
  const spec = parseAgents(req.agents);
  const base = withoutMixture(spec);
  const params = { town: req.params?.town ?? strategySpace(req.rules, 'town'), mafia: req.params?.mafia ?? strategySpace(req.rules, 'mafia') };
  for (const team of ['town', 'mafia'] as const) {
    if (params[team].length === 0) throw new SimInputError('--rules', `no strategy parameter of ${team} is read in this setup, so it has nothing to adapt`);
  }
  const tuneParams = { town: startingParams(spec, 'town', params.town), mafia: startingParams(spec, 'mafia', params.mafia) };
  // Wider first steps than tune's, growing on a move: a reply often lies at the end of a mixing weight's range.
  const search = { ...TUNE_DEFAULTS, iterations: req.searchRounds, firstStep: 0.25, expand: true };
  const player = contestPlayer(req, base, 0, req.games, req.games);
  const result = await searchEquilibrium(
    {
      ...tuneParams,
      initial: initialStrategies(spec, tuneParams),
      iterations: req.iterations,
      epsilon: req.epsilon,
      budget: req.budget,
      search,
      restarts: (team, iteration) => [startPointOf(tuneParams[team]), restartPoint(req.seed, tuneParams[team], team, iteration)],
      onIteration: (record) => req.onProgress?.({ phase: 'iteration', record }),
      onRound: (team, round, points) => req.onProgress?.({ phase: 'search', team, round, points }),
    },
    player,
  );
  const strategies = weightedStrategies(result);
  const agents = mixtureAgents(base, strategies);
  const interrupted = result.stoppedBy === 'interrupted';
  const exploitGames = { n: 0 };
  const replies = interrupted ? null : await exploitSearches(req, base, tuneParams, strategies, search, exploitGames);
  req.onProgress?.({ phase: 'test', games: req.testGames });
  const test = await heldOut(req, agents, base, strategies, replies);
  const testGames = test.games * (replies ? 4 : 2);
  return {
    value: setupValue(test, 0),
    start: setupValue(test, 1),
    exploitability: replies ? { town: exploitOf('town', test, 2, replies.town), mafia: exploitOf('mafia', test, 3, replies.mafia) } : null,
    strategies,
    agents,
    params,
    history: result.history,
    matrix: result.matrix,
    searchValue: result.solution.value,
    iterations: result.iterations,
    games: result.games + exploitGames.n + testGames,
    searchGames: result.games,
    stoppedBy: result.stoppedBy,
    elapsedMs: performance.now() - started,
    heldOut: test,
  };
}

/** Each team's strategy parameters with their starting values: the team's profile (or club, for a module) and the overrides for everyone and for the team. */
function startingParams(spec: ReturnType<typeof parseAgents>, team: ScoringTeam, space: readonly StrategyParam[]): TuneParam[] {
  const a = spec.assignments.get(team);
  const profile = a?.kind === 'profile' ? a.profile : spec.base;
  if (profile === 'random') throw new SimInputError('--agents', `${team} plays the random profile, which has no strategy to adapt; give both teams a profile that has, e.g. --agents club (or novice, expert)`);
  const overrides = new Map<string, number>();
  for (const s of ['', team]) for (const o of spec.params) if (o.scope === s) overrides.set(o.key, o.value);
  const values = profileParams(profile as SkillProfile, overrides);
  return space.map((p) => ({ key: p.key, min: p.min, max: p.max, whole: p.whole, start: clampParam(p, values[p.key]!) }));
}

/** A saved mixture's strategies start the search (each completed with the team's starting values, and held as the search holds a point: a count whole); else the starting values alone. */
function initialStrategies(spec: ReturnType<typeof parseAgents>, params: Readonly<Record<ScoringTeam, readonly TuneParam[]>>): Record<ScoringTeam, Point[]> {
  const of = (team: ScoringTeam): Point[] => {
    const start = startPointOf(params[team]);
    const parts = spec.mixture.get(team) ?? [];
    if (parts.length === 0) return [start];
    return parts.map((c) => Object.fromEntries(params[team].map((p) => [p.key, clampParam(p, c.params.get(p.key) ?? start[p.key]!)])));
  };
  return { town: of('town'), mafia: of('mafia') };
}

/** A team's strategy as an agents item: weight w, its parameters in brackets. */
function component(team: ScoringTeam, weight: number, p: Point): string {
  return `${team}@${roundParam(weight)}[${Object.entries(p).map(([k, v]) => `${k}=${roundParam(v)}`).join(';')}]`;
}

function contestAgents(base: string, c: Contest): string {
  return parseAgents([base, component('town', 1, c.town), component('mafia', 1, c.mafia)].join(',')).canonical;
}

/** Plays contests on games [from, to) of a run of `total` games, with Town's scores and paired differences. */
function contestPlayer(req: EquilibriumRequest, base: string, from: number, to: number, total: number): ContestPlayer {
  return async (contests) => {
    const variants = contests.map((c, i) => ({ label: `contest ${i}`, rules: req.rules, agents: contestAgents(base, c) }));
    const r = await runGames({ variants, seed: req.seed, games: total, from, to, ...(req.threads ? { threads: req.threads } : {}), ...(req.signal ? { signal: req.signal } : {}) });
    if (!r.complete) throw new RunInterrupted("the equilibrium search's games");
    return contestRun(r, contests.length);
  };
}

function contestRun(r: RunResult, variants: number): ReturnType<ContestPlayer> extends Promise<infer X> ? X : never {
  const n = r.games;
  return {
    games: n,
    score: (i) => scoreSum('town', (o) => r.aggregates[i]!.count(o)) / n,
    diff: (i, j) => {
      if (i === j) return { diff: 0, se: 0 };
      const d = pairedScore('town', r.joint[pairIndex(Math.min(i, j), Math.max(i, j), variants)]!, n);
      return i < j ? d : { ...d, diff: -d.diff };
    },
  };
}

/** The meta-game's mixtures, without the strategies of no weight, weights rounded to six digits (adding up to 1). */
function weightedStrategies(r: EquilibriumSearchResult): EquilibriumReport['strategies'] {
  const of = (points: readonly Point[], weights: readonly number[]): WeightedStrategy[] => {
    const kept = points.map((point, i) => ({ point, weight: weights[i]! })).filter((s) => s.weight > 1e-6);
    const total = kept.reduce((t, s) => t + s.weight, 0);
    const rounded = kept.map((s) => ({ point: s.point, weight: roundParam(s.weight / total) }));
    // The rounding's remainder goes to the heaviest, so the written weights add up to 1 to six digits.
    const rest = 1 - rounded.reduce((t, s) => t + s.weight, 0);
    const heaviest = rounded.reduce((h, s, i) => (s.weight > rounded[h]!.weight ? i : h), 0);
    return rounded.map((s, i) => (i === heaviest ? { ...s, weight: roundParam(s.weight + rest) } : s));
  };
  return { town: of(r.strategies.town, r.solution.town), mafia: of(r.strategies.mafia, r.solution.mafia) };
}

function mixtureAgents(base: string, s: EquilibriumReport['strategies'], replace?: { team: ScoringTeam; point: Point }): string {
  const items = [base];
  for (const team of ['town', 'mafia'] as const) {
    if (replace?.team === team) items.push(component(team, 1, replace.point));
    else for (const x of s[team]) items.push(component(team, x.weight, x.point));
  }
  return parseAgents(items.join(',')).canonical;
}

const asMixture = (list: readonly WeightedStrategy[]): Mixture => ({ points: list.map((s) => s.point), weights: list.map((s) => s.weight) });

/**
 * Each team's best replies to the other's mixture from several starts (its
 * heaviest strategy found, its starting values, the middle of its ranges,
 * then points drawn from the seed), on games the search never played; the
 * one of best training score is tested on the held-out games.
 */
async function exploitSearches(
  req: EquilibriumRequest,
  base: string,
  params: Readonly<Record<ScoringTeam, readonly TuneParam[]>>,
  found: EquilibriumReport['strategies'],
  search: Omit<TuneConfig, 'params'>,
  count: { n: number },
): Promise<Record<ScoringTeam, { best: BestReply; searches: Exploitability['searches']; opponentScore: number }>> {
  const from = req.games + req.testGames;
  const play = contestPlayer(req, base, from, from + req.games, from + req.games);
  const counting: ContestPlayer = async (contests) => {
    const r = await play(contests);
    count.n += r.games * contests.length;
    return r;
  };
  const out = {} as Record<ScoringTeam, { best: BestReply; searches: Exploitability['searches']; opponentScore: number }>;
  for (const team of ['town', 'mafia'] as const) {
    const opponent = asMixture(found[team === 'town' ? 'mafia' : 'town']);
    const own = found[team];
    const starts = exploitStarts(req, team, params[team], own);
    // The team's own mixture against the opponent's, on the same training games: the gains are over it.
    const mine = await mixtureScore(team, asMixture(own), opponent, counting);
    const replies: BestReply[] = [];
    const searches: { start: string; trainingGain: number; points: number }[] = [];
    for (let k = 0; k < starts.length; k++) {
      const reply = await searchReply(team, params[team], starts[k]!.point, opponent, { search, onRound: (_, round, points) => req.onProgress?.({ phase: 'exploit', team, search: k + 1, of: starts.length, round, points }) }, counting);
      replies.push(reply);
      searches.push({ start: starts[k]!.label, trainingGain: reply.score - mine, points: reply.search.evaluations });
    }
    const best = replies.reduce((b, r) => (r.score > b.score ? r : b));
    out[team] = { best, searches, opponentScore: mine };
  }
  return out;
}

const middleOf = (params: readonly TuneParam[]): Point => Object.fromEntries(params.map((p) => [p.key, paramValue(p, (p.min + p.max) / 2)]));
/** A point drawn uniformly over the ranges, one draw per parameter in order. */
const drawnPoint = (params: readonly TuneParam[], rng: Sfc32): Point => Object.fromEntries(params.map((p) => [p.key, paramValue(p, p.min + rng.next() * (p.max - p.min))]));

/** The last start of each best-reply search: the middle of the ranges first, then points drawn from the seed, iteration by iteration. */
function restartPoint(seed: number, params: readonly TuneParam[], team: ScoringTeam, iteration: number): Point {
  if (iteration === 1) return middleOf(params);
  return drawnPoint(params, new Sfc32(seed, iteration, team === 'town' ? RESTART_STREAM : RESTART_STREAM + 1));
}

/** Streams of the search's own draws (restarts, the exploitability's starts): not a game's. */
const RESTART_STREAM = 0x58000000;

function exploitStarts(req: EquilibriumRequest, team: ScoringTeam, params: readonly TuneParam[], own: readonly WeightedStrategy[]): { label: string; point: Point }[] {
  const heaviest = own.reduce((h, s) => (s.weight > h.weight ? s : h)).point;
  const starts = [
    { label: 'its strategy of most weight', point: heaviest },
    { label: 'its starting values', point: startPointOf(params) },
    { label: 'the middle of its ranges', point: middleOf(params) },
  ];
  const rng = new Sfc32(req.seed, team === 'town' ? 0 : 1, RESTART_STREAM + 2);
  for (let k = starts.length; k < req.exploitSearches; k++) {
    starts.push({ label: `a point drawn from the seed (${k - 2})`, point: drawnPoint(params, rng) });
  }
  return starts;
}

/** The team's expected score with its mixture against the opponent's, on the player's games. */
async function mixtureScore(team: ScoringTeam, own: Mixture, opponent: Mixture, play: ContestPlayer): Promise<number> {
  const contests: Contest[] = [];
  const weights: number[] = [];
  own.points.forEach((p, i) =>
    opponent.points.forEach((q, j) => {
      contests.push(team === 'town' ? { town: p, mafia: q } : { town: q, mafia: p });
      weights.push(own.weights[i]! * opponent.weights[j]!);
    }),
  );
  const r = await play(contests);
  const town = weights.reduce((s, w, c) => s + w * r.score(c), 0);
  return team === 'town' ? town : 1 - town;
}

/** The held-out games: the mixtures, the start, and each team's best reply against the other's mixture. */
async function heldOut(req: EquilibriumRequest, agents: string, base: string, s: EquilibriumReport['strategies'], replies: Awaited<ReturnType<typeof exploitSearches>> | null): Promise<RunResult> {
  const variants = [
    { label: 'adapted', rules: req.rules, agents },
    { label: 'start', rules: req.rules, agents: req.agents },
    ...(replies
      ? (['town', 'mafia'] as const).map((team) => ({ label: `${team}'s best reply`, rules: req.rules, agents: mixtureAgents(base, s, { team, point: replies[team].best.point }) }))
      : []),
  ];
  const to = req.games + req.testGames;
  // Not stopped by the search's signal: after a Ctrl-C the found strategies are still measured (a second Ctrl-C quits).
  const r = await runGames({ variants, seed: req.seed, games: to, from: req.games, to, ...(req.threads ? { threads: req.threads } : {}) });
  return r;
}

function setupValue(r: RunResult, i: number): SetupValue {
  const agg = r.aggregates[i]!;
  const n = r.games;
  const rates = Object.fromEntries(OUTCOME_NAMES.map((o) => [o, interval(agg.count(o), n)])) as Record<OutcomeName, RateWithInterval>;
  // Town's score: the mean of 1, 1/2 and 0 per game, with the normal interval of a mean.
  const town = agg.count('town') / n;
  const half = (n - agg.count('town') - agg.count('mafia')) / n;
  const mean = town + half / 2;
  const variance = Math.max(0, town + half / 4 - mean * mean);
  const se = Math.sqrt(variance / n);
  return { ...rates, score: { rate: mean, lo: mean - Z95 * se, hi: mean + Z95 * se } };
}

function interval(count: number, n: number): RateWithInterval {
  const w = wilson(count, n)!;
  return { rate: w.rate, lo: w.low, hi: w.high };
}

function exploitOf(team: ScoringTeam, r: RunResult, variant: number, x: { best: BestReply; searches: Exploitability['searches'] }): Exploitability {
  const d: ScoreDifference = pairedScore(team, r.joint[pairIndex(0, variant, r.aggregates.length)]!, r.games);
  return { gain: d.diff, lo: d.lo, hi: d.hi, reply: x.best.point, searches: x.searches };
}
