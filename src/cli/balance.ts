// `mafia-sim balance`: the value of one knob whose win rate is nearest a
// target (`--vary`), or the nearest-fair setup at each player count
// (`--for-players`), found by a race that spends games where the answer is
// still open; with --adapt (--vary), each setting also at its own
// equilibrium, judged against the first (sim/balance/adapt.ts).

import type { Argv } from 'yargs';
import type { AcrossCell, AcrossMatrixRow } from '../report/balance/across.js';
import { fairnessWords } from '../report/balance/fairness.js';
import { raceCommandSection, raceSection, raceText, type RaceSection } from '../report/balance/race.js';
import { designerSection, designerText, type DesignerTable, type PlayerRow } from '../report/balance/table.js';
import { fmtCount, fmtPct, fmtPctInterval } from '../report/format.js';
import { buildSummary, type SettingValue, type SkippedPoint, type StudySummary, type VariantInput } from '../report/summary.js';
import { GameWinSource } from '../sim/balance/gameSource.js';
import { race, RACE_DEFAULTS, raceConfigProblem, type LookRecord, type RaceConfig, type RaceResult } from '../sim/balance/race.js';
import { setupsForPlayers, type CandidateSpec } from '../sim/balance/setups.js';
import type { Aggregate } from '../sim/aggregate.js';
import { agentsFromArgs, applyAssignment, checkReportDir, decimal, playUntilCtrlC, resolveSetup, setupOf, threadsOf, wholeNumber, type Setup } from './common.js';
import { acrossModels, finishAcrossMatrix, withAcross, type ModelFinding } from './across.js';
import { guarded, isUserError, UsageError } from './errors.js';
import { adaptInterrupted, checkAdapt, checkTeamCanWin, finishCommand, parseRoleList, parseVary, progressLine, reproduceLine, runAdapt, studyText, withAdapt, withBalanceBasics, type AdaptArgs, type BalanceOutputArgs, type SetupArgs, type TeamName } from './study.js';
import { adaptText, withAdaptParts } from '../report/balance/adapt.js';

export interface BalanceCandidate extends VariantInput {
  readonly settings: Record<string, SettingValue>;
}

/** Resolves each candidate; the ones that cannot be played are left out, with the reason. */
export function resolveCandidates(base: Setup, specs: ReadonlyArray<{ label: string; settings: Record<string, SettingValue>; assignments: ReadonlyArray<readonly [string, string]> }>): { playable: BalanceCandidate[]; refused: SkippedPoint[] } {
  const playable: BalanceCandidate[] = [];
  const refused: SkippedPoint[] = [];
  for (const c of specs) {
    try {
      const { rules, agents } = resolveSetup(c.assignments.reduce<Setup>((s, x) => applyAssignment(s, x), base));
      playable.push({ label: c.label, rules, agents, settings: { ...c.settings } });
    } catch (e) {
      if (!isUserError(e)) throw e;
      refused.push({ label: c.label, reason: e.message });
    }
  }
  return { playable, refused };
}

/** `--vary KEY=lo..hi` as candidates: every value, unplayable ones left out. */
export function planVary(base: Setup, text: string): { key: string; playable: BalanceCandidate[]; refused: SkippedPoint[] } {
  const vary = parseVary(text);
  const specs = vary.values.map((v) => ({ label: `${vary.key}=${v}`, settings: { [vary.key]: v }, assignments: [[vary.key, String(v)] as const] }));
  const { playable, refused } = resolveCandidates(base, specs);
  if (playable.length === 0) throw new UsageError(`--vary ${text}`, `no value can be played: ${refused[0]!.reason}`);
  return { key: vary.key, playable, refused };
}

/** `lo..hi` (or one number) as whole numbers. */
export function parsePlayerRange(flag: string, text: string): number[] {
  const m = /^\s*(\d+)\s*(?:\.\.\s*(\d+)\s*)?$/.exec(text);
  const lo = m ? Number(m[1]) : NaN;
  const hi = m ? Number(m[2] ?? m[1]) : NaN;
  if (!(lo >= 3 && hi <= 100 && lo <= hi)) throw new UsageError(flag, `got ${JSON.stringify(text)}; use lo..hi with 3 <= lo <= hi <= 100, e.g. 8..16`);
  return Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
}

function raceConfig(a: BalanceArgs, candidates: number): RaceConfig {
  const config: RaceConfig = {
    candidates,
    target: decimal('--target', a.target, 0, 1),
    alpha: decimal('--alpha', a.alpha, 0, 0.5),
    budget: wholeNumber('--budget', a.budget, 1),
    firstLook: wholeNumber('--first-look', a.firstLook, 1),
    growth: decimal('--growth', a.growth, 1, 10),
  };
  const problem = raceConfigProblem(config);
  if (problem) throw new UsageError('--budget', problem);
  return config;
}

/** How the games are played: threads, and the Ctrl-C signal that stops them. */
type PlayOptions = { threads?: number; signal?: AbortSignal };

async function runRace(config: RaceConfig, variants: readonly VariantInput[], team: TeamName, seed: number, threads: PlayOptions, say: (t: string) => void, prefix = ''): Promise<{ result: RaceResult; aggregates: Aggregate[] }> {
  const source = new GameWinSource(variants, team, seed, threads);
  const onLook = (l: LookRecord, i: number) =>
    say(`${prefix}look ${i}: ${fmtCount(l.games)} games each; open: ${l.open.map((c) => variants[c]!.label).join(', ')}${l.dropped.length > 0 ? `; dropped ${l.dropped.map((c) => variants[c]!.label).join(', ')}` : ''}`);
  const result = await race(config, source, onLook);
  return { result, aggregates: source.aggregates };
}

/** The standard summary of the setups a race played (each with its own game count). */
function raceStudy(kind: 'sweep' | 'compare', study: string, title: string, io: BalanceOutputArgs, seed: number, variants: readonly VariantInput[], aggregates: readonly Aggregate[], extra: { sweepKeys?: string[]; skipped?: SkippedPoint[] } = {}): StudySummary {
  return buildSummary({
    kind,
    study,
    title,
    ...studyText(io),
    command: reproduceLine(seed),
    seed,
    variants,
    result: { games: Math.max(0, ...aggregates.map((x) => x.games)), aggregates, joint: [] },
    pairs: 'none',
    ...extra,
  });
}

type BalanceArgs = SetupArgs &
  BalanceOutputArgs & {
    vary?: string;
    forPlayers?: string;
    tryRoles?: string;
    team: TeamName;
    target: string;
    alpha: string;
    budget: string;
    firstLook: string;
    growth: string;
    across?: string[];
  } & AdaptArgs;

export async function balanceMain(a: BalanceArgs): Promise<void> {
  await playUntilCtrlC("a race's answer comes at its end, and a race stopped by hand has none (run it again; a smaller --budget ends sooner)", (signal) => balanceStudies(a, signal));
}

async function balanceStudies(a: BalanceArgs, signal: AbortSignal): Promise<void> {
  const seed = wholeNumber('--seed', a.seed, 0);
  const threads: PlayOptions = { ...threadsOf(a), signal };
  agentsFromArgs(a);
  if ((a.vary === undefined) === (a.forPlayers === undefined)) throw new UsageError('--vary', 'give either --vary KEY=lo..hi or --for-players lo..hi (exactly one)');
  checkAdapt(a);
  if (a.adapt && a.forPlayers !== undefined) throw new UsageError('--adapt', "goes with --vary (each setting at its own equilibrium); for a player count's setups, use compare --adapt, one --variant a setup");
  checkReportDir(a.out);
  const study = a.vary !== undefined ? balanceVary : balanceForPlayers;
  const models = acrossModels(a);
  if (!models) {
    const one = await study(a, seed, threads, progressLine(a));
    if (!a.adapt) return void (await finishCommand(one.study, a, one.summary, one.section, one.text));
    // Each setting the race checked at its own equilibrium, each judged against the first (the first value of --vary).
    const adapt = await runAdapt(one.variants, one.variants.slice(1).map((_, i) => [0, i + 1] as const), a, signal);
    const section = withAdaptParts({ ...one.section, data: { ...(one.section.data as object), adapt } }, adapt);
    const report = await finishCommand(one.study, a, one.summary, section, `${one.text}\n${adaptText(adapt)}`);
    if (!adapt.complete) adaptInterrupted(report.html);
    return;
  }
  const findings: (ModelFinding & { rows: AcrossMatrixRow[]; title: string; studyName: string })[] = [];
  for (const model of models) {
    const say = progressLine(a);
    const one = await study({ ...a, agents: model.agents }, seed, threads, (t) => say(`[${model.name}] ${t}`));
    findings.push({ model, ...one, studyName: one.study });
  }
  const rows = findings[0]!.rows.map((r, i) => ({ label: r.label, cells: findings.map((f) => f.rows[i]!.cells[0]!) }));
  const title = `${findings[0]!.title} across ${models.length} player models`;
  await finishAcrossMatrix(findings[0]!.studyName, a, title, findings, { command: 'balance', rowHeader: a.vary !== undefined ? 'knob' : 'players', agreeMeans: 'the same nearest setting', valueTitle: `${a.team} win rate of the nearest setting (95% interval)`, valuePercent: true, rows });
}

/** The race's pick as one model's answer: agreement is on the picked setting. */
function raceCell(s: RaceSection): AcrossCell {
  const best = s.candidates[s.best]!;
  const sure = s.decided ? '' : ', not decided';
  return { text: `${s.recommendation} (${fmtPct(best.rate)} ${fmtPctInterval(best.lo, best.hi)}${sure}, ${fairnessWords(s.fairness.verdict)})`, key: s.recommendation, value: { x: best.rate, lo: best.lo, hi: best.hi } };
}

async function balanceVary(a: BalanceArgs, seed: number, threads: PlayOptions, say: (t: string) => void) {
  if (Array.isArray(a.vary)) throw new UsageError('--vary', 'balance turns one knob; give --vary once');
  if (a.tryRoles !== undefined) throw new UsageError('--try-roles', 'goes with --for-players only');
  const { key, playable, refused } = planVary(setupOf(a), a.vary!);
  checkTeamCanWin(a.team, playable.map((c) => c.rules));
  const config = raceConfig(a, playable.length);
  const { result, aggregates } = await runRace(config, playable, a.team, seed, threads, say);
  const section = raceSection({ team: a.team, config, result, labels: playable.map((c) => c.label), settings: playable.map((c) => c.settings), refused });
  const title = `Balance of ${key}: ${a.team} win rate nearest ${fmtPct(config.target)}`;
  const summary = raceStudy('sweep', `balance-${key}`, title, a, seed, playable, aggregates, { sweepKeys: [key], skipped: refused });
  const text = raceText(`${summary.title} (${playable[0]!.rules.preset}, agents ${playable[0]!.agents}, seed ${seed})`, section);
  const rows: AcrossMatrixRow[] = [{ label: key, cells: [raceCell(section)] }];
  return { study: `balance-${key}`, title, summary, section: raceCommandSection(section), text, variants: playable, aggregates, rows };
}

async function balanceForPlayers(a: BalanceArgs, seed: number, threads: PlayOptions, say: (t: string) => void) {
  if (a.players !== undefined || a.mafia !== undefined) throw new UsageError(a.players !== undefined ? '--players' : '--mafia', '--for-players searches the players and mafia counts itself; leave this flag out');
  const counts = parsePlayerRange('--for-players', a.forPlayers!);
  const tryRoles = parseRoleList('--try-roles', a.tryRoles);
  const base = setupOf(a);
  const planned = counts.map((n) => ({ n, ...resolveCandidates(base, setupsForPlayers(n, tryRoles).map(asCandidate)) }));
  if (planned.every((p) => p.playable.length === 0)) throw new UsageError('--for-players', `no setup can be played at ${a.forPlayers} players: ${planned[0]!.refused[0]?.reason ?? 'none'}`);
  checkTeamCanWin(a.team, planned.flatMap((p) => p.playable.map((c) => c.rules)));
  const configs = planned.map((p) => (p.playable.length > 0 ? raceConfig(a, p.playable.length) : null));
  const rows: PlayerRow[] = [];
  const chosen: VariantInput[] = [];
  const chosenAggregates: Aggregate[] = [];
  for (const [i, p] of planned.entries()) {
    const config = configs[i];
    if (!config) {
      rows.push({ players: p.n, race: null, note: p.refused[0]?.reason ?? 'no setup' });
      continue;
    }
    const { result, aggregates } = await runRace(config, p.playable, a.team, seed, threads, say, `${p.n} players, `);
    const section = raceSection({ team: a.team, config, result, labels: p.playable.map((c) => c.label), settings: p.playable.map((c) => c.settings) });
    rows.push({ players: p.n, race: section });
    const best = p.playable[result.best]!;
    chosen.push({ ...best, label: `${p.n} players: ${best.label}` });
    chosenAggregates.push(aggregates[result.best]!);
  }
  const first = configs.find((c) => c)!;
  const table: DesignerTable = { team: a.team, target: first.target, alpha: first.alpha, budgetPerRow: first.budget, tryRoles, rows };
  const title = `Nearest setup for ${counts[0]}–${counts[counts.length - 1]} players (${a.team} win rate nearest ${fmtPct(first.target)})`;
  const summary = raceStudy('compare', 'balance-table', title, a, seed, chosen, chosenAggregates);
  const text = designerText(`${title}, ${chosen[0]!.rules.preset}, agents ${chosen[0]!.agents}, seed ${seed}`, table);
  const matrixRows: AcrossMatrixRow[] = rows.map((r) => ({ label: `${r.players} players`, cells: [r.race ? raceCell(r.race) : { text: r.note ?? 'no setup', key: null }] }));
  return { study: 'balance-table', title, summary, section: designerSection(table), text, variants: chosen, aggregates: chosenAggregates, rows: matrixRows };
}

function asCandidate(c: CandidateSpec) {
  return { label: c.label, settings: { ...c.settings } as Record<string, SettingValue>, assignments: c.assignments };
}

export const balanceCommand = {
  command: 'balance',
  describe: 'find the setting whose win rate is nearest a target, spending games where the answer is still open',
  builder: (y: Argv) =>
    withAdapt(withAcross(withBalanceBasics(y)))
      .option('vary', { type: 'string', requiresArg: true, describe: 'the knob: KEY=lo..hi[:step] or KEY=v1,v2,...; keys: mafia, players, roles.<role>, rule options, agent-param.<key>' })
      .option('for-players', { type: 'string', requiresArg: true, describe: 'instead of --vary: the nearest-fair mafia count at each player count lo..hi' })
      .option('try-roles', { type: 'string', requiresArg: true, describe: 'with --for-players: also try each of these roles on and off, e.g. doctor,commissar' })
      .option('target', { type: 'string', default: '0.5', requiresArg: true, describe: 'the win rate to get nearest to' })
      .option('alpha', { type: 'string', default: String(RACE_DEFAULTS.alpha), requiresArg: true, describe: 'chance of a wrong "decided" (0.05: decided at 95%)' })
      .option('budget', { type: 'string', default: String(RACE_DEFAULTS.budget), requiresArg: true, describe: 'games over all candidates (per player count with --for-players)' })
      .option('first-look', { type: 'string', default: String(RACE_DEFAULTS.firstLook), requiresArg: true, describe: 'games per candidate before the first look' })
      .option('growth', { type: 'string', default: String(RACE_DEFAULTS.growth), requiresArg: true, describe: 'each look plays this many times the games of the one before' }),
  handler: guarded(balanceMain),
};
