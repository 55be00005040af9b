import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseVary, planSweep, sweepPoints } from '../../src/cli/study.js';
import type { Setup } from '../../src/cli/common.js';
import { chartsFor } from '../../src/report/charts.js';
import type { StudySummary } from '../../src/report/summary.js';
import { cli, parseCsv, tempDir } from './helpers.js';

const base: Setup = { rules: 'classic', set: [], agents: 'random', agentParam: [], agentModule: [] };

describe('--vary values', () => {
  it('reads lists, keeping text, numbers and booleans apart', () => {
    expect(parseVary('vote.tie=random,none')).toEqual({ key: 'vote.tie', values: ['random', 'none'] });
    expect(parseVary('revealOnDeath=true,false').values).toEqual([true, false]);
    expect(parseVary('lynch.minShare=0,1/4,0.5').values).toEqual([0, 0.25, 0.5]);
  });

  it('expands inclusive ranges with a step, without binary noise', () => {
    expect(parseVary('players=8..12').values).toEqual([8, 9, 10, 11, 12]);
    expect(parseVary('players=8..40:8').values).toEqual([8, 16, 24, 32, 40]);
    expect(parseVary('players=8..39:8').values).toEqual([8, 16, 24, 32]);
    expect(parseVary('fouls.perDayRate=0..1:0.1').values).toEqual([0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]);
  });

  it.each([
    ['players', /expected key=/],
    ['players=10..8', /lo must not be above hi/],
    ['players=8..12:0', /step must be above 0/],
    ['players=1,,2', /empty value/],
    ['players=1..100000', /use a larger step/],
  ])('refuses %s', (text, why) => {
    expect(() => parseVary(text)).toThrow(why);
  });

  it('builds a grid with the first key outermost', () => {
    const pts = sweepPoints([parseVary('players=10,12'), parseVary('mafia=1..3')]);
    expect(pts.map((p) => p.label)).toEqual(['players=10 mafia=1', 'players=10 mafia=2', 'players=10 mafia=3', 'players=12 mafia=1', 'players=12 mafia=2', 'players=12 mafia=3']);
  });
});

describe('planSweep', () => {
  it('resolves every value asked into a variant with that value', () => {
    const { variants, skipped } = planSweep(base, [parseVary('players=8..20:2')]);
    expect(skipped).toEqual([]);
    expect(variants.map((v) => v.rules.players)).toEqual([8, 10, 12, 14, 16, 18, 20]);
    expect(variants.map((v) => v.settings!.players)).toEqual([8, 10, 12, 14, 16, 18, 20]);
  });

  it('varies rule options, role counts and agents', () => {
    const opts = planSweep(base, [parseVary('vote.tie=random,none,revote-then-all')]).variants;
    expect(opts.map((v) => v.rules.options['vote.tie'])).toEqual(['random', 'none', 'revote-then-all']);
    const club: Setup = { ...base, rules: 'club' };
    const roles = planSweep(club, [parseVary('roles.putana=0,1')]).variants;
    expect(roles.map((v) => JSON.parse(v.rules.canonical).roles.putana ?? 0)).toEqual([0, 1]);
    const agents = planSweep(club, [parseVary('agents.mafia=random,expert')]).variants;
    expect(agents[0]!.agents).not.toBe(agents[1]!.agents);
    expect(agents[1]!.agents).toContain('expert');
  });

  it('skips unplayable grid points and lists them', () => {
    const { variants, skipped } = planSweep(base, [parseVary('players=8,12'), parseVary('mafia=3..5')]);
    expect(variants.map((v) => v.label)).toEqual(['players=8 mafia=3', 'players=12 mafia=3', 'players=12 mafia=4', 'players=12 mafia=5']);
    expect(skipped.map((k) => k.label)).toEqual(['players=8 mafia=4', 'players=8 mafia=5']);
  });

  it('refuses a bad value in a one-key sweep, naming it', () => {
    expect(() => planSweep(base, [parseVary('vote.tie=random,coin')])).toThrow(/--vary vote\.tie=coin: vote\.tie/);
  });

  it('refuses a grid value that fails everywhere', () => {
    expect(() => planSweep(base, [parseVary('players=8,12'), parseVary('vote.tie=random,coin')])).toThrow(/--vary vote\.tie=coin/);
  });

  it('refuses three keys or one key twice', () => {
    expect(() => planSweep(base, [parseVary('players=8'), parseVary('mafia=1'), parseVary('vote.tie=none')])).toThrow(/one or two keys/);
    expect(() => planSweep(base, [parseVary('players=8'), parseVary('players=9')])).toThrow(/given twice/);
  });
});

describe('mafia-sim sweep (built CLI)', () => {
  it('plays every value asked and charts them', async () => {
    const out = join(tempDir(), 'rep');
    const r = await cli(['sweep', '--rules', 'classic', '--vary', 'players=8..16:2', '--agents', 'random', '--games', '150', '--threads', '1', '--quiet', '--out', out]);
    expect(r.stderr).toBe('');
    expect(r.code, r.stderr).toBe(0);
    const s = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as StudySummary;
    expect(s.variants.map((v) => v.settings.players)).toEqual([8, 10, 12, 14, 16]);
    expect(s.variants.map((v) => v.rules.players)).toEqual([8, 10, 12, 14, 16]);
    expect(s.variants.every((v) => v.games === 150)).toBe(true);
    const rows = parseCsv(readFileSync(join(out, 'outcomes.csv'), 'utf8')).filter((x) => x.outcome === 'town');
    expect(rows.map((x) => Number(x.players))).toEqual([8, 10, 12, 14, 16]);
    const chart = chartsFor(s).find((c) => c.name === 'sweep')!;
    const plotted = (chart.spec as { data: { values: { value: number }[] } }).data.values.map((d) => d.value);
    expect([...new Set(plotted)]).toEqual([8, 10, 12, 14, 16]);
    expect(readFileSync(join(out, 'sweep.svg'), 'utf8')).toMatch(/^<svg[^>]*class="marks"/);
    expect(r.stdout).toMatch(/players=16/);
  });

  it('draws a heat map for two keys', async () => {
    const out = join(tempDir(), 'rep');
    const r = await cli(['sweep', '--rules', 'classic', '--vary', 'players=8,12', '--vary', 'mafia=1..3', '--agents', 'random', '--games', '60', '--threads', '1', '--quiet', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const s = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as StudySummary;
    expect(s.variants).toHaveLength(6);
    expect(s.sweep!.keys).toEqual(['players', 'mafia']);
    expect(readFileSync(join(out, 'heatmap-town.svg'), 'utf8')).toContain('<svg');
  });
});
