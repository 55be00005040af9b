// The meta-game's Nash equilibrium: the strategies each team has found so
// far, and Town's score in games of every pair, as a matrix. The game
// between Town and the Mafia is constant-sum in the score (a win is 1, a
// loss 0, any other end a half to each), so its equilibrium is the minimax
// of the matrix: Town's mixture x maximises v subject to x'A >= v in every
// column, the Mafia's y minimises w subject to Ay <= w in every row, and
// v = w. Each is one linear programme, solved exactly by yalps (MIT, a
// simplex of its own). No iteration, no tolerance to choose: an exact solve
// is what a zero-sum meta-game allows.

import { solve, type Model } from 'yalps';

export interface MetaSolution {
  /** Town's score when both play their mixtures (the value of the meta-game). */
  readonly value: number;
  /** Town's mixture over the matrix's rows, and the Mafia's over its columns (each adds up to 1). */
  readonly town: readonly number[];
  readonly mafia: readonly number[];
}

/** The equilibrium of a matrix of Town's scores (rows: Town's strategies, columns: the Mafia's), entries in [0, 1]. */
export function solveMetaGame(a: readonly (readonly number[])[]): MetaSolution {
  const rows = a.length;
  const cols = a[0]?.length ?? 0;
  if (rows === 0 || cols === 0 || a.some((r) => r.length !== cols)) throw new Error('solveMetaGame: a non-empty rectangular matrix is needed');
  const town = maximinMixture(a, rows, cols, (i, j) => a[i]![j]!);
  // The Mafia's problem is Town's on the transposed matrix of the Mafia's scores (1 - A).
  const mafia = maximinMixture(a, cols, rows, (j, i) => 1 - a[i]![j]!);
  const value = town.value;
  return { value, town: town.mixture, mafia: mafia.mixture };
}

/** The mixture over `n` strategies that maximises its least payoff against any of the other side's `m` strategies. */
function maximinMixture(a: readonly (readonly number[])[], n: number, m: number, payoff: (mine: number, theirs: number) => number): { value: number; mixture: number[] } {
  // Payoffs are in [0, 1], so the value is too: v needs no negative range.
  const variables = new Map<string, Map<string, number>>();
  for (let i = 0; i < n; i++) {
    const c = new Map<string, number>([['total', 1]]);
    for (let j = 0; j < m; j++) c.set(`against${j}`, payoff(i, j));
    variables.set(`x${i}`, c);
  }
  const v = new Map<string, number>([['value', 1]]);
  for (let j = 0; j < m; j++) v.set(`against${j}`, -1);
  variables.set('v', v);
  const constraints = new Map<string, { min?: number; equal?: number }>([['total', { equal: 1 }]]);
  for (let j = 0; j < m; j++) constraints.set(`against${j}`, { min: 0 });
  const model: Model = { direction: 'maximize', objective: 'value', constraints, variables };
  const s = solve(model, { precision: 1e-12, includeZeroVariables: true });
  if (s.status !== 'optimal') throw new Error(`solveMetaGame: the linear programme is ${s.status} (a ${a.length}x${a[0]!.length} matrix)`);
  const x = new Map(s.variables);
  const raw = Array.from({ length: n }, (_, i) => Math.max(0, x.get(`x${i}`) ?? 0));
  const total = raw.reduce((t, w) => t + w, 0);
  const mixture = raw.map((w) => w / total);
  // The least payoff of the normalised mixture: the value, recomputed so it holds for the weights returned.
  let least = Infinity;
  for (let j = 0; j < m; j++) least = Math.min(least, mixture.reduce((t, w, i) => t + w * payoff(i, j), 0));
  return { value: least, mixture };
}
