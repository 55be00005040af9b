// What the balance pages say about a race: "nearest" is flagged NOT FAIR
// when even the nearest candidate is far from the target, an undecided race
// never sits beside a near-certain probability, the designer table names its
// games column for what it counts, and the subtitle gives the games each
// candidate really played. Synthetic races (Bernoulli sources), so the rates
// are known.

import { describe, expect, it } from 'vitest';
import { raceSection, raceHeadline, candidatesChart, raceText, verdictText, type RaceSection } from '../../src/report/balance/race.js';
import { bandVerdict, fairnessWords, offTarget } from '../../src/report/balance/fairness.js';
import { fairSection, fairText, fairHeadline } from '../../src/report/balance/fair.js';
import { fairTest, FAIR_DEFAULTS } from '../../src/sim/balance/sprt.js';
import { designerHeadline, designerText, type DesignerTable } from '../../src/report/balance/table.js';
import { gamesPerVariantText } from '../../src/report/format.js';
import type { StudySummary } from '../../src/report/summary.js';
import { race, type RaceConfig } from '../../src/sim/balance/race.js';
import { bernoulliRate, bernoulliSource } from './synthetic.js';

const base: RaceConfig = { candidates: 3, target: 0.5, alpha: 0.05, budget: 200_000, firstLook: 1000, growth: 2 };

async function section(rates: number[], config: Partial<RaceConfig> = {}, seed = 7): Promise<RaceSection> {
  const c = { ...base, ...config, candidates: rates.length };
  const result = await race(c, bernoulliSource(rates, seed));
  return raceSection({ team: 'town', config: c, result, labels: rates.map((_, i) => `mafia=${i + 1}`), settings: rates.map((_, i) => ({ mafia: i + 1 })) });
}

function table(rows: RaceSection[]): DesignerTable {
  return { team: 'town', target: 0.5, alpha: 0.05, budgetPerRow: 200_000, tryRoles: [], rows: rows.map((race, i) => ({ players: 10 + i, race })) };
}

describe('a nearest pick far from the target', () => {
  it('is flagged NOT FAIR with its distance and interval, on the terminal and the page headline', async () => {
    const s = await section([0.2, 0.6, 0.85]);
    expect(s.recommendation).toBe('mafia=2');
    expect(s.decided).toBe(true);
    expect(s.fairness.fair).toBe(false);
    const best = s.candidates[s.best]!;
    expect(s.fairness.distance).toBeCloseTo(best.rate - 0.5, 12);
    const verdict = verdictText(s);
    const pc = (x: number) => (100 * x).toFixed(1);
    expect(verdict).toContain(`NOT FAIR (too high): ${pc(best.rate)}% [${pc(best.lo)}, ${pc(best.hi)}] is +${pc(best.rate - 0.5)} points from 50.0%`);
    expect(raceText('t', s)).toContain('NOT FAIR');
    expect(raceHeadline(s)).toContain('NOT FAIR');
  });

  it('is called fair when its interval lies inside the band, and the designer table says which rows are not', async () => {
    // Close rivals make the race play 16,000 games, enough for an interval inside the band.
    const near = await section([0.45, 0.5, 0.55]);
    expect(near.fairness.fair).toBe(true);
    expect(near.fairness.verdict).toBe('fair');
    expect(verdictText(near)).not.toContain('NOT FAIR');
    expect(verdictText(near)).toMatch(/ fair: .* its 95% interval inside 50\.0% ± 2\.0 points\.$/);
    const far = await section([0.2, 0.6, 0.85]);
    const t = table([near, far]);
    const text = designerText('title', t);
    const [head, row10, row11] = text.split('\n').slice(1, 4);
    expect(head).toMatch(/off 50\.0% \(fair: ±2\.0 points\)/);
    expect(row10).toMatch(/ fair /);
    expect(row11).toMatch(/\+\d+\.\d points, NOT FAIR \(too high\)/);
    expect(text).toContain('NOT FAIR at 11 players');
    expect(designerHeadline(t)).toMatch(/^1 of 2 player counts have a fair setup \(town within ±2\.0 points of 50\.0%\); NOT FAIR at 11 players/);
  });

  it('follows the interval, not the estimate alone', () => {
    expect(offTarget({ rate: 0.53, lo: 0.515, hi: 0.545 }, 0.5).verdict).toBe('unclear');
    expect(offTarget({ rate: 0.53, lo: 0.522, hi: 0.538 }, 0.5).verdict).toBe('too-high');
    expect(offTarget({ rate: 0.47, lo: 0.462, hi: 0.478 }, 0.5).verdict).toBe('too-low');
    expect(offTarget({ rate: 0.505, lo: 0.49, hi: 0.519 }, 0.5).verdict).toBe('fair');
    // `fair` keeps its meaning in summary.json: the interval reaches the band.
    expect(offTarget({ rate: 0.53, lo: 0.515, hi: 0.545 }, 0.5).fair).toBe(true);
    expect(offTarget({ rate: 0.53, lo: 0.522, hi: 0.538 }, 0.5).fair).toBe(false);
  });
});

describe('one wording of fairness (issue 22, point 8)', () => {
  // Band 0.5 ± 0.02 = [0.48, 0.52]; both edges belong to the band.
  it.each([
    ['inside, well clear of the edges', 0.49, 0.51, 'fair'],
    ['inside, touching the lower edge from within', 0.48, 0.5, 'fair'],
    ['inside, touching the upper edge from within', 0.5, 0.52, 'fair'],
    ['the whole band, exactly', 0.48, 0.52, 'fair'],
    ['just past the lower edge', 0.4799, 0.5, 'unclear'],
    ['just past the upper edge', 0.5, 0.5201, 'unclear'],
    ['wider than the band on both sides', 0.47, 0.53, 'unclear'],
    ['below, touching the lower edge (the issue: −2.1 points, called fair before)', 0.459, 0.48, 'unclear'],
    ['below, just short of the edge', 0.459, 0.4799, 'too-low'],
    ['above, touching the upper edge', 0.52, 0.56, 'unclear'],
    ['above, just short of the edge', 0.5201, 0.56, 'too-high'],
  ] as const)('%s: [%f, %f] is %s', (_what, lo, hi, verdict) => {
    expect(bandVerdict(lo, hi, 0.5, 0.02)).toBe(verdict);
  });

  it('says "fair" only for an interval inside the band and "not shown unfair" where it only reaches in, on the terminal and the page', async () => {
    const s = await section([0.2, 0.479, 0.85], { budget: 4000, firstLook: 1000 }, 11);
    const best = s.candidates[s.best]!;
    expect(best.lo).toBeLessThan(0.48);
    expect(best.hi).toBeGreaterThanOrEqual(0.48);
    expect(s.fairness.verdict).toBe('unclear');
    for (const text of [verdictText(s), raceHeadline(s), designerText('title', table([s])), designerHeadline(table([s]))]) {
      expect(text).toContain('not shown unfair');
      expect(text).not.toMatch(/[,;(] fair\b|^fair\b/);
    }
  });

  it('the fair command speaks the same words', async () => {
    const config = { ...FAIR_DEFAULTS, margin: 0.01 };
    const low = fairSection('town', config, await fairTest(config, bernoulliRate(0.3, 5)));
    expect(low.verdict).toBe('too-low');
    expect(fairText('t', low)).toContain(`verdict: ${fairnessWords('too-low')}:`);
    expect(fairHeadline(low)).toMatch(/^NOT FAIR \(too low\): /);
    const even = fairSection('town', config, await fairTest(config, bernoulliRate(0.5, 5)));
    expect(even.verdict).toBe('fair');
    expect(fairText('t', even)).toContain('verdict: fair: town wins');
  });
});

describe('an undecided race', () => {
  it('reports the simultaneous confidence the decision rests on, never a near-certain P(nearest)', async () => {
    const s = await section([0.45, 0.55, 0.9], { budget: 60_000 }, 3);
    expect(s.decided).toBe(false);
    expect(s.confidence).toBeLessThan(0.95);
    const verdict = verdictText(s);
    expect(verdict).toMatch(/^not decided at 95%/);
    expect(verdict).toContain(`simultaneous confidence ${(100 * s.confidence).toFixed(1)}%, short of 95%`);
    const text = designerText('title', table([s]));
    expect(text).not.toMatch(/P\(nearest\)|probability/);
    expect(text.split('\n')[2]).toMatch(/no \(\d+\.\d%; 2 open\)/);
  });

  it('names the games column for what it counts: every game of the row, all setups', async () => {
    const s = await section([0.2, 0.48, 0.85]);
    const text = designerText('title', table([s]));
    expect(text.split('\n')[1]).toMatch(/games \(all setups\)$/);
    expect(text.split('\n')[2]).toMatch(new RegExp(`${s.spent.toLocaleString('en-US')}$`));
    expect(s.spent).toBe(s.candidates.reduce((n, c) => n + c.games, 0));
  });
});

describe('the subtitle of a page whose variants played different counts', () => {
  it('gives the range, not the largest count as if every variant had played it', () => {
    const s = { games: 16000, variants: [{ games: 1000 }, { games: 16000 }, { games: 4000 }] } as unknown as StudySummary;
    expect(gamesPerVariantText(s)).toMatch(/^1,000–16,000 games per variant/);
    const same = { games: 500, variants: [{ games: 500 }, { games: 500 }] } as unknown as StudySummary;
    expect(gamesPerVariantText(same)).toBe('500 games per variant');
  });
});

describe('the candidates chart', () => {
  it('labels the best candidate and colours every point by its status, so the best is not hidden behind a dot', async () => {
    const s = await section([0.2, 0.48, 0.85]);
    // vega-lite types are loose about layers; read the spec as JSON.
    const layers = (candidatesChart(s).spec as { layer: Array<{ mark: { type: string }; encoding: { color?: { field: string }; text?: { value: string } }; transform?: unknown[] }> }).layer;
    const point = layers.find((l) => l.mark.type === 'point')!;
    expect(point.encoding.color?.field).toBe('status');
    const label = layers.find((l) => l.mark.type === 'text')!;
    expect(label.encoding.text?.value).toBe('best');
    expect(JSON.stringify(label.transform)).toContain("'best'");
  });
});
