// The shipped profiles against the real records they were fitted to (issue
// 11, issue 18 points 5 and 7), on another seed than the fit's (seed 2, the
// seed of README's `records compare` lines; calibrate fits on seed 1).
//
// `club`, in the records' game (rules/mafia-allstars.yaml): every statistic
// the training records hold lies within |z| < 2.58, as README says, the
// first player lynched being the cop included (a miss until the records'
// game had claims under the hammer, vote.hammerSpeech). The z is the one
// `records compare` prints (each side's own variance), so a statistic the
// players miss by more fails it.
//
// `strangers`, on the mturk-mafia records (not in the repository: skipped,
// saying so, without ../shared/records): on the half it was fitted to every
// statistic README reports as reached lies within |z| < 2.58 (README lists
// the misses, with why); on the other half, which the fit did not see, none
// lies beyond |z| = 3 and at most three beyond 2.

import { describe, expect, it } from 'vitest';
import { parseAgents } from '../../src/agents/index.js';
import { recordSetups } from '../../src/cli/common.js';
import { momentRows, type MomentRow } from '../../src/sim/calibrate/moments.js';
import { loadRecordSet, loadRecords } from '../../src/sim/records/load.js';
import { groupBySetup } from '../../src/sim/records/setups.js';
import { simulateRecords } from '../../src/sim/records/simulate.js';
import { STAT_NAMES, statistics, tallyRecords, type StatisticsJSON } from '../../src/sim/records/stats.js';
import { allstarsRules } from '../calibrate/synthetic.js';
import { sharedRecords } from '../records/shared.js';
import { sharedSet, skipNote } from '../records/sharedSets.js';

/** The statistics of the strangers' training half README reports as missed, with why: lynches below chance on days 3 and 4 (0 of 18), and later days more concentrated than the herd the vote shape allows gives. */
export const STRANGERS_MISSES: readonly string[] = ['lynchHitsMafia.day3', 'lynchHitsMafia.day4', 'votes.shareOnEliminated.day3plus'];

/** Every statistic both sides hold, with its z (sim − records). */
function rowsOf(records: StatisticsJSON, sim: StatisticsJSON): MomentRow[] {
  return momentRows(STAT_NAMES, records, sim).filter((r) => r.z !== null && r.sim.n > 0);
}

const describeRow = (r: MomentRow) => `${r.name}: records ${r.records.k}/${r.records.n}, sim ${r.sim.rate?.toFixed(3)}, z ${r.z!.toFixed(2)}`;

describe('the club players against the recorded games', () => {
  it("reproduce every statistic the training records hold within |z| < 2.58, in the records' game", async () => {
    const rules = allstarsRules();
    const records = statistics(tallyRecords(loadRecords(sharedRecords()).map((l) => l.record)));
    const sim = statistics(await simulateRecords({ rules, agents: parseAgents('club').canonical, seed: 2, games: 4000, threads: 2 }));
    const rows = rowsOf(records, sim);
    // Not vacuous: the records hold 36 statistics, and both sides have data on them.
    expect(rows.length).toBeGreaterThanOrEqual(34);
    expect(rows.map((r) => r.name)).toContain('firstLynch.hitsCop');
    expect(rows.filter((r) => Math.abs(r.z!) >= 2.58).map(describeRow)).toEqual([]);
  }, 240_000);
});

const MTURK = sharedSet('mturk-mafia');

describe.skipIf(MTURK === null)(`the strangers players against the mturk-mafia records${skipNote('mturk-mafia')}`, () => {
  /** The statistics of one fold of the records against the strangers' games at that fold's own setups. */
  async function fold(i: number): Promise<MomentRow[]> {
    const set = loadRecordSet(`${MTURK}@${i}/2`);
    const records = statistics(tallyRecords(set.records.map((l) => l.record)));
    const setups = recordSetups(groupBySetup(set.records), {}).setups;
    const sim = statistics(await simulateRecords({ setups, agents: parseAgents('strangers').canonical, seed: 2, games: 1000 * set.records.length, threads: 2 }));
    return rowsOf(records, sim);
  }

  it('on the half they were fitted to (mturk-mafia@1/2): every statistic README reports as reached within |z| < 2.58', async () => {
    const rows = await fold(1);
    expect(rows.length).toBeGreaterThanOrEqual(30);
    expect(rows.filter((r) => !STRANGERS_MISSES.includes(r.name) && Math.abs(r.z!) >= 2.58).map(describeRow)).toEqual([]);
  }, 240_000);

  it('on the half the fit did not see (mturk-mafia@2/2): none beyond |z| = 3, at most three beyond 2', async () => {
    const rows = await fold(2);
    expect(rows.length).toBeGreaterThanOrEqual(30);
    expect(rows.filter((r) => Math.abs(r.z!) > 3).map(describeRow)).toEqual([]);
    expect(rows.filter((r) => Math.abs(r.z!) > 2).length).toBeLessThanOrEqual(3);
  }, 240_000);
});
