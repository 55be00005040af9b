// The kept worker pool (gamesPool.ts): runs one after another play on the
// same warm workers, and get the numbers a fresh pool gives; a run cut short
// takes its pool with it; another thread count or fault setting gets other
// workers, but a run with fewer batches than its threads plays on the kept
// pool if its caller allowed that many.

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveRules } from '../../src/engine/rules.js';
import { FAULT_ENV } from '../../src/sim/faults.js';
import { closeKeptPool, keptWorkerIds } from '../../src/sim/gamesPool.js';
import { runGames, type RunResult, type Variant } from '../../src/sim/run.js';

const variants: Variant[] = [{ label: 'club', rules: resolveRules('club'), agents: 'club' }];
const counts = (r: RunResult) => JSON.stringify({ a: r.aggregates.map((x) => x.toJSON()), joint: r.joint.map((j) => Array.from(j)) });
const run = (seed: number, threads = 2) => runGames({ variants, seed, games: 2000, threads });

afterEach(async () => {
  delete process.env[FAULT_ENV];
  await closeKeptPool();
});

describe('the kept pool', () => {
  it('plays the next run on the same workers, with the numbers of a fresh pool', async () => {
    await closeKeptPool();
    const fresh = counts(await run(3));
    await run(4);
    const workers = keptWorkerIds();
    expect(workers).toHaveLength(2);
    const warm = counts(await run(3));
    expect(keptWorkerIds()).toEqual(workers);
    expect(warm).toBe(fresh);
  });

  it('goes with a run cut short, and the next run starts a new one', async () => {
    await run(3);
    const before = keptWorkerIds();
    const stop = new AbortController();
    const cut = await runGames({ variants, seed: 5, games: 200_000, threads: 2, signal: stop.signal, onProgress: (p) => p.done > 0 && stop.abort() });
    expect(cut.complete).toBe(false);
    expect(keptWorkerIds()).toEqual([]);
    const after = counts(await run(3));
    expect(keptWorkerIds()).toHaveLength(2);
    expect(keptWorkerIds()).not.toEqual(before);
    await closeKeptPool();
    expect(after).toBe(counts(await run(3)));
  });

  it('is replaced for another thread count or another fault setting', async () => {
    await run(3, 2);
    const two = keptWorkerIds();
    await run(3, 3);
    expect(keptWorkerIds()).toHaveLength(3);
    expect(keptWorkerIds().some((id) => two.includes(id))).toBe(false);
    const three = keptWorkerIds();
    process.env[FAULT_ENV] = 'throw@999999';
    await run(3, 3);
    expect(keptWorkerIds().some((id) => three.includes(id))).toBe(false);
  });

  it('serves a run with fewer batches than the threads allowed, which then reports the threads it used', async () => {
    const fresh = counts(await runGames({ variants, seed: 6, games: 500, threads: 2 })); // 2 batches of 250
    await run(3, 3);
    const three = keptWorkerIds();
    expect(three).toHaveLength(3);
    const small = await runGames({ variants, seed: 6, games: 500, threads: 3 });
    expect(small.threads).toBe(2);
    expect(keptWorkerIds()).toEqual(three);
    expect(counts(small)).toBe(fresh);
  });

  it('does not keep the process alive once the run is over', async () => {
    const runJs = fileURLToPath(new URL('../../dist/src/sim/run.js', import.meta.url));
    const rulesJs = fileURLToPath(new URL('../../dist/src/engine/rules.js', import.meta.url));
    const script = `const { runGames } = await import(${JSON.stringify(runJs)}); const { resolveRules } = await import(${JSON.stringify(rulesJs)});
      const r = await runGames({ variants: [{ label: 'c', rules: resolveRules('club'), agents: 'club' }], seed: 1, games: 2000, threads: 2 });
      console.log(r.games, r.threads);`;
    const started = Date.now();
    const p = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30_000 });
    expect(p.stderr).toBe('');
    expect(p.stdout.trim()).toBe('2000 2');
    // The pool's idle timeout is a minute: an exit well before it means the kept workers did not hold the process.
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});
