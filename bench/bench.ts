// `npm run bench`: games/s and peak memory for the setups of the speed issue,
// each the median of several fresh processes, printed as a Markdown table
// with the command that reproduces each row.

import { execFileSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';

interface Row {
  name: string;
  config: { rules: string; players?: number; mafia?: number; agents: string; threads: number; games: number };
}

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const one = fileURLToPath(new URL('./one.js', import.meta.url));

const rows: Row[] = [
  { name: 'classic 12/3 random, 1 thread', config: { rules: 'classic', players: 12, mafia: 3, agents: 'random', threads: 1, games: 2_000_000 } },
  { name: 'club default agents, 1 thread', config: { rules: 'club', agents: 'club', threads: 1, games: 500_000 } },
  { name: 'club default agents, 2 threads', config: { rules: 'club', agents: 'club', threads: 2, games: 1_000_000 } },
  { name: 'forum 12 default agents, 2 threads', config: { rules: 'forum', players: 12, agents: 'club', threads: 2, games: 200_000 } },
  { name: 'forum 24 default agents, 2 threads', config: { rules: 'forum', players: 24, agents: 'club', threads: 2, games: 100_000 } },
  { name: 'forum 48 default agents, 2 threads', config: { rules: 'forum', players: 48, agents: 'club', threads: 2, games: 50_000 } },
  { name: 'forum 96 default agents, 2 threads', config: { rules: 'forum', players: 96, agents: 'club', threads: 2, games: 20_000 } },
  { name: 'club default agents, 2 threads, 10^4 games (memory)', config: { rules: 'club', agents: 'club', threads: 2, games: 10_000 } },
  { name: 'club default agents, 2 threads, 10^7 games (memory)', config: { rules: 'club', agents: 'club', threads: 2, games: 10_000_000 } },
];

const only = process.argv.slice(2);
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const agentsAvailable = (() => {
  try {
    execFileSync(process.execPath, [one, JSON.stringify({ rules: 'club', agents: 'club', threads: 1, games: 10 })], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
})();

console.log(`mafia-sim benchmark, ${new Date().toISOString().slice(0, 10)}, node ${process.version}, ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB`);
console.log(`median of ${RUNS} fresh processes per row\n`);
console.log('| setup | games | games/s (median) | peak RSS MB (max) | command |');
console.log('|---|---:|---:|---:|---|');
for (const row of rows) {
  if (only.length && !only.some((o) => row.name.includes(o))) continue;
  const cfg = { ...row.config, games: Math.max(1000, Math.round(row.config.games * SCALE)) };
  if (cfg.agents !== 'random' && !agentsAvailable) {
    console.log(`| ${row.name} | - | (profile ${cfg.agents} not available) | - | - |`);
    continue;
  }
  const rates: number[] = [];
  const rss: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const out = execFileSync(process.execPath, [one, JSON.stringify(cfg)], { encoding: 'utf8' });
    const r = JSON.parse(out) as { gamesPerSecond: number; maxRssMB: number };
    rates.push(r.gamesPerSecond);
    rss.push(r.maxRssMB);
  }
  const flags = `--rules ${cfg.rules}${cfg.players ? ` --players ${cfg.players}` : ''}${cfg.mafia ? ` --mafia ${cfg.mafia}` : ''} --agents ${cfg.agents} --threads ${cfg.threads} --games ${cfg.games}`;
  console.log(`| ${row.name} | ${cfg.games} | ${Math.round(median(rates)).toLocaleString('en-US')} | ${Math.max(...rss).toFixed(0)} | \`mafia-sim run ${flags}\` |`);
}
