// What a piscina pool's worker loads (as dist/src/sim/poolEntry.cjs): a
// CommonJS file whose exports load the real entries (the built bundles of
// worker.ts and records/worker.ts) by import(). piscina require()s a pool's
// file before it tries import(); handed an ES module, Node 20.19+ loads it
// synchronously in require(), and a worker terminated in that window
// (Ctrl-C just after piscina replaced a cancelled batch's worker) aborts the
// whole process ("v8::Module::IsGraphAsync must be used on an instantiated
// module"). A CommonJS file is what require() is for, and an import() that
// is cut short is handled. So the workers need no execArgv of their own and
// inherit the parent's, V8 flags such as --max-old-space-size included,
// which a Worker's execArgv refuses.

import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { workerData } from 'piscina';
import type { BatchReply, BatchTask } from './worker.js';
import type { RecordBatchTask } from './records/worker.js';
import type { TallyJSON } from './records/stats.js';

interface GamesEntry {
  runBatch(task: BatchTask): Promise<BatchReply>;
}
interface RecordsEntry {
  runRecordBatch(task: RecordBatchTask): Promise<TallyJSON>;
}

/** One module's import, started on the first call and shared by the calls after it (a failed one is tried again). */
function lazyImport<T>(file: string): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= (import(pathToFileURL(join(__dirname, file)).href) as Promise<T>).catch((e: unknown) => {
      loading = null;
      throw e;
    });
    return loading;
  };
}

const games = lazyImport<GamesEntry>('worker.bundle.js');
const records = lazyImport<RecordsEntry>(join('records', 'worker.bundle.js'));

/** What a pool gives its workers as workerData: the entry they will play, loaded while piscina starts the worker, off the first batch's path. */
export type PoolKind = 'games' | 'records';
// A failed load is not reported here: the first batch tries again and fails with it.
if ((workerData as PoolKind | undefined) === 'games') games().catch(() => undefined);
else if ((workerData as PoolKind | undefined) === 'records') records().catch(() => undefined);

/** A batch of games (PoolExecutor): the bundle's runBatch. */
export async function runBatch(task: BatchTask): Promise<BatchReply> {
  return (await games()).runBatch(task);
}

/** A batch of games with records (RecordRunner): the records' bundle's runRecordBatch. */
export async function runRecordBatch(task: RecordBatchTask): Promise<TallyJSON> {
  return (await records()).runRecordBatch(task);
}
