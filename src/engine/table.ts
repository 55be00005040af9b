// The state of one game and the mechanics every phase shares: the deal,
// routing events to those who may see them, deaths. Asking agents is in
// asking.ts, what follows a death in aftermath.ts. Typed arrays inside,
// reused from game to game; the living seats and the living counts by team
// and role are kept as players die or change role, so win checks are O(1).
// Events are built only when someone listens (a log or an observing agent).
// Over 400 lines as one class: a hundred of them declare the game's state,
// and the methods that deal, route events and kill keep the living lists and
// counts true through private fields that a split into modules would open.

import { UNKNOWN, type Agent, type AgentProvider, type TableRecord } from './agent.js';
import { deliverDeathNote, tellAssistants, tellClan } from './aftermath.js';
import { Asker } from './asking.js';
import { NightRoles } from './night.js';
import { Audience, DeathCause, EndedBy, Outcome, type Claim, type GameEvent, type LoggedEvent, type PublicCause } from './events.js';
import { shotsFor } from './options.js';
import type { Rules } from './rules.js';
import { Sfc32, agentStream, gameKey, CHANCE_STREAM } from './rng.js';
import type { RoleBook } from './roleBook.js';
import { Team, type Role } from './roles.js';
import { AbilityMarks, SeatRecord, seatRecordsOf } from './seatRecords.js';
import { Clock, KNOWN_NOT_MAFIA, SeatView } from './view.js';
import { Whisper, type WhisperTable } from './whisper.js';
import { dropLiving } from './livingList.js';

export class Table implements WhisperTable {
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
  /** Bullets each gun (the Vigilante's) has fired this game (`vigilante.shots`). */
  readonly vigilanteFired: Int16Array;
  /** What the abilities beyond the seed games leave from one phase to the next (seatRecords.ts). */
  readonly marks: AbilityMarks;
  /** The mafia's shots a night by living shooters (`mafia.shots`), indexed 0..n. */
  readonly shotsTonight: Int8Array;
  readonly deathNoteTo: Int16Array;
  /** What each writer knew when he wrote his note; meaningful only while deathNoteTo >= 0 (buffers kept across games). */
  readonly deathNoteFacts: Int8Array[];
  /** The living seats in seat order: living[0..aliveCount). */
  readonly living: Int16Array;
  /** Living players per team and per role, and per team as the win checks count them (RoleBook.side). */
  readonly aliveTeam = new Int16Array(3);
  readonly aliveRole: Int16Array;
  readonly aliveSide: Int16Array;
  /** Some role counts for another team than his own in the win checks: only then is aliveSide its own array. */
  private readonly sidesDiffer: boolean;
  /** The rules' role table, and the role lists the night counts. */
  readonly book: RoleBook;
  readonly roleLists: NightRoles;
  /** RoleBook.namedRole and .action, on the table for the hot loops (one load less). */
  readonly namedRole: Int8Array;
  readonly roleAction: Int8Array;
  /** Public copies handed to views. */
  readonly publicAlive: Uint8Array;
  readonly publicRevealed: Int8Array;
  readonly views: SeatView[];
  readonly agents: Agent[];
  /** This game's shared records (Agent.record): each takes every public event once. */
  private readonly records: TableRecord[] = [];
  private recordCount = 0;
  /** This game's records all take votes and claims as plain numbers (TableRecord.vote, .claim), and nobody observes on his own. */
  private typedDelivery = false;
  /** 1 for a seat whose agent takes the public events through its own `observe` (no record); how many there are this game. */
  private readonly ownObserver: Uint8Array;
  private ownObservers = 0;
  private readonly agentRngs: Sfc32[];
  private readonly deck: Int8Array;
  /** The deck's players per team and per role: the living counts at every deal. */
  private readonly deckTeams = new Int16Array(3);
  private readonly deckSides = new Int16Array(3);
  private readonly deckRoles: Int16Array;
  /** The day's whisper and every view's reads (whisper.ts). */
  private readonly whisper: Whisper;
  /** Every view's `known`, seat by seat in one buffer. */
  private readonly knownAll: Int8Array;
  private readonly clock = new Clock();
  /** Asks agents to decide. */
  readonly asker: Asker;
  /** Scratch seats for one step at a time (who learns what). */
  readonly scratch: Int16Array;
  /** Per seat, the number of deaths before his (meaningful only for the dead): who died since a mark. */
  private readonly deathOrder: Int32Array;
  /** The seat of each death of this game, in order. */
  readonly deathSeq: Int16Array;
  private deaths = 0;
  /** Fouls can happen under these rules (day or night): penalty votes and lost speeches to settle. */
  readonly foulsOn: boolean;
  private readonly maniacIsTown: boolean;
  private readonly revealOnDeath: boolean;
  /** Which per-seat records these rules can write (SeatRecord bits, seatRecords.ts). */
  private readonly features: number;

  day = 0;
  phase: 'day' | 'night' | 'turn' = 'day';
  aliveCount = 0;
  outcome: Outcome | -1 = -1;
  endedBy: EndedBy = EndedBy.Other;
  bossDead = false;
  /** This game's log (every event, the host's view), or null: the events only the host sees (Audience.Host) are built only when there is one. */
  log: LoggedEvent[] | null = null;
  /** Whether events are wanted this game (a log, or an agent with `observe`): callers build events only then. */
  listening = false;
  /** Some view is silenced (so the next phase must clear the flags). */
  anySilenced = false;
  /** Some agent this game has `speak`. */
  speaking = false;
  /** Some player observes events, so the order of the day's votes can matter to him (see dayOrder.ts, drawVoteOrder). */
  observing = false;

  constructor(rules: Rules) {
    this.rules = rules;
    const book = (this.book = rules.book);
    this.roleLists = new NightRoles(book, rules.roles);
    this.sidesDiffer = book.side.some((side, r) => side !== book.team[r]);
    this.aliveSide = this.sidesDiffer ? new Int16Array(3) : this.aliveTeam;
    this.namedRole = book.namedRole;
    this.roleAction = book.action;
    this.aliveRole = new Int16Array(book.count);
    this.deckRoles = new Int16Array(book.count);
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
    this.vigilanteFired = new Int16Array(n);
    this.marks = new AbilityMarks(n);
    this.shotsTonight = Int8Array.from({ length: n + 1 }, (_, k) => shotsFor(rules.options['mafia.shots'], k));
    this.deathNoteTo = new Int16Array(n);
    this.deathNoteFacts = [];
    this.publicAlive = new Uint8Array(n);
    this.publicRevealed = new Int8Array(n);
    this.views = [];
    this.agentRngs = [];
    this.knownAll = new Int8Array(n * n);
    this.whisper = new Whisper(n);
    for (let s = 0; s < n; s++) {
      const known = this.knownAll.subarray(s * n, (s + 1) * n);
      this.views.push(new SeatView(s, n, this.publicAlive, this.publicRevealed, rules.roles, rules.options, rules.book, this.clock, known, this.whisper.readsOf(s)));
      this.deathNoteFacts.push(new Int8Array(n));
      this.agentRngs.push(new Sfc32());
    }
    this.agents = new Array<Agent>(n);
    this.ownObserver = new Uint8Array(n);
    this.deck = new Int8Array(n);
    this.deathOrder = new Int32Array(n);
    this.deathSeq = new Int16Array(n);
    this.living = new Int16Array(n);
    this.scratch = new Int16Array(n);
    this.foulsOn = rules.options['fouls.perDayRate'] > 0 || rules.options['fouls.perNightRate'] > 0;
    this.maniacIsTown = rules.options['maniac.team'] === 'town';
    this.revealOnDeath = rules.options.revealOnDeath;
    this.features = seatRecordsOf(rules);
    for (let s = 0; s < n; s++) this.deathNoteTo[s] = -1;
    let i = 0;
    for (let r = 0; r < book.count; r++) for (let k = 0; k < rules.roles[r]!; k++) this.deck[i++] = r;
    for (const r of this.deck) {
      this.deckRoles[r]!++;
      this.deckTeams[book.team[r]!]!++;
      this.deckSides[book.side[r]!]!++;
    }
    this.asker = new Asker(this);
  }

  /** Resets everything and deals game k of the run seeded `seed`. */
  start(seed: number, game: number, provider: AgentProvider, log: LoggedEvent[] | null, deal: readonly Role[] | null = null): void {
    const key = gameKey(seed, game);
    this.chance.reseedFromKey(key, CHANCE_STREAM);
    this.log = log;
    this.day = 0;
    this.clock.day = 0;
    this.clock.phase = 'day';
    this.clock.newGame(key);
    this.outcome = -1;
    this.endedBy = EndedBy.Other;
    this.bossDead = false;
    this.deaths = 0;
    this.anySilenced = false;
    this.resetSeats();
    this.aliveCount = this.n;
    if (deal) this.fixDeal(deal);
    else this.dealRoles();
    provider.startGame?.(seed, game);
    this.seatPlayers(provider, log);
    if (this.log !== null) this.emit({ type: 'deal', roles: Array.from(this.role) as Role[] }, Audience.Host);
    this.shareStartingKnowledge();
    this.whisper.startGame(key);
    for (let s = 0; s < this.n; s++) {
      const rng = this.agentRngs[s]!.reseedFromKey(key, agentStream(s));
      const agent = this.agents[s]!;
      this.whisper.seat(s, agent);
      agent.begin(this.views[s]!, rng);
    }
  }

  /**
   * The per-seat records only some rule features write, reset only under
   * rules that have the feature (the others are reset in `seatPlayers`).
   */
  private resetSeats(): void {
    const f = this.features;
    if (f & SeatRecord.Fouls) this.resetFouls();
    if (f & SeatRecord.Actions) this.resetStreaks();
    if (f & SeatRecord.Notes) for (let s = 0; s < this.n; s++) this.noteUsed[s] = 0;
    if (f & SeatRecord.LastShot) for (let s = 0; s < this.n; s++) this.lastShotUsed[s] = 0;
    if (f & SeatRecord.DeathNotes) for (let s = 0; s < this.n; s++) this.deathNoteTo[s] = -1;
    if (f & SeatRecord.Vigilante) for (let s = 0; s < this.n; s++) this.vigilanteFired[s] = 0;
    this.marks.reset(f);
  }

  private resetFouls(): void {
    for (let s = 0; s < this.n; s++) {
      this.halfFouls[s] = 0;
      this.misses[s] = 0;
      this.penaltyVotes[s] = 0;
      this.speechLost[s] = 0;
    }
  }

  private resetStreaks(): void {
    for (let s = 0; s < this.n; s++) {
      this.lastTarget[s] = -1;
      this.streak[s] = 0;
    }
  }

  /** Seat s's hard facts and stream, for the whisper. */
  knownOf(s: number): Int8Array {
    return this.views[s]!.known;
  }
  rngOf(s: number): Sfc32 {
    return this.agentRngs[s]!;
  }

  /** Teams, living counts, views and agents for the dealt roles. */
  private seatPlayers(provider: AgentProvider, log: LoggedEvent[] | null): void {
    // Every deal holds the deck's roles (fixDeal checks it), so the living counts start as the deck's.
    this.aliveTeam.set(this.deckTeams);
    if (this.sidesDiffer) this.aliveSide.set(this.deckSides);
    this.aliveRole.set(this.deckRoles);
    this.listening = log !== null;
    this.speaking = false;
    this.observing = false;
    this.recordCount = 0;
    this.ownObservers = 0;
    // fill(), though a call into C++: resetting it a 32-bit word at a time through a second view of the buffer made the agents' reads of `known` slower (forum 48 by 9%).
    this.knownAll.fill(UNKNOWN);
    // Locals: the loop calls out (agentFor, reset), after which V8 would reload every field of `this`.
    const { alive, living, publicAlive, publicRevealed, deathCause, deathDay, role, team, dealt, views, agents, ownObserver } = this;
    const { team: teamOf, told: toldOf } = this.book;
    for (let s = 0; s < this.n; s++) {
      // The per-seat records every rule writes are reset here, in the one pass over the dealt seats.
      alive[s] = 1;
      living[s] = s;
      publicAlive[s] = 1;
      publicRevealed[s] = -1;
      deathCause[s] = -1;
      deathDay[s] = 0;
      const r = role[s]!;
      const tm = teamOf[r]!;
      team[s] = tm;
      dealt[s] = r;
      const told = toldOf[r]!;
      views[s]!.reset(told, tm as Team, true);
      const agent = provider.agentFor(s, told);
      agents[s] = agent;
      ownObserver[s] = 0;
      const record = agent.record;
      if (record) {
        this.seatUnder(record, s);
        this.listening = this.observing = true;
      } else if (agent.observe) {
        ownObserver[s] = 1;
        this.ownObservers++;
        this.listening = this.observing = true;
      }
      if (agent.speak) this.speaking = true;
    }
    this.typedDelivery = this.recordCount > 0 && this.ownObservers === 0 && this.recordsAllTyped();
  }

  private recordsAllTyped(): boolean {
    for (let i = 0; i < this.recordCount; i++) {
      const r = this.records[i]!;
      if (r.vote === undefined || r.claim === undefined) return false;
    }
    return true;
  }

  /** Seats s under a shared record: the record takes the public events for him (Agent.record). */
  private seatUnder(record: TableRecord, s: number): void {
    for (let i = 0; i < this.recordCount; i++) {
      if (this.records[i] === record) {
        record.join(s, false);
        return;
      }
    }
    this.records[this.recordCount++] = record;
    record.join(s, true);
  }

  /** Changes a player's role and team (succession, the Foundling), keeping the living counts. */
  setRole(s: number, role: Role, team: Team): void {
    if (this.alive[s]) {
      this.aliveRole[this.role[s]!]!--;
      this.aliveRole[role]!++;
      this.aliveTeam[this.team[s]!]!--;
      this.aliveTeam[team]!++;
      if (this.sidesDiffer) {
        this.aliveSide[this.book.side[this.role[s]!]!]!--;
        this.aliveSide[this.book.side[role]!]!++;
      }
    }
    this.role[s] = role;
    this.team[s] = team;
  }

  private dealRoles(): void {
    const deck = this.deck;
    const role = this.role;
    for (let s = 0; s < this.n; s++) role[s] = deck[s]!;
    for (let i = this.n - 1; i > 0; i--) {
      const j = this.chance.int(i + 1);
      const t = role[i]!;
      role[i] = role[j]!;
      role[j] = t;
    }
  }

  /** A given deal (scenario tests, replays of a fixed table): it must hold the rules' role counts. */
  private fixDeal(deal: readonly Role[]): void {
    const want = [...this.deck].sort().join();
    if (deal.length !== this.n || [...deal].sort().join() !== want) {
      throw new Error(`a fixed deal must hold exactly the rules' roles (${this.n} seats)`);
    }
    for (let s = 0; s < this.n; s++) this.role[s] = deal[s]!;
  }

  /** A role's team under these rules (the Maniac's depends on `maniac.team`). */
  teamOf(role: Role): Team {
    return this.book.team[role] as Team;
  }

  /** The clan who wake together know each other (the Putana too when `putana.knowsMafia`); an assistant knows whom he assists (a Sergeant, the Commissar). */
  private shareStartingKnowledge(): void {
    tellClan(this, false);
    tellAssistants(this);
  }

  /** Whether this seat wakes with the mafia and knows the clan. */
  knowsClan(s: number): boolean {
    return this.team[s] === Team.Mafia && this.book.clan[this.role[s]!] === 1;
  }

  setPhase(phase: 'day' | 'night' | 'turn'): void {
    this.phase = phase;
    this.clock.day = this.day;
    this.clock.phase = phase;
    // The day's talk comes before anyone speaks or votes (and before the phase event, so observers see fresh reads).
    if (phase !== 'night') this.whisper.day(this);
    if (this.listening) this.emit({ type: 'phase', phase, day: this.day }, Audience.Public);
  }

  /**
   * Logs an event and passes it to the living agents allowed to see it: a
   * public event once to each shared record (Agent.record), which brings
   * its players up to date, and to each living player who observes on his
   * own; any other event to its owner (or the clan's living members).
   */
  emit(event: GameEvent, audience: number): void {
    if (!this.listening) return;
    this.log?.push({ audience, event });
    if (audience === Audience.Host) return;
    if (audience >= 0) {
      this.agents[audience]!.observe?.(event);
      return;
    }
    if (audience === Audience.Public) {
      for (let i = 0; i < this.recordCount; i++) this.records[i]!.observe(event);
      if (this.ownObservers === 0) return;
      for (let i = 0; i < this.aliveCount; i++) {
        const s = this.living[i]!;
        if (this.ownObserver[s]) this.agents[s]!.observe!(event);
      }
      return;
    }
    for (let i = 0; i < this.aliveCount; i++) {
      const s = this.living[i]!;
      if (this.knowsClan(s)) this.agents[s]!.observe?.(event);
    }
  }

  /**
   * A public vote (a GameEvent 'vote'; `missed` and `abstained` are its
   * flags). Where the records take votes as numbers (TableRecord.vote) no
   * event object is built, unless for the log.
   */
  publicVote(voter: number, target: number, round: number, missed: boolean, abstained: boolean): void {
    if (!this.listening) return;
    if (!this.typedDelivery) {
      this.emit(voteEvent(voter, target, round, missed, abstained), Audience.Public);
      return;
    }
    this.log?.push({ audience: Audience.Public, event: voteEvent(voter, target, round, missed, abstained) });
    for (let i = 0; i < this.recordCount; i++) this.records[i]!.vote!(voter, target, round, missed, abstained);
  }

  /** A public claim, as `publicVote` a vote (TableRecord.claim). */
  publicClaim(speaker: number, claim: Claim): void {
    if (!this.listening) return;
    if (!this.typedDelivery) {
      this.emit({ type: 'claim', speaker, claim }, Audience.Public);
      return;
    }
    this.log?.push({ audience: Audience.Public, event: { type: 'claim', speaker, claim } });
    for (let i = 0; i < this.recordCount; i++) this.records[i]!.claim!(speaker, claim);
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

  /** Removes a player. Follow-ups (last shot, succession) run in aftermath.ts's `afterDeaths`. */
  kill(seat: number, cause: DeathCause, by: number, publicCause: PublicCause): void {
    if (!this.alive[seat]) return;
    const role = this.role[seat] as Role;
    this.alive[seat] = 0;
    this.publicAlive[seat] = 0;
    this.aliveCount--;
    dropLiving(this.living, this.aliveCount, seat);
    this.aliveTeam[this.team[seat]!]!--;
    if (this.sidesDiffer) this.aliveSide[this.book.side[role]!]!--;
    this.aliveRole[role]!--;
    this.deathSeq[this.deaths] = seat;
    this.deathOrder[seat] = this.deaths++;
    this.deathCause[seat] = cause;
    this.deathDay[seat] = this.day;
    this.endedBy = cause === DeathCause.Lynch ? EndedBy.Lynch : publicCause === 'night' ? EndedBy.Night : EndedBy.Other;
    if (this.book.leader[role]) this.bossDead = true;
    const shown = this.revealOnDeath && cause !== DeathCause.Fouls;
    if (shown) this.showRole(seat);
    if (this.log !== null) this.emit({ type: 'kill', seat, cause, by }, Audience.Host);
    if (this.listening) this.emit({ type: 'death', seat, publicCause, revealed: shown ? role : -1 }, Audience.Public);
    if (this.deathNoteTo[seat]! >= 0) deliverDeathNote(this, seat, cause);
  }

  /** Shows a seat's role to all: every view learns his team (SeatView.learn with an exact team is a plain store). */
  showRole(seat: number): void {
    this.publicRevealed[seat] = this.role[seat]!;
    const team = this.team[seat]!;
    const known = this.knownAll;
    const n = this.n;
    for (let i = seat; i < n * n; i += n) known[i] = team;
  }

  /** Lets a player write his death note now: the note carries what he knows at this moment. */
  writeDeathNote(writer: number, to: number): void {
    this.deathNoteTo[writer] = to;
    this.deathNoteFacts[writer]!.set(this.views[writer]!.known);
  }

  /** A mark to pass to `afterDeaths` (aftermath.ts): the players who die after it are "this batch". */
  deathMark(): number {
    return this.deaths;
  }

  diedSince(s: number, mark: number): boolean {
    return !this.alive[s] && this.deathOrder[s]! >= mark;
  }

  /** "Black" or "Red" as a known-team value for a check of seat t (a Lycan reads Black, a Minion Red). */
  checkValue(t: number): number {
    const seen = this.book.seenAs[this.role[t]!]!;
    if ((seen < 0 ? this.team[t] : seen) === Team.Mafia) return Team.Mafia;
    return this.maniacIsTown ? Team.Town : KNOWN_NOT_MAFIA;
  }

  /** The agent whose decision failed, for error messages. */
  describeSeat(s: number): string {
    return `seat ${s} (${this.book.specs[this.role[s]!]!.key})`;
  }

  finish(outcome: Outcome): void {
    this.outcome = outcome;
    if (outcome === Outcome.Timeout) this.endedBy = EndedBy.Timeout;
    if (this.listening) this.emit({ type: 'end', outcome, day: this.day }, Audience.Public);
  }
}

/** The vote event as the log has always written it: the flags only when set. */
function voteEvent(voter: number, target: number, round: number, missed: boolean, abstained: boolean): GameEvent {
  if (missed) return { type: 'vote', voter, target, round, missed: true };
  if (abstained) return { type: 'vote', voter, target, round, abstained: true };
  return { type: 'vote', voter, target, round };
}
