// Parameter recovery: records made by simulating the records' rules with
// known parameter values, then calibrate from another start must find those
// values again within about three of its own standard errors, and the
// standard errors must be sane (not zero, not a sizeable share of the range).
// The synthetic records are the converter's records of those games
// (RecordRunner turns each game log into a record before it is counted).

import { describe, expect, it } from 'vitest';
import { parseAgents } from '../../src/agents/index.js';
import { calibrateParams } from '../../src/cli/calibrate.js';
import { FIT_DEFAULTS, fitMoments } from '../../src/sim/calibrate/fit.js';
import { DEFAULT_MOMENTS } from '../../src/sim/calibrate/moments.js';
import type { Point } from '../../src/sim/balance/tune.js';
import { RecordRunner } from '../../src/sim/records/simulate.js';
import { statistics } from '../../src/sim/records/stats.js';
import { allstarsRules } from './synthetic.js';

/** Two parameters the moments pin down: how sharp the day's reads are, and how sure the Vigilante must be to fire. */
const TRUTH: Point = { readSkill: 0.4, 'vigilante.fireOdds': 0.2 };
/** Where the search starts: away from the truth, whatever the shipped profile's values are. */
const START = 'club,readSkill=1,vigilante.fireOdds=1.3';
const RECORD_GAMES = 800;
const SIM_GAMES = 1600;

describe('calibrate recovers known parameters', () => {
  it('from records simulated at known values, starting elsewhere', async () => {
    const rules = allstarsRules();
    const truthAgents = parseAgents(`club,${Object.entries(TRUTH).map(([k, v]) => `${k}=${v}`).join(',')}`).canonical;
    const runner = await RecordRunner.open(rules, 1);
    try {
      // A different seed from the fit's: the records are not the fit's own games.
      const records = statistics(await runner.tally(truthAgents, 991, RECORD_GAMES));
      const params = calibrateParams(Object.keys(TRUTH).join(','), parseAgents(START));
      expect(params.map((p) => p.start)).toEqual([1, 1.3]);
      const moments = DEFAULT_MOMENTS.filter((m) => records.statistics[m]!.n > 0);
      const fit = await fitMoments({ ...FIT_DEFAULTS, params, moments, records, simGames: SIM_GAMES }, async (points) =>
        Promise.all(points.map(async (p) => statistics(await runner.tally(parseAgents(`${START},${Object.entries(p).map(([k, v]) => `${k}=${v}`).join(',')}`).canonical, 1, SIM_GAMES)))),
      );
      for (const p of fit.params) {
        const truth = TRUTH[p.key]!;
        expect(p.se, p.key).not.toBeNull();
        expect(p.se!, p.key).toBeGreaterThan(0);
        expect(p.se!, `${p.key}: a standard error above a fifth of the range says nothing`).toBeLessThan((p.max - p.min) / 5);
        expect(Math.abs(p.value - truth), `${p.key}: fitted ${p.value} ± ${p.se} against the truth ${truth}`).toBeLessThan(3 * p.se!);
        expect(Math.abs(p.start - truth), `${p.key}: the start must not already be the answer`).toBeGreaterThan(3 * p.se!);
      }
      expect(fit.objective).toBeLessThan(fit.startObjective);
    } finally {
      await runner.close();
    }
  }, 240_000);
});
