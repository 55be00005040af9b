// Ctrl-C between the output checks and the first game. The checks make the
// destination's folders (so a run is never played only to be lost); a
// signal before the command's own Ctrl-C handling began once ended the
// process by Node's default and left those folders behind, empty (seen
// under load: records compare, SIGINT in its first second). A process that
// has passed the checks and not yet played stands in for the command here,
// so the moment is exact, not a race. A second press while the games stop
// quits at once, and takes those folders with it too.

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const COMMON = fileURLToPath(new URL('../../dist/src/cli/common.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'mafia-sim-early-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Ended {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stderr: string;
}

/** Runs `body` (after the checks) in a child, sends it `signal` once it prints "ready", and waits for its end. */
function signalAfterChecks(body: string, signal: NodeJS.Signals): Promise<Ended> {
  const script = `import * as c from ${JSON.stringify(COMMON)};\n${body}\nconsole.log('ready');\nsetInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdout.on('data', (d: Buffer) => {
    if (d.toString().includes('ready')) child.kill(signal);
  });
  const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return new Promise((resolve) =>
    child.on('close', (code, sig) => {
      clearTimeout(killer);
      resolve({ code, signal: sig, stderr });
    }),
  );
}

describe('a signal after the output checks and before the first game', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)('%s: the folders the checks made are gone, one line says nothing was written, exit 130', async (signal) => {
    const out = join(dir, signal, 'a', 'report');
    const p = await signalAfterChecks(`c.checkReportDir(${JSON.stringify(out)});`, signal);
    expect(p.stderr).toBe('mafia-sim: interrupted: nothing written: stopped before the first game\n');
    expect(p.code).toBe(130);
    expect(existsSync(join(dir, signal))).toBe(false);
  });

  it("an output file's folders too (a profile, a part, a checkpoint)", async () => {
    const file = join(dir, 'file', 'b', 'p.json');
    const p = await signalAfterChecks(`c.checkOutputFile('--save', ${JSON.stringify(file)});`, 'SIGINT');
    expect(p.code).toBe(130);
    expect(existsSync(join(dir, 'file'))).toBe(false);
  });

  it('once the command plays, its own Ctrl-C handling answers alone: the first press only stops the games', async () => {
    const out = join(dir, 'playing', 'report');
    // stopOnInterrupt's first press aborts and says so; the process goes on (to write what it kept), so it is killed after.
    const p = await signalAfterChecks(`c.checkReportDir(${JSON.stringify(out)}); const s = c.stopOnInterrupt(); s.signal.addEventListener('abort', () => setTimeout(() => process.exit(7), 100));`, 'SIGINT');
    expect(p.stderr).toBe('mafia-sim: stopping: the games in flight are dropped (Ctrl-C again quits at once)\n');
    expect(p.code).toBe(7);
    expect(existsSync(out)).toBe(true);
  });

  it('a second press quits at once, and takes the empty folders with it', async () => {
    const out = join(dir, 'twice', 'report');
    // The first press aborts; the games "in flight" never end, so only the second press ends the process.
    const p = await signalAfterChecks(`c.checkReportDir(${JSON.stringify(out)}); const s = c.stopOnInterrupt(); s.signal.addEventListener('abort', () => process.kill(process.pid, 'SIGINT'));`, 'SIGINT');
    expect(p.stderr).toBe('mafia-sim: stopping: the games in flight are dropped (Ctrl-C again quits at once)\n');
    expect(p.code).toBe(130);
    expect(existsSync(join(dir, 'twice'))).toBe(false);
  });

  it('a folder that was there before is left alone', async () => {
    const out = join(dir, 'there');
    await signalAfterChecks(`import { mkdirSync } from 'node:fs'; mkdirSync(${JSON.stringify(out)});`, 'SIGKILL');
    const p = await signalAfterChecks(`c.checkReportDir(${JSON.stringify(out)});`, 'SIGINT');
    expect(p.code).toBe(130);
    expect(existsSync(out)).toBe(true);
  });
});
