// Turns `--rules club|forum|classic|FILE` plus `--players`, `--mafia` and
// `--set` into resolved Rules. Rules files are JSON or YAML. A relative FILE
// is read from the working directory, else from the package's own folder, so
// the shipped `rules/*.yaml` load by the same name from anywhere.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { isPresetName } from '../engine/presets.js';
import { resolveRules, type Rules, type RulesDoc } from '../engine/rules.js';
import { UsageError } from './errors.js';

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
    text = readFileSync(rulesPath(arg), 'utf8');
  } catch {
    throw new UsageError('--rules', `${JSON.stringify(arg)} is neither a preset (club, forum, classic) nor a readable file (here or among the shipped rules/ files)`);
  }
  let doc: unknown;
  try {
    doc = arg.endsWith('.json') ? JSON.parse(text) : parseYaml(text);
  } catch (e) {
    const why = (e instanceof Error ? e.message : String(e)).split('\n')[0];
    throw new UsageError('--rules', `${arg} does not parse: ${why}`);
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    throw new UsageError('--rules', `${arg} must hold a mapping with keys preset, players, mafia, roles, options`);
  }
  return doc as RulesDoc;
}

/** The file a rules argument names: as given if it exists (relative to the working directory), else the package's own copy. */
export function rulesPath(arg: string): string {
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
