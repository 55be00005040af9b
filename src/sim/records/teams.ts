// The words a game record uses for roles, teams and winners, and the team a
// role implies. Apart from format.ts's schemas, which need the validation
// library: the CLI's shared helpers read a record's teams, and every
// command loads them at its start.

/** Roles the statistics know by function; `other` is any role they do not look at (its team still counts). */
export const RECORD_ROLES = ['town', 'mafia', 'cop', 'medic', 'vigilante', 'other'] as const;
export type RecordRole = (typeof RECORD_ROLES)[number];
export const RECORD_TEAMS = ['town', 'mafia', 'third'] as const;
export type RecordTeam = (typeof RECORD_TEAMS)[number];
export const RECORD_WINNERS = ['town', 'mafia', 'third', 'draw', 'timeout'] as const;
export type RecordWinner = (typeof RECORD_WINNERS)[number];

/** The team a role implies when the record does not say (an `other` role must say). */
export const ROLE_TEAM: Readonly<Record<Exclude<RecordRole, 'other'>, RecordTeam>> = { town: 'town', mafia: 'mafia', cop: 'town', medic: 'town', vigilante: 'town' };

/** A player's team: the record's, or the one the role implies. */
export function teamOf(p: { readonly role: RecordRole; readonly team?: RecordTeam | undefined }): RecordTeam {
  return p.team ?? ROLE_TEAM[p.role as Exclude<RecordRole, 'other'>];
}
