// Resolves a preset, a rules document and overrides into frozen Rules with a
// canonical string and hash, refusing unplayable setups with a message that
// names the field and the fix. Reading files is the caller's job.

import { createHash } from 'node:crypto';
import { OPTION_KEYS, OPTION_SPECS, baseOptions, optionSpec, parseOptionValue, type Options, type OptionValue } from './options.js';
import { FORUM_MIN_PLAYERS, PRESETS, PRESET_NAMES, isPresetName, type PresetName } from './presets.js';
import { ROLES, ROLE_COUNT, ROLE_KEYS, Role, Team, roleFromKey } from './roles.js';
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
  /** Count per role, indexed by Role id. */
  readonly roles: readonly number[];
  readonly options: Options;
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
  const count = field === 'mafia' ? current.mafia : field.startsWith('roles.') ? current.roles[roleFromKey(field.slice(6))!]! : undefined;
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
function currentSize(doc: RulesDoc | string, overrides: RulesOverrides): { players: number; mafia: number; roles: readonly number[] } {
  let seen = { players: 0, mafia: 0, roles: [] as readonly number[] };
  resolveOnce(doc, overrides, (players, mafia, roles) => {
    seen = { players, mafia, roles };
  });
  return seen;
}

function resolveOnce(doc: RulesDoc | string, overrides: RulesOverrides, peek?: (players: number, mafia: number, roles: readonly number[]) => void): Rules {
  const d: RulesDoc = typeof doc === 'string' ? { preset: doc } : doc;
  checkDocKeys(d);
  const presetName = d.preset ?? 'club';
  if (!isPresetName(presetName)) {
    throw new RulesError('preset', `unknown preset ${JSON.stringify(presetName)}${didYouMean(presetName, PRESET_NAMES)}; use one of ${PRESET_NAMES.join(', ')} or a rules file`);
  }
  const preset = PRESETS[presetName];
  const options: Record<string, OptionValue> = { ...baseOptions(), ...preset.options };
  const roleOverrides = new Map<Role, number>();
  let players: number | undefined;
  let mafia: number | undefined;

  const applyKey = (key: string, raw: unknown, where: string): void => {
    if (key === 'players') players = parseCount('players', raw, 1);
    else if (key === 'mafia') mafia = parseCount('mafia', raw, 0);
    else if (key.startsWith('roles.')) applyRole(key.slice(6), raw, roleOverrides);
    else applyOption(key, raw, options, where);
  };

  if (d.players !== undefined) applyKey('players', d.players, 'rules file');
  if (d.mafia !== undefined) applyKey('mafia', d.mafia, 'rules file');
  for (const [k, v] of Object.entries(d.roles ?? {})) applyRole(k, v, roleOverrides);
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
    peek(total, mafia ?? preset.defaultMafia(n), roles);
    return undefined as never;
  }
  checkPlayable(presetName, total, roles, { players: explicitPlayers, mafia, roles: roleOverrides });
  return freezeRules(presetName, total, roles, options as unknown as Options);
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
      throw new RulesError(k, `must be a mapping of ${k === 'roles' ? 'role: count' : 'option: value'}`);
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

function applyRole(key: string, raw: unknown, into: Map<Role, number>): void {
  const role = roleFromKey(key);
  if (role === undefined) {
    throw new RulesError(`roles.${key}`, `unknown role${didYouMean(key, ROLE_KEYS, (r) => `roles.${r}`)}; roles are ${ROLE_KEYS.join(', ')}`);
  }
  into.set(role, parseCount(`roles.${ROLES[role]!.key}`, raw, 0));
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
function givenRole(given: Given, matches: (r: Role) => boolean): string | undefined {
  for (const [role, count] of given.roles) if (count > 0 && matches(role)) return `roles.${ROLES[role]!.key}`;
  return undefined;
}

function checkPlayable(preset: PresetName, players: number, roles: readonly number[], given: Given): void {
  const civilians = roles[Role.Civilian]!;
  if (civilians < 0) {
    const special = players - civilians;
    const field = given.players ? 'players' : given.mafia !== undefined ? 'mafia' : (givenRole(given, (r) => r !== Role.Civilian) ?? 'players');
    throw new UnplayableError(field, `${special} special roles do not fit ${players} players`);
  }
  if (preset === 'forum' && players < FORUM_MIN_PLAYERS) {
    throw new UnplayableError('players', `the forum game needs at least ${FORUM_MIN_PLAYERS} players (got ${players})`);
  }
  if (roles[Role.Mafia]! + roles[Role.Don]! === 0) {
    const zeroed = [...given.roles.keys()].find((r) => r === Role.Mafia || r === Role.Don);
    throw new UnplayableError(zeroed !== undefined ? `roles.${ROLES[zeroed]!.key}` : 'mafia', 'the game needs at least one Mafia or Don');
  }
  if (roles[Role.Sergeant]! > 0 && roles[Role.Commissar]! === 0) {
    throw new RulesError('roles.sergeant', 'a Sergeant needs a Commissar; set roles.commissar=1 or roles.sergeant=0');
  }
  let black = 0;
  for (const r of ROLES) if (r.team === Team.Mafia) black += roles[r.id]!;
  const others = players - black;
  if (black >= others) {
    const fair = Math.ceil(players / 2) - 1;
    const field = givenRole(given, (r) => ROLES[r]!.team === Team.Mafia) ?? 'mafia';
    throw new UnplayableError(field, `${black} Black against ${others} others is already parity (at most ${fair} Black for ${players} players)`);
  }
}

function freezeRules(preset: PresetName, players: number, roles: number[], options: Options): Rules {
  const canonical = canonicalRules(players, roles, options);
  const hash = createHash('sha256').update(canonical).digest('hex').slice(0, 16);
  return Object.freeze({
    preset,
    players,
    roles: Object.freeze(roles.slice()),
    options: Object.freeze({ ...options }),
    canonical,
    hash,
  });
}

/** Sorted keys, zero role counts left out: equal games give equal strings whatever preset or file they came from. */
export function canonicalRules(players: number, roles: readonly number[], options: Options): string {
  const roleObj: Record<string, number> = {};
  for (const r of [...ROLES].sort((a, b) => a.key.localeCompare(b.key))) {
    if (roles[r.id]! > 0) roleObj[r.key] = roles[r.id]!;
  }
  const optObj: Record<string, OptionValue> = {};
  const opts = options as unknown as Record<string, OptionValue>;
  for (const k of Object.keys(opts).sort()) optObj[k] = opts[k]!;
  return JSON.stringify({ players, roles: roleObj, options: optObj });
}

/** Rebuilds Rules from their canonical string (used by workers and shard files), checking the hash. */
export function rulesFromCanonical(canonical: string, preset: PresetName = 'club'): Rules {
  const parsed = JSON.parse(canonical) as { players: number; roles: Record<string, number>; options: Record<string, unknown> };
  const roles = new Array<number>(ROLE_COUNT).fill(0);
  for (const [k, v] of Object.entries(parsed.roles)) roles[roleFromKey(k)!] = v;
  return resolveRules({ preset, roles: Object.fromEntries(ROLES.map((r) => [r.key, roles[r.id]])), options: parsed.options });
}

/** What `rules` changes from `base`, as `key=value` words a `--set` takes: the player count, each role count, each option (in table order). */
export function rulesChanges(base: CanonicalRules, rules: CanonicalRules): string[] {
  const out: string[] = [];
  if (rules.players !== base.players) out.push(`players=${rules.players}`);
  for (const r of ROLES) {
    const a = base.roles[r.key] ?? 0;
    const b = rules.roles[r.key] ?? 0;
    if (a !== b) out.push(`roles.${r.key}=${b}`);
  }
  for (const o of OPTION_SPECS) if (base.options[o.key] !== rules.options[o.key]) out.push(`${o.key}=${String(rules.options[o.key])}`);
  return out;
}

/** The role counts as `key: count` for display, zero counts left out. */
export function roleCounts(rules: Rules): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of ROLES) if (rules.roles[r.id]! > 0) out[r.key] = rules.roles[r.id]!;
  return out;
}
