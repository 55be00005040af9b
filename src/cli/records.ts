// `mafia-sim records stats|compare`: the statistics of recorded real games,
// and the same statistics of simulated games beside them with a z each.
// `--records` is a folder (read recursively) or one file, in the native
// format or the mafia-allstars one (docs/records.md).

import { availableParallelism } from 'node:os';
import type { Argv } from 'yargs';
import { compareRows, compareText, statsText } from '../report/records/text.js';
import { loadRecords, type LoadedRecord } from '../sim/records/load.js';
import { simulateRecords } from '../sim/records/simulate.js';
import { statistics, tallyRecords, type StatisticsJSON } from '../sim/records/stats.js';
import { resolveSetup, withAgents, withRules, withSeed, wholeNumber, type AgentArgs } from './common.js';
import { progressLine, reproduceLine } from './study.js';
import { UsageError, guarded } from './errors.js';
import { withHelp } from './help.js';

export const DEFAULT_RECORD_GAMES = 20_000;

interface StatsArgs {
  records?: string;
  json: boolean;
}

interface CompareArgs extends StatsArgs, AgentArgs {
  rules: string;
  players?: string;
  mafia?: string;
  set?: string[];
  games: string;
  seed: string;
  threads?: string;
  out?: string;
  quiet: boolean;
}

const MISSING_RECORDS = 'missing; give a folder of records or a record file, e.g. --records data/mafia-allstars';

function withRecords<T>(y: Argv<T>) {
  return y
    .option('records', { type: 'string', requiresArg: true, demandOption: MISSING_RECORDS, describe: 'a folder of records (read recursively), one record file (native or mafia-allstars JSON), or FOLDER@i/n (the i-th of n interleaved folds)' })
    .option('json', { type: 'boolean', default: false, describe: 'print one JSON object on stdout instead of the table' });
}

function readRecords(a: StatsArgs): LoadedRecord[] {
  const given: unknown = a.records;
  if (given === undefined) throw new UsageError('--records', MISSING_RECORDS);
  if (Array.isArray(given)) throw new UsageError('--records', `given ${given.length} times; give one folder (it is read recursively)`);
  return loadRecords(String(given));
}

function recordStatistics(loaded: readonly LoadedRecord[]): StatisticsJSON {
  return statistics(tallyRecords(loaded.map((l) => l.record)));
}

function describeSet(path: string, loaded: readonly LoadedRecord[]): string {
  const complete = loaded.filter((l) => l.record.complete).length;
  return `${path}: ${loaded.length} games (${complete} complete, ${loaded.length - complete} summaries or partial)`;
}

export async function recordsStatsMain(a: StatsArgs): Promise<void> {
  const loaded = readRecords(a);
  const s = recordStatistics(loaded);
  if (a.json) process.stdout.write(JSON.stringify(s) + '\n');
  else process.stdout.write(statsText(`Records ${describeSet(a.records!, loaded)}`, s));
}

export async function recordsCompareMain(a: CompareArgs): Promise<void> {
  const loaded = readRecords(a);
  const games = wholeNumber('--games', a.games, 1);
  const seed = wholeNumber('--seed', a.seed, 0);
  const threads = a.threads === undefined ? availableParallelism() : wholeNumber('--threads', a.threads, 1, 1024);
  const { rules, agents } = resolveSetup({ rules: a.rules, ...(a.players !== undefined ? { players: a.players } : {}), ...(a.mafia !== undefined ? { mafia: a.mafia } : {}), set: a.set ?? [], agents: Array.isArray(a.agents) ? a.agents.join(',') : a.agents, agentParam: a.agentParam ?? [], agentModule: a.agentModule ?? [] });
  const say = progressLine(a);
  const records = recordStatistics(loaded);
  let next = 0;
  const sim = statistics(
    await simulateRecords({
      rules,
      agents,
      seed,
      games,
      threads,
      onProgress: (done, total) => {
        if (done < next && done < total) return;
        next = done + Math.max(1, Math.floor(total / 10));
        say(`${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} games…`);
      },
    }),
  );
  const rows = compareRows(records, sim);
  const json = { records, sim };
  const title = `Records against ${rules.preset} rules (${rules.players} players), agents ${agents}`;
  const command = reproduceLine(seed, { '--games': games });
  const { writeCompareReport } = await import('../report/records/page.js'); // loads vega only when a report is written
  const { intoReportDir } = await import('../report/write.js');
  const report = await intoReportDir(a.out, 'records-compare', (dir) =>
    writeCompareReport(dir, {
      title,
      command,
      records: { source: a.records!, games: loaded.length, complete: loaded.filter((l) => l.record.complete).length },
      sim: { rules: rules.canonical, rulesHash: rules.hash, agents, seed, games },
      rows,
      json,
    }),
  );
  if (a.json) {
    process.stdout.write(JSON.stringify(json) + '\n');
    process.stderr.write(`report: ${report.html}\n`);
  } else {
    process.stdout.write(compareText(`${title}: ${games.toLocaleString('en-US')} games, seed ${seed}, rules ${rules.hash}\nrecords ${describeSet(a.records!, loaded)}`, rows) + `report: ${report.html}\n`);
  }
}

const statsCommand = {
  command: 'stats',
  describe: 'the statistics of recorded games (Town wins, lynch accuracy by day, night actions), with 95% intervals',
  builder: (y: Argv) => withHelp('records stats', withRecords(y)),
  handler: guarded(recordsStatsMain),
};

const compareRecordsCommand = {
  command: 'compare',
  describe: 'recorded games and simulated ones side by side: the same statistics, with a z for each',
  builder: (y: Argv) =>
    withHelp(
      'records compare',
      withSeed(withAgents(withRules(withRecords(y))))
        .option('games', { type: 'string', default: String(DEFAULT_RECORD_GAMES), requiresArg: true, describe: 'simulated games' })
        .option('threads', { type: 'string', requiresArg: true, describe: 'worker threads (default: one per core); never changes a result' })
        .option('out', { type: 'string', requiresArg: true, describe: 'report folder (default: reports/records-compare-<time>/)' })
        .option('quiet', { type: 'boolean', default: false, describe: 'no progress lines' }),
    ),
  handler: guarded(recordsCompareMain),
};

export const recordsCommand = {
  command: 'records',
  describe: 'statistics of real recorded games, and how simulated games compare (see docs/records.md)',
  builder: (y: Argv) => y.command(statsCommand).command(compareRecordsCommand).demandCommand(1, 'name a records command: stats or compare'),
  handler: () => {},
};
