// The sentences that say a study did not run as one piece: stopped by the
// user (how far it got, and how to go on) or resumed from a checkpoint. The
// page puts them under its headline and the terminal under its title, so
// neither reads like a finished study when it is not one.

import { fmtCount } from './format.js';
import type { StudySummary } from './summary.js';

export interface StopNote {
  /** `interrupted` or `resumed`: the page's element id. */
  readonly id: string;
  readonly text: string;
  /** The command to paste, shown apart from the sentence. */
  readonly command?: string;
}

export function stopNotes(s: StudySummary): StopNote[] {
  const notes: StopNote[] = [];
  const i = s.interrupted;
  if (i) {
    const per = s.variants.length > 1 ? ' per variant' : '';
    const paired = s.variants.length > 1 ? ', every variant the same games' : '';
    const text = `INTERRUPTED (Ctrl-C) after ${fmtCount(i.played)} of ${s.precision ? 'at most ' : ''}${fmtCount(i.of)} games${per}: every number here is of games 0 to ${fmtCount(i.played - 1)} only${paired}.`;
    notes.push(i.resumeCommand !== null ? { id: 'interrupted', text: `${text} Resume it with:`, command: i.resumeCommand } : { id: 'interrupted', text: `${text} Run the command again to play them all.` });
  }
  if (s.resumedFrom) notes.push({ id: 'resumed', text: `Resumed: ${fmtCount(s.resumedFrom)} of the ${fmtCount(s.games)} games${s.variants.length > 1 ? ' per variant' : ''} came from the checkpoint of an interrupted run, ${fmtCount(s.games - s.resumedFrom)} were played now; the numbers are those of one uninterrupted run.` });
  return notes;
}

/** The notes as terminal lines. */
export function stopNoteLines(s: StudySummary): string[] {
  return stopNotes(s).map((n) => (n.command ? `${n.text} ${n.command}` : n.text));
}
