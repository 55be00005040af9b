// The middle-half rate of npm run bench (bench/middleHalf.ts): read off
// progress reports as a run gives them, it must leave a slow start out,
// cancel the batches part-played at its marks, and refuse to guess from too
// few batches.

import { describe, expect, it } from 'vitest';
import { MIN_BATCHES_BETWEEN, MiddleHalf } from '../../bench/middleHalf.js';

const NS = 1e9;

/**
 * The progress reports of a run of `batches` batches of `size` games on
 * `threads` workers that each take `seconds(i)` for their i-th batch, the
 * workers started `stagger` of a batch apart: done and time (ns) at each
 * batch's end, in time order.
 */
function reports(batches: number, size: number, threads: number, seconds: (i: number) => number, stagger = 0): { done: number; at: bigint }[] {
  const ends: number[] = [];
  for (let w = 0; w < threads; w++) {
    let t = stagger * w * seconds(0);
    for (let i = w; i < batches; i += threads) {
      t += seconds(Math.floor(i / threads));
      ends.push(t);
    }
  }
  ends.sort((a, b) => a - b);
  return ends.map((t, i) => ({ done: (i + 1) * size, at: BigInt(Math.round(t * NS)) }));
}

function middleRate(games: number, size: number, r: { done: number; at: bigint }[]): number | null {
  const m = new MiddleHalf(games, size);
  for (const x of r) m.note(x.done, x.at);
  return m.rate();
}

describe('MiddleHalf', () => {
  it('gives the steady rate of a run on one thread', () => {
    // 64 batches of 1,000 games, each 0.05 s: 20,000 games/s.
    expect(middleRate(64_000, 1000, reports(64, 1000, 1, () => 0.05))).toBeCloseTo(20_000, 6);
  });

  it('leaves out a slow start the whole run counts', () => {
    // The first four batches of each worker take ten times as long (the workers compiling).
    const r = reports(64, 1000, 2, (i) => (i < 4 ? 0.5 : 0.05), 0.5);
    const whole = 64_000 / (Number(r[r.length - 1]!.at) / NS);
    expect(middleRate(64_000, 1000, r)).toBeCloseTo(40_000, 6);
    expect(whole).toBeLessThan(25_000);
  });

  it('cancels the batches in flight at its marks: two workers half a batch apart give twice one worker', () => {
    const one = middleRate(64_000, 1000, reports(64, 1000, 1, () => 0.05))!;
    const two = middleRate(64_000, 1000, reports(64, 1000, 2, () => 0.05, 0.5))!;
    expect(two / one).toBeCloseTo(2, 6);
  });

  it('gives no rate with fewer than MIN_BATCHES_BETWEEN batches between its marks, or before the run reaches them', () => {
    const size = 250;
    const few = 2 * MIN_BATCHES_BETWEEN - 2; // the middle half holds fewer than the minimum
    expect(middleRate(few * size, size, reports(few, size, 1, () => 0.1))).toBeNull();
    const enough = 2 * MIN_BATCHES_BETWEEN;
    expect(middleRate(enough * size, size, reports(enough, size, 1, () => 0.1))).toBeCloseTo(2500, 6);
    const cut = reports(64, 1000, 1, () => 0.05).slice(0, 40);
    expect(middleRate(64_000, 1000, cut)).toBeNull();
  });
});
