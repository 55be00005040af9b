#!/usr/bin/env node
// The `mafia-sim` command: yargs wiring only; each command lives in its own file.

import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { EXIT_USAGE } from './errors.js';
import { replayCommand } from './replay.js';
import { rulesCommand } from './rules.js';
import { runCommand } from './run.js';

await yargs(hideBin(process.argv))
  .scriptName('mafia-sim')
  .command(runCommand)
  .command(replayCommand)
  .command(rulesCommand)
  .demandCommand(1, 'name a command, e.g. `mafia-sim run`')
  .strict()
  .fail((msg, err) => {
    process.stderr.write(`mafia-sim: ${msg ?? err?.message ?? 'bad arguments'} (see mafia-sim --help)\n`);
    process.exit(EXIT_USAGE);
  })
  .help()
  .version()
  .parseAsync();
