// Choices of the players who want Town dead: the mafia's shot, the Putana's
// freeze, the Kamikaze, the mafia's vote, and the loner Maniac's kill. The
// mafia's shot uses only what the whole clan sees alike (public record and
// mates), with no random taste when several must agree, so the clan names
// one target without talking.

import { NONE, type Decision } from '../engine/agent.js';
import { Role, Team } from '../engine/roles.js';
import { sigmoid } from './odds.js';
import { NEVER, bestOption, isOption, type Mind } from './mind.js';
import { tastiestOption } from './taste.js';

function isMate(m: Mind, s: number): boolean {
  return s !== m.b.me && m.view.known[s] === Team.Mafia;
}

/** How much harm seat s does to the clan, from public acts: claims and votes or accusations against Blacks. */
export function danger(m: Mind, s: number): number {
  const b = m.b;
  const p = m.p;
  let d = p['mafia.accuserWeight']! * b.actsAgainstBlack(s);
  const role = b.claimRole[s];
  if (role === Role.Commissar) d += p['mafia.commissarWeight']!;
  else if (role === Role.Doctor || role === Role.Sergeant || role === Role.Vigilante) d += p['mafia.doctorWeight']!;
  return d;
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
    m.scores[s] = isMate(m, s) ? NEVER : s === doomed ? -100 : danger(m, s) - (namedTonight(m, s, d.round) ? 100 : 0);
  }
  return bestOption(m, d, alone ? m.p['noise']! : 0);
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
 * The Putana freezes whoever's night action hurts Black: the claimed Doctor
 * while a Commissar is revealed (the shot then lands), else the claimed
 * Commissar, else the loudest accuser of the clan.
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
    if (b.claimRole[s] === Role.Doctor) score += commissarOut ? p['putana.doctorWeight']! : p['mafia.doctorWeight']!;
    else if (b.claimRole[s] === Role.Commissar) score += p['mafia.commissarWeight']!;
    m.scores[s] = score;
  }
  return bestOption(m, d, p['noise']!);
}

/** The Kamikaze goes after a player only when fairly sure he is the Commissar. */
export function kamikaze(m: Mind, d: Decision): number {
  const b = m.b;
  let claimants = 0;
  const opts = d.options;
  for (let i = 0; i < opts.length; i++) if (b.claimRole[opts[i]!] === Role.Commissar && !isMate(m, opts[i]!)) claimants++;
  if (claimants === 0) return NONE;
  for (let i = 0; i < opts.length; i++) {
    const s = opts[i]!;
    m.scores[s] = b.claimRole[s] === Role.Commissar && !isMate(m, s) ? 1 / claimants + 0.01 * b.actsAgainstBlack(s) : NEVER;
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
  const alive = m.view.alive;
  const passes = b.passesNow(m.view.day, round);
  let living = 0;
  let cast = passes;
  let mate = NONE;
  let top = 0;
  let other = passes;
  for (let s = 0; s < b.n; s++) {
    if (alive[s]) living++;
    const v = tally[s]!;
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
    m.scores[s] = isMate(m, s) ? NEVER : blend * (tally === null ? 0 : tally[s]!) + 0.3 * danger(m, s);
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
