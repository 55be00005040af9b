// Known answers for `equilibrium` (issue 20, point 3), in real games with
// small budgets that still prove the point:
// - the classic game without information (readSkill=0, roles not shown):
//   once both teams adapt, Town's value is the uniform-lynch value of
//   Braverman, Etesami and Mossel, computed exactly (src/sim/exactClassic.ts):
//   Town guarantees it with the random lynch, the Mafia hold Town to it by
//   playing as Civilians;
// - a fixture game whose strategies cycle like rock, paper, scissors
//   (test/fixtures/rps, agent modules): the meta-solver's mixture reaches its
//   exact mixed value 1/3, which no pure strategy does;
// - more Mafia never raise Town's adapted value (club 12, forum 16).
// Larger runs are the `equilibrium` commands quoted in README.

import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseAgents } from '../../src/agents/index.js';
import { resolveRules } from '../../src/engine/rules.js';
import { findEquilibrium, type EquilibriumRequest } from '../../src/sim/balance/equilibriumGames.js';
import { classicTownWinProbability } from '../../src/sim/exactClassic.js';
// A plain ES module fixture: the exact chance of the fixture game.
import { townWins } from '../fixtures/rps/hands.mjs';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/rps/${name}`, import.meta.url));

const small = { seed: 1, testGames: 6000, iterations: 3, epsilon: 0.01, budget: 5e6, searchRounds: 3, exploitSearches: 3, threads: 1 } as const;

describe('equilibrium: known answers', () => {
  it('classic without information: the adapted value is the exact uniform-lynch value, within 1.5 points', async () => {
    const exact = classicTownWinProbability(12, 3, 'day');
    const rules = resolveRules('classic', { set: ['revealOnDeath=false'] });
    const r = await findEquilibrium({ ...small, rules, agents: parseAgents('club,readSkill=0').canonical, games: 1000 });
    expect(Math.abs(r.value.town.rate - exact), `adapted ${r.value.town.rate}, exact ${exact}`).toBeLessThan(0.015);
    // The starting players are far from it: the clan's votes steer the herding table's lynch (7.3% for Town in 20,000 games).
    expect(Math.abs(r.start.town.rate - exact)).toBeGreaterThan(0.02);
    // Neither team gains much by a fresh best reply.
    expect(r.exploitability!.town.gain).toBeLessThan(0.015);
    expect(r.exploitability!.mafia.gain).toBeLessThan(0.015);
  }, 600_000);

  it('rock, paper, scissors (agent modules): the mixture reaches the mixed value 1/3 within 1 point', async () => {
    const rules = resolveRules('classic', { players: 3, mafia: 1 });
    const agents = parseAgents(`club,town=module:${fixture('town.mjs')},mafia=module:${fixture('mafia.mjs')}`).canonical;
    const req: EquilibriumRequest = {
      ...small,
      rules,
      agents,
      games: 2000,
      testGames: 20_000,
      iterations: 6,
      threads: 1,
      params: { town: [{ key: 'vote.byLot', min: 0, max: 1 }], mafia: [{ key: 'mafia.asCivilian', min: 0, max: 1 }] },
    };
    const r = await findEquilibrium(req);
    // The value played on held-out games, each game drawing each team's strategy from its mixture.
    expect(Math.abs(r.value.town.rate - 1 / 3), String(r.value.town.rate)).toBeLessThan(0.01);
    // The same exactly, from the fixture's formula, and no pure reply gains a point on it.
    const angle = (p: Readonly<Record<string, number>>, k: string) => p[k]!;
    const value = (t: number | null, f: number | null) => {
      const T = t === null ? r.strategies.town : [{ weight: 1, point: { 'vote.byLot': t } }];
      const M = f === null ? r.strategies.mafia : [{ weight: 1, point: { 'mafia.asCivilian': f } }];
      return T.reduce((s, a) => s + a.weight * M.reduce((q, b) => q + b.weight * townWins(angle(a.point, 'vote.byLot'), angle(b.point, 'mafia.asCivilian')), 0), 0);
    };
    const v = value(null, null);
    expect(Math.abs(v - 1 / 3)).toBeLessThan(0.01);
    const grid = Array.from({ length: 201 }, (_, k) => k / 200);
    expect(Math.max(...grid.map((t) => value(t, null))) - v).toBeLessThan(0.015);
    expect(v - Math.min(...grid.map((f) => value(null, f)))).toBeLessThan(0.015);
    // Every pure strategy is worth a sixth to the other side: a mixture it must be.
    expect(r.strategies.town.length).toBeGreaterThanOrEqual(2);
    expect(r.strategies.mafia.length).toBeGreaterThanOrEqual(2);
  }, 600_000);

  it.each([
    ['club', 12, 3, 4],
    ['forum', 16, 4, 5],
  ] as const)('more Mafia never raise Town\'s adapted value: %s %i players, %i against %i Mafia', async (preset, players, fewer, more) => {
    const params = {
      town: [
        { key: 'vote.byLot', min: 0, max: 1 },
        { key: 'commissar.revealOnBlack', min: 0, max: 1 },
      ],
      mafia: [
        { key: 'mafia.asCivilian', min: 0, max: 1 },
        { key: 'mafia.fakeClaim', min: 0, max: 1 },
      ],
    };
    const at = async (mafia: number) =>
      findEquilibrium({ ...small, rules: resolveRules(preset, { players, mafia }), agents: 'club', games: 300, testGames: 3000, iterations: 1, searchRounds: 1, params });
    const [a, b] = [await at(fewer), await at(more)];
    const se = Math.sqrt((a.value.town.rate * (1 - a.value.town.rate)) / 3000 + (b.value.town.rate * (1 - b.value.town.rate)) / 3000);
    expect(b.value.town.rate, `${fewer} Mafia: ${a.value.town.rate}, ${more}: ${b.value.town.rate}`).toBeLessThanOrEqual(a.value.town.rate + 2 * se);
  }, 900_000);
});
