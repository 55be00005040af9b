// Choices of the players who want Town dead: the mafia's shot, the Putana's
// freeze, the Kamikaze, the mafia's vote, the loner Maniac's kill, and a
// clan player's own kill or gun (a rules file's role). The
// mafia's shot uses only what the whole clan sees alike (public record and
// mates), with no random taste when several must agree, so the clan names
// one target without talking.

import { NONE, type Decision } from '../engine/agent.js';
import { Ability, NO_ROLE, type RoleBook } from '../engine/roleBook.js';
import { Role, Team } from '../engine/roles.js';
import { sigmoid } from './odds.js';
import { NEVER, bestOption, isOption, type Mind } from './mind.js';
import { tastiestOption } from './taste.js';

function isMate(m: Mind, s: number): boolean {
  return s !== m.b.me && m.view.known[s] === Team.Mafia;
}

/**
 * How much harm seat s does to the clan, from public acts: claims and votes
 * or accusations against Blacks, and what the clan's checker found (a
 * Sheriff found by the Don is the first shot). A claimed protector, gun or
 * assistant of the checker (the Doctor, Bodyguard, Vigilante, Sergeant) is
 * read from the rules' role table by ability, not by name.
 */
export function danger(m: Mind, s: number): number {
  const b = m.b;
  const p = m.p;
  let d = p['mafia.accuserWeight']! * b.actsAgainstBlack(s);
  const role = b.claimRole[s]!;
  if (role === Role.Commissar) d += p['mafia.commissarWeight']!;
  else if (role >= 0 && isNightHelper(m.view.book, role)) d += p['mafia.doctorWeight']!;
  if (m.clan.foundOf(s) === 1) d += p['mafia.foundWeight']!;
  return d;
}

/** A Town role whose night helps the checker's side: a protector, a gun, or the checker's assistant (the Sergeant). */
export function isNightHelper(book: RoleBook, role: number): boolean {
  const a = book.action[role];
  return a === Ability.Protect || a === Ability.Gun || book.assists[role] !== NO_ROLE;
}

/**
 * The shot: the most dangerous non-mate. Random taste only when one player
 * decides; where several must agree, the first asked proposes (ties broken
 * by his own stream) and the others second him (clan.ts).
 */
export function mafiaShot(m: Mind, d: Decision): number {
  const alone = m.view.options['mafia.killRule'] === 'don-decides';
  const seconded = alone ? undefined : m.clan.proposal(m.view, d.round);
  const pick = seconded !== undefined && (seconded === NONE ? d.mayPass : isOption(d, seconded)) ? seconded : chooseShot(m, d, alone);
  if (!alone && seconded === undefined) m.clan.propose(m.view, d.round, pick);
  // A later shot (mafia.shots) goes elsewhere when it can: a heal stops one shot, not a second target.
  if (d.round < m.shotsNamed.length) m.shotsNamed[d.round] = pick;
  return pick;
}

function chooseShot(m: Mind, d: Decision, alone: boolean): number {
  // In a forum turn the vote is already cast: its sole leader is lynched anyway, a shot at him is wasted.
  const doomed = m.view.options['turn.simultaneous'] ? m.b.record.soleVoteLeader(m.view.day) : NONE;
  m.b.recountBlackActs();
  const opts = d.options;
  for (let i = 0; i < opts.length; i++) {
    const s = opts[i]!;
    m.scores[s] = isMate(m, s) ? NEVER : s === doomed ? -100 : danger(m, s) - (namedTonight(m, s, d.round) ? 100 : 0) - (blastsMate(m, s) ? 50 : 0);
  }
  return bestOption(m, d, alone ? m.p['noise']! : 0);
}

/**
 * Whether seat s claims (or is shown to hold) a role that blasts its
 * neighbours when it dies (the Bomb) and a living mate sits next to him:
 * shot, he would take the mate with him. No claim of such a role, no cost
 * (every club, forum and classic game is as before).
 */
function blastsMate(m: Mind, s: number): boolean {
  const book = m.view.book;
  const role = m.b.claimRole[s]!;
  if (role < 0 || !book.blast[role]) return false;
  const n = m.b.n;
  const alive = m.view.alive;
  for (const step of [1, n - 1]) {
    let x = (s + step) % n;
    while (x !== s && !alive[x]) x = (x + step) % n;
    if (x !== s && isMate(m, x)) return true;
  }
  return false;
}

/** Whether seat s was named for one of tonight's earlier shots (the decision's round is the shot). */
function namedTonight(m: Mind, s: number, shot: number): boolean {
  for (let j = 0; j < shot; j++) if (m.shotsNamed[j] === s) return true;
  return false;
}

/** Whether a living non-mate claims this role. */
function livingClaimant(m: Mind, role: number): boolean {
  const b = m.b;
  for (let s = 0; s < b.n; s++) if (b.claimRole[s] === role && m.view.alive[s] && !isMate(m, s) && s !== b.me) return true;
  return false;
}

/**
 * The Putana (the clan's blocker) freezes whoever's night action hurts
 * Black: the claimed protector (the Doctor) while a Commissar is revealed
 * (the shot then lands), else the claimed Commissar, else the loudest
 * accuser of the clan.
 */
export function putanaFreeze(m: Mind, d: Decision): number {
  const b = m.b;
  const p = m.p;
  const commissarOut = livingClaimant(m, Role.Commissar);
  const opts = d.options;
  for (let i = 0; i < opts.length; i++) {
    const s = opts[i]!;
    if (isMate(m, s)) {
      m.scores[s] = NEVER;
      continue;
    }
    let score = p['mafia.accuserWeight']! * b.actsAgainstBlack(s);
    const claim = b.claimRole[s]!;
    if (claim >= 0 && m.view.book.action[claim] === Ability.Protect) score += commissarOut ? p['putana.doctorWeight']! : p['mafia.doctorWeight']!;
    else if (b.claimRole[s] === Role.Commissar) score += p['mafia.commissarWeight']!;
    m.scores[s] = score;
  }
  return bestOption(m, d, p['noise']!);
}

/** The Kamikaze goes after a player only when fairly sure he holds the role his row names (the Commissar). */
export function kamikaze(m: Mind, d: Decision): number {
  const b = m.b;
  const target = m.view.book.kamikazeTarget[m.view.role]!;
  let claimants = 0;
  const opts = d.options;
  for (let i = 0; i < opts.length; i++) if (b.claimRole[opts[i]!] === target && !isMate(m, opts[i]!)) claimants++;
  if (claimants === 0) return NONE;
  for (let i = 0; i < opts.length; i++) {
    const s = opts[i]!;
    m.scores[s] = b.claimRole[s] === target && !isMate(m, s) ? 1 / claimants + 0.01 * b.actsAgainstBlack(s) : NEVER;
  }
  const s = bestOption(m, d, 0);
  return m.scores[s]! >= m.p['kamikaze.threshold']! ? s : NONE;
}

/**
 * A mate the vote has already lost: he leads every other choice (nobody
 * included) by more votes than the others still to vote could make up, and
 * has, with my vote, the share of the living a lynch needs (lynch.minShare).
 * NONE when there is none (or before the day's first vote).
 */
function lostMate(m: Mind, tally: Int16Array | null, round: number): number {
  if (tally === null) return NONE;
  const b = m.b;
  const passes = b.passesNow(m.view.day, round);
  // The living in seat order: nobody dies while a round's votes are cast, so only they hold votes in it.
  const seats = b.record.livingSeats;
  const living = b.record.living;
  let cast = passes;
  let mate = NONE;
  let top = 0;
  let other = passes;
  for (let i = 0; i < living; i++) {
    const s = seats[i]!;
    const v = tally[s]!;
    // A seat with no votes changes neither the leading mate nor the best of the others (both start at 0 or more).
    if (v === 0) continue;
    cast += v;
    if (isMate(m, s) && v > top) {
      if (mate !== NONE) other = Math.max(other, top);
      [mate, top] = [s, v];
    } else other = Math.max(other, v);
  }
  if (mate === NONE) return NONE;
  const toCome = living - cast - 1;
  return top - other > toCome && top + 1 >= m.view.options['lynch.minShare'] * living ? mate : NONE;
}

/**
 * A Mafia votes to blend in: with the table's leading non-mate, leaning on
 * the dangerous; for nobody (vote.noLynch) when a mate leads outright. On a
 * mate the vote has already lost he joins the wagon with chance `mafia.bus`
 * (a vote the lynch does not need buys him the table's trust): the records'
 * strangers cast 2 of their 4 partner votes so, on a partner who drew 6 of 7
 * and 4 of 4 votes.
 */
export function mafiaVote(m: Mind, d: Decision): number {
  const b = m.b;
  const tally = b.tallyNow(m.view.day, d.round);
  const bus = m.p['mafia.bus']!;
  if (bus > 0) {
    const lost = lostMate(m, tally, d.round);
    if (lost !== NONE && isOption(d, lost) && m.rng.next() < bus) return lost;
  }
  if (d.mayPass && m.view.options['vote.noLynch']) {
    // A mate leads only with more votes than anyone: a first stray vote among several is no wagon to stop.
    const leader = b.record.soleVoteLeader(m.view.day);
    if (leader !== NONE && (isMate(m, leader) || leader === b.me)) return NONE;
  }
  const blend = m.p['mafia.blend']!;
  const opts = d.options;
  for (let i = 0; i < opts.length; i++) {
    const s = opts[i]!;
    // Two stores, not one of a choice between NEVER and a sum: V8 boxed every such sum into a heap number.
    if (isMate(m, s)) m.scores[s] = NEVER;
    else m.scores[s] = blend * (tally === null ? 0 : tally[s]!) + 0.3 * danger(m, s);
  }
  // His taste of the day, as a Town voter's: a clan that voted as one would show itself.
  return tastiestOption(m, d, m.p['vote.taste']!);
}

/** The loner Maniac (forum) kills to be the last one standing: his accusers, claimed Commissars, then likely Town. */
export function lonerManiacKill(m: Mind, d: Decision): number {
  const b = m.b;
  const p = m.p;
  b.refreshTrust();
  const opts = d.options;
  for (let i = 0; i < opts.length; i++) {
    const s = opts[i]!;
    let score = p['maniac.threatWeight']! * b.actsAgainstMe(s) + p['maniac.townWeight']! * (1 - sigmoid(b.enemy(s)));
    if (b.claimRole[s] === Role.Commissar) score += 3 * p['maniac.threatWeight']!;
    m.scores[s] = score;
  }
  const s = bestOption(m, d, p['noise']!);
  return s === NONE && d.mayPass ? NONE : s;
}

/**
 * A clan player's own kill or gun (a rules file's Mafia-team killer): the
 * most dangerous non-mate, with his own taste; he holds where he may and
 * nobody has acted against the clan.
 */
export function clanOwnKill(m: Mind, d: Decision): number {
  m.b.recountBlackActs();
  const opts = d.options;
  for (let i = 0; i < opts.length; i++) {
    const s = opts[i]!;
    m.scores[s] = isMate(m, s) ? NEVER : danger(m, s);
  }
  const s = bestOption(m, d, m.p['noise']!);
  return d.mayPass && (s === NONE || m.scores[s]! <= 0) ? NONE : s;
}
