// The day's orders: who speaks when, and who makes up his mind and votes
// when. Both are drawn by chance each day (a uniform shuffle of the living),
// so seat number decides neither who leads nor who follows; the vote order
// is not drawn when no player observes anything, since nobody can follow
// anybody then. Under `vote.procedure = nominations` the speaking (and
// nominating) order is the rules' own instead: by seat, one seat later each
// day (FIIM). Orders are indices into `Table.living` (in seat order).

import type { Ballot } from './day.js';
import type { Table } from './table.js';

/** order[0..aliveCount): the indices 0..aliveCount-1 into `Table.living` in a uniform random order (chance stream). */
export function shuffledIndices(t: Table, order: Int16Array): void {
  const m = t.aliveCount;
  for (let i = 0; i < m; i++) order[i] = i;
  for (let i = m - 1; i > 0; i--) {
    const j = t.chance.int(i + 1);
    const x = order[i]!;
    order[i] = order[j]!;
    order[j] = x;
  }
}

/**
 * order[0..aliveCount): the living by seat, starting at seat (day - 1) mod n
 * (or the first living seat after it) and wrapping round: FIIM's "the 1st
 * day starts from seat 1, the next day from the next seat". No chance draw.
 */
export function rotatingOrder(t: Table, order: Int16Array): void {
  const m = t.aliveCount;
  const start = (t.day - 1) % t.n;
  let first = 0;
  while (first < m && t.living[first]! < start) first++;
  for (let j = 0; j < m; j++) order[j] = (first + j) % m;
}

/**
 * The order in which the living make up their minds and vote today: a
 * chance step, a uniform shuffle of the living, so who leads the vote (and
 * who follows him) is not decided by seat number. Revotes and the lift-all
 * vote keep it. When no player observes anything (random players) nobody can
 * follow anybody, the order changes nothing, and none is drawn: the votes go
 * by seat, read from `Table.living` itself (no copy).
 */
export function drawVoteOrder(t: Table, b: Ballot): void {
  if (!t.observing) return;
  const m = t.aliveCount;
  b.voterCount = m;
  const order = b.order;
  shuffledIndices(t, order);
  // The seats too: a removal for missed votes shortens `living`, shifting the indices, before a revote.
  for (let i = 0; i < m; i++) b.voters[i] = t.living[order[i]!]!;
}

/**
 * The voters' seats in the day's vote order: `b.voters`, or `Table.living`
 * itself when nobody observes (Table.observing holds for the whole game, so
 * it says what the day's drawVoteOrder did). Read with
 * `voterTotal`: a removal for missed votes shortens the living list, whose
 * seats stay in seat order, so the voters still alive come in the same order.
 * Nobody may die while a round is cast (the loops take the count once).
 */
export function voterList(t: Table, b: Ballot): Int16Array {
  return t.observing ? b.voters : t.living;
}

export function voterTotal(t: Table, b: Ballot): number {
  return t.observing ? b.voterCount : t.aliveCount;
}
