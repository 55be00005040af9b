// The night's requests: every active player sends one (role action, hunt,
// death note, the mafia's shot), and they resolve together afterwards
// (nightSteps.ts). One Night is reused all game: it lists tonight's actors,
// shooters and hunters, so the steps visit only them and clearing it
// touches only what was written.

import { NONE } from './agent.js';
import { Audience, Choice } from './events.js';
import { MAX_SHOTS } from './options.js';
import { Action, ROLE_ACTION, ROLE_CAN_HUNT, ROLE_LEADER, Role, Team } from './roles.js';
import type { Table } from './table.js';

/** What the night's requests and their resolution so far hold. */
export class Night {
  /** The role action's target per seat (freeze, heal, check, maniac, kamikaze), or NONE. */
  readonly act: Int16Array;
  /** Shot request per seat for each of tonight's shots (`mafia.shots`), or NONE. */
  readonly shots: readonly Int16Array[];
  /** The mafia's shots tonight. */
  shotCount = 0;
  readonly hunt: Int16Array;
  /** The Commissar asked to leave his note with tonight's result. */
  readonly wantsNote: Uint8Array;
  readonly frozen: Uint8Array;
  /** Heals on each seat tonight: each stops one mafia shot (and any other cause a heal stops). */
  readonly healed: Uint8Array;
  /** Mafia shots at each seat stopped so far by its heals. */
  readonly shotsStopped: Uint8Array;
  /** First unsaved cause of death per seat, or -1; and who caused it. */
  readonly dies: Int8Array;
  readonly killer: Int16Array;
  /** Tonight's check per Commissar, for the note: team value, or -1. */
  readonly checked: Int8Array;
  /** Seats with a role action tonight (act set), in seat order. */
  readonly actors: Int16Array;
  actorCount = 0;
  /** Seats marked to die tonight, in seat order (kept sorted as they are added). */
  readonly doomed: Int16Array;
  doomedCount = 0;
  /** Seats asked for the mafia's shot, in seat order. */
  readonly shooters: Int16Array;
  shooterCount = 0;
  /** Seats that asked to hunt, in seat order; and scratch for the draw among them. */
  readonly hunters: Int16Array;
  hunterCount = 0;
  readonly pool: Int16Array;
  /** Whether frozen/healed hold anything to clear. */
  marksSet = false;

  constructor(n: number) {
    this.act = new Int16Array(n).fill(NONE);
    this.shots = Array.from({ length: MAX_SHOTS }, () => new Int16Array(n).fill(NONE));
    this.hunt = new Int16Array(n).fill(NONE);
    this.wantsNote = new Uint8Array(n);
    this.frozen = new Uint8Array(n);
    this.healed = new Uint8Array(n);
    this.shotsStopped = new Uint8Array(n);
    this.dies = new Int8Array(n).fill(-1);
    this.killer = new Int16Array(n).fill(NONE);
    this.checked = new Int8Array(n).fill(-1);
    this.actors = new Int16Array(n);
    this.doomed = new Int16Array(n);
    this.shooters = new Int16Array(n);
    this.hunters = new Int16Array(n);
    this.pool = new Int16Array(n);
  }

  /** Back to a night without requests, clearing only what the last one wrote. */
  reset(): void {
    for (let i = 0; i < this.actorCount; i++) {
      const s = this.actors[i]!;
      this.act[s] = NONE;
      this.wantsNote[s] = 0;
      this.checked[s] = -1;
    }
    for (let j = 0; j < this.shotCount; j++) for (let i = 0; i < this.shooterCount; i++) this.shots[j]![this.shooters[i]!] = NONE;
    for (let i = 0; i < this.hunterCount; i++) this.hunt[this.hunters[i]!] = NONE;
    this.actorCount = this.shooterCount = this.hunterCount = this.shotCount = 0;
    if (this.marksSet) {
      // Loops, not fill(): TypedArray fill is a call into C++.
      for (let s = 0; s < this.frozen.length; s++) {
        this.frozen[s] = 0;
        this.healed[s] = 0;
        this.shotsStopped[s] = 0;
      }
      this.marksSet = false;
    }
    for (let i = 0; i < this.doomedCount; i++) {
      const s = this.doomed[i]!;
      this.dies[s] = -1;
      this.killer[s] = NONE;
    }
    this.doomedCount = 0;
  }
}

/** Writes the seats whose requests make the mafia's shot tonight (see `mafia.killRule`) to `into`; returns how many. */
export function mafiaShooters(t: Table, into: Int16Array): number {
  const o = t.rules.options;
  if (o['mafia.killRule'] === 'don-decides') return oneShooter(t, into);
  let k = 0;
  for (let i = 0; i < t.aliveCount; i++) {
    const s = t.living[i]!;
    if (ROLE_ACTION[t.role[s]!] === Action.Shoot) into[k++] = s;
  }
  return k > 0 ? k : livingPutanas(t, into);
}

/**
 * Under `don-decides`: the leader if he lives, else (with succession, or
 * when no leader was dealt) the first living shooter, else the Putana when
 * she shoots alone. The scan stops
 * as soon as the answer is known.
 */
function oneShooter(t: Table, into: Int16Array): number {
  const leaders = livingWith(t, SHOOTING_LEADERS);
  let first = NONE;
  for (let i = 0; i < t.aliveCount; i++) {
    const s = t.living[i]!;
    const role = t.role[s]!;
    if (ROLE_ACTION[role] !== Action.Shoot) continue;
    if (ROLE_LEADER[role]) {
      into[0] = s;
      return 1;
    }
    if (first === NONE) first = s;
    if (leaders === 0) break;
  }
  if (first !== NONE) {
    // Without succession only a dead Don stops the shot: a setup dealt without a Don still shoots.
    if (!t.rules.options['mafia.donSuccession'] && t.bossDead) return 0;
    into[0] = first;
    return 1;
  }
  // Putanas shooting alone: the first of them decides (a Putana needs no succession).
  return livingPutanas(t, into) > 0 ? 1 : 0;
}

/** The living Putanas, when the rules let them shoot with the clan gone. */
function livingPutanas(t: Table, into: Int16Array): number {
  if (!t.rules.options['putana.shootsWhenAlone'] || t.aliveRole[Role.Putana] === 0) return 0;
  let k = 0;
  for (let i = 0; i < t.aliveCount; i++) if (t.role[t.living[i]!] === Role.Putana) into[k++] = t.living[i]!;
  return k;
}

/** Asks every living player for tonight's requests. `allowHunt` is false on a turn without hunting. */
export function collectRequests(t: Table, night: Night, allowHunt: boolean): void {
  const o = t.rules.options;
  const hunting = o['hunt.enabled'] && allowHunt;
  const notes = o['deathNote.enabled'];
  // Without hunting or notes, only role actions are asked: skip the round if no actor lives.
  const everyone = hunting || notes || livingWith(t, ACTOR_ROLES) > 0;
  if (hunting || notes) t.asker.beginOthers(); // hunts and notes may name any other living player; nobody dies until the night resolves
  for (let i = 0; everyone && i < t.aliveCount; i++) {
    const s = t.living[i]!;
    const role = t.role[s]!;
    if (hunting && ROLE_CAN_HUNT[role] && t.team[s] === Team.Town) askHunt(t, night, i);
    if (night.hunt[s] === NONE) askRoleAction(t, night, s, ROLE_ACTION[role] as Action);
    else t.noteTarget(s, NONE); // a night spent hunting breaks a run of heals or freezes
    if (notes && t.deathNoteTo[s]! < 0) {
      const to = t.asker.askOthers(i, Choice.DeathNote, true);
      if (to !== NONE) t.writeDeathNote(s, to);
    }
  }
  night.shooterCount = mafiaShooters(t, night.shooters);
  night.shotCount = night.shooterCount > 0 ? t.shotsTonight[livingShooters(t)]! : 0;
  const mayPass = o['mafia.killRule'] !== 'don-decides';
  // Shot by shot: the decision's round says which shot (0, 1, ...); two shots may name one player.
  for (let j = 0; j < night.shotCount; j++) {
    const shot = night.shots[j]!;
    for (let i = 0; i < night.shooterCount; i++) {
      const s = night.shooters[i]!;
      const targets = t.asker.livingTargets(s, s);
      if (targets.length === 0) continue;
      const target = t.asker.ask(s, Choice.Shoot, targets, mayPass, j);
      shot[s] = target;
      if (t.listening) t.emit({ type: 'request', seat: s, choice: Choice.Shoot, target }, Audience.Host);
    }
  }
}

/** Living players of the shooting roles, or the Putanas when they shoot alone: what `mafia.shots` counts. */
function livingShooters(t: Table): number {
  const k = livingWith(t, SHOOTING_ROLES);
  return k > 0 ? k : t.aliveRole[Role.Putana]!;
}

/** Roles with a night request of their own (not the shot), and leaders who shoot. */
const ACTOR_ROLES = rolesWhere((r) => ROLE_ACTION[r] !== Action.None && ROLE_ACTION[r] !== Action.Shoot);
const SHOOTING_ROLES = rolesWhere((r) => ROLE_ACTION[r] === Action.Shoot);
const SHOOTING_LEADERS = rolesWhere((r) => ROLE_LEADER[r] === 1 && ROLE_ACTION[r] === Action.Shoot);

function rolesWhere(test: (r: number) => boolean): Int8Array {
  const out: number[] = [];
  for (let r = 0; r < ROLE_ACTION.length; r++) if (test(r)) out.push(r);
  return Int8Array.from(out);
}

function livingWith(t: Table, roles: Int8Array): number {
  let k = 0;
  for (let i = 0; i < roles.length; i++) k += t.aliveRole[roles[i]!]!;
  return k;
}

/** The streak key of a night acted under a `nights-running` limit: no seat, and not NONE (a night without acting). */
const ACTED = -2;

/** A Doctor or Putana who acted `max` nights running sits this night out (a rest night breaks the run). */
function mustRest(t: Table, s: number, max: number): boolean {
  if (t.repeatAllowed(s, ACTED, max)) return false;
  t.noteTarget(s, NONE);
  return true;
}

/** Hunter living[i] may name any other living player. */
function askHunt(t: Table, night: Night, i: number): void {
  const s = t.living[i]!;
  const target = t.asker.askOthers(i, Choice.Hunt, true);
  if (target === NONE) return;
  night.hunt[s] = target;
  night.hunters[night.hunterCount++] = s;
  if (t.listening) t.emit({ type: 'request', seat: s, choice: Choice.Hunt, target }, Audience.Host);
}

/** Each role action's decision: which choice it is, whose targets are legal, whether it may pass. */
function askRoleAction(t: Table, night: Night, s: number, action: Action): void {
  const o = t.rules.options;
  let choice: Choice;
  let targets: number[];
  let mayPass = false;
  /** Under a `nights-running` limit the streak counts nights acted, whatever the target. */
  let running = false;
  switch (action) {
    case Action.Freeze:
      choice = Choice.Freeze;
      running = o['putana.repeatLimit'] === 'nights-running';
      if (running && mustRest(t, s, o['putana.maxSameTarget'])) return;
      targets = t.asker.livingTargets(s, -1, running ? -1 : s, o['putana.maxSameTarget']);
      mayPass = o['putana.mayPass'];
      break;
    case Action.Heal:
      choice = Choice.Heal;
      running = o['doctor.repeatLimit'] === 'nights-running';
      if (running && mustRest(t, s, o['doctor.maxSameTarget'])) return;
      targets = t.asker.livingTargets(o['doctor.selfHeal'] ? -1 : s, -1, running ? -1 : s, o['doctor.maxSameTarget']);
      mayPass = o['doctor.mayPass'];
      break;
    case Action.Check:
      choice = Choice.Check;
      targets = t.asker.livingTargets(s);
      mayPass = o['commissar.mayPass'];
      break;
    case Action.ManiacKill:
      choice = Choice.ManiacKill;
      targets = t.asker.livingTargets(s);
      mayPass = o['maniac.mayAbstain'];
      break;
    case Action.Kamikaze:
      choice = Choice.Kamikaze;
      targets = t.asker.livingTargets(s, s);
      mayPass = true;
      break;
    case Action.VigilanteShoot:
      if (!vigilanteMayFire(t, s)) return;
      choice = Choice.VigilanteShot;
      targets = t.asker.livingTargets(s);
      mayPass = true;
      break;
    default:
      return;
  }
  if (targets.length === 0) return;
  const target = t.asker.ask(s, choice, targets, mayPass);
  t.noteTarget(s, running && target !== NONE ? ACTED : target);
  if (target === NONE) {
    // Only a player who may pass can answer NONE: logged, so a Doctor who passed reads apart from one never asked.
    if (t.listening) t.emit({ type: 'pass', seat: s, choice }, Audience.Host);
    return;
  }
  night.act[s] = target;
  night.actors[night.actorCount++] = s;
  // A bullet fired is spent, even if a freeze or a heal makes it miss.
  if (action === Action.VigilanteShoot) t.vigilanteFired[s]!++;
  if (t.listening) t.emit({ type: 'request', seat: s, choice, target }, Audience.Host);
  if (action === Action.Check && o['commissar.note'] && !t.noteUsed[s]) {
    const only = t.asker.lists.sized(1);
    only[0] = target;
    night.wantsNote[s] = t.asker.ask(s, Choice.CommissarNote, only, true) === target ? 1 : 0;
  }
}

/** Bullets left (`vigilante.shots`), and not night 1 unless `vigilante.firstNight`. */
function vigilanteMayFire(t: Table, s: number): boolean {
  const o = t.rules.options;
  return t.vigilanteFired[s]! < o['vigilante.shots'] && (t.day > 1 || o['vigilante.firstNight']);
}
