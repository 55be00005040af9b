// `mafia-sim compare`: two or more variants (rule files, presets, `--variant`
// changes, agent profiles) played on the same game seeds, with paired
// differences; with --adapt, each variant also at its own equilibrium and
// each change judged (sim/balance/adapt.ts).

import type { Argv } from 'yargs';
import { basename, extname } from 'node:path';
import type { VariantInput } from '../report/summary.js';
import type { SettingValue } from '../report/summary.js';
import { applyAssignment, baseSetup, checkReportDir, naming, parseAssignment, resolveSetup, stopOnInterrupt, withAgents, withRules, withSeed, type AgentArgs, type Assignment, type Setup } from './common.js';
import { guarded, Interrupted, UsageError } from './errors.js';
import { adaptText, compareAdaptSection } from '../report/balance/adapt.js';
import { sectionedSummary } from '../report/balance/format.js';
import { fitText } from '../report/table.js';
import { terminalTable } from '../report/terminal.js';
import { acrossModels, executeAcross, withAcross } from './across.js';
import { adaptInterrupted, checkAdapt, defaultPairs, executeStudy, keptPartOf, playStudy, runAdapt, studyHeader, uniqueLabels, withAdapt, withStudyOutput, type AdaptArgs, type StudyArgs, type StudyPlan } from './study.js';

export const DEFAULT_COMPARE_GAMES = 20000;

/** `--variant "[label: ]key=value key=value ..."`: a label is text before ": ". */
export function parseVariantSpec(text: string, field: string): { label?: string; assignments: Assignment[] } {
  const m = /^([^=]+?):\s+(.*)$/.exec(text.trim());
  const label = m ? m[1]!.trim() : undefined;
  const body = m ? m[2]! : text;
  const words = body.split(/[\s;]+/).filter((w) => w !== '');
  if (words.length === 0) throw new UsageError(field, `expected one or more key=value changes, got ${JSON.stringify(text)}`);
  return { ...(label ? { label } : {}), assignments: words.map((w) => parseAssignment(w, field)) };
}

/** A readable name for a rules source: the preset, or the file name without extension. */
export function rulesLabel(source: string): string {
  return /[/\\.]/.test(source) ? basename(source, extname(source)) : source;
}


export interface PlannedVariant {
  readonly label: string;
  readonly setup: Setup;
  readonly settings: Record<string, SettingValue>;
  /** The input that defined this variant, named in errors. */
  readonly field: string;
}

export function resolveVariants(planned: readonly PlannedVariant[]): VariantInput[] {
  const labels = uniqueLabels(planned.map((p) => p.label));
  return planned.map((p, i) => {
    const { rules, agents } = naming(p.field, () => resolveSetup(p.setup));
    return { label: labels[i]!, rules, agents, settings: p.settings };
  });
}

export interface CompareInput {
  readonly sources: readonly string[];
  readonly base: Omit<Setup, 'rules'>;
  readonly variants: readonly { label?: string; assignments: readonly Assignment[]; field: string }[];
  readonly includeBase: boolean;
}

/** For each rules source: the source itself (unless excluded), then the source with each variant's changes. */
export function planCompare(c: CompareInput): PlannedVariant[] {
  const many = c.sources.length > 1;
  const out: PlannedVariant[] = [];
  for (const source of c.sources) {
    const setup: Setup = { ...c.base, rules: source };
    if (c.includeBase || c.variants.length === 0) out.push({ label: rulesLabel(source), setup, settings: {}, field: '--rules' });
    for (const v of c.variants) {
      const changed = v.assignments.reduce(applyAssignment, setup);
      const text = v.label ?? v.assignments.map(([k, x]) => `${k}=${x}`).join(' ');
      const settings = Object.fromEntries(v.assignments.map(([k, x]) => [k, x]));
      out.push({ label: many ? `${rulesLabel(source)}: ${text}` : text, setup: changed, settings, field: v.field });
    }
  }
  if (out.length < 2) {
    throw new UsageError('--variant', 'compare needs at least two variants: give --rules twice, or add --variant key=value');
  }
  return out;
}

type CompareArgs = { rules: string[]; players?: string; mafia?: string; set?: string[]; variant?: string[]; base: boolean; pairs?: 'all' | 'first'; across?: string[] } & StudyArgs & AgentArgs & AdaptArgs;

/** The pairs a study reports, as (base, variant) indices: each variant against the first, or every pair. */
export function studyPairs(count: number, pairs: 'all' | 'first'): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < count; i++) for (let j = i + 1; j < count; j++) if (pairs === 'all' || i === 0) out.push([i, j]);
  return out;
}

/**
 * compare --adapt: the plain study (fixed players), then each variant at its
 * own equilibrium and each pair's verdict, in one report (output
 * compare-adapt: the study summary with an `adapt` section). Ctrl-C keeps
 * the games played and the equilibria found (adaptSetups).
 */
async function compareAdapt(plan: StudyPlan & { pairs: 'all' | 'first' }, a: CompareArgs): Promise<void> {
  checkReportDir(a.out);
  const stop = stopOnInterrupt('stopping: the games in flight are dropped and a search under way keeps what it found (Ctrl-C again quits at once)');
  let played;
  let findings;
  try {
    played = await playStudy(plan, a, plan.study, stop.signal);
    findings = await runAdapt(plan.variants, studyPairs(plan.variants.length, plan.pairs), a, stop.signal);
  } finally {
    stop.release();
  }
  const { summary, result } = played;
  if (!result.complete && result.games === 0) throw new Interrupted('before any game finished; nothing written');
  const section = compareAdaptSection(findings);
  const { writeCommandReport } = await import('../report/balance/page.js');
  const { intoReportDir } = await import('../report/write.js');
  const report = await intoReportDir(a.out, plan.study, (dir) => writeCommandReport(dir, summary, section));
  if (a.json) {
    process.stdout.write(JSON.stringify(sectionedSummary(summary, section)) + '\n');
    process.stderr.write(`report: ${report.html}\n`);
  } else process.stdout.write(`${terminalTable(summary)}\n${fitText(adaptText(findings))}report: ${report.html}\n`);
  if (!result.complete) keptPartOf(result.games, plan.games, plan.variants.length, report.html);
  else if (!findings.complete) adaptInterrupted(report.html);
}

export const compareCommand = {
  command: 'compare',
  describe: 'play two or more variants on the same seeds and report paired differences',
  builder: (y: Argv) =>
    withAdapt(withAcross(withStudyOutput(withSeed(withAgents(withRules(y))), DEFAULT_COMPARE_GAMES)))
      .option('rules', { type: 'string', array: true, requiresArg: true, default: ['club'], describe: 'club, forum, classic, werewolf, sports or a rules file; repeat to compare rule sets' })
      .option('variant', { type: 'string', array: true, describe: 'a variant: "[label: ]key=value ..." with rule options, roles.<role>, players, mafia, rules, agents, agents.<team|role>, agent-param.<[scope.]key>; repeatable' })
      .option('base', { type: 'boolean', default: true, describe: 'include the unchanged rules as a variant (--no-base to leave them out)' })
      .option('pairs', { choices: ['all', 'first'] as const, describe: 'compare every pair, or each variant with the first (default: first when the unchanged rules are played beside variants of one rules source, else all)' }),
  handler: guarded(async (a: CompareArgs) => {
    checkAdapt(a);
    const header = studyHeader(a, DEFAULT_COMPARE_GAMES);
    const sources = ([] as string[]).concat(a.rules);
    const variants = (a.variant ?? []).map((text) => ({ ...parseVariantSpec(text, `--variant ${JSON.stringify(text)}`), field: `--variant ${JSON.stringify(text)}` }));
    const base = baseSetup(a);
    const models = acrossModels(a);
    const pairs = a.pairs ?? defaultPairs({ sources: sources.length, includeBase: a.base, variants: variants.length });
    const plan = (agents: string) => ({ kind: 'compare' as const, study: 'compare', ...header, variants: resolveVariants(planCompare({ sources, base: { ...base, agents }, variants, includeBase: a.base })), pairs });
    if (models) return executeAcross(models.map((model) => ({ model, plan: plan(model.agents) })), a);
    if (a.adapt) return compareAdapt(plan(base.agents), a);
    await executeStudy(plan(base.agents), a);
  }),
};
