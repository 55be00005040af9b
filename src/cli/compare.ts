// `mafia-sim compare`: two or more variants (rule files, presets, `--variant`
// changes, agent profiles) played on the same game seeds, with paired
// differences. Also the study plumbing that `sweep` and `experiment` share:
// a variant is a setup (rules source, overrides, agents) plus assignments.

import type { Argv } from 'yargs';
import { basename, extname } from 'node:path';
import type { Rules } from '../engine/rules.js';
import { reproduceCommand, withoutFlags } from '../report/command.js';
import { buildSummary, type PairsMode, type SettingValue, type SkippedPoint, type StudyKind, type StudySummary, type VariantInput } from '../report/summary.js';
import { terminalTable } from '../report/terminal.js';
import { defaultReportDir, writeReport, type WrittenReport } from '../report/write.js';
import { progressBar } from '../sim/progress.js';
import { runGames } from '../sim/run.js';
import { agentsFromArgs, withAgents, withRules, withSeed, wholeNumber, type AgentArgs } from './common.js';
import { guarded, isUserError, UsageError } from './errors.js';
import { loadRules } from './rulesSource.js';

export const DEFAULT_COMPARE_GAMES = 20000;

/** Everything that defines one variant before it is resolved. */
export interface Setup {
  readonly rules: string;
  readonly players?: string;
  readonly mafia?: string;
  readonly set: readonly string[];
  readonly agents: string;
  readonly agentParam: readonly string[];
  readonly agentModule: readonly string[];
}

export type Assignment = readonly [key: string, value: string];

export function parseAssignment(text: string, field: string): Assignment {
  const eq = text.indexOf('=');
  if (eq <= 0) throw new UsageError(field, `expected key=value, got ${JSON.stringify(text)}`);
  return [text.slice(0, eq).trim(), text.slice(eq + 1).trim()];
}

/**
 * One change to a setup. Keys: `rules` (preset or file), `agents` (the whole
 * agents text), `agents.<team or role>` (that scope's profile, e.g.
 * agents.mafia=expert), `agent-param.<[scope.]key>` (a policy parameter),
 * and anything `--set` takes (rule options, `roles.<role>`, `players`, `mafia`).
 */
export function applyAssignment(s: Setup, [key, value]: Assignment): Setup {
  if (key === 'rules') return { ...s, rules: value };
  if (key === 'agents') return { ...s, agents: value };
  if (key.startsWith('agents.')) return { ...s, agents: `${s.agents},${key.slice('agents.'.length)}=${value}` };
  if (key.startsWith('agent-param.')) return { ...s, agentParam: [...s.agentParam, `${key.slice('agent-param.'.length)}=${value}`] };
  return { ...s, set: [...s.set, `${key}=${value}`] };
}

export function resolveSetup(s: Setup): { rules: Rules; agents: string } {
  const rules = loadRules({ rules: s.rules, players: s.players, mafia: s.mafia, set: [...s.set] });
  const agents = agentsFromArgs({ agents: s.agents, agentParam: [...s.agentParam], agentModule: [...s.agentModule] }).canonical;
  return { rules, agents };
}

/** `--agents` may be repeated; the pieces form one comma-separated text. */
export function agentsText(agents: string | readonly string[]): string {
  return typeof agents === 'string' ? agents : agents.join(',');
}

/** The setup every variant starts from: the shared rule flags and players of the command line (without the rules source). */
export function baseSetup(a: { players?: string; mafia?: string; set?: string[] } & AgentArgs): Omit<Setup, 'rules'> {
  return {
    ...(a.players !== undefined ? { players: a.players } : {}),
    ...(a.mafia !== undefined ? { mafia: a.mafia } : {}),
    set: a.set ?? [],
    agents: agentsText(a.agents),
    agentParam: a.agentParam ?? [],
    agentModule: a.agentModule ?? [],
  };
}

/** Runs `fn`; a user error inside it is re-raised naming `field` first, so the message says which input was wrong. */
export function naming<T>(field: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (isUserError(e)) throw new UsageError(field, e.message);
    throw e;
  }
}

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

/** Labels must tell variants apart in every table: repeats get " #2", " #3"... */
export function uniqueLabels(labels: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return labels.map((l) => {
    const n = (seen.get(l) ?? 0) + 1;
    seen.set(l, n);
    return n === 1 ? l : `${l} #${n}`;
  });
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

export interface StudyPlan {
  readonly kind: StudyKind;
  readonly study: string;
  readonly title?: string;
  readonly description?: string;
  readonly command: string;
  readonly seed: number;
  readonly games: number;
  readonly threads?: number;
  /** Stop once every outcome's 95% half-width is at most this in every variant; `games` is then the cap. */
  readonly precision?: number;
  readonly variants: readonly VariantInput[];
  readonly pairs: PairsMode;
  readonly sweepKeys?: readonly string[];
  readonly skipped?: readonly SkippedPoint[];
}

export interface OutputArgs {
  readonly out?: string;
  readonly json?: boolean;
  readonly quiet?: boolean;
}

/** Plays the plan, writes the report folder and prints the table (or the JSON summary). */
export async function executeStudy(plan: StudyPlan, io: OutputArgs): Promise<{ summary: StudySummary; report: WrittenReport }> {
  const bar = progressBar({ quiet: io.quiet ?? false, label: plan.study });
  let result;
  try {
    result = await runGames({
      variants: plan.variants.map((v) => ({ label: v.label, rules: v.rules, agents: v.agents })),
      seed: plan.seed,
      games: plan.games,
      ...(plan.threads !== undefined ? { threads: plan.threads } : {}),
      ...(plan.precision !== undefined ? { precision: plan.precision } : {}),
      onProgress: (p) => bar.update(p),
    });
  } finally {
    bar.stop();
  }
  const { precision, ...rest } = plan;
  const summary = buildSummary({ ...rest, result, ...(precision !== undefined ? { precision: { target: precision, cap: plan.games, stopped: result.stopped } } : {}) });
  const report = await writeReport(io.out ?? defaultReportDir(plan.study), summary);
  if (io.json) {
    process.stdout.write(JSON.stringify(summary) + '\n');
    process.stderr.write(`report: ${report.html}\n`);
  } else {
    process.stdout.write(terminalTable(summary) + `report: ${report.html}\n`);
  }
  return { summary, report };
}

/** Options every study command takes. */
export function withStudyOutput<T>(y: Argv<T>, defaultGames: number) {
  return y
    .option('games', { type: 'string', describe: `games per variant (default ${defaultGames}; with --precision, the cap, default ${DEFAULT_PRECISION_CAP})` })
    .option('precision', { type: 'string', describe: "play until every outcome's 95% interval is within ±P in every variant (e.g. 0.01), up to --games" })
    .option('threads', { type: 'string', describe: 'worker threads (default: one per core)' })
    .option('out', { type: 'string', describe: 'report folder (default: reports/<study>-<time>/)' })
    .option('json', { type: 'boolean', default: false, describe: 'print summary.json on stdout instead of the table' })
    .option('quiet', { type: 'boolean', default: false, describe: 'no progress bar' })
    .option('title', { type: 'string', describe: 'title of the report' });
}

export interface StudyArgs {
  seed: string;
  games?: string;
  precision?: string;
  threads?: string;
  out?: string;
  json: boolean;
  quiet: boolean;
  title?: string;
}

/** With --precision and no --games, a study stops at this many games per variant at most. */
export const DEFAULT_PRECISION_CAP = 1_000_000;

export function parsePrecision(field: string, raw: unknown): number {
  const s = String(raw).trim();
  const p = /^(\d+\.?\d*|\.\d+)(e-?\d+)?$/i.test(s) ? Number(s) : NaN;
  if (!(p > 0 && p < 0.5)) throw new UsageError(field, `got ${JSON.stringify(raw)}; use a half-width between 0 and 0.5, e.g. 0.01`);
  return p;
}

export function studyNumbers(a: StudyArgs, defaultGames: number): { seed: number; games: number; threads?: number; precision?: number } {
  const precision = a.precision !== undefined ? parsePrecision('--precision', a.precision) : undefined;
  const games = a.games !== undefined ? wholeNumber('--games', a.games, 1) : precision !== undefined ? DEFAULT_PRECISION_CAP : defaultGames;
  return {
    seed: wholeNumber('--seed', a.seed, 0),
    games,
    ...(a.threads !== undefined ? { threads: wholeNumber('--threads', a.threads, 1, 1024) } : {}),
    ...(precision !== undefined ? { precision } : {}),
  };
}

/** What every study's plan takes from the command line: its numbers, title and the command that reproduces it. */
export function studyHeader(a: StudyArgs, defaultGames: number) {
  const n = studyNumbers(a, defaultGames);
  const args = withoutFlags(process.argv.slice(2), ['--out']).filter((w) => w !== '--json');
  return {
    ...(a.title ? { title: a.title } : {}),
    command: reproduceCommand(args, { '--games': n.games, '--seed': n.seed }),
    ...n,
  };
}

type CompareArgs = { rules: string[]; players?: string; mafia?: string; set?: string[]; variant?: string[]; base: boolean; pairs: 'all' | 'first' } & StudyArgs & AgentArgs;

export const compareCommand = {
  command: 'compare',
  describe: 'play two or more variants on the same seeds and report paired differences',
  builder: (y: Argv) =>
    withStudyOutput(withSeed(withAgents(withRules(y))), DEFAULT_COMPARE_GAMES)
      .option('rules', { type: 'string', array: true, requiresArg: true, default: ['club'], describe: 'club, forum, classic or a rules file; repeat to compare rule sets' })
      .option('variant', { type: 'string', array: true, describe: 'a variant: "[label: ]key=value ..." with rule options, roles.<role>, players, mafia, rules, agents, agents.<team|role>, agent-param.<[scope.]key>; repeatable' })
      .option('base', { type: 'boolean', default: true, describe: 'include the unchanged rules as a variant (--no-base to leave them out)' })
      .option('pairs', { choices: ['all', 'first'] as const, default: 'all' as const, describe: 'compare every pair, or each variant with the first' }),
  handler: guarded(async (a: CompareArgs) => {
    const header = studyHeader(a, DEFAULT_COMPARE_GAMES);
    const sources = ([] as string[]).concat(a.rules);
    const variants = (a.variant ?? []).map((text) => ({ ...parseVariantSpec(text, `--variant ${JSON.stringify(text)}`), field: `--variant ${JSON.stringify(text)}` }));
    const base = baseSetup(a);
    const planned = planCompare({ sources, base, variants, includeBase: a.base });
    const resolved = resolveVariants(planned);
    await executeStudy(
      {
        kind: 'compare',
        study: 'compare',
        ...header,
        variants: resolved,
        pairs: a.pairs,
      },
      a,
    );
  }),
};
