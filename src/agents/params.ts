// The heuristic players' knobs: every policy parameter as one table row (key,
// meaning, range, value per profile). Profiles are columns of this table, so a
// study sweeps a parameter exactly like a rule option, and README.md (The players) is
// written from the same rows.

import { fixedShape } from '../engine/shape.js';

export const PROFILES = ['random', 'novice', 'club', 'expert', 'strangers', 'live'] as const;
export type Profile = (typeof PROFILES)[number];
/** Profiles played by the heuristic agent (every one but `random`). */
export type SkillProfile = Exclude<Profile, 'random'>;

/** The teams whose strategy a parameter can be: a loner Maniac is a side of his own. */
export type StrategyTeam = 'town' | 'mafia' | 'maniac';

/**
 * What a parameter is (issue 20). **Skill** is what a table can perceive
 * (read strength, trust of talk, taste noise): it stays at the level the
 * profile was fitted to. **Strategy** is what one team chooses (whom it
 * shoots, when the Commissar reveals, how the clan lies, whom the Doctor
 * guards, vote herding): `equilibrium` adapts it, `team` says whose it is.
 * `counts` marks a whole number of days or votes, which a search over the
 * strategy never needs beyond the table size (a game is over by then).
 */
export type ParamUse = { readonly kind: 'skill' } | { readonly kind: 'strategy'; readonly team: StrategyTeam; readonly counts?: 'days' | 'votes' };

export interface ParamSpec {
  readonly key: string;
  readonly doc: string;
  readonly min: number;
  readonly max: number;
  /** Values for novice, club, expert, strangers, live (SKILL_PROFILES' order). */
  readonly values: readonly [number, number, number, number, number];
  readonly use: ParamUse;
}

/** The columns of the table, in order: every profile the heuristic agent plays. */
export const SKILL_PROFILES: readonly SkillProfile[] = Object.freeze(PROFILES.filter((x): x is SkillProfile => x !== 'random'));

/** The profiles fitted to one kind of table by `calibrate`, each on top of club's values. */
type FittedProfile = 'strangers' | 'live';

/**
 * A row: novice, club and expert given; each fitted profile (`strangers`,
 * fitted to the strangers' table, and `live`, fitted to the live table:
 * README "Where the players come from" and "The players fitted to each
 * table") is club's value except where its fit gave its own, so a fit
 * changes the rows it fitted and nothing else. When club is refitted, a
 * fitted profile keeps the club values its own fit was made with (live's
 * five pins of the hammer refit, issue 18), so its fit table still holds.
 */
const SKILL: ParamUse = { kind: 'skill' };
const TOWN: ParamUse = { kind: 'strategy', team: 'town' };
const TOWN_DAYS: ParamUse = { kind: 'strategy', team: 'town', counts: 'days' };
const TOWN_VOTES: ParamUse = { kind: 'strategy', team: 'town', counts: 'votes' };
const MAFIA: ParamUse = { kind: 'strategy', team: 'mafia' };
const MAFIA_DAYS: ParamUse = { kind: 'strategy', team: 'mafia', counts: 'days' };
const MANIAC: ParamUse = { kind: 'strategy', team: 'maniac' };

const p = (key: string, values: [number, number, number], min: number, max: number, doc: string, use: ParamUse, fitted: Partial<Record<FittedProfile, number>> = {}): ParamSpec => ({
  key,
  values: [...values, fitted.strangers ?? values[1], fitted.live ?? values[1]],
  min,
  max,
  doc,
  use,
});

/**
 * Log-odds are natural logs; a "weight" adds that many log-odds of being an
 * enemy of Town. A threshold on that belief is given as log-odds over the
 * prior (the share of enemies among the others in the public setup), so one
 * value means the same at every table size and mafia share (issue 18). The
 * values are the old absolute thresholds converted at the table each was
 * played at: the records' game (3 enemies among 14 others) for the
 * accusation and the Vigilante, the 16-player forum game (5 of 15) for the
 * last shot and the hunt, the club game (4 of 11) for the Red Maniac.
 */
export const PARAM_SPECS: readonly ParamSpec[] = Object.freeze([
  // Everyone: how beliefs are formed.
  p('readSkill', [0.2, 0.4, 0.8], 0, 5, 'strength of what a day\'s talk tells a player (separation d\' of the engine\'s daily whisper, PlayerView.reads): 0 learns only from facts, claims and votes', SKILL, { strangers: 0, live: 0.908 }),
  p('readFirstDay', [0, 0, 0], 0, 1, 'share of readSkill on day 1, when the talk has no deaths, votes or results to work on', SKILL, { live: 0.594 }),
  p('readShared', [0.8, 0.8, 0.8], 0, 1, 'share of a whisper\'s noise the whole table has in common and keeps all game (a convincing liar fools everyone)', SKILL),
  p('readTrust', [0.5, 1, 1], 0, 3, 'share of a read\'s true weight of evidence the player takes into account', SKILL),
  p('claimTrust', [0.95, 0.85, 0.85], 0, 1, 'how far an uncontested Commissar claim is believed (0 ignores claims)', SKILL),
  p('resultWeight', [3, 4, 4], 0, 20, 'log-odds a fully trusted "X is Black" result adds (and "Red" removes)', SKILL),
  p('claimDoubt', [1, 1, 1], 0, 1, 'how far a claimant whose role another also claims is thought a liar: 1 takes the others\' share of the role\'s credibility as the chance he lied (at most one of them holds it, and Town does not lie), 0 only believes him less (the fitted profiles\' value: their fits were made before it)', SKILL, { strangers: 0, live: 0 }),
  p('firstClaimBonus', [0, 0.7, 1.2], 0, 5, 'log-odds of credibility for the first of two Commissar claimants (counter-claims come late)', SKILL),
  p('voteMemory', [0.115, 0.23, 0.345], 0, 5, 'log-odds per vote cast against a player later shown Red (and removed for one shown Black)', SKILL, { strangers: 0 }),
  p('nightVictimMemory', [0, 0.3, 0.5], 0, 5, 'log-odds per vote cast against a player later shot at night with his role not shown (likely Town)', SKILL),
  p('accuseWeight', [0.5, 0.25, 0.2], 0, 5, 'log-odds an accusation adds, scaled by how much the accuser is trusted', SKILL, { strangers: 0.234 }),
  p('accuseOdds', [2.398, 1.918, 1.705], -5, 5, 'log-odds over the prior of a player being an enemy above which a Town player accuses him by day', TOWN),
  p('crowd', [21, 21, 21], 2, 1000, 'living players up to whom every accusation heard and every vote already cast counts in full; at a bigger table each counts crowd/living of it, a voice keeping its share of the table (21: the largest table of the records, live-werewolf\'s; bigger ones are extrapolated at their shares)', SKILL),
  p('bandwagon', [0.5, 0.35, 0.25], 0, 5, 'log-odds per vote already cast today for a candidate: how much a voter follows the table', TOWN, { strangers: 0.45 }),
  p('noise', [1.2, 0.6, 0.3], 0, 10, 'scale of the random taste added to every choice but the vote (0: always the top score)', SKILL),
  p('vote.taste', [0.6, 0.4, 0.3], 0, 5, 'scale (log-odds, Gumbel) of a voter\'s own taste of the day: a hunch about each seat he holds all day, which spreads the first votes over several candidates until facts and the table\'s lead outweigh it', SKILL, { strangers: 0.361 }),
  p('vote.abstain', [0.142, 0.142, 0.142], 0, 1, 'where the rules let a player abstain (vote.mayAbstain): chance he casts no vote (fitted to the strangers\' records: 13-14% of the living do not vote, every day)', SKILL, { strangers: 0.142 }),
  p('vote.spareClaim', [1, 2, 2], 0, 20, 'log-odds taken off a vote for a player who claims a role the table is better off not lynching (the Bomb, whose lynch kills his neighbours; the Prince, who survives it)', TOWN),
  p('vote.passBias', [-0.9, -0.978, -0.9], -10, 10, 'where the rules allow a vote for nobody: log-odds over the prior at which voting for nobody is as good as voting for a suspect (herds like other votes)', TOWN, { live: -0.9 }),
  p('vote.byLot', [0, 0, 0], 0, 1, 'Town: chance a day that every Town player votes for the seat the day\'s public lot names (PlayerView.lot), the tamper-proof random lynch of Braverman, Etesami and Mossel: the Mafia\'s votes cannot steer it', TOWN),
  // Commissar (and a promoted Sergeant).
  p('commissar.revealOnBlack', [0.992, 0.867, 0.992], 0, 1, 'chance of revealing on the first day after finding a Black (from commissar.revealFromDay on)', TOWN, { live: 0.992 }),
  p('commissar.revealFromDay', [2, 2, 2], 1, 100, 'first day on which a Black found makes him reveal (day 1: he shows himself to the mafia before any talk)', TOWN_DAYS),
  p('commissar.revealDay', [2, 4, 0], 0, 100, 'day on which he reveals anyway (0: never by the calendar)', TOWN_DAYS),
  p('commissar.revealVotes', [0, 3, 3], 0, 100, 'votes received at the last vote that make him reveal to save himself (0: never)', TOWN_VOTES),
  p('commissar.noteWhenRevealed', [0, 1, 1], 0, 1, 'chance of leaving the note on a night after revealing (he is likely shot)', TOWN),
  p('commissar.noteHidden', [0, 0.25, 0.35], 0, 1, 'chance of leaving the note on a night while still hidden (it burns if he lives)', TOWN),
  p('commissar.checkNoise', [20, 20, 10], 0, 20, 'scale of the random taste in whom he checks (real cops check the loud and the useful, not only the suspicious)', SKILL),
  p('commissar.pushHidden', [0.6, 0.39, 0.2], 0, 1, 'chance a day that, still hidden, he pushes a Black he found (accuses him, votes for him); on other days he joins a wagon on him but does not start one, since a lone act against a Black shows the mafia who checked', TOWN, { live: 0.292 }),
  p('commissar.lastShotOdds', [-0.154, 0.693, 1.099], -5, 5, 'log-odds over the prior that his top suspect is an enemy needed to fire the last shot (otherwise he holds fire)', TOWN),
  p('commissar.deathNote', [0, 1, 1], 0, 1, 'whether he writes his death note once he has found a Black', TOWN),
  // Every protector (the protect ability: the Doctor, the Bodyguard, a rules file's own): the Doctor's keys.
  p('doctor.commissarWeight', [4, 8, 8], 0, 50, 'priority of protecting the Commissar he believes in, scaled by that belief (every protector: the Doctor, the Bodyguard)', TOWN),
  p('doctor.selfWeight', [2, 1.5, 1.5], 0, 50, 'priority of protecting himself (every protector)', TOWN),
  p('doctor.selfHeal', [1, 1, 1], 0, 1, 'whether a protector protects himself at all where his role allows it (0: never, as the recorded medics; stands in for the rules option)', TOWN),
  p('doctor.clearedWeight', [0, 0.8, 1], 0, 50, 'priority of protecting a player a trusted Commissar cleared (valuable Town)', TOWN),
  // Town's protectors and guns (the Doctor, the Bodyguard, the Vigilante): how their roles leak (a public claim of the role).
  p('leak.daily', [0.172, 0.113, 0.086], 0, 1, 'chance a day that a hidden protector\'s or gun\'s talk gives his role away (a public claim of it): the Doctor, the Bodyguard, the Vigilante', SKILL, { live: 0.129 }),
  p('leak.pressureVotes', [2, 3, 4], 0, 100, 'votes received at the last vote that make a hidden protector or gun (Doctor, Bodyguard, Vigilante), a Bomb or a Prince claim his role to save himself (0: never)', TOWN_VOTES),
  // Vigilante.
  p('vigilante.aimNoise', [8.64, 5.45, 2.88], 0, 20, 'scale of the random taste in whom the Vigilante aims at (real vigilantes shoot hunches)', SKILL, { live: 5.76 }),
  p('vigilante.fireOdds', [-0.044, 0.22, 0.675], -5, 5, 'log-odds over the prior that his top suspect is an enemy needed to fire; below it he holds', TOWN),
  // Sergeant.
  p('sergeant.confirm', [0, 1, 1], 0, 1, 'whether he claims Sergeant to back a revealed Commissar, and exposes a fake one', TOWN),
  p('sergeant.stepUp', [1, 1, 1], 0, 1, 'whether, promoted, he reveals at once and publishes the results he holds', TOWN),
  // Hunters (forum): a miss kills the hunter.
  p('hunt.odds', [2.079, 2.89, 3.28], -5, 5, 'log-odds over the prior that the target is Mafia needed to hunt', TOWN),
  // Maniac.
  p('maniac.killOdds', [0.56, 1.407, 1.658], -5, 5, 'Red Maniac (club): log-odds over the prior of his top suspect being Black needed to kill; below it he abstains', TOWN),
  p('maniac.threatWeight', [1, 2, 2.5], 0, 50, 'loner Maniac (forum): priority of killing those who vote or accuse him, per act', MANIAC),
  p('maniac.townWeight', [0, 1, 1.5], 0, 50, 'loner Maniac: priority of killing likely Town over likely Mafia (Town is who lynches him)', MANIAC),
  // Mafia team.
  p('mafia.commissarWeight', [6, 10, 12], 0, 50, 'priority of shooting a claimed Commissar (freezing, for the Putana)', MAFIA),
  p('mafia.doctorWeight', [3, 5, 6], 0, 50, 'priority of shooting a claimed protector, gun or Sergeant (the Doctor, the Bodyguard, the Vigilante)', MAFIA),
  p('mafia.accuserWeight', [0.5, 1, 1.5], 0, 50, 'priority per vote or accusation a player cast against a Black', MAFIA),
  p('mafia.blend', [0.3, 0.6, 0.72], 0, 10, 'log-odds per vote already cast today for a non-mate: how closely a Mafia follows the table', MAFIA, { strangers: 0.6 }),
  p('mafia.bus', [0.3, 0.3, 0.3], 0, 1, 'chance a Mafia joins the wagon on a mate the vote has already lost (he leads by more votes than are left to cast): a vote the lynch does not need, for the table\'s trust', MAFIA, { strangers: 1 }),
  p('mafia.foundWeight', [15, 20, 25], 0, 100, 'priority of shooting the player the clan\'s checker found to hold the role he looks for (the Sheriff the Don found): the clan\'s first shot', MAFIA),
  p('don.checkNoise', [10, 6, 3], 0, 20, 'scale of the random taste in whom the clan\'s checker (the Don) checks for the Sheriff, beside the acts against the clan', SKILL),
  p('mafia.fakeClaim', [0, 0.008, 0.1], 0, 1, 'chance the clan has one Mafia fake-claim Commissar on mafia.fakeClaimDay', MAFIA),
  p('mafia.fakeClaimDay', [2, 2, 2], 1, 100, 'day of the fake claim', MAFIA_DAYS),
  p('mafia.counterClaim', [0.2, 0.6, 0.7], 0, 1, 'chance the clan counter-claims when a Town Commissar reveals', MAFIA),
  p('mafia.asCivilian', [0, 0, 0], 0, 1, 'chance a day that a Mafia player votes and speaks exactly as a Civilian of the table would (with the Civilians\' parameters, the lot included), from what a Civilian could know (the public record, no mates: he may vote for a partner), instead of blending in as Mafia', MAFIA),
  p('putana.doctorWeight', [4, 9, 12], 0, 50, 'Putana: priority of freezing the claimed Doctor while a Commissar is revealed', MAFIA),
  p('kamikaze.threshold', [0.5, 0.7, 0.8], 0, 1, 'Kamikaze: belief that a claimant is the real Commissar (a share among rival claimants, the same at every table) needed to go after him', MAFIA),
]);

/**
 * Keys that were absolute beliefs before issue 18, each with the key that
 * replaced it (log-odds over the prior). An old value cannot be converted
 * without knowing the table it was meant for, so an old key is refused with
 * the new one named (spec.ts).
 */
export const RENAMED_PARAMS: Readonly<Record<string, string>> = Object.freeze({
  accuseThreshold: 'accuseOdds',
  'commissar.lastShotMin': 'commissar.lastShotOdds',
  'vigilante.fireThreshold': 'vigilante.fireOdds',
  'hunt.threshold': 'hunt.odds',
  'maniac.killThreshold': 'maniac.killOdds',
});

export type ParamKey = (typeof PARAM_SPECS)[number]['key'];
export const PARAM_KEYS: readonly string[] = PARAM_SPECS.map((s) => s.key);
const BY_KEY = new Map(PARAM_SPECS.map((s) => [s.key, s]));

export function paramSpec(key: string): ParamSpec | undefined {
  return BY_KEY.get(key);
}

/** "skill", or "strategy: town" (mafia, maniac): the kind column of `players --list` and README. */
export function useLabel(use: ParamUse): string {
  return use.kind === 'skill' ? 'skill' : `strategy: ${use.team}`;
}

/** Every strategy parameter of a team, in table order. */
export function strategyParams(team: StrategyTeam): readonly ParamSpec[] {
  return PARAM_SPECS.filter((s) => s.use.kind === 'strategy' && s.use.team === team);
}

/** A full set of values, one per key, read by the policies as `p['hunt.threshold']`. */
export type Params = Readonly<Record<string, number>>;

const PROFILE_COLUMN: Record<SkillProfile, 0 | 1 | 2 | 3 | 4> = { novice: 0, club: 1, expert: 2, strangers: 3, live: 4 };

/** Every Params object has one shape, whatever its values: the players' compiled code that reads them stays valid from one set to the next (calibrate, tune and equilibrium make a set per point). */
const paramsObject = fixedShape<number>(
  PARAM_SPECS.map((s) => s.key),
  PARAM_SPECS.map(() => 0.5),
);

/** The values of a profile with overrides applied (overrides already checked). */
export function profileParams(profile: SkillProfile, overrides: ReadonlyMap<string, number> = new Map()): Params {
  const col = PROFILE_COLUMN[profile];
  return Object.freeze(paramsObject(PARAM_SPECS.map((s) => overrides.get(s.key) ?? s.values[col])));
}

/**
 * Why an old key (RENAMED_PARAMS) is refused, naming the key that replaced it
 * with a valid value (the club profile's, after `prefix`, e.g. a scope); undefined for any other key.
 */
export function renamedParam(key: string, prefix = ''): string | undefined {
  const now = RENAMED_PARAMS[key];
  if (now === undefined) return undefined;
  return `renamed ${now}: a belief threshold is now log-odds over the table's prior (the same at every table size and mafia share); e.g. ${prefix}${now}=${paramSpec(now)!.values[1]}`;
}

export function isProfile(s: string): s is Profile {
  return (PROFILES as readonly string[]).includes(s);
}
