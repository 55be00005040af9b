// Shards: the i-th of N slices of a run's game index space, from `--shard
// i/N` or from a batch engine's environment (Kubernetes Indexed Jobs set
// JOB_COMPLETION_INDEX; Slurm job arrays set SLURM_ARRAY_TASK_ID and
// SLURM_ARRAY_TASK_COUNT), and the name of the part file each one writes.

import { SimInputError } from './errors.js';

export interface ShardSpec {
  readonly index: number;
  readonly count: number;
  /** Where the index came from, for messages. */
  readonly source: string;
}

const MAX_SHARDS = 1_000_000;

/**
 * The environment variables read here: `process.env` fits, and so does a
 * plain object in a test. Spelled out rather than `NodeJS.ProcessEnv` so the
 * shipped type files need no @types/node in a user's project.
 */
export type Environment = Readonly<Record<string, string | undefined>>;

/**
 * `--shard i/N` wins; without it, `--shards N` with JOB_COMPLETION_INDEX, or
 * a Slurm array task (count from --shards or SLURM_ARRAY_TASK_COUNT). Null
 * when the run is not sharded.
 */
export function resolveShard(flag: string | undefined, shards: string | undefined, env: Environment = process.env): ShardSpec | null {
  if (flag !== undefined) {
    if (shards !== undefined) throw new SimInputError('--shards', 'give either --shard i/N or --shards N (with an index from the environment), not both');
    return parseShardFlag(flag);
  }
  const count = shards === undefined ? undefined : wholeFrom('--shards', shards, 1, MAX_SHARDS);
  if (count !== undefined && env.JOB_COMPLETION_INDEX !== undefined) {
    return checked(wholeFrom('JOB_COMPLETION_INDEX', env.JOB_COMPLETION_INDEX, 0, MAX_SHARDS), count, 'JOB_COMPLETION_INDEX');
  }
  if (env.SLURM_ARRAY_TASK_ID !== undefined) return slurmShard(count, env);
  if (count !== undefined) {
    throw new SimInputError('--shards', 'needs a shard index: set JOB_COMPLETION_INDEX (Kubernetes Indexed Job) or SLURM_ARRAY_TASK_ID, or use --shard i/N');
  }
  return null;
}

export function parseShardFlag(raw: string): ShardSpec {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(raw);
  if (!m) throw new SimInputError('--shard', `got ${JSON.stringify(raw)}; use i/N with 0 <= i < N, e.g. --shard 0/10`);
  return checked(Number(m[1]), Number(m[2]), '--shard');
}

function slurmShard(count: number | undefined, env: Environment): ShardSpec {
  const id = wholeFrom('SLURM_ARRAY_TASK_ID', env.SLURM_ARRAY_TASK_ID!, 0, Number.MAX_SAFE_INTEGER);
  const min = env.SLURM_ARRAY_TASK_MIN === undefined ? 0 : wholeFrom('SLURM_ARRAY_TASK_MIN', env.SLURM_ARRAY_TASK_MIN, 0, id);
  if (count === undefined && env.SLURM_ARRAY_TASK_COUNT === undefined) {
    throw new SimInputError('--shards', 'SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not; add --shards N');
  }
  const n = count ?? wholeFrom('SLURM_ARRAY_TASK_COUNT', env.SLURM_ARRAY_TASK_COUNT!, 1, MAX_SHARDS);
  return checked(id - min, n, 'SLURM_ARRAY_TASK_ID');
}

function checked(index: number, count: number, source: string): ShardSpec {
  if (!(count >= 1 && count <= MAX_SHARDS)) throw new SimInputError(source, `shard count ${count}; use 1 to ${MAX_SHARDS}`);
  if (!(index >= 0 && index < count)) {
    throw new SimInputError(source, `shard index ${index} is outside 0..${count - 1}; for Slurm use a contiguous array such as --array=0-${count - 1}`);
  }
  return { index, count, source };
}

function wholeFrom(field: string, raw: string, min: number, max: number): number {
  const n = /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) throw new SimInputError(field, `got ${JSON.stringify(raw)}; use a whole number from ${min} to ${max}`);
  return n;
}

/** Games [floor(i*G/N), floor((i+1)*G/N)), computed exactly for any safe G. */
export function shardRange(index: number, count: number, total: number): { from: number; to: number } {
  const edge = (i: number) => Number((BigInt(i) * BigInt(total)) / BigInt(count));
  return { from: edge(index), to: edge(index + 1) };
}

/** `part-0003-of-0010.json`: zero-padded so a directory listing sorts in game order. */
export function partFileName(index: number, count: number): string {
  const w = String(count).length;
  return `part-${String(index).padStart(w, '0')}-of-${String(count).padStart(w, '0')}.json`;
}
