// A rules file's own roles: `roles: {guard: {team: town, protect: {...}}}`
// beside the counts (`roles: {doctor: 0}`). A definition is checked with zod
// and turned into a row of the vocabulary (abilities.ts); its normal form,
// every field spelt out, is what the canonical rules carry, so two different
// definitions never share a hash and one spelt two ways always does.

import { createRequire } from 'node:module';
import type { z as Z } from 'zod';
import { STOP_CAUSES, TEAM_WORDS, roleRow, type NamedRole, type NightAbility, type RoleRow, type StopCause, type TeamName } from './abilities.js';
import { ROLE_ROWS } from './roles.js';
import { didYouMean } from './spelling.js';

/**
 * zod, loaded the first time a rules file defines a role: the engine is
 * imported by every worker, and most rules define none (zod doubles a
 * worker's start-up). A synchronous require, since resolveRules is.
 */
const loadZod = (): typeof Z => (createRequire(import.meta.url)('zod') as { z: typeof Z }).z;

/** The schemas of a definition, built with zod once it is loaded. */
function buildSchemas(z: typeof Z) {
  /**
   * `repeat`: true, no limit; false, never the same target two nights running
   * (the same as 1); N, at most N nights in a row. Its normal form is true or N.
   */
  const repeat = z
    .union([z.boolean(), z.number().int().min(1).max(99)])
    .default(true)
    .transform((r) => (r === false ? 1 : r));
  const repeatLimit = z.enum(['same-target', 'nights-running']).default('same-target');

  const protectSchema = z.strictObject({
    self: z.boolean().default(true),
    repeat,
    repeatLimit,
    mayPass: z.boolean().default(false),
    // Normal form: each cause once, in STOP_CAUSES order.
    stops: z
      .array(z.enum(STOP_CAUSES))
      .default([...STOP_CAUSES])
      .transform((list) => STOP_CAUSES.filter((c) => list.includes(c))),
    unfreezes: z.boolean().default(true),
  });
  const blockSchema = z.strictObject({ repeat, repeatLimit, mayPass: z.boolean().default(false) });
  const checkSchema = z.strictObject({
    reveals: z.string().min(1).default('team'),
    mayPass: z.boolean().default(false),
    note: z.boolean().default(false),
    learnsKiller: z.boolean().default(false),
  });
  const killSchema = z.strictObject({ mayPass: z.boolean().default(true) });
  const gunSchema = z.strictObject({ bullets: z.number().int().min(1).max(99).default(1), firstNight: z.boolean().default(true) });
  const kamikazeSchema = z.strictObject({ target: z.string().min(1) });
  const silenceSchema = z.strictObject({ repeat, repeatLimit, mayPass: z.boolean().default(true), votes: z.boolean().default(true) });

  /** The night abilities a definition may give (at most one), each a mapping of its parameters (`{}` for the defaults). */
  const NIGHT_SCHEMAS = { block: blockSchema, protect: protectSchema, check: checkSchema, kill: killSchema, gun: gunSchema, kamikaze: kamikazeSchema, silence: silenceSchema } as const;

  const roleDefSchema = z.strictObject({
    team: z.enum(TEAM_WORDS),
    label: z.string().min(1).max(40).optional(),
    count: z.number().int().min(0).max(100000).default(1),
    told: z.string().min(1).optional(),
    seenAs: z.enum(['team', 'mafia', 'town']).default('team'),
    shoots: z.boolean().default(false),
    shootsAlone: z.boolean().default(false),
    leader: z.boolean().default(false),
    wakesWithClan: z.boolean().default(true),
    seesClan: z.boolean().default(false),
    hunts: z.boolean().default(true),
    onShot: z.enum(['dies', 'immune', 'turns']).default('dies'),
    turnsOnLeaderDeath: z.boolean().default(false),
    turnsInto: z.string().min(1).optional(),
    assists: z.string().min(1).optional(),
    lastShot: z.boolean().default(false),
    extraShots: z.number().int().min(0).max(3).default(0),
    blast: z.boolean().default(false),
    lynchShield: z.number().int().min(0).max(9).default(0),
    counted: z.boolean().default(true),
    asRole: z.enum(['putana', 'doctor', 'maniac']).optional(),
    block: blockSchema.optional(),
    protect: protectSchema.optional(),
    check: checkSchema.optional(),
    kill: killSchema.optional(),
    gun: gunSchema.optional(),
    kamikaze: kamikazeSchema.optional(),
    silence: silenceSchema.optional(),
  });
  return { roleDef: roleDefSchema, night: NIGHT_SCHEMAS };
}

let schemas: ReturnType<typeof buildSchemas> | null = null;
const schemasNow = (): ReturnType<typeof buildSchemas> => (schemas ??= buildSchemas(loadZod()));

type NightKey = keyof ReturnType<typeof buildSchemas>['night'];
const NIGHT_KEYS: readonly NightKey[] = ['block', 'protect', 'check', 'kill', 'gun', 'kamikaze', 'silence'];

/** A definition with every default filled in. */
export type RoleDef = Z.infer<ReturnType<typeof buildSchemas>['roleDef']>;

/** A definition's key: lower case letters, digits and dashes, starting with a letter. */
const KEY_PATTERN = /^[a-z][a-z0-9-]{0,31}$/;

/** A bad definition: `field` is its path under `roles`, the message says what to write instead. */
export class RoleDefError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
  }
}

/**
 * Checks one definition under `roles.<key>` and gives its normal form;
 * `known` are the other role keys it may name (built-in and defined).
 */
export function parseRoleDef(key: string, raw: unknown, known: readonly string[]): RoleDef {
  const where = `roles.${key}`;
  if (!KEY_PATTERN.test(key)) throw new RoleDefError(where, 'a new role\'s key is lower case letters, digits and dashes, starting with a letter (e.g. "guard")');
  const builtin = ROLE_ROWS.find((r) => r.key === key || r.aliases.includes(key));
  if (builtin) throw new RoleDefError(where, `${key} is the built-in ${builtin.label}: give it a count (roles.${key}: 1) or define your own role under another key (e.g. my-${key})`);
  const parsed = schemasNow().roleDef.safeParse(raw);
  if (!parsed.success) {
    const { path, message } = issueMessage(parsed.error.issues[0]!, raw);
    throw new RoleDefError([where, ...path].join('.'), message);
  }
  const def = parsed.data;
  checkDef(where, def, known);
  return def;
}

/** What zod cannot say alone: one night ability, keys that exist, fields that need each other. */
function checkDef(where: string, d: RoleDef, known: readonly string[]): void {
  const abilities = NIGHT_KEYS.filter((k) => d[k] !== undefined);
  if (abilities.length > 1) throw new RoleDefError(`${where}.${abilities[1]}`, `a role has at most one night ability (here ${abilities.join(' and ')}); keep one`);
  const refs: Array<[string, string | undefined]> = [
    ['told', d.told],
    ['turnsInto', d.turnsInto],
    ['assists', d.assists],
    ['kamikaze.target', d.kamikaze?.target],
    ['check.reveals', d.check?.reveals === 'team' ? undefined : d.check?.reveals],
  ];
  for (const [field, ref] of refs) {
    if (ref !== undefined && !known.includes(ref)) throw new RoleDefError(`${where}.${field}`, `unknown role ${JSON.stringify(ref)}${didYouMean(ref, known)}; name a role key (${known.join(', ')})`);
  }
  if ((d.onShot === 'turns' || d.turnsOnLeaderDeath) && d.turnsInto === undefined) throw new RoleDefError(`${where}.turnsInto`, 'missing: a role that turns needs the role it turns into (e.g. turnsInto: mafia)');
  if (d.team !== 'mafia' && (d.shoots || d.shootsAlone || d.leader)) {
    throw new RoleDefError(`${where}.${d.shoots ? 'shoots' : d.shootsAlone ? 'shootsAlone' : 'leader'}`, `only a mafia-team role takes part in the mafia's shot; set team: mafia or remove it`);
  }
}

/** `repeat` in its normal form: true (no limit) or the nights in a row allowed. */
type RepeatJson = true | number;
type RepeatLimitJson = 'same-target' | 'nights-running';

/**
 * A definition's normal form, as the canonical rules and the JSON outputs
 * hold it under `define.<key>`: every field spelt out but the count (under
 * `roles`), at most one night ability. Written out for the published
 * schemas; canonicalDef holds zod's type of a definition to it.
 */
export interface RoleDefJson {
  readonly team: TeamName;
  readonly label?: string;
  readonly told?: string;
  readonly seenAs: 'team' | 'mafia' | 'town';
  readonly shoots: boolean;
  readonly shootsAlone: boolean;
  readonly leader: boolean;
  readonly wakesWithClan: boolean;
  readonly seesClan: boolean;
  readonly hunts: boolean;
  readonly onShot: 'dies' | 'immune' | 'turns';
  readonly turnsOnLeaderDeath: boolean;
  readonly turnsInto?: string;
  readonly assists?: string;
  readonly lastShot: boolean;
  readonly extraShots: number;
  readonly blast: boolean;
  readonly lynchShield: number;
  readonly counted: boolean;
  readonly asRole?: NamedRole;
  readonly block?: { readonly repeat: RepeatJson; readonly repeatLimit: RepeatLimitJson; readonly mayPass: boolean };
  readonly protect?: { readonly self: boolean; readonly repeat: RepeatJson; readonly repeatLimit: RepeatLimitJson; readonly mayPass: boolean; readonly stops: readonly StopCause[]; readonly unfreezes: boolean };
  readonly check?: { readonly reveals: string; readonly mayPass: boolean; readonly note: boolean; readonly learnsKiller: boolean };
  readonly kill?: { readonly mayPass: boolean };
  readonly gun?: { readonly bullets: number; readonly firstNight: boolean };
  readonly kamikaze?: { readonly target: string };
  readonly silence?: { readonly repeat: RepeatJson; readonly repeatLimit: RepeatLimitJson; readonly mayPass: boolean; readonly votes: boolean };
}

/** The normal form's canonical text: sorted keys, every field spelt out. */
export function canonicalDef(d: RoleDef): RoleDefJson {
  const { count: _count, ...rest } = d;
  // zod's type of a definition must fit the published one: a field RoleDefJson requires and zod lacks fails to compile here, one zod adds and RoleDefJson lacks fails test/cli/schemas.test.ts.
  const normal: RoleDefJson = rest;
  return sortKeys(normal) as RoleDefJson;
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v === null || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v).sort()) {
    const x = (v as Record<string, unknown>)[k];
    if (x !== undefined) out[k] = sortKeys(x);
  }
  return out;
}

const repeatCount = (r: true | number): number => (r === true ? 0 : r);

/** The label of a defined role that gives none: its key, capitalised, hyphens as spaces ("night-guard" -> "Night guard"). */
export function defaultRoleLabel(key: string): string {
  return key.charAt(0).toUpperCase() + key.slice(1).replace(/-/g, ' ');
}

/** The row of the vocabulary a definition stands for. */
export function rowOfDef(key: string, d: RoleDef): RoleRow {
  return roleRow({
    key,
    label: d.label ?? defaultRoleLabel(key),
    team: d.team,
    told: d.told,
    seenAs: d.seenAs,
    shoots: d.shoots,
    shootsAlone: d.shootsAlone,
    leader: d.leader,
    clan: d.wakesWithClan,
    seesClan: d.seesClan,
    hunts: d.hunts,
    onShot: d.onShot,
    turnsOnLeaderDeath: d.turnsOnLeaderDeath,
    turnsInto: d.turnsInto,
    assists: d.assists,
    lastShot: d.lastShot,
    extraShots: d.extraShots,
    blast: d.blast,
    lynchShield: d.lynchShield,
    counted: d.counted,
    asRole: d.asRole,
    night: nightOfDef(d),
  });
}

function nightOfDef(d: RoleDef): NightAbility | undefined {
  if (d.block) return { kind: 'block', repeat: repeatCount(d.block.repeat), repeatLimit: d.block.repeatLimit, mayPass: d.block.mayPass };
  if (d.protect) {
    const p = d.protect;
    const stops = Object.fromEntries(STOP_CAUSES.map((c) => [c, p.stops.includes(c)])) as Record<(typeof STOP_CAUSES)[number], boolean>;
    return { kind: 'protect', self: p.self, repeat: repeatCount(p.repeat), repeatLimit: p.repeatLimit, mayPass: p.mayPass, stops, unfreezes: p.unfreezes };
  }
  if (d.check) return { kind: 'check', reveals: d.check.reveals, mayPass: d.check.mayPass, note: d.check.note, learnsKiller: d.check.learnsKiller };
  if (d.kill) return { kind: 'kill', mayPass: d.kill.mayPass };
  if (d.gun) return { kind: 'gun', bullets: d.gun.bullets, firstNight: d.gun.firstNight };
  if (d.kamikaze) return { kind: 'kamikaze', target: d.kamikaze.target };
  if (d.silence) return { kind: 'silence', repeat: repeatCount(d.silence.repeat), repeatLimit: d.silence.repeatLimit, mayPass: d.silence.mayPass, votes: d.silence.votes };
  return undefined;
}

const KIND_EXAMPLE: Readonly<Record<string, string>> = { number: 'a number', string: 'text', boolean: 'true or false', array: 'a list', object: 'a mapping' };

/** The keys allowed at a path of a definition, for unknown-key messages. */
function keysAt(path: readonly PropertyKey[]): readonly string[] {
  const { night, roleDef } = schemasNow();
  const head = path[0];
  if (typeof head === 'string' && head in night) return Object.keys(night[head as NightKey].shape);
  return Object.keys(roleDef.shape);
}

function valueAt(doc: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>((v, k) => (v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined), doc);
}

/** A zod issue in the rules file's own terms: the field and a fix that is itself valid. */
function issueMessage(issue: Z.core.$ZodIssue, doc: unknown): { path: string[]; message: string } {
  const path = issue.path.map(String);
  const got = `got ${JSON.stringify(valueAt(doc, issue.path)) ?? 'nothing'}`;
  switch (issue.code) {
    case 'unrecognized_keys': {
      const allowed = keysAt(issue.path);
      const key = issue.keys[0]!;
      return { path: [...path, key], message: `unknown field${didYouMean(key, allowed)}; fields here: ${allowed.join(', ')}` };
    }
    case 'invalid_type':
      if (valueAt(doc, issue.path) === undefined) return { path, message: `missing; give ${path.at(-1) === 'team' ? `team: ${TEAM_WORDS.join(' | ')}` : (KIND_EXAMPLE[issue.expected] ?? issue.expected)}` };
      return { path, message: `${got}; give ${KIND_EXAMPLE[issue.expected] ?? issue.expected}` };
    case 'invalid_value': {
      const values = issue.values.map(String);
      if (valueAt(doc, issue.path) === undefined) return { path, message: `missing; use one of ${values.join(', ')}` };
      return { path, message: `${got}${didYouMean(String(valueAt(doc, issue.path)), values)}; use one of ${values.join(', ')}` };
    }
    case 'invalid_union':
      return { path, message: `${got}; give true (no limit), false (never the same target two nights running) or a number of nights from 1 to 99` };
    case 'too_small':
      return { path, message: `${got}; use ${issue.origin === 'string' ? 'a longer text' : `at least ${String(issue.minimum)}`}` };
    case 'too_big':
      return { path, message: `${got}; use ${issue.origin === 'string' ? 'a shorter text' : `at most ${String(issue.maximum)}`}` };
    default:
      return { path, message: issue.message };
  }
}
