// The presets of docs/rules.md: each is a set of option overrides and a rule
// that turns (players, mafia) into role counts (docs/rules.md sections 3, 6
// and 7): the club, forum and classic games, Ultimate Werewolf's basic game
// and the sports mafia of the FIIM rules.

import type { OptionValue } from './options.js';
import { Role, ROLE_COUNT, ROLES } from './roles.js';

export type PresetName = 'club' | 'forum' | 'classic' | 'werewolf' | 'sports';
export const PRESET_NAMES: readonly PresetName[] = ['club', 'forum', 'classic', 'werewolf', 'sports'];

export interface Preset {
  readonly name: PresetName;
  readonly defaultPlayers: number;
  /** The `--mafia` count when none is given, for this many players. */
  defaultMafia(players: number): number;
  /** Role counts (indexed by Role) for this many players and mafia; civilians fill the rest. */
  roles(players: number, mafia: number): number[];
  /** What `--mafia` counts in this preset, for help and errors. */
  readonly mafiaMeaning: string;
  /** What this preset's own text calls a role, where it differs from the role table's label. */
  readonly roleLabels?: Readonly<Partial<Record<Role, string>>>;
  /** The smallest table the preset's text allows. */
  readonly minPlayers?: number;
  readonly options: Readonly<Record<string, OptionValue>>;
}

function counts(entries: ReadonlyArray<readonly [Role, number]>, players: number): number[] {
  const c = new Array<number>(ROLE_COUNT).fill(0);
  let special = 0;
  for (const [role, k] of entries) {
    c[role] = k;
    special += k;
  }
  c[Role.Civilian] = players - special;
  return c;
}

const club: Preset = {
  name: 'club',
  defaultPlayers: 12,
  defaultMafia: () => 3,
  mafiaMeaning: 'plain Mafia, the Don included (the Putana is counted apart)',
  roles: (players, mafia) =>
    counts(
      [
        [Role.Don, Math.min(1, mafia)],
        [Role.Mafia, Math.max(0, mafia - 1)],
        [Role.Putana, 1],
        [Role.Commissar, 1],
        [Role.Doctor, 1],
        [Role.Maniac, 1],
      ],
      players,
    ),
  options: {
    start: 'day',
    'vote.firstDay': true,
    'vote.tie': 'revote-then-none',
    'lynch.minShare': 0,
    revealOnDeath: false,
    'mafia.killRule': 'don-decides',
    'doctor.maxSameTarget': 2,
    'doctor.savesFromManiac': true,
    'maniac.team': 'town',
    'maniac.mayAbstain': true,
    'commissar.note': true,
    'commissar.lastShot': false,
    'commissar.learnsKiller': false,
    'hunt.enabled': false,
    'deathNote.enabled': false,
    'fouls.firstIsWarning': true,
    'win.parityBlock': 'doctor-and-maniac',
    'win.maniacMafiaDraw': true,
  },
};

const forum: Preset = {
  name: 'forum',
  defaultPlayers: 16,
  defaultMafia: (players) => Math.ceil(players / 4),
  mafiaMeaning: 'the whole clan, the Boss and the Kamikaze included',
  minPlayers: 6,
  // The forum text's leader is the Boss; the role (and its key, don) is the club's Don.
  roleLabels: { [Role.Don]: 'Boss' },
  roles: (players, mafia) => {
    const kamikaze = mafia >= 3 ? 1 : 0;
    return counts(
      [
        [Role.Don, Math.min(1, mafia)],
        [Role.Kamikaze, kamikaze],
        [Role.Mafia, Math.max(0, mafia - 1 - kamikaze)],
        [Role.Commissar, 1],
        [Role.Doctor, 1],
        [Role.Sergeant, players >= 10 ? 1 : 0],
        [Role.Foundling, players >= 12 ? 1 : 0],
        [Role.Maniac, players >= 10 ? 1 : 0],
      ],
      players,
    );
  },
  options: {
    start: 'day',
    'turn.simultaneous': true,
    'vote.firstDay': false,
    'vote.tie': 'random',
    'vote.tieDrawAmongAlive': true,
    'lynch.minShare': 0.25,
    revealOnDeath: true,
    'mafia.killRule': 'unanimous',
    'doctor.maxSameTarget': 1,
    'doctor.mayPass': true,
    'doctor.savesFromManiac': false,
    'putana.mayPass': true,
    'maniac.team': 'loner',
    'maniac.mayAbstain': true,
    'commissar.mayPass': true,
    'commissar.note': false,
    'commissar.lastShot': true,
    'commissar.learnsKiller': true,
    'hunt.enabled': true,
    'deathNote.enabled': true,
    'deathNote.delivery': 'mafia-or-lynch',
    'win.parityBlock': 'maniac',
    'win.maniacMafiaDraw': false,
  },
};

const classic: Preset = {
  name: 'classic',
  defaultPlayers: 12,
  defaultMafia: () => 3,
  mafiaMeaning: 'Mafia players',
  roles: (players, mafia) => counts([[Role.Mafia, mafia]], players),
  options: {
    start: 'day',
    'vote.firstDay': true,
    'vote.tie': 'random',
    'lynch.minShare': 0,
    revealOnDeath: true,
    'mafia.killRule': 'don-decides',
    'commissar.note': false,
    'win.parityBlock': 'none',
    'win.maniacMafiaDraw': false,
  },
};

/**
 * Ultimate Werewolf's basic game (Bezier Games' rulebook, docs/rules.md
 * section 6): werewolves (by the rulebook's table: 1 for 6-8 players, 2 for
 * 9-11, 3 for 12-15, then a quarter), the Seer, the Bodyguard, villagers;
 * night first; roles shown at death. The werewolves play on the Mafia team
 * (the plain Mafia role is the Werewolf, the Commissar the Seer, the
 * Civilian the Villager); Cursed, Lycan, Wolf Cub, Minion, Bomb,
 * Spellcaster and Prince are there to be counted in.
 */
const werewolf: Preset = {
  name: 'werewolf',
  defaultPlayers: 12,
  defaultMafia: (players) => (players <= 8 ? 1 : Math.floor(players / 4)),
  mafiaMeaning: 'Werewolves (a Wolf Cub is counted apart)',
  minPlayers: 5,
  roleLabels: { [Role.Mafia]: 'Werewolf', [Role.Commissar]: 'Seer', [Role.Civilian]: 'Villager' },
  roles: (players, mafia) =>
    counts(
      [
        [Role.Mafia, mafia],
        [Role.Commissar, 1],
        [Role.Bodyguard, 1],
      ],
      players,
    ),
  options: {
    start: 'night',
    'vote.firstDay': true,
    'vote.tie': 'revote-then-none',
    'vote.noLynch': false,
    'lynch.minShare': 0,
    revealOnDeath: true,
    'mafia.killRule': 'don-decides',
    'commissar.mayPass': false,
    'commissar.note': false,
    'commissar.lastShot': false,
    'commissar.learnsKiller': false,
    'maniac.team': 'loner',
    'hunt.enabled': false,
    'deathNote.enabled': false,
    'win.parityBlock': 'none',
    'win.maniacMafiaDraw': false,
  },
};

/**
 * Sports mafia by the FIIM rules (docs/rules.md section 7): 10 seats, the
 * Don and 2 Mafia (Black) against the Sheriff and 6 Civilians (Red); day
 * first (the rules' first night is for the deal and the mafia's meeting);
 * nominations, a revote of a tie and then a vote on lifting all the tied;
 * the Don checks for the Sheriff, the Sheriff for Black; the mafia's shot
 * misses unless every living Mafia names the same player; roles not shown.
 */
const sports: Preset = {
  name: 'sports',
  defaultPlayers: 10,
  defaultMafia: () => 3,
  mafiaMeaning: 'the Black team, the Don included',
  minPlayers: 6,
  roleLabels: { [Role.Commissar]: 'Sheriff' },
  roles: (players, mafia) =>
    counts(
      [
        [Role.Don, Math.min(1, mafia)],
        [Role.Mafia, Math.max(0, mafia - 1)],
        [Role.Commissar, 1],
      ],
      players,
    ),
  options: {
    start: 'day',
    'vote.firstDay': true,
    'vote.procedure': 'nominations',
    'vote.tie': 'revote-then-vote-all',
    'vote.loneFirstDay': false,
    'vote.liftFirstDay': false,
    'lynch.minShare': 0,
    revealOnDeath: false,
    'mafia.killRule': 'unanimous',
    'mafia.holdMisses': true,
    'don.checks': true,
    'commissar.mayPass': false,
    'commissar.note': false,
    'commissar.lastShot': false,
    'commissar.learnsKiller': false,
    'maniac.team': 'town',
    'hunt.enabled': false,
    'deathNote.enabled': false,
    'fouls.firstIsWarning': false,
    'win.parityBlock': 'none',
    'win.maniacMafiaDraw': false,
  },
};

export const PRESETS: Readonly<Record<PresetName, Preset>> = Object.freeze({ club, forum, classic, werewolf, sports });

export function isPresetName(s: string): s is PresetName {
  return (PRESET_NAMES as readonly string[]).includes(s);
}

/** Smallest legal forum game (docs/rules.md section 3). */
export const FORUM_MIN_PLAYERS = forum.minPlayers!;

/**
 * A role's name as the preset's text gives it (the forum's Boss is the
 * club's Don); any other name gives the table label, a rules file's own
 * role the label of its definition (`specs`: the rules' RoleBook specs).
 */
export function roleLabel(preset: string, role: Role, specs: readonly { readonly label: string }[] = ROLES): string {
  return (isPresetName(preset) ? PRESETS[preset].roleLabels?.[role] : undefined) ?? specs[role]?.label ?? `role ${role}`;
}

/** `roleLabel` for a role key (`don`), in lower case as tables print keys. */
export function roleWord(preset: string, key: string): string {
  const role = ROLES.find((r) => r.key === key);
  return role ? roleLabel(preset, role.id).toLowerCase() : key;
}
