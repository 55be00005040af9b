// README.md (The players) documents every policy parameter with its per-profile values.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PARAM_SPECS, SKILL_PROFILES, useLabel } from '../../src/agents/params.js';

describe('README.md (The players)', () => {
  const text = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

  it('has a row for every parameter with its novice / club / expert / strangers / live values, its kind (skill, or whose strategy) and its meaning', () => {
    for (const s of PARAM_SPECS) {
      expect(text, s.key).toContain(`| \`${s.key}\` | ${s.values.join(' / ')} | ${s.min}..${s.max} | ${useLabel(s.use)} | ${s.doc} |`);
    }
  });

  it('states the default win rates with the command that produced them', () => {
    expect(text).toContain('mafia-sim run --rules club --games 100000');
    expect(text).toContain('mafia-sim run --rules forum --games 100000');
    expect(text).not.toMatch(/DEFAULT_RESULTS|SKILL_RESULTS|PARAMS_TABLE/);
    expect(text).toContain('mafia-sim run --rules werewolf --games 100000');
    expect(text).toContain('mafia-sim run --rules sports --games 100000');
  });

  it("states the live profile's own values, fitted on top of club's (the table's fifth column)", () => {
    const live = SKILL_PROFILES.indexOf('live');
    for (const s of PARAM_SPECS.filter((x) => x.values[live] !== x.values[1])) expect(text, s.key).toContain(`\`${s.key}\` ${s.values[live]}`);
    expect(text).toContain('`live` is `club` with the two parameters');
  });
});
