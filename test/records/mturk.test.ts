// The mturk-mafia importer: the shared games.json (read where it lies, never
// copied: it has no licence) against the vote figures its README states,
// the clean games only with the others listed, each record's own setup; and
// small hand-made files for the importer's checks, which need no shared data.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameRecord } from '../../src/sim/records/format.js';
import { teamOf } from '../../src/sim/records/teams.js';
import { loadRecordSet, recordsFromText, type RecordSet } from '../../src/sim/records/load.js';
import { MTURK_RULES } from '../../src/sim/records/mturk.js';
import { statistics, tallyRecords, type StatisticsJSON } from '../../src/sim/records/stats.js';
import { sharedSet, skipNote } from './sharedSets.js';

const MTURK = sharedSet('mturk-mafia');
const dir = mkdtempSync(join(tmpdir(), 'mafia-mturk-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Percent rounded as the README quotes it. */
const pct = (x: number | null | undefined) => Math.round(100 * x!);
/** A figure the README quotes in whole percents: within half a point (its median 62.5% is quoted as 62). */
const near = (x: number, quoted: number) => expect(Math.abs(100 * x - quoted), `${100 * x} against ${quoted}`).toBeLessThanOrEqual(0.5);

describe.skipIf(MTURK === null)(`the mturk-mafia records${skipNote('mturk-mafia')}`, () => {
  // Read in beforeAll: a skipped describe still collects its body, and the set may be absent.
  let set: RecordSet;
  let records: GameRecord[];
  let s: StatisticsJSON['statistics'];
  beforeAll(() => {
    set = loadRecordSet(MTURK!);
    records = set.records.map((l) => l.record);
    s = statistics(tallyRecords(records)).statistics;
  });

  it('reads the 32 clean games of 44 and lists the 12 others as not clean, with their problems', () => {
    expect(set.games).toBe(44);
    expect(records).toHaveLength(32);
    expect(set.leftOut).toHaveLength(12);
    for (const l of set.leftOut) {
      expect(l.why).toBe('not clean');
      expect(l.problems.length).toBeGreaterThan(0);
    }
    expect(set.leftOut.filter((l) => l.problems.some((p) => /dropout/.test(p)))).toHaveLength(10);
  });

  it('each record carries its setup: the rules file, its table and mafia count, which its players bear out', () => {
    const sizes = new Set<string>();
    for (const r of records) {
      expect(r.version).toBe(2);
      expect(r.setup!.rules).toBe(MTURK_RULES);
      expect(r.setup!.players).toBe(r.players.length);
      expect(r.setup!.mafia).toBe(r.players.filter((p) => teamOf(p) === 'mafia').length);
      expect(r.complete && r.start === 'night').toBe(true);
      sizes.add(`${r.setup!.players}/${r.setup!.mafia}`);
    }
    expect([...sizes].sort()).toEqual(['10/2', '11/2', '5/1', '7/2', '8/2', '9/2']);
  });

  it("fills the players a game's roles do not name from its counts (one of them is mafia)", () => {
    const unnamed = records.flatMap((r) => r.players.filter((p) => p.name.startsWith('unnamed player')).map((p) => [r.setup!.players, p.role]));
    expect(unnamed.sort()).toEqual([[10, 'town'], [7, 'mafia'], [7, 'town']].sort());
  });

  it("day 1: a mean 62% of the votes on the player eliminated (quartiles 54/62/67%), 3.2 candidates, 6% unanimous (none at 9-11 seats), 13% non-voters", () => {
    const share = s['votes.shareOnEliminated.day1']!;
    expect(share.n).toBe(32);
    expect(pct(share.rate)).toBe(62);
    share.quartiles!.forEach((q, i) => near(q, [54, 62, 67][i]!));
    expect(s['votes.candidates.day1']!.rate!.toFixed(1)).toBe('3.2');
    expect(pct(s['votes.unanimous.day1']!.rate)).toBe(6);
    const large = statistics(tallyRecords(records.filter((r) => r.players.length >= 9))).statistics;
    expect(large['votes.unanimous.day1']!.k).toBe(0);
    expect(large['votes.unanimous.day1']!.n).toBe(26);
    expect(pct(s['votes.nonVoters.day1']!.rate)).toBe(13);
  });

  it('day 3 and later: 70%, 2.1 candidates, 44% unanimous; mafia vote for a partner 4 times of 112 (chance 17%)', () => {
    expect(pct(s['votes.shareOnEliminated.day3plus']!.rate)).toBe(70);
    expect(s['votes.candidates.day3plus']!.rate!.toFixed(1)).toBe('2.1');
    expect(pct(s['votes.unanimous.day3plus']!.rate)).toBe(44);
    expect(s['votes.onPartner.all']).toMatchObject({ k: 4, n: 112 });
    expect(pct(s['votes.onPartner.all']!.chance)).toBe(17);
  });

  it('the games.json file and its folder read the same; two folds part the 32', () => {
    expect(loadRecordSet(join(MTURK!, 'games.json')).records.map((l) => l.record)).toEqual(records);
    const folds = [1, 2].map((i) => loadRecordSet(`${MTURK}@${i}/2`));
    expect(folds.map((f) => f.records.length)).toEqual([16, 16]);
    expect(folds[0]!.fold).toEqual({ i: 1, n: 2, of: 32 });
    expect([...folds[0]!.records, ...folds[1]!.records].map((l) => l.record.id).sort()).toEqual(records.map((r) => r.id).sort());
  });
});

/** A clean 5-player game in the games.json shape: night 1 kills t4, day 1 eliminates the mafia m. */
function cleanGame(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    game_id: 'g1',
    players: 5,
    mafia: 1,
    town: 4,
    winner: 'town',
    clean: true,
    problems: [],
    phases: [
      { phase: 'night', number: 1, alive_mafia_before: 1, alive_town_before: 4, died: 't4', died_role: 'town' },
      { phase: 'day', number: 1, alive_mafia_before: 1, alive_town_before: 3, died: 'm', died_role: 'mafia', votes: [{ voter: 't1', target: 'm' }, { voter: 'm', target: 't1' }, { voter: 't2', target: 'm' }] },
    ],
    roles: { m: 'mafia', t1: 'town', t2: 'town', t3: 'town', t4: 'town' },
    ...over,
  };
}

describe('the mturk-mafia importer on hand-made files', () => {
  const refusal = (doc: unknown): string => {
    try {
      recordsFromText(JSON.stringify(doc), 'games.json');
    } catch (e) {
      return (e as Error).message;
    }
    throw new Error('not refused');
  };

  it('reads a clean game into a native record with its setup, its votes and its night without a kill', () => {
    const twoNights = cleanGame({
      players: 6,
      town: 5,
      roles: { m: 'mafia', t1: 'town', t2: 'town', t3: 'town', t4: 'town', t5: 'town' },
      phases: [
        { phase: 'night', number: 1, alive_mafia_before: 1, alive_town_before: 5, died: null, died_role: null },
        { phase: 'day', number: 1, alive_mafia_before: 1, alive_town_before: 5, died: 't5', died_role: 'town', votes: [{ voter: 'm', target: 't5' }] },
        { phase: 'night', number: 2, alive_mafia_before: 1, alive_town_before: 4, died: 't4', died_role: 'town' },
      ],
      winner: 'mafia',
    });
    const { records, leftOut } = recordsFromText(JSON.stringify([twoNights, { game_id: 'bad', clean: false, problems: ['2 dropout(s)'] }]), 'games.json');
    expect(leftOut).toEqual([{ file: 'games.json', id: 'bad', why: 'not clean', problems: ['2 dropout(s)'] }]);
    const [r] = records;
    expect(r!.setup).toEqual({ rules: MTURK_RULES, players: 6, mafia: 1 });
    expect(r!.nights).toEqual([{ mafiaTargets: [], deaths: [] }, { mafiaTargets: ['t4'], deaths: ['t4'] }]);
    expect(r!.days).toEqual([{ lynch: 't5', votes: [{ voter: 'm', target: 't5' }] }]);
    expect(r!.winner).toBe('mafia');
  });

  it('refuses a game whose counts the earlier deaths do not bear out, naming the game and the field', () => {
    const bad = cleanGame();
    (bad.phases as Array<Record<string, unknown>>)[1]!.alive_town_before = 4;
    expect(refusal([bad])).toMatch(/^games\.json: \[0\]\.phases\[1\]: says 1 mafia and 4 town alive, but the earlier deaths leave 1 and 3; fix the deaths or the counts$/);
  });

  it('refuses phases out of order, a role the counts cannot hold, a vote for no player, and a clean game without a winner', () => {
    const swapped = cleanGame();
    (swapped.phases as unknown[]).reverse();
    expect(refusal([swapped])).toMatch(/^games\.json: \[0\]\.phases\[0\]: is day 1, but phases run night 1, day 1, night 2/);
    expect(refusal([cleanGame({ mafia: 0, town: 5 })])).toMatch(/^games\.json: \[0\]\.mafia: /);
    expect(refusal([cleanGame({ mafia: 1, town: 3, players: 4 })])).toMatch(/^games\.json: \[0\]\.roles: names 1 mafia and 4 town/);
    const ghost = cleanGame();
    (ghost.phases as Array<{ votes?: unknown[] }>)[1]!.votes!.push({ voter: 't3', target: 'nobody' });
    expect(refusal([ghost])).toMatch(/^games\.json \[0\]: days\[0\]\.votes\[3\]\.target: "nobody" is not a player of this record/);
    expect(refusal([cleanGame({ winner: null })])).toMatch(/^games\.json: \[0\]\.winner: /);
  });

  it('a file of games none of which is clean holds no usable records', () => {
    const file = join(dir, 'games.json');
    writeFileSync(file, JSON.stringify([{ game_id: 'x', clean: false, problems: ['1 dropout(s)'], phases: [] }]));
    expect(() => loadRecordSet(file)).toThrow(/holds no usable records \(1 left out, the first not clean\)/);
  });
});
