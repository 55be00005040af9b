import { describe, expect, it } from 'vitest';
import { discordant, holm, normalUpperTail, pairedDifference, wilson } from '../../src/report/stats.js';

describe('wilson', () => {
  // Newcombe (1998), Statistics in Medicine 17:857-872, Table I, method 3
  // (score interval without continuity correction), to 4 decimals.
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0.0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])('%i/%i matches the published interval', (x, n, lo, hi) => {
    const w = wilson(x, n);
    expect(w.lo).toBeCloseTo(lo, 4);
    expect(w.hi).toBeCloseTo(hi, 4);
    expect(w.rate).toBe(x / n);
  });

  it('is exact at the ends and stays inside [0, 1]', () => {
    expect(wilson(0, 50).lo).toBe(0);
    expect(wilson(50, 50).hi).toBe(1);
    expect(wilson(50, 50).lo).toBeCloseTo(1 - wilson(0, 50).hi, 12);
  });

  it('is not the Wald interval', () => {
    // Wald for 1/29 would dip below 0; Wilson's lower end is positive.
    const w = wilson(1, 29);
    const p = 1 / 29;
    expect(p - 1.96 * Math.sqrt((p * (1 - p)) / 29)).toBeLessThan(0);
    expect(w.lo).toBeGreaterThan(0);
  });

  it('narrows like 1/sqrt(n)', () => {
    const a = wilson(500, 1000);
    const b = wilson(50000, 100000);
    expect((a.hi - a.lo) / (b.hi - b.lo)).toBeCloseTo(10, 1);
  });
});

describe('pairedDifference', () => {
  // Agresti, Categorical Data Analysis (2002), section 10.1: presidential
  // approval of 1600 people in two surveys, 794 / 150 / 86 / 570.
  // Difference 0.04, standard error 0.0095, 95% interval (0.021, 0.059).
  it('matches the textbook example', () => {
    const d = pairedDifference(150, 86, 1600);
    expect(d.diff).toBeCloseTo(0.04, 12);
    expect(d.se).toBeCloseTo(0.0095, 4);
    expect(d.lo).toBeCloseTo(0.021, 3);
    expect(d.hi).toBeCloseTo(0.059, 3);
    expect(d.p).toBeLessThan(0.001);
  });

  it('is exactly zero with no discordant games', () => {
    const d = pairedDifference(0, 0, 1234);
    expect(d).toMatchObject({ diff: 0, lo: 0, hi: 0, se: 0, p: 1 });
  });

  it('changes sign when A and B swap', () => {
    const ab = pairedDifference(30, 12, 400);
    const ba = pairedDifference(12, 30, 400);
    expect(ba.diff).toBe(-ab.diff);
    expect(ba.lo).toBeCloseTo(-ab.hi, 12);
    expect(ba.p).toBeCloseTo(ab.p, 12);
  });

  it('reads the discordant cells of a joint table', () => {
    // 5 outcomes: cell a*5+b counts games with outcome a under A and b under B.
    const joint = new Array<number>(25).fill(0);
    joint[0 * 5 + 0] = 10; // town under both
    joint[0 * 5 + 1] = 4; // town only under A
    joint[1 * 5 + 0] = 1; // town only under B
    joint[3 * 5 + 0] = 2; // town only under B
    joint[1 * 5 + 1] = 7;
    expect(discordant(joint, 0, 5)).toEqual({ onlyA: 4, onlyB: 3 });
    expect(discordant(joint, 1, 5)).toEqual({ onlyA: 1, onlyB: 4 });
  });
});

describe('holm', () => {
  it('adjusts step-down and keeps the input order', () => {
    // sorted 0.005, 0.01, 0.03, 0.04 -> x4, x3, x2, x1, then running maximum
    const adj = holm([0.01, 0.04, 0.03, 0.005]);
    expect(adj[3]).toBeCloseTo(0.02, 12);
    expect(adj[0]).toBeCloseTo(0.03, 12);
    expect(adj[2]).toBeCloseTo(0.06, 12);
    expect(adj[1]).toBeCloseTo(0.06, 12);
  });

  it('caps at 1', () => {
    expect(holm([0.6, 0.7])).toEqual([1, 1]);
  });
});

describe('normalUpperTail', () => {
  it('matches the normal table', () => {
    expect(normalUpperTail(0)).toBeCloseTo(0.5, 7);
    expect(normalUpperTail(1.959963984540054)).toBeCloseTo(0.025, 6);
    expect(normalUpperTail(1)).toBeCloseTo(0.158655, 5);
    expect(normalUpperTail(-1)).toBeCloseTo(0.841345, 5);
  });
});
