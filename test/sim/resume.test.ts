// An interrupted run writes exactly what finished (marked incomplete) and a
// resumed run ends with exactly the numbers of an uninterrupted one; a
// checkpoint of another run is refused.

import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveRules } from '../../src/engine/rules.js';
import { SimInputError } from '../../src/sim/errors.js';
import { runGames, type RunResult, type Variant } from '../../src/sim/run.js';
import { spawnCli, cli, withoutReproducibility } from './cli.js';

const root = mkdtempSync(join(tmpdir(), 'mafia-sim-resume-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const variants: Variant[] = [{ label: 'club', rules: resolveRules('club'), agents: 'random' }];
const GAMES = 12000;
const SEED = 3;
const counts = (r: RunResult) => JSON.stringify(r.aggregates.map((a) => a.toJSON()));

/** Runs until `stopAt` games are done, then aborts as Ctrl-C would. */
function interruptedRun(path: string, resume: boolean, stopAt: number): Promise<RunResult> {
  const stop = new AbortController();
  return runGames({
    variants,
    seed: SEED,
    games: GAMES,
    threads: 2,
    checkpoint: { path, resume },
    signal: stop.signal,
    onProgress: (p) => p.done >= stopAt && stop.abort(),
  });
}

describe('checkpoint and resume', () => {
  it('interrupted twice and resumed, the run ends with the uninterrupted numbers', async () => {
    const file = join(root, 'twice.json');
    const first = await interruptedRun(file, false, 2500);
    expect(first.complete).toBe(false);
    expect(first.stopped).toBe('interrupted');
    expect(first.games).toBeGreaterThan(0);
    expect(first.games).toBeLessThan(GAMES);
    expect(first.to % first.batchSize).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8')).done).toBe(first.to);

    // What finished is exactly games [0, first.to).
    const prefix = await runGames({ variants, seed: SEED, games: GAMES, to: first.to, threads: 1 });
    expect(counts(first)).toBe(counts(prefix));

    const second = await interruptedRun(file, true, first.to + 4000);
    expect(second.complete).toBe(false);
    expect(second.resumed).toBe(first.games);
    expect(second.to).toBeGreaterThan(first.to);

    const last = await runGames({ variants, seed: SEED, games: GAMES, threads: 2, checkpoint: { path: file, resume: true } });
    expect(last.complete).toBe(true);
    expect(last.resumed).toBe(second.games);
    const whole = await runGames({ variants, seed: SEED, games: GAMES, threads: 1 });
    expect(last.games).toBe(GAMES);
    expect(counts(last)).toBe(counts(whole));
  });

  it('refuses to overwrite a checkpoint without --resume, and to resume another run', async () => {
    const file = join(root, 'other.json');
    await interruptedRun(file, false, 1000);
    await expect(runGames({ variants, seed: SEED, games: GAMES, threads: 1, checkpoint: { path: file } })).rejects.toThrow(/already exists; add --resume/);
    const other = runGames({ variants, seed: SEED + 1, games: GAMES, threads: 1, checkpoint: { path: file, resume: true } });
    await expect(other).rejects.toBeInstanceOf(SimInputError);
    await expect(other).rejects.toThrow(/different run \(seed: 3 there, 4 here\)/);
    const bigger = runGames({ variants, seed: SEED, games: GAMES * 2, threads: 1, checkpoint: { path: file, resume: true } });
    await expect(bigger).rejects.toThrow(/different run \(game range/);
  });

  it('resume with a missing checkpoint starts afresh (a retried cluster task)', async () => {
    const file = join(root, 'fresh.json');
    const r = await runGames({ variants, seed: SEED, games: 2000, threads: 1, checkpoint: { path: file, resume: true } });
    expect(r.complete).toBe(true);
    expect(r.resumed).toBe(0);
    expect(existsSync(file)).toBe(true);
  });

  it('a damaged checkpoint is refused', async () => {
    const file = join(root, 'damaged.json');
    writeFileSync(file, '{"format":"mafia-sim/checkpoint-v1", "identity":');
    await expect(runGames({ variants, seed: SEED, games: 2000, threads: 1, checkpoint: { path: file, resume: true } })).rejects.toThrow(/not readable JSON/);
  });

  it('Ctrl-C on the command line: exit 130, the finished games marked incomplete; --resume ends like one run', async () => {
    const ckpt = join(root, 'cli.json');
    const args = ['run', '--agents', 'random', '--seed', '9', '--games', '150000', '--threads', '2', '--json', '--checkpoint', ckpt];
    const run = spawnCli(args);
    while (!existsSync(ckpt)) await new Promise((r) => setTimeout(r, 20));
    expect(JSON.parse(readFileSync(ckpt, 'utf8')).done).toBeGreaterThan(0);
    run.child.kill('SIGINT');
    const stopped = await run.done;
    expect(stopped.code).toBe(130);
    const partial = JSON.parse(stopped.stdout);
    expect(partial.complete).toBe(false);
    expect(partial.stopped).toBe('interrupted');
    expect(partial.games).toBeGreaterThan(0);
    expect(partial.range.to).toBe(partial.games);

    const [resumed, whole] = await Promise.all([cli([...args, '--resume']), cli(args.filter((a) => a !== '--checkpoint' && a !== ckpt))]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(whole.code, whole.stderr).toBe(0);
    expect(JSON.parse(resumed.stdout).reproducibility.resumedGames).toBe(partial.games);
    expect(withoutReproducibility(resumed.stdout)).toBe(withoutReproducibility(whole.stdout));
  });

  it('Ctrl-C does not wait for a batch in flight: a batch that never ends is dropped, the checkpoint stays exact', async () => {
    // Game 400 hangs its worker forever (MAFIA_SIM_FAULT=hang@400): waiting for the batches in flight would never end.
    const ckpt = join(root, 'hang.json');
    const args = ['run', '--rules', 'classic', '--agents', 'random', '--seed', '5', '--games', '20000', '--threads', '2', '--json', '--checkpoint', ckpt];
    const run = spawnCli(args, { MAFIA_SIM_FAULT: 'hang@400' });
    while (!existsSync(ckpt)) await new Promise((r) => setTimeout(r, 20));
    run.child.kill('SIGINT');
    const stopped = await run.done;
    expect(stopped.code).toBe(130);
    expect(stopped.stderr).toMatch(/stopping: the batches in flight are dropped/);
    const partial = JSON.parse(stopped.stdout);
    // Batches are 313 games (20000 / 64): only the first one, before the hung game, is complete in order.
    expect(partial.games).toBe(313);
    expect(JSON.parse(readFileSync(ckpt, 'utf8')).done).toBe(313);

    const [resumed, whole] = await Promise.all([cli([...args, '--resume']), cli(args.filter((a) => a !== '--checkpoint' && a !== ckpt))]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/resumed: 313 games from the checkpoint, 19687 played now/);
    expect(withoutReproducibility(resumed.stdout)).toBe(withoutReproducibility(whole.stdout));
  });

  it('Ctrl-C on one thread at a 60-player forum table: stops inside the batch; --resume ends like one run', async () => {
    const ckpt = join(root, 'forum60.json');
    const args = ['run', '--rules', 'forum', '--players', '60', '--agents', 'random', '--seed', '2', '--games', '3000', '--threads', '1', '--checkpoint', ckpt];
    const run = spawnCli(args);
    while (!existsSync(ckpt)) await new Promise((r) => setTimeout(r, 20));
    run.child.kill('SIGINT');
    const stopped = await run.done;
    expect(stopped.code).toBe(130);
    expect(stopped.stderr).toMatch(/stopping: .*kept in .*forum60.json/);
    const done = JSON.parse(readFileSync(ckpt, 'utf8')).done as number;
    expect(done % 250).toBe(0); // a whole number of batches (250 games each), never a part of one
    expect(done).toBeLessThan(3000);
    const [resumed, whole] = await Promise.all([cli([...args, '--resume', '--json']), cli([...args.filter((a) => a !== '--checkpoint' && a !== ckpt), '--json'])]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(JSON.parse(resumed.stdout).reproducibility.resumedGames).toBe(done);
    expect(withoutReproducibility(resumed.stdout)).toBe(withoutReproducibility(whole.stdout));
  });
});

describe('a Ctrl-C run says so, and how to go on', () => {
  // Game 400 hangs its worker (MAFIA_SIM_FAULT=hang@400): the run cannot end by itself, and
  // exactly its first batch (313 games, 20000 / 64) is finished in order when the key is pressed.
  const hung = { MAFIA_SIM_FAULT: 'hang@400' };
  const args = (out: string) => ['run', '--rules', 'classic', '--agents', 'random', '--seed', '5', '--games', '20000', '--threads', '2', '--out', out];
  const sigintAfter = async (run: ReturnType<typeof spawnCli>, ms: number) => {
    await new Promise((r) => setTimeout(r, ms));
    run.child.kill('SIGINT');
    return run.done;
  };

  it('without --checkpoint: the page and the terminal say interrupted, N of M games, and the exact resume command, which ends like one run', async () => {
    const out = join(root, 'no-ckpt');
    const stopped = await sigintAfter(spawnCli(args(out), hung), 4000);
    expect(stopped.code, stopped.stderr).toBe(130);
    const ckpt = join(out, 'checkpoint.json');
    const resume = `mafia-sim run --rules classic --agents random --seed 5 --games 20000 --threads 2 --out ${out} --checkpoint ${ckpt} --resume`;
    expect(stopped.stderr).toContain(`mafia-sim: interrupted after 313 of 20,000 games: ${join(out, 'report.html')} holds those, marked interrupted; resume with: ${resume}\n`);
    expect(stopped.stdout).toContain(`interrupted (Ctrl-C) after 313 of 20000 games (incomplete); resume with: ${resume}`);
    const page = readFileSync(join(out, 'report.html'), 'utf8');
    expect(page).toMatch(/id="interrupted">INTERRUPTED \(Ctrl-C\) after 313 of 20,000 games: every number here is of games 0 to 312 only\. Resume it with: <code>/);
    expect(page).toContain(resume);
    const s = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
    expect(s.interrupted).toEqual({ played: 313, of: 20000, resumeCommand: resume });
    expect(s.run.complete).toBe(false);
    expect(s.run.reproducibility.resumeCommand).toBe(resume);

    // The command as printed, without the fault: it finishes the run where it stopped.
    const resumed = await cli(resume.split(' ').slice(1));
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toMatch(/resumed: 313 games from the checkpoint, 19,687 played now/);
    const after = readFileSync(join(out, 'report.html'), 'utf8');
    expect(after).not.toContain('id="interrupted"');
    expect(after).toMatch(/id="resumed">Resumed: 313 of the 20,000 games came from the checkpoint/);
    const whole = await cli([...args(join(root, 'whole')), '--json']);
    const done = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
    expect(done.resumedFrom).toBe(313);
    expect(done.interrupted).toBeUndefined();
    expect(withoutReproducibility(JSON.stringify(done.run))).toBe(withoutReproducibility(whole.stdout));
  });

  it('with --checkpoint: the resume command is the same command plus --resume', async () => {
    const out = join(root, 'with-ckpt');
    const ckpt = join(root, 'with-ckpt.json');
    const run = spawnCli([...args(out), '--checkpoint', ckpt], hung);
    while (!existsSync(ckpt)) await new Promise((r) => setTimeout(r, 20));
    const stopped = await sigintAfter(run, 500);
    expect(stopped.code).toBe(130);
    const s = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
    expect(s.interrupted.resumeCommand).toBe(`mafia-sim ${[...args(out), '--checkpoint', ckpt, '--resume'].join(' ')}`);
  });

  it('a shard stopped by Ctrl-C keeps its part file marked incomplete, with a checkpoint beside it to resume', async () => {
    const out = join(root, 'shard');
    // 40000 games: batches of 625; game 1000 hangs the second.
    const stopped = await sigintAfter(spawnCli(['run', '--rules', 'classic', '--agents', 'random', '--seed', '5', '--games', '40000', '--shard', '0/2', '--threads', '2', '--out', out], { MAFIA_SIM_FAULT: 'hang@1000' }), 4000);
    expect(stopped.code, stopped.stderr).toBe(130);
    const part = JSON.parse(readFileSync(join(out, 'part-0-of-2.json'), 'utf8'));
    expect(part.complete).toBe(false);
    expect(part.games).toBe(625);
    expect(stopped.stderr).toContain(`interrupted after 625 of 20,000 games: ${join(out, 'part-0-of-2.json')} holds those`);
    expect(part.reproducibility.resumeCommand).toContain(`--checkpoint ${join(out, 'part-0-of-2.checkpoint.json')} --resume`);
    const resumed = await cli(part.reproducibility.resumeCommand.split(' ').slice(1));
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(out, 'part-0-of-2.json'), 'utf8')).complete).toBe(true);
  });

  it('a run stopped before any game writes no report', async () => {
    const out = join(root, 'nothing');
    // Game 0 hangs: no batch ever finishes.
    const stopped = await sigintAfter(spawnCli(args(out), { MAFIA_SIM_FAULT: 'hang@0' }), 2000);
    expect(stopped.code).toBe(130);
    expect(stopped.stderr).toMatch(/mafia-sim: interrupted before any game finished; no report written\n$/);
    expect(stopped.stdout).toBe('');
    expect(existsSync(out)).toBe(false);
  });
});
