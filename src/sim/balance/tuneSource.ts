// Real games as the evaluator of the policy search: every point is one
// variant (same rules, the team's parameters changed), all played on the
// same training games, and compared game by game with the first point.

import { OUTCOME_NAMES, type OutcomeName } from '../../engine/events.js';
import type { Rules } from '../../engine/rules.js';
import { RunInterrupted } from '../errors.js';
import { pairIndex, runGames } from '../run.js';
import type { Point, PointEvaluator, PointScore } from './tune.js';

const K = OUTCOME_NAMES.length;

export interface TuneGames {
  readonly rules: Rules;
  /** Agents text for a point: the team plays with these parameter values. */
  readonly agentsFor: (p: Point) => string;
  readonly team: OutcomeName;
  readonly seed: number;
  /** Training games [0, games) of the seed. */
  readonly games: number;
  readonly threads?: number;
  /** Aborting it stops the round in flight: the evaluator then throws RunInterrupted. */
  readonly signal?: AbortSignal;
}

/** Games where the team won under variant i only, and under variant j only, from a joint table. */
function discordantWins(joint: ArrayLike<number>, team: number): { onlyFirst: number; onlySecond: number } {
  let onlyFirst = 0;
  let onlySecond = 0;
  for (let o = 0; o < K; o++) {
    if (o === team) continue;
    onlyFirst += joint[team * K + o]!;
    onlySecond += joint[o * K + team]!;
  }
  return { onlyFirst, onlySecond };
}

export function gameEvaluator(g: TuneGames): PointEvaluator {
  const team = OUTCOME_NAMES.indexOf(g.team);
  return async (points) => {
    const variants = points.map((p, i) => ({ label: `point ${i}`, rules: g.rules, agents: g.agentsFor(p) }));
    const result = await runGames({ variants, seed: g.seed, games: g.games, ...(g.threads ? { threads: g.threads } : {}), ...(g.signal ? { signal: g.signal } : {}) });
    if (!result.complete) throw new RunInterrupted("the policy search's games");
    return points.map((_, i): PointScore => {
      const wins = result.aggregates[i]!.count(g.team);
      if (i === 0) return { wins, games: g.games, diff: 0, se: 0 };
      const { onlyFirst, onlySecond } = discordantWins(result.joint[pairIndex(0, i, points.length)]!, team);
      const diff = (onlySecond - onlyFirst) / g.games;
      const variance = Math.max(0, (onlyFirst + onlySecond) / g.games - diff * diff);
      return { wins, games: g.games, diff, se: Math.sqrt(variance / g.games) };
    });
  };
}
