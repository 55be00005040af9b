// Town's random lynch (Braverman, Etesami and Mossel, "Mafia: a theoretical
// study of players and coalitions in a partial information environment",
// 2008): on a day chosen by the public lot every Town player votes for the
// seat the lot names, so Town's majority lynches a uniformly random living
// player whatever the Mafia vote. A Mafia named by the lot gets every Town
// vote, more than the Mafia have; a Town player named may be outvoted only
// by the Mafia putting their votes on another Town player. So the lynch hits
// the Mafia with chance (Mafia alive) / (alive) exactly, the value no
// information can lower. It reads only the public lot (PlayerView.lot) and
// who is alive, so every Town player names the same seat without talking.

import type { Decision, PlayerView } from '../engine/agent.js';
import { isOption, type Mind } from './mind.js';

/** Today is not a lot day (or the lot's seat cannot be voted for now): vote as usual. */
export const NO_LOT = -2;

/**
 * The seat the lot names today, or NO_LOT. With `vote.byLot` = w, today is
 * a lot day when the lot u < w; the seat is then the living seat at
 * position floor(u / w * living) in seat order (u / w is again uniform). The
 * seat named votes for the next living seat after him (he may not vote for
 * himself, and everyone can work out whom he names). In a revote the lot's
 * seat is voted for only if he is among the tied.
 */
export function lotVote(m: Mind, d: Decision): number {
  const w = m.p['vote.byLot']!;
  if (!(w > 0)) return NO_LOT;
  const view = m.view;
  const u = view.lot;
  if (u >= w) return NO_LOT;
  const named = livingAt(view, Math.floor((u / w) * livingCount(view)));
  const target = named === view.seat ? nextLiving(view, named) : named;
  return target >= 0 && isOption(d, target) ? target : NO_LOT;
}

function livingCount(view: PlayerView): number {
  let n = 0;
  for (let s = 0; s < view.players; s++) if (view.alive[s]) n++;
  return n;
}

/** The living seat at position k (0-based) in seat order, or -1. */
function livingAt(view: PlayerView, k: number): number {
  for (let s = 0; s < view.players; s++) if (view.alive[s] && k-- === 0) return s;
  return -1;
}

/** The first living seat after s, going round the table, or -1 when s is alone. */
function nextLiving(view: PlayerView, s: number): number {
  for (let i = 1; i < view.players; i++) {
    const t = (s + i) % view.players;
    if (view.alive[t]) return t;
  }
  return -1;
}
