// Shared by the report tests: small real studies (random agents, one thread,
// a few hundred games), a CSV reader written here so the check does not use
// the library that wrote the files, and the built CLI as a child process.

import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAgents } from '../../src/agents/index.js';
import { resolveRules } from '../../src/engine/rules.js';
import { buildSummary, type PairsMode, type StudyKind, type StudySummary, type VariantInput } from '../../src/report/summary.js';
import { runGames } from '../../src/sim/run.js';

export const MAIN = fileURLToPath(new URL('../../dist/src/cli/main.js', import.meta.url));

export function tempDir(prefix = 'mafia-report-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** A variant of a preset with `--set` changes, played by random agents. */
export function variant(label: string, preset: string, set: string[] = [], settings: Record<string, string | number | boolean> = {}): VariantInput {
  return { label, rules: resolveRules(preset, { set }), agents: parseAgents('random').canonical, settings };
}

export async function study(
  variants: VariantInput[],
  opts: { games?: number; seed?: number; kind?: StudyKind; pairs?: PairsMode; sweepKeys?: string[] } = {},
): Promise<StudySummary> {
  const games = opts.games ?? 300;
  const seed = opts.seed ?? 11;
  const result = await runGames({ variants, seed, games, threads: 1 });
  return buildSummary({
    kind: opts.kind ?? (variants.length > 1 ? 'compare' : 'run'),
    study: 'test',
    command: `mafia-sim test --games ${games} --seed ${seed}`,
    seed,
    variants,
    result,
    ...(opts.pairs ? { pairs: opts.pairs } : {}),
    ...(opts.sweepKeys ? { sweepKeys: opts.sweepKeys } : {}),
  });
}

/** RFC 4180: quoted fields may hold commas, quotes ("") and newlines. */
export function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  const [head, ...body] = rows;
  return body.map((r) => Object.fromEntries(head!.map((h, i) => [h, r[i] ?? ''])));
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function cli(args: string[], cwd?: string): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(process.execPath, [MAIN, ...args], { cwd, maxBuffer: 64 << 20 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}
