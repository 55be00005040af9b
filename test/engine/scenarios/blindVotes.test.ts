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

/** Seats removed for missed votes on `day`, from the log. */
function removedOn(log: readonly LoggedEvent[], dayOf: (i: number) => number): Set<number> {
  const out = new Set<number>();
  log.forEach((e, i) => {
    if (e.event.type === 'death' && e.event.publicCause === 'removed') out.add(e.event.seat * 1000 + dayOf(i));
  });
  return out;
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
      // The day of each log line: the phase events carry it.
      const days: number[] = [];
      let day = 0;
      for (const e of log) {
        if (e.event.type === 'phase') day = e.event.day;
        days.push(day);
      }
      const removed = removedOn(log, (i) => days[i]!);
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
        const gone = [...removed].filter((x) => x % 1000 === Number(d)).map((x) => Math.floor(x / 1000));
        if (gone.length > 0) revotesAfterRemoval++;
      }
    }
    // The case the test is for happens, many times.
    expect(revotesAfterRemoval).toBeGreaterThan(20);
  });
});
