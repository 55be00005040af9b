// Default report folders never overwrite: two runs that start in the same
// second get different folders (the second one `-2`), claimed atomically;
// a failed write leaves no empty folder behind. Also through the real CLI:
// two runs at once in one folder give two complete reports.

import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { claimReportDir, defaultReportDir, intoReportDir } from '../../src/report/write.js';

const MAIN = join(import.meta.dirname, '../../dist/src/cli/main.js');
const root = mkdtempSync(join(tmpdir(), 'mafia-reports-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('default report folders', () => {
  it('two claims in the same second get two folders', () => {
    const now = new Date(2026, 0, 2, 3, 4, 5);
    const first = claimReportDir('club', now, root);
    const second = claimReportDir('club', now, root);
    const third = claimReportDir('club', now, root);
    expect(first).toBe(join(root, defaultReportDir('club', now)));
    expect(second).toBe(`${first}-2`);
    expect(third).toBe(`${first}-3`);
    for (const d of [first, second, third]) expect(existsSync(d)).toBe(true);
  });

  it('a write that fails removes the folder it claimed', async () => {
    const before = readdirSync(join(root, 'reports')).length;
    let claimed = '';
    const failing = async (dir: string) => {
      claimed = dir;
      throw new Error('render failed');
    };
    await expect(intoReportDir(undefined, 'failing', failing, root)).rejects.toThrow('render failed');
    expect(claimed).toMatch(/failing-/);
    expect(existsSync(claimed)).toBe(false);
    expect(readdirSync(join(root, 'reports'))).toHaveLength(before);
  });

  it('two CLI runs at once in one folder write two complete reports', async () => {
    const cwd = mkdtempSync(join(root, 'cli-'));
    const run = () =>
      new Promise<number | null>((resolve) => {
        execFile(process.execPath, [MAIN, 'run', '--games', '50', '--threads', '1', '--quiet'], { cwd, timeout: 120_000 }, (error) => resolve(error ? 1 : 0));
      });
    expect(await Promise.all([run(), run()])).toEqual([0, 0]);
    const dirs = readdirSync(join(cwd, 'reports'));
    expect(dirs).toHaveLength(2);
    for (const d of dirs) expect(existsSync(join(cwd, 'reports', d, 'report.html'))).toBe(true);
  });
});
