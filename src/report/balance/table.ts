// What `balance --for-players` reports: the table a designer prints, one row
// per player count with the nearest-fair setup and its win rate, plus every
// candidate's rate as a heat map, and each row's full race in the JSON.

import type { TopLevelSpec } from 'vega-lite';
import { csvText, fmtPercent, htmlTable, textTable, type CommandSection } from './format.js';
import { candidatesChart, rateText, verdictText, type RaceSection } from './race.js';
import type { Chart } from '../charts.js';
import { fmtCount, fmtInterval, fmtRate } from '../format.js';
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

function rowCells(r: PlayerRow): string[] {
  if (!r.race) return [String(r.players), 'no playable setup', '–', '–', '–', '–'];
  const s = r.race;
  const best = s.candidates[s.best]!;
  return [String(r.players), s.recommendation, rateText(best), s.decided ? 'yes' : `no (open: ${s.candidates.filter((c) => c.status === 'open').length})`, fmtPercent(s.pNearest), fmtCount(s.spent)];
}

const HEAD = ['players', 'nearest-fair setup', 'win rate ±95%', `decided`, 'P(nearest) ≈', 'games'];

export function designerText(title: string, t: DesignerTable): string {
  const head = [...HEAD];
  head[2] = `${t.team} ±95%`;
  head[3] = `decided at ${fmtPercent(1 - t.alpha, 0)}`;
  const lines = [title, ...textTable(head, t.rows.map(rowCells))];
  const undecided = t.rows.filter((r) => r.race && !r.race.decided).map((r) => r.players);
  if (undecided.length > 0) lines.push('', `not decided within ${fmtCount(t.budgetPerRow)} games per row: ${undecided.join(', ')} players (raise --budget; the open setups are about equally fair).`);
  return lines.join('\n') + '\n';
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
const CONFIG = { font: 'sans-serif', view: { stroke: '#ddd' }, axis: { labelLimit: 260 } };

/** Win rate of the recommended setup against the player count, labelled with the setup. */
export function recommendedChart(t: DesignerTable): Chart {
  const values = t.rows.flatMap((r) => {
    if (!r.race) return [];
    const c = r.race.candidates[r.race.best]!;
    return [{ players: r.players, rate: c.rate, lo: c.lo, hi: c.hi, setup: r.race.recommendation, decided: r.race.decided ? 'decided' : 'not decided' }];
  });
  // x goes on each setup layer, not the top: the target layer has its own data.
  const x = { field: 'players', type: 'quantitative' as const, title: 'players', scale: { zero: false }, axis: { tickMinStep: 1 } };
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
          y: { field: 'rate', type: 'quantitative', title: `${t.team} win rate of the nearest-fair setup (95% Wilson)`, scale: { domain: [0, 1] } },
          shape: { field: 'decided', type: 'nominal', title: null, scale: { domain: ['decided', 'not decided'], range: ['circle', 'triangle'] } },
        },
      },
      { mark: { type: 'text', dy: -14, fontSize: 10 }, encoding: { x, y: { field: 'rate', type: 'quantitative' }, text: { field: 'setup', type: 'nominal' } } },
    ],
  };
  return { name: 'fair-setups', title: 'The nearest-fair setup at each player count', spec };
}

/** Every candidate's rate as a heat map: player count against setup. */
export function candidatesHeatMap(t: DesignerTable): Chart {
  const values = t.rows.flatMap((r) => (r.race ? r.race.candidates.map((c) => ({ players: String(r.players), setup: c.label, rate: c.rate, text: `${fmtRate(c.rate)}${r.race!.candidates[r.race!.best] === c ? '*' : ''}` })) : []));
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
      { mark: 'rect', encoding: { color: { field: 'rate', type: 'quantitative', title: `${t.team} win rate`, scale: { domain: [0, 1], scheme: 'blueorange', domainMid: t.target } } } },
      { mark: { type: 'text', fontSize: 9 }, encoding: { text: { field: 'text', type: 'nominal' } } },
    ],
  };
  return { name: 'all-setups', title: 'Every candidate setup (*: recommended)', spec };
}

export function designerHtml(t: DesignerTable): string {
  const rows = t.rows.map((r) => rowCells(r).map(escapeHtml));
  const head = [...HEAD];
  head[2] = `${t.team} rate ± 95%`;
  const details = t.rows
    .filter((r) => r.race)
    .map((r) => `<li>${r.players} players: ${escapeHtml(verdictText(r.race!))} Candidates: ${r.race!.candidates.map((c) => `${escapeHtml(c.label)} ${escapeHtml(fmtRate(c.rate))} ${escapeHtml(fmtInterval(c.lo, c.hi))}`).join('; ')}.</li>`)
    .join('');
  return [
    `<p>For each player count, the setup whose ${escapeHtml(t.team)} win rate is nearest ${escapeHtml(fmtRate(t.target))}${t.tryRoles.length > 0 ? `, trying ${escapeHtml(t.tryRoles.join(', '))} on and off` : ''}.</p>`,
    htmlTable('designer-table', head, rows, [true, false, true, false, true, true]),
    `<ul class="note">${details}</ul>`,
  ].join('\n');
}

export function designerSection(t: DesignerTable): CommandSection {
  const charts: Chart[] = [recommendedChart(t), candidatesHeatMap(t)];
  const one = t.rows.find((r) => r.race);
  if (t.rows.length === 1 && one?.race) charts.push(candidatesChart(one.race));
  return { key: 'balance', data: t, heading: 'Nearest-fair setup by player count', html: designerHtml(t), charts, csv: { 'balance-table.csv': designerCsv(t) } };
}
