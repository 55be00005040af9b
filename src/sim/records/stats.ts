// The statistics of a set of game records, the same for real tables and for
// simulations (engine logs are turned into records first: fromLog.ts). Counts
// are kept in a mergeable tally (batches and workers add them up exactly);
// `statistics` turns a tally into rates with Wilson 95% intervals. A record
// says what it knows: per-night and per-day figures use the phases a record
// holds in order; pooled ".all" figures, game length and the vigilante's
// fire rate use complete records only (a summary's first night alone would
// weigh night 1 too heavily). The vote statistics read each day's first
// round of votes (docs/records.md, "Vote statistics"); the two that are
// means of per-day observations keep an exact histogram (histogram.ts). The
// names are statNames.ts's; every count is made here, for records and logs
// alike, which is why this module stays whole past 400 lines.

import { Z95, wilson } from '../precision.js';
import type { GameRecord, RecordDay, RecordNight } from './format.js';
import { teamOf, type RecordTeam } from './teams.js';
import { RatioHistogram, type HistogramSummary } from './histogram.js';
import { HISTOGRAM_NAMES, LYNCH_DAYS, STAT_NAMES, VOTE_DAYS, hasChance, isMeanStat, perDay } from './statNames.js';

export { LYNCH_DAYS, STAT_MEANING, STAT_NAMES, VOTE_SCOPES, VOTE_STEMS, isMeanStat, isUnitScale } from './statNames.js';

interface Cell {
  k: number;
  n: number;
  /**
   * Statistics with a chance baseline: the chance of each trial (favourable
   * / of, e.g. mafia alive / alive at a lynch) kept exact, as the favourable
   * counts summed per denominator; the chance is summed from it in one fixed
   * order, so any split of the games gives the same bits.
   */
  readonly chanceBy: Map<number, number>;
}

export interface TallyJSON {
  readonly games: number;
  /** name -> [k, n, {denominator: favourable summed}] */
  readonly cells: Record<string, [number, number, Record<string, number>]>;
  readonly lengthSumSq: number;
  /** The mean statistics' histograms (name -> RatioHistogram JSON). */
  readonly histograms: Record<string, Record<string, number>>;
}

const emptyCell = (): Cell => ({ k: 0, n: 0, chanceBy: new Map() });

function chanceSum(c: Readonly<Cell>): number {
  let sum = 0;
  for (const of of [...c.chanceBy.keys()].sort((a, b) => a - b)) sum += c.chanceBy.get(of)! / of;
  return sum;
}

/** Mergeable counts behind the statistics: sums only, so any split of the games adds up to the same tally. */
export class RecordTally {
  games = 0;
  private lengthSumSq = 0;
  private readonly cells = new Map<string, Cell>();
  private readonly histograms = new Map<string, RatioHistogram>();

  constructor() {
    for (const name of STAT_NAMES) {
      if (HISTOGRAM_NAMES.has(name)) this.histograms.set(name, new RatioHistogram());
      else this.cells.set(name, emptyCell());
    }
  }

  count(name: string, hit: boolean): void {
    const c = this.cells.get(name)!;
    c.n++;
    if (hit) c.k++;
  }

  /** `k` hits of `n` trials at once (the living players of a day who did not vote). */
  countMany(name: string, k: number, n: number): void {
    const c = this.cells.get(name)!;
    c.n += n;
    c.k += k;
  }

  /** A trial with a chance baseline: hit or not, its chance `favourable / of` (a lynch: mafia alive / alive). */
  countWithChance(name: string, hit: boolean, favourable: number, of: number): void {
    this.count(name, hit);
    const m = this.cells.get(name)!.chanceBy;
    m.set(of, (m.get(of) ?? 0) + favourable);
  }

  /** One observation a/b of a mean statistic (a whole value: b = 1). */
  observe(name: string, a: number, b: number): void {
    this.histograms.get(name)!.add(a, b);
  }

  histogram(name: string): RatioHistogram {
    const h = this.histograms.get(name);
    if (!h) throw new Error(`no mean statistic ${name}`);
    return h;
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
      for (const [of, favourable] of o.chanceBy) c.chanceBy.set(of, (c.chanceBy.get(of) ?? 0) + favourable);
    }
    for (const [name, h] of this.histograms) h.merge(other.histograms.get(name)!);
    return this;
  }

  toJSON(): TallyJSON {
    return {
      games: this.games,
      lengthSumSq: this.lengthSumSq,
      cells: Object.fromEntries([...this.cells].map(([k, c]) => [k, [c.k, c.n, Object.fromEntries(c.chanceBy)]])),
      histograms: Object.fromEntries([...this.histograms].map(([k, h]) => [k, h.toJSON()])),
    };
  }

  static fromJSON(j: TallyJSON): RecordTally {
    const t = new RecordTally();
    t.games = j.games;
    t.lengthSumSq = j.lengthSumSq;
    for (const [name, [k, n, byOf]] of Object.entries(j.cells)) t.cells.set(name, { k, n, chanceBy: new Map(Object.entries(byOf).map(([a, m]) => [Number(a), m])) });
    for (const [name, h] of Object.entries(j.histograms)) t.histograms.set(name, RatioHistogram.fromJSON(h));
    return t;
  }
}

export function tallyRecords(records: Iterable<GameRecord>): RecordTally {
  const t = new RecordTally();
  for (const r of records) t.add(r);
  return t;
}

// ---- one record ----

type Phase = { readonly kind: 'night'; readonly index: number; readonly night: RecordNight } | { readonly kind: 'day'; readonly index: number; readonly day: RecordDay };

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

function castOf(rec: GameRecord): Cast & { readonly team: Map<string, RecordTeam> } {
  const find = (role: string): string | undefined => rec.players.find((p) => p.role === role)?.name;
  return { team: new Map(rec.players.map((p) => [p.name, teamOf(p)])), cop: find('cop'), medic: find('medic'), vigilante: find('vigilante') };
}

/** Players who joined the Mafia team in a phase (a Cursed bitten, a Foundling turned) count as Mafia from then on. */
function applyTurns(team: Map<string, RecordTeam>, turned: readonly string[] | undefined): void {
  for (const n of turned ?? []) team.set(n, 'mafia');
}

function addRecord(t: RecordTally, rec: GameRecord): void {
  t.games++;
  t.count('townWin', rec.winner === 'town');
  const cast = castOf(rec);
  const isMafia = (n: string): boolean => cast.team.get(n) === 'mafia';
  addFirsts(t, rec, cast);
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
      applyTurns(cast.team, ph.day.turned);
      continue;
    }
    const n = ph.night;
    const first = ph.index === 0;
    addNight(t, rec, n, first, cast, alive, isMafia);
    applyTurns(cast.team, n.turned);
    if (cast.vigilante && alive.has(cast.vigilante)) {
      if (n.shot === undefined) vigKnown = false;
      else if (n.shot !== null) shots.push(n.shot);
    }
    if (n.deaths === undefined) aliveKnown = false;
    else for (const d of n.deaths) alive.delete(d);
    if (cast.cop && ph.index < 2 && aliveKnown) t.count(COP_DEAD[ph.index]!, !alive.has(cast.cop));
  }
  if (rec.complete && rec.days) t.addLength(rec.days.length);
  addOrderFreeLynches(t, rec, isMafia);
  addVigilante(t, rec, cast, shots, vigKnown && aliveKnown, isMafia);
}

function addDay(t: RecordTally, rec: GameRecord, d: number, day: RecordDay, alive: ReadonlySet<string>, isMafia: (n: string) => boolean): void {
  if (day.noVote) return;
  addVotes(t, rec, d, day, alive, isMafia);
  const inTable = d <= LYNCH_DAYS.length;
  if (inTable) t.count(NO_LYNCH_DAY[d - 1]!, day.lynch === null);
  if (rec.complete) t.count('noLynch.all', day.lynch === null);
  if (day.lynch === null) return;
  let mafia = 0;
  for (const n of alive) if (isMafia(n)) mafia++;
  const hit = isMafia(day.lynch);
  if (inTable) t.countWithChance(LYNCH_DAY[d - 1]!, hit, mafia, alive.size);
  if (rec.complete) t.countWithChance('lynchHitsMafia.all', hit, mafia, alive.size);
}

/** A scope's statistic names, made once: a game's days count into them dozens of times. */
interface VoteNames {
  readonly share: string;
  readonly candidates: string;
  readonly unanimous: string;
  readonly nonVoters: string;
  readonly onPartner: string;
}
const namesOf = (scope: string): VoteNames => ({
  share: `votes.shareOnEliminated.${scope}`,
  candidates: `votes.candidates.${scope}`,
  unanimous: `votes.unanimous.${scope}`,
  nonVoters: `votes.nonVoters.${scope}`,
  onPartner: `votes.onPartner.${scope}`,
});

/** The scopes a day counts in, by day (1 to 3, then every later day) and completeness: its own day (1 to 3), and in complete records day3plus (from day 3) and all. */
const SCOPES_BY_DAY: ReadonlyArray<readonly [incomplete: readonly VoteNames[], complete: readonly VoteNames[]]> = [1, 2, 3, 4].map((d) => {
  const own = d <= VOTE_DAYS ? [namesOf(`day${d}`)] : [];
  return [own, [...own, ...(d >= VOTE_DAYS ? [namesOf('day3plus')] : []), namesOf('all')]] as const;
});

/**
 * A day's vote statistics. A day's `votes` list every vote cast, so a
 * living player missing from it did not vote; only the first round counts
 * (a revote among the tied is a second ballot on a narrowed choice). The
 * living are the day's `alive` list where the record gives one (the
 * players alive when the vote opened), else those the phases leave alive.
 * A vote for nobody is a vote cast, for no candidate and no partner.
 */
function addVotes(t: RecordTally, rec: GameRecord, d: number, day: RecordDay, phaseAlive: ReadonlySet<string>, isMafia: (n: string) => boolean): void {
  const votes = day.votes;
  if (votes === undefined) return;
  const scopes = SCOPES_BY_DAY[Math.min(d, SCOPES_BY_DAY.length) - 1]![rec.complete ? 1 : 0];
  if (scopes.length === 0) return;
  const living: Iterable<string> = day.alive ?? phaseAlive;
  const on = new Map<string, number>();
  const voted = new Set<string>();
  let cast = 0;
  for (const v of votes) {
    if ((v.round ?? 0) !== 0) continue;
    cast++;
    voted.add(v.voter);
    if (v.target !== null) on.set(v.target, (on.get(v.target) ?? 0) + 1);
  }
  let alive = 0;
  let silent = 0;
  let mafiaAlive = 0;
  for (const n of living) {
    alive++;
    if (!voted.has(n)) silent++;
    if (isMafia(n)) mafiaAlive++;
  }
  // The days that eliminated someone by the vote have a share on him, and are unanimous when every other living player voted for him.
  const onEliminated = day.lynch && cast > 0 ? (on.get(day.lynch) ?? 0) : -1;
  for (const s of scopes) {
    t.observe(s.candidates, on.size, 1);
    t.countMany(s.nonVoters, silent, alive);
    if (onEliminated < 0) continue;
    t.observe(s.share, onEliminated, cast);
    t.count(s.unanimous, onEliminated === alive - 1);
  }
  if (mafiaAlive < 2) return;
  for (const v of votes) {
    if ((v.round ?? 0) !== 0 || v.target === null || !isMafia(v.voter)) continue;
    // A mafia voter is alive; a vote for a random other living player lands on a partner (mafiaAlive − 1) / (alive − 1) of the time.
    for (const s of scopes) t.countWithChance(s.onPartner, isMafia(v.target), mafiaAlive - 1, alive - 1);
  }
}

/** Who was lynched at all, order aside: the days of a complete record, or a summary's list. */
function addOrderFreeLynches(t: RecordTally, rec: GameRecord, isMafia: (n: string) => boolean): void {
  const lynched = rec.complete && rec.days ? rec.days.flatMap((d) => (d.lynch ? [d.lynch] : [])) : rec.lynched;
  for (const n of lynched ?? []) t.count('lynchHitsMafia.orderFree', isMafia(n));
}

// Statistic names made once (a name built per count costs a string and its hash each time).
const NO_LYNCH_DAY = perDay('noLynch');
const LYNCH_DAY = perDay('lynchHitsMafia');
const COP_DEAD = ['copDead.night1', 'copDead.night2'];
const NIGHT_STEMS = ['mafiaTargetsCop', 'mafiaTargetsMedic', 'mafiaTargetsVigilante', 'copCheckHitsMafia'] as const;
const NIGHT_NAMES = Object.fromEntries(NIGHT_STEMS.map((stem) => [stem, { night1: `${stem}.night1`, all: `${stem}.all` }])) as Record<(typeof NIGHT_STEMS)[number], { night1: string; all: string }>;

function addNight(t: RecordTally, rec: GameRecord, n: RecordNight, first: boolean, cast: Cast, alive: ReadonlySet<string>, isMafia: (n: string) => boolean): void {
  const each = (stem: (typeof NIGHT_STEMS)[number], hit: boolean): void => {
    if (first) t.count(NIGHT_NAMES[stem].night1, hit);
    if (rec.complete) t.count(NIGHT_NAMES[stem].all, hit);
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
  if (!rec.complete) return;
  if (n.deaths !== undefined) t.count('nightKill.all', n.deaths.length > 0);
  const stopped = killsStopped(n);
  if (stopped !== undefined) t.count('protectorSave.all', stopped > 0);
}

/**
 * Kills a protection stopped this night: the record's `saves` where it
 * counts them (not naming whom), else read from the protection and the
 * shots: the protected player was shot and did not die (undefined where the
 * record does not say). A protection stops one shot, so a player shot twice
 * dies protected (allstars.ts).
 */
function killsStopped(n: RecordNight): number | undefined {
  if (n.saves !== undefined) return n.saves;
  if (n.save === undefined || n.mafiaTargets === undefined || n.deaths === undefined) return undefined;
  if (n.save === null) return 0;
  const save = n.save;
  return n.mafiaTargets.includes(save) && !n.deaths.includes(save) ? 1 : 0;
}

/**
 * The first player killed at night and the first lynched, as a record of
 * whole nights and days shows them or as one that knows only them says
 * (`firstNightKill`, `firstLynch`: the sports-mafia osboo records): whether
 * the first night victim was the cop, and the first lynched a mafia or the
 * cop. The chance baselines are the deal's (the cop among the non-mafia for
 * a night kill, the mafia or the cop among everyone for a lynch): a record
 * that knows only the names does not say how many were alive by then.
 */
function addFirsts(t: RecordTally, rec: GameRecord, cast: Cast): void {
  const players = rec.players.length;
  let mafia = 0;
  for (const p of rec.players) if (cast.team.get(p.name) === 'mafia') mafia++;
  const cops = rec.players.filter((p) => p.role === 'cop').length;
  const victim = rec.firstNightKill ?? (rec.complete ? rec.nights.find((n) => (n.deaths?.length ?? 0) > 0)?.deaths?.[0] : undefined);
  if (victim !== undefined && players > mafia) t.countWithChance('firstNightKill.hitsCop', victim === cast.cop, cops, players - mafia);
  const lynched = rec.firstLynch ?? (rec.complete ? rec.days?.find((d) => d.lynch)?.lynch ?? undefined : undefined);
  if (lynched !== undefined) {
    t.countWithChance('firstLynch.hitsMafia', cast.team.get(lynched) === 'mafia', mafia, players);
    t.countWithChance('firstLynch.hitsCop', lynched === cast.cop, cops, players);
  }
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
  /** Means (gameLength, votes.shareOnEliminated.*, votes.candidates.*): the standard error of the mean. */
  readonly se?: number;
  /** The per-day means: the quartiles of the observations (linear interpolation, type 7). */
  readonly quartiles?: readonly [number, number, number];
}

export interface StatisticsJSON {
  readonly games: number;
  readonly statistics: Record<string, Statistic>;
}

export function statistics(t: RecordTally): StatisticsJSON {
  const out: Record<string, Statistic> = {};
  for (const name of STAT_NAMES) out[name] = name === 'gameLength' ? lengthStat(t) : HISTOGRAM_NAMES.has(name) ? meanStat(t.histogram(name).summary()) : rateStat(name, t.cell(name));
  return { games: t.games, statistics: out };
}

function rateStat(name: string, c: Readonly<Cell>): Statistic {
  const w = wilson(c.k, c.n);
  const base = { k: c.k, n: c.n, rate: w ? w.rate : null, lo: w ? w.low : null, hi: w ? w.high : null };
  if (!hasChance(name)) return base;
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
 * A mean of per-day observations: `k` the sum of their numerators (the
 * votes on the eliminated, or the candidates), `n` the days, a normal 95%
 * interval from the standard error sd/√n. The days are treated as
 * independent (those of one game are not quite, so for `.all` the error is
 * a little small).
 */
function meanStat(h: HistogramSummary | null): Statistic {
  if (h === null) return { k: 0, n: 0, rate: null, lo: null, hi: null, se: 0 };
  const se = h.sd / Math.sqrt(h.n);
  return { k: h.numerators, n: h.n, rate: h.mean, lo: h.mean - Z95 * se, hi: h.mean + Z95 * se, se, quartiles: h.quartiles };
}

/** A statistic as an estimate: its value and the sampling variance of it (`statEstimate`). */
export interface Estimate {
  /** The rate k/n (a mean: the mean); with no data, 0.5 (a rate) or 0 (a mean), with an infinite variance for a mean. */
  readonly value: number;
  readonly variance: number;
  readonly n: number;
}

/** Smallest spread of one observation of a mean that the variance assumes (a game's length in days, a day's candidates, a day's share). */
function minSd(name: string): number {
  return name === 'gameLength' || name.startsWith('votes.candidates.') ? 0.5 : 0.05;
}

/**
 * The value of a statistic and its sampling variance, each side on its own
 * (never pooled): a rate's variance is p̃(1 − p̃)/n with the smoothed p̃ =
 * (k + ½)/(n + 1), so a rate one side never saw (0 of 263 self-heals, no
 * mafia vote on a partner in 20,000 games) still has the spread its count
 * allows, and a z of two rates is dominated by the side with fewer trials,
 * the records. A mean uses its standard error, never below a least spread
 * per observation, so records without spread still give a finite z.
 */
export function statEstimate(name: string, s: Statistic): Estimate {
  if (isMeanStat(name)) {
    if (s.n === 0 || s.rate === null) return { value: 0, variance: Infinity, n: 0 };
    const se = s.se ?? 0;
    return { value: s.rate, variance: Math.max(se * se, minSd(name) ** 2 / s.n), n: s.n };
  }
  const smoothed = (s.k + 0.5) / (s.n + 1);
  return { value: s.n > 0 ? s.k / s.n : 0.5, variance: (smoothed * (1 - smoothed)) / Math.max(1, s.n), n: s.n };
}

/** z of the difference a − b of two independent estimates, over both sampling spreads; 0 when neither has any. */
export function estimateZ(a: Estimate, b: Estimate): number {
  const v = a.variance + b.variance;
  if (!(v > 0) || !Number.isFinite(v)) return 0;
  return (a.value - b.value) / Math.sqrt(v);
}

/**
 * z of the difference between two independent statistics (`records compare`,
 * sim − records), the same z `calibrate` prints and minimises: each side's
 * own variance (statEstimate), not a pooled proportion. A pooled test takes
 * the spread of the rate both sides share, which for a rate near 0 is the
 * simulation's (0 of 20,000 partner votes) and makes 4 of 112 in the
 * records look 50 standard errors away. Null when either side has no data.
 */
export function zScore(name: string, a: Statistic, b: Statistic): number | null {
  if (a.n === 0 || b.n === 0 || a.rate === null || b.rate === null) return null;
  return estimateZ(statEstimate(name, a), statEstimate(name, b));
}
