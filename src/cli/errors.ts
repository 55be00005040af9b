// How the CLI fails: bad input is one line naming the field and the fix,
// exit code 2, no stack trace; anything else is an internal error (exit 1).

import { AgentSpecError } from '../agents/index.js';
import { didYouMean, nearestName } from '../engine/spelling.js';
import { RulesError } from '../engine/rules.js';
import { RunInterrupted, SimInputError } from '../sim/errors.js';
import { removeFoldersLeftEmpty } from '../sim/files.js';

/** A user's mistake on the command line or in an input file. */
export class UsageError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
    this.name = 'UsageError';
  }
}

export const EXIT_USAGE = 2;
export const EXIT_INTERRUPTED = 130;

/** The user stopped the command (Ctrl-C); the message says what was kept, and where. */
export class Interrupted extends Error {
  constructor(kept: string) {
    super(kept);
    this.name = 'Interrupted';
  }
}

export function isUserError(e: unknown): e is Error {
  return e instanceof UsageError || e instanceof RulesError || e instanceof AgentSpecError || e instanceof SimInputError;
}

/** Scripts read the first stderr line: a message that spans lines (a parser's, say) is folded into one. */
function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}

/** Prints one line for the error and exits with the right code. */
export function exitWithError(e: unknown): never {
  // Nothing written means no folder left behind either: the output checks made them for this command.
  removeFoldersLeftEmpty();
  if (e instanceof Interrupted || e instanceof RunInterrupted) {
    // A command that does not say what it kept has kept nothing.
    process.stderr.write(`mafia-sim: interrupted: ${e instanceof Interrupted ? oneLine(e.message) : 'nothing written'}\n`);
    process.exit(EXIT_INTERRUPTED);
  }
  if (isUserError(e)) {
    process.stderr.write(`mafia-sim: ${oneLine(e.message)}\n`);
    process.exit(EXIT_USAGE);
  }
  const msg = e instanceof Error ? e.message : String(e);
  process.stderr.write(`mafia-sim: internal error: ${oneLine(msg)}\n`);
  if (process.env.MAFIA_SIM_DEBUG && e instanceof Error) process.stderr.write(`${e.stack}\n`);
  process.exit(1);
}

/** Wraps a command handler so every failure goes through exitWithError. */
export function guarded<A>(handler: (args: A) => Promise<void> | void): (args: A) => Promise<void> {
  return async (args: A) => {
    try {
      await handler(args);
    } catch (e) {
      exitWithError(e);
    }
  };
}

/**
 * The flags one command calls by another name (one name per meaning: a
 * budget over all candidates is not games per variant), so an unknown flag
 * a neighbouring command takes gets this command's name for the meaning.
 */
const OTHER_NAMES: Readonly<Record<string, readonly { readonly flag: string; readonly means: string }[]>> = {
  games: [{ flag: 'budget', means: 'the games of the whole search, over all candidates' }],
  budget: [{ flag: 'games', means: 'the number of games to play (see its --help)' }],
  'max-games': [{ flag: 'games', means: 'the number of games to play (see its --help)' }],
};

/** This command's name for what `--name` means elsewhere, as a hint; '' when it has none. */
function otherNameHint(name: string, command: string | undefined, flags: readonly string[]): string {
  const other = (OTHER_NAMES[name] ?? []).find((o) => flags.includes(o.flag));
  return other ? `; ${command ?? 'this command'} calls it --${other.flag}: ${other.means}` : '';
}

/**
 * What yargs' own complaints become: the flag named first, as every other
 * usage error does, with the nearest flag, command or choice when the word
 * looks like a typo. `args` are the command-line arguments, to tell an
 * unknown flag from a stray word; `flags` are the flags of the command given.
 */
export function describeParseFailure(message: string, args: readonly string[], flags: readonly string[] = []): string {
  const recommended = /^Did you mean (\S+)\?$/.exec(message);
  if (recommended) return `${args[0]}: unknown command; did you mean ${recommended[1]}? (see mafia-sim --help)`;
  const unknown = /^Unknown arguments?: (.+)$/.exec(message);
  if (unknown) {
    // yargs names an unknown --max-games twice, as max-games and maxGames.
    const all = unknown[1]!.split(', ');
    const names = all.filter((n) => !(/[A-Z]/.test(n) && all.includes(n.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`))));
    const isFlag = (name: string): boolean => args.some((a) => a === `--${name}` || a.startsWith(`--${name}=`) || a === `-${name}`);
    const shown = names.map((n) => (isFlag(n) ? (n.length > 1 ? `--${n}` : `-${n}`) : n)).join(', ');
    const what = names.every(isFlag) ? 'unknown flag' : names.some(isFlag) ? 'unknown flags or arguments' : args[0] === names[0] ? 'unknown command' : 'unexpected argument';
    const one = names.length === 1 && isFlag(names[0]!) ? names[0]! : undefined;
    const other = one !== undefined ? otherNameHint(one, args[0], flags) : '';
    const near = one !== undefined && other === '' ? nearestName(one, flags.filter((f) => f.length > 1)) : undefined;
    const hint = other !== '' ? other : near !== undefined ? `; did you mean --${near}?` : '';
    return `${shown}: ${what}${hint} (see mafia-sim --help)`;
  }
  const choice = /^Invalid values:\s+Argument: (\S+), Given: "([^"]*)", Choices: (.+)$/.exec(oneLine(message));
  if (choice) {
    const choices = [...choice[3]!.matchAll(/"([^"]*)"/g)].map((m) => m[1]!);
    return `--${choice[1]}: got ${JSON.stringify(choice[2])}${didYouMean(choice[2]!, choices)}; choose one of ${choices.join(', ')}`;
  }
  // "Missing required argument(s): a, b" and each one's own message on the lines below: the first flag with its message.
  const missing = /^Missing required arguments?: ([^\n]+)(?:\n([^\n]+))?/.exec(message);
  if (missing) return `--${missing[1]!.split(', ')[0]}: ${missing[2] ?? 'missing (see mafia-sim --help)'}`;
  const noValue = /^Not enough arguments following: (.+)$/.exec(message);
  if (noValue) return `--${noValue[1]}: needs a value (see mafia-sim --help)`;
  return `${oneLine(message)} (see mafia-sim --help)`;
}
