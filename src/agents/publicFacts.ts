// What the whole table knows for certain, and the claims it can disprove
// with it: the public setup, the roles shown at death, and the Commissar's
// note (read to the table, it names him and what he found). A role claim is
// impossible when every copy of the role the rules can produce is shown; a
// result is impossible when it contradicts a shown team; a claimant whose
// role every remaining copy of which has since been shown was lying. Kept
// once per table inside the public record (record.ts), so every player and
// the clan's liar judge claims alike.

import { UNKNOWN } from '../engine/agent.js';
import type { Claim } from '../engine/events.js';
import type { Options } from '../engine/options.js';
import { ROLE_COUNT, Role, Team, roleSpec } from '../engine/roles.js';
import { KNOWN_NOT_MAFIA } from '../engine/view.js';

/**
 * The role changes the rules make during a game (src/engine/aftermath.ts):
 * a Sergeant becomes the Commissar when none is left, a Foundling turns
 * Mafia when the Boss dies. A role's copies are its own plus those of the
 * roles that become it. test/agents/claims.test.ts holds the engine to this list.
 */
export const SUCCESSIONS: readonly (readonly [from: Role, to: Role])[] = Object.freeze([
  [Role.Sergeant, Role.Commissar],
  [Role.Foundling, Role.Mafia],
]);

/** Copies of `role` the table may still hold alive, from the setup and the roles shown (counts by Role). */
export function copiesLeft(setup: readonly number[], shown: ArrayLike<number>, role: number): number {
  let left = setup[role]! - shown[role]!;
  for (let i = 0; i < SUCCESSIONS.length; i++) {
    const [from, to] = SUCCESSIONS[i]!;
    // The copies of a role that became this one, less those shown.
    if (to === role) left += setup[from]! - shown[from]!;
    // Shown copies of the successor beyond its own cards were this role once.
    else if (from === role) left -= Math.max(0, shown[to]! - setup[to]!);
  }
  return left;
}

/** Whether a player dealt a Town role may turn Mafia in this setup (a Foundling): a "Red" check on a later Black was then true. */
export function townMayTurnBlack(setup: readonly number[]): boolean {
  for (const [from, to] of SUCCESSIONS) if (setup[from]! > 0 && roleSpec(from).team === Team.Town && roleSpec(to).team === Team.Mafia) return true;
  return false;
}

export class PublicFacts {
  /** Copies of each role shown (at death, or named by the note). */
  readonly shown = new Int8Array(ROLE_COUNT);
  /** The team the whole table knows each seat to be (UNKNOWN, a Team, or KNOWN_NOT_MAFIA); the role shown of each (-1: none). */
  readonly team: Int8Array;
  readonly role: Int8Array;
  /** Seats whose claims the table has disproved: it knows them for liars, so for enemies of Town. */
  readonly liar: Uint8Array;
  /** Seats whose latest role claim is Commissar (1: yes): once every Commissar card is shown, those not shown lied. */
  private readonly commissarClaim: Uint8Array;
  /** The public setup and rules of the game (every view holds the same). */
  private setup: readonly number[] = [];
  private options: Options | null = null;
  private maniacTown = false;
  private turnsBlack = false;

  constructor(readonly n: number) {
    this.team = new Int8Array(n);
    this.role = new Int8Array(n);
    this.liar = new Uint8Array(n);
    this.commissarClaim = new Uint8Array(n);
    this.clear();
  }

  clear(): void {
    this.shown.fill(0);
    this.team.fill(UNKNOWN);
    this.role.fill(-1);
    this.liar.fill(0);
    this.commissarClaim.fill(0);
  }

  /** The game's public setup (from a player's view; every seat's is the same). */
  setRules(setup: readonly number[], options: Options): void {
    // Every player of the table joins with the same setup: work it out once.
    if (setup === this.setup && options === this.options) return;
    this.setup = setup;
    this.options = options;
    this.maniacTown = options['maniac.team'] === 'town';
    this.turnsBlack = townMayTurnBlack(setup);
  }

  /** Whether the table could believe a claim of `role` by a living player: a copy of it may be left. */
  roleClaimPossible(role: number): boolean {
    return copiesLeft(this.setup, this.shown, role) > 0;
  }

  /** Whether "t is Black/Red" stands against what the table knows of t. */
  resultPossible(t: number, black: boolean): boolean {
    const k = this.team[t]!;
    if (k === UNKNOWN) return true;
    if (black) return k === Team.Mafia || k === Team.Maniac;
    return k !== Team.Mafia || this.turnsBlack;
  }

  /** A public claim: a claim the table can disprove makes its speaker a liar. */
  onClaim(speaker: number, c: Claim): void {
    if (c.kind === 'role') {
      this.commissarClaim[speaker] = c.role === Role.Commissar ? 1 : 0;
      if (!this.roleClaimPossible(c.role)) this.liar[speaker] = 1;
    } else if (c.kind === 'result' && !this.resultPossible(c.target, c.black)) this.liar[speaker] = 1;
  }

  /** A role shown at death. */
  onShown(seat: number, role: number): void {
    this.show(seat, role);
  }

  /** The Commissar's note read to the table: it names him (dead) and the team of the player he checked. */
  onNote(commissar: number, target: number, black: boolean, notMafiaOnly: boolean): void {
    if (this.role[commissar]! < 0) this.show(commissar, Role.Commissar);
    this.team[target] = black ? Team.Mafia : notMafiaOnly ? KNOWN_NOT_MAFIA : Team.Town;
  }

  private show(seat: number, role: number): void {
    if (this.role[seat]! >= 0) return;
    this.role[seat] = role;
    this.shown[role]!++;
    this.team[seat] = this.teamOf(role);
    // Every Commissar card dealt is shown: whoever else claimed the role before was lying
    // (a Sergeant is promoted only once no Commissar is left, and claims it only after).
    if (role === Role.Commissar && this.shown[Role.Commissar]! >= this.setup[Role.Commissar]!) {
      for (let s = 0; s < this.n; s++) if (this.commissarClaim[s]! > 0 && this.role[s] !== Role.Commissar) this.liar[s] = 1;
    }
  }

  private teamOf(role: number): number {
    const t = roleSpec(role as Role).team;
    return t === 'maniac-option' ? (this.maniacTown ? Team.Town : Team.Maniac) : t;
  }
}
