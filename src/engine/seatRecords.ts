// Which per-seat records a set of rules can write (fouls, repeat streaks, the
// Commissar's note, last shots, death notes, the Vigilante's bullets), as
// bits, so the table resets each game only what its rules can have written.

import type { Rules } from './rules.js';
import { Action, ROLES, Role } from './roles.js';

/** One bit per record that only some rules write. */
export const SeatRecord = { Fouls: 1, Actions: 2, Notes: 4, LastShot: 8, DeathNotes: 16, Vigilante: 32 } as const;

export function seatRecordsOf(rules: Rules): number {
  const o = rules.options;
  let f = 0;
  if (o['fouls.perDayRate'] > 0 || o['fouls.perNightRate'] > 0 || o['inactivity.missRate'] > 0) f |= SeatRecord.Fouls;
  // Streaks are noted for every role action and for hunters; a Sergeant may become a Commissar.
  const acting = ROLES.some((r) => rules.roles[r.id]! > 0 && r.action !== Action.None && r.action !== Action.Shoot);
  if (acting || rules.roles[Role.Sergeant]! > 0 || o['hunt.enabled']) f |= SeatRecord.Actions;
  if (o['commissar.note']) f |= SeatRecord.Notes;
  if (o['commissar.lastShot']) f |= SeatRecord.LastShot;
  if (o['deathNote.enabled']) f |= SeatRecord.DeathNotes;
  if (rules.roles[Role.Vigilante]! > 0) f |= SeatRecord.Vigilante;
  return f;
}
