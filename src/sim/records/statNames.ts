// The names of the records statistics, in the order tables print them, what
// each counts, and which kind each is (a rate k/n, a mean, a rate with a
// chance baseline). Scripts rely on these names; stats.ts counts them and
// re-exports this table, so one module owns the statistics.

/** Days with a per-day lynch figure. */
export const LYNCH_DAYS = [1, 2, 3, 4, 5] as const;

export const perDay = (stem: string): string[] => LYNCH_DAYS.map((d) => `${stem}.day${d}`);

/**
 * The scopes of every vote statistic: days 1, 2 and 3 each (`day3` is day 3
 * alone, as `lynchHitsMafia.day3` is), `day3plus` day 3 and every later day,
 * and `all` every day; the last two from complete records only.
 */
export const VOTE_SCOPES = ['day1', 'day2', 'day3', 'day3plus', 'all'] as const;
/** Days with a vote figure of their own (later days count in day3plus and all only). */
export const VOTE_DAYS = 3;

export const VOTE_STEMS = ['votes.shareOnEliminated', 'votes.candidates', 'votes.unanimous', 'votes.nonVoters', 'votes.onPartner'] as const;
const voteNames = (stem: string): string[] => VOTE_SCOPES.map((s) => `${stem}.${s}`);

/** Means of per-day observations, each kept as an exact histogram. */
const HISTOGRAM_STEMS = ['votes.shareOnEliminated', 'votes.candidates'];
export const HISTOGRAM_NAMES: ReadonlySet<string> = new Set(HISTOGRAM_STEMS.flatMap(voteNames));

/** Whether a statistic is a mean (with `se`, a normal interval and a Welch z), not a rate k/n. */
export function isMeanStat(name: string): boolean {
  return name === 'gameLength' || HISTOGRAM_NAMES.has(name);
}

/** Whether a statistic's values lie in [0, 1] (rates and shares), so a chart of rates can show it. */
export function isUnitScale(name: string): boolean {
  return name !== 'gameLength' && !name.startsWith('votes.candidates.');
}

/** Rates that carry a chance baseline and an odds ratio against it. */
export function hasChance(name: string): boolean {
  return (name.startsWith('lynchHitsMafia.') && name !== 'lynchHitsMafia.orderFree') || name.startsWith('votes.onPartner.') || name.startsWith('firstNightKill.') || name.startsWith('firstLynch.');
}

/** Every statistic, in the order tables print them. Scripts rely on these names. */
export const STAT_NAMES: readonly string[] = [
  'townWin',
  'gameLength',
  ...perDay('lynchHitsMafia'),
  'lynchHitsMafia.all',
  'lynchHitsMafia.orderFree',
  ...perDay('noLynch'),
  'noLynch.all',
  'mafiaTargetsCop.night1',
  'mafiaTargetsCop.all',
  'mafiaTargetsMedic.night1',
  'mafiaTargetsMedic.all',
  'mafiaTargetsVigilante.night1',
  'mafiaTargetsVigilante.all',
  'medicSaveSuccess.night1',
  'medicSaveSuccess',
  'medicSelfHeal.night1',
  'medicSelfHeal',
  'copCheckHitsMafia.night1',
  'copCheckHitsMafia.all',
  'copDead.night1',
  'copDead.night2',
  'vigilanteFires',
  'vigilanteShotHitsMafia',
  'nightKill.all',
  'protectorSave.all',
  'firstNightKill.hitsCop',
  'firstLynch.hitsMafia',
  'firstLynch.hitsCop',
  ...VOTE_STEMS.flatMap(voteNames),
];

const SCOPE_WORDS: Readonly<Record<(typeof VOTE_SCOPES)[number], string>> = { day1: 'day 1', day2: 'day 2', day3: 'day 3', day3plus: 'day 3 and later', all: 'every day' };
const VOTE_MEANING: Readonly<Record<(typeof VOTE_STEMS)[number], string>> = {
  'votes.shareOnEliminated': 'share of the votes cast on the player eliminated, mean over days with an elimination',
  'votes.candidates': 'distinct players voted for, mean over days with a vote',
  'votes.unanimous': 'days on which every living player but the one eliminated voted for him, of days with an elimination',
  'votes.nonVoters': 'living players who cast no vote, of the living on days with a vote',
  'votes.onPartner': 'mafia votes cast for a living partner, of mafia votes while a partner lives',
};

/** What each statistic counts, for tables and docs. */
export const STAT_MEANING: Readonly<Record<string, string>> = {
  townWin: 'games Town won',
  gameLength: 'days played per game (a mean, not a rate; complete records)',
  ...Object.fromEntries(LYNCH_DAYS.map((d) => [`lynchHitsMafia.day${d}`, `day-${d} lynches that hit mafia`])),
  'lynchHitsMafia.all': 'lynches that hit mafia, every day',
  'lynchHitsMafia.orderFree': 'lynches that hit mafia, every record (summaries\' unordered lynch lists too)',
  ...Object.fromEntries(LYNCH_DAYS.map((d) => [`noLynch.day${d}`, `day ${d}: days that ended without a lynch`])),
  'noLynch.all': 'days that ended without a lynch, every day',
  'mafiaTargetsCop.night1': 'night-1 mafia shots at the cop',
  'mafiaTargetsCop.all': 'mafia shots at the cop while he lives',
  'mafiaTargetsMedic.night1': 'night-1 mafia shots at the medic',
  'mafiaTargetsMedic.all': 'mafia shots at the medic while he lives',
  'mafiaTargetsVigilante.night1': 'night-1 mafia shots at the vigilante',
  'mafiaTargetsVigilante.all': 'mafia shots at the vigilante while he lives',
  'medicSaveSuccess.night1': 'night-1 protections on a player the mafia shot',
  medicSaveSuccess: 'protections on a player the mafia shot',
  'medicSelfHeal.night1': 'night-1 protections the medic gave himself',
  medicSelfHeal: 'protections the medic gave himself',
  'copCheckHitsMafia.night1': 'night-1 checks that found mafia',
  'copCheckHitsMafia.all': 'checks that found mafia',
  'copDead.night1': 'games whose cop is dead by the end of night 1',
  'copDead.night2': 'games whose cop is dead by the end of night 2',
  vigilanteFires: 'games whose vigilante fired (complete records, or a record of his shots)',
  vigilanteShotHitsMafia: 'vigilante shots that hit mafia',
  'nightKill.all': 'nights with at least one death, of nights (complete records)',
  'protectorSave.all': 'nights on which a protection stopped a kill, of nights (complete records)',
  'firstNightKill.hitsCop': 'first players killed at night who were the cop (the Seer, the Sheriff), of records that know the first night victim',
  'firstLynch.hitsMafia': 'first players lynched who were mafia (the wolf team), of records that know the first lynch',
  'firstLynch.hitsCop': 'first players lynched who were the cop, of records that know the first lynch',
  ...Object.fromEntries(VOTE_STEMS.flatMap((stem) => VOTE_SCOPES.map((s) => [`${stem}.${s}`, `${SCOPE_WORDS[s]}: ${VOTE_MEANING[stem]}`]))),
};
