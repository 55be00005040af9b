// `mafia-sim balance`: the value of one knob whose win rate is nearest a
// target (`--vary`), or the nearest-fair setup at each player count
// (`--for-players`), found by a race that spends games where the answer is
// still open. Also the flags and report plumbing that `roles`, `fair` and
// `tune` share.

import { dirname, isAbsolute, join } from 'node:path';
import yargs, { type Argv } from 'yargs';
import type { OutcomeName } from '../engine/events.js';
import { isPresetName } from '../engine/presets.js';
import { roleFromKey, ROLES } from '../engine/roles.js';
import { sectionedSummary, withTeamLine, type CommandSection } from '../report/balance/format.js';
import { raceCommandSection, raceSection, raceText } from '../report/balance/race.js';
import { designerSection, designerText, type DesignerTable, type PlayerRow } from '../report/balance/table.js';
import { reproduceCommand, withoutFlags } from '../report/command.js';
import { fmtCount } from '../report/format.js';
import { buildSummary, type SettingValue, type SkippedPoint, type StudySummary, type VariantInput } from '../report/summary.js';
import { GameWinSource } from '../sim/balance/gameSource.js';
import { race, RACE_DEFAULTS, raceConfigProblem, type LookRecord, type RaceConfig, type RaceResult } from '../sim/balance/race.js';
import { setupsForPlayers, type CandidateSpec } from '../sim/balance/setups.js';
import type { Aggregate } from '../sim/aggregate.js';
import { agentsFromArgs, withAgents, withRules, withSeed, wholeNumber, type AgentArgs } from './common.js';
import { applyAssignment, resolveSetup, type Setup } from './compare.js';
import { guarded, isUserError, UsageError } from './errors.js';
import { parseVary } from './sweep.js';

// ---- shared by balance, roles, fair and tune ----

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
    .option('out', { type: 'string', requiresArg: true, describe: 'report folder (default: reports/<study>-<time>/)' })
    .option('json', { type: 'boolean', default: false, describe: 'print summary.json on stdout instead of the table' })
    .option('quiet', { type: 'boolean', default: false, describe: 'no progress lines' })
    .option('title', { type: 'string', requiresArg: true, describe: 'title of the report' })
    .option('description', { type: 'string', requiresArg: true, hidden: true, describe: 'a paragraph for the report (experiments)' });
}

export function baseSetup(a: SetupArgs): Setup {
  return {
    rules: a.rules,
    ...(a.players !== undefined ? { players: a.players } : {}),
    ...(a.mafia !== undefined ? { mafia: a.mafia } : {}),
    set: a.set ?? [],
    // A repeated --agents adds to one list, as in every command.
    agents: Array.isArray(a.agents) ? a.agents.join(',') : a.agents,
    agentParam: a.agentParam ?? [],
    agentModule: a.agentModule ?? [],
  };
}

/** A decimal within (lo, hi) (or [lo, hi] with `inclusive`), or a UsageError naming the flag. */
export function decimal(flag: string, raw: unknown, lo: number, hi: number, inclusive = false): number {
  if (Array.isArray(raw)) throw new UsageError(flag, `given ${raw.length} times; give it once`);
  const s = String(raw).trim();
  const x = /^(\d+\.?\d*|\.\d+)(e-?\d+)?$/i.test(s) ? Number(s) : NaN;
  const ok = inclusive ? x >= lo && x <= hi : x > lo && x < hi;
  if (!ok) throw new UsageError(flag, `got ${JSON.stringify(raw)}; use a number ${inclusive ? 'from' : 'strictly between'} ${lo} ${inclusive ? 'to' : 'and'} ${hi}`);
  return x;
}

export function threadsOf(a: { threads?: string }): { threads?: number } {
  return a.threads !== undefined ? { threads: wholeNumber('--threads', a.threads, 1, 1024) } : {};
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
export async function finishCommand(study: string, io: BalanceOutputArgs, s: StudySummary, section: CommandSection, text: string): Promise<void> {
  // Loaded here, not at start: rendering pulls in vega, which no other path needs.
  const { writeCommandReport } = await import('../report/balance/page.js');
  const report = await writeCommandReport(io.out ?? (await reportDir(study)), s, section);
  if (io.json) {
    process.stdout.write(JSON.stringify(sectionedSummary(s, section)) + '\n');
    process.stderr.write(`report: ${report.html}\n`);
  } else {
    process.stdout.write(`${withTeamLine(text, s)}report: ${report.html}\n`);
  }
}

/** `reports/<study>-<time>`, the default report folder. */
export async function reportDir(study: string): Promise<string> {
  const { defaultReportDir } = await import('../report/write.js');
  return defaultReportDir(study);
}

export function studyText(io: BalanceOutputArgs): { title?: string; description?: string } {
  return { ...(io.title ? { title: io.title } : {}), ...(io.description ? { description: io.description } : {}) };
}

// ---- balance ----

export interface BalanceCandidate extends VariantInput {
  readonly settings: Record<string, SettingValue>;
}

/** Resolves each candidate; the ones that cannot be played are left out, with the reason. */
export function resolveCandidates(base: Setup, specs: ReadonlyArray<{ label: string; settings: Record<string, SettingValue>; assignments: ReadonlyArray<readonly [string, string]> }>): { playable: BalanceCandidate[]; refused: SkippedPoint[] } {
  const playable: BalanceCandidate[] = [];
  const refused: SkippedPoint[] = [];
  for (const c of specs) {
    try {
      const { rules, agents } = resolveSetup(c.assignments.reduce<Setup>((s, x) => applyAssignment(s, x), base));
      playable.push({ label: c.label, rules, agents, settings: { ...c.settings } });
    } catch (e) {
      if (!isUserError(e)) throw e;
      refused.push({ label: c.label, reason: e.message });
    }
  }
  return { playable, refused };
}

/** `--vary KEY=lo..hi` as candidates: every value, unplayable ones left out. */
export function planVary(base: Setup, text: string): { key: string; playable: BalanceCandidate[]; refused: SkippedPoint[] } {
  const vary = parseVary(text);
  const specs = vary.values.map((v) => ({ label: `${vary.key}=${v}`, settings: { [vary.key]: v }, assignments: [[vary.key, String(v)] as const] }));
  const { playable, refused } = resolveCandidates(base, specs);
  if (playable.length === 0) throw new UsageError(`--vary ${text}`, `no value can be played: ${refused[0]!.reason}`);
  return { key: vary.key, playable, refused };
}

/** `lo..hi` (or one number) as whole numbers. */
export function parsePlayerRange(flag: string, text: string): number[] {
  const m = /^\s*(\d+)\s*(?:\.\.\s*(\d+)\s*)?$/.exec(text);
  const lo = m ? Number(m[1]) : NaN;
  const hi = m ? Number(m[2] ?? m[1]) : NaN;
  if (!(lo >= 3 && hi <= 100 && lo <= hi)) throw new UsageError(flag, `got ${JSON.stringify(text)}; use lo..hi with 3 <= lo <= hi <= 100, e.g. 8..16`);
  return Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
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

function raceConfig(a: BalanceArgs, candidates: number): RaceConfig {
  const config: RaceConfig = {
    candidates,
    target: decimal('--target', a.target, 0, 1),
    alpha: decimal('--alpha', a.alpha, 0, 0.5),
    budget: wholeNumber('--budget', a.budget, 1),
    firstLook: wholeNumber('--first-look', a.firstLook, 1),
    growth: decimal('--growth', a.growth, 1, 10),
  };
  const problem = raceConfigProblem(config);
  if (problem) throw new UsageError('--budget', problem);
  return config;
}

async function runRace(config: RaceConfig, variants: readonly VariantInput[], team: TeamName, seed: number, threads: { threads?: number }, say: (t: string) => void, prefix = ''): Promise<{ result: RaceResult; aggregates: Aggregate[] }> {
  const source = new GameWinSource(variants, team, seed, threads);
  const onLook = (l: LookRecord, i: number) =>
    say(`${prefix}look ${i}: ${fmtCount(l.games)} games each; open: ${l.open.map((c) => variants[c]!.label).join(', ')}${l.dropped.length > 0 ? `; dropped ${l.dropped.map((c) => variants[c]!.label).join(', ')}` : ''}`);
  const result = await race(config, source, onLook);
  return { result, aggregates: source.aggregates };
}

/** The standard summary of the setups a race played (each with its own game count). */
function raceStudy(kind: 'sweep' | 'compare', study: string, title: string, io: BalanceOutputArgs, seed: number, variants: readonly VariantInput[], aggregates: readonly Aggregate[], extra: { sweepKeys?: string[]; skipped?: SkippedPoint[] } = {}): StudySummary {
  return buildSummary({
    kind,
    study,
    title,
    ...studyText(io),
    command: reproduceLine(seed),
    seed,
    variants,
    result: { games: Math.max(0, ...aggregates.map((x) => x.games)), aggregates, joint: [] },
    pairs: 'none',
    ...extra,
  });
}

type BalanceArgs = SetupArgs &
  BalanceOutputArgs & {
    vary?: string;
    forPlayers?: string;
    tryRoles?: string;
    team: TeamName;
    target: string;
    alpha: string;
    budget: string;
    firstLook: string;
    growth: string;
  };

export async function balanceMain(a: BalanceArgs): Promise<void> {
  const seed = wholeNumber('--seed', a.seed, 0);
  const threads = threadsOf(a);
  agentsFromArgs(a);
  if ((a.vary === undefined) === (a.forPlayers === undefined)) throw new UsageError('--vary', 'give either --vary KEY=lo..hi or --for-players lo..hi (exactly one)');
  if (a.vary !== undefined) return balanceVary(a, seed, threads);
  return balanceForPlayers(a, seed, threads);
}

async function balanceVary(a: BalanceArgs, seed: number, threads: { threads?: number }): Promise<void> {
  if (Array.isArray(a.vary)) throw new UsageError('--vary', 'balance turns one knob; give --vary once');
  if (a.tryRoles !== undefined) throw new UsageError('--try-roles', 'goes with --for-players only');
  const { key, playable, refused } = planVary(baseSetup(a), a.vary!);
  const config = raceConfig(a, playable.length);
  const { result, aggregates } = await runRace(config, playable, a.team, seed, threads, progressLine(a));
  const section = raceSection({ team: a.team, config, result, labels: playable.map((c) => c.label), settings: playable.map((c) => c.settings), refused });
  const title = `Balance of ${key}: ${a.team} win rate nearest ${config.target}`;
  const summary = raceStudy('sweep', `balance-${key}`, title, a, seed, playable, aggregates, { sweepKeys: [key], skipped: refused });
  await finishCommand(`balance-${key}`, a, summary, raceCommandSection(section), raceText(`${summary.title} (${playable[0]!.rules.preset}, agents ${playable[0]!.agents}, seed ${seed})`, section));
}

async function balanceForPlayers(a: BalanceArgs, seed: number, threads: { threads?: number }): Promise<void> {
  if (a.players !== undefined || a.mafia !== undefined) throw new UsageError(a.players !== undefined ? '--players' : '--mafia', '--for-players searches the players and mafia counts itself; leave this flag out');
  const counts = parsePlayerRange('--for-players', a.forPlayers!);
  const tryRoles = parseRoleList('--try-roles', a.tryRoles);
  const base = baseSetup(a);
  const say = progressLine(a);
  const planned = counts.map((n) => ({ n, ...resolveCandidates(base, setupsForPlayers(n, tryRoles).map(asCandidate)) }));
  if (planned.every((p) => p.playable.length === 0)) throw new UsageError('--for-players', `no setup can be played at ${a.forPlayers} players: ${planned[0]!.refused[0]?.reason ?? 'none'}`);
  const configs = planned.map((p) => (p.playable.length > 0 ? raceConfig(a, p.playable.length) : null));
  const rows: PlayerRow[] = [];
  const chosen: VariantInput[] = [];
  const chosenAggregates: Aggregate[] = [];
  for (const [i, p] of planned.entries()) {
    const config = configs[i];
    if (!config) {
      rows.push({ players: p.n, race: null, note: p.refused[0]?.reason ?? 'no setup' });
      continue;
    }
    const { result, aggregates } = await runRace(config, p.playable, a.team, seed, threads, say, `${p.n} players, `);
    const section = raceSection({ team: a.team, config, result, labels: p.playable.map((c) => c.label), settings: p.playable.map((c) => c.settings) });
    rows.push({ players: p.n, race: section });
    const best = p.playable[result.best]!;
    chosen.push({ ...best, label: `${p.n} players: ${best.label}` });
    chosenAggregates.push(aggregates[result.best]!);
  }
  const first = configs.find((c) => c)!;
  const table: DesignerTable = { team: a.team, target: first.target, alpha: first.alpha, budgetPerRow: first.budget, tryRoles, rows };
  const title = `Nearest setup for ${counts[0]}–${counts[counts.length - 1]} players (${a.team} win rate nearest ${first.target})`;
  const summary = raceStudy('compare', 'balance-table', title, a, seed, chosen, chosenAggregates);
  await finishCommand('balance-table', a, summary, designerSection(table), designerText(`${title}, ${chosen[0]!.rules.preset}, agents ${chosen[0]!.agents}, seed ${seed}`, table));
}

function asCandidate(c: CandidateSpec) {
  return { label: c.label, settings: { ...c.settings } as Record<string, SettingValue>, assignments: c.assignments };
}

export const balanceCommand = {
  command: 'balance',
  describe: 'find the setting whose win rate is nearest a target, spending games where the answer is still open',
  builder: (y: Argv) =>
    withBalanceBasics(y)
      .option('vary', { type: 'string', requiresArg: true, describe: 'the knob: KEY=lo..hi[:step] or KEY=v1,v2,...; keys: mafia, players, roles.<role>, rule options, agent-param.<key>' })
      .option('for-players', { type: 'string', requiresArg: true, describe: 'instead of --vary: the nearest-fair mafia count at each player count lo..hi' })
      .option('try-roles', { type: 'string', requiresArg: true, describe: 'with --for-players: also try each of these roles on and off, e.g. doctor,commissar' })
      .option('target', { type: 'string', default: '0.5', requiresArg: true, describe: 'the win rate to get nearest to' })
      .option('alpha', { type: 'string', default: String(RACE_DEFAULTS.alpha), requiresArg: true, describe: 'chance of a wrong "decided" (0.05: decided at 95%)' })
      .option('budget', { type: 'string', default: String(RACE_DEFAULTS.budget), requiresArg: true, describe: 'games over all candidates (per player count with --for-players)' })
      .option('first-look', { type: 'string', default: String(RACE_DEFAULTS.firstLook), requiresArg: true, describe: 'games per candidate before the first look' })
      .option('growth', { type: 'string', default: String(RACE_DEFAULTS.growth), requiresArg: true, describe: 'each look plays this many times the games of the one before' }),
  handler: guarded(balanceMain),
};

// ---- experiments ----

/** Commands whose experiment files (experiments/balance-*.yaml) this module runs. */
export const BALANCE_EXPERIMENT_COMMANDS = ['balance', 'roles', 'fair', 'tune'] as const;
export type BalanceExperimentCommand = (typeof BALANCE_EXPERIMENT_COMMANDS)[number];

export function isBalanceExperiment(doc: unknown): doc is Record<string, unknown> & { command: BalanceExperimentCommand } {
  return typeof doc === 'object' && doc !== null && (BALANCE_EXPERIMENT_COMMANDS as readonly string[]).includes(String((doc as Record<string, unknown>)['command']));
}

/** `forPlayers` -> `--for-players`; `agentParams` is the repeatable `--agent-param`. */
function flagOf(key: string): string {
  if (key === 'agentParams') return '--agent-param';
  return `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/**
 * An experiment file as the command line it stands for: every key but
 * `command` is a flag of that command (camelCase or kebab-case), a list is a
 * repeated flag, and a rules file is found beside the experiment.
 */
export function experimentArgv(file: string, doc: Record<string, unknown>): string[] {
  const argv: string[] = [String(doc['command'])];
  for (const [key, value] of Object.entries(doc)) {
    if (key === 'command' || value === undefined || value === null) continue;
    const flag = key.startsWith('--') ? key : flagOf(key);
    const text = (v: unknown) => (key === 'rules' && typeof v === 'string' && !isPresetName(v) && !isAbsolute(v) ? join(dirname(file), v) : typeof v === 'string' ? v.trim() : String(v));
    if (typeof value === 'boolean') argv.push(value ? flag : `--no-${flag.slice(2)}`);
    else if (Array.isArray(value)) for (const v of value) argv.push(flag, text(v));
    else if (typeof value === 'object') throw new UsageError(`${file}: ${key}`, 'expected a value or a list, not a mapping');
    else argv.push(flag, text(value));
  }
  return argv;
}

export interface ExperimentOverrideArgs {
  readonly seed?: string;
  readonly games?: string;
  readonly threads?: string;
  readonly out?: string;
  readonly json?: boolean;
  readonly quiet?: boolean;
  readonly title?: string;
}

/**
 * The `mafia-sim experiment FILE` flags as flags of the file's command:
 * `--games` is the game budget of a balance race, the game cap of `fair`,
 * and the games per setup (point) of `roles` and `tune`.
 */
export function experimentOverrideFlags(command: BalanceExperimentCommand, o: ExperimentOverrideArgs): string[] {
  const games = command === 'balance' ? '--budget' : command === 'fair' ? '--max-games' : '--games';
  return [
    ...(o.seed !== undefined ? ['--seed', o.seed] : []),
    ...(o.games !== undefined ? [games, o.games] : []),
    ...(o.threads !== undefined ? ['--threads', o.threads] : []),
    ...(o.out !== undefined ? ['--out', o.out] : []),
    ...(o.json ? ['--json'] : []),
    ...(o.quiet ? ['--quiet'] : []),
    ...(o.title !== undefined ? ['--title', o.title] : []),
  ];
}

/** `argv` with every flag that `extra` gives taken out (flag and value), then `extra` appended. */
export function withOverrides(argv: readonly string[], extra: readonly string[]): string[] {
  const given = new Set(extra.filter((w) => w.startsWith('--')));
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const w = argv[i]!;
    const hasValue = i + 1 < argv.length && !argv[i + 1]!.startsWith('--');
    if (w.startsWith('--') && given.has(w)) {
      if (hasValue) i++;
      continue;
    }
    out.push(w);
  }
  return [...out, ...extra];
}

/** Runs a balance, roles, fair or tune experiment file; `extra` flags (e.g. --seed, --out) are added last and win. */
export async function runBalanceExperiment(file: string, doc: Record<string, unknown> & { command: BalanceExperimentCommand }, extra: readonly string[] = []): Promise<void> {
  const y = yargs(withOverrides(experimentArgv(file, doc), extra))
    .strict()
    .fail((msg, err) => {
      throw err ?? new UsageError(file, msg.replace(/^Unknown arguments?: /, 'unknown key(s): '));
    });
  // The other commands import this module, so they are loaded on demand here.
  if (doc.command === 'balance') y.command(balanceCommand);
  else if (doc.command === 'fair') y.command((await import('./fair.js')).fairCommand);
  else if (doc.command === 'roles') y.command((await import('./roles.js')).rolesCommand);
  else y.command((await import('./tune.js')).tuneCommand);
  await y.parseAsync();
}
