// The worker-thread entry point (run by piscina from dist/src/sim/worker.bundle.js,
// and by the calling thread's executor too, see executors.ts):
// receives plain data (canonical rules, agents text, seed, game range),
// plays the batch and returns the tally as JSON. A game that throws comes
// back as a reply, not an exception, so its index survives the thread hop.

import { rulesFromCanonical } from '../engine/rules.js';
import type { PresetName } from '../engine/presets.js';
import { BatchPlayer } from './batch.js';
import { faultFromEnv } from './faults.js';
import { GameFailure } from './runRange.js';
import type { TallyJSON } from './tally.js';

export interface WireVariant {
  /** Canonical rules text and its hash (checked after rebuilding). */
  readonly rules: string;
  readonly rulesHash: string;
  readonly preset: PresetName;
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
const MAX_CACHED = 8;
const players = new Map<string, Promise<BatchPlayer>>();

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
  let p = players.get(key);
  if (!p) {
    if (players.size >= MAX_CACHED) players.delete(players.keys().next().value!);
    p = BatchPlayer.create(variants.map((v) => ({ rules: rebuildRules(v), agents: v.agents })));
    players.set(key, p);
    // A setup that failed to load is not kept: the calling thread lives on after its run fails.
    p.catch(() => players.delete(key));
  }
  return p;
}

function rebuildRules(v: WireVariant) {
  const rules = rulesFromCanonical(v.rules, v.preset);
  if (rules.hash !== v.rulesHash) throw new Error(`worker rebuilt rules ${rules.hash}, expected ${v.rulesHash}`);
  return rules;
}
