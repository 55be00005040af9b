// The plumbing of studies (compare, sweep, experiment and the balance
// family): variant labels, `--vary` ranges and sweep grids, playing a plan
// and writing its report folder, and the flags and output every study takes;
// equilibrium's budget flags and --adapt, shared by equilibrium, compare,
// balance and roles (kept here, over 400 lines, as the one module of shared
// study helpers the house style names).

import type { Argv } from 'yargs';
import type { OutcomeName } from '../engine/events.js';
import { Role, roleFromKey, ROLES } from '../engine/roles.js';
import type { Rules } from '../engine/rules.js';
import { sectionedSummary, withTeamLine, type CommandSection } from '../report/balance/format.js';
import { reproduceCommand, withoutFlags } from '../report/command.js';
import { buildSummary, type PairsMode, type SettingValue, type SkippedPoint, type StudyKind, type StudySummary, type VariantInput } from '../report/summary.js';
import { stopNoteLines } from '../report/stopNote.js';
import { terminalTable } from '../report/terminal.js';
import type { WrittenReport } from '../report/write.js';
import { progressBar } from '../sim/progress.js';
import { runGames, type RunResult } from '../sim/run.js';
import { adaptSetups, type AdaptFindings, type AdaptSetup } from '../sim/balance/adapt.js';
import { EQUILIBRIUM_DEFAULTS, type EquilibriumBudgets, type EquilibriumProgress } from '../sim/balance/equilibriumGames.js';
import { applyAssignment, checkReportDir, decimal, parsePrecision, resolveSetup, stopOnInterrupt, threadsOf, wholeNumber, withAgents, withRules, withSeed, type AgentArgs, type Setup } from './common.js';
import { EXIT_INTERRUPTED, Interrupted, isUserError, UsageError } from './errors.js';

/** Labels must tell variants apart in every table: repeats get " #2", " #3"... */
export function uniqueLabels(labels: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return labels.map((l) => {
    const n = (seen.get(l) ?? 0) + 1;
    seen.set(l, n);
    return n === 1 ? l : `${l} #${n}`;
  });
}

// ---- sweeps: `--vary` and grids ----

/** A sweep of more points than this is almost certainly a typo in a range. */
export const MAX_SWEEP_POINTS = 2000;

export interface Vary {
  readonly key: string;
  readonly values: readonly SettingValue[];
}

/** `8`, `0.25`, `1/4` -> numbers; `true`/`false` -> booleans; anything else stays text. */
export function parseSettingValue(raw: string): SettingValue {
  const t = raw.trim();
  if (/^-?\d+(\.\d+)?([eE]-?\d+)?$/.test(t)) return Number(t);
  const frac = /^(\d+)\s*\/\s*(\d+)$/.exec(t);
  if (frac && Number(frac[2]) !== 0) return Number(frac[1]) / Number(frac[2]);
  if (t === 'true') return true;
  if (t === 'false') return false;
  return t;
}

/** Parses `key=v1,v2,...` or `key=lo..hi[:step]` (inclusive; step 1 by default). */
export function parseVary(text: string, field = '--vary'): Vary {
  const eq = text.indexOf('=');
  if (eq <= 0) throw new UsageError(field, `expected key=v1,v2,... or key=lo..hi[:step], got ${JSON.stringify(text)}`);
  const key = text.slice(0, eq).trim();
  const body = text.slice(eq + 1).trim();
  const range = /^(-?[\d.]+)\.\.(-?[\d.]+)(?::([\d.]+))?$/.exec(body);
  const values = range ? rangeValues(Number(range[1]), Number(range[2]), range[3] === undefined ? 1 : Number(range[3]), text, field) : listValues(body, text, field);
  return { key, values: dedupe(values) };
}

function rangeValues(lo: number, hi: number, step: number, text: string, field: string): number[] {
  if (![lo, hi, step].every(Number.isFinite)) throw new UsageError(field, `${JSON.stringify(text)}: lo, hi and step must be numbers`);
  if (step <= 0) throw new UsageError(field, `${JSON.stringify(text)}: the step must be above 0`);
  if (hi < lo) throw new UsageError(field, `${JSON.stringify(text)}: lo must not be above hi`);
  const count = Math.floor((hi - lo) / step + 1e-9) + 1;
  if (count > MAX_SWEEP_POINTS) throw new UsageError(field, `${JSON.stringify(text)} has ${count} values; use a larger step (at most ${MAX_SWEEP_POINTS})`);
  // Multiply rather than accumulate, and round off binary noise, so 0..1:0.1 gives 0.3, not 0.30000000000000004.
  return Array.from({ length: count }, (_, i) => Number((lo + i * step).toPrecision(12)));
}

function listValues(body: string, text: string, field: string): SettingValue[] {
  const parts = body.split(',').map((p) => p.trim());
  if (parts.some((p) => p === '')) throw new UsageError(field, `${JSON.stringify(text)}: empty value in the list; write key=v1,v2,...`);
  return parts.map(parseSettingValue);
}

function dedupe(values: readonly SettingValue[]): SettingValue[] {
  const seen = new Set<string>();
  return values.filter((v) => (seen.has(String(v)) ? false : (seen.add(String(v)), true)));
}

export function checkVaries(varies: readonly Vary[], field = '--vary'): void {
  if (varies.length < 1 || varies.length > 2) throw new UsageError(field, `give one or two keys to vary (got ${varies.length}); three or more make a grid too large to read`);
  if (varies.length === 2 && varies[0]!.key === varies[1]!.key) throw new UsageError(field, `${varies[0]!.key} is given twice; vary two different keys`);
  const points = varies.reduce((n, v) => n * v.values.length, 1);
  if (points > MAX_SWEEP_POINTS) throw new UsageError(field, `the grid has ${points} points; at most ${MAX_SWEEP_POINTS}`);
}

export interface SweepPoint {
  readonly settings: Record<string, SettingValue>;
  readonly label: string;
}

/** Every combination, first key outermost. */
export function sweepPoints(varies: readonly Vary[]): SweepPoint[] {
  let points: Record<string, SettingValue>[] = [{}];
  for (const v of varies) points = points.flatMap((p) => v.values.map((x) => ({ ...p, [v.key]: x })));
  return points.map((settings) => ({ settings, label: Object.entries(settings).map(([k, x]) => `${k}=${x}`).join(' ') }));
}

/**
 * Resolves every point. A one-key sweep refuses any bad value. In a grid,
 * setups that cannot be played (too many Mafia for few players) are skipped
 * and listed; a value that fails at every point of the grid is refused.
 */
export function planSweep(base: Setup, varies: readonly Vary[], field = '--vary'): { variants: VariantInput[]; skipped: SkippedPoint[] } {
  checkVaries(varies, field);
  const points = sweepPoints(varies);
  const labels = uniqueLabels(points.map((p) => p.label));
  const variants: VariantInput[] = [];
  const skipped: SkippedPoint[] = [];
  const failed: { settings: Record<string, SettingValue>; reason: string }[] = [];
  points.forEach((p, i) => {
    const setup = Object.entries(p.settings).reduce<Setup>((s, [k, x]) => applyAssignment(s, [k, String(x)]), base);
    try {
      const { rules, agents } = resolveSetup(setup);
      variants.push({ label: labels[i]!, rules, agents, settings: p.settings });
    } catch (e) {
      if (!isUserError(e)) throw e;
      if (varies.length === 1) throw new UsageError(`${field} ${p.label}`, e.message);
      skipped.push({ label: p.label, reason: e.message });
      failed.push({ settings: p.settings, reason: e.message });
    }
  });
  if (failed.length === points.length) throw new UsageError(field, `no point of the sweep can be played: ${failed[0]!.reason}`);
  for (const v of varies) {
    for (const x of v.values) {
      const at = failed.filter((f) => f.settings[v.key] === x);
      const total = points.filter((p) => p.settings[v.key] === x).length;
      if (at.length === total) throw new UsageError(`${field} ${v.key}=${x}`, `no point of the grid can be played with this value: ${at[0]!.reason}`);
    }
  }
  return { variants, skipped };
}

// ---- playing a plan ----

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

/**
 * Plays the plan, writes the report folder and prints the table (or the
 * JSON summary). Ctrl-C keeps the games finished: every variant has played
 * the same first games, so the report of those (marked interrupted) is a
 * smaller study of its own; exit code 130.
 */
export async function executeStudy(plan: StudyPlan, io: OutputArgs): Promise<{ summary: StudySummary; report: WrittenReport }> {
  checkReportDir(io.out);
  const stop = stopOnInterrupt();
  let played;
  try {
    played = await playStudy(plan, io, plan.study, stop.signal);
  } finally {
    stop.release();
  }
  const { summary, result } = played;
  if (!result.complete && result.games === 0) throw new Interrupted('before any game finished; nothing written');
  const { intoReportDir, writeReport } = await import('../report/write.js');
  const report = await intoReportDir(io.out, plan.study, (dir) => writeReport(dir, summary));
  if (io.json) {
    process.stdout.write(JSON.stringify(summary) + '\n');
    process.stderr.write(`report: ${report.html}\n`);
  } else {
    process.stdout.write(terminalTable(summary) + `report: ${report.html}\n`);
  }
  if (!result.complete) keptPartOf(result.games, plan.games, plan.variants.length, report.html);
  return { summary, report };
}

/** Says what an interrupted study kept and where, and makes the exit code 130. */
export function keptPartOf(played: number, of: number, variants: number, page: string): void {
  const per = variants > 1 ? ' per variant' : '';
  process.stderr.write(`mafia-sim: interrupted after ${played.toLocaleString('en-US')} of ${of.toLocaleString('en-US')} games${per}: ${page} holds those games${variants > 1 ? ' (the same for every variant)' : ''}, marked interrupted; run the command again to play them all\n`);
  process.exitCode = EXIT_INTERRUPTED;
}

/** Plays one plan (with its own budget and precision stop) into its study summary; `label` leads the progress bar; `signal` stops it early (the summary is then marked interrupted). */
export async function playStudy(plan: StudyPlan, io: OutputArgs, label: string, signal?: AbortSignal): Promise<{ summary: StudySummary; result: RunResult }> {
  const bar = progressBar({ quiet: io.quiet ?? false, label, ...(signal ? { signal } : {}) });
  let result;
  try {
    result = await runGames({
      variants: plan.variants.map((v) => ({ label: v.label, rules: v.rules, agents: v.agents })),
      seed: plan.seed,
      games: plan.games,
      ...(plan.threads !== undefined ? { threads: plan.threads } : {}),
      ...(plan.precision !== undefined ? { precision: plan.precision } : {}),
      onProgress: (p) => bar.update(p),
      ...(signal ? { signal } : {}),
    });
  } finally {
    bar.stop();
  }
  const { precision, ...rest } = plan;
  const summary = buildSummary({
    ...rest,
    result,
    ...(precision !== undefined ? { precision: { target: precision, cap: plan.games, stopped: result.stopped } } : {}),
    ...(result.complete ? {} : { interrupted: { played: result.games, of: plan.games, resumeCommand: null } }),
  });
  return { summary, result };
}

/** Options every study command takes. */
export function withStudyOutput<T>(y: Argv<T>, defaultGames: number) {
  return y
    .option('games', { type: 'string', describe: `games per variant (default ${defaultGames}; with --precision, the cap, default ${DEFAULT_PRECISION_CAP})` })
    .option('precision', { type: 'string', describe: "play until every outcome's 95% interval is within ±P in every variant (e.g. 0.01), up to --games" })
    .option('threads', { type: 'string', describe: 'worker threads (default: one per core)' })
    .option('out', { type: 'string', describe: 'report folder (default: a new reports/<study>-<time>/, with or without --json)' })
    .option('json', { type: 'boolean', default: false, describe: 'print summary.json on stdout instead of the table (the report is still written; its path goes to stderr)' })
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

/**
 * Which pairs a comparison reports when the user does not say: with the
 * unchanged rules of one source and variants of it, each variant against
 * them (a house rule against another is not the question, and each extra
 * pair weakens the Holm correction of the ones that are); otherwise, when
 * no variant is the base (several rules sources, or --no-base), every pair.
 */
export function defaultPairs(c: { sources: number; includeBase: boolean; variants: number }): 'all' | 'first' {
  return c.includeBase && c.variants > 0 && c.sources === 1 ? 'first' : 'all';
}

// ---- the balance family: balance, roles, fair and tune ----

export type TeamName = Extract<OutcomeName, 'town' | 'mafia' | 'maniac'>;
export const TEAMS: readonly TeamName[] = ['town', 'mafia', 'maniac'];

export interface BalanceOutputArgs {
  seed: string;
  threads?: string;
  out?: string;
  json: boolean;
  quiet: boolean;
  title?: string;
  description?: string;
}

export interface SetupArgs extends AgentArgs {
  rules: string;
  players?: string;
  mafia?: string;
  set?: string[];
}

/** Flags every balance command takes: rules, agents, seed, team, threads and output. */
export function withBalanceBasics<T>(y: Argv<T>) {
  return withSeed(withAgents(withRules(y)))
    .option('team', { choices: TEAMS, default: 'town' as TeamName, describe: 'whose win rate to measure' })
    .option('threads', { type: 'string', requiresArg: true, describe: 'worker threads (default: one per core); never changes a result' })
    .option('out', { type: 'string', requiresArg: true, describe: 'report folder (default: a new reports/<study>-<time>/, with or without --json)' })
    .option('json', { type: 'boolean', default: false, describe: 'print summary.json on stdout instead of the table (the report is still written; its path goes to stderr)' })
    .option('quiet', { type: 'boolean', default: false, describe: 'no progress lines' })
    .option('title', { type: 'string', requiresArg: true, describe: 'title of the report' })
    .option('description', { type: 'string', requiresArg: true, hidden: true, describe: 'a paragraph for the report (experiments)' });
}

/**
 * A team that can win no game of any of these setups cannot be measured:
 * refused before a game is spent (a race would spend its whole budget on
 * rates of 0 and ask for more). The Maniac wins only as a loner, and only
 * where one is dealt.
 */
export function checkTeamCanWin(team: TeamName, setups: readonly Rules[]): void {
  if (team !== 'maniac') return;
  const dealt = setups.filter((r) => (r.roles[Role.Maniac] ?? 0) > 0);
  if (dealt.some((r) => r.options['maniac.team'] !== 'town')) return;
  if (dealt.length > 0) throw new UsageError('--team', 'in these rules the Maniac plays for Town (maniac.team=town), so no game is a Maniac win; measure --team town, or make him a loner with --set maniac.team=loner');
  throw new UsageError('--team', 'no Maniac is dealt in these rules, so no game is a Maniac win; measure --team town or mafia, or deal a loner with --set roles.maniac=1 --set maniac.team=loner');
}

/** The command line that reproduces this run (without --out and --json), with the seed spelled out. */
export function reproduceLine(seed: number, ensure: Record<string, string | number> = {}): string {
  const args = withoutFlags(process.argv.slice(2), ['--out']).filter((w) => w !== '--json' && w !== '--quiet');
  return reproduceCommand(args, { '--seed': seed, ...ensure });
}

/** Progress lines on stderr, only for a person watching a terminal. */
export function progressLine(a: { quiet: boolean; json: boolean }): (text: string) => void {
  if (a.quiet || !process.stderr.isTTY) return () => {};
  return (text) => process.stderr.write(`${text}\n`);
}

/** Writes the report folder, then prints the text (or the whole summary as JSON) and where the report is. */
export async function finishCommand(study: string, io: BalanceOutputArgs, s: StudySummary, section: CommandSection, text: string, legendFrom: StudySummary = s): Promise<WrittenReport> {
  // Loaded here, not at start: rendering pulls in vega, which no other path needs.
  const { writeCommandReport } = await import('../report/balance/page.js');
  const { intoReportDir } = await import('../report/write.js');
  const report = await intoReportDir(io.out, study, (dir) => writeCommandReport(dir, s, section));
  if (io.json) {
    process.stdout.write(JSON.stringify(sectionedSummary(s, section)) + '\n');
    process.stderr.write(`report: ${report.html}\n`);
  } else {
    process.stdout.write(`${withStopNotes(withTeamLine(text, legendFrom), s)}report: ${report.html}\n`);
  }
  return report;
}

/** A command's own text with the interrupted (or resumed) note under its title line, as the standard table has it. */
function withStopNotes(text: string, s: StudySummary): string {
  const notes = stopNoteLines(s);
  const nl = text.indexOf('\n');
  return notes.length === 0 || nl < 0 ? text : `${text.slice(0, nl + 1)}${notes.join('\n')}\n${text.slice(nl + 1)}`;
}

/** A new `reports/<study>-<time>[-n]` folder, created now, for a command that must know it before writing (tune's profile). */
export async function claimReportDir(study: string): Promise<string> {
  return (await import('../report/write.js')).claimReportDir(study);
}

export function studyText(io: BalanceOutputArgs): { title?: string; description?: string } {
  return { ...(io.title ? { title: io.title } : {}), ...(io.description ? { description: io.description } : {}) };
}

export function parseRoleList(flag: string, text: string | undefined): string[] {
  if (text === undefined || text.trim() === '') return [];
  const keys = text.split(',').map((r) => r.trim());
  for (const k of keys) {
    const id = roleFromKey(k);
    if (id === undefined) throw new UsageError(flag, `unknown role ${JSON.stringify(k)}; roles are ${ROLES.map((r) => r.key).join(', ')}`);
  }
  const canonical = keys.map((k) => ROLES[roleFromKey(k)!]!.key);
  if (new Set(canonical).size !== canonical.length) throw new UsageError(flag, 'a role is listed twice');
  return canonical;
}

// ---- equilibrium budgets, and --adapt (compare, balance, roles) ----

/** The equilibrium search's budget flags, each with its EquilibriumBudgets key, default and meaning. */
const EQUILIBRIUM_FLAGS: readonly { key: keyof EquilibriumBudgets; flag: string; describe: string }[] = [
  { key: 'games', flag: 'games', describe: 'search games per pair of strategies (the same games for every pair)' },
  { key: 'testGames', flag: 'test-games', describe: 'held-out games for the value, the start and the exploitability' },
  { key: 'iterations', flag: 'iterations', describe: 'best-reply iterations at most' },
  { key: 'epsilon', flag: 'epsilon', describe: 'stop once both best replies gain less than this share of games (0.01: one point)' },
  { key: 'budget', flag: 'budget', describe: 'games the search may play (the held-out tests and exploitability come on top)' },
  { key: 'searchRounds', flag: 'search-rounds', describe: 'rounds of each best-reply compass search' },
  { key: 'exploitSearches', flag: 'exploit-searches', describe: 'fresh best-reply searches per team for its exploitability (at least 3)' },
];

const camel = (flag: string) => flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** `equilibrium`'s budget flags; with a prefix (`adapt-`) the same flags for a study's --adapt, each setup's search. */
export function withEquilibriumBudgets<T>(y: Argv<T>, prefix = '', per = '') {
  let out = y;
  for (const f of EQUILIBRIUM_FLAGS) out = out.option(`${prefix}${f.flag}`, { type: 'string', default: String(EQUILIBRIUM_DEFAULTS[f.key]), requiresArg: true, describe: `${f.describe}${per}` }) as Argv<T>;
  return out;
}

/** The budgets of `withEquilibriumBudgets`' flags, each checked (one line naming the flag). */
export function equilibriumBudgetsOf(a: object, prefix = ''): EquilibriumBudgets {
  const raw = (flag: string) => (a as Readonly<Record<string, unknown>>)[camel(`${prefix}${flag}`)];
  const name = (flag: string) => `--${prefix}${flag}`;
  return {
    games: wholeNumber(name('games'), raw('games'), 100),
    testGames: wholeNumber(name('test-games'), raw('test-games'), 100),
    iterations: wholeNumber(name('iterations'), raw('iterations'), 1, 1000),
    epsilon: decimal(name('epsilon'), raw('epsilon'), 0, 1),
    budget: wholeNumber(name('budget'), raw('budget'), 1),
    searchRounds: wholeNumber(name('search-rounds'), raw('search-rounds'), 1, 100),
    exploitSearches: wholeNumber(name('exploit-searches'), raw('exploit-searches'), 3, 100),
  };
}

/** Progress lines of an equilibrium search: each iteration with its value and gains, and each search round. */
export function equilibriumProgress(say: (text: string) => void, epsilon: number): (p: EquilibriumProgress) => void {
  const pts = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(100 * x).toFixed(1)}`;
  return (p) => {
    if (p.phase === 'iteration') {
      const r = p.record;
      say(`iteration ${r.iteration}: Town's score ${(100 * r.value).toFixed(1)}%; best replies gain Town ${pts(r.gain.town)}, Mafia ${pts(r.gain.mafia)} points (epsilon ${(100 * epsilon).toFixed(1)}); ${r.games.toLocaleString('en-US')} games`);
    } else if (p.phase === 'search') say(`  ${p.team}'s best reply, round ${p.round}: ${p.points} points`);
    else if (p.phase === 'exploit') say(`  exploitability: ${p.team}'s search ${p.search} of ${p.of}, round ${p.round}: ${p.points} points`);
    else say(`held-out games: ${p.games.toLocaleString('en-US')} per variant`);
  };
}

export interface AdaptArgs {
  adapt: boolean;
  team?: TeamName;
  across?: string[];
}

/** `--adapt` and its search budgets (`--adapt-games`, ... : equilibrium's flags, for each setup's search). */
export function withAdapt<T>(y: Argv<T>) {
  return withEquilibriumBudgets(
    y.option('adapt', { type: 'boolean', default: false, describe: "also find each setup at its own equilibrium (both teams adapt, as `equilibrium`) and judge each change: survives adaptation, reverses or vanishes" }),
    'adapt-',
    " (each setup's search, under --adapt)",
  );
}

/** Refuses what --adapt cannot measure, before a game is played. */
export function checkAdapt(a: AdaptArgs): void {
  if (!a.adapt) return;
  if (a.across !== undefined) throw new UsageError('--adapt', 'goes without --across (each model would need its own equilibria); run --adapt once per --agents model');
  if (a.team === 'maniac') throw new UsageError('--team', '--adapt scores Town against the Mafia (a loner Maniac keeps his profile); use --team town or --team mafia');
  equilibriumBudgetsOf(a, 'adapt-');
}

/**
 * Each setup at its own equilibrium and each pair's verdict (sim/balance/
 * adapt.ts), with progress lines per setup; `signal` (Ctrl-C) keeps what was
 * found, as adaptSetups says.
 */
export async function runAdapt(setups: readonly AdaptSetup[], pairs: readonly (readonly [number, number])[], a: { seed: string; threads?: string; quiet: boolean; json: boolean; team?: TeamName }, signal?: AbortSignal): Promise<AdaptFindings> {
  const budgets = equilibriumBudgetsOf(a, 'adapt-');
  const say = progressLine(a);
  const progress = setups.map((s) => equilibriumProgress((t) => say(`[adapt: ${s.label}] ${t}`), budgets.epsilon));
  return adaptSetups(setups, pairs, {
    team: a.team === 'mafia' ? 'mafia' : 'town',
    budgets,
    seed: wholeNumber('--seed', a.seed, 0),
    ...threadsOf(a),
    ...(signal ? { signal } : {}),
    onProgress: (i, p) => progress[i]!(p),
  });
}

/** Says that an --adapt search was stopped by hand (what was kept is in the report) and makes the exit code 130. */
export function adaptInterrupted(page: string): void {
  process.stderr.write(`mafia-sim: interrupted during --adapt: ${page} holds the fixed-player study whole and the equilibria found so far (the one stopped is measured without exploitability); run the command again for them all\n`);
  process.exitCode = EXIT_INTERRUPTED;
}
