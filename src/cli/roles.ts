// `mafia-sim roles`: the value of each role to a team in a base setup, as
// the paired change in its win rate from one more or one fewer of the role,
// and as points on a scale where a Civilian is +1; with --adapt, each
// role's change also at equilibrium, judged (sim/balance/adapt.ts).

import type { Argv } from 'yargs';
import type { AcrossCell } from '../report/balance/across.js';
import { pointsText, rolesCommandSection, rolesText, roleValues, type RoleValue, type RoleValues } from '../report/balance/roles.js';
import { buildSummary } from '../report/summary.js';
import { roleVariants } from '../sim/balance/roleVariants.js';
import { progressBar } from '../sim/progress.js';
import { runGames } from '../sim/run.js';
import { checkReportDir, playUntilCtrlC, resolveSetup, setupOf, threadsOf, wholeNumber } from './common.js';
import { acrossModels, finishAcrossMatrix, interruptedModel, withAcross, type ModelFinding } from './across.js';
import { guarded, Interrupted, UsageError } from './errors.js';
import { adaptInterrupted, checkAdapt, checkTeamCanWin, finishCommand, keptPartOf, parseRoleList, reproduceLine, runAdapt, studyText, withAdapt, withBalanceBasics, type AdaptArgs, type BalanceOutputArgs, type SetupArgs, type TeamName } from './study.js';
import { adaptText, withAdaptParts } from '../report/balance/adapt.js';
import type { AdaptFindings } from '../sim/balance/adapt.js';
import type { RoleChange } from '../sim/balance/roleVariants.js';
import type { Rules } from '../engine/rules.js';

export const DEFAULT_ROLES_GAMES = 20_000;

type RolesArgs = SetupArgs & BalanceOutputArgs & AdaptArgs & { team: TeamName; games: string; only?: string; across?: string[] };

export async function rolesMain(a: RolesArgs): Promise<void> {
  await playUntilCtrlC('the games were stopped', (signal) => rolesStudies(a, signal));
}

/**
 * Ctrl-C keeps the games finished: every setup has played the same first
 * games, so role values on those (marked interrupted) still compare like
 * with like. Across models nothing is kept: the verdict needs them all.
 */
async function rolesStudies(a: RolesArgs, signal: AbortSignal): Promise<void> {
  checkAdapt(a);
  const models = acrossModels(a);
  checkReportDir(a.out);
  if (!models) {
    const one = await rolesStudy(a, 'roles', signal);
    if (one.result.games === 0) throw new Interrupted('before any game finished; nothing written');
    const adapt = a.adapt ? await adaptRoles(one, a, signal) : undefined;
    const section = adapt ? withAdaptParts({ ...one.section, data: { ...one.values, adapt } }, adapt) : one.section;
    const report = await finishCommand('roles', a, one.summary, section, adapt ? `${one.text}\n${adaptText(adapt)}` : one.text);
    if (!one.result.complete) return keptPartOf(one.result.games, one.games, one.variants.length, report.html);
    if (adapt && !adapt.complete) adaptInterrupted(report.html);
    return;
  }
  const findings: ModelFinding[] = [];
  for (const [i, model] of models.entries()) {
    const one = await rolesStudy({ ...a, agents: model.agents }, `roles [${model.name}]`, signal);
    if (!one.result.complete) throw interruptedModel(i, models.length, model.name);
    findings.push({ model, ...one });
  }
  const values = findings.map((f) => f.section.data as RoleValues);
  const roles = values[0]!.roles.map((r) => r.role);
  await finishAcrossMatrix('roles', a, `Role values for ${a.team} across ${models.length} player models: ${findings[0]!.variants[0]!.rules.preset}, ${findings[0]!.variants[0]!.rules.players} players`, findings, {
    command: 'roles',
    rowHeader: 'role',
    agreeMeans: 'the same sign of the points, each interval clear of 0',
    valueTitle: 'points (Civilian = +1; 95% interval)',
    rows: roles.map((role) => ({ label: role, cells: values.map((v) => pointsCell(v.roles.find((r) => r.role === role))) })),
  });
}

/**
 * roles --adapt: the base and each role's setup with one more or one fewer
 * of it, each at its own equilibrium; each role's change against the base
 * judged (the Civilian unit's setups are not searched: the verdict is on a
 * change, not on points).
 */
async function adaptRoles(one: { variants: readonly { label: string; rules: Rules; agents: string }[]; changes: readonly RoleChange[] }, a: RolesArgs, signal: AbortSignal): Promise<AdaptFindings> {
  const kept = one.variants.filter((_, i) => one.changes[i] === 'base' || one.changes[i] === 'add' || one.changes[i] === 'remove');
  return runAdapt(kept, kept.slice(1).map((_, i) => [0, i + 1] as const), a, signal);
}

/** A role's points under one model; the sign counts for agreement only when its interval is clear of 0. */
function pointsCell(r: RoleValue | undefined): AcrossCell {
  if (!r || r.points === null) return { text: 'n/a', key: null };
  const sign = r.pointsLo! > 0 ? 'positive' : r.pointsHi! < 0 ? 'negative' : 'not clear of 0';
  return { text: pointsText(r), key: sign, value: { x: r.points, lo: r.pointsLo!, hi: r.pointsHi! } };
}

/** Prices the roles under the agents of `a`: its summary, section and text, not yet written. */
async function rolesStudy(a: RolesArgs, label: string, signal: AbortSignal) {
  const seed = wholeNumber('--seed', a.seed, 0);
  const games = wholeNumber('--games', a.games, 100);
  const threads = threadsOf(a);
  const only = parseRoleList('--only', a.only);
  if (only.includes('civilian')) throw new UsageError('--only', 'the Civilian is the unit of the scale; list the other roles');
  const { rules, agents } = resolveSetup(setupOf(a));
  const { variants, refused } = roleVariants(rules, only);
  if (variants.length < 2) throw new UsageError('--only', `no role can be added or removed in this setup: ${refused[0]?.reason ?? 'nothing to vary'}`);
  checkTeamCanWin(a.team, variants.map((v) => v.rules));
  const inputs = variants.map((v) => ({ label: v.label, rules: v.rules, agents }));
  const bar = progressBar({ quiet: a.quiet || a.json, label, signal });
  let result;
  try {
    result = await runGames({ variants: inputs, seed, games, ...threads, onProgress: (p) => bar.update(p), signal });
  } finally {
    bar.stop();
  }
  const values = roleValues(a.team, variants, result, refused.map((r) => ({ label: r.label, reason: r.reason })));
  const title = `Role values for ${a.team}: ${rules.preset}, ${rules.players} players`;
  const summary = buildSummary({
    kind: 'compare',
    study: 'roles',
    title,
    ...studyText(a),
    command: reproduceLine(seed, { '--games': games }),
    seed,
    variants: inputs,
    result,
    pairs: 'first',
    ...(result.complete ? {} : { interrupted: { played: result.games, of: games, resumeCommand: null } }),
  });
  return { summary, values, changes: variants.map((v) => v.change), section: rolesCommandSection(values), text: rolesText(`${title} (rules ${rules.hash}), agents ${agents}, seed ${seed}`, values), variants: inputs, aggregates: result.aggregates, result, games };
}

export const rolesCommand = {
  command: 'roles',
  describe: "each role's value to a team: the change in its win rate from one more or one fewer, and points (Civilian = +1)",
  builder: (y: Argv) =>
    withAdapt(withAcross(withBalanceBasics(y)))
      .option('games', { type: 'string', default: String(DEFAULT_ROLES_GAMES), requiresArg: true, describe: 'games per setup (every setup plays the same seeds)' })
      .option('only', { type: 'string', requiresArg: true, describe: 'price only these roles, e.g. doctor,commissar,mafia (default: every role)' }),
  handler: guarded(rolesMain),
};
