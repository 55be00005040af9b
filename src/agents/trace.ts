// Looks inside the heuristic players for `replay --verbose`: wraps a provider
// so that, at each day's vote, every heuristic player's top suspicions are
// recorded. Debugging only: it never changes a decision.

import type { Agent, AgentProvider, Decision, PlayerView } from '../engine/agent.js';
import { Choice } from '../engine/events.js';
import type { Role } from '../engine/roles.js';
import { HeuristicAgent, type Suspect } from './heuristic.js';
import { PassThroughAgent } from './wrapper.js';

export interface SuspicionRecord {
  readonly day: number;
  readonly seat: number;
  /** 'enemy': belief that the seat is an enemy of Town; 'threat': the clan's priority to remove him. */
  readonly kind: 'enemy' | 'threat';
  readonly top: readonly Suspect[];
}

/** A provider that records suspicions into `records` (in vote order) and otherwise plays as `inner`. */
export function traceSuspicions(inner: AgentProvider, records: SuspicionRecord[], k = 3): AgentProvider {
  return {
    // A mixture chooses its players per game: the wrapper must pass the game on.
    startGame(seed: number, game: number): void {
      inner.startGame?.(seed, game);
    },
    agentFor(seat: number, role: Role): Agent {
      return new TracedAgent(inner.agentFor(seat, role), seat, records, k);
    },
  };
}

class TracedAgent extends PassThroughAgent {
  constructor(
    inner: Agent,
    private readonly seat: number,
    private readonly records: SuspicionRecord[],
    private readonly k: number,
  ) {
    super(inner);
  }

  override choose(view: PlayerView, d: Decision): number {
    if (d.choice === Choice.Vote && d.round === 0 && this.inner instanceof HeuristicAgent) {
      const { kind, top } = this.inner.topSuspects(this.k);
      this.records.push({ day: view.day, seat: this.seat, kind, top });
    }
    return this.inner.choose(view, d);
  }
}
