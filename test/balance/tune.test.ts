import { describe, expect, it } from 'vitest';
import { parseAgents } from '../../src/agents/index.js';
import { paramSpec } from '../../src/agents/params.js';
import { resolveRules } from '../../src/engine/rules.js';
import { agentsWith, tuneParams } from '../../src/cli/tune.js';
import { neighbours, tune, TUNE_DEFAULTS, type Point, type PointScore, type TuneParam } from '../../src/sim/balance/tune.js';
import { gameEvaluator } from '../../src/sim/balance/tuneSource.js';
import { strategySpace } from '../../src/agents/strategy.js';

/** A smooth win rate with its peak at (x, y) = (0.3, 2), evaluated without noise on 10,000 "games". */
function peaked(points: readonly Point[]): PointScore[] {
  const rate = (p: Point) => 0.5 - (p['x']! - 0.3) ** 2 - (p['y']! - 2) ** 2 / 40;
  const games = 10_000;
  const r0 = rate(points[0]!);
  return points.map((p) => ({ wins: Math.round(rate(p) * games), games, diff: rate(p) - r0, se: 0.001 }));
}

const params: TuneParam[] = [
  { key: 'x', min: 0, max: 1, start: 0.9 },
  { key: 'y', min: 0, max: 10, start: 7 },
];

describe('the compass search', () => {
  it('walks to the peak of a smooth win rate', async () => {
    const r = await tune({ ...TUNE_DEFAULTS, params, iterations: 60 }, peaked);
    expect(r.best['x']!).toBeCloseTo(0.3, 1);
    expect(Math.abs(r.best['y']! - 2)).toBeLessThan(0.5);
    expect(r.start).toEqual({ x: 0.9, y: 7 });
    expect(r.stoppedBy).toBe('step');
  });

  it('stays put when no neighbour beats the current point by two standard errors', async () => {
    const noisy = (points: readonly Point[]): PointScore[] => points.map((p, i) => ({ wins: 5000 + i, games: 10_000, diff: i === 0 ? 0 : 0.001, se: 0.001 }));
    const r = await tune({ ...TUNE_DEFAULTS, params, iterations: 5 }, noisy);
    expect(r.best).toEqual(r.start);
    expect(r.rounds.every((x) => x.moved === null)).toBe(true);
    // the steps halved every round until below 1% of each range: 12.5%, 6.25%, 3.1%, 1.6%, then stop
    expect(r.rounds.length).toBe(4);
    expect(r.stoppedBy).toBe('step');
    expect(r.rounds[3]!.steps['x']!).toBeCloseTo(r.rounds[0]!.steps['x']! / 8, 10);
  });

  it('keeps neighbours inside the ranges, without repeats', () => {
    const n = neighbours(params, { x: 1, y: 0 }, { x: 0.25, y: 2 });
    expect(n).toEqual([
      { x: 0.75, y: 0 },
      { x: 1, y: 2 },
    ]);
  });

  it('holds a count (days, votes) at whole numbers: every neighbour and the point it walks to, and stops when its step is below half a day', async () => {
    const days: TuneParam[] = [{ key: 'y', min: 1, max: 12, start: 7, whole: true }];
    const seen: number[] = [];
    const record = (points: readonly Point[]): PointScore[] => {
      for (const p of points) seen.push(p['y']!);
      return peaked(points.map((p) => ({ x: 0.3, y: p['y']! })));
    };
    const r = await tune({ ...TUNE_DEFAULTS, params: days, iterations: 60, firstStep: 0.23 }, record);
    expect(seen.length).toBeGreaterThan(3);
    expect(seen.every((y) => Number.isInteger(y))).toBe(true);
    expect(r.best['y']).toBe(2);
    expect(r.stoppedBy).toBe('step');
    // Without `whole` the same search proposes fractions (2.53 = 0.23 of the range 11).
    const fractional: number[] = [];
    await tune({ ...TUNE_DEFAULTS, params: [{ ...days[0]!, whole: false }], iterations: 3, firstStep: 0.23 }, (points) => {
      for (const p of points) fractional.push(p['y']!);
      return peaked(points.map((p) => ({ x: 0.3, y: p['y']! })));
    });
    expect(fractional.some((y) => !Number.isInteger(y))).toBe(true);
  });

  it('is a function of its inputs', async () => {
    const a = await tune({ ...TUNE_DEFAULTS, params }, peaked);
    const b = await tune({ ...TUNE_DEFAULTS, params }, peaked);
    expect(b).toEqual(a);
  });
});

describe('tuning real players', () => {
  const rules = resolveRules('classic', { set: ['players=8', 'mafia=2'] });

  it('reads the team\'s current values and refuses parameters the team does not read', () => {
    const spec = parseAgents('club,mafia=expert,mafia.noise=0.7');
    const { params: p, profile } = tuneParams('noise,mafia.blend', spec, 'mafia', 'mafia', rules);
    expect(profile).toBe('expert');
    expect(p.map((x) => [x.key, x.start])).toEqual([
      ['noise', 0.7],
      ['mafia.blend', paramSpec('mafia.blend')!.values[2]],
    ]);
    expect(() => tuneParams('doctor.selfWeight', spec, 'mafia', 'mafia', rules)).toThrow(/town players only/);
    expect(() => tuneParams('bogus', spec, 'mafia', 'mafia', rules)).toThrow(/unknown policy parameter/);
    expect(() => tuneParams('noise', parseAgents('random'), 'mafia', 'mafia', rules)).toThrow(/random profile/);
  });

  it('builds agents text in which only the team plays with the new values', () => {
    const text = agentsWith('club', 'mafia', { noise: 0.25, 'mafia.blend': 2 });
    const spec = parseAgents(text);
    // noise is read by everyone: scoped to the team; mafia.blend only by the mafia: written plainly
    expect(spec.params).toEqual(expect.arrayContaining([expect.objectContaining({ scope: 'mafia', key: 'noise', value: 0.25 }), expect.objectContaining({ scope: '', key: 'mafia.blend', value: 2 })]));
    expect(spec.params).toHaveLength(2);
    // ... unless the base sets it for the team, which would win over a plain value
    expect(parseAgents(agentsWith('club,mafia.mafia.blend=3', 'mafia', { 'mafia.blend': 2 })).params).toEqual([expect.objectContaining({ scope: 'mafia', key: 'mafia.blend', value: 2 })]);
  });

  it('scores every point on the same games, paired with the first', async () => {
    const evaluate = gameEvaluator({ rules, agentsFor: (p) => agentsWith('club', 'mafia', p), team: 'mafia', seed: 3, games: 300, threads: 1 });
    const scores = await evaluate([{ noise: 0.6 }, { noise: 0.6 }, { noise: 3 }]);
    expect(scores[0]!.diff).toBe(0);
    // the same point again plays the very same games
    expect(scores[1]!.wins).toBe(scores[0]!.wins);
    expect(scores[1]!.diff).toBe(0);
    expect(scores[1]!.se).toBe(0);
    expect(scores[2]!.diff).toBeCloseTo((scores[2]!.wins - scores[0]!.wins) / 300, 12);
  });
});

describe("a team's strategy space", () => {
  it('marks the counts of days and votes whole, and only those', () => {
    const space = [...strategySpace(resolveRules('club'), 'town'), ...strategySpace(resolveRules('club'), 'mafia')];
    const whole = space.filter((p) => p.whole).map((p) => p.key);
    expect(whole).toEqual(expect.arrayContaining(['commissar.revealDay', 'commissar.revealFromDay', 'commissar.revealVotes', 'mafia.fakeClaimDay']));
    for (const p of space) expect(p.whole).toBe(paramSpec(p.key).use.kind === 'strategy' && (paramSpec(p.key).use as { counts?: string }).counts !== undefined);
  });
});
