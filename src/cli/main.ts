#!/usr/bin/env node
// The `mafia-sim` command: yargs wiring only; each command lives in its own file.
// Only the command named on the line is loaded (each pulls in its part of the
// sim and report); help, a typo or no command loads them all.

import yargs, { type Argv, type CommandModule } from 'yargs';
import { hideBin } from 'yargs/helpers';
import { toolVersion } from '../sim/version.js';
import { EXIT_USAGE, describeParseFailure, exitWithError } from './errors.js';
import { withHelp } from './help.js';
import { COMMANDS } from './commands.js';

const args = hideBin(process.argv);
const named = COMMANDS.filter((c) => c.name === args[0]);
const chosen = named.length > 0 ? named : COMMANDS;
const loaded = await Promise.all(chosen.map(async (c) => ({ ...c, module: await c.load() })));

/** The flags the named command takes (its builder run on an empty command line). */
function flagsOf(name: string | undefined): string[] {
  const command = loaded.find((c) => c.flags && c.name === name);
  if (!command) return [];
  // getOptions is public API that yargs' type declarations leave out.
  const y = command.module.builder(yargs([])) as unknown as { getOptions(): { key: Record<string, unknown> } };
  return Object.keys(y.getOptions().key);
}

let cli = yargs(args).scriptName('mafia-sim');
// Each command's argument type is its own: yargs takes them one call each, as plain command modules.
for (const c of loaded) {
  const builder = (y: Argv) => {
    c.module.builder(y);
    return withHelp(c.name, y);
  };
  cli = cli.command({ ...(c.module as unknown as CommandModule), builder });
}
await cli
  .demandCommand(1, 'name a command, e.g. `mafia-sim run`')
  .recommendCommands()
  .strict()
  .fail((msg, err) => {
    // yargs' own complaints are usage errors; anything a builder throws goes the common way (exit 2 or 1).
    if (err && err.name !== 'YError') exitWithError(err);
    process.stderr.write(`mafia-sim: ${describeParseFailure(msg ?? err?.message ?? 'bad arguments', args, flagsOf(args[0]))}\n`);
    process.exit(EXIT_USAGE);
  })
  .help()
  // The version every output records; yargs' own guess reads the package.json above its install, the user's project when installed.
  .version(toolVersion())
  .parseAsync();
