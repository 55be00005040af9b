// The engine's check of every answer (asking.ts): an answer outside the
// decision's options (himself, a known mate for the shot, a dead seat, a
// pass where none is allowed, not a number) stops the game with an
// AgentError naming the seat, the role, the answer and the legal options;
// every legal answer is taken.

import { describe, expect, it } from 'vitest';
import { AgentError, NONE, type Agent, type AgentProvider, type Decision, type PlayerView } from '../../../src/engine/agent.js';
import { CHOICE_NAMES } from '../../../src/engine/events.js';
import { Game } from '../../../src/engine/game.js';
import type { Rng } from '../../../src/engine/rng.js';
import { Team } from '../../../src/engine/roles.js';
import { resolveRules } from '../../../src/engine/rules.js';

type Answer = (view: PlayerView, d: Decision, legal: number) => unknown;

/** Uniform players, except that a decision of kind `choice` is answered by `bad` (given a uniform legal pick). */
class OneBadAnswer implements AgentProvider {
  asked = 0;
  constructor(
    private readonly choice: string,
    private readonly bad: Answer,
  ) {}
  agentFor(): Agent {
    let rng: Rng | null = null;
    return {
      begin: (_view: PlayerView, r: Rng): void => {
        rng = r;
      },
      choose: (view: PlayerView, d: Decision): number => {
        const k = d.options.length + (d.mayPass ? 1 : 0);
        const i = rng!.int(k);
        const legal = i < d.options.length ? d.options[i]! : NONE;
        if (CHOICE_NAMES[d.choice] !== this.choice) return legal;
        this.asked++;
        return this.bad(view, d, legal) as number;
      },
    };
  }
}

/** Plays club games of seed 1 (with `options`) until one throws; the error, or null when every game ended. */
function firstFailure(provider: AgentProvider, games = 50, options: Record<string, unknown> = {}): unknown {
  const game = new Game(resolveRules({ preset: 'club', options }));
  for (let k = 0; k < games; k++) {
    try {
      game.play(1, k, provider);
    } catch (e) {
      return e;
    }
  }
  return null;
}

/** A dead seat (-1 while all live). */
const deadSeat = (view: PlayerView): number => {
  for (let s = 0; s < view.players; s++) if (!view.alive[s]) return s;
  return -1;
};

describe('an illegal answer stops the game, naming the seat and the legal options', () => {
  it.each<[string, string, Answer, RegExp]>([
    ['the shot at himself', 'shoot', (v) => v.seat, /answered \d+ to a shoot decision; legal: [\d,]+$/],
    ['the shot at a known mate', 'shoot', (v, d) => [...Array(v.players).keys()].find((s) => s !== v.seat && v.known[s] === Team.Mafia && v.alive[s]) ?? d.options[0], /to a shoot decision/],
    ['a pass of the Don, who must shoot', 'shoot', () => NONE, /answered -1 to a shoot decision; legal: [\d,]+$/],
    ['a vote for himself', 'vote', (v) => v.seat, /answered \d+ to a vote decision/],
    ['a vote for a dead seat', 'vote', (v, _d, legal) => (deadSeat(v) >= 0 ? deadSeat(v) : legal), /answered \d+ to a vote decision/],
    ['a check of himself', 'check', (v) => v.seat, /agent at seat \d+ answered \d+ to a check decision/],
    ['a heal of a dead seat', 'heal', (v, _d, legal) => (deadSeat(v) >= 0 ? deadSeat(v) : legal), /to a heal decision/],
    ['a freeze of a seat past the table', 'freeze', (v) => v.players, /to a freeze decision/],
    ['a shot that is not a number', 'shoot', () => '3', /answered 3 to a shoot decision/],
  ])('%s', (_name, choice, bad, message) => {
    const provider = new OneBadAnswer(choice, bad);
    const e = firstFailure(provider);
    expect(provider.asked).toBeGreaterThan(0);
    expect(e).toBeInstanceOf(AgentError);
    expect((e as Error).message).toMatch(message);
  });

  it.each(['shoot', 'vote', 'check', 'heal', 'freeze'])('every legal answer to a %s decision is taken', (choice) => {
    const provider = new OneBadAnswer(choice, (_v, _d, legal) => legal);
    expect(firstFailure(provider)).toBeNull();
    expect(provider.asked).toBeGreaterThan(20);
  });

  it('a freeze of the player she froze last night, where putana.maxSameTarget=1 forbids it', () => {
    // Each seat keeps its own last freeze, and repeats it when it can (it may have died, or she may have been frozen out of a night).
    const last = new Map<number, number>();
    let repeats = 0;
    const provider = new OneBadAnswer('freeze', (v, _d, legal) => {
      const before = last.get(v.seat);
      if (before !== undefined && v.alive[before]) {
        repeats++;
        return before;
      }
      last.set(v.seat, legal);
      return legal;
    });
    const e = firstFailure(provider, 50, { 'putana.maxSameTarget': 1 });
    expect(repeats).toBeGreaterThan(0);
    expect(e).toBeInstanceOf(AgentError);
    expect((e as Error).message).toMatch(/answered \d+ to a freeze decision; legal: /);
  });

  it('one repeat is taken where putana.maxSameTarget=2 allows it', () => {
    // Each seat freezes a player two nights running whenever he lives, then someone new: the second night is legal.
    const last = new Map<number, { seat: number; nights: number }>();
    let repeats = 0;
    const provider = new OneBadAnswer('freeze', (v, _d, legal) => {
      const before = last.get(v.seat);
      if (before !== undefined && before.nights === 1 && before.seat >= 0 && v.alive[before.seat]) {
        before.nights = 2;
        repeats++;
        return before.seat;
      }
      last.set(v.seat, { seat: legal, nights: 1 });
      return legal;
    });
    expect(firstFailure(provider, 50, { 'putana.maxSameTarget': 2 })).toBeNull();
    expect(repeats).toBeGreaterThan(10);
  });
});
