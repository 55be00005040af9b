// Helpers every command shares, so each command names and validates its
// inputs the same way: the common flags, numbers, setups (a rules source,
// overrides and agents) and their changes, the setups a set of records is
// simulated at, and pasteable command lines.

import { resolve } from 'node:path';
import type { Argv } from 'yargs';
import { DEFAULT_AGENTS, parseAgents, type AgentSpec } from '../agents/index.js';
import { isPresetName } from '../engine/presets.js';
import { Team } from '../engine/roles.js';
import type { Rules } from '../engine/rules.js';
import { RunInterrupted, SimInputError } from '../sim/errors.js';
import { fileProblem, folderProblem, removeFoldersLeftEmpty } from '../sim/files.js';
import { teamOf } from '../sim/records/teams.js';
import { shareGames, type SetupGroup } from '../sim/records/setups.js';
import { EXIT_INTERRUPTED, Interrupted, isUserError, UsageError } from './errors.js';
import { loadRules } from './rulesSource.js';
import { textTable } from '../report/table.js';

export const DEFAULT_SEED = 1;

export function withRules<T>(y: Argv<T>) {
  return y
    .option('rules', { type: 'string', default: 'club', requiresArg: true, describe: 'club, forum, classic, werewolf, sports, or a rules file (JSON or YAML)' })
    .option('players', { type: 'string', requiresArg: true, describe: 'number of players (the preset fills Civilians)' })
    .option('mafia', { type: 'string', requiresArg: true, describe: 'mafia count (what it counts depends on the preset: see docs/rules.md section 3)' })
    .option('set', { type: 'string', array: true, requiresArg: true, describe: 'rule option or role count: key=value, roles.<role>=<count> (repeatable)' });
}

export function withAgents<T>(y: Argv<T>) {
  return y
    .option('agents', { type: 'string', default: DEFAULT_AGENTS, requiresArg: true, describe: 'players: a profile (random, novice, club, expert, strangers, live) or a profile file (tune/calibrate --save), team=/role=PROFILE, [scope.]param=value, comma-separated (parameters: mafia-sim players --list)' })
    .option('agent-param', { type: 'string', array: true, requiresArg: true, describe: 'policy parameter [scope.]key=value, e.g. readSkill=1.5 or town.noise=0 (repeatable; see mafia-sim players --list)' })
    .option('agent-module', { type: 'string', array: true, requiresArg: true, describe: 'your own agent for a team or role: role=./file.js exporting createAgent(seat, role) (repeatable)' });
}

export interface AgentArgs {
  agents: string | string[];
  agentParam?: string[];
  agentModule?: string[];
}

export function agentsFromArgs(a: AgentArgs): AgentSpec {
  // A repeated --agents adds to the same list: `--agents town=expert --agents mafia=novice`.
  const text = Array.isArray(a.agents) ? a.agents.join(',') : a.agents;
  return parseAgents(text, a.agentParam ?? [], a.agentModule ?? []);
}

export function withSeed<T>(y: Argv<T>) {
  return y.option('seed', { type: 'string', default: String(DEFAULT_SEED), requiresArg: true, describe: 'master seed (a whole number)' });
}

/** A whole number within [min, max], or a UsageError naming the flag. */
export function wholeNumber(flag: string, raw: unknown, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (Array.isArray(raw)) throw new UsageError(flag, `given ${raw.length} times (${raw.join(', ')}); give it once`);
  const s = String(raw).trim();
  const n = /^\d+$/.test(s) ? Number(s) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw new UsageError(flag, `got ${JSON.stringify(raw)}; use a whole number from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ' up'}`);
  }
  return n;
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

/** A 95% half-width target in (0, 0.5), or a UsageError naming the field. */
export function parsePrecision(field: string, raw: unknown, example = '0.01'): number {
  const s = String(raw).trim();
  const p = /^(\d+\.?\d*|\.\d+)(e-?\d+)?$/i.test(s) ? Number(s) : NaN;
  if (!(p > 0 && p < 0.5)) throw new UsageError(field, `got ${JSON.stringify(raw)}; use a half-width between 0 and 0.5, e.g. ${example}`);
  return p;
}

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

/** The setup a single-setup command plays: its rules source plus the shared flags. */
export function setupOf(a: { rules: string; players?: string; mafia?: string; set?: string[] } & AgentArgs): Setup {
  return { rules: a.rules, ...baseSetup(a) };
}

export function asUsageError<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof SimInputError) throw new UsageError(e.field, e.detail);
    throw e;
  }
}


/** One setup a set of records is simulated at: its resolved rules and the records played at it. */
export interface RecordSetup {
  readonly rules: Rules;
  readonly weight: number;
  /** Mafia-team seats the rules deal (the records' count, where the setup is theirs). */
  readonly mafia: number;
}

export interface RecordSetups {
  /** The rules as headers name them: "classic rules", or the file as given. */
  readonly label: string;
  /** Whether the rules are those the records name (no `--rules`). */
  readonly named: boolean;
  readonly setups: readonly RecordSetup[];
  /** Setups whose rules deal another mafia-team count than the records hold: said, not refused (another game may be the point). */
  readonly notes: readonly string[];
}

const rulesLabel = (source: string): string => (isPresetName(source) ? `${source} rules` : source);

/** Seats dealt a Mafia-team role, by the rules' role table (a rules file's own roles too). */
function mafiaSeats(rules: Rules): number {
  let n = 0;
  rules.roles.forEach((count, role) => {
    if (rules.book.team[role] === Team.Mafia) n += count;
  });
  return n;
}

const mafiaOfRecord = (g: SetupGroup): number => g.records[0]!.record.players.filter((p) => teamOf(p) === 'mafia').length;

/**
 * The setups `records compare` and `calibrate` play for grouped records:
 * each group's own setup (its rules, or `--rules` over them, with its table
 * size and roles), or for records without one the command line's rules and
 * table size, which must then be the records' own. `--players`/`--mafia`
 * are refused where the records carry their setup; `--set` applies to
 * every setup. Without `--rules`, the rules the records name are played,
 * and records that name none are refused as `calibrate` always did.
 */
export function recordSetups(groups: readonly SetupGroup[], a: { rules?: string; players?: string; mafia?: string; set?: readonly string[] }): RecordSetups {
  const own = groups.filter((g) => g.ownSetup);
  const size = (g: SetupGroup) => `${g.players} players${g.mafia !== undefined ? `, ${g.mafia} mafia` : ''}`;
  for (const [flag, given] of [['--players', a.players], ['--mafia', a.mafia]] as const) {
    if (given !== undefined && own.length > 0) throw new UsageError(flag, `the records carry their own setups (${own.map(size).join('; ')}); drop ${flag}: each record is played at its own table`);
  }
  const unnamed = groups.filter((g) => g.rules === undefined).reduce((n, g) => n + g.records.length, 0);
  if (a.rules === undefined && unnamed > 0) {
    const all = groups.reduce((n, g) => n + g.records.length, 0);
    throw new UsageError('--rules', `missing; give the rules the records were played by (${unnamed === all ? 'they name none' : `${unnamed} of ${all} name none`}), e.g. --rules rules/mafia-allstars.yaml (a preset or a rules file)`);
  }
  const notes: string[] = [];
  const setups = groups.map((g): RecordSetup => {
    const source = a.rules ?? g.rules!;
    const overrides = g.ownSetup
      ? { ...(g.players !== undefined ? { players: g.players } : {}), ...(g.mafia !== undefined ? { mafia: g.mafia } : {}), set: [...g.roles, ...(a.set ?? [])] }
      : { ...(a.players !== undefined ? { players: a.players } : {}), ...(a.mafia !== undefined ? { mafia: a.mafia } : {}), set: [...(a.set ?? [])] };
    const first = g.records[0]!;
    const sizes = [...new Set(g.records.map((r) => r.record.players.length))].sort((x, y) => x - y);
    if (sizes.length > 1) throw new UsageError('--records', `records of ${sizes.join(', ')} players carry no setup, so one table cannot play them; give each record a setup (docs/records.md), or records of one table size`);
    const rules = a.rules !== undefined || !g.ownSetup ? loadRules({ rules: source, ...overrides }) : naming(`${first.file}: setup`, () => loadRules({ rules: source, ...overrides }));
    const seats = first.record.players.length;
    if (rules.players !== seats) {
      throw new UsageError('--players', `the records hold ${seats} players and ${rulesLabel(source)} ${rules.players}; give --players ${seats}, or a setup in each record (docs/records.md)`);
    }
    const [dealt, recorded] = [mafiaSeats(rules), mafiaOfRecord(g)];
    if (dealt !== recorded) notes.push(`${rulesLabel(source)} at ${rules.players} players deals ${dealt} mafia-team players, the records ${recorded}`);
    return { rules, weight: g.records.length, mafia: dealt };
  });
  const named = [...new Set(groups.map((g) => g.rules!))];
  const label = a.rules !== undefined ? rulesLabel(a.rules) : named.map(rulesLabel).join(' and ');
  return { label, named: a.rules === undefined, setups, notes };
}

/** "rules/x.yaml (named by the records; 15 players)", "classic rules (6 setups, 5-11 players)": what a header says the simulation played. */
export function setupsTitle(s: RecordSetups): string {
  const players = s.setups.map((x) => x.rules.players);
  const [lo, hi] = [Math.min(...players), Math.max(...players)];
  const size = s.setups.length === 1 ? `${players[0]} players` : `${s.setups.length} setups, ${lo === hi ? lo : `${lo}-${hi}`} players`;
  return `${s.label} (${s.named ? 'named by the records; ' : ''}${size})`;
}

/** One line per setup when there are several: its table, its records and the games it plays. */
export function setupLines(s: RecordSetups, games: number): string[] {
  if (s.setups.length === 1) return [];
  const shares = shareGames(games, s.setups.map((x) => x.weight));
  return [
    `setups, each played in proportion to its records (${shares.reduce((x, y) => x + y, 0).toLocaleString('en-US')} games in all):`,
    ...s.setups.map((x, i) => `  ${x.rules.players} players, ${x.mafia} mafia: ${x.weight} record${x.weight === 1 ? '' : 's'}, ${shares[i]!.toLocaleString('en-US')} games, rules ${x.rules.hash}`),
  ];
}

/** Several setups share the games by their records: each record needs at least one game. */
export function checkGamesCoverSetups(flag: string, games: number, s: RecordSetups, records: number): void {
  if (s.setups.length > 1 && games < records) throw new UsageError(flag, `got ${games}; ${s.setups.length} setups share the games by their ${records} records, so give at least ${records}`);
}

/** `mafia-sim ARGS...` with shell quoting where needed, so it can be pasted back. */
export function commandLine(args: readonly string[]): string {
  return ['mafia-sim', ...args.map(shellQuote)].join(' ');
}

function shellQuote(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * Columns padded to their widest cell under a dashed rule, fitted to the
 * terminal: the prose columns `wrap` wrap first, then move under their row
 * in the order `below` gives (see src/report/table.ts).
 */
export function alignedTable(header: readonly string[], rows: readonly (readonly string[])[], fit: { wrap?: readonly number[]; below?: readonly number[] } = {}): string {
  return textTable(header, rows, { rule: true, numeric: header.map(() => false), ...fit }).join('\n') + '\n';
}

/**
 * Refuses, before the first game, a report folder that cannot be written
 * (so a long run is never played only to be lost): `dir` as given to
 * `flag`, or undefined for the default reports/ under the working folder.
 */
export function checkReportDir(dir: string | undefined, flag = '--out', what = 'the report'): void {
  const problem = folderProblem(dir ?? 'reports');
  if (problem === null) return quitCleanlyOnEarlyInterrupt();
  if (dir === undefined) throw new UsageError(flag, `${what} cannot be written under ${resolve('reports')}: ${problem}; give ${flag} a folder you can write to, or run from one`);
  throw new UsageError(flag, `cannot write ${what} to ${dir}: ${problem}; give ${flag} a folder you can write to`);
}

/** Refuses, before the first game, an output file (part, checkpoint, profile) that cannot be written. */
export function checkOutputFile(flag: string, path: string): void {
  const problem = fileProblem(path);
  if (problem === null) return quitCleanlyOnEarlyInterrupt();
  throw new UsageError(flag, `cannot write ${path}: ${problem}; give ${flag} a path in a folder you can write to`);
}

let earlyInterruptArmed = false;
/** Whether a command has begun playing (stopOnInterrupt ran): a later signal comes while its results are written. */
let playBegan = false;

/**
 * Ctrl-C (or SIGTERM) after the output checks made the destination's
 * folders but before the command starts playing (loading records, starting
 * the pool): Node's default would end the process there and then, leaving
 * those folders empty behind it. This one listener takes them away and
 * ends as an interrupt that kept nothing; once a command plays, its own
 * listener (stopOnInterrupt) is there too, and this one stands aside.
 */
function quitCleanlyOnEarlyInterrupt(): void {
  if (earlyInterruptArmed) return;
  earlyInterruptArmed = true;
  const onEarly = (signal: NodeJS.Signals) => {
    if (process.listenerCount(signal) > 1) return;
    removeFoldersLeftEmpty();
    // A signal's listener runs between synchronous writes, never inside one: what the command had written is whole.
    process.stderr.write(playBegan ? 'mafia-sim: interrupted while writing the results: the files written so far are whole\n' : 'mafia-sim: interrupted: nothing written: stopped before the first game\n');
    process.exit(EXIT_INTERRUPTED);
  };
  process.on('SIGINT', onEarly);
  process.on('SIGTERM', onEarly);
}

/**
 * Ctrl-C (SIGINT, or SIGTERM from a scheduler) while a command plays: the
 * first aborts `signal`, so the games in flight are dropped at once (the
 * progress bars, given the signal, stop and give the terminal back first),
 * says so, and the command ends with what it kept; a second quits at once.
 * Said even with --quiet: a person pressed the key and waits for an answer.
 */
export function stopOnInterrupt(say = 'stopping: the games in flight are dropped (Ctrl-C again quits at once)'): { signal: AbortSignal; release: () => void } {
  playBegan = true;
  const stop = new AbortController();
  const on = () => {
    if (stop.signal.aborted) {
      // At once, but not leaving behind the folders the output checks made and nothing has filled.
      removeFoldersLeftEmpty();
      process.exit(EXIT_INTERRUPTED);
    }
    stop.abort();
    process.stderr.write(`mafia-sim: ${say}\n`);
  };
  process.on('SIGINT', on);
  process.on('SIGTERM', on);
  return {
    signal: stop.signal,
    release: () => {
      process.off('SIGINT', on);
      process.off('SIGTERM', on);
    },
  };
}

/**
 * Plays `play` with Ctrl-C stopping its games (stopOnInterrupt). Games a
 * search or test needed whole (RunInterrupted from the sim) end the command
 * with `nothingKept`: why nothing of them is written.
 */
export async function playUntilCtrlC<T>(nothingKept: string, play: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const stop = stopOnInterrupt();
  try {
    return await play(stop.signal);
  } catch (e) {
    if (e instanceof RunInterrupted) throw new Interrupted(`nothing written: ${nothingKept}`);
    throw e;
  } finally {
    stop.release();
  }
}
