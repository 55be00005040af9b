// `mafia-sim compare`: two or more variants (rule files, presets, `--variant`
// changes, agent profiles) played on the same game seeds, with paired
// differences.

import type { Argv } from 'yargs';
import { basename, extname } from 'node:path';
import type { VariantInput } from '../report/summary.js';
import type { SettingValue } from '../report/summary.js';
import { applyAssignment, baseSetup, naming, parseAssignment, resolveSetup, withAgents, withRules, withSeed, type AgentArgs, type Assignment, type Setup } from './common.js';
import { guarded, UsageError } from './errors.js';
import { acrossModels, executeAcross, withAcross } from './across.js';
import { defaultPairs, executeStudy, studyHeader, uniqueLabels, withStudyOutput, type StudyArgs } from './study.js';

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

type CompareArgs = { rules: string[]; players?: string; mafia?: string; set?: string[]; variant?: string[]; base: boolean; pairs?: 'all' | 'first'; across?: string[] } & StudyArgs & AgentArgs;

export const compareCommand = {
  command: 'compare',
  describe: 'play two or more variants on the same seeds and report paired differences',
  builder: (y: Argv) =>
    withAcross(withStudyOutput(withSeed(withAgents(withRules(y))), DEFAULT_COMPARE_GAMES))
      .option('rules', { type: 'string', array: true, requiresArg: true, default: ['club'], describe: 'club, forum, classic or a rules file; repeat to compare rule sets' })
      .option('variant', { type: 'string', array: true, describe: 'a variant: "[label: ]key=value ..." with rule options, roles.<role>, players, mafia, rules, agents, agents.<team|role>, agent-param.<[scope.]key>; repeatable' })
      .option('base', { type: 'boolean', default: true, describe: 'include the unchanged rules as a variant (--no-base to leave them out)' })
      .option('pairs', { choices: ['all', 'first'] as const, describe: 'compare every pair, or each variant with the first (default: first when the unchanged rules are played beside variants of one rules source, else all)' }),
  handler: guarded(async (a: CompareArgs) => {
    const header = studyHeader(a, DEFAULT_COMPARE_GAMES);
    const sources = ([] as string[]).concat(a.rules);
    const variants = (a.variant ?? []).map((text) => ({ ...parseVariantSpec(text, `--variant ${JSON.stringify(text)}`), field: `--variant ${JSON.stringify(text)}` }));
    const base = baseSetup(a);
    const models = acrossModels(a);
    const pairs = a.pairs ?? defaultPairs({ sources: sources.length, includeBase: a.base, variants: variants.length });
    const plan = (agents: string) => ({ kind: 'compare' as const, study: 'compare', ...header, variants: resolveVariants(planCompare({ sources, base: { ...base, agents }, variants, includeBase: a.base })), pairs });
    if (models) return executeAcross(models.map((model) => ({ model, plan: plan(model.agents) })), a);
    await executeStudy(plan(base.agents), a);
  }),
};
