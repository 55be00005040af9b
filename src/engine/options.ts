// The rule options of docs/rules.md as one table: key, kind, allowed values, base
// default and a one-line meaning. Presets override defaults; parsing and the
// canonical form are driven by this table, so a new option is one row here.

import { fixedShape } from './shape.js';

export type OptionValue = boolean | number | string;

interface OptionBase {
  readonly key: string;
  readonly doc: string;
  /**
   * Left out of the canonical rules while at its base default: an option
   * added after the seed presets' canonical form was fixed, so that their
   * hashes (in every output and golden log) stay what they were.
   */
  readonly quiet?: boolean;
}
export interface BoolOption extends OptionBase {
  readonly kind: 'bool';
  readonly def: boolean;
}
export interface EnumOption extends OptionBase {
  readonly kind: 'enum';
  readonly values: readonly string[];
  readonly def: string;
}
export interface NumberOption extends OptionBase {
  readonly kind: 'int' | 'rate';
  readonly min: number;
  readonly max: number;
  readonly def: number;
}
/** Shots per night by how many mafia shooters live: "S" or "S@M,...,S" (see `parseShots`). */
export interface ShotsOption extends OptionBase {
  readonly kind: 'shots';
  readonly def: string;
}
export type OptionSpec = BoolOption | EnumOption | NumberOption | ShotsOption;

const bool = (key: string, def: boolean, doc: string): BoolOption => ({ kind: 'bool', key, def, doc });
const choice = (key: string, values: readonly string[], doc: string): EnumOption => ({ kind: 'enum', key, values, def: values[0]!, doc });
const int = (key: string, def: number, min: number, max: number, doc: string): NumberOption => ({ kind: 'int', key, def, min, max, doc });
const shots = (key: string, def: string, doc: string): ShotsOption => ({ kind: 'shots', key, def, doc });
const rate = (key: string, def: number, doc: string): NumberOption => ({ kind: 'rate', key, def, min: 0, max: 1, doc });
/** An option added later: quiet in the canonical rules at its default (OptionBase.quiet). */
const quiet = <T extends OptionSpec>(o: T): T => ({ ...o, quiet: true });

/** Every option, with the base default (the first enum value). Presets override some of them. */
export const OPTION_SPECS: readonly OptionSpec[] = Object.freeze([
  choice('start', ['day', 'night'], 'which phase the game starts with'),
  bool('turn.simultaneous', false, 'forum turn: the lynch vote and all night requests are sent together and resolve at the end of the turn'),
  bool('vote.firstDay', true, 'whether day 1 (turn 1) has a vote'),
  quiet(choice('vote.procedure', ['plurality', 'nominations'], 'plurality: every living player votes for another; nominations (sports mafia): players nominate in their speeches and vote only among the nominated, a vote not cast going to the last nominee')),
  choice('vote.tie', ['revote-then-none', 'random', 'none', 'revote-then-all', 'revote-then-vote-all'], 'what a tied vote does (revote-then-vote-all: a revote among the tied; tied again, all of them leave if more than half of the living vote to lift them all)'),
  quiet(bool('vote.liftFirstDay', true, 'vote.tie = revote-then-vote-all: on day 1 too the second tie goes to the vote on lifting all the tied (false: on day 1 they all stay, as the sports clubs\' records show)')),
  quiet(bool('vote.loneFirstDay', true, 'nominations: a lone nominee on day 1 leaves like on any other day (false: sports mafia, no vote is held and he stays); on later days a lone nominee leaves without a vote')),
  bool('vote.tieDrawAmongAlive', true, 'forum turn: a random tie break draws among the tied still alive after the night (false: the draw is made when the votes are counted, and a drawn player killed that night means no lynch)'),
  bool('vote.noLynch', false, 'players may vote for nobody; no one is lynched unless a player has more votes than "nobody"'),
  quiet(bool('vote.mayAbstain', false, 'a player may cast no vote; an abstention counts for no one (under vote.noLynch a pass is a vote for nobody instead)')),
  quiet(bool('vote.hammerSpeech', false, 'a player whom one more vote would lynch (a majority of the living, or lynch.minShare if more) may speak before the next vote is cast, once a day: an online game\'s claim under the hammer')),
  rate('lynch.minShare', 0, 'the most voted is lynched only with at least this share of the living players\' votes'),
  bool('revealOnDeath', false, 'the dead player\'s role is shown'),
  choice('mafia.killRule', ['don-decides', 'unanimous', 'plurality'], 'how the mafia\'s requests become one shot (plurality: a tie kills nobody)'),
  bool('mafia.donSuccession', true, 'when the Don is dead the next living Mafia decides the shot (false: no shot once the Don is dead; a setup dealt without a Don always shoots)'),
  quiet(bool('mafia.firstNight', true, 'the mafia shoot on night 1 (false: the first night is for the clan to meet, as in some Werewolf groups)')),
  quiet(bool('mafia.holdMisses', false, 'under mafia.killRule = unanimous a shooter who names nobody makes the shot miss (sports mafia: every living Mafia must shoot the same player); false: he is ignored')),
  shots('mafia.shots', '1', 'the mafia\'s shots a night by living shooters: "2@3,1" is two while at least 3 shoot, else one; a heal stops one shot'),
  int('putana.maxSameTarget', 2, 1, 99, 'nights in a row the Putana may freeze the same player'),
  choice('putana.repeatLimit', ['same-target', 'nights-running'], 'what putana.maxSameTarget counts: freezes of the same player, or freezes of anyone (she acts at most that many nights running)'),
  bool('putana.mayPass', false, 'the Putana may send no freeze'),
  bool('putana.shootsWhenAlone', true, 'when every Mafia is dead the Putana also shoots each night'),
  bool('putana.knowsMafia', true, 'the Putana and the Mafia know each other'),
  int('doctor.maxSameTarget', 2, 1, 99, 'nights in a row the Doctor may heal the same player'),
  choice('doctor.repeatLimit', ['same-target', 'nights-running'], 'what doctor.maxSameTarget counts: heals of the same player, or heals of anyone (he acts at most that many nights running)'),
  bool('doctor.mayPass', false, 'the Doctor may send no heal'),
  bool('doctor.selfHeal', true, 'the Doctor may heal himself'),
  bool('doctor.savesFromManiac', true, 'a heal also stops the Maniac\'s kill (the forum text names only the mafia and the hunter)'),
  bool('doctor.savesFromHunt', true, 'a heal stops a hunter\'s kill (never the death of a hunter who missed)'),
  bool('doctor.blocksFreeze', true, 'a healed player is not frozen'),
  bool('doctor.savesFromVigilante', true, 'a heal also stops the Vigilante\'s shot (no seed text has a Vigilante; the records cannot tell)'),
  quiet(bool('don.checks', false, 'the Don checks one player a night and learns whether he is the Commissar (the Sheriff of sports mafia)')),
  quiet(bool('bodyguard.selfProtect', true, 'the Bodyguard may protect himself')),
  quiet(int('bodyguard.maxSameTarget', 1, 1, 99, 'nights in a row the Bodyguard may protect the same player ("a different player each night": 1)')),
  quiet(bool('minion.counted', false, 'the Minion counts as a wolf in the win checks (the village must kill him too; he counts for the wolves at parity); false: he wins with the wolves but is counted with the village')),
  quiet(bool('spellcaster.silencedVotes', true, 'a player the Spellcaster silenced still votes (he only may not speak)')),
  int('vigilante.shots', 1, 1, 99, 'bullets the Vigilante has for the whole game (he may hold any night)'),
  bool('vigilante.firstNight', true, 'the Vigilante may fire on night 1'),
  choice('maniac.team', ['town', 'loner'], 'town: the Maniac is Red and hunts the mafia (club); loner: he plays for himself (forum)'),
  bool('maniac.mayAbstain', true, 'the Maniac may skip his kill'),
  bool('commissar.mayPass', false, 'the Commissar may send no check'),
  bool('commissar.note', true, 'once a game the Commissar may leave a note with tonight\'s result, read out if he dies that night'),
  bool('commissar.lastShot', false, 'a dying Commissar fires once at any other player, who dies with him'),
  bool('commissar.learnsKiller', false, 'checking a player killed this turn also tells who killed him and how'),
  bool('kamikaze.doctorSaves', false, 'a heal on the Commissar stops the Kamikaze'),
  bool('hunt.enabled', false, 'Town players may hunt one player instead of using their ability'),
  bool('hunt.firstDay', false, 'whether hunting is allowed on turn 1'),
  choice('hunt.onManiac', ['hunter-dies', 'target-dies'], 'what a hunt on the Maniac does'),
  bool('deathNote.enabled', false, 'once a game each player may leave a note for one other player, delivered when he dies'),
  choice('deathNote.delivery', ['any-death', 'mafia-or-lynch'], 'which deaths deliver a death note (never a removal): any death, or only a kill by the mafia (shot or Kamikaze) and the lynch'),
  rate('fouls.perDayRate', 0, 'chance per living player per day of a foul (0.5 or 1)'),
  rate('fouls.minorShare', 0.5, 'share of day fouls that are minor (0.5 foul)'),
  bool('fouls.firstIsWarning', false, 'a player\'s first day foul is a warning of 0.5 foul, whatever the breach'),
  rate('fouls.perNightRate', 0, 'chance per living player per night of moving at night (2 fouls at once)'),
  rate('fouls.nightRemovalShare', 0, 'share of night fouls after which the player leaves the table at once (not a beginner, his signal affected the game)'),
  rate('inactivity.missRate', 0, 'chance per living player per vote of missing it'),
  int('inactivity.maxMisses', 2, 1, 99, 'missed votes that remove a player'),
  bool('win.townNeedsManiacDead', true, 'a loner Maniac must also be dead for Town to win'),
  choice('win.maniac', ['one-on-one', 'last-standing'], 'the loner Maniac wins with at most one other alive, or only alone'),
  choice('win.parityBlock', ['doctor-and-maniac', 'maniac', 'none'], 'who, alive, stops the mafia winning at parity'),
  choice('win.parityAgainst', ['everyone-else', 'town'], 'whom the mafia must not be fewer than to win: everyone else alive, or the Town only (a loner Maniac not counted)'),
  bool('win.maniacMafiaDraw', true, 'exactly the Maniac and one Mafia (not the Putana) left is a draw'),
  int('limits.maxDays', 100, 1, 100000, 'day (turn) cap: a game still running after it ends as a timeout'),
]);

export const OPTION_KEYS: readonly string[] = OPTION_SPECS.map((o) => o.key);
const BY_KEY = new Map(OPTION_SPECS.map((o) => [o.key, o]));

export function optionSpec(key: string): OptionSpec | undefined {
  return BY_KEY.get(key);
}

/** What a Doctor's or Putana's `maxSameTarget` counts (the club text's "no more than two nights in a row"). */
export type RepeatLimit = 'same-target' | 'nights-running';

/** Resolved options: a value for every key of OPTION_SPECS. */
export interface Options {
  readonly start: 'day' | 'night';
  readonly 'turn.simultaneous': boolean;
  readonly 'vote.firstDay': boolean;
  readonly 'vote.procedure': 'plurality' | 'nominations';
  readonly 'vote.tie': 'revote-then-none' | 'random' | 'none' | 'revote-then-all' | 'revote-then-vote-all';
  readonly 'vote.loneFirstDay': boolean;
  readonly 'vote.liftFirstDay': boolean;
  readonly 'vote.tieDrawAmongAlive': boolean;
  readonly 'vote.noLynch': boolean;
  readonly 'vote.mayAbstain': boolean;
  readonly 'vote.hammerSpeech': boolean;
  readonly 'lynch.minShare': number;
  readonly revealOnDeath: boolean;
  readonly 'mafia.killRule': 'don-decides' | 'unanimous' | 'plurality';
  readonly 'mafia.donSuccession': boolean;
  readonly 'mafia.holdMisses': boolean;
  readonly 'mafia.firstNight': boolean;
  /** Normalised "S@M,...,S" (parseOptionValue). */
  readonly 'mafia.shots': string;
  readonly 'putana.maxSameTarget': number;
  readonly 'putana.repeatLimit': RepeatLimit;
  readonly 'putana.mayPass': boolean;
  readonly 'putana.shootsWhenAlone': boolean;
  readonly 'putana.knowsMafia': boolean;
  readonly 'doctor.maxSameTarget': number;
  readonly 'doctor.repeatLimit': RepeatLimit;
  readonly 'doctor.mayPass': boolean;
  readonly 'doctor.selfHeal': boolean;
  readonly 'doctor.savesFromManiac': boolean;
  readonly 'doctor.savesFromHunt': boolean;
  readonly 'doctor.blocksFreeze': boolean;
  readonly 'doctor.savesFromVigilante': boolean;
  readonly 'don.checks': boolean;
  readonly 'bodyguard.selfProtect': boolean;
  readonly 'bodyguard.maxSameTarget': number;
  readonly 'minion.counted': boolean;
  readonly 'spellcaster.silencedVotes': boolean;
  readonly 'vigilante.shots': number;
  readonly 'vigilante.firstNight': boolean;
  readonly 'maniac.team': 'town' | 'loner';
  readonly 'maniac.mayAbstain': boolean;
  readonly 'commissar.mayPass': boolean;
  readonly 'commissar.note': boolean;
  readonly 'commissar.lastShot': boolean;
  readonly 'commissar.learnsKiller': boolean;
  readonly 'kamikaze.doctorSaves': boolean;
  readonly 'hunt.enabled': boolean;
  readonly 'hunt.firstDay': boolean;
  readonly 'hunt.onManiac': 'hunter-dies' | 'target-dies';
  readonly 'deathNote.enabled': boolean;
  readonly 'deathNote.delivery': 'any-death' | 'mafia-or-lynch';
  readonly 'fouls.perDayRate': number;
  readonly 'fouls.minorShare': number;
  readonly 'fouls.firstIsWarning': boolean;
  readonly 'fouls.perNightRate': number;
  readonly 'fouls.nightRemovalShare': number;
  readonly 'inactivity.missRate': number;
  readonly 'inactivity.maxMisses': number;
  readonly 'win.townNeedsManiacDead': boolean;
  readonly 'win.maniac': 'one-on-one' | 'last-standing';
  readonly 'win.parityBlock': 'doctor-and-maniac' | 'maniac' | 'none';
  readonly 'win.parityAgainst': 'everyone-else' | 'town';
  readonly 'win.maniacMafiaDraw': boolean;
  readonly 'limits.maxDays': number;
}

export function baseOptions(): Record<string, OptionValue> {
  const out: Record<string, OptionValue> = {};
  for (const o of OPTION_SPECS) out[o.key] = o.def;
  return out;
}

/** Every Rules' options have one shape, whatever set they hold: code reading them stays compiled when a run meets another set (a comparison's variants, a record set's setups). */
const optionsObject = fixedShape<OptionValue>(
  OPTION_KEYS,
  OPTION_SPECS.map((o) => (typeof o.def === 'number' ? 0.5 : o.def)),
);

/**
 * The frozen Options of a full set of values (every key present, checked
 * already). A choice is stored as the table's own string, not the one it was
 * parsed from (a worker rebuilds its rules from their canonical text): the
 * engine and the players compare choices with `===` on every day, night and
 * decision, and two copies of one string are compared character by
 * character where the table's literals are one string compared by address.
 */
export function frozenOptions(values: Readonly<Record<string, OptionValue>>): Options {
  return Object.freeze(optionsObject(OPTION_SPECS.map((o) => ownChoice(o, values[o.key]!)))) as unknown as Options;
}

function ownChoice(o: OptionSpec, value: OptionValue): OptionValue {
  return o.kind === 'enum' ? (o.values.find((v) => v === value) ?? value) : value;
}

/** What an option accepts, for error messages. */
export function describeAllowed(o: OptionSpec): string {
  switch (o.kind) {
    case 'bool':
      return 'true or false';
    case 'enum':
      return o.values.join(', ');
    case 'int':
      return `a whole number from ${o.min} to ${o.max}`;
    case 'rate':
      return 'a number from 0 to 1 (a fraction like 1/4 is fine)';
    case 'shots':
      return 'shots a night as S, or S@M pairs then S (S shots while at least M shooters live; a last S of 1 may be left out), e.g. 2@3,1';
  }
}

/**
 * Parses a value given for an option (from --set, a rules file or an experiment).
 * Returns the value or a string saying what is wrong.
 */
export function parseOptionValue(o: OptionSpec, raw: unknown): OptionValue | { error: string } {
  const bad = { error: `${o.key}: got ${JSON.stringify(raw)}; allowed: ${describeAllowed(o)}` };
  if (o.kind === 'bool') {
    if (typeof raw === 'boolean') return raw;
    if (raw === 'true') return true;
    if (raw === 'false') return false;
    return bad;
  }
  if (o.kind === 'enum') {
    return typeof raw === 'string' && o.values.includes(raw) ? raw : bad;
  }
  if (o.kind === 'shots') {
    const steps = typeof raw === 'number' || typeof raw === 'string' ? parseShots(String(raw)) : null;
    return steps ? formatShots(steps) : bad;
  }
  const n = parseNumber(raw);
  if (n === undefined || n < o.min || n > o.max) return bad;
  if (o.kind === 'int' && !Number.isInteger(n)) return bad;
  return n;
}

function parseNumber(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : undefined;
  if (typeof raw !== 'string' || raw.trim() === '') return undefined;
  const frac = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(raw);
  if (frac) {
    const den = Number(frac[2]);
    return den === 0 ? undefined : Number(frac[1]) / den;
  }
  const n = Number(raw);
  return Number.isFinite(n) ? n : undefined;
}

/** One step of `mafia.shots`: this many shots while at least `minShooters` mafia shooters live. */
export interface ShotStep {
  readonly shots: number;
  readonly minShooters: number;
}

/** Most shots a night: a bound for the engine's buffers. */
export const MAX_SHOTS = 4;

/**
 * Parses "S" or "S@M,...[,S]": steps with falling M (from 99 down to 2),
 * then the shots for fewer shooters, 1 when left out (so "2@3" is "2@3,1"
 * and a sweep can list it without a comma). S is 1 to MAX_SHOTS. Null when
 * malformed.
 */
export function parseShots(text: string): ShotStep[] | null {
  const parts = text.split(',').map((x) => x.trim());
  const steps: ShotStep[] = [];
  for (let i = 0; i < parts.length; i++) {
    const m = /^(\d+)(?:@(\d+))?$/.exec(parts[i]!);
    if (!m) return null;
    const last = i === parts.length - 1;
    const shots = Number(m[1]);
    if (shots < 1 || shots > MAX_SHOTS) return null;
    if (m[2] === undefined) {
      if (!last) return null;
      steps.push({ shots, minShooters: 1 });
      return steps;
    }
    const min = Number(m[2]);
    if (min < 2 || min > 99 || (steps.length > 0 && min >= steps.at(-1)!.minShooters)) return null;
    steps.push({ shots, minShooters: min });
  }
  steps.push({ shots: 1, minShooters: 1 });
  return steps;
}

/** The canonical text of parsed steps (so "2@3, 1" and "2@3,1" are one game). */
export function formatShots(steps: readonly ShotStep[]): string {
  return steps.map((s) => (s.minShooters > 1 ? `${s.shots}@${s.minShooters}` : String(s.shots))).join(',');
}

/** Shots tonight for this many living shooters (a valid option value). */
export function shotsFor(text: string, shooters: number): number {
  for (const s of parseShots(text)!) if (shooters >= s.minShooters) return s.shots;
  return 1;
}
