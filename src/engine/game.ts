// One game from deal to outcome: the phase order (club day/night, forum
// turn), win checks after every elimination and the day cap. `Game` keeps
// its buffers between games, so a worker plays millions with one object; a
// win ends the game by returning up the phase calls (no exception).

import type { AgentProvider } from './agent.js';
import { afterDeaths, afterRemovals } from './aftermath.js';
import { Ballot, Speech, carryOutLynch, collectVotes, speak, type VoteResult } from './day.js';
import { rollFouls } from './fouls.js';
import { Outcome, type LoggedEvent } from './events.js';
import { Night, collectRequests } from './night.js';
import { resolveNight } from './nightSteps.js';
import type { Rules } from './rules.js';
import type { Role } from './roles.js';
import { Table } from './table.js';
import { winnerOf } from './win.js';

export interface PlayOptions {
  readonly log?: LoggedEvent[] | null;
  readonly deal?: readonly Role[] | null;
}

export class Game {
  readonly table: Table;
  private readonly night: Night;
  private readonly ballot: Ballot;
  private readonly speech: Speech;
  /** The outcome found by the last win check, or -1. */
  private ended: Outcome | -1 = -1;

  constructor(readonly rules: Rules) {
    this.table = new Table(rules);
    this.night = new Night(rules.players);
    this.ballot = new Ballot(rules.players);
    this.speech = new Speech(this.table);
    this.ballot.speech = this.speech;
  }

  /**
   * Plays game `game` of the run seeded `seed`. Its outcome depends only on
   * (rules, agents, seed, game). `opts.log` collects every event;
   * `opts.deal` fixes the roles by seat instead of shuffling (scenario tests).
   */
  play(seed: number, game: number, agents: AgentProvider, opts?: PlayOptions): Outcome {
    const t = this.table;
    this.ended = -1;
    t.start(seed, game, agents, opts?.log ?? null, opts?.deal ?? null);
    if (!this.checkWin()) this.runPhases();
    t.finish(this.ended === -1 ? Outcome.Timeout : this.ended);
    return t.outcome as Outcome;
  }

  /** Every phase method returns true as soon as a win condition holds, and the game stops there. */
  private runPhases(): void {
    const t = this.table;
    const o = this.rules.options;
    const maxDays = o['limits.maxDays'];
    for (let day = 1; day <= maxDays; day++) {
      t.day = day;
      if (o['turn.simultaneous']) {
        if (this.turn(day)) return;
      } else if (o.start === 'day') {
        if (this.day(day) || this.nightPhase(day)) return;
      } else if (this.nightPhase(day) || this.day(day)) return;
    }
  }

  private voteToday(day: number): boolean {
    return day > 1 || this.rules.options['vote.firstDay'];
  }

  private day(day: number): boolean {
    const t = this.table;
    t.setPhase('day');
    if (rollFouls(t, false, this.settleRemoval)) return true;
    speak(t, this.speech);
    if (!this.voteToday(day)) {
      if (t.listening) t.emit({ type: 'no-lynch', reason: 'no-vote-today' }, -1);
      return false;
    }
    if (collectVotes(t, this.ballot, this.settleRemoval)) return true;
    return this.lynch(this.ballot.result);
  }

  private lynch(result: VoteResult): boolean {
    const t = this.table;
    if (result.count === 0) return false;
    const mark = t.deathMark();
    carryOutLynch(t, result);
    afterDeaths(t, mark);
    return this.checkWin();
  }

  private nightPhase(day: number): boolean {
    const t = this.table;
    t.setPhase('night');
    if (rollFouls(t, true, this.settleRemoval)) return true;
    this.night.reset();
    collectRequests(t, this.night, day > 1 || this.rules.options['hunt.firstDay']);
    resolveNight(t, this.night);
    return this.checkWin();
  }

  /** Forum turn: votes and night requests are sent together; the night resolves, then the lynch. */
  private turn(day: number): boolean {
    const t = this.table;
    t.setPhase('turn');
    if (rollFouls(t, false, this.settleRemoval)) return true;
    speak(t, this.speech);
    const voting = this.voteToday(day);
    // Missed votes are part of the turn: their removals are checked with its resolution.
    if (voting) collectVotes(t, this.ballot, this.succeedOnly);
    else if (t.listening) t.emit({ type: 'no-lynch', reason: 'no-vote-today' }, -1);
    // The turn's night half has its fouls too (fouls.perNightRate); like missed votes, they are judged with the turn.
    if (this.rules.options['fouls.perNightRate'] > 0) rollFouls(t, true, this.succeedOnly);
    this.night.reset();
    collectRequests(t, this.night, day > 1 || this.rules.options['hunt.firstDay']);
    resolveNight(t, this.night);
    if (voting) {
      const mark = t.deathMark();
      carryOutLynch(t, this.ballot.result);
      afterDeaths(t, mark);
    }
    return this.checkWin();
  }

  /** After each removal (fouls, inactivity): a removed Commissar or Boss is succeeded at once, then the win check. */
  private readonly settleRemoval = (): boolean => {
    afterRemovals(this.table);
    return this.checkWin();
  };

  private readonly succeedOnly = (): boolean => {
    afterRemovals(this.table);
    return false;
  };

  /** True (and the outcome recorded) if a win condition holds. */
  private checkWin(): boolean {
    const w = winnerOf(this.table);
    if (w === -1) return false;
    this.ended = w;
    return true;
  }
}
