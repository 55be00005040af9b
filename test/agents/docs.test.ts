// README.md (The players) documents every policy parameter with its per-profile values.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FITTED_PROFILES, PARAM_SPECS } from '../../src/agents/params.js';

describe('README.md (The players)', () => {
  const text = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

  it('has a row for every parameter with its novice / club / expert values', () => {
    for (const s of PARAM_SPECS) {
      expect(text, s.key).toContain(`| \`${s.key}\` | ${s.values.join(' / ')} | ${s.min}..${s.max} |`);
    }
  });

  it('states the default win rates with the command that produced them', () => {
    expect(text).toContain('mafia-sim run --rules club --games 100000');
    expect(text).toContain('mafia-sim run --rules forum --games 100000');
    expect(text).not.toMatch(/DEFAULT_RESULTS|SKILL_RESULTS|PARAMS_TABLE/);
    expect(text).toContain('mafia-sim run --rules werewolf --games 100000');
    expect(text).toContain('mafia-sim run --rules sports --games 100000');
  });

  it("states each fitted profile's own values (the table's columns are novice, club and expert)", () => {
    for (const [name, f] of Object.entries(FITTED_PROFILES)) {
      expect(text, name).toContain(`\`${name}\` is \`${f.base}\``);
      for (const [key, value] of Object.entries(f.values)) expect(text, `${name} ${key}`).toContain(`\`${key}\` ${value}`);
    }
  });
});
