// `node dist/bench/jitProfile.js [DIR] setup [rows]`: machine instructions
// per game of each function, JavaScript included, for one of cost.js's
// setups. A sampling profile (--cpu-prof) moves from run to run and charges
// inlined code to whatever the sampler saw; this counts every instruction.
// valgrind's callgrind runs cost.js twice (G and 5G games, as
// instructions.js does) with V8 writing its code map (--perf-basic-prof), so
// each instruction of compiled JavaScript is charged to the function V8
// compiled it for (callees inlined into it count as its own), and the
// figure per game is the difference of the two runs over the 4G games more:
// start-up and most compilation cancel. Native code keeps callgrind's own
// names. Slow (callgrind is about 150x the games' speed): club takes
// minutes. A measuring tool, not a test: it prints, it asserts nothing.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chooseSetups, takeTreeArg } from './costSetups.js';
import { REPEATABLE_V8, valgrindVersion } from './valgrind.js';

interface CodeRange {
  readonly start: number;
  readonly end: number;
  readonly name: string;
}

const args = process.argv.slice(2);
const dirArg = takeTreeArg(args);
const rows = args.length > 1 && /^\d+$/.test(args[args.length - 1]!) ? Number(args.pop()) : 30;
const setups = chooseSetups(args.slice(0, 1));
if (args.length !== 1 || setups.length !== 1) {
  process.stderr.write('jitProfile: name one setup of cost.js (club, classic-random, forum48, ...), then optionally how many rows\n');
  process.exit(1);
}
const setup = setups[0]!;
const costScript = fileURLToPath(new URL('./cost.js', import.meta.url));
process.stdout.write(`${valgrindVersion('jitProfile', 'node --cpu-prof dist/bench/cost.js SETUP')}, node ${process.version}, ${dirArg ?? 'this tree'}\n`);

// JIT_GAMES: the smaller run's games (the other plays 5x); more games leave less compilation in the difference.
const games = process.env['JIT_GAMES'] === undefined ? Math.max(20, Math.round(setup.games / 100)) : Number(process.env['JIT_GAMES']);
const small = profileRun(games);
const big = profileRun(5 * games);
const perGame = new Map<string, number>();
for (const [name, n] of big) perGame.set(name, (n - (small.get(name) ?? 0)) / (4 * 2 * games));
const total = [...perGame.values()].reduce((a, b) => a + b, 0);
process.stdout.write(`${setup.name}: ${Math.round(total).toLocaleString('en-US')} instructions/game (${games} and ${5 * games} games, warm-up included as cost.js plays it)\n`);
for (const [name, n] of [...perGame].sort((a, b) => b[1] - a[1]).slice(0, rows)) {
  process.stdout.write(`${Math.round(n).toLocaleString('en-US').padStart(10)} ${((100 * n) / total).toFixed(1).padStart(5)}%  ${name}\n`);
}

/** Self instructions by function name for one callgrind run of cost.js with `g` games. */
function profileRun(g: number): Map<string, number> {
  const dir = mkdtempSync(join(tmpdir(), 'mafia-sim-jitprof-'));
  try {
    const out = join(dir, 'callgrind.out');
    const node = ['--perf-basic-prof', ...REPEATABLE_V8, costScript, ...(dirArg === null ? [] : [resolve(dirArg)]), setup.name];
    // Run in the scratch folder: with the code map on, V8 also writes an isolate-*.log to the working directory.
    const run = spawnSync('valgrind', ['--tool=callgrind', '--dump-instr=yes', `--callgrind-out-file=${out}`, process.execPath, ...node], {
      cwd: dir,
      env: { ...process.env, COST_GAMES: String(g) },
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    });
    if (run.status !== 0) throw new Error(`callgrind run failed (exit ${run.status}):\n${run.stderr.slice(-2000)}`);
    const text = readFileSync(out, 'utf8');
    const pid = /^pid: (\d+)$/m.exec(text)?.[1];
    const mapFile = join('/tmp', `perf-${pid}.map`);
    const ranges = readCodeMap(mapFile);
    rmSync(mapFile, { force: true });
    return selfCosts(text, ranges);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** V8's code map (--perf-basic-prof): one line per compiled function, "start size name", sorted by start. */
function readCodeMap(file: string): CodeRange[] {
  if (!existsSync(file)) throw new Error(`V8 wrote no code map at ${file}`);
  const ranges: CodeRange[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^([0-9a-f]+) ([0-9a-f]+) (.*)$/.exec(line);
    if (m) ranges.push({ start: parseInt(m[1]!, 16), end: parseInt(m[1]!, 16) + parseInt(m[2]!, 16), name: m[3]! });
  }
  return ranges.sort((a, b) => a.start - b.start);
}

/** The compiled function holding address a, by binary search, or null. */
function codeAt(ranges: readonly CodeRange[], a: number): string | null {
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (ranges[mid]!.start <= a) lo = mid + 1;
    else hi = mid - 1;
  }
  const r = ranges[hi];
  return r !== undefined && a < r.end ? r.name : null;
}

/**
 * Self cost by function from callgrind's output (positions "instr line",
 * one event): a cost line's address is absolute (0x...) or relative to the
 * last (+n, -n, *); the line after a `calls=` line is the call's inclusive
 * cost and is left out. Code callgrind could not name (fn=0x...) is named
 * from V8's map where it is compiled JavaScript.
 */
function selfCosts(text: string, ranges: readonly CodeRange[]): Map<string, number> {
  const names = new Map<string, string>();
  const named = (spec: string): string => {
    const m = /^\((\d+)\)(?: (.*))?$/.exec(spec);
    if (!m) return spec;
    if (m[2] !== undefined) names.set(m[1]!, m[2]);
    return names.get(m[1]!) ?? '?';
  };
  const costs = new Map<string, number>();
  const add = (name: string, n: number) => costs.set(name, (costs.get(name) ?? 0) + n);
  let fn = '?';
  let addr = 0;
  let skipCall = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('fn=')) fn = named(line.slice(3));
    else if (line.startsWith('cfn=')) named(line.slice(4));
    else if (line.startsWith('calls=')) skipCall = true;
    else if (/^(0x|[+\-*]|\d)/.test(line)) {
      const [pos, , cost] = line.split(' ');
      if (pos!.startsWith('0x')) addr = parseInt(pos!, 16);
      else if (pos![0] === '+') addr += Number(pos!.slice(1));
      else if (pos![0] === '-') addr -= Number(pos!.slice(1));
      if (skipCall) {
        skipCall = false;
        continue;
      }
      const n = Number(cost ?? 0);
      add(fn.startsWith('0x') ? (codeAt(ranges, addr) ?? fn) : fn, n);
    }
  }
  return costs;
}
