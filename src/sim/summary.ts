// The result object of `run` (and of `merge`, and of each shard's part
// file): the run's identity, the aggregate's counts, 95% intervals, why the
// run stopped, and a reproducibility block. Everything outside
// `reproducibility` depends only on (rules, agents, seed, game range), so a
// merged set of parts and an unsharded run print identical bytes there.

import { OUTCOME_NAMES, type OutcomeName } from '../engine/events.js';
import { GENERATOR_ID } from '../engine/rng.js';
import type { CanonicalRules } from '../engine/rules.js';
import type { Aggregate, AggregateJSON } from './aggregate.js';
import { maxHalfWidth, wilson, type Interval } from './precision.js';
import type { StopReason } from './runLoop.js';
import { SCHEMA_VERSIONS } from './schemaVersions.js';
import { shardRange } from './shard.js';
import { toolVersion } from './version.js';

export const RUN_FORMAT = 'mafia-sim/run-v1';
export const PART_FORMAT = 'mafia-sim/part-v1';

export interface GameRange {
  readonly from: number;
  readonly to: number;
  /** G: the whole run's game count (the cap in precision mode). */
  readonly total: number;
}

export interface ShardInfo {
  readonly index: number;
  readonly count: number;
}

/** One part that went into a merge, as listed in the merged reproducibility block. */
export interface PartRecord {
  readonly file: string;
  readonly from: number;
  readonly to: number;
  readonly threads: number;
  readonly elapsedSeconds: number;
  readonly command: string;
}

export interface Reproducibility {
  readonly tool: 'mafia-sim';
  readonly version: string;
  readonly generator: string;
  readonly node: string;
  /** The command line that produced this output. */
  readonly command: string;
  readonly seed: number;
  /** Canonical rules text (hash below is the first 16 hex digits of its SHA-256). */
  readonly rules: string;
  readonly rulesHash: string;
  readonly agents: string;
  readonly range: GameRange;
  readonly shard: ShardInfo | null;
  readonly threads: number;
  readonly batchSize: number;
  /** Wall time of this command (for a merge: the parts' times added up). */
  readonly elapsedSeconds: number;
  /** Games played per second of that time (games taken from a checkpoint excluded). */
  readonly gamesPerSecond: number;
  readonly resumedGames: number;
  /** The command that continues an interrupted run from its checkpoint; null for a run that finished. */
  readonly resumeCommand: string | null;
  readonly parts?: readonly PartRecord[];
}

export interface PrecisionReport {
  readonly target: number;
  readonly reached: boolean;
  /** The widest outcome interval's half-width at the end. */
  readonly maxHalfWidth: number | null;
}

export interface RunSummary extends AggregateJSON {
  /** The shape's version (docs/schemas/run.schema.json); a change to the fields raises it. */
  readonly schemaVersion: (typeof SCHEMA_VERSIONS)['run'];
  readonly format: typeof RUN_FORMAT | typeof PART_FORMAT;
  readonly complete: boolean;
  /** games: the range was played out; precision: the target was reached; interrupted: stopped early by the user. */
  readonly stopped: StopReason;
  readonly seed: number;
  readonly preset: string;
  /** The canonical rules as an object (players, roles, options). */
  readonly rules: CanonicalRules;
  readonly rulesHash: string;
  readonly agents: string;
  readonly range: GameRange;
  readonly shard: ShardInfo | null;
  readonly precision: PrecisionReport | null;
  /** Each outcome's share of games with its Wilson 95% interval (null with no games). */
  readonly rates: Record<OutcomeName, Interval | null>;
  /** Per dealt role: the share of its players alive at the end, with interval. */
  readonly survival: Record<string, Interval | null>;
  readonly reproducibility: Reproducibility;
}

export interface SummaryInput {
  readonly kind: 'run' | 'part';
  readonly seed: number;
  readonly rules: { readonly canonical: string; readonly hash: string; readonly preset: string };
  readonly agents: string;
  readonly range: GameRange;
  readonly shard: ShardInfo | null;
  readonly complete: boolean;
  readonly stopped: StopReason;
  readonly precision: number | null;
  readonly aggregate: Aggregate;
  readonly run: {
    readonly command: string;
    readonly threads: number;
    readonly batchSize: number;
    readonly elapsedMs: number;
    readonly resumedGames: number;
    readonly resumeCommand?: string | null;
    /** Defaults to this tool's version (a merge passes the parts'). */
    readonly version?: string;
    readonly parts?: readonly PartRecord[];
  };
}

export function buildRunSummary(input: SummaryInput): RunSummary {
  const agg = input.aggregate.toJSON();
  const rates = {} as Record<OutcomeName, Interval | null>;
  for (const o of OUTCOME_NAMES) rates[o] = wilson(agg.outcomes[o], agg.games);
  const { games, outcomes, lengths, endedBy, roles } = agg;
  return {
    schemaVersion: SCHEMA_VERSIONS.run,
    format: input.kind === 'run' ? RUN_FORMAT : PART_FORMAT,
    complete: input.complete,
    stopped: input.stopped,
    games,
    seed: input.seed,
    preset: input.rules.preset,
    rules: JSON.parse(input.rules.canonical) as CanonicalRules,
    rulesHash: input.rules.hash,
    agents: input.agents,
    range: { from: input.range.from, to: input.range.to, total: input.range.total },
    shard: input.shard ? { index: input.shard.index, count: input.shard.count } : null,
    precision: precisionReport(input),
    outcomes,
    rates,
    lengths,
    endedBy,
    roles,
    survival: survivalRates(agg),
    reproducibility: reproducibility(input, games),
  };
}

function precisionReport(input: SummaryInput): PrecisionReport | null {
  if (input.precision === null) return null;
  const w = maxHalfWidth(input.aggregate);
  return { target: input.precision, reached: w <= input.precision, maxHalfWidth: Number.isFinite(w) ? w : null };
}

function survivalRates(agg: AggregateJSON): Record<string, Interval | null> {
  const out: Record<string, Interval | null> = {};
  for (const [role, r] of Object.entries(agg.roles)) out[role] = wilson(r.survived, r.dealt);
  return out;
}

function reproducibility(input: SummaryInput, games: number): Reproducibility {
  const seconds = Math.round(input.run.elapsedMs) / 1000;
  const played = games - input.run.resumedGames;
  return {
    tool: 'mafia-sim',
    version: input.run.version ?? toolVersion(),
    generator: GENERATOR_ID,
    node: process.version,
    command: input.run.command,
    seed: input.seed,
    rules: input.rules.canonical,
    rulesHash: input.rules.hash,
    agents: input.agents,
    range: { from: input.range.from, to: input.range.to, total: input.range.total },
    shard: input.shard ? { index: input.shard.index, count: input.shard.count } : null,
    threads: input.run.threads,
    batchSize: input.run.batchSize,
    elapsedSeconds: seconds,
    gamesPerSecond: seconds > 0 ? Math.round(played / seconds) : 0,
    resumedGames: input.run.resumedGames,
    resumeCommand: input.run.resumeCommand ?? null,
    ...(input.run.parts ? { parts: input.run.parts } : {}),
  };
}

/** The games the run (or shard) was to play: its range as planned, not where it stopped (the cap with a precision target). */
export function plannedGames(s: Pick<RunSummary, 'range' | 'shard'>): number {
  const r = s.shard ? shardRange(s.shard.index, s.shard.count, s.range.total) : { from: s.range.from, to: s.range.total };
  return r.to - r.from;
}

/** The words `stopped` is printed with. */
export function describeStop(s: RunSummary): string {
  switch (s.stopped) {
    case 'games':
      return s.precision && !s.precision.reached
        ? `stopped at the game cap (${s.range.total}) before reaching precision ±${s.precision.target}`
        : `played all ${s.games} games`;
    case 'precision':
      return `stopped after ${s.games} games: every outcome's 95% interval is within ±${s.precision!.target}`;
    case 'stop-rule':
      return `stopped after ${s.games} games by the stopping rule`;
    case 'interrupted':
      return `interrupted (Ctrl-C) after ${s.games} of ${s.precision ? 'at most ' : ''}${plannedGames(s)} games (incomplete)${s.reproducibility.resumeCommand ? `; resume with: ${s.reproducibility.resumeCommand}` : ''}`;
  }
}
