// `--checkpoint FILE`: the finished prefix of a run (games [from, done) and
// their tally), rewritten atomically as the run advances, so `--resume`
// continues from it and ends with exactly the numbers of an uninterrupted
// run. The file also records what run it belongs to, and a resume of a
// different run is refused.

import { existsSync, readFileSync } from 'node:fs';
import { SimInputError } from './errors.js';
import { writeFileAtomic } from './files.js';
import { RunTally, type TallyJSON } from './tally.js';

export const CHECKPOINT_FORMAT = 'mafia-sim/checkpoint-v1';

/** Everything that must match for a checkpoint to continue a run. */
export interface CheckpointIdentity {
  readonly version: string;
  readonly generator: string;
  readonly seed: number;
  readonly variants: readonly { readonly rulesHash: string; readonly agents: string }[];
  readonly from: number;
  readonly to: number;
  readonly total: number;
  readonly batchSize: number;
  readonly precision: number | null;
}

interface CheckpointDoc {
  format: string;
  identity: CheckpointIdentity;
  /** Games [identity.from, done) are in the tally. */
  done: number;
  tally: TallyJSON;
}

export interface Resumed {
  readonly done: number;
  readonly tally: RunTally;
}

export class CheckpointFile {
  constructor(
    readonly path: string,
    private readonly identity: CheckpointIdentity,
  ) {}

  /**
   * Opens the checkpoint for a run: refuses to overwrite one without
   * `resume`; with `resume`, loads it (a missing file starts afresh, so a
   * retried cluster task can always pass --resume).
   */
  open(resume: boolean): Resumed | null {
    const exists = existsSync(this.path);
    if (!resume) {
      if (exists) throw new SimInputError('--checkpoint', `${this.path} already exists; add --resume to continue that run, or remove the file`);
      return null;
    }
    return exists ? this.load() : null;
  }

  save(done: number, tally: RunTally): void {
    const doc: CheckpointDoc = { format: CHECKPOINT_FORMAT, identity: this.identity, done, tally: tally.toJSON() };
    writeFileAtomic(this.path, JSON.stringify(doc) + '\n');
  }

  private load(): Resumed {
    let doc: CheckpointDoc;
    try {
      doc = JSON.parse(readFileSync(this.path, 'utf8')) as CheckpointDoc;
    } catch (e) {
      throw new SimInputError('--checkpoint', `${this.path} is not readable JSON (${e instanceof Error ? e.message : String(e)}); remove it to start afresh`);
    }
    if (doc?.format !== CHECKPOINT_FORMAT) throw new SimInputError('--checkpoint', `${this.path} is not a mafia-sim checkpoint; use another file`);
    const diff = identityDifference(doc.identity, this.identity);
    if (diff) throw new SimInputError('--resume', `${this.path} belongs to a different run (${diff}); use the original command or another --checkpoint file`);
    const tally = RunTally.fromJSON(doc.tally);
    const { from, to } = this.identity;
    if (!(doc.done >= from && doc.done <= to) || tally.games !== doc.done - from || tally.variants !== this.identity.variants.length) {
      throw new SimInputError('--checkpoint', `${this.path} is damaged (its counts do not add up); remove it to start afresh`);
    }
    return { done: doc.done, tally };
  }
}

function identityDifference(saved: CheckpointIdentity, now: CheckpointIdentity): string | null {
  const fields: [string, unknown, unknown][] = [
    ['tool version', saved.version, now.version],
    ['generator', saved.generator, now.generator],
    ['seed', saved.seed, now.seed],
    ['rules and agents', JSON.stringify(saved.variants), JSON.stringify(now.variants)],
    ['game range', `${saved.from}..${saved.to} of ${saved.total}`, `${now.from}..${now.to} of ${now.total}`],
    ['batch size', saved.batchSize, now.batchSize],
    ['precision', saved.precision, now.precision],
  ];
  for (const [name, a, b] of fields) if (a !== b) return `${name}: ${String(a)} there, ${String(b)} here`;
  return null;
}
