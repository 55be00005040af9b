// Number formatting shared by the page and the terminal, so both print the
// same digits for the same summary. Human outputs speak one unit: a rate in
// percent (30.7%), a difference of rates in percentage points ("points",
// +21.9), intervals and ± in the unit of what they bound. The JSON and CSV
// files keep fractions (fmtRate and the raw numbers).

import type { SettingValue, StudySummary } from './summary.js';

export function fmtRate(x: number): string {
  return Number.isFinite(x) ? x.toFixed(3) : '–';
}

/** Half-width of the interval, for the "±" column (Wilson intervals are not symmetric: this is the larger side). */
export function halfWidth(r: { rate: number; lo: number; hi: number }): number {
  return Math.max(r.rate - r.lo, r.hi - r.rate);
}

export function fmtRateInterval(r: { rate: number; lo: number; hi: number }): string {
  return `${fmtRate(r.rate)} ± ${fmtRate(halfWidth(r))}`;
}

export function fmtInterval(lo: number, hi: number, signed = false): string {
  const f = signed ? fmtSigned : fmtRate;
  return `[${f(lo)}, ${f(hi)}]`;
}

export function fmtSigned(x: number): string {
  const s = Math.abs(x).toFixed(3);
  if (s === '0.000') return '0.000';
  return (x < 0 ? '−' : '+') + s;
}

export function fmtP(p: number): string {
  if (p < 0.001) return '<0.001';
  return p.toFixed(3);
}

export function fmtCount(n: number): string {
  return n.toLocaleString('en-US');
}

export function fmtSettings(settings: Record<string, SettingValue>): string {
  return Object.entries(settings)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
}

/** The agents of a study for a header line: listed when few, else pointed to the table (an agents sweep has one per point). */
export function fmtAgents(agents: readonly string[]): string {
  const distinct = [...new Set(agents)];
  return distinct.length <= 3 ? distinct.join('; ') : `${distinct.length} settings (see each variant)`;
}

/** "2,000 games per variant", or the range when variants played different counts (a balance race). */
export function gamesPerVariantText(s: StudySummary): string {
  const games = s.variants.map((v) => v.games);
  if (games.length === 0) return `${fmtCount(s.games)} games per variant`;
  const lo = Math.min(...games);
  const hi = Math.max(...games);
  return lo === hi ? `${fmtCount(lo)} games per variant` : `${fmtCount(lo)}–${fmtCount(hi)} games per variant (each played as many as the race needed)`;
}

/**
 * The digits of a number of points: "−" for a negative, "+" for a positive
 * with `signed`, "0.0" for zero only; a value that rounds to zero keeps its
 * sign ("−0.0"), so an interval just clear of 0 does not read as touching it.
 */
function pointsDigits(x: number, digits: number, signed: boolean): string {
  const t = Math.abs(100 * x).toFixed(digits);
  if (x === 0) return t;
  return x < 0 ? `−${t}` : signed ? `+${t}` : t;
}

/** A rate in percent: 0.3074 -> "30.7%" ("–" when there is none). */
export function fmtPct(x: number, digits = 1): string {
  return Number.isFinite(x) ? `${(100 * x).toFixed(digits)}%` : '–';
}

/** A rate interval in percent, the % written once on the rate beside it: "[29.8, 31.0]". */
export function fmtPctInterval(lo: number, hi: number, digits = 1): string {
  return `[${pointsDigits(lo, digits, false)}, ${pointsDigits(hi, digits, false)}]`;
}

/** A rate and the larger side of its interval: "30.7% ± 0.3". */
export function fmtPctHalf(r: { rate: number; lo: number; hi: number }, digits = 1): string {
  return `${fmtPct(r.rate, digits)} ± ${pointsDigits(halfWidth(r), digits, false)}`;
}

/** A difference of rates in percentage points, signed: +0.219 -> "+21.9", "−0.4", "0.0". */
export function fmtPoints(x: number, digits = 1): string {
  return Number.isFinite(x) ? pointsDigits(x, digits, true) : '–';
}

/** An interval of a difference in points: "[+19.1, +24.7]". */
export function fmtPointsInterval(lo: number, hi: number, digits = 1): string {
  return `[${fmtPoints(lo, digits)}, ${fmtPoints(hi, digits)}]`;
}

/** A band half-width or a distance in points, unsigned: 0.02 -> "2.0 points". */
export function fmtPointsWord(x: number, digits = 1): string {
  const t = pointsDigits(Math.abs(x), digits, false);
  return `${t} point${t === '1' || t === '1.0' ? '' : 's'}`;
}

/** A difference whose unadjusted 95% interval excludes 0 while Holm's correction keeps it from significance: marked, with `holmNote`. */
export function excludesZeroOnlyUnadjusted(d: { lo: number; hi: number; significant: boolean }): boolean {
  return !d.significant && (d.lo > 0 || d.hi < 0);
}

/** The note under a table with marked rows: why an interval clear of 0 is "-". */
export function holmNote(tests: number): string {
  return `*: its 95% interval excludes 0, but the interval is not adjusted for multiplicity while significance is: after Holm's correction over the ${tests} tests of this study its p is 0.05 or more.`;
}
