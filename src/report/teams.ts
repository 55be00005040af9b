// The Black (mafia) team's make-up in words, for every terminal table and
// page: `--mafia` counts different roles per preset (club: the Don and plain
// Mafia, the Putana apart; forum: the whole clan), so a count alone would
// not say who plays against the Town.

import { ROLES, Team, roleFromKey } from '../engine/roles.js';

/** What the mafia side and its leader are called at each preset's table (docs/rules.md sections 1, 2 and 4). */
const TEAM_WORDS: Readonly<Record<string, { team: string; leader: string }>> = {
  club: { team: 'Black', leader: 'Don' },
  forum: { team: 'Mafia clan', leader: 'Boss' },
  classic: { team: 'Mafia team', leader: 'Don' },
};

function words(preset: string): { team: string; leader: string } {
  return TEAM_WORDS[preset] ?? TEAM_WORDS.club!;
}

/** "Don + 2 Mafia + Putana": the leader first, then the rest in role-table order; "none" when empty. */
export function mafiaRoles(preset: string, roles: Readonly<Record<string, number>>): string {
  const team = ROLES.filter((r) => r.team === Team.Mafia && (roles[r.key] ?? 0) > 0);
  const ordered = [...team.filter((r) => r.leader), ...team.filter((r) => !r.leader)];
  const parts = ordered.map((r) => {
    const n = roles[r.key]!;
    const label = r.leader ? words(preset).leader : r.label;
    return n === 1 ? label : `${n} ${label}`;
  });
  return parts.length > 0 ? parts.join(' + ') : 'none';
}

/** "Black, 4 of 12 players: Don + 2 Mafia + Putana" (club), "Mafia clan, 4 of 16 players: Boss + 3 Mafia" (forum). */
export function mafiaTeamText(preset: string, roles: Readonly<Record<string, number>>, ofTable = true): string {
  const size = ROLES.filter((r) => r.team === Team.Mafia).reduce((n, r) => n + (roles[r.key] ?? 0), 0);
  const players = Object.values(roles).reduce((n, c) => n + c, 0);
  return `${words(preset).team}, ${size}${ofTable ? ` of ${players}` : ''} players: ${mafiaRoles(preset, roles)}`;
}

/** What the mafia side is called under this preset ("Black", "Mafia clan", "Mafia"). */
export function mafiaTeamName(preset: string): string {
  return words(preset).team;
}

type TeamVariant = { readonly preset: string; readonly rules: { readonly roles: Readonly<Record<string, number>> } };

/** True when the variants of a study do not all field the same mafia team (a table then shows it per variant). */
export function teamVaries(variants: readonly TeamVariant[]): boolean {
  return new Set(variants.map((v) => `${mafiaTeamName(v.preset)}: ${mafiaRoles(v.preset, v.rules.roles)}`)).size > 1;
}

function tableSizeVaries(variants: readonly TeamVariant[]): boolean {
  return new Set(variants.map((v) => Object.values(v.rules.roles).reduce((n, c) => n + c, 0))).size > 1;
}

const LEGEND_MAX = 10;

/** "Black by setup: mafia=2: Don + Mafia + Putana; mafia=3: Don + 2 Mafia + Putana": one entry per distinct label. */
export function teamLegend(variants: ReadonlyArray<TeamVariant & { readonly label: string }>): string {
  const first = variants[0];
  if (!first) return '';
  if (!teamVaries(variants)) return mafiaTeamText(first.preset, first.rules.roles, !tableSizeVaries(variants));
  const byLabel = new Map<string, Set<string>>();
  for (const v of variants) byLabel.set(v.label, (byLabel.get(v.label) ?? new Set()).add(mafiaRoles(v.preset, v.rules.roles)));
  // Past a handful the list drowns the table: name the first setup's team and say the rest differ.
  if (byLabel.size > LEGEND_MAX) {
    const mine = mafiaRoles(first.preset, first.rules.roles);
    const others = [...byLabel].filter(([, teams]) => [...teams].some((t) => t !== mine)).length;
    return `${mafiaTeamText(first.preset, first.rules.roles)} in ${first.label}; ${others} of the other ${byLabel.size - 1} setups field a different team (see the report's win-rate table)`;
  }
  return `${mafiaTeamName(first.preset)} by setup: ${[...byLabel].map(([label, teams]) => `${label}: ${[...teams].join(' or ')}`).join('; ')}`;
}

/** The study's team line: the make-up when all variants share it, else where to find it. */
export function studyTeamText(variants: readonly TeamVariant[]): string {
  const first = variants[0];
  if (!first) return '';
  if (!teamVaries(variants)) return mafiaTeamText(first.preset, first.rules.roles, !tableSizeVaries(variants));
  return `${mafiaTeamName(first.preset)}: differs by variant (see the "${mafiaTeamName(first.preset)}" column)`;
}

/** Town roles first, then the mafia (its leader first), then the Maniac; role-table order within a team; unknown keys last. */
export function byTeam(keys: readonly string[]): string[] {
  const rank = (key: string): number => {
    const role = roleFromKey(key); // a preset's own word too (the forum's "boss")
    if (role === undefined) return 1000;
    const i: number = role;
    const r = ROLES[i]!;
    const team = r.team === Team.Town ? 0 : r.team === Team.Mafia ? 1 : 2;
    return team * 100 + (r.leader ? 0 : 1 + i);
  };
  return [...keys].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}
