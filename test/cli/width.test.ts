// Output that fits the terminal (issue 22, point 12): `rules --list` (387
// columns before), `players --list` (212) and `fair --across` (about 250) at
// 80 and 120 columns, with nothing lost; the table layout itself (wrap a
// prose column, move columns under their row, rows as blocks); and the
// width taken from the terminal, else COLUMNS, else 80.

import { describe, expect, it } from 'vitest';
import { OPTION_SPECS } from '../../src/engine/options.js';
import { PARAM_SPECS } from '../../src/agents/index.js';
import { fitText, outputWidth, textTable, wrapLine } from '../../src/report/table.js';
import { cli, scratchDir } from '../sim/cli.js';

/** Every line's width in characters (the minus and ± signs are one column each). */
const widest = (text: string): number => Math.max(...text.split('\n').map((l) => [...l].length));
/** The words of a text, whatever its line breaks. */
const words = (text: string): string => text.replace(/\s+/g, ' ').trim();

async function at(columns: number, args: readonly string[]): Promise<string> {
  const r = await cli(args, { COLUMNS: String(columns) });
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

describe.each([80, 120])('at %i columns', (columns) => {
  it('rules --list fits, with every option, its values, what is allowed and its meaning', async () => {
    const text = await at(columns, ['rules', '--list']);
    expect(widest(text)).toBeLessThanOrEqual(columns);
    const flat = words(text);
    for (const o of OPTION_SPECS) {
      expect(text).toMatch(new RegExp(`^${o.key.replace(/\./g, '\\.')}\\s`, 'm'));
      expect(flat).toContain(words(o.doc));
    }
  });

  it('players --list fits, with every parameter and its meaning', async () => {
    const text = await at(columns, ['players', '--list']);
    expect(widest(text)).toBeLessThanOrEqual(columns);
    const flat = words(text);
    for (const p of PARAM_SPECS) {
      expect(text).toMatch(new RegExp(`^${p.key.replace(/\./g, '\\.')}\\s`, 'm'));
      expect(flat).toContain(words(p.doc));
    }
  });

  it("fair --across fits, with every model's verdict", async () => {
    const text = await at(columns, ['fair', '--across', 'default', '--quiet', '--out', `${scratchDir()}/fair-${columns}`]);
    expect(widest(text)).toBeLessThanOrEqual(columns);
    for (const model of ['club', 'novice', 'expert', 'strong-town', 'strong-mafia']) expect(text).toMatch(new RegExp(`^ +${model}: +(NOT FAIR|fair|not shown unfair|undecided)`, 'm'));
  });
});

describe('a wide terminal keeps one line per row', () => {
  it('rules --list at 1000 columns is the plain table', async () => {
    const text = await at(1000, ['rules', '--list']);
    const rows = text.split('\n').filter((l) => OPTION_SPECS.some((o) => l.startsWith(`${o.key} `)));
    expect(rows).toHaveLength(OPTION_SPECS.length);
    for (const o of OPTION_SPECS) expect(rows.find((l) => l.startsWith(`${o.key} `))).toContain(o.doc);
  });

  it('--json is there for each of them', async () => {
    expect(JSON.parse(await at(40, ['rules', '--list', '--json'])).options).toHaveLength(OPTION_SPECS.length);
    expect(JSON.parse(await at(40, ['players', '--list', '--json'])).params).toHaveLength(PARAM_SPECS.length);
  });
});

describe('textTable', () => {
  const head = ['key', 'a', 'b', 'meaning'];
  const rows = [
    ['first.key', '1', 'true', 'a long sentence of prose that says what the key is for and more'],
    ['second', '22', 'false', 'short'],
  ];

  it('is the plain aligned table when it fits, numbers right-aligned', () => {
    expect(textTable(head, rows, { width: 200 })).toEqual([
      'key         a  b      meaning',
      'first.key   1  true   a long sentence of prose that says what the key is for and more',
      'second     22  false  short',
    ]);
  });

  it('wraps a prose column first, down to 24 columns', () => {
    const lines = textTable(head, rows, { width: 50, wrap: [3] });
    expect(widest(lines.join('\n'))).toBeLessThanOrEqual(50);
    expect(lines[1]).toMatch(/^first\.key   1  true   a long sentence/);
    expect(lines[2]).toMatch(/^ {22}\S/);
  });

  it('then moves columns under their row as "header: value" lines', () => {
    const lines = textTable(head, rows, { width: 30, wrap: [3] });
    expect(widest(lines.join('\n'))).toBeLessThanOrEqual(30);
    expect(lines[0]).toBe('key         a  b');
    expect(lines[1]).toBe('first.key   1  true');
    expect(lines[2]).toMatch(/^ {4}meaning: a long sentence/);
    expect(words(lines.join('\n'))).toContain(words(rows[0]![3]!));
  });

  it('and in the end shows each row as a block', () => {
    const lines = textTable(head, rows, { width: 30, below: [] });
    expect(lines.slice(0, 3)).toEqual(['first.key', '    a:       1', '    b:       true']);
    expect(widest(lines.join('\n'))).toBeLessThanOrEqual(30);
  });

  it('a dashed rule under the header follows the columns', () => {
    expect(textTable(['k', 'v'], [['x', 'long value']], { width: 80, rule: true, numeric: [false, false] })[1]).toBe('-  ----------');
  });

  it('prose lines wrap at spaces, the continuation indented', () => {
    expect(wrapLine('  one two three four five six', 14)).toEqual(['  one two', '      three', '      four', '      five six']);
    expect(fitText('short\nalso short', 10)).toBe('short\nalso short');
  });
});

describe('the width', () => {
  it('is the terminal width on a terminal, else COLUMNS, else 80', () => {
    const saved = process.env.COLUMNS;
    try {
      delete process.env.COLUMNS;
      expect(outputWidth({ isTTY: true, columns: 132 })).toBe(132);
      expect(outputWidth({ isTTY: false })).toBe(80);
      process.env.COLUMNS = '100';
      expect(outputWidth({ isTTY: false })).toBe(100);
      expect(outputWidth({ isTTY: true, columns: 90 })).toBe(90);
      process.env.COLUMNS = 'wide';
      expect(outputWidth({ isTTY: false })).toBe(80);
    } finally {
      if (saved === undefined) delete process.env.COLUMNS;
      else process.env.COLUMNS = saved;
    }
  });
});
