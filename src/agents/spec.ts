// The `--agents` text: profiles per team and role, parameter overrides and
// user modules, parsed and checked into a spec whose canonical text fully
// determines the players (it crosses into workers and into every output, and
// parses back to the same spec).
//
// Grammar: comma-separated items, each one of
//   PROFILE                  base profile for everyone (default club)
//   FILE.json                a saved profile (from `tune --save` or `calibrate
//                            --save`) for everyone, the loner Maniac included
//   SCOPE=PROFILE            profile for a team (town, mafia) or a role
//   SCOPE=module:PATH        a user's agent module for a team or role
//   SCOPE=FILE.json          a saved profile for a team or role: its base
//                            profile and parameters, spelled out in the canonical text
//   [SCOPE.]PARAM=NUMBER     a policy parameter, for everyone or one scope
//   TEAM@WEIGHT[K=V;K=V]     one strategy of a team's mixture (town or mafia):
//                            each game the team plays one of its strategies,
//                            drawn with these weights from a stream of its own
//                            (mixture.ts); K=V are the team's parameters then
//   FILE.json                (alone) a saved mixture (`equilibrium` writes one)
// `mafia` names the team; the plain Mafia role is `mafioso`.

import { readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { ROLES, Role } from '../engine/roles.js';
import { didYouMean } from '../engine/spelling.js';
import { PARAM_KEYS, PARAM_SPECS, PROFILES, SKILL_PROFILES, isProfile, paramSpec, renamedParam, type Profile } from './params.js';

export const DEFAULT_AGENTS = 'club';

/** A bad `--agents` value: `field` names what to change. */
export class AgentSpecError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
    this.name = 'AgentSpecError';
  }
}

/** Scopes in canonical order: teams first, then roles in role-table order. */
export const TEAM_SCOPES = ['town', 'mafia'] as const;
const ROLE_SCOPE_KEY = (r: Role): string => (r === Role.Mafia ? 'mafioso' : ROLES[r]!.key);
export const SCOPES: readonly string[] = [...TEAM_SCOPES, ...ROLES.map((r) => ROLE_SCOPE_KEY(r.id))];

export type Assignment = { readonly kind: 'profile'; readonly profile: Profile } | { readonly kind: 'module'; readonly path: string };

export interface ParamOverride {
  /** '' for everyone, else a scope. */
  readonly scope: string;
  readonly key: string;
  readonly value: number;
}

/** One strategy of a team's mixture: its weight and the team's parameter values while it plays. */
export interface MixtureComponent {
  readonly weight: number;
  /** Parameter key -> value, for every seat of the team (they win over any other setting of the key for it). */
  readonly params: ReadonlyMap<string, number>;
}

/** The teams a mixture can be given for (a loner Maniac keeps his profile). */
export const MIXTURE_TEAMS = ['town', 'mafia'] as const;
export type MixtureTeam = (typeof MIXTURE_TEAMS)[number];

export interface AgentSpec {
  /** Canonical text: what every output records as `agents`; `parseAgents(canonical)` gives this spec back. */
  readonly canonical: string;
  readonly base: Profile;
  readonly assignments: ReadonlyMap<string, Assignment>;
  readonly params: readonly ParamOverride[];
  /**
   * The saved profile files given, by scope ('' for everyone): only to say
   * where players came from. The canonical text spells their contents out
   * (it crosses into workers and outputs), so it never names a file.
   */
  readonly files: ReadonlyMap<string, string>;
  /** Each team's mixture of strategies, drawn per game; empty for a team that plays one strategy. */
  readonly mixture: ReadonlyMap<MixtureTeam, readonly MixtureComponent[]>;
}

/** Scope key of a name on input ("boss" is the Don), or undefined. */
export function scopeOf(name: string): string | undefined {
  const k = name.trim().toLowerCase();
  if ((SCOPES as readonly string[]).includes(k)) return k;
  const r = ROLES.find((x) => x.aliases.includes(k));
  return r ? ROLE_SCOPE_KEY(r.id) : undefined;
}

export function roleScope(role: Role): string {
  return ROLE_SCOPE_KEY(role);
}

/**
 * Parses `--agents TEXT` with any `--agent-param [scope.]key=value` and
 * `--agent-module scope=./file.js` flags into one spec.
 */
export function parseAgents(text: string = DEFAULT_AGENTS, params: readonly string[] = [], modules: readonly string[] = []): AgentSpec {
  let base: Profile | undefined;
  const assignments = new Map<string, Assignment>();
  const overrides = new Map<string, ParamOverride>();
  const files = new Map<string, string>();
  const setBase = (profile: Profile, given: string): void => {
    if (base !== undefined && base !== profile) throw new AgentSpecError('--agents', `two base profiles (${base}, ${given}); give one, and team=/role= for the rest`);
    base = profile;
  };
  const mixture = new Map<MixtureTeam, MixtureComponent[]>();
  const items = splitItems(text);
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    const eq = item.indexOf('=');
    if (MIXTURE_ITEM.test(item)) {
      parseComponent(item, mixture);
      continue;
    }
    if (eq < 0 && isProfileFile(item) && isMixtureFile(item)) {
      // A saved mixture is an agents text: its items take this one's place.
      items.splice(i + 1, 0, ...splitItems(readMixtureFile(item)));
      files.set('', item);
      continue;
    }
    if (eq < 0 && isProfileFile(item)) {
      // A saved profile alone plays every seat: its base for everyone, its parameters for everyone.
      const saved = readProfileFile(item, '--agents');
      setBase(saved.base, `${saved.base} from ${item}`);
      for (const [key, value] of saved.params) parseParam(key, value, '--agents', overrides, item);
      files.set('', item);
      continue;
    }
    if (eq < 0) {
      if (!isProfile(item)) throw new AgentSpecError('--agents', `unknown profile ${JSON.stringify(item)}${didYouMean(item, PROFILES)}; profiles: ${PROFILES.join(', ')}, or a saved profile FILE.json`);
      setBase(item, item);
      continue;
    }
    parseAssignmentOrParam(item.slice(0, eq).trim(), item.slice(eq + 1).trim(), '--agents', assignments, overrides, files);
  }
  for (const s of params) {
    const eq = s.indexOf('=');
    if (eq <= 0) throw new AgentSpecError('--agent-param', `expected [scope.]key=value, got ${JSON.stringify(s)}`);
    const lhs = s.slice(0, eq).trim();
    if (scopeOf(lhs) !== undefined) throw new AgentSpecError('--agent-param', `${JSON.stringify(lhs)} is a team or role; use --agents ${lhs}=PROFILE for profiles, or ${lhs}.KEY=VALUE for a parameter`);
    parseParam(lhs, s.slice(eq + 1).trim(), '--agent-param', overrides);
  }
  for (const s of modules) {
    const eq = s.indexOf('=');
    if (eq <= 0) throw new AgentSpecError('--agent-module', `expected role=./file.js, got ${JSON.stringify(s)}`);
    assignModule(s.slice(0, eq).trim(), s.slice(eq + 1).trim(), assignments);
  }
  const spec = { base: base ?? DEFAULT_AGENTS, assignments, params: [...overrides.values()], mixture: checkMixture(mixture) };
  checkParamsUsed(spec);
  return { ...spec, files, canonical: canonicalAgents(spec) };
}

/** The canonical agents text of a spec without its mixtures: everything else the players are. */
export function withoutMixture(spec: AgentSpec): string {
  return canonicalAgents({ ...spec, mixture: new Map() });
}

function splitItems(text: string): string[] {
  return text.split(',').map((s) => s.trim()).filter((s) => s !== '');
}

/** `town@0.5[vote.byLot=1;bandwagon=2]`: a team, a weight, and the team's parameters in brackets (none: `[]`). */
const MIXTURE_ITEM = /^([A-Za-z]+)@([^[\]]*)\[(.*)\]$/;

function parseComponent(item: string, mixture: Map<MixtureTeam, MixtureComponent[]>): void {
  const [, team, weightText, body] = MIXTURE_ITEM.exec(item)!;
  const t = team!.toLowerCase();
  if (!(MIXTURE_TEAMS as readonly string[]).includes(t)) throw new AgentSpecError('--agents', `${item}: a mixture is a team's (${MIXTURE_TEAMS.join(' or ')}), not ${JSON.stringify(team)}; e.g. town@0.5[vote.byLot=1]`);
  const weight = /^\d*\.?\d+(e-?\d+)?$/i.test(weightText!.trim()) ? Number(weightText) : NaN;
  if (!(weight > 0 && weight <= 1)) throw new AgentSpecError('--agents', `${item}: the weight must be a number above 0 and at most 1, e.g. ${t}@0.5[...]`);
  const params = new Map<string, number>();
  for (const pair of body!.split(';').map((s) => s.trim()).filter((s) => s !== '')) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new AgentSpecError('--agents', `${item}: expected key=value between the brackets, separated by ';', got ${JSON.stringify(pair)}`);
    const one = new Map<string, ParamOverride>();
    parseParam(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim(), '--agents', one);
    const o = [...one.values()][0]!;
    if (o.scope !== '') throw new AgentSpecError('--agents', `${item}: ${pair.slice(0, eq).trim()}: inside a team's strategy a parameter has no scope (it is the team's)`);
    params.set(o.key, o.value);
  }
  mixture.set(t as MixtureTeam, [...(mixture.get(t as MixtureTeam) ?? []), { weight, params }]);
}

/** A team's weights must add up to 1 (to the six digits they are written with). */
function checkMixture(mixture: Map<MixtureTeam, MixtureComponent[]>): Map<MixtureTeam, MixtureComponent[]> {
  for (const [team, parts] of mixture) {
    const total = parts.reduce((s, c) => s + c.weight, 0);
    if (Math.abs(total - 1) > 1e-5) throw new AgentSpecError('--agents', `${team}'s mixture weights add up to ${Number(total.toPrecision(6))}; they must add up to 1`);
  }
  return mixture;
}

function parseAssignmentOrParam(lhs: string, rhs: string, field: string, assignments: Map<string, Assignment>, overrides: Map<string, ParamOverride>, files: Map<string, string>): void {
  const scope = scopeOf(lhs);
  if (scope === undefined) {
    parseParam(lhs, rhs, field, overrides);
    return;
  }
  if (rhs.startsWith('module:')) {
    assignModule(scope, rhs.slice('module:'.length), assignments);
    return;
  }
  if (isProfileFile(rhs)) {
    const saved = readProfileFile(rhs, field);
    assignments.set(scope, { kind: 'profile', profile: saved.base });
    for (const [key, value] of saved.params) parseParam(`${scope}.${key}`, value, field, overrides, rhs);
    files.set(scope, rhs);
    return;
  }
  if (!isProfile(rhs)) throw new AgentSpecError(field, `unknown profile ${JSON.stringify(rhs)} for ${scope}${didYouMean(rhs, PROFILES)}; profiles: ${PROFILES.join(', ')} (or FILE.json, a saved profile, or module:PATH)`);
  assignments.set(scope, { kind: 'profile', profile: rhs });
}

/** The file format `mafia-sim tune --save` and `calibrate --save` write. */
export const PROFILE_FILE_FORMAT = 'mafia-sim/profile@1';
/** The file format of a saved mixture of strategies (`equilibrium`): its `agents` text holds everything. */
export const MIXTURE_FILE_FORMAT = 'mafia-sim/mixture@1';

function readJson(path: string, field: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new AgentSpecError(field, `${path}: cannot read a profile file (${(e instanceof Error ? e.message : String(e)).split('\n')[0]})`);
  }
}

function isMixtureFile(path: string): boolean {
  const d = readJson(path, '--agents') as { format?: unknown } | null;
  return typeof d === 'object' && d !== null && d.format === MIXTURE_FILE_FORMAT;
}

/** A saved mixture's agents text (no file names inside: canonical text never holds one). */
function readMixtureFile(path: string): string {
  const d = readJson(path, '--agents') as { agents?: unknown };
  if (typeof d.agents !== 'string' || /\.json(,|$)/.test(d.agents)) throw new AgentSpecError('--agents', `${path}: agents: expected the mixture's agents text, as \`equilibrium\` writes it`);
  return d.agents;
}

/** Where a profile name is taken, a saved profile file is too: told apart by its `.json` ending. */
function isProfileFile(text: string): boolean {
  return text.endsWith('.json');
}

/** A saved profile's base profile and parameters (as text, checked where they are applied), or an error naming the file. */
function readProfileFile(path: string, field: string): { base: Profile; params: [string, string][] } {
  const d = readJson(path, field) as { format?: unknown; base?: unknown; params?: unknown };
  if (typeof d === 'object' && d !== null && d.format === MIXTURE_FILE_FORMAT) {
    throw new AgentSpecError(field, `${path} is a mixture of strategies for the whole table: give it alone, --agents ${path}`);
  }
  if (typeof d !== 'object' || d === null || d.format !== PROFILE_FILE_FORMAT) {
    throw new AgentSpecError(field, `${path}: not a profile file (expected "format": "${PROFILE_FILE_FORMAT}", as \`tune --save\` and \`calibrate --save\` write)`);
  }
  if (typeof d.base !== 'string' || !isProfile(d.base)) {
    throw new AgentSpecError(field, `${path}: base: unknown profile ${JSON.stringify(d.base)}; profiles: ${PROFILES.join(', ')}`);
  }
  if (typeof d.params !== 'object' || d.params === null || Array.isArray(d.params)) {
    throw new AgentSpecError(field, `${path}: params: expected a mapping of parameter: number`);
  }
  const params = Object.entries(d.params as Record<string, unknown>).map(([key, value]): [string, string] => {
    const renamed = renamedParam(key);
    if (renamed) throw new AgentSpecError(field, `${path}: params.${key}: ${renamed}`);
    if (!paramSpec(key)) throw new AgentSpecError(field, `${path}: params.${key}: unknown parameter${didYouMean(key, PARAM_KEYS)} (see mafia-sim players --list)`);
    return [key, String(value)];
  });
  return { base: d.base, params };
}

/** A near parameter for `[scope.]key`: the key spelt right, with the scope kept when it is one. */
function suggestParam(lhs: string): string {
  const dot = lhs.indexOf('.');
  const head = dot > 0 ? scopeOf(lhs.slice(0, dot)) : undefined;
  if (head !== undefined) return didYouMean(lhs.slice(dot + 1), PARAM_KEYS, (k) => JSON.stringify(`${lhs.slice(0, dot)}.${k}`));
  return didYouMean(lhs, [...PARAM_KEYS, ...SCOPES]);
}

/** `[scope.]key=value` into the overrides; `file`: the saved profile it came from, named in a bad value's message. */
function parseParam(lhs: string, rhs: string, field: string, overrides: Map<string, ParamOverride>, file?: string): void {
  let scope = '';
  let key = lhs;
  if (!paramSpec(lhs)) {
    const dot = lhs.indexOf('.');
    const head = dot > 0 ? scopeOf(lhs.slice(0, dot)) : undefined;
    if (head === undefined || !paramSpec(lhs.slice(dot + 1))) {
      const renamed = renamedParam(lhs) ?? (head === undefined ? undefined : renamedParam(lhs.slice(dot + 1), lhs.slice(0, dot + 1)));
      if (renamed) throw new AgentSpecError(lhs, renamed);
      throw new AgentSpecError(field, `unknown team, role or parameter ${JSON.stringify(lhs)}${suggestParam(lhs)}; teams: ${TEAM_SCOPES.join(', ')}; roles: ${SCOPES.slice(2).join(', ')}; parameters: see mafia-sim players --list (e.g. readSkill, hunt.odds)`);
    }
    scope = head;
    key = lhs.slice(dot + 1);
  }
  const spec = paramSpec(key)!;
  const value = /^-?\d+(\.\d+)?(e-?\d+)?$/i.test(rhs) ? Number(rhs) : NaN;
  if (!Number.isFinite(value) || value < spec.min || value > spec.max) {
    const problem = `got ${JSON.stringify(rhs)}; allowed: a number from ${spec.min} to ${spec.max}`;
    throw file === undefined ? new AgentSpecError(key, problem) : new AgentSpecError(field, `${file}: params.${key}: ${problem}`);
  }
  overrides.set(`${scope}|${key}`, { scope, key, value });
}

function assignModule(lhs: string, path: string, assignments: Map<string, Assignment>): void {
  const scope = scopeOf(lhs);
  if (scope === undefined) throw new AgentSpecError('--agent-module', `unknown team or role ${JSON.stringify(lhs)}${didYouMean(lhs, SCOPES)}; use one of ${SCOPES.join(', ')}`);
  if (path === '') throw new AgentSpecError('--agent-module', `no file given for ${scope}; use ${scope}=./file.js`);
  if (/[,\s]/.test(path)) throw new AgentSpecError('--agent-module', `${path}: module paths may not contain commas or spaces`);
  assignments.set(scope, { kind: 'module', path: isAbsolute(path) ? path : resolve(path) });
}

/** Parameters given while every seat plays `random` would silently do nothing: refuse them. */
function checkParamsUsed(spec: Omit<AgentSpec, 'canonical' | 'files'>): void {
  if (spec.params.length === 0) return;
  const heuristic = spec.base !== 'random' || [...spec.assignments.values()].some((a) => a.kind === 'profile' && a.profile !== 'random');
  if (!heuristic) throw new AgentSpecError('--agent-param', `the random profile has no parameters; use ${SKILL_PROFILES.join(', ')}`);
}

function canonicalAgents(spec: Omit<AgentSpec, 'canonical' | 'files'>): string {
  const items: string[] = [spec.base];
  for (const scope of SCOPES) {
    const a = spec.assignments.get(scope);
    if (!a) continue;
    // A team given the base profile changes nothing: leave it out so equal specs read alike.
    if ((TEAM_SCOPES as readonly string[]).includes(scope) && a.kind === 'profile' && a.profile === spec.base) continue;
    items.push(a.kind === 'profile' ? `${scope}=${a.profile}` : `${scope}=module:${a.path}`);
  }
  const order = (o: ParamOverride): number => (o.scope === '' ? -1 : SCOPES.indexOf(o.scope)) * 1000 + PARAM_SPECS.findIndex((s) => s.key === o.key);
  for (const o of [...spec.params].sort((a, b) => order(a) - order(b))) {
    items.push(`${o.scope === '' ? '' : `${o.scope}.`}${o.key}=${o.value}`);
  }
  // A team's strategies keep the order they were given in: the per-game draw walks them in that order.
  const keyOrder = (k: string): number => PARAM_SPECS.findIndex((s) => s.key === k);
  for (const team of MIXTURE_TEAMS) {
    for (const c of spec.mixture.get(team) ?? []) {
      const params = [...c.params].sort((a, b) => keyOrder(a[0]) - keyOrder(b[0])).map(([k, v]) => `${k}=${v}`);
      items.push(`${team}@${c.weight}[${params.join(';')}]`);
    }
  }
  return items.join(',');
}
