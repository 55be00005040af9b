// Faults: a game that throws stops the run with its index and a replay
// command that works; a worker that dies has its batch retried, and a worker
// that keeps dying fails the run with one clear line. The faults are
// injected with the documented debug variable MAFIA_SIM_FAULT.

import { afterEach, describe, expect, it } from 'vitest';
import { resolveRules } from '../../src/engine/rules.js';
import { WorkerFailure } from '../../src/sim/errors.js';
import { MAX_ATTEMPTS } from '../../src/sim/executors.js';
import { FAULT_ENV } from '../../src/sim/faults.js';
import { runGames, type RunResult, type Variant } from '../../src/sim/run.js';
import { GameFailure } from '../../src/sim/runRange.js';
import { cli } from './cli.js';

const variants: Variant[] = [{ label: 'classic', rules: resolveRules('classic'), agents: 'random' }];
const counts = (r: RunResult) => JSON.stringify(r.aggregates.map((a) => a.toJSON()));

afterEach(() => {
  delete process.env[FAULT_ENV];
});

describe('a game that throws', () => {
  it.each([1, 2])('stops the run with the game index (threads %i)', async (threads) => {
    process.env[FAULT_ENV] = 'throw@1234';
    const run = runGames({ variants, seed: 5, games: 3000, threads });
    await expect(run).rejects.toBeInstanceOf(GameFailure);
    await expect(run).rejects.toMatchObject({ game: 1234, variant: 0 });
  });

  it('the command line names the game and a replay command that reproduces it', async () => {
    const args = ['run', '--rules', 'classic', '--set', 'limits.maxDays=40', '--agents', 'random', '--seed', '5', '--games', '3000', '--threads', '2'];
    const r = await cli(args, { [FAULT_ENV]: 'throw@1234' });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/game 1234 failed: injected fault/);
    const replay = /reproduce it with: mafia-sim (replay .*)$/m.exec(r.stderr);
    expect(replay?.[1]).toBe('replay --rules classic --set limits.maxDays=40 --agents random --seed 5 --game 1234');

    const again = await cli(replay![1]!.split(' '));
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/--seed 5 --game 1234/);
  });
});

describe('a worker that dies', () => {
  it('has its batch retried, and the run ends with the numbers of a clean run', async () => {
    const clean = await runGames({ variants, seed: 5, games: 3000, threads: 2 });
    process.env[FAULT_ENV] = 'exit-first@1700';
    const retried = await runGames({ variants, seed: 5, games: 3000, threads: 2 });
    expect(counts(retried)).toBe(counts(clean));
  });

  it(`that dies ${MAX_ATTEMPTS} times fails the run with the batch's range`, async () => {
    process.env[FAULT_ENV] = 'exit@1700';
    const run = runGames({ variants, seed: 5, games: 3000, threads: 2 });
    await expect(run).rejects.toBeInstanceOf(WorkerFailure);
    await expect(run).rejects.toMatchObject({ from: 1500, to: 1750, attempts: MAX_ATTEMPTS });
  });

  it('on the command line: one clear line, exit 1', async () => {
    const r = await cli(['run', '--agents', 'random', '--games', '3000', '--threads', '2'], { [FAULT_ENV]: 'exit@1700' });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^mafia-sim: games 1500\.\.1749: the worker died 3 times .*mafia-sim replay .* --game 1500$/m);
  });
});
