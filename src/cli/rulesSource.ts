// Turns `--rules club|forum|classic|werewolf|sports|FILE` plus `--players`, `--mafia` and
// `--set` into resolved Rules. Rules files are JSON or YAML (nested option
// mappings allowed); a YAML mistake is reported at the line that holds it. A
// relative FILE is read from the working directory, else from the package's
// own folder (`shippedPath`), so the shipped `rules/*.yaml` (and, through the
// same function, `experiments/*.yaml`) load by the same name from anywhere.

import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as Yaml from 'yaml';
import { PRESET_NAMES, isPresetName } from '../engine/presets.js';
import { didYouMean } from '../engine/spelling.js';
import { resolveRules, type Rules, type RulesDoc } from '../engine/rules.js';
import { SCHEMA_VERSIONS } from '../sim/schemaVersions.js';
import { UsageError } from './errors.js';

/**
 * YAML text parsed by the yaml package, loaded the first time a file is read:
 * a preset needs no parser, and loading it was a tenth of a run's start
 * before its first game. A synchronous require, since loading rules is.
 */
function parseYaml(text: string): unknown {
  return (createRequire(import.meta.url)('yaml') as typeof Yaml).parse(text);
}

export interface RulesArgs {
  rules: string;
  players?: number | string;
  mafia?: number | string;
  set?: string[];
}

export function loadRulesDoc(arg: string): RulesDoc {
  const given: unknown = arg;
  if (Array.isArray(given)) throw new UsageError('--rules', `given ${given.length} times (${given.join(', ')}); this command takes one rules source`);
  if (isPresetName(arg)) return { preset: arg };
  let text: string;
  try {
    text = readFileSync(shippedPath(arg), 'utf8');
  } catch {
    throw new UsageError('--rules', `${JSON.stringify(arg)} is neither a preset (${PRESET_NAMES.join(', ')}) nor a readable file (here or among the shipped rules/ files)${didYouMean(arg, PRESET_NAMES)}`);
  }
  let doc: unknown;
  try {
    doc = arg.endsWith('.json') ? JSON.parse(text) : parseYaml(text);
  } catch (e) {
    const why = arg.endsWith('.json') ? (e instanceof Error ? e.message : String(e)).split('\n')[0] : describeYamlError(text, e);
    throw new UsageError('--rules', `${arg} does not parse: ${why}`);
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    throw new UsageError('--rules', `${arg} must hold a mapping with keys preset, players, mafia, roles, options`);
  }
  const d = withoutOutputFields(arg, doc as OutputDoc);
  return d.options && typeof d.options === 'object' && !Array.isArray(d.options) ? { ...d, options: flattenOptions(d.options) } : d;
}

/** A rules document as `rules --json` prints it: the canonical rules with the version and the hash, a rules file's own roles under `define`. */
type OutputDoc = RulesDoc & { schemaVersion?: unknown; hash?: unknown; define?: unknown };

/**
 * A file saved from `rules --json` loads back: its `schemaVersion` is checked
 * and its `hash` dropped (the rules' hash is recomputed, so an edited file
 * needs no new one), and the definitions of its own roles (`define`, the
 * canonical form) go back under `roles` with their counts.
 */
function withoutOutputFields(arg: string, doc: OutputDoc): RulesDoc {
  const { schemaVersion, hash: _hash, define, ...rest } = doc;
  if (schemaVersion !== undefined && schemaVersion !== SCHEMA_VERSIONS.rules) {
    throw new UsageError('schemaVersion', `${arg} holds ${JSON.stringify(schemaVersion)}, not the version of \`rules --json\` this mafia-sim reads (${SCHEMA_VERSIONS.rules}); remove the field`);
  }
  return define === undefined ? rest : { ...rest, roles: withDefinitions(arg, rest.roles ?? {}, define) };
}

/** `define: {guard: {...}}` beside `roles: {guard: 1}` as `roles: {guard: {..., count: 1}}`, the form a rules file writes. */
function withDefinitions(arg: string, roles: Record<string, unknown>, define: unknown): Record<string, unknown> {
  const isMapping = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isMapping(define)) throw new UsageError('define', `${arg}: define must map each new role's key to its definition, as \`rules --json\` prints it; or define the roles under roles (roles: {guard: {team: town}})`);
  const out = { ...roles };
  for (const [key, def] of Object.entries(define)) {
    if (!isMapping(def)) throw new UsageError(`define.${key}`, `${arg}: a role's definition is a mapping (e.g. {team: town}), not ${JSON.stringify(def)}`);
    const count = roles[key];
    if (count !== undefined && typeof count !== 'number') throw new UsageError(`define.${key}`, `${arg} defines ${key} under roles too; keep one of the two`);
    out[key] = { ...def, count: count ?? 0 };
  }
  return out;
}

/**
 * `options: {doctor: {maxSameTarget: 1}}` as `doctor.maxSameTarget: 1`: a
 * nested mapping is the same as its dotted keys (both may be mixed). A key
 * given both ways is refused rather than one silently winning.
 */
export function flattenOptions(options: Record<string, unknown>, prefix = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(options)) {
    const key = `${prefix}${k}`;
    const inner = v !== null && typeof v === 'object' && !Array.isArray(v) ? flattenOptions(v as Record<string, unknown>, `${key}.`) : { [key]: v };
    for (const [ik, iv] of Object.entries(inner)) {
      if (ik in out) throw new UsageError(`options.${ik}`, 'given twice (once nested, once dotted); keep one');
      out[ik] = iv;
    }
  }
  return out;
}

/** The file a rules or experiment argument names: as given if it exists (relative to the working directory), else the package's own copy. */
export function shippedPath(arg: string): string {
  if (isAbsolute(arg) || existsSync(arg)) return arg;
  const shipped = join(packageRoot(), arg);
  return existsSync(shipped) ? shipped : arg;
}

/** The folder holding this package's package.json (dist/src/cli or src/cli sit below it). */
function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

export function loadRules(a: RulesArgs): Rules {
  return resolveRules(loadRulesDoc(a.rules), { players: a.players, mafia: a.mafia, set: a.set ?? [] });
}

/**
 * A YAML parse error as `line N: what is wrong`, on one line. The parser
 * places some errors where it noticed them rather than where the mistake is
 * (an unclosed `[` or quote is reported lines later, an over-indented key on
 * the line before): those are moved back to the line that holds the mistake.
 */
export function describeYamlError(text: string, e: unknown): string {
  const lines = text.split('\n');
  const err = e as { message?: string; code?: string; linePos?: [{ line: number; col: number }] };
  const what = (err.message ?? String(e)).split('\n')[0]!.replace(/ at line \d+, column \d+:?\s*$/, '').replace(/:\s*$/, '');
  const reported = err.linePos?.[0]?.line ?? 0;
  const before = (test: (l: string) => boolean) => {
    for (let i = Math.min(reported, lines.length) - 1; i >= 0; i--) if (test(lines[i]!)) return i + 1;
    return reported;
  };
  const count = (l: string, c: string) => l.split(c).length - 1;
  let line = reported;
  let why = what;
  const flow = /^Flow (sequence|mapping)/.exec(what);
  const quote = /^Missing closing (["'])quote/.exec(what);
  if (err.code === 'BAD_INDENT' && flow) {
    const [open, close] = flow[1] === 'sequence' ? ['[', ']'] : ['{', '}'];
    line = before((l) => count(l, open) > count(l, close));
    why = `a ${open} is not closed with ${close} on its line`;
  } else if (quote) {
    line = before((l) => count(l, quote[1]!) % 2 === 1);
    why = `a ${quote[1]} quote is not closed`;
  } else if ((err.code === 'BLOCK_AS_IMPLICIT_KEY' || err.code === 'MULTILINE_IMPLICIT_KEY') && reported < lines.length) {
    const indent = (l: string) => l.length - l.trimStart().length;
    const next = lines.findIndex((l, i) => i >= reported && l.trim() !== '');
    if (next >= 0 && indent(lines[next]!) > indent(lines[reported - 1]!)) {
      line = next + 1;
      why = 'indented deeper than the key above it, which already has a value; line keys up under one mapping';
    }
  }
  if (line < 1) return why;
  return `line ${line} (${JSON.stringify(lines[line - 1]!.trim())}): ${why}`;
}
