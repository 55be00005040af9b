import { describe, expect, it } from 'vitest';
import { Sfc32 } from '../../src/engine/rng.js';
import { distanceBounds, klBounds } from '../../src/sim/balance/bounds.js';
import { lookSchedule, race, raceConfigProblem, separationConfidence, type RaceConfig } from '../../src/sim/balance/race.js';
import { bernoulliSource } from './synthetic.js';

const base: RaceConfig = { candidates: 4, target: 0.5, alpha: 0.05, budget: 200_000, firstLook: 1000, growth: 2 };

function binomial(rng: Sfc32, n: number, p: number): number {
  let s = 0;
  for (let i = 0; i < n; i++) if (rng.next() < p) s++;
  return s;
}

describe('Chernoff-KL bounds', () => {
  it('miss the true rate on each side no more often than delta', () => {
    const rng = new Sfc32(11, 0, 0);
    const reps = 4000;
    const delta = 0.05;
    for (const p of [0.1, 0.5, 0.8]) {
      let above = 0;
      let below = 0;
      for (let r = 0; r < reps; r++) {
        const b = klBounds(binomial(rng, 200, p), 200, delta);
        if (p > b.hi) above++;
        if (p < b.lo) below++;
      }
      const slack = 3 * Math.sqrt((delta * (1 - delta)) / reps);
      expect(above / reps).toBeLessThanOrEqual(delta + slack);
      expect(below / reps).toBeLessThanOrEqual(delta + slack);
    }
  });

  it('are never wider than Hoeffding bounds (Pinsker) and shrink with n', () => {
    for (const [w, n] of [[30, 100], [500, 1000], [9000, 10000], [0, 50]] as const) {
      const delta = 0.001;
      const b = klBounds(w, n, delta);
      const h = Math.sqrt(Math.log(1 / delta) / (2 * n));
      expect(b.hi - w / n).toBeLessThanOrEqual(h + 1e-9);
      expect(w / n - b.lo).toBeLessThanOrEqual(h + 1e-9);
      expect(b.lo).toBeLessThanOrEqual(w / n);
      expect(b.hi).toBeGreaterThanOrEqual(w / n);
      const more = klBounds(w * 4, n * 4, delta);
      expect(more.hi - more.lo).toBeLessThan(b.hi - b.lo);
    }
  });

  it('turn rate bounds into distance bounds around a target', () => {
    expect(distanceBounds({ lo: 0.4, hi: 0.55 }, 0.5)).toEqual({ lo: 0, hi: expect.closeTo(0.1, 12) });
    expect(distanceBounds({ lo: 0.1, hi: 0.2 }, 0.5)).toEqual({ lo: expect.closeTo(0.3, 12), hi: expect.closeTo(0.4, 12) });
    expect(distanceBounds({ lo: 0.6, hi: 0.7 }, 0.5)).toEqual({ lo: expect.closeTo(0.1, 12), hi: expect.closeTo(0.2, 12) });
  });
});

describe('the balance race', () => {
  it('schedules looks geometrically up to the cap', () => {
    expect(lookSchedule(1000, 2, 10_000)).toEqual([1000, 2000, 4000, 8000]);
    expect(lookSchedule(100, 1.5, 400)).toEqual([100, 150, 225, 338]);
  });

  it('refuses a budget that cannot pay the first look', () => {
    expect(raceConfigProblem({ ...base, budget: 3000 })).toMatch(/raise the budget to 4000/);
    expect(raceConfigProblem(base)).toBeNull();
  });

  it('picks the candidate nearest the target and drops the far ones first', async () => {
    const src = bernoulliSource([0.2, 0.45, 0.52, 0.7], 5);
    const r = await race(base, src);
    expect(r.best).toBe(2);
    expect(r.decided).toBe(true);
    expect(r.confidence).toBeGreaterThanOrEqual(0.95);
    expect(r.candidates[0]!.droppedAt).toBe(1);
    expect(r.candidates[3]!.droppedAt).toBe(1);
    // the close call got the games
    expect(r.candidates[1]!.games).toBeGreaterThan(4 * r.candidates[0]!.games);
    expect(r.candidates[2]!.games).toBeGreaterThanOrEqual(r.candidates[1]!.games);
    expect(r.spent).toBeLessThanOrEqual(base.budget);
    expect(r.spent).toBe(r.candidates.reduce((s, c) => s + c.games, 0));
    // every look plays the same game indices for every open candidate
    for (const call of src.calls) expect(call.candidates.length).toBeGreaterThan(0);
    expect(src.calls.map((c) => c.from)).toEqual([0, ...src.calls.slice(0, -1).map((c) => c.to)]);
  });

  it('finds a target other than one half, and a best value on either side of it', async () => {
    const r = await race({ ...base, candidates: 3, target: 0.3 }, bernoulliSource([0.1, 0.33, 0.5], 9));
    expect(r.best).toBe(1);
    expect(r.decided).toBe(true);
  });

  it('stops at the budget, undecided, when two candidates are equally near', async () => {
    const r = await race({ ...base, candidates: 3, budget: 60_000 }, bernoulliSource([0.45, 0.55, 0.9], 3));
    expect(r.decided).toBe(false);
    expect(r.candidates[2]!.status).toBe('dropped');
    expect(r.candidates.filter((c) => c.status === 'open').map((c) => c.index)).toEqual([0, 1]);
    expect(r.spent).toBeLessThanOrEqual(60_000);
    expect(r.confidence).toBeLessThan(0.95);
  });

  it('is a function of its inputs and seed only', async () => {
    const a = await race(base, bernoulliSource([0.3, 0.48, 0.53, 0.6], 21));
    const b = await race(base, bernoulliSource([0.3, 0.48, 0.53, 0.6], 21));
    expect(b).toEqual(a);
    const c = await race(base, bernoulliSource([0.3, 0.48, 0.53, 0.6], 22));
    expect(c.candidates.map((x) => x.wins)).not.toEqual(a.candidates.map((x) => x.wins));
  });

  it('declares a wrong candidate best no more often than alpha, over repeated seeds', async () => {
    // A close call (distances 0.04 and 0.015) at a loose alpha, so errors would show.
    const alpha = 0.2;
    const reps = 300;
    let wrong = 0;
    let decided = 0;
    for (let seed = 0; seed < reps; seed++) {
      const r = await race({ candidates: 3, target: 0.5, alpha, budget: 80_000, firstLook: 500, growth: 2 }, bernoulliSource([0.46, 0.515, 0.58], 1000 + seed));
      if (r.decided) decided++;
      if (r.decided && r.best !== 1) wrong++;
    }
    expect(decided).toBeGreaterThan(reps / 2);
    expect(wrong / reps).toBeLessThanOrEqual(alpha + 3 * Math.sqrt((alpha * (1 - alpha)) / reps));
  });

  it('reports more confidence the more the final counts separate', () => {
    const weak = separationConfidence([{ wins: 460, games: 1000 }, { wins: 400, games: 1000 }], 0, 0.5, 4);
    const strong = separationConfidence([{ wins: 4600, games: 10000 }, { wins: 4000, games: 10000 }], 0, 0.5, 4);
    expect(strong).toBeGreaterThan(weak);
    expect(separationConfidence([{ wins: 500, games: 1000 }, { wins: 500, games: 1000 }], 0, 0.5, 4)).toBe(0);
  });
});
