// Resolves a preset, a rules document and overrides into frozen Rules with a
// canonical string and hash, refusing unplayable setups with a message that
// names the field and the fix. A rules file's `roles` gives counts and may
// define new roles (roleFile.ts); the resolved Rules carry their compiled
// role table (RoleBook). Reading files is the caller's job.

import { createHash } from 'node:crypto';
import type { RoleRow } from './abilities.js';
import { OPTION_KEYS, OPTION_SPECS, baseOptions, frozenOptions, optionSpec, parseOptionValue, type Options, type OptionValue } from './options.js';
import { PRESETS, PRESET_NAMES, isPresetName, type PresetName } from './presets.js';
import { MAX_ROLES, NO_ROLE, RoleBook } from './roleBook.js';
import { RoleDefError, canonicalDef, parseRoleDef, rowOfDef, type RoleDef, type RoleDefJson } from './roleFile.js';
import { ROLE_ROWS, Role, Team, type RoleSpec } from './roles.js';
import { didYouMean } from './spelling.js';

/** A bad rules input: `field` names what to change; the message says what is allowed. */
export class RulesError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
    this.name = 'RulesError';
  }
}

/** The shape of a rules file (JSON or YAML) once parsed. */
export interface RulesDoc {
  preset?: string;
  players?: unknown;
  mafia?: unknown;
  /** `key: count`, or `key: {team: ..., ...}` to define a new role (roleFile.ts). */
  roles?: Record<string, unknown>;
  options?: Record<string, unknown>;
}

export interface RulesOverrides {
  players?: unknown;
  mafia?: unknown;
  /** `key=value` strings: an option key, `roles.<role>`, `players` or `mafia`. */
  set?: readonly string[];
}

export interface Rules {
  /** The preset the rules started from (a label: the canonical form does not include it). */
  readonly preset: PresetName;
  readonly players: number;
  /** Count per role, indexed by Role id (the rules file's own roles after the built-in ones). */
  readonly roles: readonly number[];
  readonly options: Options;
  /** The role table of these rules: every role's row compiled under these options. */
  readonly book: RoleBook;
  /** One line of JSON with sorted keys: the identity of the game. */
  readonly canonical: string;
  /** First 16 hex digits of the canonical string's SHA-256. */
  readonly hash: string;
}

/** The canonical string parsed: what every output holds as `rules`. */
export interface CanonicalRules {
  readonly players: number;
  readonly roles: Record<string, number>;
  readonly options: Record<string, OptionValue>;
  /** A rules file's own roles, each in its normal form (their counts are under `roles`); only when it defines some. */
  readonly define?: Record<string, RoleDefJson>;
}

const DOC_KEYS = ['preset', 'players', 'mafia', 'roles', 'options'];

/**
 * A setup that parses but cannot be played (too few players, parity at the
 * start...). Its message is completed with fixes that were checked to resolve.
 */
class UnplayableError extends RulesError {}

export function resolveRules(doc: RulesDoc | string, overrides: RulesOverrides = {}): Rules {
  try {
    return resolveOnce(doc, overrides);
  } catch (e) {
    if (e instanceof UnplayableError) throw new RulesError(e.field, `${e.message.slice(e.field.length + 2)}; ${describeFixes(doc, overrides, e.field)}`);
    throw e;
  }
}

/** Tables larger than this are not searched for a fix. */
const MAX_FIX_PLAYERS = 100;

/**
 * The nearest changes that make the setup playable, each tried: the smallest
 * larger table, and the nearest count of the refused field (mafia or a role).
 * A fix is spelt as the flag to give (`--set` when the user's --set gave that key,
 * since a later --set would override the flag).
 */
function describeFixes(doc: RulesDoc | string, overrides: RulesOverrides, field: string): string {
  const set = overrides.set ?? [];
  /** Whether the setup resolves with these `key=value` changes applied last. */
  const plays = (...changes: string[]) => {
    try {
      return resolveOnce(doc, { ...overrides, set: [...set, ...changes] }) !== null;
    } catch (e) {
      if (e instanceof RulesError) return false;
      throw e;
    }
  };
  const spell = (key: string, value: number) =>
    key.startsWith('roles.') || set.some((x) => x.split('=')[0]!.trim() === key) ? `--set ${key}=${value}` : `--${key} ${value}`;
  const fixes: string[] = [];
  const current = currentSize(doc, overrides);
  for (let n = current.players + 1; n <= MAX_FIX_PLAYERS; n++) {
    if (plays(`players=${n}`)) {
      fixes.push(`${spell('players', n)} (the smallest table that plays)`);
      break;
    }
  }
  const count = field === 'mafia' ? current.mafia : field.startsWith('roles.') ? current.roles[current.idOf(field.slice(6))!]! : undefined;
  if (count !== undefined) {
    const near = [...Array(count).keys()].reverse().find((k) => plays(`${field}=${k}`)) ?? [1, 2, 3].map((k) => count + k).find((k) => plays(`${field}=${k}`));
    if (near !== undefined) fixes.unshift(spell(field, near));
  }
  if (fixes.length === 0) {
    // Two things wrong at once (a tiny table with no Mafia): the smallest table with the fewest Mafia that plays.
    for (let n = current.players; n <= MAX_FIX_PLAYERS && fixes.length === 0; n++) {
      const m = [...Array(n).keys()].find((k) => plays(`players=${n}`, `mafia=${k}`));
      if (m !== undefined) fixes.push(`${spell('players', n)} ${spell('mafia', m)}`);
    }
  }
  return fixes.length > 0 ? `use ${fixes.join(' or ')}` : `no table of up to ${MAX_FIX_PLAYERS} players plays these roles; set fewer roles`;
}

/** Players, mafia and role counts as given, before the playability check (which refused them). */
function currentSize(doc: RulesDoc | string, overrides: RulesOverrides): Sizes {
  let seen: Sizes = { players: 0, mafia: 0, roles: [], idOf: () => undefined };
  resolveOnce(doc, overrides, (sizes) => {
    seen = sizes;
  });
  return seen;
}

interface Sizes {
  readonly players: number;
  readonly mafia: number;
  readonly roles: readonly number[];
  idOf(key: string): Role | undefined;
}

function resolveOnce(doc: RulesDoc | string, overrides: RulesOverrides, peek?: (sizes: Sizes) => void): Rules {
  const d: RulesDoc = typeof doc === 'string' ? { preset: doc } : doc;
  checkDocKeys(d);
  const presetName = d.preset ?? 'club';
  if (!isPresetName(presetName)) {
    throw new RulesError('preset', `unknown preset ${JSON.stringify(presetName)}${didYouMean(presetName, PRESET_NAMES)}; use one of ${PRESET_NAMES.join(', ')} or a rules file`);
  }
  const preset = PRESETS[presetName];
  const options: Record<string, OptionValue> = { ...baseOptions(), ...preset.options };
  const defined = defineRoles(d.roles ?? {});
  const keys = new RoleKeys(defined.rows);
  const roleOverrides = new Map<Role, number>();
  let players: number | undefined;
  let mafia: number | undefined;

  const applyKey = (key: string, raw: unknown, where: string): void => {
    if (key === 'players') players = parseCount('players', raw, 1);
    else if (key === 'mafia') mafia = parseCount('mafia', raw, 0);
    else if (key.startsWith('roles.')) applyRole(key.slice(6), raw, roleOverrides, keys);
    else applyOption(key, raw, options, where);
  };

  if (d.players !== undefined) applyKey('players', d.players, 'rules file');
  if (d.mafia !== undefined) applyKey('mafia', d.mafia, 'rules file');
  for (const [k, v] of Object.entries(d.roles ?? {})) {
    const def = defined.defs.get(k);
    if (def) roleOverrides.set(keys.idOf(k)!, def.count);
    else applyRole(k, v, roleOverrides, keys);
  }
  for (const [k, v] of Object.entries(d.options ?? {})) applyOption(k, v, options, 'rules file');
  if (overrides.players !== undefined) applyKey('players', overrides.players, '--players');
  if (overrides.mafia !== undefined) applyKey('mafia', overrides.mafia, '--mafia');
  for (const s of overrides.set ?? []) {
    const eq = s.indexOf('=');
    if (eq <= 0) throw new RulesError('--set', `expected key=value, got ${JSON.stringify(s)}`);
    applyKey(s.slice(0, eq).trim(), s.slice(eq + 1).trim(), '--set');
  }

  const explicitPlayers = players !== undefined;
  const n = players ?? preset.defaultPlayers;
  const roles = preset.roles(n, mafia ?? preset.defaultMafia(n));
  while (roles.length < keys.count) roles.push(0);
  for (const [role, count] of roleOverrides) roles[role] = count;
  let total = n;
  if (roleOverrides.has(Role.Civilian)) {
    total = roles.reduce((a, b) => a + b, 0);
    if (explicitPlayers && total !== n) {
      throw new RulesError('roles.civilian', `the roles add up to ${total} players but players is ${n}; drop roles.civilian or make them agree`);
    }
  } else {
    roles[Role.Civilian] = n - roles.reduce((a, b, i) => (i === Role.Civilian ? a : a + b), 0);
  }
  if (peek) {
    peek({ players: total, mafia: mafia ?? preset.defaultMafia(n), roles, idOf: (k) => keys.idOf(k) });
    return undefined as never;
  }
  const book = new RoleBook(defined.rows, options as unknown as Options);
  checkPlayable(presetName, total, roles, book, { players: explicitPlayers, mafia, roles: roleOverrides });
  return freezeRules(presetName, total, roles, options as unknown as Options, book, defined.defs);
}

/** The role keys of a rules file: the built-in ones (with their aliases) and its own, by id. */
class RoleKeys {
  readonly count: number;
  private readonly rows: readonly RoleRow[];

  constructor(defined: readonly RoleRow[]) {
    this.rows = [...ROLE_ROWS, ...defined];
    this.count = this.rows.length;
  }

  idOf(key: string): Role | undefined {
    const k = key.toLowerCase();
    const i = this.rows.findIndex((r) => r.key === k || r.aliases.includes(k));
    return i < 0 ? undefined : i;
  }

  /** Every key, for messages. */
  all(): string[] {
    return this.rows.map((r) => r.key);
  }
}

/** The rules file's new roles (`roles.<key>` given as a mapping), checked, in key order (their ids follow the built-in roles). */
function defineRoles(roles: Record<string, unknown>): { rows: RoleRow[]; defs: Map<string, RoleDef> } {
  const keys = Object.keys(roles)
    .filter((k) => isMapping(roles[k]))
    .sort();
  if (keys.length > MAX_ROLES - ROLE_ROWS.length) throw new RulesError('roles', `${keys.length} new roles defined; at most ${MAX_ROLES - ROLE_ROWS.length} fit one set of rules`);
  const known = [...ROLE_ROWS.map((r) => r.key), ...keys];
  const defs = new Map<string, RoleDef>();
  for (const k of keys) {
    try {
      defs.set(k, parseRoleDef(k, roles[k], known));
    } catch (e) {
      if (e instanceof RoleDefError) throw new RulesError(e.field, e.message.slice(e.field.length + 2));
      throw e;
    }
  }
  return { rows: keys.map((k) => rowOfDef(k, defs.get(k)!)), defs };
}

function isMapping(v: unknown): boolean {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function checkDocKeys(d: RulesDoc): void {
  if (typeof d !== 'object' || d === null || Array.isArray(d)) {
    throw new RulesError('rules', 'a rules file must be a mapping with keys preset, players, mafia, roles, options');
  }
  for (const k of Object.keys(d)) {
    if (!DOC_KEYS.includes(k)) {
      throw new RulesError(k, `unknown key in a rules file${didYouMean(k, DOC_KEYS)}; allowed keys: ${DOC_KEYS.join(', ')}`);
    }
  }
  for (const k of ['roles', 'options'] as const) {
    const v = d[k];
    if (v !== undefined && (typeof v !== 'object' || v === null || Array.isArray(v))) {
      throw new RulesError(k, `must be a mapping of ${k === 'roles' ? 'role: count (or role: {team: ..., ...} for a new role)' : 'option: value'}`);
    }
  }
}

function parseCount(field: string, raw: unknown, min: number): number {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(n) || n < min || n > 100000) {
    throw new RulesError(field, `got ${JSON.stringify(raw)}; use a whole number of at least ${min}`);
  }
  return n;
}

function applyRole(key: string, raw: unknown, into: Map<Role, number>, keys: RoleKeys): void {
  const role = keys.idOf(key);
  if (role === undefined) {
    const all = keys.all();
    throw new RulesError(`roles.${key}`, `unknown role${didYouMean(key, all, (r) => `roles.${r}`)}; roles are ${all.join(', ')} (or define a new one in a rules file: roles: {${key}: {team: town, ...}})`);
  }
  into.set(role, parseCount(`roles.${keys.all()[role]}`, raw, 0));
}

function applyOption(key: string, raw: unknown, into: Record<string, OptionValue>, where: string): void {
  const spec = optionSpec(key);
  if (!spec) {
    throw new RulesError(key, `unknown rule option (in ${where})${didYouMean(key, [...OPTION_KEYS, 'players', 'mafia'])}; see \`mafia-sim rules --list\` for the ${OPTION_SPECS.length} options`);
  }
  const v = parseOptionValue(spec, raw);
  if (typeof v === 'object') throw new RulesError(key, v.error.slice(key.length + 2));
  into[key] = v;
}

/** The inputs the user gave, so a refusal names what he set rather than a preset default. */
interface Given {
  readonly players: boolean;
  readonly mafia: number | undefined;
  readonly roles: ReadonlyMap<Role, number>;
}

/** `roles.<key>` of the first role the user set that matches, or undefined. */
function givenRole(given: Given, book: RoleBook, matches: (r: Role) => boolean): string | undefined {
  for (const [role, count] of given.roles) if (count > 0 && matches(role)) return `roles.${book.specs[role]!.key}`;
  return undefined;
}

function checkPlayable(presetName: PresetName, players: number, roles: readonly number[], book: RoleBook, given: Given): void {
  const civilians = roles[Role.Civilian]!;
  if (civilians < 0) {
    const special = players - civilians;
    const field = given.players ? 'players' : given.mafia !== undefined ? 'mafia' : (givenRole(given, book, (r) => r !== Role.Civilian) ?? 'players');
    throw new UnplayableError(field, `${special} special roles do not fit ${players} players`);
  }
  const min = PRESETS[presetName].minPlayers;
  if (min !== undefined && players < min) {
    throw new UnplayableError('players', `the ${presetName} game needs at least ${min} players (got ${players})`);
  }
  const shoots = (r: Role): boolean => book.shoots[r] === 1;
  if (roles.every((c, r) => c === 0 || !shoots(r))) {
    const zeroed = [...given.roles.keys()].find(shoots);
    throw new UnplayableError(zeroed !== undefined ? `roles.${book.specs[zeroed]!.key}` : 'mafia', 'the game needs at least one Mafia or Don');
  }
  checkAssistants(roles, book);
  let black = 0;
  roles.forEach((c, r) => {
    if (book.side[r] === Team.Mafia) black += c;
  });
  const others = players - black;
  if (black >= others) {
    const fair = Math.ceil(players / 2) - 1;
    const field = givenRole(given, book, (r) => book.side[r] === Team.Mafia) ?? 'mafia';
    throw new UnplayableError(field, `${black} Black against ${others} others is already parity (at most ${fair} Black for ${players} players)`);
  }
}

/** An assistant needs the role he assists (a Sergeant, a Commissar). */
function checkAssistants(roles: readonly number[], book: RoleBook): void {
  roles.forEach((c, a) => {
    const x = book.assists[a]!;
    if (c === 0 || x === NO_ROLE || roles[x]! > 0) return;
    const [as, xs] = [book.specs[a]!, book.specs[x]!];
    throw new RulesError(`roles.${as.key}`, `a ${as.label} needs a ${xs.label}; set roles.${xs.key}=1 or roles.${as.key}=0`);
  });
}

function freezeRules(preset: PresetName, players: number, roles: number[], options: Options, book: RoleBook, defs: ReadonlyMap<string, RoleDef>): Rules {
  const canonical = canonicalRules(players, roles, options, book.specs, defs);
  const hash = createHash('sha256').update(canonical).digest('hex').slice(0, 16);
  return Object.freeze({
    preset,
    players,
    roles: Object.freeze(roles.slice()),
    options: frozenOptions(options as unknown as Record<string, OptionValue>),
    book,
    canonical,
    hash,
  });
}

/**
 * Sorted keys, zero role counts left out, options added later left out at
 * their default (OptionBase.quiet), a rules file's own roles under `define`
 * in their normal form: equal games give equal strings whatever preset or
 * file they came from, and different definitions different ones.
 */
export function canonicalRules(players: number, roles: readonly number[], options: Options, specs: readonly RoleSpec[] = [], defs: ReadonlyMap<string, RoleDef> = new Map()): string {
  const all = specs.length > 0 ? specs : ROLE_ROWS.map((r, id) => ({ id, key: r.key }));
  const roleObj: Record<string, number> = {};
  for (const r of [...all].sort((a, b) => a.key.localeCompare(b.key))) {
    if (roles[r.id]! > 0) roleObj[r.key] = roles[r.id]!;
  }
  const optObj: Record<string, OptionValue> = {};
  const opts = options as unknown as Record<string, OptionValue>;
  for (const k of Object.keys(opts).sort()) {
    const spec = optionSpec(k);
    if (spec?.quiet && opts[k] === spec.def) continue;
    optObj[k] = opts[k]!;
  }
  if (defs.size === 0) return JSON.stringify({ players, roles: roleObj, options: optObj });
  const define = Object.fromEntries([...defs.keys()].sort().map((k) => [k, canonicalDef(defs.get(k)!)]));
  return JSON.stringify({ players, roles: roleObj, options: optObj, define });
}

/** Rebuilds Rules from their canonical string (used by workers and shard files), checking the hash. */
export function rulesFromCanonical(canonical: string, preset: PresetName = 'club'): Rules {
  const parsed = JSON.parse(canonical) as { players: number; roles: Record<string, number>; options: Record<string, unknown>; define?: Record<string, Record<string, unknown>> };
  const define = parsed.define ?? {};
  // Every role at its count (0 when left out), a defined one with its definition; quiet options left out were at their base default.
  const roles: Record<string, unknown> = Object.fromEntries(ROLE_ROWS.map((r) => [r.key, parsed.roles[r.key] ?? 0]));
  for (const [k, def] of Object.entries(define)) roles[k] = { ...def, count: parsed.roles[k] ?? 0 };
  const options: Record<string, unknown> = { ...parsed.options };
  for (const o of OPTION_SPECS) if (o.quiet && !(o.key in options)) options[o.key] = o.def;
  return resolveRules({ preset, roles, options });
}
