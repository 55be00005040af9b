// The exact oracle: Town's win probability in the `classic` preset when every
// seat is the random agent, by a dynamic program over (Town alive, Mafia
// alive, phase). Tests hold the simulator to it; the balance search may use
// it as a free, noise-free answer for classic setups.
//
// Derivation (docs/rules.md section 4, src/agents/random.ts, src/engine/day.ts):
//
// Day, n = t + m alive. Every living player votes for one of the n - 1 other
// living players, uniformly and independently (the random agent picks
// uniformly among the legal options; voting is compulsory, so no pass). The
// roles are dealt by a uniform shuffle and the votes ignore them, so the
// joint law of the votes is invariant under any permutation of the seats.
// The lynched seat is a function of the votes that commutes with such
// permutations (the most voted, a tie broken uniformly among the tied), so
// every living seat is lynched with the same probability:
//   vote.tie = random: someone is always lynched (the top tally is at least
//     1), a Mafia with probability m / n, a Town player with t / n.
//   vote.tie = none: with probability q(n) the top tally is shared and nobody
//     is lynched; otherwise the unique top seat is, again, any living seat
//     with equal probability: Mafia (1 - q) m / n, Town (1 - q) t / n.
// Night: `mafia.killRule = don-decides` with no Don: the first living Mafia
// names the shot, uniformly among the living players he does not know to be
// Mafia; the clan knows itself, so the shot is a Town player, always (no
// Doctor, no Foundling): (t, m) -> (t - 1, m).
// Win checks after every elimination: Town at m = 0, else Mafia at m >= t.
//
// q(n), the chance that the top tally is shared, by inclusion-exclusion over
// the voters who would vote for themselves. For a tally vector c (sum n), the
// number of vote profiles without self-votes giving c is
//   N(c) = sum over S of (-1)^|S| (n - |S|)! / prod_j (c_j - [j in S])!
// (S: the seats forced to vote for themselves; the others vote freely). With
// multinomial weights M(c) = n! / prod c_j!, this is
//   N(c) = (1 / n!) sum_k (-1)^k (n - k)! M(c) e_k(c),
// e_k the elementary symmetric polynomial, the coefficient of y^k in
// prod_j (1 + c_j y). Summing over c with a unique maximum L held by a given
// seat, the product of labelled (exponential) generating functions
// (1 + L y) x^L/L! * (sum_{c < L} (1 + c y) x^c / c!)^(n - 1) gives
// sum_c M(c) prod_j (1 + c_j y) at x^n, computed below exactly in BigInt.
// Then P(unique max) = n * sum_L N_L / (n - 1)^n and q(n) = 1 - that.
//
// The day cap (`limits.maxDays`) is ignored: every night kills, so a classic
// game of n players lasts fewer than n days and the preset's cap of 100 is
// never reached for n <= 100.

export type ClassicStart = 'day' | 'night';
export type ClassicTie = 'random' | 'none';

/**
 * Exact probability that Town wins a `classic` game of `players` players,
 * `mafia` of them Mafia, starting with `start`, every seat a random agent.
 * `tie` is the `vote.tie` option (the preset's is `random`). A setup that is
 * already decided returns 1 (no Mafia) or 0 (Mafia at parity). With `random`
 * the cost is O(players^2) and trivial; `none` needs the tie probability of
 * every table size below, exact in BigInt: about a second for 40 players,
 * so it is meant for small tables (tests, a check of the simulator).
 */
export function classicTownWinProbability(players: number, mafia: number, start: ClassicStart, tie: ClassicTie = 'random'): number {
  checkCount('players', players, 1);
  checkCount('mafia', mafia, 0);
  if (mafia > players) throw new RangeError(`mafia: ${mafia} is more than the ${players} players`);
  if (start !== 'day' && start !== 'night') throw new RangeError(`start: expected day or night, got ${String(start)}`);
  if (tie !== 'random' && tie !== 'none') throw new RangeError(`tie: expected random or none, got ${String(tie)}`);
  const dp = new ClassicDp(tie);
  return dp.settled(players - mafia, mafia, start);
}

function checkCount(name: string, v: number, min: number): void {
  if (!Number.isInteger(v) || v < min) throw new RangeError(`${name}: expected a whole number of at least ${min}, got ${v}`);
}

/** Memoised values of (town alive, mafia alive, phase about to start). */
class ClassicDp {
  private readonly memo = new Map<number, number>();

  constructor(private readonly tie: ClassicTie) {}

  /** Town's win chance once the board is (t, m) and `next` is the phase to play, win checked first. */
  settled(t: number, m: number, next: ClassicStart): number {
    if (m === 0) return 1;
    if (m >= t) return 0;
    const key = (t * 4096 + m) * 2 + (next === 'day' ? 0 : 1);
    let v = this.memo.get(key);
    if (v === undefined) {
      v = next === 'day' ? this.day(t, m) : this.night(t, m);
      this.memo.set(key, v);
    }
    return v;
  }

  private day(t: number, m: number): number {
    const n = t + m;
    const noLynch = this.tie === 'none' ? voteTieProbability(n) : 0;
    const lynchMafia = ((1 - noLynch) * m) / n;
    const lynchTown = ((1 - noLynch) * t) / n;
    let p = lynchMafia * this.settled(t, m - 1, 'night') + lynchTown * this.settled(t - 1, m, 'night');
    if (noLynch > 0) p += noLynch * this.settled(t, m, 'night');
    return p;
  }

  private night(t: number, m: number): number {
    return this.settled(t - 1, m, 'day');
  }
}

const tieMemo = new Map<number, number>();

/**
 * Probability that, when `voters` players each vote uniformly for one of the
 * others, the highest tally is shared by two or more (so `vote.tie = none`
 * lynches nobody). Exact (BigInt) up to the final division; voters >= 2.
 */
export function voteTieProbability(voters: number): number {
  checkCount('voters', voters, 2);
  let q = tieMemo.get(voters);
  if (q === undefined) {
    const n = voters;
    let unique = 0n;
    for (let top = 1; top <= n; top++) unique += profilesWithUniqueTopAtSeat(n, top);
    const total = BigInt(n - 1) ** BigInt(n);
    q = ratio(total - BigInt(n) * unique, total);
    tieMemo.set(voters, q);
  }
  return q;
}

/** Vote profiles (no self-votes) where one given seat gets exactly `top` votes and every other seat fewer. */
function profilesWithUniqueTopAtSeat(n: number, top: number): bigint {
  const rest = n - top;
  if (top - 1 < Math.ceil(rest / (n - 1))) return 0n; // the others cannot share `rest` votes below `top`
  const binom = binomials(n);
  // poly[v][k]: sum over tallies of the other seats processed so far, with v votes in all,
  // of (v! / prod c_j!) times the y^k coefficient of prod (1 + c_j y).
  let poly: bigint[][] = [[1n]];
  for (let seat = 0; seat < n - 1; seat++) poly = addSeat(poly, Math.min(top - 1, rest), rest, binom);
  const others = poly[rest] ?? [];
  // The given seat: tally `top`, factor (1 + top y), labelled product with the others.
  const labelled = binom[n]![top]!;
  let sum = 0n;
  for (let k = 0; k <= n; k++) {
    const coef = labelled * ((others[k] ?? 0n) + (k > 0 ? BigInt(top) * (others[k - 1] ?? 0n) : 0n));
    if (coef === 0n) continue;
    const term = coef * factorial(n - k);
    sum += k % 2 === 0 ? term : -term;
  }
  return sum / factorial(n);
}

/** Labelled product of `poly` with one seat whose tally is 0..cap (factor 1 + c y), keeping totals <= maxVotes. */
function addSeat(poly: bigint[][], cap: number, maxVotes: number, binom: bigint[][]): bigint[][] {
  const out: bigint[][] = [];
  for (let v = 0; v < poly.length; v++) {
    const row = poly[v];
    if (!row) continue;
    for (let c = 0; c <= cap && v + c <= maxVotes; c++) {
      const w = binom[v + c]![c]!;
      const into = (out[v + c] ??= []);
      const bc = BigInt(c);
      for (let k = 0; k < row.length; k++) {
        const a = row[k]!;
        if (a === 0n) continue;
        into[k] = (into[k] ?? 0n) + a * w;
        if (c > 0) into[k + 1] = (into[k + 1] ?? 0n) + a * w * bc;
      }
    }
  }
  for (const row of out) if (row) for (let k = 0; k < row.length; k++) row[k] ??= 0n;
  return out;
}

function binomials(n: number): bigint[][] {
  const b: bigint[][] = [];
  for (let i = 0; i <= n; i++) {
    b.push([1n]);
    for (let j = 1; j <= i; j++) b[i]![j] = b[i - 1]![j - 1]! + (j < i ? b[i - 1]![j]! : 0n);
  }
  return b;
}

function factorial(n: number): bigint {
  let f = 1n;
  for (let i = 2; i <= n; i++) f *= BigInt(i);
  return f;
}

/** a / b as the nearest double, for big integers 0 <= a <= b. */
function ratio(a: bigint, b: bigint): number {
  const scale = 10n ** 30n;
  return Number((a * scale) / b) / 1e30;
}
