// Pieces shared by the balance commands' reports: the section a command adds
// to the standard report, and plain-text, HTML and CSV tables. No rendering
// here, so the commands can build their text without loading vega.

import { fitText } from '../table.js';
import { stringify } from 'csv-stringify/sync';
import type { Chart } from '../charts.js';
import { escapeHtml } from '../html.js';
import { SCHEMA_VERSIONS, type OutputName } from '../../sim/schemaVersions.js';
import type { StudySummary } from '../summary.js';
import { teamLegend } from '../teams.js';

/** The JSON outputs that are a study summary with a command's section (docs/schemas/<name>.schema.json). */
export type SectionOutput = Extract<OutputName, 'compare-across' | 'compare-adapt' | 'balance' | 'balance-table' | 'balance-across' | 'roles' | 'roles-across' | 'fair' | 'fair-across' | 'tune' | 'equilibrium-report'>;

export interface CommandSection<T = unknown> {
  /** Which output the sectioned summary.json is: its `schemaVersion` and schema file. */
  readonly output: SectionOutput;
  /** Key of the section in summary.json (`balance`, `roles`, `fair`, `tune`, `across`). */
  readonly key: string;
  readonly data: T;
  /** The page's first sentence: the command's finding (replaces the standard headline). */
  readonly headline: string;
  /** Heading and body of the findings, shown above the standard tables. */
  readonly heading: string;
  readonly html: string;
  readonly charts: readonly Chart[];
  /** File name -> CSV text. */
  readonly csv: Readonly<Record<string, string>>;
}

/** The terminal text with the mafia make-up (of each setup, when they differ) under its title line, fitted to the terminal's width. */
export function withTeamLine(text: string, s: StudySummary): string {
  const nl = text.indexOf('\n');
  const team = teamLegend(s.variants);
  if (nl < 0 || team === '') return fitText(text);
  return fitText(`${text.slice(0, nl + 1)}${team}\n${text.slice(nl + 1)}`);
}

/**
 * The full summary.json: the standard study summary with the command's
 * section added, versioned as its own output (the section's shape is part of it).
 */
export function sectionedSummary(s: StudySummary, section: CommandSection): Record<string, unknown> {
  return { ...s, schemaVersion: SCHEMA_VERSIONS[section.output], [section.key]: section.data };
}

/** The type of `sectionedSummary`'s object for output N with section K holding T: what its schema is generated from. */
export type SectionedSummary<N extends SectionOutput, K extends string, T> = Omit<StudySummary, 'schemaVersion'> & { readonly schemaVersion: (typeof SCHEMA_VERSIONS)[N] } & { readonly [k in K]: T };

/** An HTML table from a header and rows of already-escaped cells; numeric columns right-aligned. */
export function htmlTable(id: string, head: readonly string[], rows: ReadonlyArray<readonly string[]>, numeric: readonly boolean[] = []): string {
  const th = head.map((h) => `<th>${escapeHtml(h)}</th>`).join('');
  const tr = rows.map((r) => `<tr>${r.map((c, i) => `<td${numeric[i] ? ' class="num"' : ''}>${c}</td>`).join('')}</tr>`).join('');
  return `<table id="${escapeHtml(id)}"><thead><tr>${th}</tr></thead><tbody>${tr}</tbody></table>`;
}

export type CsvCell = string | number | boolean;

export function csvText(header: readonly string[], rows: ReadonlyArray<readonly CsvCell[]>): string {
  return stringify([header, ...rows], { cast: { boolean: (b) => String(b), number: (n) => String(n) } });
}

/** Plain-text tables fitted to the terminal (src/report/table.ts), re-exported for the balance reports. */
export { textTable } from '../table.js';

export function fmtPercent(x: number, digits = 1): string {
  if (!Number.isFinite(x)) return '–';
  if (x >= 1 - 0.5 * 10 ** -(digits + 2)) return '>' + (100 - 10 ** -digits).toFixed(digits) + '%';
  return (100 * x).toFixed(digits) + '%';
}
