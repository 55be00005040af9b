// The captured command blocks of README (scripts/readmeBlocks.ts, run by
// `npm run readme:check`): parsing a page's `$ COMMAND` blocks, dropping the
// clock-named report line only where the page shows none, the differences
// line by line, and writing a block back; and README's own blocks are all
// commands the checker can run (mafia-sim, with environment assignments).

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { blockDifferences, capturedBlocks, printedAsShown, withBlockOutput } from '../../scripts/readmeBlocks.js';

const page = ['# t', '', '```', '$ mafia-sim run --games 10', 'line a', 'line b', '```', '', '```sh', 'mafia-sim not captured', '```', '', '```', '$ COLUMNS=120 mafia-sim fair', 'report: /tmp/x/report.html', '```', ''].join('\n');

describe('capturedBlocks', () => {
  it('finds each fenced block that opens with `$ `, with its command, line and output, and no other', () => {
    const b = capturedBlocks(page);
    expect(b.map((x) => x.command)).toEqual(['mafia-sim run --games 10', 'COLUMNS=120 mafia-sim fair']);
    expect(b[0]!.line).toBe(4);
    expect(b[0]!.output).toEqual(['line a', 'line b']);
    expect(b[1]!.index).toBe(1);
    expect(b[1]!.output).toEqual(['report: /tmp/x/report.html']);
  });
});

describe('printedAsShown', () => {
  const [plain, withReport] = capturedBlocks(page);
  const clocked = 'line a\nline b\nreport: /home/u/reports/run-20261202-024426/report.html\n\n';
  it('drops the clock-named report line of a run without --out when the page shows none', () => {
    expect(printedAsShown(clocked, plain!)).toEqual(['line a', 'line b']);
  });
  it('keeps a report line the page shows, and any other last line', () => {
    expect(printedAsShown('report: /home/u/reports/fair-20261202-024426/report.html\n', withReport!)).toEqual(['report: /home/u/reports/fair-20261202-024426/report.html']);
    expect(printedAsShown('line a\nreport: /tmp/ex/r1/report.html\n', plain!)).toEqual(['line a', 'report: /tmp/ex/r1/report.html']);
  });
});

describe('blockDifferences and withBlockOutput', () => {
  it('lists the lines that differ, page then run, and nothing when equal', () => {
    expect(blockDifferences(['a', 'b'], ['a', 'b'])).toEqual([]);
    expect(blockDifferences(['a', 'b'], ['a', 'c', 'd'])).toEqual(['2 - b', '2 + c', '3 + d']);
  });
  it('writes a block back in place, the rest of the page untouched', () => {
    const [first] = capturedBlocks(page);
    const next = withBlockOutput(page, first!, ['new 1', 'new 2', 'new 3']);
    expect(capturedBlocks(next)[0]!.output).toEqual(['new 1', 'new 2', 'new 3']);
    expect(capturedBlocks(next)[1]!.output).toEqual(['report: /tmp/x/report.html']);
    expect(next.split('\n').slice(-3)).toEqual(page.split('\n').slice(-3));
  });
});

describe("README's captured blocks", () => {
  it('are all mafia-sim commands the checker can run', () => {
    const blocks = capturedBlocks(readFileSync(new URL('../../README.md', import.meta.url), 'utf8'));
    expect(blocks.length).toBeGreaterThanOrEqual(10);
    for (const b of blocks) expect(b.command).toMatch(/^([A-Z_]+=\S+ )*mafia-sim /);
  });
});
