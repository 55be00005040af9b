// `--records DIR_OR_FILE`: reads every record under a folder (recursively,
// in sorted path order so the set is the same on every machine) or one file,
// native or mafia-allstars, told apart by their fields.

import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { SimInputError } from '../errors.js';
import { importAllstars, looksLikeAllstars } from './allstars.js';
import { RECORD_FORMAT, RecordError, parseRecord, type GameRecord } from './format.js';

export interface LoadedRecord {
  /** The file, as given or relative to the folder given. */
  readonly file: string;
  readonly record: GameRecord;
}

/** Parses one JSON text as a record of either format. */
export function recordFromText(text: string, file: string): GameRecord {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    throw new RecordError(file, '', `is not valid JSON (${why}); fix the file or move it out of the records folder`);
  }
  if (typeof doc === 'object' && doc !== null && 'format' in doc) return parseRecord(doc, file);
  if (looksLikeAllstars(doc)) return importAllstars(doc, file);
  throw new RecordError(file, '', `is neither a mafia-sim record (format: "${RECORD_FORMAT}") nor a mafia-allstars record (kill, lynched, vanilla_town); see docs/records.md`);
}

/**
 * `PATH@i/n`: the i-th of n interleaved folds of the records under PATH, in
 * sorted path order (records 0-based index k with k mod n = i - 1), so a
 * held-out split of one folder is named on the command line, the same on
 * every machine: `--records data/mafia-allstars@1/2 --holdout data/mafia-allstars@2/2`.
 */
const FOLD = /^(.*)@(\d+)\/(\d+)$/;

export function loadRecords(path: string, flag = '--records'): LoadedRecord[] {
  const fold = existsSync(path) ? null : FOLD.exec(path);
  if (!fold) return loadAll(path, flag);
  const [i, n] = [Number(fold[2]), Number(fold[3])];
  if (!(n >= 2 && i >= 1 && i <= n)) throw new SimInputError(flag, `${JSON.stringify(path)}: a fold is PATH@i/n with 1 <= i <= n and n >= 2, e.g. ${fold[1]}@1/2`);
  const picked = loadAll(fold[1]!, flag).filter((_, k) => k % n === i - 1);
  if (picked.length === 0) throw new SimInputError(flag, `${JSON.stringify(path)} holds no records; use fewer folds, e.g. ${fold[1]}@1/2`);
  return picked;
}

function loadAll(path: string, flag: string): LoadedRecord[] {
  let isDir: boolean;
  try {
    isDir = statSync(path).isDirectory();
  } catch {
    throw new SimInputError(flag, `${JSON.stringify(path)} is neither a folder nor a readable file; give a records folder or a .json file`);
  }
  const files = isDir ? jsonFilesUnder(path) : [path];
  if (files.length === 0) throw new SimInputError(flag, `${JSON.stringify(path)} holds no .json files; point it at a folder of records`);
  return files.map((f) => {
    const shown = isDir ? join(path, relative(path, f)) : f;
    return { file: shown, record: recordFromText(readFileSync(f, 'utf8'), shown) };
  });
}

function jsonFilesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...jsonFilesUnder(p));
    else if (entry.isFile() && entry.name.endsWith('.json')) out.push(p);
  }
  return out;
}
