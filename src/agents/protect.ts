// The protect ability's one policy (the Doctor, the Bodyguard, a rules
// file's own protector): he guards whom he most wants alive. For Town that
// is the Commissar claimant he believes in, himself, and players a trusted
// Commissar cleared, less the seats he suspects; for a protector of the clan
// (a rules file may define one) his mates. The weights are the `doctor.*`
// rows of the parameter table, read by every protector (scope them by role:
// `bodyguard.doctor.selfWeight=3`); what the rules allow (himself, repeats)
// comes from the role's row in the rules' role table, never from its name.
// This is the club Doctor's policy of before, unchanged for him: every club,
// forum and classic game is the same (bench/fingerprint.js).

import { NONE, type Decision } from '../engine/agent.js';
import { NO_ROLE } from '../engine/roleBook.js';
import { Team } from '../engine/roles.js';
import { sigmoid } from './odds.js';
import { NEVER, bestOption, isOption, type Mind } from './mind.js';

/** A protector's choice for the night: a seat from the options, or NONE where he may pass. */
export function protect(m: Mind, d: Decision): number {
  return m.view.team === Team.Mafia ? protectMates(m, d) : protectTown(m, d);
}

/** Town's protector: the Commissar he believes in, himself, then players a trusted Commissar cleared. */
function protectTown(m: Mind, d: Decision): number {
  const b = m.b;
  const p = m.p;
  b.refreshTrust();
  const n = b.n;
  const opts = d.options;
  const self = mayProtectSelf(m) ? p['doctor.selfWeight']! : NEVER;
  for (let i = 0; i < opts.length; i++) {
    const s = opts[i]!;
    if (s === b.me && self <= NEVER) {
      m.scores[s] = NEVER;
      continue;
    }
    let score = s === b.me ? self : 0;
    const trust = b.trust[s]!;
    // A claimant of the role that assists the checker (the Sergeant) is worth half a Commissar.
    if (trust > 0) score += p['doctor.commissarWeight']! * trust * (claimsAssistant(m, s) ? 0.5 : 1);
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
  if (self > NEVER && guardsHimself(m, d, p['noise']!)) return b.me;
  if (self > NEVER) m.scores[b.me] = NEVER;
  const pick = bestOption(m, d, p['noise']!);
  return pick === b.me && self <= NEVER && d.mayPass ? NONE : pick;
}

/** Whether seat s claims a role that assists another (the Sergeant), by the rules' role table. */
function claimsAssistant(m: Mind, s: number): boolean {
  const role = m.b.claimRole[s]!;
  return role >= 0 && m.view.book.assists[role] !== NO_ROLE;
}

/**
 * A protector of the clan guards the mate the table is closest to killing:
 * the most votes and accusations against him, himself by `doctor.selfWeight`;
 * never a non-mate while a mate may be guarded.
 */
function protectMates(m: Mind, d: Decision): number {
  const b = m.b;
  const opts = d.options;
  for (let i = 0; i < opts.length; i++) {
    const s = opts[i]!;
    if (s === b.me) m.scores[s] = mayProtectSelf(m) ? m.p['doctor.selfWeight']! : NEVER;
    else m.scores[s] = m.view.known[s] === Team.Mafia ? 1 + b.lastVoteOf(s, m.view.day) + 0.5 * b.actsAgainstMe(s) : 0;
  }
  const pick = bestOption(m, d, m.p['noise']!);
  return pick === b.me && m.scores[pick]! <= NEVER && d.mayPass ? NONE : pick;
}

/**
 * Whether he guards himself tonight, where he may: with the chance a logit
 * choice (taste `noise`) gives his own priority against every other
 * option's, so it is his habit, never a certainty, and his choices do not
 * fall into a fixed rhythm where a repeat is barred. Whom else he guards is
 * then the usual choice.
 */
function guardsHimself(m: Mind, d: Decision, noise: number): boolean {
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
 * Whether he guards himself at all: his own habit (`doctor.selfHeal`, 0:
 * never, as the recorded medics) and what his role's row allows (the
 * Doctor's `self` is the option doctor.selfHeal, the Bodyguard's
 * bodyguard.selfProtect).
 */
function mayProtectSelf(m: Mind): boolean {
  if (m.p['doctor.selfHeal']! < 0.5) return false;
  return m.view.book.selfAllowed[m.view.role] === 1;
}
