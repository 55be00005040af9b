// How a pool's worker loads its file (dist/src/sim/poolEntry.cjs). piscina
// require()s it first; on Node 20.19+ require() of an ES module loads it
// synchronously, and a worker terminated in that window (Ctrl-C just after
// piscina replaced a cancelled batch's worker) aborted the whole process
// (CI, records compare under load: "FATAL ERROR: v8::Module::IsGraphAsync
// must be used on an instantiated module"). The pool's file is CommonJS and
// loads the real entries by import(), so the workers need no execArgv of
// their own: they inherit node's, V8 flags included (a Worker's execArgv
// refuses those, which made `node --max-old-space-size=N mafia-sim run` an
// internal error).

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { parseAgents } from '../../src/agents/index.js';
import { resolveRules } from '../../src/engine/rules.js';
import { poolScript } from '../../src/sim/executors.js';
import { RecordRunner } from '../../src/sim/records/simulate.js';
import { runGames } from '../../src/sim/run.js';
import { MAIN } from './cli.js';

const REQUIRE_LOADS_ESM = (process.features as { require_module?: boolean }).require_module === true;

/** What require() of the pool's file gives inside a worker that refuses to load an ES module by require(). */
function requireInStrictWorker(): Promise<string> {
  const probe = `
    const { parentPort, workerData } = require('node:worker_threads');
    try { const m = require(workerData); parentPort.postMessage(typeof m.runBatch + ',' + typeof m.runRecordBatch); }
    catch (e) { parentPort.postMessage(e.code ?? String(e)); }`;
  const execArgv = REQUIRE_LOADS_ESM ? ['--no-experimental-require-module'] : [];
  const w = new Worker(probe, { eval: true, workerData: poolScript(), execArgv });
  return new Promise((resolve, reject) => {
    w.once('message', (m: string) => {
      void w.terminate();
      resolve(m);
    });
    w.once('error', reject);
  });
}

/** The built CLI under `node FLAG`: its exit code and stderr. */
function cliUnderNodeFlag(flag: string, args: readonly string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [flag, MAIN, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe("a pool's worker file", () => {
  it('is CommonJS that loads no ES module inside require(): a worker refusing require(esm) loads both entries', async () => {
    expect(poolScript()).toMatch(/poolEntry\.cjs$/);
    expect(await requireInStrictWorker()).toBe('function,function');
  });

  it('plays games through it', async () => {
    const r = await runGames({ variants: [{ label: 'club', rules: resolveRules('club'), agents: 'random' }], seed: 1, games: 2000, threads: 2 });
    expect(r.complete).toBe(true);
    expect(r.threads).toBe(2);
  });

  it('plays games with records through it, the tally of one thread', async () => {
    const rules = resolveRules('club');
    const agents = parseAgents('club').canonical;
    const tallyOf = async (threads: number) => {
      const runner = await RecordRunner.open(rules, threads);
      try {
        return JSON.stringify((await runner.tally(agents, 3, 600)).toJSON());
      } finally {
        await runner.close();
      }
    };
    expect(await tallyOf(2)).toBe(await tallyOf(1));
  });

  it('lets the workers inherit a V8 flag given to node (`node --max-old-space-size=512 mafia-sim run`)', async () => {
    const out = mkdtempSync(join(tmpdir(), 'mafia-sim-v8flag-'));
    try {
      const r = await cliUnderNodeFlag('--max-old-space-size=512', ['run', '--games', '600', '--threads', '2', '--quiet', '--json', '--out', join(out, 'report')]);
      expect(r.stderr).not.toMatch(/error/i);
      expect(r.code).toBe(0);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
