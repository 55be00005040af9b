// The `--adapt` tables of compare, balance and roles (sim/balance/adapt.ts
// computes them): each setup's score at its own equilibrium beside its
// score with the starting players, and each change with its verdict, as
// terminal text, HTML and CSV, and compare's section of the report.

import { escapeHtml } from '../html.js';
import { fmtCount, fmtPct, fmtPctInterval, fmtPoints, fmtPointsInterval } from '../format.js';
import type { AdaptedChange, AdaptedSetup, AdaptFindings } from '../../sim/balance/adapt.js';
import { csvText, htmlTable, textTable, type CommandSection } from './format.js';

/** The verdict rule in words, printed under every adapt table (the code's rule: adaptVerdict). */
export const ADAPT_RULE =
  'survives adaptation: the fixed-strategy and the adapted change both clear of 0 (95%), of the same sign, and each larger than the largest exploitability bound of both teams in both setups; reverses: the same, of opposite signs; vanishes: anything else.';

const teamName = (f: AdaptFindings) => (f.team === 'town' ? 'Town' : 'the Mafia');

function scoreText(x: { rate: number; lo: number; hi: number }): string {
  return `${fmtPct(x.rate)} ${fmtPctInterval(x.lo, x.hi)}`;
}

function changeText(c: { diff: number; lo: number; hi: number }): string {
  return `${fmtPoints(c.diff)} ${fmtPointsInterval(c.lo, c.hi)}`;
}

function boundText(b: number | null): string {
  return b === null ? 'not measured' : fmtPoints(b).replace(/^\+/, '');
}

function setupRow(s: AdaptedSetup): string[] {
  const bounds = s.bounds ? `${boundText(s.bounds.town)} / ${boundText(s.bounds.mafia)}` : 'not measured';
  return [s.label, scoreText(s.start), scoreText(s.adapted), bounds, String(s.iterations), s.stoppedBy];
}

function changeRow(c: AdaptedChange): string[] {
  return [`${c.variant} vs ${c.base}`, changeText(c.fixed), changeText(c.adapted), boundText(c.bound), c.verdict];
}

const SETUP_HEAD = ['setup', 'score, fixed players', 'score, adapted', 'bound town / mafia', 'iterations', 'stopped'];
const CHANGE_HEAD = ['change', 'fixed (points)', 'adapted (points)', 'bound', 'verdict'];

/** The adapt part of a command's terminal text. */
export function adaptText(f: AdaptFindings): string {
  const b = f.budgets;
  return [
    `When both teams adapt (--adapt): ${teamName(f)}'s score (a win, and half of a game neither team won) with each setup at its own equilibrium, on ${fmtCount(b.testGames)} held-out games a setup (search: ${fmtCount(b.games)} games a contest, at most ${b.iterations} iteration${b.iterations === 1 ? '' : 's'}, ${fmtCount(b.budget)} games).`,
    ...textTable(SETUP_HEAD, f.setups.map(setupRow)),
    '',
    ...textTable(CHANGE_HEAD, f.changes.map(changeRow)),
    `bound: exploitability's 95% upper bound in points (a lower bound on what a best reply gains, within the player model). ${ADAPT_RULE}`,
    ...(f.complete ? [] : ['interrupted: the search under way kept what it found (no exploitability, so nothing survives); the setups after it were not searched.']),
  ].join('\n') + '\n';
}

export function adaptHtml(f: AdaptFindings): string {
  const esc = (rows: string[][]) => rows.map((r) => r.map(escapeHtml));
  return [
    `<p>${escapeHtml(`${teamName(f)}'s score with each setup at its own equilibrium (--adapt), on ${fmtCount(f.budgets.testGames)} held-out games a setup.`)}</p>`,
    htmlTable('adapt-setups', SETUP_HEAD, esc(f.setups.map(setupRow)), [false, true, true, true, true, false]),
    htmlTable('adapt-changes', CHANGE_HEAD, esc(f.changes.map(changeRow)), [false, true, true, true, false]),
    `<p>${escapeHtml(ADAPT_RULE)}</p>`,
  ].join('\n');
}

/** adapt.csv: one row per change, fractions of games. */
export function adaptCsv(f: AdaptFindings): string {
  return csvText(
    ['base', 'variant', 'fixed', 'fixed_lo', 'fixed_hi', 'adapted', 'adapted_lo', 'adapted_hi', 'bound', 'verdict'],
    f.changes.map((c) => [c.base, c.variant, c.fixed.diff, c.fixed.lo, c.fixed.hi, c.adapted.diff, c.adapted.lo, c.adapted.hi, c.bound ?? '', c.verdict]),
  );
}

/** The page's sentence on the changes: how many survive, reverse, vanish. */
export function adaptHeadline(f: AdaptFindings): string {
  const n = (v: AdaptedChange['verdict']) => f.changes.filter((c) => c.verdict === v).length;
  return `When both teams adapt: ${n('survives adaptation')} of ${f.changes.length} changes survive adaptation, ${n('reverses')} reverse, ${n('vanishes')} vanish.`;
}

/** compare --adapt's section of the report (summary.json key `adapt`). */
export function compareAdaptSection(f: AdaptFindings): CommandSection<AdaptFindings> {
  return { output: 'compare-adapt', key: 'adapt', data: f, headline: adaptHeadline(f), heading: 'When both teams adapt', html: adaptHtml(f), charts: [], csv: { 'adapt.csv': adaptCsv(f) } };
}

/** A section with the adapt tables added to its page and CSV files (balance and roles: their data carries `adapt`). */
export function withAdaptParts<T>(s: CommandSection<T>, f: AdaptFindings | undefined): CommandSection<T> {
  if (!f) return s;
  return { ...s, headline: `${s.headline} ${adaptHeadline(f)}`, html: `${s.html}\n<h3>When both teams adapt</h3>\n${adaptHtml(f)}`, csv: { ...s.csv, 'adapt.csv': adaptCsv(f) } };
}
