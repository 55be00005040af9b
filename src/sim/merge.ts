// `merge`: checks that a set of part files belong to one run (same rules
// hash, agents, seed, game count, generator and tool version), that each is
// complete and internally consistent, and that their game ranges tile
// [0, G) with no gap or overlap; then sums them into the unsharded result.

import { createHash } from 'node:crypto';
import { OUTCOME_NAMES } from '../engine/events.js';
import { ROLE_KEYS } from '../engine/roles.js';
import { Aggregate, type AggregateJSON } from './aggregate.js';
import { SimInputError } from './errors.js';
import { PART_FORMAT, RUN_FORMAT, type PartRecord, type RunSummary, type SummaryInput } from './summary.js';

export interface LoadedPart {
  readonly file: string;
  /** The parsed JSON, not yet trusted. */
  readonly doc: unknown;
}

export interface MergedRun {
  /** Everything buildRunSummary needs except this command's own line and time. */
  readonly input: Omit<SummaryInput, 'run'>;
  readonly version: string;
  readonly batchSize: number;
  readonly parts: readonly PartRecord[];
  readonly elapsedMs: number;
}

export function mergeParts(loaded: readonly LoadedPart[]): MergedRun {
  if (loaded.length === 0) throw refuse('name at least one part file (or a directory of part-*.json files)');
  const parts = loaded.map((p) => ({ file: p.file, doc: checkPart(p) }));
  const first = parts[0]!;
  for (const p of parts.slice(1)) checkSameRun(first, p);
  checkTiling(parts);
  const aggregate = new Aggregate();
  for (const p of parts) aggregate.merge(Aggregate.fromJSON(p.doc));
  const d = first.doc;
  const total = d.range.total;
  return {
    input: {
      kind: 'run',
      seed: d.seed,
      rules: { canonical: JSON.stringify(d.rules), hash: d.rulesHash, preset: d.preset },
      agents: d.agents,
      range: { from: 0, to: total, total },
      shard: null,
      complete: true,
      stopped: 'games',
      precision: null,
      aggregate,
    },
    version: d.reproducibility.version,
    batchSize: d.reproducibility.batchSize,
    parts: parts.map(({ file, doc }) => ({
      file,
      from: doc.range.from,
      to: doc.range.to,
      threads: doc.reproducibility.threads,
      elapsedSeconds: doc.reproducibility.elapsedSeconds,
      command: doc.reproducibility.command,
    })),
    elapsedMs: parts.reduce((s, p) => s + p.doc.reproducibility.elapsedSeconds * 1000, 0),
  };
}

function refuse(why: string): SimInputError {
  return new SimInputError('merge', why);
}

/** Shape, completeness and internal consistency of one part. */
function checkPart({ file, doc }: LoadedPart): RunSummary {
  const d = doc as RunSummary;
  if (typeof d !== 'object' || d === null || (d.format !== PART_FORMAT && d.format !== RUN_FORMAT)) {
    throw refuse(`${file} is not a mafia-sim part file (no "format": "${PART_FORMAT}")`);
  }
  if (d.complete !== true) {
    throw refuse(`${file} is incomplete (it stopped after ${d.games} games: ${d.stopped}); finish that shard's \`mafia-sim run\` with --resume (if it had a --checkpoint), or rerun it`);
  }
  if (d.precision !== null) throw refuse(`${file} comes from a --precision run, whose game count is not fixed; shard \`mafia-sim run\` with a fixed --games only`);
  const r = d.range;
  const ok =
    r && [r.from, r.to, r.total].every((x) => Number.isSafeInteger(x) && x >= 0) && r.from <= r.to && r.to <= r.total && d.reproducibility && typeof d.rulesHash === 'string';
  if (!ok) throw refuse(`${file} has no valid game range; it is damaged or was edited`);
  checkCounts(file, d);
  const canonical = JSON.stringify(d.rules);
  if (createHash('sha256').update(canonical).digest('hex').slice(0, 16) !== d.rulesHash) {
    throw refuse(`${file}: its rules do not match their hash ${d.rulesHash}; the file was edited or damaged`);
  }
  return d;
}

function checkCounts(file: string, d: AggregateJSON & { range: RunSummary['range'] }): void {
  const games = d.range.to - d.range.from;
  const bad = (why: string) => refuse(`${file}: ${why}; the file is damaged or was edited`);
  if (d.games !== games) throw bad(`it holds ${d.games} games but its range ${d.range.from}..${d.range.to} has ${games}`);
  if (!d.outcomes || !d.lengths || !d.endedBy || !d.roles) throw bad('its counts are missing');
  const sum = OUTCOME_NAMES.reduce((s, o) => s + (Number.isSafeInteger(d.outcomes[o]) ? d.outcomes[o] : NaN), 0);
  if (sum !== games) throw bad(`its outcome counts add up to ${sum}, not ${games}`);
  // A rules file's own roles are those its rules define.
  const defined = Object.keys((d as { rules?: { define?: Record<string, unknown> } }).rules?.define ?? {});
  for (const role of Object.keys(d.roles)) if (!ROLE_KEYS.includes(role) && !defined.includes(role)) throw bad(`unknown role ${JSON.stringify(role)}`);
}

function checkSameRun(a: { file: string; doc: RunSummary }, b: { file: string; doc: RunSummary }): void {
  const fields: [string, unknown, unknown][] = [
    ['rules hash', a.doc.rulesHash, b.doc.rulesHash],
    ['agents', a.doc.agents, b.doc.agents],
    ['seed', a.doc.seed, b.doc.seed],
    ['total games', a.doc.range.total, b.doc.range.total],
    ['generator', a.doc.reproducibility.generator, b.doc.reproducibility.generator],
    ['tool version', a.doc.reproducibility.version, b.doc.reproducibility.version],
  ];
  for (const [name, x, y] of fields) {
    if (x !== y) throw refuse(`${b.file} is from a different run than ${a.file}: ${name} ${String(y)} vs ${String(x)}`);
  }
}

function checkTiling(parts: readonly { file: string; doc: RunSummary }[]): void {
  const sorted = [...parts].sort((p, q) => p.doc.range.from - q.doc.range.from || p.doc.range.to - q.doc.range.to);
  const total = sorted[0]!.doc.range.total;
  let cursor = 0;
  let last = '';
  for (const { file, doc } of sorted) {
    const { from, to } = doc.range;
    if (from > cursor) throw refuse(`games ${cursor}..${from - 1} are missing: no part covers them (add that shard's part file)`);
    if (from < cursor && to > from) throw refuse(`${file} and ${last} overlap on games ${from}..${Math.min(to, cursor) - 1}; give each shard's part once`);
    if (to > from) {
      cursor = to;
      last = file;
    }
  }
  if (cursor < total) throw refuse(`games ${cursor}..${total - 1} are missing: no part covers them (add that shard's part file)`);
}
