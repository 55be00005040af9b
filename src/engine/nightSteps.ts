// The night's resolution: all requests resolve together in the fixed order
// of NIGHT_STEPS (freeze, heal, shots, the Vigilante, hunt, checks), then the deaths and
// what follows them. The order and who a heal saves from are tables, not
// branches spread over the engine; each step visits only tonight's actors.

import { NONE } from './agent.js';
import { afterDeaths } from './aftermath.js';
import { Audience, Choice, DeathCause, type GameEvent } from './events.js';
import type { Night } from './night.js';
import type { Options } from './options.js';
import { Action, ROLE_ACTION, ROLE_IMMUNE, Role, Team } from './roles.js';
import type { Table } from './table.js';
import { KNOWN_NOT_MAFIA } from './view.js';

/** Which causes of death a heal stops, given the options. */
function healStops(cause: DeathCause, o: Options): boolean {
  switch (cause) {
    case DeathCause.Mafia:
      return true;
    case DeathCause.Hunt:
      return o['doctor.savesFromHunt'];
    case DeathCause.Maniac:
      return o['doctor.savesFromManiac'];
    case DeathCause.Kamikaze:
      return o['kamikaze.doctorSaves'];
    case DeathCause.Vigilante:
      return o['doctor.savesFromVigilante'];
    default:
      return false;
  }
}

/** Whether a frozen player's request of this kind is lost (the mafia's shot is not), by Action. */
const FREEZE_BLOCKS = actionTable({ [Action.Heal]: 1, [Action.Check]: 1, [Action.ManiacKill]: 1, [Action.Kamikaze]: 1, [Action.VigilanteShoot]: 1 });

/** The decision each role action is asked as, by Action. */
const ACTION_CHOICE = actionTable({
  [Action.Heal]: Choice.Heal,
  [Action.Check]: Choice.Check,
  [Action.ManiacKill]: Choice.ManiacKill,
  [Action.Kamikaze]: Choice.Kamikaze,
  [Action.VigilanteShoot]: Choice.VigilanteShot,
});

function actionTable(values: Readonly<Record<number, number>>): Int8Array {
  const out = new Int8Array(Object.keys(Action).length);
  for (const [k, v] of Object.entries(values)) out[Number(k)] = v;
  return out;
}

/** Which of tonight's lists a step visits: with that list empty the step does nothing and is not called. */
const Visits = { Actors: 0, Shots: 1, Hunters: 2 } as const;
type Visits = (typeof Visits)[keyof typeof Visits];

interface NightStep {
  readonly name: string;
  readonly visits: Visits;
  run(t: Table, night: Night): void;
}

function requestsFor(night: Night, visits: Visits): number {
  return visits === Visits.Actors ? night.actorCount : visits === Visits.Shots ? night.shotCount : night.hunterCount;
}

/** Whether tonight's actor s (still alive) acts with this action. */
function acts(t: Table, s: number, action: Action): boolean {
  return t.alive[s] === 1 && ROLE_ACTION[t.role[s]!] === action;
}

/** Whether actor s's request is lost to a freeze (logged for the host). */
function blocked(t: Table, night: Night, s: number, action: Action): boolean {
  const frozen = night.frozen[s] === 1 && FREEZE_BLOCKS[action] === 1;
  if (frozen && t.listening) t.emit({ type: 'blocked', seat: s, choice: ACTION_CHOICE[action] as Choice }, Audience.Host);
  return frozen;
}

/** Marks a death attempt; a heal that stops this cause saves the target. Each heal stops one mafia shot. */
function attempt(t: Table, night: Night, seat: number, cause: DeathCause, by: number): void {
  const heals = night.healed[seat]!;
  if (heals > 0 && healStops(cause, t.rules.options) && (cause !== DeathCause.Mafia || night.shotsStopped[seat]! < heals)) {
    if (cause === DeathCause.Mafia) night.shotsStopped[seat]!++;
    if (t.listening) t.emit({ type: 'saved', seat, by, from: cause }, Audience.Host);
    return;
  }
  markDeath(night, seat, cause, by);
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
    if (!acts(t, s, Action.Freeze)) continue;
    blocked(t, night, s, Action.Freeze);
    const target = night.act[s]!;
    night.frozen[target] = 1;
    night.marksSet = true;
    if (t.listening) t.emit({ type: 'frozen', seat: target }, target);
  }
}

function resolveHeals(t: Table, night: Night): void {
  for (let i = 0; i < night.actorCount; i++) {
    const s = night.actors[i]!;
    if (!acts(t, s, Action.Heal) || blocked(t, night, s, Action.Heal)) continue;
    const target = night.act[s]!;
    night.healed[target]!++;
    night.marksSet = true;
    if (t.rules.options['doctor.blocksFreeze']) night.frozen[target] = 0;
  }
}

function resolveManiacs(t: Table, night: Night): void {
  for (let i = 0; i < night.actorCount; i++) {
    const s = night.actors[i]!;
    if (!acts(t, s, Action.ManiacKill) || blocked(t, night, s, Action.ManiacKill)) continue;
    attempt(t, night, night.act[s]!, DeathCause.Maniac, s);
  }
}

function resolveVigilantes(t: Table, night: Night): void {
  for (let i = 0; i < night.actorCount; i++) {
    const s = night.actors[i]!;
    if (!acts(t, s, Action.VigilanteShoot) || blocked(t, night, s, Action.VigilanteShoot)) continue;
    attempt(t, night, night.act[s]!, DeathCause.Vigilante, s);
  }
}

function resolveKamikazes(t: Table, night: Night): void {
  for (let i = 0; i < night.actorCount; i++) {
    const s = night.actors[i]!;
    if (!acts(t, s, Action.Kamikaze) || blocked(t, night, s, Action.Kamikaze)) continue;
    const target = night.act[s]!;
    if (t.role[target] !== Role.Commissar) continue;
    attempt(t, night, target, DeathCause.Kamikaze, s);
    markDeath(night, s, DeathCause.Kamikaze, s);
  }
}

function resolveChecks(t: Table, night: Night): void {
  for (let i = 0; i < night.actorCount; i++) {
    const s = night.actors[i]!;
    if (!acts(t, s, Action.Check) || blocked(t, night, s, Action.Check)) continue;
    const target = night.act[s]!;
    const value = t.checkValue(target);
    night.checked[s] = value;
    const learns = t.rules.options['commissar.learnsKiller'] && night.dies[target] !== -1;
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
    // The Sergeant gets every result the Commissar gets, the killer included.
    tellCheck(t, night, s, target, value, learns, event);
    if (t.aliveRole[Role.Sergeant] === 0) continue;
    for (let g = 0; g < t.n; g++) if (t.alive[g] && t.role[g] === Role.Sergeant) tellCheck(t, night, g, target, value, learns, event);
  }
}

function tellCheck(t: Table, night: Night, seat: number, target: number, value: number, learns: boolean, event: GameEvent | null): void {
  const view = t.views[seat]!;
  view.learn(target, value);
  if (learns) view.learn(night.killer[target]!, t.team[night.killer[target]!]!);
  if (event) t.emit(event, seat);
}

/** The night's resolution order. Checks come last so a Commissar can learn who killed his target. */
export const NIGHT_STEPS: readonly NightStep[] = [
  { name: 'freeze', visits: Visits.Actors, run: resolveFreezes },
  { name: 'heal', visits: Visits.Actors, run: resolveHeals },
  { name: 'mafia-shot', visits: Visits.Shots, run: resolveMafiaShot },
  { name: 'maniac', visits: Visits.Actors, run: resolveManiacs },
  { name: 'vigilante', visits: Visits.Actors, run: resolveVigilantes },
  { name: 'kamikaze', visits: Visits.Actors, run: resolveKamikazes },
  { name: 'hunt', visits: Visits.Hunters, run: resolveHunt },
  { name: 'check', visits: Visits.Actors, run: resolveChecks },
];

/** Each of tonight's shots (`mafia.shots`) in turn: the clan's requests become one target, then the attempt. */
function resolveMafiaShot(t: Table, night: Night): void {
  for (let j = 0; j < night.shotCount; j++) resolveShot(t, night, night.shots[j]!, j);
}

function resolveShot(t: Table, night: Night, shot: Int16Array, j: number): void {
  const rule = t.rules.options['mafia.killRule'];
  let target = NONE;
  let by = NONE;
  let split = false;
  for (let i = 0; i < night.shooterCount; i++) {
    const s = night.shooters[i]!;
    const x = shot[s]!;
    if (x === NONE) continue;
    if (target === NONE) {
      target = x;
      by = s;
    } else if (x !== target) split = true;
  }
  if (target === NONE) return;
  if (split && rule === 'unanimous') {
    if (t.listening) t.emit({ type: 'shot-failed', target: NONE, reason: 'split' }, Audience.Host);
    return;
  }
  if (split && rule === 'plurality') {
    target = pluralityTarget(night, shot);
    if (target === NONE) {
      if (t.listening) t.emit({ type: 'shot-failed', target: NONE, reason: 'split' }, Audience.Host);
      return;
    }
    by = shot.indexOf(target); // the first seat naming the target: the kill is his, not that of a mate outvoted
  }
  if (t.listening) t.emit({ type: 'mafia-target', target, shot: j }, Audience.Host);
  if (ROLE_IMMUNE[t.role[target]!]) {
    if (t.listening) t.emit({ type: 'shot-failed', target, reason: 'foundling' }, Audience.Host);
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
  const onManiac = t.role[target] === Role.Maniac && t.rules.options['hunt.onManiac'] === 'target-dies';
  if (t.team[target] === Team.Mafia || onManiac) attempt(t, night, target, DeathCause.Hunt, hunter);
  else attempt(t, night, hunter, DeathCause.HuntMiss, hunter);
}

/** Resolves the night, applies its deaths and what follows them, and reads the Commissar's note. */
export function resolveNight(t: Table, night: Night): void {
  // A step is a call through the table (one site for eight functions, never inlined): skip those with nothing to visit.
  for (const step of NIGHT_STEPS) if (requestsFor(night, step.visits) > 0) step.run(t, night);
  const mark = t.deathMark();
  for (let i = 0; i < night.doomedCount; i++) {
    const s = night.doomed[i]!;
    t.kill(s, night.dies[s] as DeathCause, night.killer[s]!, 'night');
  }
  afterDeaths(t, mark);
  readCommissarNotes(t, night);
}

function readCommissarNotes(t: Table, night: Night): void {
  if (!t.rules.options['commissar.note']) return;
  for (let i = 0; i < night.actorCount; i++) {
    const s = night.actors[i]!;
    if (!night.wantsNote[s] || t.noteUsed[s]) continue;
    t.noteUsed[s] = 1;
    const value = night.checked[s]!;
    const target = night.act[s]!;
    if (t.alive[s] || value === -1) {
      // Only the host sees a note burn: the table never learns one was left.
      if (t.listening) t.emit({ type: 'note-burned', commissar: s, target, reason: t.alive[s] ? 'alive' : 'frozen' }, Audience.Host);
      continue;
    }
    for (const v of t.views) v.learn(target, value);
    if (t.listening) t.emit({ type: 'commissar-note', commissar: s, target, black: value === Team.Mafia, notMafiaOnly: value === KNOWN_NOT_MAFIA }, Audience.Public);
  }
}
