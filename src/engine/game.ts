// One game from deal to outcome: the phase order (club day/night, forum
// turn), win checks after every elimination and the day cap. `Game` keeps
// its buffers between games, so a worker plays millions with one object.

import type { AgentProvider } from './agent.js';
import { carryOutLynch, collectVotes, rollFouls, speak, type VoteResult } from './day.js';
import { Outcome, type LoggedEvent } from './events.js';
import { Night, collectRequests, resolveNight } from './night.js';
import type { Rules } from './rules.js';
import type { Role } from './roles.js';
import { Table } from './table.js';
import { winnerOf } from './win.js';

export interface PlayOptions {
  readonly log?: LoggedEvent[] | null;
  readonly deal?: readonly Role[] | null;
}

/** Thrown to leave the phase loop as soon as a win condition holds. */
class GameOver {
  constructor(readonly outcome: Outcome) {}
}

export class Game {
  readonly table: Table;

  constructor(readonly rules: Rules) {
    this.table = new Table(rules);
  }

  /**
   * Plays game `game` of the run seeded `seed`. Its outcome depends only on
   * (rules, agents, seed, game). `opts.log` collects every event;
   * `opts.deal` fixes the roles by seat instead of shuffling (scenario tests).
   */
  play(seed: number, game: number, agents: AgentProvider, opts?: PlayOptions): Outcome {
    const t = this.table;
    t.start(seed, game, agents, opts?.log ?? null, opts?.deal ?? null);
    try {
      this.checkWin();
      this.runPhases();
      t.finish(Outcome.Timeout);
    } catch (e) {
      if (!(e instanceof GameOver)) throw e;
      t.finish(e.outcome);
    }
    return t.outcome as Outcome;
  }

  private runPhases(): void {
    const t = this.table;
    const o = this.rules.options;
    const maxDays = o['limits.maxDays'];
    for (let day = 1; day <= maxDays; day++) {
      t.day = day;
      if (o['turn.simultaneous']) {
        this.turn(day);
      } else if (o.start === 'day') {
        this.day(day);
        this.night(day);
      } else {
        this.night(day);
        this.day(day);
      }
    }
  }

  private voteToday(day: number): boolean {
    return day > 1 || this.rules.options['vote.firstDay'];
  }

  private day(day: number): void {
    const t = this.table;
    t.setPhase('day');
    rollFouls(t, false, this.settleRemoval);
    speak(t);
    if (!this.voteToday(day)) {
      t.emit({ type: 'no-lynch', reason: 'no-vote-today' }, -1);
      return;
    }
    const result = collectVotes(t, this.settleRemoval);
    this.lynch(result);
  }

  private lynch(result: VoteResult): void {
    const t = this.table;
    if (result.lynched.length === 0) return;
    const deadBefore = t.deadSnapshot(new Uint8Array(t.n));
    carryOutLynch(t, result);
    t.afterDeaths(deadBefore);
    this.checkWin();
  }

  private night(day: number): void {
    const t = this.table;
    t.setPhase('night');
    rollFouls(t, true, this.settleRemoval);
    const night = new Night(t.n);
    collectRequests(t, night, day > 1 || this.rules.options['hunt.firstDay']);
    resolveNight(t, night);
    this.checkWin();
  }

  /** Forum turn: votes and night requests are sent together; the night resolves, then the lynch. */
  private turn(day: number): void {
    const t = this.table;
    t.setPhase('turn');
    rollFouls(t, false, this.settleRemoval);
    speak(t);
    let result: VoteResult | null = null;
    // Missed votes are part of the turn: their removals are checked with its resolution.
    if (this.voteToday(day)) result = collectVotes(t, () => t.afterRemovals());
    else t.emit({ type: 'no-lynch', reason: 'no-vote-today' }, -1);
    const night = new Night(t.n);
    collectRequests(t, night, day > 1 || this.rules.options['hunt.firstDay']);
    resolveNight(t, night);
    if (result) {
      const deadBefore = t.deadSnapshot(new Uint8Array(t.n));
      carryOutLynch(t, result);
      t.afterDeaths(deadBefore);
    }
    this.checkWin();
  }

  /** After each removal (fouls, inactivity): a removed Commissar or Boss is succeeded at once, then the win check. */
  private readonly settleRemoval = (): void => {
    this.table.afterRemovals();
    this.checkWin();
  };

  private checkWin(): void {
    const w = winnerOf(this.table);
    if (w !== -1) throw new GameOver(w);
  }
}
