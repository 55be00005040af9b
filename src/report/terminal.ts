// The compact table a command prints at the end: the same numbers as the
// report page, as aligned plain text.

import { fmtAgents, fmtCount, fmtInterval, fmtP, fmtRateInterval, fmtSigned } from './format.js';
import { activeOutcomes, type StudySummary } from './summary.js';

export function terminalTable(s: StudySummary): string {
  const outcomes = activeOutcomes(s);
  const agents = fmtAgents(s.variants.map((v) => v.agents));
  const lines = [`${s.title}: ${fmtCount(s.games)} games per variant, seed ${s.seed}, agents ${agents}`];
  const rateRows = s.variants.map((v) => [v.label, ...outcomes.map((o) => fmtRateInterval(v.rates[o])), v.meanDays.toFixed(1)]);
  lines.push(...aligned(['variant', ...outcomes.map((o) => `${o} ±95%`), 'days'], rateRows));
  if (s.pairs.length > 0) {
    lines.push('', 'paired differences A − B (same seeds; significance Holm-adjusted):');
    const rows = s.pairs.flatMap((p) =>
      outcomes
        .filter((o) => p.differences[o].tested)
        .map((o) => {
          const d = p.differences[o];
          return [p.labelA, p.labelB, o, fmtSigned(d.diff), fmtInterval(d.lo, d.hi, true), fmtP(d.pHolm), d.significant ? 'significant' : '-'];
        }),
    );
    lines.push(...aligned(['A', 'B', 'outcome', 'A − B', '95% interval', 'p', ''], rows));
  }
  if (s.skipped && s.skipped.length > 0) lines.push('', `skipped ${s.skipped.length} unplayable setup(s): ${s.skipped.map((k) => k.label).join('; ')}`);
  return lines.join('\n') + '\n';
}

/** Left-aligned first columns, right-aligned numbers, two spaces apart. */
function aligned(head: string[], rows: string[][]): string[] {
  const all = [head, ...rows];
  const widths = head.map((_, c) => Math.max(...all.map((r) => (r[c] ?? '').length)));
  const numeric = head.map((_, c) => rows.length > 0 && rows.every((r) => /^[-−+<\d[]/.test(r[c] ?? '') || r[c] === ''));
  return all.map((r) =>
    r
      .map((cell, c) => (numeric[c] ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!)))
      .join('  ')
      .trimEnd(),
  );
}
