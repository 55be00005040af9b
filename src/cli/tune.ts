// `mafia-sim tune --team mafia --params KEY,...`: search a team's policy
// parameters for its own best win rate against the other side's current
// players, save the result as a profile, and measure the gain on fresh games.

import { PROFILE_FILE_FORMAT } from '../agents/spec.js';
import { resolve } from 'node:path';
import type { Argv } from 'yargs';
import { parseAgents, type AgentSpec } from '../agents/index.js';
import { PARAM_KEYS, paramSpec, profileParams, renamedParam, type SkillProfile } from '../agents/params.js';
import { didYouMean } from '../engine/spelling.js';
import type { Rules } from '../engine/rules.js';
import { tuneCommandSection, tuneSection, tuneText, type TuneSection } from '../report/balance/tune.js';
import { buildSummary } from '../report/summary.js';
import { roundParam, tune, TUNE_DEFAULTS, type Point, type TuneParam } from '../sim/balance/tune.js';
import { gameEvaluator } from '../sim/balance/tuneSource.js';
import { runGames } from '../sim/run.js';
import { agentsFromArgs, checkOutputFile, checkReportDir, playUntilCtrlC, resolveSetup, setupOf, threadsOf, wholeNumber } from './common.js';
import { guarded, UsageError } from './errors.js';
import { RunInterrupted } from '../sim/errors.js';
import { checkTeamCanWin, claimReportDir, finishCommand, progressLine, reproduceLine, studyText, withBalanceBasics, type BalanceOutputArgs, type SetupArgs, type TeamName } from './study.js';
import { writeProfileFile, type ProfileFile } from './profileFile.js';

export const DEFAULT_TUNE_GAMES = 4000;
export const DEFAULT_TEST_GAMES = 20_000;
export const PROFILE_FORMAT = PROFILE_FILE_FORMAT;

/** Parameter prefixes that only one side's roles read; unprefixed parameters apply to everyone. */
const SIDE_OF_PREFIX: Record<string, TeamName | 'depends'> = {
  commissar: 'town',
  doctor: 'town',
  sergeant: 'town',
  hunt: 'town',
  mafia: 'mafia',
  putana: 'mafia',
  kamikaze: 'mafia',
  maniac: 'depends',
};

/** The profile a scope plays, from the agents spec. */
function scopeProfile(spec: AgentSpec, scope: string, team: TeamName): SkillProfile {
  const a = spec.assignments.get(scope);
  if (a?.kind === 'module') throw new UsageError('--agents', `${scope} plays your module, which has no parameters to tune`);
  const profile = a?.kind === 'profile' ? a.profile : spec.base;
  if (profile === 'random') throw new UsageError('--agents', `${team} plays the random profile, which has no parameters; give --agents ${scope}=club (or novice, expert, strangers)`);
  return profile;
}

/** The listed parameters with their ranges and the team's current values. */
export function tuneParams(text: string, spec: AgentSpec, scope: string, team: TeamName, rules: Rules): { params: TuneParam[]; profile: SkillProfile } {
  const profile = scopeProfile(spec, scope, team);
  const overrides = new Map<string, number>();
  for (const s of ['', scope]) for (const o of spec.params) if (o.scope === s) overrides.set(o.key, o.value);
  const current = profileParams(profile, overrides);
  const keys = text.split(',').map((k) => k.trim()).filter((k) => k !== '');
  if (keys.length === 0) throw new UsageError('--params', 'name one or more policy parameters, e.g. --params readSkill,mafia.blend');
  if (new Set(keys).size !== keys.length) throw new UsageError('--params', 'a parameter is listed twice');
  const params = keys.map((key): TuneParam => {
    const p = paramSpec(key);
    const renamed = renamedParam(key);
    if (renamed) throw new UsageError('--params', `${key}: ${renamed}`);
    if (!p) throw new UsageError('--params', `unknown policy parameter ${JSON.stringify(key)}${didYouMean(key, PARAM_KEYS)}; see mafia-sim players --list`);
    const side = SIDE_OF_PREFIX[key.split('.')[0]!] ?? (key.includes('.') ? undefined : team);
    const maniacSide: TeamName = rules.options['maniac.team'] === 'town' ? 'town' : 'maniac';
    const owner = side === 'depends' ? maniacSide : side;
    if (owner !== undefined && owner !== team) throw new UsageError('--params', `${key} is read by ${owner} players only; it does not change how ${team} plays`);
    return { key, min: p.min, max: p.max, start: current[key]! };
  });
  return { params, profile };
}

/**
 * Agents text in which `scope` plays with these parameter values,
 * canonicalised. A parameter only one side reads (`mafia.blend`) is written
 * without the scope, which reads better and means the same, unless the base
 * text already sets it for the scope (a scoped value would win over it).
 */
export function agentsWith(base: string, scope: string, p: Point): string {
  const scoped = new Set(parseAgents(base).params.filter((o) => o.scope === scope).map((o) => o.key));
  const items = Object.entries(p).map(([k, v]) => {
    const sideOnly = k.includes('.') && SIDE_OF_PREFIX[k.split('.')[0]!] !== undefined;
    return `${sideOnly && !scoped.has(k) ? '' : `${scope}.`}${k}=${roundParam(v)}`;
  });
  return parseAgents([base, ...items].join(',')).canonical;
}

export interface TunedProfileFile extends ProfileFile {
  readonly tunedAgainst: string;
  readonly gain: TuneSection['gain'];
}

function saveProfile(path: string, s: TuneSection, rulesHash: string, seed: number): void {
  const file: TunedProfileFile = {
    format: PROFILE_FILE_FORMAT,
    team: s.scope,
    base: s.profile,
    params: Object.fromEntries(s.params.map((p) => [p.key, p.after])),
    agents: s.agentsTuned,
    tunedAgainst: s.against,
    rulesHash,
    seed,
    gain: s.gain,
  };
  writeProfileFile(path, file);
}

type TuneArgs = SetupArgs & BalanceOutputArgs & { team: TeamName; params: string; games: string; testGames: string; iterations: string; save?: string };

export async function tuneMain(a: TuneArgs): Promise<void> {
  await playUntilCtrlC("no profile saved: the search's answer and its held-out gain come at its end (run it again; fewer --iterations or --games end sooner)", (signal) => tuneStudy(a, signal));
}

async function tuneStudy(a: TuneArgs, signal: AbortSignal): Promise<void> {
  const seed = wholeNumber('--seed', a.seed, 0);
  const threads = threadsOf(a);
  const trainGames = wholeNumber('--games', a.games, 100);
  const testGames = wholeNumber('--test-games', a.testGames, 100);
  const iterations = wholeNumber('--iterations', a.iterations, 1, 100);
  const { rules, agents } = resolveSetup(setupOf(a));
  checkTeamCanWin(a.team, [rules]);
  const spec = agentsFromArgs(a);
  const scope = a.team;
  const { params, profile } = tuneParams(a.params, spec, scope, a.team, rules);
  checkReportDir(a.out);
  if (a.save !== undefined) checkOutputFile('--save', a.save);
  const say = progressLine(a);
  const evaluate = gameEvaluator({ rules, agentsFor: (p) => agentsWith(agents, scope, p), team: a.team, seed, games: trainGames, ...threads, signal });
  let round = 0;
  const result = await tune({ ...TUNE_DEFAULTS, params, iterations }, async (points) => {
    say(`round ${++round}: ${points.length} points × ${trainGames.toLocaleString('en-US')} games`);
    return evaluate(points);
  });
  const agentsTuned = agentsWith(agents, scope, result.best);
  const variants = [
    { label: 'before', rules, agents },
    { label: 'tuned', rules, agents: agentsTuned },
  ];
  const heldOut = await runGames({ variants, seed, games: trainGames + testGames, from: trainGames, to: trainGames + testGames, ...threads, signal });
  if (!heldOut.complete) throw new RunInterrupted('the held-out games');
  const out = a.out ?? (await claimReportDir(`tune-${a.team}`));
  const profileFile = resolve(a.save ?? `${out}/tuned-${a.team}.json`);
  const section = tuneSection({
    team: a.team,
    scope,
    profile,
    against: agents,
    ranges: params,
    result,
    agentsBefore: agents,
    agentsTuned,
    trainGames,
    testGames,
    heldOut,
    profileFile,
  });
  const summary = buildSummary({
    kind: 'compare',
    study: `tune-${a.team}`,
    title: `Tuning ${a.team}'s ${params.map((p) => p.key).join(', ')}`,
    ...studyText(a),
    command: reproduceLine(seed, { '--games': trainGames, '--test-games': testGames }),
    seed,
    variants,
    result: heldOut,
    pairs: 'first',
  });
  await finishCommand(`tune-${a.team}`, { ...a, out }, summary, tuneCommandSection(section), tuneText(`${summary.title}: ${rules.preset}, ${rules.players} players (rules ${rules.hash}), seed ${seed}`, section));
  saveProfile(profileFile, section, rules.hash, seed);
}

export const tuneCommand = {
  command: 'tune',
  describe: "search a team's policy parameters for its best win rate against the other side, and save the result as a profile",
  builder: (y: Argv) =>
    withBalanceBasics(y)
      .option('params', { type: 'string', demandOption: 'give --params KEY,KEY,... (policy parameters; see mafia-sim players --list)', requiresArg: true, describe: 'the parameters to tune, e.g. readSkill,mafia.blend,mafia.fakeClaim' })
      .option('games', { type: 'string', default: String(DEFAULT_TUNE_GAMES), requiresArg: true, describe: 'training games per point (the same games for every point)' })
      .option('test-games', { type: 'string', default: String(DEFAULT_TEST_GAMES), requiresArg: true, describe: 'fresh games on which the gain is measured' })
      .option('iterations', { type: 'string', default: String(TUNE_DEFAULTS.iterations), requiresArg: true, describe: 'search rounds at most' })
      .option('save', { type: 'string', requiresArg: true, describe: 'where to save the tuned profile (default: the report folder, tuned-<team>.json)' }),
  handler: guarded(tuneMain),
};
