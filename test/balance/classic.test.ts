// The balance search against the exact answer: in the classic game with
// random players, Town's win probability is known exactly (the dynamic
// program of src/sim/exactClassic.ts), so the fairest setup is known too.

import { describe, expect, it } from 'vitest';
import { planVary } from '../../src/cli/balance.js';
import type { Setup } from '../../src/cli/common.js';
import { GameWinSource } from '../../src/sim/balance/gameSource.js';
import { race, RACE_DEFAULTS } from '../../src/sim/balance/race.js';
import { classicTownWinProbability } from '../../src/sim/exactClassic.js';

function nearestExact(values: number[], exact: (v: number) => number, target: number): number {
  return values.reduce((best, v) => (Math.abs(exact(v) - target) < Math.abs(exact(best) - target) ? v : best));
}

const classic = (set: string[]): Setup => ({ rules: 'classic', set, agents: 'random', agentParam: [], agentModule: [] });

/** The candidates exactly as `balance --vary` plans them, raced on real games. */
async function balanceClassic(base: string[], vary: string, seed: number) {
  const { playable, refused } = planVary(classic(base), vary);
  const source = new GameWinSource(playable, 'town', seed, { threads: 1 });
  const result = await race({ ...RACE_DEFAULTS, firstLook: 500, candidates: playable.length, target: 0.5 }, source);
  return { playable, refused, result, source };
}

describe('balance on the classic game picks what the exact values say is fairest', () => {
  it.each([
    [17, 'day'],
    [12, 'day'],
    [16, 'night'],
  ] as const)('mafia count for %i players, %s start', async (players, start) => {
    const maxMafia = Math.floor((players - 1) / 2);
    const { playable, result, source } = await balanceClassic([`players=${players}`, `start=${start}`], `mafia=1..${maxMafia}`, 7);
    const values = playable.map((c) => Number(c.label.split('=')[1]));
    expect(values).toEqual(Array.from({ length: maxMafia }, (_, i) => i + 1));
    const want = nearestExact(values, (m) => classicTownWinProbability(players, m, start), 0.5);
    expect(result.decided).toBe(true);
    expect(values[result.best]).toBe(want);
    // the simultaneous bounds hold the exact values
    result.candidates.forEach((c, i) => {
      const exact = classicTownWinProbability(players, values[i]!, start);
      expect(exact).toBeGreaterThanOrEqual(c.bounds.lo);
      expect(exact).toBeLessThanOrEqual(c.bounds.hi);
      expect(source.aggregates[i]!.games).toBe(c.games);
    });
  });

  it('player count for a fixed mafia of 2', async () => {
    const { playable, result } = await balanceClassic(['mafia=2'], 'players=9..17:4', 3);
    const values = playable.map((c) => Number(c.label.split('=')[1]));
    expect(values).toEqual([9, 13, 17]);
    const want = nearestExact(values, (n) => classicTownWinProbability(n, 2, 'day'), 0.5);
    expect(result.decided).toBe(true);
    expect(values[result.best]).toBe(want);
  });

  it('leaves out values that cannot be played, with the reason', () => {
    const { playable, refused } = planVary(classic(['players=12']), 'mafia=1..7');
    expect(playable.map((c) => c.label)).toEqual(['mafia=1', 'mafia=2', 'mafia=3', 'mafia=4', 'mafia=5']);
    expect(refused.map((c) => c.label)).toEqual(['mafia=6', 'mafia=7']);
    expect(refused[0]!.reason).toMatch(/parity/);
  });
});
