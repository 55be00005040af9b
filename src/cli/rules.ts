// `mafia-sim rules`: the resolved rules of a setup as a readable table (or
// the canonical JSON), and `--list`: every rule option with each preset's value.

import type { Argv } from 'yargs';
import { OPTION_SPECS, describeAllowed, type OptionValue } from '../engine/options.js';
import { PRESETS, PRESET_NAMES } from '../engine/presets.js';
import { resolveRules, roleCounts } from '../engine/rules.js';
import { withRules } from './common.js';
import { guarded } from './errors.js';
import { loadRules, type RulesArgs } from './rulesSource.js';

export const rulesCommand = {
  command: 'rules',
  describe: 'show the resolved rules of a setup, or list every rule option',
  builder: (y: Argv) =>
    withRules(y)
      .option('list', { type: 'boolean', default: false, describe: 'list every option with its meaning and each preset\'s value' })
      .option('json', { type: 'boolean', default: false, describe: 'print the canonical rules as JSON' }),
  handler: guarded((a: RulesArgs & { list: boolean; json: boolean }) => {
    process.stdout.write(a.list ? listOptions() : showRules(a));
  }),
};

function listOptions(): string {
  const presets = PRESET_NAMES.map((p) => resolveRules(p));
  const lines = [`option | ${PRESET_NAMES.join(' | ')} | allowed | meaning`, `---|${PRESET_NAMES.map(() => '---').join('|')}|---|---`];
  for (const o of OPTION_SPECS) {
    const values = presets.map((r) => String((r.options as unknown as Record<string, OptionValue>)[o.key]));
    lines.push(`${o.key} | ${values.join(' | ')} | ${describeAllowed(o)} | ${o.doc}`);
  }
  const roles = PRESET_NAMES.map((p) => `${p} (${PRESETS[p].defaultPlayers} players): ${JSON.stringify(roleCounts(resolveRules(p)))}`);
  return [...lines, '', 'default role counts:', ...roles, ''].join('\n');
}

function showRules(a: RulesArgs & { json: boolean }): string {
  const rules = loadRules(a);
  if (a.json) return rules.canonical + '\n';
  const opts = rules.options as unknown as Record<string, OptionValue>;
  const width = Math.max(...OPTION_SPECS.map((o) => o.key.length));
  const lines = [
    `rules ${rules.hash} (from preset ${rules.preset}), ${rules.players} players`,
    `roles: ${Object.entries(roleCounts(rules)).map(([k, v]) => `${k} ${v}`).join(', ')}`,
    '',
    ...OPTION_SPECS.map((o) => `  ${o.key.padEnd(width)}  ${String(opts[o.key]).padEnd(18)} ${o.doc}`),
  ];
  return lines.join('\n') + '\n';
}
