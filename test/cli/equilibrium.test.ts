// `mafia-sim equilibrium` from the command line: bad input is one line and
// exit 2 before any game; --json is exactly the object README documents;
// the saved mixture profile, given to --agents, plays the same games as the
// agents text it holds; the report folder holds the chart and the CSVs.

import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli } from '../sim/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'mafia-equilibrium-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SMALL = ['--rules', 'classic', '--players', '5', '--mafia', '1', '--games', '100', '--test-games', '200', '--iterations', '2', '--search-rounds', '1', '--quiet', '--threads', '1'];

describe('mafia-sim equilibrium', () => {
  it.each([
    [['--exploit-searches', '2'], /^mafia-sim: --exploit-searches: got "2"; use a whole number from 3 to 100$/],
    [['--epsilon', '0'], /^mafia-sim: --epsilon: got "0"; use a number strictly between 0 and 1$/],
    [['--agents', 'random'], /^mafia-sim: --agents: town plays the random profile, which has no strategy to adapt; give both teams a profile that has, e.g. --agents club \(or novice, expert\)$/],
    [['--save', '/proc/none/x.json'], /^mafia-sim: --save: cannot write \/proc\/none\/x\.json/],
    [['--budget', 'lots'], /^mafia-sim: --budget: got "lots"; use a whole number from 1 up$/],
  ])('refuses %j in one line, exit 2, nothing written', async (extra, message) => {
    const out = join(dir, `bad-${extra[0]!.replace(/\W/g, '')}`);
    const r = await cli(['equilibrium', ...SMALL, '--out', out, ...extra]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr.trim()).toMatch(message);
    expect(existsSync(out)).toBe(false);
  });

  it('--json: value and start with intervals, exploitability, iterations, games, stoppedBy; the saved mixture plays as its text', async () => {
    const out = join(dir, 'run');
    const r = await cli(['equilibrium', ...SMALL, '--json', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout) as Record<string, any>;
    expect(Object.keys(j)).toEqual(['schemaVersion', 'value', 'start', 'exploitability', 'iterations', 'games', 'stoppedBy']);
    for (const v of [j.value, j.start]) for (const o of ['town', 'mafia']) expect(v[o].lo).toBeLessThanOrEqual(v[o].rate), expect(v[o].hi).toBeGreaterThanOrEqual(v[o].rate);
    expect(Object.keys(j.exploitability.town)).toEqual(['gain', 'hi']);
    expect(['epsilon', 'budget']).toContain(j.stoppedBy);
    for (const f of ['report.html', 'summary.json', 'equilibrium.svg', 'equilibrium.csv', 'strategies.csv', 'equilibrium.json']) expect(existsSync(join(out, f)), f).toBe(true);
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain('not how people play');
    const saved = JSON.parse(readFileSync(join(out, 'equilibrium.json'), 'utf8')) as { agents: string };
    const play = async (agents: string) => JSON.parse((await cli(['run', '--rules', 'classic', '--players', '5', '--mafia', '1', '--agents', agents, '--games', '500', '--threads', '1', '--json', '--out', join(dir, `p${agents.length}`)])).stdout).counts;
    expect(await play(join(out, 'equilibrium.json'))).toEqual(await play(saved.agents));
  });
});
