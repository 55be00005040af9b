// The role table of one set of rules, compiled: the built-in rows plus a
// rules file's own, with every parameter resolved under the rules' options,
// as typed arrays indexed by role id (integers inside, strings at the
// edges). The engine reads only these arrays: no role is named in its code.

import { STOP_CAUSES, boundValue, type AbilityKind, type NamedRole, type NightAbility, type RoleRow } from './abilities.js';
import { Choice, DeathCause } from './events.js';
import type { Options } from './options.js';
import { ROLE_ROWS, Team, specOf, teamOfWord, type Role, type RoleSpec } from './roles.js';

/** Night abilities as integers (the engine's `action` of a role); None sleeps. */
export const Ability = { None: 0, Block: 1, Protect: 2, Check: 3, Kill: 4, Kamikaze: 5, Gun: 6, Silence: 7 } as const;
export type Ability = (typeof Ability)[keyof typeof Ability];
const ABILITY_OF: Readonly<Record<AbilityKind, Ability>> = {
  block: Ability.Block,
  protect: Ability.Protect,
  check: Ability.Check,
  kill: Ability.Kill,
  kamikaze: Ability.Kamikaze,
  gun: Ability.Gun,
  silence: Ability.Silence,
};

/** The decision each ability is asked as, by Ability. */
export const ABILITY_CHOICE: Readonly<Int8Array> = Int8Array.from([-1, Choice.Freeze, Choice.Heal, Choice.Check, Choice.ManiacKill, Choice.Kamikaze, Choice.VigilanteShot, Choice.Silence]);

/** Whether a frozen player's request of this ability is lost, by Ability: every one but the freeze itself (the team's shot never is). */
export const FREEZE_LOSES: Readonly<Uint8Array> = Uint8Array.from([0, 0, 1, 1, 1, 1, 1, 1]);

/** What a team shot does to its target, by role. */
export const OnShot = { Dies: 0, Immune: 1, Turns: 2 } as const;

/** The roles the options that name roles speak of (NamedRole), as integers. */
export const Named = { Putana: 0, Doctor: 1, Maniac: 2 } as const;
const NAMED_OF: Readonly<Record<NamedRole, number>> = { putana: Named.Putana, doctor: Named.Doctor, maniac: Named.Maniac };

/** The DeathCause each stop word stands for. */
const STOP_DEATH: Readonly<Record<(typeof STOP_CAUSES)[number], DeathCause>> = {
  mafia: DeathCause.Mafia,
  maniac: DeathCause.Maniac,
  hunt: DeathCause.Hunt,
  kamikaze: DeathCause.Kamikaze,
  vigilante: DeathCause.Vigilante,
  bomb: DeathCause.Bomb,
};

/** Most roles one set of rules may hold, built-in and its own together (role ids fit an Int8Array). */
export const MAX_ROLES = 64;

/** "No such role" in the arrays that hold role ids; "more than one" where one is expected. */
export const NO_ROLE = -1;
export const MANY = -2;

export class RoleBook {
  readonly specs: readonly RoleSpec[];
  readonly count: number;
  /** The rules file's own rows (ids from ROLE_ROWS.length on), in id order. */
  readonly defined: readonly RoleRow[];
  /** Team under these options (the Maniac's follows `maniac.team`). */
  readonly team: Int8Array;
  /** The team he counts for in the win checks (a Minion counts with Town). */
  readonly side: Int8Array;
  readonly told: Int8Array;
  /** His night ability (Ability), None if none or not enabled. */
  readonly action: Int8Array;
  readonly shoots: Uint8Array;
  readonly shootsAlone: Uint8Array;
  readonly leader: Uint8Array;
  readonly canHunt: Uint8Array;
  readonly clan: Uint8Array;
  readonly seesClan: Uint8Array;
  /** The team a check sees, or NO_ROLE: his team now. */
  readonly seenAs: Int8Array;
  readonly onShot: Int8Array;
  readonly turnsInto: Int8Array;
  readonly turnsOnLeaderDeath: Uint8Array;
  /** The role he assists (the Sergeant: the Commissar), and for each role its assistant. */
  readonly assists: Int8Array;
  readonly assistant: Int8Array;
  readonly lastShot: Uint8Array;
  readonly extraShots: Uint8Array;
  readonly blast: Uint8Array;
  readonly lynchShield: Uint8Array;
  /** The NamedRole (Named) the options take him for, or NO_ROLE. */
  readonly named: Int8Array;
  // The night ability's parameters.
  readonly mayPass: Uint8Array;
  readonly selfAllowed: Uint8Array;
  /** Nights in a row on one target (0: no limit), and whether it counts nights acted instead. */
  readonly repeatMax: Int16Array;
  readonly repeatRunning: Uint8Array;
  /** A protection's stopped causes, one bit per DeathCause. */
  readonly stops: Int16Array;
  readonly unfreezes: Uint8Array;
  /** What a check reveals: NO_ROLE for the team, else whether the target holds this role. */
  readonly reveals: Int8Array;
  readonly note: Uint8Array;
  readonly learnsKiller: Uint8Array;
  readonly bullets: Int16Array;
  readonly firstNight: Uint8Array;
  readonly kamikazeTarget: Int8Array;
  readonly silencedVotes: Uint8Array;
  /** Roles by Named: the roles each option that names a role counts; and the one role, NO_ROLE or MANY. */
  readonly namedRoles: readonly Int8Array[];
  readonly namedRole: Int8Array;

  constructor(defined: readonly RoleRow[], options: Options) {
    const rows = [...ROLE_ROWS, ...defined];
    const byKey = new Map<string, Role>();
    rows.forEach((r, id) => {
      byKey.set(r.key, id);
      for (const a of r.aliases) if (!byKey.has(a)) byKey.set(a, id);
    });
    const id = (key: string | undefined): number => (key === undefined ? NO_ROLE : byKey.get(key)!);
    this.defined = defined;
    this.count = rows.length;
    this.specs = Object.freeze(rows.map((row, i) => specOf(row, i, (k) => byKey.get(k))));
    const n = this.count;
    const v = <T>(b: Parameters<typeof boundValue<T>>[0]): T => boundValue(b, options);
    const i8 = (f: (r: RoleRow, i: number) => number) => Int8Array.from(rows, f);
    const u8 = (f: (r: RoleRow) => boolean | number) => Uint8Array.from(rows, (r) => Number(f(r)));
    this.team = i8((r) => teamOfWord(v(r.team)));
    this.side = i8((r, i) => (v(r.counted) ? this.team[i]! : Team.Town));
    this.told = i8((r, i) => (r.told === undefined ? i : id(r.told)));
    const night = rows.map((r) => (r.night && (r.night.enabled === undefined || v(r.night.enabled)) ? r.night : undefined));
    this.action = Int8Array.from(night, (a) => (a ? ABILITY_OF[a.kind] : Ability.None));
    this.shoots = u8((r) => r.shoots);
    this.shootsAlone = u8((r) => v(r.shootsAlone));
    this.leader = u8((r) => r.leader);
    this.canHunt = u8((r) => r.hunts);
    this.clan = u8((r) => v(r.clan));
    this.seesClan = u8((r) => r.seesClan);
    this.seenAs = i8((r) => (r.seenAs === 'team' ? NO_ROLE : r.seenAs === 'mafia' ? Team.Mafia : Team.Town));
    this.onShot = i8((r) => (r.onShot === 'dies' ? OnShot.Dies : r.onShot === 'immune' ? OnShot.Immune : OnShot.Turns));
    this.turnsInto = i8((r) => id(r.turnsInto));
    this.turnsOnLeaderDeath = u8((r) => r.turnsOnLeaderDeath);
    this.assists = i8((r) => id(r.assists));
    this.assistant = new Int8Array(n).fill(NO_ROLE);
    this.assists.forEach((x, i) => {
      if (x !== NO_ROLE) this.assistant[x] = i;
    });
    this.lastShot = u8((r) => v(r.lastShot));
    this.extraShots = u8((r) => r.extraShots);
    this.blast = u8((r) => r.blast);
    this.lynchShield = u8((r) => r.lynchShield);
    this.named = i8((r) => (r.asRole === undefined ? NO_ROLE : NAMED_OF[r.asRole]));
    this.namedRoles = [Named.Putana, Named.Doctor, Named.Maniac].map((k) => Int8Array.from(rows.flatMap((_, i) => (this.named[i] === k ? [i] : []))));
    this.namedRole = Int8Array.from(this.namedRoles, (list) => (list.length === 0 ? NO_ROLE : list.length === 1 ? list[0]! : MANY));
    const param = <T>(f: (a: NightAbility) => T | undefined, def: T): T[] => night.map((a) => (a ? (f(a) ?? def) : def));
    this.mayPass = Uint8Array.from(param((a) => ('mayPass' in a ? Number(v(a.mayPass)) : a.kind === 'gun' || a.kind === 'kamikaze' ? 1 : 0), 0));
    // Only a protector may pick himself, and only when allowed.
    this.selfAllowed = Uint8Array.from(param((a) => (a.kind === 'protect' ? Number(v(a.self)) : 0), 0));
    this.repeatMax = Int16Array.from(param((a) => ('repeat' in a ? v(a.repeat) : 0), 0));
    // Without a limit there is nothing to count, nights acted or not.
    this.repeatRunning = Uint8Array.from(param((a) => ('repeatLimit' in a && v(a.repeat) > 0 ? Number(v(a.repeatLimit) === 'nights-running') : 0), 0));
    this.stops = Int16Array.from(param((a) => (a.kind === 'protect' ? stopMask(a.stops, v) : 0), 0));
    this.unfreezes = Uint8Array.from(param((a) => (a.kind === 'protect' ? Number(v(a.unfreezes)) : 0), 0));
    this.reveals = Int8Array.from(param((a) => (a.kind === 'check' ? (a.reveals === 'team' ? NO_ROLE : id(a.reveals)) : NO_ROLE), NO_ROLE));
    this.note = Uint8Array.from(param((a) => (a.kind === 'check' ? Number(v(a.note)) : 0), 0));
    this.learnsKiller = Uint8Array.from(param((a) => (a.kind === 'check' ? Number(v(a.learnsKiller)) : 0), 0));
    this.bullets = Int16Array.from(param((a) => (a.kind === 'gun' ? v(a.bullets) : 0), 0));
    this.firstNight = Uint8Array.from(param((a) => (a.kind === 'gun' ? Number(v(a.firstNight)) : 1), 1));
    this.kamikazeTarget = Int8Array.from(param((a) => (a.kind === 'kamikaze' ? id(a.target) : NO_ROLE), NO_ROLE));
    this.silencedVotes = Uint8Array.from(param((a) => (a.kind === 'silence' ? Number(v(a.votes)) : 1), 1));
  }

  /** The id of a role key or alias in this book, or undefined. */
  idOf(key: string): Role | undefined {
    const k = key.toLowerCase();
    const i = this.specs.findIndex((r) => r.key === k || r.aliases.includes(k));
    return i < 0 ? undefined : i;
  }

  /** Whether any role of the list is dealt or can be reached from a dealt role (by a turn or a succession). */
  anyInPlay(counts: readonly number[], test: (role: Role) => boolean): boolean {
    return this.reachable(counts).some(test);
  }

  /** Roles that can be held in a game dealt these counts: the dealt ones and what they can turn into or succeed to. */
  reachable(counts: readonly number[]): Role[] {
    const seen = new Set<Role>();
    const visit = (r: Role): void => {
      if (r === NO_ROLE || seen.has(r)) return;
      seen.add(r);
      visit(this.turnsInto[r]!);
      visit(this.assists[r]!);
    };
    counts.forEach((c, r) => {
      if (c > 0) visit(r);
    });
    return [...seen].sort((a, b) => a - b);
  }
}

function stopMask(stops: NightAbilityStops, v: <T>(b: Parameters<typeof boundValue<T>>[0]) => T): number {
  let mask = 0;
  for (const c of STOP_CAUSES) if (v<boolean>(stops[c])) mask |= 1 << STOP_DEATH[c];
  return mask;
}
type NightAbilityStops = Extract<NightAbility, { kind: 'protect' }>['stops'];
