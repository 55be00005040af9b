// The one sentence at the top of every page (and under the terminal title):
// the finding a reader wants first, in percentage points, with its error.
// A run says who the game favours; a comparison, its largest change; a
// sweep, the range Town's rate covers.

import { DIFFERENCE_LABEL, type PairSummary, type StudySummary } from './summary.js';
import { fmtPct, fmtPctHalf, fmtPoints, fmtPointsInterval, fmtPointsWord } from './format.js';
import { mafiaTeamName } from './teams.js';

/** "+13.1 points", "−2.0 points", "0.0 points". */
export function signedPoints(x: number): string {
  return `${fmtPoints(x)} points`;
}

/** Capital first letter: headlines start with a team name the tables print in lower case. */
export function capitalized(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** "Town-favoured: Town wins 13 points above an even 50%", or "even" when 50% is inside the interval. */
export function leanText(rate: { rate: number; lo: number; hi: number }): string {
  if (rate.lo <= 0.5 && rate.hi >= 0.5) return 'an even game for Town (50% is inside the 95% interval)';
  const by = fmtPointsWord(rate.rate - 0.5, 0);
  return rate.rate > 0.5 ? `Town-favoured (Town wins ${by} above an even 50%)` : `against Town (Town wins ${by} below an even 50%)`;
}

export function studyHeadline(s: StudySummary): string {
  if (s.sweep) return sweepHeadline(s);
  if (s.pairs.length > 0) return compareHeadline(s);
  return runHeadline(s);
}

function runHeadline(s: StudySummary): string {
  const v = s.variants[0];
  if (!v || v.games === 0) return 'No games were played.';
  const town = v.rates.town;
  const team = mafiaTeamName(v.preset);
  const maniac = v.rates.maniac.count > 0 ? `, Maniac ${fmtPct(v.rates.maniac.rate)}` : '';
  return `Town wins ${fmtPctHalf(town)}, ${team} ${fmtPct(v.rates.mafia.rate)}${maniac}: ${leanText(town)}.`;
}

/** The pair whose Town difference is largest, preferring changes from the study's first variant, then significant ones. */
function largestTownChange(all: readonly PairSummary[]): PairSummary | undefined {
  const fromFirst = all.filter((p) => p.base === 0);
  const pairs = fromFirst.length > 0 ? fromFirst : all;
  const tested = pairs.filter((p) => p.differences.town.tested);
  const significant = tested.filter((p) => p.differences.town.significant);
  const pool = significant.length > 0 ? significant : tested;
  return [...pool].sort((a, b) => Math.abs(b.differences.town.diff) - Math.abs(a.differences.town.diff))[0];
}

function compareHeadline(s: StudySummary): string {
  const p = largestTownChange(s.pairs);
  if (!p) return 'Town never won under any variant.';
  const d = p.differences.town;
  // Labels are the user's words: quoted, so "neither" or "roles.putana=0" never reads as part of the sentence.
  const what = `Town wins ${fmtPct(d.variantRate)} under "${p.variantLabel}" against ${fmtPct(d.baseRate)} under "${p.baseLabel}": ${signedPoints(d.diff)} ${fmtPointsInterval(d.lo, d.hi)} (${DIFFERENCE_LABEL})`;
  if (d.significant) return `${what}${s.pairs.length > 1 ? `, the largest significant change from "${p.baseLabel}"` : ''}.`;
  return `${what}; no variant changes Town's win rate significantly (Holm, 5%).`;
}

function sweepHeadline(s: StudySummary): string {
  const played = s.variants.filter((v) => v.games > 0);
  if (played.length === 0) return 'No games were played.';
  const byTown = [...played].sort((a, b) => a.rates.town.rate - b.rates.town.rate);
  const lo = byTown[0]!;
  const hi = byTown[byTown.length - 1]!;
  return `Town wins from ${fmtPct(lo.rates.town.rate)} (${lo.label}) to ${fmtPct(hi.rates.town.rate)} (${hi.label}) across the ${played.length} points of the sweep.`;
}
