// The night's requests: every active player sends one (his night ability,
// hunt, death note, the mafia's shot), and they resolve together afterwards
// (nightSteps.ts). One Night is reused all game: it lists tonight's actors,
// shooters and hunters, so the steps visit only them and clearing it
// touches only what was written.

import { NONE } from './agent.js';
import { NO_TARGETS } from './asking.js';
import { Audience, Choice } from './events.js';
import { MAX_SHOTS } from './options.js';
import { ABILITY_CHOICE, Ability, NO_ROLE, type RoleBook } from './roleBook.js';
import { Team } from './roles.js';
import type { NightStep } from './nightSteps.js';
import type { Table } from './table.js';

/** What the night's requests and their resolution so far hold. */
export class Night {
  /** The night ability's target per seat (freeze, heal, check, maniac, kamikaze, gun, silence), or NONE. */
  readonly act: Int16Array;
  /** Shot request per seat for each of tonight's shots (`mafia.shots`), or NONE. */
  readonly shots: readonly Int16Array[];
  /** The mafia's shots tonight. */
  shotCount = 0;
  readonly hunt: Int16Array;
  /** The Commissar asked to leave his note with tonight's result. */
  readonly wantsNote: Uint8Array;
  readonly frozen: Uint8Array;
  /** Protections on each seat tonight that stop the mafia's shot: each stops one shot. */
  readonly healed: Uint8Array;
  /** The causes the protections on each seat stop tonight, one bit per DeathCause. */
  readonly guard: Int16Array;
  /** Seats the team's shot turns tonight (the Cursed), applied once the night's deaths are done. */
  readonly turned: Uint8Array;
  turnedAny = false;
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
  /** The resolution steps this table's roles use (nightSteps.ts), found at the first night. */
  steps: readonly NightStep[] | null = null;

  constructor(n: number) {
    this.act = new Int16Array(n).fill(NONE);
    this.shots = Array.from({ length: MAX_SHOTS }, () => new Int16Array(n).fill(NONE));
    this.hunt = new Int16Array(n).fill(NONE);
    this.wantsNote = new Uint8Array(n);
    this.frozen = new Uint8Array(n);
    this.healed = new Uint8Array(n);
    this.guard = new Int16Array(n);
    this.turned = new Uint8Array(n);
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
        this.guard[s] = 0;
        this.shotsStopped[s] = 0;
      }
      this.marksSet = false;
    }
    if (this.turnedAny) {
      for (let s = 0; s < this.turned.length; s++) this.turned[s] = 0;
      this.turnedAny = false;
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
  const shoots = t.book.shoots;
  let k = 0;
  for (let i = 0; i < t.aliveCount; i++) {
    const s = t.living[i]!;
    if (shoots[t.role[s]!]) into[k++] = s;
  }
  return k > 0 ? k : livingAloneShooters(t, into);
}

/**
 * Under `don-decides`: the leader if he lives, else (with succession, or
 * when no leader was dealt) the first living shooter, else the Putana when
 * she shoots alone. The scan stops
 * as soon as the answer is known.
 */
function oneShooter(t: Table, into: Int16Array): number {
  const { shoots, leader } = t.book;
  const leaders = livingWith(t, t.roleLists.shootingLeaders);
  let first = NONE;
  for (let i = 0; i < t.aliveCount; i++) {
    const s = t.living[i]!;
    const role = t.role[s]!;
    if (!shoots[role]) continue;
    if (leader[role]) {
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
  return livingAloneShooters(t, into) > 0 ? 1 : 0;
}

/** The living players who shoot only with the shooters gone (the Putana, under `putana.shootsWhenAlone`). */
function livingAloneShooters(t: Table, into: Int16Array): number {
  if (livingWith(t, t.roleLists.aloneShooters) === 0) return 0;
  const alone = t.book.shootsAlone;
  let k = 0;
  for (let i = 0; i < t.aliveCount; i++) if (alone[t.role[t.living[i]!]!]) into[k++] = t.living[i]!;
  return k;
}

/** Asks every living player for tonight's requests. `allowHunt` is false on a turn without hunting. */
export function collectRequests(t: Table, night: Night, allowHunt: boolean): void {
  const o = t.rules.options;
  const hunting = o['hunt.enabled'] && allowHunt;
  const notes = o['deathNote.enabled'];
  // Without hunting or notes, only role actions are asked: skip the round if no actor lives.
  const everyone = hunting || notes || livingWith(t, t.roleLists.actors) > 0;
  const canHunt = t.book.canHunt;
  const action = t.roleAction;
  if (hunting || notes) t.asker.beginOthers(); // hunts and notes may name any other living player; nobody dies until the night resolves
  for (let i = 0; everyone && i < t.aliveCount; i++) {
    const s = t.living[i]!;
    const role = t.role[s]!;
    if (hunting && canHunt[role] && t.team[s] === Team.Town) askHunt(t, night, i);
    if (night.hunt[s] === NONE) askRoleAction(t, night, s, action[role] as Ability);
    else t.noteTarget(s, NONE); // a night spent hunting breaks a run of heals or freezes
    if (notes && t.deathNoteTo[s]! < 0) {
      const to = t.asker.askOthers(i, Choice.DeathNote, true);
      if (to !== NONE) t.writeDeathNote(s, to);
    }
  }
  // The first night may be the clan's meeting only (`mafia.firstNight`): nobody is asked for the shot.
  night.shooterCount = t.day > 1 || o['mafia.firstNight'] ? mafiaShooters(t, night.shooters) : 0;
  night.shotCount = night.shooterCount > 0 ? shotsTonight(t) : 0;
  const mayPass = o['mafia.killRule'] !== 'don-decides';
  // Shot by shot: the decision's round says which shot (0, 1, ...); two shots may name one player.
  for (let j = 0; j < night.shotCount; j++) {
    const shot = night.shots[j]!;
    for (let i = 0; i < night.shooterCount; i++) {
      const s = night.shooters[i]!;
      const target = t.asker.askLiving(s, Choice.Shoot, mayPass, j, s, s);
      if (target === NO_TARGETS) continue;
      shot[s] = target;
      if (t.log !== null) t.emit({ type: 'request', seat: s, choice: Choice.Shoot, target }, Audience.Host);
    }
  }
}

/** Tonight's shots: `mafia.shots` for the living shooters, plus the extra shots a dead Wolf Cub left (used up tonight). */
function shotsTonight(t: Table): number {
  const shots = t.shotsTonight[livingShooters(t)]!;
  if (t.marks.extraShots === 0) return shots;
  const more = Math.min(MAX_SHOTS, shots + t.marks.extraShots);
  t.marks.extraShots = 0;
  return more;
}

/** Living players of the shooting roles, or of those who shoot alone: what `mafia.shots` counts. */
function livingShooters(t: Table): number {
  const k = livingWith(t, t.roleLists.shooters);
  return k > 0 ? k : livingWith(t, t.roleLists.aloneShooters);
}

/** The role lists the night's loops count the living of, built once per table from its RoleBook. */
export class NightRoles {
  /** Roles with a night ability of their own (not the shot). */
  readonly actors: Int8Array;
  readonly shooters: Int8Array;
  readonly shootingLeaders: Int8Array;
  /** Roles that shoot when no shooter lives, under these rules (a Putana under `putana.shootsWhenAlone`). */
  readonly aloneShooters: Int8Array;
  /** Roles a game of these counts can hold: the dealt ones and what they turn into or succeed to. */
  readonly inPlay: readonly number[];
  /** Some role in play leaves the Commissar's note; has a last shot; sets something off when he dies (a Bomb, a Wolf Cub). */
  readonly notes: boolean;
  readonly lastShots: boolean;
  readonly deathEffects: boolean;
  /** Roles in play that assist another (the Sergeant), turn when the leader dies (the Foundling), see the clan unseen (the Minion). */
  readonly assistants: readonly number[];
  readonly leaderTurners: readonly number[];
  readonly clanSeers: readonly number[];

  constructor(book: RoleBook, counts: readonly number[]) {
    const inPlay = (this.inPlay = book.reachable(counts));
    this.notes = inPlay.some((r) => book.note[r] === 1);
    this.lastShots = inPlay.some((r) => book.lastShot[r] === 1);
    this.deathEffects = inPlay.some((r) => book.blast[r] === 1 || book.extraShots[r]! > 0);
    this.assistants = inPlay.filter((r) => book.assists[r] !== NO_ROLE);
    this.leaderTurners = inPlay.filter((r) => book.turnsOnLeaderDeath[r] === 1);
    this.clanSeers = inPlay.filter((r) => book.seesClan[r] === 1);
    const where = (test: (r: number) => boolean): Int8Array => Int8Array.from(Array.from({ length: book.count }, (_, r) => r).filter(test));
    this.actors = where((r) => book.action[r] !== Ability.None);
    this.shooters = where((r) => book.shoots[r] === 1);
    this.shootingLeaders = where((r) => book.leader[r] === 1 && book.shoots[r] === 1);
    this.aloneShooters = where((r) => book.shootsAlone[r] === 1);
  }
}

export function livingWith(t: Table, roles: Int8Array): number {
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
  if (t.log !== null) t.emit({ type: 'request', seat: s, choice: Choice.Hunt, target }, Audience.Host);
}

/**
 * A night ability's decision, from the role's row: the choice it is asked
 * as, the legal targets (himself only for a protector allowed to; never a
 * known mate for the Kamikaze; repeat limits), whether he may pass, and for
 * a check the once-a-game note.
 */
function askRoleAction(t: Table, night: Night, s: number, action: Ability): void {
  if (action === Ability.None) return;
  const book = t.book;
  const role = t.role[s]!;
  const max = book.repeatMax[role]!;
  /** Under a `nights-running` limit the streak counts nights acted, whatever the target. */
  const running = book.repeatRunning[role] === 1;
  if (running && mustRest(t, s, max)) return;
  if (action === Ability.Gun && !gunMayFire(t, s, role)) return;
  const except = action === Ability.Protect && book.selfAllowed[role] ? -1 : s;
  const choice = ABILITY_CHOICE[action] as Choice;
  const target = t.asker.askLiving(s, choice, book.mayPass[role] === 1, 0, except, action === Ability.Kamikaze ? s : -1, max > 0 && !running ? s : -1, max);
  if (target === NO_TARGETS) return;
  t.noteTarget(s, running && target !== NONE ? ACTED : target);
  if (target === NONE) {
    // Only a player who may pass can answer NONE: logged, so a Doctor who passed reads apart from one never asked.
    if (t.log !== null) t.emit({ type: 'pass', seat: s, choice }, Audience.Host);
    return;
  }
  night.act[s] = target;
  night.actors[night.actorCount++] = s;
  // A bullet fired is spent, even if a freeze or a heal makes it miss.
  if (action === Ability.Gun) t.vigilanteFired[s]!++;
  if (t.log !== null) t.emit({ type: 'request', seat: s, choice, target }, Audience.Host);
  if (action === Ability.Check && book.note[role] && !t.noteUsed[s]) {
    const only = t.asker.lists.sized(1);
    only[0] = target;
    night.wantsNote[s] = t.asker.ask(s, Choice.CommissarNote, only, true) === target ? 1 : 0;
  }
}

/** Bullets left (`vigilante.shots` for the Vigilante), and not night 1 unless the gun may fire then. */
function gunMayFire(t: Table, s: number, role: number): boolean {
  return t.vigilanteFired[s]! < t.book.bullets[role]! && (t.day > 1 || t.book.firstNight[role] === 1);
}
