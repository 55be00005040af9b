// The default players against the real records (issue 11): in the records'
// game (rules/mafia-allstars.yaml) the shipped `club` profile must reproduce
// the training records' statistics README reports as reached (|z| < 1.96 on
// seed 2, 4,000 games, not the fit's own seed 1), each asserted with a little
// slack (|z| < 2.5) as a guard against a change that breaks the players. The
// statistics not reached are listed in README (Where the players come from)
// with the reason; they are not asserted here.

import { describe, expect, it } from 'vitest';
import { parseAgents } from '../../src/agents/index.js';
import { momentRows } from '../../src/sim/calibrate/moments.js';
import { loadRecords } from '../../src/sim/records/load.js';
import { simulateRecords } from '../../src/sim/records/simulate.js';
import { statistics, tallyRecords } from '../../src/sim/records/stats.js';
import { allstarsRules } from '../calibrate/synthetic.js';
import { sharedRecords } from '../records/shared.js';

/** The statistics README reports as reached by the default players on the training records. */
export const REACHED = [
  'townWin',
  'gameLength',
  'lynchHitsMafia.day1',
  'lynchHitsMafia.day2',
  'lynchHitsMafia.day4',
  'lynchHitsMafia.day5',
  'lynchHitsMafia.all',
  'noLynch.day1',
  'noLynch.day5',
  'noLynch.all',
  'mafiaTargetsCop.night1',
  'mafiaTargetsCop.all',
  'mafiaTargetsMedic.night1',
  'medicSelfHeal.night1',
  'medicSelfHeal',
  'copCheckHitsMafia.night1',
  'copCheckHitsMafia.all',
  'copDead.night1',
  'vigilanteFires',
  'vigilanteShotHitsMafia',
];

describe('the default players against the recorded games', () => {
  it('reproduce every statistic README reports as reached (|z| < 2.5), in the records\' game', async () => {
    const rules = allstarsRules();
    const records = statistics(tallyRecords(loadRecords(sharedRecords()).map((l) => l.record)));
    const sim = statistics(await simulateRecords({ rules, agents: parseAgents('club').canonical, seed: 2, games: 4000, threads: 2 }));
    const rows = momentRows(REACHED, records, sim);
    const off = rows.filter((r) => r.z === null || Math.abs(r.z) >= 2.5).map((r) => `${r.name}: records ${r.records.rate}, sim ${r.sim.rate}, z ${r.z}`);
    expect(off).toEqual([]);
  }, 240_000);
});
