// Importer for the sports-mafia records: club evenings of two amateur clubs
// (edmeya/mafia, commit 54a2ebd, no licence stated; osboo/masonsmafia,
// commit 2b7b659, MIT), one games.json read where it lies and never copied
// into this repository. A record holds the seats' roles (Don, Mafia,
// Sheriff, Citizen) and the winner, and the osboo evenings also the first
// player killed at night and the first voted out; nothing of the nights and
// days in order, so each becomes an incomplete record that feeds the
// order-free statistics (townWin, firstNightKill.*, firstLynch.*). Each is
// played under its own setup: the `sports` preset at its 10 or 9 seats.

import { z } from 'zod';
import { RECORD_FORMAT, RECORD_VERSION, RecordError, parseRecord, type GameRecord, type RecordPlayer } from './format.js';
import { firstEntryHas, parsedAt, type ImportedSet, type LeftOut } from './mturk.js';

/** The preset these games are played on. */
export const SPORTS_RULES = 'sports';

const NATIVE_ROLE: Readonly<Record<'don' | 'mafia' | 'sheriff' | 'citizen', RecordPlayer['role']>> = { don: 'mafia', mafia: 'mafia', sheriff: 'cop', citizen: 'town' };

const name = z.string().min(1);
const gameSchema = z.object({
  source: z.string().min(1),
  id: z.string().min(1),
  winner: z.enum(['town', 'mafia']),
  n_players: z.number().int().min(2),
  players: z.array(z.object({ name, role: z.enum(['don', 'mafia', 'sheriff', 'citizen']), seat: z.number().int().min(1) })).min(2),
  // Null where the evening's sheet does not name one (one osboo evening names neither, though its game must have had both).
  first_killed_at_night: name.nullable().optional(),
  first_killed_by_day: name.nullable().optional(),
  clean: z.boolean(),
  problems: z.array(z.string()),
});
type Game = z.infer<typeof gameSchema>;

/** A games.json array of sports-mafia evenings (for auto-detection): entries with n_players, players and source. */
export function looksLikeSportsMafia(doc: unknown): boolean {
  return firstEntryHas(doc, ['n_players', 'players', 'source']);
}

export function importSportsMafia(doc: unknown, file: string): ImportedSet {
  if (!Array.isArray(doc)) throw new RecordError(file, '', 'a sports-mafia games.json holds an array of evenings; see docs/records.md');
  const records: GameRecord[] = [];
  const leftOut: LeftOut[] = [];
  doc.forEach((entry, i) => {
    const g = parsedAt(gameSchema, entry, file, `[${i}]`);
    if (!g.clean) leftOut.push({ file, id: g.id, why: 'not clean', problems: g.problems });
    else records.push(recordOf(g, file, `[${i}]`));
  });
  return { records, leftOut };
}

/**
 * The seats in seat order with their native roles; the table is checked to
 * be one the preset deals (one Don, two Mafia, one Sheriff, the rest
 * Citizens), so the setup played is the record's own.
 */
function recordOf(g: Game, file: string, at: string): GameRecord {
  if (g.players.length !== g.n_players) throw new RecordError(file, `${at}.players`, `lists ${g.players.length} seats but n_players is ${g.n_players}; make them agree`);
  const count = (role: string): number => g.players.filter((p) => p.role === role).length;
  if (count('don') !== 1 || count('mafia') !== 2 || count('sheriff') !== 1) {
    throw new RecordError(file, `${at}.players`, `deals ${count('don')} Don, ${count('mafia')} Mafia and ${count('sheriff')} Sheriff; the sports game deals 1, 2 and 1 (fix the roles)`);
  }
  const players = [...g.players].sort((a, b) => a.seat - b.seat).map((p) => ({ name: p.name, role: NATIVE_ROLE[p.role] }));
  const rec = {
    format: RECORD_FORMAT,
    version: RECORD_VERSION,
    id: g.id,
    source: `sports-mafia ${g.source} ${file}`,
    setup: { rules: SPORTS_RULES, players: g.n_players, mafia: 3 },
    players,
    start: 'day',
    nights: [],
    days: null,
    ...(g.first_killed_at_night ? { firstNightKill: g.first_killed_at_night } : {}),
    ...(g.first_killed_by_day ? { firstLynch: g.first_killed_by_day } : {}),
    complete: false,
    winner: g.winner,
  };
  return parseRecord(rec, `${file} ${at}`);
}
