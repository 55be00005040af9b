// The statistics of a set of game records, the same for real tables and for
// simulations (engine logs are turned into records first: fromLog.ts). Counts
// are kept in a mergeable tally (batches and workers add them up exactly);
// `statistics` turns a tally into rates with Wilson 95% intervals. A record
// says what it knows: per-night and per-day figures use the phases a record
// holds in order; pooled ".all" figures, game length and the vigilante's
// fire rate use complete records only (a summary's first night alone would
// weigh night 1 too heavily).

import { Z95, wilson } from '../precision.js';
import { teamOf, type GameRecord, type RecordNight, type RecordTeam } from './format.js';

/** Days with a per-day lynch figure. */
export const LYNCH_DAYS = [1, 2, 3, 4, 5] as const;

const perDay = (stem: string): string[] => LYNCH_DAYS.map((d) => `${stem}.day${d}`);

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
];

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
};

interface Cell {
  k: number;
  n: number;
  /**
   * Lynch statistics: the chance of hitting mafia (mafia alive / alive) kept
   * exact, as the mafia alive summed per count of players alive; the chance
   * is summed from it in one fixed order, so any split of the games gives
   * the same bits.
   */
  readonly mafiaByAlive: Map<number, number>;
}

export interface TallyJSON {
  readonly games: number;
  /** name -> [k, n, {alive: mafia summed}] */
  readonly cells: Record<string, [number, number, Record<string, number>]>;
  readonly lengthSumSq: number;
}

const emptyCell = (): Cell => ({ k: 0, n: 0, mafiaByAlive: new Map() });

function chanceSum(c: Readonly<Cell>): number {
  let sum = 0;
  for (const alive of [...c.mafiaByAlive.keys()].sort((a, b) => a - b)) sum += c.mafiaByAlive.get(alive)! / alive;
  return sum;
}

/** Mergeable counts behind the statistics: sums only, so any split of the games adds up to the same tally. */
export class RecordTally {
  games = 0;
  private lengthSumSq = 0;
  private readonly cells = new Map<string, Cell>();

  constructor() {
    for (const name of STAT_NAMES) this.cells.set(name, emptyCell());
  }

  count(name: string, hit: boolean): void {
    const c = this.cells.get(name)!;
    c.n++;
    if (hit) c.k++;
  }

  /** A lynch: hit or not, with `mafia` of `alive` players mafia at that moment. */
  countLynch(name: string, hit: boolean, mafia: number, alive: number): void {
    this.count(name, hit);
    const m = this.cells.get(name)!.mafiaByAlive;
    m.set(alive, (m.get(alive) ?? 0) + mafia);
  }

  cell(name: string): Readonly<Cell> {
    const c = this.cells.get(name);
    if (!c) throw new Error(`no statistic ${name}`);
    return c;
  }

  addLength(days: number): void {
    const c = this.cells.get('gameLength')!;
    c.n++;
    c.k += days;
    this.lengthSumSq += days * days;
  }

  get lengthSumOfSquares(): number {
    return this.lengthSumSq;
  }

  add(rec: GameRecord): this {
    addRecord(this, rec);
    return this;
  }

  merge(other: RecordTally): this {
    this.games += other.games;
    this.lengthSumSq += other.lengthSumSq;
    for (const [name, c] of this.cells) {
      const o = other.cells.get(name)!;
      c.k += o.k;
      c.n += o.n;
      for (const [alive, mafia] of o.mafiaByAlive) c.mafiaByAlive.set(alive, (c.mafiaByAlive.get(alive) ?? 0) + mafia);
    }
    return this;
  }

  toJSON(): TallyJSON {
    return { games: this.games, lengthSumSq: this.lengthSumSq, cells: Object.fromEntries([...this.cells].map(([k, c]) => [k, [c.k, c.n, Object.fromEntries(c.mafiaByAlive)]])) };
  }

  static fromJSON(j: TallyJSON): RecordTally {
    const t = new RecordTally();
    t.games = j.games;
    t.lengthSumSq = j.lengthSumSq;
    for (const [name, [k, n, byAlive]] of Object.entries(j.cells)) t.cells.set(name, { k, n, mafiaByAlive: new Map(Object.entries(byAlive).map(([a, m]) => [Number(a), m])) });
    return t;
  }
}

export function tallyRecords(records: Iterable<GameRecord>): RecordTally {
  const t = new RecordTally();
  for (const r of records) t.add(r);
  return t;
}

// ---- one record ----

type Phase = { readonly kind: 'night'; readonly index: number; readonly night: RecordNight } | { readonly kind: 'day'; readonly index: number; readonly day: NonNullable<GameRecord['days']>[number] };

/** The phases a record holds in order, stopping at the first one it does not know. */
export function orderedPhases(rec: GameRecord): Phase[] {
  const out: Phase[] = [];
  const days = rec.days;
  const total = Math.max(rec.nights.length, days?.length ?? 0);
  for (let i = 0; i < total; i++) {
    for (const kind of rec.start === 'night' ? (['night', 'day'] as const) : (['day', 'night'] as const)) {
      if (kind === 'night') {
        const night = rec.nights[i];
        if (!night) return out;
        out.push({ kind, index: i, night });
      } else {
        const day = days?.[i];
        if (!day) return out;
        out.push({ kind, index: i, day });
      }
    }
  }
  return out;
}

/** The seat holders the statistics follow, and everyone's team. */
interface Cast {
  readonly team: ReadonlyMap<string, RecordTeam>;
  readonly cop?: string;
  readonly medic?: string;
  readonly vigilante?: string;
}

function castOf(rec: GameRecord): Cast {
  const find = (role: string): string | undefined => rec.players.find((p) => p.role === role)?.name;
  return { team: new Map(rec.players.map((p) => [p.name, teamOf(p)])), cop: find('cop'), medic: find('medic'), vigilante: find('vigilante') };
}

function addRecord(t: RecordTally, rec: GameRecord): void {
  t.games++;
  t.count('townWin', rec.winner === 'town');
  const cast = castOf(rec);
  const isMafia = (n: string): boolean => cast.team.get(n) === 'mafia';
  const alive = new Set(rec.players.map((p) => p.name));
  let aliveKnown = true;
  const shots: string[] = [];
  let vigKnown = true;
  for (const ph of orderedPhases(rec)) {
    if (!aliveKnown) break;
    if (ph.kind === 'day') {
      addDay(t, rec, ph.index + 1, ph.day, alive, isMafia);
      if (ph.day.lynch) alive.delete(ph.day.lynch);
      for (const d of ph.day.deaths ?? []) alive.delete(d);
      continue;
    }
    const n = ph.night;
    const first = ph.index === 0;
    addNight(t, rec, n, first, cast, alive, isMafia);
    if (cast.vigilante && alive.has(cast.vigilante)) {
      if (n.shot === undefined) vigKnown = false;
      else if (n.shot !== null) shots.push(n.shot);
    }
    if (n.deaths === undefined) aliveKnown = false;
    else for (const d of n.deaths) alive.delete(d);
    if (cast.cop && ph.index < 2 && aliveKnown) t.count(`copDead.night${ph.index + 1}`, !alive.has(cast.cop));
  }
  if (rec.complete && rec.days) t.addLength(rec.days.length);
  addOrderFreeLynches(t, rec, isMafia);
  addVigilante(t, rec, cast, shots, vigKnown && aliveKnown, isMafia);
}

function addDay(t: RecordTally, rec: GameRecord, d: number, day: NonNullable<GameRecord['days']>[number], alive: ReadonlySet<string>, isMafia: (n: string) => boolean): void {
  if (day.noVote) return;
  const inTable = d <= LYNCH_DAYS.length;
  if (inTable) t.count(`noLynch.day${d}`, day.lynch === null);
  if (rec.complete) t.count('noLynch.all', day.lynch === null);
  if (day.lynch === null) return;
  let mafia = 0;
  for (const n of alive) if (isMafia(n)) mafia++;
  const hit = isMafia(day.lynch);
  if (inTable) t.countLynch(`lynchHitsMafia.day${d}`, hit, mafia, alive.size);
  if (rec.complete) t.countLynch('lynchHitsMafia.all', hit, mafia, alive.size);
}

/** Who was lynched at all, order aside: the days of a complete record, or a summary's list. */
function addOrderFreeLynches(t: RecordTally, rec: GameRecord, isMafia: (n: string) => boolean): void {
  const lynched = rec.complete && rec.days ? rec.days.flatMap((d) => (d.lynch ? [d.lynch] : [])) : rec.lynched;
  for (const n of lynched ?? []) t.count('lynchHitsMafia.orderFree', isMafia(n));
}

function addNight(t: RecordTally, rec: GameRecord, n: RecordNight, first: boolean, cast: Cast, alive: ReadonlySet<string>, isMafia: (n: string) => boolean): void {
  const scopes = [...(first ? ['.night1'] : []), ...(rec.complete ? ['.all'] : [])];
  const each = (stem: string, hit: boolean): void => {
    for (const s of scopes) t.count(stem + s, hit);
  };
  for (const [stem, holder] of [['mafiaTargetsCop', cast.cop], ['mafiaTargetsMedic', cast.medic], ['mafiaTargetsVigilante', cast.vigilante]] as const) {
    if (!holder || !alive.has(holder)) continue;
    for (const target of n.mafiaTargets ?? []) each(stem, target === holder);
  }
  // A save or a check in the record was made by someone who could: a promoted successor's count too.
  if (n.save) {
    const saved = (n.mafiaTargets ?? []).includes(n.save);
    // Un-suffixed names are the pooled figures (the issue's `medicSelfHeal`).
    if (first) {
      t.count('medicSaveSuccess.night1', saved);
      t.count('medicSelfHeal.night1', n.save === cast.medic);
    }
    if (rec.complete) {
      t.count('medicSaveSuccess', saved);
      t.count('medicSelfHeal', n.save === cast.medic);
    }
  }
  if (n.check) each('copCheckHitsMafia', n.check.result ? n.check.result === 'mafia' : isMafia(n.check.target));
}

function addVigilante(t: RecordTally, rec: GameRecord, cast: Cast, nightShots: readonly string[], nightsKnown: boolean, isMafia: (n: string) => boolean): void {
  if (!cast.vigilante) return;
  let shots: readonly string[] | null = null;
  if (rec.complete && nightsKnown) shots = nightShots;
  else if (rec.vigilanteShots !== undefined) shots = rec.vigilanteShots ?? [];
  if (shots === null) return;
  t.count('vigilanteFires', shots.length > 0);
  for (const s of shots) t.count('vigilanteShotHitsMafia', isMafia(s));
}

// ---- rates ----

export interface Statistic {
  readonly k: number;
  readonly n: number;
  /** k / n (for gameLength: the mean), null with n = 0. */
  readonly rate: number | null;
  readonly lo: number | null;
  readonly hi: number | null;
  /** Lynch statistics: the chance of hitting mafia (mean of mafia alive / alive at each lynch) and the odds ratio against it. */
  readonly chance?: number;
  readonly oddsRatio?: number | null;
  /** gameLength: the standard error of the mean. */
  readonly se?: number;
}

export interface StatisticsJSON {
  readonly games: number;
  readonly statistics: Record<string, Statistic>;
}

export function statistics(t: RecordTally): StatisticsJSON {
  const out: Record<string, Statistic> = {};
  for (const name of STAT_NAMES) out[name] = name === 'gameLength' ? lengthStat(t) : rateStat(name, t.cell(name));
  return { games: t.games, statistics: out };
}

function rateStat(name: string, c: Readonly<Cell>): Statistic {
  const w = wilson(c.k, c.n);
  const base = { k: c.k, n: c.n, rate: w ? w.rate : null, lo: w ? w.low : null, hi: w ? w.high : null };
  if (!name.startsWith('lynchHitsMafia.') || name === 'lynchHitsMafia.orderFree') return base;
  const chance = c.n > 0 ? chanceSum(c) / c.n : 0;
  return { ...base, chance, oddsRatio: w ? oddsRatio(w.rate, chance) : null };
}

/** Odds of the rate over odds of the chance; null where either odds is 0 or infinite. */
export function oddsRatio(p: number, chance: number): number | null {
  if (p <= 0 || p >= 1 || chance <= 0 || chance >= 1) return null;
  return p / (1 - p) / (chance / (1 - chance));
}

/** Mean days with a normal 95% interval (a mean of many games, so the normal approximation is fair). */
function lengthStat(t: RecordTally): Statistic {
  const c = t.cell('gameLength');
  if (c.n === 0) return { k: 0, n: 0, rate: null, lo: null, hi: null, se: 0 };
  const mean = c.k / c.n;
  const variance = c.n > 1 ? Math.max(0, (t.lengthSumOfSquares - c.n * mean * mean) / (c.n - 1)) : 0;
  const se = Math.sqrt(variance / c.n);
  return { k: c.k, n: c.n, rate: mean, lo: mean - Z95 * se, hi: mean + Z95 * se, se };
}

/**
 * z of the difference between two independent estimates: the pooled
 * two-proportion test for rates, the Welch statistic for gameLength. Null
 * when either side has no data or the difference has no spread.
 */
export function zScore(name: string, a: Statistic, b: Statistic): number | null {
  if (a.n === 0 || b.n === 0 || a.rate === null || b.rate === null) return null;
  let se: number;
  if (name === 'gameLength') se = Math.sqrt((a.se ?? 0) ** 2 + (b.se ?? 0) ** 2);
  else {
    const p = (a.k + b.k) / (a.n + b.n);
    se = Math.sqrt(p * (1 - p) * (1 / a.n + 1 / b.n));
  }
  if (!(se > 0)) return a.rate === b.rate ? 0 : null;
  return (a.rate - b.rate) / se;
}
