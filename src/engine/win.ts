// Win and draw conditions of both games, driven by the `win.*` options and
// checked after every elimination (docs/rules.md sections 1, 2 and 4). The
// teams are counted as the win checks count them (RoleBook.side: a Minion
// counts with the village); the roles the options name (the Putana, the
// Doctor, the Maniac) are those whose rows answer to the name.

import { Outcome } from './events.js';
import { MANY, NO_ROLE, Named } from './roleBook.js';
import { Team } from './roles.js';
import type { Table } from './table.js';

/** The outcome the board shows now, or -1 if play goes on. O(1): the table keeps the living counts. */
export function winnerOf(t: Table): Outcome | -1 {
  const o = t.rules.options;
  const alive = t.aliveCount;
  // The Putana is always on the Mafia team, so the rest of the team is black minus the Putanas.
  const black = t.aliveSide[Team.Mafia]!;
  const blackNotPutana = black - aliveNamed(t, Named.Putana);
  const loners = t.aliveSide[Team.Maniac]!;
  const maniacs = aliveNamed(t, Named.Maniac);
  const doctors = aliveNamed(t, Named.Doctor);
  if (alive === 0) return Outcome.Draw;
  // A living loner Maniac wins with at most one other player alive (one-on-one) or none (last-standing);
  // two Maniacs are two loners, each the other's "other".
  if (loners > 0 && alive - 1 <= (o['win.maniac'] === 'one-on-one' ? 1 : 0)) {
    return Outcome.Maniac;
  }
  if (black === 0 && (loners === 0 || !o['win.townNeedsManiacDead'])) return Outcome.Town;
  if (o['win.maniacMafiaDraw'] && alive === 2 && maniacs === 1 && blackNotPutana === 1) return Outcome.Draw;
  // The forum text's literal "not fewer than the peaceful" (`town`) leaves a loner Maniac out of the count.
  const others = o['win.parityAgainst'] === 'town' ? t.aliveSide[Team.Town]! : alive - black;
  if (black > 0 && black >= others && !parityBlocked(o['win.parityBlock'], maniacs, doctors)) return Outcome.Mafia;
  return -1;
}

function parityBlocked(rule: 'doctor-and-maniac' | 'maniac' | 'none', maniacs: number, doctors: number): boolean {
  if (rule === 'doctor-and-maniac') return maniacs > 0 && doctors > 0;
  if (rule === 'maniac') return maniacs > 0;
  return false;
}

/** Living players of the roles answering to a name of the options (Named): one role read directly, as a rule. */
function aliveNamed(t: Table, named: number): number {
  const one = t.namedRole[named]!;
  if (one !== MANY) return one === NO_ROLE ? 0 : t.aliveRole[one]!;
  const roles = t.book.namedRoles[named]!;
  let k = 0;
  for (let i = 0; i < roles.length; i++) k += t.aliveRole[roles[i]!]!;
  return k;
}
