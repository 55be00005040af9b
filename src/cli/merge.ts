// `mafia-sim merge PART...`: sums the part files of a sharded run into
// exactly the result of the unsharded run, after checking they belong to one
// run and tile its games; a bad or mixed set is refused with the reason.

import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Argv } from 'yargs';
import { mergeParts, type LoadedPart } from '../sim/merge.js';
import { buildRunSummary } from '../sim/summary.js';
import { asUsageError, checkReportDir, commandLine } from './common.js';
import { UsageError, guarded } from './errors.js';
import { formatSummaryTable, writeRunReport } from './runReport.js';

interface MergeArgs {
  parts?: string[];
  out?: string;
  json: boolean;
  quiet: boolean;
}

export const mergeCommand = {
  command: 'merge <parts..>',
  describe: 'add up the part files of a sharded run into the unsharded result',
  builder: (y: Argv) =>
    y
      .positional('parts', { type: 'string', array: true, describe: 'part files, or directories holding part-*.json files' })
      .option('out', { type: 'string', describe: 'report folder for the merged run (summary.json, CSV, charts, report.html)' })
      .option('json', { type: 'boolean', default: false, describe: 'print one JSON object on stdout' })
      .option('quiet', { type: 'boolean', default: false, describe: 'no notes on stderr' }),
  handler: guarded(async (a: MergeArgs) => {
    const started = performance.now();
    const loaded = partFiles((a.parts ?? []).map(String)).map(readPart);
    const merged = asUsageError(() => mergeParts(loaded));
    if (a.out !== undefined) checkReportDir(a.out);
    const summary = buildRunSummary({
      ...merged.input,
      run: {
        command: commandLine(process.argv.slice(2)),
        // Each part ran on its own machine: the threads of one part, not their sum.
        threads: Math.max(...merged.parts.map((p) => p.threads)),
        batchSize: merged.batchSize,
        elapsedMs: merged.elapsedMs,
        resumedGames: 0,
        version: merged.version,
        parts: merged.parts,
      },
    });
    const report =
      a.out === undefined
        ? null
        : await writeRunReport(a.out, { study: `merged-${summary.preset}`, summary, aggregate: merged.input.aggregate, canonical: merged.input.rules.canonical });
    process.stdout.write(a.json ? JSON.stringify(summary) + '\n' : formatSummaryTable(summary));
    if (!a.quiet) {
      const ms = Math.round(performance.now() - started);
      process.stderr.write(`mafia-sim: merged ${loaded.length} parts (${summary.games} games) in ${ms} ms${report ? `; report: ${report.html}` : ''}\n`);
    }
  }),
};

/** Expands directories to their part-*.json files, in name order. */
function partFiles(args: readonly string[]): string[] {
  const files: string[] = [];
  for (const arg of args) {
    let isDir = false;
    try {
      isDir = statSync(arg).isDirectory();
    } catch {
      throw new UsageError('merge', `${arg} does not exist; name part files written by \`run --shard\``);
    }
    if (!isDir) {
      files.push(arg);
      continue;
    }
    const inDir = readdirSync(arg).filter((f) => /^part-.*\.json$/.test(f)).sort();
    if (inDir.length === 0) throw new UsageError('merge', `${arg} holds no part-*.json files`);
    files.push(...inDir.map((f) => join(arg, f)));
  }
  return files;
}

function readPart(file: string): LoadedPart {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError('merge', `cannot read ${file} (${e instanceof Error ? e.message : String(e)})`);
  }
  try {
    return { file, doc: JSON.parse(text) as unknown };
  } catch {
    throw new UsageError('merge', `${file} is not JSON (a truncated or foreign file?); rerun that shard`);
  }
}
