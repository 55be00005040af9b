// A histogram of exact fractions a/b (whole a, b), for the records
// statistics that are means of per-day observations (the share of a day's
// votes on the player eliminated, the day's distinct candidates). Counts of
// each fraction are integers, so any split of the games (batches, worker
// threads) merges to the same histogram, and the mean, spread and quartiles
// are computed from it in one fixed order: the same bits for every split.

/** a/b packed into one number; b and a stay far below the bound at any table size. */
const SPAN = 1 << 16;
const keyOf = (a: number, b: number): number => b * SPAN + a;
const partsOf = (key: number): [a: number, b: number] => [key % SPAN, Math.floor(key / SPAN)];

export interface HistogramSummary {
  readonly n: number;
  /** Sum of the numerators (for whole values, b = 1: the sum of the values). */
  readonly numerators: number;
  readonly mean: number;
  /** Sample standard deviation (n − 1); 0 below two observations. */
  readonly sd: number;
  /** Quartiles by linear interpolation between order statistics (type 7, numpy's and R's default). */
  readonly quartiles: readonly [number, number, number];
}

export class RatioHistogram {
  private readonly counts = new Map<number, number>();
  private total = 0;

  get n(): number {
    return this.total;
  }

  /** One observation a/b (b > 0). */
  add(a: number, b: number): void {
    const k = keyOf(a, b);
    this.counts.set(k, (this.counts.get(k) ?? 0) + 1);
    this.total++;
  }

  merge(other: RatioHistogram): void {
    for (const [k, c] of other.counts) this.counts.set(k, (this.counts.get(k) ?? 0) + c);
    this.total += other.total;
  }

  /** `{ key: count }`, each key the fraction packed as b * 65536 + a. */
  toJSON(): Record<string, number> {
    return Object.fromEntries(this.counts);
  }

  static fromJSON(j: Record<string, number>): RatioHistogram {
    const h = new RatioHistogram();
    for (const [k, c] of Object.entries(j)) {
      h.counts.set(Number(k), c);
      h.total += c;
    }
    return h;
  }

  /** The distinct values in ascending order with their counts (ties of equal value, 2/4 and 1/2, stay apart but adjacent). */
  private sorted(): Array<{ value: number; a: number; count: number }> {
    const rows = [...this.counts].map(([k, count]) => {
      const [a, b] = partsOf(k);
      return { a, b, key: k, count, value: a / b };
    });
    // Exact order by cross-multiplication, then by key so equal values keep one fixed order.
    rows.sort((x, y) => x.a * y.b - y.a * x.b || x.key - y.key);
    return rows;
  }

  summary(): HistogramSummary | null {
    if (this.total === 0) return null;
    const rows = this.sorted();
    let sum = 0;
    let numerators = 0;
    for (const r of rows) {
      sum += r.count * r.value;
      numerators += r.count * r.a;
    }
    const mean = sum / this.total;
    let squares = 0;
    for (const r of rows) squares += r.count * (r.value - mean) ** 2;
    const sd = this.total > 1 ? Math.sqrt(squares / (this.total - 1)) : 0;
    return { n: this.total, numerators, mean, sd, quartiles: [quantile(rows, this.total, 0.25), quantile(rows, this.total, 0.5), quantile(rows, this.total, 0.75)] };
  }
}

/** The p-quantile of the sorted rows: h = (n − 1)p, interpolated between the order statistics floor(h) and floor(h) + 1. */
function quantile(rows: ReadonlyArray<{ value: number; count: number }>, n: number, p: number): number {
  const h = (n - 1) * p;
  const lo = Math.floor(h);
  const at = (i: number): number => {
    let seen = 0;
    for (const r of rows) {
      seen += r.count;
      if (i < seen) return r.value;
    }
    return rows[rows.length - 1]!.value;
  };
  const x = at(lo);
  return h === lo ? x : x + (h - lo) * (at(lo + 1) - x);
}
