// `mafia-sim run`: many games of one setup on worker threads, optionally a
// shard of a cluster run, to a precision target, with a checkpoint; prints a
// compact table or `--json`, and writes the report folder or the shard's part file.

import { join, resolve } from 'node:path';
import type { Argv } from 'yargs';
import type { Rules } from '../engine/rules.js';
import { SimInputError, WorkerFailure } from '../sim/errors.js';
import { removeFoldersLeftEmpty, writeFileAtomic } from '../sim/files.js';
import { progressBar } from '../sim/progress.js';
import { runGames, saveCheckpoint, type RunRequest, type RunResult } from '../sim/run.js';
import { GameFailure } from '../sim/runRange.js';
import { partFileName, resolveShard, shardRange, type ShardSpec } from '../sim/shard.js';
import { buildRunSummary, plannedGames, type RunSummary } from '../sim/summary.js';
import { reproduceCommand } from '../report/command.js';
import { agentsFromArgs, asUsageError, checkOutputFile, checkReportDir, commandLine, parsePrecision, stopOnInterrupt, withAgents, withRules, withSeed, wholeNumber, type AgentArgs } from './common.js';
import { EXIT_INTERRUPTED, UsageError, guarded } from './errors.js';
import { formatSummaryTable, preloadRunReport, studyName, writeRunReport } from './runReport.js';
import { loadRules, type RulesArgs } from './rulesSource.js';
import { claimReportDir } from './study.js';

export const DEFAULT_GAMES = 100000;
/** With --precision and no --games, the run stops at this many games at most. */
export const DEFAULT_PRECISION_CAP = 10_000_000;
const MAX_THREADS = 1024;

interface RunArgs extends AgentArgs, RulesArgs {
  set?: string[];
  seed: string;
  games?: string;
  threads?: string;
  precision?: string;
  shard?: string;
  shards?: string;
  out?: string;
  checkpoint?: string;
  resume: boolean;
  json: boolean;
  quiet: boolean;
}

interface RunPlan {
  readonly rules: Rules;
  readonly agents: string;
  readonly seed: number;
  readonly games: number;
  readonly threads: number | undefined;
  readonly precision: number | null;
  readonly shard: ShardSpec | null;
  readonly from: number;
  readonly to: number;
  readonly partPath: string | null;
  /** The report folder: --out, or a new reports/<study>-<time>/; none for a shard (it writes its part file). */
  readonly reportDir: string | null | 'default';
  readonly study: string;
  readonly checkpoint: { path: string; resume: boolean } | undefined;
  readonly command: string;
}

export const runCommand = {
  command: 'run',
  describe: 'play many games and report who wins, with 95% intervals',
  builder: (y: Argv) =>
    withSeed(withAgents(withRules(y)))
      .option('games', { type: 'string', describe: `number of games (default ${DEFAULT_GAMES}; with --precision, the cap, default ${DEFAULT_PRECISION_CAP})` })
      .option('threads', { type: 'string', describe: 'worker threads (default: one per core)' })
      .option('precision', { type: 'string', describe: "play until every outcome's 95% interval is within ±P (e.g. 0.005), up to --games" })
      .option('shard', { type: 'string', describe: 'play slice i of N of the games and write a part file for `mafia-sim merge` (i/N)' })
      .option('shards', { type: 'string', describe: 'shard count N, the index taken from JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID' })
      .option('out', { type: 'string', describe: 'report folder (default: a new reports/<study>-<time>/, with or without --json); with a shard: where part-i-of-N.json goes (default .)' })
      .option('checkpoint', { type: 'string', describe: 'record finished batches in FILE, to --resume after a crash or Ctrl-C' })
      .option('resume', { type: 'boolean', default: false, describe: 'continue the run recorded in --checkpoint' })
      .option('json', { type: 'boolean', default: false, describe: 'print the result as one JSON object on stdout instead of the table (the report is still written; its path goes to stderr)' })
      .option('quiet', { type: 'boolean', default: false, describe: 'no progress bar or notes on stderr' }),
  handler: guarded(async (a: RunArgs) => {
    const plan = planRun(a);
    if (plan.shard && plan.shard.source !== '--shard' && !a.quiet) {
      note(`shard ${plan.shard.index}/${plan.shard.count} (index from ${plan.shard.source}): games ${plan.from}..${plan.to - 1}`);
    }
    if (plan.reportDir !== null) preloadRunReport();
    const result = await execute(plan, a);
    if (!result.complete && result.games === 0) {
      // Nothing to report: a page of no games would read like a finished run.
      removeFoldersLeftEmpty();
      note(`interrupted before any game finished; no ${plan.partPath ? 'part file' : 'report'} written`);
      process.exitCode = EXIT_INTERRUPTED;
      return;
    }
    const resume = result.complete ? null : await resumePoint(plan, result);
    const done = resume?.reportDir !== undefined ? { ...plan, reportDir: resume.reportDir } : plan;
    const summary = summarize(done, result, resume?.command ?? null);
    await writeOutputs(done, summary, result, a);
    if (!summary.complete) process.exitCode = EXIT_INTERRUPTED;
  }),
};

function planRun(a: RunArgs): RunPlan {
  const rules = loadRules(a);
  const agents = agentsFromArgs(a).canonical;
  const seed = wholeNumber('--seed', a.seed, 0);
  const precision = a.precision === undefined ? null : parsePrecision('--precision', a.precision, '0.005 for ±0.5 points');
  const games = a.games !== undefined ? wholeNumber('--games', a.games, 1) : precision !== null ? DEFAULT_PRECISION_CAP : DEFAULT_GAMES;
  const threads = a.threads === undefined ? undefined : wholeNumber('--threads', a.threads, 1, MAX_THREADS);
  const shard = asUsageError(() => resolveShard(a.shard, a.shards));
  if (shard && precision !== null) {
    throw new UsageError('--precision', 'cannot be combined with shards: each shard would stop at a different count; shard a fixed --games run instead');
  }
  if (a.resume && a.checkpoint === undefined) throw new UsageError('--resume', 'needs --checkpoint FILE (the file the interrupted run wrote)');
  const { from, to } = shard ? shardRange(shard.index, shard.count, games) : { from: 0, to: games };
  const partPath = shard ? join(a.out ?? '.', partFileName(shard.index, shard.count)) : null;
  // Every destination is tried before the first game: a run of hours is never played only to be lost.
  if (a.checkpoint !== undefined) checkOutputFile('--checkpoint', a.checkpoint);
  if (shard) checkReportDir(a.out ?? '.', '--out', 'the part file');
  else checkReportDir(a.out);
  return {
    rules,
    agents,
    seed,
    games,
    threads,
    precision,
    shard,
    from,
    to,
    partPath,
    reportDir: shard ? null : a.out !== undefined ? a.out : 'default',
    study: studyName(a.rules),
    checkpoint: a.checkpoint === undefined ? undefined : { path: a.checkpoint, resume: a.resume },
    command: reproduceCommand(process.argv.slice(2), { '--seed': seed, '--games': games }),
  };
}

/** The games of the plan, as the sim is asked for them (also what a checkpoint of the result must match). */
function runRequest(plan: RunPlan): RunRequest {
  return {
    variants: [{ label: plan.rules.preset, rules: plan.rules, agents: plan.agents }],
    seed: plan.seed,
    games: plan.games,
    from: plan.from,
    to: plan.to,
    ...(plan.threads !== undefined ? { threads: plan.threads } : {}),
    ...(plan.precision !== null ? { precision: plan.precision } : {}),
    ...(plan.checkpoint ? { checkpoint: plan.checkpoint } : {}),
  };
}

/** Runs the games with a progress bar; Ctrl-C (or SIGTERM) ends the run cleanly with what finished. */
async function execute(plan: RunPlan, a: RunArgs): Promise<RunResult> {
  const stop = stopOnInterrupt(`stopping: the batches in flight are dropped; the games finished in order are kept${plan.checkpoint ? ` in ${plan.checkpoint.path}` : ''} (Ctrl-C again quits at once)`);
  const bar = progressBar({ quiet: a.quiet, label: plan.shard ? `shard ${plan.shard.index}/${plan.shard.count}` : plan.rules.preset, signal: stop.signal });
  try {
    return await runGames({ ...runRequest(plan), onProgress: (p) => bar.update(p), signal: stop.signal });
  } catch (e) {
    bar.stop();
    throw explainFailure(e, a, plan);
  } finally {
    bar.stop();
    stop.release();
  }
}

/**
 * Where an interrupted run can go on from, and the command that does it:
 * its --checkpoint plus --resume; without one, a checkpoint of the games
 * finished is written beside the output (the report folder, claimed now if
 * it is the default one, or the part file), so every Ctrl-C'd run resumes.
 */
async function resumePoint(plan: RunPlan, r: RunResult): Promise<{ command: string; reportDir?: string }> {
  const argv = process.argv.slice(2);
  if (plan.checkpoint) return { command: commandLine(argv.includes('--resume') ? argv : [...argv, '--resume']) };
  const reportDir = plan.reportDir === 'default' ? resolve(await claimReportDir(plan.study)) : plan.reportDir;
  const path = resolve(plan.partPath ? plan.partPath.replace(/\.json$/, '.checkpoint.json') : join(reportDir!, 'checkpoint.json'));
  saveCheckpoint(path, runRequest(plan), r);
  // The resumed run writes its report over this one, so the folder ends with the whole run in it.
  const out = plan.reportDir === 'default' ? ['--out', reportDir!] : [];
  return { command: commandLine([...argv, ...out, '--checkpoint', path, '--resume']), ...(reportDir !== null ? { reportDir } : {}) };
}

function summarize(plan: RunPlan, r: RunResult, resumeCommand: string | null): RunSummary {
  return buildRunSummary({
    kind: plan.shard ? 'part' : 'run',
    seed: plan.seed,
    rules: { canonical: plan.rules.canonical, hash: plan.rules.hash, preset: plan.rules.preset },
    agents: plan.agents,
    range: { from: r.from, to: r.to, total: plan.games },
    shard: plan.shard,
    complete: r.complete,
    stopped: r.stopped,
    precision: plan.precision,
    aggregate: r.aggregates[0]!,
    run: { command: plan.command, threads: r.threads, batchSize: r.batchSize, elapsedMs: r.elapsedMs, resumedGames: r.resumed, resumeCommand },
  });
}

async function writeOutputs(plan: RunPlan, s: RunSummary, r: RunResult, a: RunArgs): Promise<void> {
  if (plan.partPath) writeFileAtomic(plan.partPath, JSON.stringify(s, null, 2) + '\n');
  const report =
    plan.reportDir === null
      ? null
      : await writeRunReport(plan.reportDir === 'default' ? undefined : plan.reportDir, {
          study: plan.study,
          summary: s,
          aggregate: r.aggregates[0]!,
          canonical: plan.rules.canonical,
        });
  process.stdout.write(a.json ? JSON.stringify(s) + '\n' : formatSummaryTable(s) + (report ? `report: ${report.html}\n` : ''));
  // As every command does with --json: stdout holds only the object, the report's path goes to stderr.
  if (report && a.json) process.stderr.write(`report: ${report.html}\n`);
  // What an interrupted run kept is said even with --quiet: a person pressed the key and waits for the answer.
  if (!s.complete) {
    const kept = report ? report.html : plan.partPath!;
    note(`interrupted after ${s.games.toLocaleString('en-US')} of ${s.precision ? 'at most ' : ''}${plannedGames(s).toLocaleString('en-US')} games: ${kept} holds those, marked interrupted; resume with: ${s.reproducibility.resumeCommand}`);
  }
  if (a.quiet) return;
  if (plan.partPath) note(`wrote ${plan.partPath}${s.complete ? '' : ' (marked "complete": false)'}`);
  if (a.json && r.resumed > 0) note(`resumed: ${r.resumed} games from the checkpoint, ${s.games - r.resumed} played now`);
}

function note(msg: string): void {
  process.stderr.write(`mafia-sim: ${msg}\n`);
}

/** Turns a failed game into its replay command, a dead worker into one clear line; both exit 1. */
function explainFailure(e: unknown, a: RunArgs, plan: RunPlan): unknown {
  if (e instanceof SimInputError) return new UsageError(e.field, e.detail);
  if (e instanceof GameFailure) {
    const cause = e.cause instanceof Error ? e.cause : new Error(String(e.cause));
    note(`game ${e.game} failed: ${cause.message}`);
    if (process.env.MAFIA_SIM_DEBUG && cause.stack) process.stderr.write(`${cause.stack}\n`);
    note(`reproduce it with: ${replayCommand(a, plan, e.game)}`);
    process.exit(1);
  }
  if (e instanceof WorkerFailure) {
    note(`${e.message}; try fewer --threads or more memory (node --max-old-space-size), or replay a game of that range: ${replayCommand(a, plan, e.from)}`);
    process.exit(1);
  }
  return e;
}

export function replayCommand(a: RulesArgs & AgentArgs, plan: { agents: string; seed: number }, game: number): string {
  const args = ['replay', '--rules', a.rules];
  if (a.players !== undefined) args.push('--players', String(a.players));
  if (a.mafia !== undefined) args.push('--mafia', String(a.mafia));
  for (const s of a.set ?? []) args.push('--set', s);
  args.push('--agents', plan.agents);
  for (const p of a.agentParam ?? []) args.push('--agent-param', p);
  for (const m of a.agentModule ?? []) args.push('--agent-module', m);
  args.push('--seed', String(plan.seed), '--game', String(game));
  return commandLine(args);
}
