// `mafia-sim fair`: "is this setup's win rate within ±W of 50%?", answered
// by a sequential test with stated error rates and as few games as it takes.

import type { Argv } from 'yargs';
import type { AcrossCell } from '../report/balance/across.js';
import { fairCommandSection, fairSection, fairText, type FairSection } from '../report/balance/fair.js';
import { fairnessWords } from '../report/balance/fairness.js';
import { buildSummary } from '../report/summary.js';
import { fmtPct, fmtPctInterval } from '../report/format.js';
import { GameWinSource } from '../sim/balance/gameSource.js';
import { FAIR_DEFAULTS, fairConfigProblem, fairTest, type FairConfig } from '../sim/balance/sprt.js';
import { checkReportDir, decimal, playUntilCtrlC, resolveSetup, setupOf, threadsOf, wholeNumber } from './common.js';
import { acrossModels, finishAcrossMatrix, withAcross, type ModelFinding } from './across.js';
import { guarded, UsageError } from './errors.js';
import { checkTeamCanWin, finishCommand, progressLine, reproduceLine, studyText, withBalanceBasics, type BalanceOutputArgs, type SetupArgs, type TeamName } from './study.js';

type FairArgs = SetupArgs &
  BalanceOutputArgs & {
    across?: string[];
    team: TeamName;
    centre: string;
    within: string;
    margin?: string;
    alpha: string;
    beta: string;
    batch: string;
    maxGames: string;
  };

export function fairConfig(a: FairArgs): FairConfig {
  const within = decimal('--within', a.within, 0, 0.5);
  const config: FairConfig = {
    centre: decimal('--centre', a.centre, 0, 1),
    within,
    margin: a.margin !== undefined ? decimal('--margin', a.margin, 0, within, true) : within / 2,
    alpha: decimal('--alpha', a.alpha, 0, 0.5),
    beta: decimal('--beta', a.beta, 0, 0.5),
    batch: wholeNumber('--batch', a.batch, 1, 1_000_000),
    maxGames: wholeNumber('--max-games', a.maxGames, 1),
  };
  const problem = fairConfigProblem(config);
  if (problem) {
    const [first, ...rest] = problem.split(' ');
    throw first!.startsWith('--') ? new UsageError(first!, rest.join(' ')) : new UsageError('--within', problem);
  }
  return config;
}

export async function fairMain(a: FairArgs): Promise<void> {
  await playUntilCtrlC("a sequential test's verdict and its error rates hold at its end only (run it again; a smaller --max-games ends sooner)", (signal) => fairStudies(a, signal));
}

async function fairStudies(a: FairArgs, signal: AbortSignal): Promise<void> {
  const models = acrossModels(a);
  checkReportDir(a.out);
  if (!models) {
    const one = await fairStudy(a, '', signal);
    await finishCommand('fair', a, one.summary, one.section, one.text);
    return;
  }
  const findings: ModelFinding[] = [];
  for (const model of models) findings.push({ model, ...(await fairStudy({ ...a, agents: model.agents }, `[${model.name}] `, signal)) });
  const first = findings[0]!.variants[0]!;
  await finishAcrossMatrix('fair', a, `Fairness of ${first.label} across ${models.length} player models`, findings, {
    command: 'fair',
    rowHeader: 'setup',
    agreeMeans: 'the same verdict',
    valueTitle: `${a.team} win rate (95% interval)`,
    valuePercent: true,
    rows: [{ label: first.label, cells: findings.map((f) => fairCell(f.section.data as FairSection)) }],
  });
}

function fairCell(s: FairSection): AcrossCell {
  return { text: `${fairnessWords(s.verdict)} (${fmtPct(s.rate)} ${fmtPctInterval(s.lo, s.hi)}, ${s.games.toLocaleString('en-US')} games)`, key: s.verdict, answer: fairnessWords(s.verdict), value: { x: s.rate, lo: s.lo, hi: s.hi } };
}

/** One fair test under the agents of `a`: its summary, section and text, not yet written. */
async function fairStudy(a: FairArgs, prefix: string, signal: AbortSignal) {
  const seed = wholeNumber('--seed', a.seed, 0);
  // Small batches: one thread unless asked, so no worker pool is started per batch.
  const threads = a.threads !== undefined ? threadsOf(a) : { threads: 1 };
  const config = fairConfig(a);
  const { rules, agents } = resolveSetup(setupOf(a));
  checkTeamCanWin(a.team, [rules]);
  const label = `${rules.preset} ${rules.players} players`;
  const variant = { label, rules, agents };
  const source = new GameWinSource([variant], a.team, seed, { ...threads, signal });
  const play = source.rateSource();
  const say = progressLine(a);
  let nextReport = 10_000;
  const result = await fairTest(config, async (from, to) => {
    const wins = await play(from, to);
    if (to >= nextReport) {
      say(`${prefix}${to.toLocaleString('en-US')} games…`);
      nextReport += 10_000;
    }
    return wins;
  });
  const section = fairSection(a.team, config, result);
  const summary = buildSummary({
    kind: 'run',
    study: 'fair',
    title: `Fairness of ${label}`,
    ...studyText(a),
    command: reproduceLine(seed),
    seed,
    variants: [variant],
    result: { games: result.games, aggregates: source.aggregates, joint: [] },
    pairs: 'none',
  });
  return { summary, section: fairCommandSection(section), text: fairText(`${summary.title} (rules ${rules.hash}), agents ${agents}, seed ${seed}`, section), variants: [variant], aggregates: source.aggregates };
}

export const fairCommand = {
  command: 'fair',
  describe: 'a sequential test: is the win rate within ±W of 50%? (fewest games, stated error rates)',
  builder: (y: Argv) =>
    withAcross(withBalanceBasics(y))
      .option('within', { type: 'string', default: String(FAIR_DEFAULTS.within), requiresArg: true, describe: 'half-width of the fair band' })
      .option('centre', { type: 'string', default: String(FAIR_DEFAULTS.centre), requiresArg: true, describe: 'centre of the fair band' })
      .option('margin', { type: 'string', requiresArg: true, describe: 'indifference margin around each edge (default: half of --within)' })
      .option('alpha', { type: 'string', default: String(FAIR_DEFAULTS.alpha), requiresArg: true, describe: 'bound on P(says fair) when off by at least within + margin' })
      .option('beta', { type: 'string', default: String(FAIR_DEFAULTS.beta), requiresArg: true, describe: 'bound on P(says not fair) when within within − margin' })
      .option('batch', { type: 'string', default: String(FAIR_DEFAULTS.batch), requiresArg: true, describe: 'games between looks' })
      // `--games` as well: the cap on games is `--games` in every other command (with --precision) and in experiment files.
      .option('max-games', { type: 'string', alias: 'games', default: String(FAIR_DEFAULTS.maxGames), requiresArg: true, describe: 'give up (undecided) after this many games' }),
  handler: guarded(fairMain),
};
