import { describe, expect, it } from 'vitest';
import { resolveRules } from '../../src/engine/rules.js';
import { GameWinSource } from '../../src/sim/balance/gameSource.js';
import { classicTownWinProbability } from '../../src/sim/exactClassic.js';
import { FAIR_DEFAULTS, edgeTests, fairConfigProblem, fairTest, type FairConfig, type FairVerdict } from '../../src/sim/balance/sprt.js';
import { bernoulliRate } from './synthetic.js';

const config: FairConfig = { ...FAIR_DEFAULTS, margin: 0.01 };

async function verdicts(p: number, c: FairConfig, reps: number, seed0: number): Promise<{ counts: Record<FairVerdict, number>; meanGames: number }> {
  const counts: Record<FairVerdict, number> = { fair: 0, 'too-low': 0, 'too-high': 0, undecided: 0 };
  let games = 0;
  for (let r = 0; r < reps; r++) {
    const res = await fairTest(c, bernoulliRate(p, seed0 + r));
    counts[res.verdict]++;
    games += res.games;
  }
  return { counts, meanGames: games / reps };
}

/** The stated bound plus three binomial standard errors of the observed share. */
const ceiling = (rate: number, reps: number) => rate + 3 * Math.sqrt((rate * (1 - rate)) / reps);

describe('the fairness SPRT', () => {
  it('places its four simple hypotheses at the band edges ± margin', () => {
    const { low, high } = edgeTests(config);
    expect(low.pOut).toBeCloseTo(0.47, 12);
    expect(low.pIn).toBeCloseTo(0.49, 12);
    expect(high.pIn).toBeCloseTo(0.51, 12);
    expect(high.pOut).toBeCloseTo(0.53, 12);
  });

  it('refuses configs it cannot honour, naming the flag', () => {
    expect(fairConfigProblem({ ...config, margin: 0.03 })).toMatch(/--margin/);
    expect(fairConfigProblem({ ...config, within: 0.45, margin: 0.1 })).toMatch(/inside \(0, 1\)/);
    expect(fairConfigProblem({ ...config, alpha: 0 })).toMatch(/--alpha/);
    expect(fairConfigProblem(config)).toBeNull();
  });

  it.each([0.53, 0.47, 0.56])('says "fair" at most alpha of the time when the rate is %s (outside the band by the margin)', async (p) => {
    const reps = 600;
    const { counts } = await verdicts(p, config, reps, 10_000);
    expect(counts.fair / reps).toBeLessThanOrEqual(ceiling(config.alpha, reps));
    expect(counts.undecided).toBe(0);
  });

  it.each([0.49, 0.5, 0.51])('says "unfair" at most beta of the time when the rate is %s (inside the band by the margin)', async (p) => {
    const reps = 600;
    const { counts } = await verdicts(p, config, reps, 20_000);
    expect((counts['too-low'] + counts['too-high']) / reps).toBeLessThanOrEqual(ceiling(config.beta, reps));
  });

  it('holds looser stated rates too (alpha = beta = 0.2), where a wrong bound would show', async () => {
    const loose: FairConfig = { ...config, alpha: 0.2, beta: 0.2 };
    const reps = 800;
    const out = await verdicts(0.53, loose, reps, 30_000);
    const inn = await verdicts(0.51, loose, reps, 40_000);
    expect(out.counts.fair / reps).toBeLessThanOrEqual(ceiling(0.2, reps));
    expect((inn.counts['too-low'] + inn.counts['too-high']) / reps).toBeLessThanOrEqual(ceiling(0.2, reps));
    // and it is not vacuous: the errors do happen at these rates
    expect(out.counts.fair + inn.counts['too-high']).toBeGreaterThan(0);
  });

  it('names the side of an unfair rate', async () => {
    expect((await fairTest(config, bernoulliRate(0.35, 1))).verdict).toBe('too-low');
    expect((await fairTest(config, bernoulliRate(0.7, 1))).verdict).toBe('too-high');
  });

  it('needs far fewer games than the fixed-size test with the same error rates', async () => {
    // One-sided z tests at each edge: n = ((z_alpha + z_{beta/2}) * 0.5 / margin)^2.
    const fixed = ((1.6449 + 1.96) * 0.5 / config.margin) ** 2;
    const { meanGames } = await verdicts(0.5, config, 200, 50_000);
    expect(meanGames).toBeLessThan(fixed / 4);
  });

  it('gives up undecided at maxGames', async () => {
    const res = await fairTest({ ...config, maxGames: 1000 }, bernoulliRate(0.52, 3));
    expect(res.verdict).toBe('undecided');
    expect(res.games).toBe(1000);
  });

  it('is a function of its inputs and seed only', async () => {
    const a = await fairTest(config, bernoulliRate(0.505, 8));
    const b = await fairTest(config, bernoulliRate(0.505, 8));
    expect(b).toEqual(a);
  });
});

describe('the fairness SPRT on real games (classic, random players, exact rates known)', () => {
  async function verdictsOnGames(players: number, seeds: number): Promise<Record<FairVerdict, number>> {
    const rules = resolveRules('classic', { set: [`players=${players}`, 'mafia=1'] });
    const counts: Record<FairVerdict, number> = { fair: 0, 'too-low': 0, 'too-high': 0, undecided: 0 };
    for (let seed = 1; seed <= seeds; seed++) {
      const source = new GameWinSource([{ label: 'x', rules, agents: 'random' }], 'town', seed, { threads: 1 });
      counts[(await fairTest(config, source.rateSource())).verdict]++;
    }
    return counts;
  }

  it('calls 10 players with 1 Mafia fair (exact rate within the band by more than the margin)', async () => {
    const exact = classicTownWinProbability(10, 1, 'day');
    expect(Math.abs(exact - 0.5)).toBeLessThanOrEqual(config.within - config.margin);
    const counts = await verdictsOnGames(10, 10);
    // beta = 5%: three or more wrong calls in ten would happen with probability 1.2% at most
    expect(counts['too-low'] + counts['too-high']).toBeLessThanOrEqual(2);
  });

  it('calls 7 players with 1 Mafia unfair, too high (exact rate outside the band by more than the margin)', async () => {
    const exact = classicTownWinProbability(7, 1, 'day');
    expect(exact - 0.5).toBeGreaterThanOrEqual(config.within + config.margin);
    const counts = await verdictsOnGames(7, 10);
    expect(counts.fair).toBeLessThanOrEqual(2);
    expect(counts['too-high']).toBeGreaterThanOrEqual(8);
  });
});
