// README.md (From code): the library's front door, from a plain Node ESM
// script. Compares the club game with and without the Putana on the same
// seeds, then replays one game and plays one with a hand-written agent.
// Run it with `node examples/from-code.mjs [games]` after `npm install`.
import { Game, OUTCOME_NAMES, buildSummary, createProvider, parseAgents, replayGame, resolveRules, runGames } from 'mafia-sim';

const games = Number(process.argv[2] ?? 20_000);
const club = resolveRules('club');
const noPutana = resolveRules('club', { set: ['roles.putana=0'] });
const variants = [
  { label: 'club', rules: club, agents: 'club' },
  { label: 'no putana', rules: noPutana, agents: 'club' },
];

// Game k is played under both variants, so the difference is paired.
const result = await runGames({
  variants,
  seed: 1,
  games,
  threads: 2, // optional; default one per core
  // precision: 0.005,               // or stop once every 95% interval is this narrow
  // signal: abortController.signal, // abort = a clean stop with `complete: false`
  // checkpoint: { path: 'x.json', resume: true },
  // from: 0, to: games / 2,         // one shard's slice
});

const summary = buildSummary({ kind: 'compare', study: 'putana', command: 'examples/from-code.mjs', seed: 1, variants, result });
for (const v of summary.variants) {
  const t = v.rates.town;
  console.log(`${v.label}: Town wins ${(100 * t.rate).toFixed(1)}% [${(100 * t.lo).toFixed(1)}, ${(100 * t.hi).toFixed(1)}] of ${v.games} games`);
}
const town = summary.pairs[0].differences.town;
console.log(`paired difference in Town wins significant: ${town.significant} (Holm p = ${town.pHolm.toPrecision(2)})`);

// Any game of the run, again, with its log.
const replay = await replayGame({ rules: club, agents: 'club', seed: 1, game: 0 });
console.log(`game 0: ${replay.outcome}, ${replay.log.length} events`);

// Your own player: the Agent interface. This one always picks the first legal seat;
// every other seat keeps the club profile.
const firstChoice = { begin() {}, choose: (_view, decision) => decision.options[0] };
const clubPlayers = await createProvider(parseAgents('club'), club);
const outcome = new Game(club).play(1, 0, { agentFor: (seat, role) => (seat === 0 ? firstChoice : clubPlayers.agentFor(seat, role)) });
console.log(`game 0 with seat 1 always choosing the first seat: ${OUTCOME_NAMES[outcome]}`);
