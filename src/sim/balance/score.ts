// A team's score in the equilibrium's meta-game: a win is 1, a loss 0, and
// a game neither Town nor the Mafia won (a draw, a timeout, a loner
// Maniac's win) a half to each, so Town's and the Mafia's scores add up to 1
// and the meta-game is constant-sum, with one value. Without draws and
// Maniacs the score is the win rate. From a run's counts and its joint
// outcome tables: the mean score and the paired difference of two variants
// played on the same games, with its standard error.

import { OUTCOME_NAMES, type OutcomeName } from '../../engine/events.js';
import { Z95 } from '../precision.js';

export type ScoringTeam = 'town' | 'mafia';

const K = OUTCOME_NAMES.length;
const TOWN = OUTCOME_NAMES.indexOf('town');
const MAFIA = OUTCOME_NAMES.indexOf('mafia');

/** The team's score of one game that ended with outcome o. */
export function gameScore(team: ScoringTeam, o: number): number {
  const mine = team === 'town' ? TOWN : MAFIA;
  const theirs = team === 'town' ? MAFIA : TOWN;
  return o === mine ? 1 : o === theirs ? 0 : 0.5;
}

/** The team's total score over games with these outcome counts. */
export function scoreSum(team: ScoringTeam, count: (o: OutcomeName) => number): number {
  let s = 0;
  OUTCOME_NAMES.forEach((name, o) => (s += gameScore(team, o) * count(name)));
  return s;
}

export interface ScoreDifference {
  /** Mean of (score under the second variant − score under the first), game by game. */
  readonly diff: number;
  readonly se: number;
  readonly lo: number;
  readonly hi: number;
}

/** The paired difference of the team's score, second variant − first, from their joint table (counts by first * K + second) over n games. */
export function pairedScore(team: ScoringTeam, joint: ArrayLike<number>, n: number): ScoreDifference {
  if (n <= 0) return { diff: 0, se: 0, lo: 0, hi: 0 };
  let sum = 0;
  let squares = 0;
  for (let a = 0; a < K; a++) {
    for (let b = 0; b < K; b++) {
      const c = joint[a * K + b]!;
      if (c === 0) continue;
      const d = gameScore(team, b) - gameScore(team, a);
      sum += c * d;
      squares += c * d * d;
    }
  }
  const diff = sum / n;
  const se = Math.sqrt(Math.max(0, squares / n - diff * diff) / n);
  return { diff, se, lo: diff - Z95 * se, hi: diff + Z95 * se };
}
