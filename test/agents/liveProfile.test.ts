// The `live` profile against the half of the live-werewolf records it was
// not fitted on (README, "The players fitted to each table"): its figures
// there are README's held-out table, row by row, and every statistic the
// issue names (Town's wins, lynch accuracy on days 1-3 and over all days,
// no-lynch days, the night statistics) is within |z| < 2.58. The records
// have no licence and are read where they lie; without them the test skips.

import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseAgents } from '../../src/agents/index.js';
import { recordSetups } from '../../src/cli/common.js';
import { momentRows, type MomentRow } from '../../src/sim/calibrate/moments.js';
import { loadRecordSet } from '../../src/sim/records/load.js';
import { groupBySetup } from '../../src/sim/records/setups.js';
import { simulateRecords } from '../../src/sim/records/simulate.js';
import { statistics, tallyRecords } from '../../src/sim/records/stats.js';
import { sharedSet, skipNote } from '../records/sharedSets.js';

const LIVE = sharedSet('live-werewolf');
const MOMENTS = ['townWin', 'lynchHitsMafia.day1', 'lynchHitsMafia.day2', 'lynchHitsMafia.day3', 'lynchHitsMafia.all', 'noLynch.all', 'nightKill.all', 'protectorSave.all', 'copDead.night2'];

/** README's held-out table of the live profile: statistic -> [records rate, sim rate, z] as printed. */
function readmeTable(): Map<string, [string, string, string]> {
  const text = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const at = text.indexOf('<!-- live profile, held-out half -->');
  expect(at, 'README has the live profile\'s held-out table').toBeGreaterThan(0);
  const block = text.slice(text.indexOf('```\n', at) + 4, text.indexOf('\n```', at + 40));
  const rows = new Map<string, [string, string, string]>();
  for (const line of block.split('\n')) {
    const m = /^(\S+)\s+\d+\/\d+\s+([\d.]+)\s+([\d.]+)\s+([+−-][\d.]+)$/.exec(line);
    if (m) rows.set(m[1]!, [m[2]!, m[3]!, m[4]!.replace('−', '-')]);
  }
  return rows;
}

describe.skipIf(LIVE === null)(`the live profile on the live group's held-out half${skipNote('live-werewolf')}`, () => {
  let rows: MomentRow[];
  beforeAll(async () => {
    const set = loadRecordSet(`${LIVE!}@2/2`);
    const plan = recordSetups(groupBySetup(set.records), {});
    const records = statistics(tallyRecords(set.records.map((l) => l.record)));
    // calibrate's holdout games: the --games 5600 of README's command, seed 1, on the holdout's own setups.
    const sim = statistics(await simulateRecords({ rules: plan.setups[0]!.rules, setups: plan.setups, agents: parseAgents('live').canonical, seed: 1, games: 5600, threads: 2 }));
    rows = momentRows(MOMENTS, records, sim);
  }, 240_000);

  it("reproduces README's held-out table row by row", () => {
    const table = readmeTable();
    expect([...table.keys()]).toEqual(MOMENTS);
    for (const r of rows) {
      const [rec, sim, z] = table.get(r.name)!;
      expect([r.records.rate!.toFixed(3), r.sim.rate!.toFixed(3), (r.z! >= 0 ? '+' : '') + r.z!.toFixed(2)], r.name).toEqual([rec, sim, z]);
    }
  });

  it('matches the group within |z| < 2.58 on every statistic the issue names', () => {
    const off = rows.filter((r) => r.z === null || Math.abs(r.z) >= 2.58).map((r) => `${r.name}: z ${r.z}`);
    expect(off).toEqual([]);
  });
});
