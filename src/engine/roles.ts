// The role table: every role's team, night action and abilities in one place.
// Adding a role means adding one row here (and, if it brings a new kind of
// night action, one step in nightSteps.ts's NIGHT_STEPS table).

export const Team = { Town: 0, Mafia: 1, Maniac: 2 } as const;
export type Team = (typeof Team)[keyof typeof Team];
export const TEAM_NAMES = ['town', 'mafia', 'maniac'] as const;

/** Night abilities. `None` sleeps; hunting is not here: it is open to every hunter by the rules. */
export const Action = {
  None: 0,
  Shoot: 1, // takes part in the mafia's shot
  Freeze: 2, // Putana
  Heal: 3, // Doctor
  Check: 4, // Commissar
  ManiacKill: 5,
  Kamikaze: 6,
  VigilanteShoot: 7, // the Vigilante's own gun, `vigilante.shots` bullets a game
} as const;
export type Action = (typeof Action)[keyof typeof Action];

export const Role = {
  Civilian: 0,
  Mafia: 1,
  Don: 2,
  Putana: 3,
  Commissar: 4,
  Doctor: 5,
  Maniac: 6,
  Sergeant: 7,
  Foundling: 8,
  Kamikaze: 9,
  Vigilante: 10,
} as const;
export type Role = (typeof Role)[keyof typeof Role];

export interface RoleSpec {
  readonly id: Role;
  /** The key used in `roles.<key>=<count>` and in every output. */
  readonly key: string;
  readonly label: string;
  /** Other names accepted on input (the forum game's "boss" is the club's "don"). */
  readonly aliases: readonly string[];
  /** Team at the deal; the Maniac's team comes from the `maniac.team` option. */
  readonly team: Team | 'maniac-option';
  readonly action: Action;
  /** May hunt (forum): Town players only, by the rules. */
  readonly canHunt: boolean;
  /** Leads the mafia's shot under `mafia.killRule = don-decides`; his death turns the Foundling. */
  readonly leader: boolean;
  /** The mafia's shot fails on him (the Foundling). */
  readonly immuneToMafia: boolean;
  /** Counted as a "special" role when checking that roles fit the table. */
  readonly special: boolean;
  /** The role the player is told at the deal: the Foundling does not know he is one. */
  readonly toldAs: Role;
}

function spec(s: Omit<RoleSpec, 'aliases' | 'leader' | 'immuneToMafia' | 'special' | 'toldAs'> & Partial<RoleSpec>): RoleSpec {
  return Object.freeze({ aliases: [], leader: false, immuneToMafia: false, special: true, toldAs: s.id, ...s });
}

export const ROLES: readonly RoleSpec[] = Object.freeze([
  spec({ id: Role.Civilian, key: 'civilian', label: 'Civilian', team: Team.Town, action: Action.None, canHunt: true, special: false }),
  spec({ id: Role.Mafia, key: 'mafia', label: 'Mafia', team: Team.Mafia, action: Action.Shoot, canHunt: false }),
  spec({ id: Role.Don, key: 'don', label: 'Don', aliases: ['boss'], team: Team.Mafia, action: Action.Shoot, canHunt: false, leader: true }),
  spec({ id: Role.Putana, key: 'putana', label: 'Putana', team: Team.Mafia, action: Action.Freeze, canHunt: false }),
  spec({ id: Role.Commissar, key: 'commissar', label: 'Commissar', team: Team.Town, action: Action.Check, canHunt: true }),
  spec({ id: Role.Doctor, key: 'doctor', label: 'Doctor', team: Team.Town, action: Action.Heal, canHunt: true }),
  spec({ id: Role.Maniac, key: 'maniac', label: 'Maniac', team: 'maniac-option', action: Action.ManiacKill, canHunt: false }),
  spec({ id: Role.Sergeant, key: 'sergeant', label: 'Sergeant', team: Team.Town, action: Action.None, canHunt: true }),
  spec({ id: Role.Foundling, key: 'foundling', label: 'Foundling', team: Team.Town, action: Action.None, canHunt: true, immuneToMafia: true, toldAs: Role.Civilian }),
  spec({ id: Role.Kamikaze, key: 'kamikaze', label: 'Kamikaze', team: Team.Mafia, action: Action.Kamikaze, canHunt: false }),
  spec({ id: Role.Vigilante, key: 'vigilante', label: 'Vigilante', team: Team.Town, action: Action.VigilanteShoot, canHunt: true }),
]);

export const ROLE_COUNT = ROLES.length;
export const ROLE_KEYS: readonly string[] = ROLES.map((r) => r.key);

/** The table's facts by role id as typed arrays, for the engine's per-seat loops (no object load per seat). */
export const ROLE_ACTION: Readonly<Int8Array> = Int8Array.from(ROLES, (r) => r.action);
export const ROLE_LEADER: Readonly<Uint8Array> = Uint8Array.from(ROLES, (r) => (r.leader ? 1 : 0));
export const ROLE_CAN_HUNT: Readonly<Uint8Array> = Uint8Array.from(ROLES, (r) => (r.canHunt ? 1 : 0));
export const ROLE_IMMUNE: Readonly<Uint8Array> = Uint8Array.from(ROLES, (r) => (r.immuneToMafia ? 1 : 0));
export const ROLE_TOLD_AS: Readonly<Int8Array> = Int8Array.from(ROLES, (r) => r.toldAs);

export function roleSpec(role: Role): RoleSpec {
  return ROLES[role]!;
}

/** Role id from a key or alias, or undefined. */
export function roleFromKey(key: string): Role | undefined {
  const k = key.toLowerCase();
  const found = ROLES.find((r) => r.key === k || r.aliases.includes(k));
  return found?.id;
}

/** Roles whose members shoot with the mafia (the Don, plain Mafia, a turned Foundling plays as Mafia). */
export function isShooter(role: Role): boolean {
  return roleSpec(role).action === Action.Shoot;
}
