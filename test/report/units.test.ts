// One unit in each output (issue 22, point 11): rates in percent, differences
// of rates in percentage points ("points") on the terminal, the page's tables
// and the charts, never a fraction beside a number of points; the files keep
// fractions. A difference whose unadjusted interval excludes 0 but which Holm
// leaves unsignificant carries a mark and a note saying why.

import { beforeAll, describe, expect, it } from 'vitest';
import { acrossText, verdictOf, type AcrossRow, type AcrossSection } from '../../src/report/across.js';
import { chartsFor } from '../../src/report/charts.js';
import { differencesCsv } from '../../src/report/csv.js';
import { reportHtml } from '../../src/report/html.js';
import type { StudySummary } from '../../src/report/summary.js';
import { terminalTable } from '../../src/report/terminal.js';
import { study, variant } from './helpers.js';

/** A fraction written as one: 0.307, +0.219, −0.012 (not 30.7% or +21.9). */
const FRACTION = /(?<![\d.])[−+-]?0\.\d{3}\b/;

/** The text without its p-values (probabilities, printed as such, in the column before the verdict). */
function withoutP(text: string): string {
  return text.replace(/<?[01]\.\d{3}(?=\s+(significant|-))/g, '').replace(/<td class="num">(&lt;)?[01]\.\d{3}<\/td>(?=<td( class="sig")?>)/g, '');
}

/** The HTML of the rates and differences tables (the rules table has option values such as 0.3). */
function tables(html: string): string {
  return [...html.matchAll(/<table id="(rates|differences)">[\s\S]*?<\/table>/g)].map((m) => m[0]).join('\n');
}

describe('a comparison speaks one unit', () => {
  let s: StudySummary;
  beforeAll(async () => {
    s = await study([variant('club', 'club'), variant('no putana', 'club', ['roles.putana=0'])], { games: 800 });
  });

  it('the terminal: rates in percent, differences in points, no fraction', () => {
    const text = terminalTable(s);
    const d = s.pairs[0]!.differences.town;
    const sign = d.diff < 0 ? '−' : '+';
    expect(text).toMatch(new RegExp(`\\${sign}${Math.abs(100 * d.diff).toFixed(1)}\\s+\\[`));
    expect(text).toMatch(new RegExp(`${(100 * s.variants[0]!.rates.town.rate).toFixed(1)}% ± `));
    expect(text).toContain('paired differences in points (percentage points)');
    expect(withoutP(text)).not.toMatch(FRACTION);
  });

  it('the page: the same in its tables, the headline in points', () => {
    const html = reportHtml(s, []);
    expect(withoutP(tables(html))).not.toMatch(FRACTION);
    expect(tables(html)).toContain('<th>variant − base (points)</th>');
    expect(html).toMatch(/id="headline">[^<]*points \[/);
  });

  it('the differences chart is in points, the rates chart in percent', () => {
    const charts = chartsFor(s);
    const diff = charts.find((c) => c.name === 'differences')!.spec as Record<string, any>;
    const town = (diff.data.values as Array<{ outcome: string; diff: number }>).find((v) => v.outcome === 'town')!;
    expect(town.diff).toBeCloseTo(100 * s.pairs[0]!.differences.town.diff, 10);
    expect(diff.layer[1].encoding.x.title).toContain('in points');
    const rates = charts.find((c) => c.name === 'outcomes')!.spec as Record<string, any>;
    expect(rates.layer[0].encoding.x.axis.format).toBe('.0%');
  });

  it('the CSV keeps fractions (the files are read by programs)', () => {
    const csv = differencesCsv(s);
    expect(csv).toContain(String(s.pairs[0]!.differences.town.diff));
  });
});

describe('an interval clear of 0 that Holm leaves unsignificant', () => {
  it('is marked on the terminal and the page, with a note saying why', async () => {
    const s = await study([variant('club', 'club'), variant('tie random', 'club', ['vote.tie=random'])], { games: 300 });
    // The same summary with one difference moved just clear of 0, as a study with many tests makes it.
    const d = s.pairs[0]!.differences.town;
    const moved = { ...d, lo: 0.004, hi: 0.05, diff: 0.027, pHolm: 0.2, significant: false };
    const marked: StudySummary = { ...s, pairs: [{ ...s.pairs[0]!, differences: { ...s.pairs[0]!.differences, town: moved } }] };
    const text = terminalTable(marked);
    expect(text).toMatch(/town\s+\+2\.7\s+\[\+0\.4, \+5\.0\]\s+0\.200\s+-\*/);
    expect(text).toContain(`*: its 95% interval excludes 0, but the interval is not adjusted for multiplicity while significance is: after Holm's correction over the ${s.statistics.tests} tests`);
    const html = reportHtml(marked, []);
    expect(html).toContain('<td>not significant*</td>');
    expect(html).toContain('id="holm-note"');
    // Without such a row there is no mark and no note.
    const plain = terminalTable({ ...marked, pairs: [{ ...marked.pairs[0]!, differences: { ...marked.pairs[0]!.differences, town: { ...moved, lo: -0.01 } } }] });
    expect(plain).not.toContain('-*');
    expect(plain).not.toContain("Holm's correction over");
  });

  it('under --across too', () => {
    const row = (model: string, lo: number, significant: boolean): AcrossRow => ({ model, agents: model, games: 1000, baseRate: 0.3, variantRate: 0.33, diff: 0.03, lo, hi: 0.06, se: 0.01, p: 0.01, pHolm: significant ? 0.01 : 0.3, significant, mdd: 0.03, onlyBase: 10, onlyVariant: 40 });
    const v = verdictOf('club', 'reveal', 'town', [row('a', 0.01, true), row('b', 0.002, false)]);
    const s: AcrossSection = { models: [{ name: 'a', agents: 'a' }, { name: 'b', agents: 'b' }], tests: 12, method: '', verdicts: [v] };
    const text = acrossText('t', s);
    expect(text).toMatch(/b\s+30\.0%\s+33\.0%\s+\+3\.0\s+\[\+0\.2, \+6\.0\]\s+0\.300\s+-\*/);
    expect(text).toContain("after Holm's correction over the 12 tests");
    expect(withoutP(text)).not.toMatch(FRACTION);
  });
});
