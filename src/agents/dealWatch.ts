// Telling one game from the next without a game number: the provider deals
// every seat once a game, so the first seat dealt twice starts a new one.
// Shared by the table's record and the clan talk, which clear their state
// then.

/** Tells a new game from the provider's deals: the first seat dealt twice starts one. */
export class DealWatch {
  private readonly dealt: Uint8Array;

  constructor(n: number) {
    this.dealt = new Uint8Array(n);
  }

  /** Seat s is dealt a player; true when that starts a new game. */
  deal(s: number): boolean {
    const again = this.dealt[s] === 1;
    if (again) this.dealt.fill(0);
    this.dealt[s] = 1;
    return again;
  }
}
