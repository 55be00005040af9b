// How a pool's worker loads its file. piscina require()s it first; on Node
// 20.19+ that loads our ES module synchronously, and a worker terminated in
// that window (Ctrl-C just after piscina replaced a cancelled batch's worker)
// aborted the whole process (CI, records compare under load: "FATAL ERROR:
// v8::Module::IsGraphAsync must be used on an instantiated module"). With the
// pool's execArgv a worker's require() of the file refuses at once, so
// piscina takes its import() path, and the pool still plays.

import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { resolveRules } from '../../src/engine/rules.js';
import { workerExecArgv, workerScript } from '../../src/sim/executors.js';
import { runGames } from '../../src/sim/run.js';

/** What require() of the worker file does inside a worker started with `execArgv`. */
function requireInWorker(execArgv: string[]): Promise<string> {
  const probe = `
    const { parentPort, workerData } = require('node:worker_threads');
    try { require(workerData); parentPort.postMessage('loaded'); }
    catch (e) { parentPort.postMessage(e.code ?? String(e)); }`;
  const w = new Worker(probe, { eval: true, workerData: workerScript(), execArgv });
  return new Promise((resolve, reject) => {
    w.once('message', (m: string) => {
      void w.terminate();
      resolve(m);
    });
    w.once('error', reject);
  });
}

describe("a pool worker's require() of the worker file", () => {
  it('refuses with ERR_REQUIRE_ESM, so piscina loads it by import()', async () => {
    expect(await requireInWorker(workerExecArgv())).toBe('ERR_REQUIRE_ESM');
  });

  it.runIf((process.features as { require_module?: boolean }).require_module === true)(
    'would load it synchronously without the pool execArgv (this Node has require(esm))',
    async () => {
      expect(await requireInWorker([...process.execArgv])).toBe('loaded');
    },
  );

  it('and the pool still plays', async () => {
    const r = await runGames({ variants: [{ label: 'club', rules: resolveRules('club'), agents: 'random' }], seed: 1, games: 2000, threads: 2 });
    expect(r.complete).toBe(true);
  });
});
