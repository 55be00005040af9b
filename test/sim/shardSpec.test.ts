// Where a shard's index and count come from (flag, Kubernetes, Slurm), the
// slices they cover, and the one-line refusals of bad run flags.

import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { partFileName, resolveShard, shardRange } from '../../src/sim/shard.js';
import { cli } from './cli.js';

describe('shard index and count', () => {
  it('from the flag, Kubernetes or Slurm, the flag winning', () => {
    expect(resolveShard('2/5', undefined, {})).toMatchObject({ index: 2, count: 5 });
    expect(resolveShard(undefined, '4', { JOB_COMPLETION_INDEX: '3' })).toMatchObject({ index: 3, count: 4, source: 'JOB_COMPLETION_INDEX' });
    expect(resolveShard(undefined, undefined, { SLURM_ARRAY_TASK_ID: '6', SLURM_ARRAY_TASK_COUNT: '7' })).toMatchObject({ index: 6, count: 7 });
    expect(resolveShard(undefined, undefined, { SLURM_ARRAY_TASK_ID: '7', SLURM_ARRAY_TASK_MIN: '1', SLURM_ARRAY_TASK_COUNT: '7' })).toMatchObject({ index: 6, count: 7 });
    expect(resolveShard(undefined, '3', { SLURM_ARRAY_TASK_ID: '2' })).toMatchObject({ index: 2, count: 3 });
    expect(resolveShard('0/2', undefined, { JOB_COMPLETION_INDEX: '1', SLURM_ARRAY_TASK_ID: '1' })).toMatchObject({ index: 0, count: 2 });
    expect(resolveShard(undefined, undefined, { JOB_COMPLETION_INDEX: '1' })).toBeNull();
    expect(resolveShard(undefined, undefined, {})).toBeNull();
  });

  it('refuses what cannot be a shard', () => {
    expect(() => resolveShard('3/3', undefined, {})).toThrow(/--shard: shard index 3 is outside 0\.\.2/);
    expect(() => resolveShard('1of3', undefined, {})).toThrow(/--shard: got "1of3"; use i\/N/);
    expect(() => resolveShard(undefined, '4', {})).toThrow(/--shards: needs a shard index/);
    expect(() => resolveShard(undefined, '4', { JOB_COMPLETION_INDEX: '4' })).toThrow(/JOB_COMPLETION_INDEX: shard index 4/);
    expect(() => resolveShard(undefined, undefined, { SLURM_ARRAY_TASK_ID: '2' })).toThrow(/SLURM_ARRAY_TASK_COUNT is not; add --shards N/);
    expect(() => resolveShard('0/2', '2', {})).toThrow(/not both/);
  });

  it('slices tile [0, G) in order, sizes within one of each other', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), fc.integer({ min: 1, max: 500 }), (total, count) => {
        let cursor = 0;
        const sizes: number[] = [];
        for (let i = 0; i < count; i++) {
          const { from, to } = shardRange(i, count, total);
          if (from !== cursor || to < from) return false;
          sizes.push(to - from);
          cursor = to;
        }
        return cursor === total && Math.max(...sizes) - Math.min(...sizes) <= 1;
      }),
    );
    expect(shardRange(1, 3, 10)).toEqual({ from: 3, to: 6 });
    // floor(2 * (2^53 - 1) / 3) = floor(18014398509481982 / 3): exact, where doubles would round up.
    expect(shardRange(2, 3, 2 ** 53 - 1)).toEqual({ from: 6004799503160660, to: 2 ** 53 - 1 });
  });

  it('part files sort in shard order', () => {
    const names = Array.from({ length: 12 }, (_, i) => partFileName(i, 12));
    expect([...names].sort()).toEqual(names);
    expect(names[3]).toBe('part-03-of-12.json');
  });
});

describe('bad run flags: one line, exit 2, nothing written', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mafia-sim-flags-'));
  const ckpt = join(dir, 'ckpt.json');

  it.each([
    [['--shard', '3/3'], /^mafia-sim: --shard: shard index 3 is outside 0\.\.2/],
    [['--shard', '0/2', '--precision', '0.01'], /^mafia-sim: --precision: cannot be combined with shards/],
    [['--precision', '0.7'], /^mafia-sim: --precision: got "0.7"/],
    [['--threads', '0'], /^mafia-sim: --threads: got "0"/],
    [['--resume'], /^mafia-sim: --resume: needs --checkpoint FILE/],
    [['--checkpoint', ckpt], /^mafia-sim: --checkpoint: .* already exists; add --resume/],
  ])('%j', async (flags, message) => {
    writeFileSync(ckpt, 'left by an earlier run');
    const r = await cli(['run', '--agents', 'random', '--games', '1000', '--out', join(dir, 'out'), ...flags]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(message);
    expect(existsSync(join(dir, 'out'))).toBe(false);
    expect(readFileSync(ckpt, 'utf8')).toBe('left by an earlier run');
  });

  it('cleans up', () => rmSync(dir, { recursive: true, force: true }));
});
