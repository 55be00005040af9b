// Verdicts across player models (`compare --across`): each model's study
// summary (same variants, same seeds), every paired difference re-tested in
// one Holm family over all models, and one verdict per (pair, outcome):
// holds, depends (naming the models), or no effect found (with the smallest
// effect the run could have seen). The terminal text, CSV, chart and page
// section are views of this one object.

import type { TopLevelSpec } from 'vega-lite';
import type { OutcomeName } from '../engine/events.js';
import { CONFIG, POINTS, POINTS_FORMAT, zeroTicks, type Chart } from './charts.js';
import { csvText, htmlTable, textTable, type CommandSection } from './balance/format.js';
import { excludesZeroOnlyUnadjusted, fmtP, fmtPct, fmtPoints, fmtPointsInterval, fmtPointsWord, holmNote } from './format.js';
import { escapeHtml } from './html.js';
import { ALPHA, DIFFERENCE_LABEL, type StudySummary } from './summary.js';
import { holm, normalQuantile } from './stats.js';

/** Power at which the smallest detectable difference is stated. */
export const MDD_POWER = 0.8;

export type Verdict = 'holds' | 'depends' | 'no effect found';

export interface ModelStudy {
  readonly model: string;
  readonly agents: string;
  readonly summary: StudySummary;
}

export interface AcrossRow {
  readonly model: string;
  readonly agents: string;
  readonly games: number;
  readonly baseRate: number;
  readonly variantRate: number;
  readonly diff: number;
  readonly lo: number;
  readonly hi: number;
  readonly se: number;
  readonly p: number;
  /** Holm-adjusted over every tested (model, pair, outcome) of the study. */
  readonly pHolm: number;
  readonly significant: boolean;
  /** The smallest |difference| this model's games would find significant with 80% power (at the strictest Holm level). */
  readonly mdd: number;
  readonly onlyBase: number;
  readonly onlyVariant: number;
}

export interface AcrossVerdict {
  readonly baseLabel: string;
  readonly variantLabel: string;
  readonly outcome: OutcomeName;
  readonly verdict: Verdict;
  /** One line saying why: the models, signs and sizes. */
  readonly text: string;
  readonly up: string[];
  readonly down: string[];
  readonly notSignificant: string[];
  /** The largest per-model MDD: an effect this size would be found under every model with 80% power. */
  readonly mdd: number;
  readonly rows: AcrossRow[];
}

export interface AcrossSection {
  readonly models: { name: string; agents: string }[];
  readonly tests: number;
  readonly method: string;
  readonly verdicts: AcrossVerdict[];
}

/** The method in words, for the page, the JSON and the docs. */
export function acrossMethod(tests: number, models: number): string {
  return (
    `Each model plays every variant on the same seeds. Every tested (model, pair, outcome) difference, ${tests} in all over ${models} models, is one Holm family at ${ALPHA}. ` +
    `"holds": significant with the same sign under every model (an intersection-union claim; the joint Holm family makes it conservative). ` +
    `"depends": significant under some models only, or with opposite signs (each such claim is covered by the family-wise correction). ` +
    `"no effect found": significant under none; the MDD is the difference each model's games would detect with ${MDD_POWER * 100}% power at the strictest Holm level (${ALPHA}/${tests}), the largest over models.`
  );
}

export function acrossSection(studies: readonly ModelStudy[]): AcrossSection {
  const first = studies[0]!.summary;
  const keys = first.pairs.flatMap((p, pi) => first.outcomeNames.filter((o) => studies.some((m) => m.summary.pairs[pi]!.differences[o].tested)).map((o) => ({ pi, o })));
  const family = keys.flatMap(({ pi, o }) => studies.map((m) => m.summary.pairs[pi]!.differences[o]).filter((d) => d.tested).map((d) => d.p));
  const adjusted = holm(family);
  const z = normalQuantile(1 - ALPHA / (2 * Math.max(1, family.length))) + normalQuantile(MDD_POWER);
  let next = 0;
  const verdicts = keys.map(({ pi, o }) => {
    const pair = first.pairs[pi]!;
    const rows = studies.map((m): AcrossRow => {
      const d = m.summary.pairs[pi]!.differences[o];
      const pHolm = d.tested ? adjusted[next++]! : 1;
      return {
        model: m.model,
        agents: m.agents,
        games: m.summary.pairs[pi]!.games,
        baseRate: d.baseRate,
        variantRate: d.variantRate,
        diff: d.diff,
        lo: d.lo,
        hi: d.hi,
        se: d.se,
        p: d.p,
        pHolm,
        significant: d.tested && pHolm < ALPHA,
        mdd: z * d.se,
        onlyBase: d.onlyBase,
        onlyVariant: d.onlyVariant,
      };
    });
    return verdictOf(pair.baseLabel, pair.variantLabel, o, rows);
  });
  return { models: studies.map((m) => ({ name: m.model, agents: m.agents })), tests: family.length, method: acrossMethod(family.length, studies.length), verdicts };
}

/** The verdict of one (pair, outcome) from its per-model rows. */
export function verdictOf(baseLabel: string, variantLabel: string, outcome: OutcomeName, rows: AcrossRow[]): AcrossVerdict {
  const up = rows.filter((r) => r.significant && r.diff > 0).map((r) => r.model);
  const down = rows.filter((r) => r.significant && r.diff < 0).map((r) => r.model);
  const notSignificant = rows.filter((r) => !r.significant).map((r) => r.model);
  const mdd = Math.max(0, ...rows.map((r) => r.mdd));
  const range = (rs: readonly AcrossRow[]) => `${fmtPoints(Math.min(...rs.map((r) => r.diff)))} to ${fmtPoints(Math.max(...rs.map((r) => r.diff)))} points`;
  const base = { baseLabel, variantLabel, outcome, up, down, notSignificant, mdd, rows };
  if (notSignificant.length === 0 && (up.length === 0 || down.length === 0)) {
    return { ...base, verdict: 'holds', text: `holds: ${outcome} ${up.length > 0 ? 'up' : 'down'} under all ${rows.length} models (${range(rows)})` };
  }
  if (up.length === 0 && down.length === 0) {
    return { ...base, verdict: 'no effect found', text: `no effect found under any model: an effect of ${fmtPointsWord(mdd)} or more would have been found under every model with ${MDD_POWER * 100}% power` };
  }
  const parts = [...(up.length > 0 ? [`up under ${up.join(', ')}`] : []), ...(down.length > 0 ? [`down under ${down.join(', ')}`] : []), ...(notSignificant.length > 0 ? [`not significant under ${notSignificant.join(', ')}`] : [])];
  return { ...base, verdict: 'depends', text: `depends: ${outcome} ${parts.join('; ')}${up.length > 0 && down.length > 0 ? ' (the sign flips)' : ''}` };
}

function pairTitle(v: AcrossVerdict): string {
  return `${v.variantLabel} − ${v.baseLabel}, ${v.outcome}`;
}

/** "town up with revealOnDeath=true against club (+9.0 to +25.5 points)": one held finding, for the summary and the headline. */
function heldText(v: AcrossVerdict): string {
  const diffs = v.rows.map((r) => r.diff);
  return `${v.outcome} ${v.up.length > 0 ? 'up' : 'down'} with ${v.variantLabel} against ${v.baseLabel} (${fmtPoints(Math.min(...diffs))} to ${fmtPoints(Math.max(...diffs))} points)`;
}

/** "town with vote.tie=random against club (down under expert; not significant under club, novice)": a finding that depends, naming the models. */
function dependsText(v: AcrossVerdict): string {
  return `${v.outcome} with ${v.variantLabel} against ${v.baseLabel} (${v.text.replace(/^depends: \S+ /, '')})`;
}

/** The findings by verdict, those that hold under every model first. */
function byVerdict(s: AcrossSection): Record<Verdict, AcrossVerdict[]> {
  return { holds: s.verdicts.filter((v) => v.verdict === 'holds'), depends: s.verdicts.filter((v) => v.verdict === 'depends'), 'no effect found': s.verdicts.filter((v) => v.verdict === 'no effect found') };
}

/** The summary the terminal leads with: what holds under every model, then what depends (naming the models), then what none shows. */
export function acrossSummaryLines(s: AcrossSection): string[] {
  const g = byVerdict(s);
  const n = s.models.length;
  const lines = ['summary:'];
  lines.push(g.holds.length > 0 ? `  holds under all ${n} models:` : `  nothing holds under all ${n} models`);
  for (const v of g.holds) lines.push(`    ${heldText(v)}`);
  if (g.depends.length > 0) lines.push('  depends on the model:', ...g.depends.map((v) => `    ${dependsText(v)}`));
  if (g['no effect found'].length > 0) {
    const mdd = Math.max(...g['no effect found'].map((v) => v.mdd));
    lines.push(`  no effect found under any model (an effect of ${fmtPointsWord(mdd)} or more would have been): ${g['no effect found'].map((v) => `${v.outcome} with ${v.variantLabel}`).join(', ')}`);
  }
  return lines;
}

/** The terminal text: the summary, then per (pair, outcome) one row per model and the verdict line. */
export function acrossText(title: string, s: AcrossSection): string {
  const lines = [title, `${DIFFERENCE_LABEL}, in points; Holm-adjusted over ${s.tests} (model, pair, outcome) tests`, '', ...acrossSummaryLines(s)];
  for (const v of s.verdicts) {
    lines.push('', `${pairTitle(v)}:`);
    const rows = v.rows.map((r) => [r.model, fmtPct(r.baseRate), fmtPct(r.variantRate), `${fmtPoints(r.diff)} ${fmtPointsInterval(r.lo, r.hi)}`, fmtP(r.pHolm), significanceCell(r, '-')]);
    lines.push(...textTable(['model', 'base', 'variant', 'variant − base [95%]', 'p', ''], rows, { indent: 2, below: [] }));
    if (v.rows.some((r) => excludesZeroOnlyUnadjusted(r))) lines.push(`  ${holmNote(s.tests)}`);
    lines.push(`  verdict: ${v.text}`);
  }
  return lines.join('\n') + '\n';
}

/** "significant", or the mark of a difference whose unadjusted interval alone excludes 0 (see holmNote). */
function significanceCell(r: AcrossRow, no: string): string {
  return r.significant ? 'significant' : excludesZeroOnlyUnadjusted(r) ? `${no}*` : no;
}

export function acrossCsv(s: AcrossSection): string {
  const rows = s.verdicts.flatMap((v) => v.rows.map((r) => [v.baseLabel, v.variantLabel, v.outcome, r.model, r.agents, r.games, r.baseRate, r.variantRate, r.diff, r.lo, r.hi, r.pHolm, r.significant, r.mdd, v.verdict]));
  return csvText(['base', 'variant', 'outcome', 'model', 'agents', 'games', 'base_rate', 'variant_rate', 'diff_variant_minus_base', 'lo', 'hi', 'p_holm', 'significant', 'mdd80', 'verdict'], rows);
}

/** The effect with its interval per model, one panel row per (pair, outcome). */
export function acrossChart(s: AcrossSection): Chart {
  const values = s.verdicts.flatMap((v) => v.rows.map((r) => ({ pair: pairTitle(v), model: r.model, diff: POINTS * r.diff, lo: POINTS * r.lo, hi: POINTS * r.hi, significant: r.significant })));
  const ticks = zeroTicks(Math.max(0, ...values.flatMap((v) => [Math.abs(v.lo), Math.abs(v.hi)])));
  const models = s.models.map((m) => m.name);
  const x = { field: 'diff', type: 'quantitative' as const, title: `${DIFFERENCE_LABEL}, in points (95% paired interval; filled: significant after Holm)`, scale: { domain: ticks.domain, nice: false }, axis: { values: ticks.values, format: POINTS_FORMAT } };
  const y = { field: 'model', type: 'nominal' as const, title: null, sort: models, axis: { labelLimit: 320 } };
  const spec: TopLevelSpec = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    config: CONFIG,
    data: { values },
    facet: { row: { field: 'pair', type: 'nominal', title: null, sort: s.verdicts.map(pairTitle), header: { labelAngle: 0, labelAlign: 'left', labelAnchor: 'start', labelOrient: 'top', labelLimit: 0 } } },
    spec: {
      width: 520,
      height: { step: 18 },
      layer: [
        { data: { values: [{ zero: 0 }] }, mark: { type: 'rule', color: '#888', strokeDash: [4, 3] }, encoding: { x: { field: 'zero', type: 'quantitative', scale: x.scale } } },
        { mark: { type: 'rule', strokeWidth: 2, color: '#3b7dd8' }, encoding: { y, x: { ...x, field: 'lo' }, x2: { field: 'hi' } } },
        { mark: { type: 'point', size: 60, opacity: 1, color: '#3b7dd8', strokeWidth: 1.5 }, encoding: { y, x, fill: { condition: { test: 'datum.significant', value: '#3b7dd8' }, value: '#fff' } } },
      ],
    },
  };
  return { name: 'across', title: `The effect under each player model (${DIFFERENCE_LABEL})`, spec };
}

/** At most `max` items, then how many more: a headline stays a sentence. */
function listed(items: readonly string[], max: number): string {
  return items.length <= max ? items.join('; ') : `${items.slice(0, max).join('; ')}; and ${items.length - max} more`;
}

/** The page's first sentence: what holds under every model, then what depends (naming the models), then how many show no effect. */
export function acrossHeadline(s: AcrossSection): string {
  if (s.verdicts.length === 0) return 'No difference was tested.';
  const g = byVerdict(s);
  const n = s.models.length;
  const parts = [
    g.holds.length > 0 ? `Holds under all ${n} player models: ${listed(g.holds.map(heldText), 3)}.` : `Nothing holds under all ${n} player models.`,
    ...(g.depends.length > 0 ? [`Depends on the model: ${listed(g.depends.map(dependsText), 2)}.`] : []),
    ...(g['no effect found'].length > 0 ? [`No effect found under any model for ${g['no effect found'].length} (pair, outcome)${g['no effect found'].length === 1 ? '' : 's'}.`] : []),
  ];
  return parts.join(' ');
}

export function acrossHtml(s: AcrossSection): string {
  const models = htmlTable('across-models', ['model', 'agents'], s.models.map((m) => [escapeHtml(m.name), `<code>${escapeHtml(m.agents)}</code>`]));
  const blocks = s.verdicts.map((v, i) => {
    const rows = v.rows.map((r) => [escapeHtml(r.model), fmtPct(r.baseRate), fmtPct(r.variantRate), fmtPoints(r.diff), fmtPointsInterval(r.lo, r.hi), escapeHtml(fmtP(r.pHolm)), significanceCell(r, '–'), `±${fmtPointsWord(r.mdd).replace(/ points?$/, '')}`]);
    const table = htmlTable(`across-${i}`, ['model', 'base', 'variant', 'variant − base (points)', '95% interval (points)', 'p (Holm)', '', 'MDD 80% (points)'], rows, [false, true, true, true, true, true, false, true]);
    const note = v.rows.some((r) => excludesZeroOnlyUnadjusted(r)) ? `<p class="note">${escapeHtml(holmNote(s.tests))}</p>` : '';
    return `<h3>${escapeHtml(pairTitle(v))}</h3>${table}${note}<p class="headline verdict" data-verdict="${escapeHtml(v.verdict)}">verdict: ${escapeHtml(v.text)}</p>`;
  });
  return `<p class="note" id="across-sign">${escapeHtml(DIFFERENCE_LABEL)}, in percentage points: positive means the variant makes the outcome more likely than its base.</p>${models}${blocks.join('\n')}<p class="note" id="across-method">${escapeHtml(s.method)}</p>`;
}

export function acrossCommandSection(s: AcrossSection): CommandSection<AcrossSection> {
  return { output: 'compare-across', key: 'across', data: s, headline: acrossHeadline(s), heading: 'Verdicts across player models', html: acrossHtml(s), charts: [acrossChart(s)], csv: { 'across.csv': acrossCsv(s) } };
}
