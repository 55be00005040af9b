// The compact table a command prints at the end: the same numbers as the
// report page, as aligned plain text.

import { excludesZeroOnlyUnadjusted, fmtAgents, fmtP, fmtPctHalf, fmtPoints, fmtPointsInterval, gamesPerVariantText, holmNote } from './format.js';
import { studyHeadline } from './headline.js';
import { stopNoteLines } from './stopNote.js';
import { activeOutcomes, DIFFERENCE_LABEL, type StudySummary } from './summary.js';
import { fitText, textTable } from './table.js';
import { mafiaRoles, mafiaTeamName, studyTeamText, teamVaries } from './teams.js';

export function terminalTable(s: StudySummary): string {
  const outcomes = activeOutcomes(s);
  const agents = fmtAgents(s.variants.map((v) => v.agents));
  const lines = [`${s.title}: ${gamesPerVariantText(s)}, seed ${s.seed}, agents ${agents}`, ...stopNoteLines(s), studyTeamText(s.variants), studyHeadline(s)];
  const varies = teamVaries(s.variants);
  const team = varies ? [mafiaTeamName(s.variants[0]!.preset)] : [];
  const rateRows = s.variants.map((v) => [v.label, ...(varies ? [mafiaRoles(v.preset, v.rules.roles)] : []), ...outcomes.map((o) => fmtPctHalf(v.rates[o])), v.meanDays.toFixed(1)]);
  lines.push(...textTable(['variant', ...team, ...outcomes.map((o) => `${o} ±95%`), 'days'], rateRows, { wrap: [0, ...(varies ? [1] : [])] }));
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
          return [p.baseLabel, p.variantLabel, o, `${fmtPoints(d.diff)} ${fmtPointsInterval(d.lo, d.hi)}`, fmtP(d.pHolm), d.significant ? 'significant' : mark ? '-*' : '-'];
        }),
    );
    lines.push(...textTable(['base', 'variant', 'outcome', 'variant − base [95%]', 'p', ''], rows, { wrap: [0, 1], below: [] }));
    if (marked) lines.push(holmNote(s.statistics.tests));
  }
  if (s.skipped && s.skipped.length > 0) lines.push('', `skipped ${s.skipped.length} unplayable setup(s): ${s.skipped.map((k) => k.label).join('; ')}`);
  return fitText(lines.join('\n')) + '\n';
}

