// README.md (The players) documents every policy parameter with its per-profile values.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PARAM_SPECS, useLabel } from '../../src/agents/params.js';

describe('README.md (The players)', () => {
  const text = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

  it('has a row for every parameter with its novice / club / expert / strangers values, its kind (skill, or whose strategy) and its meaning', () => {
    for (const s of PARAM_SPECS) {
      expect(text, s.key).toContain(`| \`${s.key}\` | ${s.values.join(' / ')} | ${s.min}..${s.max} | ${useLabel(s.use)} | ${s.doc} |`);
    }
  });

  it('states the default win rates with the command that produced them', () => {
    expect(text).toContain('mafia-sim run --rules club --games 100000');
    expect(text).toContain('mafia-sim run --rules forum --games 100000');
    expect(text).not.toMatch(/DEFAULT_RESULTS|SKILL_RESULTS|PARAMS_TABLE/);
  });
});
