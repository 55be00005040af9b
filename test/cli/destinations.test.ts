// Every command that writes a report folder, a part file, a checkpoint or a
// profile tries the destination before its first game: a folder it may not
// write (EACCES), a file in the path (ENOTDIR) and /proc/nope (where Node's
// recursive mkdir spins for ever) each get one line naming the flag and the
// fix, exit 2, and nothing written. The runs asked for are far too long to
// finish in the time allowed, so a check made after the games fails here.

import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, cliWithin, type SpawnPlace } from '../sim/cli.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'mafia-sim-dest-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Long enough to show a check made after the games: none of these runs could end in time. */
const HUGE = '100000000';
const WITHIN_MS = 30_000;

let part = '';
beforeAll(async () => {
  writeFileSync(join(root, 'afile'), '');
  const made = await cli(['run', '--agents', 'random', '--games', '200', '--shard', '0/1', '--out', join(root, 'parts'), '--quiet']);
  expect(made.code, made.stderr).toBe(0);
  part = join(root, 'parts', 'part-0-of-1.json');
});

/** Each command line with OUT where the destination goes; the flag the message must name. */
const COMMANDS: Array<[name: string, flag: string, args: (out: string) => string[]]> = [
  ['run', '--out', (o) => ['run', '--games', HUGE, '--out', o]],
  ['run --shard', '--out', (o) => ['run', '--games', HUGE, '--shard', '1/2', '--out', o]],
  ['run --checkpoint', '--checkpoint', (o) => ['run', '--games', HUGE, '--checkpoint', join(o, 'run.ckpt')]],
  ['compare', '--out', (o) => ['compare', '--variant', 'mafia=2', '--games', HUGE, '--out', o]],
  ['compare --across', '--out', (o) => ['compare', '--variant', 'mafia=2', '--across', 'default', '--games', HUGE, '--out', o]],
  ['sweep', '--out', (o) => ['sweep', '--vary', 'mafia=1,2', '--games', HUGE, '--out', o]],
  ['experiment (compare)', '--out', (o) => ['experiment', join(REPO, 'experiments/club-house-rules.yaml'), '--games', HUGE, '--out', o]],
  ['experiment (fair)', '--out', (o) => ['experiment', join(REPO, 'experiments/balance-club-fair.yaml'), '--out', o]],
  ['balance', '--out', (o) => ['balance', '--vary', 'mafia=1..3', '--budget', HUGE, '--out', o]],
  ['fair', '--out', (o) => ['fair', '--max-games', HUGE, '--out', o]],
  ['roles', '--out', (o) => ['roles', '--games', HUGE, '--out', o]],
  ['tune', '--out', (o) => ['tune', '--params', 'readSkill', '--games', HUGE, '--out', o]],
  ['tune --save', '--save', (o) => ['tune', '--params', 'readSkill', '--games', HUGE, '--save', join(o, 'tuned.json')]],
  ['calibrate', '--save', (o) => ['calibrate', '--records', join(REPO, 'data/mafia-allstars'), '--rules', join(REPO, 'rules/mafia-allstars.yaml'), '--params', 'readSkill', '--games', HUGE, '--save', join(o, 'fit.json')]],
  ['records compare', '--out', (o) => ['records', 'compare', '--records', join(REPO, 'data/mafia-allstars'), '--rules', join(REPO, 'rules/mafia-allstars.yaml'), '--games', HUGE, '--out', o]],
  ['merge', '--out', (o) => ['merge', part, '--out', o]],
];

function expectRefused(r: { code: number | null; stdout: string; stderr: string }, flag: string, why: RegExp): void {
  expect(r.code, `killed after ${WITHIN_MS} ms, or: ${r.stderr}`).toBe(2);
  const lines = r.stderr.trim().split('\n');
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(new RegExp(`^mafia-sim: ${flag}: `));
  expect(lines[0]).toMatch(why);
  expect(lines[0]).toMatch(new RegExp(`give ${flag} a (folder|path in a folder) you can write to`));
  expect(r.stdout).toBe('');
}

describe('an output destination that cannot be written is refused before the first game', () => {
  it.each(COMMANDS)('%s: a file in the path (ENOTDIR)', async (_name, flag, args) => {
    const r = await cliWithin(WITHIN_MS, args(join(root, 'afile', 'sub')));
    expectRefused(r, flag, /afile is a file, not a folder/);
    expect(statSync(join(root, 'afile')).isFile()).toBe(true);
  });

  it.each(COMMANDS)('%s: /proc/nope (Node would spin for ever making it)', async (_name, flag, args) => {
    const r = await cliWithin(WITHIN_MS, args('/proc/nope'));
    expectRefused(r, flag, /\/proc does not take new files or folders/);
  });

  it('an --out that is a file is refused too', async () => {
    expectRefused(await cliWithin(WITHIN_MS, ['run', '--games', HUGE, '--out', join(root, 'afile')]), '--out', /afile is a file, not a folder/);
  });
});

/**
 * Whether a user other than the owner may run the CLI of this checkout: every
 * folder down to it searchable, the files readable, by others. Not so in a
 * clone made in a private folder (`mktemp -d` makes it 0700).
 */
function othersCanRunCli(): boolean {
  const cli = join(REPO, 'dist', 'src', 'cli', 'main.js');
  if ((statSync(cli).mode & 0o004) === 0) return false;
  for (let d = dirname(cli); ; d = dirname(d)) {
    if ((statSync(d).mode & 0o001) === 0) return false;
    if (dirname(d) === d) return true;
  }
}

/**
 * A folder this process may not write in. Root writes anywhere, so as root
 * the CLI runs as `nobody` in a folder root owns (when nobody can run this
 * checkout's CLI at all); otherwise in a folder made read-only. null when
 * neither holds here.
 */
function readOnlyPlace(): { dir: string; place: SpawnPlace } | null {
  const dir = join(root, 'read-only');
  mkdirSync(dir);
  chmodSync(root, 0o755); // nobody must reach the folder to be refused in it
  chmodSync(dir, 0o555);
  if (process.getuid?.() === 0) return othersCanRunCli() ? { dir, place: { cwd: dir, uid: 65534, gid: 65534 } } : null;
  try {
    writeFileSync(join(dir, 'x'), '');
    return null; // permission bits do not hold on this file system
  } catch {
    return { dir, place: { cwd: dir } };
  }
}

describe('a folder that may not be written (EACCES)', () => {
  const ro = readOnlyPlace();
  const cases: Array<[name: string, args: string[]]> = [
    ['run, default report folder', ['run', '--games', HUGE]],
    ['compare, default report folder', ['compare', '--variant', 'mafia=2', '--games', HUGE]],
    ['balance, default report folder', ['balance', '--vary', 'mafia=1..3', '--budget', HUGE]],
    ['roles, --out inside it', ['roles', '--games', HUGE, '--out', 'mine']],
    ['run --checkpoint inside it', ['run', '--games', HUGE, '--checkpoint', 'run.ckpt']],
  ];
  it.skipIf(ro === null).each(cases)('%s', async (_name, args) => {
    const r = await cliWithin(WITHIN_MS, args, ro!.place);
    const flag = args.includes('--checkpoint') ? '--checkpoint' : '--out';
    expectRefused(r, flag, /no permission to write in .*read-only/);
    expect(readdirSync(ro!.dir)).toEqual([]);
  });
});
