// The records importer and loader: real mafia-allstars files of both years
// (a 2018 full game and a 2017 summary) read field by field against the
// files themselves, folders read recursively, and bad input refused with one
// line naming the file, the field and the fix.

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nightDeaths } from '../../src/sim/records/allstars.js';
import { RecordError, parseRecord, type GameRecord } from '../../src/sim/records/format.js';
import { loadRecords, recordFromText } from '../../src/sim/records/load.js';
import { sharedRecords } from './shared.js';

const SHARED = sharedRecords();
const dir = mkdtempSync(join(tmpdir(), 'mafia-records-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function one(path: string): GameRecord {
  const [r] = loadRecords(path);
  return r!.record;
}

/** The message of the error `fn` throws (it must throw a RecordError or another user error). */
function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(Error);
    expect((e as Error).name).toMatch(/RecordError|SimInputError/);
    return (e as Error).message;
  }
  throw new Error('expected a refusal');
}

describe('mafia-allstars import', () => {
  it('reads a 2018 full game night by night: saves stop one shot, the vigilante holds on night 1, NONE is a day without a lynch', () => {
    const r = one(join(SHARED, '2018/01.json'));
    expect(r.complete).toBe(true);
    expect(r.start).toBe('night');
    expect(r.winner).toBe('town');
    expect(r.players).toHaveLength(15);
    expect(r.players.filter((p) => p.role === 'mafia').map((p) => p.name)).toEqual(['Pope', 'Noah', 'Optic']);
    expect(r.players.find((p) => p.role === 'cop')!.name).toBe('Ramza');
    // Night 1: Jan and Fonti shot, Fonti protected: only Jan (the medic) dies. The vigilante holds.
    expect(r.nights[0]).toEqual({ mafiaTargets: ['Jan', 'Fonti'], deaths: ['Jan'], save: 'Fonti', check: { target: 'Jan', result: 'town' }, shot: null });
    // Night 2: the medic is dead (no save), the vigilante (Fonti) shoots Double A as he is shot.
    expect(r.nights[1]).toEqual({ mafiaTargets: ['Fonti', 'Guy'], deaths: ['Fonti', 'Guy', 'Double A'], save: null, check: { target: 'RJ', result: 'town' }, shot: 'Double A' });
    // Night 4: the cop (Ramza) dies; he checked on nights 1-3 only.
    expect(r.nights[3]).toEqual({ mafiaTargets: ['Ramza'], deaths: ['Ramza'], save: null, shot: null });
    expect('check' in r.nights[3]!).toBe(false); // alive that night but no check listed: unknown
    expect(r.nights[4]!.check).toBeNull();
    expect(r.days!.map((d) => d.lynch)).toEqual([null, null, 'Noah', 'Optic', 'Pope']);
  });

  it('reads a 2017 summary as an incomplete record: night 1 only, days unknown, the lynches unordered, the one shot without a night', () => {
    const r = one(join(SHARED, '2017/01.json'));
    expect(r.complete).toBe(false);
    expect(r.days).toBeNull();
    expect(r.nights).toEqual([{ mafiaTargets: ['dLGN', 'Ryuzilla'], deaths: ['dLGN', 'Ryuzilla'], save: 'Noah' }]);
    expect(r.nights[0]!.check).toBeUndefined(); // 2017 lists no checks: unknown, not "no check"
    expect(r.lynched).toEqual(['Slip', 'Jan', 'Boone', 'Cron']);
    expect(r.vigilanteShots).toEqual(['Freak']);
    expect(r.winner).toBe('mafia');
  });

  it('every shared record imports and passes the native validation', () => {
    const all = loadRecords(SHARED);
    expect(all).toHaveLength(192);
    for (const { file, record } of all) expect(parseRecord(JSON.parse(JSON.stringify(record)), file)).toEqual(record);
    expect(all.filter((l) => l.record.complete)).toHaveLength(92);
  });

  it('a protection stops one shot: a protected player shot twice dies', () => {
    const alive = new Set(['a', 'b', 'c']);
    expect(nightDeaths(['a', 'b'], 'a', null, alive)).toEqual(['b']);
    expect(nightDeaths(['a', 'a'], 'a', null, alive)).toEqual(['a']);
    expect(nightDeaths(['a', 'a'], 'b', 'c', alive)).toEqual(['a', 'c']);
  });
});

describe('docs/records.md', () => {
  it('its example record is valid, and reads as the page says', () => {
    const page = readFileSync(join(import.meta.dirname, '../../docs/records.md'), 'utf8');
    const example = /```json\n(\{\n  "format"[\s\S]*?)\n```/.exec(page)![1]!;
    const r = recordFromText(example, 'docs/records.md');
    expect(r.complete).toBe(true);
    expect(r.players.find((p) => p.name === 'Gus')!.team).toBe('town');
    expect(r.days![0]!.votes![1]!.target).toBeNull();
  });
});

describe('the loader', () => {
  it('reads a folder recursively in path order, both formats, and a single file', () => {
    const root = join(dir, 'mixed');
    mkdirSync(join(root, 'b/deeper'), { recursive: true });
    writeFileSync(join(root, 'b/deeper/game.json'), JSON.stringify(native()));
    writeFileSync(join(root, 'a.json'), JSON.stringify(allstars()));
    writeFileSync(join(root, 'notes.txt'), 'not a record');
    const all = loadRecords(root);
    expect(all.map((l) => l.file)).toEqual([join(root, 'a.json'), join(root, 'b/deeper/game.json')]);
    expect(all[0]!.record.source).toContain('mafia-allstars');
    expect(all[1]!.record.id).toBe('hand-1');
    expect(loadRecords(join(root, 'a.json'))).toHaveLength(1);
  });

  it('PATH@i/n takes every n-th record from the i-th on: the folds part the set, none shared, none lost', () => {
    const all = loadRecords(sharedRecords()).map((l) => l.file);
    const folds = [1, 2, 3].map((i) => loadRecords(`${sharedRecords()}@${i}/3`).map((l) => l.file));
    expect(folds.map((f) => f.length)).toEqual([64, 64, 64]);
    expect(folds[1]![0]).toBe(all[1]);
    expect([...folds.flat()].sort()).toEqual([...all].sort());
    expect(refusal(() => loadRecords(`${sharedRecords()}@3/2`))).toMatch(/^--records: .*a fold is PATH@i\/n with 1 <= i <= n and n >= 2, e\.g\. .*@1\/2$/);
  });

  it('refuses a missing path and an empty folder, naming --records', () => {
    expect(refusal(() => loadRecords(join(dir, 'nope')))).toMatch(/^--records: .*neither a folder nor a readable file/);
    mkdirSync(join(dir, 'empty'));
    expect(refusal(() => loadRecords(join(dir, 'empty')))).toMatch(/^--records: .*holds no \.json files/);
  });
});

describe('bad records: one line naming the file, the field and the fix', () => {
  const cases: Array<[string, unknown, RegExp]> = [
    ['allstars: a misspelt name', { ...allstars(), kill: [['Ann', 'Zed']] }, /^f\.json: kill\[0\]\[1\]: "Zed" is not one of the game's players .*; fix the name$/],
    ['allstars: a missing field', (({ winner: _w, ...rest }) => rest)(allstars()), /^f\.json: winner: missing; add it/],
    ['allstars: a bad winner', { ...allstars(), winner: 'Maf' }, /^f\.json: winner: must be one of "Town", "Mafia"$/],
    ['allstars: a player with two roles', { ...allstars(), vigilante: 'Ann' }, /^f\.json: vigilante: "Ann" holds two roles/],
    ['native: an unknown name', { ...native(), days: [{ lynch: 'Nobody' }] }, /^f\.json: days\[0\]\.lynch: "Nobody" is not a player of this record; use a name from players$/],
    ['native: a bad role', { ...native(), players: [{ name: 'p1', role: 'doctor' }, ...native().players.slice(1)] }, /^f\.json: players\[0\]\.role: must be one of "town", "mafia", "cop", "medic", "vigilante", "other"$/],
    ['native: an unknown key', { ...native(), nights: [{ mafiaTargets: [], saved: 'p1' }] }, /^f\.json: nights\[0\]: unknown key "saved"; remove it/],
    ['native: other without a team', { ...native(), players: [{ name: 'p1', role: 'other' }, ...native().players.slice(1)] }, /^f\.json: players\[0\]\.team: a player with role "other" needs a team/],
    ['native: complete without days', { ...native(), days: null }, /^f\.json: days: a complete record lists its days/],
    ['neither format', { hello: 1 }, /^f\.json: is neither a mafia-sim record .*, a mafia-allstars record .* nor a games\.json of mturk-mafia .*, live-werewolf .* or sports-mafia/],
  ];
  it.each(cases)('%s', (_what, doc, want) => {
    const msg = refusal(() => recordFromText(JSON.stringify(doc), 'f.json'));
    expect(msg).toMatch(want);
    expect(msg).not.toContain('\n');
  });

  it('bad JSON names the file', () => {
    expect(refusal(() => recordFromText('{"kill": [', 'g.json'))).toMatch(/^g\.json: is not valid JSON/);
  });

  it('the error is a user error the CLI prints in one line (RecordError is a SimInputError)', () => {
    expect(() => recordFromText('{}', 'x.json')).toThrow(RecordError);
  });
});

function allstars() {
  return {
    id: 't1',
    mafia: ['Ann', 'Bob'],
    cop: 'Cat',
    medic: 'Dan',
    vigilante: 'Eve',
    vanilla_town: ['Fay', 'Gus'],
    kill: [['Fay', 'Gus']],
    check: ['Ann'],
    save: ['Gus'],
    shot: ['NONE'],
    lynched: ['Ann'],
    winner: 'Town',
  };
}

function native() {
  return {
    format: 'mafia-sim-record',
    version: 1,
    id: 'hand-1',
    players: [
      { name: 'p1', role: 'mafia' },
      { name: 'p2', role: 'town' },
      { name: 'p3', role: 'cop' },
    ],
    start: 'night',
    nights: [{ mafiaTargets: ['p2'], deaths: ['p2'] }],
    days: [{ lynch: 'p1' }],
    complete: true,
    winner: 'town',
  };
}
