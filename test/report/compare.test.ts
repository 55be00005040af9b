import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OUTCOME_NAMES } from '../../src/engine/events.js';
import { parseVariantSpec, planCompare } from '../../src/cli/compare.js';
import { uniqueLabels } from '../../src/cli/study.js';
import { planExperiment, readExperiment } from '../../src/cli/experiment.js';
import type { StudySummary } from '../../src/report/summary.js';
import { cli, study, tempDir, variant } from './helpers.js';

describe('paired comparison', () => {
  it('a variant compared with itself differs by exactly zero', async () => {
    const s = await study([variant('club', 'club'), variant('club again', 'club')], { games: 500 });
    expect(s.pairs).toHaveLength(1);
    const p = s.pairs[0]!;
    for (const o of OUTCOME_NAMES) {
      const d = p.differences[o];
      expect(d.diff).toBe(0);
      expect(d.lo).toBe(0);
      expect(d.hi).toBe(0);
      expect(d.onlyBase + d.onlyVariant).toBe(0);
      expect(d.significant).toBe(false);
    }
    // Same seeds, same rules: every game lands on the diagonal of the joint table.
    const offDiagonal = p.joint.reduce((a, c, i) => (Math.floor(i / 5) === i % 5 ? a : a + c), 0);
    expect(offDiagonal).toBe(0);
    expect(p.games).toBe(500);
  });

  it('finds a real effect with the sign variant − base: without the Putana, Town wins more often (positive)', async () => {
    const s = await study([variant('club', 'club'), variant('no putana', 'club', ['roles.putana=0'])], { games: 1500 });
    const p = s.pairs[0]!;
    expect([p.baseLabel, p.variantLabel]).toEqual(['club', 'no putana']);
    const d = p.differences.town;
    expect(d.diff).toBeGreaterThan(0);
    expect(d.lo).toBeGreaterThan(0);
    expect(d.significant).toBe(true);
    expect(d.diff).toBeCloseTo(s.variants[1]!.rates.town.rate - s.variants[0]!.rates.town.rate, 12);
    // The Mafia loses what the Town gains.
    expect(p.differences.mafia.hi).toBeLessThan(0);
    expect(s.statistics.difference).toContain('variant − base');
  });

  it('pairs: first compares each variant with the first only', async () => {
    const s = await study([variant('a', 'club'), variant('b', 'club', ['vote.tie=random']), variant('c', 'club', ['doctor.maxSameTarget=1'])], { games: 100, pairs: 'first' });
    expect(s.pairs.map((p) => [p.base, p.variant])).toEqual([
      [0, 1],
      [0, 2],
    ]);
  });
});

describe('compare planning', () => {
  const base = { set: [], agents: 'random', agentParam: [], agentModule: [] };

  it('reads a label and several changes from --variant', () => {
    expect(parseVariantSpec('strict doctor: doctor.maxSameTarget=1 roles.maniac=0', 'f')).toEqual({
      label: 'strict doctor',
      assignments: [
        ['doctor.maxSameTarget', '1'],
        ['roles.maniac', '0'],
      ],
    });
    expect(parseVariantSpec('agents=town=expert', 'f')).toEqual({ assignments: [['agents', 'town=expert']] });
  });

  it('crosses rules sources with variants, base first', () => {
    const planned = planCompare({
      sources: ['club', 'forum'],
      base,
      variants: [{ assignments: [['vote.tie', 'random']], field: 'v' }],
      includeBase: true,
    });
    expect(planned.map((p) => p.label)).toEqual(['club', 'club: vote.tie=random', 'forum', 'forum: vote.tie=random']);
    expect(planned[3]!.setup).toMatchObject({ rules: 'forum', set: ['vote.tie=random'] });
  });

  it('refuses a comparison of one variant', () => {
    expect(() => planCompare({ sources: ['club'], base, variants: [{ assignments: [['vote.tie', 'random']], field: 'v' }], includeBase: false })).toThrow(/at least two variants/);
  });

  it('keeps labels apart', () => {
    expect(uniqueLabels(['club', 'club', 'x', 'club'])).toEqual(['club', 'club #2', 'x', 'club #3']);
  });
});

describe('mafia-sim compare: which pairs by default (issue 22, point 7)', () => {
  const pairsOf = async (args: string[]) => {
    const r = await cli(['compare', ...args, '--agents', 'random', '--games', '60', '--threads', '1', '--out', join(tempDir(), 'p'), '--json', '--quiet']);
    expect(r.code, r.stderr).toBe(0);
    const s = JSON.parse(r.stdout) as StudySummary;
    return s.pairs.map((p) => `${p.baseLabel} -> ${p.variantLabel}`);
  };
  const twoRules = ['--variant', 'vote.tie=random', '--variant', 'doctor.maxSameTarget=1'];

  it('the base and several variants: each variant against the base only, not one house rule against another', async () => {
    expect(await pairsOf(twoRules)).toEqual(['club -> vote.tie=random', 'club -> doctor.maxSameTarget=1']);
  });

  it('--pairs all still gives every pair', async () => {
    expect(await pairsOf([...twoRules, '--pairs', 'all'])).toEqual(['club -> vote.tie=random', 'club -> doctor.maxSameTarget=1', 'vote.tie=random -> doctor.maxSameTarget=1']);
  });

  it('no base (--no-base, or several rules sources without variants): every pair', async () => {
    expect(await pairsOf([...twoRules, '--variant', 'roles.putana=0', '--no-base'])).toHaveLength(3);
    expect(await pairsOf(['--rules', 'club', '--rules', 'classic', '--rules', 'club'])).toEqual(['club -> classic', 'club -> club #2', 'classic -> club #2']);
  });

  it('an experiment file with variants and the base compares each variant with the base, unless it says pairs: all', async () => {
    const dir = tempDir();
    const file = (pairs: string) => {
      const path = join(dir, `e-${pairs || 'default'}.yaml`);
      writeFileSync(path, `title: t\ncommand: compare\n${pairs ? `pairs: ${pairs}\n` : ''}agents: random\nvariants:\n  - set: [vote.tie=random]\n  - set: [doctor.maxSameTarget=1]\ngames: 40\n`);
      return planExperiment(path, readExperiment(path), 'cmd').pairs;
    };
    expect(file('')).toBe('first');
    expect(file('all')).toBe('all');
  });
});

describe('mafia-sim compare (built CLI)', () => {
  it('writes the report folder and shows zero for a self-comparison', async () => {
    const out = join(tempDir(), 'rep');
    const r = await cli(['compare', '--rules', 'club', '--rules', 'club', '--agents', 'random', '--games', '200', '--threads', '1', '--out', out, '--json', '--quiet']);
    expect(r.stderr).toContain('report.html');
    expect(r.code, r.stderr).toBe(0);
    const s = JSON.parse(r.stdout) as StudySummary;
    expect(s.variants.map((v) => v.label)).toEqual(['club', 'club #2']);
    expect(s.pairs[0]!.differences.town.diff).toBe(0);
    expect(s.command).toContain('--seed 1');
    for (const f of ['summary.json', 'outcomes.csv', 'lengths.csv', 'roles.csv', 'differences.csv', 'report.html', 'outcomes.svg']) expect(existsSync(join(out, f))).toBe(true);
    expect(JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'))).toEqual(s);
  });

  it('refuses a bad variant in one line, exit 2, writing nothing', async () => {
    const out = join(tempDir(), 'rep');
    const r = await cli(['compare', '--variant', 'putana.maxSame=1', '--agents', 'random', '--games', '10', '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/--variant .*putana\.maxSame.*unknown rule option/);
    expect(existsSync(out)).toBe(false);
  });
});
