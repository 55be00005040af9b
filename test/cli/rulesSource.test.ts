// Rules files: JSON and YAML load to the same rules as the preset and flags
// they spell out; a file that is not a mapping, or does not parse, or does
// not exist is a UsageError naming --rules.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/errors.js';
import { loadRules } from '../../src/cli/rulesSource.js';
import { RulesError, resolveRules } from '../../src/engine/rules.js';

const dir = mkdtempSync(join(tmpdir(), 'mafia-rules-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const YAML_TEXT = `# a forum game with the club's Putana
preset: forum
players: 14
roles:
  putana: 1
options:
  vote.tie: none
  lynch.minShare: 1/3
  hunt.enabled: false
`;
const JSON_TEXT = JSON.stringify({ preset: 'forum', players: 14, roles: { putana: 1 }, options: { 'vote.tie': 'none', 'lynch.minShare': '1/3', 'hunt.enabled': false } });
const SAME_BY_FLAGS = resolveRules('forum', { players: 14, set: ['roles.putana=1', 'vote.tie=none', 'lynch.minShare=1/3', 'hunt.enabled=false'] });

describe('rules files', () => {
  it.each([
    ['YAML (.yaml)', 'forum14.yaml', YAML_TEXT],
    ['YAML (.yml)', 'forum14.yml', YAML_TEXT],
    ['JSON', 'forum14.json', JSON_TEXT],
  ])('%s loads to the rules its content spells out', (_kind, name, text) => {
    const rules = loadRules({ rules: file(name, text) });
    expect(rules.canonical).toBe(SAME_BY_FLAGS.canonical);
    expect(rules.hash).toBe(SAME_BY_FLAGS.hash);
    expect(rules.preset).toBe('forum');
  });

  it('flags apply on top of a file', () => {
    const rules = loadRules({ rules: file('over.yaml', YAML_TEXT), players: '20', set: ['vote.tie=random'] });
    expect(rules.canonical).toBe(resolveRules('forum', { players: 20, set: ['roles.putana=1', 'lynch.minShare=1/3', 'hunt.enabled=false'] }).canonical);
  });

  it.each([
    ['JSON that does not parse', 'broken.json', '{"preset": "club",', /--rules: .*broken\.json does not parse/],
    ['YAML that does not parse', 'broken.yaml', 'preset: [club\noptions: {', /--rules: .*broken\.yaml does not parse/],
    ['a list, not a mapping', 'list.yaml', '- club\n- forum\n', /--rules: .*must hold a mapping/],
    ['an empty file', 'empty.yaml', '', /--rules: .*must hold a mapping/],
  ])('%s is a UsageError naming --rules', (_what, name, text, message) => {
    const path = file(name, text);
    let error: unknown;
    try {
      loadRules({ rules: path });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).field).toBe('--rules');
    expect((error as Error).message).toMatch(message);
  });

  it('a missing file is a UsageError naming --rules', () => {
    expect(() => loadRules({ rules: join(dir, 'nope.yaml') })).toThrow(UsageError);
  });

  it('a bad option inside a file is a RulesError naming the option', () => {
    const path = file('badopt.yaml', 'preset: club\noptions:\n  vote.tie: coin\n');
    expect(() => loadRules({ rules: path })).toThrow(RulesError);
    expect(() => loadRules({ rules: path })).toThrow(/^vote\.tie: /);
  });
});
