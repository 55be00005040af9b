// The balance family under several player models (`balance --across`,
// `fair --across`, `roles --across`): one question per row (the knob, each
// player count, each role), each model's answer in its own column, and
// whether the models agree. Each model's full section is kept in the JSON.

import type { Chart } from '../charts.js';
import { CONFIG, PERCENT_AXIS } from '../charts.js';
import { escapeHtml } from '../html.js';
import { csvText, htmlTable, textTable, type CommandSection } from './format.js';

export interface AcrossCell {
  readonly text: string;
  /** What must be equal across models for them to agree (null: no answer under this model). */
  readonly key: string | null;
  /** The key in words, where it is a code (fair's `too-low`: "NOT FAIR (too low)"). */
  readonly answer?: string;
  /** A number to chart (a rate or points), with its interval, when there is one. */
  readonly value?: { x: number; lo: number; hi: number };
}

export interface AcrossMatrixRow {
  readonly label: string;
  readonly cells: readonly AcrossCell[];
}

export interface AcrossMatrix {
  readonly command: 'balance' | 'fair' | 'roles';
  /** The column of questions: "knob", "players", "role". */
  readonly rowHeader: string;
  /** What "agree" means for this command, for the text and the page. */
  readonly agreeMeans: string;
  /** Title of the chart's axis, when cells carry values. */
  readonly valueTitle?: string;
  /** Whether the values are rates (charted in percent), not points. */
  readonly valuePercent?: boolean;
  readonly models: ReadonlyArray<{ name: string; agents: string }>;
  readonly rows: readonly AcrossMatrixRow[];
  /** Each model's own section data, by model name. */
  readonly perModel: Readonly<Record<string, unknown>>;
}

export type Agreement = 'agree' | 'differ' | 'no answer';

/** The matrix as summary.json holds it, each model's own section (T) under its name. */
export interface AcrossMatrixJson<T = unknown> {
  readonly command: AcrossMatrix['command'];
  readonly agreeMeans: string;
  readonly models: AcrossMatrix['models'];
  readonly rows: ReadonlyArray<{ readonly label: string; readonly agreement: Agreement; readonly cells: readonly AcrossCell[] }>;
  readonly perModel: Readonly<Record<string, T>>;
}

export function rowAgreement(row: AcrossMatrixRow): Agreement {
  const keys = row.cells.map((c) => c.key);
  if (keys.some((k) => k === null)) return 'no answer';
  return new Set(keys).size === 1 ? 'agree' : 'differ';
}

function answerOf(c: AcrossCell): string {
  return c.answer ?? c.key ?? 'no answer';
}

/** Which models give which answer, for a row whose models differ. */
function splitText(m: AcrossMatrix, row: AcrossMatrixRow): string {
  const groups = new Map<string, string[]>();
  row.cells.forEach((c, i) => groups.set(answerOf(c), [...(groups.get(answerOf(c)) ?? []), m.models[i]!.name]));
  return [...groups.entries()].map(([k, names]) => `${k} under ${names.join(', ')}`).join('; ');
}

/**
 * The verdict, leading with the rows every model agrees on, then those that
 * depend on the model (naming which models give which answer), then those
 * some model could not answer.
 */
export function acrossVerdictLines(m: AcrossMatrix): string[] {
  const agree = m.rows.filter((r) => rowAgreement(r) === 'agree');
  const differ = m.rows.filter((r) => rowAgreement(r) === 'differ');
  const open = m.rows.filter((r) => rowAgreement(r) === 'no answer');
  const n = m.models.length;
  if (differ.length === 0 && open.length === 0) return [`verdict: holds: the ${n} player models agree (${m.agreeMeans}) on every ${m.rowHeader}`];
  const head =
    differ.length > 0
      ? `verdict: depends: the models differ (${m.agreeMeans}) on ${differ.length} of ${m.rows.length} ${m.rowHeader} row(s)`
      : `verdict: not decided: some models give no answer on ${open.length} of ${m.rows.length} ${m.rowHeader} row(s) (play more games)`;
  const lines = [`${head}:`];
  if (agree.length > 0) lines.push(`  holds under all ${n} models: ${agree.map((r) => `${r.label} (${answerOf(r.cells[0]!)})`).join('; ')}`);
  if (differ.length > 0) lines.push('  depends on the model:', ...differ.map((r) => `    ${r.label}: ${splitText(m, r)}`));
  if (open.length > 0) lines.push('  no answer under some models:', ...open.map((r) => `    ${r.label}: ${splitText(m, r)}`));
  return lines;
}

/** The page's first sentence: what holds under every model, then what depends, naming the models. */
export function acrossMatrixHeadline(m: AcrossMatrix): string {
  const agree = m.rows.filter((r) => rowAgreement(r) === 'agree');
  const differ = m.rows.filter((r) => rowAgreement(r) === 'differ');
  const open = m.rows.filter((r) => rowAgreement(r) === 'no answer');
  const n = m.models.length;
  const parts = [
    agree.length > 0 ? `Holds under all ${n} player models (${m.agreeMeans}): ${agree.map((r) => `${r.label} (${answerOf(r.cells[0]!)})`).join('; ')}.` : `Nothing holds under all ${n} player models (${m.agreeMeans}).`,
    ...(differ.length > 0 ? [`Depends on the model: ${differ.map((r) => `${r.label} (${splitText(m, r)})`).join('; ')}.`] : []),
    ...(open.length > 0 ? [`Not decided under some models: ${open.map((r) => r.label).join(', ')}.`] : []),
  ];
  return parts.join(' ');
}

export function acrossMatrixText(title: string, m: AcrossMatrix): string {
  const rows = m.rows.map((r) => [r.label, ...r.cells.map((c) => c.text), rowAgreement(r)]);
  // Too wide for the terminal, each row becomes a block of one line per model: a model's column never sits apart from the others.
  const table = textTable([m.rowHeader, ...m.models.map((x) => x.name), 'models'], rows, { below: [] });
  return [title, `models: ${m.models.map((x) => `${x.name} (${x.agents})`).join('; ')}`, ...table, '', ...acrossVerdictLines(m)].join('\n') + '\n';
}

function matrixChart(m: AcrossMatrix): Chart | null {
  if (!m.valueTitle) return null;
  const values = m.rows.flatMap((r) => r.cells.map((c, i) => (c.value ? { row: r.label, model: m.models[i]!.name, ...c.value } : null)).filter((v) => v !== null));
  if (values.length === 0) return null;
  const models = m.models.map((x) => x.name);
  const y = { field: 'row', type: 'nominal' as const, title: null, sort: m.rows.map((r) => r.label), axis: { labelLimit: 320 } };
  const offset = { yOffset: { field: 'model', type: 'nominal' as const, sort: models } };
  const color = { field: 'model', type: 'nominal' as const, title: 'player model', sort: models };
  const x = { field: 'x', type: 'quantitative' as const, title: m.valueTitle, ...(m.valuePercent ? { axis: PERCENT_AXIS } : {}) };
  return {
    name: 'across',
    title: `${m.valueTitle} under each player model`,
    spec: {
      $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
      config: CONFIG,
      width: 520,
      height: { step: 12 * Math.max(2, models.length) },
      data: { values },
      layer: [
        { mark: { type: 'rule', strokeWidth: 2 }, encoding: { y, ...offset, x: { ...x, field: 'lo' }, x2: { field: 'hi' }, color } },
        { mark: { type: 'point', filled: true, size: 50, opacity: 1 }, encoding: { y, ...offset, x, color } },
      ],
    },
  };
}

export function acrossMatrixSection(m: AcrossMatrix): CommandSection<AcrossMatrixJson> {
  const head = [m.rowHeader, ...m.models.map((x) => x.name), 'models'];
  const rows = m.rows.map((r) => [escapeHtml(r.label), ...r.cells.map((c) => escapeHtml(c.text)), rowAgreement(r)]);
  const verdict = acrossVerdictLines(m);
  const chart = matrixChart(m);
  const models = htmlTable('across-models', ['model', 'agents'], m.models.map((x) => [escapeHtml(x.name), `<code>${escapeHtml(x.agents)}</code>`]));
  const csv = csvText(['row', 'model', 'agents', 'answer', 'agreement'], m.rows.flatMap((r) => r.cells.map((c, i) => [r.label, m.models[i]!.name, m.models[i]!.agents, c.text, rowAgreement(r)])));
  return {
    output: `${m.command}-across`,
    key: 'across',
    data: { command: m.command, agreeMeans: m.agreeMeans, models: m.models, rows: m.rows.map((r) => ({ label: r.label, agreement: rowAgreement(r), cells: r.cells })), perModel: m.perModel },
    headline: acrossMatrixHeadline(m),
    heading: `Across ${m.models.length} player models`,
    html: `${models}${htmlTable('across', head, rows)}<p class="headline verdict">${verdict.map(escapeHtml).join('<br>')}</p>`,
    charts: chart ? [chart] : [],
    csv: { 'across.csv': csv },
  };
}
