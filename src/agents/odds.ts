// The log-odds arithmetic the players share: sigmoid and logit, an
// accuser's credit, what a hard fact says, and the prior of a seat from the
// public setup. Pure functions, no state.

import type { PlayerView } from '../engine/agent.js';
import { Team } from '../engine/roles.js';
import { KNOWN_NOT_MAFIA } from '../engine/view.js';

export function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/**
 * The prior at which the players' fixed constants were set, the records'
 * game's (3 enemies among 14 others): a constant that compares a belief with
 * a probability is applied to the evidence over the table's own prior as it
 * played at this one, so it means the same at every table (issue 18).
 */
export const REFERENCE_PRIOR = Math.log(3 / 11);

/**
 * min(1, 2 * sigmoid(-x)), x = REFERENCE_PRIOR + evidence: how far an
 * accuser with this much evidence against him (log-odds over the prior) is
 * believed; full credit while he looks no worse than even at the reference
 * table. It is exactly 1 for x <= 0 (exp(x) <= 1 there), so the exp is taken
 * only for the suspect accusers: every accusation reaches every observer.
 */
export function accuserCredit(evidence: number): number {
  const x = REFERENCE_PRIOR + evidence;
  // 2 sigmoid(-x) written out: the same double (2 / y is 2 * (1 / y) exactly), with no call whose result V8 would box.
  return x <= 0 ? 1 : Math.min(1, 2 / (1 + Math.exp(x)));
}

/** Log-odds of a probability (the inverse of sigmoid). */
export function logit(p: number): number {
  return Math.log(p / (1 - p));
}

export function isEnemyFact(k: number): boolean {
  return k === Team.Mafia || k === Team.Maniac;
}

export function isRedFact(k: number): boolean {
  return k === Team.Town || k === KNOWN_NOT_MAFIA;
}

/**
 * Log-odds that an unknown other seat is an enemy of Town, from the public
 * setup: the seats dealt a Mafia-team role or a loner's, by the rules' role
 * table (a Werewolf, a Wolf Cub, a Minion, a rules file's own roles too).
 */
export function priorLogOdds(view: PlayerView): number {
  const s = view.setup;
  const team = view.book.team;
  let enemies = 0;
  for (let r = 0; r < s.length; r++) if (team[r] === Team.Mafia || team[r] === Team.Maniac) enemies += s[r]!;
  if (view.team !== Team.Town) enemies -= 1;
  const others = view.players - 1;
  const p = Math.min(0.95, Math.max(0.02, enemies / others));
  return Math.log(p / (1 - p));
}
