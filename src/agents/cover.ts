// How a Commissar who has not revealed covers what he found: on the days he
// does not push his Black (`commissar.pushHidden`, decided once a day from
// his own stream) he neither accuses him nor votes for him unless the table
// already does, so his acts do not single him out to the mafia, who shoot
// those who act against them (black.ts, danger). Human cops hide this way;
// a bot cop who voted alone for his Black was shot the next night in nine
// games of ten (docs/design-notes.md, "Votes shaped like a table's").

import { Role } from '../engine/roles.js';
import { Verdict } from './memory.js';
import type { Mind } from './mind.js';

export class HiddenPush {
  private day = -1;
  private push = false;

  reset(): void {
    this.day = -1;
  }

  /** Whether he pushes his Black today (one draw a day, the first time it is asked). */
  today(m: Mind): boolean {
    if (this.day !== m.view.day) {
      this.day = m.view.day;
      this.push = m.rng.next() < m.p['commissar.pushHidden']!;
    }
    return this.push;
  }
}

/** Whether this player is a Commissar, not revealed, who holds a Black among the living. */
function covering(m: Mind): boolean {
  return m.view.role === Role.Commissar && m.b.claimedRole !== Role.Commissar && m.b.holdsAliveBlack();
}

/** A hidden Commissar keeps his accusation of a Black he found to himself on a day he does not push. */
export function keepsQuiet(m: Mind, target: number): boolean {
  return m.b.found[target] === Verdict.Black && covering(m) && !m.cover.today(m);
}

/**
 * On a day he does not push, the Blacks he found score in his vote as a seat
 * he knows nothing about, with the table's votes on them (`wagon` per vote):
 * he joins a wagon on them, he does not start one.
 */
export function coverVote(m: Mind, tally: Int16Array | null, wagon: number): void {
  if (!covering(m) || m.cover.today(m)) return;
  const b = m.b;
  for (let s = 0; s < b.n; s++) {
    if (b.found[s] === Verdict.Black && m.view.alive[s]) m.scores[s] = b.prior + wagon * (tally === null ? 0 : tally[s]!);
  }
}
