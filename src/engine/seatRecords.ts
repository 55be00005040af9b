// Which per-seat records a set of rules can write (fouls, repeat streaks, the
// Commissar's note, last shots, death notes, the Vigilante's bullets, lynch
// shields, death effects, silences), as bits, so the table resets each game
// only what its rules can have written; and the records of the abilities
// beyond the seed games (AbilityMarks).

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

/** What the abilities beyond the seed games leave from one phase to the next, per seat and per table. */
export class AbilityMarks {
  /** Lynches each seat's role has survived (a Prince). */
  readonly lynchShieldUsed: Uint8Array;
  /** A death's effects done (bit 1: a Bomb's blast, a Wolf Cub's extra shots) and a Bomb blasted at night (bit 2), aftermath.ts. */
  readonly settled: Uint8Array;
  /** Silenced tonight for the coming day (the Spellcaster): 1, or 2 when he may not vote either; and may not vote today. */
  readonly silenceNext: Uint8Array;
  readonly muted: Uint8Array;
  /** Some seat is silenced for the coming day; some seat may not vote today. */
  silencePending = false;
  anyMuted = false;
  /** The team's extra shots for the coming night (a Wolf Cub died). */
  extraShots = 0;

  constructor(n: number) {
    this.lynchShieldUsed = new Uint8Array(n);
    this.settled = new Uint8Array(n);
    this.silenceNext = new Uint8Array(n);
    this.muted = new Uint8Array(n);
  }

  /** A new game, under rules that can write the records in `features` (SeatRecord bits). */
  reset(features: number): void {
    if (features & SeatRecord.Shields) this.lynchShieldUsed.fill(0);
    if (features & SeatRecord.DeathEffects) this.settled.fill(0);
    if (features & SeatRecord.Silences) {
      this.silenceNext.fill(0);
      this.muted.fill(0);
      this.silencePending = false;
      this.anyMuted = false;
    }
    this.extraShots = 0;
  }
}
