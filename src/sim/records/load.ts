// `--records DIR_OR_FILE`: reads every record under a folder (recursively,
// in sorted path order so the set is the same on every machine) or one file,
// native, mafia-allstars, or a games.json of many games (mturk-mafia,
// live-werewolf, sports-mafia), told apart by their fields. Games an
// importer leaves out are listed with why.

import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { SimInputError } from '../errors.js';
import { importAllstars, looksLikeAllstars } from './allstars.js';
import { RECORD_FORMAT, RecordError, parseRecord, type GameRecord } from './format.js';
import { importLiveWerewolf, looksLikeLiveWerewolf } from './liveWerewolf.js';
import { importMturk, looksLikeMturk, type ImportedSet, type LeftOut } from './mturk.js';
import { importSportsMafia, looksLikeSportsMafia } from './sportsMafia.js';

export type { LeftOut } from './mturk.js';

export interface LoadedRecord {
  /** The file, as given or relative to the folder given; `FILE#k` for the k-th game read (0-based) from a file of many. */
  readonly file: string;
  readonly record: GameRecord;
}

/** The records read, and the games the importers left out (before any fold is taken). */
export interface RecordSet {
  readonly records: LoadedRecord[];
  readonly leftOut: readonly LeftOut[];
  /** Games the files hold, read or left out. */
  readonly games: number;
  /** `PATH@i/n`: which fold of how many records the folds were taken from. */
  readonly fold?: { readonly i: number; readonly n: number; readonly of: number };
}

function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    throw new RecordError(file, '', `is not valid JSON (${why}); fix the file or move it out of the records folder`);
  }
}

/** Parses one JSON text of any format: one record, or a file of many (mturk-mafia's games.json). */
export function recordsFromText(text: string, file: string): ImportedSet {
  const doc = parseJson(text, file);
  if (looksLikeMturk(doc)) return importMturk(doc, file);
  if (looksLikeLiveWerewolf(doc)) return importLiveWerewolf(doc, file);
  if (looksLikeSportsMafia(doc)) return importSportsMafia(doc, file);
  return { records: [oneRecord(doc, file)], leftOut: [] };
}

/** Parses one JSON text as a record of a one-game format (native or mafia-allstars). */
export function recordFromText(text: string, file: string): GameRecord {
  return oneRecord(parseJson(text, file), file);
}

function oneRecord(doc: unknown, file: string): GameRecord {
  if (typeof doc === 'object' && doc !== null && 'format' in doc) return parseRecord(doc, file);
  if (looksLikeAllstars(doc)) return importAllstars(doc, file);
  throw new RecordError(file, '', `is neither a mafia-sim record (format: "${RECORD_FORMAT}"), a mafia-allstars record (kill, lynched, vanilla_town) nor a games.json of mturk-mafia (an array of games with game_id, phases, clean), live-werewolf (game, phases, roles_count) or sports-mafia (n_players, players, source); see docs/records.md`);
}

/**
 * `PATH@i/n`: the i-th of n interleaved folds of the records under PATH, in
 * sorted path order (records 0-based index k with k mod n = i - 1), so a
 * held-out split of one folder is named on the command line, the same on
 * every machine: `--records data/mafia-allstars@1/2 --holdout data/mafia-allstars@2/2`.
 */
const FOLD = /^(.*)@(\d+)\/(\d+)$/;

export function loadRecords(path: string, flag = '--records'): LoadedRecord[] {
  return loadRecordSet(path, flag).records;
}

export function loadRecordSet(path: string, flag = '--records'): RecordSet {
  const fold = existsSync(path) ? null : FOLD.exec(path);
  if (!fold) return loadAll(path, flag);
  const [i, n] = [Number(fold[2]), Number(fold[3])];
  if (!(n >= 2 && i >= 1 && i <= n)) throw new SimInputError(flag, `${JSON.stringify(path)}: a fold is PATH@i/n with 1 <= i <= n and n >= 2, e.g. ${fold[1]}@1/2`);
  const all = loadAll(fold[1]!, flag);
  const picked = all.records.filter((_, k) => k % n === i - 1);
  if (picked.length === 0) throw new SimInputError(flag, `${JSON.stringify(path)} holds no records; use fewer folds, e.g. ${fold[1]}@1/2`);
  return { ...all, records: picked, fold: { i, n, of: all.records.length } };
}

function loadAll(path: string, flag: string): RecordSet {
  let isDir: boolean;
  try {
    isDir = statSync(path).isDirectory();
  } catch {
    throw new SimInputError(flag, `${JSON.stringify(path)} is neither a folder nor a readable file; give a records folder or a .json file`);
  }
  const files = isDir ? jsonFilesUnder(path) : [path];
  if (files.length === 0) throw new SimInputError(flag, `${JSON.stringify(path)} holds no .json files; point it at a folder of records`);
  const records: LoadedRecord[] = [];
  const leftOut: LeftOut[] = [];
  for (const f of files) {
    const shown = isDir ? join(path, relative(path, f)) : f;
    const got = recordsFromText(readFileSync(f, 'utf8'), shown);
    const many = got.records.length !== 1 || got.leftOut.length > 0;
    got.records.forEach((record, k) => records.push({ file: many ? `${shown}#${k}` : shown, record }));
    leftOut.push(...got.leftOut);
  }
  if (records.length === 0) throw new SimInputError(flag, `${JSON.stringify(path)} holds no usable records (${leftOut.length} left out, the first ${leftOut[0]?.why ?? 'for no reason'}); point it at records the importers read`);
  return { records, leftOut, games: records.length + leftOut.length };
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
