// Bad input through the real CLI (node dist/src/cli/main.js; build first with
// `npm run build`, as `npm test` does): exactly one line on stderr
// that starts by naming the field, exit code 2, no stack trace, nothing on
// stdout and nothing written. Runtime: one CLI start per case, 0.3 s each
// while the CLI loads lazily (about 1 s each when it loads vega at start).

import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const MAIN = join(import.meta.dirname, '../../dist/src/cli/main.js');
const dir = mkdtempSync(join(tmpdir(), 'mafia-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

function cli(args: readonly string[]): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(process.execPath, [MAIN, ...args], { cwd: dir, timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

function file(name: string, text: string): string {
  writeFileSync(join(dir, name), text);
  return name;
}

beforeAll(() => {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` first`);
  file('broken.json', '{"preset": "club", "players": ');
  file('typo.yaml', 'preset: club\noptions:\n  hunt.enbled: true\n');
});

/**
 * [what, arguments, the field the line must start with]. One process each,
 * so only what needs the real CLI is here; resolveRules' refusals and rules
 * files are covered in-process (test/engine/rules.test.ts, rulesSource.test.ts).
 */
const CASES: Array<[string, string[], string]> = [
  ['a JSON rules file that does not parse', ['run', '--rules', 'broken.json', '--games', '10'], '--rules'],
  ['an unknown option key in a rules file', ['run', '--rules', 'typo.yaml', '--games', '10'], 'hunt.enbled'],
  ['an unknown option key in --set', ['run', '--set', 'vote.tied=random', '--games', '10'], 'vote.tied'],
  ['an unknown option value', ['replay', '--set', 'vote.tie=coin'], 'vote.tie'],
  ['--games 0', ['run', '--games', '0'], '--games'],
  ['--games lots', ['run', '--games', 'lots'], '--games'],
  ['--games without a value', ['run', '--games'], '--games'],
  ['--seed -1', ['run', '--seed', '-1', '--games', '10'], '--seed'],
  ['--seed without a value', ['replay', '--seed'], '--seed'],
  ['an unknown flag', ['run', '--gmaes', '10'], '--gmaes'],
  ['an unknown command', ['rnu'], 'rnu'],
  ['an impossible role count', ['run', '--set', 'roles.don=9', '--games', '10'], 'roles.don'],
  ['a belief threshold under its old key', ['run', '--agents', 'club,town.vigilante.fireThreshold=0.3', '--games', '10'], 'town.vigilante.fireThreshold'],
];

describe.concurrent('bad input through the CLI', () => {
  it.each(CASES)('%s', async (_what, args, field) => {
    const out = join(dir, `out-${args.join('_').replace(/[^\w.-]/g, '')}`);
    const withOut = args[0] === 'run' ? [...args, '--out', out] : args;
    const r = await cli(withOut);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.endsWith('\n')).toBe(true);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr.startsWith(`mafia-sim: ${field}: `), r.stderr).toBe(true);
    expect(r.stderr).not.toContain('    at ');
    expect(existsSync(out)).toBe(false);
  });
});

describe('good input still works', () => {
  it('a YAML rules file runs through replay', async () => {
    file('ok.yaml', 'preset: classic\nplayers: 7\nmafia: 2\noptions:\n  vote.tie: none\n');
    const r = await cli(['replay', '--rules', 'ok.yaml', '--seed', '5']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^# mafia-sim replay --rules ok\.yaml/);
    expect(r.stdout).toMatch(/\nWinner: (town|mafia) /);
  });
});
