// Experiment files: a mistake is one line naming the field in the file and
// the fix, in the file's terms (not the validator's wording), through the
// real CLI; `experiment FILE --games N` means a documented thing for every
// command and its errors name --games, never the flag it stands for.

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const MAIN = join(import.meta.dirname, '../../dist/src/cli/main.js');
const dir = mkdtempSync(join(tmpdir(), 'mafia-exp-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function cli(args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [MAIN, ...args], { cwd: dir, timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
    });
  });
}

let n = 0;
function file(text: string): string {
  const name = `x${++n}.yaml`;
  writeFileSync(join(dir, name), text);
  return name;
}

describe('experiment file mistakes', () => {
  it.each([
    ['an unknown command', 'title: t\ncommand: comparee\nvariants:\n  - set: [doctor.maxSameTarget=1]\ngames: 100\n', /: command: unknown command "comparee" \(did you mean "compare"\?\); use one of run, compare, sweep, balance, roles, fair, tune$/],
    ['a sweep vary split by YAML', 'title: t\ncommand: sweep\nvary: [roles.putana=0,1]\ngames: 100\n', /: vary\[1\]: 1 is not key=values: .*vary: \["roles.putana=0,1"\]/],
    ['a balance vary split by YAML', 'command: balance\nvary: [roles.putana=0,1]\n', /: vary\[1\]: 1 is not key=values/],
    ['text for a number', 'title: t\ncommand: run\ngames: abc\n', /: games: got "abc"; give a number$/],
    ['a negative seed', 'title: t\ncommand: run\ngames: 10\nseed: -1\n', /: seed: got -1; use a value of at least 0$/],
    ['a misspelt choice', 'title: t\ncommand: compare\npairs: frist\nvariants:\n  - set: [doctor.maxSameTarget=1]\ngames: 10\n', /: pairs: got "frist" \(did you mean "first"\?\); use one of all, first$/],
    ['a misspelt key', 'title: t\ncommand: compare\nvariants:\n  - sett: [doctor.maxSameTarget=1]\ngames: 10\n', /: variants\[0\]\.sett: unknown key \(did you mean "set"\?\)/],
    ['a misspelt balance key', 'command: balance\nvary: mafia=1..3\nbudgett: 5000\n', /: budgett: unknown key for a balance experiment \(did you mean "budget"\?\); keys: .*agentParams/],
    ['a balance key whose value is refused', 'command: balance\nvary: mafia=1..3\nbudget: 5\n', /: budget: the budget of 5 games cannot pay the first look/],
  ])('%s', async (_what, text, expected) => {
    const name = file(text);
    const r = await cli(['experiment', name]);
    expect(r.code).toBe(2);
    const lines = r.stderr.split('\n').filter((l) => l !== '');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^mafia-sim: ${name}`));
    expect(lines[0]).toMatch(expected);
    expect(lines[0]).not.toMatch(/Invalid (input|option)|expected .* received/);
  });
});

describe('experiment FILE --games N', () => {
  const balance = 'command: balance\nvary: mafia=1..2\nbudget: 100000\nfirstLook: 200\nagents: random\nthreads: 1\n';
  const fair = 'command: fair\nmaxGames: 2000\nagents: random\nthreads: 1\n';

  it('on a balance file is the budget, and its errors name --games', async () => {
    const bad = await cli(['experiment', file(balance), '--games', '5']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^mafia-sim: --games: the budget of 5 games cannot pay the first look/);
    expect(bad.stderr).not.toMatch(/--budget/);
    const ok = await cli(['experiment', file(balance), '--games', '400', '--quiet', '--json', '--out', 'b']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout).balance).toMatchObject({ budget: 400, spent: 400 });
  });

  it('on a fair file is the cap of the test, and it says so', async () => {
    const r = await cli(['experiment', file(fair), '--games', '600', '--quiet', '--json', '--out', 'f']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/--games 600 caps the fair test \(its maxGames\)/);
    expect(JSON.parse(r.stdout).fair.config.maxGames).toBe(600);
    const bad = await cli(['experiment', file(fair), '--games', 'x']);
    expect(bad.stderr).toMatch(/^mafia-sim: --games: got "x"/);
  });

  it('is documented in --help for every kind of file', async () => {
    const r = await cli(['experiment', '--help']);
    expect(r.stdout.replace(/\s+/g, ' ')).toMatch(/the budget over all candidates for balance; the cap for fair/);
  });
});
