// Ctrl-C in every command that plays, as a person presses it: the command
// runs on a pseudo-terminal (util-linux `script`), so its progress bar draws
// (hiding the cursor, turning off line wrapping) and ^C typed into the
// terminal sends SIGINT to it. Each must stop at once, say what it kept, give
// the terminal back, and exit 130; where partial results mean something
// (every variant played the same first games) the report holds them,
// marked interrupted; elsewhere nothing is written, and the line says why.
// A fault (MAFIA_SIM_FAULT=hang@K) hangs game K's worker, so no command can
// finish by itself, and a stop that waited for the batch in flight would hang.

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { MAIN } from '../sim/cli.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'mafia-sim-ctrl-c-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const hasScript = spawnSync('script', ['--version']).status === 0;
if (!hasScript) console.warn('skipping the Ctrl-C tests: util-linux `script` (a pseudo-terminal) is not installed');

interface Pressed {
  readonly code: number | null;
  /** Everything the terminal showed, escape codes included. */
  readonly screen: string;
  /** Milliseconds from ^C to the command's end. */
  readonly ms: number;
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** What the screen must show before ^C: a pattern, a test of the whole screen, or a delay in ms. */
type Ready = RegExp | ((screen: string) => boolean) | number;

/** Runs the CLI on a terminal, types ^C once `ready` shows on it (or after `ready` ms), and waits for the end; killed after a minute. */
function pressCtrlC(args: readonly string[], ready: Ready, env: Record<string, string> = {}): Promise<Pressed> {
  const line = [...Object.entries(env).map(([k, v]) => `${k}=${quote(v)}`), quote(process.execPath), quote(MAIN), ...args.map(quote)].join(' ');
  const child = spawn('script', ['-qfec', line, '/dev/null'], { cwd: dir, stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, COLUMNS: '160', LINES: '40', MAFIA_SIM_FAULT: '' } });
  let screen = '';
  let pressedAt = 0;
  const press = () => {
    if (pressedAt > 0) return;
    pressedAt = Date.now();
    child.stdin.write('\x03');
  };
  child.stdout.on('data', (d: Buffer) => {
    screen += d.toString();
    if (ready instanceof RegExp ? ready.test(screen) : typeof ready === 'function' && ready(screen)) press();
  });
  if (typeof ready === 'number') setTimeout(press, ready);
  const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearTimeout(killer);
      resolve({ code, screen, ms: Date.now() - pressedAt });
    }),
  );
}

/** The cursor and line wrapping are given back after the last time the bar took them. */
function expectTerminalRestored(screen: string): void {
  expect(screen.lastIndexOf('\x1b[?25h'), 'cursor shown again').toBeGreaterThanOrEqual(screen.lastIndexOf('\x1b[?25l'));
  expect(screen.lastIndexOf('\x1b[?7h'), 'line wrapping on again').toBeGreaterThanOrEqual(screen.lastIndexOf('\x1b[?7l'));
}

function expectStopped(p: Pressed, kept: RegExp): void {
  expect(p.code, p.screen.slice(-2000)).toBe(130);
  expect(p.screen).toMatch(/mafia-sim: stopping: .*\(Ctrl-C again quits at once\)/);
  expect(p.screen).toMatch(kept);
  // Not a speed test: a stop that waited for the hung batch would never end.
  expect(p.ms).toBeLessThan(30_000);
  expectTerminalRestored(p.screen);
}

/** A destination for one attempt: a retried test must not find what a failed attempt left there. */
function freshOut(name: string): string {
  const out = join(dir, name);
  rmSync(out, { recursive: true, force: true });
  return out;
}

const summaryOf = (out: string) => JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as Record<string, any>;

// 20000 games: batches of 313; game 500 hangs the second, so exactly 313 games are finished in order.
const STUDY = ['--agents', 'random', '--games', '20000', '--threads', '2'];
const HANG_SECOND_BATCH = { MAFIA_SIM_FAULT: 'hang@500' };

/**
 * The bar has shown `min` or more of `of` games. Not an exact count: the bar
 * redraws at most 4 times a second and counts every finished batch, so under
 * load it can go from 0 straight to 626 (the first batch and the third,
 * played past the hung second) and never show 313.
 */
function barAtLeast(min: number, of: number): (screen: string) => boolean {
  const shown = new RegExp(`\\s([\\d,]+)\\/${of} games`, 'g');
  return (screen) => [...screen.matchAll(shown)].some((m) => Number(m[1]!.replace(/,/g, '')) >= min);
}
const BAR_MOVED = barAtLeast(313, 20000);

// Retried: these once failed now and then (about one full-suite run in three), the bar showing 0 games for a
// minute. The pool had played: the bar dropped every update that came within a frame of its last draw, so when
// the first batches all finished in one frame and the next one hung, it never drew again. Fixed in progress.ts
// (test/sim/progress.test.ts); with the faster worker bundle it had become every run. The retry stays for a
// loaded machine, and still fails on any real regression: each attempt must show the exact kept games, message
// and exit code.
describe.skipIf(!hasScript)('Ctrl-C keeps what means something, says so, and gives the terminal back', { retry: 2 }, () => {
  it.each([
    ['compare', ['compare', '--variant', 'mafia=2']],
    ['sweep', ['sweep', '--vary', 'mafia=1,2']],
    ['roles', ['roles', '--rules', 'classic', '--only', 'doctor']],
  ])('%s: the report of the games finished, marked interrupted', async (name, args) => {
    const out = freshOut(name);
    const p = await pressCtrlC([...args, ...STUDY, '--out', out], BAR_MOVED, HANG_SECOND_BATCH);
    expectStopped(p, new RegExp(`mafia-sim: interrupted after 313 of 20,000 games per variant: ${join(out, 'report.html')} holds those games \\(the same for every variant\\), marked interrupted; run the command again to play them all`));
    expect(p.screen).toMatch(/INTERRUPTED \(Ctrl-C\) after 313 of 20,000 games per variant: every number here is of games 0 to 312 only/);
    expect(summaryOf(out)['interrupted']).toEqual({ played: 313, of: 20000, resumeCommand: null });
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain('id="interrupted">INTERRUPTED (Ctrl-C) after 313 of 20,000 games per variant');
  });

  it('experiment (a compare file): the same', async () => {
    const file = join(dir, 'study.yaml');
    writeFileSync(file, 'title: two tables\ncommand: compare\nrules: club\nagents: random\nvariants:\n  - set: [mafia=2]\ngames: 20000\n');
    const out = freshOut('experiment');
    const p = await pressCtrlC(['experiment', file, '--threads', '2', '--out', out], BAR_MOVED, HANG_SECOND_BATCH);
    expectStopped(p, /mafia-sim: interrupted after 313 of 20,000 games per variant: .* marked interrupted/);
    expect(summaryOf(out)['interrupted'].played).toBe(313);
  });

  it('run: the report, and the command that resumes it', async () => {
    const out = freshOut('run');
    const p = await pressCtrlC(['run', ...STUDY, '--out', out], BAR_MOVED, HANG_SECOND_BATCH);
    expectStopped(p, /mafia-sim: interrupted after 313 of 20,000 games: .*report\.html holds those, marked interrupted; resume with: mafia-sim run .* --checkpoint .*checkpoint\.json --resume/);
  });

  it('equilibrium: keeps the strategies found, measures them on the held-out games and saves them', async () => {
    const out = freshOut('equilibrium');
    // Game 500 of the search hangs its first contest; the held-out games (1000 on) do not.
    const p = await pressCtrlC(['equilibrium', '--rules', 'classic', '--agents', 'club,readSkill=0', '--games', '1000', '--test-games', '1000', '--threads', '2', '--out', out], 4000, HANG_SECOND_BATCH);
    expectStopped(p, /mafia-sim: interrupted after 0 iterations: the strategies found so far are in .*equilibrium\.json, measured on the held-out games; exploitability not measured/);
    const s = summaryOf(out)['equilibrium'];
    expect(s.stoppedBy).toBe('interrupted');
    expect(s.exploitability).toBe(null);
    expect(JSON.parse(readFileSync(join(out, 'equilibrium.json'), 'utf8')).format).toBe('mafia-sim/mixture@1');
  });

  it.each([
    ['compare --across', ['compare', '--variant', 'mafia=2', '--games', '20000', '--threads', '2', '--across', 'pros=expert;rookies=novice'], /\s[1-9]\d*\/20000 games/, HANG_SECOND_BATCH, /interrupted: during model 1 of 2 \(pros\); nothing written: a verdict across models needs every model's games/],
    // Classic has no Doctor: two candidates that are one game never separate; game 1500 hangs the second look.
    ['balance', ['balance', '--rules', 'classic', '--vary', 'doctor.maxSameTarget=1,2', '--agents', 'random', '--threads', '2'], /look 1:/, { MAFIA_SIM_FAULT: 'hang@1500' }, /interrupted: nothing written: a race's answer comes at its end/],
    // Looks of 100000 games, so they play on the pool (a look of one batch plays on this thread, where faults do not apply).
    ['fair', ['fair', '--agents', 'random', '--threads', '2', '--batch', '100000', '--max-games', '10000000'], 3000, { MAFIA_SIM_FAULT: 'hang@50000' }, /interrupted: nothing written: a sequential test's verdict and its error rates hold at its end only/],
    ['tune', ['tune', '--params', 'readSkill', '--threads', '2'], /round 1:/, { MAFIA_SIM_FAULT: 'hang@3000' }, /interrupted: nothing written: no profile saved/],
    ['records compare', ['records', 'compare', '--records', join(REPO, 'data/mafia-allstars'), '--rules', join(REPO, 'rules/mafia-allstars.yaml'), '--games', '100000000', '--threads', '2'], /games…/, {}, /interrupted: nothing written: the simulated games were stopped before all of them had finished/],
    ['calibrate', ['calibrate', '--records', join(REPO, 'data/mafia-allstars'), '--rules', join(REPO, 'rules/mafia-allstars.yaml'), '--params', 'readSkill', '--games', '100000000', '--threads', '2'], /\s[1-9][\d,]*\/100000000 games/, {}, /interrupted during the starting point, 1 × 100,000,000 games; nothing written/],
  ])('%s: nothing written, and the line says why', async (name, args, ready, env, kept) => {
    const out = freshOut(`nothing-${name.replace(/\W+/g, '-')}`);
    const p = await pressCtrlC([...args, ...(name === 'calibrate' ? ['--save', join(out, 'p.json')] : ['--out', out])], ready, env);
    expectStopped(p, kept);
    expect(existsSync(out)).toBe(false);
  });
});
