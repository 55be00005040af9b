// The random streams' numbers are part of every result for a seed: pins a
// stream's first draws, and checks that int(n)'s integer path for small n
// gives exactly floor(next() * n), the draw it stands for.

import { describe, expect, it } from 'vitest';
import { Sfc32 } from '../../src/engine/rng.js';

describe('Sfc32', () => {
  it('draws the numbers it drew before its state moved into fields', () => {
    const r = new Sfc32(1, 2, 3);
    expect([r.nextU32(), r.nextU32(), r.nextU32(), r.nextU32()]).toEqual([2842896676, 3713155866, 1632583352, 1234029389]);
    const q = new Sfc32(7, 0, 5);
    expect(Array.from({ length: 6 }, () => q.int(12))).toEqual([3, 3, 7, 2, 2, 5]);
  });

  it('int(n) is floor(next() * n) for every n, on either side of the integer path', () => {
    const sizes = [1, 2, 3, 7, 11, 12, 47, 48, 96, 1000, 0x7fff, 0x8000, 0x8001, 1 << 20, (1 << 21) + 3, 2.5];
    for (const n of sizes) {
      const a = new Sfc32(11, n, 1);
      const b = new Sfc32(11, n, 1);
      for (let i = 0; i < 2000; i++) expect(a.int(n)).toBe(Math.floor(b.next() * n));
    }
  });
});
