// `mafia-sim records stats|compare`: the statistics of recorded real games,
// and the same statistics of simulated games beside them with a z each.
// `--records` is a folder (read recursively) or one file, in the native
// format, the mafia-allstars one or mturk-mafia's games.json (docs/records.md).
// `compare` plays each record's own setup, the games shared among the
// setups in the records' proportions, on the rules the records name unless
// `--rules` is given.

import { availableParallelism } from 'node:os';
import type { Argv } from 'yargs';
import { compareRows, compareText, describeRecordSet, statsText } from '../report/records/text.js';
import { loadRecordSet, type LoadedRecord, type RecordSet } from '../sim/records/load.js';
import { groupBySetup, shareGames } from '../sim/records/setups.js';
import { SimulationAborted, simulateRecords } from '../sim/records/simulate.js';
import { statistics, tallyRecords, type StatisticsJSON } from '../sim/records/stats.js';
import { SCHEMA_VERSIONS } from '../sim/schemaVersions.js';
import type { RecordsCompareJson, RecordsStatsJson } from './outputs.js';
import { agentsFromArgs, checkGamesCoverSetups, checkReportDir, recordSetups, setupLines, setupsTitle, stopOnInterrupt, withAgents, withRules, withSeed, wholeNumber, type AgentArgs } from './common.js';
import { progressLine, reproduceLine } from './study.js';
import { Interrupted, UsageError, guarded } from './errors.js';
import { withHelp } from './help.js';

export const DEFAULT_RECORD_GAMES = 20_000;

interface StatsArgs {
  records?: string;
  json: boolean;
}

interface CompareArgs extends StatsArgs, AgentArgs {
  rules?: string;
  players?: string;
  mafia?: string;
  set?: string[];
  games: string;
  seed: string;
  threads?: string;
  out?: string;
  quiet: boolean;
}

const MISSING_RECORDS = 'missing; give a folder of records or a record file in the format of docs/records.md (a clone of the repository has data/mafia-allstars; the package leaves it out)';

function withRecords<T>(y: Argv<T>) {
  return y
    .option('records', { type: 'string', requiresArg: true, demandOption: MISSING_RECORDS, describe: 'a folder of records (read recursively), one record file (native or mafia-allstars JSON, or an mturk-mafia games.json of many), or FOLDER@i/n (the i-th of n interleaved folds)' })
    .option('json', { type: 'boolean', default: false, describe: 'print one JSON object on stdout instead of the table' });
}

function readRecords(a: StatsArgs): RecordSet {
  const given: unknown = a.records;
  if (given === undefined) throw new UsageError('--records', MISSING_RECORDS);
  if (Array.isArray(given)) throw new UsageError('--records', `given ${given.length} times; give one folder (it is read recursively)`);
  return loadRecordSet(String(given));
}

function recordStatistics(loaded: readonly LoadedRecord[]): StatisticsJSON {
  return statistics(tallyRecords(loaded.map((l) => l.record)));
}

export async function recordsStatsMain(a: StatsArgs): Promise<void> {
  const set = readRecords(a);
  const s = recordStatistics(set.records);
  if (a.json) process.stdout.write(JSON.stringify({ schemaVersion: SCHEMA_VERSIONS['records-stats'], ...s } satisfies RecordsStatsJson) + '\n');
  else process.stdout.write(statsText(`Records ${describeRecordSet(a.records!, set)}`, s));
}

function onceText(flag: string, raw: unknown): string | undefined {
  if (Array.isArray(raw)) throw new UsageError(flag, `given ${raw.length} times (${raw.join(', ')}); this command takes one`);
  return raw === undefined ? undefined : String(raw);
}

export async function recordsCompareMain(a: CompareArgs): Promise<void> {
  const set = readRecords(a);
  const loaded = set.records;
  const games = wholeNumber('--games', a.games, 1);
  const seed = wholeNumber('--seed', a.seed, 0);
  const threads = a.threads === undefined ? availableParallelism() : wholeNumber('--threads', a.threads, 1, 1024);
  const rulesArg = onceText('--rules', a.rules);
  const plan = recordSetups(groupBySetup(loaded), { ...(rulesArg !== undefined ? { rules: rulesArg } : {}), ...(a.players !== undefined ? { players: a.players } : {}), ...(a.mafia !== undefined ? { mafia: a.mafia } : {}), set: a.set ?? [] });
  checkGamesCoverSetups('--games', games, plan, loaded.length);
  const agents = agentsFromArgs(a).canonical;
  checkReportDir(a.out);
  const say = progressLine(a);
  for (const note of plan.notes) say(`note: ${note}`);
  const records = recordStatistics(loaded);
  const single = plan.setups.length === 1 ? plan.setups[0]!.rules : null;
  let next = 0;
  const stop = stopOnInterrupt();
  let tally;
  try {
    tally = await simulateRecords({
      rules: plan.setups[0]!.rules,
      setups: plan.setups,
      agents,
      seed,
      games,
      threads,
      onProgress: (done, total) => {
        if (done < next && done < total) return;
        next = done + Math.max(1, Math.floor(total / 10));
        say(`${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} games…`);
      },
      signal: stop.signal,
    });
  } catch (e) {
    // The batches finish in any order on a pool: the games done when the key was pressed are no prefix to report on.
    if (e instanceof SimulationAborted) throw new Interrupted('nothing written: the simulated games were stopped before all of them had finished (run it again; fewer --games end sooner)');
    throw e;
  } finally {
    stop.release();
  }
  const sim = statistics(tally);
  const rows = compareRows(records, sim);
  const json: RecordsCompareJson = { schemaVersion: SCHEMA_VERSIONS['records-compare'], records, sim };
  const title = `Records against ${setupsTitle(plan)}, agents ${agents}`;
  const command = reproduceLine(seed, { '--games': games });
  const shares = shareGames(games, plan.setups.map((x) => x.weight));
  const { writeCompareReport } = await import('../report/records/page.js'); // loads vega only when a report is written
  const { intoReportDir } = await import('../report/write.js');
  const report = await intoReportDir(a.out, 'records-compare', (dir) =>
    writeCompareReport(dir, {
      title,
      command,
      records: { source: a.records!, games: loaded.length, complete: loaded.filter((l) => l.record.complete).length, leftOut: set.leftOut.length },
      sim: {
        rulesSource: plan.label,
        rulesNamedByRecords: plan.named,
        rules: single?.canonical ?? null,
        rulesHash: single?.hash ?? null,
        agents,
        seed,
        games,
        setups: plan.setups.map((x, i) => ({ players: x.rules.players, mafia: x.mafia, records: x.weight, games: shares[i]!, rulesHash: x.rules.hash, rules: x.rules.canonical })),
      },
      notes: plan.notes,
      rows,
      json,
    }),
  );
  if (a.json) {
    process.stdout.write(JSON.stringify(json) + '\n');
    process.stderr.write(`report: ${report.html}\n`);
  } else {
    const head = [`${title}: ${games.toLocaleString('en-US')} games, seed ${seed}${single ? `, rules ${single.hash}` : ''}`, `records ${describeRecordSet(a.records!, set)}`, ...setupLines(plan, games), ...plan.notes.map((n) => `note: ${n}`)];
    process.stdout.write(compareText(head.join('\n'), rows) + `report: ${report.html}\n`);
  }
}

export const statsCommand = {
  command: 'stats',
  describe: 'the statistics of recorded games (Town wins, lynch accuracy by day, night actions, day votes), with 95% intervals',
  builder: (y: Argv) => withHelp('records stats', withRecords(y)),
  handler: guarded(recordsStatsMain),
};

export const compareRecordsCommand = {
  command: 'compare',
  describe: 'recorded games and simulated ones of each record\'s own setup side by side: the same statistics, with a z for each',
  builder: (y: Argv) =>
    withHelp(
      'records compare',
      withSeed(withAgents(withRules(withRecords(y))))
        // No default rules: the records' own rules are played, or --rules names them (a club game against 15-player records would say nothing).
        .default('rules', undefined)
        .option('rules', { type: 'string', requiresArg: true, describe: 'club, forum, classic, or a rules file, played at each record\'s own table (default: the rules the records name)' })
        .option('games', { type: 'string', default: String(DEFAULT_RECORD_GAMES), requiresArg: true, describe: 'simulated games in all, shared among the records\' setups in proportion to their records' })
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
