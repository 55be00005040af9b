// `--precision P` plays whole batches until every outcome's 95% interval
// half-width is at most P: it stops at the first batch boundary where that
// holds (checked here with an independent Wilson formula), at the same
// count for any thread count, and says when the cap came first.

import { describe, expect, it } from 'vitest';
import { OUTCOME_NAMES } from '../../src/engine/events.js';
import { resolveRules } from '../../src/engine/rules.js';
import type { Aggregate } from '../../src/sim/aggregate.js';
import { runGames, type Variant } from '../../src/sim/run.js';
import { cli } from './cli.js';

const variants: Variant[] = [{ label: 'club', rules: resolveRules('club'), agents: 'random' }];

/** Widest Wilson 95% half-width over the outcomes, written out from the textbook formula. */
function widest(agg: Aggregate): number {
  const z = 1.96;
  const n = agg.games;
  return Math.max(
    ...OUTCOME_NAMES.map((o) => {
      const p = agg.count(o) / n;
      return (z / (1 + (z * z) / n)) * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
    }),
  );
}

describe('precision mode', () => {
  it('stops at the first batch boundary where every half-width is within the target', async () => {
    const P = 0.012;
    const r = await runGames({ variants, seed: 8, games: 40000, precision: P, threads: 2 });
    expect(r.stopped).toBe('precision');
    expect(r.complete).toBe(true);
    expect(r.games).toBeLessThan(40000);
    expect(r.games % r.batchSize).toBe(0);
    expect(widest(r.aggregates[0]!)).toBeLessThanOrEqual(P + 1e-6);

    const before = await runGames({ variants, seed: 8, games: 40000, to: r.games - r.batchSize, threads: 1 });
    expect(widest(before.aggregates[0]!)).toBeGreaterThan(P - 1e-6);

    const oneThread = await runGames({ variants, seed: 8, games: 40000, precision: P, threads: 1 });
    expect(oneThread.games).toBe(r.games);
    expect(JSON.stringify(oneThread.aggregates[0]!.toJSON())).toBe(JSON.stringify(r.aggregates[0]!.toJSON()));
  });

  it('stops at the cap when the target is out of reach, and says so', async () => {
    const r = await cli(['run', '--agents', 'random', '--precision', '0.001', '--games', '2000', '--threads', '1', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(s.stopped).toBe('games');
    expect(s.games).toBe(2000);
    expect(s.precision.target).toBe(0.001);
    expect(s.precision.reached).toBe(false);
    expect(s.precision.maxHalfWidth).toBeGreaterThan(0.001);

    const table = await cli(['run', '--agents', 'random', '--precision', '0.001', '--games', '2000', '--threads', '1']);
    expect(table.stdout).toMatch(/stopped at the game cap \(2000\) before reaching precision ±0.001/);
  });

  it('the command line reports the precision reached', async () => {
    const r = await cli(['run', '--agents', 'random', '--precision', '0.02', '--games', '20000', '--threads', '2', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(s.stopped).toBe('precision');
    expect(s.precision.reached).toBe(true);
    expect(s.precision.maxHalfWidth).toBeLessThanOrEqual(0.02);
    for (const o of OUTCOME_NAMES) expect(s.rates[o].halfWidth).toBeLessThanOrEqual(0.02);
  });
});
