// Fouls, silences and inactivity: the ways a living player loses his
// speech, his vote or his seat without a vote or a shot. Rolled at the start
// of each phase (`rollFouls`), with the Spellcaster's silences of the night
// taken at dawn; the missed votes of an online game remove a player at the
// end of a vote (`removeInactive`).

import { Audience, DeathCause } from './events.js';
import type { Table } from './table.js';

/** Half-foul thresholds: at 3 fouls a player loses his speech and gets a penalty vote, at 4 he leaves. */
const SILENCE_AT = 6;
const REMOVE_AT = 8;

/** After a removal: true if the game is over (the caller stops at once). */
export type AfterRemoval = () => boolean;
export const keepPlaying: AfterRemoval = () => false;

/**
 * Rolls each living player's foul for this phase: `size` in half fouls (1
 * minor, 2 full, 4 for moving at night). True if a removal ended the game.
 */
export function rollFouls(t: Table, night: boolean, afterRemoval: AfterRemoval = keepPlaying): boolean {
  const o = t.rules.options;
  const rate = night ? o['fouls.perNightRate'] : o['fouls.perDayRate'];
  if (t.anySilenced) {
    for (const v of t.views) v.silenced = false;
    t.anySilenced = false;
  }
  if (t.marks.anyMuted) clearMuted(t);
  if (rate > 0) {
    for (let s = 0; s < t.n; s++) {
      if (!t.alive[s] || t.chance.next() >= rate) continue;
      const before = t.halfFouls[s]!;
      const size = night ? nightFoulSize(t, before) : dayFoulSize(t, before);
      const after = Math.min(before + size, REMOVE_AT);
      t.halfFouls[s] = after;
      const silenced = before < SILENCE_AT && after >= SILENCE_AT && after < REMOVE_AT;
      if (silenced) {
        t.speechLost[s] = 1;
        t.penaltyVotes[s] = 1;
      }
      if (t.listening) t.emit({ type: 'foul', seat: s, halfFouls: after, silenced }, Audience.Public);
      if (after >= REMOVE_AT) {
        t.kill(s, DeathCause.Fouls, -1, 'removed');
        // an elimination: the game may end here, before the next seat's roll
        if (afterRemoval()) return true;
      }
    }
  }
  if (!night && t.foulsOn) takeLostSpeeches(t);
  if (!night && t.marks.silencePending) takeSilences(t);
  return false;
}

/** The players silenced last night (the Spellcaster) may not speak today, nor vote unless the silencer's row lets them. */
function takeSilences(t: Table): void {
  for (let s = 0; s < t.n; s++) {
    const kind = t.marks.silenceNext[s]!;
    if (kind === 0) continue;
    t.marks.silenceNext[s] = 0;
    if (!t.alive[s]) continue;
    t.views[s]!.silenced = true;
    t.anySilenced = true;
    if (kind === 2) {
      t.marks.muted[s] = 1;
      t.marks.anyMuted = true;
    }
    if (t.listening) t.emit({ type: 'silenced', seat: s, votes: kind === 1 }, Audience.Public);
  }
  t.marks.silencePending = false;
}

/** Who may not vote today (silenced by a row that takes the vote too), or null when nobody: read once per vote, not per voter. */
export function mutedToday(t: Table): Uint8Array | null {
  return t.marks.anyMuted ? t.marks.muted : null;
}

function clearMuted(t: Table): void {
  for (let s = 0; s < t.n; s++) t.marks.muted[s] = 0;
  t.marks.anyMuted = false;
}

/** A day breach: minor (0.5) or full (1); under `fouls.firstIsWarning` a player's first is a warning of 0.5 whatever it was. */
function dayFoulSize(t: Table, before: number): number {
  const o = t.rules.options;
  const size = t.chance.next() < o['fouls.minorShare'] ? 1 : 2;
  return o['fouls.firstIsWarning'] && before === 0 ? 1 : size;
}

/** Moving at night: 2 fouls at once, or (`fouls.nightRemovalShare`) the player leaves the table. Drawn only when the share is set. */
function nightFoulSize(t: Table, before: number): number {
  const share = t.rules.options['fouls.nightRemovalShare'];
  return share > 0 && t.chance.next() < share ? REMOVE_AT - before : 4;
}

/** A player who reached 3 fouls since the last day loses today's speech, whether the third foul came by day or by night. */
function takeLostSpeeches(t: Table): void {
  for (let s = 0; s < t.n; s++) {
    if (!t.speechLost[s]) continue;
    t.speechLost[s] = 0;
    const silenced = t.alive[s] === 1;
    t.views[s]!.silenced = silenced;
    if (silenced) t.anySilenced = true;
  }
}

/** Removes those who missed too many votes; true if anyone left. */
export function removeInactive(t: Table): boolean {
  const max = t.rules.options['inactivity.maxMisses'];
  let removed = false;
  for (let s = 0; s < t.n; s++) {
    if (t.alive[s] && t.misses[s]! >= max) {
      t.kill(s, DeathCause.Inactivity, -1, 'removed');
      removed = true;
    }
  }
  return removed;
}
