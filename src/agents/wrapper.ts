// A player who plays as another: the base of every wrapper that watches or
// counts what an agent sees and answers (`replay --verbose`, tests, benches).
// It passes the read strengths and every call through, so a wrapper overrides
// only the calls it looks at and never drops a field the engine reads. The
// inner player's shared record (Agent.record) is passed through too, unless
// the wrapper overrides `observe`: one that watches events must see every
// event the player may see, so the player then observes on his own (the
// record's first contract, every public event through `observe`).

import type { Agent, ClaimSink, Decision, PlayerView, TableRecord } from '../engine/agent.js';
import type { GameEvent } from '../engine/events.js';
import type { Rng } from '../engine/rng.js';

export class PassThroughAgent implements Agent {
  constructor(protected readonly inner: Agent) {}

  get readSkill(): number | undefined {
    return this.inner.readSkill;
  }
  get readFirstDay(): number | undefined {
    return this.inner.readFirstDay;
  }
  get readShared(): number | undefined {
    return this.inner.readShared;
  }
  get record(): TableRecord | undefined {
    return this.observe === PassThroughAgent.prototype.observe ? this.inner.record : undefined;
  }

  begin(view: PlayerView, rng: Rng): void {
    this.inner.begin(view, rng);
  }
  observe(event: GameEvent): void {
    this.inner.observe?.(event);
  }
  speak(view: PlayerView, out: ClaimSink): void {
    this.inner.speak?.(view, out);
  }
  choose(view: PlayerView, d: Decision): number {
    return this.inner.choose(view, d);
  }
}
