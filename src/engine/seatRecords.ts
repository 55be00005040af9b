// Which per-seat records a set of rules can write (fouls, repeat streaks, the
// Commissar's note, last shots, death notes, the Vigilante's bullets, lynch
// shields, blasts, silences), as bits, so the table resets each game only
// what its rules can have written.

import { Ability } from './roleBook.js';
import type { Rules } from './rules.js';

/** One bit per record that only some rules write. */
export const SeatRecord = { Fouls: 1, Actions: 2, Notes: 4, LastShot: 8, DeathNotes: 16, Vigilante: 32, Shields: 64, DeathEffects: 128, Silences: 256 } as const;

export function seatRecordsOf(rules: Rules): number {
  const o = rules.options;
  const book = rules.book;
  const inPlay = book.reachable(rules.roles);
  const any = (test: (r: number) => boolean): boolean => inPlay.some(test);
  let f = 0;
  if (o['fouls.perDayRate'] > 0 || o['fouls.perNightRate'] > 0 || o['inactivity.missRate'] > 0) f |= SeatRecord.Fouls;
  // Streaks are noted for every night ability and for hunters (an assistant may take over an ability).
  if (any((r) => book.action[r] !== Ability.None) || o['hunt.enabled']) f |= SeatRecord.Actions;
  if (any((r) => book.note[r] === 1)) f |= SeatRecord.Notes;
  if (any((r) => book.lastShot[r] === 1)) f |= SeatRecord.LastShot;
  if (o['deathNote.enabled']) f |= SeatRecord.DeathNotes;
  if (any((r) => book.action[r] === Ability.Gun)) f |= SeatRecord.Vigilante;
  if (any((r) => book.lynchShield[r]! > 0)) f |= SeatRecord.Shields;
  if (any((r) => book.blast[r] === 1 || book.extraShots[r]! > 0)) f |= SeatRecord.DeathEffects;
  if (any((r) => book.action[r] === Ability.Silence)) f |= SeatRecord.Silences;
  return f;
}
