// How the CLI fails: bad input is one line naming the field and the fix,
// exit code 2, no stack trace; anything else is an internal error (exit 1).

import { AgentSpecError } from '../agents/index.js';
import { RulesError } from '../engine/rules.js';

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
  return e instanceof UsageError || e instanceof RulesError || e instanceof AgentSpecError;
}

/** Prints one line for the error and exits with the right code. */
export function exitWithError(e: unknown): never {
  if (isUserError(e)) {
    process.stderr.write(`mafia-sim: ${e.message}\n`);
    process.exit(EXIT_USAGE);
  }
  const msg = e instanceof Error ? e.message : String(e);
  process.stderr.write(`mafia-sim: internal error: ${msg}\n`);
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
