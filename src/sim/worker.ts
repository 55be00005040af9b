// The worker-thread entry point (run by piscina from dist/src/sim/worker.bundle.js,
// and by the calling thread's executor too, see executors.ts):
// receives plain data (canonical rules, agents text, seed, game range),
// plays the batch and returns the tally as JSON. A game that throws comes
// back as a reply, not an exception, so its index survives the thread hop.

import { BatchPlayer } from './batch.js';
import { SetupCache, rebuildRules, type WireRules } from './entries.js';
import { faultFromEnv } from './faults.js';
import { GameFailure } from './runRange.js';
import type { TallyJSON } from './tally.js';

/** Canonical rules text and its hash (checked after rebuilding), and the agents text. */
export interface WireVariant extends WireRules {
  readonly agents: string;
}

export interface BatchTask {
  readonly variants: readonly WireVariant[];
  readonly seed: number;
  readonly from: number;
  readonly to: number;
  /** 0 on the first try; only the debug fault hook looks at it. */
  readonly attempt: number;
}

export interface GameFailureReply {
  readonly game: number;
  readonly variant: number;
  readonly message: string;
  readonly stack: string;
}

export type BatchReply = { readonly tally: TallyJSON } | { readonly failure: GameFailureReply };

/** Players per run setup; sweeps send many setups to one pool, so keep only a few. */
const players = new SetupCache<BatchPlayer>(8);

export async function runBatch(task: BatchTask): Promise<BatchReply> {
  const player = await playerFor(task.variants);
  // Read per batch: the calling thread plays through here too, and lives on from run to run.
  const fault = faultFromEnv();
  try {
    return { tally: player.play(task.seed, task.from, task.to, fault, task.attempt).toJSON() };
  } catch (e) {
    if (!(e instanceof GameFailure)) throw e;
    const cause = e.cause instanceof Error ? e.cause : new Error(String(e.cause));
    return { failure: { game: e.game, variant: e.variant, message: cause.message, stack: cause.stack ?? '' } };
  }
}

/** Builds (and keeps) the players of a setup, so that one that cannot be played fails before its first batch. */
export async function preparePlayers(variants: readonly WireVariant[]): Promise<void> {
  await playerFor(variants);
}

function playerFor(variants: readonly WireVariant[]): Promise<BatchPlayer> {
  const key = variants.map((v) => `${v.rulesHash}|${v.agents}`).join('\n');
  return players.get(key, () => BatchPlayer.create(variants.map((v) => ({ rules: rebuildRules(v), agents: v.agents }))));
}
