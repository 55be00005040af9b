// Plain text that fits the terminal: every table the commands print, and a
// wrap for prose lines. A table too wide for the width first wraps its prose
// columns (never below MIN_WRAP), then moves columns out of the row, last
// first, onto indented "header: value" lines under it, and in the end shows
// each row as a block; terminal-columns does the wrapping and alignment.

import { terminalColumns } from 'terminal-columns';

/** Space between columns. */
const GAP = 2;
/** A prose column is not wrapped narrower than this: below it the column moves under its row. */
const MIN_WRAP = 24;
/** Indent of the lines a moved column goes on, under its row. */
const BELOW_INDENT = 4;

/**
 * The width to fit: the terminal's when stdout is one; for piped output the
 * COLUMNS variable when set (e.g. COLUMNS=1000 for one line per row), else 80.
 */
export function outputWidth(stream: { isTTY?: boolean; columns?: number } = process.stdout): number {
  if (stream.isTTY && stream.columns !== undefined && stream.columns > 0) return stream.columns;
  const env = Number(process.env.COLUMNS);
  return Number.isInteger(env) && env >= 20 ? env : 80;
}

export interface TableOptions {
  /** The width to fit (default: outputWidth()). */
  readonly width?: number;
  /** Right-aligned columns (default: those whose every cell reads as a number). */
  readonly numeric?: readonly boolean[];
  /** Prose columns that may wrap onto more lines before any column moves (default: none). */
  readonly wrap?: readonly number[];
  /** Columns that may move under their row, in the order they move (default: from the last to the second). */
  readonly below?: readonly number[];
  /** A dashed rule under the header. */
  readonly rule?: boolean;
  /** Spaces before every line. */
  readonly indent?: number;
}

const width = (s: string): number => [...s].length;

/** A cell reads as a number: digits, a sign, a bracket, or a dash for none. */
function looksNumeric(cell: string): boolean {
  return /^[-−+<>±\d[(]/.test(cell) || cell === '' || cell === '–';
}

/** Columns padded to their widest cell, two spaces apart, fitted to the width as the header comment says. */
export function textTable(head: readonly string[], rows: ReadonlyArray<readonly string[]>, o: TableOptions = {}): string[] {
  const total = o.width ?? outputWidth();
  const indent = o.indent ?? 0;
  const n = head.length;
  const all = [head, ...rows];
  const natural = head.map((_, c) => Math.max(...all.map((r) => width(r[c] ?? ''))));
  const numeric = o.numeric ?? head.map((_, c) => rows.length > 0 && rows.every((r) => looksNumeric(r[c] ?? '')));
  const order = o.below ?? Array.from({ length: n - 1 }, (_, i) => n - 1 - i);
  const kept = Array.from({ length: n }, (_, c) => c);
  for (let moved = 0; ; moved++) {
    const widths = fitted(kept, natural, head, o.wrap ?? [], total - indent);
    if (widths) return render(head, rows, kept, widths, numeric, o.rule ?? false, indent, total);
    const next = order[moved];
    if (next === undefined) break;
    kept.splice(kept.indexOf(next), 1);
  }
  return blocks(head, rows, indent, total);
}

/** Widths for the kept columns within `room`, wrapping the wrap columns widest first, or null if they cannot fit. */
function fitted(kept: readonly number[], natural: readonly number[], head: readonly string[], wrap: readonly number[], room: number): number[] | null {
  const widths = kept.map((c) => natural[c]!);
  let over = widths.reduce((s, w) => s + w, 0) + GAP * (kept.length - 1) - room;
  const narrowest = (i: number) => Math.min(natural[kept[i]!]!, Math.max(MIN_WRAP, width(head[kept[i]!]!)));
  while (over > 0) {
    const widest = kept.map((c, i) => i).filter((i) => wrap.includes(kept[i]!) && widths[i]! > narrowest(i)).sort((a, b) => widths[b]! - widths[a]!)[0];
    if (widest === undefined) return null;
    const take = Math.min(over, widths[widest]! - narrowest(widest));
    widths[widest]! -= take;
    over -= take;
  }
  return widths;
}

function render(head: readonly string[], rows: ReadonlyArray<readonly string[]>, kept: readonly number[], widths: readonly number[], numeric: readonly boolean[], rule: boolean, indent: number, total: number): string[] {
  const columns = kept.map((c, i) => ({ width: widths[i]!, align: numeric[c] ? ('right' as const) : ('left' as const), paddingLeft: i === 0 ? indent : GAP }));
  const line = (r: readonly string[]) => terminalColumns([kept.map((c) => r[c] ?? '')], { stdoutColumns: Number.POSITIVE_INFINITY, columns }).split('\n').map((l) => l.trimEnd());
  const moved = head.map((_, c) => c).filter((c) => !kept.includes(c));
  const out = [...line(head), ...(rule ? line(head.map((_, c) => (kept.includes(c) ? '-'.repeat(widths[kept.indexOf(c)]!) : ''))) : [])];
  for (const r of rows) out.push(...line(r), ...belowLines(head, r, moved, indent + BELOW_INDENT, total));
  return out;
}

/** The moved columns of a row as "header: value" lines, the values wrapped and aligned after the longest header. */
function belowLines(head: readonly string[], row: readonly string[], moved: readonly number[], indent: number, total: number): string[] {
  const shown = moved.filter((c) => (row[c] ?? '') !== '');
  if (shown.length === 0) return [];
  const label = Math.max(1, ...shown.map((c) => (head[c] ? width(head[c]!) + 1 : 0)));
  const columns = [
    { width: label, paddingLeft: indent },
    { width: Math.max(8, total - indent - label - 1), paddingLeft: 1 },
  ];
  return terminalColumns(shown.map((c) => [head[c] ? `${head[c]}:` : '', row[c]!]), { stdoutColumns: Number.POSITIVE_INFINITY, columns }).split('\n').map((l) => l.trimEnd());
}

/** Each row as a block: its first cell, then every other column on a line of its own. */
function blocks(head: readonly string[], rows: ReadonlyArray<readonly string[]>, indent: number, total: number): string[] {
  const others = head.map((_, c) => c).slice(1);
  return rows.flatMap((r) => [...wrapLine(`${' '.repeat(indent)}${r[0] ?? ''}`, total), ...belowLines(head, r, others, indent + BELOW_INDENT, total)]);
}

/** One line wrapped at spaces to the width; continuation lines indented 4 more than the line. */
export function wrapLine(line: string, total: number = outputWidth()): string[] {
  if (width(line) <= total) return [line];
  const lead = line.length - line.trimStart().length;
  const hang = Math.min(lead + BELOW_INDENT, Math.floor(total / 2));
  const lines = terminalColumns([[line.trimStart()]], { stdoutColumns: Number.POSITIVE_INFINITY, columns: [{ width: total - hang, paddingLeft: hang }] })
    .split('\n')
    .map((l) => l.trimEnd());
  lines[0] = ' '.repeat(lead) + lines[0]!.trimStart();
  return lines;
}

/** A whole text with every line fitted to the width (a table's lines already fit). */
export function fitText(text: string, total: number = outputWidth()): string {
  return text
    .split('\n')
    .flatMap((l) => wrapLine(l, total))
    .join('\n');
}
