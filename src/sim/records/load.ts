// `--records DIR_OR_FILE`: reads every record under a folder (recursively,
// in sorted path order so the set is the same on every machine) or one file,
// native or mafia-allstars, told apart by their fields.

import { readFileSync, readdirSync, statSync } from 'node:fs';
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

export function loadRecords(path: string, flag = '--records'): LoadedRecord[] {
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
