#!/usr/bin/env node
// The `mafia-sim` command: yargs wiring only; each command lives in its own file.
// Only the command named on the line is loaded (each pulls in its part of the
// sim and report); help, a typo or no command loads them all.

import yargs, { type Argv, type CommandModule } from 'yargs';
import { hideBin } from 'yargs/helpers';
import { toolVersion } from '../sim/version.js';
import { EXIT_USAGE, describeParseFailure, exitWithError } from './errors.js';

interface Command {
  readonly command: string;
  readonly builder: (y: Argv) => unknown;
}

/** Every command by name, in the order help lists them; `flags`: matched against a typo (records has subcommands instead). */
const COMMANDS: readonly { name: string; load: () => Promise<Command>; flags: boolean }[] = [
  { name: 'run', load: async () => (await import('./run.js')).runCommand, flags: true },
  { name: 'replay', load: async () => (await import('./replay.js')).replayCommand, flags: true },
  { name: 'rules', load: async () => (await import('./rules.js')).rulesCommand, flags: true },
  { name: 'players', load: async () => (await import('./players.js')).playersCommand, flags: true },
  { name: 'compare', load: async () => (await import('./compare.js')).compareCommand, flags: true },
  { name: 'sweep', load: async () => (await import('./sweep.js')).sweepCommand, flags: true },
  { name: 'experiment', load: async () => (await import('./experiment.js')).experimentCommand, flags: true },
  { name: 'merge', load: async () => (await import('./merge.js')).mergeCommand, flags: true },
  { name: 'balance', load: async () => (await import('./balance.js')).balanceCommand, flags: true },
  { name: 'fair', load: async () => (await import('./fair.js')).fairCommand, flags: true },
  { name: 'roles', load: async () => (await import('./roles.js')).rolesCommand, flags: true },
  { name: 'tune', load: async () => (await import('./tune.js')).tuneCommand, flags: true },
  { name: 'equilibrium', load: async () => (await import('./equilibrium.js')).equilibriumCommand, flags: true },
  { name: 'records', load: async () => (await import('./records.js')).recordsCommand, flags: false },
  { name: 'calibrate', load: async () => (await import('./calibrate.js')).calibrateCommand, flags: false },
];

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
for (const c of loaded) cli = cli.command(c.module as unknown as CommandModule);
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
