// `mafia-sim roles`: the value of each role to a team in a base setup, as
// the paired change in its win rate from one more or one fewer of the role,
// and as points on a scale where a Civilian is +1.

import type { Argv } from 'yargs';
import { rolesCommandSection, rolesText, roleValues } from '../report/balance/roles.js';
import { buildSummary } from '../report/summary.js';
import { roleVariants } from '../sim/balance/roleVariants.js';
import { progressBar } from '../sim/progress.js';
import { runGames } from '../sim/run.js';
import { resolveSetup, setupOf, threadsOf, wholeNumber } from './common.js';
import { guarded, UsageError } from './errors.js';
import { finishCommand, parseRoleList, reproduceLine, studyText, withBalanceBasics, type BalanceOutputArgs, type SetupArgs, type TeamName } from './study.js';

export const DEFAULT_ROLES_GAMES = 20_000;

type RolesArgs = SetupArgs & BalanceOutputArgs & { team: TeamName; games: string; only?: string };

export async function rolesMain(a: RolesArgs): Promise<void> {
  const seed = wholeNumber('--seed', a.seed, 0);
  const games = wholeNumber('--games', a.games, 100);
  const threads = threadsOf(a);
  const only = parseRoleList('--only', a.only);
  if (only.includes('civilian')) throw new UsageError('--only', 'the Civilian is the unit of the scale; list the other roles');
  const { rules, agents } = resolveSetup(setupOf(a));
  const { variants, refused } = roleVariants(rules, only);
  if (variants.length < 2) throw new UsageError('--only', `no role can be added or removed in this setup: ${refused[0]?.reason ?? 'nothing to vary'}`);
  const inputs = variants.map((v) => ({ label: v.label, rules: v.rules, agents }));
  const bar = progressBar({ quiet: a.quiet || a.json, label: 'roles' });
  let result;
  try {
    result = await runGames({ variants: inputs, seed, games, ...threads, onProgress: (p) => bar.update(p) });
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
  });
  await finishCommand('roles', a, summary, rolesCommandSection(values), rolesText(`${title} (rules ${rules.hash}), agents ${agents}, seed ${seed}`, values));
}

export const rolesCommand = {
  command: 'roles',
  describe: "each role's value to a team: the change in its win rate from one more or one fewer, and points (Civilian = +1)",
  builder: (y: Argv) =>
    withBalanceBasics(y)
      .option('games', { type: 'string', default: String(DEFAULT_ROLES_GAMES), requiresArg: true, describe: 'games per setup (every setup plays the same seeds)' })
      .option('only', { type: 'string', requiresArg: true, describe: 'price only these roles, e.g. doctor,commissar,mafia (default: every role)' }),
  handler: guarded(rolesMain),
};
