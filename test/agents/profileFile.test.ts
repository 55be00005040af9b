// A profile saved by `mafia-sim tune` is usable as `--agents SCOPE=FILE.json`:
// its values are spelled out in the canonical text, and bad files are named.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AgentSpecError, PROFILE_FILE_FORMAT, parseAgents } from '../../src/agents/spec.js';

const dir = mkdtempSync(join(tmpdir(), 'mafia-profile-'));
const file = (name: string, doc: unknown): string => {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(doc));
  return path;
};

describe('--agents SCOPE=FILE.json', () => {
  it('assigns the base profile and each parameter to the scope, spelled out', () => {
    const path = file('tuned.json', { format: PROFILE_FILE_FORMAT, base: 'expert', params: { 'mafia.fakeClaim': 0.9, readSkill: 0.25 } });
    const spec = parseAgents(`club,mafia=${path}`);
    expect(spec.canonical).toContain('mafia=expert');
    expect(spec.canonical).toContain('mafia.mafia.fakeClaim=0.9');
    expect(spec.canonical).toContain('mafia.readSkill=0.25');
    expect(spec.canonical).not.toContain(path);
    expect(parseAgents(spec.canonical).canonical).toBe(spec.canonical);
  });

  it.each([
    ['missing.json', null, /cannot read a profile file/],
    ['wrong-format.json', { format: 'x', base: 'club', params: {} }, /not a profile file/],
    ['bad-base.json', { format: PROFILE_FILE_FORMAT, base: 'grandmaster', params: {} }, /base: unknown profile "grandmaster"/],
    ['bad-param.json', { format: PROFILE_FILE_FORMAT, base: 'club', params: { nosuch: 1 } }, /params\.nosuch: unknown parameter/],
    ['bad-value.json', { format: PROFILE_FILE_FORMAT, base: 'club', params: { readSkill: 99 } }, /readSkill.*from 0 to 5/],
    // A threshold saved before issue 18 was an absolute belief: refused, naming the key that replaced it.
    ['old-key.json', { format: PROFILE_FILE_FORMAT, base: 'club', params: { 'vigilante.fireThreshold': 0.3 } }, /params\.vigilante\.fireThreshold: renamed vigilante\.fireOdds/],
  ])('%s is refused naming the file', (name, doc, message) => {
    const path = doc === null ? join(dir, name) : file(name, doc);
    expect(() => parseAgents(`club,mafia=${path}`)).toThrow(AgentSpecError);
    expect(() => parseAgents(`club,mafia=${path}`)).toThrow(message);
    expect(() => parseAgents(`club,mafia=${path}`)).toThrow(name);
  });
});
