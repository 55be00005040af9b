// The --adapt verdicts (sim/balance/adapt.ts): the rule on hand-made
// numbers (each verdict, and the edges: an interval touching 0, a change
// exactly at the exploitability bound, a bound not measured), the unpaired
// change of two intervals worked by hand, and Ctrl-C during the searches
// (the setup under way is kept without exploitability, the later ones are
// not searched, and only pairs of measured setups are judged).

import { describe, expect, it } from 'vitest';
import { parseAgents } from '../../src/agents/index.js';
import { resolveRules } from '../../src/engine/rules.js';
import { adaptSetups, adaptVerdict, unpairedChange, type ScoreChange } from '../../src/sim/balance/adapt.js';
import { Z95 } from '../../src/sim/precision.js';

const ch = (diff: number, lo: number, hi: number): ScoreChange => ({ diff, lo, hi });

describe('adaptVerdict', () => {
  it('survives adaptation: both clear of 0, the same sign, each larger than the bound', () => {
    expect(adaptVerdict(ch(0.05, 0.03, 0.07), ch(0.04, 0.02, 0.06), 0.01)).toBe('survives adaptation');
    expect(adaptVerdict(ch(-0.05, -0.07, -0.03), ch(-0.04, -0.06, -0.02), 0.01)).toBe('survives adaptation');
  });

  it('reverses: both clear of 0, opposite signs, each larger than the bound', () => {
    expect(adaptVerdict(ch(0.05, 0.03, 0.07), ch(-0.04, -0.06, -0.02), 0.01)).toBe('reverses');
    expect(adaptVerdict(ch(-0.05, -0.07, -0.03), ch(0.04, 0.02, 0.06), 0.01)).toBe('reverses');
  });

  it('an opposite sign inside the bound vanishes: the search, not the game (either change at or below the bound)', () => {
    // The README's small classic search: +3.0 fixed, -6.2 adapted, bound 4.4.
    expect(adaptVerdict(ch(0.03, 0.012, 0.047), ch(-0.062, -0.085, -0.038), 0.044)).toBe('vanishes');
    expect(adaptVerdict(ch(0.05, 0.03, 0.07), ch(-0.04, -0.06, -0.02), 0.04)).toBe('vanishes');
    expect(adaptVerdict(ch(0.05, 0.03, 0.07), ch(-0.0401, -0.06, -0.02), 0.04)).toBe('reverses');
    expect(adaptVerdict(ch(0.05, 0.03, 0.07), ch(-0.04, -0.06, -0.02), 0.2)).toBe('vanishes');
  });

  it('no reversal without a measured bound (an interrupted search)', () => {
    expect(adaptVerdict(ch(-0.05, -0.07, -0.03), ch(0.04, 0.02, 0.06), null)).toBe('vanishes');
  });

  it('vanishes: either change not clear of 0', () => {
    expect(adaptVerdict(ch(0.05, 0.03, 0.07), ch(0.01, -0.01, 0.03), 0)).toBe('vanishes');
    expect(adaptVerdict(ch(0.01, -0.01, 0.03), ch(0.05, 0.03, 0.07), 0)).toBe('vanishes');
    expect(adaptVerdict(ch(0.01, -0.01, 0.03), ch(-0.05, -0.07, -0.03), 0)).toBe('vanishes');
  });

  it('an interval that touches 0 is not clear of it', () => {
    expect(adaptVerdict(ch(0.05, 0, 0.1), ch(0.05, 0.01, 0.09), 0)).toBe('vanishes');
    expect(adaptVerdict(ch(-0.05, -0.1, 0), ch(-0.05, -0.09, -0.01), 0)).toBe('vanishes');
  });

  it('vanishes at the bound: a change exactly as large as the bound, or smaller, does not survive; just above it does', () => {
    const fixed = ch(0.05, 0.03, 0.07);
    expect(adaptVerdict(fixed, ch(0.02, 0.01, 0.03), 0.02)).toBe('vanishes');
    expect(adaptVerdict(fixed, ch(0.0201, 0.01, 0.03), 0.02)).toBe('survives adaptation');
    // The fixed change must clear the bound too.
    expect(adaptVerdict(ch(0.02, 0.01, 0.03), ch(0.05, 0.03, 0.07), 0.02)).toBe('vanishes');
    expect(adaptVerdict(fixed, ch(0.04, 0.02, 0.06), 0.05)).toBe('vanishes');
  });

  it('nothing survives without a measured bound (an interrupted search)', () => {
    expect(adaptVerdict(ch(0.05, 0.03, 0.07), ch(0.04, 0.02, 0.06), null)).toBe('vanishes');
  });
});

describe('unpairedChange', () => {
  it('is variant − base with the two standard errors added in quadrature', () => {
    // Each half-width 0.1, so each se is 0.1 / Z95; the difference's half-width is Z95 × √2 × 0.1 / Z95.
    const c = unpairedChange({ rate: 0.5, lo: 0.4, hi: 0.6 }, { rate: 0.6, lo: 0.5, hi: 0.7 });
    expect(c.diff).toBeCloseTo(0.1, 12);
    expect(c.hi - c.diff).toBeCloseTo(0.1 * Math.SQRT2, 12);
    expect(c.diff - c.lo).toBeCloseTo(0.1 * Math.SQRT2, 12);
    expect(Z95).toBeGreaterThan(1.95);
  });
});

describe('adaptSetups, stopped by Ctrl-C', () => {
  it('keeps the setup under way (no exploitability), searches no later one, judges only measured pairs', async () => {
    const agents = parseAgents('club').canonical;
    const setups = [3, 4, 5].map((players) => ({ label: `${players} players`, rules: resolveRules('classic', { players, mafia: 1 }), agents }));
    const stop = new AbortController();
    const budgets = { games: 100, testGames: 200, iterations: 2, epsilon: 0.01, budget: 1e6, searchRounds: 1, exploitSearches: 3 };
    const f = await adaptSetups(setups, [[0, 1], [0, 2], [1, 2]], {
      team: 'town',
      budgets,
      seed: 1,
      threads: 1,
      signal: stop.signal,
      // The second setup's first search round: Ctrl-C.
      onProgress: (i) => void (i === 1 && stop.abort()),
    });
    expect(f.complete).toBe(false);
    expect(f.setups.map((s) => s.label)).toEqual(['3 players', '4 players']);
    expect(f.setups[0]!.bounds).not.toBeNull();
    expect(f.setups[1]!.stoppedBy).toBe('interrupted');
    expect(f.setups[1]!.bounds).toBeNull();
    expect(f.changes.map((c) => `${c.base}|${c.variant}`)).toEqual(['3 players|4 players']);
    expect(f.changes[0]!.bound).toBeNull();
    expect(f.changes[0]!.verdict).not.toBe('survives adaptation');
  }, 60_000);
});
