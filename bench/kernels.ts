// `node dist/bench/kernels.js [kernel ...]`: machine instructions per element
// of the inner loops a heuristic player's game is made of, written as lean
// as JavaScript allows, counted by valgrind as instructions.js counts games
// (two processes, R and 5R calls, the difference over the 4R calls more).
// What V8 (TurboFan, Node 20) charges for the work itself, apart from any
// engine or player structure: the floor under a game of the same decisions
// (BENCHMARKS.md, issue 21, ninth round).
//   scan-arrays: a vote's score of each option as enemy() reads it, from six
//     typed arrays held in locals (the players' layout);
//   scan-packed: the same from one array holding a seat's values side by side;
//   scan-taste: a voter's option, leanly: the score from one array, the taste
//     of the day (a hash into the Gumbel table) and the argmax;
//   scan-lean: the same with the options a typed array (the Decision's are a
//     plain array) and no second array: the least an option can cost;
//   normal: one whispered read, a Box-Muller normal from an inline sfc32.
// A measuring tool, not a test: it prints, it asserts nothing.

import { fileURLToPath } from 'node:url';
import { countInstructions, valgrindVersion } from './valgrind.js';

const KERNELS = ['scan-arrays', 'scan-packed', 'scan-taste', 'scan-lean', 'normal'] as const;
type Kernel = (typeof KERNELS)[number];
/** Seats at the table: a call scans the 11 others, or draws 10 normals. */
const N = 12;
const PER_CALL: Record<Kernel, number> = { 'scan-arrays': N - 1, 'scan-packed': N - 1, 'scan-taste': N - 1, 'scan-lean': N - 1, normal: 10 };

function countKernels(names: readonly string[]): void {
  const bad = names.find((k) => !(KERNELS as readonly string[]).includes(k));
  if (bad !== undefined) {
    process.stderr.write(`kernels: unknown kernel ${bad}: use ${KERNELS.join(', ')}\n`);
    process.exit(1);
  }
  const calls = Number(process.env['KERNEL_CALLS'] ?? 100_000);
  const script = fileURLToPath(import.meta.url);
  process.stdout.write(`${valgrindVersion('kernels', 'nothing else')}, node ${process.version}\n`);
  for (const k of names as Kernel[]) {
    const run = (c: number): number => countInstructions(script, [k], { KERNEL_RUN: String(c) }, k);
    const perCall = (run(5 * calls) - run(calls)) / (4 * calls);
    process.stdout.write(`${k}: ${Math.round(perCall / PER_CALL[k])} instructions/element (${Math.round(perCall)} a call of ${PER_CALL[k]})\n`);
  }
}

function runKernel(kernel: Kernel, calls: number): void {
  const t = new Tables();
  let sink = 0;
  for (let c = 0; c < calls; c++) sink += call(t, kernel, c);
  // The sum is printed so that no loop is dead code.
  process.stdout.write(`${sink}\n`);
}

function call(t: Tables, kernel: Kernel, c: number): number {
  switch (kernel) {
    case 'scan-arrays':
      return scanArrays(t, t.opts, 0.5, t.votes);
    case 'scan-packed':
      return scanPacked(t.packed, t.opts, 0.5, t.votes, t.scores);
    case 'scan-taste':
      return scanTaste(t.packed, t.opts, t.votes, c);
    case 'scan-lean':
      return scanLean(t.packed, t.seats, c);
    case 'normal':
      return normals(t.reads, c);
  }
}

class Tables {
  readonly opts = Array.from({ length: N - 1 }, (_, i) => i + 1);
  readonly seats = Int16Array.from(this.opts);
  readonly known = new Int8Array(N).fill(-1);
  readonly ev = Float64Array.from({ length: N }, (_, i) => 0.1 * i);
  readonly reads = Float64Array.from({ length: N }, (_, i) => 0.05 * i);
  readonly credit = new Float64Array(N);
  readonly hasResult = new Uint8Array(N);
  readonly votes = new Int16Array(N);
  readonly scores = new Float64Array(N);
  /** A seat's values side by side: ev, reads, credit, known (as a number). */
  readonly packed = new Float64Array(4 * N);
  constructor() {
    for (let s = 0; s < N; s++) {
      this.packed[4 * s] = this.ev[s]!;
      this.packed[4 * s + 1] = this.reads[s]!;
      this.packed[4 * s + 3] = -1;
    }
  }
}

const FACT = new Float64Array([-20, 20, 20, -3]);
const GUMBEL = Float64Array.from({ length: 1024 }, (_, i) => -Math.log(-Math.log((i + 0.5) / 1024)));

function scanArrays(t: Tables, opts: readonly number[], w: number, extra: Int16Array): number {
  const { known, ev, reads, credit, hasResult, scores } = t;
  for (let i = 0; i < opts.length; i++) {
    const s = opts[i]!;
    const k = known[s]!;
    if (k !== -1) scores[s] = FACT[k]! + w * extra[s]!;
    else if (hasResult[s]) scores[s] = 0;
    else scores[s] = -1.2 + (ev[s]! + 0.7 * reads[s]!) + credit[s]! + w * extra[s]!;
  }
  return scores[3]!;
}

function scanPacked(f: Float64Array, opts: readonly number[], w: number, extra: Int16Array, scores: Float64Array): number {
  for (let i = 0; i < opts.length; i++) {
    const s = opts[i]!;
    const o = 4 * s;
    const k = f[o + 3]!;
    scores[s] = k !== -1 ? FACT[k]! + w * extra[s]! : -1.2 + (f[o]! + 0.7 * f[o + 1]!) + f[o + 2]! + w * extra[s]!;
  }
  return scores[3]!;
}

/** The day's taste of seat s, as DayTaste.at works it out (a hash into the Gumbel table); inlined where it is called. */
function taste(key: number, s: number): number {
  let h = Math.imul(key ^ Math.imul(s + 1, 0x9e3779b9), 0x85ebca6b);
  h ^= h >>> 15;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 13;
  return GUMBEL[h >>> 22]!;
}

function scanTaste(f: Float64Array, opts: readonly number[], extra: Int16Array, key: number): number {
  let best = -1;
  let top = -Infinity;
  for (let i = 0; i < opts.length; i++) {
    const s = opts[i]!;
    const o = 4 * s;
    const x = (f[o + 3] !== -1 ? 20 : -1.2 + (f[o]! + 0.7 * f[o + 1]!) + f[o + 2]! + 0.5 * extra[s]!) + 0.8 * taste(key, s);
    if (x > top) {
      top = x;
      best = s;
    }
  }
  return best;
}

function scanLean(f: Float64Array, seats: Int16Array, key: number): number {
  let best = -1;
  let top = -Infinity;
  for (let i = 0; i < seats.length; i++) {
    const s = seats[i]!;
    const o = 4 * s;
    const x = (f[o + 3] !== -1 ? 20 : -1.2 + (f[o]! + 0.7 * f[o + 1]!) + f[o + 2]!) + 0.8 * taste(key, s);
    if (x > top) {
      top = x;
      best = s;
    }
  }
  return best;
}

/** Ten normals (five Box-Muller pairs) added into a row of reads, the generator's state in locals. */
function normals(reads: Float64Array, seed: number): number {
  let a = seed | 0;
  let b = 0x9e3779b9 | 0;
  let c = 0x85ebca6b | 0;
  let d = 1;
  for (let i = 0; i < 10; i += 2) {
    let t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (((c << 21) | (c >>> 11)) + t) | 0;
    const u = 1 - (t >>> 0) / 4294967296;
    t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (((c << 21) | (c >>> 11)) + t) | 0;
    const radius = Math.sqrt(-2 * Math.log(u));
    const angle = 2 * Math.PI * ((t >>> 0) / 4294967296);
    reads[i]! += 0.5 * radius * Math.cos(angle);
    reads[i + 1]! += 0.5 * radius * Math.sin(angle);
  }
  return reads[3]!;
}

// Last, once the tables and kernels above are defined.
const childCalls = process.env['KERNEL_RUN'];
if (childCalls !== undefined) runKernel(process.argv[2] as Kernel, Number(childCalls));
else countKernels(process.argv.length > 2 ? process.argv.slice(2) : [...KERNELS]);
