// Importer for the mturk-mafia records (omonida/mafia-dataset, docs/records.md;
// never copied into this repository, they have no licence): one games.json holding
// an array of games played in a browser chat, 5 to 11 players, 1 or 2 mafia,
// no power roles, night first, every day vote. Only games marked clean are
// read; the others (dropouts, broken logs) are left out and listed with
// their problems. Each record carries its own setup (its table size and
// mafia count, played by rules/mturk-mafia.yaml), so a mixed set is
// simulated like with like (docs/records.md, mixed setups).

import { z } from 'zod';
import { RECORD_FORMAT, RECORD_VERSION, RecordError, describeIssue, fieldPath, parseRecord, type GameRecord, type RecordDay, type RecordNight, type RecordPlayer } from './format.js';

/** The rules these games were played by, as the records name them (rules/ is shipped with the package). */
export const MTURK_RULES = 'rules/mturk-mafia.yaml';

const name = z.string().min(1);
const count = z.number().int().min(0);
const team = z.enum(['mafia', 'town']);

const phaseSchema = z.object({
  phase: z.enum(['night', 'day']),
  number: z.number().int().min(1),
  alive_mafia_before: count,
  alive_town_before: count,
  died: name.nullable(),
  died_role: team.nullable(),
  votes: z.array(z.object({ voter: name, target: name })).optional(),
});

const cleanGameSchema = z.object({
  game_id: z.string().min(1),
  players: z.number().int().min(2),
  mafia: z.number().int().min(1),
  town: count,
  winner: z.enum(['town', 'mafia']),
  clean: z.literal(true),
  phases: z.array(phaseSchema).min(1),
  roles: z.record(name, team),
});
type CleanGame = z.infer<typeof cleanGameSchema>;

/** What every entry has, clean or not: enough to tell which to read and why one is left out. */
const entrySchema = z.object({ game_id: z.string().min(1), clean: z.boolean(), problems: z.array(z.string()) });

/** Whether a parsed document is a games.json array whose first entry has these keys (how the loader tells the sets of many games apart). */
export function firstEntryHas(doc: unknown, keys: readonly string[]): boolean {
  if (!Array.isArray(doc) || doc.length === 0) return false;
  const first: unknown = doc[0];
  return typeof first === 'object' && first !== null && keys.every((k) => k in first);
}

/** A games.json array of mturk games (for auto-detection): entries with game_id, phases and clean. */
export function looksLikeMturk(doc: unknown): boolean {
  return firstEntryHas(doc, ['game_id', 'phases', 'clean']);
}

/** Checks that phase j of a game is the one night-first order puts there (night 1, day 1, night 2, ...). */
export function checkPhaseOrder(p: { readonly phase: 'night' | 'day'; readonly number: number }, j: number, file: string, where: string): void {
  const expected = p.phase === (j % 2 === 0 ? 'night' : 'day') && p.number === Math.floor(j / 2) + 1;
  if (!expected) throw new RecordError(file, where, `is ${p.phase} ${p.number}, but phases run night 1, day 1, night 2, ...; fix the order`);
}

/** A game an importer did not read, and why: `why` in a word ("not clean"), `problems` as the file lists them. */
export interface LeftOut {
  readonly file: string;
  readonly id: string;
  readonly why: string;
  readonly problems: readonly string[];
}

export interface ImportedSet {
  readonly records: GameRecord[];
  readonly leftOut: LeftOut[];
}

export function importMturk(doc: unknown, file: string): ImportedSet {
  if (!Array.isArray(doc)) throw new RecordError(file, '', 'an mturk-mafia games.json holds an array of games; see docs/records.md');
  const records: GameRecord[] = [];
  const leftOut: LeftOut[] = [];
  doc.forEach((entry, i) => {
    const head = parsedAt(entrySchema, entry, file, `[${i}]`);
    if (!head.clean) {
      leftOut.push({ file, id: head.game_id, why: 'not clean', problems: head.problems });
      return;
    }
    records.push(recordOf(parsedAt(cleanGameSchema, entry, file, `[${i}]`), file, `[${i}]`));
  });
  return { records, leftOut };
}

/** One entry of a file of many games checked against its schema: the first problem becomes a line naming the file, the entry and the field. */
export function parsedAt<T>(schema: z.ZodType<T>, doc: unknown, file: string, at: string): T {
  const r = schema.safeParse(doc);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  throw new RecordError(file, at + (issue.path.length > 0 ? `.${fieldPath(issue.path)}` : ''), describeIssue(issue, doc));
}

/**
 * The players: those `roles` names, then one unnamed player for each the
 * game's counts leave over (30 of 32 clean games name everyone; in one of
 * the other two an unnamed player is mafia, so the counts decide, not a guess).
 */
function playersOf(g: CleanGame, file: string, at: string): RecordPlayer[] {
  const out: RecordPlayer[] = Object.entries(g.roles).map(([n, role]) => ({ name: n, role }));
  const named = { mafia: out.filter((p) => p.role === 'mafia').length, town: out.filter((p) => p.role === 'town').length };
  const missing = { mafia: g.mafia - named.mafia, town: g.town - named.town };
  if (g.mafia + g.town !== g.players || missing.mafia < 0 || missing.town < 0) {
    throw new RecordError(file, `${at}.roles`, `names ${named.mafia} mafia and ${named.town} town, which the game's counts (${g.players} players, ${g.mafia} mafia, ${g.town} town) cannot hold; fix the counts or the roles`);
  }
  const taken = new Set(out.map((p) => p.name));
  let k = 0;
  const add = (role: 'mafia' | 'town'): void => {
    let n: string;
    do n = `unnamed player ${++k}`;
    while (taken.has(n));
    out.push({ name: n, role });
  };
  for (let j = 0; j < missing.mafia; j++) add('mafia');
  for (let j = 0; j < missing.town; j++) add('town');
  return out;
}

/**
 * Night k, then day k, in order; a night's death is the mafia's shot (no
 * other role kills), a night without one had no shot; a day's death is its
 * elimination, and its votes are each voter's final vote. The living the
 * phases leave must be the counts each phase states, or the file is refused.
 */
function recordOf(g: CleanGame, file: string, at: string): GameRecord {
  const players = playersOf(g, file, at);
  const teamOf = new Map(players.map((p) => [p.name, p.role]));
  const alive = new Set(players.map((p) => p.name));
  const nights: RecordNight[] = [];
  const days: RecordDay[] = [];
  g.phases.forEach((p, j) => {
    const where = `${at}.phases[${j}]`;
    checkPhaseOrder(p, j, file, where);
    checkAlive(p, alive, teamOf, file, where);
    if (p.died !== null) {
      if (!alive.has(p.died)) throw new RecordError(file, `${where}.died`, `${JSON.stringify(p.died)} is not a living player of this game; fix the name`);
      if (p.died_role !== teamOf.get(p.died)) throw new RecordError(file, `${where}.died_role`, `is ${p.died_role} but roles say ${teamOf.get(p.died)}; make them agree`);
      alive.delete(p.died);
    }
    const died = p.died === null ? [] : [p.died];
    if (p.phase === 'night') nights.push({ mafiaTargets: died, deaths: died });
    else days.push({ lynch: p.died, votes: (p.votes ?? []).map((v) => ({ voter: v.voter, target: v.target })) });
  });
  const rec = {
    format: RECORD_FORMAT,
    version: RECORD_VERSION,
    id: g.game_id,
    source: `mturk-mafia ${file}`,
    setup: { rules: MTURK_RULES, players: g.players, mafia: g.mafia },
    players,
    start: 'night',
    nights,
    days,
    complete: true,
    winner: g.winner,
  };
  // The native checks (every name a player, setup size) hold the importer to the format it writes.
  return parseRecord(rec, `${file} ${at}`);
}

function checkAlive(p: z.infer<typeof phaseSchema>, alive: ReadonlySet<string>, teamOf: ReadonlyMap<string, string>, file: string, where: string): void {
  let mafia = 0;
  for (const n of alive) if (teamOf.get(n) === 'mafia') mafia++;
  if (mafia !== p.alive_mafia_before || alive.size - mafia !== p.alive_town_before) {
    throw new RecordError(file, where, `says ${p.alive_mafia_before} mafia and ${p.alive_town_before} town alive, but the earlier deaths leave ${mafia} and ${alive.size - mafia}; fix the deaths or the counts`);
  }
}
