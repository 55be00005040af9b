// Who at the table holds a hard fact on each seat, for the public record's
// delivery of votes (record.ts): a vote is a player's own business only when
// he holds a fact on its target, and most seats are known to few players (the
// seat himself, his mates if he is Mafia, a checker), so walking the seats
// that may know t instead of every seated player turns the record's
// per-vote work from the table's size into a handful.
//
// Why a list per seat stays complete: a player's facts (his view's `known`)
// only grow during a game, and every fact the engine gives a player comes
// with an event to him (the clan's mates, a check, the Sergeant's Commissar,
// a death note, a role check) or with a public one the record itself sees
// (a role shown at death or by a lynch survived, the Commissar's note read
// out). The player calls `rescan` on the first kind, the record marks the
// second as known to all (`shownToAll`), and `begin` scans what the deal
// gave. The record still checks the fact itself before each delivery, so a
// list only has to hold every seat that knows t, never only those.

import { UNKNOWN } from '../engine/agent.js';

export class FactWatch {
  private readonly n: number;
  /** watchers[t * n + i], i < count[t]: the seats that have held a fact on t, each once, in the order they were first seen to. */
  private readonly watchers: Int16Array;
  readonly count: Int16Array;
  /** listed[t * n + s]: seat s is in t's list. */
  private readonly listed: Uint8Array;
  /** Seats whose team the whole table has been shown (every player holds the fact): their votes go to every seated player. */
  readonly shownToAll: Uint8Array;

  /** What `clear` zeroes, in one buffer (one fill, a call into C++): the counts, then the marks. */
  private readonly cleared: Uint8Array;

  constructor(n: number) {
    this.n = n;
    this.watchers = new Int16Array(n * n);
    const buffer = new ArrayBuffer(2 * n + n * n + n);
    this.cleared = new Uint8Array(buffer);
    this.count = new Int16Array(buffer, 0, n);
    this.listed = new Uint8Array(buffer, 2 * n, n * n);
    this.shownToAll = new Uint8Array(buffer, 2 * n + n * n, n);
  }

  /** A new game: nobody holds a fact on anyone yet. */
  clear(): void {
    this.cleared.fill(0);
  }

  /** Lists seat `s` under every seat his facts (`known`) cover that he is not listed under yet: O(n), once per event that may bring him a fact. */
  rescan(s: number, known: ArrayLike<number>): void {
    const n = this.n;
    for (let t = 0; t < n; t++) {
      if (known[t] === UNKNOWN || this.listed[t * n + s] === 1) continue;
      this.listed[t * n + s] = 1;
      this.watchers[t * n + this.count[t]!++] = s;
    }
  }

  /** The i-th seat listed under t (i < count[t]). */
  watcher(t: number, i: number): number {
    return this.watchers[t * this.n + i]!;
  }
}
