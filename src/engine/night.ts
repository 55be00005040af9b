// The night: every active player sends a request, then all of them resolve
// together in the fixed order of NIGHT_STEPS (freeze, heal, shots, hunt,
// checks). The order and who a heal saves from are tables, not branches
// spread over the engine.

import { NONE } from './agent.js';
import { Audience, Choice, DeathCause } from './events.js';
import type { Options } from './options.js';
import { Action, Role, Team, roleSpec } from './roles.js';
import type { Table } from './table.js';

/** What the night's requests and their resolution so far hold. */
export class Night {
  /** The role action's target per seat (freeze, heal, check, maniac, kamikaze), or NONE. */
  readonly act: Int16Array;
  /** Shot request per seat, or NONE. */
  readonly shot: Int16Array;
  readonly hunt: Int16Array;
  /** The Commissar asked to leave his note with tonight's result. */
  readonly wantsNote: Uint8Array;
  readonly frozen: Uint8Array;
  readonly healed: Uint8Array;
  /** First unsaved cause of death per seat, or -1; and who caused it. */
  readonly dies: Int8Array;
  readonly killer: Int16Array;
  /** Tonight's check per Commissar, for the note: team value, or -1. */
  readonly checked: Int8Array;

  constructor(n: number) {
    this.act = new Int16Array(n).fill(NONE);
    this.shot = new Int16Array(n).fill(NONE);
    this.hunt = new Int16Array(n).fill(NONE);
    this.wantsNote = new Uint8Array(n);
    this.frozen = new Uint8Array(n);
    this.healed = new Uint8Array(n);
    this.dies = new Int8Array(n).fill(-1);
    this.killer = new Int16Array(n).fill(NONE);
    this.checked = new Int8Array(n).fill(-1);
  }
}

/** Which causes of death a heal stops, given the options. */
function healStops(cause: DeathCause, o: Options): boolean {
  switch (cause) {
    case DeathCause.Mafia:
    case DeathCause.Hunt:
      return true;
    case DeathCause.Maniac:
      return o['doctor.savesFromManiac'];
    case DeathCause.Kamikaze:
      return o['kamikaze.doctorSaves'];
    default:
      return false;
  }
}

/** Whether a frozen player's request of this kind is lost (the mafia's shot is not). */
const FREEZE_BLOCKS: Readonly<Record<number, boolean>> = {
  [Action.Heal]: true,
  [Action.Check]: true,
  [Action.ManiacKill]: true,
  [Action.Kamikaze]: true,
  [Action.Freeze]: false,
  [Action.Shoot]: false,
};

const ACTION_CHOICE: Readonly<Record<number, Choice>> = {
  [Action.Heal]: Choice.Heal,
  [Action.Check]: Choice.Check,
  [Action.ManiacKill]: Choice.ManiacKill,
  [Action.Kamikaze]: Choice.Kamikaze,
};

/** The seats whose requests make the mafia's shot tonight (see `mafia.killRule`). */
export function mafiaShooters(t: Table): number[] {
  const o = t.rules.options;
  const shooters = t.livingShooters([]);
  if (shooters.length === 0) {
    if (!o['putana.shootsWhenAlone']) return [];
    for (let s = 0; s < t.n; s++) if (t.alive[s] && t.role[s] === Role.Putana) shooters.push(s);
  }
  if (o['mafia.killRule'] !== 'don-decides' || shooters.length === 0) return shooters;
  const don = shooters.find((s) => roleSpec(t.role[s] as Role).leader);
  if (don !== undefined) return [don];
  return o['mafia.donSuccession'] || t.role[shooters[0]!] === Role.Putana ? [shooters[0]!] : [];
}

/** Asks every living player for tonight's requests. `allowHunt` is false on a turn without hunting. */
export function collectRequests(t: Table, night: Night, allowHunt: boolean): void {
  const o = t.rules.options;
  const hunting = o['hunt.enabled'] && allowHunt;
  for (let s = 0; s < t.n; s++) {
    if (!t.alive[s]) continue;
    const spec = roleSpec(t.role[s] as Role);
    if (hunting && spec.canHunt && t.team[s] === Team.Town) {
      const target = t.ask(s, Choice.Hunt, t.livingTargets(s), true);
      if (target !== NONE) {
        night.hunt[s] = target;
        t.emit({ type: 'request', seat: s, choice: Choice.Hunt, target }, Audience.Host);
      }
    }
    if (night.hunt[s] === NONE) askRoleAction(t, night, s, spec.action);
    else t.noteTarget(s, NONE); // a night spent hunting breaks a run of heals or freezes
    if (o['deathNote.enabled'] && t.deathNoteTo[s]! < 0) {
      const to = t.ask(s, Choice.DeathNote, t.livingTargets(s), true);
      if (to !== NONE) t.writeDeathNote(s, to);
    }
  }
  const shooters = mafiaShooters(t);
  const mayPass = o['mafia.killRule'] !== 'don-decides';
  for (const s of shooters) {
    const targets = t.livingTargets(s, s);
    if (targets.length === 0) continue;
    const target = t.ask(s, Choice.Shoot, targets, mayPass);
    night.shot[s] = target;
    t.emit({ type: 'request', seat: s, choice: Choice.Shoot, target }, Audience.Host);
  }
}

/** Each role action's decision: which choice it is, whose targets are legal, whether it may pass. */
function askRoleAction(t: Table, night: Night, s: number, action: Action): void {
  const o = t.rules.options;
  let choice: Choice;
  let targets: number[];
  let mayPass = false;
  switch (action) {
    case Action.Freeze:
      choice = Choice.Freeze;
      targets = t.livingTargets(s).filter((x) => t.repeatAllowed(s, x, o['putana.maxSameTarget']));
      break;
    case Action.Heal:
      choice = Choice.Heal;
      targets = t.livingTargets(-1).filter((x) => t.repeatAllowed(s, x, o['doctor.maxSameTarget']));
      break;
    case Action.Check:
      choice = Choice.Check;
      targets = t.livingTargets(s);
      break;
    case Action.ManiacKill:
      choice = Choice.ManiacKill;
      targets = t.livingTargets(s);
      mayPass = o['maniac.mayAbstain'];
      break;
    case Action.Kamikaze:
      choice = Choice.Kamikaze;
      targets = t.livingTargets(s, s);
      mayPass = true;
      break;
    default:
      return;
  }
  if (targets.length === 0) return;
  const target = t.ask(s, choice, targets, mayPass);
  t.noteTarget(s, target);
  if (target === NONE) return;
  night.act[s] = target;
  t.emit({ type: 'request', seat: s, choice, target }, Audience.Host);
  if (action === Action.Check && o['commissar.note'] && !t.noteUsed[s]) {
    night.wantsNote[s] = t.ask(s, Choice.CommissarNote, [target], true) === target ? 1 : 0;
  }
}

interface NightStep {
  readonly name: string;
  run(t: Table, night: Night): void;
}

function actorsWith(t: Table, night: Night, action: Action, each: (s: number, target: number, frozen: boolean) => void): void {
  for (let s = 0; s < t.n; s++) {
    const target = night.act[s]!;
    if (target === NONE || !t.alive[s] || roleSpec(t.role[s] as Role).action !== action) continue;
    const frozen = night.frozen[s] === 1 && FREEZE_BLOCKS[action] === true;
    if (frozen) t.emit({ type: 'blocked', seat: s, choice: ACTION_CHOICE[action]! }, Audience.Host);
    each(s, target, frozen);
  }
}

/** Marks a death attempt; a heal that stops this cause saves the target. */
function attempt(t: Table, night: Night, seat: number, cause: DeathCause, by: number): void {
  if (night.healed[seat] && healStops(cause, t.rules.options)) {
    t.emit({ type: 'saved', seat, by, from: cause }, Audience.Host);
    return;
  }
  if (night.dies[seat] === -1) {
    night.dies[seat] = cause;
    night.killer[seat] = by;
  }
}

/** The night's resolution order. Checks come last so a Commissar can learn who killed his target. */
export const NIGHT_STEPS: readonly NightStep[] = [
  {
    name: 'freeze',
    run: (t, night) =>
      actorsWith(t, night, Action.Freeze, (s, target) => {
        night.frozen[target] = 1;
        t.emit({ type: 'frozen', seat: target }, target);
      }),
  },
  {
    name: 'heal',
    run: (t, night) =>
      actorsWith(t, night, Action.Heal, (_s, target, frozen) => {
        if (frozen) return;
        night.healed[target] = 1;
        if (t.rules.options['doctor.blocksFreeze']) night.frozen[target] = 0;
      }),
  },
  { name: 'mafia-shot', run: resolveMafiaShot },
  {
    name: 'maniac',
    run: (t, night) =>
      actorsWith(t, night, Action.ManiacKill, (s, target, frozen) => {
        if (!frozen) attempt(t, night, target, DeathCause.Maniac, s);
      }),
  },
  {
    name: 'kamikaze',
    run: (t, night) =>
      actorsWith(t, night, Action.Kamikaze, (s, target, frozen) => {
        if (frozen || t.role[target] !== Role.Commissar) return;
        attempt(t, night, target, DeathCause.Kamikaze, s);
        if (night.dies[s] === -1) {
          night.dies[s] = DeathCause.Kamikaze;
          night.killer[s] = s;
        }
      }),
  },
  { name: 'hunt', run: resolveHunt },
  {
    name: 'check',
    run: (t, night) =>
      actorsWith(t, night, Action.Check, (s, target, frozen) => {
        if (frozen) return;
        const value = t.checkValue(target);
        night.checked[s] = value;
        const learns = t.rules.options['commissar.learnsKiller'] && night.dies[target] !== -1;
        const event = {
          type: 'check' as const,
          checker: s,
          target,
          black: value === Team.Mafia,
          killedBy: learns ? night.killer[target]! : NONE,
          cause: learns ? (night.dies[target] as DeathCause) : (-1 as const),
        };
        // The Sergeant gets every result the Commissar gets, the killer included.
        const tell = (seat: number): void => {
          t.views[seat]!.learn(target, value);
          if (learns) t.views[seat]!.learn(night.killer[target]!, t.team[night.killer[target]!]!);
          t.emit(event, seat);
        };
        tell(s);
        for (let g = 0; g < t.n; g++) if (t.alive[g] && t.role[g] === Role.Sergeant) tell(g);
      }),
  },
];

function resolveMafiaShot(t: Table, night: Night): void {
  const rule = t.rules.options['mafia.killRule'];
  let target = NONE;
  let by = NONE;
  let split = false;
  const counts = new Map<number, number>();
  for (let s = 0; s < t.n; s++) {
    const x = night.shot[s]!;
    if (x === NONE) continue;
    if (target === NONE) {
      target = x;
      by = s;
    } else if (x !== target) split = true;
    counts.set(x, (counts.get(x) ?? 0) + 1);
  }
  if (target === NONE) return;
  if (split && rule === 'unanimous') {
    t.emit({ type: 'shot-failed', target: NONE, reason: 'split' }, Audience.Host);
    return;
  }
  if (split && rule === 'plurality') {
    const best = Math.max(...counts.values());
    const top = [...counts].filter(([, c]) => c === best);
    if (top.length > 1) {
      t.emit({ type: 'shot-failed', target: NONE, reason: 'split' }, Audience.Host);
      return;
    }
    target = top[0]![0];
    by = firstNaming(night, target);
  }
  if (roleSpec(t.role[target] as Role).immuneToMafia) {
    t.emit({ type: 'shot-failed', target, reason: 'foundling' }, Audience.Host);
    return;
  }
  attempt(t, night, target, DeathCause.Mafia, by);
}

/** The first seat whose shot request named `target`: the kill is his, not that of a mate outvoted. */
function firstNaming(night: Night, target: number): number {
  return night.shot.indexOf(target);
}

/** Of all hunt requests one, drawn at random (the first to arrive), is carried out. */
function resolveHunt(t: Table, night: Night): void {
  const hunters: number[] = [];
  for (let s = 0; s < t.n; s++) if (night.hunt[s] !== NONE && t.alive[s] && !night.frozen[s]) hunters.push(s);
  if (hunters.length === 0) return;
  const hunter = hunters[t.chance.int(hunters.length)]!;
  const target = night.hunt[hunter]!;
  const onManiac = t.role[target] === Role.Maniac && t.rules.options['hunt.onManiac'] === 'target-dies';
  if (t.team[target] === Team.Mafia || onManiac) attempt(t, night, target, DeathCause.Hunt, hunter);
  else attempt(t, night, hunter, DeathCause.HuntMiss, hunter);
}

/** Resolves the night, applies its deaths and what follows them, and reads the Commissar's note. */
export function resolveNight(t: Table, night: Night): void {
  for (const step of NIGHT_STEPS) step.run(t, night);
  const deadBefore = t.deadSnapshot(new Uint8Array(t.n));
  for (let s = 0; s < t.n; s++) {
    const cause = night.dies[s]!;
    if (cause !== -1) t.kill(s, cause as DeathCause, night.killer[s]!, 'night');
  }
  t.afterDeaths(deadBefore);
  readCommissarNotes(t, night);
}

function readCommissarNotes(t: Table, night: Night): void {
  for (let s = 0; s < t.n; s++) {
    if (!night.wantsNote[s] || t.noteUsed[s]) continue;
    t.noteUsed[s] = 1;
    const value = night.checked[s]!;
    if (t.alive[s] || value === -1) continue;
    const target = night.act[s]!;
    for (const v of t.views) v.learn(target, value);
    t.emit({ type: 'commissar-note', commissar: s, target, black: value === Team.Mafia }, Audience.Public);
  }
}
