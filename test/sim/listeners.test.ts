// Abort listeners stay bounded: a pool keeps a window of batches in flight
// (three per thread), and each batch once hung a listener on one shared
// AbortSignal, so four threads set off MaxListenersExceededWarning in
// `npm test`. Runs on many threads, and many runs on one caller's signal,
// must emit no such warning and leave no listener behind.

import { getEventListeners } from 'node:events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveRules } from '../../src/engine/rules.js';
import { runGames, type Variant } from '../../src/sim/run.js';

const variants: Variant[] = [{ label: 'club', rules: resolveRules('club'), agents: 'random' }];

let warnings: Error[] = [];
const onWarning = (w: Error) => warnings.push(w);
beforeEach(() => {
  warnings = [];
  process.on('warning', onWarning);
});
afterEach(() => {
  process.off('warning', onWarning);
});

/** Warnings are emitted on the next tick: wait for them before looking. */
const settle = () => new Promise((r) => setTimeout(r, 50));

describe('abort listeners', () => {
  it('a pool with a window of more than ten batches warns of no listener leak', async () => {
    // 6 threads: a window of 18 batches in flight, 64 batches in all.
    const r = await runGames({ variants, seed: 4, games: 6400, threads: 6 });
    expect(r.complete).toBe(true);
    await settle();
    expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning').map((w) => w.message)).toEqual([]);
  });

  it("many runs on one caller's signal leave no listener on it", async () => {
    const stop = new AbortController();
    for (let i = 0; i < 12; i++) {
      const r = await runGames({ variants, seed: i, games: 1200, threads: 2, signal: stop.signal });
      expect(r.complete).toBe(true);
      expect(getEventListeners(stop.signal, 'abort')).toHaveLength(0);
    }
    await settle();
    expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning').map((w) => w.message)).toEqual([]);
  });
});
