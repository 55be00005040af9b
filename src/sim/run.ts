// The sim's front door: play games [0, games) of one or more variants on the
// same seeds. With several variants, game k is played under each, so pairs
// of variants can be compared game by game (common random numbers).
// (Single-thread for now; the worker pool replaces the loop, not the API.)

import { createProvider, parseAgents } from '../agents/index.js';
import { OUTCOME_NAMES } from '../engine/events.js';
import { Game } from '../engine/game.js';
import type { Rules } from '../engine/rules.js';
import { Aggregate } from './aggregate.js';
import { GameFailure } from './runRange.js';

const K = OUTCOME_NAMES.length;

export interface Variant {
  readonly label: string;
  readonly rules: Rules;
  /** Canonical agents text. */
  readonly agents: string;
}

export interface RunRequest {
  readonly variants: readonly Variant[];
  readonly seed: number;
  readonly games: number;
  readonly threads?: number;
}

export interface RunResult {
  readonly games: number;
  readonly aggregates: Aggregate[];
  /**
   * For each pair (i < j) in order (0,1), (0,2), ..., (1,2), ...: counts of
   * games by (outcome under i) * 5 + (outcome under j).
   */
  readonly joint: Float64Array[];
}

export function pairIndex(i: number, j: number, variants: number): number {
  let idx = 0;
  for (let a = 0; a < i; a++) idx += variants - 1 - a;
  return idx + (j - i - 1);
}

export async function runGames(req: RunRequest): Promise<RunResult> {
  const v = req.variants.length;
  const games = req.variants.map((x) => new Game(x.rules));
  const providers = await Promise.all(req.variants.map((x) => createProvider(parseAgents(x.agents), x.rules)));
  const aggregates = req.variants.map(() => new Aggregate());
  const joint = Array.from({ length: (v * (v - 1)) / 2 }, () => new Float64Array(K * K));
  const outcomes = new Int8Array(v);
  for (let k = 0; k < req.games; k++) {
    for (let i = 0; i < v; i++) {
      try {
        outcomes[i] = games[i]!.play(req.seed, k, providers[i]!);
      } catch (e) {
        throw new GameFailure(k, e);
      }
      aggregates[i]!.add(games[i]!.table);
    }
    for (let i = 0, p = 0; i < v; i++) for (let j = i + 1; j < v; j++, p++) joint[p]![outcomes[i]! * K + outcomes[j]!]!++;
  }
  return { games: req.games, aggregates, joint };
}
