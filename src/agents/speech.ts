// What a player says by day, as claims: the Commissar's reveal and results
// (and, hidden, how loudly he pushes a Black), the Sergeant's backing, the
// leaks of Town's protectors and guns (the Doctor, the Bodyguard, the
// Vigilante: by ability, from the rules' role table), a pressed Bomb's or
// Prince's claim, Town accusations, and the clan's fake claims and
// counter-claims (one designated liar, so the clan never claims twice).

import { UNKNOWN, type ClaimSink } from '../engine/agent.js';
import { Ability, type RoleBook } from '../engine/roleBook.js';
import { Role, Team } from '../engine/roles.js';
import { Verdict } from './beliefs.js';
import { danger } from './black.js';
import { keepsQuiet } from './cover.js';
import { checkMayHaveHappened, firstResultDay } from './publicFacts.js';
import { takesTie, type Mind } from './mind.js';

/** Per-game speech state kept by the agent. */
export class SpeechState {
  revealRoll = -1;
  fakeRoll = -1;
  /** The Commissar claimant the clan last decided about, and whether it counters him. */
  counterFor = -1;
  counter = false;
  lastAccuseDay = -1;
  lastResultDay = -1;
  /** The day a Doctor or Vigilante last weighed letting his role show (once a day, though he may speak twice). */
  leakDay = -1;
  /** The day he last had his turn to speak (a second turn that day answers a later claim). */
  spokeDay = -1;

  reset(): void {
    this.spokeDay = -1;
    this.leakDay = -1;
    this.revealRoll = -1;
    this.fakeRoll = -1;
    this.counterFor = -1;
    this.counter = false;
    this.lastAccuseDay = -1;
    this.lastResultDay = -1;
  }
}

export function speakAs(m: Mind, st: SpeechState, out: ClaimSink): void {
  const view = m.view;
  if (view.team === Team.Mafia) {
    if (isDesignatedLiar(m)) clanLiar(m, st, out);
    return;
  }
  if (view.team === Team.Town && view.role === Role.Commissar) commissarSpeech(m, st, out);
  else if (view.team === Team.Town && view.role === Role.Sergeant) sergeantSpeech(m, st, out);
  else if (view.team === Team.Town && leaksRole(view.book, view.role)) powerRoleLeak(m, st, out);
  else if (view.team === Team.Town && sparedWhenClaimed(view.book, view.role)) claimToBeSpared(m, out);
  // A second turn the same day answers a claim; his accusation of the day was weighed in the first.
  if (st.spokeDay === view.day) return;
  st.spokeDay = view.day;
  accuseTopSuspect(m, st, out);
}

/**
 * A hidden Doctor or Vigilante lets his role show: under vote pressure (he
 * drew `leak.pressureVotes` votes at the last vote) he claims it to save
 * himself, and on any day after his first night his talk gives it away
 * with chance `leak.daily` (a human table hears who acts at night). Either way it is a
 * public claim of the role, so what the mafia learn is what everyone hears.
 */
function powerRoleLeak(m: Mind, st: SpeechState, out: ClaimSink): void {
  const b = m.b;
  const p = m.p;
  // Nothing to give away before his first night (a game that starts by day).
  if (b.claimedRole >= 0 || (m.view.day <= 1 && m.view.options.start === 'day')) return;
  if (pressedToClaim(m)) {
    say(m, out, m.view.role);
    return;
  }
  // The day's talk gives him away once a day at most, though he may speak again (a reply, the hammer).
  if (st.leakDay === m.view.day) return;
  st.leakDay = m.view.day;
  const daily = p['leak.daily']!;
  if (daily > 0 && m.rng.next() < daily) say(m, out, m.view.role);
}

/** A hidden protector, gun, Bomb or Prince has drawn `leak.pressureVotes` votes, at the last vote or under today's hammer. */
function pressedToClaim(m: Mind): boolean {
  const pressure = m.p['leak.pressureVotes']!;
  return pressure > 0 && m.b.pressureOn(m.b.me, m.view.day) >= pressure;
}

/** A Town role whose night shows in the talk (a protector, a gun: the Doctor, the Bodyguard, the Vigilante), by the rules' role table. */
export function leaksRole(book: RoleBook, role: number): boolean {
  const a = book.action[role];
  return a === Ability.Protect || a === Ability.Gun;
}

/** A role the table is better off not lynching once it knows it: a lynch sets off its blast (the Bomb) or it survives one (the Prince). */
export function sparedWhenClaimed(book: RoleBook, role: number): boolean {
  return book.blast[role] === 1 || book.lynchShield[role]! > 0;
}

/**
 * A Bomb or a Prince claims his role when the vote presses him
 * (`leak.pressureVotes` at the last vote): the table then spares him
 * (town.ts, `vote.spareClaim`), since lynching a Bomb kills his neighbours
 * and a Prince survives it. Before that he keeps quiet: a known Bomb is
 * one the wolves shoot when no mate sits beside him.
 */
function claimToBeSpared(m: Mind, out: ClaimSink): void {
  if (m.b.claimedRole < 0 && pressedToClaim(m)) say(m, out, m.view.role);
}

function commissarSpeech(m: Mind, st: SpeechState, out: ClaimSink): void {
  const b = m.b;
  if (b.claimedRole !== Role.Commissar) {
    if (!shouldReveal(m, st)) return;
    say(m, out, Role.Commissar);
  }
  announceFindings(m, out);
}

function shouldReveal(m: Mind, st: SpeechState): boolean {
  const b = m.b;
  const p = m.p;
  const day = m.view.day;
  if (b.holdsAliveBlack() && day >= p['commissar.revealFromDay']!) {
    if (st.revealRoll < 0) st.revealRoll = m.rng.next();
    if (st.revealRoll < p['commissar.revealOnBlack']!) return true;
  }
  if (p['commissar.revealDay']! > 0 && day >= p['commissar.revealDay']!) return true;
  if (p['commissar.revealVotes']! > 0 && b.pressureOn(b.me, day) >= p['commissar.revealVotes']!) return true;
  // Someone else claims my role: stay silent and the table believes him.
  for (let s = 0; s < b.n; s++) if (s !== b.me && b.claimRole[s] === Role.Commissar && m.view.alive[s]) return true;
  // A promoted Sergeant steps up when he had backed the Commissar or the fallen Commissar had spoken.
  if (b.promoted && p['sergeant.stepUp']! >= 0.5 && (b.claimRole[b.me] === Role.Sergeant || fallenCommissarSpoke(m))) return true;
  return false;
}

function fallenCommissarSpoke(m: Mind): boolean {
  const b = m.b;
  for (let s = 0; s < b.n; s++) if (b.realCommissar[s] && !m.view.alive[s] && b.claimRole[s] === Role.Commissar) return true;
  return false;
}

function sergeantSpeech(m: Mind, st: SpeechState, out: ClaimSink): void {
  const b = m.b;
  if (m.p['sergeant.confirm']! < 0.5) return;
  if (b.claimedRole !== Role.Sergeant) {
    let reason = false;
    for (let s = 0; s < b.n; s++) {
      if (b.claimRole[s] !== Role.Commissar || s === b.me) continue;
      if (b.realCommissar[s] || (b.liar[s] && m.view.alive[s])) reason = true;
    }
    if (!reason) return;
    say(m, out, Role.Sergeant);
  }
  for (let s = 0; s < b.n; s++) {
    if (b.liar[s] && m.view.alive[s] && b.claimRole[s] === Role.Commissar && st.lastAccuseDay !== m.view.day) {
      st.lastAccuseDay = m.view.day;
      out.say({ kind: 'accuse', target: s });
    }
  }
  announceFindings(m, out);
}

/** Says every finding not yet said: Blacks and Reds as results, a found loner Maniac as an accusation. */
function announceFindings(m: Mind, out: ClaimSink): void {
  const b = m.b;
  for (let t = 0; t < b.n; t++) {
    const f = b.found[t]!;
    if (f === Verdict.None || b.announced[t] || t === b.me) continue;
    b.announced[t] = 1;
    if (f === Verdict.Maniac) out.say({ kind: 'accuse', target: t });
    else out.say({ kind: 'result', target: t, black: f === Verdict.Black });
  }
}

function say(m: Mind, out: ClaimSink, role: Role): void {
  m.b.claimedRole = role;
  out.say({ kind: 'role', role });
}

/** A Town player names his top suspect when his belief passes the threshold. */
function accuseTopSuspect(m: Mind, st: SpeechState, out: ClaimSink): void {
  const b = m.b;
  const view = m.view;
  if (st.lastAccuseDay === view.day) return;
  b.refreshTrust();
  // The loop's fixed loads held in locals: this scan is the main caller of enemy() in a big game.
  const me = b.me;
  // The living in seat order (the record's list: the same seats `alive` shows, in the same order, so ties draw alike).
  const living = b.record.livingSeats;
  const count = b.record.living;
  let best = -1;
  let bestX = -Infinity;
  let ties = 1;
  // He speaks his hunch of the day too (the taste his vote will follow): what he says and how he votes agree.
  const known = view.known;
  const taste = m.taste;
  const scale = m.p['vote.taste']!;
  taste.forDay(view.day, m.rng);
  for (let i = 0; i < count; i++) {
    const s = living[i]!;
    if (s === me) continue;
    // One call, its result then added to (two calls in the two branches made V8 box every result).
    const e = b.enemy(s);
    const hunch = known[s] === UNKNOWN;
    // Not even the highest taste brings him to the best so far: his taste is not worked out (DayTaste.ceiling).
    if (hunch && e + scale * taste.ceiling < bestX) continue;
    const x = hunch ? e + scale * taste.at(s) : e;
    if (x > bestX) {
      bestX = x;
      best = s;
      ties = 1;
    } else if (x === bestX && x >= b.accuseLogOdds && takesTie(m, ++ties)) best = s;
  }
  if (best < 0 || bestX < b.accuseLogOdds) return;
  if (keepsQuiet(m, best)) return;
  st.lastAccuseDay = view.day;
  out.say({ kind: 'accuse', target: best });
}

/** The clan's one liar, drawn at random by the first mate to speak and agreed in its talk (clan.ts). */
function isDesignatedLiar(m: Mind): boolean {
  return m.clan.liar(m.view, m.rng) === m.b.me;
}

/**
 * Whether a living mate holds the clan's Commissar claim (a dead liar's
 * claim ends with him). One who knows the clan unknown to it (the Minion)
 * lies for himself alone: only his own claim is his to go on with.
 */
function clanClaimed(m: Mind): boolean {
  const b = m.b;
  if (m.view.book.seesClan[m.view.role]) return b.claimedRole === Role.Commissar;
  for (let s = 0; s < b.n; s++) if (m.view.known[s] === Team.Mafia && m.view.alive[s] && b.claimRole[s] === Role.Commissar) return true;
  return false;
}

/**
 * The designated liar: counter-claims a revealed Town Commissar (calling him
 * Black), or fake-claims on the set day, then keeps giving "results" that
 * frame the table's favourite non-mate.
 */
function clanLiar(m: Mind, st: SpeechState, out: ClaimSink): void {
  const view = m.view;
  const p = m.p;
  const facts = m.b.record.facts;
  if (clanClaimed(m)) {
    // Once the table has shown the claim false, more "results" only repeat the lie it has seen through.
    if (st.lastResultDay === view.day || facts.liar[m.b.me]) return;
    const t = framingTarget(m);
    if (t < 0) return;
    st.lastResultDay = view.day;
    out.say({ kind: 'result', target: t, black: true });
    return;
  }
  // Never a claim the whole table can disprove: a role every copy of which is shown, or absent from the setup,
  // and no result before any night (checkMayHaveHappened): a counter-claim then names no one, and a fake
  // claim waits for the first day a result can exist.
  if (!facts.roleClaimPossible(Role.Commissar)) return;
  const checked = checkMayHaveHappened(view);
  const real = livingTownClaimant(m);
  if (real >= 0 && facts.resultPossible(real, true)) {
    if (st.counterFor !== real) {
      st.counterFor = real;
      st.counter = m.rng.next() < p['mafia.counterClaim']!;
    }
    if (!st.counter) return;
    say(m, out, Role.Commissar);
    if (!checked) return;
    st.lastResultDay = view.day;
    out.say({ kind: 'result', target: real, black: true });
    return;
  }
  // The first whole day on or after mafia.fakeClaimDay, as the other day parameters are read (day >= value).
  if (view.day !== Math.max(Math.ceil(p['mafia.fakeClaimDay']!), firstResultDay(view.options))) return;
  if (st.fakeRoll < 0) st.fakeRoll = m.rng.next();
  if (st.fakeRoll >= p['mafia.fakeClaim']!) return;
  const t = framingTarget(m);
  if (t < 0) return;
  say(m, out, Role.Commissar);
  st.lastResultDay = view.day;
  out.say({ kind: 'result', target: t, black: true });
}

function livingTownClaimant(m: Mind): number {
  const b = m.b;
  for (let s = 0; s < b.n; s++) {
    if (b.claimRole[s] === Role.Commissar && m.view.alive[s] && m.view.known[s] !== Team.Mafia && s !== b.me) return s;
  }
  return -1;
}

/** The non-mate the table already suspects most (and who hurts the clan), not framed before. */
function framingTarget(m: Mind): number {
  const b = m.b;
  const view = m.view;
  const n = b.n;
  let best = -1;
  let bestScore = -Infinity;
  for (let s = 0; s < n; s++) {
    if (s === b.me || !view.alive[s] || view.known[s] === Team.Mafia || b.results[b.me * n + s] !== 0) continue;
    // A player the table knows to be Red (the Commissar's note) cannot be framed.
    if (!b.record.facts.resultPossible(s, true)) continue;
    const score = b.lastVoteOf(s, view.day) + 0.5 * danger(m, s) + 0.5 * m.rng.next();
    if (score > bestScore) {
      bestScore = score;
      best = s;
    }
  }
  return best;
}
