// Turns `--rules club|forum|classic|FILE` plus `--players`, `--mafia` and
// `--set` into resolved Rules. Rules files are JSON or YAML.

import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { PRESET_NAMES, isPresetName } from '../engine/presets.js';
import { didYouMean } from '../engine/spelling.js';
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
    text = readFileSync(arg, 'utf8');
  } catch {
    throw new UsageError('--rules', `${JSON.stringify(arg)} is neither a preset (club, forum, classic) nor a readable file${didYouMean(arg, PRESET_NAMES)}`);
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

export function loadRules(a: RulesArgs): Rules {
  return resolveRules(loadRulesDoc(a.rules), { players: a.players, mafia: a.mafia, set: a.set ?? [] });
}
