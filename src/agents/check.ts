// The check ability's one policy, read from the role's row (view.book):
// what a check reveals (a team, or whether the target holds one role) and
// whose side the checker is on decide what he looks for. Town's team check
// (the Commissar, the Seer, the Sheriff) is the club Commissar's policy of
// before, unchanged (every club, forum and classic game is the same:
// bench/fingerprint.js): the most suspicious seat he holds no fact on, with
// a large taste (`commissar.checkNoise`), so in practice a check goes to
// one of the many he is unsure of, as real cops check the loud and the
// useful. A check for a role (the Don's for the Sheriff) looks where that
// role is likeliest: for the clan, the player whose acts hurt it most
// (votes and accusations against Blacks: a Sheriff who found one pushes
// him), never one already checked or known; what he finds he tells his
// mates (clan.ts), and a Sheriff found is the clan's first shot (black.ts,
// danger).

import { UNKNOWN, type Decision } from '../engine/agent.js';
import type { GameEvent } from '../engine/events.js';
import { NO_ROLE } from '../engine/roleBook.js';
import { Team } from '../engine/roles.js';
import { NEVER, bestOption, type Mind } from './mind.js';

/** A checker's choice for the night. */
export function check(m: Mind, d: Decision): number {
  const book = m.view.book;
  const sought = book.reveals[m.view.role]!;
  if (sought === NO_ROLE) return m.view.team === Team.Mafia ? clanCheck(m, d, NO_ROLE) : teamCheck(m, d);
  return m.view.team === Team.Mafia ? clanCheck(m, d, sought) : townRoleCheck(m, d);
}

/** Town's team check: the most suspicious player he knows nothing certain about, with the check's taste. */
function teamCheck(m: Mind, d: Decision): number {
  const b = m.b;
  b.refreshTrust();
  const known = m.view.known;
  const opts = d.options;
  for (let i = 0; i < opts.length; i++) {
    const s = opts[i]!;
    // A liar's claim already shows him; a check is better spent elsewhere.
    m.scores[s] = known[s] !== UNKNOWN ? NEVER : b.enemy(s) - (b.liar[s] ? 3 : 0);
  }
  return bestOption(m, d, m.p['commissar.checkNoise']!);
}

/**
 * The clan's check (for a role, or a team): the non-mate it has not checked
 * whose public acts hurt it most, a public claimant of the sought role
 * last (his claim already tells, and the shot goes to him: black.ts), with
 * the taste `don.checkNoise`.
 */
function clanCheck(m: Mind, d: Decision, sought: number): number {
  const b = m.b;
  const known = m.view.known;
  b.recountBlackActs();
  const opts = d.options;
  for (let i = 0; i < opts.length; i++) {
    const s = opts[i]!;
    // A mate, a seat a check of his already told (a team check's result is a fact), or one checked for the role.
    if (known[s] !== UNKNOWN || m.roleFound[s] !== 0) {
      m.scores[s] = NEVER;
      continue;
    }
    const claimed = sought !== NO_ROLE && b.claimRole[s] === sought;
    m.scores[s] = claimed ? -5 : m.p['mafia.accuserWeight']! * b.actsAgainstBlack(s) + 0.5 * b.lastVoteOf(s, m.view.day);
  }
  return bestOption(m, d, m.p['don.checkNoise']!);
}

/** A Town checker for a role (a rules file's "is he the Don?"): the likeliest enemy he has not checked yet. */
function townRoleCheck(m: Mind, d: Decision): number {
  const b = m.b;
  b.refreshTrust();
  const opts = d.options;
  for (let i = 0; i < opts.length; i++) {
    const s = opts[i]!;
    m.scores[s] = m.roleFound[s] !== 0 || m.view.known[s] === Team.Town ? NEVER : b.enemy(s);
  }
  return bestOption(m, d, m.p['commissar.checkNoise']!);
}

/** The result of his check for a role (to him only): kept, and told to the clan by a clan checker. */
export function onRoleCheck(m: Mind, e: Extract<GameEvent, { type: 'role-check' }>): void {
  m.roleFound[e.target] = e.found ? 1 : -1;
  if (m.view.team === Team.Mafia) m.clan.tellFound(e.target, e.found);
}
