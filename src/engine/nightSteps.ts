// The night's resolution: all requests resolve together in the fixed order
// of NIGHT_STEPS, a table keyed by ability (freeze, protect, the team's
// shots, own kills, guns, the Kamikaze, hunts, blasts, silences, checks),
// then the deaths and what follows them. What a protection stops, what a
// check reveals and what a shot does to its target are the roles' rows
// (RoleBook); each step visits only tonight's actors, and a table runs only
// the steps its roles can use.

import { NONE } from './agent.js';
import { BLASTED, afterDeaths, blastAround, tellClan } from './aftermath.js';
import { Audience, Choice, DeathCause, type GameEvent } from './events.js';
import type { Night } from './night.js';
import { ABILITY_CHOICE, Ability, FREEZE_LOSES, NO_ROLE, Named, OnShot } from './roleBook.js';
import { Team } from './roles.js';
import type { Table } from './table.js';
import { KNOWN_NOT_MAFIA } from './view.js';

const MAFIA_STOP = 1 << DeathCause.Mafia;

/** Which of tonight's lists a step visits: with that list empty the step does nothing and is not called. */
const Visits = { Actors: 0, Shots: 1, Hunters: 2, Doomed: 3 } as const;
type Visits = (typeof Visits)[keyof typeof Visits];

export interface NightStep {
  readonly name: string;
  readonly visits: Visits;
  /** Whether a table needs this step at all (its roles can use the ability). */
  inPlay(t: Table): boolean;
  run(t: Table, night: Night): void;
}

function requestsFor(night: Night, visits: Visits): number {
  return visits === Visits.Actors ? night.actorCount : visits === Visits.Shots ? night.shotCount : visits === Visits.Hunters ? night.hunterCount : night.doomedCount;
}

/** Whether tonight's actor s (still alive) acts with this ability. */
function acts(t: Table, s: number, action: Ability): boolean {
  return t.alive[s] === 1 && t.roleAction[t.role[s]!] === action;
}

/** Whether actor s's request is lost to a freeze (logged for the host). */
function blocked(t: Table, night: Night, s: number, action: Ability): boolean {
  const frozen = night.frozen[s] === 1 && FREEZE_LOSES[action] === 1;
  if (frozen && t.log !== null) t.emit({ type: 'blocked', seat: s, choice: ABILITY_CHOICE[action] as Choice }, Audience.Host);
  return frozen;
}

/** Whether tonight's protections on `seat` stop this attempt (logged); each protection stops one mafia shot. */
function stopped(t: Table, night: Night, seat: number, cause: DeathCause, by: number): boolean {
  if (((night.guard[seat]! >> cause) & 1) === 0 || (cause === DeathCause.Mafia && night.shotsStopped[seat]! >= night.healed[seat]!)) return false;
  if (cause === DeathCause.Mafia) night.shotsStopped[seat]!++;
  if (t.log !== null) t.emit({ type: 'saved', seat, by, from: cause }, Audience.Host);
  return true;
}

/** Marks a death attempt, unless a protection that stops this cause saves the target. */
function attempt(t: Table, night: Night, seat: number, cause: DeathCause, by: number): void {
  if (!stopped(t, night, seat, cause, by)) markDeath(night, seat, cause, by);
}

function markDeath(night: Night, seat: number, cause: DeathCause, by: number): void {
  if (night.dies[seat] !== -1) return;
  night.dies[seat] = cause;
  night.killer[seat] = by;
  let i = night.doomedCount++;
  for (; i > 0 && night.doomed[i - 1]! > seat; i--) night.doomed[i] = night.doomed[i - 1]!;
  night.doomed[i] = seat;
}

function resolveFreezes(t: Table, night: Night): void {
  for (let i = 0; i < night.actorCount; i++) {
    const s = night.actors[i]!;
    if (!acts(t, s, Ability.Block)) continue;
    const target = night.act[s]!;
    night.frozen[target] = 1;
    night.marksSet = true;
    if (t.listening) t.emit({ type: 'frozen', seat: target }, target);
  }
}

function resolveProtections(t: Table, night: Night): void {
  const book = t.book;
  for (let i = 0; i < night.actorCount; i++) {
    const s = night.actors[i]!;
    if (!acts(t, s, Ability.Protect) || blocked(t, night, s, Ability.Protect)) continue;
    const role = t.role[s]!;
    const target = night.act[s]!;
    const stops = book.stops[role]!;
    if (stops & MAFIA_STOP) night.healed[target]!++;
    night.guard[target]! |= stops;
    night.marksSet = true;
    if (book.unfreezes[role]) night.frozen[target] = 0;
  }
}

/** The night's own kills of one ability (the Maniac's knife, the Vigilante's gun), each with its cause. */
function resolveKills(t: Table, night: Night, action: Ability, cause: DeathCause): void {
  for (let i = 0; i < night.actorCount; i++) {
    const s = night.actors[i]!;
    if (!acts(t, s, action) || blocked(t, night, s, action)) continue;
    attempt(t, night, night.act[s]!, cause, s);
  }
}

function resolveKamikazes(t: Table, night: Night): void {
  for (let i = 0; i < night.actorCount; i++) {
    const s = night.actors[i]!;
    if (!acts(t, s, Ability.Kamikaze) || blocked(t, night, s, Ability.Kamikaze)) continue;
    const target = night.act[s]!;
    if (t.role[target] !== t.book.kamikazeTarget[t.role[s]!]) continue;
    attempt(t, night, target, DeathCause.Kamikaze, s);
    markDeath(night, s, DeathCause.Kamikaze, s);
  }
}

function resolveChecks(t: Table, night: Night): void {
  const book = t.book;
  for (let i = 0; i < night.actorCount; i++) {
    const s = night.actors[i]!;
    if (!acts(t, s, Ability.Check) || blocked(t, night, s, Ability.Check)) continue;
    const role = t.role[s]!;
    const target = night.act[s]!;
    if (book.reveals[role] !== NO_ROLE) {
      checkRole(t, s, target, book.reveals[role]!);
      continue;
    }
    const value = t.checkValue(target);
    night.checked[s] = value;
    const learns = book.learnsKiller[role] === 1 && night.dies[target] !== -1;
    const event = t.listening
      ? {
          type: 'check' as const,
          checker: s,
          target,
          black: value === Team.Mafia,
          notMafiaOnly: value === KNOWN_NOT_MAFIA,
          killedBy: learns ? night.killer[target]! : NONE,
          cause: learns ? (night.dies[target] as DeathCause) : (-1 as const),
        }
      : null;
    // The assistant (the Sergeant) gets every result the checker gets, the killer included.
    tellCheck(t, night, s, target, value, learns, event);
    const assistant = book.assistant[role]!;
    if (assistant === NO_ROLE || t.aliveRole[assistant] === 0) continue;
    for (let g = 0; g < t.n; g++) if (t.alive[g] && t.role[g] === assistant) tellCheck(t, night, g, target, value, learns, event);
  }
}

function tellCheck(t: Table, night: Night, seat: number, target: number, value: number, learns: boolean, event: GameEvent | null): void {
  const view = t.views[seat]!;
  view.learn(target, value);
  if (learns) view.learn(night.killer[target]!, t.team[night.killer[target]!]!);
  if (event) t.emit(event, seat);
}

/** A check for a role (the Don's for the Sheriff): the checker learns whether the target holds it, and so his team when he does. */
function checkRole(t: Table, s: number, target: number, role: number): void {
  const found = t.role[target] === role;
  if (found) t.views[s]!.learn(target, t.team[target]!);
  if (t.listening) t.emit({ type: 'role-check', checker: s, target, role, found }, s);
}

/** The silenced lose their speech the next day (and their vote, unless the silencer's row lets them keep it). */
function resolveSilences(t: Table, night: Night): void {
  for (let i = 0; i < night.actorCount; i++) {
    const s = night.actors[i]!;
    if (!acts(t, s, Ability.Silence) || blocked(t, night, s, Ability.Silence)) continue;
    t.marks.silenceNext[night.act[s]!] = t.book.silencedVotes[t.role[s]!] ? 1 : 2;
    t.marks.silencePending = true;
  }
}

/** A Bomb dying tonight blasts the nearest player on each side not already dying; a blast may set off another Bomb. */
function resolveBlasts(t: Table, night: Night): void {
  for (let i = 0; i < night.doomedCount; i++) {
    const s = night.doomed[i]!;
    if (!t.book.blast[t.role[s]!] || t.marks.settled[s]! & BLASTED) continue;
    t.marks.settled[s]! |= BLASTED;
    blastAround(t, s, (x) => night.dies[x] === -1, (x) => attempt(t, night, x, DeathCause.Bomb, s));
    i = -1; // the doomed list is kept sorted: start again after a blast
  }
}

const abilityInPlay =
  (action: Ability) =>
  (t: Table): boolean =>
    t.roleLists.inPlay.some((r) => t.book.action[r] === action);

/** The night's resolution order. Checks come last so a Commissar can learn who killed his target. */
export const NIGHT_STEPS: readonly NightStep[] = [
  { name: 'freeze', visits: Visits.Actors, inPlay: abilityInPlay(Ability.Block), run: resolveFreezes },
  { name: 'heal', visits: Visits.Actors, inPlay: abilityInPlay(Ability.Protect), run: resolveProtections },
  { name: 'mafia-shot', visits: Visits.Shots, inPlay: () => true, run: resolveMafiaShot },
  { name: 'maniac', visits: Visits.Actors, inPlay: abilityInPlay(Ability.Kill), run: (t, night) => resolveKills(t, night, Ability.Kill, DeathCause.Maniac) },
  { name: 'vigilante', visits: Visits.Actors, inPlay: abilityInPlay(Ability.Gun), run: (t, night) => resolveKills(t, night, Ability.Gun, DeathCause.Vigilante) },
  { name: 'kamikaze', visits: Visits.Actors, inPlay: abilityInPlay(Ability.Kamikaze), run: resolveKamikazes },
  { name: 'hunt', visits: Visits.Hunters, inPlay: (t) => t.rules.options['hunt.enabled'], run: resolveHunt },
  { name: 'blast', visits: Visits.Doomed, inPlay: (t) => t.roleLists.inPlay.some((r) => t.book.blast[r] === 1), run: resolveBlasts },
  { name: 'silence', visits: Visits.Actors, inPlay: abilityInPlay(Ability.Silence), run: resolveSilences },
  { name: 'check', visits: Visits.Actors, inPlay: abilityInPlay(Ability.Check), run: resolveChecks },
];

/** The steps a table's roles and options can use, in NIGHT_STEPS order. */
export function nightStepsFor(t: Table): readonly NightStep[] {
  return NIGHT_STEPS.filter((step) => step.inPlay(t));
}

/** Each of tonight's shots (`mafia.shots`) in turn: the clan's requests become one target, then the attempt. */
function resolveMafiaShot(t: Table, night: Night): void {
  for (let j = 0; j < night.shotCount; j++) resolveShot(t, night, night.shots[j]!, j);
}

function resolveShot(t: Table, night: Night, shot: Int16Array, j: number): void {
  const rule = t.rules.options['mafia.killRule'];
  let target = NONE;
  let by = NONE;
  let split = false;
  // Under `mafia.holdMisses` a shooter who holds spoils a unanimous shot (sports mafia: all must shoot one player).
  const holdSplits = rule === 'unanimous' && t.rules.options['mafia.holdMisses'];
  for (let i = 0; i < night.shooterCount; i++) {
    const s = night.shooters[i]!;
    const x = shot[s]!;
    if (x === NONE) {
      if (holdSplits) split = true;
      continue;
    }
    if (target === NONE) {
      target = x;
      by = s;
    } else if (x !== target) split = true;
  }
  if (target === NONE) return;
  if (split && rule === 'unanimous') {
    if (t.log !== null) t.emit({ type: 'shot-failed', target: NONE, reason: 'split' }, Audience.Host);
    return;
  }
  if (split && rule === 'plurality') {
    target = pluralityTarget(night, shot);
    if (target === NONE) {
      if (t.log !== null) t.emit({ type: 'shot-failed', target: NONE, reason: 'split' }, Audience.Host);
      return;
    }
    by = shot.indexOf(target); // the first seat naming the target: the kill is his, not that of a mate outvoted
  }
  if (t.log !== null) t.emit({ type: 'mafia-target', target, shot: j }, Audience.Host);
  const onShot = t.book.onShot[t.role[target]!];
  if (onShot === OnShot.Immune) {
    if (t.log !== null) t.emit({ type: 'shot-failed', target, reason: 'foundling' }, Audience.Host);
    return;
  }
  if (onShot === OnShot.Turns) {
    // A protection stops the bite as it stops a kill; else he turns at the end of the night.
    if (stopped(t, night, target, DeathCause.Mafia, by)) return;
    night.turned[target] = 1;
    night.turnedAny = true;
    if (t.log !== null) t.emit({ type: 'shot-failed', target, reason: 'turned' }, Audience.Host);
    return;
  }
  attempt(t, night, target, DeathCause.Mafia, by);
}

/** The target named by strictly more shooters than any other, or NONE on a tie at the top. */
function pluralityTarget(night: Night, shot: Int16Array): number {
  let best = 0;
  let top = NONE;
  let tied = false;
  for (let i = 0; i < night.shooterCount; i++) {
    const x = shot[night.shooters[i]!]!;
    if (x === NONE) continue;
    let c = 0;
    for (let j = 0; j < night.shooterCount; j++) if (shot[night.shooters[j]!] === x) c++;
    if (c > best) {
      best = c;
      top = x;
      tied = false;
    } else if (c === best && x !== top) tied = true;
  }
  return tied ? NONE : top;
}

/** Of all hunt requests one, drawn at random (the first to arrive), is carried out. */
function resolveHunt(t: Table, night: Night): void {
  let k = 0;
  for (let i = 0; i < night.hunterCount; i++) {
    const s = night.hunters[i]!;
    if (t.alive[s] && !night.frozen[s]) night.pool[k++] = s;
  }
  if (k === 0) return;
  const hunter = night.pool[t.chance.int(k)]!;
  const target = night.hunt[hunter]!;
  const onManiac = t.book.named[t.role[target]!] === Named.Maniac && t.rules.options['hunt.onManiac'] === 'target-dies';
  if (t.team[target] === Team.Mafia || onManiac) attempt(t, night, target, DeathCause.Hunt, hunter);
  else attempt(t, night, hunter, DeathCause.HuntMiss, hunter);
}

/** Resolves the night, applies its deaths and turns and what follows them, and reads the Commissar's note. */
export function resolveNight(t: Table, night: Night): void {
  const steps = (night.steps ??= nightStepsFor(t));
  // A step is a call through the table (one site for all the functions, never inlined): skip those with nothing to visit.
  for (const step of steps) if (requestsFor(night, step.visits) > 0) step.run(t, night);
  const mark = t.deathMark();
  for (let i = 0; i < night.doomedCount; i++) {
    const s = night.doomed[i]!;
    t.kill(s, night.dies[s] as DeathCause, night.killer[s]!, 'night');
  }
  if (night.turnedAny) applyTurns(t, night);
  afterDeaths(t, mark);
  readCommissarNotes(t, night);
}

/** The players the shot turned tonight (the Cursed) join the clan, if nothing else killed them. */
function applyTurns(t: Table, night: Night): void {
  for (let s = 0; s < t.n; s++) {
    if (!night.turned[s] || !t.alive[s]) continue;
    const into = t.book.turnsInto[t.role[s]!]!;
    t.setRole(s, into, t.teamOf(into));
    t.views[s]!.role = into;
    t.views[s]!.team = t.teamOf(into);
    if (t.listening) t.emit({ type: 'promoted', seat: s, role: into }, s);
  }
  tellClan(t, true);
}

function readCommissarNotes(t: Table, night: Night): void {
  if (!t.roleLists.notes) return;
  for (let i = 0; i < night.actorCount; i++) {
    const s = night.actors[i]!;
    if (!night.wantsNote[s] || t.noteUsed[s]) continue;
    t.noteUsed[s] = 1;
    const value = night.checked[s]!;
    const target = night.act[s]!;
    if (t.alive[s] || value === -1) {
      // Only the host sees a note burn: the table never learns one was left.
      if (t.log !== null) t.emit({ type: 'note-burned', commissar: s, target, reason: t.alive[s] ? 'alive' : 'frozen' }, Audience.Host);
      continue;
    }
    for (const v of t.views) v.learn(target, value);
    if (t.listening) t.emit({ type: 'commissar-note', commissar: s, target, black: value === Team.Mafia, notMafiaOnly: value === KNOWN_NOT_MAFIA }, Audience.Public);
  }
}
