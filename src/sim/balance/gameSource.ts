// Real games as the win source of a race or a fairness test: the listed
// candidates play games [from, to) on the run's seed through runGames (so
// threads are the sim's business and never change a result), and each
// candidate's games are kept in one mergeable Aggregate for the report.

import type { OutcomeName } from '../../engine/events.js';
import { Aggregate } from '../aggregate.js';
import { RunInterrupted } from '../errors.js';
import { runGames, type Variant } from '../run.js';
import type { WinSource } from './race.js';
import type { RateSource } from './sprt.js';

export interface GameSourceOptions {
  readonly threads?: number;
  /** Aborting it stops the games in flight: `play` then throws RunInterrupted. */
  readonly signal?: AbortSignal;
}

export class GameWinSource implements WinSource {
  readonly aggregates: Aggregate[];

  constructor(
    readonly variants: readonly Variant[],
    readonly team: OutcomeName,
    readonly seed: number,
    readonly options: GameSourceOptions = {},
  ) {
    this.aggregates = variants.map(() => new Aggregate());
  }

  async play(candidates: readonly number[], from: number, to: number): Promise<number[]> {
    if (candidates.length === 0 || to <= from) return candidates.map(() => 0);
    const variants = candidates.map((c) => this.variants[c]!);
    const result = await runGames({ variants, seed: this.seed, games: to, from, to, ...(this.options.threads ? { threads: this.options.threads } : {}), ...(this.options.signal ? { signal: this.options.signal } : {}) });
    if (!result.complete) throw new RunInterrupted(`games [${from}, ${to})`);
    return candidates.map((c, i) => {
      const slice = result.aggregates[i]!;
      this.aggregates[c]!.merge(slice);
      return slice.count(this.team);
    });
  }

  /** The same source as a one-candidate RateSource (for the fairness test). */
  rateSource(candidate = 0): RateSource {
    return async (from, to) => (await this.play([candidate], from, to))[0]!;
  }
}
