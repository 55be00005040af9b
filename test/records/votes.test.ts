// The vote statistics as an exact oracle: five hand-made records whose every
// vote figure was worked out by hand (day 1, 2, 3, day 3 and later, every
// day; a revote ignored, a vote for nobody, a day's own list of the living,
// an incomplete record), a hand-made engine log against the same game
// written as a record, the exact histogram behind the per-day means, and
// engine games of every kind of day counted straight from their events.

import { describe, expect, it } from 'vitest';
import { createProvider, parseAgents } from '../../src/agents/index.js';
import { DeathCause, Outcome, type GameEvent, type LoggedEvent } from '../../src/engine/events.js';
import { Game } from '../../src/engine/game.js';
import { Role } from '../../src/engine/roles.js';
import { resolveRules, type Rules } from '../../src/engine/rules.js';
import type { GameRecord, RecordDay } from '../../src/sim/records/format.js';
import { parseRecord } from '../../src/sim/records/format.js';
import { recordFromLog } from '../../src/sim/records/fromLog.js';
import { RatioHistogram } from '../../src/sim/records/histogram.js';
import { RecordTally, STAT_NAMES, VOTE_SCOPES, VOTE_STEMS, isMeanStat, statistics, tallyRecords, zScore, type Statistic } from '../../src/sim/records/stats.js';

const mafia = (...names: string[]) => names.map((name) => ({ name, role: 'mafia' as const }));
const town = (...names: string[]) => names.map((name) => ({ name, role: 'town' as const }));
const v = (voter: string, target: string | null, round?: number) => ({ voter, target, ...(round !== undefined ? { round } : {}) });
const game = (id: string, players: GameRecord['players'], nights: string[][], days: RecordDay[], winner: GameRecord['winner'], complete = true): GameRecord => ({
  format: 'mafia-sim-record',
  version: 2,
  id,
  players,
  start: 'night',
  nights: nights.map((deaths) => ({ deaths })),
  days,
  complete,
  winner,
});

/** D1: t3 does not vote, a revote (ignored); D2: t3 gets every other living vote. */
const V = game('V', [...mafia('m1', 'm2'), ...town('t1', 't2', 't3', 't4')], [['t4'], ['t2']], [
  { lynch: 't1', votes: [v('m1', 't1'), v('m2', 't1'), v('t1', 'm1'), v('t2', 't1'), v('t3', 't1', 1)] },
  { lynch: 't3', votes: [v('m1', 't3'), v('m2', 't3'), v('t3', 'm2')] },
], 'mafia');

/** One mafia (no partner); D1 unanimous on a; D2 a vote for nobody. */
const W = game('W', [...mafia('m1'), ...town('a', 'b', 'c', 'd')], [[], ['b']], [
  { lynch: 'a', votes: [v('m1', 'a'), v('b', 'a'), v('c', 'a'), v('d', 'a'), v('a', 'm1')] },
  { lynch: 'm1', votes: [v('c', 'm1'), v('d', null), v('m1', 'c')] },
], 'town');

/** Four days: D3 a partner vote (m2 on m1), D4 the last mafia does not vote. */
const X = game('X', [...mafia('m1', 'm2'), ...town('t1', 't2', 't3', 't4', 't5', 't6')], [[], [], ['t3'], ['t4']], [
  { lynch: 't1', votes: [v('m1', 't1'), v('m2', 't1'), v('t2', 't1'), v('t3', 't1'), v('t4', 't1'), v('t5', 't1'), v('t6', 't1'), v('t1', 'm1')] },
  { lynch: 't2', votes: [v('m1', 't2'), v('m2', 't2'), v('t3', 't2'), v('t4', 'm1')] },
  { lynch: 'm1', votes: [v('t4', 'm1'), v('t5', 'm1'), v('t6', 'm1'), v('m2', 'm1'), v('m1', 't4')] },
  { lynch: 'm2', votes: [v('t5', 'm2'), v('t6', 'm2')] },
], 'town');

/** Incomplete: its day 1 counts for day1 only; three candidates. */
const Y = game('Y', [...mafia('m1'), ...town('a', 'b', 'c')], [[]], [{ lynch: 'a', votes: [v('m1', 'a'), v('b', 'a'), v('c', 'm1'), v('a', 'b')] }], 'mafia', false);

/** A day whose own list of the living holds the night's victim c, who voted (a forum turn votes before its night). */
const Z = game('Z', [...mafia('m1'), ...town('a', 'b', 'c')], [['c']], [{ lynch: 'a', alive: ['m1', 'a', 'b', 'c'], votes: [v('m1', 'a'), v('b', 'a'), v('c', 'a'), v('a', 'm1')] }], 'mafia');

const mean = (...xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** Every figure by hand: [k, n] for rates, the observations for means, and the partner votes' chances. */
const RATES: Record<string, [number, number]> = {
  'votes.unanimous.day1': [3, 5], // W, X, Z (every day here eliminates someone)
  'votes.unanimous.day2': [1, 3], // V
  'votes.unanimous.day3': [1, 1],
  'votes.unanimous.day3plus': [2, 2],
  'votes.unanimous.all': [6, 9],
  'votes.nonVoters.day1': [1, 26], // V's t3 of 5 + 5 + 8 + 4 + 4 living
  'votes.nonVoters.day2': [3, 13], // X's t2, t5, t6 of 3 + 3 + 7
  'votes.nonVoters.day3': [0, 5],
  'votes.nonVoters.day3plus': [1, 8],
  'votes.nonVoters.all': [5, 43],
  'votes.onPartner.day1': [0, 4],
  'votes.onPartner.day2': [0, 4],
  'votes.onPartner.day3': [1, 2],
  'votes.onPartner.day3plus': [1, 2],
  'votes.onPartner.all': [1, 10],
};
const SHARES: Record<string, number[]> = {
  day1: [3 / 4, 4 / 5, 7 / 8, 2 / 4, 3 / 4],
  day2: [2 / 3, 1 / 3, 3 / 4],
  day3: [4 / 5],
  day3plus: [4 / 5, 2 / 2],
  all: [3 / 4, 2 / 3, 4 / 5, 1 / 3, 7 / 8, 3 / 4, 4 / 5, 2 / 2, 3 / 4],
};
const CANDIDATES: Record<string, number[]> = { day1: [2, 2, 2, 3, 2], day2: [2, 2, 2], day3: [2], day3plus: [2, 1], all: [2, 2, 2, 2, 2, 2, 2, 1, 2] };
const CHANCES: Record<string, number[]> = {
  day1: [1 / 4, 1 / 4, 1 / 7, 1 / 7],
  day2: [1 / 2, 1 / 2, 1 / 6, 1 / 6],
  day3: [1 / 4, 1 / 4],
  day3plus: [1 / 4, 1 / 4],
  all: [1 / 4, 1 / 4, 1 / 2, 1 / 2, 1 / 7, 1 / 7, 1 / 6, 1 / 6, 1 / 4, 1 / 4],
};

function sampleSd(xs: readonly number[]): number {
  const m = mean(...xs);
  return xs.length > 1 ? Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1)) : 0;
}

describe('vote statistics of records: an exact oracle', () => {
  const records = [V, W, X, Y, Z].map((r) => parseRecord(r, r.id));
  const s = statistics(tallyRecords(records)).statistics;

  it('names: votes.<figure>.<day1|day2|day3|day3plus|all>, all listed, the two means marked as means', () => {
    for (const stem of VOTE_STEMS) for (const scope of VOTE_SCOPES) expect(STAT_NAMES).toContain(`${stem}.${scope}`);
    expect(VOTE_SCOPES).toEqual(['day1', 'day2', 'day3', 'day3plus', 'all']);
    for (const name of ['votes.shareOnEliminated.day1', 'votes.candidates.all', 'gameLength']) expect(isMeanStat(name), name).toBe(true);
    for (const name of ['votes.unanimous.day1', 'votes.nonVoters.all', 'votes.onPartner.day2', 'townWin']) expect(isMeanStat(name), name).toBe(false);
  });

  it('counts the rates by hand: unanimous days, non-voters, mafia votes on a living partner', () => {
    const got = Object.fromEntries(Object.keys(RATES).map((k) => [k, [s[k]!.k, s[k]!.n]]));
    expect(got).toEqual(RATES);
  });

  it('partner votes carry their chance: partners alive / others alive, averaged', () => {
    for (const [scope, chances] of Object.entries(CHANCES)) expect(s[`votes.onPartner.${scope}`]!.chance, scope).toBeCloseTo(mean(...chances), 12);
  });

  it('the share on the eliminated and the candidates are means over days, with their standard error and quartiles', () => {
    for (const [stem, table] of [['votes.shareOnEliminated', SHARES], ['votes.candidates', CANDIDATES]] as const) {
      for (const [scope, xs] of Object.entries(table)) {
        const x = s[`${stem}.${scope}`]!;
        expect(x.n, `${stem}.${scope}`).toBe(xs.length);
        expect(x.rate!, `${stem}.${scope}`).toBeCloseTo(mean(...xs), 12);
        expect(x.se!, `${stem}.${scope}`).toBeCloseTo(sampleSd(xs) / Math.sqrt(xs.length), 12);
        expect(x.lo!).toBeCloseTo(x.rate! - 1.959963984540054 * x.se!, 12);
      }
    }
    // Day 1's shares sorted: 1/2, 3/4, 3/4, 4/5, 7/8: quartiles (type 7) 3/4, 3/4, 4/5.
    expect(s['votes.shareOnEliminated.day1']!.quartiles).toEqual([0.75, 0.75, 0.8]);
    expect(s['votes.candidates.day1']!.k).toBe(11); // the sum of the candidates
    expect(s['votes.shareOnEliminated.day1']!.k).toBe(3 + 4 + 7 + 2 + 3); // the votes on the eliminated
  });

  it("a day's own list of the living decides who could vote: without it, Z's night victim would not count", () => {
    const zAlone = statistics(tallyRecords([Z])).statistics;
    expect([zAlone['votes.unanimous.day1']!.k, zAlone['votes.nonVoters.day1']!.n]).toEqual([1, 4]);
    const { alive: _dropped, ...day } = Z.days![0]!;
    const without = statistics(tallyRecords([{ ...Z, days: [day] }])).statistics;
    expect([without['votes.unanimous.day1']!.k, without['votes.nonVoters.day1']!.n]).toEqual([0, 3]);
  });

  it('records without votes give no vote figures; the lynch figures are unchanged by votes', () => {
    const bare = [V, W, X, Y, Z].map((r) => ({ ...r, days: r.days!.map(({ lynch }) => ({ lynch })) }));
    const b = statistics(tallyRecords(bare)).statistics;
    for (const stem of VOTE_STEMS) for (const scope of VOTE_SCOPES) expect(b[`${stem}.${scope}`]!.n).toBe(0);
    for (const name of STAT_NAMES.filter((n) => !n.startsWith('votes.'))) expect(b[name], name).toEqual(s[name]);
  });

  it('tallies with histograms merge exactly and survive JSON, in any split', () => {
    const merged = tallyRecords([V, W]).merge(RecordTally.fromJSON(JSON.parse(JSON.stringify(tallyRecords([X, Y, Z]).toJSON()))));
    expect(statistics(merged).statistics).toEqual(s);
    const reversed = tallyRecords([Z, Y]).merge(tallyRecords([X])).merge(tallyRecords([W, V]));
    expect(statistics(reversed).statistics).toEqual(s);
  });

  it('z of a mean is Welch\'s: the difference over the root of both squared standard errors', () => {
    const a: Statistic = { k: 0, n: 30, rate: 0.62, lo: 0, hi: 0, se: 0.03 };
    const b: Statistic = { k: 0, n: 9000, rate: 0.85, lo: 0, hi: 0, se: 0.002 };
    expect(zScore('votes.shareOnEliminated.day1', b, a)).toBeCloseTo(0.23 / Math.sqrt(0.03 ** 2 + 0.002 ** 2), 12);
  });
});

describe('the per-day histogram', () => {
  it('mean, sample spread and type-7 quartiles of exact fractions, whatever the order of adding', () => {
    const h = new RatioHistogram();
    for (const [a, b] of [[4, 4], [1, 1], [6, 2], [2, 1]] as const) h.add(a, b); // 1, 1, 3, 2
    const s = h.summary()!;
    expect(s.n).toBe(4);
    expect(s.mean).toBe(7 / 4);
    expect(s.sd).toBeCloseTo(Math.sqrt(((1 - 1.75) ** 2 * 2 + (2 - 1.75) ** 2 + (3 - 1.75) ** 2) / 3), 14);
    expect(s.quartiles).toEqual([1, 1.5, 2.25]);
    expect(new RatioHistogram().summary()).toBeNull();
  });

  it('merges to the same bits as one histogram of everything', () => {
    const all = new RatioHistogram();
    const [p, q] = [new RatioHistogram(), new RatioHistogram()];
    for (let i = 1; i <= 200; i++) {
      const [a, b] = [(i * 7) % 11, 11 + (i % 5)];
      all.add(a, b);
      (i % 3 === 0 ? p : q).add(a, b);
    }
    p.merge(RatioHistogram.fromJSON(JSON.parse(JSON.stringify(q.toJSON()))));
    expect(p.summary()).toEqual(all.summary());
  });
});

describe('vote statistics from an engine log and from the same game written as a record', () => {
  const host = (event: unknown): LoggedEvent => ({ audience: -2, event: event as GameEvent });
  const pub = (event: unknown): LoggedEvent => ({ audience: -1, event: event as GameEvent });
  // Forum turns: the votes are cast, then the night's kill, then the lynch. Seats 0, 1 Mafia; 2-4 Civilians.
  const log: LoggedEvent[] = [
    host({ type: 'deal', roles: [Role.Mafia, Role.Mafia, Role.Civilian, Role.Civilian, Role.Civilian] }),
    pub({ type: 'phase', phase: 'turn', day: 1 }),
    pub({ type: 'vote', voter: 0, target: 2, round: 0 }),
    pub({ type: 'vote', voter: 1, target: 2, round: 0 }),
    pub({ type: 'vote', voter: 2, target: -1, round: 0, missed: true }),
    pub({ type: 'vote', voter: 3, target: 2, round: 0 }),
    pub({ type: 'vote', voter: 4, target: 0, round: 0 }),
    pub({ type: 'vote', voter: 4, target: 2, round: 1 }),
    host({ type: 'mafia-target', target: 3, shot: 0 }),
    host({ type: 'kill', seat: 3, cause: DeathCause.Mafia, by: 0 }),
    pub({ type: 'lynch', target: 2, votes: 3, reason: 'most-votes' }),
    host({ type: 'kill', seat: 2, cause: DeathCause.Lynch, by: -1 }),
    pub({ type: 'phase', phase: 'turn', day: 2 }),
    pub({ type: 'vote', voter: 0, target: 4, round: 0 }),
    pub({ type: 'vote', voter: 1, target: 4, round: 0 }),
    pub({ type: 'vote', voter: 4, target: 1, round: 0 }),
    host({ type: 'mafia-target', target: 4, shot: 0 }),
    host({ type: 'kill', seat: 4, cause: DeathCause.Mafia, by: 0 }),
    pub({ type: 'no-lynch', reason: 'already-dead' }),
    pub({ type: 'end', outcome: Outcome.Mafia, day: 2 }),
  ];
  const rules = resolveRules('forum', { players: 6 });
  const fromLog = recordFromLog(log, rules, 'log');
  const written = parseRecord(
    {
      format: 'mafia-sim-record',
      version: 2,
      id: 'written',
      players: [...mafia('#1', '#2'), ...town('#3', '#4', '#5')],
      start: 'night',
      nights: [{ mafiaTargets: ['#4'], deaths: ['#4'] }, { mafiaTargets: ['#5'], deaths: ['#5'] }],
      days: [
        { lynch: '#3', alive: ['#1', '#2', '#3', '#4', '#5'], votes: [v('#1', '#3', 0), v('#2', '#3', 0), v('#4', '#3', 0), v('#5', '#1', 0), v('#5', '#3', 1)] },
        { lynch: null, alive: ['#1', '#2', '#5'], votes: [v('#1', '#5', 0), v('#2', '#5', 0), v('#5', '#2', 0)] },
      ],
      complete: true,
      winner: 'mafia',
    },
    'written',
  );

  it('the converter keeps the living at the vote (the night victim #4 voted), drops the missed vote and keeps the revote as round 1', () => {
    expect(fromLog.days!.map((d) => d.alive)).toEqual([['#1', '#2', '#3', '#4', '#5'], ['#1', '#2', '#5']]);
    expect(fromLog.days![0]!.votes).toEqual(written.days![0]!.votes);
  });

  it('gives the vote figures worked out by hand, the same as the written record', () => {
    const a = statistics(tallyRecords([fromLog])).statistics;
    const b = statistics(tallyRecords([written])).statistics;
    for (const name of STAT_NAMES.filter((n) => n.startsWith('votes.'))) expect(a[name], name).toEqual(b[name]);
    // Day 1: 3 of 4 votes on #3 (the revote aside), 2 candidates, #3 missed his vote; both mafia vote #3 (chance 1/4 each).
    expect(a['votes.shareOnEliminated.day1']).toMatchObject({ n: 1, rate: 0.75 });
    expect(a['votes.candidates.day1']).toMatchObject({ n: 1, rate: 2 });
    expect([a['votes.nonVoters.day1']!.k, a['votes.nonVoters.day1']!.n]).toEqual([1, 5]);
    expect([a['votes.unanimous.day1']!.k, a['votes.unanimous.day1']!.n]).toEqual([0, 1]);
    expect(a['votes.onPartner.day1']).toMatchObject({ k: 0, n: 2, chance: 0.25 });
    // Day 2: #5 has both other votes but died in the night: no lynch, so neither a share nor a unanimous day; 2 candidates all the same.
    expect([a['votes.unanimous.day2']!.k, a['votes.unanimous.day2']!.n]).toEqual([0, 0]);
    expect(a['votes.shareOnEliminated.day2']!.n).toBe(0);
    expect(a['votes.candidates.day2']).toMatchObject({ n: 1, rate: 2 });
    expect(a['votes.onPartner.day2']).toMatchObject({ k: 0, n: 2, chance: 0.5 });
  });
});

/** Day-1 vote figures counted straight from the events: round-0 votes cast, the living at the first vote, the top vote count. */
function dayOneFromEvents(log: readonly LoggedEvent[]): { cast: number; living: number; candidates: number; onLynched: number | null; unanimous: boolean } | null {
  const alive = new Set<number>();
  let dayPhases = 0;
  let living = -1;
  const tally = new Map<number, number>();
  let cast = 0;
  let lynched: number | null = null;
  for (const { event: e } of log) {
    if (e.type === 'deal') e.roles.forEach((_, s) => alive.add(s));
    else if (e.type === 'kill') alive.delete(e.seat);
    else if (e.type === 'phase' && e.phase !== 'night') {
      if (++dayPhases > 1) break;
    } else if (e.type === 'vote' && dayPhases === 1) {
      if (living < 0) living = alive.size;
      if (e.round !== 0 || e.missed || e.abstained) continue; // an abstainer is among the living, no vote cast
      cast++;
      if (e.target >= 0) tally.set(e.target, (tally.get(e.target) ?? 0) + 1);
    } else if (e.type === 'lynch' && dayPhases === 1 && lynched === null) lynched = e.target;
  }
  if (living < 0) return null;
  const onLynched = lynched === null ? null : (tally.get(lynched) ?? 0);
  return { cast, living, candidates: tally.size, onLynched, unanimous: onLynched === living - 1 };
}

async function play(rules: Rules, games: number): Promise<LoggedEvent[][]> {
  const g = new Game(rules);
  const provider = await createProvider(parseAgents('club'), rules);
  return Array.from({ length: games }, (_, k) => {
    const log: LoggedEvent[] = [];
    g.play(9, k, provider, { log });
    return log;
  });
}

describe('engine games: the day-1 vote figures equal a count straight from the events', () => {
  const SETUPS: Array<[string, Rules]> = [
    ['club (revotes, day first)', resolveRules('club')],
    ['forum (turns: the vote before the night)', resolveRules('forum', { set: ['vote.firstDay=true'] })],
    ['classic with missed votes and fouls', resolveRules('classic', { set: ['inactivity.missRate=0.2', 'fouls.perDayRate=0.3'] })],
    ['club with abstentions (vote.mayAbstain)', resolveRules('club', { set: ['vote.mayAbstain=true'] })],
  ];
  it.each(SETUPS)('%s', async (_name, rules) => {
    const logs = await play(rules, 300);
    const s = statistics(tallyRecords(logs.map((l, k) => recordFromLog(l, rules, `g${k}`)))).statistics;
    const days = logs.map(dayOneFromEvents).filter((d) => d !== null);
    const lynchDays = days.filter((d) => d.onLynched !== null && d.cast > 0);
    expect(s['votes.candidates.day1']!.n).toBe(days.length);
    expect(s['votes.candidates.day1']!.rate!).toBeCloseTo(mean(...days.map((d) => d.candidates)), 12);
    expect([s['votes.nonVoters.day1']!.k, s['votes.nonVoters.day1']!.n]).toEqual([days.reduce((a, d) => a + d.living - d.cast, 0), days.reduce((a, d) => a + d.living, 0)]);
    expect([s['votes.unanimous.day1']!.k, s['votes.unanimous.day1']!.n]).toEqual([lynchDays.filter((d) => d.unanimous).length, lynchDays.length]);
    expect(s['votes.shareOnEliminated.day1']!.n).toBe(lynchDays.length);
    expect(s['votes.shareOnEliminated.day1']!.rate!).toBeCloseTo(mean(...lynchDays.map((d) => d.onLynched! / d.cast)), 12);
    // Where players may abstain some do, and each abstainer counts as a living player who did not vote.
    if (rules.options['vote.mayAbstain']) expect(s['votes.nonVoters.day1']!.k).toBeGreaterThan(0);
  }, 60_000);
});
