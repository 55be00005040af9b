// What `roles` reports: each role's value to a team, measured as the paired
// change in the team's win rate from adding one (in place of a Civilian) or
// removing one (replaced by a Civilian), and converted to points on a scale
// where one Civilian is +1, as Werewolf designers price roles.

import type { TopLevelSpec } from 'vega-lite';
import { OUTCOME_NAMES, type OutcomeName } from '../../engine/events.js';
import type { RoleChange } from '../../sim/balance/roleVariants.js';
import { csvText, htmlTable, textTable, type CommandSection } from './format.js';
import { CONFIG, POINTS, POINTS_FORMAT, zeroTicks, type Chart } from '../charts.js';
import { fmtCount, fmtPct, fmtPoints, fmtPointsInterval, fmtPointsWord } from '../format.js';
import { escapeHtml } from '../html.js';
import { discordant, pairedDifference, Z95 } from '../stats.js';
import { DIFFERENCE_LABEL } from '../summary.js';
import { byTeam } from '../teams.js';
import { capitalized } from '../headline.js';

const K = OUTCOME_NAMES.length;

export interface RoleVariantInput {
  readonly label: string;
  readonly role: string;
  readonly change: RoleChange;
}

export interface Delta {
  /** Change in the team's win rate (variant minus reference), paired over the same seeds. */
  readonly diff: number;
  readonly lo: number;
  readonly hi: number;
  readonly se: number;
  readonly p: number;
}

export interface RoleValue {
  readonly role: string;
  readonly add: Delta | null;
  readonly remove: Delta | null;
  /** Civilian-equivalents: null when the Civilian unit is not measurably different from 0. */
  readonly points: number | null;
  readonly pointsLo: number | null;
  readonly pointsHi: number | null;
}

export interface RoleValues {
  readonly team: OutcomeName;
  readonly games: number;
  readonly baseRate: number;
  /** Change per extra Civilian: (rate with one more − rate with one fewer) / 2, or one-sided. */
  readonly civilian: Delta | null;
  readonly civilianMethod: 'centred' | 'one more' | 'one fewer' | 'none';
  readonly roles: RoleValue[];
  readonly refused: Array<{ label: string; reason: string }>;
}

/** Index of pair (i < j) in the sim's joint list: (0,1), (0,2), ..., (1,2), ... */
function jointIndex(i: number, j: number, v: number): number {
  return (i * (2 * v - i - 1)) / 2 + (j - i - 1);
}

/** Paired change of `team`'s win rate from variant a to variant b, over the games both played. */
export function pairedChange(joint: readonly ArrayLike<number>[], variants: number, a: number, b: number, team: OutcomeName): Delta {
  const [i, j, sign] = a < b ? [a, b, 1] : [b, a, -1];
  const table = joint[jointIndex(i, j, variants)]!;
  let n = 0;
  for (let x = 0; x < table.length; x++) n += table[x]!;
  const { onlyA, onlyB } = discordant(table, OUTCOME_NAMES.indexOf(team), K);
  // Table rows are variant i: "only under j" minus "only under i" is j − i.
  const d = pairedDifference(onlyB, onlyA, n);
  return sign > 0 ? { diff: d.diff, lo: d.lo, hi: d.hi, se: d.se, p: d.p } : { diff: -d.diff, lo: -d.hi, hi: -d.lo, se: d.se, p: d.p };
}

function scaled(d: Delta, k: number): Delta {
  const lo = d.lo * k;
  const hi = d.hi * k;
  return { diff: d.diff * k, lo: Math.min(lo, hi), hi: Math.max(lo, hi), se: d.se * Math.abs(k), p: d.p };
}

/**
 * Points = 1 + x / u, x the role's effect (the add change, minus the remove
 * change, or their mean), u the Civilian unit. The interval is the delta
 * method with the worst-case correlation between x and u (their covariance
 * is not recorded), so it is conservative.
 */
export function rolePoints(add: Delta | null, remove: Delta | null, unit: Delta | null): { points: number | null; lo: number | null; hi: number | null } {
  const parts = [add, remove ? scaled(remove, -1) : null].filter((d): d is Delta => d !== null);
  if (!unit || parts.length === 0 || Math.abs(unit.diff) <= Z95 * unit.se) return { points: null, lo: null, hi: null };
  const x = parts.reduce((s, d) => s + d.diff, 0) / parts.length;
  // The mean's standard error is at most the mean of the standard errors (any correlation).
  const seX = parts.reduce((s, d) => s + d.se, 0) / parts.length;
  const r = x / unit.diff;
  const seR = (seX + Math.abs(r) * unit.se) / Math.abs(unit.diff);
  return { points: 1 + r, lo: 1 + r - Z95 * seR, hi: 1 + r + Z95 * seR };
}

export function roleValues(team: OutcomeName, variants: readonly RoleVariantInput[], result: { games: number; aggregates: ReadonlyArray<{ count(o: OutcomeName): number; games: number }>; joint: readonly ArrayLike<number>[] }, refused: RoleValues['refused']): RoleValues {
  const v = variants.length;
  const at = (change: RoleChange, role?: string) => variants.findIndex((x) => x.change === change && (role === undefined || x.role === role));
  const base = at('base');
  const plus = at('civilian+');
  const minus = at('civilian-');
  const change = (i: number) => (i >= 0 ? pairedChange(result.joint, v, base, i, team) : null);
  let civilian: Delta | null = null;
  let civilianMethod: RoleValues['civilianMethod'] = 'none';
  if (plus >= 0 && minus >= 0) {
    civilian = scaled(pairedChange(result.joint, v, minus, plus, team), 0.5);
    civilianMethod = 'centred';
  } else if (plus >= 0) {
    civilian = change(plus);
    civilianMethod = 'one more';
  } else if (minus >= 0) {
    civilian = scaled(change(minus)!, -1);
    civilianMethod = 'one fewer';
  }
  // Rows by team (Town roles, then the mafia, then the Maniac), as in every role table.
  const roles = byTeam([...new Set(variants.filter((x) => x.change === 'add' || x.change === 'remove').map((x) => x.role))]).map((role): RoleValue => {
    const add = change(at('add', role));
    const remove = change(at('remove', role));
    const p = rolePoints(add, remove, civilian);
    return { role, add, remove, points: p.points, pointsLo: p.lo, pointsHi: p.hi };
  });
  const baseAgg = result.aggregates[base]!;
  return { team, games: result.games, baseRate: baseAgg.count(team) / baseAgg.games, civilian, civilianMethod, roles, refused: [...refused] };
}

/** A change in percentage points with its interval: "+13.9 [+12.7, +15.1]". */
function deltaText(d: Delta | null): string {
  return d ? `${fmtPoints(d.diff)} ${fmtPointsInterval(d.lo, d.hi)}` : '–';
}

export function pointsText(r: Pick<RoleValue, 'points' | 'pointsLo' | 'pointsHi'>): string {
  if (r.points === null) return 'n/a';
  const f = (x: number) => (x >= 0 ? '+' : '−') + Math.abs(x).toFixed(1);
  return `${f(r.points)} [${f(r.pointsLo!)}, ${f(r.pointsHi!)}]`;
}

function unitText(s: RoleValues): string {
  if (!s.civilian) return 'no Civilian variant could be played, so there is no point scale';
  const how = s.civilianMethod === 'centred' ? 'half the change from one Civilian fewer to one more' : `the change from ${s.civilianMethod} Civilian`;
  const weak = Math.abs(s.civilian.diff) <= Z95 * s.civilian.se ? ' (not distinguishable from 0: points are not given; play more games)' : '';
  return `1 point = one Civilian = ${deltaText(s.civilian)} percentage points of ${s.team}'s win rate (${how})${weak}`;
}

export function rolesText(title: string, s: RoleValues): string {
  const rows = s.roles.map((r) => [r.role, deltaText(r.add), deltaText(r.remove), pointsText(r)]);
  const lines = [title, `base: ${s.team} wins ${fmtPct(s.baseRate)}; ${fmtCount(s.games)} games per setup, same seeds.`, unitText(s) + '.', `Δ: ${DIFFERENCE_LABEL}, in percentage points of ${s.team}'s win rate (the variant has one role more or fewer).`, ''];
  lines.push(...textTable(['role', 'add one (Δ, 95%)', 'remove one (Δ, 95%)', 'points [95%]'], rows));
  if (s.refused.length > 0) lines.push('', `not playable: ${s.refused.map((r) => r.label).join(', ')}`);
  return lines.join('\n') + '\n';
}

export function rolesCsv(s: RoleValues): string {
  const cell = (d: Delta | null, k: keyof Delta) => (d ? d[k] : '');
  const rows = s.roles.map((r) => [r.role, cell(r.add, 'diff'), cell(r.add, 'lo'), cell(r.add, 'hi'), cell(r.remove, 'diff'), cell(r.remove, 'lo'), cell(r.remove, 'hi'), r.points ?? '', r.pointsLo ?? '', r.pointsHi ?? '']);
  return csvText(['role', 'add_diff', 'add_lo', 'add_hi', 'remove_diff', 'remove_lo', 'remove_hi', 'points', 'points_lo', 'points_hi'], rows);
}

const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';

/** Each role's change in win rate, adding and removing one, with 95% intervals. */
export function roleDeltaChart(s: RoleValues): Chart {
  const values = s.roles.flatMap((r) =>
    (
      [
        ['add one', r.add],
        ['remove one', r.remove],
      ] as const
    ).flatMap(([change, d]) => (d ? [{ role: r.role, change, diff: POINTS * d.diff, lo: POINTS * d.lo, hi: POINTS * d.hi }] : [])),
  );
  const y = { field: 'role', type: 'nominal' as const, title: null, sort: s.roles.map((r) => r.role) };
  const ticks = zeroTicks(Math.max(0, ...values.flatMap((v) => [Math.abs(v.lo), Math.abs(v.hi)])));
  const scale = { domain: ticks.domain, nice: false };
  const spec: TopLevelSpec = {
    $schema: SCHEMA,
    config: CONFIG,
    width: 520,
    height: 36 * Math.max(1, s.roles.length),
    layer: [
      { data: { values: [{ zero: 0 }] }, mark: { type: 'rule', color: '#888', strokeDash: [4, 3] }, encoding: { x: { field: 'zero', type: 'quantitative', scale } } },
      {
        data: { values },
        mark: { type: 'rule', strokeWidth: 2 },
        encoding: { y, yOffset: { field: 'change', type: 'nominal' }, x: { field: 'lo', type: 'quantitative', title: `change in ${s.team}'s win rate in percentage points, ${DIFFERENCE_LABEL} (95% paired interval)`, scale, axis: { values: ticks.values, format: POINTS_FORMAT } }, x2: { field: 'hi' }, color: { field: 'change', type: 'nominal', title: null } },
      },
      { data: { values }, mark: { type: 'point', filled: true, size: 50 }, encoding: { y, yOffset: { field: 'change', type: 'nominal' }, x: { field: 'diff', type: 'quantitative' }, color: { field: 'change', type: 'nominal' } } },
    ],
  };
  return { name: 'role-changes', title: `What one role more or fewer does to ${s.team}'s win rate`, spec };
}

/** Points per role on the Civilian = +1 scale. */
export function rolePointsChart(s: RoleValues): Chart {
  const values = s.roles.filter((r) => r.points !== null).map((r) => ({ role: r.role, points: r.points, lo: r.pointsLo, hi: r.pointsHi, sign: r.points! >= 0 ? 'helps' : 'hurts' }));
  const order = [...values].sort((a, b) => b.points! - a.points!).map((v) => v.role);
  const y = { field: 'role', type: 'nominal' as const, title: null, sort: order };
  const spec: TopLevelSpec = {
    $schema: SCHEMA,
    config: CONFIG,
    width: 520,
    height: { step: 24 },
    data: { values },
    layer: [
      { mark: { type: 'bar', opacity: 0.8 }, encoding: { y, x: { field: 'points', type: 'quantitative', title: `points for ${s.team} (Civilian = +1; 95% interval)` }, color: { field: 'sign', type: 'nominal', title: null, scale: { domain: ['helps', 'hurts'], range: ['#3b7dd8', '#c0392b'] } } } },
      { mark: { type: 'rule', color: '#000' }, encoding: { y, x: { field: 'lo', type: 'quantitative' }, x2: { field: 'hi' } } },
    ],
  };
  return { name: 'role-points', title: 'Role points (Civilian = +1)', spec };
}

export function rolesHtml(s: RoleValues): string {
  const rows = s.roles.map((r) => [r.role, deltaText(r.add), deltaText(r.remove), pointsText(r)].map(escapeHtml));
  return [
    `<p>Base setup: ${escapeHtml(s.team)} wins ${escapeHtml(fmtPct(s.baseRate))}. ${escapeHtml(unitText(s))}. Δ: ${escapeHtml(DIFFERENCE_LABEL)}, in percentage points, so a positive Δ means the change helps ${escapeHtml(s.team)}.</p>`,
    htmlTable('role-values', ['role', 'add one in place of a Civilian: Δ [95%]', 'remove one, a Civilian in its place: Δ [95%]', 'points [95%]'], rows, [false, true, true, true]),
    s.refused.length > 0 ? `<p class="note">Not playable: ${s.refused.map((r) => `${escapeHtml(r.label)} (${escapeHtml(r.reason)})`).join('; ')}.</p>` : '',
    `<p class="note">Method: every setup plays the same game seeds; Δ is the paired difference in ${escapeHtml(s.team)}'s win rate against the base (95% Wald interval from the discordant games). ` +
      `Points = 1 + x / u, where x is the role's effect (the add Δ, minus the remove Δ, or their mean) and u the Civilian unit above; their intervals use the delta method with the worst-case correlation, so they are conservative. See README.md (Balancing).</p>`,
  ].join('\n');
}

/** The sentence at the top of the page: the largest single change, in points of the team's win rate. */
export function rolesHeadline(s: RoleValues): string {
  const changes = s.roles.flatMap((r) => [
    ...(r.add ? [{ what: `adding one ${r.role}`, d: r.add }] : []),
    ...(r.remove ? [{ what: `removing one ${r.role}`, d: r.remove }] : []),
  ]);
  const base = `${capitalized(s.team)} wins ${fmtPct(s.baseRate)} in the base setup`;
  const top = [...changes].sort((a, b) => Math.abs(b.d.diff) - Math.abs(a.d.diff))[0];
  if (!top) return `${base}; no role variant could be played.`;
  const verb = top.d.diff >= 0 ? 'raises' : 'lowers';
  return `${base}; the largest change: ${top.what} ${verb} it by ${fmtPointsWord(top.d.diff).replace('point', 'percentage point')} ${fmtPointsInterval(top.d.lo, top.d.hi)} (${DIFFERENCE_LABEL}).`;
}

export function rolesCommandSection(s: RoleValues): CommandSection<RoleValues> {
  return { output: 'roles', key: 'roles', data: s, heading: 'Role values', headline: rolesHeadline(s), html: rolesHtml(s), charts: [rolePointsChart(s), roleDeltaChart(s)], csv: { 'role-values.csv': rolesCsv(s) } };
}
