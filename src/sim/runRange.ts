// Plays games [from, to) of a run on this thread into an Aggregate. Workers,
// shards and the single-thread path all come through here, so a game's
// result never depends on how the range was split.

import { createProvider, parseAgents } from '../agents/index.js';
import { Game } from '../engine/game.js';
import type { Rules } from '../engine/rules.js';
import { Aggregate } from './aggregate.js';

export interface RangeJob {
  readonly rules: Rules;
  /** Canonical agents text. */
  readonly agents: string;
  readonly seed: number;
  readonly from: number;
  readonly to: number;
}

/** A game that threw: its index (and variant), so the CLI can print the replay command. */
export class GameFailure extends Error {
  constructor(
    readonly game: number,
    override readonly cause: unknown,
    readonly variant = 0,
  ) {
    super(`game ${game} failed: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'GameFailure';
  }
}

export async function runRange(job: RangeJob, into: Aggregate = new Aggregate()): Promise<Aggregate> {
  const game = new Game(job.rules);
  const provider = await createProvider(parseAgents(job.agents), job.rules);
  for (let k = job.from; k < job.to; k++) {
    try {
      game.play(job.seed, k, provider);
    } catch (e) {
      throw new GameFailure(k, e);
    }
    into.add(game.table);
  }
  return into;
}
