// The built-in role table: every role of the club, forum and classic games,
// of the records' rules and of the Werewolf and sports-mafia presets, each
// one row of the vocabulary in abilities.ts. Their knobs are bound to the
// rule options of docs/rules.md. Adding a role is adding a row here (or, for
// a user, a definition in a rules file): the engine has no role-specific code.

import { roleRow, type OptionKey, type RoleRow } from './abilities.js';

export const Team = { Town: 0, Mafia: 1, Maniac: 2 } as const;
export type Team = (typeof Team)[keyof typeof Team];
/** Team names in outputs: the loner's team is `maniac` (the outcome he wins). */
export const TEAM_NAMES = ['town', 'mafia', 'maniac'] as const;

/** Ids of the built-in roles; a rules file's own roles get the ids after them (RoleBook). */
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
  Bodyguard: 11,
  Cursed: 12,
  Lycan: 13,
  WolfCub: 14,
  Minion: 15,
  Bomb: 16,
  Spellcaster: 17,
  Prince: 18,
} as const;
/** A role id: a built-in one (Role) or one of a rules file's own roles. */
export type Role = number;

const opt = <K extends OptionKey>(option: K) => ({ option }) as const;

/** The club Doctor's and the forum Doctor's protection: every cause but the mafia's is an option. */
const doctorStops = {
  mafia: true,
  maniac: opt('doctor.savesFromManiac'),
  hunt: opt('doctor.savesFromHunt'),
  kamikaze: opt('kamikaze.doctorSaves'),
  vigilante: opt('doctor.savesFromVigilante'),
  bomb: true,
} as const;

/** "That player cannot be killed that night" (the Bodyguard): every night cause. */
const allNightKills = { mafia: true, maniac: true, hunt: true, kamikaze: true, vigilante: true, bomb: true } as const;

/** The rows, in id order (Role). */
export const ROLE_ROWS: readonly RoleRow[] = Object.freeze([
  roleRow({ key: 'civilian', label: 'Civilian', aliases: ['villager'], team: 'town', special: false }),
  roleRow({ key: 'mafia', label: 'Mafia', aliases: ['werewolf'], team: 'mafia', shoots: true, hunts: false }),
  roleRow({ key: 'don', label: 'Don', aliases: ['boss'], team: 'mafia', shoots: true, leader: true, hunts: false, night: { kind: 'check', reveals: 'commissar', enabled: opt('don.checks'), mayPass: false, note: false, learnsKiller: false } }),
  roleRow({
    key: 'putana',
    label: 'Putana',
    team: 'mafia',
    hunts: false,
    clan: opt('putana.knowsMafia'),
    shootsAlone: opt('putana.shootsWhenAlone'),
    asRole: 'putana',
    night: { kind: 'block', repeat: opt('putana.maxSameTarget'), repeatLimit: opt('putana.repeatLimit'), mayPass: opt('putana.mayPass') },
  }),
  roleRow({
    key: 'commissar',
    label: 'Commissar',
    aliases: ['seer', 'sheriff'],
    team: 'town',
    lastShot: opt('commissar.lastShot'),
    night: { kind: 'check', reveals: 'team', mayPass: opt('commissar.mayPass'), note: opt('commissar.note'), learnsKiller: opt('commissar.learnsKiller') },
  }),
  roleRow({
    key: 'doctor',
    label: 'Doctor',
    team: 'town',
    asRole: 'doctor',
    night: { kind: 'protect', self: opt('doctor.selfHeal'), repeat: opt('doctor.maxSameTarget'), repeatLimit: opt('doctor.repeatLimit'), mayPass: opt('doctor.mayPass'), stops: doctorStops, unfreezes: opt('doctor.blocksFreeze') },
  }),
  roleRow({ key: 'maniac', label: 'Maniac', team: opt('maniac.team'), hunts: false, asRole: 'maniac', night: { kind: 'kill', mayPass: opt('maniac.mayAbstain') } }),
  roleRow({ key: 'sergeant', label: 'Sergeant', team: 'town', assists: 'commissar' }),
  roleRow({ key: 'foundling', label: 'Foundling', team: 'town', told: 'civilian', onShot: 'immune', turnsOnLeaderDeath: true, turnsInto: 'mafia' }),
  roleRow({ key: 'kamikaze', label: 'Kamikaze', team: 'mafia', hunts: false, night: { kind: 'kamikaze', target: 'commissar' } }),
  roleRow({ key: 'vigilante', label: 'Vigilante', team: 'town', night: { kind: 'gun', bullets: opt('vigilante.shots'), firstNight: opt('vigilante.firstNight') } }),
  roleRow({
    key: 'bodyguard',
    label: 'Bodyguard',
    team: 'town',
    night: { kind: 'protect', self: opt('bodyguard.selfProtect'), repeat: opt('bodyguard.maxSameTarget'), repeatLimit: 'same-target', mayPass: false, stops: allNightKills, unfreezes: true },
  }),
  roleRow({ key: 'cursed', label: 'Cursed', team: 'town', onShot: 'turns', turnsInto: 'mafia' }),
  roleRow({ key: 'lycan', label: 'Lycan', team: 'town', seenAs: 'mafia' }),
  roleRow({ key: 'wolfcub', label: 'Wolf Cub', aliases: ['cub'], team: 'mafia', shoots: true, hunts: false, extraShots: 1 }),
  roleRow({ key: 'minion', label: 'Minion', team: 'mafia', hunts: false, clan: false, seesClan: true, seenAs: 'town', counted: opt('minion.counted') }),
  roleRow({ key: 'bomb', label: 'Bomb', team: 'town', blast: true }),
  roleRow({ key: 'spellcaster', label: 'Spellcaster', team: 'town', night: { kind: 'silence', repeat: 0, repeatLimit: 'same-target', mayPass: true, votes: opt('spellcaster.silencedVotes') } }),
  roleRow({ key: 'prince', label: 'Prince', team: 'town', lynchShield: 1 }),
]);

/** A role as the public API describes it (the built-in ones in ROLES; a rules file's own in its RoleBook). */
export interface RoleSpec {
  readonly id: Role;
  readonly key: string;
  readonly label: string;
  readonly aliases: readonly string[];
  /** Team at the deal; the Maniac's team comes from the `maniac.team` option. */
  readonly team: Team | 'maniac-option';
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
  /** The row of the vocabulary it was made from. */
  readonly row: RoleRow;
}

const TEAM_OF_WORD = { town: Team.Town, mafia: Team.Mafia, loner: Team.Maniac } as const;

/** The public description of row `row` at id `id`; `keyId` finds the id of another role's key (`told`). */
export function specOf(row: RoleRow, id: Role, keyId: (key: string) => Role | undefined): RoleSpec {
  const team = typeof row.team === 'object' ? 'maniac-option' : TEAM_OF_WORD[row.team];
  return Object.freeze({
    id,
    key: row.key,
    label: row.label,
    aliases: row.aliases,
    team,
    canHunt: row.hunts,
    leader: row.leader,
    immuneToMafia: row.onShot === 'immune',
    special: row.special,
    toldAs: row.told === undefined ? id : keyId(row.told)!,
    row,
  });
}

/** Id of a built-in role from its key or an alias, or undefined. */
export function roleFromKey(key: string): Role | undefined {
  const k = key.toLowerCase();
  const i = ROLE_ROWS.findIndex((r) => r.key === k || r.aliases.includes(k));
  return i < 0 ? undefined : i;
}

export const ROLES: readonly RoleSpec[] = Object.freeze(ROLE_ROWS.map((row, id) => specOf(row, id, roleFromKey)));
export const ROLE_COUNT = ROLES.length;
export const ROLE_KEYS: readonly string[] = ROLES.map((r) => r.key);

/** The built-in role with this id. */
export function roleSpec(role: Role): RoleSpec {
  return ROLES[role]!;
}

export function teamOfWord(word: 'town' | 'mafia' | 'loner'): Team {
  return TEAM_OF_WORD[word];
}
