// The integer record of a run of one or more variants: one Aggregate per
// variant plus the pairwise joint outcome tables. Batches, workers, shards
// and checkpoints all exchange this record; merging is an exact sum.

import { OUTCOME_NAMES } from '../engine/events.js';
import type { Table } from '../engine/table.js';
import { Aggregate, type AggregateJSON } from './aggregate.js';

const K = OUTCOME_NAMES.length;

export interface TallyJSON {
  aggregates: AggregateJSON[];
  /** Pair tables in pairIndex order, each K*K counts. */
  joint: number[][];
}

export class RunTally {
  readonly aggregates: Aggregate[];
  readonly joint: Float64Array[];

  constructor(readonly variants: number) {
    this.aggregates = Array.from({ length: variants }, () => new Aggregate());
    this.joint = Array.from({ length: (variants * (variants - 1)) / 2 }, () => new Float64Array(K * K));
  }

  get games(): number {
    return this.aggregates[0]?.games ?? 0;
  }

  /** Records one game index played under every variant; `tables[i]` holds variant i's finished game. */
  addGame(tables: readonly Table[]): void {
    for (let i = 0; i < this.variants; i++) this.aggregates[i]!.add(tables[i]!);
    for (let i = 0, p = 0; i < this.variants; i++) {
      for (let j = i + 1; j < this.variants; j++, p++) this.joint[p]![tables[i]!.outcome * K + tables[j]!.outcome]!++;
    }
  }

  merge(o: RunTally): this {
    if (o.variants !== this.variants) throw new Error(`RunTally.merge: ${o.variants} variants into ${this.variants}`);
    this.aggregates.forEach((a, i) => a.merge(o.aggregates[i]!));
    this.joint.forEach((t, p) => {
      const src = o.joint[p]!;
      for (let c = 0; c < t.length; c++) t[c]! += src[c]!;
    });
    return this;
  }

  toJSON(): TallyJSON {
    return { aggregates: this.aggregates.map((a) => a.toJSON()), joint: this.joint.map((t) => Array.from(t)) };
  }

  static fromJSON(j: TallyJSON): RunTally {
    const t = new RunTally(j.aggregates.length);
    j.aggregates.forEach((a, i) => t.aggregates[i]!.merge(Aggregate.fromJSON(a)));
    j.joint.forEach((row, p) => t.joint[p]!.set(row));
    return t;
  }
}
