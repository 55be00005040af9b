// The result of many games as integer counts that merge exactly: a sum of
// per-game records, so any split into threads, batches or shards adds up to
// the same numbers. No per-game records are kept.

import { DEATH_CAUSE_NAMES, ENDED_BY_NAMES, OUTCOME_NAMES, type OutcomeName } from '../engine/events.js';
import { ROLE_COUNT, ROLE_KEYS } from '../engine/roles.js';
import type { Table } from '../engine/table.js';

const CAUSES = DEATH_CAUSE_NAMES.length;

export interface AggregateJSON {
  games: number;
  outcomes: Record<OutcomeName, number>;
  /** Games by length in days (index = days), per outcome. */
  lengths: Record<OutcomeName, number[]>;
  endedBy: Record<(typeof ENDED_BY_NAMES)[number], number>;
  /** Per dealt role: players dealt it, survivors at the end, and deaths by cause. */
  roles: Record<string, { dealt: number; survived: number; deaths: Record<(typeof DEATH_CAUSE_NAMES)[number], number> }>;
}

export class Aggregate {
  games = 0;
  readonly outcomes = new Float64Array(OUTCOME_NAMES.length);
  /** lengths[outcome][days] */
  readonly lengths: number[][] = OUTCOME_NAMES.map(() => []);
  readonly endedBy = new Float64Array(ENDED_BY_NAMES.length);
  /** Role keys by id: the built-in roles, then a rules file's own as games of them are added. */
  readonly roleKeys: string[] = [...ROLE_KEYS];
  /** Per role id; longer only once a rules file's own roles are added. */
  dealt: Float64Array = new Float64Array(ROLE_COUNT);
  survived: Float64Array = new Float64Array(ROLE_COUNT);
  /** deaths[role * CAUSES + cause] */
  deaths: Float64Array = new Float64Array(ROLE_COUNT * CAUSES);

  /** Adds the finished game held by `t`. */
  add(t: Table): void {
    const outcome = t.outcome;
    if (outcome < 0) throw new Error('Aggregate.add: the game has not finished');
    this.games++;
    this.outcomes[outcome]!++;
    const hist = this.lengths[outcome]!;
    while (hist.length <= t.day) hist.push(0);
    hist[t.day]!++;
    this.endedBy[t.endedBy]!++;
    if (t.book.count > this.roleKeys.length) this.addKeys(t.book.specs.map((r) => r.key));
    for (let s = 0; s < t.n; s++) {
      const r = t.dealt[s]!;
      this.dealt[r]!++;
      const cause = t.deathCause[s]!;
      if (cause < 0) this.survived[r]!++;
      else this.deaths[r * CAUSES + cause]!++;
    }
  }

  /** A rules file's own roles (after the built-in ones) get the next ids. */
  private addKeys(keys: readonly string[]): void {
    for (const k of keys) if (!this.roleKeys.includes(k)) this.roleKeys.push(k);
    const n = this.roleKeys.length;
    if (n <= this.dealt.length) return;
    this.dealt = grown(this.dealt, n);
    this.survived = grown(this.survived, n);
    this.deaths = grown(this.deaths, n * CAUSES);
  }

  /** Adds another aggregate's counts into this one (of the same rules: the same role keys). */
  merge(o: Aggregate): this {
    this.games += o.games;
    this.addKeys(o.roleKeys);
    addInto(this.outcomes, o.outcomes);
    o.lengths.forEach((h, i) => {
      const mine = this.lengths[i]!;
      while (mine.length < h.length) mine.push(0);
      h.forEach((c, d) => (mine[d]! += c));
    });
    addInto(this.endedBy, o.endedBy);
    addInto(this.dealt, o.dealt);
    addInto(this.survived, o.survived);
    addInto(this.deaths, o.deaths);
    return this;
  }

  count(outcome: OutcomeName): number {
    return this.outcomes[OUTCOME_NAMES.indexOf(outcome)]!;
  }

  toJSON(): AggregateJSON {
    const roles: AggregateJSON['roles'] = {};
    for (let r = 0; r < this.roleKeys.length; r++) {
      if (this.dealt[r] === 0) continue;
      const deaths = {} as Record<(typeof DEATH_CAUSE_NAMES)[number], number>;
      DEATH_CAUSE_NAMES.forEach((c, i) => (deaths[c] = this.deaths[r * CAUSES + i]!));
      roles[this.roleKeys[r]!] = { dealt: this.dealt[r]!, survived: this.survived[r]!, deaths };
    }
    return {
      games: this.games,
      outcomes: named(OUTCOME_NAMES, this.outcomes),
      lengths: Object.fromEntries(OUTCOME_NAMES.map((o, i) => [o, this.lengths[i]!.slice()])) as Record<OutcomeName, number[]>,
      endedBy: named(ENDED_BY_NAMES, this.endedBy),
      roles,
    };
  }

  static fromJSON(j: AggregateJSON): Aggregate {
    const a = new Aggregate();
    a.games = j.games;
    OUTCOME_NAMES.forEach((o, i) => {
      a.outcomes[i] = j.outcomes[o];
      a.lengths[i] = j.lengths[o].slice();
    });
    ENDED_BY_NAMES.forEach((e, i) => (a.endedBy[i] = j.endedBy[e]));
    for (const [key, r] of Object.entries(j.roles)) {
      a.addKeys([key]);
      const id = a.roleKeys.indexOf(key);
      a.dealt[id] = r.dealt;
      a.survived[id] = r.survived;
      // A cause added since the file was written (bomb) counts 0 there.
      DEATH_CAUSE_NAMES.forEach((c, i) => (a.deaths[id * CAUSES + i] = r.deaths[c] ?? 0));
    }
    return a;
  }
}

function addInto(a: Float64Array, b: Float64Array): void {
  for (let i = 0; i < a.length; i++) a[i]! += b[i] ?? 0;
}

function grown(a: Float64Array, length: number): Float64Array {
  const out = new Float64Array(length);
  out.set(a);
  return out;
}

function named<K extends string>(names: readonly K[], values: Float64Array): Record<K, number> {
  const out = {} as Record<K, number>;
  names.forEach((k, i) => (out[k] = values[i]!));
  return out;
}
