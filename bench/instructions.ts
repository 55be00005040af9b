// `node dist/bench/instructions.js [DIR] [setup ...]`: machine instructions
// per game for cost.js's setups, counted by valgrind (cachegrind without its
// cache model). On this shared VM a CPU-time figure moves by 10-20% from one
// run to the next and the machine's speed drifts by 2x over a day, so a
// change worth 3% cannot be seen in time; the count repeats to about 0.1%
// (SQLite tracks its speed the same way). It is a count, not a time: cache
// misses and mispredicted branches are not in it, so a change is kept on
// its count and then checked not to be slower in time (cost.js, bench.js).
//
// Each setup is played twice under valgrind, with G and 5G games (cost.js
// plays as many again first to warm up), and the figure is the difference
// of the two counts over the 8G games more: start-up, module loading and
// the first compilations cancel. V8 runs with the flags of valgrind.ts
// (REPEATABLE_V8), so its compilation decisions repeat from run to run.
// DIR and the setup names are cost.js's. About 75x slower than the games
// themselves: club takes under a minute, forum96 several.
//
// INSTR_SIM=1 turns on cachegrind's models of the caches and the branch
// predictor (about twice as slow) and adds, per game and per thousand
// instructions, the first-level instruction and data cache misses and the
// mispredicted branches they count: where a game's time goes beyond its
// instructions. They are a model's counts (the machine's own counters are
// not open to this VM), to compare setups and builds, not to price stalls.
// A measuring tool, not a test: it prints, it asserts nothing.

import { fileURLToPath } from 'node:url';
import { chooseSetups, takeTreeArg, type CostSetup } from './costSetups.js';
import { cachegrindCounts, valgrindVersion, type SimulatedCounts } from './valgrind.js';

const args = process.argv.slice(2);
const dirArg = takeTreeArg(args);
const costScript = fileURLToPath(new URL('./cost.js', import.meta.url));

/**
 * The smaller run's games: a hundredth of cost.js's count, at least 20; or
 * INSTR_GAMES. The default windows keep a run short but leave much of the
 * players' compilation in the difference (club: about a fifth); a window of
 * thousands of games counts the steady state that long runs play at.
 */
const smallGames = (s: CostSetup): number => (process.env['INSTR_GAMES'] === undefined ? Math.max(20, Math.round(s.games / 100)) : Number(process.env['INSTR_GAMES']));

const simulated = process.env['INSTR_SIM'] === '1';

/** What valgrind counted for one cost.js run of `games` games of setup s (the instructions alone unless INSTR_SIM). */
const countRun = (s: CostSetup, games: number): SimulatedCounts =>
  cachegrindCounts(costScript, [...(dirArg === null ? [] : [dirArg]), s.name], { COST_GAMES: String(games) }, s.name, simulated);

const version = valgrindVersion('instructions', 'cost.js for CPU time');
process.stdout.write(`${version}, node ${process.version}, ${dirArg === null ? 'this tree' : dirArg}\n`);
for (const s of chooseSetups(args)) {
  const g = smallGames(s);
  const small = countRun(s, g);
  const big = countRun(s, 5 * g);
  const perGame = (pick: (c: SimulatedCounts) => number): number => (pick(big) - pick(small)) / (2 * 4 * g);
  const instructions = perGame((c) => c.instructions);
  process.stdout.write(`${s.name}: ${Math.round(instructions).toLocaleString('en-US')} instructions/game (${g} and ${5 * g} games)\n`);
  if (simulated) {
    const line = (label: string, pick: (c: SimulatedCounts) => number): string => {
      const x = perGame(pick);
      return `${label} ${Math.round(x).toLocaleString('en-US')} (${((1000 * x) / instructions).toFixed(1)})`;
    };
    const parts = [line('I1 misses', (c) => c.i1Misses), line('D1 misses', (c) => c.d1Misses), line('mispredicted branches', (c) => c.mispredicts), line('branches', (c) => c.branches)];
    process.stdout.write(`  simulated, per game (per 1,000 instructions): ${parts.join(', ')}\n`);
  }
}
