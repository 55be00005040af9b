// What `balance --vary` and `balance --for-players` report: each candidate's
// rate with its Wilson interval and the race's simultaneous bounds, its fate
// in the race, the recommendation and how sure it is; as JSON, text, CSV,
// charts and a page section.

import type { TopLevelSpec } from 'vega-lite';
import type { RaceConfig, RaceResult } from '../../sim/balance/race.js';
import { htmlTable, csvText, fmtPercent, textTable, type CommandSection } from './format.js';
import { CONFIG, PERCENT_AXIS, type Chart } from '../charts.js';
import { fmtCount, fmtPct, fmtPctHalf, fmtPctInterval, fmtPointsWord } from '../format.js';
import { escapeHtml } from '../html.js';
import { probabilityNearest } from './stats.js';
import { wilson } from '../stats.js';
import type { SettingValue, SkippedPoint } from '../summary.js';
import { capitalized } from '../headline.js';
import { distanceText, fairnessWords, isUnfair, offTarget, type Fairness } from './fairness.js';

export interface CandidateRow {
  readonly label: string;
  readonly settings: Record<string, SettingValue>;
  readonly games: number;
  readonly wins: number;
  readonly rate: number;
  /** 95% Wilson interval. */
  readonly lo: number;
  readonly hi: number;
  /** The race's simultaneous bounds (all candidates, all looks). */
  readonly simLo: number;
  readonly simHi: number;
  readonly status: 'best' | 'open' | 'dropped';
  readonly droppedAt?: number;
}

export interface RaceSection {
  readonly team: string;
  readonly target: number;
  readonly alpha: number;
  readonly budget: number;
  readonly firstLook: number;
  readonly growth: number;
  readonly plannedLooks: number;
  readonly deltaPerSide: number;
  readonly spent: number;
  readonly decided: boolean;
  /** Simultaneous confidence that the recommendation is the nearest (exact bounds, union bound). */
  readonly confidence: number;
  /**
   * Approximate chance that it is the nearest (normal approximation, no
   * multiplicity correction): kept in the JSON only, since next to an
   * undecided race it would overstate how sure the decision rule is.
   */
  readonly pNearest: number;
  /** Whether the nearest candidate is near enough to call fair (see fairness.ts). */
  readonly fairness: Fairness;
  readonly recommendation: string;
  readonly best: number;
  readonly candidates: CandidateRow[];
  readonly looks: Array<{ games: number; open: string[]; dropped: string[]; spent: number }>;
  readonly refused: SkippedPoint[];
}

/** What the page and the terminal say of the pick's fairness, one sentence whatever the verdict (see fairness.ts). */
export function fairnessText(s: Pick<RaceSection, 'fairness' | 'target' | 'candidates' | 'best'>): string {
  const best = s.candidates[s.best]!;
  const f = s.fairness;
  const band = `${fmtPct(s.target)} ± ${fmtPointsWord(f.within)}`;
  const where = `${fmtPct(best.rate)} ${fmtPctInterval(best.lo, best.hi)} is ${distanceText(f)} from ${fmtPct(s.target)}`;
  if (isUnfair(f.verdict)) return `${fairnessWords(f.verdict)}: ${where}, its 95% interval entirely outside ${band}; to reach a fair game, change something else (roles, options, players)`;
  if (f.verdict === 'unclear') return `${fairnessWords(f.verdict)}: ${where}; its 95% interval reaches past an edge of ${band}, so it is shown neither fair nor unfair (play more games, or test it with mafia-sim fair)`;
  return `${fairnessWords(f.verdict)}: ${where}, its 95% interval inside ${band}`;
}

export interface RaceInput {
  readonly team: string;
  readonly config: RaceConfig;
  readonly result: RaceResult;
  readonly labels: readonly string[];
  readonly settings: ReadonlyArray<Record<string, SettingValue>>;
  readonly refused?: readonly SkippedPoint[];
}

export function raceSection(x: RaceInput): RaceSection {
  const r = x.result;
  const candidates = r.candidates.map((c, i): CandidateRow => {
    const w = wilson(c.wins, c.games);
    return {
      label: x.labels[i]!,
      settings: { ...x.settings[i] },
      games: c.games,
      wins: c.wins,
      rate: w.rate,
      lo: w.lo,
      hi: w.hi,
      simLo: c.bounds.lo,
      simHi: c.bounds.hi,
      status: c.status,
      ...(c.droppedAt !== undefined ? { droppedAt: c.droppedAt } : {}),
    };
  });
  return {
    team: x.team,
    target: x.config.target,
    alpha: x.config.alpha,
    budget: x.config.budget,
    firstLook: x.config.firstLook,
    growth: x.config.growth,
    plannedLooks: r.plannedLooks,
    deltaPerSide: r.deltaPerSide,
    spent: r.spent,
    decided: r.decided,
    confidence: r.confidence,
    pNearest: probabilityNearest(r.candidates, r.best, x.config.target),
    fairness: offTarget(candidates[r.best]!, x.config.target),
    recommendation: x.labels[r.best]!,
    best: r.best,
    candidates,
    looks: r.looks.map((l) => ({ games: l.games, open: l.open.map((i) => x.labels[i]!), dropped: l.dropped.map((i) => x.labels[i]!), spent: l.spent })),
    refused: [...(x.refused ?? [])],
  };
}

/** "45.9% ± 1.1": the rate and the larger side of its Wilson interval. */
export function rateText(c: { rate: number; lo: number; hi: number }): string {
  return fmtPctHalf(c);
}

function statusText(c: CandidateRow): string {
  if (c.status === 'best') return 'best';
  if (c.status === 'open') return 'still open';
  return `dropped at look ${c.droppedAt}`;
}

/** The verdict in one or two sentences, the same on the terminal and the page. */
export function verdictText(s: RaceSection): string {
  const best = s.candidates[s.best]!;
  const level = fmtPercent(1 - s.alpha, 0);
  const rate = `${s.team} wins ${fmtPct(best.rate)} ${fmtPctInterval(best.lo, best.hi)}`;
  // The fairness words stay as they are everywhere (lower case): they follow a semicolon, not a full stop.
  const fair = `; ${fairnessText(s)}.`;
  if (s.decided) {
    return `${s.recommendation} (${rate}) is the nearest to ${fmtPct(s.target)}, decided at ${level} (simultaneous confidence ${fmtPercent(s.confidence)})${fair}`;
  }
  const open = s.candidates.filter((c) => c.status === 'open').map((c) => c.label);
  return (
    `not decided at ${level} within the budget: ${open.join(', ')} are still open (simultaneous confidence ${fmtPercent(s.confidence)}, short of ${level}). ` +
    `Best estimate: ${s.recommendation} (${rate}). Raise --budget to separate them, or treat them as about equally near${fair}`
  );
}

/** The sentence at the top of the page. */
export function raceHeadline(s: RaceSection): string {
  const best = s.candidates[s.best]!;
  const near = `${s.recommendation}: ${capitalized(s.team)} wins ${fmtPctHalf(best)}, ${distanceText(s.fairness)} from the target ${fmtPct(s.target)}`;
  const how = s.decided ? `the nearest (decided at ${fmtPercent(1 - s.alpha, 0)})` : `the best estimate (not decided: ${s.candidates.filter((c) => c.status === 'open').length} still open)`;
  const f = s.fairness;
  const fair = isUnfair(f.verdict) ? `${fairnessWords(f.verdict)}: more than ±${fmtPointsWord(f.within)} off` : `${fairnessWords(f.verdict)} (band ±${fmtPointsWord(f.within)})`;
  return `${near}; ${how}; ${fair}.`;
}

export function raceText(title: string, s: RaceSection): string {
  const rows = s.candidates.map((c) => [c.label, rateText(c), fmtPctInterval(c.simLo, c.simHi), fmtCount(c.games), statusText(c)]);
  const lines = [title, ...textTable(['candidate', `${s.team} ±95%`, `simultaneous ${fmtPercent(1 - s.alpha, 0)}`, 'games', 'status'], rows)];
  if (s.refused.length > 0) lines.push(`left out (cannot be played): ${s.refused.map((r) => r.label).join(', ')}`);
  lines.push('', `recommendation: ${verdictText(s)}`, `${fmtCount(s.spent)} of ${fmtCount(s.budget)} games spent in ${s.looks.length} look(s).`);
  return lines.join('\n') + '\n';
}

export function raceCsv(s: RaceSection): string {
  const keys = [...new Set(s.candidates.flatMap((c) => Object.keys(c.settings)))];
  const rows = s.candidates.map((c) => [c.label, ...keys.map((k) => c.settings[k] ?? ''), c.games, c.wins, c.rate, c.lo, c.hi, c.simLo, c.simHi, c.status, c.droppedAt ?? '']);
  return csvText(['label', ...keys, 'games', 'wins', 'rate', 'lo', 'hi', 'sim_lo', 'sim_hi', 'status', 'dropped_at_look'], rows);
}

const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';
const STATUS_COLORS = { domain: ['best', 'still open', 'dropped'], range: ['#1a9641', '#e69f00', '#9a9a9a'] };

/** Every candidate's rate: Wilson interval (thick), simultaneous bounds (thin), the target as a dashed line; the best is labelled. */
export function candidatesChart(s: RaceSection, name = 'candidates'): Chart {
  const values = s.candidates.map((c) => ({ label: c.label, rate: c.rate, lo: c.lo, hi: c.hi, simLo: c.simLo, simHi: c.simHi, status: c.status === 'dropped' ? 'dropped' : statusText(c), games: c.games }));
  const status = { field: 'status', type: 'nominal' as const, title: 'in the race', scale: STATUS_COLORS };
  // The y channel goes on each candidate layer, not the top: the target layer has its own data.
  const y = { field: 'label', type: 'nominal' as const, title: null, sort: s.candidates.map((c) => c.label) };
  const spec: TopLevelSpec = {
    $schema: SCHEMA,
    config: CONFIG,
    width: 560,
    height: { step: 26 },
    data: { values },
    layer: [
      { mark: { type: 'rule', color: '#bbb' }, encoding: { y, x: { field: 'simLo', type: 'quantitative' }, x2: { field: 'simHi' } } },
      { mark: { type: 'rule', strokeWidth: 4 }, encoding: { y, x: { field: 'lo', type: 'quantitative' }, x2: { field: 'hi' }, color: status } },
      {
        // The point takes the status colour with a dark ring, so the best one's green is not hidden behind a black dot.
        mark: { type: 'point', filled: true, size: 70, stroke: '#000', strokeWidth: 1 },
        encoding: { y, color: status, x: { field: 'rate', type: 'quantitative', title: `${s.team} win rate (thick: 95% Wilson; thin: simultaneous bounds)`, scale: { domain: [0, 1] }, axis: PERCENT_AXIS } },
      },
      {
        transform: [{ filter: "datum.status === 'best'" }],
        mark: { type: 'text', align: 'left', dx: 8, dy: -9, fontSize: 11, fontWeight: 'bold', color: '#1a9641' },
        encoding: { y, x: { field: 'hi', type: 'quantitative' }, text: { value: 'best' } },
      },
      { data: { values: [{ target: s.target }] }, mark: { type: 'rule', strokeDash: [5, 4], color: '#c0392b' }, encoding: { x: { field: 'target', type: 'quantitative' } } },
    ],
  };
  return { name, title: `Candidates against the target ${fmtPct(s.target)}`, spec };
}

export function raceSectionHtml(s: RaceSection): string {
  const rows = s.candidates.map((c) => [
    escapeHtml(c.label),
    escapeHtml(rateText(c)),
    escapeHtml(fmtPctInterval(c.lo, c.hi)),
    escapeHtml(fmtPctInterval(c.simLo, c.simHi)),
    escapeHtml(fmtCount(c.games)),
    c.status === 'best' ? `<b>best</b>` : escapeHtml(statusText(c)),
  ]);
  const looks = s.looks.map((l, i) => `look ${i + 1}: ${fmtCount(l.games)} games each for ${l.open.length + l.dropped.length} candidates${l.dropped.length > 0 ? `, dropped ${l.dropped.join(', ')}` : ''}`);
  return [
    `<p><b>Recommendation:</b> ${escapeHtml(verdictText(s))}</p>`,
    htmlTable('candidates', ['candidate', `${s.team} rate ± 95%`, 'Wilson 95%', `simultaneous ${fmtPercent(1 - s.alpha, 0)}`, 'games', 'status'], rows, [false, true, true, true, true, false]),
    s.refused.length > 0 ? `<p class="note">Left out because they cannot be played: ${s.refused.map((r) => `${escapeHtml(r.label)} (${escapeHtml(r.reason)})`).join('; ')}.</p>` : '',
    `<p class="note">${escapeHtml(looks.join('; '))}. ${escapeHtml(fmtCount(s.spent))} of ${escapeHtml(fmtCount(s.budget))} games.</p>`,
    `<p class="note">${escapeHtml(methodText(s))}</p>`,
  ].join('\n');
}

export function methodText(s: Pick<RaceSection, 'alpha' | 'plannedLooks' | 'deltaPerSide' | 'firstLook' | 'growth' | 'candidates'>): string {
  return (
    `Method: every open candidate plays the same game seeds; looks after ${s.firstLook} games each, then ×${s.growth}, at most ${s.plannedLooks} looks. ` +
    `At each look a candidate is dropped when its distance to the target is surely larger than another candidate's, using Chernoff (Kullback-Leibler) bounds ` +
    `at ${s.deltaPerSide.toPrecision(3)} per side: a union bound over ${s.candidates.length} candidates × ${s.plannedLooks} looks × 2 sides keeps the chance of dropping the true best at most ${s.alpha}. ` +
    `"Confidence" is the highest level at which the final counts single out the recommendation under the same union bound. See README.md (Balancing).`
  );
}

export function raceCommandSection(s: RaceSection): CommandSection<RaceSection> {
  return { output: 'balance', key: 'balance', data: s, heading: 'Balance', headline: raceHeadline(s), html: raceSectionHtml(s), charts: [candidatesChart(s)], csv: { 'balance.csv': raceCsv(s) } };
}
