// `node dist/bench/votes.js [GAMES] [AGENTS]`: the vote statistics
// (src/sim/records/stats.ts) of simulated games of the club game, the
// classic game and the records' game (rules/mafia-allstars.yaml), default
// players unless AGENTS is given, seed 1, games [0, GAMES) (default 20,000):
// the table a host reads beside the records' (README, vote statistics). A
// measuring tool, not a test: it prints, it asserts nothing.

import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_AGENTS, parseAgents } from '../src/agents/index.js';
import { loadRules } from '../src/cli/rulesSource.js';
import { simulateRecords } from '../src/sim/records/simulate.js';
import { statistics, type Statistic } from '../src/sim/records/stats.js';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const games = Number(process.argv[2] ?? 20_000);
const agents = parseAgents(process.argv[3] ?? DEFAULT_AGENTS).canonical;
const GAMES: ReadonlyArray<readonly [label: string, rules: string]> = [
  ['club', 'club'],
  ['classic', 'classic'],
  ['rules/mafia-allstars.yaml', join(root, 'rules/mafia-allstars.yaml')],
];
const SCOPES = ['day1', 'day2', 'day3plus'] as const;

const pct = (s: Statistic): string => (s.rate === null ? '–' : `${(100 * s.rate).toFixed(1)}%`);
const num = (s: Statistic): string => (s.rate === null ? '–' : s.rate.toFixed(2));

process.stdout.write(`vote statistics of simulated games, agents ${agents}, seed 1, ${games.toLocaleString('en-US')} games each\n`);
process.stdout.write(['game', 'scope', 'share on eliminated', 'quartiles', 'candidates', 'unanimous', 'non-voters', 'mafia on partner'].join(' | ') + '\n');
for (const [label, source] of GAMES) {
  const rules = loadRules({ rules: source });
  const s = statistics(await simulateRecords({ rules, agents, seed: 1, games, threads: 1 })).statistics;
  for (const scope of SCOPES) {
    const share = s[`votes.shareOnEliminated.${scope}`]!;
    const q = share.quartiles?.map((x) => `${Math.round(100 * x)}`).join('/') ?? '–';
    const cells = [label, scope, pct(share), q, num(s[`votes.candidates.${scope}`]!), pct(s[`votes.unanimous.${scope}`]!), pct(s[`votes.nonVoters.${scope}`]!), pct(s[`votes.onPartner.${scope}`]!)];
    process.stdout.write(cells.join(' | ') + '\n');
  }
}
