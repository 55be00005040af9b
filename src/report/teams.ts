// The Black (mafia) team's make-up in words, for every terminal table and
// page: `--mafia` counts different roles per preset (club: the Don and plain
// Mafia, the Putana apart; forum: the whole clan), so a count alone would
// not say who plays against the Town.

import { ROLES, Team, roleFromKey } from '../engine/roles.js';
import { roleLabel } from '../engine/presets.js';
import type { TeamName } from '../engine/abilities.js';
import { defaultRoleLabel } from '../engine/roleFile.js';

/** The part of the canonical rules these lines read: the counts, and a rules file's own roles (their team, label, leadership). */
export interface DealtRules {
  readonly roles: Readonly<Record<string, number>>;
  readonly define?: Readonly<Record<string, { readonly team: TeamName; readonly label?: string; readonly leader?: boolean }>>;
}

/** One role of a setup as the lines name it: a built-in row or a rules file's own role. */
interface NamedRole {
  readonly key: string;
  readonly label: string;
  readonly team: Team;
  readonly leader: boolean;
  /** Role-table order; a rules file's own roles after every built-in one, in key order. */
  readonly order: number;
}

const TEAM_OF_NAME: Readonly<Record<TeamName, Team>> = { town: Team.Town, mafia: Team.Mafia, loner: Team.Maniac };

function builtinRole(preset: string, key: string): NamedRole | undefined {
  const id = roleFromKey(key); // a preset's own word too (the forum's "boss")
  if (id === undefined) return undefined;
  const r = ROLES[id]!;
  return { key: r.key, label: roleLabel(preset, r.id), team: r.team === Team.Mafia ? Team.Mafia : r.team === Team.Town ? Team.Town : Team.Maniac, leader: r.leader, order: r.id };
}

function namedRole(preset: string, key: string, define: DealtRules['define']): NamedRole | undefined {
  const own = define?.[key];
  if (own) return { key, label: own.label ?? defaultRoleLabel(key), team: TEAM_OF_NAME[own.team], leader: own.leader ?? false, order: ROLES.length };
  return builtinRole(preset, key);
}

/** Every role the setup deals, built-in ones in role-table order, then its own roles by key, with their counts. */
export function dealtRoles(preset: string, rules: DealtRules): Array<NamedRole & { readonly count: number }> {
  const out: Array<NamedRole & { readonly count: number }> = [];
  for (const [key, count] of Object.entries(rules.roles)) {
    const r = namedRole(preset, key, rules.define);
    if (r && count > 0) out.push({ ...r, count });
  }
  return out.sort((a, b) => a.order - b.order || a.key.localeCompare(b.key));
}


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
export function mafiaRoles(preset: string, rules: DealtRules): string {
  const team = dealtRoles(preset, rules).filter((r) => r.team === Team.Mafia);
  const ordered = [...team.filter((r) => r.leader), ...team.filter((r) => !r.leader)];
  const parts = ordered.map((r) => {
    const label = r.leader && r.order < ROLES.length ? words(preset).leader : r.label;
    return r.count === 1 ? label : `${r.count} ${label}`;
  });
  return parts.length > 0 ? parts.join(' + ') : 'none';
}

/** "Black, 4 of 12 players: Don + 2 Mafia + Putana" (club), "Mafia clan, 4 of 16 players: Boss + 3 Mafia" (forum). */
export function mafiaTeamText(preset: string, rules: DealtRules, ofTable = true): string {
  const size = dealtRoles(preset, rules).filter((r) => r.team === Team.Mafia).reduce((n, r) => n + r.count, 0);
  const players = Object.values(rules.roles).reduce((n, c) => n + c, 0);
  return `${words(preset).team}, ${size}${ofTable ? ` of ${players}` : ''} players: ${mafiaRoles(preset, rules)}`;
}

/** What the mafia side is called under this preset ("Black", "Mafia clan", "Mafia"). */
export function mafiaTeamName(preset: string): string {
  return words(preset).team;
}

type TeamVariant = { readonly preset: string; readonly rules: DealtRules };

/** True when the variants of a study do not all field the same mafia team (a table then shows it per variant). */
export function teamVaries(variants: readonly TeamVariant[]): boolean {
  return new Set(variants.map((v) => `${mafiaTeamName(v.preset)}: ${mafiaRoles(v.preset, v.rules)}`)).size > 1;
}

function tableSizeVaries(variants: readonly TeamVariant[]): boolean {
  return new Set(variants.map((v) => Object.values(v.rules.roles).reduce((n, c) => n + c, 0))).size > 1;
}

const LEGEND_MAX = 10;

/** "Black by setup: mafia=2: Don + Mafia + Putana; mafia=3: Don + 2 Mafia + Putana": one entry per distinct label. */
export function teamLegend(variants: ReadonlyArray<TeamVariant & { readonly label: string }>): string {
  const first = variants[0];
  if (!first) return '';
  if (!teamVaries(variants)) return mafiaTeamText(first.preset, first.rules, !tableSizeVaries(variants));
  const byLabel = new Map<string, Set<string>>();
  for (const v of variants) byLabel.set(v.label, (byLabel.get(v.label) ?? new Set()).add(mafiaRoles(v.preset, v.rules)));
  // Past a handful the list drowns the table: name the first setup's team and say the rest differ.
  if (byLabel.size > LEGEND_MAX) {
    const mine = mafiaRoles(first.preset, first.rules);
    const others = [...byLabel].filter(([, teams]) => [...teams].some((t) => t !== mine)).length;
    return `${mafiaTeamText(first.preset, first.rules)} in ${first.label}; ${others} of the other ${byLabel.size - 1} setups field a different team (see the report's win-rate table)`;
  }
  return `${mafiaTeamName(first.preset)} by setup: ${[...byLabel].map(([label, teams]) => `${label}: ${[...teams].join(' or ')}`).join('; ')}`;
}

/** The study's team line: the make-up when all variants share it, else where to find it. */
export function studyTeamText(variants: readonly TeamVariant[]): string {
  const first = variants[0];
  if (!first) return '';
  if (!teamVaries(variants)) return mafiaTeamText(first.preset, first.rules, !tableSizeVaries(variants));
  return `${mafiaTeamName(first.preset)}: differs by variant (see the "${mafiaTeamName(first.preset)}" column)`;
}

/** Town roles first, then the mafia (its leader first), then the loners; role-table order within a team, a rules file's own roles after; unknown keys last. */
export function byTeam(keys: readonly string[], define?: DealtRules['define']): string[] {
  const rank = (key: string): number => {
    const r = namedRole('club', key, define);
    if (r === undefined) return 1000;
    return r.team * 100 + (r.leader ? 0 : 1 + r.order);
  };
  return [...keys].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}
