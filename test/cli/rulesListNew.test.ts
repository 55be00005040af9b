// `mafia-sim rules --list` shows the options of the rules real tables play
// (issue 10) with each preset's value and their meaning, from the option table.

import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { optionSpec } from '../../src/engine/options.js';
import { PRESET_NAMES } from '../../src/engine/presets.js';
import { resolveRules } from '../../src/engine/rules.js';

const ROOT = join(import.meta.dirname, '../..');
const MAIN = join(ROOT, 'dist/src/cli/main.js');
const NEW_OPTIONS = ['doctor.selfHeal', 'vote.noLynch', 'mafia.shots', 'vigilante.shots', 'vigilante.firstNight', 'doctor.savesFromVigilante'];

it.each(NEW_OPTIONS)('rules --list has %s with each preset\'s value and its meaning', (key) => {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` first`);
  const text = execFileSync(process.execPath, [MAIN, 'rules', '--list'], { cwd: ROOT, encoding: 'utf8' });
  const line = text.split('\n').find((l) => l.startsWith(`${key} `));
  expect(line, key).toBeDefined();
  expect(line).toContain(optionSpec(key)!.doc);
  for (const p of PRESET_NAMES) expect(line).toContain(String((resolveRules(p).options as unknown as Record<string, unknown>)[key]));
});
