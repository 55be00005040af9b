// The state of one game and the mechanics every phase shares: the deal,
// asking agents, routing events to those who may see them, deaths and what
// follows a death (last shot, death notes, succession, the Foundling).
// Typed arrays inside, reused from game to game.

import { AgentError, NONE, type Agent, type AgentProvider, type Decision } from './agent.js';
import { Audience, CHOICE_NAMES, Choice, DeathCause, EndedBy, Outcome, type GameEvent, type LoggedEvent, type PublicCause } from './events.js';
import type { Rules } from './rules.js';
import { Sfc32, agentStream, CHANCE_STREAM } from './rng.js';
import { Action, ROLES, Role, Team, roleSpec } from './roles.js';
import { KNOWN_NOT_MAFIA, SeatView, gaussian } from './view.js';

/** Stream of the table's shared impressions for reads: far above any seat's agent stream (1 + seat). */
const IMPRESSION_STREAM = 0x40000000;

class MutableDecision implements Decision {
  choice: Choice = 0;
  options: number[] = [];
  mayPass = false;
  round = 0;
}

export class Table {
  readonly n: number;
  readonly rules: Rules;
  readonly chance = new Sfc32();
  /** Role and team per seat (both can change: succession, the Foundling). */
  readonly role: Int8Array;
  /** The role dealt to each seat, unchanged by succession or the Foundling's turn. */
  readonly dealt: Int8Array;
  readonly team: Int8Array;
  readonly alive: Uint8Array;
  /** -1 while alive. */
  readonly deathCause: Int8Array;
  readonly deathDay: Int16Array;
  /** Fouls in halves (a minor foul is 1). */
  readonly halfFouls: Int8Array;
  readonly misses: Int8Array;
  /** Penalty votes owed at the next vote (fouls). */
  readonly penaltyVotes: Int8Array;
  /** A speech lost at the next day (fouls): owed even when the third foul came at night. */
  readonly speechLost: Uint8Array;
  /** Last target and how many nights in a row, per acting seat (repeat limits). */
  readonly lastTarget: Int16Array;
  readonly streak: Int16Array;
  readonly noteUsed: Uint8Array;
  readonly lastShotUsed: Uint8Array;
  readonly deathNoteTo: Int16Array;
  readonly deathNoteFacts: (Int8Array | null)[];
  /** Public copies handed to views. */
  readonly publicAlive: Uint8Array;
  readonly publicRevealed: Int8Array;
  readonly views: SeatView[];
  readonly agents: Agent[];
  private readonly agentRngs: Sfc32[];
  private readonly deck: Int8Array;
  private readonly impressionRng = new Sfc32();
  private readonly impression: Float64Array;
  private readonly decision = new MutableDecision();

  day = 0;
  phase: 'day' | 'night' | 'turn' = 'day';
  aliveCount = 0;
  outcome: Outcome | -1 = -1;
  endedBy: EndedBy = EndedBy.Other;
  bossDead = false;
  /** Set while a night or turn resolves: the deaths so far carry this public cause. */
  log: LoggedEvent[] | null = null;
  private listening = false;

  constructor(rules: Rules) {
    this.rules = rules;
    const n = (this.n = rules.players);
    this.role = new Int8Array(n);
    this.dealt = new Int8Array(n);
    this.team = new Int8Array(n);
    this.alive = new Uint8Array(n);
    this.deathCause = new Int8Array(n);
    this.deathDay = new Int16Array(n);
    this.halfFouls = new Int8Array(n);
    this.misses = new Int8Array(n);
    this.penaltyVotes = new Int8Array(n);
    this.speechLost = new Uint8Array(n);
    this.lastTarget = new Int16Array(n);
    this.streak = new Int16Array(n);
    this.noteUsed = new Uint8Array(n);
    this.lastShotUsed = new Uint8Array(n);
    this.deathNoteTo = new Int16Array(n);
    this.deathNoteFacts = new Array<Int8Array | null>(n).fill(null);
    this.publicAlive = new Uint8Array(n);
    this.publicRevealed = new Int8Array(n);
    this.views = [];
    this.agentRngs = [];
    for (let s = 0; s < n; s++) {
      this.views.push(new SeatView(s, n, this.publicAlive, this.publicRevealed, rules.roles, rules.options));
      this.agentRngs.push(new Sfc32());
    }
    this.agents = new Array<Agent>(n);
    this.deck = new Int8Array(n);
    this.impression = new Float64Array(n);
    let i = 0;
    for (const r of ROLES) for (let k = 0; k < rules.roles[r.id]!; k++) this.deck[i++] = r.id;
  }

  /** Resets everything and deals game k of the run seeded `seed`. */
  start(seed: number, game: number, provider: AgentProvider, log: LoggedEvent[] | null, deal: readonly Role[] | null = null): void {
    this.chance.reseed(seed, game, CHANCE_STREAM);
    this.log = log;
    this.day = 0;
    this.outcome = -1;
    this.endedBy = EndedBy.Other;
    this.bossDead = false;
    this.alive.fill(1);
    this.publicAlive.fill(1);
    this.publicRevealed.fill(-1);
    this.deathCause.fill(-1);
    this.deathDay.fill(0);
    this.halfFouls.fill(0);
    this.misses.fill(0);
    this.penaltyVotes.fill(0);
    this.speechLost.fill(0);
    this.lastTarget.fill(-1);
    this.streak.fill(0);
    this.noteUsed.fill(0);
    this.lastShotUsed.fill(0);
    this.deathNoteTo.fill(-1);
    this.deathNoteFacts.fill(null);
    this.aliveCount = this.n;
    if (deal) this.fixDeal(deal);
    else this.dealRoles();
    this.dealt.set(this.role);
    this.listening = log !== null;
    for (let s = 0; s < this.n; s++) {
      const role = roleSpec(this.role[s] as Role).toldAs;
      this.views[s]!.reset(role, this.team[s] as Team);
      const agent = provider.agentFor(s, role);
      this.agents[s] = agent;
      if (agent.observe) this.listening = true;
    }
    this.emit({ type: 'deal', roles: Array.from(this.role) as Role[] }, Audience.Host);
    this.shareStartingKnowledge();
    let impressions = false;
    for (let s = 0; s < this.n; s++) {
      const rng = this.agentRngs[s]!.reseed(seed, game, agentStream(s));
      const skill = this.agents[s]!.readSkill ?? 0;
      if (skill > 0) {
        if (!impressions) impressions = this.drawImpressions(seed, game);
        this.views[s]!.drawReads(this.team, skill, rng, this.impression);
      } else this.views[s]!.reads.fill(0);
      this.agents[s]!.begin(this.views[s]!, rng);
    }
  }

  /** The table's shared impression of each seat (see SeatView.drawReads), from its own stream: only games with reads draw it. */
  private drawImpressions(seed: number, game: number): true {
    const rng = this.impressionRng.reseed(seed, game, IMPRESSION_STREAM);
    for (let s = 0; s < this.n; s++) this.impression[s] = gaussian(rng);
    return true;
  }

  private dealRoles(): void {
    const deck = this.deck;
    const role = this.role;
    role.set(deck);
    for (let i = this.n - 1; i > 0; i--) {
      const j = this.chance.int(i + 1);
      const t = role[i]!;
      role[i] = role[j]!;
      role[j] = t;
    }
    for (let s = 0; s < this.n; s++) this.team[s] = this.teamOf(role[s] as Role);
  }

  /** A given deal (scenario tests, replays of a fixed table): it must hold the rules' role counts. */
  private fixDeal(deal: readonly Role[]): void {
    const want = [...this.deck].sort().join();
    if (deal.length !== this.n || [...deal].sort().join() !== want) {
      throw new Error(`a fixed deal must hold exactly the rules' roles (${this.n} seats)`);
    }
    for (let s = 0; s < this.n; s++) {
      this.role[s] = deal[s]!;
      this.team[s] = this.teamOf(deal[s]!);
    }
  }

  teamOf(role: Role): Team {
    const t = roleSpec(role).team;
    if (t !== 'maniac-option') return t;
    return this.rules.options['maniac.team'] === 'loner' ? Team.Maniac : Team.Town;
  }

  /** Mafia who wake together know each other; the Putana too when `putana.knowsMafia`; a Sergeant knows the Commissar. */
  private shareStartingKnowledge(): void {
    const mates: number[] = [];
    for (let s = 0; s < this.n; s++) if (this.knowsClan(s)) mates.push(s);
    const event = { type: 'mates' as const, seats: mates };
    for (const s of mates) {
      for (const m of mates) this.views[s]!.learn(m, Team.Mafia);
      this.emit(event, s);
    }
    this.tellSergeants();
  }

  /** Whether this seat wakes with the mafia and knows the clan. */
  knowsClan(s: number): boolean {
    if (this.team[s] !== Team.Mafia) return false;
    return this.role[s] !== Role.Putana || this.rules.options['putana.knowsMafia'];
  }

  tellSergeants(): void {
    const commissars: number[] = [];
    for (let s = 0; s < this.n; s++) if (this.alive[s] && this.role[s] === Role.Commissar) commissars.push(s);
    const event = { type: 'commissar-known' as const, seats: commissars };
    for (let s = 0; s < this.n; s++) {
      if (!this.alive[s] || this.role[s] !== Role.Sergeant) continue;
      for (const c of commissars) this.views[s]!.learn(c, Team.Town);
      this.emit(event, s);
    }
  }

  setPhase(phase: 'day' | 'night' | 'turn'): void {
    this.phase = phase;
    for (const v of this.views) {
      v.day = this.day;
      v.phase = phase;
    }
    this.emit({ type: 'phase', phase, day: this.day }, Audience.Public);
  }

  /** Logs an event and passes it to the living agents allowed to see it. */
  emit(event: GameEvent, audience: number): void {
    if (!this.listening) return;
    this.log?.push({ audience, event });
    if (audience === Audience.Host) return;
    if (audience >= 0) {
      this.agents[audience]!.observe?.(event);
      return;
    }
    for (let s = 0; s < this.n; s++) {
      if (!this.alive[s]) continue;
      if (audience === Audience.Mafia && !this.knowsClan(s)) continue;
      this.agents[s]!.observe?.(event);
    }
  }

  /** Asks seat s to choose among `options` (the scratch array from `options()`). */
  ask(s: number, choice: Choice, options: number[], mayPass: boolean, round = 0): number {
    const d = this.decision;
    d.choice = choice;
    d.options = options;
    d.mayPass = mayPass;
    d.round = round;
    const pick = this.agents[s]!.choose(this.views[s]!, d);
    if (pick === NONE ? !mayPass : !options.includes(pick)) {
      throw new AgentError(
        `the ${roleSpec(this.role[s] as Role).key} agent at seat ${s} answered ${pick} to a ${CHOICE_NAMES[choice]} decision; legal: ${options.join(',')}${mayPass ? ' or -1 (none)' : ''}`,
      );
    }
    return pick;
  }

  /** Fresh list of living seats, optionally without `except` and without seats `s` knows to be Mafia. */
  livingTargets(except: number, excludeKnownMafiaOf = -1): number[] {
    const out: number[] = [];
    const known = excludeKnownMafiaOf >= 0 ? this.views[excludeKnownMafiaOf]!.known : null;
    for (let s = 0; s < this.n; s++) {
      if (!this.alive[s] || s === except) continue;
      if (known && known[s] === Team.Mafia) continue;
      out.push(s);
    }
    return out;
  }

  /** Updates the repeat-limit streak of an actor who chose `target`. */
  noteTarget(actor: number, target: number): void {
    if (this.lastTarget[actor] === target) this.streak[actor]!++;
    else {
      this.lastTarget[actor] = target;
      this.streak[actor] = 1;
    }
  }

  /** Whether `actor` may pick `target` again under a limit of `max` nights in a row. */
  repeatAllowed(actor: number, target: number, max: number): boolean {
    return this.lastTarget[actor] !== target || this.streak[actor]! < max;
  }

  /** Removes a player. Follow-ups (last shot, succession) run in `afterDeaths`. */
  kill(seat: number, cause: DeathCause, by: number, publicCause: PublicCause): void {
    if (!this.alive[seat]) return;
    this.alive[seat] = 0;
    this.publicAlive[seat] = 0;
    this.aliveCount--;
    this.deathCause[seat] = cause;
    this.deathDay[seat] = this.day;
    this.endedBy = cause === DeathCause.Lynch ? EndedBy.Lynch : publicCause === 'night' ? EndedBy.Night : EndedBy.Other;
    const role = this.role[seat] as Role;
    if (roleSpec(role).leader) this.bossDead = true;
    const shown = this.rules.options.revealOnDeath && cause !== DeathCause.Fouls;
    if (shown) {
      this.publicRevealed[seat] = role;
      for (const v of this.views) v.learn(seat, this.team[seat]!);
    }
    this.emit({ type: 'kill', seat, cause, by }, Audience.Host);
    this.emit({ type: 'death', seat, publicCause, revealed: shown ? role : -1 }, Audience.Public);
    this.deliverDeathNote(seat, cause);
  }

  private deliverDeathNote(writer: number, cause: DeathCause): void {
    const to = this.deathNoteTo[writer]!;
    const facts = this.deathNoteFacts[writer];
    if (to < 0 || !facts || !this.alive[to] || cause === DeathCause.Fouls || cause === DeathCause.Inactivity) return;
    const view = this.views[to]!;
    for (let s = 0; s < this.n; s++) if (facts[s]! >= 0) view.learn(s, facts[s]!);
    this.emit({ type: 'death-note', from: writer, to, known: Array.from(facts) }, to);
  }

  /** Lets a player write his death note now: the note carries what he knows at this moment. */
  writeDeathNote(writer: number, to: number): void {
    this.deathNoteTo[writer] = to;
    this.deathNoteFacts[writer] = Int8Array.from(this.views[writer]!.known);
  }

  /**
   * After a batch of deaths: dead Commissars fire their last shot (which may
   * kill another Commissar), then succession and the Foundling's turn.
   */
  afterDeaths(deadBefore: Uint8Array): void {
    if (this.rules.options['commissar.lastShot']) this.fireLastShots(deadBefore);
    this.afterRemovals();
  }

  /** After players leave the game silently (fouls, inactivity): succession and the Foundling, but no last shot. */
  afterRemovals(): void {
    this.promoteSergeant();
    this.turnFoundlings();
  }

  /** Snapshot of who is dead, to find who died since. */
  deadSnapshot(into: Uint8Array): Uint8Array {
    for (let s = 0; s < this.n; s++) into[s] = this.alive[s] ? 0 : 1;
    return into;
  }

  private fireLastShots(deadBefore: Uint8Array): void {
    let fired = true;
    while (fired) {
      fired = false;
      for (let s = 0; s < this.n; s++) {
        if (this.alive[s] || deadBefore[s] || this.role[s] !== Role.Commissar || this.lastShotUsed[s]) continue;
        this.lastShotUsed[s] = 1;
        const targets = this.livingTargets(s);
        if (targets.length === 0) continue;
        const t = this.ask(s, Choice.LastShot, targets, true);
        if (t === NONE) continue;
        this.emit({ type: 'last-shot', shooter: s, target: t }, Audience.Public);
        this.kill(t, DeathCause.LastShot, s, 'last-shot');
        fired = true;
      }
    }
  }

  private promoteSergeant(): void {
    for (let s = 0; s < this.n; s++) if (this.alive[s] && this.role[s] === Role.Commissar) return;
    for (let s = 0; s < this.n; s++) {
      if (!this.alive[s] || this.role[s] !== Role.Sergeant) continue;
      this.role[s] = Role.Commissar;
      this.views[s]!.role = Role.Commissar;
      this.emit({ type: 'promoted', seat: s, role: Role.Commissar }, s);
      this.tellSergeants();
      return;
    }
  }

  private turnFoundlings(): void {
    if (!this.bossDead) return;
    let turned = false;
    for (let s = 0; s < this.n; s++) {
      if (!this.alive[s] || this.role[s] !== Role.Foundling) continue;
      this.role[s] = Role.Mafia;
      this.team[s] = Team.Mafia;
      this.views[s]!.role = Role.Mafia;
      this.views[s]!.team = Team.Mafia;
      this.emit({ type: 'promoted', seat: s, role: Role.Mafia }, s);
      turned = true;
    }
    if (!turned) return;
    const clan: number[] = [];
    for (let s = 0; s < this.n; s++) if (this.alive[s] && this.knowsClan(s)) clan.push(s);
    const event = { type: 'mates' as const, seats: clan };
    for (const s of clan) {
      for (const m of clan) this.views[s]!.learn(m, Team.Mafia);
      this.emit(event, s);
    }
  }

  /** Living seats whose role shoots with the mafia. */
  livingShooters(out: number[]): number[] {
    out.length = 0;
    for (let s = 0; s < this.n; s++) if (this.alive[s] && roleSpec(this.role[s] as Role).action === Action.Shoot) out.push(s);
    return out;
  }

  /** "Black" or "Red" as a known-team value for a check of seat t. */
  checkValue(t: number): number {
    if (this.team[t] === Team.Mafia) return Team.Mafia;
    return this.rules.options['maniac.team'] === 'town' ? Team.Town : KNOWN_NOT_MAFIA;
  }

  /** The agent whose decision failed, for error messages. */
  describeSeat(s: number): string {
    return `seat ${s} (${roleSpec(this.role[s] as Role).key})`;
  }

  finish(outcome: Outcome): void {
    this.outcome = outcome;
    if (outcome === Outcome.Timeout) this.endedBy = EndedBy.Timeout;
    this.emit({ type: 'end', outcome, day: this.day }, Audience.Public);
  }
}
