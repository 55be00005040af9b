#!/usr/bin/env node
// The `mafia-sim` command: yargs wiring only; each command lives in its own file.

import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { balanceCommand } from './balance.js';
import { calibrateCommand } from './calibrate.js';
import { compareCommand } from './compare.js';
import { EXIT_USAGE, describeParseFailure, exitWithError } from './errors.js';
import { experimentCommand } from './experiment.js';
import { fairCommand } from './fair.js';
import { mergeCommand } from './merge.js';
import { recordsCommand } from './records.js';
import { replayCommand } from './replay.js';
import { rolesCommand } from './roles.js';
import { rulesCommand } from './rules.js';
import { runCommand } from './run.js';
import { sweepCommand } from './sweep.js';
import { tuneCommand } from './tune.js';

await yargs(hideBin(process.argv))
  .scriptName('mafia-sim')
  .command(runCommand)
  .command(replayCommand)
  .command(rulesCommand)
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
  .strict()
  .fail((msg, err) => {
    // yargs' own complaints are usage errors; anything a builder throws goes the common way (exit 2 or 1).
    if (err && err.name !== 'YError') exitWithError(err);
    process.stderr.write(`mafia-sim: ${describeParseFailure(msg ?? err?.message ?? 'bad arguments', hideBin(process.argv))}\n`);
    process.exit(EXIT_USAGE);
  })
  .help()
  .version()
  .parseAsync();
