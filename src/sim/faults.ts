// A debug hook that makes one game fail on purpose, so the fault paths (the
// replay command of a game that throws, the retry of a batch whose worker
// dies) can be exercised end to end. Off unless MAFIA_SIM_FAULT is set:
//   throw@K       game K throws (in any thread)
//   exit@K        the worker thread playing game K exits, on every attempt
//   exit-first@K  the same, only on a batch's first attempt (so a retry succeeds)
//   hang@K        the worker thread playing game K never finishes it (a batch
//                 that would take forever, to show Ctrl-C does not wait for it)
// Exits and hangs apply in worker threads only; the main thread ignores them.

import { isMainThread } from 'node:worker_threads';
import { SimInputError } from './errors.js';
import type { Environment } from './shard.js';

export const FAULT_ENV = 'MAFIA_SIM_FAULT';

export interface Fault {
  readonly kind: 'throw' | 'exit' | 'exit-first' | 'hang';
  readonly game: number;
}

export function faultFromEnv(env: Environment = process.env): Fault | null {
  const raw = env[FAULT_ENV];
  if (!raw) return null;
  const m = /^(throw|exit|exit-first|hang)@(\d+)$/.exec(raw.trim());
  if (!m) throw new SimInputError(FAULT_ENV, `got ${JSON.stringify(raw)}; use throw@K, exit@K, exit-first@K or hang@K, or unset it`);
  return { kind: m[1] as Fault['kind'], game: Number(m[2]) };
}

/** Called just before game `game` when it is the fault's game. */
export function fireFault(f: Fault, game: number, attempt: number): void {
  if (f.kind === 'throw') throw new Error(`injected fault at game ${game} (${FAULT_ENV}=${f.kind}@${f.game})`);
  if (isMainThread) return;
  if (f.kind === 'hang') for (;;); // until the worker is terminated
  if (f.kind === 'exit' || attempt === 0) process.exit(70);
}
