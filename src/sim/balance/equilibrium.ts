// The equilibrium search behind `equilibrium` (issue 20): double oracle, a
// form of PSRO. Each team keeps the strategies found so far (points of its
// strategy parameters); Town's score in games of every pair is the meta-
// game's matrix, whose Nash equilibrium (metaGame.ts) says how each team
// mixes them. Each iteration asks the oracle, tune's compass search, for each
// team's best reply to the other team's mixture and adds it. When plain
// alternation would cycle (rock, paper, scissors) the mixture settles what
// the alternation cannot. It stops when neither best reply gains more than
// `epsilon` over the meta-game's value, when the budget is spent, or when
// it is interrupted, and keeps what it has found in every case.
//
// Pure and deterministic given the contest player: every contest is played
// on the same search games, so every number of the search is paired.

import { RunInterrupted } from '../errors.js';
import { solveMetaGame, type MetaSolution } from './metaGame.js';
import type { ScoringTeam } from './score.js';
import { startPointOf, tune, type Point, type PointEvaluator, type PointScore, type TuneConfig, type TuneParam, type TuneResult } from './tune.js';

/** One game's strategies: a point of each team's strategy parameters. */
export interface Contest {
  readonly town: Point;
  readonly mafia: Point;
}

/** Contests played on the same games: Town's mean score in each, and paired differences. */
export interface ContestRun {
  readonly games: number;
  score(i: number): number;
  /** Town's score in contest j minus in contest i, game by game: mean and standard error. */
  diff(i: number, j: number): { readonly diff: number; readonly se: number };
}

/** Plays contests on the search games; throws RunInterrupted when stopped. */
export type ContestPlayer = (contests: readonly Contest[]) => Promise<ContestRun>;

/** A team's mixture: its strategies with their weights. */
export interface Mixture {
  readonly points: readonly Point[];
  readonly weights: readonly number[];
}

export interface EquilibriumConfig {
  /** Each team's strategy parameters, their ranges and starting values. */
  readonly town: readonly TuneParam[];
  readonly mafia: readonly TuneParam[];
  /** The strategies each team starts with (default: its starting values alone). */
  readonly initial?: { readonly town: readonly Point[]; readonly mafia: readonly Point[] };
  /** Best-reply iterations at most. */
  readonly iterations: number;
  /** Stop once both teams' best replies gain less than this (a share of games: 0.01 is one point). */
  readonly epsilon: number;
  /** Games the search may play: no iteration starts that the last one's cost says would pass it. */
  readonly budget: number;
  /** The compass search of each best reply (tune.ts). */
  readonly search: Omit<TuneConfig, 'params'>;
  /**
   * Further starts of iteration `iteration`'s best-reply search for `team`
   * besides its strategy of most weight (a local search finds only the
   * nearest hill): the reply is the best of the searches on the search games.
   */
  readonly restarts?: (team: ScoringTeam, iteration: number) => readonly Point[];
  readonly onIteration?: (it: IterationRecord) => void;
  /** Each round of a best-reply search, for progress lines. */
  readonly onRound?: (team: ScoringTeam, round: number, points: number) => void;
}

export interface IterationRecord {
  readonly iteration: number;
  /** Town's score at the meta-game's equilibrium before this iteration's replies. */
  readonly value: number;
  /** What each team's best reply gained over its score at that equilibrium (search games). */
  readonly gain: { readonly town: number; readonly mafia: number };
  /** Strategies each team had when the replies were sought. */
  readonly strategies: { readonly town: number; readonly mafia: number };
  /** Games played by the search so far, this iteration's included. */
  readonly games: number;
}

export type StoppedBy = 'epsilon' | 'budget' | 'interrupted';

export interface EquilibriumSearchResult {
  readonly strategies: { readonly town: readonly Point[]; readonly mafia: readonly Point[] };
  /** Town's score for each pair (rows Town, columns Mafia), on the search games. */
  readonly matrix: readonly (readonly number[])[];
  readonly solution: MetaSolution;
  readonly history: readonly IterationRecord[];
  readonly iterations: number;
  readonly games: number;
  readonly stoppedBy: StoppedBy;
}

/** Strategies below this weight play no part in a best reply's games (they would cost games and change nothing). */
const NEGLIGIBLE = 1e-6;

export async function searchEquilibrium(config: EquilibriumConfig, play: ContestPlayer): Promise<EquilibriumSearchResult> {
  const state = new SearchState(config, play);
  const history: IterationRecord[] = [];
  let stoppedBy: StoppedBy = 'budget';
  let lastCost = 0;
  try {
    await state.fill();
    for (let it = 1; it <= config.iterations; it++) {
      if (state.games + lastCost > config.budget) break;
      const before = state.games;
      const solution = state.solve();
      // Each team's reply to the other's mixture at the same equilibrium (the replies are added together).
      const town = await bestReply(state, 'town', mixtureOf(state.mafia, solution.mafia), config, it);
      const mafia = await bestReply(state, 'mafia', mixtureOf(state.town, solution.town), config, it);
      const gain = { town: town.score - solution.value, mafia: mafia.score - (1 - solution.value) };
      const record: IterationRecord = { iteration: it, value: solution.value, gain, strategies: { town: state.town.length, mafia: state.mafia.length }, games: state.games };
      history.push(record);
      config.onIteration?.(record);
      if (gain.town < config.epsilon && gain.mafia < config.epsilon) {
        stoppedBy = 'epsilon';
        break;
      }
      state.add('town', town.point);
      state.add('mafia', mafia.point);
      await state.fill();
      lastCost = state.games - before;
    }
  } catch (e) {
    if (!(e instanceof RunInterrupted)) throw e;
    stoppedBy = 'interrupted';
  }
  const solution = state.solve();
  return { strategies: { town: state.town, mafia: state.mafia }, matrix: state.matrix(), solution, history, iterations: history.length, games: state.games, stoppedBy };
}

/** The strategies, the matrix entries played so far, and the games they took. */
class SearchState {
  readonly town: Point[];
  readonly mafia: Point[];
  /** Town's score by contest key, on the search games. */
  private readonly scores = new Map<string, number>();
  games = 0;

  constructor(
    config: EquilibriumConfig,
    readonly play: ContestPlayer,
  ) {
    this.town = config.initial ? [...config.initial.town] : [startPointOf(config.town)];
    this.mafia = config.initial ? [...config.initial.mafia] : [startPointOf(config.mafia)];
  }

  /** Plays contests, keeping their scores, and counts the games. */
  async run(contests: readonly Contest[]): Promise<ContestRun> {
    const r = await this.play(contests);
    this.games += r.games * contests.length;
    contests.forEach((c, i) => this.scores.set(contestKey(c), r.score(i)));
    return r;
  }

  /** Plays every pair of strategies not yet played. */
  async fill(): Promise<void> {
    const missing: Contest[] = [];
    for (const town of this.town) for (const mafia of this.mafia) if (!this.scores.has(contestKey({ town, mafia }))) missing.push({ town, mafia });
    if (missing.length > 0) await this.run(missing);
  }

  matrix(): number[][] {
    return this.town.map((town) => this.mafia.map((mafia) => this.scores.get(contestKey({ town, mafia }))!));
  }

  solve(): MetaSolution {
    return solveMetaGame(this.matrix());
  }

  /** Adds a team's strategy unless it has it already. */
  add(team: ScoringTeam, p: Point): void {
    const list = team === 'town' ? this.town : this.mafia;
    if (!list.some((q) => pointKey(q) === pointKey(p))) list.push(p);
  }
}

function mixtureOf(points: readonly Point[], weights: readonly number[]): Mixture {
  return { points, weights };
}

export function pointKey(p: Point): string {
  return JSON.stringify(Object.entries(p).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function contestKey(c: Contest): string {
  return `${pointKey(c.town)}|${pointKey(c.mafia)}`;
}

export interface BestReply {
  readonly point: Point;
  /** The team's score with it against the mixture, on the search's games. */
  readonly score: number;
  readonly search: TuneResult;
}

/**
 * The team's best reply to the other side's mixture: tune's compass search
 * from the team's strategy of most weight, every point scored by its
 * expected score against the mixture (played against each of its strategies
 * of weight, on the same games; the standard error of a difference adds the
 * strategies' up, which holds whatever their correlation).
 */
async function bestReply(state: SearchState, team: ScoringTeam, opponent: Mixture, config: EquilibriumConfig, iteration: number): Promise<BestReply> {
  const own = team === 'town' ? state.town : state.mafia;
  const weights = state.solve()[team];
  const heaviest = own[weights.indexOf(Math.max(...weights))]!;
  let best: BestReply | null = null;
  const starts = [heaviest, ...(config.restarts?.(team, iteration) ?? [])].filter((p, i, all) => all.findIndex((q) => pointKey(q) === pointKey(p)) === i);
  for (const start of starts) {
    const reply = await searchReply(team, config[team], start, opponent, config, (contests) => state.run(contests));
    if (best === null || reply.score > best.score) best = reply;
  }
  return best!;
}

/** tune's compass search of `team`'s best reply to `opponent`, from `start`, with the given contest player. Exported for the exploitability searches. */
export async function searchReply(team: ScoringTeam, params: readonly TuneParam[], start: Point, opponent: Mixture, config: Pick<EquilibriumConfig, 'search' | 'onRound'>, play: ContestPlayer): Promise<BestReply> {
  let round = 0;
  const evaluate: PointEvaluator = async (points) => {
    config.onRound?.(team, ++round, points.length);
    return scoreAgainst(team, points, opponent, play);
  };
  const result = await tune({ ...config.search, params: params.map((p) => ({ ...p, start: start[p.key]! })) }, evaluate);
  const last = result.rounds.at(-1);
  // A search whose steps were too small to start scores its start alone.
  const score = last === undefined ? rate((await evaluate([result.best]))[0]!) : last.moved ? last.moved.rate : last.centreRate;
  return { point: result.best, score, search: result };
}

const rate = (s: PointScore): number => s.wins / s.games;

/** Each point's expected score for `team` against the mixture, and its paired difference from the first point. */
async function scoreAgainst(team: ScoringTeam, points: readonly Point[], opponent: Mixture, play: ContestPlayer): Promise<PointScore[]> {
  const used = opponent.points.map((p, j) => ({ p, w: opponent.weights[j]! })).filter((x) => x.w > NEGLIGIBLE);
  const total = used.reduce((s, x) => s + x.w, 0);
  const contests: Contest[] = [];
  for (const point of points) for (const x of used) contests.push(team === 'town' ? { town: point, mafia: x.p } : { town: x.p, mafia: point });
  const run = await play(contests);
  const sign = team === 'town' ? 1 : -1;
  const at = (i: number, j: number) => i * used.length + j;
  return points.map((_, i): PointScore => {
    let score = 0;
    let diff = 0;
    let se = 0;
    used.forEach((x, j) => {
      const w = x.w / total;
      const town = run.score(at(i, j));
      score += w * (team === 'town' ? town : 1 - town);
      if (i > 0) {
        const d = run.diff(at(0, j), at(i, j));
        diff += w * sign * d.diff;
        se += w * d.se;
      }
    });
    return { wins: score * run.games, games: run.games, diff, se };
  });
}

