// The compact table a command prints at the end: the same numbers as the
// report page, as aligned plain text.

import { excludesZeroOnlyUnadjusted, fmtAgents, fmtP, fmtPctHalf, fmtPoints, fmtPointsInterval, gamesPerVariantText, holmNote } from './format.js';
import { studyHeadline } from './headline.js';
import { activeOutcomes, DIFFERENCE_LABEL, type StudySummary } from './summary.js';
import { mafiaRoles, mafiaTeamName, studyTeamText, teamVaries } from './teams.js';

export function terminalTable(s: StudySummary): string {
  const outcomes = activeOutcomes(s);
  const agents = fmtAgents(s.variants.map((v) => v.agents));
  const lines = [`${s.title}: ${gamesPerVariantText(s)}, seed ${s.seed}, agents ${agents}`, studyTeamText(s.variants), studyHeadline(s)];
  const varies = teamVaries(s.variants);
  const team = varies ? [mafiaTeamName(s.variants[0]!.preset)] : [];
  const rateRows = s.variants.map((v) => [v.label, ...(varies ? [mafiaRoles(v.preset, v.rules.roles)] : []), ...outcomes.map((o) => fmtPctHalf(v.rates[o])), v.meanDays.toFixed(1)]);
  lines.push(...aligned(['variant', ...team, ...outcomes.map((o) => `${o} ±95%`), 'days'], rateRows));
  if (s.pairs.length > 0) {
    lines.push('', `paired differences in points (percentage points), ${DIFFERENCE_LABEL} (same seeds; significance Holm-adjusted):`);
    let marked = false;
    const rows = s.pairs.flatMap((p) =>
      outcomes
        .filter((o) => p.differences[o].tested)
        .map((o) => {
          const d = p.differences[o];
          const mark = excludesZeroOnlyUnadjusted(d);
          marked ||= mark;
          return [p.baseLabel, p.variantLabel, o, fmtPoints(d.diff), fmtPointsInterval(d.lo, d.hi), fmtP(d.pHolm), d.significant ? 'significant' : mark ? '-*' : '-'];
        }),
    );
    lines.push(...aligned(['base', 'variant', 'outcome', 'variant − base', '95% interval', 'p', ''], rows));
    if (marked) lines.push(holmNote(s.statistics.tests));
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
