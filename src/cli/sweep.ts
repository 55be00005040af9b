// `mafia-sim sweep --vary key=v1,v2,... | key=lo..hi[:step]`: one or two keys
// (a grid) of rule options, role counts, player counts or agent parameters,
// every point played on the same seeds. Two keys give a heat map.

import type { Argv } from 'yargs';
import { agentsFromArgs, setupOf, withAgents, withRules, withSeed, type AgentArgs } from './common.js';
import { guarded } from './errors.js';
import { executeStudy, parseVary, planSweep, studyHeader, withStudyOutput, type StudyArgs } from './study.js';

export const DEFAULT_SWEEP_GAMES = 10000;

type SweepArgs = { rules: string; players?: string; mafia?: string; set?: string[]; vary: string[] } & StudyArgs & AgentArgs;

export const sweepCommand = {
  command: 'sweep',
  describe: 'vary one or two keys (rule options, roles, players, agent parameters) and chart win rates',
  builder: (y: Argv) =>
    withStudyOutput(withSeed(withAgents(withRules(y))), DEFAULT_SWEEP_GAMES).option('vary', {
      type: 'string',
      array: true,
      demandOption: 'give --vary key=v1,v2,... or key=lo..hi[:step]',
      describe: 'key=v1,v2,... or key=lo..hi[:step]; keys: rule options, roles.<role>, players, mafia, rules, agents, agents.<team|role>, agent-param.<[scope.]key>; one or two (a grid)',
    }),
  handler: guarded(async (a: SweepArgs) => {
    const header = studyHeader(a, DEFAULT_SWEEP_GAMES);
    const varies = a.vary.map((t) => parseVary(t));
    const base = setupOf(a);
    agentsFromArgs(a);
    const { variants, skipped } = planSweep(base, varies);
    await executeStudy(
      {
        kind: 'sweep',
        study: `sweep-${varies.map((v) => v.key).join('-')}`,
        ...header,
        variants,
        pairs: 'none',
        sweepKeys: varies.map((v) => v.key),
        skipped,
      },
      a,
    );
  }),
};
