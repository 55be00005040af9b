// `mafia-sim experiment FILE.yaml`: a saved study (run, compare or sweep),
// checked field by field before any game is played: a mistake is one line
// naming the file and the field, e.g. `x.yaml: variants[2].set[0]: ...`.

import { readFileSync } from 'node:fs';
import { basename, dirname, extname, isAbsolute, join } from 'node:path';
import type { Argv } from 'yargs';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { DEFAULT_AGENTS } from '../agents/index.js';
import { isPresetName } from '../engine/presets.js';
import { reproduceCommand, withoutFlags } from '../report/command.js';
import type { VariantInput } from '../report/summary.js';
import { checkModels, parseAcross, PLAYER_MODEL_SET_NAMES, type PlayerModel } from '../sim/playerModels.js';
import { executeAcross } from './across.js';
import { asUsageError, parsePrecision, resolveSetup, wholeNumber, type Setup } from './common.js';
import { guarded, isUserError, UsageError } from './errors.js';
import { describeYamlError, shippedPath } from './rulesSource.js';
import { didYouMean } from '../engine/spelling.js';
import { BALANCE_EXPERIMENT_COMMANDS, GAMES_FLAG, experimentOverrideFlags, isBalanceExperiment, runBalanceExperiment } from './experimentBalance.js';
import { DEFAULT_PRECISION_CAP, defaultPairs, executeStudy, parseVary, planSweep, uniqueLabels, withStudyOutput, type OutputArgs, type StudyPlan } from './study.js';

const VariantSchema = z.strictObject({
  label: z.string().min(1).optional(),
  rules: z.string().min(1).optional(),
  players: z.number().int().min(1).optional(),
  mafia: z.number().int().min(0).optional(),
  set: z.array(z.string()).default([]),
  agents: z.string().min(1).optional(),
  agentParams: z.array(z.string()).default([]),
});

export const ExperimentSchema = z.strictObject({
  title: z.string().min(1),
  description: z.string().optional(),
  command: z.enum(['run', 'compare', 'sweep']),
  rules: z.string().min(1).default('club'),
  players: z.number().int().min(1).optional(),
  mafia: z.number().int().min(0).optional(),
  set: z.array(z.string()).default([]),
  agents: z.string().min(1).default(DEFAULT_AGENTS),
  agentParams: z.array(z.string()).default([]),
  variants: z.array(VariantSchema).min(1).optional(),
  base: z.boolean().default(true),
  /** Default: first when the base is played beside variants, else all (see `defaultPairs`). */
  pairs: z.enum(['all', 'first']).optional(),
  vary: z.array(z.string()).min(1).max(2).optional(),
  games: z.number().int().min(1).optional(),
  precision: z.number().gt(0).lt(0.5).optional(),
  seed: z.number().int().min(0).default(1),
  /** Player models (compare only): a set name, "name=SPEC;...", or a list of those. */
  across: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]).optional(),
});

export type Experiment = z.infer<typeof ExperimentSchema>;
type VariantDoc = z.infer<typeof VariantSchema>;

const TOP_KEYS = Object.keys(ExperimentSchema.shape);
const VARIANT_KEYS = Object.keys(VariantSchema.shape);

/** `['variants', 2, 'set', 0]` -> `variants[2].set[0]`. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join('') || '(top level)';
}

/** The value the file holds at `path`, for messages. */
function valueAt(doc: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>((v, k) => (v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined), doc);
}

const KIND_EXAMPLE: Record<string, string> = { number: 'a number', string: 'text', boolean: 'true or false', array: 'a list', object: 'a mapping' };

/** A zod issue as the field and a fix in the file's own terms (not the validator's wording). */
function zodMessage(issue: z.core.$ZodIssue, doc: unknown): { field: string; message: string } {
  const got = `got ${JSON.stringify(valueAt(doc, issue.path)) ?? 'nothing'}`;
  switch (issue.code) {
    case 'unrecognized_keys': {
      const allowed = issue.path.length === 0 ? TOP_KEYS : VARIANT_KEYS;
      const key = issue.keys[0]!;
      return { field: fieldPath([...issue.path, key]), message: `unknown key${didYouMean(key, allowed)}; allowed keys here: ${allowed.join(', ')}` };
    }
    case 'invalid_type':
      return { field: fieldPath(issue.path), message: issue.input === undefined && valueAt(doc, issue.path) === undefined ? `missing; give ${KIND_EXAMPLE[issue.expected] ?? issue.expected}` : `${got}; give ${KIND_EXAMPLE[issue.expected] ?? issue.expected}` };
    case 'invalid_value': {
      const values = issue.values.map(String);
      return { field: fieldPath(issue.path), message: `${got}${didYouMean(String(valueAt(doc, issue.path)), values)}; use one of ${values.join(', ')}` };
    }
    case 'too_small':
      return { field: fieldPath(issue.path), message: `${got}; use ${issue.origin === 'array' ? 'a list of' : 'a value of'} at least ${String(issue.minimum)}${issue.origin === 'array' ? ' items' : ''}` };
    case 'too_big':
      return { field: fieldPath(issue.path), message: `${got}; use ${issue.origin === 'array' ? 'a list of' : 'a value of'} at most ${String(issue.maximum)}${issue.origin === 'array' ? ' items' : ''}` };
    case 'invalid_union':
      return { field: fieldPath(issue.path), message: `${got}; give a set name (${PLAYER_MODEL_SET_NAMES.join(', ')}), "name=SPEC;name=SPEC", or a list of name=SPEC items` };
    default:
      return { field: fieldPath(issue.path), message: issue.message };
  }
}

/** Every command an experiment file may name: the studies here and the balance family. */
export const EXPERIMENT_COMMANDS = ['run', 'compare', 'sweep', ...BALANCE_EXPERIMENT_COMMANDS] as const;

/**
 * Checks that need no schema, for every kind of experiment: the command is
 * one we know, and `vary` was not split by YAML's flow list syntax
 * (`[roles.putana=0,1]` is the two items `roles.putana=0` and `1`).
 */
function checkCommon(file: string, doc: Record<string, unknown>): void {
  const command = doc['command'];
  if (typeof command !== 'string' || !(EXPERIMENT_COMMANDS as readonly string[]).includes(command)) {
    const hint = typeof command === 'string' ? didYouMean(command, EXPERIMENT_COMMANDS) : '';
    throw new UsageError(`${file}: command`, `${command === undefined ? 'missing' : `unknown command ${JSON.stringify(command)}${hint}`}; use one of ${EXPERIMENT_COMMANDS.join(', ')}`);
  }
  const vary = doc['vary'];
  if (Array.isArray(vary)) {
    vary.forEach((item, i) => {
      if (typeof item === 'string' && item.includes('=')) return;
      const joined = i > 0 && typeof vary[i - 1] === 'string' ? `"${String(vary[i - 1])},${String(item)}"` : '"key=a,b"';
      throw new UsageError(`${file}: vary[${i}]`, `${JSON.stringify(item)} is not key=values: YAML's [ ] list splits at each comma; quote the item, vary: [${joined}], or write it on its own line, - ${joined}`);
    });
  }
}

/** Reads and checks an experiment file's shape; the rules inside are checked by `planExperiment`. */
export function readExperiment(file: string): Experiment {
  return validateExperiment(file, readExperimentDoc(file));
}

/** The file's YAML mapping, not yet validated (balance-family studies have their own schema). */
export function readExperimentDoc(file: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new UsageError('experiment', `cannot read ${JSON.stringify(file)}; give the path of a .yaml file, here or among the shipped experiments/ files (e.g. experiments/club-house-rules.yaml)`);
  }
  let doc: unknown;
  try {
    doc = parseYaml(text);
  } catch (e) {
    throw new UsageError(file, `not valid YAML: ${describeYamlError(text, e)}`);
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) throw new UsageError(file, 'must be a YAML mapping with title, command, rules, ...');
  return doc as Record<string, unknown>;
}

function validateExperiment(file: string, doc: Record<string, unknown>): Experiment {
  checkCommon(file, doc);
  const parsed = ExperimentSchema.safeParse(doc);
  if (!parsed.success) {
    const { field, message } = zodMessage(parsed.error.issues[0]!, doc);
    throw new UsageError(`${file}: ${field}`, message);
  }
  checkCommandFields(file, parsed.data, doc);
  return parsed.data;
}

/** Fields that only make sense for one command, and the ones a command needs. */
function checkCommandFields(file: string, x: Experiment, raw: Record<string, unknown>): void {
  const bad = (field: string, message: string) => new UsageError(`${file}: ${field}`, message);
  if (x.command !== 'compare') {
    for (const k of ['variants', 'base', 'pairs']) if (k in raw) throw bad(k, `only a compare takes ${k}; this experiment's command is ${x.command}`);
  }
  if (x.command !== 'compare' && 'across' in raw) throw bad('across', `only a compare experiment takes across here; this experiment's command is ${x.command}`);
  if (x.across !== undefined && 'agents' in raw) throw bad('agents', 'the across models replace agents; leave agents out, or make it one of the models');
  if (x.command !== 'sweep' && 'vary' in raw) throw bad('vary', `only a sweep takes vary; this experiment's command is ${x.command}`);
  if (x.command === 'compare' && !x.variants) throw bad('variants', 'a compare needs a list of variants, e.g. - set: [doctor.maxSameTarget=1]');
  if (x.command === 'compare' && !x.base && x.variants!.length < 2) throw bad('variants', 'with base: false a compare needs at least two variants');
  if (x.command === 'sweep' && !x.vary) throw bad('vary', 'a sweep needs vary: [key=v1,v2,...] or [key=lo..hi:step] (one or two keys)');
  if (x.games === undefined && x.precision === undefined) throw bad('games', 'give games (per variant), e.g. games: 20000, or precision: 0.01 (games is then the cap)');
}

interface Step {
  readonly field: string;
  readonly apply: (s: Setup) => Setup;
}

/** A rules file named in an experiment is found beside the experiment. */
function rulesPath(file: string, source: string): string {
  return isPresetName(source) || isAbsolute(source) ? source : join(dirname(file), source);
}

function setupSteps(file: string, d: { rules?: string; players?: number; mafia?: number; set: string[]; agents?: string; agentParams: string[] }, prefix: string): Step[] {
  const at = (k: string) => `${prefix}${k}`;
  const steps: Step[] = [];
  if (d.rules !== undefined) steps.push({ field: at('rules'), apply: (s) => ({ ...s, rules: rulesPath(file, d.rules!) }) });
  if (d.players !== undefined) steps.push({ field: at('players'), apply: (s) => ({ ...s, players: String(d.players) }) });
  if (d.mafia !== undefined) steps.push({ field: at('mafia'), apply: (s) => ({ ...s, mafia: String(d.mafia) }) });
  d.set.forEach((x, i) => steps.push({ field: at(`set[${i}]`), apply: (s) => ({ ...s, set: [...s.set, x] }) }));
  if (d.agents !== undefined) steps.push({ field: at('agents'), apply: (s) => ({ ...s, agents: d.agents! }) });
  d.agentParams.forEach((x, i) => steps.push({ field: at(`agentParams[${i}]`), apply: (s) => ({ ...s, agentParam: [...s.agentParam, x] }) }));
  return steps;
}

const EMPTY: Setup = { rules: 'club', set: [], agents: DEFAULT_AGENTS, agentParam: [], agentModule: [] };

function applySteps(steps: readonly Step[], start: Setup = EMPTY): Setup {
  return steps.reduce((s, st) => st.apply(s), start);
}

/** Resolves the setup; on a mistake, blames the first step whose prefix no longer resolves. */
function resolveBlaming(file: string, steps: readonly Step[]): ReturnType<typeof resolveSetup> {
  try {
    return resolveSetup(applySteps(steps));
  } catch (e) {
    if (!isUserError(e)) throw e;
    for (let k = 1; k <= steps.length; k++) {
      try {
        resolveSetup(applySteps(steps.slice(0, k)));
      } catch (e2) {
        if (!isUserError(e2)) throw e2;
        throw new UsageError(`${file}: ${steps[k - 1]!.field}`, e2.message);
      }
    }
    throw new UsageError(file, e.message);
  }
}

function variantLabel(v: VariantDoc): string {
  if (v.label) return v.label;
  const parts = [...(v.rules ? [v.rules] : []), ...(v.players !== undefined ? [`players=${v.players}`] : []), ...(v.mafia !== undefined ? [`mafia=${v.mafia}`] : []), ...v.set];
  if (v.agents) parts.push(`agents=${v.agents}`);
  parts.push(...v.agentParams.map((p) => `agent-param.${p}`));
  return parts.join(' ') || 'unchanged';
}

export interface ExperimentOverrides {
  readonly games?: number;
  readonly seed?: number;
  readonly threads?: number;
  readonly precision?: number;
}

/** Turns a checked experiment into a study plan, resolving every variant (nothing is played). */
export function planExperiment(file: string, x: Experiment, command: string, o: ExperimentOverrides = {}): StudyPlan {
  const baseSteps = setupSteps(file, x, '');
  const study = basename(file, extname(file));
  const common = {
    study,
    title: x.title,
    ...(x.description ? { description: x.description.trim() } : {}),
    command,
    seed: o.seed ?? x.seed,
    games: o.games ?? x.games ?? DEFAULT_PRECISION_CAP,
    ...(o.threads !== undefined ? { threads: o.threads } : {}),
    ...((o.precision ?? x.precision) !== undefined ? { precision: o.precision ?? x.precision! } : {}),
  };
  if (x.command === 'sweep') {
    const varies = x.vary!.map((t, i) => parseVary(t, `${file}: vary[${i}]`));
    const { variants, skipped } = planSweepBlaming(file, baseSteps, varies);
    return { ...common, kind: 'sweep', variants, pairs: 'none', sweepKeys: varies.map((v) => v.key), skipped };
  }
  const planned: { label: string; steps: Step[] }[] = [];
  if (x.command === 'run' || x.base) planned.push({ label: x.command === 'run' ? x.title : baseLabel(x), steps: baseSteps });
  (x.variants ?? []).forEach((v, i) => planned.push({ label: variantLabel(v), steps: [...baseSteps, ...setupSteps(file, v, `variants[${i}].`)] }));
  const labels = uniqueLabels(planned.map((p) => p.label));
  const variants: VariantInput[] = planned.map((p, i) => ({ label: labels[i]!, ...resolveBlaming(file, p.steps) }));
  const pairs = x.pairs ?? defaultPairs({ sources: 1, includeBase: x.base, variants: (x.variants ?? []).length });
  return { ...common, kind: x.command, variants, pairs: x.command === 'run' ? 'none' : pairs };
}

/** The file's `across` as player models (each list item named by its index), or null. */
export function experimentModels(file: string, x: Experiment): PlayerModel[] | null {
  if (x.across === undefined) return null;
  const items = typeof x.across === 'string' ? [x.across] : x.across;
  const models = items.flatMap((item, i) => asUsageError(() => parseAcross([item], typeof x.across === 'string' ? `${file}: across` : `${file}: across[${i}]`, 1)));
  return asUsageError(() => checkModels(models, `${file}: across`));
}

function baseLabel(x: Experiment): string {
  const parts = [x.rules.replace(/\.(ya?ml|json)$/, ''), ...(x.players !== undefined ? [`${x.players} players`] : [])];
  return parts.join(' ');
}

/** A sweep whose every point fails usually has a mistake in its base fields: name that field rather than `vary`. */
function planSweepBlaming(file: string, baseSteps: readonly Step[], varies: ReturnType<typeof parseVary>[]) {
  try {
    return planSweep(applySteps(baseSteps), varies, `${file}: vary`);
  } catch (e) {
    if (e instanceof UsageError) resolveBlaming(file, baseSteps);
    throw e;
  }
}

type ExperimentArgs = { file: string; seed?: string; games?: string; budget?: string; maxGames?: string; threads?: string; precision?: string; title?: string } & OutputArgs & { json: boolean };

/** The command whose own name for the games `--budget` and `--max-games` are: each is taken for that command's files only. */
const OWN_GAMES_FLAG = { '--budget': 'balance', '--max-games': 'fair' } as const;

/**
 * The games override and the flag it was given by: `--games` for every
 * file, or the file's own command's name for it (`--budget` for balance,
 * `--max-games` for fair), so a hint such as "raise --budget" printed by a
 * balance experiment names a flag this command takes.
 */
function gamesOverride(a: ExperimentArgs, command: string): { flag: string; value: string } | undefined {
  const given = [
    ...(a.games !== undefined ? [{ flag: '--games', value: a.games }] : []),
    ...(a.budget !== undefined ? [{ flag: '--budget', value: a.budget }] : []),
    ...(a.maxGames !== undefined ? [{ flag: '--max-games', value: a.maxGames }] : []),
  ];
  for (const g of given) {
    const owner = OWN_GAMES_FLAG[g.flag as keyof typeof OWN_GAMES_FLAG];
    if (owner !== undefined && owner !== command) throw new UsageError(g.flag, `only a ${owner} experiment takes ${g.flag}; this one's command is ${command}: use --games`);
  }
  if (given.length > 1) throw new UsageError(given[1]!.flag, `says what ${given[0]!.flag} says; give one of them`);
  if (given[0]) wholeNumber(given[0].flag, given[0].value, 1);
  return given[0];
}

export const experimentCommand = {
  command: 'experiment <file>',
  describe: 'run a saved study from a YAML file (see experiments/)',
  builder: (y: Argv) =>
    withStudyOutput(y, 0)
      .positional('file', { type: 'string', demandOption: true, describe: 'the experiment file, e.g. experiments/club-house-rules.yaml' })
      .option('games', { type: 'string', describe: "games (default: the file's): per variant for run, compare and sweep; per setup for roles and tune (training games); the budget over all candidates for balance; the cap for fair, which stops as soon as it decides" })
      .option('budget', { type: 'string', requiresArg: true, describe: 'for a balance experiment: its budget over all candidates, as balance --budget (the same as --games)' })
      .option('max-games', { type: 'string', requiresArg: true, describe: 'for a fair experiment: its cap, as fair --max-games (the same as --games)' })
      .option('seed', { type: 'string', describe: 'master seed (default: the file\'s seed)' }),
  handler: guarded(async (a: ExperimentArgs) => {
    // Like a rules file: from the working directory, else the package's own experiments/ (so the shipped studies run from an installed copy).
    const file = shippedPath(a.file);
    const doc = readExperimentDoc(file);
    checkCommon(file, doc);
    const games = gamesOverride(a, String(doc['command']));
    if (isBalanceExperiment(doc)) {
      const fromFlags = new Map([['--seed', '--seed'], ['--threads', '--threads'], ['--out', '--out'], ['--title', '--title']]);
      if (games !== undefined) fromFlags.set(GAMES_FLAG[doc.command], games.flag);
      if (games?.flag === '--games' && doc.command === 'fair') process.stderr.write(`mafia-sim: --games ${games.value} caps the fair test (its maxGames): it stops as soon as it decides, or undecided at the cap\n`);
      if (a.precision !== undefined) throw new UsageError('--precision', `a ${doc.command} experiment sets its own stopping rule; leave --precision out`);
      return runBalanceExperiment(file, doc, experimentOverrideFlags(doc.command, { ...a, ...(games !== undefined ? { games: games.value } : {}) }), fromFlags);
    }
    const x = validateExperiment(file, doc);
    const overrides: ExperimentOverrides = {
      ...(a.games !== undefined ? { games: wholeNumber('--games', a.games, 1) } : {}),
      ...(a.seed !== undefined ? { seed: wholeNumber('--seed', a.seed, 0) } : {}),
      ...(a.threads !== undefined ? { threads: wholeNumber('--threads', a.threads, 1, 1024) } : {}),
      ...(a.precision !== undefined ? { precision: parsePrecision('--precision', a.precision) } : {}),
    };
    const args = withoutFlags(process.argv.slice(2), ['--out']).filter((w) => w !== '--json');
    const command = reproduceCommand(args);
    const models = experimentModels(file, x);
    const titled = (plan: StudyPlan): StudyPlan => (a.title ? { ...plan, title: a.title } : plan);
    if (models) return executeAcross(models.map((model) => ({ model, plan: titled(planExperiment(file, { ...x, agents: model.agents }, command, overrides)) })), a);
    await executeStudy(titled(planExperiment(file, x, command, overrides)), a);
  }),
};
