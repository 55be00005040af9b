// `npm run bench`: games/s and peak memory for the setups of the speed issue,
// each the median of several fresh processes (bench/one.ts: a whole run
// through the sim's front door with the stated threads), played in rounds
// that take every row once (`measureAll`), printed as a Markdown table with
// the command that reproduces each row, then the ratios the issue sets
// targets for. Each row gives the whole run's rate and the rate over its
// middle half of games (bench/middleHalf.ts), a run's start left out; the
// ratios give both. Arguments filter rows by name (`=name`: exactly that
// row); BENCH_RUNS sets the processes per row (memory rows run once),
// BENCH_SCALE scales the game counts. Last it times whole commands, start to
// exit: `mafia-sim run` as node's script and as `npx mafia-sim run`, and a
// `balance` that plays six runs (the argument `run` selects only those). Say
// what the machine's load was: it is printed at start and end.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchConfig, BenchResult } from './one.js';

interface Row {
  readonly name: string;
  readonly config: BenchConfig;
  /** Memory rows run once: their figure is the peak RSS, and they are long. */
  readonly memory?: boolean;
}

interface Measured {
  readonly row: Row;
  readonly games: number;
  readonly rate: number;
  /** Median games/s over the runs' middle halves (one.ts), null when a run has too few batches to tell. */
  readonly steady: number | null;
  readonly cpuPerGameUs: number;
  readonly rssMB: number;
}

const RUNS = Number(process.env['BENCH_RUNS'] ?? 3);
const SCALE = Number(process.env['BENCH_SCALE'] ?? 1);
const one = fileURLToPath(new URL('./one.js', import.meta.url));
const cli = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));
const root = fileURLToPath(new URL('../..', import.meta.url));

const club = (threads: number, games: number, memory = false): Row => ({
  name: `club default agents, ${threads} thread${threads > 1 ? 's' : ''}${memory ? `, ${games.toExponential(0).replace('e+', 'e')} games (memory)` : ''}`,
  config: { rules: 'club', agents: 'club', threads, games },
  memory,
});
const forum = (players: number, games: number): Row => ({
  name: `forum ${players} default agents, 2 threads`,
  config: { rules: 'forum', players, agents: 'club', threads: 2, games },
});

const ROWS: readonly Row[] = [
  { name: 'classic 12/3 random, 1 thread', config: { rules: 'classic', players: 12, mafia: 3, agents: 'random', threads: 1, games: 4_000_000 } },
  { name: 'classic 12/3 random, 2 threads', config: { rules: 'classic', players: 12, mafia: 3, agents: 'random', threads: 2, games: 8_000_000 } },
  club(1, 200_000),
  club(2, 400_000),
  forum(12, 100_000),
  forum(24, 20_000),
  forum(48, 5_000),
  // 4,000: the fewest games of 250 a batch with eight batches in their middle half (middleHalf.ts).
  forum(96, 4_000),
  { name: 'classic 12/3 random, 2 threads, 1e4 games (memory)', config: { rules: 'classic', agents: 'random', threads: 2, games: 10_000 }, memory: true },
  { name: 'classic 12/3 random, 2 threads, 1e7 games (memory)', config: { rules: 'classic', agents: 'random', threads: 2, games: 10_000_000 }, memory: true },
  club(2, 10_000, true),
  club(2, 10_000_000, true),
];

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (x: number): string => Math.round(x).toLocaleString('en-US');

function commandOf(cfg: BenchConfig): string {
  return `node dist/bench/one.js '${JSON.stringify(cfg)}'`;
}

function configOf(row: Row): BenchConfig {
  return { ...row.config, games: Math.max(1000, Math.round(row.config.games * SCALE)) };
}

/**
 * Plays the rows' processes in rounds, each round every row once (a memory
 * row in the first round only): a machine whose speed drifts over the
 * minutes (BENCHMARKS, tenth round) then weighs alike on the rows a ratio
 * compares, as it would not if each row ran its processes back to back.
 */
function measureAll(rows: readonly Row[]): Measured[] {
  const results = rows.map((): BenchResult[] => []);
  for (let round = 0; round < RUNS; round++) {
    rows.forEach((row, i) => {
      if (row.memory && round > 0) return;
      const out = execFileSync(process.execPath, [one, JSON.stringify(configOf(row))], { encoding: 'utf8', maxBuffer: 1 << 20 });
      results[i]!.push(JSON.parse(out) as BenchResult);
      process.stderr.write(`round ${round + 1}/${RUNS}: ${row.name}\n`);
    });
  }
  return rows.map((row, i) => summarize(row, results[i]!));
}

function summarize(row: Row, results: readonly BenchResult[]): Measured {
  const cfg = configOf(row);
  const rate = median(results.map((r) => r.gamesPerSecond));
  const steadies = results.map((r) => r.steadyGamesPerSecond).filter((x): x is number => x !== null);
  const steady = steadies.length === results.length ? median(steadies) : null;
  const cpuPerGameUs = median(results.map((r) => (r.cpuSeconds / cfg.games) * 1e6));
  const rssMB = Math.max(...results.map((r) => r.maxRssMB));
  console.log(`| ${row.name} | ${fmt(cfg.games)} | ${fmt(rate)} | ${steady === null ? '-' : fmt(steady)} | ${cpuPerGameUs.toFixed(2)} | ${rssMB.toFixed(0)} | \`${commandOf(cfg)}\` |`);
  return { row, games: cfg.games, rate, steady, cpuPerGameUs, rssMB };
}

function ratioLines(done: readonly Measured[]): string[] {
  const by = (name: string): Measured | undefined => done.find((m) => m.row.name === name);
  const lines: string[] = [];
  const c1 = by(club(1, 0).name);
  const c2 = by(club(2, 0).name);
  if (c1 && c2) lines.push(`- club, 2 threads / 1 thread: ${(c2.rate / c1.rate).toFixed(2)}x${inMiddleHalves(c2, c1, 2)}`);
  const f12 = by(forum(12, 0).name);
  for (const p of [24, 48, 96]) {
    const f = by(forum(p, 0).name);
    if (f12 && f) lines.push(`- forum ${p} / forum 12, cost per game: ${(f12.rate / f.rate).toFixed(1)}x${inMiddleHalves(f12, f, 1)}`);
  }
  const mem = done.filter((m) => m.row.memory);
  if (mem.length > 0) lines.push(`- peak RSS of the memory rows: ${mem.map((m) => `${fmt(m.games)} games ${m.rssMB.toFixed(0)} MB`).join(', ')}`);
  return lines;
}

/** The same ratio of the two rows' middle-half rates (a run's start left out), where both have one. */
function inMiddleHalves(a: Measured, b: Measured, digits: number): string {
  if (a.steady === null || b.steady === null) return ' (whole runs)';
  return ` (whole runs); ${(a.steady / b.steady).toFixed(digits)}x over the runs' middle halves`;
}

/** A command timed whole (wall time from process start to exit, the median of RUNS), its report written to a temporary folder removed after. */
interface TimedCommand {
  readonly label: string;
  /** What it plays, where the label does not say. */
  readonly what?: string;
  readonly args: readonly string[];
  readonly how: 'node' | 'npx';
}

/**
 * The whole commands a user types: `mafia-sim run` with its defaults
 * (100,000 club games, one thread per core, the report written), started as
 * node's script and as the README's `npx mafia-sim run` (npm's own start-up
 * included), from the checkout's root; and README's designer's table, a
 * command that plays six runs one after another on one pool (gamesPool.ts).
 */
const COMMANDS: readonly TimedCommand[] = [
  { label: 'mafia-sim run', what: '100,000 club games, report written', args: ['run', '--quiet'], how: 'node' },
  { label: 'npx mafia-sim run', what: '100,000 club games, report written', args: ['run', '--quiet'], how: 'npx' },
  { label: 'mafia-sim balance --rules club --for-players 10..13 --budget 40000', args: ['balance', '--rules', 'club', '--for-players', '10..13', '--budget', '40000', '--quiet'], how: 'node' },
];

function measureCommand(c: TimedCommand): string {
  const walls: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const out = mkdtempSync(join(tmpdir(), 'mafia-bench-'));
    const args = [...c.args, '--out', join(out, 'report')];
    const t0 = process.hrtime.bigint();
    if (c.how === 'node') execFileSync(process.execPath, [cli, ...args], { encoding: 'utf8', maxBuffer: 1 << 20 });
    else execFileSync('npx', ['mafia-sim', ...args], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 20 });
    walls.push(Number(process.hrtime.bigint() - t0) / 1e9);
    rmSync(out, { recursive: true, force: true });
  }
  const command = `${c.how === 'node' ? 'node dist/src/cli/main.js' : 'npx mafia-sim'} ${c.args.join(' ')} --out DIR`;
  const what = c.what === undefined ? '' : ` (${c.what})`;
  return `- \`${c.label}\`${what}, wall time: median ${median(walls).toFixed(2)} s of ${walls.map((w) => w.toFixed(2)).join(', ')} (\`${command}\`)`;
}

const only = process.argv.slice(2);
// `=name` selects exactly that row (a plain argument: every row whose name contains it).
const rows = ROWS.filter((r) => only.length === 0 || only.some((o) => (o.startsWith('=') ? r.name === o.slice(1) : r.name.includes(o))));
const load = (): string => loadavg().map((x) => x.toFixed(2)).join(' ');
console.log(
  `mafia-sim benchmark, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, node ${process.version}, ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB`,
);
console.log(`load average (1, 5, 15 min) at start: ${load()}; median of ${RUNS} fresh processes per row, played in rounds (memory rows: one)\n`);
console.log('| setup | games | games/s (median) | games/s, middle half of the games | CPU µs per game (all threads) | peak RSS MB | command |');
console.log('|---|---:|---:|---:|---:|---:|---|');
const done = measureAll(rows);
console.log('');
for (const line of ratioLines(done)) console.log(line);
if (only.length === 0 || only.includes('run')) for (const c of COMMANDS) console.log(measureCommand(c));
console.log(`\nload average at end: ${load()}`);
