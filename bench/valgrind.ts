// Machine instructions of a node run, counted by valgrind (cachegrind
// without its cache model), for instructions.ts, parts.ts, kernels.ts and
// wasmFanout.ts (jitProfile.ts runs callgrind with the same V8 flags). V8 runs
// single-threaded with fixed hash and random seeds and a fixed garbage
// collection schedule, so its compilation decisions repeat from run to run.

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
  const node = [...REPEATABLE_V8, script, ...args];
  const run = spawnSync('valgrind', ['--tool=cachegrind', '--cache-sim=no', '--cachegrind-out-file=/dev/null', process.execPath, ...node], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  if (run.error) throw new Error(`valgrind did not start (${run.error.message}): install it (apt-get install valgrind)`);
  const refs = /I\s+refs:\s+([\d,]+)/.exec(run.stderr);
  if (run.status !== 0 || refs === null) throw new Error(`valgrind run of ${what} failed (exit ${run.status}):\n${run.stderr.slice(-2000)}`);
  return Number(refs[1]!.replaceAll(',', ''));
}
