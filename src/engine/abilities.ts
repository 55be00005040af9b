// The role vocabulary: everything one row of the role table may say about a
// role. A role is a team, what it knows at the deal, how a check sees it,
// and abilities from a small set, each with its parameters. A parameter is
// a value or the rule option that sets it (the built-in roles' knobs are the
// options of docs/rules.md); roleBook.ts turns rows and options into the
// typed arrays the engine reads. Adding a role is a row, never engine code.

import type { Options, RepeatLimit } from './options.js';

export type TeamName = 'town' | 'mafia' | 'loner';
export const TEAM_WORDS: readonly TeamName[] = ['town', 'mafia', 'loner'];
export type OptionKey = keyof Options;

/** A parameter given as a value, or read from a rule option. */
export type Bound<T> = T | { readonly option: OptionKey };

/** Causes of death a protection may stop (each maps to a DeathCause). */
export const STOP_CAUSES = ['mafia', 'maniac', 'hunt', 'kamikaze', 'vigilante', 'bomb'] as const;
export type StopCause = (typeof STOP_CAUSES)[number];

/** Limits on choosing one target night after night (the club text's "no more than two nights in a row"). */
export interface RepeatParams {
  /** Nights in a row the same target may be chosen; 0: no limit. */
  readonly repeat: Bound<number>;
  /** What `repeat` counts: choices of the same target, or nights acted at all (then a rest night). */
  readonly repeatLimit: Bound<RepeatLimit>;
}

/** What every night ability may say: it may be switched on by a rule option (the Don's check in sports mafia). */
interface AbilityBase {
  /** The ability is in play; unset: always. */
  readonly enabled?: Bound<boolean>;
}

/** Freezes one player: his own night action is lost (the Putana). */
export interface BlockAbility extends RepeatParams, AbilityBase {
  readonly kind: 'block';
  readonly mayPass: Bound<boolean>;
}

/** Guards one player for the night against the causes in `stops` (the Doctor, the Bodyguard). */
export interface ProtectAbility extends RepeatParams, AbilityBase {
  readonly kind: 'protect';
  readonly self: Bound<boolean>;
  readonly mayPass: Bound<boolean>;
  readonly stops: Readonly<Record<StopCause, Bound<boolean>>>;
  /** A protected player is not frozen either. */
  readonly unfreezes: Bound<boolean>;
}

/** Learns one player's team (as a check sees it), or whether he holds the role `reveals` names (the Don's check for the Sheriff). */
export interface CheckAbility extends AbilityBase {
  readonly kind: 'check';
  readonly reveals: 'team' | string;
  readonly mayPass: Bound<boolean>;
  /** Once a game a note with tonight's result, read out if he dies this night (the Commissar's note). */
  readonly note: Bound<boolean>;
  /** Checking a player killed this turn also tells who killed him and how. */
  readonly learnsKiller: Bound<boolean>;
}

/** Kills one player on his own account every night he likes (the Maniac). */
export interface KillAbility extends AbilityBase {
  readonly kind: 'kill';
  readonly mayPass: Bound<boolean>;
}

/** A gun with `bullets` for the whole game, held at will (the Vigilante); a bullet named is spent. */
export interface GunAbility extends AbilityBase {
  readonly kind: 'gun';
  readonly bullets: Bound<number>;
  readonly firstNight: Bound<boolean>;
}

/** Names a player: if he holds role `target`, both die, otherwise nothing happens (the Kamikaze). */
export interface KamikazeAbility extends AbilityBase {
  readonly kind: 'kamikaze';
  readonly target: string;
}

/** Silences one player for the next day: he may not speak (the Spellcaster). */
export interface SilenceAbility extends RepeatParams, AbilityBase {
  readonly kind: 'silence';
  readonly mayPass: Bound<boolean>;
  /** The silenced player still votes. */
  readonly votes: Bound<boolean>;
}

export type NightAbility = BlockAbility | ProtectAbility | CheckAbility | KillAbility | GunAbility | KamikazeAbility | SilenceAbility;
export type AbilityKind = NightAbility['kind'];

/** The rule names a role may answer to in the options that name roles (win.parityBlock, win.maniacMafiaDraw, hunt.onManiac). */
export type NamedRole = 'putana' | 'doctor' | 'maniac';

/** One row of the role table. Every field but key, label and team has a default (roleRow). */
export interface RoleRow {
  /** The key of `roles.<key>=<count>` and of every output. */
  readonly key: string;
  readonly label: string;
  /** Other names accepted on input (the forum's "boss" is the club's "don"). */
  readonly aliases: readonly string[];
  readonly team: Bound<TeamName>;
  /** The role the player is told at the deal, by key (the Foundling thinks he is a Civilian); unset: his own. */
  readonly told?: string;
  /** Counted as a special role (not a plain Civilian) where roles are listed. */
  readonly special: boolean;
  /** His one night action, if any. */
  readonly night?: NightAbility;
  /** Takes part in his team's night shot. */
  readonly shoots: boolean;
  /** Shoots only when no shooter of his team lives (the Putana). */
  readonly shootsAlone: Bound<boolean>;
  /** Leads the shot under `mafia.killRule = don-decides`; his death is the Boss's death (the Foundling turns). */
  readonly leader: boolean;
  /** Wakes with his team's clan: knows its members and is known by them (a Mafia-team role only). */
  readonly clan: Bound<boolean>;
  /** Knows the clan, who do not know him (the Minion). */
  readonly seesClan: boolean;
  /** May hunt where the rules allow hunting (Town players only). */
  readonly hunts: boolean;
  /** How a team check sees him: his team now, or always Mafia (the Lycan) or Town (the Minion). */
  readonly seenAs: 'team' | 'mafia' | 'town';
  /** What his team's night shot does to him: kills, fails (the Foundling), or turns him into `turnsInto` (the Cursed). */
  readonly onShot: 'dies' | 'immune' | 'turns';
  /** Becomes `turnsInto` (and its team) when the leader dies (the Foundling). */
  readonly turnsOnLeaderDeath: boolean;
  /** The role he becomes (onShot = turns, turnsOnLeaderDeath), by key. */
  readonly turnsInto?: string;
  /** Knows who holds this role, hears every result of its checks, and takes it when nobody living holds it (the Sergeant). */
  readonly assists?: string;
  /** Dying, fires once at any other player, who dies with him (the forum Commissar). */
  readonly lastShot: Bound<boolean>;
  /** His team gets this many more shots the night after his death (the Wolf Cub). */
  readonly extraShots: number;
  /** Dying, kills the nearest player on each side who is not already dying (the Bomb). */
  readonly blast: boolean;
  /** Lynches he survives, his role shown (a Prince). */
  readonly lynchShield: number;
  /** Counts for his team in the win checks; false: counted with Town (the Minion wins with the wolves but is not one). */
  readonly counted: Bound<boolean>;
  /** The role the rule options that name roles take him for. */
  readonly asRole?: NamedRole;
}

/** A row with the defaults filled in: a plain player of his team. */
export function roleRow(r: Pick<RoleRow, 'key' | 'label' | 'team'> & Partial<RoleRow>): RoleRow {
  return Object.freeze({
    aliases: [],
    special: true,
    shoots: false,
    shootsAlone: false,
    leader: false,
    clan: true,
    seesClan: false,
    hunts: true,
    seenAs: 'team' as const,
    onShot: 'dies' as const,
    turnsOnLeaderDeath: false,
    lastShot: false,
    extraShots: 0,
    blast: false,
    lynchShield: 0,
    counted: true,
    ...r,
  });
}

/** The value of a bound parameter under these options. */
export function boundValue<T>(b: Bound<T>, options: Options): T {
  return typeof b === 'object' && b !== null && 'option' in b ? (options[b.option] as unknown as T) : (b as T);
}
