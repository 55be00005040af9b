// How `calibrate --params` reads its list, generically over the parameter
// table: every seat or one scope, the start from the --agents players, and a
// refusal naming --params (or --agents) for what cannot be fitted. A row
// without a numeric range is simulated by one stand-in table row.

import { describe, expect, it, vi } from 'vitest';

vi.mock('../../src/agents/params.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/agents/params.js')>();
  const fixed = { key: 'test.fixed', doc: 'a stand-in row whose range is one value', min: 1, max: 1, values: [1, 1, 1] as [number, number, number] };
  return { ...real, paramSpec: (key: string) => (key === fixed.key ? fixed : real.paramSpec(key)) };
});

const { parseAgents } = await import('../../src/agents/index.js');
const { PARAM_SPECS } = await import('../../src/agents/params.js');
const { calibrateParams } = await import('../../src/cli/calibrate.js');

/** A profile's value of a parameter, from the one parameter table. */
function profileValue(key: string, profile: 'novice' | 'club' | 'expert'): number {
  return PARAM_SPECS.find((p) => p.key === key)!.values[['novice', 'club', 'expert'].indexOf(profile)]!;
}

describe('calibrate --params', () => {
  it('takes KEY for every seat and SCOPE.KEY for one team or role, starting from the --agents players', () => {
    const ps = calibrateParams('readSkill, town.noise ,mafia.blend', parseAgents('club,noise=0.9,town=expert,readSkill=1.25'));
    expect(ps.map((p) => [p.key, p.scope, p.param, p.start])).toEqual([
      ['readSkill', '', 'readSkill', 1.25],
      ['town.noise', 'town', 'noise', 0.9], // the everyone override reaches town's expert players
      ['mafia.blend', '', 'mafia.blend', profileValue('mafia.blend', 'club')], // a key with a dot in the table is the key, as --agents reads it
    ]);
    expect(calibrateParams('commissar.readSkill', parseAgents('club,town=expert'))[0]!.start).toBe(profileValue('readSkill', 'expert')); // a role plays its team's profile
  });

  it('refuses what cannot be fitted, naming the field', () => {
    const club = parseAgents('club');
    expect(() => calibrateParams('test.fixed', club)).toThrow(/^--params: test\.fixed has no numeric range to fit \(from 1 to 1\)/);
    expect(() => calibrateParams('', club)).toThrow(/^--params: name one or more/);
    expect(() => calibrateParams('readSkill,vigilante.fireThreshold', club)).toThrow(/^--params: vigilante\.fireThreshold: renamed vigilante\.fireOdds: .*; e\.g\. vigilante\.fireOdds=/);
    expect(() => calibrateParams('noise', parseAgents('club,town.noise=0.1'))).toThrow(/^--params: --agents sets town\.noise, which overrides an everyone value of noise; fit town\.noise/);
    expect(() => calibrateParams('mafia.readSkill', parseAgents('club,mafia=random'))).toThrow(/^--agents: mafia play the random profile/);
  });
});
