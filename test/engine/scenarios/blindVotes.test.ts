// The vote when no player observes anything (dayOrder.ts, drawVoteOrder):
// no order is drawn, the votes go by seat and the voters are read from the
// living list itself, so a removal for missed votes before a revote must
// leave exactly the surviving voters, once each, in seat order. The day's
// order when players observe is in votes.test.ts.

import { describe, expect, it } from 'vitest';
import { NONE, type Agent, type AgentProvider, type Decision, type PlayerView } from '../../../src/engine/agent.js';
import { CHOICE_NAMES, type LoggedEvent } from '../../../src/engine/events.js';
import { Game } from '../../../src/engine/game.js';
import type { Rng } from '../../../src/engine/rng.js';
import { resolveRules } from '../../../src/engine/rules.js';

interface Asked {
  readonly seat: number;
  readonly choice: string;
  readonly round: number;
  readonly day: number;
}

/** Uniform players with no `observe` and no record (so the table is not observing), noting every question asked. */
class BlindProvider implements AgentProvider {
  readonly asked: Asked[] = [];
  agentFor(seat: number): Agent {
    const asked = this.asked;
    let rng: Rng | null = null;
    return {
      begin(_view: PlayerView, r: Rng): void {
        rng = r;
      },
      choose(view: PlayerView, d: Decision): number {
        asked.push({ seat, choice: CHOICE_NAMES[d.choice]!, round: d.round, day: view.day });
        // Two choices only, so that ties (and so revotes) are common.
        const pool = d.options.slice(0, 2);
        if (pool.length === 0) return NONE;
        return pool[rng!.int(pool.length)]!;
      },
    };
  }
}

/** The days on which someone was removed for missed votes, from the log (the phase events carry the day). */
function removalDays(log: readonly LoggedEvent[]): Set<number> {
  const days = new Set<number>();
  let day = 0;
  for (const { event } of log) {
    if (event.type === 'phase') day = event.day;
    else if (event.type === 'death' && event.publicCause === 'removed') days.add(day);
  }
  return days;
}

describe('votes by players who observe nothing', () => {
  it.each(['revote-then-none', 'revote-then-vote-all'] as const)('vote.tie=%s: each round goes by seat; a revote after removals asks exactly the surviving voters, once each', (tie) => {
    const rules = resolveRules({ preset: 'club', options: { 'inactivity.missRate': 0.25, 'inactivity.maxMisses': 1, 'vote.tie': tie, 'limits.maxDays': 3 } });
    const game = new Game(rules);
    let revotesAfterRemoval = 0;
    for (let k = 0; k < 300; k++) {
      const provider = new BlindProvider();
      const log: LoggedEvent[] = [];
      game.play(3, k, provider, { log });
      expect(game.table.observing).toBe(false);
      const removals = removalDays(log);
      const rounds = new Map<string, number[]>();
      for (const a of provider.asked.filter((q) => q.choice === 'vote' || q.choice === 'lift-all')) {
        const key = `${a.day}:${a.choice}:${a.round}`;
        rounds.set(key, [...(rounds.get(key) ?? []), a.seat]);
      }
      for (const [key, seats] of rounds) {
        // Seat order, nobody twice.
        expect(seats, key).toEqual([...seats].sort((a, b) => a - b));
        expect(new Set(seats).size, key).toBe(seats.length);
        const [d, choice, round] = key.split(':');
        if (choice === 'vote' && round === '0') continue;
        // With maxMisses 1 a miss is a removal, so the round's voters are exactly those who voted in the first round.
        const first = rounds.get(`${d}:vote:0`) ?? [];
        expect(seats, key).toEqual(first);
        if (removals.has(Number(d))) revotesAfterRemoval++;
      }
    }
    // The case the test is for happens, many times.
    expect(revotesAfterRemoval).toBeGreaterThan(20);
  });
});
