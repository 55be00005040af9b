// The interface the engine calls to let a player decide, and the view it
// hands him: his own seat, role and hard facts, plus the public record.
// Never the game state: a view holds copies that the engine keeps current.

import type { Claim, Choice, GameEvent } from './events.js';
import type { Options } from './options.js';
import type { Rng } from './rng.js';
import type { RoleBook } from './roleBook.js';
import type { Role, Team } from './roles.js';

/** No target: abstain, skip, do not hunt, write no note. */
export const NONE = -1;

/** Known team of a seat in a view's `known` array. */
export const UNKNOWN = -1;

/** One decision the engine asks for. Valid only during the call: agents must not keep it. */
export interface Decision {
  readonly choice: Choice;
  /** Legal targets (seats), in seat order. */
  readonly options: readonly number[];
  /** Whether NONE is a legal answer. */
  readonly mayPass: boolean;
  /** Voting round: 0 for the vote, 1 for a revote among the tied; for the mafia's shot, which of tonight's shots (0, 1, ...; `mafia.shots`). */
  readonly round: number;
}

/** One player's observation. The engine updates it in place; agents read it. */
export interface PlayerView {
  readonly seat: number;
  readonly players: number;
  /** Current role (a Sergeant may become Commissar, a Foundling Mafia). */
  readonly role: Role;
  readonly team: Team;
  readonly day: number;
  readonly phase: 'day' | 'night' | 'turn';
  /** Public: 1 if the seat is alive. */
  readonly alive: ArrayLike<number>;
  /** Public: the role shown at death, or -1. */
  readonly revealed: ArrayLike<number>;
  /** Private hard facts: the team of each seat as this player knows it for certain, or UNKNOWN. */
  readonly known: ArrayLike<number>;
  /** Public: role counts of the setup, indexed by Role. */
  readonly setup: readonly number[];
  /** The rules are public. */
  readonly options: Options;
  /** Public too: the rules' role table (Rules.book), what each role is, its team and the role changes it may make. */
  readonly book: RoleBook;
  /** Silenced by fouls today: claims are not heard. */
  readonly silenced: boolean;
  /**
   * Private intuition ("reads"), whispered by the engine from what the day's
   * talk lets a player sense: at the start of each day (forum: each turn)
   * the engine adds, for each living seat t not known for certain, skill * x
   * with x ~ N(+skill/2, 1) if t is an enemy of Town (Mafia team or a loner
   * Maniac), N(-skill/2, 1) otherwise, where skill is the agent's
   * `readSkill` (times `readFirstDay` on day 1) and part of x's noise
   * (`readShared`) is the table's common impression of t. So each entry is
   * the summed weight of evidence, in log-odds, that t is an enemy; nothing
   * is known before the first day's talk. All 0 without skill.
   */
  readonly reads: ArrayLike<number>;
  /**
   * Public: the day's lot, a uniform number in [0, 1) that the engine draws
   * for each day (forum: each turn) and shows alike in every view, a chance
   * step the whole table sees, so players can act together without talking
   * (Town's random lynch, src/agents/lot.ts). It comes from a stream of its
   * own, (seed, game, lotStream(day)), drawn only when read: reading it
   * changes no other draw of the game.
   */
  readonly lot: number;
}

/** Where an agent puts its public statements of the day. */
export interface ClaimSink {
  say(claim: Claim): void;
}

/**
 * A table's shared record of the public events (contract 2, optional): one
 * object that several players of a table read, so that a public event is
 * taken in once per table, not once per player. The engine hands it each
 * public event once (before any player who observes on his own), and it is
 * its business to bring its players up to date; the engine never looks
 * inside. It must not give a player what he may not see: in particular it
 * must pass over the seats that have died (a dead player sees nothing more).
 */
export interface TableRecord {
  /**
   * Seats `seat` under this record for the coming game: from now on the
   * record, not that player's `observe`, takes the public events meant for
   * him. Called once per game for each such seat, in seat order, after
   * `agentFor` and before `begin` or any event; `first` is true for the
   * first seat of the game under this record.
   */
  join(seat: number, first: boolean): void;
  /** One public event, once per table and in the order they happen. */
  observe(event: GameEvent): void;
  /**
   * Optional, with `claim` (contract 3): a public vote (GameEvent 'vote':
   * `missed` and `abstained` are its flags, false when absent) as plain
   * numbers, so the engine builds no event object for the record. It must
   * do exactly what `observe` does with that event. The engine uses the
   * pair only when every record of the table has both and no player of the
   * game observes on his own; otherwise it calls `observe`.
   */
  vote?(voter: number, target: number, round: number, missed: boolean, abstained: boolean): void;
  /** Optional, with `vote`: a public claim (GameEvent 'claim'), as `observe` takes it. */
  claim?(speaker: number, claim: Claim): void;
}

/**
 * A player. The engine asks `agentFor(seat, role)` after the deal, calls
 * `begin` once per game, passes each event this player may see to
 * `observe`, lets him `speak` each day and asks him to `choose`. A player
 * with a `record` takes the public events through it instead (contract 2),
 * and his `observe` gets only those meant for him alone (his results, his
 * clan, his promotion). A player without one (every agent written before
 * contract 2) gets every event he may see through `observe`, as before.
 */
export interface Agent {
  /** Separation d' of each day's whisper (see PlayerView.reads); absent or 0: none, and no random numbers are drawn for them. Read after `agentFor`. */
  readonly readSkill?: number;
  /** Share of `readSkill` on day 1, when the talk has had no facts to work on (absent: READ_FIRST_DAY in whisper.ts). */
  readonly readFirstDay?: number;
  /** Share (0..1) of a whisper's noise that the whole table shares: a convincing liar fools everyone at once (absent: READ_SHARED_VARIANCE in whisper.ts). */
  readonly readShared?: number;
  /** Contract 2 (optional): the table's shared record this player reads; read after `agentFor`, each game. */
  readonly record?: TableRecord;
  begin(view: PlayerView, rng: Rng): void;
  /** Each event this player may see, or with a `record` the events meant for him alone. */
  observe?(event: GameEvent): void;
  /**
   * His public claims, once a day in the day's drawn speaking order, and a
   * second time that day if a role or result claim came after his turn (his
   * answer to it): say only what is new. Under `vote.procedure =
   * nominations` the order is the rules' own and he speaks once.
   */
  speak?(view: PlayerView, out: ClaimSink): void;
  /** A seat from `decision.options`, or NONE when `decision.mayPass`. Anything else is an agent error. */
  choose(view: PlayerView, decision: Decision): number;
}

/** Supplies the agent for each seat after the deal; it may reuse agent objects across games. */
export interface AgentProvider {
  /**
   * Optional: told which game is about to be dealt, before any `agentFor` of
   * it, so a provider may choose its players per game from (seed, game) alone
   * (a mixture of strategies, agents/mixture.ts) and stay deterministic.
   */
  startGame?(seed: number, game: number): void;
  agentFor(seat: number, role: Role): Agent;
}

/** Thrown when an agent answers with an illegal choice: names the seat, role and decision. */
export class AgentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AgentError';
  }
}
