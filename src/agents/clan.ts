// The clan's night talk: where several mates must name one target (the
// forum's unanimous shot) the first mate asked proposes one, breaking ties
// with his own random stream, and the others second him; and the clan agrees
// on its one liar, drawn by the first mate to speak. One talk per table (the
// provider makes it, beside the public record), read and written by Mafia
// players only, and only for mates they know: no one else ever looks at it,
// so it carries nothing to Town (test/agents/peeking.test.ts). One who knows
// the clan without being known by it (the Minion) keeps out of it: he
// cannot agree with mates who do not know him. It also holds what the
// clan's checker found (the Don's check for the Sheriff), which he tells
// his mates: a Sheriff found is the clan's first shot.

import { MAX_SHOTS } from '../engine/options.js';
import type { RoleBook } from '../engine/roleBook.js';
import { Team } from '../engine/roles.js';
import type { Rng } from '../engine/rng.js';
import { DealWatch } from './dealWatch.js';

/** No proposal for this shot yet (NONE is a proposal: to shoot nobody). */
const NO_PROPOSAL = -2;

/** What a mate reads the talk with: his facts (mates are Team.Mafia), who is alive, and his role in the rules' role table. */
export interface ClanMember {
  readonly known: ArrayLike<number>;
  readonly alive: ArrayLike<number>;
  readonly seat: number;
  readonly day: number;
  readonly role: number;
  readonly book: Pick<RoleBook, 'seesClan'>;
}

export class ClanTalk {
  /** Per shot of the night: the proposal, who made it and the day it was made. */
  private readonly target = new Int16Array(MAX_SHOTS).fill(NO_PROPOSAL);
  private readonly by = new Int16Array(MAX_SHOTS).fill(-1);
  private readonly day = new Int16Array(MAX_SHOTS).fill(-1);
  /** The clan's liar, once a mate has drawn him. */
  private liarSeat = -1;
  /** The clan checker's findings by seat: 1 holds the role he looks for, -1 does not, 0 not checked. */
  private readonly found: Int8Array;
  /** Seats dealt this game: a seat dealt again starts a new game (as for the public record). */
  private readonly deals: DealWatch;

  constructor(readonly n: number) {
    this.deals = new DealWatch(n);
    this.found = new Int8Array(n);
  }

  /** The provider deals seat s a player: a new game clears the talk. */
  deal(s: number): void {
    if (this.deals.deal(s)) this.clear();
  }

  clear(): void {
    // A few shots: a loop, cheaper than three fills (each a call into C++).
    for (let j = 0; j < MAX_SHOTS; j++) {
      this.target[j] = NO_PROPOSAL;
      this.by[j] = -1;
      this.day[j] = -1;
    }
    this.liarSeat = -1;
    this.found.fill(0);
  }

  /** The clan's checker tells his mates what he found of seat s (whether he holds the role he looks for). */
  tellFound(s: number, holds: boolean): void {
    this.found[s] = holds ? 1 : -1;
  }

  /** What the clan's checker found of seat s: 1 holds the role, -1 does not, 0 not checked. */
  foundOf(s: number): number {
    return this.found[s]!;
  }

  /** A living mate's proposal for tonight's shot `shot` (a seat or NONE), or undefined when none is made yet. */
  proposal(me: ClanMember, shot: number): number | undefined {
    const by = this.by[shot]!;
    if (this.day[shot] !== me.day || by < 0 || by === me.seat || !isMate(me, by)) return undefined;
    return this.target[shot]!;
  }

  propose(me: ClanMember, shot: number, target: number): void {
    this.target[shot] = target;
    this.by[shot] = me.seat;
    this.day[shot] = me.day;
  }

  /**
   * The clan's liar: the one a mate drew, while he lives; else a living mate
   * drawn now from my own stream (I am the first of the clan to speak). A
   * player who knows no living mate, or whom the clan does not know (the
   * Minion), speaks for himself.
   */
  liar(me: ClanMember, rng: Rng): number {
    if (me.book.seesClan[me.role]) return me.seat;
    // An agreed liar who lives is the answer, whoever else lives (he is me, or a living mate): every mate's speech after the first asks.
    const agreed = this.liarSeat;
    if (agreed === me.seat || (agreed >= 0 && isMate(me, agreed))) return agreed;
    let mates = 0;
    for (let s = 0; s < this.n; s++) if (s !== me.seat && isMate(me, s)) mates++;
    if (mates === 0) return me.seat;
    let pick = rng.int(mates + 1);
    let chosen = me.seat;
    for (let s = 0; s < this.n && pick > 0; s++) {
      if (s !== me.seat && isMate(me, s) && --pick === 0) chosen = s;
    }
    this.liarSeat = chosen;
    return chosen;
  }
}

/** A living seat I know to be of the clan. */
function isMate(me: ClanMember, s: number): boolean {
  return me.known[s] === Team.Mafia && me.alive[s] === 1;
}
