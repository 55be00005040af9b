// Asking players to decide: the Decision handed to an agent, its legal
// options (reusable arrays from targets.ts) and the check of the answer.
// Answers are checked against marks (legal[seat] === stamp), not by a
// search: agents' answers are random, so a search mispredicts its branches.
// A pass round the table (votes, hunts, death notes) costs O(1) per ask in
// seat order (a little more in the day's vote order): its legal answers are
// the living but the asker, checked against `alive` itself, so the pass
// marks nothing.

import { AgentError, NONE, type Decision } from './agent.js';
import { CHOICE_NAMES, type Choice } from './events.js';
import { ROLES, Team } from './roles.js';
import type { Table } from './table.js';
import { TargetLists } from './targets.js';

/** What `Asker.askLiving` answers when no seat qualifies (nobody was asked): not NONE, which is a pass. */
export const NO_TARGETS = -2;

class MutableDecision implements Decision {
  choice: Choice = 0;
  options: number[] = [];
  mayPass = false;
  round = 0;
}

export class Asker {
  /** Reusable option arrays for decisions (valid only during the call). */
  readonly lists: TargetLists;
  private readonly decision = new MutableDecision();
  private readonly legal: Int32Array;
  private stamp = 0;

  constructor(private readonly t: Table) {
    this.lists = new TargetLists(t.n);
    this.legal = new Int32Array(t.n);
  }

  /** Asks seat s to choose among `options` (in seat order; usually a reusable array from `lists`). */
  ask(s: number, choice: Choice, options: number[], mayPass: boolean, round = 0): number {
    this.markLegal(options, options.length);
    return this.askMarked(s, choice, options, mayPass, round, -1, false);
  }

  /** Starts a pass round the living for `askOthers` (any order); nobody may die until it ends. */
  beginOthers(): void {
    this.lists.others.begin(this.t.living, this.t.aliveCount);
  }

  /** Asks living[i] to choose among every other living seat, during a pass begun with `beginOthers`: O(1) in seat order. */
  askOthers(i: number, choice: Choice, mayPass: boolean, round = 0): number {
    const s = this.t.living[i]!;
    return this.askMarked(s, choice, this.lists.others.of(i), mayPass, round, s, true);
  }

  /**
   * Asks seat s to choose among the living seats, optionally without
   * `except`, without seats `knownMafiaOf` knows to be Mafia, and without
   * those `repeatActor` may not pick again under a limit of `repeatMax`
   * nights in a row (in seat order). The list is marked legal as it is
   * built, so the answer is checked without a second pass. NO_TARGETS when
   * the list is empty (nobody is asked).
   */
  askLiving(s: number, choice: Choice, mayPass: boolean, round: number, except: number, knownMafiaOf = -1, repeatActor = -1, repeatMax = 0): number {
    const t = this.t;
    const buf = this.lists.buffer;
    const known = knownMafiaOf >= 0 ? t.views[knownMafiaOf]!.known : null;
    const stamp = this.nextStamp();
    const legal = this.legal;
    let k = 0;
    for (let i = 0; i < t.aliveCount; i++) {
      const x = t.living[i]!;
      if (x === except) continue;
      if (known !== null && known[x] === Team.Mafia) continue;
      if (repeatActor >= 0 && !t.repeatAllowed(repeatActor, x, repeatMax)) continue;
      buf[k++] = x;
      legal[x] = stamp;
    }
    if (k === 0) return NO_TARGETS;
    return this.askMarked(s, choice, this.lists.fromBuffer(k), mayPass, round, -1, false);
  }

  /** Marks the first `k` of `options` as the legal answers of the next `askMarked`. */
  private markLegal(options: ArrayLike<number>, k: number): void {
    const stamp = this.nextStamp();
    for (let i = 0; i < k; i++) this.legal[options[i]!] = stamp;
  }

  /** A fresh mark: every seat marked before it is unmarked. */
  private nextStamp(): number {
    if (this.stamp === 0x7fffffff) {
      this.legal.fill(0);
      this.stamp = 0;
    }
    return ++this.stamp;
  }

  /** The legal answers are the marked seats but `except`; with `living`, the living seats but `except` (no marks needed). */
  private askMarked(s: number, choice: Choice, options: number[], mayPass: boolean, round: number, except: number, living: boolean): number {
    const d = this.decision;
    d.choice = choice;
    d.options = options;
    d.mayPass = mayPass;
    d.round = round;
    const pick = this.t.agents[s]!.choose(this.t.views[s]!, d);
    if (pick === NONE ? !mayPass : !(typeof pick === 'number' && pick !== except && (living ? this.t.alive[pick] === 1 : this.legal[pick] === this.stamp))) {
      throw illegalAnswer(this.t, s, pick, d);
    }
    return pick;
  }
}

/** Kept out of `askMarked` so that its small body is inlined into every ask. */
function illegalAnswer(t: Table, s: number, pick: unknown, d: Decision): AgentError {
  const legal = `${d.options.join(',')}${d.mayPass ? ' or -1 (none)' : ''}`;
  return new AgentError(`the ${ROLES[t.role[s]!]!.key} agent at seat ${s} answered ${String(pick)} to a ${CHOICE_NAMES[d.choice]} decision; legal: ${legal}`);
}
