import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEATH_CAUSE_NAMES, OUTCOME_NAMES } from '../../src/engine/events.js';
import type { StudySummary } from '../../src/report/summary.js';
import { writeReport } from '../../src/report/write.js';
import { parseCsv, study, tempDir, variant } from './helpers.js';

describe('report folder CSV files', () => {
  let dir: string;
  let s: StudySummary;
  beforeAll(async () => {
    const made = await study([variant('club', 'club'), variant('no putana', 'club', ['roles.putana=0']), variant('forum "quoted", label', 'forum')], { games: 400 });
    dir = tempDir();
    await writeReport(dir, made);
    // Read back what was written, not the object in memory.
    s = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as StudySummary;
  });
  const csv = (name: string) => parseCsv(readFileSync(join(dir, name), 'utf8'));

  it('outcomes.csv has one row per variant and outcome, with the numbers of summary.json', () => {
    const rows = csv('outcomes.csv');
    expect(rows).toHaveLength(s.variants.length * OUTCOME_NAMES.length);
    for (const row of rows) {
      const v = s.variants[Number(row.variant)]!;
      expect(row.label).toBe(v.label);
      const r = v.rates[row.outcome as (typeof OUTCOME_NAMES)[number]];
      expect(Number(row.count)).toBe(r.count);
      expect(Number(row.games)).toBe(v.games);
      expect(Number(row.rate)).toBe(r.rate);
      expect(Number(row.lo)).toBe(r.lo);
      expect(Number(row.hi)).toBe(r.hi);
      expect(r.count).toBe(v.aggregate.outcomes[row.outcome as (typeof OUTCOME_NAMES)[number]]);
    }
    s.variants.forEach((v, i) => {
      const sum = rows.filter((r) => Number(r.variant) === i).reduce((a, r) => a + Number(r.count), 0);
      expect(sum).toBe(400);
      expect(v.games).toBe(400);
    });
  });

  it('lengths.csv adds up to the game-length histogram', () => {
    const rows = csv('lengths.csv');
    s.variants.forEach((v, i) => {
      const mine = rows.filter((r) => Number(r.variant) === i);
      expect(mine.reduce((a, r) => a + Number(r.games), 0)).toBe(v.games);
      for (const r of mine) {
        for (const o of OUTCOME_NAMES) expect(Number(r[o])).toBe(v.aggregate.lengths[o][Number(r.days)] ?? 0);
      }
    });
  });

  it('roles.csv matches every dealt role, survivor and death cause', () => {
    const rows = csv('roles.csv');
    s.variants.forEach((v, i) => {
      const mine = rows.filter((r) => Number(r.variant) === i);
      expect(mine.map((r) => r.role).sort()).toEqual(Object.keys(v.aggregate.roles).sort());
      for (const r of mine) {
        const a = v.aggregate.roles[r.role]!;
        expect(Number(r.dealt)).toBe(a.dealt);
        expect(Number(r.survived)).toBe(a.survived);
        let dead = 0;
        for (const c of DEATH_CAUSE_NAMES) {
          expect(Number(r[`died_${c}`])).toBe(a.deaths[c]);
          dead += a.deaths[c];
        }
        expect(a.survived + dead).toBe(a.dealt);
      }
    });
    // Club: 12 seats, one Putana a game in the first variant, none in the second.
    expect(Number(rows.find((r) => r.variant === '0' && r.role === 'putana')!.dealt)).toBe(400);
    expect(rows.find((r) => r.variant === '1' && r.role === 'putana')).toBeUndefined();
  });

  it('differences.csv holds every pair and outcome with the summary numbers', () => {
    const rows = csv('differences.csv');
    expect(rows).toHaveLength(3 * OUTCOME_NAMES.length);
    for (const row of rows) {
      const p = s.pairs.find((x) => x.base === Number(row.base) && x.variant === Number(row.variant))!;
      const d = p.differences[row.outcome as (typeof OUTCOME_NAMES)[number]];
      expect(Number(row.diff_variant_minus_base)).toBe(d.diff);
      expect(Number(row.lo)).toBe(d.lo);
      expect(Number(row.hi)).toBe(d.hi);
      expect(Number(row.p_holm)).toBe(d.pHolm);
      expect(row.significant).toBe(String(d.significant));
      // The sign convention: variant minus base, in the file as on the page.
      expect(Number(row.variant_rate) - Number(row.base_rate)).toBeCloseTo(d.diff, 12);
    }
  });

  it('a label with quotes and commas survives the round trip', () => {
    expect(csv('outcomes.csv').filter((r) => r.label === 'forum "quoted", label')).toHaveLength(OUTCOME_NAMES.length);
  });
});
