// `mafia-sim sweep --vary key=v1,v2,... | key=lo..hi[:step]`: one or two keys
// (a grid) of rule options, role counts, player counts or agent parameters,
// every point played on the same seeds. Two keys give a heat map.

import type { Argv } from 'yargs';
import type { SettingValue, SkippedPoint, VariantInput } from '../report/summary.js';
import { agentsFromArgs, withAgents, withRules, withSeed, type AgentArgs } from './common.js';
import { applyAssignment, baseSetup, executeStudy, resolveSetup, studyHeader, uniqueLabels, withStudyOutput, type Setup, type StudyArgs } from './compare.js';
import { guarded, isUserError, UsageError } from './errors.js';

export const DEFAULT_SWEEP_GAMES = 10000;
/** A sweep of more points than this is almost certainly a typo in a range. */
export const MAX_SWEEP_POINTS = 2000;

export interface Vary {
  readonly key: string;
  readonly values: readonly SettingValue[];
}

/** `8`, `0.25`, `1/4` -> numbers; `true`/`false` -> booleans; anything else stays text. */
export function parseSettingValue(raw: string): SettingValue {
  const t = raw.trim();
  if (/^-?\d+(\.\d+)?([eE]-?\d+)?$/.test(t)) return Number(t);
  const frac = /^(\d+)\s*\/\s*(\d+)$/.exec(t);
  if (frac && Number(frac[2]) !== 0) return Number(frac[1]) / Number(frac[2]);
  if (t === 'true') return true;
  if (t === 'false') return false;
  return t;
}

/** Parses `key=v1,v2,...` or `key=lo..hi[:step]` (inclusive; step 1 by default). */
export function parseVary(text: string, field = '--vary'): Vary {
  const eq = text.indexOf('=');
  if (eq <= 0) throw new UsageError(field, `expected key=v1,v2,... or key=lo..hi[:step], got ${JSON.stringify(text)}`);
  const key = text.slice(0, eq).trim();
  const body = text.slice(eq + 1).trim();
  const range = /^(-?[\d.]+)\.\.(-?[\d.]+)(?::([\d.]+))?$/.exec(body);
  const values = range ? rangeValues(Number(range[1]), Number(range[2]), range[3] === undefined ? 1 : Number(range[3]), text, field) : listValues(body, text, field);
  return { key, values: dedupe(values) };
}

function rangeValues(lo: number, hi: number, step: number, text: string, field: string): number[] {
  if (![lo, hi, step].every(Number.isFinite)) throw new UsageError(field, `${JSON.stringify(text)}: lo, hi and step must be numbers`);
  if (step <= 0) throw new UsageError(field, `${JSON.stringify(text)}: the step must be above 0`);
  if (hi < lo) throw new UsageError(field, `${JSON.stringify(text)}: lo must not be above hi`);
  const count = Math.floor((hi - lo) / step + 1e-9) + 1;
  if (count > MAX_SWEEP_POINTS) throw new UsageError(field, `${JSON.stringify(text)} has ${count} values; use a larger step (at most ${MAX_SWEEP_POINTS})`);
  // Multiply rather than accumulate, and round off binary noise, so 0..1:0.1 gives 0.3, not 0.30000000000000004.
  return Array.from({ length: count }, (_, i) => Number((lo + i * step).toPrecision(12)));
}

function listValues(body: string, text: string, field: string): SettingValue[] {
  const parts = body.split(',').map((p) => p.trim());
  if (parts.some((p) => p === '')) throw new UsageError(field, `${JSON.stringify(text)}: empty value in the list; write key=v1,v2,...`);
  return parts.map(parseSettingValue);
}

function dedupe(values: readonly SettingValue[]): SettingValue[] {
  const seen = new Set<string>();
  return values.filter((v) => (seen.has(String(v)) ? false : (seen.add(String(v)), true)));
}

export function checkVaries(varies: readonly Vary[], field = '--vary'): void {
  if (varies.length < 1 || varies.length > 2) throw new UsageError(field, `give one or two keys to vary (got ${varies.length}); three or more make a grid too large to read`);
  if (varies.length === 2 && varies[0]!.key === varies[1]!.key) throw new UsageError(field, `${varies[0]!.key} is given twice; vary two different keys`);
  const points = varies.reduce((n, v) => n * v.values.length, 1);
  if (points > MAX_SWEEP_POINTS) throw new UsageError(field, `the grid has ${points} points; at most ${MAX_SWEEP_POINTS}`);
}

export interface SweepPoint {
  readonly settings: Record<string, SettingValue>;
  readonly label: string;
}

/** Every combination, first key outermost. */
export function sweepPoints(varies: readonly Vary[]): SweepPoint[] {
  let points: Record<string, SettingValue>[] = [{}];
  for (const v of varies) points = points.flatMap((p) => v.values.map((x) => ({ ...p, [v.key]: x })));
  return points.map((settings) => ({ settings, label: Object.entries(settings).map(([k, x]) => `${k}=${x}`).join(' ') }));
}

/**
 * Resolves every point. A one-key sweep refuses any bad value. In a grid,
 * setups that cannot be played (too many Mafia for few players) are skipped
 * and listed; a value that fails at every point of the grid is refused.
 */
export function planSweep(base: Setup, varies: readonly Vary[], field = '--vary'): { variants: VariantInput[]; skipped: SkippedPoint[] } {
  checkVaries(varies, field);
  const points = sweepPoints(varies);
  const labels = uniqueLabels(points.map((p) => p.label));
  const variants: VariantInput[] = [];
  const skipped: SkippedPoint[] = [];
  const failed: { settings: Record<string, SettingValue>; reason: string }[] = [];
  points.forEach((p, i) => {
    const setup = Object.entries(p.settings).reduce<Setup>((s, [k, x]) => applyAssignment(s, [k, String(x)]), base);
    try {
      const { rules, agents } = resolveSetup(setup);
      variants.push({ label: labels[i]!, rules, agents, settings: p.settings });
    } catch (e) {
      if (!isUserError(e)) throw e;
      if (varies.length === 1) throw new UsageError(`${field} ${p.label}`, e.message);
      skipped.push({ label: p.label, reason: e.message });
      failed.push({ settings: p.settings, reason: e.message });
    }
  });
  if (failed.length === points.length) throw new UsageError(field, `no point of the sweep can be played: ${failed[0]!.reason}`);
  for (const v of varies) {
    for (const x of v.values) {
      const at = failed.filter((f) => f.settings[v.key] === x);
      const total = points.filter((p) => p.settings[v.key] === x).length;
      if (at.length === total) throw new UsageError(`${field} ${v.key}=${x}`, `no point of the grid can be played with this value: ${at[0]!.reason}`);
    }
  }
  return { variants, skipped };
}

type SweepArgs = { rules: string; players?: string; mafia?: string; set?: string[]; vary: string[] } & StudyArgs & AgentArgs;

export const sweepCommand = {
  command: 'sweep',
  describe: 'vary one or two keys (rule options, roles, players, agent parameters) and chart win rates',
  builder: (y: Argv) =>
    withStudyOutput(withSeed(withAgents(withRules(y))), DEFAULT_SWEEP_GAMES).option('vary', {
      type: 'string',
      array: true,
      demandOption: 'give --vary key=v1,v2,... or key=lo..hi[:step]',
      describe: 'key=v1,v2,... or key=lo..hi[:step]; keys: rule options, roles.<role>, players, mafia, rules, agents, agents.<team|role>, agent-param.<[scope.]key>; one or two (a grid)',
    }),
  handler: guarded(async (a: SweepArgs) => {
    const header = studyHeader(a, DEFAULT_SWEEP_GAMES);
    const varies = a.vary.map((t) => parseVary(t));
    const base: Setup = { rules: a.rules, ...baseSetup(a) };
    agentsFromArgs(a);
    const { variants, skipped } = planSweep(base, varies);
    await executeStudy(
      {
        kind: 'sweep',
        study: `sweep-${varies.map((v) => v.key).join('-')}`,
        ...header,
        variants,
        pairs: 'none',
        sweepKeys: varies.map((v) => v.key),
        skipped,
      },
      a,
    );
  }),
};
