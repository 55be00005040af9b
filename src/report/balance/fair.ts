// What `fair` reports: the verdict of the sequential test, the games it
// took, its stated error rates, and the path of both edge tests' evidence.

import type { TopLevelSpec } from 'vega-lite';
import type { FairConfig, FairResult, FairVerdict, SideVerdict } from '../../sim/balance/sprt.js';
import { fairnessWords } from './fairness.js';
import { csvText, fmtPercent, htmlTable, type CommandSection } from './format.js';
import { rateText } from './race.js';
import { CONFIG, type Chart } from '../charts.js';
import { fmtCount, fmtPct, fmtPctHalf, fmtPctInterval, fmtPointsWord } from '../format.js';
import { escapeHtml } from '../html.js';
import { wilson } from '../stats.js';
import { capitalized } from '../headline.js';

export interface EdgeSummary {
  /** The rate just outside and just inside the band at this edge. */
  readonly pOut: number;
  readonly pIn: number;
  readonly verdict: SideVerdict;
  readonly stoppedAt: number | null;
  readonly llr: number;
  readonly upper: number;
  readonly lower: number;
}

export interface FairSection {
  readonly team: string;
  readonly config: FairConfig;
  readonly verdict: FairVerdict;
  readonly games: number;
  readonly wins: number;
  readonly rate: number;
  readonly lo: number;
  readonly hi: number;
  readonly low: EdgeSummary;
  readonly high: EdgeSummary;
  readonly looks: ReadonlyArray<{ games: number; wins: number; llrLow: number; llrHigh: number }>;
}

export function fairSection(team: string, config: FairConfig, r: FairResult): FairSection {
  const w = wilson(r.wins, r.games);
  const edge = (t: FairResult['low'], verdict: SideVerdict, stoppedAt: number | null, llr: number): EdgeSummary => ({ pOut: t.pOut, pIn: t.pIn, verdict, stoppedAt, llr, upper: t.upper, lower: t.lower });
  return {
    team,
    config,
    verdict: r.verdict,
    games: r.games,
    wins: r.wins,
    rate: w.rate,
    lo: w.lo,
    hi: w.hi,
    low: edge(r.low, r.lowVerdict, r.lowStoppedAt, r.llrLow),
    high: edge(r.high, r.highVerdict, r.highStoppedAt, r.llrHigh),
    looks: r.looks.map((l) => ({ ...l })),
  };
}


export function fairQuestion(s: FairSection): string {
  return `Is ${s.team}'s win rate within ±${fmtPointsWord(s.config.within)} of ${fmtPct(s.config.centre)}?`;
}

/** The stated error rates, in words. */
export function errorRatesText(s: FairSection): string {
  const c = s.config;
  return (
    `Error rates (upper bounds): says fair when |p − ${fmtPct(c.centre)}| ≥ ${fmtPointsWord(c.within + c.margin)}: at most ${fmtPercent(c.alpha, 1)}; ` +
    `says not fair when |p − ${fmtPct(c.centre)}| ≤ ${fmtPointsWord(c.within - c.margin)}: at most ${fmtPercent(c.beta, 1)}. ` +
    `In between (the indifference margin ±${fmtPointsWord(c.margin)} around each edge) either answer may come.`
  );
}

function edgeText(name: string, e: EdgeSummary): string {
  const what = e.verdict === 'inside' ? 'inside the band' : e.verdict === 'outside' ? 'outside the band' : 'no decision';
  return `${name} edge (${fmtPct(e.pOut)} against ${fmtPct(e.pIn)}): ${what}${e.stoppedAt !== null ? ` after ${fmtCount(e.stoppedAt)} games` : ''}`;
}

export function fairText(title: string, s: FairSection): string {
  const lines = [
    title,
    fairQuestion(s),
    `verdict: ${fairnessWords(s.verdict)}: ${s.team} wins ${rateText(s)} ${fmtPctInterval(s.lo, s.hi)} after ${fmtCount(s.games)} games.`,
    `${edgeText('lower', s.low)}; ${edgeText('upper', s.high)}.`,
    errorRatesText(s),
  ];
  return lines.join('\n') + '\n';
}

const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';

/** Both edge tests' log-likelihood ratios ("inside" over "outside") against games, with their thresholds. */
export function evidenceChart(s: FairSection): Chart {
  const values = [{ games: 0, llrLow: 0, llrHigh: 0 }, ...s.looks].flatMap((l) => [
    { games: l.games, edge: `lower edge (${fmtPct(s.low.pOut)} vs ${fmtPct(s.low.pIn)})`, llr: l.llrLow },
    { games: l.games, edge: `upper edge (${fmtPct(s.high.pOut)} vs ${fmtPct(s.high.pIn)})`, llr: l.llrHigh },
  ]);
  const thresholds = [
    { y: s.low.upper, label: `inside: log(1/α) = ${s.low.upper.toFixed(2)}` },
    { y: s.low.lower, label: `outside: log(β/2) = ${s.low.lower.toFixed(2)}` },
  ];
  const spec: TopLevelSpec = {
    $schema: SCHEMA,
    config: CONFIG,
    width: 560,
    height: 260,
    layer: [
      {
        data: { values },
        mark: { type: 'line', point: values.length < 80 },
        encoding: {
          x: { field: 'games', type: 'quantitative', title: 'games played' },
          y: { field: 'llr', type: 'quantitative', title: 'log-likelihood ratio, inside over outside' },
          color: { field: 'edge', type: 'nominal', title: null },
        },
      },
      { data: { values: thresholds }, mark: { type: 'rule', strokeDash: [5, 4], color: '#888' }, encoding: { y: { field: 'y', type: 'quantitative' } } },
      { data: { values: thresholds }, mark: { type: 'text', align: 'left', dx: 4, dy: -6, fontSize: 10, color: '#555' }, encoding: { y: { field: 'y', type: 'quantitative' }, x: { value: 0 }, text: { field: 'label' } } },
    ],
  };
  return { name: 'evidence', title: 'The two edge tests: evidence against games (a test stops at a dashed line)', spec };
}

export function fairCsv(s: FairSection): string {
  return csvText(
    ['games', 'wins', 'rate', 'llr_low', 'llr_high'],
    s.looks.map((l) => [l.games, l.wins, l.wins / l.games, l.llrLow, l.llrHigh]),
  );
}

export function fairHtml(s: FairSection): string {
  const rows = [
    ['lower', fmtPct(s.low.pOut), fmtPct(s.low.pIn), s.low.verdict ?? 'none', s.low.stoppedAt !== null ? fmtCount(s.low.stoppedAt) : '–', s.low.llr.toFixed(2)],
    ['upper', fmtPct(s.high.pOut), fmtPct(s.high.pIn), s.high.verdict ?? 'none', s.high.stoppedAt !== null ? fmtCount(s.high.stoppedAt) : '–', s.high.llr.toFixed(2)],
  ].map((r) => r.map(escapeHtml));
  return [
    `<p><b>${escapeHtml(fairQuestion(s))}</b> ${escapeHtml(fairnessWords(s.verdict))}: ${escapeHtml(s.team)} wins ${escapeHtml(rateText(s))} ${escapeHtml(fmtPctInterval(s.lo, s.hi))} after ${escapeHtml(fmtCount(s.games))} games.</p>`,
    htmlTable('edges', ['edge', 'outside rate', 'inside rate', 'verdict', 'stopped after', 'final LLR'], rows, [false, true, true, false, true, true]),
    `<p>${escapeHtml(errorRatesText(s))}</p>`,
    `<p class="note">Method: two one-sided Wald SPRTs on the games in order, one at each edge of the band, looked at every ${escapeHtml(fmtCount(s.config.batch))} games; ` +
      `each stops when its log-likelihood ratio reaches log(1/α) ("inside") or log(β/2) ("outside"). Fair when both say inside; not fair as soon as one says outside. ` +
      `By Ville's inequality these thresholds bound the error rates however often the test looks; the game cap (${escapeHtml(fmtCount(s.config.maxGames))}) can only add "undecided". See README.md (Balancing).</p>`,
  ].join('\n');
}

/** The sentence at the top of the page. */
export function fairHeadline(s: FairSection): string {
  return `${fairnessWords(s.verdict)}: ${capitalized(s.team)} wins ${fmtPctHalf(s)} after ${fmtCount(s.games)} games; the fair band is ${fmtPct(s.config.centre)} ± ${fmtPointsWord(s.config.within)}.`;
}

export function fairCommandSection(s: FairSection): CommandSection<FairSection> {
  return { output: 'fair', key: 'fair', data: s, heading: 'Fairness test', headline: fairHeadline(s), html: fairHtml(s), charts: [evidenceChart(s)], csv: { 'fair.csv': fairCsv(s) } };
}
