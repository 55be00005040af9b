// How the CLI fails: bad input is one line naming the field and the fix,
// exit code 2, no stack trace; anything else is an internal error (exit 1).

import { AgentSpecError } from '../agents/index.js';
import { RulesError } from '../engine/rules.js';
import { SimInputError } from '../sim/errors.js';

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

export function isUserError(e: unknown): e is Error {
  return e instanceof UsageError || e instanceof RulesError || e instanceof AgentSpecError || e instanceof SimInputError;
}

/** Scripts read the first stderr line: a message that spans lines (a parser's, say) is folded into one. */
function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}

/** Prints one line for the error and exits with the right code. */
export function exitWithError(e: unknown): never {
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
 * What yargs' own complaints become: the flag named first, as every other
 * usage error does. `args` are the command-line arguments, to tell an
 * unknown flag from a stray word.
 */
export function describeParseFailure(message: string, args: readonly string[]): string {
  const unknown = /^Unknown arguments?: (.+)$/.exec(message);
  if (unknown) {
    const names = unknown[1]!.split(', ');
    const isFlag = (name: string): boolean => args.some((a) => a === `--${name}` || a.startsWith(`--${name}=`) || a === `-${name}`);
    const shown = names.map((n) => (isFlag(n) ? (n.length > 1 ? `--${n}` : `-${n}`) : n)).join(', ');
    const what = names.every(isFlag) ? 'unknown flag' : names.some(isFlag) ? 'unknown flags or arguments' : args[0] === names[0] ? 'unknown command' : 'unexpected argument';
    return `${shown}: ${what} (see mafia-sim --help)`;
  }
  const noValue = /^Not enough arguments following: (.+)$/.exec(message);
  if (noValue) return `--${noValue[1]}: needs a value (see mafia-sim --help)`;
  return `${oneLine(message)} (see mafia-sim --help)`;
}
