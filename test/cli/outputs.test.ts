// Output conventions through the real CLI: `rules --list` is an aligned
// table that honours --rules/--set and --json; `run --json` writes its report
// like every command (path on stderr) and keeps `outcomes` as counts while
// summary.json lists outcome names as `outcomeNames`; `merge` shows per-part
// threads, not their sum; the forum's leader prints as Boss.

import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { OPTION_SPECS } from '../../src/engine/options.js';
import { PRESET_NAMES } from '../../src/engine/presets.js';

const MAIN = join(import.meta.dirname, '../../dist/src/cli/main.js');
const dir = mkdtempSync(join(tmpdir(), 'mafia-out-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function cli(args: readonly string[], cwd = dir): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [MAIN, ...args], { cwd, timeout: 120_000, maxBuffer: 64 << 20 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
    });
  });
}

describe('rules --list', () => {
  it('is an aligned table with every option and each preset', async () => {
    const r = await cli(['rules', '--list']);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(new RegExp(`^option +${PRESET_NAMES.join(' +')} +allowed +meaning$`));
    const at = [...PRESET_NAMES, 'allowed', 'meaning'].map((h) => lines[0]!.indexOf(h));
    for (const o of OPTION_SPECS) {
      const row = lines.find((l) => l.startsWith(`${o.key} `))!;
      expect(row, o.key).toBeDefined();
      for (const col of at) expect(row[col - 1], `${o.key} column ${col}`).toBe(' ');
      expect(row.indexOf(o.doc)).toBe(at.at(-1));
    }
  });

  it('with --rules/--set lists that setup only; --json gives the table as data', async () => {
    const one = await cli(['rules', '--list', '--rules', 'forum', '--set', 'vote.tie=none']);
    expect(one.stdout.split('\n')[0]).toMatch(/^option +forum +allowed +meaning$/);
    expect(one.stdout).toMatch(/^vote\.tie +none +/m);
    const json = JSON.parse((await cli(['rules', '--list', '--json', '--rules', 'classic', '--players', '9'])).stdout);
    expect(json.options).toHaveLength(OPTION_SPECS.length);
    expect(Object.keys(json.options[0].values)).toEqual(['classic']);
    expect(json.setups.classic.players).toBe(9);
    const all = JSON.parse((await cli(['rules', '--list', '--json'])).stdout);
    expect(Object.keys(all.setups)).toEqual(['club', 'forum', 'classic', 'werewolf', 'sports']);
  });

  it('prints the forum leader as Boss (the JSON key stays don)', async () => {
    expect((await cli(['rules', '--rules', 'forum'])).stdout).toMatch(/roles: .*boss 1/);
    expect((await cli(['rules', '--rules', 'forum', '--json'])).stdout).toMatch(/"don":1/);
  });
});

describe('run --json and merge', () => {
  it('run --json writes the report like every command, path on stderr; outcomes are counts, summary.json has outcomeNames', async () => {
    const cwd = mkdtempSync(join(dir, 'run-'));
    const r = await cli(['run', '--agents', 'random', '--games', '300', '--threads', '1', '--json', '--quiet'], cwd);
    expect(r.code, r.stderr).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(Object.keys(s.outcomes)).toEqual(['town', 'mafia', 'maniac', 'draw', 'timeout']);
    expect(Object.values(s.outcomes as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(300);
    const path = /^report: (.+report\.html)$/m.exec(r.stderr)![1]!;
    expect(existsSync(path)).toBe(true);
    const folder = readdirSync(join(cwd, 'reports'));
    expect(folder).toHaveLength(1);
    const summary = JSON.parse(readFileSync(join(cwd, 'reports', folder[0]!, 'summary.json'), 'utf8'));
    expect(summary.outcomeNames).toEqual(['town', 'mafia', 'maniac', 'draw', 'timeout']);
    expect(summary.outcomes).toBeUndefined();
    expect(summary.run.outcomes).toEqual(s.outcomes);
  });

  it('merge prints the threads of a part, not their sum', async () => {
    const parts = mkdtempSync(join(dir, 'parts-'));
    for (const i of [0, 1, 2]) {
      const r = await cli(['run', '--agents', 'random', '--games', '3000', '--threads', '2', '--shard', `${i}/3`, '--out', parts, '--quiet']);
      expect(r.code, r.stderr).toBe(0);
    }
    const m = await cli(['merge', parts, '--quiet']);
    expect(m.code, m.stderr).toBe(0);
    expect(m.stdout).toMatch(/merged 3 parts \(2 threads each\)/);
    expect(m.stdout).not.toMatch(/6 threads/);
    expect(JSON.parse((await cli(['merge', parts, '--json', '--quiet'])).stdout).reproducibility.threads).toBe(2);
  });
});
