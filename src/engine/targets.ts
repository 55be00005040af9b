// Legal-target lists without allocation. A decision's options are a plain
// array (agents may use any array method on it), valid only during the call,
// so the table keeps one array per length and refills it: asking never
// allocates, and no array ever changes length (which would make V8 drop and
// regrow its storage).

export class TargetLists {
  private readonly bySize: number[][] = [];
  /** "Everyone living but the asker", for passes round the table (see OthersOfLiving). */
  readonly others = new OthersOfLiving();
  /** Where builders write seats before copying them into the array of the right length. */
  readonly buffer: Int16Array;

  constructor(players: number) {
    this.buffer = new Int16Array(players + 1);
  }

  /** The reusable array of exactly `k` elements (its contents are stale until filled). */
  sized(k: number): number[] {
    let a = this.bySize[k];
    if (a === undefined) this.bySize[k] = a = arrayOf(k);
    return a;
  }

  /** The first `k` seats of `buffer`, as the reusable array of length k. */
  fromBuffer(k: number): number[] {
    const a = this.sized(k);
    const b = this.buffer;
    for (let i = 0; i < k; i++) a[i] = b[i]!;
    return a;
  }
}

function arrayOf(k: number): number[] {
  const a: number[] = [];
  for (let i = 0; i < k; i++) a.push(0);
  return a;
}

/**
 * "Every living seat but s", for a pass round the table (votes, hunts,
 * death notes): one array of m - 1 seats, where moving on to the next seat
 * in seat order changes one slot (it held living[i], now living[i - 1]), so
 * each ask costs O(1) instead of a fresh O(n) list; a pass in another order
 * costs the distance between the seats asked. Its arrays are its own,
 * so other decisions asked during the pass cannot overwrite them. Nobody may
 * die during a pass.
 */
export class OthersOfLiving {
  private readonly bySize: number[][] = [];
  private current: number[] = [];
  private living: Int16Array = new Int16Array(0);
  private at = 0;

  /** Starts a pass over living[0..m). */
  begin(living: Int16Array, m: number): void {
    let a = this.bySize[m - 1];
    if (a === undefined) this.bySize[m - 1] = a = arrayOf(m - 1);
    for (let j = 1; j < m; j++) a[j - 1] = living[j]!;
    this.current = a;
    this.living = living;
    this.at = 0;
  }

  /**
   * The living but living[i]. The array holds living[j] at j < at and
   * living[j + 1] from at on, so moving the gap from `at` to i rewrites the
   * slots between them: O(1) a step in seat order, O(|i - at|) in the day's
   * vote order (see dayOrder.ts, drawVoteOrder).
   */
  of(i: number): number[] {
    const a = this.current;
    const living = this.living;
    for (; this.at < i; this.at++) a[this.at] = living[this.at]!;
    for (; this.at > i; this.at--) a[this.at - 1] = living[this.at]!;
    return a;
  }
}
