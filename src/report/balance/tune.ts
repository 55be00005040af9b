// What `tune` reports: the parameters before and after the search, the
// search path, and the gain measured on held-out games (paired, with its
// interval), plus the profile file it saved.

import type { TopLevelSpec } from 'vega-lite';
import { OUTCOME_NAMES, type OutcomeName } from '../../engine/events.js';
import type { Point, TuneResult } from '../../sim/balance/tune.js';
import { csvText, htmlTable, textTable, type CommandSection } from './format.js';
import { CONFIG, PERCENT_AXIS, type Chart } from '../charts.js';
import { fmtCount, fmtP, fmtPct, fmtPctInterval, fmtPointsInterval } from '../format.js';
import { escapeHtml } from '../html.js';
import { discordant, pairedDifference, wilson } from '../stats.js';
import { DIFFERENCE_LABEL } from '../summary.js';
import { capitalized, signedPoints } from '../headline.js';

export interface TuneParamRow {
  readonly key: string;
  readonly min: number;
  readonly max: number;
  readonly before: number;
  readonly after: number;
}

export interface TuneGain {
  readonly before: number;
  readonly after: number;
  readonly beforeLo: number;
  readonly beforeHi: number;
  readonly afterLo: number;
  readonly afterHi: number;
  readonly diff: number;
  readonly lo: number;
  readonly hi: number;
  readonly p: number;
}

export interface TuneSection {
  readonly team: OutcomeName;
  /** The `--agents` scope the parameters were set on. */
  readonly scope: string;
  readonly profile: string;
  readonly against: string;
  readonly params: TuneParamRow[];
  readonly agentsBefore: string;
  readonly agentsTuned: string;
  readonly trainGames: number;
  readonly testGames: number;
  readonly evaluations: number;
  readonly stoppedBy: string;
  readonly rounds: TuneResult['rounds'];
  /** Measured on games [trainGames, trainGames + testGames), which the search never played. */
  readonly gain: TuneGain;
  readonly profileFile: string | null;
}

export interface TuneSectionInput {
  readonly team: OutcomeName;
  readonly scope: string;
  readonly profile: string;
  readonly against: string;
  readonly ranges: ReadonlyArray<{ key: string; min: number; max: number }>;
  readonly result: TuneResult;
  readonly agentsBefore: string;
  readonly agentsTuned: string;
  readonly trainGames: number;
  readonly testGames: number;
  /** Held-out games: variant 0 before, variant 1 tuned. */
  readonly heldOut: { readonly games: number; readonly aggregates: ReadonlyArray<{ count(o: OutcomeName): number }>; readonly joint: readonly ArrayLike<number>[] };
  readonly profileFile: string | null;
}

export function tuneSection(x: TuneSectionInput): TuneSection {
  const n = x.heldOut.games;
  const b = wilson(x.heldOut.aggregates[0]!.count(x.team), n);
  const a = wilson(x.heldOut.aggregates[1]!.count(x.team), n);
  const { onlyA, onlyB } = discordant(x.heldOut.joint[0]!, OUTCOME_NAMES.indexOf(x.team), OUTCOME_NAMES.length);
  const d = pairedDifference(onlyB, onlyA, n);
  return {
    team: x.team,
    scope: x.scope,
    profile: x.profile,
    against: x.against,
    params: x.ranges.map((r) => ({ key: r.key, min: r.min, max: r.max, before: x.result.start[r.key]!, after: x.result.best[r.key]! })),
    agentsBefore: x.agentsBefore,
    agentsTuned: x.agentsTuned,
    trainGames: x.trainGames,
    testGames: x.testGames,
    evaluations: x.result.evaluations,
    stoppedBy: x.result.stoppedBy,
    rounds: x.result.rounds,
    gain: { before: b.rate, after: a.rate, beforeLo: b.lo, beforeHi: b.hi, afterLo: a.lo, afterHi: a.hi, diff: d.diff, lo: d.lo, hi: d.hi, p: d.p },
    profileFile: x.profileFile,
  };
}

function gainText(s: TuneSection): string {
  const g = s.gain;
  const verdict = g.lo > 0 ? 'a real gain' : g.hi < 0 ? 'worse on fresh games: the search chased noise; keep the old profile' : 'not distinguishable from no gain';
  return (
    `${s.team} win rate on ${fmtCount(s.testGames)} held-out games: ${fmtPct(g.before)} ${fmtPctInterval(g.beforeLo, g.beforeHi)} before, ${fmtPct(g.after)} ${fmtPctInterval(g.afterLo, g.afterHi)} tuned; ` +
    `gain ${signedPoints(g.diff)} ${fmtPointsInterval(g.lo, g.hi)} (${DIFFERENCE_LABEL}, here tuned − before; paired, p ${fmtP(g.p)}): ${verdict}.`
  );
}

function useText(s: TuneSection): string {
  return `use it: --agents '${s.agentsTuned}' with any command, agents: in an experiment file${s.profileFile ? ` (saved in ${s.profileFile})` : ''}`;
}

export function tuneText(title: string, s: TuneSection): string {
  const rows = s.params.map((p) => [p.key, String(p.before), String(p.after), `${p.min}..${p.max}`]);
  const lines = [
    title,
    `${s.team} (${s.scope}=${s.profile}) against ${s.against}; ${s.evaluations} points searched on ${fmtCount(s.trainGames)} training games each.`,
    ...textTable(['parameter', 'before', 'tuned', 'range'], rows),
    '',
    gainText(s),
    useText(s),
  ];
  return lines.join('\n') + '\n';
}

export function tuneCsv(s: TuneSection): string {
  const keys = s.params.map((p) => p.key);
  const rows = s.rounds.map((r, i) => [i + 1, ...keys.map((k) => r.centre[k]!), r.centreRate, r.moved ? 'moved' : 'shrank', ...keys.map((k) => (r.moved ? r.moved.to[k]! : '')), r.moved?.rate ?? '', r.moved?.z ?? '', r.evaluated]);
  return csvText(['round', ...keys, 'rate', 'step', ...keys.map((k) => `to_${k}`), 'to_rate', 'z', 'points'], rows);
}

const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';

/** The training win rate of the search's current point, round by round. */
export function searchChart(s: TuneSection): Chart {
  const values = s.rounds.map((r, i) => ({ round: i + 1, rate: r.centreRate, step: r.moved ? 'moved' : 'shrank the steps', point: describePoint(r.centre) }));
  const spec: TopLevelSpec = {
    $schema: SCHEMA,
    config: CONFIG,
    width: 520,
    height: 240,
    data: { values },
    mark: { type: 'line', point: { filled: true, size: 60 } },
    encoding: {
      x: { field: 'round', type: 'ordinal', title: 'search round' },
      y: { field: 'rate', type: 'quantitative', title: `${s.team} win rate on the training games`, scale: { zero: false }, axis: PERCENT_AXIS },
      tooltip: [{ field: 'point', type: 'nominal' }],
    },
  };
  return { name: 'search', title: 'The search path (training games; the gain is measured on fresh games)', spec };
}

function describePoint(p: Point): string {
  return Object.entries(p)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
}

export function tuneHtml(s: TuneSection): string {
  const rows = s.params.map((p) => [p.key, String(p.before), String(p.after), `${p.min}..${p.max}`].map(escapeHtml));
  return [
    `<p>${escapeHtml(gainText(s))}</p>`,
    htmlTable('tuned-params', ['parameter', 'before', 'tuned', 'range'], rows, [false, true, true, false]),
    `<p>${escapeHtml(useText(s))}</p>`,
    `<p class="note">Method: compass search from the ${escapeHtml(s.profile)} profile's values; every point plays the same ${escapeHtml(fmtCount(s.trainGames))} training games (games 0 to ${escapeHtml(fmtCount(s.trainGames - 1))}) ` +
      `and moves only to a neighbour that beats it by two paired standard errors, else the steps halve (${s.evaluations} points in ${s.rounds.length} rounds, stopped by ${escapeHtml(s.stoppedBy)}). ` +
      `The gain is measured on the next ${escapeHtml(fmtCount(s.testGames))} games, which the search never played, so picking the luckiest point cannot inflate it. See README.md (Balancing).</p>`,
  ].join('\n');
}

/** The sentence at the top of the page. */
export function tuneHeadline(s: TuneSection): string {
  const g = s.gain;
  const verdict = g.lo > 0 ? 'a real gain' : g.hi < 0 ? 'worse on fresh games' : 'no measurable gain';
  return `Tuned ${s.scope}=${s.profile}: ${capitalized(s.team)} wins ${fmtPct(g.before)} → ${fmtPct(g.after)} on ${fmtCount(s.testGames)} held-out games, ${signedPoints(g.diff)} ${fmtPointsInterval(g.lo, g.hi)} (${DIFFERENCE_LABEL}, here tuned − before): ${verdict}.`;
}

export function tuneCommandSection(s: TuneSection): CommandSection<TuneSection> {
  return { output: 'tune', key: 'tune', data: s, heading: 'Tuned policy', headline: tuneHeadline(s), html: tuneHtml(s), charts: [searchChart(s)], csv: { 'tune.csv': tuneCsv(s) } };
}
