// Engine logs as records: games of every preset converted and validated,
// checked against the logs read directly (an independent count of several
// statistics), the simulation path equal to the same games' records written
// to disk and read back, determinism across thread counts, and a synthetic
// log with issue 10's new events (the Vigilante, his shot, `mafia-target`
// with both shots at one player, a no-lynch vote).

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createProvider, parseAgents } from '../../src/agents/index.js';
import { Choice, DeathCause, Outcome, type GameEvent, type LoggedEvent } from '../../src/engine/events.js';
import { Game } from '../../src/engine/game.js';
import { ROLES, Role, Team } from '../../src/engine/roles.js';
import { resolveRules, type Rules } from '../../src/engine/rules.js';
import { parseRecord, type GameRecord } from '../../src/sim/records/format.js';
import { recordFromLog } from '../../src/sim/records/fromLog.js';
import { loadRecords } from '../../src/sim/records/load.js';
import { simulateRecords } from '../../src/sim/records/simulate.js';
import { statistics, tallyRecords } from '../../src/sim/records/stats.js';

const dir = mkdtempSync(join(tmpdir(), 'mafia-records-log-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SETUPS: Array<[string, Rules, string]> = [
  ['club', resolveRules('club'), 'club'],
  ['forum', resolveRules('forum'), 'club'],
  ['classic', resolveRules('classic'), 'club'],
  ['club, random players', resolveRules('club'), 'random'],
  ['forum 8 players, novice', resolveRules('forum', { players: 8 }), 'novice'],
  ['classic, night first', resolveRules('classic', { set: ['start=night'] }), 'expert'],
  ['club with fouls and missed votes', resolveRules('club', { set: ['fouls.perDayRate=0.3', 'fouls.perNightRate=0.05', 'inactivity.missRate=0.2'] }), 'club'],
  ['forum with fouls', resolveRules('forum', { set: ['fouls.perDayRate=0.2'] }), 'random'],
];

async function play(rules: Rules, agents: string, seed: number, games: number): Promise<LoggedEvent[][]> {
  const game = new Game(rules);
  const provider = await createProvider(parseAgents(agents), rules);
  const logs: LoggedEvent[][] = [];
  for (let k = 0; k < games; k++) {
    const log: LoggedEvent[] = [];
    game.play(seed, k, provider, { log });
    logs.push(log);
  }
  return logs;
}

/** Some statistics counted straight from the events, without the converter. */
function countFromLogs(logs: readonly LoggedEvent[][]) {
  const c = { townWin: 0, day1: [0, 0, 0], noLynch: [0, 0], selfHeal: [0, 0], checks: [0, 0], copDeadN1: [0, 0] };
  for (const log of logs) {
    let roles: readonly Role[] = [];
    const alive = new Set<number>();
    let phase = '';
    let day = 0;
    let lynchedToday = false;
    /** The day's vote came to an outcome (a lynch, or none for a reason other than "no vote today"). */
    let settledToday = false;
    let copKilledByN1: boolean | null = null;
    const seenChecks = new Set<GameEvent>();
    const closeDay = () => {
      if ((phase === 'day' || phase === 'turn') && settledToday) {
        c.noLynch[1]++;
        if (!lynchedToday) c.noLynch[0]++;
      }
    };
    for (const { event: e } of log) {
      if (e.type === 'deal') {
        roles = e.roles;
        roles.forEach((_, s) => alive.add(s));
      } else if (e.type === 'phase') {
        closeDay();
        if (phase === 'night' || phase === 'turn') if (day === 1 && copKilledByN1 === null) copKilledByN1 = !roles.some((r, s) => r === Role.Commissar && alive.has(s));
        phase = e.phase;
        day = e.day;
        lynchedToday = false;
        settledToday = false;
      } else if (e.type === 'no-lynch') settledToday ||= e.reason !== 'no-vote-today';
      else if (e.type === 'lynch') {
        settledToday = true;
        if (!lynchedToday && day === 1) {
          const mafia = [...alive].filter((s) => ROLES[roles[s]!]!.team === Team.Mafia).length;
          c.day1[1]++;
          if (ROLES[roles[e.target]!]!.team === Team.Mafia) c.day1[0]++;
          c.day1[2] += mafia / alive.size;
        }
        lynchedToday = true;
      } else if (e.type === 'kill') alive.delete(e.seat);
      else if (e.type === 'request' && e.choice === Choice.Heal) {
        c.selfHeal[1]++;
        if (e.seat === e.target) c.selfHeal[0]++;
      } else if (e.type === 'check' && !seenChecks.has(e)) {
        seenChecks.add(e);
        c.checks[1]++;
        if (e.black) c.checks[0]++;
      } else if (e.type === 'end') {
        closeDay();
        phase = '';
        if (e.outcome === Outcome.Town) c.townWin++;
      }
    }
    if (copKilledByN1 !== null && roles.includes(Role.Commissar)) {
      c.copDeadN1[1]++;
      if (copKilledByN1) c.copDeadN1[0]++;
    }
  }
  return c;
}

describe('engine logs become valid records', () => {
  it.each(SETUPS)('%s: every record validates, every death is in it once, the winner is the log\'s', async (_label, rules, agents) => {
    const logs = await play(rules, agents, 7, 150);
    for (const [k, log] of logs.entries()) {
      const rec = recordFromLog(log, rules, `game ${k}`);
      expect(parseRecord(JSON.parse(JSON.stringify(rec)), `game ${k}`)).toEqual(rec);
      const killed = log.flatMap(({ event: e }) => (e.type === 'kill' ? [`#${e.seat + 1}`] : [])).sort();
      const inRecord = [...rec.nights.flatMap((n) => n.deaths ?? []), ...(rec.days ?? []).flatMap((d) => [...(d.lynch ? [d.lynch] : []), ...(d.deaths ?? [])])].sort();
      expect(inRecord).toEqual(killed);
      const end = log.find(({ event: e }) => e.type === 'end')!.event as Extract<GameEvent, { type: 'end' }>;
      expect(rec.winner).toBe(['town', 'mafia', 'third', 'draw', 'timeout'][end.outcome]);
    }
  });

  it.each(SETUPS)('%s: the statistics of the records equal counts read straight from the logs', async (_label, rules, agents) => {
    const logs = await play(rules, agents, 11, 300);
    const s = statistics(tallyRecords(logs.map((l, k) => recordFromLog(l, rules, `game ${k}`)))).statistics;
    const c = countFromLogs(logs);
    expect(s.townWin!.k).toBe(c.townWin);
    expect([s['lynchHitsMafia.day1']!.k, s['lynchHitsMafia.day1']!.n]).toEqual([c.day1[0], c.day1[1]]);
    if (c.day1[1]! > 0) expect(s['lynchHitsMafia.day1']!.chance!).toBeCloseTo(c.day1[2]! / c.day1[1]!, 12);
    expect([s['noLynch.all']!.k, s['noLynch.all']!.n]).toEqual(c.noLynch);
    expect([s.medicSelfHeal!.k, s.medicSelfHeal!.n]).toEqual(c.selfHeal);
    expect([s['copCheckHitsMafia.all']!.k, s['copCheckHitsMafia.all']!.n]).toEqual(c.checks);
    expect([s['copDead.night1']!.k, s['copDead.night1']!.n]).toEqual(c.copDeadN1);
  });
});

describe("a rules file's own roles", () => {
  it('become players of their team as the role table gives it (record role other), in records that validate', async () => {
    const rules = resolveRules({ preset: 'werewolf', roles: { guard: { team: 'town', protect: {} }, hexer: { team: 'mafia', silence: {} } } });
    const logs = await play(rules, 'club', 7, 20);
    for (const [k, log] of logs.entries()) {
      const rec = recordFromLog(log, rules, `game ${k}`);
      expect(parseRecord(JSON.parse(JSON.stringify(rec)), `game ${k}`)).toEqual(rec);
      const dealt = (log.find(({ event: e }) => e.type === 'deal')!.event as Extract<GameEvent, { type: 'deal' }>).roles;
      for (const [key, team] of [['guard', 'town'], ['hexer', 'mafia']] as const) {
        const seat = dealt.indexOf(rules.book.idOf(key)!);
        expect(seat).toBeGreaterThanOrEqual(0);
        expect(rec.players[seat]).toEqual({ name: `#${seat + 1}`, role: 'other', team });
      }
    }
  });
});

describe('the simulation side', () => {
  const rules = resolveRules('club');

  it('equals the statistics of the same games turned into records, written to disk and read back', async () => {
    const logs = await play(rules, 'club', 3, 400);
    const out = join(dir, 'club');
    mkdirSync(out, { recursive: true });
    logs.forEach((l, k) => {
      const rec: GameRecord = recordFromLog(l, rules, `game ${k}`);
      writeFileSync(join(out, `${String(k).padStart(4, '0')}.json`), JSON.stringify(rec));
    });
    const fromDisk = statistics(tallyRecords(loadRecords(out).map((l) => l.record)));
    const simulated = statistics(await simulateRecords({ rules, agents: 'club', seed: 3, games: 400, threads: 1 }));
    expect(simulated).toEqual(fromDisk);
  });

  it('is the same for one thread and a worker pool (batches merged in game order)', async () => {
    const one = statistics(await simulateRecords({ rules, agents: 'club', seed: 5, games: 1200, threads: 1 }));
    const two = statistics(await simulateRecords({ rules, agents: 'club', seed: 5, games: 1200, threads: 2 }));
    expect(two).toEqual(one);
    expect(one.games).toBe(1200);
  });
});

describe("issue 10's new events (a synthetic log)", () => {
  const host = (event: unknown): LoggedEvent => ({ audience: -2, event: event as GameEvent });
  const pub = (event: unknown): LoggedEvent => ({ audience: -1, event: event as GameEvent });
  // Seats: 0, 1 Mafia; 2 Commissar; 3 Doctor; 4 Vigilante; 5 Civilian. Night first.
  const log: LoggedEvent[] = [
    host({ type: 'deal', roles: [Role.Mafia, Role.Mafia, Role.Commissar, Role.Doctor, Role.Vigilante, Role.Civilian] }),
    pub({ type: 'phase', phase: 'night', day: 1 }),
    host({ type: 'request', seat: 3, choice: Choice.Heal, target: 3 }),
    host({ type: 'request', seat: 2, choice: Choice.Check, target: 0 }),
    host({ type: 'request', seat: 0, choice: Choice.Shoot, target: 2 }),
    host({ type: 'request', seat: 1, choice: Choice.Shoot, target: 5 }),
    host({ type: 'mafia-target', target: 2, shot: 0 }),
    host({ type: 'mafia-target', target: 5, shot: 1 }),
    { audience: 2, event: { type: 'check', checker: 2, target: 0, black: true, killedBy: -1, cause: -1 } },
    host({ type: 'kill', seat: 2, cause: DeathCause.Mafia, by: 0 }),
    host({ type: 'kill', seat: 5, cause: DeathCause.Mafia, by: 1 }),
    pub({ type: 'phase', phase: 'day', day: 1 }),
    pub({ type: 'vote', voter: 0, target: -1, round: 0 }),
    pub({ type: 'vote', voter: 3, target: 0, round: 0 }),
    pub({ type: 'vote', voter: 4, target: 0, round: 0 }),
    pub({ type: 'lynch', target: 0, votes: 2, reason: 'most-votes' }),
    host({ type: 'kill', seat: 0, cause: DeathCause.Lynch, by: -1 }),
    pub({ type: 'phase', phase: 'night', day: 2 }),
    host({ type: 'request', seat: 3, choice: Choice.Heal, target: 4 }),
    host({ type: 'request', seat: 4, choice: Choice.VigilanteShot, target: 1 }),
    host({ type: 'request', seat: 1, choice: Choice.Shoot, target: 4 }),
    host({ type: 'mafia-target', target: 4, shot: 0 }),
    host({ type: 'mafia-target', target: 4, shot: 1 }),
    host({ type: 'saved', seat: 4, by: 1, from: DeathCause.Mafia }),
    host({ type: 'kill', seat: 1, cause: DeathCause.Vigilante, by: 4 }),
    host({ type: 'kill', seat: 4, cause: DeathCause.Mafia, by: 1 }),
    pub({ type: 'end', outcome: Outcome.Town, day: 2 }),
  ];
  const rules = resolveRules('classic', { set: ['start=night'] });
  const rec = recordFromLog(log, rules, 'synthetic');

  it('reads the vigilante, his shot, both mafia shots (one player twice) and a no-lynch vote', () => {
    expect(rec.players.map((p) => p.role)).toEqual(['mafia', 'mafia', 'cop', 'medic', 'vigilante', 'town']);
    expect(rec.nights[0]).toEqual({ mafiaTargets: ['#3', '#6'], save: '#4', check: { target: '#1', result: 'mafia' }, shot: null, deaths: ['#3', '#6'] });
    // The living when the vote opened: #3 and #6 died in the night; #2 did not vote.
    expect(rec.days![0]).toEqual({ lynch: '#1', alive: ['#1', '#2', '#4', '#5'], votes: [{ voter: '#1', target: null, round: 0 }, { voter: '#4', target: '#1', round: 0 }, { voter: '#5', target: '#1', round: 0 }], claims: [] });
    expect(rec.nights[1]).toEqual({ mafiaTargets: ['#5', '#5'], save: '#5', check: null, shot: '#2', deaths: ['#2', '#5'] });
    expect(rec.winner).toBe('town');
    expect(parseRecord(JSON.parse(JSON.stringify(rec)), 'synthetic')).toEqual(rec);
  });

  it('feeds the vigilante and mafia-target statistics', () => {
    const s = statistics(tallyRecords([rec])).statistics;
    expect([s.vigilanteFires!.k, s.vigilanteFires!.n]).toEqual([1, 1]);
    expect([s.vigilanteShotHitsMafia!.k, s.vigilanteShotHitsMafia!.n]).toEqual([1, 1]);
    expect([s['mafiaTargetsVigilante.all']!.k, s['mafiaTargetsVigilante.all']!.n]).toEqual([2, 4]);
    expect([s['mafiaTargetsCop.night1']!.k, s['mafiaTargetsCop.night1']!.n]).toEqual([1, 2]);
    expect([s.medicSaveSuccess!.k, s.medicSaveSuccess!.n]).toEqual([1, 2]);
    expect([s['lynchHitsMafia.day1']!.k, s['lynchHitsMafia.day1']!.n, s['lynchHitsMafia.day1']!.chance]).toEqual([1, 1, 0.5]);
  });
});
