// Shared helpers for the agent tests: play one logged game with a given
// agents text, and read requests, claims and deaths out of the log.

import type { Beliefs } from '../../src/agents/beliefs.js';
import { ClanTalk } from '../../src/agents/clan.js';
import { HiddenPush } from '../../src/agents/cover.js';
import { createProvider, parseAgents } from '../../src/agents/index.js';
import type { Mind } from '../../src/agents/mind.js';
import type { Params } from '../../src/agents/params.js';
import { DayTaste } from '../../src/agents/taste.js';
import { UNKNOWN, type AgentProvider, type PlayerView } from '../../src/engine/agent.js';
import { Choice, type GameEvent, type LoggedEvent } from '../../src/engine/events.js';
import { Game } from '../../src/engine/game.js';
import { Sfc32 } from '../../src/engine/rng.js';
import { Role, Team, roleSpec } from '../../src/engine/roles.js';
import { resolveRules, type Rules } from '../../src/engine/rules.js';

export interface Played {
  readonly rules: Rules;
  readonly roles: readonly Role[];
  readonly events: readonly GameEvent[];
}

export async function providerFor(rules: Rules, agents: string): Promise<AgentProvider> {
  return createProvider(parseAgents(agents), rules);
}

/** Plays games [0, games) of `preset` (with `set` options) and returns each game's logged events. */
export async function playLogged(preset: string, agents: string, games: number, set: string[] = [], seed = 11): Promise<Played[]> {
  const rules = resolveRules(preset, { set });
  const provider = await providerFor(rules, agents);
  const game = new Game(rules);
  const out: Played[] = [];
  for (let k = 0; k < games; k++) {
    const log: LoggedEvent[] = [];
    game.play(seed, k, provider, { log });
    out.push(eventsOf(rules, log));
  }
  return out;
}

export function eventsOf(rules: Rules, log: readonly LoggedEvent[]): Played {
  const events: GameEvent[] = [];
  const seen = new Set<GameEvent>();
  let roles: readonly Role[] = [];
  for (const { event } of log) {
    if (seen.has(event)) continue;
    seen.add(event);
    if (event.type === 'deal') roles = event.roles;
    events.push(event);
  }
  return { rules, roles, events };
}

export function isBlackRole(r: Role): boolean {
  return roleSpec(r).team === Team.Mafia;
}

export function seatOf(p: Played, role: Role): number {
  return p.roles.indexOf(role);
}

/** The requests of one kind in the log, with the day they were made. */
export function requests(p: Played, choice: Choice): { day: number; seat: number; target: number }[] {
  const out: { day: number; seat: number; target: number }[] = [];
  let day = 0;
  for (const e of p.events) {
    if (e.type === 'phase') day = e.day;
    if (e.type === 'request' && e.choice === choice) out.push({ day, seat: e.seat, target: e.target });
  }
  return out;
}

/**
 * A Civilian's view at seat `seat` of a table where everyone lives, for tests
 * that drive beliefs or policies by hand: `known` adds hard facts, `reads` the whispered reads.
 */
export function civilianView(rules: Rules, seat: number, phase: PlayerView['phase'], known: Record<number, number> = {}, reads: number[] = []): PlayerView {
  const n = rules.players;
  return {
    seat,
    players: n,
    role: Role.Civilian,
    team: Team.Town,
    day: 2,
    phase,
    alive: new Uint8Array(n).fill(1),
    revealed: new Int8Array(n).fill(-1),
    known: Int8Array.from({ length: n }, (_, s) => (s === seat ? Team.Town : (known[s] ?? UNKNOWN))),
    setup: rules.roles,
    options: rules.options,
    book: rules.book,
    silenced: false,
    reads: Float64Array.from({ length: n }, (_, s) => reads[s] ?? 0),
  };
}


/** A player's mind over a view and beliefs set up by hand, with a fresh clan talk, taste and cover, and the stream of `seed`, for tests that call a policy directly. */
export function mindOf(view: PlayerView, b: Beliefs, p: Params, seed = 1): Mind {
  const n = view.players;
  return { view, b, p, rng: new Sfc32(seed, 0, 1), scores: new Float64Array(n), shotsNamed: new Int16Array(4), clan: new ClanTalk(n), taste: new DayTaste(), cover: new HiddenPush() };
}
