// The public acts against one seat, listed once for every player who takes a
// fact on it: when a role is shown at death, each living player applies it
// (Beliefs.applyFact) to the same voters and accusers with the same counts,
// so the record lists them once (who, his votes and accusations together,
// and, for the voters alone, his votes as a double) and each player walks
// the short lists instead of looking each count up again. The order is the
// record's actor order, so every player adds the same numbers in the same
// order as before.

export class SeatActs {
  /** The seat listed, and the record's version it was listed at (-1: none). */
  seat = -1;
  version = -1;
  /** Every actor against the seat, in the record's order, with his votes plus accusations. */
  readonly actor: Int16Array;
  readonly acts: Int16Array;
  actorCount = 0;
  /** The actors who voted for the seat, in the same order, with their votes (a double: it multiplies one). */
  readonly voter: Int16Array;
  readonly votes: Float64Array;
  voterCount = 0;

  constructor(n: number) {
    this.actor = new Int16Array(n);
    this.acts = new Int16Array(n);
    this.voter = new Int16Array(n);
    this.votes = new Float64Array(n);
  }

  /** Lists the acts against seat t from the record's tables (votes[v * n + t], accuse[v * n + t], actors[t * n + i]). */
  list(t: number, version: number, n: number, votes: Int16Array, accuse: Int16Array, actors: Int16Array, count: number): void {
    this.seat = t;
    this.version = version;
    const actor = this.actor;
    const acts = this.acts;
    const voter = this.voter;
    const votesOf = this.votes;
    const list = t * n;
    let k = 0;
    for (let i = 0; i < count; i++) {
      const v = actors[list + i]!;
      const c = votes[v * n + t]!;
      actor[i] = v;
      acts[i] = c + accuse[v * n + t]!;
      if (c !== 0) {
        voter[k] = v;
        votesOf[k++] = c;
      }
    }
    this.actorCount = count;
    this.voterCount = k;
  }
}
