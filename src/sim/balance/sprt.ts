// The fairness test: "is the win rate within ±within of the centre?" as two
// one-sided Wald SPRTs, one at each edge of the fair band, each with an
// indifference margin. The thresholds are Wald's conservative ones, so the
// stated error rates are upper bounds (Ville's inequality), and they stay
// bounds when the test only looks after each batch. See README.md (Balancing).

export interface FairConfig {
  /** The centre of the fair band, usually 0.5. */
  readonly centre: number;
  /** Half-width of the fair band: |p - centre| <= within is "fair". */
  readonly within: number;
  /** Indifference margin: errors are bounded outside (within - margin, within + margin). */
  readonly margin: number;
  /** Bound on P(says fair) when |p - centre| >= within + margin. */
  readonly alpha: number;
  /** Bound on P(says unfair) when |p - centre| <= within - margin. */
  readonly beta: number;
  /** Games per look. */
  readonly batch: number;
  /** Give up (undecided) after this many games. */
  readonly maxGames: number;
}

export const FAIR_DEFAULTS = { centre: 0.5, within: 0.02, alpha: 0.05, beta: 0.05, batch: 200, maxGames: 1_000_000 } as const;

export type FairVerdict = 'fair' | 'too-low' | 'too-high' | 'undecided';
export type SideVerdict = 'inside' | 'outside' | null;

/** Wins of the chosen team in games [from, to). */
export type RateSource = (from: number, to: number) => Promise<number> | number;

/** One edge's SPRT: H_out (p = edge beyond the band) against H_in (p = edge inside it). */
export interface EdgeTest {
  readonly pOut: number;
  readonly pIn: number;
  /** Log-likelihood ratio in favour of "inside" per win and per loss. */
  readonly perWin: number;
  readonly perLoss: number;
  /** Say "inside" at or above this; log(1/alpha). */
  readonly upper: number;
  /** Say "outside" at or below this; log(beta / 2). */
  readonly lower: number;
}

export interface FairLook {
  readonly games: number;
  readonly wins: number;
  readonly llrLow: number;
  readonly llrHigh: number;
}

export interface FairResult {
  readonly verdict: FairVerdict;
  readonly games: number;
  readonly wins: number;
  readonly low: EdgeTest;
  readonly high: EdgeTest;
  /** Final log-likelihood ratios ("inside" over "outside") at each edge. */
  readonly llrLow: number;
  readonly llrHigh: number;
  readonly lowVerdict: SideVerdict;
  readonly highVerdict: SideVerdict;
  /** Games after which each edge test stopped (null: it never did). */
  readonly lowStoppedAt: number | null;
  readonly highStoppedAt: number | null;
  readonly looks: readonly FairLook[];
}

/** Returns the reason a fairness config cannot run, or null. */
export function fairConfigProblem(c: FairConfig): string | null {
  if (!(c.within > 0)) return '--within must be above 0';
  if (!(c.margin > 0 && c.margin <= c.within)) return `--margin must be above 0 and at most --within (${c.within})`;
  if (!(c.centre - c.within - c.margin > 0 && c.centre + c.within + c.margin < 1)) {
    return `the band ${c.centre} ± (${c.within} + ${c.margin}) must lie inside (0, 1); use a smaller --within or --margin`;
  }
  if (!(c.alpha > 0 && c.alpha < 0.5)) return '--alpha must be between 0 and 0.5';
  if (!(c.beta > 0 && c.beta < 0.5)) return '--beta must be between 0 and 0.5';
  if (!(c.batch >= 1 && c.maxGames >= c.batch)) return '--max-games must be at least one batch';
  return null;
}

/** The two edge tests of a config: the band's lower and upper edges. */
export function edgeTests(c: FairConfig): { low: EdgeTest; high: EdgeTest } {
  return {
    low: edgeTest(c.centre - c.within - c.margin, c.centre - c.within + c.margin, c),
    high: edgeTest(c.centre + c.within + c.margin, c.centre + c.within - c.margin, c),
  };
}

function edgeTest(pOut: number, pIn: number, c: FairConfig): EdgeTest {
  return {
    pOut,
    pIn,
    perWin: Math.log(pIn / pOut),
    perLoss: Math.log((1 - pIn) / (1 - pOut)),
    upper: Math.log(1 / c.alpha),
    // β is split between the two edges: a fair rate is wrongly called unfair
    // only if one of the two tests errs, so the total stays at most β.
    lower: Math.log(c.beta / 2),
  };
}

function llr(t: EdgeTest, wins: number, games: number): number {
  return wins * t.perWin + (games - wins) * t.perLoss;
}

function sideVerdict(t: EdgeTest, value: number): SideVerdict {
  if (value >= t.upper) return 'inside';
  if (value <= t.lower) return 'outside';
  return null;
}

/** Runs the test batch by batch on games 0, 1, 2, ... until a verdict or maxGames. */
export async function fairTest(config: FairConfig, source: RateSource): Promise<FairResult> {
  const problem = fairConfigProblem(config);
  if (problem) throw new Error(`fairTest: ${problem}`);
  const { low, high } = edgeTests(config);
  let games = 0;
  let wins = 0;
  // Each edge stops at its own first crossing; its verdict and LLR freeze there.
  let lowVerdict: SideVerdict = null;
  let highVerdict: SideVerdict = null;
  let llrLow = 0;
  let llrHigh = 0;
  let lowStoppedAt: number | null = null;
  let highStoppedAt: number | null = null;
  const looks: FairLook[] = [];
  while (games < config.maxGames) {
    const to = Math.min(config.maxGames, games + config.batch);
    wins += await source(games, to);
    games = to;
    if (lowVerdict === null && (lowVerdict = sideVerdict(low, (llrLow = llr(low, wins, games)))) !== null) lowStoppedAt = games;
    if (highVerdict === null && (highVerdict = sideVerdict(high, (llrHigh = llr(high, wins, games)))) !== null) highStoppedAt = games;
    looks.push({ games, wins, llrLow, llrHigh });
    if (verdictOf(lowVerdict, highVerdict) !== 'undecided') break;
  }
  return { verdict: verdictOf(lowVerdict, highVerdict), games, wins, low, high, llrLow, llrHigh, lowVerdict, highVerdict, lowStoppedAt, highStoppedAt, looks };
}

function verdictOf(low: SideVerdict, high: SideVerdict): FairVerdict {
  if (low === 'outside') return 'too-low';
  if (high === 'outside') return 'too-high';
  if (low === 'inside' && high === 'inside') return 'fair';
  return 'undecided';
}
