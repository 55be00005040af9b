// The day's whisper (src/engine/whisper.ts), drawn in one pass per day:
// one day's reads have the law PlayerView.reads documents: for each unknown
// living seat, skill * x with x ~ N(+skill/2, 1) for an enemy of Town and
// N(-skill/2, 1) otherwise, a share `shared` of x's variance common to every
// reader of the seat, nothing for a seat he knows or for himself.

import { describe, expect, it } from 'vitest';
import { UNKNOWN, type Agent } from '../../src/engine/agent.js';
import { Sfc32, agentStream, gameKey } from '../../src/engine/rng.js';
import { Team } from '../../src/engine/roles.js';
import { Whisper, type WhisperTable } from '../../src/engine/whisper.js';

describe('one day of the whisper', () => {
  const n = 8;
  const skill = 1.2;
  const shared = 0.6;
  // Seats 0-1 Mafia, the rest Town; reader 7 knows seat 0 (a mate he was told of, say).
  const team = Int8Array.from({ length: n }, (_, s) => (s < 2 ? Team.Mafia : Team.Town));
  const known = Array.from({ length: n }, () => new Int8Array(n).fill(UNKNOWN));
  known[7]![0] = Team.Mafia;
  const rngs = Array.from({ length: n }, () => new Sfc32());
  const living = Int16Array.from({ length: n }, (_, s) => s);
  const table: WhisperTable = { n, day: 2, team, living, aliveCount: n, knownOf: (s) => known[s]!, rngOf: (s) => rngs[s]! };
  const reader: Agent = { readSkill: skill, readShared: shared, begin() {}, choose: () => 0 };
  const GAMES = 20_000;
  /** reads[g][r * n + t] after one day of game g. */
  const reads: Float64Array[] = [];
  const w = new Whisper(n);
  for (let g = 0; g < GAMES; g++) {
    const key = gameKey(9, g);
    w.startGame(key);
    for (let s = 0; s < n; s++) {
      rngs[s]!.reseedFromKey(key, agentStream(s));
      w.seat(s, reader);
    }
    w.day(table);
    reads.push(Float64Array.from(w.reads));
  }
  const at = (g: number, r: number, t: number): number => reads[g]![r * n + t]!;

  it('gives skill^2/2 of evidence a day towards the truth, with variance skill^2', () => {
    for (const [t, sign] of [
      [1, 1],
      [4, -1],
    ] as const) {
      const xs = reads.map((_, g) => at(g, 3, t));
      const mean = xs.reduce((a, b) => a + b) / GAMES;
      const variance = xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (GAMES - 1);
      expect(Math.abs(mean - (sign * skill * skill) / 2)).toBeLessThan((5 * skill) / Math.sqrt(GAMES));
      expect(Math.abs(variance / (skill * skill) - 1)).toBeLessThan(5 * Math.sqrt(2 / GAMES));
    }
  });

  it('shares `shared` of the noise among the readers of a seat, and none across seats', () => {
    const corr = (a: number[], b: number[]): number => {
      const ma = a.reduce((x, y) => x + y) / a.length;
      const mb = b.reduce((x, y) => x + y) / b.length;
      let sab = 0;
      let saa = 0;
      let sbb = 0;
      for (let i = 0; i < a.length; i++) {
        sab += (a[i]! - ma) * (b[i]! - mb);
        saa += (a[i]! - ma) ** 2;
        sbb += (b[i]! - mb) ** 2;
      }
      return sab / Math.sqrt(saa * sbb);
    };
    const of = (r: number, t: number): number[] => reads.map((_, g) => at(g, r, t));
    expect(Math.abs(corr(of(2, 5), of(6, 5)) - shared)).toBeLessThan(5 / Math.sqrt(GAMES));
    expect(Math.abs(corr(of(2, 5), of(2, 4)))).toBeLessThan(5 / Math.sqrt(GAMES));
  });

  it('passes a dead seat by as it passes a seat the reader knows: the same draws go to the same seats after it', () => {
    const dead = 3;
    const withoutDead = Int16Array.from([...living].filter((s) => s !== dead));
    const knowingDead = known.map((k) => Int8Array.from(k, (x, t) => (t === dead ? Team.Town : x)));
    const day = (t: WhisperTable): Float64Array => {
      const one = new Whisper(n);
      const key = gameKey(9, 1);
      one.startGame(key);
      for (let s = 0; s < n; s++) {
        rngs[s]!.reseedFromKey(key, agentStream(s));
        one.seat(s, reader);
      }
      one.day(t);
      return Float64Array.from(one.reads);
    };
    const afterDeath = day({ ...table, living: withoutDead, aliveCount: n - 1 });
    const whileKnown = day({ ...table, knownOf: (s) => knowingDead[s]! });
    for (let r = 0; r < n; r++) expect(afterDeath[r * n + dead]).toBe(0);
    // The dead reader is whispered nothing either; every living reader's reads are the same.
    expect([...afterDeath.subarray(dead * n, (dead + 1) * n)]).toEqual(new Array(n).fill(0));
    for (let r = 0; r < n; r++) if (r !== dead) expect([...afterDeath.subarray(r * n, (r + 1) * n)]).toEqual([...whileKnown.subarray(r * n, (r + 1) * n)]);
  });

  it('whispers nothing of himself or of a seat he knows', () => {
    for (let g = 0; g < 50; g++) {
      for (let r = 0; r < n; r++) expect(at(g, r, r)).toBe(0);
      expect(at(g, 7, 0)).toBe(0);
      expect(at(g, 6, 0)).not.toBe(0);
    }
  });
});
