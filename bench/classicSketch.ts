// A hand-written `classic` game with random players: no role table, no
// option lookups, no Decision objects, no legality checks, only the work the
// rules themselves need (the deal, one draw per vote and per shot, the tie
// draw, the win checks), drawn from the engine's own streams in the engine's
// order, so it plays the very games the engine plays (the test holds it to
// the engine game by game). A measuring sketch, not a second engine: it
// knows one preset and one kind of player, and exists so that cost.js and
// instructions.js can say how far the general engine is from the floor of
// the game it plays (BENCHMARKS.md, issue 21).

import { Outcome } from '../src/engine/events.js';
import { CHANCE_STREAM, Sfc32, agentStream, gameKey } from '../src/engine/rng.js';

export class ClassicSketch {
  private readonly chance = new Sfc32();
  private readonly rngs: Sfc32[];
  private readonly mafia: Uint8Array;
  private readonly living: Int16Array;
  private readonly tally: Int16Array;
  private readonly pool: Int16Array;
  private alive = 0;
  private mafiaAlive = 0;
  /** The day the last game ended on (the engine's Table.day). */
  day = 0;

  constructor(
    private readonly players: number,
    private readonly mafiaCount: number,
    private readonly maxDays: number,
  ) {
    this.rngs = Array.from({ length: players }, () => new Sfc32());
    this.mafia = new Uint8Array(players);
    this.living = new Int16Array(players);
    this.tally = new Int16Array(players);
    this.pool = new Int16Array(players);
  }

  /** Game `game` of the run seeded `seed`: day first, a vote every day, the first living Mafia shoots at night. */
  play(seed: number, game: number): Outcome {
    const n = this.players;
    const key = gameKey(seed, game);
    this.chance.reseedFromKey(key, CHANCE_STREAM);
    this.deal();
    for (let s = 0; s < n; s++) {
      this.living[s] = s;
      this.rngs[s]!.reseedFromKey(key, agentStream(s));
    }
    this.alive = n;
    this.mafiaAlive = this.mafiaCount;
    this.day = 0;
    const w0 = this.winner();
    if (w0 !== -1) return w0;
    for (let day = 1; day <= this.maxDays; day++) {
      this.day = day;
      this.remove(this.lynched());
      let w = this.winner();
      if (w !== -1) return w;
      this.remove(this.shot());
      w = this.winner();
      if (w !== -1) return w;
    }
    return Outcome.Timeout;
  }

  /** The engine's shuffle of the deck (Mafia first in role order, then Civilians): one chance draw per seat but the first. */
  private deal(): void {
    const m = this.mafia;
    // The deck lists roles in role order: Civilian (0) before Mafia, so the Mafia cards are the deck's last.
    for (let s = 0; s < this.players; s++) m[s] = s >= this.players - this.mafiaCount ? 1 : 0;
    for (let i = this.players - 1; i > 0; i--) {
      const j = this.chance.int(i + 1);
      const x = m[i]!;
      m[i] = m[j]!;
      m[j] = x;
    }
  }

  /** Each living player, by seat, votes uniformly for another; the most voted, a tie drawn by chance. */
  private lynched(): number {
    const living = this.living;
    const tally = this.tally;
    const m = this.alive;
    for (let i = 0; i < m; i++) tally[living[i]!] = 0;
    for (let i = 0; i < m; i++) {
      let j = this.rngs[living[i]!]!.int(m - 1);
      if (j >= i) j++;
      tally[living[j]!]!++;
    }
    let max = 0;
    let k = 0;
    for (let i = 0; i < m; i++) {
      const s = living[i]!;
      const v = tally[s]!;
      if (v < max) continue;
      if (v > max) {
        max = v;
        k = 0;
      }
      this.pool[k++] = s;
    }
    return k === 1 ? this.pool[0]! : this.pool[Math.floor(this.chance.next() * k)]!;
  }

  /** The first living Mafia names a living player he does not know to be Mafia. */
  private shot(): number {
    const living = this.living;
    let shooter = -1;
    let k = 0;
    for (let i = 0; i < this.alive; i++) {
      const s = living[i]!;
      if (!this.mafia[s]) this.pool[k++] = s;
      else if (shooter < 0) shooter = s;
    }
    return this.pool[this.rngs[shooter]!.int(k)]!;
  }

  private remove(seat: number): void {
    if (this.mafia[seat]) this.mafiaAlive--;
    let w = 0;
    for (let i = 0; i < this.alive; i++) if (this.living[i] !== seat) this.living[w++] = this.living[i]!;
    this.alive--;
  }

  private winner(): Outcome | -1 {
    if (this.mafiaAlive === 0) return Outcome.Town;
    return this.mafiaAlive >= this.alive - this.mafiaAlive ? Outcome.Mafia : -1;
  }
}
