// Importer for the live-werewolf records (tim0jin/werewolf, commit 661f697;
// never copied into this repository, they have no licence): one games.json
// of face-to-face Werewolf games of one playgroup, 9 to 21 players, night
// first, each record with its own role mix. Each record is played under its
// own setup: the `werewolf` preset with the record's table size, Werewolves,
// Seer, Bodyguard and the other roles it deals. A record with a role the
// engine cannot play (a cult leader, a prince here with a teenager) is left
// out, and so is one the file marks unclean, one without a winner, and one
// whose events its own deal cannot produce; each is listed with its reason.

import { z } from 'zod';
import { RECORD_FORMAT, RECORD_VERSION, RecordError, parseRecord, type GameRecord, type RecordDay, type RecordNight, type RecordPlayer } from './format.js';
import { checkPhaseOrder, firstEntryHas, parsedAt, type ImportedSet, type LeftOut } from './mturk.js';

/** The preset these games are played on (the engine's Ultimate Werewolf). */
export const LIVE_WEREWOLF_RULES = 'werewolf';

/**
 * Each record role the engine plays: its key in the role table and its role
 * in a native record (the statistics' seer is the cop, the bodyguard the
 * protector they call the medic). The Werewolves' count is `--mafia`.
 */
const PLAYABLE: Readonly<Record<string, { readonly key: string | null; readonly record: RecordPlayer }>> = {
  villager: { key: null, record: { name: '', role: 'town' } },
  werewolf: { key: null, record: { name: '', role: 'mafia' } },
  cub: { key: 'wolfcub', record: { name: '', role: 'other', team: 'mafia' } },
  minion: { key: 'minion', record: { name: '', role: 'other', team: 'mafia' } },
  seer: { key: 'commissar', record: { name: '', role: 'cop' } },
  bodyguard: { key: 'bodyguard', record: { name: '', role: 'medic' } },
  cursed: { key: 'cursed', record: { name: '', role: 'other', team: 'town' } },
  lycan: { key: 'lycan', record: { name: '', role: 'other', team: 'town' } },
  bomb: { key: 'bomb', record: { name: '', role: 'other', team: 'town' } },
  spellcaster: { key: 'spellcaster', record: { name: '', role: 'other', team: 'town' } },
};

/** The roles the werewolf preset deals whatever the count given: a record without them says 0. */
const ALWAYS_SET = ['commissar', 'bodyguard'];

const name = z.string().min(1);
const eventSchema = z.object({
  kind: z.enum(['w', 'wb', 'PROTECTED', 'TURNED', 'l', 'lb', 'time&out']),
  player: name.optional(),
  role: z.string().optional(),
  wolf_team: z.boolean().optional(),
});
const phaseSchema = z.object({
  phase: z.enum(['night', 'day']),
  number: z.number().int().min(1),
  alive_before: z.number().int().min(0),
  wolves_alive_before: z.number().int().min(0),
  events: z.array(eventSchema),
});
const gameSchema = z.object({
  game: z.number().int(),
  players: z.number().int().min(2),
  roles: z.record(name, z.string().min(1)),
  roles_count: z.record(z.string(), z.number().int().min(0)),
  winner: z.enum(['town', 'wolves']).nullable(),
  clean: z.boolean(),
  problems: z.array(z.string()),
  phases: z.array(phaseSchema),
});
type Game = z.infer<typeof gameSchema>;
type Phase = z.infer<typeof phaseSchema>;

/** A games.json array of live-werewolf games (for auto-detection): entries with game, phases and roles_count. */
export function looksLikeLiveWerewolf(doc: unknown): boolean {
  return firstEntryHas(doc, ['game', 'phases', 'roles_count']);
}

export function importLiveWerewolf(doc: unknown, file: string): ImportedSet {
  if (!Array.isArray(doc)) throw new RecordError(file, '', 'a live-werewolf games.json holds an array of games; see docs/records.md');
  const records: GameRecord[] = [];
  const leftOut: LeftOut[] = [];
  doc.forEach((entry, i) => {
    const g = parsedAt(gameSchema, entry, file, `[${i}]`);
    const id = `game ${g.game}`;
    const skip = (why: string, problems: readonly string[]): void => void leftOut.push({ file, id, why, problems });
    const dealt = new Set([...Object.entries(g.roles_count).filter(([, k]) => k > 0).map(([role]) => role), ...Object.values(g.roles)]);
    const unplayable = [...dealt].filter((role) => !(role in PLAYABLE)).sort();
    if (unplayable.length > 0) return skip('a role the engine cannot play', unplayable);
    if (!g.clean) return skip('not clean', g.problems);
    if (g.winner === null) return skip('no winner recorded', ['not scored']);
    const protections = g.phases.some((p) => p.events.some((e) => e.kind === 'PROTECTED'));
    if (protections && !Object.values(g.roles).includes('bodyguard')) return skip('events its deal cannot produce', ['a protection, and no bodyguard dealt']);
    records.push(recordOf(g, file, `[${i}]`));
  });
  return { records, leftOut };
}

/** The record's players in alias order, each with the native role of its record role. */
function playersOf(g: Game, file: string, at: string): RecordPlayer[] {
  const out = Object.entries(g.roles).map(([alias, role]) => ({ ...PLAYABLE[role]!.record, name: alias }));
  if (out.length !== g.players) throw new RecordError(file, `${at}.roles`, `names ${out.length} players but the game has ${g.players}; fix players or roles`);
  return out;
}

/** The setup a simulation plays: the werewolf preset at this table, its Werewolves as `mafia`, every other role's count. */
function setupOf(g: Game): NonNullable<GameRecord['setup']> {
  const roles: Record<string, number> = Object.fromEntries(ALWAYS_SET.map((k) => [k, 0]));
  let werewolves = 0;
  for (const role of Object.values(g.roles)) {
    const key = PLAYABLE[role]!.key;
    if (role === 'werewolf') werewolves++;
    else if (key !== null) roles[key] = (roles[key] ?? 0) + 1;
  }
  return { rules: LIVE_WEREWOLF_RULES, players: g.players, mafia: werewolves, roles };
}

/**
 * Night k, then day k. A night's deaths are its `w` (the wolves' kills) and
 * `wb` (a bitten Bomb's blast); its PROTECTED count the kills a protection
 * stopped (whom the record does not say); TURNED is the Cursed bitten, who
 * is a wolf from then on. A day's `l` is its lynch (`lb`: killed by a
 * lynched Bomb), `time&out` a day without one. At every phase the living
 * and the wolf team the earlier phases leave must be the counts the record
 * states, and each death's wolf_team the team the deal and the turns give
 * him, or the file is refused.
 */
function recordOf(g: Game, file: string, at: string): GameRecord {
  const players = playersOf(g, file, at);
  const wolf = new Map(players.map((p) => [p.name, p.team === 'mafia' || p.role === 'mafia']));
  const cursed = Object.entries(g.roles).find(([, r]) => r === 'cursed')?.[0];
  const alive = new Set(players.map((p) => p.name));
  const nights: RecordNight[] = [];
  const days: RecordDay[] = [];
  g.phases.forEach((p, j) => {
    const where = `${at}.phases[${j}]`;
    checkPhaseOrder(p, j, file, where);
    checkAlive(p, alive, wolf, file, where);
    const deaths: string[] = [];
    let lynch: string | null = null;
    let saves = 0;
    const turned: string[] = [];
    p.events.forEach((e, k) => {
      const here = `${where}.events[${k}]`;
      if (e.kind === 'PROTECTED') saves++;
      else if (e.kind === 'TURNED') {
        if (cursed === undefined || !alive.has(cursed)) throw new RecordError(file, here, 'a player turned, and no living cursed is dealt; fix the roles or the event');
        turned.push(cursed);
        wolf.set(cursed, true);
      } else if (e.kind !== 'time&out') {
        const who = e.player;
        if (who === undefined || !alive.has(who)) throw new RecordError(file, `${here}.player`, `${JSON.stringify(who)} is not a living player of this game; fix the name`);
        if (e.wolf_team !== undefined && e.wolf_team !== wolf.get(who)) throw new RecordError(file, `${here}.wolf_team`, `is ${e.wolf_team}, but the deal and the turns make ${who} ${wolf.get(who) ? 'a wolf' : 'a villager'}; make them agree`);
        if (e.kind === 'l') {
          if (lynch !== null) throw new RecordError(file, here, 'a second lynch in one day; mark the game unclean');
          lynch = who;
        } else deaths.push(who);
      }
    });
    if (p.phase === 'night') {
      for (const d of deaths) alive.delete(d);
      nights.push({ deaths, saves, ...(turned.length > 0 ? { turned } : {}) });
    } else {
      if (lynch !== null) alive.delete(lynch);
      for (const d of deaths) alive.delete(d);
      days.push({ lynch, ...(deaths.length > 0 ? { deaths } : {}) });
    }
  });
  const rec = {
    format: RECORD_FORMAT,
    version: RECORD_VERSION,
    id: `game ${g.game}`,
    source: `live-werewolf ${file}`,
    setup: setupOf(g),
    players,
    start: 'night',
    nights,
    days,
    complete: true,
    winner: g.winner === 'town' ? 'town' : 'mafia',
  };
  return parseRecord(rec, `${file} ${at}`);
}

function checkAlive(p: Phase, alive: ReadonlySet<string>, wolf: ReadonlyMap<string, boolean>, file: string, where: string): void {
  let wolves = 0;
  for (const n of alive) if (wolf.get(n)) wolves++;
  if (alive.size !== p.alive_before || wolves !== p.wolves_alive_before) {
    throw new RecordError(file, where, `says ${p.alive_before} alive, ${p.wolves_alive_before} of the wolf team, but the earlier phases leave ${alive.size} and ${wolves}; fix the events or the counts`);
  }
}
