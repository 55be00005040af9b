// What the balance pages say about a race: "nearest" is flagged NOT FAIR
// when even the nearest candidate is far from the target, an undecided race
// never sits beside a near-certain probability, the designer table names its
// games column for what it counts, and the subtitle gives the games each
// candidate really played. Synthetic races (Bernoulli sources), so the rates
// are known.

import { describe, expect, it } from 'vitest';
import { raceSection, raceHeadline, candidatesChart, offTarget, raceText, verdictText, type RaceSection } from '../../src/report/balance/race.js';
import { designerHeadline, designerText, type DesignerTable } from '../../src/report/balance/table.js';
import { gamesPerVariantText } from '../../src/report/format.js';
import type { StudySummary } from '../../src/report/summary.js';
import { race, type RaceConfig } from '../../src/sim/balance/race.js';
import { bernoulliSource } from './synthetic.js';

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
    expect(verdict).toContain(`NOT FAIR: ${best.rate.toFixed(3)} [${best.lo.toFixed(3)}, ${best.hi.toFixed(3)}] is +${(100 * (best.rate - 0.5)).toFixed(1)} points from 0.500`);
    expect(raceText('t', s)).toContain('NOT FAIR');
    expect(raceHeadline(s)).toContain('NOT FAIR');
  });

  it('is called fair when its interval reaches the band, and the designer table says which rows are not', async () => {
    const near = await section([0.2, 0.505, 0.85]);
    expect(near.fairness.fair).toBe(true);
    expect(verdictText(near)).not.toContain('NOT FAIR');
    const far = await section([0.2, 0.6, 0.85]);
    const t = table([near, far]);
    const text = designerText('title', t);
    const [head, row10, row11] = text.split('\n').slice(1, 4);
    expect(head).toMatch(/off 0\.500 \(fair: ±0\.020\)/);
    expect(row10).toMatch(/ fair /);
    expect(row11).toMatch(/\+\d+\.\d points, NOT FAIR/);
    expect(text).toContain('NOT FAIR at 11 players');
    expect(designerHeadline(t)).toMatch(/^1 of 2 player counts have no fair setup \(NOT FAIR at 11 players/);
  });

  it('follows the interval, not the estimate alone', () => {
    expect(offTarget({ rate: 0.53, lo: 0.515, hi: 0.545 }, 0.5).fair).toBe(true);
    expect(offTarget({ rate: 0.53, lo: 0.522, hi: 0.538 }, 0.5).fair).toBe(false);
    expect(offTarget({ rate: 0.47, lo: 0.462, hi: 0.478 }, 0.5).fair).toBe(false);
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
