// Shards as separate processes (the way a cluster runs them), merged, give
// exactly the unsharded run: for 1, 3 and 7 shards, with the shard index
// taken from --shard, a Kubernetes Indexed Job or a Slurm array.

import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, withoutReproducibility, type CliResult } from './cli.js';

const GAMES = 7000;
const COMMON = ['--rules', 'club', '--agents', 'random', '--seed', '42', '--games', String(GAMES), '--threads', '1', '--quiet'];
const dirs: string[] = [];
let whole: CliResult;

beforeAll(async () => {
  whole = await cli(['run', ...COMMON, '--json']);
  expect(whole.code, whole.stderr).toBe(0);
});

function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'mafia-sim-shards-'));
  dirs.push(d);
  return d;
}

afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** How shard i of n learns its index: the flag, or the environment of a batch engine. */
function shardLaunch(i: number, n: number, via: 'flag' | 'k8s' | 'slurm'): { args: string[]; env: Record<string, string> } {
  if (via === 'flag') return { args: ['--shard', `${i}/${n}`], env: {} };
  if (via === 'k8s') return { args: ['--shards', String(n)], env: { JOB_COMPLETION_INDEX: String(i) } };
  return { args: [], env: { SLURM_ARRAY_TASK_ID: String(i), SLURM_ARRAY_TASK_COUNT: String(n), SLURM_ARRAY_TASK_MIN: '0' } };
}

describe('shards merged equal one run', () => {
  it.each([
    [1, 'flag'],
    [3, 'k8s'],
    [7, 'slurm'],
  ] as const)('%i shards (index via %s)', async (n, via) => {
    const parts = tempDir();
    const runs = await Promise.all(
      Array.from({ length: n }, (_, i) => {
        const { args, env } = shardLaunch(i, n, via);
        return cli(['run', ...COMMON, ...args, '--out', parts], env);
      }),
    );
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(parts).filter((f) => f.endsWith('.json'))).toHaveLength(n);
    expect(readdirSync(parts).some((f) => f.includes('.tmp-'))).toBe(false);

    const out = tempDir();
    const merged = await cli(['merge', parts, '--json', '--quiet', '--out', out]);
    expect(merged.code, merged.stderr).toBe(0);
    expect(withoutReproducibility(merged.stdout)).toBe(withoutReproducibility(whole.stdout));
    const m = JSON.parse(merged.stdout);
    expect(m.games).toBe(GAMES);
    expect(m.reproducibility.parts).toHaveLength(n);
    // The merged run gets the report folder an unsharded run writes; its summary keeps the run's numbers under `run`.
    expect(readdirSync(out)).toEqual(expect.arrayContaining(['summary.json', 'outcomes.csv', 'report.html']));
    const report = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as { run: unknown; variants: { games: number }[] };
    expect(withoutReproducibility(JSON.stringify(report.run))).toBe(withoutReproducibility(whole.stdout));
    expect(report.variants[0]!.games).toBe(GAMES);
  });
});
