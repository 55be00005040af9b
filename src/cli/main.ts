#!/usr/bin/env node
// The `mafia-sim` command: yargs wiring only; each command lives in its own file.

import yargs, { type Argv } from 'yargs';
import { hideBin } from 'yargs/helpers';
import { balanceCommand } from './balance.js';
import { calibrateCommand } from './calibrate.js';
import { compareCommand } from './compare.js';
import { EXIT_USAGE, describeParseFailure, exitWithError } from './errors.js';
import { experimentCommand } from './experiment.js';
import { fairCommand } from './fair.js';
import { mergeCommand } from './merge.js';
import { recordsCommand } from './records.js';
import { playersCommand } from './players.js';
import { replayCommand } from './replay.js';
import { rolesCommand } from './roles.js';
import { rulesCommand } from './rules.js';
import { runCommand } from './run.js';
import { sweepCommand } from './sweep.js';
import { tuneCommand } from './tune.js';

/** Every command, for the flag list a typo is matched against (each registered by its own call below, as their argument types differ). */
const COMMANDS: readonly { command: string; builder: (y: Argv) => unknown }[] = [
  runCommand,
  replayCommand,
  rulesCommand,
  playersCommand,
  compareCommand,
  sweepCommand,
  experimentCommand,
  mergeCommand,
  balanceCommand,
  fairCommand,
  rolesCommand,
  tuneCommand,
];

/** The flags the named command takes (its builder run on an empty command line). */
function flagsOf(name: string | undefined): string[] {
  const command = COMMANDS.find((c) => c.command.split(' ')[0] === name);
  if (!command) return [];
  // getOptions is public API that yargs' type declarations leave out.
  const y = command.builder(yargs([])) as unknown as { getOptions(): { key: Record<string, unknown> } };
  return Object.keys(y.getOptions().key);
}

await yargs(hideBin(process.argv))
  .scriptName('mafia-sim')
  .command(runCommand)
  .command(replayCommand)
  .command(rulesCommand)
  .command(playersCommand)
  .command(compareCommand)
  .command(sweepCommand)
  .command(experimentCommand)
  .command(mergeCommand)
  .command(balanceCommand)
  .command(fairCommand)
  .command(rolesCommand)
  .command(tuneCommand)
  .command(recordsCommand)
  .command(calibrateCommand)
  .demandCommand(1, 'name a command, e.g. `mafia-sim run`')
  .recommendCommands()
  .strict()
  .fail((msg, err) => {
    // yargs' own complaints are usage errors; anything a builder throws goes the common way (exit 2 or 1).
    if (err && err.name !== 'YError') exitWithError(err);
    const args = hideBin(process.argv);
    process.stderr.write(`mafia-sim: ${describeParseFailure(msg ?? err?.message ?? 'bad arguments', args, flagsOf(args[0]))}\n`);
    process.exit(EXIT_USAGE);
  })
  .help()
  .version()
  .parseAsync();
