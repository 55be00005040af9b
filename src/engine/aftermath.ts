// What follows deaths and removals: the dying Commissar's last shot,
// succession (a Sergeant becomes the Commissar), the Foundling's turn when
// the Boss dies, death notes, and what the clan and the Sergeants learn at
// the deal and after such changes. Each step first checks the living counts,
// so a game without these roles pays nothing for them.

import { NONE } from './agent.js';
import { Audience, Choice, DeathCause } from './events.js';
import { Role, Team } from './roles.js';
import type { Table } from './table.js';

/**
 * After a batch of deaths (those since `mark`, see Table.deathMark): dead
 * Commissars fire their last shot (which may kill another Commissar), then
 * succession and the Foundling's turn.
 */
export function afterDeaths(t: Table, mark: number): void {
  if (t.rules.options['commissar.lastShot']) fireLastShots(t, mark);
  afterRemovals(t);
}

/** After players leave the game silently (fouls, inactivity): succession and the Foundling, but no last shot. */
export function afterRemovals(t: Table): void {
  promoteSergeant(t);
  turnFoundlings(t);
}

/** Whether a Commissar with his last shot unused is among the deaths since `mark` (usually not: then no scan). */
function commissarDiedSince(t: Table, mark: number): boolean {
  for (let k = mark; k < t.deathMark(); k++) {
    const s = t.deathSeq[k]!;
    if (t.role[s] === Role.Commissar && !t.lastShotUsed[s]) return true;
  }
  return false;
}

function fireLastShots(t: Table, mark: number): void {
  if (!commissarDiedSince(t, mark)) return;
  let fired = true;
  while (fired) {
    fired = false;
    for (let s = 0; s < t.n; s++) {
      if (!t.diedSince(s, mark) || t.role[s] !== Role.Commissar || t.lastShotUsed[s]) continue;
      t.lastShotUsed[s] = 1;
      const targets = t.asker.livingTargets(s);
      if (targets.length === 0) continue;
      const target = t.asker.ask(s, Choice.LastShot, targets, true);
      if (target === NONE) {
        if (t.listening) t.emit({ type: 'pass', seat: s, choice: Choice.LastShot }, Audience.Host);
        continue;
      }
      if (t.listening) t.emit({ type: 'last-shot', shooter: s, target }, Audience.Public);
      t.kill(target, DeathCause.LastShot, s, 'last-shot');
      fired = true;
    }
  }
}

function promoteSergeant(t: Table): void {
  if (t.aliveRole[Role.Commissar]! > 0 || t.aliveRole[Role.Sergeant] === 0) return;
  for (let s = 0; s < t.n; s++) {
    if (!t.alive[s] || t.role[s] !== Role.Sergeant) continue;
    t.setRole(s, Role.Commissar, t.team[s] as Team);
    t.views[s]!.role = Role.Commissar;
    if (t.listening) t.emit({ type: 'promoted', seat: s, role: Role.Commissar }, s);
    tellSergeants(t);
    return;
  }
}

function turnFoundlings(t: Table): void {
  if (!t.bossDead || t.aliveRole[Role.Foundling] === 0) return;
  for (let s = 0; s < t.n; s++) {
    if (!t.alive[s] || t.role[s] !== Role.Foundling) continue;
    t.setRole(s, Role.Mafia, Team.Mafia);
    t.views[s]!.role = Role.Mafia;
    t.views[s]!.team = Team.Mafia;
    if (t.listening) t.emit({ type: 'promoted', seat: s, role: Role.Mafia }, s);
  }
  tellClan(t, true);
}

/** Each member of the clan (living ones only, once the game is under way) learns the others and gets a `mates` event. */
export function tellClan(t: Table, livingOnly: boolean): void {
  const clan = t.scratch;
  let k = 0;
  for (let s = 0; s < t.n; s++) if ((!livingOnly || t.alive[s]) && t.knowsClan(s)) clan[k++] = s;
  const event = t.listening ? { type: 'mates' as const, seats: Array.from(clan.subarray(0, k)) } : null;
  for (let i = 0; i < k; i++) {
    const view = t.views[clan[i]!]!;
    for (let j = 0; j < k; j++) view.learn(clan[j]!, Team.Mafia);
    if (event) t.emit(event, clan[i]!);
  }
}

/** A Sergeant knows the Commissar (at the deal, and again after a promotion). */
export function tellSergeants(t: Table): void {
  if (t.aliveRole[Role.Sergeant] === 0) return;
  const commissars = t.scratch;
  let k = 0;
  for (let s = 0; s < t.n; s++) if (t.alive[s] && t.role[s] === Role.Commissar) commissars[k++] = s;
  const event = t.listening ? { type: 'commissar-known' as const, seats: Array.from(commissars.subarray(0, k)) } : null;
  for (let s = 0; s < t.n; s++) {
    if (!t.alive[s] || t.role[s] !== Role.Sergeant) continue;
    for (let i = 0; i < k; i++) t.views[s]!.learn(commissars[i]!, Team.Town);
    if (event) t.emit(event, s);
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
