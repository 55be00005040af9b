// What `balance --for-players` reports: the table a designer prints, one row
// per player count with the nearest setup, its win rate and whether it is
// near enough to call fair, plus every
// candidate's rate as a heat map, and each row's full race in the JSON.

import type { TopLevelSpec } from 'vega-lite';
import { csvText, fmtPercent, htmlTable, textTable, type CommandSection } from './format.js';
import { FAIR_DEFAULTS } from '../../sim/balance/sprt.js';
import { candidatesChart, rateText, verdictText, type RaceSection } from './race.js';
import { distanceText, fairnessWords, isUnfair } from './fairness.js';
import { CONFIG, PERCENT_AXIS, type Chart } from '../charts.js';
import { fmtCount, fmtPct, fmtPctInterval, fmtPointsWord } from '../format.js';
import { escapeHtml } from '../html.js';

export interface PlayerRow {
  readonly players: number;
  /** Null when no setup at this size can be played. */
  readonly race: RaceSection | null;
  readonly note?: string;
}

export interface DesignerTable {
  readonly team: string;
  readonly target: number;
  readonly alpha: number;
  readonly budgetPerRow: number;
  readonly tryRoles: string[];
  readonly rows: PlayerRow[];
}

/** "yes (>99.9%)" or "no (88%; 2 open)": the decision and the simultaneous confidence it rests on. */
function decidedText(s: RaceSection): string {
  const open = s.candidates.filter((c) => c.status === 'open').length;
  return s.decided ? `yes (${fmtPercent(s.confidence)})` : `no (${fmtPercent(s.confidence)}; ${open} open)`;
}

/** "+10.3 points, NOT FAIR (too high)", "−2.1 points, not shown unfair": how far the pick is from the target (see fairness.ts). */
function fairCell(s: RaceSection): string {
  return `${distanceText(s.fairness)}, ${fairnessWords(s.fairness.verdict)}`;
}

/** The player counts whose pick has this fairness. */
function countsWhere(t: DesignerTable, test: (r: RaceSection) => boolean): number[] {
  return t.rows.filter((r) => r.race && test(r.race)).map((r) => r.players);
}

function rowCells(r: PlayerRow): string[] {
  if (!r.race) return [String(r.players), 'no playable setup', '–', '–', '–', '–'];
  const s = r.race;
  const best = s.candidates[s.best]!;
  return [String(r.players), s.recommendation, rateText(best), fairCell(s), decidedText(s), fmtCount(s.spent)];
}

function head(t: DesignerTable, html: boolean): string[] {
  const level = fmtPercent(1 - t.alpha, 0);
  return [
    'players',
    'nearest setup',
    html ? `${t.team} rate ± 95%` : `${t.team} ±95%`,
    html ? `off ${fmtPct(t.target)} (fair: within ±${fmtPointsWord(FAIR_DEFAULTS.within)})` : `off ${fmtPct(t.target)} (fair: ±${fmtPointsWord(FAIR_DEFAULTS.within)})`,
    html ? `decided at ${level} (simultaneous confidence)` : `decided at ${level} (conf.)`,
    html ? 'games played, all setups of the row' : 'games (all setups)',
  ];
}

export function designerText(title: string, t: DesignerTable): string {
  const lines = [title, ...textTable(head(t, false), t.rows.map(rowCells), { wrap: [1, 3] })];
  const undecided = t.rows.filter((r) => r.race && !r.race.decided).map((r) => r.players);
  const unfair = countsWhere(t, (r) => isUnfair(r.fairness.verdict));
  const unclear = countsWhere(t, (r) => r.fairness.verdict === 'unclear');
  if (undecided.length > 0) lines.push('', `not decided within ${fmtCount(t.budgetPerRow)} games per row: ${undecided.join(', ')} players (raise --budget; the open setups are about equally near).`);
  if (unfair.length > 0) lines.push('', `NOT FAIR at ${unfair.join(', ')} players: even the nearest setup is more than ±${fmtPointsWord(FAIR_DEFAULTS.within)} off ${fmtPct(t.target)} (its 95% interval is outside); change roles or options there.`);
  if (unclear.length > 0) lines.push('', `not shown unfair at ${unclear.join(', ')} players: the nearest setup's 95% interval reaches past an edge of ${fmtPct(t.target)} ± ${fmtPointsWord(FAIR_DEFAULTS.within)}, so it is shown neither fair nor unfair (raise --budget, or test it with mafia-sim fair).`);
  return lines.join('\n') + '\n';
}

/** The sentence at the top of the page. */
export function designerHeadline(t: DesignerTable): string {
  const played = t.rows.filter((r) => r.race);
  const unfair = countsWhere(t, (r) => isUnfair(r.fairness.verdict));
  const unclear = countsWhere(t, (r) => r.fairness.verdict === 'unclear');
  const range = t.rows.length > 0 ? `${t.rows[0]!.players}–${t.rows[t.rows.length - 1]!.players} players` : 'no player counts';
  const band = `${t.team} within ±${fmtPointsWord(FAIR_DEFAULTS.within)} of ${fmtPct(t.target)}`;
  if (played.length === 0) return `No setup can be played at ${range}.`;
  if (unfair.length === 0 && unclear.length === 0) return `A fair setup (${band}, the whole 95% interval inside) at every playable count of ${range}.`;
  const parts = [
    ...(unfair.length > 0 ? [`NOT FAIR at ${unfair.join(', ')} players: the nearest is more than ±${fmtPointsWord(FAIR_DEFAULTS.within)} off ${fmtPct(t.target)}`] : []),
    ...(unclear.length > 0 ? [`not shown unfair at ${unclear.join(', ')} players: the interval reaches past an edge of the band`] : []),
  ];
  return `${played.length - unfair.length - unclear.length} of ${played.length} player counts have a fair setup (${band}); ${parts.join('; ')}.`;
}

export function designerCsv(t: DesignerTable): string {
  const rows = t.rows.flatMap((r) =>
    r.race
      ? r.race.candidates.map((c) => [r.players, c.label, c.games, c.wins, c.rate, c.lo, c.hi, c.simLo, c.simHi, c.status, r.race!.best === r.race!.candidates.indexOf(c), r.race!.decided])
      : [[r.players, '', 0, 0, '', '', '', '', '', 'unplayable', false, false]],
  );
  return csvText(['players', 'setup', 'games', 'wins', 'rate', 'lo', 'hi', 'sim_lo', 'sim_hi', 'status', 'recommended', 'decided'], rows);
}

const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';
const FAIRNESS_LEGEND = ['fair', 'unclear', 'too-low', 'too-high'] as const;

/** Win rate of the recommended setup against the player count, labelled with the setup. */
export function recommendedChart(t: DesignerTable): Chart {
  const values = t.rows.flatMap((r) => {
    if (!r.race) return [];
    const c = r.race.candidates[r.race.best]!;
    return [{ players: r.players, rate: c.rate, lo: c.lo, hi: c.hi, setup: r.race.recommendation, decided: r.race.decided ? 'decided' : 'not decided', fair: fairnessWords(r.race.fairness.verdict) }];
  });
  // x goes on each setup layer, not the top: the target layer has its own data.
  const counts = values.map((v) => v.players);
  // Half a seat of room either side, so the end points and their labels are not cut by the frame.
  const domain = counts.length > 0 ? [Math.min(...counts) - 0.5, Math.max(...counts) + 0.5] : [0, 1];
  const x = { field: 'players', type: 'quantitative' as const, title: 'players', scale: { domain, nice: false }, axis: { tickMinStep: 1, format: 'd' } };
  const spec: TopLevelSpec = {
    $schema: SCHEMA,
    config: CONFIG,
    width: 560,
    height: 300,
    data: { values },
    layer: [
      { data: { values: [{ target: t.target }] }, mark: { type: 'rule', strokeDash: [5, 4], color: '#c0392b' }, encoding: { y: { field: 'target', type: 'quantitative' } } },
      { mark: { type: 'rule', strokeWidth: 2 }, encoding: { x, y: { field: 'lo', type: 'quantitative' }, y2: { field: 'hi' } } },
      {
        mark: { type: 'point', filled: true, size: 70 },
        encoding: {
          x,
          y: { field: 'rate', type: 'quantitative', title: `${t.team} win rate of the nearest setup (95% Wilson)`, scale: { domain: [0, 1] }, axis: PERCENT_AXIS },
          shape: { field: 'decided', type: 'nominal', title: null, scale: { domain: ['decided', 'not decided'], range: ['circle', 'triangle'] } },
          color: { field: 'fair', type: 'nominal', title: `within ±${fmtPointsWord(FAIR_DEFAULTS.within)} of ${fmtPct(t.target)}`, scale: { domain: FAIRNESS_LEGEND.map(fairnessWords), range: ['#1a9641', '#e69f00', '#c0392b', '#c0392b'] } },
        },
      },
      { mark: { type: 'text', dy: -14, fontSize: 10 }, encoding: { x, y: { field: 'rate', type: 'quantitative' }, text: { field: 'setup', type: 'nominal' } } },
    ],
  };
  return { name: 'fair-setups', title: 'The nearest setup at each player count (green: fair, its interval inside the band; orange: not shown unfair; red: NOT FAIR, more than the band off the target)', spec };
}

/** Every candidate's rate as a heat map: player count against setup. */
export function candidatesHeatMap(t: DesignerTable): Chart {
  const values = t.rows.flatMap((r) => (r.race ? r.race.candidates.map((c) => ({ players: String(r.players), setup: c.label, rate: c.rate, text: `${fmtPct(c.rate, 0)}${r.race!.candidates[r.race!.best] === c ? '*' : ''}` })) : []));
  const setups = [...new Set(values.map((v) => v.setup))];
  const spec: TopLevelSpec = {
    $schema: SCHEMA,
    config: CONFIG,
    width: { step: 40 },
    height: { step: 22 },
    data: { values },
    encoding: {
      x: { field: 'players', type: 'ordinal', title: 'players', sort: t.rows.map((r) => String(r.players)) },
      y: { field: 'setup', type: 'ordinal', title: null, sort: setups },
    },
    layer: [
      { mark: 'rect', encoding: { color: { field: 'rate', type: 'quantitative', title: `${t.team} win rate`, scale: { domain: [0, 1], scheme: 'blueorange', domainMid: t.target }, legend: { format: '.0%' } } } },
      { mark: { type: 'text', fontSize: 9 }, encoding: { text: { field: 'text', type: 'nominal' } } },
    ],
  };
  return { name: 'all-setups', title: 'Every candidate setup (*: recommended)', spec };
}

export function designerHtml(t: DesignerTable): string {
  const rows = t.rows.map((r) => rowCells(r).map(escapeHtml));
  const details = t.rows
    .filter((r) => r.race)
    .map((r) => `<li>${r.players} players: ${escapeHtml(verdictText(r.race!))} Candidates: ${r.race!.candidates.map((c) => `${escapeHtml(c.label)} ${escapeHtml(fmtPct(c.rate))} ${escapeHtml(fmtPctInterval(c.lo, c.hi))}`).join('; ')}.</li>`)
    .join('');
  return [
    `<p>For each player count, the setup whose ${escapeHtml(t.team)} win rate is nearest ${escapeHtml(fmtPct(t.target))}${t.tryRoles.length > 0 ? `, trying ${escapeHtml(t.tryRoles.join(', '))} on and off` : ''}.</p>`,
    htmlTable('designer-table', head(t, true), rows, [true, false, true, false, false, true]),
    `<p class="note">Fair: the nearest setup's whole 95% Wilson interval lies inside ${escapeHtml(fmtPct(t.target))} ± ${escapeHtml(fmtPointsWord(FAIR_DEFAULTS.within))} (the band of the fair command's default); not shown unfair: it reaches past an edge of the band; NOT FAIR: it lies wholly outside, so no setup of the row is that near. Decided: the race's simultaneous bounds single out the nearest at ${escapeHtml(fmtPercent(1 - t.alpha, 0))}; the confidence is the level at which they would. Games: every game the row's race played, over all its setups.</p>`,
    `<ul class="note">${details}</ul>`,
  ].join('\n');
}

export function designerSection(t: DesignerTable): CommandSection<DesignerTable> {
  const charts: Chart[] = [recommendedChart(t), candidatesHeatMap(t)];
  const one = t.rows.find((r) => r.race);
  if (t.rows.length === 1 && one?.race) charts.push(candidatesChart(one.race));
  return { output: 'balance-table', key: 'balance', data: t, heading: 'Nearest setup by player count', headline: designerHeadline(t), html: designerHtml(t), charts, csv: { 'balance-table.csv': designerCsv(t) } };
}
