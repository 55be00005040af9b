// `mafia-sim rules`: the resolved rules of a setup as a readable table (or
// the canonical JSON), and `--list`: every rule option with its meaning and
// each preset's value, or only the value in the setup given by --rules/--set.

import type { Argv } from 'yargs';
import { OPTION_SPECS, describeAllowed, type OptionValue } from '../engine/options.js';
import { PRESETS, PRESET_NAMES, roleWord } from '../engine/presets.js';
import { resolveRules, type Rules } from '../engine/rules.js';
import { roleCounts } from '../engine/rulesDisplay.js';
import { fitText } from '../report/table.js';
import { alignedTable, withRules } from './common.js';
import { guarded } from './errors.js';
import type { RulesJson, RulesListJson } from './outputs.js';
import { loadRules, type RulesArgs } from './rulesSource.js';
import { SCHEMA_VERSIONS } from '../sim/schemaVersions.js';

type RulesCommandArgs = Omit<RulesArgs, 'rules'> & { rules?: string; list: boolean; json: boolean };

export const rulesCommand = {
  command: 'rules',
  describe: 'show the resolved rules of a setup, or list every rule option (--list)',
  builder: (y: Argv) =>
    withRules(y)
      // No default here: `--list` alone lists every preset; with --rules (or --players, --mafia, --set) only that setup.
      .option('rules', { type: 'string', default: undefined, requiresArg: true, describe: 'club (default), forum, classic, werewolf, sports, or a rules file (JSON or YAML)' })
      .option('list', { type: 'boolean', default: false, describe: "list every option with its meaning and each preset's value (with --rules/--set: that setup's value)" })
      .option('json', { type: 'boolean', default: false, describe: 'print the canonical rules with their hash (with --list: the option table) as JSON; the object loads back as a rules file' }),
  handler: guarded((a: RulesCommandArgs) => {
    const setup = { ...a, rules: a.rules ?? 'club' };
    const chosen = a.rules !== undefined || a.players !== undefined || a.mafia !== undefined || (a.set ?? []).length > 0;
    const columns: [string, Rules][] = a.list && !chosen ? PRESET_NAMES.map((p) => [p, resolveRules(p)]) : [[a.rules ?? 'club', loadRules(setup)]];
    process.stdout.write(a.list ? (a.json ? listJson(columns) : listText(columns)) : a.json ? rulesJson(columns[0]![1]) : showRules(columns[0]![1]));
  }),
};

/** The canonical rules (their hash is the canonical string's) with the version and the hash in front. */
function rulesJson(rules: Rules): string {
  const out: RulesJson = { schemaVersion: SCHEMA_VERSIONS.rules, preset: rules.preset, hash: rules.hash, ...(JSON.parse(rules.canonical) as Pick<RulesJson, 'players' | 'roles' | 'options' | 'define'>) };
  return JSON.stringify(out) + '\n';
}

function optionValue(rules: Rules, key: string): OptionValue {
  return (rules.options as unknown as Record<string, OptionValue>)[key]!;
}

function listText(columns: readonly [string, Rules][]): string {
  const rows = OPTION_SPECS.map((o) => [o.key, ...columns.map(([, r]) => String(optionValue(r, o.key))), describeAllowed(o), o.doc]);
  const roles = columns.map(([name, r]) => `${name} (${r.players} players${name in PRESETS && r.players === PRESETS[name as keyof typeof PRESETS].defaultPlayers ? ', the default' : ''}): ${roleText(r)}`);
  const allowed = columns.length + 1;
  const table = alignedTable(['option', ...columns.map(([name]) => name), 'allowed', 'meaning'], rows, { wrap: [allowed, allowed + 1], below: [allowed + 1, allowed] });
  return fitText([table, `role counts:`, ...roles.map((l) => `  ${l}`), ''].join('\n'));
}

function listJson(columns: readonly [string, Rules][]): string {
  const options = OPTION_SPECS.map((o) => ({ key: o.key, allowed: describeAllowed(o), meaning: o.doc, values: Object.fromEntries(columns.map(([name, r]) => [name, optionValue(r, o.key)])) }));
  const setups = Object.fromEntries(columns.map(([name, r]) => [name, { players: r.players, roles: roleCounts(r), hash: r.hash }]));
  const out: RulesListJson = { schemaVersion: SCHEMA_VERSIONS['rules-list'], options, setups };
  return JSON.stringify(out) + '\n';
}

function roleText(rules: Rules): string {
  return Object.entries(roleCounts(rules)).map(([k, v]) => `${roleWord(rules.preset, k)} ${v}`).join(', ');
}

function showRules(rules: Rules): string {
  const rows = OPTION_SPECS.map((o) => [o.key, String(optionValue(rules, o.key)), o.doc]);
  return fitText([`rules ${rules.hash} (from preset ${rules.preset}), ${rules.players} players`, `roles: ${roleText(rules)}`, '', alignedTable(['option', 'value', 'meaning'], rows, { wrap: [2], below: [2] })].join('\n'));
}
