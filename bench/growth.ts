// `node dist/bench/growth.js [games at 12]`: what a forum game is made of at 12, 24,
// 48 and 96 players with the default players, counted per game: turns,
// decisions and the options they offer, public events and the observe calls
// they fan out to, speeches and the days a reader gets a whisper; then the
// cost per game on one thread (the same games again, unwrapped). The terms the speed issue asks to explain, as
// counts. A measuring tool, not a test: it prints, it asserts nothing.
// Counting wraps each agent and forwards every call unchanged, so the games
// are the same games (same seeds, same draws) as in a run.

import { PassThroughAgent, createProvider, parseAgents } from '../src/agents/index.js';
import type { Agent, AgentProvider, ClaimSink, Decision, PlayerView } from '../src/engine/agent.js';
import type { GameEvent } from '../src/engine/events.js';
import { Game } from '../src/engine/game.js';
import type { Role } from '../src/engine/roles.js';
import { resolveRules } from '../src/engine/rules.js';

/** Games at 12 players; a table of p players plays GAMES * (12 / p)^2 (at least 20), after a warm-up. */
const GAMES = Number(process.argv[2] ?? 4000);
const gamesAt = (p: number): number => Math.max(20, Math.round(GAMES * (12 / p) ** 2));

class Counts {
  turns = 0;
  decisions = 0;
  options = 0;
  observes = 0;
  speeches = 0;
  readerDays = 0;
}

class Counting extends PassThroughAgent {
  constructor(
    inner: Agent,
    private readonly c: Counts,
  ) {
    super(inner);
  }
  override observe(e: GameEvent): void {
    this.c.observes++;
    if (e.type === 'phase' && e.phase !== 'night' && (this.inner.readSkill ?? 0) > 0) this.c.readerDays++;
    this.inner.observe?.(e);
  }
  override speak(view: PlayerView, out: ClaimSink): void {
    this.c.speeches++;
    this.inner.speak?.(view, out);
  }
  override choose(view: PlayerView, d: Decision): number {
    this.c.decisions++;
    this.c.options += d.options.length;
    return this.inner.choose(view, d);
  }
}

async function measure(players: number, games = gamesAt(players), print = true): Promise<void> {
  const rules = resolveRules('forum', { players });
  const inner = await createProvider(parseAgents('club'), rules);
  const c = new Counts();
  const provider: AgentProvider = { agentFor: (seat: number, role: Role) => new Counting(inner.agentFor(seat, role), c) };
  const game = new Game(rules);
  for (let k = 0; k < games; k++) {
    game.play(1, k, provider);
    c.turns += game.table.day;
  }
  // The cost is measured apart, on the same games without the wrappers.
  const plain = new Game(rules);
  const t0 = process.cpuUsage();
  for (let k = 0; k < games; k++) plain.play(1, k, inner);
  const cpu = process.cpuUsage(t0);
  if (!print) return;
  const per = (x: number) => (x / games).toFixed(1);
  console.log(
    `| ${players} | ${games} | ${per(c.turns)} | ${per(c.decisions)} | ${(c.options / c.decisions).toFixed(1)} | ${per(c.observes)} | ${per(c.speeches)} | ${per(c.readerDays)} | ${((cpu.user + cpu.system) / games).toFixed(0)} |`,
  );
}

console.log(`forum with the default players, seed 1, ${GAMES} games at 12 players, GAMES * (12 / p)^2 at p; CPU per game on one thread after a warm-up, the same games played again without the counting wrappers\n`);
await measure(12, GAMES, false);
console.log('| players | games | turns | decisions | options per decision | observe calls | speeches | reader-days (whispers) | CPU µs per game |');
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const p of [12, 24, 48, 96]) await measure(p);
