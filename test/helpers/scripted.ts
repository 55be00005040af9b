// Scripted players for scenario tests: each seat answers from a script keyed
// by (choice, day, voting round) and falls back to a quiet policy otherwise.
// They go through the real Agent interface only, and fail loudly when a
// scripted answer is not legal, so a test cannot silently drift.

import { NONE, type Agent, type AgentProvider, type ClaimSink, type Decision, type PlayerView } from '../../src/engine/agent.js';
import { CHOICE_NAMES, type Claim, type GameEvent } from '../../src/engine/events.js';
import type { Rng } from '../../src/engine/rng.js';
import type { Role } from '../../src/engine/roles.js';

export type ChoiceName = (typeof CHOICE_NAMES)[number];

/** The scripted answer "nobody": abstain, skip, no hunt, no note. */
export const PASS = NONE;

/** What to answer when the script says nothing. */
export type Fallback = (view: PlayerView, decision: Decision) => number;

/**
 * The default: votes go to the next living seat round the table (so an
 * unscripted vote spreads one vote each and lynches nobody under most tie
 * rules); every other decision passes when passing is legal, else takes
 * the lowest legal seat.
 */
export const quietFallback: Fallback = (view, d) => {
  if (CHOICE_NAMES[d.choice] === 'vote') return nextSeatAfter(view.seat, d.options);
  return d.mayPass ? NONE : d.options[0]!;
};

/** Never passes: the lowest legal seat. */
export const firstLegal: Fallback = (_view, d) => d.options[0]!;

function nextSeatAfter(seat: number, options: readonly number[]): number {
  return options.find((s) => s > seat) ?? options[0]!;
}

/** One decision as the engine asked it, and what the seat answered. */
export interface Asked {
  readonly seat: number;
  readonly day: number;
  readonly choice: ChoiceName;
  readonly round: number;
  readonly options: readonly number[];
  readonly mayPass: boolean;
  readonly answer: number;
  readonly scripted: boolean;
}

const keyOf = (seat: number, choice: ChoiceName, day: number, round: number): string => `seat ${seat} ${choice} day ${day}${round > 0 ? ` round ${round}` : ''}`;

/**
 * Supplies one scripted agent per seat. Use one provider per game: it records
 * the decisions asked, the events each seat saw and which script lines ran.
 */
export class ScriptedProvider implements AgentProvider {
  /** Every decision asked during the game, in order. */
  readonly asked: Asked[] = [];
  /** Every turn to speak the engine gave, in order. */
  readonly spoke: { readonly seat: number; readonly day: number }[] = [];
  private readonly answers = new Map<string, number>();
  private readonly used = new Set<string>();
  private readonly claims = new Map<string, Claim[]>();
  private readonly fallbacks = new Map<string, Fallback>();
  private readonly seen = new Map<number, GameEvent[]>();
  private readonly views = new Map<number, PlayerView>();
  private readonly dealtAs = new Map<number, Role>();

  constructor(private readonly fallback: Fallback = quietFallback) {}

  /** Seat `seat` answers `target` (a seat, or PASS) to `choice` on `day` (voting round `round`). */
  on(seat: number, choice: ChoiceName, day: number, target: number, round = 0): this {
    if (!CHOICE_NAMES.includes(choice)) throw new Error(`scripted: unknown choice ${choice}`);
    const key = keyOf(seat, choice, day, round);
    if (this.answers.has(key)) throw new Error(`scripted: ${key} is scripted twice`);
    this.answers.set(key, target);
    return this;
  }

  /** Votes of one day (and round) as voter -> target. */
  votes(day: number, byVoter: Readonly<Record<number, number>>, round = 0): this {
    for (const [voter, target] of Object.entries(byVoter)) this.on(Number(voter), 'vote', day, target, round);
    return this;
  }

  /** Every listed voter votes for `target` on `day`. */
  allVote(day: number, voters: readonly number[], target: number, round = 0): this {
    for (const v of voters) this.on(v, 'vote', day, target, round);
    return this;
  }

  /** Seat `seat` makes this public claim when he speaks on `day`. */
  say(seat: number, day: number, claim: Claim): this {
    const key = `seat ${seat} speaks day ${day}`;
    const list = this.claims.get(key) ?? [];
    list.push(claim);
    this.claims.set(key, list);
    return this;
  }

  /** A different fallback for one seat's decisions of one kind (every day). */
  fallbackFor(seat: number, choice: ChoiceName, fallback: Fallback): this {
    this.fallbacks.set(`${seat} ${choice}`, fallback);
    return this;
  }

  agentFor(seat: number, role: Role): Agent {
    this.dealtAs.set(seat, role);
    this.seen.set(seat, []);
    return new ScriptedAgent(seat, this);
  }

  /** The role the engine told this seat's provider at the deal. */
  roleGiven(seat: number): Role | undefined {
    return this.dealtAs.get(seat);
  }

  /** The view the engine handed this seat (kept current by the engine). */
  view(seat: number): PlayerView {
    const v = this.views.get(seat);
    if (!v) throw new Error(`scripted: seat ${seat} has not begun a game`);
    return v;
  }

  /** Events this seat observed, optionally of one type. */
  events<T extends GameEvent['type']>(seat: number, type?: T): Extract<GameEvent, { type: T }>[] {
    const all = this.seen.get(seat) ?? [];
    return (type ? all.filter((e) => e.type === type) : all) as Extract<GameEvent, { type: T }>[];
  }

  /** Decisions asked of one seat, optionally of one choice. */
  askedOf(seat: number, choice?: ChoiceName): Asked[] {
    return this.asked.filter((a) => a.seat === seat && (choice === undefined || a.choice === choice));
  }

  /** Script lines (answers and claims) the game never reached. */
  unused(): string[] {
    const out: string[] = [];
    for (const key of this.answers.keys()) if (!this.used.has(key)) out.push(key);
    for (const key of this.claims.keys()) if (!this.used.has(key)) out.push(key);
    return out;
  }

  /** @internal */
  begin(seat: number, view: PlayerView): void {
    this.views.set(seat, view);
  }

  /** @internal */
  observe(seat: number, event: GameEvent): void {
    this.seen.get(seat)!.push(event);
  }

  /** @internal */
  speak(seat: number, view: PlayerView, out: ClaimSink): void {
    this.spoke.push({ seat, day: view.day });
    const key = `seat ${seat} speaks day ${view.day}`;
    const list = this.claims.get(key);
    // A second turn the same day (an answer to a later claim) says nothing new.
    if (!list || this.used.has(key)) return;
    this.used.add(key);
    for (const c of list) out.say(c);
  }

  /** @internal */
  choose(seat: number, view: PlayerView, d: Decision): number {
    const choice = CHOICE_NAMES[d.choice]!;
    const key = keyOf(seat, choice, view.day, d.round);
    const scripted = this.answers.has(key);
    const answer = scripted ? this.answers.get(key)! : (this.fallbacks.get(`${seat} ${choice}`) ?? this.fallback)(view, d);
    if (scripted) {
      this.used.add(key);
      const legal = answer === NONE ? d.mayPass : d.options.includes(answer);
      if (!legal) {
        throw new Error(
          `scripted answer not legal: ${key} (role ${view.role}) answers ${answer}; legal: [${d.options.join(',')}]${d.mayPass ? ' or PASS' : ', no pass'}`,
        );
      }
    }
    this.asked.push({ seat, day: view.day, choice, round: d.round, options: d.options.slice(), mayPass: d.mayPass, answer, scripted });
    return answer;
  }
}

/** One seat's scripted player: all it knows comes through the Agent interface. */
export class ScriptedAgent implements Agent {
  constructor(
    private readonly seat: number,
    private readonly provider: ScriptedProvider,
  ) {}

  begin(view: PlayerView, _rng: Rng): void {
    this.provider.begin(this.seat, view);
  }

  observe(event: GameEvent): void {
    this.provider.observe(this.seat, event);
  }

  speak(view: PlayerView, out: ClaimSink): void {
    this.provider.speak(this.seat, view, out);
  }

  choose(view: PlayerView, decision: Decision): number {
    return this.provider.choose(this.seat, view, decision);
  }
}
