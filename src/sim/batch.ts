// Plays a range of game indices under every variant of a run into a
// RunTally. The worker and the single-thread path both come through here, so
// a game's result never depends on which thread or batch played it.

import { createProvider, parseAgents } from '../agents/index.js';
import type { AgentProvider } from '../engine/agent.js';
import { Game } from '../engine/game.js';
import type { Rules } from '../engine/rules.js';
import type { Table } from '../engine/table.js';
import { fireFault, type Fault } from './faults.js';
import { GameFailure } from './runRange.js';
import { RunTally } from './tally.js';

export interface PlayableVariant {
  readonly rules: Rules;
  /** Canonical agents text. */
  readonly agents: string;
}

export class BatchPlayer {
  private readonly tables: Table[];

  private constructor(
    private readonly games: Game[],
    private readonly providers: AgentProvider[],
  ) {
    this.tables = games.map((g) => g.table);
  }

  /** Builds the games and agent providers once; reuse the player for every batch of the run. */
  static async create(variants: readonly PlayableVariant[]): Promise<BatchPlayer> {
    const providers = await Promise.all(variants.map((v) => createProvider(parseAgents(v.agents), v.rules)));
    return new BatchPlayer(
      variants.map((v) => new Game(v.rules)),
      providers,
    );
  }

  /** Plays games [from, to) of the run seeded `seed`; a game that throws becomes a GameFailure. */
  play(seed: number, from: number, to: number, fault: Fault | null = null, attempt = 0): RunTally {
    const tally = new RunTally(this.games.length);
    const faultGame = fault ? fault.game : -1;
    for (let k = from; k < to; k++) {
      for (let i = 0; i < this.games.length; i++) {
        try {
          if (k === faultGame) fireFault(fault!, k, attempt);
          this.games[i]!.play(seed, k, this.providers[i]!);
        } catch (e) {
          throw new GameFailure(k, e, i);
        }
      }
      tally.addGame(this.tables);
    }
    return tally;
  }
}
