// An independent judge of claims against what the whole table knows, read
// from a game's full log: the public setup, the roles shown at death and the
// Commissar's note (which names him). A role claim is impossible when every
// copy of the role the rules can produce (the setup's own, plus Sergeants who
// become Commissar, aftermath.ts) is already shown; a result is impossible
// when it contradicts a shown team, comes from a claimant whose claim the
// table has since disproved, or comes before any night has passed (no check
// can have been made: day 1 of a game that starts by day). Written apart from the players' own reasoning
// (src/agents/publicFacts.ts) so it can catch it out: bench/claims.ts and
// test/agents/claims.test.ts count with it.

import type { GameEvent, LoggedEvent } from '../src/engine/events.js';
import { Role, Team } from '../src/engine/roles.js';
import type { Rules } from '../src/engine/rules.js';

export interface ClaimCount {
  /** Games with at least one impossible claim. */
  gamesWithImpossible: number;
  /** Games in which a player an impossible claim called Black was lynched that same day. */
  gamesLynchedOnOne: number;
  /** Impossible claims in all (a role claim and its result count as two). */
  impossibleClaims: number;
  /** Games with an impossible role claim (not only a result). */
  gamesWithImpossibleRole: number;
}

/** A public team of a shown role, as the rules' role table gives it (the Maniac's from `maniac.team`; a rules file's own roles too). */
function teamOf(rules: Rules, role: number): number {
  return rules.book.team[role]!;
}

/** Copies of `role` the table may still hold, given what has been shown. */
function copiesLeft(rules: Rules, shown: readonly number[], role: number): number {
  const setup = rules.roles;
  if (role === Role.Commissar) return setup[Role.Commissar]! + setup[Role.Sergeant]! - shown[Role.Commissar]! - shown[Role.Sergeant]!;
  if (role === Role.Sergeant) return setup[Role.Sergeant]! - shown[Role.Sergeant]! - Math.max(0, shown[Role.Commissar]! - setup[Role.Commissar]!);
  return setup[role]! - shown[role]!;
}

/** Judges the claims of one game's log (the events in order, each once). */
export function judgeGame(rules: Rules, log: readonly LoggedEvent[], into: ClaimCount): void {
  const n = rules.players;
  const shown = new Array<number>(rules.roles.length).fill(0);
  const shownSeat = new Int8Array(n).fill(-1);
  const publicTeam = new Int8Array(n).fill(-1);
  /** Where in the log each seat's latest role claim was, if it is Commissar (-1: none), and whether the table has disproved his claim. */
  const claimedAt = new Int32Array(n).fill(-1);
  const disproved = new Uint8Array(n);
  const namedToday = new Uint8Array(n);
  let day = 0;
  let impossibleToday = false;
  let nightPassed = false;
  let any = false;
  let anyRole = false;
  let lynchedOnOne = false;
  const seen = new Set<GameEvent>();
  const show = (seat: number, role: number): void => {
    if (shownSeat[seat]! >= 0) return;
    shownSeat[seat] = role;
    shown[role]!++;
    publicTeam[seat] = teamOf(rules, role);
    // Every copy of the Commissar the setup dealt is shown: whoever claimed it before, living, lied.
    if (role === Role.Commissar && shown[Role.Commissar]! >= rules.roles[Role.Commissar]!) {
      for (let s = 0; s < n; s++) if (s !== seat && claimedAt[s]! >= 0) disproved[s] = 1;
    }
  };
  for (let i = 0; i < log.length; i++) {
    const e = log[i]!.event;
    if (seen.has(e)) continue;
    seen.add(e);
    switch (e.type) {
      case 'phase':
        // A night phase, or any day after the first (the forum's turn 1 ends with its night actions).
        if (e.phase === 'night' || e.day >= 2) nightPassed = true;
        if (e.day !== day) {
          day = e.day;
          namedToday.fill(0);
          impossibleToday = false;
        }
        break;
      case 'death':
        if (e.revealed >= 0) show(e.seat, e.revealed);
        break;
      case 'commissar-note':
        show(e.commissar, Role.Commissar);
        publicTeam[e.target] = e.black ? Team.Mafia : e.notMafiaOnly ? -1 : Team.Town;
        break;
      case 'claim': {
        const c = e.claim;
        let impossible = false;
        if (c.kind === 'role') {
          impossible = copiesLeft(rules, shown, c.role) <= 0;
          claimedAt[e.speaker] = c.role === Role.Commissar ? i : -1;
          disproved[e.speaker] = impossible ? 1 : 0;
          if (impossible) anyRole = true;
        } else if (c.kind === 'result') {
          const k = publicTeam[c.target]!;
          // A Foundling (or a Cursed) checked Red may have turned Mafia since: a Red on a shown Mafia stands then.
          const redOnBlack = k === Team.Mafia && rules.roles[Role.Foundling]! === 0 && rules.roles[Role.Cursed]! === 0;
          impossible = !nightPassed || disproved[e.speaker] === 1 || (k >= 0 && (c.black ? k === Team.Town : redOnBlack));
          if (impossible && c.black) namedToday[c.target] = 1;
        }
        if (impossible) {
          into.impossibleClaims++;
          any = true;
          impossibleToday = true;
        }
        break;
      }
      case 'lynch':
        if (impossibleToday && namedToday[e.target]) lynchedOnOne = true;
        break;
      default:
        break;
    }
  }
  if (any) into.gamesWithImpossible++;
  if (anyRole) into.gamesWithImpossibleRole++;
  if (lynchedOnOne) into.gamesLynchedOnOne++;
}
