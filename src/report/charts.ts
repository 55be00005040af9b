// The report's charts as vega-lite specs, built from the summary alone:
// outcome rates with intervals, paired differences, game lengths, role fates,
// and for sweeps a line chart with interval bands or a heat map.

import type { TopLevelSpec } from 'vega-lite';
import { DEATH_CAUSE_NAMES, type OutcomeName } from '../engine/events.js';
import { activeOutcomes, DIFFERENCE_LABEL, type SettingValue, type StudySummary } from './summary.js';
import { byTeam } from './teams.js';
import { fmtPct } from './format.js';

export interface Chart {
  /** File stem: the SVG is `<name>.svg`. */
  readonly name: string;
  readonly title: string;
  readonly spec: TopLevelSpec;
}

const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';
const WIDTH = 560;
/** Beyond this many variants, per-variant length and fate charts stop being readable. */
const MAX_DETAIL_VARIANTS = 6;

const OUTCOME_COLORS: Record<OutcomeName, string> = {
  town: '#3b7dd8',
  mafia: '#2b2b2b',
  maniac: '#c0392b',
  draw: '#9a9a9a',
  timeout: '#e69f00',
};

function outcomeColor(outcomes: readonly OutcomeName[]) {
  return {
    field: 'outcome',
    type: 'nominal' as const,
    title: 'outcome',
    scale: { domain: [...outcomes], range: outcomes.map((o) => OUTCOME_COLORS[o]) },
    legend: { symbolOpacity: 1, symbolType: 'square' },
  };
}

/** Legends never truncate: a cut variant label cannot be told from its neighbour. */
/** Rates are shown in percent (the data stay fractions) and differences in percentage points (the data are scaled by POINTS). */
export const PERCENT_AXIS = { format: '.0%' } as const;
export const POINTS = 100;
export const POINTS_FORMAT = '+.1~f';

export const CONFIG = { font: 'sans-serif', view: { stroke: '#ddd' }, axis: { labelLimit: 260 }, legend: { labelLimit: 0, titleLimit: 0 } };

/** Every chart the study calls for, in page order. */
export function chartsFor(s: StudySummary): Chart[] {
  const charts: Chart[] = [];
  const keys = s.sweep?.keys ?? [];
  if (keys.length === 1) charts.push(sweepLineChart(s, keys[0]!));
  if (keys.length === 2) charts.push(...sweepHeatMaps(s, keys[0]!, keys[1]!));
  if (keys.length === 0) charts.push(outcomeRatesChart(s));
  if (s.pairs.length > 0 && keys.length === 0) charts.push(differencesChart(s));
  // A sweep's points are read off its own chart; per-point length and fate charts would only repeat it, unreadably.
  if (keys.length === 0 && s.variants.length <= MAX_DETAIL_VARIANTS) charts.push(lengthsChart(s), roleFatesChart(s));
  return charts;
}

/** y (and per-outcome yOffset) for a layer; `centre` puts rules and points mid-band, where vega-lite otherwise draws them at the band's top. */
function bandY(field: string, sort: readonly string[], offsetSort: readonly string[] | null, centre: boolean) {
  const pos = centre ? { bandPosition: 0.5 } : {};
  return {
    y: { field, type: 'nominal' as const, title: null, sort: [...sort], axis: { labelLimit: 320 }, ...pos },
    ...(offsetSort ? { yOffset: { field: 'outcome', type: 'nominal' as const, sort: [...offsetSort], ...pos } } : {}),
  };
}

export function outcomeRatesChart(s: StudySummary): Chart {
  const outcomes = activeOutcomes(s);
  const values = s.variants.flatMap((v) => outcomes.map((o) => ({ label: v.label, outcome: o, rate: v.rates[o].rate, lo: v.rates[o].lo, hi: v.rates[o].hi })));
  const single = s.variants.length === 1;
  const y = (centre: boolean) => (single ? bandY('outcome', outcomes, null, centre) : bandY('label', s.variants.map((v) => v.label), outcomes, centre));
  const spec: TopLevelSpec = {
    $schema: SCHEMA,
    config: CONFIG,
    width: WIDTH,
    height: { step: single ? 26 : 13 },
    data: { values },
    encoding: { color: outcomeColor(outcomes) },
    layer: [
      { mark: { type: 'bar', opacity: 0.85 }, encoding: { ...y(false), x: { field: 'rate', type: 'quantitative', title: 'share of games (whiskers: 95% Wilson interval)', scale: { domain: [0, 1] }, axis: PERCENT_AXIS } } },
      { mark: { type: 'rule', color: '#000', strokeWidth: 1.5 }, encoding: { ...y(true), x: { field: 'lo', type: 'quantitative' }, x2: { field: 'hi' } } },
      { mark: { type: 'tick', color: '#000', thickness: 1.5, size: 8 }, encoding: { ...y(true), x: { field: 'lo', type: 'quantitative' } } },
      { mark: { type: 'tick', color: '#000', thickness: 1.5, size: 8 }, encoding: { ...y(true), x: { field: 'hi', type: 'quantitative' } } },
    ],
  };
  return { name: 'outcomes', title: 'Who wins: share of games by outcome, with 95% intervals', spec };
}

/**
 * Axis values for a difference axis: symmetric about 0 in a 1-2-5 step, so 0
 * is always a tick (vega's own ticks, started from the data, can skip it).
 */
export function zeroTicks(extent: number, target = 4): { domain: [number, number]; values: number[] } {
  const m = Math.max(Math.abs(extent), 1e-3);
  const raw = m / target;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((k) => k * mag).find((x) => x >= raw)!;
  const n = Math.ceil(m / step - 1e-9);
  const values = Array.from({ length: 2 * n + 1 }, (_, i) => Number(((i - n) * step).toPrecision(12)));
  return { domain: [-n * step, n * step], values };
}

export function differencesChart(s: StudySummary): Chart {
  const outcomes = activeOutcomes(s);
  const pairLabels = s.pairs.map((p) => `${p.variantLabel} − ${p.baseLabel}`);
  const values = s.pairs.flatMap((p, i) =>
    outcomes.map((o) => {
      const d = p.differences[o];
      return { pair: pairLabels[i], outcome: o, diff: POINTS * d.diff, lo: POINTS * d.lo, hi: POINTS * d.hi, significant: d.significant };
    }),
  );
  const ticks = zeroTicks(Math.max(0, ...values.flatMap((v) => [Math.abs(v.lo), Math.abs(v.hi)])));
  const y = bandY('pair', pairLabels, outcomes, true);
  const x = {
    field: 'diff',
    type: 'quantitative' as const,
    title: `${DIFFERENCE_LABEL}, in points (95% paired interval; filled: significant after Holm)`,
    scale: { domain: ticks.domain, nice: false },
    axis: { values: ticks.values, format: POINTS_FORMAT },
  };
  const spec: TopLevelSpec = {
    $schema: SCHEMA,
    config: CONFIG,
    width: WIDTH,
    height: { step: 13 },
    data: { values },
    layer: [
      { data: { values: [{ zero: 0 }] }, mark: { type: 'rule', color: '#888', strokeDash: [4, 3] }, encoding: { x: { field: 'zero', type: 'quantitative', scale: x.scale } } },
      { mark: { type: 'rule', strokeWidth: 2 }, encoding: { ...y, x: { ...x, field: 'lo' }, x2: { field: 'hi' }, color: outcomeColor(outcomes) } },
      { transform: [{ filter: 'datum.significant' }], mark: { type: 'point', filled: true, size: 60, opacity: 1 }, encoding: { ...y, x, color: outcomeColor(outcomes) } },
      { transform: [{ filter: '!datum.significant' }], mark: { type: 'point', filled: false, size: 60, fill: '#fff', opacity: 1, strokeWidth: 1.5 }, encoding: { ...y, x, color: outcomeColor(outcomes) } },
    ],
  };
  return { name: 'differences', title: `Paired differences between variants (same seeds; ${DIFFERENCE_LABEL})`, spec };
}

export function lengthsChart(s: StudySummary): Chart {
  if (s.variants.length === 1) {
    const v = s.variants[0]!;
    const outcomes = activeOutcomes(s);
    const values = outcomes.flatMap((o) => v.aggregate.lengths[o].map((c, days) => ({ days, outcome: o, share: c / v.games })).filter((r) => r.share > 0));
    const days = dayDomain(values.map((r) => r.days));
    const spec: TopLevelSpec = {
      $schema: SCHEMA,
      config: CONFIG,
      width: WIDTH,
      height: 220,
      data: { values },
      // A quantitative day axis: a gap in the lengths shows as a gap, not as a neighbouring category.
      mark: { type: 'bar', size: Math.max(2, Math.floor((0.8 * WIDTH) / (days[1] - days[0]))) },
      encoding: {
        x: { field: 'days', type: 'quantitative', title: 'game length (days)', scale: { domain: days, nice: false }, axis: { tickMinStep: 1, format: 'd' } },
        y: { field: 'share', type: 'quantitative', stack: 'zero', title: 'share of games', axis: PERCENT_AXIS },
        color: outcomeColor(outcomes),
        order: { field: 'outcome' },
      },
    };
    return { name: 'lengths', title: 'How long games last, by outcome', spec };
  }
  const values = s.variants.flatMap((v) => {
    const byDay = new Map<number, number>();
    for (const o of s.outcomeNames) v.aggregate.lengths[o].forEach((c, d) => byDay.set(d, (byDay.get(d) ?? 0) + c));
    return [...byDay].filter(([, c]) => c > 0).map(([days, c]) => ({ label: v.label, days, share: c / v.games }));
  });
  const spec: TopLevelSpec = {
    $schema: SCHEMA,
    config: CONFIG,
    width: WIDTH,
    height: 220,
    data: { values },
    mark: { type: 'line', point: true },
    encoding: {
      x: { field: 'days', type: 'quantitative', title: 'game length (days)', axis: { tickMinStep: 1, format: 'd' } },
      y: { field: 'share', type: 'quantitative', title: 'share of games', axis: PERCENT_AXIS },
      color: { field: 'label', type: 'nominal', title: 'variant', sort: s.variants.map((v) => v.label) },
    },
  };
  return { name: 'lengths', title: 'How long games last', spec };
}

/** Half a day either side of the shortest and longest game, so the end bars are whole. */
function dayDomain(days: readonly number[]): [number, number] {
  if (days.length === 0) return [0, 1];
  return [Math.min(...days) - 0.5, Math.max(...days) + 0.5];
}

const FATES = ['survived', ...DEATH_CAUSE_NAMES] as const;
const FATE_COLORS = ['#7fbf7b', '#5e3c99', '#2b2b2b', '#c0392b', '#e66101', '#fdb863', '#b2abd2', '#8c510a', '#bababa', '#dfc27d'];

export function roleFatesChart(s: StudySummary): Chart {
  const order = byTeam([...new Set(s.variants.flatMap((v) => Object.keys(v.aggregate.roles)))]);
  const values = s.variants.flatMap((v) =>
    Object.entries(v.aggregate.roles).flatMap(([role, r]) =>
      FATES.map((fate) => ({ label: v.label, role, fate, share: (fate === 'survived' ? r.survived : r.deaths[fate]) / r.dealt })).filter((x) => x.share > 0),
    ),
  );
  const used = FATES.filter((f) => values.some((x) => x.fate === f));
  const inner = {
    width: WIDTH,
    height: { step: 18 },
    mark: 'bar' as const,
    encoding: {
      y: { field: 'role', type: 'nominal' as const, title: null, sort: order },
      x: { field: 'share', type: 'quantitative' as const, stack: 'zero' as const, title: 'share of players dealt the role', scale: { domain: [0, 1] }, axis: PERCENT_AXIS },
      color: { field: 'fate', type: 'nominal' as const, title: 'fate', scale: { domain: used, range: used.map((f) => FATE_COLORS[FATES.indexOf(f)]!) } },
      order: { field: 'fateOrder', type: 'quantitative' as const },
    },
  };
  const data = { values: values.map((x) => ({ ...x, fateOrder: FATES.indexOf(x.fate) })) };
  const spec: TopLevelSpec =
    s.variants.length === 1
      ? { $schema: SCHEMA, config: CONFIG, data, ...inner }
      : { $schema: SCHEMA, config: CONFIG, data, facet: { row: { field: 'label', type: 'nominal', title: null, sort: s.variants.map((v) => v.label) } }, spec: inner };
  return { name: 'roles', title: 'Role fates: survival and causes of death (Town roles, then the mafia, then the Maniac)', spec };
}

function allNumbers(values: readonly SettingValue[]): boolean {
  return values.every((v) => typeof v === 'number');
}

export function sweepLineChart(s: StudySummary, key: string): Chart {
  const outcomes = activeOutcomes(s);
  const numeric = allNumbers(s.variants.map((v) => v.settings[key]!));
  const values = s.variants.flatMap((v) => outcomes.map((o) => ({ value: v.settings[key], outcome: o, rate: v.rates[o].rate, lo: v.rates[o].lo, hi: v.rates[o].hi })));
  const whole = numeric && s.variants.every((v) => Number.isInteger(v.settings[key]));
  const x = numeric
    ? { field: 'value', type: 'quantitative' as const, title: key, scale: { zero: false, nice: false }, ...(whole ? { axis: { tickMinStep: 1, format: 'd' } } : {}) }
    : { field: 'value', type: 'ordinal' as const, title: key, sort: s.variants.map((v) => String(v.settings[key])) };
  const spec: TopLevelSpec = {
    $schema: SCHEMA,
    config: CONFIG,
    width: WIDTH,
    height: 300,
    data: { values },
    encoding: { x, color: outcomeColor(outcomes) },
    layer: [
      { mark: { type: 'area', opacity: 0.2 }, encoding: { y: { field: 'lo', type: 'quantitative' }, y2: { field: 'hi' } } },
      { mark: { type: 'line', point: true }, encoding: { y: { field: 'rate', type: 'quantitative', title: 'share of games (band: 95% Wilson interval)', scale: { domain: [0, 1] }, axis: PERCENT_AXIS } } },
    ],
  };
  return { name: 'sweep', title: `Win rates against ${key}`, spec };
}

export function sweepHeatMaps(s: StudySummary, xKey: string, yKey: string): Chart[] {
  const outcomes = activeOutcomes(s).filter((o) => o === 'town' || o === 'mafia' || o === 'maniac');
  const axisOrder = (key: string) => uniqueInOrder(s.variants.map((v) => String(v.settings[key])));
  return outcomes.map((o) => {
    const values = s.variants.map((v) => ({ x: String(v.settings[xKey]), y: String(v.settings[yKey]), rate: v.rates[o].rate, text: fmtPct(v.rates[o].rate, 0) }));
    const spec: TopLevelSpec = {
      $schema: SCHEMA,
      config: CONFIG,
      width: { step: 44 },
      height: { step: 30 },
      data: { values },
      encoding: {
        x: { field: 'x', type: 'ordinal', title: xKey, sort: axisOrder(xKey), axis: { labelAngle: 0 } },
        y: { field: 'y', type: 'ordinal', title: yKey, sort: [...axisOrder(yKey)].reverse() },
      },
      layer: [
        { mark: 'rect', encoding: { color: { field: 'rate', type: 'quantitative', title: `${o} win rate`, scale: { domain: [0, 1], scheme: 'blueorange', domainMid: 0.5 }, legend: { format: '.0%' } } } },
        {
          mark: { type: 'text', fontSize: 10 },
          encoding: {
            text: { field: 'text', type: 'nominal' },
            color: { condition: { test: 'datum.rate < 0.2 || datum.rate > 0.8', value: '#fff' }, value: '#000' },
          },
        },
      ],
    };
    return { name: `heatmap-${o}`, title: `${o} win rate by ${xKey} and ${yKey}`, spec };
  });
}

function uniqueInOrder(xs: readonly string[]): string[] {
  return [...new Set(xs)];
}
