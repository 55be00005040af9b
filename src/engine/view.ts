// The engine's implementation of PlayerView: one per seat, reused across
// games, holding only what that player may know.

import { UNKNOWN, type PlayerView } from './agent.js';
import type { Options } from './options.js';
import { Role, Team } from './roles.js';

/** Values of `known[seat]` beyond the teams: a check said "Red" where Red is not exactly Town. */
export const KNOWN_NOT_MAFIA = 3;

export class SeatView implements PlayerView {
  role: Role = Role.Civilian;
  team: Team = Team.Town;
  day = 0;
  phase: 'day' | 'night' | 'turn' = 'day';
  silenced = false;
  readonly known: Int8Array;

  constructor(
    readonly seat: number,
    readonly players: number,
    readonly alive: Uint8Array,
    readonly revealed: Int8Array,
    readonly setup: readonly number[],
    readonly options: Options,
  ) {
    this.known = new Int8Array(players);
  }

  reset(role: Role, team: Team): void {
    this.role = role;
    this.team = team;
    this.day = 0;
    this.phase = 'day';
    this.silenced = false;
    this.known.fill(UNKNOWN);
    this.known[this.seat] = team;
  }

  /** Records a hard fact; a precise team never gives way to the vaguer "not Mafia". */
  learn(seat: number, team: number): void {
    if (team === KNOWN_NOT_MAFIA && this.known[seat] !== UNKNOWN) return;
    this.known[seat] = team;
  }
}
