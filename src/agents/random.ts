// The random player: uniform over its legal choices (passing counts as one
// choice where passing is legal), silent by day. The baseline every exact
// oracle and strength test compares against.

import { NONE, type Agent, type AgentProvider, type Decision, type PlayerView } from '../engine/agent.js';
import type { Rng } from '../engine/rng.js';
import type { Role } from '../engine/roles.js';

export class RandomAgent implements Agent {
  private rng: Rng | null = null;

  begin(_view: PlayerView, rng: Rng): void {
    this.rng = rng;
  }

  choose(_view: PlayerView, d: Decision): number {
    const k = d.options.length + (d.mayPass ? 1 : 0);
    const i = this.rng!.int(k);
    return i < d.options.length ? d.options[i]! : NONE;
  }
}

/** One RandomAgent per seat, reused across games. */
export class RandomProvider implements AgentProvider {
  private readonly seats: RandomAgent[] = [];

  agentFor(seat: number, _role: Role): Agent {
    let a = this.seats[seat];
    if (!a) this.seats[seat] = a = new RandomAgent();
    return a;
  }
}
