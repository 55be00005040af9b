// The abilities that stop another player for a night or a day, each one
// policy read from the role's row: the block (a freeze: the player's own
// night action is lost) and the silence (he may not speak the next day).
// Both go to whom the player fears. For the clan that is whoever's acts hurt
// it (black.ts: the Putana's freeze, the clan's danger score); for Town the
// likeliest enemy, never a Commissar claimant he trusts (silencing the
// table's checker, or freezing him, helps the clan), so a Town Spellcaster
// silences the player whose talk he fears most: a likely liar.

import { NONE, type Decision } from '../engine/agent.js';
import { Team } from '../engine/roles.js';
import { danger, putanaFreeze } from './black.js';
import { NEVER, bestOption, type Mind } from './mind.js';

/** Log-odds taken off a seat per unit of trust in his Commissar claim: a believed checker is never the one a Town player hinders. */
const TRUSTED_CLAIM = 10;

/** A blocker's choice: the clan freezes whom it fears (the Putana's policy); Town freezes its likeliest enemy. */
export function block(m: Mind, d: Decision): number {
  return m.view.team === Team.Mafia ? putanaFreeze(m, d) : hinderSuspect(m, d);
}

/** A silencer's choice for the next day: the clan silences its most dangerous non-mate; Town its likeliest enemy. */
export function silence(m: Mind, d: Decision): number {
  return m.view.team === Team.Mafia ? hinderThreat(m, d) : hinderSuspect(m, d);
}

/** Town's target: the likeliest enemy, less the trust of a Commissar claim (never one known to be Town). */
function hinderSuspect(m: Mind, d: Decision): number {
  const b = m.b;
  b.refreshTrust();
  const opts = d.options;
  for (let i = 0; i < opts.length; i++) {
    const s = opts[i]!;
    m.scores[s] = m.view.known[s] === Team.Town ? NEVER : b.enemy(s) - TRUSTED_CLAIM * b.trust[s]!;
  }
  const pick = bestOption(m, d, m.p['noise']!);
  return pick !== NONE && m.scores[pick]! <= NEVER && d.mayPass ? NONE : pick;
}

/** The clan's target: the non-mate whose public acts and claims hurt it most. */
function hinderThreat(m: Mind, d: Decision): number {
  m.b.recountBlackActs();
  const opts = d.options;
  for (let i = 0; i < opts.length; i++) {
    const s = opts[i]!;
    m.scores[s] = m.view.known[s] === Team.Mafia ? NEVER : danger(m, s);
  }
  const pick = bestOption(m, d, m.p['noise']!);
  return pick !== NONE && m.scores[pick]! <= NEVER && d.mayPass ? NONE : pick;
}
