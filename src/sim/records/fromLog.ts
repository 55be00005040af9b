// Turns one engine game log (every event, the host's view) into the same
// game record a real table's game becomes, so one statistics module reads
// both. Seats are named "#1", "#2", ... A turn (forum) is a night followed
// by its day: the turn's night resolves before its lynch, so each day also
// lists who was alive when its vote opened (the forum votes before the
// night's kills, the club after a day's removals).

import { NONE } from '../../engine/agent.js';
import { Choice, DeathCause, Outcome, type Claim, type LoggedEvent } from '../../engine/events.js';
import type { Rules } from '../../engine/rules.js';
import { Ability, NO_ROLE } from '../../engine/roleBook.js';
import { Team } from '../../engine/roles.js';
import { RECORD_FORMAT, RECORD_VERSION, type GameRecord, type RecordDay, type RecordNight, type RecordPlayer } from './format.js';
import type { RecordRole, RecordTeam, RecordWinner } from './teams.js';

/** The record role of the plain roles, by key; the others by ability (below), or `other` with their team. */
const RECORD_ROLE_BY_KEY: Readonly<Record<string, RecordRole>> = { civilian: 'town', mafia: 'mafia', don: 'mafia' };

/**
 * The record role a Town role's night ability makes it (the statistics'
 * cop, medic and vigilante are functions): a team check is the cop (the
 * Commissar, the Seer, the Sheriff), a protection the medic (the Doctor, the
 * Bodyguard), a gun the vigilante.
 */
function recordRoleByAbility(rules: Rules, role: number): RecordRole | undefined {
  const book = rules.book;
  if (book.team[role] !== Team.Town) return undefined;
  switch (book.action[role]) {
    case Ability.Check:
      return book.reveals[role] === NO_ROLE ? 'cop' : undefined;
    case Ability.Protect:
      return 'medic';
    case Ability.Gun:
      return 'vigilante';
    default:
      return undefined;
  }
}

const WINNER: Readonly<Record<Outcome, RecordWinner>> = { [Outcome.Town]: 'town', [Outcome.Mafia]: 'mafia', [Outcome.Maniac]: 'third', [Outcome.Draw]: 'draw', [Outcome.Timeout]: 'timeout' };

/** Seat names made once: a record of every game asks for them dozens of times. */
const SEAT_NAMES: string[] = [];
export const seatName = (s: number): string => (SEAT_NAMES[s] ??= `#${s + 1}`);

/** A dealt role as a record's player, from the rules' role table (a rules file's own roles too; the Maniac's team follows `maniac.team`). */
function playerOf(role: number, seat: number, rules: Rules): RecordPlayer {
  const spec = rules.book.specs[role];
  if (!spec) throw new Error(`the log deals role ${role}, which the records converter does not know`);
  const mapped = RECORD_ROLE_BY_KEY[spec.key] ?? recordRoleByAbility(rules, role);
  if (mapped) return { name: seatName(seat), role: mapped };
  const t = rules.book.team[role];
  const team: RecordTeam = t === Team.Mafia ? 'mafia' : t === Team.Town ? 'town' : 'third';
  return { name: seatName(seat), role: 'other', team };
}

function claimOf(speaker: number, c: Claim, rules: Rules): NonNullable<RecordDay['claims']>[number] {
  if (c.kind === 'role') return { speaker: seatName(speaker), kind: 'role', role: rules.book.specs[c.role]?.key ?? String(c.role) };
  if (c.kind === 'result') return { speaker: seatName(speaker), kind: 'result', target: seatName(c.target), black: c.black };
  return { speaker: seatName(speaker), kind: 'accuse', target: seatName(c.target) };
}

/** What one night collects while its events go by. */
interface NightDraft {
  readonly night: RecordNight & { deaths: string[]; saves: number; turned: string[] };
  /** Resolved mafia targets from `mafia-target` events, and the fallback read from kills, saves and failed shots. */
  readonly announced: string[];
  readonly resolved: string[];
  /** Players a protection saved from a kill tonight (one may die of another shot all the same). */
  readonly saved: Set<string>;
  checked: boolean;
}

interface DayDraft {
  lynch: string | null | undefined;
  noVote: boolean;
  /** The living when the day's first vote was cast (a missed one included). */
  alive: string[] | null;
  readonly votes: NonNullable<RecordDay['votes']>;
  readonly claims: NonNullable<RecordDay['claims']>;
  readonly deaths: string[];
  readonly turned: string[];
}

export function recordFromLog(log: readonly LoggedEvent[], rules: Rules, id: string): GameRecord {
  const o = rules.options;
  let players: RecordPlayer[] = [];
  const nights: NightDraft[] = [];
  const days: DayDraft[] = [];
  let night: NightDraft | null = null;
  let day: DayDraft | null = null;
  let winner: RecordWinner = 'timeout';
  let alive: boolean[] = [];
  /** Each seat's team now: a role change into the Mafia team is a turn (the Cursed, the Foundling). */
  let team: number[] = [];
  for (const { event: e } of log) {
    switch (e.type) {
      case 'mafia-target':
        if (night && e.target !== NONE) night.announced.push(seatName(e.target));
        break;
      case 'deal':
        players = e.roles.map((r, s) => playerOf(r, s, rules));
        alive = e.roles.map(() => true);
        team = e.roles.map((r) => rules.book.team[r]!);
        break;
      case 'promoted': {
        const now = rules.book.team[e.role]!;
        if (now === Team.Mafia && team[e.seat] !== Team.Mafia) (night?.night.turned ?? day?.turned)?.push(seatName(e.seat));
        team[e.seat] = now;
        break;
      }
      case 'lynch-survived':
        // A lynch his role survives (a Prince) kills nobody: the record's day ends without a lynch.
        if (day && day.lynch === undefined) day.lynch = null;
        break;
      case 'phase':
        night = e.phase === 'day' ? null : newNight(nights);
        day = e.phase === 'night' ? null : newDay(days);
        break;
      case 'request':
        if (night) onRequest(night, e.seat, e.choice, e.target);
        break;
      case 'blocked':
        if (night) onBlocked(night, e.choice);
        break;
      case 'saved':
        if (night) night.saved.add(seatName(e.seat));
        if (night && e.from === DeathCause.Mafia) night.resolved.push(seatName(e.seat));
        break;
      case 'shot-failed':
        if (night && e.reason === 'foundling' && e.target !== NONE) night.resolved.push(seatName(e.target));
        break;
      case 'check':
        // The Sergeant is told the same check: keep the first of the night.
        if (night && !night.checked) {
          night.checked = true;
          night.night.check = { target: seatName(e.target), result: e.black ? 'mafia' : 'town' };
        }
        break;
      case 'kill':
        alive[e.seat] = false;
        onKill(e.seat, e.cause, night, day);
        break;
      case 'vote':
        if (day && day.alive === null) day.alive = livingNames(alive);
        // A vote missed for inactivity, or an abstention, is no vote cast; the voter stays among the day's living (a non-voter).
        if (e.missed || e.abstained) break;
        day?.votes.push({ voter: seatName(e.voter), target: e.target === NONE ? null : seatName(e.target), round: e.round });
        break;
      case 'claim':
        day?.claims.push(claimOf(e.speaker, e.claim, rules));
        break;
      case 'lynch':
        if (day) {
          if (day.lynch === undefined || day.lynch === null) day.lynch = seatName(e.target);
          else day.deaths.push(seatName(e.target)); // a tie that lynches everyone tied: the first is the day's lynch
        }
        break;
      case 'no-lynch':
        if (day && day.lynch === undefined) {
          day.lynch = null;
          if (e.reason === 'no-vote-today') day.noVote = true;
        }
        break;
      case 'end':
        winner = WINNER[e.outcome];
        break;
      default:
        break;
    }
  }
  return {
    format: RECORD_FORMAT,
    version: RECORD_VERSION,
    id,
    source: `mafia-sim ${rules.preset} rules ${rules.hash}`,
    players,
    start: o['turn.simultaneous'] || o.start === 'night' ? 'night' : 'day',
    nights: nights.map(finishNight),
    days: finishDays(days),
    complete: true,
    winner,
  };
}

function newNight(nights: NightDraft[]): NightDraft {
  const d: NightDraft = { night: { mafiaTargets: [], save: null, check: null, shot: null, deaths: [], saves: 0, turned: [] }, announced: [], resolved: [], saved: new Set(), checked: false };
  nights.push(d);
  return d;
}

function livingNames(alive: readonly boolean[]): string[] {
  const out: string[] = [];
  for (let s = 0; s < alive.length; s++) if (alive[s]) out.push(seatName(s));
  return out;
}

function newDay(days: DayDraft[]): DayDraft {
  const d: DayDraft = { lynch: undefined, noVote: false, alive: null, votes: [], claims: [], deaths: [], turned: [] };
  days.push(d);
  return d;
}

function onRequest(d: NightDraft, seat: number, choice: number, target: number): void {
  if (target === NONE) return;
  if (choice === Choice.Heal) d.night.save = seatName(target);
  else if (choice === Choice.VigilanteShot) d.night.shot = seatName(target);
}

/**
 * A frozen vigilante did not fire. A frozen medic's protection stays in the
 * record: `save` is the medic's choice (what the statistics of his play
 * measure), as a real table's records list it.
 */
function onBlocked(d: NightDraft, choice: number): void {
  if (choice === Choice.VigilanteShot) d.night.shot = null;
}

function onKill(seat: number, cause: number, night: NightDraft | null, day: DayDraft | null): void {
  const name = seatName(seat);
  if (cause === DeathCause.Lynch) return; // the lynch event names him
  if (night) {
    night.night.deaths.push(name);
    if (cause === DeathCause.Mafia) night.resolved.push(name);
  } else if (day) day.deaths.push(name);
}

function finishNight(d: NightDraft): RecordNight {
  // With `mafia-target` events (every shot, a repeat when two go to one player) the log says it all; without them the resolved shot is read from its effect.
  const { turned, ...night } = d.night;
  // A kill stopped is a saved player who lives the night: one shot twice dies protected, as the records read it (allstars.ts).
  let saves = 0;
  for (const name of d.saved) if (!night.deaths.includes(name)) saves++;
  return { ...night, saves, mafiaTargets: d.announced.length > 0 ? d.announced : d.resolved, ...(turned.length > 0 ? { turned } : {}) };
}

/**
 * A day that ended the game before its vote (a removal won it) has no vote:
 * it stays in the record for its deaths, marked noVote so it is not counted
 * as a day without a lynch; with no deaths either it is left out.
 */
function finishDays(days: readonly DayDraft[]): RecordDay[] {
  const out: RecordDay[] = [];
  days.forEach((d) => {
    if (d.lynch === undefined && d.deaths.length === 0) return;
    const day: RecordDay = { lynch: d.lynch ?? null, votes: d.votes, claims: d.claims };
    if (d.alive) day.alive = d.alive;
    if (d.noVote || d.lynch === undefined) day.noVote = true;
    if (d.deaths.length > 0) day.deaths = d.deaths;
    if (d.turned.length > 0) day.turned = d.turned;
    out.push(day);
  });
  return out;
}
