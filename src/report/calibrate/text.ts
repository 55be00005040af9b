// `calibrate`'s terminal output: the fit table (each moment: the records'
// k/n and rate, the fitted simulation's rate, z), the parameters with their
// standard errors, and the holdout table against records the fit never saw.
// (src/sim/calibrate/ does the fit; this folder mirrors it.)

import type { FitResult } from '../../sim/calibrate/fit.js';
import { objective, type MomentRow } from '../../sim/calibrate/moments.js';
import { textTable } from '../balance/format.js';
import { fmtKn, fmtStatRate, fmtZ } from '../records/text.js';

export interface CalibrateTextInput {
  readonly title: string;
  readonly fit: FitResult;
  readonly games: number;
  readonly agents: string;
  readonly holdout: { readonly title: string; readonly rows: readonly MomentRow[] } | null;
  readonly profile: { readonly path: string; readonly loadWith: string } | null;
}

export function fmtParam(x: number): string {
  return Number(x.toPrecision(4)).toString();
}

export function fitTable(rows: readonly MomentRow[]): string[] {
  const body = rows.map((r) => [r.name, fmtKn(r.records, r.name), fmtStatRate(r.records), fmtStatRate(r.sim), fmtZ(r.z)]);
  return textTable(['statistic', 'records k/n', 'records', 'fitted sim', 'z'], body);
}

function paramTable(fit: FitResult): string[] {
  const body = fit.params.map((p) => [p.key, fmtParam(p.start), fmtParam(p.value), p.se === null ? 'not identified' : `± ${fmtParam(p.se)}`, `${fmtParam(p.min)}..${fmtParam(p.max)}`]);
  return textTable(['parameter', 'start', 'fitted', 'standard error', 'range'], body);
}

const counted = (rows: readonly MomentRow[]): number => rows.filter((r) => r.z !== null).length;

export function calibrateText(t: CalibrateTextInput): string {
  const f = t.fit;
  const lines = [
    t.title,
    ...fitTable(f.rows),
    `sum of z² ${f.objective.toFixed(2)} over ${counted(f.rows)} statistics (start ${f.startObjective.toFixed(2)}); ${f.params.length} parameters; ` +
      `${f.rounds.length} search rounds, ${f.evaluations} points × ${t.games.toLocaleString('en-US')} games (stopped: ${f.stoppedBy === 'step' ? 'steps below the smallest' : 'round limit'})`,
    '',
    ...paramTable(f),
    `fitted players: ${t.agents}`,
  ];
  if (t.holdout) {
    const h = t.holdout.rows;
    lines.push('', t.holdout.title, ...fitTable(h), `sum of z² ${objective(h).toFixed(2)} over ${counted(h)} statistics (not fitted on these records)`);
  }
  if (t.profile) lines.push('', `profile: ${t.profile.path} (load it with --agents ${t.profile.loadWith})`);
  lines.push('', NOTE);
  return lines.join('\n') + '\n';
}

export const NOTE =
  'z = (sim − records) / √(se_records² + se_sim²), every point played on the same games. Standard errors: √diag((1 + 1/S)(G\'WG)⁻¹), ' +
  'G the moments\' Jacobian at the fit, W the inverse records variances, S simulated per recorded games; the statistics are treated as independent, ' +
  'so the errors are a guide, not exact. See docs/records.md (calibrate).';
