// Number formatting shared by the page and the terminal, so both print the
// same digits for the same summary.

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
