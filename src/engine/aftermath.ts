// What follows deaths and removals, as the roles' rows say: a dying role's
// last shot, a Bomb's blast and a Wolf Cub's extra shots, succession (an
// assistant takes the role he assists: a Sergeant becomes the Commissar),
// the turn of roles that turn when the leader dies (the Foundling), death
// notes, and what the clan and the assistants learn at the deal and after
// such changes. Each step first checks the living counts or the roles in
// play, so a game without these roles pays nothing for them.

import { NONE } from './agent.js';
import { NO_TARGETS } from './asking.js';
import { Audience, Choice, DeathCause } from './events.js';
import { Team } from './roles.js';
import type { Table } from './table.js';

/**
 * After a batch of deaths (those since `mark`, see Table.deathMark): the
 * last shots of the dead who have one (which may kill another), blasts and
 * extra shots, then succession and the turn of roles that turn when the
 * leader dies.
 */
export function afterDeaths(t: Table, mark: number): void {
  const lists = t.roleLists;
  if (lists.lastShots) fireLastShots(t, mark);
  if (lists.deathEffects) {
    // A blast may kill one with a last shot, whose shot may set off a Bomb: until nothing new happens.
    let seen = -1;
    while (seen !== t.deathMark()) {
      seen = t.deathMark();
      deathEffects(t, mark);
      if (lists.lastShots) fireLastShots(t, mark);
    }
  }
  afterRemovals(t);
}

/** After players leave the game silently (fouls, inactivity): succession and the Foundling, but no last shot. */
export function afterRemovals(t: Table): void {
  if (t.roleLists.assistants.length > 0) promoteAssistants(t);
  turnOnLeaderDeath(t);
}

/** Whether one who has a last shot unused is among the deaths since `mark` (usually not: then no scan). */
function lastShooterDiedSince(t: Table, mark: number): boolean {
  for (let k = mark; k < t.deathMark(); k++) {
    const s = t.deathSeq[k]!;
    if (t.book.lastShot[t.role[s]!] && !t.lastShotUsed[s]) return true;
  }
  return false;
}

function fireLastShots(t: Table, mark: number): void {
  if (!lastShooterDiedSince(t, mark)) return;
  let fired = true;
  while (fired) {
    fired = false;
    for (let s = 0; s < t.n; s++) {
      if (!t.diedSince(s, mark) || !t.book.lastShot[t.role[s]!] || t.lastShotUsed[s]) continue;
      t.lastShotUsed[s] = 1;
      const target = t.asker.askLiving(s, Choice.LastShot, true, 0, s);
      if (target === NO_TARGETS) continue;
      if (target === NONE) {
        if (t.log !== null) t.emit({ type: 'pass', seat: s, choice: Choice.LastShot }, Audience.Host);
        continue;
      }
      if (t.listening) t.emit({ type: 'last-shot', shooter: s, target }, Public);
      t.kill(target, DeathCause.LastShot, s, 'last-shot');
      fired = true;
    }
  }
}

const Public = Audience.Public;

/** Table.settled bits: a death's effects are done; a Bomb has blasted (at night, in the night's resolution). */
const SETTLED = 1;
export const BLASTED = 2;

/**
 * The deaths since `mark` that set something off, each once (Table.settled):
 * a Wolf Cub's extra shots for the next night, a Bomb's blast (one that died
 * at night blasted in the night's resolution). A removal sets nothing off.
 * A blast's victims are deaths too, so the scan runs to the end of the
 * growing list.
 */
function deathEffects(t: Table, mark: number): void {
  const book = t.book;
  for (let k = mark; k < t.deathMark(); k++) {
    const s = t.deathSeq[k]!;
    const cause = t.deathCause[s]!;
    if (t.marks.settled[s]! & SETTLED || cause === DeathCause.Fouls || cause === DeathCause.Inactivity) continue;
    const role = t.role[s]!;
    t.marks.extraShots += book.extraShots[role]!;
    if (book.blast[role] && !(t.marks.settled[s]! & BLASTED)) {
      t.marks.settled[s]! |= BLASTED;
      blastAround(t, s, () => true, (x) => t.kill(x, DeathCause.Bomb, s, 'blast'));
    }
    t.marks.settled[s]! |= SETTLED;
  }
}

/** Hits the nearest seat on each side of s that is alive and passes `open` (one hit when both sides find the same seat). */
export function blastAround(t: Table, s: number, open: (seat: number) => boolean, hit: (seat: number) => void): void {
  let right = -1;
  for (let d = 1; d < t.n; d++) {
    const x = (s + d) % t.n;
    if (t.alive[x] && open(x)) {
      right = x;
      break;
    }
  }
  if (right < 0) return;
  hit(right);
  for (let d = 1; d < t.n; d++) {
    const x = (s - d + t.n) % t.n;
    if (x === right) return;
    if (t.alive[x] && open(x)) {
      hit(x);
      return;
    }
  }
}

/** An assistant takes the role he assists when nobody living holds it (a Sergeant becomes the Commissar). */
function promoteAssistants(t: Table): void {
  for (const a of t.roleLists.assistants) {
    const assisted = t.book.assists[a]!;
    if (t.aliveRole[assisted]! > 0 || t.aliveRole[a] === 0) continue;
    for (let s = 0; s < t.n; s++) {
      if (!t.alive[s] || t.role[s] !== a) continue;
      t.setRole(s, assisted, t.team[s] as Team);
      t.views[s]!.role = assisted;
      if (t.listening) t.emit({ type: 'promoted', seat: s, role: assisted }, s);
      tellAssistants(t);
      break;
    }
  }
}

/** Once the leader is dead, the living players of roles that turn then (the Foundling) take their new role and learn the clan. */
function turnOnLeaderDeath(t: Table): void {
  if (!t.bossDead || !anyAlive(t, t.roleLists.leaderTurners)) return;
  for (let s = 0; s < t.n; s++) {
    const role = t.role[s]!;
    if (!t.alive[s] || !t.book.turnsOnLeaderDeath[role]) continue;
    const into = t.book.turnsInto[role]!;
    const team = t.teamOf(into);
    t.setRole(s, into, team);
    t.views[s]!.role = into;
    t.views[s]!.team = team;
    if (t.listening) t.emit({ type: 'promoted', seat: s, role: into }, s);
  }
  tellClan(t, true);
}

function anyAlive(t: Table, roles: readonly number[]): boolean {
  for (let i = 0; i < roles.length; i++) if (t.aliveRole[roles[i]!]! > 0) return true;
  return false;
}

/**
 * Each member of the clan (living ones only, once the game is under way)
 * learns the others and gets a `mates` event; one who sees the clan without
 * being of it (the Minion) learns them too, and they learn nothing of him.
 */
export function tellClan(t: Table, livingOnly: boolean): void {
  const clan = t.scratch;
  const k = clanSeats(t, livingOnly, clan);
  const event = t.listening ? { type: 'mates' as const, seats: Array.from(clan.subarray(0, k)) } : null;
  for (let i = 0; i < k; i++) {
    // A plain store: a mate's team is exact, and an exact team replaces whatever the view held (SeatView.learn).
    const known = t.views[clan[i]!]!.known;
    for (let j = 0; j < k; j++) known[clan[j]!] = Team.Mafia;
    if (event) t.emit(event, clan[i]!);
  }
  if (t.roleLists.clanSeers.length === 0) return;
  for (let s = 0; s < t.n; s++) {
    if (!t.book.seesClan[t.role[s]!] || (livingOnly && !t.alive[s])) continue;
    for (let j = 0; j < k; j++) t.views[s]!.learn(clan[j]!, Team.Mafia);
    if (event) t.emit(event, s);
  }
}

/** Writes the seats that wake with the clan (Table.knowsClan), the living ones only if asked, to `into`; returns how many. */
function clanSeats(t: Table, livingOnly: boolean, into: Int16Array): number {
  let k = 0;
  for (let s = 0; s < t.n; s++) if ((!livingOnly || t.alive[s]) && t.knowsClan(s)) into[k++] = s;
  return k;
}

/** An assistant knows who holds the role he assists (a Sergeant, the Commissar): at the deal, and again after a promotion. */
export function tellAssistants(t: Table): void {
  for (const a of t.roleLists.assistants) {
    if (t.aliveRole[a] === 0) continue;
    const assisted = t.book.assists[a]!;
    const holders = t.scratch;
    let k = 0;
    for (let s = 0; s < t.n; s++) if (t.alive[s] && t.role[s] === assisted) holders[k++] = s;
    const event = t.listening ? { type: 'commissar-known' as const, seats: Array.from(holders.subarray(0, k)) } : null;
    for (let s = 0; s < t.n; s++) {
      if (!t.alive[s] || t.role[s] !== a) continue;
      for (let i = 0; i < k; i++) t.views[s]!.learn(holders[i]!, t.team[holders[i]!]!);
      if (event) t.emit(event, s);
    }
  }
}

/** Whether a death of this cause delivers the writer's note (`deathNote.delivery`); a removal never does. */
function deliversNote(t: Table, cause: DeathCause): boolean {
  if (cause === DeathCause.Fouls || cause === DeathCause.Inactivity) return false;
  if (t.rules.options['deathNote.delivery'] === 'any-death') return true;
  // "killed by the mafia, or at the lynch": the clan's shot and its Kamikaze count as the mafia.
  return cause === DeathCause.Mafia || cause === DeathCause.Kamikaze || cause === DeathCause.Lynch;
}

/** A dead writer's note reaches its living addressee when the cause delivers it: his knowledge passes on. */
export function deliverDeathNote(t: Table, writer: number, cause: DeathCause): void {
  const to = t.deathNoteTo[writer]!;
  const facts = t.deathNoteFacts[writer]!;
  if (to < 0 || !t.alive[to] || !deliversNote(t, cause)) return;
  const view = t.views[to]!;
  for (let s = 0; s < t.n; s++) if (facts[s]! >= 0) view.learn(s, facts[s]!);
  if (t.listening) t.emit({ type: 'death-note', from: writer, to, known: Array.from(facts) }, to);
}

