// The readable game log: the host's view of one game's events as text,
// seats shown from #1. This is the only place events become sentences, and
// golden logs in test/ pin its output.

import { CHOICE_NAMES, Choice, DeathCause, OUTCOME_NAMES, type GameEvent, type LoggedEvent } from './events.js';
import { ROLES, type Role } from './roles.js';

const seat = (s: number): string => `#${s + 1}`;

const CAUSE_TEXT: Record<number, string> = {
  [DeathCause.Lynch]: 'lynched',
  [DeathCause.Mafia]: 'shot by the mafia',
  [DeathCause.Maniac]: 'killed by the Maniac',
  [DeathCause.Hunt]: 'killed by a hunter',
  [DeathCause.HuntMiss]: 'died on a failed hunt',
  [DeathCause.LastShot]: "hit by the Commissar's last shot",
  [DeathCause.Kamikaze]: 'blown up by the Kamikaze',
  [DeathCause.Fouls]: 'removed for 4 fouls',
  [DeathCause.Inactivity]: 'removed for missing votes',
  [DeathCause.Vigilante]: 'shot by the Vigilante',
  [DeathCause.Bomb]: 'killed in the blast',
};

const REQUEST_TEXT: Record<number, string> = {
  [Choice.Shoot]: 'shoots',
  [Choice.Freeze]: 'freezes',
  [Choice.Heal]: 'heals',
  [Choice.Check]: 'checks',
  [Choice.ManiacKill]: 'goes to kill',
  [Choice.Kamikaze]: 'goes after',
  [Choice.Hunt]: 'hunts',
  [Choice.VigilanteShot]: 'fires at',
  [Choice.Silence]: 'silences',
};

/** What a player who declined says in the log, by decision. */
const PASS_TEXT: Record<number, string> = {
  [Choice.Freeze]: 'passes: freezes nobody',
  [Choice.Heal]: 'passes: heals nobody',
  [Choice.Check]: 'passes: checks nobody',
  [Choice.ManiacKill]: 'abstains: kills nobody',
  [Choice.Kamikaze]: 'waits: goes after nobody',
  [Choice.VigilanteShot]: 'holds fire',
  [Choice.Silence]: 'passes: silences nobody',
  [Choice.LastShot]: 'holds his last shot',
};

/** Renders a logged game as lines of text. `header` lines go first. */
/** The log as text; `roleName` is the role's name in the preset played (default: the role table's label). */
export function formatLog(log: readonly LoggedEvent[], header: readonly string[] = [], roleName: (r: Role) => string = (r) => ROLES[r]!.label): string {
  const lines = [...header];
  const seen = new Set<GameEvent>();
  // Each seat's role as of now: a promotion relabels him, so a promoted Sergeant's last shot reads as the Commissar's.
  let roles: Role[] = [];
  let pendingVotes: string[] = [];
  let pendingKill: { seat: number; cause: number; by: number } | null = null;
  /** Tonight's protector of each seat (by its heal request), so a save names the protecting role. */
  let protector = new Map<number, number>();
  const who = (s: number): string => (roles.length ? `${seat(s)} (${roleName(roles[s]!)})` : seat(s));
  const roleAt = (s: number): string => (roles.length ? roleName(roles[s]!) : 'player');
  const flushVotes = (): void => {
    if (pendingVotes.length) lines.push(`  votes: ${pendingVotes.join(' ')}`);
    pendingVotes = [];
  };
  for (const { event: e } of log) {
    if (seen.has(e)) continue;
    seen.add(e);
    if (e.type !== 'vote') flushVotes();
    switch (e.type) {
      case 'deal':
        roles = e.roles.slice();
        lines.push(`deal: ${roles.map((r, s) => `${seat(s)} ${roleName(r)}`).join(', ')}`);
        break;
      case 'phase':
        lines.push(`${e.phase === 'turn' ? 'Turn' : e.phase === 'day' ? 'Day' : 'Night'} ${e.day}`);
        protector = new Map();
        break;
      case 'mates':
        lines.push(`  the clan knows each other: ${e.seats.map(seat).join(' ')}`);
        break;
      case 'commissar-known':
        break;
      case 'claim':
        lines.push(`  ${who(e.speaker)} ${claimText(e.claim, roleName)}`);
        break;
      case 'foul':
        lines.push(`  ${who(e.seat)} gets a foul (now ${e.halfFouls / 2})${e.silenced ? ': loses his speech, penalty vote' : ''}`);
        break;
      case 'vote':
        pendingVotes.push(`${seat(e.voter)}->${e.missed ? 'missed' : e.abstained ? 'abstains' : e.target < 0 ? 'nobody' : seat(e.target)}${e.round > 0 && !e.missed ? '(revote)' : ''}`);
        break;
      case 'penalty-vote':
        lines.push(`  penalty vote against ${who(e.target)}`);
        break;
      case 'lynch':
        lines.push(`  ${who(e.target)} ${e.reason === 'lone-nominee' ? 'leaves as the only nominee (no vote)' : `is lynched with ${e.votes} votes${e.reason === 'tie-random' ? ' (tie broken at random)' : e.reason === 'tie-all' ? ' (tie: all tied go)' : ''}`}`);
        break;
      case 'lynch-survived':
        lines.push(`  ${who(e.target)} is lynched with ${e.votes} votes but survives: his role is shown`);
        break;
      case 'nomination':
        lines.push(`  ${who(e.by)} nominates ${who(e.target)}`);
        break;
      case 'lift-all':
        lines.push(`  vote on lifting ${e.seats.map(seat).join(' ')} together: ${e.yes} for; ${e.lifted ? 'they all leave' : 'they stay'}`);
        break;
      case 'silenced':
        lines.push(`  ${who(e.seat)} is silenced today${e.votes ? '' : ' and may not vote'}`);
        break;
      case 'role-check':
        lines.push(`  check: ${who(e.target)} is ${e.found ? '' : 'not '}the ${roleName(e.role)}`);
        break;
      case 'no-lynch':
        lines.push(`  no lynch: ${e.reason.replace(/-/g, ' ')}`);
        break;
      case 'request':
        lines.push(`  ${who(e.seat)} ${REQUEST_TEXT[e.choice] ?? CHOICE_NAMES[e.choice]} ${e.target < 0 ? 'nobody' : who(e.target)}`);
        if (e.choice === Choice.Heal && !protector.has(e.target)) protector.set(e.target, e.seat);
        break;
      case 'pass':
        lines.push(`  ${who(e.seat)} ${PASS_TEXT[e.choice] ?? `passes (${CHOICE_NAMES[e.choice]})`}`);
        break;
      case 'frozen':
        break;
      case 'blocked':
        lines.push(`  ${who(e.seat)} is frozen: his ${CHOICE_NAMES[e.choice]} is lost`);
        break;
      case 'saved': {
        const by = protector.get(e.seat);
        lines.push(`  ${who(e.seat)} is saved by the ${by === undefined ? 'Doctor' : roleAt(by)} (from ${CAUSE_TEXT[e.from]})`);
        break;
      }
      case 'shot-failed':
        if (e.reason === 'turned') lines.push(`  the mafia's shot turns ${who(e.target)}: he joins the clan`);
        else lines.push(`  the mafia's shot fails: ${e.reason === 'split' ? 'the requests disagree' : e.reason === 'foundling' ? `${who(e.target)} is the ${roleAt(e.target)}` : 'nobody to shoot'}`);
        break;
      case 'check':
        lines.push(`  check: ${who(e.target)} is ${resultText(e)}${e.killedBy >= 0 ? killerText(e, who, roleAt) : ''}`);
        break;
      case 'kill':
        pendingKill = { seat: e.seat, cause: e.cause, by: e.by };
        break;
      case 'death': {
        const k = pendingKill && pendingKill.seat === e.seat ? pendingKill : null;
        const how = k ? causeText(k.cause, k.by, e.seat, who, roleAt) : e.publicCause;
        lines.push(`  ${who(e.seat)} dies: ${how}; ${e.revealed >= 0 ? 'role shown' : 'role not shown'}`);
        pendingKill = null;
        break;
      }
      case 'commissar-note':
        lines.push(`  the Commissar's note is read: ${who(e.target)} is ${resultText(e)}`);
        break;
      case 'note-burned':
        lines.push(`  the Commissar's note on ${who(e.target)} burns unread: ${e.reason === 'alive' ? `${who(e.commissar)} lives` : 'his check was lost to a freeze'}`);
        break;
      case 'death-note':
        lines.push(`  ${who(e.to)} receives the death note of ${who(e.from)}`);
        break;
      case 'promoted':
        lines.push(`  ${seat(e.seat)} becomes ${roleName(e.role)}`);
        roles[e.seat] = e.role;
        break;
      case 'last-shot':
        lines.push(`  ${who(e.shooter)} fires his last shot at ${who(e.target)}`);
        break;
      case 'end':
        lines.push(`Winner: ${OUTCOME_NAMES[e.outcome]} (after ${e.day} ${e.day === 1 ? 'day' : 'days'})`);
        break;
    }
  }
  flushVotes();
  return lines.join('\n') + '\n';
}

/** A check's result as the Commissar gets it: a loner Maniac is only "not Mafia", not Red. */
function resultText(e: { readonly black: boolean; readonly notMafiaOnly: boolean }): string {
  return e.black ? 'Black' : e.notMafiaOnly ? 'not Mafia' : 'Red';
}

/** What a check of a player killed tonight adds; one who died by his own hand (a failed hunt) is not named as his killer. */
function killerText(e: Extract<GameEvent, { type: 'check' }>, who: (s: number) => string, roleAt: (s: number) => string): string {
  if (e.killedBy !== e.target) return `, killed tonight by ${who(e.killedBy)} (${causeWords(e.cause as number, e.killedBy, roleAt)})`;
  return e.cause === DeathCause.HuntMiss ? ', died tonight on a failed hunt' : `, ${causeText(e.cause, e.killedBy, e.target, who, roleAt)} tonight`;
}

/** A cause in words; a last shot is named by the shooter's role (the Commissar's, or another role's with one). */
function causeWords(cause: number, by: number, roleAt: (s: number) => string): string {
  return cause === DeathCause.LastShot && by >= 0 ? `hit by the ${roleAt(by)}'s last shot` : CAUSE_TEXT[cause]!;
}

function causeText(cause: number, by: number, victim: number, who: (s: number) => string, roleAt: (s: number) => string): string {
  if (cause === DeathCause.Kamikaze && by === victim) return 'blew himself up with the Commissar';
  const named = by >= 0 && cause !== DeathCause.HuntMiss && cause !== DeathCause.Lynch;
  return named ? `${causeWords(cause, by, roleAt)}, ${who(by)}` : CAUSE_TEXT[cause]!;
}

function claimText(c: Extract<GameEvent, { type: 'claim' }>['claim'], roleName: (r: Role) => string): string {
  switch (c.kind) {
    case 'role':
      return `claims to be the ${roleName(c.role)}`;
    case 'result':
      return `says ${seat(c.target)} is ${c.black ? 'Black' : 'Red'}`;
    case 'accuse':
      return `accuses ${seat(c.target)}`;
  }
}
