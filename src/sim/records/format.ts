// The native record of one game (docs/records.md): who held which role, what
// each night and day brought, and the winner, written by hand, imported from
// another format, or converted from an engine game log. A record says only
// what it knows: a field left out is unknown, and the statistics skip it.
// Validation is zod; every problem becomes one line naming the file, the
// field path and the fix. Version 2 adds a record's own setup (the rules it
// was played by, its table size and roles) and a day's `alive` list;
// version 1 records are read as before.

import { z } from 'zod';
import { SimInputError } from '../errors.js';
import { RECORD_ROLES, RECORD_TEAMS, RECORD_WINNERS } from './teams.js';

export const RECORD_FORMAT = 'mafia-sim-record';
/** The version written; every version in RECORD_VERSIONS is read. */
export const RECORD_VERSION = 2;
export const RECORD_VERSIONS = [1, 2] as const;

const name = z.string().min(1);

const playerSchema = z.strictObject({
  name,
  role: z.enum(RECORD_ROLES),
  team: z.enum(RECORD_TEAMS).optional(),
});

const nightSchema = z.strictObject({
  /** Each mafia shot's target, in order; a name may repeat (both shots at one player). Empty: no shot. */
  mafiaTargets: z.array(name).optional(),
  /** The medic's protection; null: none that night (dead, or none given). Left out: unknown. */
  save: name.nullable().optional(),
  /** The cop's check; result "mafia" or "town" (left out: read from the roles). */
  check: z.strictObject({ target: name, result: z.enum(['mafia', 'town']).optional() }).nullable().optional(),
  /** The vigilante's shot; null: he held (or was dead). */
  shot: name.nullable().optional(),
  /** Who died this night, any cause. Left out: unknown. */
  deaths: z.array(name).optional(),
  /** Kills a protection stopped this night (a record that does not name whom: the live-werewolf records' PROTECTED). Left out: read from `save`, `mafiaTargets` and `deaths` where they say. */
  saves: z.number().int().min(0).optional(),
  /** Players who joined the Mafia team this night (a Cursed bitten, a Foundling turned): they count as Mafia from then on. */
  turned: z.array(name).optional(),
});

const voteSchema = z.strictObject({ voter: name, target: name.nullable(), round: z.number().int().min(0).optional() });

const claimSchema = z.strictObject({
  speaker: name,
  kind: z.enum(['role', 'result', 'accuse']),
  role: z.string().optional(),
  target: name.optional(),
  black: z.boolean().optional(),
});

const daySchema = z.strictObject({
  /** The player lynched; null: the day ended without a lynch. */
  lynch: name.nullable(),
  /** True when the rules held no vote that day (it does not count as a no-lynch day). */
  noVote: z.boolean().optional(),
  /** Every vote cast that day (a living player not listed did not vote); round 0 is the day's vote, 1 a revote. */
  votes: z.array(voteSchema).optional(),
  /** Version 2: the players alive when the vote opened, where that differs from what the phases say (a forum turn votes before its night). */
  alive: z.array(name).optional(),
  claims: z.array(claimSchema).optional(),
  /** Who else died this day (removals, a last shot), counted after the lynch. */
  deaths: z.array(name).optional(),
  /** Players who joined the Mafia team this day (a Foundling turned by the Boss's lynch), counted after the day's deaths. */
  turned: z.array(name).optional(),
});

/**
 * Version 2: what a simulation of this game plays. `rules` a preset or a
 * rules file, as `--rules` takes it (a relative path is read from the working
 * directory, then from the package); `players`, `mafia` and `roles` override
 * the rules' own, as `--players`, `--mafia` and `--set roles.KEY=N` do.
 */
const setupSchema = z.strictObject({
  rules: z.string().min(1).optional(),
  players: z.number().int().min(1).optional(),
  mafia: z.number().int().min(0).optional(),
  roles: z.record(z.string().min(1), z.number().int().min(0)).optional(),
});

export const recordSchema = z.strictObject({
  format: z.literal(RECORD_FORMAT),
  version: z.union(RECORD_VERSIONS.map((v) => z.literal(v))),
  id: z.string().min(1),
  source: z.string().optional(),
  setup: setupSchema.optional(),
  players: z.array(playerSchema).min(2),
  /** Which phase comes first: night 1 before day 1, or day 1 before night 1. */
  start: z.enum(['night', 'day']),
  /** The nights in order, night 1 first; only the first nights when `complete` is false. */
  nights: z.array(nightSchema),
  /** The days in order, or null when their order is not known. */
  days: z.array(daySchema).nullable(),
  /** Everyone lynched, in no particular order: for records whose days are unknown. */
  lynched: z.array(name).optional(),
  /** Every vigilante shot of the game, night unknown (null: he never fired): for records without every night. */
  vigilanteShots: z.array(name).nullable().optional(),
  /** The first player killed at night (any night), for records that know it but not the nights (the sports-mafia osboo records). */
  firstNightKill: name.optional(),
  /** The first player lynched (any day), for records that know it but not the days. */
  firstLynch: name.optional(),
  /** True when `nights` and `days` hold the whole game. */
  complete: z.boolean(),
  winner: z.enum(RECORD_WINNERS),
});

export type GameRecord = z.infer<typeof recordSchema>;
export type RecordNight = z.infer<typeof nightSchema>;
export type RecordDay = z.infer<typeof daySchema>;
export type RecordPlayer = z.infer<typeof playerSchema>;
export type RecordSetup = z.infer<typeof setupSchema>;

/** A bad record: `file: field.path: what is wrong; the fix`. */
export class RecordError extends SimInputError {
  constructor(file: string, path: string, detail: string) {
    super(path ? `${file}: ${path}` : file, detail);
    this.name = 'RecordError';
  }
}

/** `nights[2].save` from zod's path. */
export function fieldPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out === '' ? String(p) : `.${String(p)}`;
  return out;
}

/** The value at a zod path in the parsed document (undefined when absent). */
function valueAt(doc: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let v: unknown = doc;
  for (const p of path) v = typeof v === 'object' && v !== null ? (v as Record<PropertyKey, unknown>)[p] : undefined;
  return v;
}

/** One line for zod's first issue of `doc`, with a fix. */
export function describeIssue(issue: z.core.$ZodIssue, doc: unknown): string {
  if (issue.code !== 'unrecognized_keys' && issue.path.length > 0 && valueAt(doc, issue.path) === undefined) {
    return `missing; add it (${issue.code === 'invalid_value' ? `one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}` : issue.code === 'invalid_type' ? issue.expected : 'see docs/records.md'})`;
  }
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}; fix the value`;
    case 'unrecognized_keys':
      return `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}; remove ${issue.keys.length > 1 ? 'them' : 'it'} (see docs/records.md)`;
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'too_small':
      return `${issue.message}; fix the value`;
    default:
      return `${issue.message}; see docs/records.md`;
  }
}

/** Validates a parsed native record, names included; throws a RecordError for the first problem. */
export function parseRecord(doc: unknown, file: string): GameRecord {
  const r = recordSchema.safeParse(doc);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    const path = fieldPath(issue.path);
    throw new RecordError(file, path, describeIssue(issue, doc));
  }
  checkNames(r.data, file);
  return r.data;
}

/** Every name a record uses must be one of its players; players are named once; an `other` role says its team. */
function checkNames(rec: GameRecord, file: string): void {
  const names = new Set<string>();
  rec.players.forEach((p, i) => {
    if (names.has(p.name)) throw new RecordError(file, `players[${i}].name`, `${JSON.stringify(p.name)} is listed twice; give each player one entry`);
    names.add(p.name);
    if (p.role === 'other' && !p.team) throw new RecordError(file, `players[${i}].team`, 'a player with role "other" needs a team; add team: "town", "mafia" or "third"');
  });
  const known = (n: string, path: string): void => {
    if (!names.has(n)) throw new RecordError(file, path, `${JSON.stringify(n)} is not a player of this record; use a name from players`);
  };
  rec.nights.forEach((nt, i) => {
    const at = `nights[${i}]`;
    nt.mafiaTargets?.forEach((t, j) => known(t, `${at}.mafiaTargets[${j}]`));
    if (nt.save) known(nt.save, `${at}.save`);
    if (nt.check) known(nt.check.target, `${at}.check.target`);
    if (nt.shot) known(nt.shot, `${at}.shot`);
    nt.deaths?.forEach((t, j) => known(t, `${at}.deaths[${j}]`));
    nt.turned?.forEach((t, j) => known(t, `${at}.turned[${j}]`));
  });
  rec.days?.forEach((d, i) => {
    const at = `days[${i}]`;
    if (d.lynch) known(d.lynch, `${at}.lynch`);
    d.votes?.forEach((v, j) => {
      known(v.voter, `${at}.votes[${j}].voter`);
      if (v.target) known(v.target, `${at}.votes[${j}].target`);
    });
    d.deaths?.forEach((t, j) => known(t, `${at}.deaths[${j}]`));
    d.turned?.forEach((t, j) => known(t, `${at}.turned[${j}]`));
    d.alive?.forEach((t, j) => known(t, `${at}.alive[${j}]`));
    d.claims?.forEach((c, j) => {
      known(c.speaker, `${at}.claims[${j}].speaker`);
      if (c.target) known(c.target, `${at}.claims[${j}].target`);
    });
  });
  rec.lynched?.forEach((t, j) => known(t, `lynched[${j}]`));
  rec.vigilanteShots?.forEach((t, j) => known(t, `vigilanteShots[${j}]`));
  if (rec.firstNightKill) known(rec.firstNightKill, 'firstNightKill');
  if (rec.firstLynch) known(rec.firstLynch, 'firstLynch');
  if (rec.complete && rec.days === null) throw new RecordError(file, 'days', 'a complete record lists its days in order; give days, or set complete: false');
  checkVersion2(rec, file);
}

/** Version 2's fields in a version 1 record, and a setup whose table size is not the record's. */
function checkVersion2(rec: GameRecord, file: string): void {
  if (rec.version === 1) {
    if (rec.setup) throw new RecordError(file, 'setup', 'needs version 2; set version: 2');
    const i = rec.days?.findIndex((d) => d.alive !== undefined) ?? -1;
    if (i >= 0) throw new RecordError(file, `days[${i}].alive`, 'needs version 2; set version: 2');
  }
  const seats = rec.setup?.players;
  if (seats !== undefined && seats !== rec.players.length) {
    throw new RecordError(file, 'setup.players', `is ${seats} but the record lists ${rec.players.length} players; make them agree (or leave setup.players out: it defaults to the players listed)`);
  }
}
