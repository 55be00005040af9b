// What a whole run (from `run` or from `merge` of its shards) prints and
// writes: the compact terminal table, and the report folder, the sim's run
// summary turned into the study summary every report view is drawn from,
// with the run summary kept verbatim under `run`.

import { basename, extname } from 'node:path';
import { isPresetName, roleWord } from '../engine/presets.js';
import { rulesFromCanonical } from '../engine/rules.js';
import { buildSummary } from '../report/summary.js';
import type { Aggregate } from '../sim/aggregate.js';
import { describeStop, plannedGames, type PartRecord, type RunSummary } from '../sim/summary.js';
import { OUTCOME_NAMES } from '../engine/events.js';
import { fitText } from '../report/table.js';
import { byTeam, mafiaTeamText } from '../report/teams.js';

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

/** Starts loading the report writer and its chart library while the games play (the report is written after them). */
export function preloadRunReport(): void {
  import('../report/write.js').then(
    (w) => w.preloadRenderer(),
    () => undefined, // a failed load is reported by writeRunReport
  );
}

/** Writes the report folder for a finished (or interrupted) whole run; returns the page's path. */
export async function writeRunReport(dir: string | undefined, r: RunReportInput): Promise<{ dir: string; html: string }> {
  const { intoReportDir, writeReport } = await import('../report/write.js');
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
    ...(s.complete ? {} : { interrupted: { played: s.games, of: plannedGames(s), resumeCommand: s.reproducibility.resumeCommand } }),
    ...(s.reproducibility.resumedGames > 0 ? { resumedFrom: s.reproducibility.resumedGames } : {}),
  });
  const written = await intoReportDir(dir, study.study, (d) => writeReport(d, study));
  return { dir: written.dir, html: written.html };
}

/** A compact terminal table of a run summary (also used by `merge`). */
export function formatSummaryTable(s: RunSummary): string {
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const lines = [
    `${s.preset} rules ${s.rulesHash}, agents ${s.agents}, seed ${s.seed}, games ${s.range.from}..${s.range.to - 1} of ${s.range.total}`,
    `${describeStop(s)}`,
    mafiaTeamText(s.preset, (s.rules as { roles: Record<string, number> }).roles),
    // Rates in percent and their 95% half-width in points, as the lines below them: one unit in the table.
    '  outcome      rate    ±95%     games',
  ];
  for (const o of OUTCOME_NAMES) {
    const r = s.rates[o];
    const rate = r ? `${(100 * r.rate).toFixed(2)}%` : '-';
    const half = r ? `±${(100 * r.halfWidth).toFixed(2)}` : '-';
    lines.push(`  ${o.padEnd(8)} ${rate.padStart(8)}  ${half.padStart(6)}  ${String(s.outcomes[o]).padStart(8)}`);
  }
  const ended = Object.entries(s.endedBy).filter(([, c]) => c > 0);
  if (s.games > 0) lines.push(`  last elimination: ${ended.map(([k, c]) => `${k} ${pct(c / s.games)}`).join(', ')}`);
  for (const role of byTeam(Object.keys(s.roles))) {
    const r = s.roles[role]!;
    const deaths = Object.entries(r.deaths).filter(([, c]) => c > 0).sort((x, y) => y[1] - x[1]);
    const killers = deaths.map(([k, c]) => `${k} ${pct(c / r.dealt)}`).join(', ');
    lines.push(`  ${roleWord(s.preset, role).padEnd(10)} survives ${pct(r.survived / r.dealt).padStart(6)}${killers ? `; dies by ${killers}` : ''}`);
  }
  const rp = s.reproducibility;
  if (rp.resumedGames > 0) lines.push(`resumed: ${rp.resumedGames.toLocaleString('en-US')} games from the checkpoint, ${(s.games - rp.resumedGames).toLocaleString('en-US')} played now`);
  lines.push(rp.parts ? mergedLine(rp.parts, rp.elapsedSeconds) : `${rp.elapsedSeconds.toFixed(1)} s, ${rp.gamesPerSecond.toLocaleString('en-US')} games/s, ${rp.threads} thread${rp.threads === 1 ? '' : 's'}`);
  lines.push(`mafia-sim ${rp.version}, generator ${rp.generator}, node ${rp.node}: ${rp.command}`);
  return fitText(lines.join('\n')) + '\n';
}

/** A merge ran its parts on separate machines: their threads are per part, and their times add up to machine time, not wall time. */
function mergedLine(parts: readonly PartRecord[], seconds: number): string {
  const threads = [...new Set(parts.map((p) => p.threads))].sort((x, y) => x - y);
  const each = threads.length === 1 ? `${threads[0]}` : `${threads[0]}-${threads[threads.length - 1]}`;
  return `merged ${parts.length} parts (${each} thread${each === '1' ? '' : 's'} each), ${seconds.toFixed(1)} s of part time in all`;
}
