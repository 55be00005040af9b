// `mafia-sim equilibrium`: the setup's value when both teams adapt their
// strategies (double oracle over tune's compass search, sim/balance/
// equilibriumGames.ts), beside its value with the starting players, each
// team's exploitability, and the mixtures found, saved as a profile that
// `--agents` plays. Ctrl-C stops the search and keeps what it found.

import { resolve } from 'node:path';
import type { Argv } from 'yargs';
import { MIXTURE_FILE_FORMAT } from '../agents/spec.js';
import { equilibriumCommandSection, equilibriumJson, equilibriumText, LONER_MANIAC_NOTE, type EquilibriumSection } from '../report/balance/equilibrium.js';
import { buildSummary } from '../report/summary.js';
import { findEquilibrium, type EquilibriumReport } from '../sim/balance/equilibriumGames.js';
import { checkOutputFile, checkReportDir, resolveSetup, setupOf, stopOnInterrupt, threadsOf, wholeNumber } from './common.js';
import { EXIT_INTERRUPTED, guarded } from './errors.js';
import { writeFileAtomic } from '../sim/files.js';
import { claimReportDir, equilibriumBudgetsOf, equilibriumProgress, progressLine, reproduceLine, studyText, withBalanceBasics, withEquilibriumBudgets, type BalanceOutputArgs, type SetupArgs } from './study.js';

type EquilibriumArgs = SetupArgs &
  BalanceOutputArgs & { games: string; testGames: string; iterations: string; epsilon: string; budget: string; searchRounds: string; exploitSearches: string; save?: string };

/** The saved mixture: `--agents FILE.json` reads its `agents` text; the rest says where it came from. */
export interface MixtureFile {
  readonly format: typeof MIXTURE_FILE_FORMAT;
  readonly agents: string;
  readonly strategies: EquilibriumReport['strategies'];
  readonly rulesHash: string;
  readonly seed: number;
  readonly startAgents: string;
  readonly value: EquilibriumReport['value'];
  readonly exploitability: ReturnType<typeof equilibriumJson>['exploitability'];
  readonly stoppedBy: EquilibriumReport['stoppedBy'];
}

async function equilibriumMain(a: EquilibriumArgs): Promise<void> {
  const seed = wholeNumber('--seed', a.seed, 0);
  const budgets = equilibriumBudgetsOf(a);
  const threads = threadsOf(a);
  const { rules, agents } = resolveSetup(setupOf(a));
  checkReportDir(a.out);
  if (a.save !== undefined) checkOutputFile('--save', a.save);
  const stop = stopOnInterrupt('stopping: the search ends here; the strategies found so far are kept and measured on the held-out games (Ctrl-C again quits at once)');
  let report: EquilibriumReport;
  try {
    report = await findEquilibrium({ rules, agents, seed, ...budgets, ...threads, signal: stop.signal, onProgress: equilibriumProgress(progressLine(a), budgets.epsilon) });
  } finally {
    stop.release();
  }
  const out = a.out ?? (await claimReportDir('equilibrium'));
  const profileFile = resolve(a.save ?? `${out}/equilibrium.json`);
  const { heldOut, ...found } = report;
  const section: EquilibriumSection = { ...found, budgets, profileFile, maniac: LONER_MANIAC_NOTE };
  const variants = [
    { label: 'adapted', rules, agents: report.agents },
    { label: 'start', rules, agents },
  ];
  // The standard tables show the two setups of the value (the best replies' games are in the section).
  const shown = { ...heldOut, aggregates: heldOut.aggregates.slice(0, 2), joint: heldOut.joint.slice(0, 1) };
  const summary = buildSummary({
    kind: 'compare',
    study: 'equilibrium',
    title: 'Equilibrium play',
    ...studyText(a),
    command: reproduceLine(seed, { '--games': budgets.games, '--test-games': budgets.testGames }),
    seed,
    variants,
    result: shown,
    pairs: 'first',
  });
  const title = `${summary.title}: ${rules.preset}, ${rules.players} players (rules ${rules.hash}), agents ${agents}, seed ${seed}`;
  const commandSection = equilibriumCommandSection(section);
  const { writeCommandReport } = await import('../report/balance/page.js');
  const { intoReportDir } = await import('../report/write.js');
  const written = await intoReportDir(out, 'equilibrium', (dir) => writeCommandReport(dir, summary, commandSection));
  saveMixture(profileFile, report, rules.hash, seed, agents);
  if (a.json) {
    process.stdout.write(JSON.stringify(equilibriumJson(report)) + '\n');
    process.stderr.write(`report: ${written.html}\n`);
  } else process.stdout.write(`${equilibriumText(title, section)}report: ${written.html}\n`);
  if (report.stoppedBy === 'interrupted') {
    process.stderr.write(`mafia-sim: interrupted after ${report.iterations} iteration${report.iterations === 1 ? '' : 's'}: the strategies found so far are in ${profileFile}, measured on the held-out games; exploitability not measured; run the command again for the whole search\n`);
    process.exitCode = EXIT_INTERRUPTED;
  }
}

function saveMixture(path: string, r: EquilibriumReport, rulesHash: string, seed: number, startAgents: string): void {
  const file: MixtureFile = {
    format: MIXTURE_FILE_FORMAT,
    agents: r.agents,
    strategies: r.strategies,
    rulesHash,
    seed,
    startAgents,
    value: r.value,
    exploitability: equilibriumJson(r).exploitability,
    stoppedBy: r.stoppedBy,
  };
  writeFileAtomic(path, JSON.stringify(file, null, 2) + '\n');
}

export const equilibriumCommand = {
  command: 'equilibrium',
  describe: "the setup's value when both teams adapt their strategies (iterated best replies and a Nash mixture), its exploitability, and the mixtures found as a profile",
  builder: (y: Argv) =>
    withEquilibriumBudgets(withBalanceBasics(y))
      .option('save', { type: 'string', requiresArg: true, describe: 'where to save the mixture profile (default: the report folder, equilibrium.json)' }),
  handler: guarded(equilibriumMain),
};
