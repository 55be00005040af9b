// The report folder of a whole run (from `run` or from `merge` of its
// shards): the sim's run summary, turned into the study summary every report
// view is drawn from, with the run summary kept verbatim under `run`.

import { basename, extname } from 'node:path';
import { isPresetName } from '../engine/presets.js';
import { rulesFromCanonical } from '../engine/rules.js';
import { buildSummary } from '../report/summary.js';
import type { Aggregate } from '../sim/aggregate.js';
import type { RunSummary } from '../sim/summary.js';

/** A short study name for the default folder: the preset, or the rules file's name. */
export function studyName(rulesArg: string): string {
  return isPresetName(rulesArg) ? rulesArg : basename(rulesArg, extname(rulesArg));
}

export interface RunReportInput {
  readonly study: string;
  readonly summary: RunSummary;
  readonly aggregate: Aggregate;
  /** Canonical rules text of the run (the summary carries it parsed). */
  readonly canonical: string;
}

/** Writes the report folder for a finished (or interrupted) whole run; returns the page's path. */
export async function writeRunReport(dir: string | undefined, r: RunReportInput): Promise<{ dir: string; html: string }> {
  const { defaultReportDir, writeReport } = await import('../report/write.js');
  const s = r.summary;
  const rules = rulesFromCanonical(r.canonical, isPresetName(s.preset) ? s.preset : 'club');
  const study = buildSummary({
    kind: 'run',
    study: r.study,
    command: s.reproducibility.command,
    seed: s.seed,
    variants: [{ label: s.preset, rules, agents: s.agents }],
    result: { games: s.games, aggregates: [r.aggregate], joint: [] },
    pairs: 'none',
    ...(s.precision ? { precision: { target: s.precision.target, cap: s.range.total, stopped: s.stopped } } : {}),
    run: s,
  });
  const written = await writeReport(dir ?? defaultReportDir(study.study), study);
  return { dir: written.dir, html: written.html };
}
