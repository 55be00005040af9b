// Verdicts that survive adaptation (issue 20, point 2): `compare --adapt`,
// `balance --adapt` and `roles --adapt` find each setup at its own
// equilibrium with findEquilibrium (equilibriumGames.ts; no search of its
// own here), then for each pair of setups the change in the team's score
// under adapted play beside the change with the fixed starting players, and
// a verdict (adaptVerdict, the one place the rule is written).
//
// Both changes are measured on each setup's held-out games (the same game
// numbers of the same seed for every setup), as unpaired differences: two
// setups' equilibria are separate runs, so no game-by-game pairing exists
// for the adapted values, and the fixed change is taken the same way so the
// two columns are alike (an unpaired interval is wider, never narrower, than
// the paired one of the plain study beside it).

import type { Rules } from '../../engine/rules.js';
import { Z95 } from '../precision.js';
import { findEquilibrium, type EquilibriumBudgets, type EquilibriumProgress, type EquilibriumReport, type RateWithInterval } from './equilibriumGames.js';
import type { ScoringTeam } from './score.js';

export type AdaptVerdict = 'survives adaptation' | 'reverses' | 'vanishes';

/** A change in a team's score (variant − base), fractions of games, with its 95% interval. */
export interface ScoreChange {
  readonly diff: number;
  readonly lo: number;
  readonly hi: number;
}

/** Clear of 0: the 95% interval lies wholly on one side (an interval that touches 0 is not). */
export function significant(c: ScoreChange): boolean {
  return c.lo > 0 || c.hi < 0;
}

/**
 * The verdict on a change, the rule README states:
 * - "survives adaptation": the fixed-strategy and the adapted change are
 *   both significant, of the same sign, and each larger in size than
 *   `bound`, the largest exploitability upper bound of both teams in both
 *   setups;
 * - "reverses": both significant, of opposite signs, and each larger in
 *   size than `bound`;
 * - "vanishes": anything else (either change not clear of 0, or not larger
 *   than the bound, or no bound measured).
 * A reversal needs the bound as much as a survival does: an equilibrium
 * found only to within its exploitability can move the adapted change by
 * that much, so a sign against the fixed change's inside the bound is the
 * search's, not the game's. Without a bound (an interrupted search) nothing
 * is judged beyond "vanishes". Comparisons are strict: a change exactly at
 * the bound vanishes.
 */
export function adaptVerdict(fixed: ScoreChange, adapted: ScoreChange, bound: number | null): AdaptVerdict {
  if (!significant(fixed) || !significant(adapted) || bound === null) return 'vanishes';
  if (!(Math.abs(fixed.diff) > bound && Math.abs(adapted.diff) > bound)) return 'vanishes';
  return Math.sign(fixed.diff) === Math.sign(adapted.diff) ? 'survives adaptation' : 'reverses';
}

export interface AdaptSetup {
  readonly label: string;
  readonly rules: Rules;
  readonly agents: string;
}

/** One setup at its own equilibrium: what the adapt tables show of its findEquilibrium report. */
export interface AdaptedSetup {
  readonly label: string;
  /** The team's score (Town's: a win and half of the games neither team won) with the adapted mixtures, and with the starting players. */
  readonly adapted: RateWithInterval;
  readonly start: RateWithInterval;
  /** Each team's exploitability upper bound (95%); null when interrupted. */
  readonly bounds: { readonly town: number; readonly mafia: number } | null;
  readonly iterations: number;
  readonly games: number;
  readonly stoppedBy: EquilibriumReport['stoppedBy'];
  /** The agents text that plays the mixtures found. */
  readonly agents: string;
}

export interface AdaptedChange {
  readonly base: string;
  readonly variant: string;
  readonly fixed: ScoreChange;
  readonly adapted: ScoreChange;
  /** The largest exploitability bound of both teams in both setups; null when one is missing. */
  readonly bound: number | null;
  readonly verdict: AdaptVerdict;
}

export interface AdaptFindings {
  /** Whose score: the study's team. */
  readonly team: ScoringTeam;
  readonly budgets: EquilibriumBudgets;
  /** In the setups' order; a setup left unsearched after Ctrl-C is absent. */
  readonly setups: readonly AdaptedSetup[];
  /** Only pairs whose two setups were both found. */
  readonly changes: readonly AdaptedChange[];
  readonly complete: boolean;
}

export interface AdaptRequest {
  readonly team: ScoringTeam;
  readonly budgets: EquilibriumBudgets;
  readonly seed: number;
  readonly threads?: number;
  readonly signal?: AbortSignal;
  readonly onProgress?: (setup: number, p: EquilibriumProgress) => void;
}

/**
 * Each setup at its own equilibrium, then each pair's changes and verdict.
 * Ctrl-C: the search under way keeps what it found (findEquilibrium measures
 * it, with no exploitability); the setups after it are not searched, and
 * only pairs of measured setups are judged.
 */
export async function adaptSetups(setups: readonly AdaptSetup[], pairs: readonly (readonly [number, number])[], req: AdaptRequest): Promise<AdaptFindings> {
  const found: (AdaptedSetup | undefined)[] = [];
  for (const [i, s] of setups.entries()) {
    if (req.signal?.aborted) break;
    const r = await findEquilibrium({
      rules: s.rules,
      agents: s.agents,
      seed: req.seed,
      ...req.budgets,
      ...(req.threads ? { threads: req.threads } : {}),
      ...(req.signal ? { signal: req.signal } : {}),
      ...(req.onProgress ? { onProgress: (p: EquilibriumProgress) => req.onProgress!(i, p) } : {}),
    });
    found[i] = adaptedSetup(s.label, r, req.team);
  }
  const changes = pairs.flatMap(([b, v]) => {
    const x = found[b];
    const y = found[v];
    return x && y ? [adaptedChange(x, y)] : [];
  });
  const measured = found.filter((x): x is AdaptedSetup => x !== undefined);
  return { team: req.team, budgets: req.budgets, setups: measured, changes, complete: measured.length === setups.length && measured.every((x) => x.stoppedBy !== 'interrupted') };
}

/** The team's score: Town's as measured, the Mafia's its complement (the meta-game is constant-sum). */
function teamScore(x: RateWithInterval, team: ScoringTeam): RateWithInterval {
  return team === 'town' ? x : { rate: 1 - x.rate, lo: 1 - x.hi, hi: 1 - x.lo };
}

function adaptedSetup(label: string, r: EquilibriumReport, team: ScoringTeam): AdaptedSetup {
  return {
    label,
    adapted: teamScore(r.value.score, team),
    start: teamScore(r.start.score, team),
    bounds: r.exploitability ? { town: r.exploitability.town.hi, mafia: r.exploitability.mafia.hi } : null,
    iterations: r.iterations,
    games: r.games,
    stoppedBy: r.stoppedBy,
    agents: r.agents,
  };
}

/** variant − base of two independent estimates, each given by its 95% interval (normal: half-width = Z95 × se). */
export function unpairedChange(base: RateWithInterval, variant: RateWithInterval): ScoreChange {
  const se = (x: RateWithInterval) => (x.hi - x.lo) / (2 * Z95);
  const diff = variant.rate - base.rate;
  const half = Z95 * Math.hypot(se(base), se(variant));
  return { diff, lo: diff - half, hi: diff + half };
}

/** The largest exploitability bound of both teams in both setups (a negative upper bound counts as 0: no gain is below nothing). */
function largestBound(a: AdaptedSetup, b: AdaptedSetup): number | null {
  if (!a.bounds || !b.bounds) return null;
  return Math.max(0, a.bounds.town, a.bounds.mafia, b.bounds.town, b.bounds.mafia);
}

function adaptedChange(base: AdaptedSetup, variant: AdaptedSetup): AdaptedChange {
  const fixed = unpairedChange(base.start, variant.start);
  const adapted = unpairedChange(base.adapted, variant.adapted);
  const bound = largestBound(base, variant);
  return { base: base.label, variant: variant.label, fixed, adapted, bound, verdict: adaptVerdict(fixed, adapted, bound) };
}
