// Win and draw conditions of both games, driven by the `win.*` options and
// checked after every elimination (RULES.md sections 1, 2 and 4).

import { Outcome } from './events.js';
import { Role, Team } from './roles.js';
import type { Table } from './table.js';

/** The outcome the board shows now, or -1 if play goes on. */
export function winnerOf(t: Table): Outcome | -1 {
  const o = t.rules.options;
  let alive = 0;
  let black = 0;
  let blackNotPutana = 0;
  let loners = 0;
  let maniacs = 0;
  let doctors = 0;
  for (let s = 0; s < t.n; s++) {
    if (!t.alive[s]) continue;
    alive++;
    const team = t.team[s];
    const role = t.role[s];
    if (team === Team.Mafia) {
      black++;
      if (role !== Role.Putana) blackNotPutana++;
    } else if (team === Team.Maniac) loners++;
    if (role === Role.Maniac) maniacs++;
    else if (role === Role.Doctor) doctors++;
  }
  if (alive === 0) return Outcome.Draw;
  // A living loner Maniac wins with at most one other player alive (one-on-one) or none (last-standing);
  // two Maniacs are two loners, each the other's "other".
  if (loners > 0 && alive - 1 <= (o['win.maniac'] === 'one-on-one' ? 1 : 0)) {
    return Outcome.Maniac;
  }
  if (black === 0 && (loners === 0 || !o['win.townNeedsManiacDead'])) return Outcome.Town;
  if (o['win.maniacMafiaDraw'] && alive === 2 && maniacs === 1 && blackNotPutana === 1) return Outcome.Draw;
  if (black > 0 && black >= alive - black && !parityBlocked(o['win.parityBlock'], maniacs, doctors)) return Outcome.Mafia;
  return -1;
}

function parityBlocked(rule: 'doctor-and-maniac' | 'maniac' | 'none', maniacs: number, doctors: number): boolean {
  if (rule === 'doctor-and-maniac') return maniacs > 0 && doctors > 0;
  if (rule === 'maniac') return maniacs > 0;
  return false;
}
