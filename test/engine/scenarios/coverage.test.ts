// Every rule option of the option table must have a scenario: a new option
// without one fails here, naming it.

import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { OPTION_KEYS } from '../../../src/engine/options.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const scenarioText = readdirSync(here)
  .filter((f) => f.endsWith('.test.ts') && f !== 'coverage.test.ts')
  .map((f) => readFileSync(here + f, 'utf8'))
  .join('\n');

/** The key used as a quoted string or as an object key (`{ start }`, `revealOnDeath: x`). */
function mentioned(key: string): boolean {
  const k = key.replace(/\./g, '\\.');
  return new RegExp(`(['"\`])${k}\\1|[{,]\\s*${k}\\s*[:,}]`).test(scenarioText);
}

it.each(OPTION_KEYS)('option %s has a scenario test', (key) => {
  expect(mentioned(key)).toBe(true);
});
