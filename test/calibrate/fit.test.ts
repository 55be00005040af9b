// The fit on a model whose answer is known in closed form: moments that are
// linear in the parameters (played with no simulation noise), so the search
// must land on the records' values, the Jacobian must equal the slopes, and
// the standard errors must equal √((1 + 1/S)(G'WG)⁻¹) computed by hand. Also:
// bounds hold, a parameter no moment depends on is "not identified", and the
// same answers give the same path.

import { describe, expect, it } from 'vitest';
import type { Point } from '../../src/sim/balance/tune.js';
import { FIT_DEFAULTS, fitMoments, invertSymmetric } from '../../src/sim/calibrate/fit.js';
import { momentValue, momentZ } from '../../src/sim/calibrate/moments.js';
import type { Statistic, StatisticsJSON } from '../../src/sim/records/stats.js';

const rate = (k: number, n: number): Statistic => ({ k, n, rate: n > 0 ? k / n : null, lo: null, hi: null });

function stats(games: number, cells: Record<string, Statistic>): StatisticsJSON {
  return { games, statistics: cells };
}

const SIM_N = 1_000_000;
/** townWin = a, noLynch.all = 0.1 + b/2 (b has no other effect), both exact at n = 10⁶. */
const model = (p: Point): StatisticsJSON =>
  stats(SIM_N, {
    townWin: rate(Math.round(p.a! * SIM_N), SIM_N),
    'noLynch.all': rate(Math.round((0.1 + p.b! / 2) * SIM_N), SIM_N),
  });

const RECORDS = stats(400, { townWin: rate(120, 400), 'noLynch.all': rate(80, 400) }); // a = 0.3, b = 0.2
const PARAMS = [
  { key: 'a', min: 0, max: 1, start: 0.8 },
  { key: 'b', min: 0, max: 1, start: 0.9 },
];

describe('fitMoments', () => {
  it('finds the values that reproduce the records and the standard errors of the closed form', async () => {
    let calls = 0;
    // simGames = the records' games: S = 1, so the variance doubles.
    const fit = await fitMoments({ ...FIT_DEFAULTS, params: PARAMS, moments: ['townWin', 'noLynch.all'], records: RECORDS, simGames: 400 }, async (points) => {
      calls++;
      return points.map(model);
    });
    const [a, b] = fit.params;
    expect(a!.value).toBeCloseTo(0.3, 2);
    expect(b!.value).toBeCloseTo(0.2, 2);
    expect(fit.stoppedBy).toBe('step');
    expect(fit.objective).toBeLessThan(0.05);
    // The slopes: d townWin/da = 1, d noLynch/db = 1/2, nothing across.
    expect(fit.jacobian[0]![0]).toBeCloseTo(1, 4);
    expect(fit.jacobian[1]![1]).toBeCloseTo(0.5, 4);
    expect(Math.abs(fit.jacobian[0]![1]!)).toBeLessThan(1e-4);
    const scale = 2;
    const va = momentValue('townWin', RECORDS.statistics.townWin!).variance;
    const vb = momentValue('noLynch.all', RECORDS.statistics['noLynch.all']!).variance;
    expect(a!.se!).toBeCloseTo(Math.sqrt(scale * va), 4);
    expect(b!.se!).toBeCloseTo(Math.sqrt(scale * vb) * 2, 4);
    expect(fit.evaluations).toBeGreaterThan(calls); // several points per call
  });

  it('stays inside the ranges, and calls a parameter no moment depends on not identified', async () => {
    const fit = await fitMoments({ ...FIT_DEFAULTS, params: [{ key: 'a', min: 0.5, max: 1, start: 0.9 }, { key: 'b', min: 0, max: 1, start: 0.5 }], moments: ['townWin'], records: RECORDS, simGames: SIM_N }, async (points) => points.map(model));
    expect(fit.params[0]!.value).toBe(0.5); // the records want 0.3, below the range
    expect(fit.params[1]!.se).toBeNull();
    expect(fit.params[0]!.se).toBeGreaterThan(0); // the identified one keeps its error
  });

  it('gives the same path and answer for the same answers', async () => {
    const run = () => fitMoments({ ...FIT_DEFAULTS, params: PARAMS, moments: ['townWin', 'noLynch.all'], records: RECORDS, simGames: 1000 }, async (points) => points.map(model));
    expect(JSON.stringify(await run())).toBe(JSON.stringify(await run()));
  });
});

describe('moments', () => {
  it('a rate the records never saw still has a spread, so z stays finite', () => {
    const never = momentValue('medicSelfHeal', rate(0, 263));
    expect(never.value).toBe(0);
    expect(never.variance).toBeGreaterThan(0);
    const z = momentZ(momentValue('medicSelfHeal', rate(40, 4000)), never);
    expect(Number.isFinite(z) && z > 2).toBe(true);
    expect(momentZ(momentValue('medicSelfHeal', rate(0, 4000)), never)).toBe(0);
  });

  it('inverts a small matrix, and refuses a singular one', () => {
    const inv = invertSymmetric([[4, 2], [2, 3]])!;
    expect(inv[0]![0]).toBeCloseTo(3 / 8, 12);
    expect(inv[0]![1]).toBeCloseTo(-2 / 8, 12);
    expect(inv[1]![1]).toBeCloseTo(4 / 8, 12);
    expect(invertSymmetric([[1, 2], [2, 4]])).toBeNull();
  });
});
