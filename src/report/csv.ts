// The summary as CSV files for spreadsheets and scripts. Numbers are written
// at full precision (JavaScript's shortest round-trip form), so a CSV read
// back gives exactly the numbers in summary.json.

import { stringify } from 'csv-stringify/sync';
import { DEATH_CAUSE_NAMES } from '../engine/events.js';
import type { SettingValue, StudySummary } from './summary.js';
import { byTeam } from './teams.js';

type Cell = string | number | boolean;

/** File name -> CSV text, for every table the study has. */
export function csvFiles(s: StudySummary): Record<string, string> {
  const files: Record<string, string> = {
    'outcomes.csv': outcomesCsv(s),
    'lengths.csv': lengthsCsv(s),
    'roles.csv': rolesCsv(s),
  };
  if (s.pairs.length > 0) files['differences.csv'] = differencesCsv(s);
  return files;
}

function toCsv(header: string[], rows: Cell[][]): string {
  return stringify([header, ...rows], { cast: { boolean: (b) => String(b), number: (n) => String(n) } });
}

/** A sweep's axes: each becomes a column (a comparison's changes are in its labels). */
function settingKeys(s: StudySummary): string[] {
  return [...(s.sweep?.keys ?? [])];
}

function settingCells(keys: string[], settings: Record<string, SettingValue>): Cell[] {
  return keys.map((k) => settings[k] ?? '');
}

/** One row per variant and outcome: count, games, rate and its Wilson interval. */
export function outcomesCsv(s: StudySummary): string {
  const keys = settingKeys(s);
  const rows: Cell[][] = [];
  s.variants.forEach((v, i) => {
    for (const o of s.outcomeNames) {
      const r = v.rates[o];
      rows.push([i, v.label, ...settingCells(keys, v.settings), o, r.count, v.games, r.rate, r.lo, r.hi]);
    }
  });
  return toCsv(['variant', 'label', ...keys, 'outcome', 'count', 'games', 'rate', 'lo', 'hi'], rows);
}

/** One row per variant and game length (days), games ending that day by outcome. */
export function lengthsCsv(s: StudySummary): string {
  const rows: Cell[][] = [];
  s.variants.forEach((v, i) => {
    const max = Math.max(0, ...s.outcomeNames.map((o) => v.aggregate.lengths[o].length - 1));
    for (let d = 0; d <= max; d++) {
      const counts = s.outcomeNames.map((o) => v.aggregate.lengths[o][d] ?? 0);
      const total = counts.reduce((a, b) => a + b, 0);
      if (total > 0) rows.push([i, v.label, d, ...counts, total]);
    }
  });
  return toCsv(['variant', 'label', 'days', ...s.outcomeNames, 'games'], rows);
}

/** One row per variant and dealt role (by team, as every role table): players dealt it, survivors, and deaths by cause. */
export function rolesCsv(s: StudySummary): string {
  const rows: Cell[][] = [];
  s.variants.forEach((v, i) => {
    for (const role of byTeam(Object.keys(v.aggregate.roles), v.rules.define)) {
      const r = v.aggregate.roles[role]!;
      rows.push([i, v.label, role, r.dealt, r.survived, r.dealt > 0 ? r.survived / r.dealt : 0, ...DEATH_CAUSE_NAMES.map((c) => r.deaths[c])]);
    }
  });
  return toCsv(['variant', 'label', 'role', 'dealt', 'survived', 'survival', ...DEATH_CAUSE_NAMES.map((c) => `died_${c}`)], rows);
}

/** One row per compared pair and outcome: the paired difference (variant − base) and its test. */
export function differencesCsv(s: StudySummary): string {
  const rows: Cell[][] = [];
  for (const p of s.pairs) {
    for (const o of s.outcomeNames) {
      const d = p.differences[o];
      rows.push([p.base, p.variant, p.baseLabel, p.variantLabel, o, d.baseRate, d.variantRate, d.diff, d.lo, d.hi, d.onlyBase, d.onlyVariant, d.p, d.pHolm, d.significant]);
    }
  }
  return toCsv(['base', 'variant', 'base_label', 'variant_label', 'outcome', 'base_rate', 'variant_rate', 'diff_variant_minus_base', 'lo', 'hi', 'only_base', 'only_variant', 'p', 'p_holm', 'significant'], rows);
}
