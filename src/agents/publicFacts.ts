// What the whole table knows for certain, and the claims it can disprove
// with it: the public setup, the roles shown at death, and the Commissar's
// note (read to the table, it names him and what he found). A role claim is
// impossible when every copy of the role the rules can produce is shown; a
// result is impossible when it contradicts a shown team; a claimant whose
// role every remaining copy of which has since been shown was lying; so is
// a result given before any night, when no check can have been made. Kept
// once per table inside the public record (record.ts), so every player and
// the clan's liar judge claims alike. The role changes the rules allow are
// read from the rules' role table (public, in every view), so the engine's
// table is their one source.

import { UNKNOWN, type PlayerView } from '../engine/agent.js';
import type { Claim } from '../engine/events.js';
import { Ability, MAX_ROLES, NO_ROLE, type RoleBook } from '../engine/roleBook.js';
import { Role, Team } from '../engine/roles.js';
import { learnTeam, resultTeam } from '../engine/view.js';

/**
 * Whether a night has passed by this day, so a check result may exist: a
 * game that starts by day has none on day 1 (a game that starts by night
 * has had night 1). Public: the rules and the day are in every view.
 */
export function checkMayHaveHappened(view: Pick<PlayerView, 'day' | 'options'>): boolean {
  return view.day >= firstResultDay(view.options);
}

/** The first day a check result may exist: day 2 in a game that starts by day, day 1 after a first night. */
export function firstResultDay(options: Pick<PlayerView['options'], 'start'>): number {
  return options.start === 'day' ? 2 : 1;
}

/** One role change the rules make during a game: a player of role `from` may come to hold role `to`. */
export type Succession = readonly [from: number, to: number];

/**
 * The role changes of a role table (src/engine/aftermath.ts, nightSteps.ts
 * play them): a role that assists another takes it when nobody living holds
 * it (the Sergeant becomes the Commissar), a role that turns becomes its
 * `turnsInto` (the Foundling turns Mafia when the Boss dies, the Cursed when
 * the wolves shoot him). A role's copies are its own plus those of the roles
 * that become it. test/agents/claims.test.ts holds the engine to this list.
 */
export function successionsOf(book: RoleBook): Succession[] {
  const out: Succession[] = [];
  for (let r = 0; r < book.count; r++) {
    if (book.assists[r] !== NO_ROLE) out.push([r, book.assists[r]!]);
    if (book.turnsInto[r] !== NO_ROLE) out.push([r, book.turnsInto[r]!]);
  }
  return out;
}

/** Copies of `role` the table may still hold alive, from the setup, the roles shown (counts by role id) and the rules' role changes. */
export function copiesLeft(setup: readonly number[], shown: ArrayLike<number>, role: number, successions: readonly Succession[]): number {
  let left = setup[role]! - shown[role]!;
  for (let i = 0; i < successions.length; i++) {
    const [from, to] = successions[i]!;
    // The copies of a role that became this one, less those shown.
    if (to === role) left += setup[from]! - shown[from]!;
    // Shown copies of the successor beyond its own cards were this role once.
    else if (from === role) left -= Math.max(0, shown[to]! - setup[to]!);
  }
  return left;
}

/** Whether a player dealt a Town role may turn Mafia in this setup (a Foundling, a Cursed): a "Red" check on a later Black was then true. */
export function townMayTurnBlack(setup: readonly number[], book: RoleBook, successions: readonly Succession[] = successionsOf(book)): boolean {
  for (const [from, to] of successions) if (setup[from]! > 0 && book.team[from] === Team.Town && book.team[to] === Team.Mafia) return true;
  return false;
}

/** The role a Commissar's note names its writer as: the one role whose check leaves a note, or NO_ROLE if none or several do. */
function noteRoleOf(book: RoleBook): number {
  let found = NO_ROLE;
  for (let r = 0; r < book.count; r++) {
    if (book.action[r] !== Ability.Check || !book.note[r]) continue;
    if (found !== NO_ROLE) return NO_ROLE;
    found = r;
  }
  return found;
}

export class PublicFacts {
  /** Copies of each role shown (at death, or named by the note), by role id (a rules file's own roles included). */
  readonly shown = new Int8Array(MAX_ROLES);
  /** The team the whole table knows each seat to be (UNKNOWN, a Team, or KNOWN_NOT_MAFIA); the role shown of each (-1: none). */
  readonly team: Int8Array;
  readonly role: Int8Array;
  /** Seats whose claims the table has disproved: it knows them for liars, so for enemies of Town. */
  readonly liar: Uint8Array;
  /** Seats whose latest role claim is Commissar (1: yes): once every Commissar card is shown, those not shown lied. */
  private readonly commissarClaim: Uint8Array;
  /** The public setup and role table of the game (every view holds the same), and what follows from them. */
  private setup: readonly number[] = [];
  private book: RoleBook | null = null;
  private successions: readonly Succession[] = [];
  private noteRole: number = NO_ROLE;
  private turnsBlack = false;

  /** The arrays cleared per game, by the value they start from: one fill each (a fill is a call into C++). */
  private readonly zeros: Uint8Array;
  private readonly unknowns: Int8Array;

  constructor(readonly n: number) {
    this.zeros = new Uint8Array(2 * n);
    this.liar = this.zeros.subarray(0, n);
    this.commissarClaim = this.zeros.subarray(n);
    this.unknowns = new Int8Array(2 * n);
    // UNKNOWN and "no role" are both -1.
    this.team = this.unknowns.subarray(0, n);
    this.role = this.unknowns.subarray(n);
    this.clear();
  }

  clear(): void {
    this.shown.fill(0);
    this.zeros.fill(0);
    this.unknowns.fill(UNKNOWN);
  }

  /** The game's public setup and role table (from a player's view; every seat's is the same). */
  setRules(setup: readonly number[], book: RoleBook): void {
    // Every player of the table joins with the same setup: work it out once.
    if (setup === this.setup && book === this.book) return;
    this.setup = setup;
    if (book !== this.book) {
      this.book = book;
      this.successions = successionsOf(book);
      this.noteRole = noteRoleOf(book);
    }
    this.turnsBlack = townMayTurnBlack(setup, book, this.successions);
  }

  /** Whether the table could believe a claim of `role` by a living player: a copy of it may be left. */
  roleClaimPossible(role: number): boolean {
    return copiesLeft(this.setup, this.shown, role, this.successions) > 0;
  }

  /** Whether "t is Black/Red" stands against what the table knows of t. */
  resultPossible(t: number, black: boolean): boolean {
    const k = this.team[t]!;
    if (k === UNKNOWN) return true;
    if (black) return k === Team.Mafia || k === Team.Maniac;
    return k !== Team.Mafia || this.turnsBlack;
  }

  /** A public claim: a claim the table can disprove makes its speaker a liar (`checked`: whether a check may have happened yet, checkMayHaveHappened). */
  onClaim(speaker: number, c: Claim, checked: boolean): void {
    if (c.kind === 'role') {
      this.commissarClaim[speaker] = c.role === Role.Commissar ? 1 : 0;
      if (!this.roleClaimPossible(c.role)) this.liar[speaker] = 1;
    } else if (c.kind === 'result' && (!checked || !this.resultPossible(c.target, c.black))) this.liar[speaker] = 1;
  }

  /** A role shown at death. */
  onShown(seat: number, role: number): void {
    this.show(seat, role);
  }

  /** The Commissar's note read to the table: it names him (dead; his role, if one role alone leaves notes) and the team of the player he checked. */
  onNote(commissar: number, target: number, black: boolean, notMafiaOnly: boolean): void {
    if (this.role[commissar]! < 0 && this.noteRole !== NO_ROLE) this.show(commissar, this.noteRole);
    learnTeam(this.team, target, resultTeam(black, notMafiaOnly));
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

  /** The team a shown role plays for under these rules (the Maniac's follows `maniac.team`). */
  private teamOf(role: number): number {
    return this.book!.team[role]!;
  }
}
