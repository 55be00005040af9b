// Importer for the mafia-allstars records (data/README.md, docs/records.md):
// 15-player games, night first, role lists by name, per-night lists of
// kills, checks, saves and vigilante shots, per-day lynches. Two kinds of
// file share the format: full games (2018) and summaries (2017) that hold
// only night 1's kills and save, no checks, one vigilante shot of unknown
// night and an unordered lynch list. A summary becomes an incomplete record
// (days unknown), so per-day statistics skip it. Every record names the
// rules of these games, rules/mafia-allstars.yaml, and its own table.

import { z } from 'zod';
import { RECORD_FORMAT, RECORD_VERSION, RecordError, describeIssue, fieldPath, type GameRecord, type RecordNight, type RecordPlayer } from './format.js';
import type { RecordRole } from './teams.js';

const NONE = 'NONE';

/** The rules these games were played by, as the records name them (rules/ is shipped with the package). */
export const ALLSTARS_RULES = 'rules/mafia-allstars.yaml';
const name = z.string().min(1);

export const allstarsSchema = z.object({
  id: z.string().min(1),
  mafia: z.array(name).min(1),
  cop: name,
  medic: name,
  vigilante: name,
  vanilla_town: z.array(name),
  kill: z.array(z.array(name)),
  check: z.array(name),
  save: z.array(name),
  shot: z.array(name),
  lynched: z.array(name),
  f3_win: z.array(name).optional(),
  f3_loss: z.array(name).optional(),
  winner: z.enum(['Town', 'Mafia']),
});
export type AllstarsRecord = z.infer<typeof allstarsSchema>;

/** Whether a parsed JSON document looks like an allstars record (for auto-detection). */
export function looksLikeAllstars(doc: unknown): boolean {
  return typeof doc === 'object' && doc !== null && 'vanilla_town' in doc && 'kill' in doc && 'lynched' in doc;
}

/**
 * A summary holds one night and no checks: no full game of this setup ends
 * after one night (15 players, 3 mafia), and every full game's cop checks
 * on night 1, so the two cannot be confused.
 */
export function isSummary(r: AllstarsRecord): boolean {
  return r.kill.length <= 1 && r.check.length === 0;
}

export function importAllstars(doc: unknown, file: string): GameRecord {
  const parsed = allstarsSchema.safeParse(doc);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new RecordError(file, fieldPath(issue.path), describeIssue(issue, doc));
  }
  const r = parsed.data;
  const players = playersOf(r, file);
  checkNames(r, new Set(players.map((p) => p.name)), file);
  return isSummary(r) ? summaryRecord(r, players, file) : fullRecord(r, players, file);
}

function playersOf(r: AllstarsRecord, file: string): RecordPlayer[] {
  const out: RecordPlayer[] = [];
  const seen = new Set<string>();
  const add = (n: string, role: RecordRole, field: string): void => {
    if (seen.has(n)) throw new RecordError(file, field, `${JSON.stringify(n)} holds two roles; list each player once`);
    seen.add(n);
    out.push({ name: n, role });
  };
  r.mafia.forEach((n, i) => add(n, 'mafia', `mafia[${i}]`));
  add(r.cop, 'cop', 'cop');
  add(r.medic, 'medic', 'medic');
  add(r.vigilante, 'vigilante', 'vigilante');
  r.vanilla_town.forEach((n, i) => add(n, 'town', `vanilla_town[${i}]`));
  return out;
}

function checkNames(r: AllstarsRecord, names: ReadonlySet<string>, file: string): void {
  const known = (n: string, field: string, none: boolean): void => {
    if (none && n === NONE) return;
    if (!names.has(n)) throw new RecordError(file, field, `${JSON.stringify(n)} is not one of the game's players (mafia, cop, medic, vigilante, vanilla_town)${none ? ' nor "NONE"' : ''}; fix the name`);
  };
  r.kill.forEach((k, i) => k.forEach((n, j) => known(n, `kill[${i}][${j}]`, true)));
  r.check.forEach((n, i) => known(n, `check[${i}]`, true));
  r.save.forEach((n, i) => known(n, `save[${i}]`, true));
  r.shot.forEach((n, i) => known(n, `shot[${i}]`, true));
  r.lynched.forEach((n, i) => known(n, `lynched[${i}]`, true));
}

const orNull = (n: string | undefined): string | null | undefined => (n === undefined ? undefined : n === NONE ? null : n);

/**
 * Who dies tonight: a target dies unless the medic protected him, and a
 * protection stops one shot only, so a protected player shot twice dies (the
 * 2018 records bear this out: all 8 such players are never named again). The
 * vigilante's shot kills whoever it hits; whether the medic could stop it the
 * records do not say.
 */
export function nightDeaths(targets: readonly string[], save: string | null | undefined, shot: string | null | undefined, alive: ReadonlySet<string>): string[] {
  const shots = new Map<string, number>();
  for (const t of targets) shots.set(t, (shots.get(t) ?? 0) + 1);
  const dead: string[] = [];
  for (const [t, k] of shots) if (alive.has(t) && (t !== save || k > 1)) dead.push(t);
  if (shot && alive.has(shot) && !dead.includes(shot)) dead.push(shot);
  return dead;
}

function base(r: AllstarsRecord, players: RecordPlayer[], file: string): Omit<GameRecord, 'nights' | 'days' | 'complete' | 'lynched' | 'vigilanteShots'> {
  const setup = { rules: ALLSTARS_RULES, players: players.length, mafia: r.mafia.length };
  return { format: RECORD_FORMAT, version: RECORD_VERSION, id: r.id, source: `mafia-allstars ${file}`, setup, players, start: 'night', winner: r.winner === 'Town' ? 'town' : 'mafia' };
}

function fullRecord(r: AllstarsRecord, players: RecordPlayer[], file: string): GameRecord {
  const alive = new Set(players.map((p) => p.name));
  const nights: RecordNight[] = [];
  const days: GameRecord['days'] & object = [];
  let fired = false;
  const phases = Math.max(r.kill.length, r.lynched.length);
  for (let i = 0; i < phases; i++) {
    if (i < r.kill.length) {
      // A role's list runs while he lives: past its end he is dead (null) or his entry is missing (unknown).
      const save = alive.has(r.medic) ? orNull(r.save[i]) : null;
      const check = alive.has(r.cop) ? orNull(r.check[i]) : null;
      const targets = r.kill[i]!.filter((n) => n !== NONE);
      const shot = alive.has(r.vigilante) && !fired ? orNull(r.shot[i]) : null;
      if (shot) fired = true;
      const night: RecordNight = { mafiaTargets: targets, deaths: nightDeaths(targets, save, shot, alive) };
      if (save !== undefined) night.save = save;
      if (check) night.check = { target: check, result: r.mafia.includes(check) ? 'mafia' : 'town' };
      else if (check === null) night.check = null;
      if (shot !== undefined) night.shot = shot;
      for (const d of night.deaths!) alive.delete(d);
      nights.push(night);
    }
    const lynch = r.lynched[i];
    if (lynch === undefined) continue;
    days.push({ lynch: orNull(lynch) ?? null });
    if (lynch !== NONE) alive.delete(lynch);
  }
  return { ...base(r, players, file), nights, days, complete: true };
}

function summaryRecord(r: AllstarsRecord, players: RecordPlayer[], file: string): GameRecord {
  const alive = new Set(players.map((p) => p.name));
  const nights: RecordNight[] = r.kill.slice(0, 1).map((listed) => {
    const targets = listed.filter((n) => n !== NONE);
    const save = orNull(r.save[0]);
    // The summary's one shot has no night; this setup's vigilante never fires on night 1, so night 1's deaths are the mafia's.
    const night: RecordNight = { mafiaTargets: [...targets], deaths: nightDeaths(targets, save, null, alive) };
    if (save !== undefined) night.save = save;
    return night;
  });
  const shots = r.shot.filter((s) => s !== NONE);
  const rec: GameRecord = { ...base(r, players, file), nights, days: null, lynched: r.lynched.filter((n) => n !== NONE), complete: false };
  // An empty shot list says nothing; ["NONE"] says he never fired.
  if (r.shot.length > 0) rec.vigilanteShots = shots.length > 0 ? shots : null;
  return rec;
}
