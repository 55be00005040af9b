// Night and day choices of the players who want the enemies of Town dead:
// the vote, the Commissar's check, note and last shot, the Doctor's heal, the
// Red Maniac's kill, the Vigilante's shot, hunting, and the death note.

import { NONE, UNKNOWN, type Decision } from '../engine/agent.js';
import { Role, Team } from '../engine/roles.js';
import { KNOWN_NOT_MAFIA } from '../engine/view.js';
import { Verdict } from './beliefs.js';
import { isEnemyFact, logit, sigmoid } from './odds.js';
import { NEVER, bestOption, isOption, takesTie, type Mind } from './mind.js';
import { tastiestOption } from './taste.js';
import { coverVote } from './cover.js';

/** Least trust in the source of a "Black" result before a hunter acts on it without a hard fact. */
const HUNT_SOURCE_TRUST = 0.6;

/** No seat (not even NONE): the hunt has not looked up the vote's leader yet. */
const NOT_LOOKED_UP = -2;

/**
 * A Town voter: the most likely enemy, pulled toward the table's leading
 * candidates, with his own taste of the day (`vote.taste`). Whether he votes
 * for nobody instead is judged on the evidence and the table, not the taste.
 */
export function townVote(m: Mind, d: Decision): number {
  const b = m.b;
  b.refreshTrust();
  const wagon = m.p['bandwagon']!;
  // The vote's tally is looked up once, not once per option.
  const tally = b.tallyNow(m.view.day, d.round);
  const noise = m.p['noise']!;
  const opts = d.options;
  for (let i = 0; i < opts.length; i++) {
    const s = opts[i]!;
    m.scores[s] = b.enemy(s) + wagon * (tally === null ? 0 : tally[s]!);
  }
  coverVote(m, tally, wagon);
  const pick = tastiestOption(m, d, m.p['vote.taste']!);
  // A pass is a vote for nobody only under vote.noLynch; an abstention (vote.mayAbstain) was decided before.
  if (!d.mayPass || !m.view.options['vote.noLynch']) return pick;
  const pass = b.prior + m.p['vote.passBias']! + wagon * b.passesNow(m.view.day, d.round);
  return pick === NONE || pass + noise * m.rng.next() > m.scores[pick]! + noise * 0.5 ? NONE : pick;
}

/** The Commissar checks the most suspicious player he knows nothing certain about. */
export function commissarCheck(m: Mind, d: Decision): number {
  const b = m.b;
  b.refreshTrust();
  const known = m.view.known;
  const opts = d.options;
  for (let i = 0; i < opts.length; i++) {
    const s = opts[i]!;
    // A liar's claim already shows him; a check is better spent elsewhere.
    m.scores[s] = known[s] !== UNKNOWN ? NEVER : b.enemy(s) - (b.liar[s] ? 3 : 0);
  }
  return bestOption(m, d, m.p['commissar.checkNoise']!);
}

/** Leaves the once-a-game note mostly on a night he is likely shot (after revealing), sometimes while hidden. */
export function commissarNote(m: Mind, d: Decision): number {
  const chance = m.b.claimedRole === Role.Commissar ? m.p['commissar.noteWhenRevealed']! : m.p['commissar.noteHidden']!;
  return chance > 0 && m.rng.next() < chance ? d.options[0]! : NONE;
}

/** The dying Commissar fires at a known enemy, or at his top suspect if sure enough. */
export function lastShot(m: Mind, d: Decision): number {
  const b = m.b;
  b.refreshTrust();
  const opts = d.options;
  for (let i = 0; i < opts.length; i++) m.scores[opts[i]!] = b.enemy(opts[i]!);
  const s = bestOption(m, d, 0);
  return m.scores[s]! >= b.prior + m.p['commissar.lastShotOdds']! ? s : NONE;
}

/** The Doctor: the Commissar he believes in, himself, then players a trusted Commissar cleared. */
export function doctorHeal(m: Mind, d: Decision): number {
  const b = m.b;
  const p = m.p;
  b.refreshTrust();
  const n = b.n;
  const opts = d.options;
  const self = mayHealSelf(m) ? p['doctor.selfWeight']! : NEVER;
  for (let i = 0; i < opts.length; i++) {
    const s = opts[i]!;
    if (s === b.me && self <= NEVER) {
      m.scores[s] = NEVER;
      continue;
    }
    let score = s === b.me ? self : 0;
    const trust = b.trust[s]!;
    if (trust > 0) score += p['doctor.commissarWeight']! * trust * (b.claimRole[s] === Role.Sergeant ? 0.5 : 1);
    let cleared = 0;
    if (b.hasResult[s]) {
      for (let k = 0; k < b.sourceCount; k++) {
        const c = b.sources[k]!;
        if (b.results[c * n + s] === -1) cleared += b.trust[c]!;
      }
    }
    score += p['doctor.clearedWeight']! * cleared;
    if (s !== b.me) score -= 3 * sigmoid(b.enemy(s));
    m.scores[s] = score;
  }
  if (self > NEVER && healsHimself(m, d, p['noise']!)) return b.me;
  if (self > NEVER) m.scores[b.me] = NEVER;
  const pick = bestOption(m, d, p['noise']!);
  return pick === b.me && self <= NEVER && d.mayPass ? NONE : pick;
}

/**
 * Whether the Doctor heals himself tonight, where he may: with the chance a
 * logit choice (taste `noise`) gives his own priority against every other
 * option's, so it is his habit, never a certainty, and his heals do not fall
 * into a fixed rhythm where a repeat is barred. Whom else he heals is then
 * the usual choice.
 */
function healsHimself(m: Mind, d: Decision, noise: number): boolean {
  const me = m.b.me;
  if (!isOption(d, me)) return false;
  const mine = m.scores[me]!;
  if (noise <= 0) return bestOption(m, d, 0) === me;
  let others = 0;
  const opts = d.options;
  for (let i = 0; i < opts.length; i++) {
    const s = opts[i]!;
    if (s !== me && m.scores[s]! > NEVER) others += Math.exp((m.scores[s]! - mine) / noise);
  }
  return m.rng.next() * (1 + others) < 1;
}

/**
 * Whether the Doctor heals himself: his own habit (`doctor.selfHeal`) and,
 * under rules that say (`doctor.selfHeal`, issue 10), the rules.
 */
function mayHealSelf(m: Mind): boolean {
  if (m.p['doctor.selfHeal']! < 0.5) return false;
  return (m.view.options as unknown as Readonly<Record<string, unknown>>)['doctor.selfHeal'] !== false;
}

/** The Red Maniac (club) kills the likeliest Black, or abstains when unsure. */
export function redManiacKill(m: Mind, d: Decision): number {
  const b = m.b;
  b.refreshTrust();
  const opts = d.options;
  for (let i = 0; i < opts.length; i++) m.scores[opts[i]!] = b.enemy(opts[i]!);
  const s = bestOption(m, d, m.p['noise']! * 0.5);
  if (!d.mayPass) return s;
  return m.scores[s]! >= b.prior + m.p['maniac.killOdds']! ? s : NONE;
}

/** The Vigilante fires at his likeliest enemy only when fairly sure (a bullet at Town helps the mafia); else he holds. */
export function vigilanteShot(m: Mind, d: Decision): number {
  const b = m.b;
  b.refreshTrust();
  const known = m.view.known;
  const opts = d.options;
  for (let i = 0; i < opts.length; i++) {
    const s = opts[i]!;
    const k = known[s]!;
    m.scores[s] = k === Team.Town || k === KNOWN_NOT_MAFIA ? NEVER : b.enemy(s);
  }
  const s = bestOption(m, d, m.p['vigilante.aimNoise']!);
  return m.scores[s]! > NEVER && m.scores[s]! >= b.prior + m.p['vigilante.fireOdds']! ? s : NONE;
}

/**
 * A hunter hunts only when sure the target is Mafia (a miss kills him), never
 * the player the table is lynching anyway, never a known loner Maniac unless a
 * hunt kills him.
 */
export function hunt(m: Mind, d: Decision): number {
  const b = m.b;
  const view = m.view;
  b.refreshTrust();
  const known = view.known;
  const lonerInPlay = view.options['maniac.team'] === 'loner' && view.setup[Role.Maniac]! > 0;
  const maniacDies = view.options['hunt.onManiac'] === 'target-dies';
  // The vote's leader is looked up (a pass over every seat) only for a seat worth a hunt: most hunts find none.
  let leader = NOT_LOOKED_UP;
  let best = NONE;
  let bestP = 0;
  let ties = 1;
  const opts = d.options;
  for (let i = 0; i < opts.length; i++) {
    const s = opts[i]!;
    const k = known[s]!;
    if (k === Team.Maniac && !maniacDies) continue;
    if (k === Team.Town || k === KNOWN_NOT_MAFIA) continue;
    // Without a hard fact, only a credible "Black" result makes a hunt worth a life: reads and a
    // contested claim are not enough, and an unproven enemy may be the loner Maniac.
    const source = k === Team.Mafia ? 1 : b.blackResultTrust(s);
    if (k !== Team.Mafia && (source < HUNT_SOURCE_TRUST || b.claimRole[s] === Role.Commissar || b.claimRole[s] === Role.Sergeant)) continue;
    if (leader === NOT_LOOKED_UP) leader = b.record.soleVoteLeader(view.day);
    if (s === leader) continue;
    let pm: number;
    if (k === Team.Mafia) pm = 1;
    else {
      pm = sigmoid(b.enemy(s));
      if (lonerInPlay && source < 0.5) pm *= 0.8;
    }
    if (pm > bestP) {
      bestP = pm;
      best = s;
      ties = 1;
    } else if (pm === bestP && takesTie(m, ++ties)) best = s;
  }
  // Certain (a known Mafia): logit(1) is infinite, so any threshold passes.
  return best !== NONE && logit(bestP) >= b.prior + m.p['hunt.odds']! ? best : NONE;
}

/** The Commissar (or Sergeant) passes on what he found once he holds a Black, to a player he cleared. */
export function deathNote(m: Mind, d: Decision): number {
  const b = m.b;
  const view = m.view;
  if (view.team !== Team.Town || (view.role !== Role.Commissar && view.role !== Role.Sergeant)) return NONE;
  if (m.p['commissar.deathNote']! < 0.5 || !b.holdsAliveBlack()) return NONE;
  b.refreshTrust();
  const opts = d.options;
  for (let i = 0; i < opts.length; i++) {
    const s = opts[i]!;
    const k = view.known[s]!;
    m.scores[s] = isEnemyFact(k) ? NEVER : (b.found[s] === Verdict.Red ? 10 : 0) + (b.realCommissar[s] ? 20 : 0) - b.enemy(s);
  }
  const s = bestOption(m, d, 0);
  return m.scores[s]! > NEVER ? s : NONE;
}
