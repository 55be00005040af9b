// What `equilibrium` reports: the setup's value when both teams adapt beside
// its value with the starting players, each team's exploitability, the
// mixtures found (and the profile that plays them), and the search by
// iteration: a chart of the meta-game's value and each team's gain, its CSV,
// the strategies' table. The compact `--json` object is built here too.

import type { TopLevelSpec } from 'vega-lite';
import type { EquilibriumBudgets, EquilibriumReport, Exploitability, SetupValue } from '../../sim/balance/equilibriumGames.js';
import type { IterationRecord } from '../../sim/balance/equilibrium.js';
import { SCHEMA_VERSIONS } from '../../sim/schemaVersions.js';
import { CONFIG, type Chart } from '../charts.js';
import { fmtCount, fmtPct, fmtPctInterval, fmtPointsInterval } from '../format.js';
import { signedPoints } from '../headline.js';
import { escapeHtml } from '../html.js';
import { csvText, htmlTable, textTable, type CommandSection } from './format.js';

/** summary.json's `equilibrium` section: everything the search found, as data. */
export type EquilibriumSection = Omit<EquilibriumReport, 'heldOut'> & {
  readonly budgets: EquilibriumBudgets;
  /** Where the mixture profile was saved, and the --agents text that loads it. */
  readonly profileFile: string;
  /** What a loner Maniac does in the meta-game. */
  readonly maniac: string;
};


type Interval3 = { readonly rate: number; readonly lo: number; readonly hi: number };

/** Every outcome's rate with its 95% interval, and Town's score (a win 1, a draw, a timeout or a Maniac's win 1/2). */
export interface OutcomeIntervals {
  readonly town: Interval3;
  readonly mafia: Interval3;
  readonly maniac: Interval3;
  readonly draw: Interval3;
  readonly timeout: Interval3;
  readonly score: Interval3;
}

/** `equilibrium --json`: rates and gains as shares of games (0.01 is one point). */
export interface EquilibriumOutput {
  readonly schemaVersion: (typeof SCHEMA_VERSIONS)['equilibrium'];
  /** Under the mixtures found, on the held-out games. */
  readonly value: OutcomeIntervals;
  /** The same with the starting players, on the same held-out games. */
  readonly start: OutcomeIntervals;
  /** Each team's best reply's gain in its score and the 95% upper bound; null when interrupted (not measured). */
  readonly exploitability: { readonly town: { readonly gain: number; readonly hi: number }; readonly mafia: { readonly gain: number; readonly hi: number } } | null;
  readonly iterations: number;
  readonly games: number;
  readonly stoppedBy: 'epsilon' | 'budget' | 'interrupted';
}

export const LONER_MANIAC_NOTE = 'A loner Maniac keeps his starting profile: he is part of the setup, not a player of the meta-game; his wins, draws and timeouts count a half to each team.';

export function equilibriumJson(r: EquilibriumReport): EquilibriumOutput {
  const gain = (x: Exploitability) => ({ gain: x.gain, hi: x.hi });
  return {
    schemaVersion: SCHEMA_VERSIONS.equilibrium,
    value: valueOf(r.value),
    start: valueOf(r.start),
    exploitability: r.exploitability ? { town: gain(r.exploitability.town), mafia: gain(r.exploitability.mafia) } : null,
    iterations: r.iterations,
    games: r.games,
    stoppedBy: r.stoppedBy,
  };
}

function valueOf(v: SetupValue): OutcomeIntervals {
  const i = (x: Interval3): Interval3 => ({ rate: x.rate, lo: x.lo, hi: x.hi });
  return { town: i(v.town), mafia: i(v.mafia), maniac: i(v.maniac), draw: i(v.draw), timeout: i(v.timeout), score: i(v.score) };
}

const STOPPED: Record<EquilibriumReport['stoppedBy'], string> = {
  epsilon: 'both best replies gained less than epsilon',
  budget: 'the budget (games or iterations) was spent',
  interrupted: 'interrupted (Ctrl-C): the strategies found so far',
};

function rateText(x: Interval3): string {
  return `${fmtPct(x.rate)} ${fmtPctInterval(x.lo, x.hi)}`;
}

function gainText(team: string, x: Exploitability | undefined): string {
  if (!x) return `${team}: not measured (interrupted)`;
  return `${team} ${signedPoints(x.gain)} ${fmtPointsInterval(x.lo, x.hi)}, at most ${signedPoints(Math.max(0, x.hi))}`;
}

function strategyRows(s: EquilibriumSection): string[][] {
  const rows: string[][] = [];
  for (const team of ['town', 'mafia'] as const) {
    s.strategies[team].forEach((x, i) => rows.push([i === 0 ? team : '', x.weight.toFixed(3), Object.entries(x.point).map(([k, v]) => `${k}=${v}`).join(' ')]));
  }
  return rows;
}

export function equilibriumText(title: string, s: EquilibriumSection): string {
  const ex = s.exploitability;
  return (
    [
      title,
      `${s.iterations} iteration${s.iterations === 1 ? '' : 's'}; stopped: ${STOPPED[s.stoppedBy]}; ${fmtCount(s.games)} games in all (${fmtCount(s.searchGames)} in the search).`,
      `strategy parameters: town ${s.params.town.map((p) => p.key).join(', ')}; mafia ${s.params.mafia.map((p) => p.key).join(', ')}`,
      '',
      `Town wins on ${fmtCount(s.budgets.testGames)} held-out games: ${rateText(s.value.town)} when both adapt, ${rateText(s.start.town)} with the starting players.`,
      `Mafia wins: ${rateText(s.value.mafia)} adapted, ${rateText(s.start.mafia)} at the start.`,
      `Exploitability (a fresh best reply's gain, best of ${s.budgets.exploitSearches} searches; a lower bound within the player model): ${gainText('Town', ex?.town)}; ${gainText('Mafia', ex?.mafia)}.`,
      '',
      ...textTable(['team', 'weight', 'strategy'], strategyRows(s)),
      '',
      `use it: --agents ${s.profileFile} (or --agents '${s.agents}')`,
    ].join('\n') + '\n'
  );
}

/** The meta-game's value and each team's gain, iteration by iteration. */
export function iterationChart(history: readonly IterationRecord[]): Chart {
  const values = history.flatMap((h) => [
    { iteration: h.iteration, series: "Town's score at the equilibrium", share: h.value },
    { iteration: h.iteration, series: "Town's best reply's gain", share: h.gain.town },
    { iteration: h.iteration, series: "Mafia's best reply's gain", share: h.gain.mafia },
  ]);
  const spec: TopLevelSpec = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    config: CONFIG,
    width: 520,
    height: 260,
    data: { values },
    mark: { type: 'line', point: { filled: true, size: 50 } },
    encoding: {
      x: { field: 'iteration', type: 'ordinal', title: 'iteration' },
      y: { field: 'share', type: 'quantitative', title: 'share of games (search games)', axis: { format: '.0%' } },
      color: { field: 'series', type: 'nominal', title: null, legend: { orient: 'bottom', labelLimit: 0 } },
    },
  };
  return { name: 'equilibrium', title: "The search: the meta-game's value and each team's gain by iteration", spec };
}

export function iterationsCsv(history: readonly IterationRecord[]): string {
  return csvText(['iteration', 'value', 'town_gain', 'mafia_gain', 'town_strategies', 'mafia_strategies', 'games'], history.map((h) => [h.iteration, h.value, h.gain.town, h.gain.mafia, h.strategies.town, h.strategies.mafia, h.games]));
}

export function strategiesCsv(s: EquilibriumSection): string {
  const keys = { town: s.params.town.map((p) => p.key), mafia: s.params.mafia.map((p) => p.key) };
  const rows = (['town', 'mafia'] as const).flatMap((team) => s.strategies[team].map((x) => [team, x.weight, keys[team].map((k) => `${k}=${x.point[k]}`).join(' ')]));
  return csvText(['team', 'weight', 'strategy'], rows);
}

export function equilibriumHeadline(s: EquilibriumSection): string {
  const d = s.value.town.rate - s.start.town.rate;
  return `When both teams adapt, Town wins ${fmtPct(s.value.town.rate)} ${fmtPctInterval(s.value.town.lo, s.value.town.hi)}, against ${fmtPct(s.start.town.rate)} with the starting players (${signedPoints(d)}).`;
}

export function equilibriumHtml(s: EquilibriumSection): string {
  const ex = s.exploitability;
  const rows = [
    ['adapted (the mixtures found)', rateText(s.value.town), rateText(s.value.mafia), rateText(s.value.score)],
    ['starting players', rateText(s.start.town), rateText(s.start.mafia), rateText(s.start.score)],
  ].map((r) => r.map(escapeHtml));
  return [
    htmlTable('equilibrium-value', ['players', 'Town wins', 'Mafia wins', "Town's score"], rows, [false, true, true, true]),
    `<p>Exploitability: ${escapeHtml(gainText('Town', ex?.town))}; ${escapeHtml(gainText('Mafia', ex?.mafia))}. ` +
      `Each is the gain of the best of ${s.budgets.exploitSearches} fresh compass searches over all of the team's strategy parameters against the other team's mixture, trained on games the search never played and measured on the held-out games: a lower bound on what the best reply could gain, and only within the player model (the bots' strategy parameters).</p>`,
    htmlTable('equilibrium-strategies', ['team', 'weight', 'strategy'], strategyRows(s).map((r) => r.map(escapeHtml)), [false, true, false]),
    `<p>Play it: <code>--agents ${escapeHtml(s.profileFile)}</code>, or <code>--agents '${escapeHtml(s.agents)}'</code>. Each game draws each team's strategy from its mixture.</p>`,
    `<p class="note">Method: double oracle (PSRO). Each team's strategies found so far and Town's score in every pair form the meta-game, solved exactly as a linear programme; each iteration adds each team's best reply to the other's mixture (tune's compass search, ${s.budgets.searchRounds} rounds, ${escapeHtml(fmtCount(s.budgets.games))} search games a contest). ` +
      `A win scores 1, a loss 0, a draw, a timeout or a Maniac's win a half, so the meta-game is constant-sum. ${escapeHtml(s.maniac)} Skill parameters stay at the starting players' values; only the strategy parameters listed adapt. ` +
      `Stopped: ${escapeHtml(STOPPED[s.stoppedBy])} after ${s.iterations} iteration${s.iterations === 1 ? '' : 's'}. The value and the gains are measured on ${escapeHtml(fmtCount(s.budgets.testGames))} games the search never played. This is best play within the bots' strategy space, not how people play. See README.md (Equilibrium play).</p>`,
  ].join('\n');
}

export function equilibriumCommandSection(s: EquilibriumSection): CommandSection<EquilibriumSection> {
  return {
    output: 'equilibrium-report',
    key: 'equilibrium',
    data: s,
    heading: 'Equilibrium play',
    headline: equilibriumHeadline(s),
    html: equilibriumHtml(s),
    charts: [iterationChart(s.history)],
    csv: { 'equilibrium.csv': iterationsCsv(s.history), 'strategies.csv': strategiesCsv(s) },
  };
}
