// Night and day choices of the players who want the enemies of Town dead:
// the vote, the Commissar's note and last shot, the Red Maniac's kill, the
// Vigilante's shot, hunting, and the death note (the protect and check
// abilities have their own modules: protect.ts, check.ts).

import { NONE, UNKNOWN, type Decision } from '../engine/agent.js';
import type { RoleBook } from '../engine/roleBook.js';
import { Role, Team } from '../engine/roles.js';
import { KNOWN_NOT_MAFIA } from '../engine/view.js';
import { Verdict } from './beliefs.js';
import { isEnemyFact, logit, sigmoid } from './odds.js';
import { NEVER, bestOption, takesTie, type Mind } from './mind.js';
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
  const wagon = m.p['bandwagon']! * b.voiceShare();
  // The vote's tallies are looked up once, not once per option.
  const tally = b.tallyNow(m.view.day, d.round);
  const follow = b.wagonNow(m.view.day, d.round);
  const noise = m.p['noise']!;
  const opts = d.options;
  for (let i = 0; i < opts.length; i++) {
    const s = opts[i]!;
    m.scores[s] = b.enemy(s) + wagon * (follow === null ? 0 : follow[s]!);
  }
  spareClaimed(m, d);
  coverVote(m, tally, wagon);
  const pick = tastiestOption(m, d, m.p['vote.taste']!);
  // A pass is a vote for nobody only under vote.noLynch; an abstention (vote.mayAbstain) was decided before.
  if (!d.mayPass || !m.view.options['vote.noLynch']) return pick;
  const pass = b.prior + m.p['vote.passBias']! + wagon * b.passesNow(m.view.day, d.round);
  return pick === NONE || pass + noise * m.rng.next() > m.scores[pick]! + noise * 0.5 ? NONE : pick;
}

/**
 * A claimed Bomb or Prince (a role whose lynch sets off a blast or is
 * survived, by the rules' role table) is voted for only on strong evidence:
 * `vote.spareClaim` log-odds off his score. No such claim, no change.
 */
function spareClaimed(m: Mind, d: Decision): void {
  if (!dealsSpared(m.view.setup, m.view.book)) return;
  const b = m.b;
  const book = m.view.book;
  const opts = d.options;
  for (let i = 0; i < opts.length; i++) {
    const s = opts[i]!;
    const role = b.claimRole[s]!;
    if (role >= 0 && (book.blast[role] === 1 || book.lynchShield[role]! > 0) && m.view.known[s] === UNKNOWN) m.scores[s]! -= m.p['vote.spareClaim']!;
  }
}

/** Whether a setup deals a role the table spares once claimed, found once per setup (the club, forum and classic games deal none). */
const SPARED_DEALT = new WeakMap<readonly number[], boolean>();
function dealsSpared(setup: readonly number[], book: RoleBook): boolean {
  let dealt = SPARED_DEALT.get(setup);
  if (dealt === undefined) {
    dealt = book.anyInPlay(setup, (r) => book.blast[r] === 1 || book.lynchShield[r]! > 0);
    SPARED_DEALT.set(setup, dealt);
  }
  return dealt;
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
  // With no source believed that far, no seat without a fact is worth a hunt: the sources' results need not be looked up.
  const trusted = b.highestTrust() >= HUNT_SOURCE_TRUST;
  const opts = d.options;
  for (let i = 0; i < opts.length; i++) {
    const s = opts[i]!;
    const k = known[s]!;
    if (k === Team.Maniac && !maniacDies) continue;
    if (k === Team.Town || k === KNOWN_NOT_MAFIA) continue;
    // Without a hard fact, only a credible "Black" result makes a hunt worth a life: reads and a
    // contested claim are not enough, and an unproven enemy may be the loner Maniac.
    const source = k === Team.Mafia ? 1 : trusted ? b.blackResultTrust(s) : 0;
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
