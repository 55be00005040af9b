// `node dist/bench/validation.js [SHARED] [GAMES_PER_RECORD]`: the
// validation table of README ("Which players for which table"): for every
// record set (the online community in data/mafia-allstars, and under SHARED,
// default ../shared/records, the strangers of mturk-mafia, the live group of
// live-werewolf, the sports clubs of sports-mafia), the records' statistics
// beside the simulated games of each fitted profile (every profile but
// random, novice and expert: the default club and each table's own), each
// record played at its own setup on the rules the records name, GAMES_PER_RECORD
// (default 200) games per record, seed 1, with calibrate's z. A measuring
// tool, not a test: it prints a Markdown table and asserts nothing.

import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROFILES, parseAgents } from '../src/agents/index.js';
import { recordSetups } from '../src/cli/common.js';
import { momentRows } from '../src/sim/calibrate/moments.js';
import { loadRecordSet } from '../src/sim/records/load.js';
import { groupBySetup } from '../src/sim/records/setups.js';
import { simulateRecords } from '../src/sim/records/simulate.js';
import { statistics, tallyRecords, type Statistic, type StatisticsJSON } from '../src/sim/records/stats.js';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const shared = resolve(process.argv[2] ?? join(root, '..', 'shared', 'records'));
const perRecord = Number(process.argv[3] ?? 200);

/** Each set, where it lies, and the statistics it holds that say most about its table. */
const SETS: ReadonlyArray<readonly [label: string, path: string, stats: readonly string[]]> = [
  ['mafia-allstars (the online community)', join(root, 'data', 'mafia-allstars'), ['townWin', 'lynchHitsMafia.day1', 'lynchHitsMafia.day2', 'lynchHitsMafia.day3', 'lynchHitsMafia.all', 'noLynch.all', 'copDead.night2']],
  ['mturk-mafia (the strangers)', join(shared, 'mturk-mafia'), ['townWin', 'lynchHitsMafia.day1', 'lynchHitsMafia.day2', 'lynchHitsMafia.all', 'votes.shareOnEliminated.day1', 'votes.candidates.day1']],
  ['live-werewolf (the live group)', join(shared, 'live-werewolf'), ['townWin', 'lynchHitsMafia.day1', 'lynchHitsMafia.day2', 'lynchHitsMafia.day3', 'lynchHitsMafia.all', 'noLynch.all', 'nightKill.all', 'protectorSave.all']],
  ['sports-mafia (the sports clubs)', join(shared, 'sports-mafia'), ['townWin', 'firstNightKill.hitsCop', 'firstLynch.hitsMafia']],
];

/** The fitted profiles: the default and every table's own (novice and expert are made, not fitted). */
const FITTED = PROFILES.filter((p) => p !== 'random' && p !== 'novice' && p !== 'expert');

const cell = (name: string, s: Statistic): string => (s.rate === null ? '–' : name.startsWith('votes.candidates') ? s.rate.toFixed(2) : s.rate.toFixed(3));
const signed = (z: number | null): string => (z === null ? '' : ` (${z >= 0 ? '+' : '−'}${Math.abs(z).toFixed(2)})`);

process.stdout.write(`records beside each fitted profile: ${perRecord} games per record, seed 1, each record at its own setup; z = (sim − records) / √(se_records² + se_sim²), as calibrate prints it\n\n`);
process.stdout.write(`| record set | statistic | records | ${FITTED.join(' | ')} |\n|---|---|---|${FITTED.map(() => '---|').join('')}\n`);
for (const [label, path, names] of SETS) {
  if (!existsSync(path)) {
    process.stdout.write(`| ${label} | (absent at ${path}) | | ${FITTED.map(() => '').join(' | ')} |\n`);
    continue;
  }
  const set = loadRecordSet(path);
  const plan = recordSetups(groupBySetup(set.records), {});
  const records = statistics(tallyRecords(set.records.map((l) => l.record)));
  const games = perRecord * set.records.length;
  const sims: StatisticsJSON[] = [];
  for (const profile of FITTED) {
    sims.push(statistics(await simulateRecords({ rules: plan.setups[0]!.rules, setups: plan.setups, agents: parseAgents(profile).canonical, seed: 1, games, threads: 2 })));
  }
  names.forEach((name, i) => {
    const r = records.statistics[name]!;
    const rows = sims.map((sim) => momentRows([name], records, sim)[0]!);
    const n = name.startsWith('votes.') ? `${r.n} days` : `${r.k}/${r.n}`;
    process.stdout.write(`| ${i === 0 ? `${label}, ${set.records.length} records` : ''} | \`${name}\` | ${cell(name, r)} (${n}) | ${rows.map((row) => `${cell(name, row.sim)}${signed(row.z)}`).join(' | ')} |\n`);
  });
}
