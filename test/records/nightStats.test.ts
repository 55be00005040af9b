// The statistics issue 19 adds, on hand-built records and on engine logs:
// nights with a death (nightKill.all), nights a protection stopped a kill
// (protectorSave.all: counted by the record, or read from the protection and
// the shots), the first night victim and the first lynch against the chance
// at the deal, and a turned player counted as Mafia from his turn on.

import { describe, expect, it } from 'vitest';
import { createProvider, parseAgents } from '../../src/agents/index.js';
import type { LoggedEvent } from '../../src/engine/events.js';
import { Game } from '../../src/engine/game.js';
import { Role } from '../../src/engine/roles.js';
import { resolveRules } from '../../src/engine/rules.js';
import { RECORD_FORMAT, parseRecord, type GameRecord } from '../../src/sim/records/format.js';
import { recordFromLog } from '../../src/sim/records/fromLog.js';
import { statistics, tallyRecords } from '../../src/sim/records/stats.js';

const players = ['A', 'B', 'C', 'D', 'E', 'F'].map((name, i) => ({ name, role: i === 0 ? 'mafia' : i === 1 ? 'cop' : i === 2 ? 'medic' : i === 3 ? 'other' : 'town', ...(i === 3 ? { team: 'town' } : {}) }));

function record(over: Partial<GameRecord>): GameRecord {
  return parseRecord({ format: RECORD_FORMAT, version: 2, id: 't', players, start: 'night', nights: [], days: [], complete: true, winner: 'town', ...over }, 'test');
}

/** n days without a lynch: the phases between the nights (a record's phases stop at the first one it lacks). */
const days = (n: number) => Array.from({ length: n }, () => ({ lynch: null }));

const rate = (recs: GameRecord[], name: string) => {
  const s = statistics(tallyRecords(recs)).statistics[name]!;
  return [s.k, s.n];
};

describe('night statistics', () => {
  it('nightKill.all: nights with at least one death, of the nights a complete record knows', () => {
    const r = record({ nights: [{ deaths: ['E'] }, { deaths: [] }, { deaths: ['F', 'D'] }, {}], days: days(3) });
    expect(rate([r], 'nightKill.all')).toEqual([2, 3]);
    expect(rate([{ ...r, complete: false, days: null }], 'nightKill.all')).toEqual([0, 0]);
  });

  it('protectorSave.all: a count the record gives, else a protected target who was shot and lived; a second shot at him kills him', () => {
    const nights = [
      { saves: 1, deaths: [] }, // counted, whom unsaid (the live records' PROTECTED)
      { save: 'E', mafiaTargets: ['E'], deaths: [] }, // read from the shots: stopped
      { save: 'E', mafiaTargets: ['E', 'E'], deaths: ['E'] }, // shot twice: dies protected
      { save: 'F', mafiaTargets: ['D'], deaths: ['D'] }, // guarded the wrong player
      { save: null, mafiaTargets: ['F'], deaths: ['F'] }, // nobody guarded
      { mafiaTargets: ['B'], deaths: ['B'] }, // the protection unknown: not counted
    ];
    expect(rate([record({ nights, days: days(5) })], 'protectorSave.all')).toEqual([2, 5]);
  });

  it('the first night victim and first lynch: from the phases of a complete record or from the record\'s own fields, chance at the deal', () => {
    const whole = record({ nights: [{ deaths: [] }, { deaths: ['B'] }], days: [{ lynch: null }, { lynch: 'A' }] });
    const named = record({ nights: [], days: null, complete: false, firstNightKill: 'E', firstLynch: 'B' });
    const s = statistics(tallyRecords([whole, named])).statistics;
    expect([s['firstNightKill.hitsCop']!.k, s['firstNightKill.hitsCop']!.n]).toEqual([1, 2]);
    expect(s['firstNightKill.hitsCop']!.chance).toBeCloseTo(1 / 5, 12);
    expect([s['firstLynch.hitsMafia']!.k, s['firstLynch.hitsMafia']!.n]).toEqual([1, 2]);
    expect(s['firstLynch.hitsMafia']!.chance).toBeCloseTo(1 / 6, 12);
    expect([s['firstLynch.hitsCop']!.k, s['firstLynch.hitsCop']!.n]).toEqual([1, 2]);
  });

  it('a player turned at night counts as Mafia from then on: his lynch hits, and the chance counts him', () => {
    const r = record({ nights: [{ deaths: [], turned: ['D'] }], days: [{ lynch: 'D' }] });
    const s = statistics(tallyRecords([r])).statistics['lynchHitsMafia.day1']!;
    expect([s.k, s.n]).toEqual([1, 1]);
    expect(s.chance).toBeCloseTo(2 / 6, 12);
    expect(rate([record({ nights: [{ deaths: [] }], days: [{ lynch: 'D' }] })], 'lynchHitsMafia.day1')).toEqual([0, 1]);
  });
});

describe('the same statistics from engine logs', () => {
  it("a werewolf game's record counts each night's saves and deaths from its log, a bitten Cursed as turned, the Bodyguard as the protector", async () => {
    const rules = resolveRules('werewolf', { players: 12, set: ['roles.cursed=1'] });
    const provider = await createProvider(parseAgents('club'), rules);
    const game = new Game(rules);
    let saves = 0;
    let turns = 0;
    let nightsWithDeath = 0;
    let nights = 0;
    let recSaveNights = 0;
    let recTurns = 0;
    let recDeathNights = 0;
    let recNights = 0;
    for (let k = 0; k < 200; k++) {
      const log: LoggedEvent[] = [];
      game.play(3, k, provider, { log });
      const rec = recordFromLog(log, rules, `game ${k}`);
      const dealt = log.find((l) => l.event.type === 'deal')!.event as { roles: readonly number[] };
      expect(rec.players[dealt.roles.indexOf(Role.Bodyguard)]!.role).toBe('medic');
      expect(rec.players[dealt.roles.indexOf(Role.Commissar)]!.role).toBe('cop');
      // An independent reading of the log: per night phase, whether a save, a death at night, a turn happened.
      let night = false;
      let saved = false;
      let died = false;
      const close = () => {
        if (!night) return;
        nights++;
        if (saved) saves++;
        if (died) nightsWithDeath++;
      };
      for (const { event: e } of log) {
        if (e.type === 'phase') {
          close();
          night = e.phase === 'night';
          saved = died = false;
        } else if (night && e.type === 'saved') saved = true; // one shot a night here: a saved player lives
        else if (night && e.type === 'death') died = true;
        else if (e.type === 'shot-failed' && e.reason === 'turned') turns++;
      }
      close();
      for (const n of rec.nights) {
        recNights++;
        if ((n.saves ?? 0) > 0) recSaveNights++;
        if ((n.deaths ?? []).length > 0) recDeathNights++;
        recTurns += n.turned?.length ?? 0;
      }
    }
    expect(saves).toBeGreaterThan(10);
    expect(turns).toBeGreaterThan(5);
    expect([recSaveNights, recDeathNights, recNights]).toEqual([saves, nightsWithDeath, nights]);
    // One shot a night: every bite that took (a protection stops one before it is logged) is a turn of the record.
    expect(recTurns).toBe(turns);
  });
});
