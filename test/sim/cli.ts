// Runs the built CLI (dist/src/cli/main.js) as a separate process, the way
// users and cluster jobs do. `npm test` builds dist before vitest runs.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const MAIN = fileURLToPath(new URL('../../dist/src/cli/main.js', import.meta.url));

export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface Spawned {
  readonly child: ChildProcess;
  readonly done: Promise<CliResult>;
}

let scratch: string | undefined;

/** The folder the CLI runs in: a fresh one per test file, so default report folders never land in the tree. */
export function scratchDir(): string {
  if (scratch === undefined) {
    const dir = mkdtempSync(join(tmpdir(), 'mafia-sim-cwd-'));
    scratch = dir;
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
  return scratch;
}

/** Where and as whom the CLI runs: another folder than scratchDir, another user (to meet a folder root may not write). */
export interface SpawnPlace {
  readonly cwd?: string;
  readonly uid?: number;
  readonly gid?: number;
}

export function spawnCli(args: readonly string[], env: Record<string, string | undefined> = {}, place: SpawnPlace = {}): Spawned {
  const child = spawn(process.execPath, [MAIN, ...args], { cwd: scratchDir(), ...place, env: { ...cleanEnv(), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<CliResult>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
  return { child, done };
}

export function cli(args: readonly string[], env: Record<string, string | undefined> = {}): Promise<CliResult> {
  return spawnCli(args, env).done;
}

/** The CLI, killed if it has not ended within `ms` (its code is then null): a test of a hang must not hang itself. */
export function cliWithin(ms: number, args: readonly string[], place: SpawnPlace = {}): Promise<CliResult> {
  const run = spawnCli(args, {}, place);
  const timer = setTimeout(() => run.child.kill('SIGKILL'), ms);
  return run.done.finally(() => clearTimeout(timer));
}

/** The environment without anything that would shard or fault a run by accident. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const k of ['JOB_COMPLETION_INDEX', 'SLURM_ARRAY_TASK_ID', 'SLURM_ARRAY_TASK_COUNT', 'SLURM_ARRAY_TASK_MIN', 'MAFIA_SIM_FAULT']) delete env[k];
  return env;
}

/** A run/merge JSON output without its reproducibility block (time, command, threads differ by design). */
export function withoutReproducibility(json: string): string {
  const o = JSON.parse(json) as Record<string, unknown>;
  delete o.reproducibility;
  return JSON.stringify(o);
}
