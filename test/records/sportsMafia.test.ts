// The sports-mafia importer: the shared games.json (read where it lies; its
// edmeya part has no licence) against the figures the set's README states
// and a plain count of the file, each evening's own setup; and hand-made
// files for the importer's checks, which need no shared data.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadRules } from '../../src/cli/rulesSource.js';
import { roleCounts } from '../../src/engine/rulesDisplay.js';
import type { GameRecord } from '../../src/sim/records/format.js';
import { loadRecordSet, recordsFromText, type RecordSet } from '../../src/sim/records/load.js';
import { SPORTS_RULES } from '../../src/sim/records/sportsMafia.js';
import { statistics, tallyRecords, type StatisticsJSON } from '../../src/sim/records/stats.js';
import { sharedSet, skipNote } from './sharedSets.js';

const SPORTS = sharedSet('sports-mafia');

interface RawEvening {
  id: string;
  source: string;
  n_players: number;
  players: { name: string; role: string }[];
  first_killed_at_night?: string | null;
  first_killed_by_day?: string | null;
}

describe.skipIf(SPORTS === null)(`the sports-mafia records${skipNote('sports-mafia')}`, () => {
  let set: RecordSet;
  let records: GameRecord[];
  let s: StatisticsJSON['statistics'];
  let raw: RawEvening[];
  beforeAll(() => {
    set = loadRecordSet(SPORTS!);
    records = set.records.map((l) => l.record);
    s = statistics(tallyRecords(records)).statistics;
    raw = JSON.parse(readFileSync(join(SPORTS!, 'games.json'), 'utf8')) as RawEvening[];
  });

  it("reads all 86 evenings; Red wins 35 of them, as the set's README says (40.7%)", () => {
    expect(set.games).toBe(86);
    expect(set.leftOut).toEqual([]);
    expect([s['townWin']!.k, s['townWin']!.n]).toEqual([35, 86]);
    expect(s['townWin']!.rate!).toBeCloseTo(0.407, 3);
    // Roles and winner only: no statistic of the nights and days in order.
    expect(s['lynchHitsMafia.all']!.n).toBe(0);
    expect(records.every((r) => !r.complete && r.days === null)).toBe(true);
  });

  it('each evening is played at its own table: the sports preset at 10 seats (73) or 9 (13), dealing its Don, two Mafia and Sheriff', () => {
    const sizes = records.map((r) => r.setup!.players);
    expect([sizes.filter((n) => n === 10).length, sizes.filter((n) => n === 9).length]).toEqual([73, 13]);
    for (const n of [9, 10]) {
      const r = records.find((x) => x.setup!.players === n)!;
      expect(r.setup!.rules).toBe(SPORTS_RULES);
      const rules = loadRules({ rules: r.setup!.rules!, players: n, mafia: r.setup!.mafia! });
      expect(Object.fromEntries(Object.entries(roleCounts(rules)).filter(([, v]) => v > 0))).toEqual({ civilian: n - 4, mafia: 2, don: 1, commissar: 1 });
    }
  });

  it('the first night victim and the first voted out, where an osboo evening names them: their roles against the chance at the deal', () => {
    const named = (field: 'first_killed_at_night' | 'first_killed_by_day', roles: string[]) => {
      const with_ = raw.filter((g) => typeof g[field] === 'string');
      return [with_.filter((g) => roles.includes(g.players.find((p) => p.name === g[field])!.role)).length, with_.length];
    };
    expect([s['firstNightKill.hitsCop']!.k, s['firstNightKill.hitsCop']!.n]).toEqual(named('first_killed_at_night', ['sheriff']));
    expect([s['firstLynch.hitsMafia']!.k, s['firstLynch.hitsMafia']!.n]).toEqual(named('first_killed_by_day', ['don', 'mafia']));
    expect([s['firstLynch.hitsCop']!.k, s['firstLynch.hitsCop']!.n]).toEqual(named('first_killed_by_day', ['sheriff']));
    // 22 evenings name them, some only one: null is "not recorded" (one mafia win names neither, and its game had both).
    expect(s['firstNightKill.hitsCop']!.n).toBe(18);
    expect(s['firstLynch.hitsMafia']!.n).toBe(19);
    // Chance at the deal: the Sheriff among the 7 Red, Black among all 10.
    expect(s['firstNightKill.hitsCop']!.chance).toBeCloseTo(1 / 7, 12);
    expect(s['firstLynch.hitsMafia']!.chance).toBeCloseTo(3 / 10, 12);
  });
});

describe('the sports-mafia importer on hand-made evenings', () => {
  const seats = (roles: string[]) => roles.map((role, i) => ({ name: `S${i + 1}`, role, seat: i + 1 }));
  const evening = (over: Record<string, unknown> = {}) => ({
    source: 'osboo/masonsmafia',
    id: 'e1',
    date: '2014-01-01',
    winner: 'town',
    n_players: 10,
    players: seats(['don', 'mafia', 'mafia', 'sheriff', 'citizen', 'citizen', 'citizen', 'citizen', 'citizen', 'citizen']),
    first_killed_at_night: 'S4',
    first_killed_by_day: null,
    clean: true,
    problems: [],
    ...over,
  });
  const read = (games: unknown[]) => recordsFromText(JSON.stringify(games), 'games.json');

  it('keeps a named first night victim, leaves a null one unknown, and leaves out an unclean evening', () => {
    const { records, leftOut } = read([evening(), evening({ id: 'e2', clean: false, problems: ['seat missing'] })]);
    expect(records).toHaveLength(1);
    expect(records[0]!.firstNightKill).toBe('S4');
    expect(records[0]!.firstLynch).toBeUndefined();
    expect(leftOut).toEqual([{ file: 'games.json', id: 'e2', why: 'not clean', problems: ['seat missing'] }]);
    const s = statistics(tallyRecords(records)).statistics;
    expect([s['firstNightKill.hitsCop']!.k, s['firstNightKill.hitsCop']!.n, s['firstLynch.hitsMafia']!.n]).toEqual([1, 1, 0]);
  });

  it('refuses a table the sports game does not deal, and a name that is not a seat, in one line naming the field', () => {
    expect(() => read([evening({ players: seats(['don', 'mafia', 'sheriff', 'sheriff', 'citizen', 'citizen', 'citizen', 'citizen', 'citizen', 'citizen']) })])).toThrow(
      /games\.json: \[0\]\.players: deals 1 Don, 1 Mafia and 2 Sheriff; the sports game deals 1, 2 and 1 \(fix the roles\)/,
    );
    expect(() => read([evening({ first_killed_at_night: 'S11' })])).toThrow(/firstNightKill: "S11" is not a player of this record/);
  });
});
