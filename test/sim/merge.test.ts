// `merge` refuses a bad or mixed set of parts with the reason: missing or
// overlapping ranges, parts of another run, an interrupted part, a part
// whose counts or rules were edited. From the command line a refusal is one
// line on stderr, exit 2, nothing on stdout and nothing written.

import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergeParts, type LoadedPart } from '../../src/sim/merge.js';
import { cli } from './cli.js';

const GAMES = 3000;
const COMMON = ['--agents', 'random', '--games', String(GAMES), '--threads', '1', '--quiet'];
let root = '';
const path = (dir: string, name: string) => join(root, dir, name);
const good = (i: number) => path('good', `part-${i}-of-3.json`);

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'mafia-sim-merge-'));
  const runs = [0, 1, 2].map((i) => cli(['run', ...COMMON, '--seed', '1', '--shard', `${i}/3`, '--out', path('good', '')]));
  runs.push(cli(['run', ...COMMON, '--seed', '2', '--shard', '1/3', '--out', path('seed2', '')]));
  runs.push(cli(['run', ...COMMON, '--seed', '1', '--rules', 'classic', '--shard', '1/3', '--out', path('classic', '')]));
  runs.push(cli(['run', ...COMMON, '--seed', '1', '--shard', '1/2', '--out', path('halves', '')]));
  for (const r of await Promise.all(runs)) expect(r.code, r.stderr).toBe(0);
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

function load(file: string, edit?: (doc: Record<string, unknown>) => void): LoadedPart {
  const doc = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  edit?.(doc);
  return { file, doc };
}

function refusal(parts: LoadedPart[]): string {
  try {
    mergeParts(parts);
  } catch (e) {
    return (e as Error).message;
  }
  return 'accepted';
}

describe('merge refuses a bad set of parts', () => {
  it('accepts the good set in any order (the control)', () => {
    const m = mergeParts([load(good(2)), load(good(0)), load(good(1))]);
    expect(m.input.aggregate.games).toBe(GAMES);
    expect(m.input.range).toEqual({ from: 0, to: GAMES, total: GAMES });
  });

  it('a missing part or tail', () => {
    expect(refusal([load(good(0)), load(good(2))])).toMatch(/games 1000\.\.1999 are missing/);
    expect(refusal([load(good(0)), load(good(1))])).toMatch(/games 2000\.\.2999 are missing/);
    expect(refusal([load(good(1)), load(good(2))])).toMatch(/games 0\.\.999 are missing/);
  });

  it('overlapping parts', () => {
    expect(refusal([load(good(0)), load(good(1)), load(good(1)), load(good(2))])).toMatch(/overlap on games 1000\.\.1999/);
    expect(refusal([load(good(0)), load(good(1)), load(path('halves', 'part-1-of-2.json'))])).toMatch(/overlap on games 1500\.\.1999/);
  });

  it('parts of another run', () => {
    expect(refusal([load(good(0)), load(path('seed2', 'part-1-of-3.json')), load(good(2))])).toMatch(/different run.*seed 2 vs 1/);
    expect(refusal([load(good(0)), load(path('classic', 'part-1-of-3.json')), load(good(2))])).toMatch(/different run.*rules hash/);
    expect(refusal([load(good(0)), load(good(1), (d) => (d.agents = 'club')), load(good(2))])).toMatch(/different run.*agents/);
    expect(refusal([load(good(0)), load(good(1), (d) => ((d.reproducibility as { version: string }).version = '0.0.9')), load(good(2))])).toMatch(
      /different run.*tool version/,
    );
  });

  it('an interrupted part', () => {
    const interrupted = load(good(1), (d) => ((d.complete = false), (d.stopped = 'interrupted')));
    expect(refusal([load(good(0)), interrupted, load(good(2))])).toMatch(/incomplete/);
  });

  it('parts that were edited or are not parts', () => {
    const counts = load(good(1), (d) => ((d.outcomes as Record<string, number>).town! += 1));
    expect(refusal([load(good(0)), counts, load(good(2))])).toMatch(/outcome counts add up to 1001, not 1000/);
    const rules = load(good(1), (d) => ((d.rules as { players: number }).players = 13));
    expect(refusal([load(good(0)), rules, load(good(2))])).toMatch(/do not match their hash/);
    const range = load(good(1), (d) => ((d.range as { to: number }).to = 1500));
    expect(refusal([load(good(0)), range, load(good(2))])).toMatch(/holds 1000 games but its range/);
    expect(refusal([load(good(0)), load(good(1), (d) => delete d.format), load(good(2))])).toMatch(/not a mafia-sim part file/);
  });

  it.each([
    ['missing', () => [good(0), good(2)], /^mafia-sim: merge: games 1000\.\.1999 are missing/],
    ['overlapping', () => [good(0), good(1), good(1), good(2)], /^mafia-sim: merge: .* overlap on games 1000\.\.1999/],
    ['mismatched', () => [good(0), path('seed2', 'part-1-of-3.json'), good(2)], /^mafia-sim: merge: .*different run/],
  ] as const)('from the command line: %s parts give one line, exit 2, nothing written', async (_, files, reason) => {
    const out = path('out', '');
    const r = await cli(['merge', ...files(), '--json', '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(reason);
    expect(existsSync(out)).toBe(false);
  });
});
