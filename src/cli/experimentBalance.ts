// Experiment files of the balance family (balance, roles, fair, tune): the
// file stands for a command line of that command, which is parsed by the
// command's own yargs definition, so the file takes exactly the command's flags.

import { dirname, isAbsolute, join } from 'node:path';
import yargs, { type Argv } from 'yargs';
import { didYouMean } from '../engine/spelling.js';
import { isPresetName } from '../engine/presets.js';
import { balanceCommand, balanceMain } from './balance.js';
import { isUserError, UsageError } from './errors.js';
import { fairCommand, fairMain } from './fair.js';
import { rolesCommand, rolesMain } from './roles.js';
import { tuneCommand, tuneMain } from './tune.js';

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

/** The flag of each command that `experiment FILE --games N` sets (see experimentOverrideFlags). */
export const GAMES_FLAG: Record<BalanceExperimentCommand, string> = { balance: '--budget', fair: '--max-games', roles: '--games', tune: '--games' };

/**
 * The `mafia-sim experiment FILE` flags as flags of the file's command:
 * `--games` is the game budget of a balance race (over all candidates), the
 * cap of a `fair` test (which stops as soon as it decides), and the games per
 * setup (point) of `roles` and `tune`.
 */
export function experimentOverrideFlags(command: BalanceExperimentCommand, o: ExperimentOverrideArgs): string[] {
  const games = GAMES_FLAG[command];
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

const COMMAND_OF: Record<BalanceExperimentCommand, { builder: (y: Argv) => unknown }> = { balance: balanceCommand, fair: fairCommand, roles: rolesCommand, tune: tuneCommand };

/** yargs' "Unknown argument: first-lok" as the file's key, with the nearest key the command takes. */
function unknownKeyError(file: string, command: BalanceExperimentCommand, msg: string): UsageError {
  const unknown = /^Unknown arguments?: (.+)$/.exec(msg);
  if (!unknown) return new UsageError(file, msg);
  const name = unknown[1]!.split(', ')[0]!;
  const camel = (f: string) => f.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
  // getOptions is public API that yargs' type declarations leave out.
  const flags = Object.keys((COMMAND_OF[command].builder(yargs([])) as unknown as { getOptions(): { key: Record<string, unknown> } }).getOptions().key);
  const keys = flags.filter((f) => f.length > 1 && f !== 'help' && f !== 'version').map(camel).map((k) => (k === 'agentParam' ? 'agentParams' : k));
  return new UsageError(`${file}: ${camel(name)}`, `unknown key for a ${command} experiment${didYouMean(camel(name), keys)}; keys: ${keys.join(', ')}`);
}

/** The file's key for a flag of its command: the key the file uses, or the camelCase one to add. */
function keyOf(doc: Record<string, unknown>, flag: string): string {
  const used = Object.keys(doc).find((k) => k !== 'command' && (k.startsWith('--') ? k : flagOf(k)) === flag);
  return used ?? (flag === '--agent-param' ? 'agentParams' : flag.slice(2).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()));
}

/**
 * A user error raised by the command under its own flag names, in the terms
 * the user wrote: a flag that came from a key of the file names that key
 * (`x.yaml: vary`), one that came from an `experiment` flag names that flag
 * (`--games`, not the `--budget` it stands for). The flags the message
 * mentions are put the same way, so it never hints a flag `experiment`
 * refuses ("use a smaller within or margin", not "--within").
 */
export function inFileTerms(file: string, doc: Record<string, unknown>, fromFlags: ReadonlyMap<string, string>, e: unknown): unknown {
  if (!isUserError(e)) return e;
  const field = (e as { field?: string }).field;
  if (field === undefined || !field.startsWith('--')) return e;
  const flag = field.split(' ')[0]!;
  const rest = e.message.slice(field.length + 2).replace(/--[a-z][a-z-]*/g, (f) => fromFlags.get(f) ?? keyOf(doc, f));
  const given = fromFlags.get(flag);
  if (given !== undefined) return new UsageError(given + field.slice(flag.length), rest);
  return new UsageError(`${file}: ${keyOf(doc, flag)}${field.slice(flag.length)}`, rest);
}

/** Runs a balance, roles, fair or tune experiment file; `extra` flags (e.g. --seed, --out) are added last and win. */
export async function runBalanceExperiment(file: string, doc: Record<string, unknown> & { command: BalanceExperimentCommand }, extra: readonly string[] = [], fromFlags: ReadonlyMap<string, string> = new Map()): Promise<void> {
  const y = yargs(withOverrides(experimentArgv(file, doc), extra))
    .strict()
    .fail((msg, err) => {
      throw err ?? unknownKeyError(file, doc.command, msg);
    });
  // Each command module has its own argument type, so each is registered by its own call.
  // Unguarded handlers, so their errors come back here to be put in the file's terms.
  if (doc.command === 'balance') y.command({ ...balanceCommand, handler: balanceMain });
  else if (doc.command === 'fair') y.command({ ...fairCommand, handler: fairMain });
  else if (doc.command === 'roles') y.command({ ...rolesCommand, handler: rolesMain });
  else y.command({ ...tuneCommand, handler: tuneMain });
  try {
    await y.parseAsync();
  } catch (e) {
    throw inFileTerms(file, doc, fromFlags, e);
  }
}
