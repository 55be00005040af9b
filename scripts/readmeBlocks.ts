// The captured command blocks of a Markdown page: a fenced block whose first
// line is `$ COMMAND` holds what COMMAND printed, byte for byte, below it.
// Pure parsing and comparison, used by scripts/readmeCheck.ts (which runs
// the commands) and tested on its own (test/docs/readmeBlocks.test.ts).

export interface CapturedBlock {
  /** 0-based index among the page's captured blocks, in page order. */
  readonly index: number;
  /** 1-based line of the `$ ` line. */
  readonly line: number;
  /** The command after `$ `, environment assignments included (`COLUMNS=120 mafia-sim ...`). */
  readonly command: string;
  /** The lines between the `$ ` line and the closing fence. */
  readonly output: readonly string[];
}

const FENCE = '```';

/** Every fenced block that opens with a `$ ` line, in page order. */
export function capturedBlocks(page: string): CapturedBlock[] {
  const lines = page.split('\n');
  const out: CapturedBlock[] = [];
  for (let i = 0; i + 1 < lines.length; i++) {
    if (!lines[i]!.startsWith(FENCE) || !lines[i + 1]!.startsWith('$ ')) continue;
    let j = i + 2;
    while (j < lines.length && !lines[j]!.startsWith(FENCE)) j++;
    if (j >= lines.length) break;
    out.push({ index: out.length, line: i + 2, command: lines[i + 1]!.slice(2), output: lines.slice(i + 2, j) });
    i = j;
  }
  return out;
}

/**
 * A command's printed lines as a page shows them: trailing blank lines
 * dropped, and the report line of a command without `--out` (its folder is
 * named by the clock, `reports/<study>-<time>/`) dropped when the page's
 * block has none, since no run can print the same one twice.
 */
export function printedAsShown(stdout: string, block: CapturedBlock): string[] {
  const lines = stdout.replace(/\n+$/, '').split('\n');
  const last = lines[lines.length - 1] ?? '';
  const timed = /^report: .*reports\/[a-z-]+-\d{8}-\d{6}\/report\.html$/.test(last);
  if (timed && !block.output.some((l) => l.startsWith('report: '))) lines.pop();
  return lines;
}

/** The lines that differ, as `-` (the page) and `+` (the run) lines with their 1-based position in the block; empty when equal. */
export function blockDifferences(shown: readonly string[], printed: readonly string[]): string[] {
  const diff: string[] = [];
  const n = Math.max(shown.length, printed.length);
  for (let k = 0; k < n; k++) {
    if (shown[k] === printed[k]) continue;
    if (shown[k] !== undefined) diff.push(`${k + 1} - ${shown[k]}`);
    if (printed[k] !== undefined) diff.push(`${k + 1} + ${printed[k]}`);
  }
  return diff;
}

/** The page with one block's output replaced by `printed` (for `--write`). */
export function withBlockOutput(page: string, block: CapturedBlock, printed: readonly string[]): string {
  const lines = page.split('\n');
  lines.splice(block.line, block.output.length, ...printed);
  return lines.join('\n');
}
