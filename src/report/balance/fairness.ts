// The one way every command and page says whether a rate is fair: "fair"
// only when the evidence puts it inside the band target ± within, "NOT FAIR
// (too low/high)" when it puts it outside, and "not shown unfair" where the
// 95% interval only reaches into the band or straddles an edge (balance's
// pick). The `fair` command's sequential test speaks the same words, with
// "undecided" when its game cap came first.

import { FAIR_DEFAULTS, type FairVerdict } from '../../sim/balance/sprt.js';

/** Where an interval lies against the band: inside, straddling an edge (unclear), or wholly below or above it. */
export type BandVerdict = 'fair' | 'unclear' | 'too-low' | 'too-high';

/** Every verdict about fairness a command gives: the band's, and the sequential test's `undecided`. */
export type FairnessVerdict = BandVerdict | FairVerdict;

const WORDS: Record<FairnessVerdict, string> = {
  fair: 'fair',
  unclear: 'not shown unfair',
  'too-low': 'NOT FAIR (too low)',
  'too-high': 'NOT FAIR (too high)',
  undecided: 'undecided (game cap reached)',
};

/** The words for a verdict, the same on every terminal, table, chart and page. */
export function fairnessWords(v: FairnessVerdict): string {
  return WORDS[v];
}

/** Whether the verdict says the rate is outside the band. */
export function isUnfair(v: FairnessVerdict): boolean {
  return v === 'too-low' || v === 'too-high';
}

/** The 95% interval [lo, hi] against the band target ± within (both edges belong to the band). */
export function bandVerdict(lo: number, hi: number, target: number, within: number): BandVerdict {
  if (hi < target - within) return 'too-low';
  if (lo > target + within) return 'too-high';
  return lo >= target - within && hi <= target + within ? 'fair' : 'unclear';
}

/**
 * How near the target a pick is. `fair` keeps its first meaning, "the 95%
 * interval reaches the band" (not shown unfair, or fair), for the readers
 * of summary.json; `verdict` says which.
 */
export interface Fairness {
  readonly within: number;
  readonly fair: boolean;
  readonly verdict: BandVerdict;
  /** Rate − target. */
  readonly distance: number;
}

export function offTarget(c: { rate: number; lo: number; hi: number }, target: number, within: number = FAIR_DEFAULTS.within): Fairness {
  const verdict = bandVerdict(c.lo, c.hi, target, within);
  return { within, fair: !isUnfair(verdict), verdict, distance: c.rate - target };
}

/** "+10.3 points" from the target. */
export function distanceText(f: Pick<Fairness, 'distance'>): string {
  const n = Math.abs(100 * f.distance).toFixed(1);
  return `${f.distance < 0 ? '−' : '+'}${n} points`;
}
