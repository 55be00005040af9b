// The study summary: everything a report shows, as plain JSON (summary.json).
// Built once from the sim's aggregates and joint tables; CSV, charts, the
// page and the terminal table are all views of this one object, so they
// cannot disagree.

import { OUTCOME_NAMES, type OutcomeName } from '../engine/events.js';
import { GENERATOR_ID } from '../engine/rng.js';
import type { CanonicalRules, Rules } from '../engine/rules.js';
import type { Aggregate, AggregateJSON } from '../sim/aggregate.js';
import { SCHEMA_VERSIONS } from '../sim/schemaVersions.js';
import type { RunSummary } from '../sim/summary.js';
import { discordant, holm, pairedDifference, wilson } from './stats.js';
import { toolVersion } from '../sim/version.js';

export type StudyKind = 'run' | 'compare' | 'sweep';
export type SettingValue = string | number | boolean;

export interface VariantInput {
  readonly label: string;
  readonly rules: Rules;
  /** Canonical agents text. */
  readonly agents: string;
  /** The swept keys' values at this point (sweeps), or what the variant changed. */
  readonly settings?: Readonly<Record<string, SettingValue>>;
}

/** The part of the sim's RunResult a summary needs (a single `run` may pass `joint: []`). */
export interface ResultInput {
  readonly games: number;
  readonly aggregates: readonly Aggregate[];
  readonly joint: readonly ArrayLike<number>[];
}

/** Which pairs get a paired difference: every pair, each variant against the first, or none (sweeps). */
export type PairsMode = 'all' | 'first' | 'none';

export interface SummaryInput {
  readonly kind: StudyKind;
  /** Short name: the report folder is `<study>-<time>`. */
  readonly study: string;
  readonly title?: string;
  readonly description?: string;
  /** The command line that reproduces the study. */
  readonly command: string;
  readonly seed: number;
  readonly variants: readonly VariantInput[];
  readonly result: ResultInput;
  readonly pairs?: PairsMode;
  /** Swept keys, in grid order (sweeps only). */
  readonly sweepKeys?: readonly string[];
  /** Setups a sweep grid left out, with the reason. */
  readonly skipped?: readonly SkippedPoint[];
  /** Set when the study played to a precision target rather than a fixed count. */
  readonly precision?: PrecisionInfo;
  /** A `run`'s own result object, kept verbatim in its summary.json. */
  readonly run?: RunSummary;
  /** Set when the user stopped the study (Ctrl-C) before it was done: the results are of the games finished. */
  readonly interrupted?: InterruptionInfo;
  /** Games taken from a checkpoint (a resumed run), when there were any. */
  readonly resumedFrom?: number;
}

/** A study the user stopped (Ctrl-C): how far it got, and how to go on. */
export interface InterruptionInfo {
  /** Games per variant finished (in game order: games 0 .. played − 1) and in the results. */
  readonly played: number;
  /** Games per variant the study was to play (with a precision stop: at most). */
  readonly of: number;
  /** The command that continues it from where it stopped, or null when it cannot be resumed (play it again). */
  readonly resumeCommand: string | null;
}

export interface PrecisionInfo {
  /** Target 95% half-width of every outcome rate in every variant. */
  readonly target: number;
  /** Games per variant at most. */
  readonly cap: number;
  /** Why the run ended: 'precision' (target reached), 'games' (cap reached) or 'interrupted'. */
  readonly stopped: string;
}

export interface SkippedPoint {
  readonly label: string;
  readonly reason: string;
}

export interface RateSummary {
  readonly count: number;
  readonly rate: number;
  readonly lo: number;
  readonly hi: number;
}

export interface VariantSummary {
  readonly label: string;
  readonly preset: string;
  readonly rulesHash: string;
  readonly rules: CanonicalRules;
  readonly agents: string;
  readonly settings: Record<string, SettingValue>;
  readonly games: number;
  readonly rates: Record<OutcomeName, RateSummary>;
  /** Mean game length in days. */
  readonly meanDays: number;
  readonly aggregate: AggregateJSON;
}

/**
 * One outcome's paired difference in a pair. Every difference in every output
 * is variant minus base (DIFFERENCE_LABEL): positive means the variant makes
 * the outcome more likely.
 */
export interface DifferenceSummary {
  readonly baseRate: number;
  readonly variantRate: number;
  /** variantRate − baseRate, estimated from the discordant games. */
  readonly diff: number;
  readonly lo: number;
  readonly hi: number;
  readonly se: number;
  /** Two-sided p of the paired test, unadjusted. */
  readonly p: number;
  /** Games where the outcome happened under the base only, and under the variant only. */
  readonly onlyBase: number;
  readonly onlyVariant: number;
  /** Holm-adjusted over every tested (pair, outcome) of the study. */
  readonly pHolm: number;
  readonly significant: boolean;
  /** False when the outcome never happened under either variant (left out of the Holm family). */
  readonly tested: boolean;
}

/** Two variants on the same seeds: the base is the earlier of the two in the study's order. */
export interface PairSummary {
  readonly base: number;
  readonly variant: number;
  readonly baseLabel: string;
  readonly variantLabel: string;
  readonly games: number;
  /** Games by outcome under the base * 5 + outcome under the variant. */
  readonly joint: number[];
  readonly differences: Record<OutcomeName, DifferenceSummary>;
}

/** The sign convention, printed beside every difference (terminal, page, CSV header, chart axis). */
export const DIFFERENCE_LABEL = 'difference = variant − base';

export interface StudySummary {
  /** The shape's version (docs/schemas/study.schema.json); a change to the fields raises it. */
  readonly schemaVersion: (typeof SCHEMA_VERSIONS)['study'];
  readonly tool: 'mafia-sim';
  readonly version: string;
  readonly generator: string;
  readonly kind: StudyKind;
  readonly study: string;
  readonly title: string;
  readonly description?: string;
  readonly command: string;
  readonly seed: number;
  readonly games: number;
  /** The outcomes, in table order (named so as not to clash with `outcomes`, the counts of `run --json` and of `run` below). */
  readonly outcomeNames: readonly OutcomeName[];
  readonly statistics: { interval: string; difference: string; significance: string; tests: number };
  readonly variants: VariantSummary[];
  readonly pairs: PairSummary[];
  readonly sweep?: { keys: string[] };
  readonly skipped?: SkippedPoint[];
  readonly precision?: PrecisionInfo;
  /** A run's result object (`run --json`), in a run's summary.json. */
  readonly run?: RunSummary;
  /** Set when the user stopped the study (Ctrl-C) before it was done: every number is of the games finished. */
  readonly interrupted?: InterruptionInfo;
  /** Games per variant taken from the checkpoint of an interrupted run (a resumed run), when there were any. */
  readonly resumedFrom?: number;
}

export const ALPHA = 0.05;
const K = OUTCOME_NAMES.length;

export function buildSummary(input: SummaryInput): StudySummary {
  const variants = input.variants.map((v, i) => summarizeVariant(v, input.result.aggregates[i]!));
  const pairs = summarizePairs(input, variants);
  const tests = pairs.reduce((n, p) => n + OUTCOME_NAMES.filter((o) => p.differences[o].tested).length, 0);
  return {
    schemaVersion: SCHEMA_VERSIONS.study,
    tool: 'mafia-sim',
    version: toolVersion(),
    generator: GENERATOR_ID,
    kind: input.kind,
    study: input.study,
    title: input.title ?? defaultTitle(input),
    ...(input.description ? { description: input.description } : {}),
    command: input.command,
    seed: input.seed,
    games: input.result.games,
    outcomeNames: OUTCOME_NAMES,
    statistics: {
      interval: 'Wilson score, 95%',
      difference: `${DIFFERENCE_LABEL} (the base is the earlier variant of each pair); paired (same seeds) Wald interval, 95%, from the discordant games`,
      significance: `Holm-adjusted p < ${ALPHA} over all ${tests} tested (pair, outcome) differences`,
      tests,
    },
    variants,
    pairs,
    ...(input.sweepKeys ? { sweep: { keys: [...input.sweepKeys] } } : {}),
    ...(input.skipped && input.skipped.length > 0 ? { skipped: [...input.skipped] } : {}),
    ...(input.precision ? { precision: input.precision } : {}),
    ...(input.run !== undefined ? { run: input.run } : {}),
    ...(input.interrupted ? { interrupted: { ...input.interrupted } } : {}),
    ...(input.resumedFrom ? { resumedFrom: input.resumedFrom } : {}),
  };
}

function defaultTitle(input: SummaryInput): string {
  if (input.kind === 'sweep') return `Sweep of ${(input.sweepKeys ?? []).join(' × ')}`;
  if (input.kind === 'compare') return `Comparison of ${input.variants.length} variants`;
  return `${input.variants[0]?.label ?? 'Run'}`;
}

function summarizeVariant(v: VariantInput, agg: Aggregate): VariantSummary {
  const json = agg.toJSON();
  const rates = {} as Record<OutcomeName, RateSummary>;
  for (const o of OUTCOME_NAMES) {
    const w = wilson(json.outcomes[o], json.games);
    rates[o] = { count: w.count, rate: w.rate, lo: w.lo, hi: w.hi };
  }
  return {
    label: v.label,
    preset: v.rules.preset,
    rulesHash: v.rules.hash,
    rules: JSON.parse(v.rules.canonical) as VariantSummary['rules'],
    agents: v.agents,
    settings: { ...(v.settings ?? {}) },
    games: json.games,
    rates,
    meanDays: meanDays(json),
    aggregate: json,
  };
}

function meanDays(a: AggregateJSON): number {
  let total = 0;
  for (const o of OUTCOME_NAMES) a.lengths[o].forEach((c, d) => (total += c * d));
  return a.games > 0 ? total / a.games : 0;
}

/** The (a, b) index pairs a study reports, in the sim's pair order. */
export function selectedPairs(variants: number, mode: PairsMode = 'all'): [number, number][] {
  const out: [number, number][] = [];
  if (mode === 'none') return out;
  for (let i = 0; i < variants; i++) {
    for (let j = i + 1; j < variants; j++) if (mode === 'all' || i === 0) out.push([i, j]);
  }
  return out;
}

/** Index of pair (i < j) in the sim's joint list: (0,1), (0,2), ..., (1,2), ... */
function jointIndex(i: number, j: number, v: number): number {
  return (i * (2 * v - i - 1)) / 2 + (j - i - 1);
}

function summarizePairs(input: SummaryInput, variants: VariantSummary[]): PairSummary[] {
  const v = variants.length;
  if (input.result.joint.length < (v * (v - 1)) / 2) return [];
  const raw = selectedPairs(v, input.pairs).map(([a, b]) => {
    const joint = Array.from(input.result.joint[jointIndex(a, b, v)]!);
    const n = joint.reduce((s, c) => s + c, 0);
    const diffs = OUTCOME_NAMES.map((o, oi) => {
      // Joint rows are the base (a), columns the variant (b).
      const { onlyA: onlyBase, onlyB: onlyVariant } = discordant(joint, oi, K);
      const tested = variants[a]!.rates[o].count + variants[b]!.rates[o].count > 0;
      const d = pairedDifference(onlyVariant, onlyBase, n);
      return { o, tested, d, onlyBase, onlyVariant, baseRate: variants[a]!.rates[o].rate, variantRate: variants[b]!.rates[o].rate };
    });
    return { a, b, n, joint, diffs };
  });
  const family = raw.flatMap((p) => p.diffs.filter((d) => d.tested).map((d) => d.d.p));
  const adjusted = holm(family);
  let next = 0;
  return raw.map((p) => {
    const differences = {} as Record<OutcomeName, DifferenceSummary>;
    for (const x of p.diffs) {
      const pHolm = x.tested ? adjusted[next++]! : 1;
      differences[x.o] = {
        baseRate: x.baseRate,
        variantRate: x.variantRate,
        diff: x.d.diff,
        lo: x.d.lo,
        hi: x.d.hi,
        se: x.d.se,
        p: x.d.p,
        onlyBase: x.onlyBase,
        onlyVariant: x.onlyVariant,
        pHolm,
        significant: x.tested && pHolm < ALPHA,
        tested: x.tested,
      };
    }
    return { base: p.a, variant: p.b, baseLabel: variants[p.a]!.label, variantLabel: variants[p.b]!.label, games: p.n, joint: p.joint, differences };
  });
}

/** Outcomes that happened at least once in some variant: the ones tables and charts show. */
export function activeOutcomes(s: StudySummary): OutcomeName[] {
  return s.outcomeNames.filter((o) => s.variants.some((v) => v.rates[o].count > 0));
}
