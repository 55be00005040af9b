// Machine instructions of a node run, counted by valgrind (cachegrind
// without its cache model), for instructions.ts, parts.ts, kernels.ts and
// wasmFanout.ts, and with cachegrind's cache and branch models for
// instructions.ts's INSTR_SIM=1 (jitProfile.ts runs callgrind with the same
// V8 flags). V8 runs single-threaded with fixed hash and random seeds and a
// fixed garbage collection schedule, so its compilation decisions repeat
// from run to run.

import { spawnSync } from 'node:child_process';

/** Exits with one line when valgrind is missing; else its version line. */
export function valgrindVersion(tool: string, fallback: string): string {
  const version = spawnSync('valgrind', ['--version'], { encoding: 'utf8' });
  if (version.error) {
    process.stderr.write(`${tool}: valgrind is not installed here: install it (apt-get install valgrind), or use ${fallback}\n`);
    process.exit(1);
  }
  return version.stdout.trim();
}

/**
 * V8 flags under which a run's compilation decisions repeat from run to run:
 * one thread, fixed seeds, and a heap that grows by a fixed schedule
 * (`--predictable-gc-schedule`). V8 otherwise sizes its heap from measured
 * times, which depend on how busy the machine is: without that flag forum
 * 48's count fell on two levels 0.95% apart from run to run, with it runs
 * agree within 0.02% (BENCHMARKS.md, "Issue 21, twenty-first round").
 */
export const REPEATABLE_V8 = ['--single-threaded', '--predictable-gc-schedule', '--hash-seed=1', '--random-seed=1'] as const;

/** Instructions valgrind counted for `node script ...args` with `env` added. */
export function countInstructions(script: string, args: readonly string[], env: Record<string, string>, what: string): number {
  return cachegrindCounts(script, args, env, what, false).instructions;
}

/** What cachegrind's models of the caches and the branch predictor count in a run: simulated, not the machine's own counters. */
export interface SimulatedCounts {
  readonly instructions: number;
  /** First-level instruction cache misses. */
  readonly i1Misses: number;
  /** First-level data cache misses, reads and writes. */
  readonly d1Misses: number;
  readonly branches: number;
  /** Conditional and indirect branches the model mispredicted. */
  readonly mispredicts: number;
}

/**
 * What cachegrind counts for `node script ...args` with `env` added: with
 * `simulate`, its cache and branch models too (about twice the plain
 * count's time); without, the instructions alone and the rest 0.
 */
export function cachegrindCounts(script: string, args: readonly string[], env: Record<string, string>, what: string, simulate: boolean): SimulatedCounts {
  const node = [...REPEATABLE_V8, script, ...args];
  const models = simulate ? ['--cache-sim=yes', '--branch-sim=yes'] : ['--cache-sim=no'];
  const run = spawnSync('valgrind', ['--tool=cachegrind', ...models, '--cachegrind-out-file=/dev/null', process.execPath, ...node], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  if (run.error) throw new Error(`valgrind did not start (${run.error.message}): install it (apt-get install valgrind)`);
  const total = (label: string): number | null => {
    const m = new RegExp(`${label}:\\s+([\\d,]+)`).exec(run.stderr);
    return m === null ? null : Number(m[1]!.replaceAll(',', ''));
  };
  const instructions = total('I\\s+refs');
  if (run.status !== 0 || instructions === null) throw new Error(`valgrind run of ${what} failed (exit ${run.status}):\n${run.stderr.slice(-2000)}`);
  return {
    instructions,
    i1Misses: total('I1\\s+misses') ?? 0,
    d1Misses: total('D1\\s+misses') ?? 0,
    branches: total('Branches') ?? 0,
    mispredicts: total('Mispredicts') ?? 0,
  };
}
