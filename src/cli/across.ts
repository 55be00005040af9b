// `--across`: the shared plumbing of verdicts across player models. The
// flag, its models, and playing one plan (or one balance-family question)
// per model on the same seeds, then one report with the verdicts.

import type { Argv } from 'yargs';
import { DEFAULT_AGENTS } from '../agents/index.js';
import type { AcrossMatrix } from '../report/balance/across.js';
import type { CommandSection } from '../report/balance/format.js';
import { buildSummary, type StudySummary, type VariantInput } from '../report/summary.js';
import type { Aggregate } from '../sim/aggregate.js';
import { parseAcross, setsText, type PlayerModel } from '../sim/playerModels.js';
import type { RunResult } from '../sim/run.js';
import { agentsText, asUsageError, checkReportDir, stopOnInterrupt, type AgentArgs } from './common.js';
import { Interrupted, UsageError } from './errors.js';
import { finishCommand, playStudy, type BalanceOutputArgs, type OutputArgs, type StudyPlan } from './study.js';

export function withAcross<T>(y: Argv<T>) {
  return y.option('across', {
    type: 'string',
    array: true,
    requiresArg: true,
    describe: `play under each of several player models and say whether the verdict survives them: a set (${setsText()}) or "name=SPEC;name=SPEC" (SPEC as --agents takes it, or a profile file)`,
  });
}

/** The player models of `--across`, or null without it; --agents may not be given beside it (the models replace it). */
export function acrossModels(a: { across?: string[] | string } & AgentArgs, field = '--across'): PlayerModel[] | null {
  if (a.across === undefined) return null;
  const agents = agentsText(a.agents);
  if (agents !== DEFAULT_AGENTS) throw new UsageError('--agents', `the --across models replace --agents; leave --agents out, or make it one of the models, e.g. --across "default;mine=${agents}"`);
  return asUsageError(() => parseAcross(([] as string[]).concat(a.across!), field));
}

export interface ModelPlan {
  readonly model: PlayerModel;
  readonly plan: StudyPlan;
}

/** Plays each model's plan on the same seeds and writes one report with the verdict of every pair across the models. */
export async function executeAcross(plans: readonly ModelPlan[], io: OutputArgs & { seed?: unknown }): Promise<void> {
  checkReportDir(io.out);
  const { acrossSection, acrossCommandSection, acrossText } = await import('../report/across.js');
  const studies: { model: string; agents: string; summary: StudySummary; result: RunResult }[] = [];
  const stop = stopOnInterrupt();
  try {
    for (const [i, { model, plan }] of plans.entries()) {
      const { summary, result } = await playStudy(plan, io, `${plan.study} [${model.name}, model ${i + 1}/${plans.length}]`, stop.signal);
      if (!result.complete) throw interruptedModel(i, plans.length, model.name);
      studies.push({ model: model.name, agents: model.agents, summary, result });
    }
  } finally {
    stop.release();
  }
  const section = acrossSection(studies);
  const first = plans[0]!.plan;
  const title = first.title ?? `Comparison of ${first.variants.length} variants across ${plans.length} player models`;
  const combined = buildSummary({
    kind: 'compare',
    study: first.study,
    title,
    ...(first.description ? { description: first.description } : {}),
    command: first.command,
    seed: first.seed,
    variants: plans.flatMap(({ model, plan }) => plan.variants.map((v) => ({ ...v, label: `[${model.name}] ${v.label}` }))),
    result: { games: Math.max(...studies.map((s) => s.result.games)), aggregates: studies.flatMap((s) => s.result.aggregates), joint: [] },
    pairs: 'none',
  });
  const text = acrossText(`${title}: ${gamesText(studies.map((s) => s.result.games))}, seed ${first.seed}`, section);
  await finishCommand(first.study, { seed: String(first.seed), json: io.json ?? false, quiet: io.quiet ?? false, ...(io.out !== undefined ? { out: io.out } : {}) }, combined, acrossCommandSection(section), text, studies[0]!.summary);
}

/** Ctrl-C during one model of several: a verdict across models needs them all, so nothing is kept. */
export function interruptedModel(i: number, models: number, name: string): Interrupted {
  return new Interrupted(`during model ${i + 1} of ${models} (${name}); nothing written: a verdict across models needs every model's games (run it again, or with fewer games)`);
}

function gamesText(games: readonly number[]): string {
  const lo = Math.min(...games);
  const hi = Math.max(...games);
  return lo === hi ? `${lo.toLocaleString('en-US')} games per variant and model` : `${lo.toLocaleString('en-US')}–${hi.toLocaleString('en-US')} games per variant (per model: its own precision stop)`;
}


/** One model's finished balance-family study: its summary (for the combined report) and its own section. */
export interface ModelFinding {
  readonly model: PlayerModel;
  readonly summary: StudySummary;
  readonly section: CommandSection;
  /** The setups played and their aggregates, in the summary's order. */
  readonly variants: readonly VariantInput[];
  readonly aggregates: readonly Aggregate[];
}

/** Writes one report of a balance-family question under every model: the matrix of answers first, each model's setups below. */
export async function finishAcrossMatrix(study: string, io: BalanceOutputArgs, title: string, findings: readonly ModelFinding[], matrix: Omit<AcrossMatrix, 'models' | 'perModel'>): Promise<void> {
  const { acrossMatrixSection, acrossMatrixText } = await import('../report/balance/across.js');
  const full: AcrossMatrix = {
    ...matrix,
    models: findings.map((f) => ({ name: f.model.name, agents: f.model.agents })),
    perModel: Object.fromEntries(findings.map((f) => [f.model.name, f.section.data])),
  };
  const first = findings[0]!.summary;
  const combined = buildSummary({
    kind: first.kind,
    study,
    title,
    ...(first.description ? { description: first.description } : {}),
    command: first.command,
    seed: first.seed,
    variants: findings.flatMap((f) => f.variants.map((v) => ({ ...v, label: `[${f.model.name}] ${v.label}` }))),
    result: { games: Math.max(...findings.map((f) => f.summary.games)), aggregates: findings.flatMap((f) => f.aggregates), joint: [] },
    pairs: 'none',
  });
  await finishCommand(study, io, combined, acrossMatrixSection(full), acrossMatrixText(`${title}, seed ${first.seed}`, full), first);
}
