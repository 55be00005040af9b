// `mafia-sim calibrate --records R [--rules FILE] --params a,b`: fits player
// parameters to recorded games by simulated moments on common random
// numbers (src/sim/calibrate/fit.ts), prints the fit table and the
// parameters with their standard errors, optionally the same table against
// held-out records, and saves a profile `--agents SCOPE=FILE.json` loads.
// Each point plays the records' own setups (the rules they name unless
// `--rules` is given), as `records compare` does.

import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import type { Argv } from 'yargs';
import { parseAgents, type AgentSpec } from '../agents/index.js';
import { PARAM_KEYS, paramSpec, profileParams, renamedParam, type SkillProfile } from '../agents/params.js';
import { PROFILE_FILE_FORMAT, SCOPES, roleScope, scopeOf } from '../agents/spec.js';
import { didYouMean } from '../engine/spelling.js';
import { ROLES, Team } from '../engine/roles.js';
import { calibrateText } from '../report/calibrate/text.js';
import type { Point, TuneParam } from '../sim/balance/tune.js';
import { FIT_DEFAULTS, fitMoments, type FitResult } from '../sim/calibrate/fit.js';
import { DEFAULT_MOMENTS, MOMENT_NAMES, momentRows, objective, type MomentRow } from '../sim/calibrate/moments.js';
import { removeFoldersLeftEmpty } from '../sim/files.js';
import { progressBar } from '../sim/progress.js';
import { describeRecordSet } from '../report/records/text.js';
import { loadRecordSet, type RecordSet } from '../sim/records/load.js';
import { groupBySetup } from '../sim/records/setups.js';
import { RecordRunner, SimulationAborted } from '../sim/records/simulate.js';
import { statistics, tallyRecords, type StatisticsJSON } from '../sim/records/stats.js';
import { SCHEMA_VERSIONS } from '../sim/schemaVersions.js';
import { agentsFromArgs, checkGamesCoverSetups, checkOutputFile, recordSetups, setupLines, setupsTitle, stopOnInterrupt, withAgents, withRules, withSeed, wholeNumber, type AgentArgs, type RecordSetups } from './common.js';
import { EXIT_INTERRUPTED, UsageError, guarded } from './errors.js';
import type { CalibrateJson, CalibrateRow } from './outputs.js';
import { writeProfileFile, type ProfileFile } from './profileFile.js';

export const DEFAULT_CALIBRATE_GAMES = 4000;

interface CalibrateArgs extends AgentArgs {
  records?: string;
  holdout?: string;
  rules?: string;
  players?: string;
  mafia?: string;
  set?: string[];
  params?: string;
  moments?: string;
  games: string;
  seed: string;
  threads?: string;
  iterations: string;
  save?: string;
  json: boolean;
  quiet: boolean;
}

/** A fitted parameter: `key` is the name as given (`readSkill`, `town.readSkill`), the point's key. */
interface FitParam extends TuneParam {
  /** '' for every seat, else a team or role scope. */
  readonly scope: string;
  readonly param: string;
}

function once(flag: string, raw: unknown): string | undefined {
  if (Array.isArray(raw)) throw new UsageError(flag, `given ${raw.length} times; give it once (a comma-separated list where it takes several)`);
  return raw === undefined ? undefined : String(raw);
}

function readRecordSet(flag: string, path: string): { set: RecordSet; stats: StatisticsJSON } {
  const set = loadRecordSet(path, flag);
  return { set, stats: statistics(tallyRecords(set.records.map((l) => l.record))) };
}

/** Whether two plans play the same setups in the same proportions (then a holdout needs no games of its own). */
function samePlan(a: RecordSetups, b: RecordSetups): boolean {
  if (a.setups.length !== b.setups.length) return false;
  const [wa, wb] = [a.setups, b.setups].map((p) => p.reduce((n, x) => n + x.weight, 0));
  return a.setups.every((x, i) => x.rules.hash === b.setups[i]!.rules.hash && x.weight * wb! === b.setups[i]!.weight * wa!);
}

function listOf(text: string): string[] {
  return text.split(',').map((k) => k.trim()).filter((k) => k !== '');
}

/** The scope and table key of a `--params` entry: `KEY` (everyone) or `SCOPE.KEY`, read as `--agents` reads them. */
function splitParam(name: string): { scope: string; param: string } {
  if (paramSpec(name)) return { scope: '', param: name };
  const dot = name.indexOf('.');
  const scope = dot > 0 ? scopeOf(name.slice(0, dot)) : undefined;
  if (scope !== undefined && paramSpec(name.slice(dot + 1))) return { scope, param: name.slice(dot + 1) };
  const renamed = renamedParam(name) ?? (scope === undefined ? undefined : renamedParam(name.slice(dot + 1), name.slice(0, dot + 1)));
  if (renamed) throw new UsageError('--params', `${name}: ${renamed}`);
  const scoped = scope !== undefined ? PARAM_KEYS.map((k) => `${name.slice(0, dot)}.${k}`) : [];
  throw new UsageError('--params', `unknown parameter ${JSON.stringify(name)}${didYouMean(name, [...PARAM_KEYS, ...scoped])}; parameters are listed in README.md (The players), optionally with a team or role first (town.readSkill)`);
}

/** The profile a scope's seats play ('' = the base), for a start value and the saved profile. */
function profileOfScope(spec: AgentSpec, scope: string): SkillProfile | 'random' | 'module' {
  let a = scope === '' ? undefined : spec.assignments.get(scope);
  if (!a && scope !== '') {
    const role = ROLES.find((r) => roleScope(r.id) === scope);
    const team = role ? (role.team === Team.Town ? 'town' : role.team === Team.Mafia ? 'mafia' : undefined) : undefined;
    if (team) a = spec.assignments.get(team);
  }
  if (a?.kind === 'module') return 'module';
  return a ? a.profile : spec.base;
}

export function calibrateParams(text: string, spec: AgentSpec): FitParam[] {
  const names = listOf(text);
  if (names.length === 0) throw new UsageError('--params', 'name one or more player parameters, e.g. --params readSkill,vigilante.fireOdds');
  if (new Set(names).size !== names.length) throw new UsageError('--params', 'a parameter is listed twice');
  return names.map((name): FitParam => {
    const { scope, param } = splitParam(name);
    const s = paramSpec(param)!;
    if (!(Number.isFinite(s.min) && Number.isFinite(s.max) && s.max > s.min)) throw new UsageError('--params', `${name} has no numeric range to fit (from ${s.min} to ${s.max}); pick a parameter with a range`);
    const profile = profileOfScope(spec, scope);
    const who = scope === '' ? 'the base players' : scope;
    if (profile === 'module') throw new UsageError('--agents', `${who} play your module, which has no parameters to fit; fit another scope's ${param}`);
    if (profile === 'random') throw new UsageError('--agents', `${who} play the random profile, which has no parameters; give --agents club (or novice, expert, strangers)`);
    if (scope === '') {
      const shadow = spec.params.find((o) => o.scope !== '' && o.key === param);
      if (shadow) throw new UsageError('--params', `--agents sets ${shadow.scope}.${param}, which overrides an everyone value of ${param}; fit ${shadow.scope}.${param}, or drop it from --agents`);
    }
    const overrides = new Map<string, number>();
    for (const sc of ['', scope]) for (const o of spec.params) if (o.scope === sc) overrides.set(o.key, o.value);
    return { key: name, scope, param, min: s.min, max: s.max, start: profileParams(profile, overrides)[param]! };
  });
}

/** The moments to fit: --moments as given (each must be in the records), or the default list where the records hold it. */
function chooseMoments(text: string | undefined, records: StatisticsJSON, recordsPath: string): { moments: string[]; explicit: boolean; dropped: string[] } {
  if (text === undefined) {
    const moments = DEFAULT_MOMENTS.filter((m) => records.statistics[m]!.n > 0);
    return { moments, explicit: false, dropped: DEFAULT_MOMENTS.filter((m) => !moments.includes(m)) };
  }
  const names = listOf(text);
  if (names.length === 0) throw new UsageError('--moments', `name one or more statistics, e.g. --moments ${DEFAULT_MOMENTS.slice(0, 3).join(',')}`);
  if (new Set(names).size !== names.length) throw new UsageError('--moments', 'a statistic is listed twice');
  for (const m of names) if (!MOMENT_NAMES.includes(m)) throw new UsageError('--moments', `unknown statistic ${JSON.stringify(m)}${didYouMean(m, MOMENT_NAMES)}; the names are those of \`mafia-sim records stats\``);
  const lacking = names.filter((m) => records.statistics[m]!.n === 0);
  if (lacking.length > 0) {
    const rest = names.filter((m) => !lacking.includes(m));
    throw new UsageError('--records', `${recordsPath} holds no data for ${lacking.join(', ')}; ${rest.length > 0 ? `drop it: --moments ${rest.join(',')}` : 'give statistics these records hold (see `mafia-sim records stats`)'}`);
  }
  return { moments: names, explicit: true, dropped: [] };
}

/** Agents text for a point: the base with each fitted value, canonical. */
function agentsAt(base: string, point: Point): string {
  return parseAgents([base, ...Object.entries(point).map(([k, v]) => `${k}=${v}`)].join(',')).canonical;
}

interface ProfilePlan {
  readonly scope: string;
  readonly base: SkillProfile;
}

/** What `--save` will save, checked before any game is played. */
function profilePlan(params: readonly FitParam[], spec: AgentSpec): ProfilePlan {
  const scopes = [...new Set(params.map((p) => p.scope))];
  if (scopes.length > 1) throw new UsageError('--save', `a profile file holds one scope's parameters, and these are for ${scopes.map((s) => s || 'everyone').join(' and ')}; fit one scope's parameters (or everyone's) to save a profile`);
  const scope = scopes[0]!;
  if (scope === '' && (spec.assignments.size > 0 || spec.params.some((o) => o.scope !== ''))) {
    throw new UsageError('--save', `--agents ${spec.canonical} plays different players by team or role, and a profile for everyone holds one profile; give one profile with everyone's parameters (e.g. --agents club,noise=0.5), or fit one scope (town.readSkill)`);
  }
  return { scope, base: profileOfScope(spec, scope) as SkillProfile };
}

interface CalibratedProfile extends ProfileFile {
  readonly calibratedOn: string;
  readonly games: number;
  readonly moments: readonly string[];
  readonly fit: { readonly objective: number; readonly se: Record<string, number | null> };
}

function saveProfile(path: string, plan: ProfilePlan, spec: AgentSpec, fit: FitResult, info: { agents: string; rulesHash: string; seed: number; records: string; games: number; moments: readonly string[] }): void {
  const params: Record<string, number> = {};
  for (const sc of ['', plan.scope]) for (const o of spec.params) if (o.scope === sc) params[o.key] = o.value;
  for (const p of fit.params) params[splitParam(p.key).param] = p.value;
  const file: CalibratedProfile = {
    format: PROFILE_FILE_FORMAT,
    team: plan.scope === '' ? 'everyone' : plan.scope,
    base: plan.base,
    params,
    agents: info.agents,
    rulesHash: info.rulesHash,
    seed: info.seed,
    calibratedOn: info.records,
    games: info.games,
    moments: info.moments,
    fit: { objective: fit.objective, se: Object.fromEntries(fit.params.map((p) => [p.key, p.se])) },
  };
  writeProfileFile(path, file);
}

/** The --agents text that plays the saved profile: the file alone (every seat, a loner Maniac too), or the base with the scope's seats from the file. */
function loadWith(plan: ProfilePlan, spec: AgentSpec, file: string): string {
  return plan.scope === '' ? file : `${spec.canonical},${plan.scope}=${file}`;
}

function rowsJSON(rows: readonly MomentRow[]): Record<string, CalibrateRow> {
  const side = (s: MomentRow['records']) => ({ k: s.k, n: s.n, rate: s.rate });
  return Object.fromEntries(rows.map((r) => [r.name, { records: side(r.records), sim: side(r.sim), z: r.z }]));
}

/** What a missing required flag is told (by yargs before the handler runs, and by the handler for a library caller). */
const MISSING = {
  records: 'missing; give a folder of records or a record file in the format of docs/records.md (a clone of the repository has data/mafia-allstars; the package leaves it out)',
  params: 'missing; name the player parameters to fit, e.g. --params readSkill,vigilante.fireOdds',
} as const;

export async function calibrateMain(a: CalibrateArgs): Promise<void> {
  const recordsPath = once('--records', a.records);
  if (recordsPath === undefined) throw new UsageError('--records', MISSING.records);
  const paramsText = once('--params', a.params);
  if (paramsText === undefined) throw new UsageError('--params', MISSING.params);
  const rulesArg = once('--rules', a.rules);
  const holdoutPath = once('--holdout', a.holdout);
  const outPath = once('--save', a.save);
  const games = wholeNumber('--games', a.games, 10);
  const seed = wholeNumber('--seed', a.seed, 0);
  const iterations = wholeNumber('--iterations', a.iterations, 0, 1000);
  const threads = a.threads === undefined ? availableParallelism() : wholeNumber('--threads', a.threads, 1, 1024);
  const agents = agentsFromArgs(a).canonical;
  const spec = parseAgents(agents);
  const params = calibrateParams(paramsText, spec);
  const plan = outPath !== undefined ? profilePlan(params, spec) : null;
  if (outPath !== undefined) checkOutputFile('--save', outPath);
  const recs = readRecordSet('--records', recordsPath);
  const holdout = holdoutPath !== undefined ? readRecordSet('--holdout', holdoutPath) : null;
  const setupArgs = { ...(rulesArg !== undefined ? { rules: rulesArg } : {}), ...(a.players !== undefined ? { players: a.players } : {}), ...(a.mafia !== undefined ? { mafia: a.mafia } : {}), set: a.set ?? [] };
  const setups = recordSetups(groupBySetup(recs.set.records), setupArgs);
  const holdoutSetups = holdout ? recordSetups(groupBySetup(holdout.set.records), setupArgs) : null;
  checkGamesCoverSetups('--games', games, setups, recs.set.records.length);
  if (holdout && holdoutSetups) checkGamesCoverSetups('--games', games, holdoutSetups, holdout.set.records.length);
  const holdoutOwnGames = holdoutSetups !== null && !samePlan(setups, holdoutSetups);
  const chosen = chooseMoments(once('--moments', a.moments), recs.stats, recordsPath);

  const { signal, release } = stopOnInterrupt();
  if (!a.quiet) {
    process.stderr.write(`calibrate: ${params.length} parameter${params.length === 1 ? '' : 's'}, ${chosen.moments.length} statistics, ${games.toLocaleString('en-US')} games per point, ${threads} thread${threads === 1 ? '' : 's'}\n`);
    for (const note of [...setups.notes, ...(holdoutSetups?.notes ?? [])]) process.stderr.write(`calibrate: note: ${note}\n`);
  }
  const runner = await RecordRunner.open(setups.setups, threads, signal);
  let doing = 'starting';
  const t0 = performance.now();
  let played = 0;
  const memo = new Map<string, StatisticsJSON>();
  const evaluate = async (points: readonly Point[], phase: string): Promise<StatisticsJSON[]> => {
    doing = `${phase}, ${points.length} × ${games.toLocaleString('en-US')} games`;
    const bar = progressBar({ quiet: a.quiet || a.json, label: phase, signal });
    const total = points.length * games;
    let done = 0;
    try {
      return await Promise.all(
        points.map(async (p) => {
          const text = agentsAt(agents, p);
          const hit = memo.get(text);
          if (hit) return hit;
          const s = statistics(await runner.tally(text, seed, games, (n) => bar.update({ done: (done += n), total, resumed: 0 })));
          played += games;
          memo.set(text, s);
          return s;
        }),
      );
    } finally {
      bar.stop();
    }
  };
  let fit: FitResult | null = null;
  let holdoutSim: StatisticsJSON | null = null;
  let moments = chosen.moments;
  let interrupted = false;
  try {
    const start: Point = Object.fromEntries(params.map((p) => [p.key, p.start]));
    const [startStats] = await evaluate([start], 'the starting point');
    const silent = moments.filter((m) => startStats!.statistics[m]!.n === 0);
    if (silent.length > 0 && chosen.explicit) throw new UsageError('--moments', `the simulated games of these rules give no data for ${silent.join(', ')}; drop it from --moments`);
    moments = moments.filter((m) => !silent.includes(m));
    const dropped = [...chosen.dropped, ...silent];
    if (dropped.length > 0 && !a.quiet) process.stderr.write(`calibrate: left out (no data in the records or the simulation): ${dropped.join(', ')}\n`);
    if (moments.length < params.length) throw new UsageError('--params', `${params.length} parameters but only ${moments.length} statistics to fit them to; fit at most ${moments.length}`);
    fit = await fitMoments({ ...FIT_DEFAULTS, iterations, params, moments, records: recs.stats, simGames: games }, evaluate);
    // A holdout of other setups (or other proportions) is played on its own setups: like with like.
    if (holdoutOwnGames && holdoutSetups) {
      doing = `the holdout's setups, ${games.toLocaleString('en-US')} games`;
      holdoutSim = statistics(await runner.tallyOn(holdoutSetups.setups, agentsAt(agents, fit.best), seed, games));
      played += games;
    }
  } catch (e) {
    if (!(e instanceof SimulationAborted)) throw e;
    interrupted = true;
  } finally {
    release();
    await runner.close();
  }
  if (interrupted || fit === null) {
    removeFoldersLeftEmpty();
    process.stderr.write(`mafia-sim: interrupted during ${doing}; nothing written${outPath !== undefined ? ` (no profile at ${outPath})` : ''}\n`);
    process.exit(EXIT_INTERRUPTED);
  }
  const seconds = (performance.now() - t0) / 1000;
  if (!a.quiet) process.stderr.write(`calibrate: ${played.toLocaleString('en-US')} games in ${seconds.toFixed(1)} s (${Math.round(played / Math.max(seconds, 1e-9)).toLocaleString('en-US')} games/s, ${threads} thread${threads === 1 ? '' : 's'})\n`);

  const fitted = agentsAt(agents, fit.best);
  const holdoutRows = holdout ? momentRows(moments, holdout.stats, holdoutSim ?? fit.sim) : null;
  const single = setups.setups.length === 1 ? setups.setups[0]!.rules : null;
  const hashes = setups.setups.map((x) => x.rules.hash).join(',');
  let profile: { path: string; loadWith: string } | null = null;
  if (outPath !== undefined && plan) {
    const path = resolve(outPath);
    saveProfile(path, plan, spec, fit, { agents: fitted, rulesHash: hashes, seed, records: recordsPath, games, moments });
    profile = { path, loadWith: loadWith(plan, spec, outPath) };
  }
  if (a.json) {
    const presets = [...new Set(setups.setups.map((x) => x.rules.preset))];
    const out: CalibrateJson = {
      schemaVersion: SCHEMA_VERSIONS.calibrate,
      records: { source: recordsPath, games: recs.set.records.length, leftOut: recs.set.leftOut.length },
      // players and hash are the one setup's; with several, null, and each setup is in setups.
      rules: { source: setups.label, namedByRecords: setups.named, preset: presets.length === 1 ? presets[0]! : null, players: single?.players ?? null, hash: single?.hash ?? null },
      setups: setups.setups.map((x) => ({ players: x.rules.players, mafia: x.mafia, records: x.weight, hash: x.rules.hash })),
      notes: setups.notes,
      baseAgents: agents,
      seed,
      games,
      moments,
      params: Object.fromEntries(fit.params.map((p) => [p.key, { value: p.value, se: p.se, start: p.start, min: p.min, max: p.max }])),
      objective: { fit: fit.objective, start: fit.startObjective },
      search: { rounds: fit.rounds.length, evaluations: fit.evaluations, games: fit.evaluations * games, stoppedBy: fit.stoppedBy },
      agents: fitted,
      fit: rowsJSON(fit.rows),
      holdout: holdout && holdoutRows && holdoutPath !== undefined ? { source: holdoutPath, games: holdout.set.records.length, ownGames: holdoutOwnGames, objective: objective(holdoutRows), fit: rowsJSON(holdoutRows) } : null,
      profile,
    };
    process.stdout.write(JSON.stringify(out) + '\n');
    return;
  }
  process.stdout.write(
    calibrateText({
      title: [
        `Calibrating ${params.map((p) => p.key).join(', ')}: ${setupsTitle(setups)}${single ? `, rules ${single.hash}` : ''}, agents ${agents}, seed ${seed}`,
        `records ${describeRecordSet(recordsPath, recs.set)}`,
        ...setupLines(setups, games),
        ...setups.notes.map((n) => `note: ${n}`),
      ].join('\n'),
      fit,
      games,
      agents: fitted,
      holdout: holdout && holdoutRows ? { title: `Holdout: records ${describeRecordSet(holdoutPath!, holdout.set)}, against the fitted players${holdoutOwnGames ? ` on the holdout's own setups (${games.toLocaleString('en-US')} games)` : ''}`, rows: holdoutRows } : null,
      profile,
    }),
  );
}

export const calibrateCommand = {
  command: 'calibrate',
  describe: "fit player parameters to recorded games (simulated moments on common random numbers) and save them as a profile",
  builder: (y: Argv) =>
    withSeed(withAgents(withRules(y)))
      // No default rules: the records' own rules are played, or --rules names them (records fitted to a game they were not played by would fit nonsense).
      .default('rules', undefined)
      .option('rules', { type: 'string', requiresArg: true, describe: 'club, forum, classic, or a rules file, played at each record\'s own table (default: the rules the records name)' })
      .option('records', { type: 'string', requiresArg: true, demandOption: MISSING.records, describe: 'the records to fit: a folder (read recursively), one record file (or an mturk-mafia games.json), or FOLDER@i/n (the i-th of n interleaved folds); each record\'s own setup is played' })
      .option('params', { type: 'string', requiresArg: true, demandOption: MISSING.params, describe: `the parameters to fit, comma-separated; KEY for every seat or SCOPE.KEY for a team or role (${SCOPES.slice(0, 3).join(', ')}, ...)` })
      .option('moments', { type: 'string', requiresArg: true, describe: `the statistics to match (default: ${DEFAULT_MOMENTS.join(', ')}, where the records hold them)` })
      .option('games', { type: 'string', default: String(DEFAULT_CALIBRATE_GAMES), requiresArg: true, describe: 'simulated games per point (the same games for every point)' })
      .option('iterations', { type: 'string', default: String(FIT_DEFAULTS.iterations), requiresArg: true, describe: 'search rounds at most' })
      .option('threads', { type: 'string', requiresArg: true, describe: 'worker threads (default: one per core); never changes a result' })
      .option('holdout', { type: 'string', requiresArg: true, describe: 'records the fit does not see: the same table against them' })
      // `--save`, as tune calls it; `--out` (its first name) stays an alias, as scripts may use it.
      .option('save', { type: 'string', alias: 'out', requiresArg: true, describe: 'save the fitted profile here (loaded with --agents FILE.json, or SCOPE=FILE.json); only when the fit completes; --out is the old name' })
      .option('json', { type: 'boolean', default: false, describe: 'print one JSON object on stdout instead of the tables' })
      .option('quiet', { type: 'boolean', default: false, describe: 'no progress on stderr' }),
  handler: guarded(calibrateMain),
};
