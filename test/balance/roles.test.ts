import { describe, expect, it } from 'vitest';
import { resolveRules } from '../../src/engine/rules.js';
import { pairedChange, roleDeltaChart, rolePoints, rolesHeadline, roleValues, type Delta } from '../../src/report/balance/roles.js';
import { buildSummary } from '../../src/report/summary.js';
import { roleVariants } from '../../src/sim/balance/roleVariants.js';
import { runGames } from '../../src/sim/run.js';

const d = (diff: number, se: number): Delta => ({ diff, se, lo: diff - 1.96 * se, hi: diff + 1.96 * se, p: 0 });

describe('role variants', () => {
  it('adds and removes one of each role against a Civilian, keeping the table size', () => {
    const base = resolveRules('classic', { set: ['players=12', 'mafia=3'] });
    const { variants, refused } = roleVariants(base);
    const by = new Map(variants.map((v) => [v.label, v.rules]));
    expect(variants[0]!.change).toBe('base');
    expect(variants[0]!.rules.hash).toBe(base.hash);
    expect(by.get('+1 civilian')!.players).toBe(13);
    expect(by.get('−1 civilian')!.players).toBe(11);
    const doctor = by.get('+doctor')!;
    expect(doctor.players).toBe(12);
    expect(JSON.parse(doctor.canonical).roles).toEqual({ civilian: 8, doctor: 1, mafia: 3 });
    expect(JSON.parse(by.get('−mafia')!.canonical).roles).toEqual({ civilian: 10, mafia: 2 });
    expect(by.has('−doctor')).toBe(false); // none to remove
    // a Sergeant needs a Commissar: refused with the rules' own reason
    expect(refused.find((r) => r.label === '+sergeant')?.reason).toMatch(/Commissar/);
    expect(variants.every((v) => v.rules.options.start === base.options.start)).toBe(true);
  });

  it('prices only the listed roles', () => {
    const { variants } = roleVariants(resolveRules('classic'), ['doctor']);
    expect(variants.map((v) => v.label)).toEqual(['base', '+1 civilian', '−1 civilian', '+doctor']);
  });
});

describe('role points', () => {
  it('are 1 + effect / Civilian unit, averaging add and minus remove', () => {
    expect(rolePoints(d(0.04, 0.004), null, d(0.01, 0.001)).points).toBeCloseTo(5, 12);
    expect(rolePoints(null, d(-0.04, 0.004), d(0.01, 0.001)).points).toBeCloseTo(5, 12);
    expect(rolePoints(d(0.04, 0.004), d(-0.02, 0.004), d(0.01, 0.001)).points).toBeCloseTo(4, 12);
    expect(rolePoints(d(-0.06, 0.004), null, d(0.01, 0.001)).points).toBeCloseTo(-5, 12);
  });

  it('give a conservative interval: worst-case correlation between effect and unit', () => {
    const p = rolePoints(d(0.04, 0.004), null, d(0.01, 0.001));
    // r = 4; se(r) <= (0.004 + 4 * 0.001) / 0.01 = 0.8
    expect(p.hi! - p.points!).toBeCloseTo(1.959963984540054 * 0.8, 6);
  });

  it('are not given when the Civilian unit is not measurably above zero', () => {
    expect(rolePoints(d(0.04, 0.004), null, d(0.001, 0.001)).points).toBeNull();
  });

  it('read paired changes in either direction of a joint table', () => {
    // 2 variants: joint[0] counts (outcome under 0) * 5 + (outcome under 1); town = 0, mafia = 1.
    const joint = new Float64Array(25);
    joint[0 * 5 + 0] = 30; // town both
    joint[1 * 5 + 1] = 50; // mafia both
    joint[1 * 5 + 0] = 15; // town only under 1
    joint[0 * 5 + 1] = 5; // town only under 0
    const up = pairedChange([joint], 2, 0, 1, 'town');
    expect(up.diff).toBeCloseTo(0.1, 12);
    const down = pairedChange([joint], 2, 1, 0, 'town');
    expect(down.diff).toBeCloseTo(-0.1, 12);
    expect(down.lo).toBeCloseTo(-up.hi, 12);
  });
});

describe('role values on real games (classic, random players)', () => {
  it('a Doctor helps Town, an extra Mafia hurts it, one fewer Mafia helps it', async () => {
    const base = resolveRules('classic', { set: ['players=12', 'mafia=3'] });
    const { variants, refused } = roleVariants(base, ['doctor', 'mafia']);
    const result = await runGames({ variants: variants.map((v) => ({ label: v.label, rules: v.rules, agents: 'random' })), seed: 5, games: 8000, threads: 1 });
    const values = roleValues('town', variants, result, refused);
    const doctor = values.roles.find((r) => r.role === 'doctor')!;
    const mafia = values.roles.find((r) => r.role === 'mafia')!;
    expect(doctor.add!.lo).toBeGreaterThan(0);
    expect(mafia.add!.hi).toBeLessThan(0);
    expect(mafia.remove!.lo).toBeGreaterThan(0);
    expect(values.civilianMethod).toBe('centred');
    expect(values.civilian!.lo).toBeGreaterThan(0);
    // on the Civilian = +1 scale: a Doctor is worth more than a Civilian, a Mafia is negative
    expect(doctor.pointsLo!).toBeGreaterThan(1);
    expect(mafia.pointsHi!).toBeLessThan(0);
    // the same rows for Mafia's win rate have the opposite signs
    const forMafia = roleValues('mafia', variants, result, refused);
    expect(forMafia.roles.find((r) => r.role === 'doctor')!.add!.hi).toBeLessThan(0);
    // One sign on the whole page: the standard paired-differences table (variant − base) agrees with the role table.
    const summary = buildSummary({ kind: 'compare', study: 'roles', command: 'x', seed: 5, variants: variants.map((v) => ({ label: v.label, rules: v.rules, agents: 'random' })), result, pairs: 'first' });
    const minusMafia = summary.pairs.find((p) => p.variantLabel === '−mafia')!;
    expect(minusMafia.baseLabel).toBe('base');
    expect(minusMafia.differences.town.diff).toBeCloseTo(mafia.remove!.diff, 12);
    expect(minusMafia.differences.town.diff).toBeGreaterThan(0);
    // Rows by team: Town roles first, then the mafia.
    expect(values.roles.map((r) => r.role)).toEqual(['doctor', 'mafia']);
    // The change chart's axis has 0 among its ticks, whatever the data's extent.
    const x = (roleDeltaChart(values).spec as unknown as { layer: Array<{ encoding: { x: { axis?: { values: number[] } } } }> }).layer[1]!.encoding.x;
    expect(x.axis!.values).toContain(0);
    expect(rolesHeadline(values)).toMatch(/^Town wins \d+\.\d% in the base setup; the largest change: (adding|removing) one \w+ (raises|lowers) it by \d+\.\d percentage points \[[−+]?\d+\.\d, [−+]?\d+\.\d\] \(difference = variant − base\)\.$/);
  });

  it('removing the Putana raises Town\'s rate: a positive Δ in the role table and in the paired table (club, random players)', async () => {
    const { variants, refused } = roleVariants(resolveRules('club'), ['putana']);
    const inputs = variants.map((v) => ({ label: v.label, rules: v.rules, agents: 'random' }));
    const result = await runGames({ variants: inputs, seed: 3, games: 3000, threads: 1 });
    const putana = roleValues('town', variants, result, refused).roles.find((r) => r.role === 'putana')!;
    expect(putana.remove!.lo).toBeGreaterThan(0);
    const summary = buildSummary({ kind: 'compare', study: 'roles', command: 'x', seed: 3, variants: inputs, result, pairs: 'first' });
    const d = summary.pairs.find((p) => p.variantLabel === '−putana')!.differences.town;
    expect(d.diff).toBeCloseTo(putana.remove!.diff, 12);
    expect(d.lo).toBeGreaterThan(0);
  });
});
