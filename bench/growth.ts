// `node dist/bench/growth.js [games at 12]`: what a forum game is made of at
// 12, 24, 48 and 96 players with the default players, counted per game:
// turns, decisions and the options they offer, public events (each handed
// once to the table's shared record, contract 2) and the players' own parts
// of them the record runs, speeches, the days a reader gets a whisper and
// the reads drawn for them (and how many of the own parts are accusations'
// deliveries); then the cost per game on one thread (the same
// games again, unwrapped). The terms the speed issue asks to explain, as
// counts. A second table divides each table's work by forum 12's: the
// options offered (each is looked at), the reads drawn and the own parts
// are the model's own work, which any code that keeps the games must do,
// so their growth beside the CPU time's says how much of forum 12's cost
// is something else. GROWTH_RULES=PRESET counts that preset's game alone,
// at its own table size (`GROWTH_RULES=club`: what a club game is made of).
// A measuring tool, not a test: it prints, it asserts nothing.
// Counting wraps each agent and forwards every call unchanged (and the
// table's record, so the players keep the shared record's delivery), so the
// games are the same games (same seeds, same draws) as in a run.

import { PassThroughAgent, createProvider, parseAgents } from '../src/agents/index.js';
import { UNKNOWN, type Agent, type AgentProvider, type ClaimSink, type Decision, type PlayerView, type TableRecord } from '../src/engine/agent.js';
import type { GameEvent } from '../src/engine/events.js';
import { Game } from '../src/engine/game.js';
import type { Rng } from '../src/engine/rng.js';
import type { Role } from '../src/engine/roles.js';
import { resolveRules } from '../src/engine/rules.js';

/** Games at 12 players; a table of p players plays GAMES * (12 / p)^2 (at least 20), after a warm-up. */
const GAMES = Number(process.argv[2] ?? 4000);
const gamesAt = (p: number): number => Math.max(20, Math.round(GAMES * (12 / p) ** 2));
/** GROWTH_RULES=PRESET: that preset's game at its own table size alone (what a club game is made of), instead of the forum's four sizes. */
const OTHER_RULES = process.env['GROWTH_RULES'];
const otherRules = OTHER_RULES === undefined ? null : resolveRules(OTHER_RULES);
const rulesAt = (players: number): ReturnType<typeof resolveRules> => otherRules ?? resolveRules('forum', { players });
const SIZES = otherRules === null ? [12, 24, 48, 96] : [otherRules.players];

class Counts {
  turns = 0;
  decisions = 0;
  options = 0;
  publicEvents = 0;
  ownParts = 0;
  /** How many of ownParts are accusations' deliveries (the commonest claim, each to every living listener). */
  accuseParts = 0;
  speeches = 0;
  readerDays = 0;
  readsDrawn = 0;
  /** This game's seats: their views and read strengths (set at begin). */
  readonly views: (PlayerView | null)[] = [];
  readonly skill: number[] = [];
  readonly firstDay: number[] = [];
}

/**
 * The table's record behind a counter: each public event, and the players'
 * own parts the record runs for it, as record.ts hands them out (a vote to
 * those who hold a fact on its target; phases, lynches, fouls, the end and
 * the like to nobody; anything else to every living seated player).
 */
class CountingRecord implements TableRecord {
  private readonly seated: number[] = [];
  constructor(
    private readonly inner: TableRecord,
    private readonly c: Counts,
  ) {}
  join(seat: number, first: boolean): void {
    if (first) this.seated.length = 0;
    this.seated.push(seat);
    this.inner.join(seat, first);
  }
  observe(e: GameEvent): void {
    this.c.publicEvents++;
    this.inner.observe(e);
    const living = this.seated.filter((s) => this.c.views[s]!.alive[s]);
    if (e.type === 'vote') {
      if (e.target >= 0) this.c.ownParts += living.filter((s) => this.c.views[s]!.known[e.target] !== UNKNOWN).length;
    } else if (['claim', 'death', 'commissar-note'].includes(e.type)) {
      this.c.ownParts += living.length;
      if (e.type === 'claim' && e.claim.kind === 'accuse') this.c.accuseParts += living.length;
    }
    if (e.type === 'phase' && e.phase !== 'night') this.countWhisper(e.day);
  }
  /** The day's whisper (it came just before the phase event): each living reader, each living seat he knows nothing certain about. */
  private countWhisper(day: number): void {
    const views = this.c.views;
    for (let r = 0; r < views.length; r++) {
      const v = views[r];
      if (!v || !v.alive[r] || this.c.skill[r]! * (day <= 1 ? this.c.firstDay[r]! : 1) <= 0) continue;
      this.c.readerDays++;
      for (let t = 0; t < v.players; t++) if (t !== r && v.alive[t] && v.known[t] === UNKNOWN) this.c.readsDrawn++;
    }
  }
}

class Counting extends PassThroughAgent {
  constructor(
    inner: Agent,
    private readonly c: Counts,
    private readonly counted: TableRecord | undefined,
  ) {
    super(inner);
  }
  override get record(): TableRecord | undefined {
    return this.counted;
  }
  override begin(view: PlayerView, rng: Rng): void {
    this.c.views[view.seat] = view;
    this.c.skill[view.seat] = this.inner.readSkill ?? 0;
    this.c.firstDay[view.seat] = this.inner.readFirstDay ?? 0;
    super.begin(view, rng);
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

/** One table's counts over its games, and its CPU µs per game. */
interface Row {
  readonly players: number;
  readonly games: number;
  readonly c: Counts;
  readonly cpu: number;
}

async function measure(players: number, games = gamesAt(players)): Promise<Row> {
  const rules = rulesAt(players);
  const inner = await createProvider(parseAgents('club'), rules);
  const c = new Counts();
  const records = new Map<TableRecord, CountingRecord>();
  const provider: AgentProvider = {
    agentFor: (seat: number, role: Role) => {
      const agent = inner.agentFor(seat, role);
      const r = agent.record;
      let counted: CountingRecord | undefined;
      if (r) records.set(r, (counted = records.get(r) ?? new CountingRecord(r, c)));
      return new Counting(agent, c, counted);
    },
  };
  const game = new Game(rules);
  for (let k = 0; k < games; k++) {
    c.views.fill(null);
    game.play(1, k, provider);
    c.turns += game.table.day;
  }
  // The cost is measured apart, on the same games without the wrappers.
  const plain = new Game(rules);
  const t0 = process.cpuUsage();
  for (let k = 0; k < games; k++) plain.play(1, k, inner);
  const cpu = process.cpuUsage(t0);
  return { players, games, c, cpu: (cpu.user + cpu.system) / games };
}

function printCounts(r: Row): void {
  const { c, games } = r;
  const per = (x: number): string => (x / games).toFixed(1);
  console.log(
    `| ${r.players} | ${games} | ${per(c.turns)} | ${per(c.decisions)} | ${(c.options / c.decisions).toFixed(1)} | ${per(c.publicEvents)} | ${per(c.ownParts)} | ${per(c.accuseParts)} | ${per(c.speeches)} | ${per(c.readerDays)} | ${per(c.readsDrawn)} | ${r.cpu.toFixed(0)} |`,
  );
}

/** Each table's model work and CPU time per game over forum 12's. */
function printGrowth(r: Row, base: Row): void {
  const x = (pick: (c: Counts) => number): string => `${(pick(r.c) / r.games / (pick(base.c) / base.games)).toFixed(1)}x`;
  console.log(`| ${r.players} | ${x((c) => c.options)} | ${x((c) => c.readsDrawn)} | ${x((c) => c.ownParts)} | ${(r.cpu / base.cpu).toFixed(1)}x |`);
}

console.log(`${OTHER_RULES ?? 'forum'} with the default players, seed 1, ${GAMES} games at 12 players, GAMES * (12 / p)^2 at p; CPU per game on one thread after a warm-up, the same games played again without the counting wrappers\n`);
await measure(SIZES[0]!, GAMES); // warm-up
const rows: Row[] = [];
for (const p of SIZES) rows.push(await measure(p));
console.log('| players | games | turns | decisions | options per decision | public events | players\' own parts | of them accusations\' | speeches | reader-days (whispers) | reads drawn | CPU µs per game |');
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) printCounts(r);
// One preset's game alone (GROWTH_RULES) has no growth to show.
if (rows.length > 1) {
  console.log('\nPer game, over forum 12: the options the decisions offered, the reads drawn, the players\' own parts, and the CPU time\n');
  console.log('| players | options offered | reads drawn | own parts | CPU µs |');
  console.log('|---:|---:|---:|---:|---:|');
  for (const r of rows) printGrowth(r, rows[0]!);
}
