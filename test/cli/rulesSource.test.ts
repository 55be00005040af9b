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

  it('nested option mappings load like their dotted keys, mixed or not', () => {
    const nested = file('nested.yaml', 'preset: forum\nplayers: 14\nroles:\n  putana: 1\noptions:\n  vote: {tie: none}\n  lynch:\n    minShare: 1/3\n  hunt.enabled: false\n');
    expect(loadRules({ rules: nested }).canonical).toBe(SAME_BY_FLAGS.canonical);
    const twice = file('twice.yaml', 'preset: club\noptions:\n  doctor:\n    maxSameTarget: 1\n  doctor.maxSameTarget: 2\n');
    expect(() => loadRules({ rules: twice })).toThrow(/^options\.doctor\.maxSameTarget: given twice/);
    const unknown = file('unknown.yaml', 'preset: club\noptions:\n  doctor:\n    maxSameTarjet: 1\n');
    expect(() => loadRules({ rules: unknown })).toThrow(/^doctor\.maxSameTarjet: unknown rule option .*did you mean "doctor\.maxSameTarget"/);
  });

  it.each([
    ['an unclosed [', 'preset: club\noptions:\n  doctor.maxSameTarget: 1\n  vote.tie: [none\n  hunt.enabled: true\n', 4, /a \[ is not closed with \]/],
    ['an over-indented key', 'preset: club\noptions:\n  doctor.maxSameTarget: 1\n   vote.tie: none\n', 4, /indented deeper/],
    ['an unclosed quote', 'preset: "club\nplayers: 12\n', 1, /quote is not closed/],
    ['a repeated key', 'preset: club\noptions:\n  vote.tie: none\n  vote.tie: random\n', 4, /Map keys must be unique/],
  ])('a YAML error (%s) names the line that holds it, in one clean line', (_what, text, line, why) => {
    const path = file('yamlerr.yaml', text);
    let message = '';
    try {
      loadRules({ rules: path });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(new RegExp(`does not parse: line ${line} \\(`));
    expect(message).toMatch(why);
    expect(message).not.toMatch(/\n|:\s*$|at line \d+, column/);
  });
});
