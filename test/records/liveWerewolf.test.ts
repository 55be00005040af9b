// The live-werewolf importer: the shared games.json (read where it lies,
// never copied: it has no licence) against a plain count of the file's own
// events (an independent reading), the records left out with their reasons,
// each record's own setup; and small hand-made files for the importer's
// checks, which need no shared data.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadRules } from '../../src/cli/rulesSource.js';
import { roleCounts } from '../../src/engine/rulesDisplay.js';
import type { GameRecord } from '../../src/sim/records/format.js';
import { LIVE_WEREWOLF_RULES } from '../../src/sim/records/liveWerewolf.js';
import { loadRecordSet, recordsFromText, type RecordSet } from '../../src/sim/records/load.js';
import { statistics, tallyRecords, type StatisticsJSON } from '../../src/sim/records/stats.js';
import { sharedSet, skipNote } from './sharedSets.js';

const LIVE = sharedSet('live-werewolf');

interface RawEvent {
  kind: string;
  player?: string;
  role?: string;
  wolf_team?: boolean;
}
interface RawGame {
  game: number;
  players: number;
  roles: Record<string, string>;
  roles_count: Record<string, number>;
  winner: string | null;
  clean: boolean;
  phases: { phase: string; number: number; events: RawEvent[] }[];
}

const UNPLAYABLE = ['cult leader', 'prince', 'teenager'];

describe.skipIf(LIVE === null)(`the live-werewolf records${skipNote('live-werewolf')}`, () => {
  let set: RecordSet;
  let records: GameRecord[];
  let s: StatisticsJSON['statistics'];
  let raw: RawGame[];
  let kept: RawGame[];
  beforeAll(() => {
    set = loadRecordSet(LIVE!);
    records = set.records.map((l) => l.record);
    s = statistics(tallyRecords(records)).statistics;
    raw = JSON.parse(readFileSync(join(LIVE!, 'games.json'), 'utf8')) as RawGame[];
    kept = raw.filter((g) => set.records.some((l) => l.record.id === `game ${g.game}`));
  });

  it('reads the 27 playable, scored and consistent games of 40, and says why each other is left out', () => {
    expect(set.games).toBe(40);
    expect(records).toHaveLength(27);
    const why = (w: string) => set.leftOut.filter((l) => l.why === w);
    // The set's README: 29 of the 40 use only roles the engine plays.
    const roles = why('a role the engine cannot play');
    expect(roles).toHaveLength(11);
    expect(raw.filter((g) => UNPLAYABLE.some((r) => (g.roles_count[r] ?? 0) > 0))).toHaveLength(11);
    expect(why('no winner recorded').map((l) => l.id)).toEqual(['game 27']);
    expect(why('events its deal cannot produce')).toEqual([{ file: expect.any(String), id: 'game 36', why: 'events its deal cannot produce', problems: ['a protection, and no bodyguard dealt'] }]);
    // The file's one unclean game (two lynches in a day) also deals a cult leader: the role is said first.
    expect(roles.map((l) => l.id)).toContain('game 23');
  });

  it('each record is played under its own setup: the werewolf preset dealing exactly its roles', () => {
    const key: Record<string, string> = { villager: 'civilian', werewolf: 'mafia', cub: 'wolfcub', seer: 'commissar' };
    for (const g of kept) {
      const r = records.find((x) => x.id === `game ${g.game}`)!;
      expect(r.setup!.rules).toBe(LIVE_WEREWOLF_RULES);
      const rules = loadRules({ rules: r.setup!.rules!, players: r.setup!.players!, mafia: r.setup!.mafia!, set: Object.entries(r.setup!.roles!).map(([k, v]) => `roles.${k}=${v}`) });
      const want: Record<string, number> = {};
      for (const role of Object.values(g.roles)) want[key[role] ?? role] = (want[key[role] ?? role] ?? 0) + 1;
      const dealt = Object.fromEntries(Object.entries(roleCounts(rules)).filter(([, v]) => v > 0));
      expect(dealt, `game ${g.game}`).toEqual(want);
    }
  });

  it("its statistics are the file's own counts: wins, lynches on the wolf team, nights with a death and with a protection", () => {
    let town = 0;
    let lynches = 0;
    let wolfLynches = 0;
    let day1 = 0;
    let day1Wolf = 0;
    let days = 0;
    let noLynch = 0;
    let nights = 0;
    let deathNights = 0;
    let saveNights = 0;
    for (const g of kept) {
      if (g.winner === 'town') town++;
      for (const p of g.phases) {
        const kinds = p.events.map((e) => e.kind);
        if (p.phase === 'night') {
          nights++;
          if (kinds.includes('w') || kinds.includes('wb')) deathNights++;
          if (kinds.includes('PROTECTED')) saveNights++;
          continue;
        }
        days++;
        const l = p.events.find((e) => e.kind === 'l');
        if (!l) {
          noLynch++;
          continue;
        }
        lynches++;
        if (l.wolf_team) wolfLynches++;
        if (p.number === 1) {
          day1++;
          if (l.wolf_team) day1Wolf++;
        }
      }
    }
    expect([s['townWin']!.k, s['townWin']!.n]).toEqual([town, 27]);
    expect([s['lynchHitsMafia.all']!.k, s['lynchHitsMafia.all']!.n]).toEqual([wolfLynches, lynches]);
    expect([s['lynchHitsMafia.day1']!.k, s['lynchHitsMafia.day1']!.n]).toEqual([day1Wolf, day1]);
    expect([s['noLynch.all']!.k, s['noLynch.all']!.n]).toEqual([noLynch, days]);
    expect([s['nightKill.all']!.k, s['nightKill.all']!.n]).toEqual([deathNights, nights]);
    expect([s['protectorSave.all']!.k, s['protectorSave.all']!.n]).toEqual([saveNights, nights]);
    // What the set's README says of the group, on the games the engine plays: over half the lynches hit a wolf, at about a fifth by chance.
    expect(s['lynchHitsMafia.all']!.rate!).toBeGreaterThan(0.5);
    expect(s['lynchHitsMafia.all']!.chance!).toBeGreaterThan(0.18);
    expect(s['lynchHitsMafia.all']!.chance!).toBeLessThan(0.22);
  });
});

describe('the live-werewolf importer on hand-made games', () => {
  const game = (over: Partial<RawGame> & Record<string, unknown> = {}): Record<string, unknown> => ({
    game: 1,
    players: 6,
    roles: { A: 'werewolf', B: 'seer', C: 'bodyguard', D: 'cursed', E: 'villager', F: 'villager' },
    roles_count: { werewolf: 1, seer: 1, bodyguard: 1, cursed: 1, villager: 2 },
    winner: 'wolves',
    clean: true,
    problems: [],
    phases: [
      { phase: 'night', number: 1, alive_before: 6, wolves_alive_before: 1, events: [{ kind: 'TURNED' }] },
      { phase: 'day', number: 1, alive_before: 6, wolves_alive_before: 2, events: [{ kind: 'l', player: 'D', role: 'cursed', wolf_team: true }] },
      { phase: 'night', number: 2, alive_before: 5, wolves_alive_before: 1, events: [{ kind: 'PROTECTED' }] },
      { phase: 'day', number: 2, alive_before: 5, wolves_alive_before: 1, events: [{ kind: 'time&out' }] },
      { phase: 'night', number: 3, alive_before: 5, wolves_alive_before: 1, events: [{ kind: 'w', player: 'B', role: 'seer', wolf_team: false }] },
    ],
    ...over,
  });
  const read = (games: unknown[]) => recordsFromText(JSON.stringify(games), 'games.json');

  it('a bitten Cursed is a wolf from that night: his lynch hits the wolf team; a protection and a day without a lynch are counted', () => {
    const { records, leftOut } = read([game()]);
    expect(leftOut).toEqual([]);
    expect(records[0]!.nights[0]!.turned).toEqual(['D']);
    const s = statistics(tallyRecords(records)).statistics;
    expect([s['lynchHitsMafia.day1']!.k, s['lynchHitsMafia.day1']!.n]).toEqual([1, 1]);
    // Chance at that lynch: 2 of the wolf team among 6 alive.
    expect(s['lynchHitsMafia.day1']!.chance).toBeCloseTo(2 / 6, 12);
    expect([s['protectorSave.all']!.k, s['protectorSave.all']!.n]).toEqual([1, 3]);
    expect([s['nightKill.all']!.k, s['nightKill.all']!.n]).toEqual([1, 3]);
    expect([s['noLynch.all']!.k, s['noLynch.all']!.n]).toEqual([1, 2]);
  });

  it('leaves out a game with a role the engine cannot play, an unclean one, one without a winner, and a protection without a protector', () => {
    const { records, leftOut } = read([
      game({ game: 2, roles: { A: 'werewolf', B: 'seer', C: 'bodyguard', D: 'cult leader', E: 'villager', F: 'villager' }, roles_count: { werewolf: 1, seer: 1, bodyguard: 1, 'cult leader': 1, villager: 2 } }),
      game({ game: 3, clean: false, problems: ['two lynches in one day'] }),
      game({ game: 4, winner: null }),
      game({ game: 5, roles: { A: 'werewolf', B: 'seer', C: 'villager', D: 'cursed', E: 'villager', F: 'villager' } }),
      game({ game: 6 }),
    ]);
    expect(records.map((r) => r.id)).toEqual(['game 6']);
    expect(leftOut.map((l) => [l.id, l.why, l.problems])).toEqual([
      ['game 2', 'a role the engine cannot play', ['cult leader']],
      ['game 3', 'not clean', ['two lynches in one day']],
      ['game 4', 'no winner recorded', ['not scored']],
      ['game 5', 'events its deal cannot produce', ['a protection, and no bodyguard dealt']],
    ]);
  });

  it('refuses a game whose counts or teams its own events contradict, in one line naming the field', () => {
    const wrongTeam = game();
    (wrongTeam['phases'] as { events: RawEvent[] }[])[1]!.events[0]!.wolf_team = false;
    expect(() => read([wrongTeam])).toThrow(/games\.json: \[0\]\.phases\[1\]\.events\[0\]\.wolf_team: is false, but the deal and the turns make D a wolf; make them agree/);
    const wrongCount = game();
    (wrongCount['phases'] as { alive_before: number }[])[2]!.alive_before = 6;
    expect(() => read([wrongCount])).toThrow(/\[0\]\.phases\[2\]: says 6 alive, 1 of the wolf team, but the earlier phases leave 5 and 1; fix the events or the counts/);
  });
});
