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
};

/** What a player who declined says in the log, by decision. */
const PASS_TEXT: Record<number, string> = {
  [Choice.Freeze]: 'passes: freezes nobody',
  [Choice.Heal]: 'passes: heals nobody',
  [Choice.Check]: 'passes: checks nobody',
  [Choice.ManiacKill]: 'abstains: kills nobody',
  [Choice.Kamikaze]: 'waits: goes after nobody',
  [Choice.VigilanteShot]: 'holds fire',
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
  const who = (s: number): string => (roles.length ? `${seat(s)} (${roleName(roles[s]!)})` : seat(s));
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
        pendingVotes.push(`${seat(e.voter)}->${e.missed ? 'missed' : e.target < 0 ? 'nobody' : seat(e.target)}${e.round > 0 && !e.missed ? '(revote)' : ''}`);
        break;
      case 'penalty-vote':
        lines.push(`  penalty vote against ${who(e.target)}`);
        break;
      case 'lynch':
        lines.push(`  ${who(e.target)} is lynched with ${e.votes} votes${e.reason === 'tie-random' ? ' (tie broken at random)' : e.reason === 'tie-all' ? ' (tie: all tied go)' : ''}`);
        break;
      case 'no-lynch':
        lines.push(`  no lynch: ${e.reason.replace(/-/g, ' ')}`);
        break;
      case 'request':
        lines.push(`  ${who(e.seat)} ${REQUEST_TEXT[e.choice] ?? CHOICE_NAMES[e.choice]} ${e.target < 0 ? 'nobody' : who(e.target)}`);
        break;
      case 'pass':
        lines.push(`  ${who(e.seat)} ${PASS_TEXT[e.choice] ?? `passes (${CHOICE_NAMES[e.choice]})`}`);
        break;
      case 'frozen':
        break;
      case 'blocked':
        lines.push(`  ${who(e.seat)} is frozen: his ${CHOICE_NAMES[e.choice]} is lost`);
        break;
      case 'saved':
        lines.push(`  ${who(e.seat)} is saved by the Doctor (from ${CAUSE_TEXT[e.from]})`);
        break;
      case 'shot-failed':
        lines.push(`  the mafia's shot fails: ${e.reason === 'split' ? 'the requests disagree' : e.reason === 'foundling' ? `${who(e.target)} is the Foundling` : 'nobody to shoot'}`);
        break;
      case 'check':
        lines.push(`  check: ${who(e.target)} is ${resultText(e)}${e.killedBy >= 0 ? killerText(e, who) : ''}`);
        break;
      case 'kill':
        pendingKill = { seat: e.seat, cause: e.cause, by: e.by };
        break;
      case 'death': {
        const k = pendingKill && pendingKill.seat === e.seat ? pendingKill : null;
        const how = k ? causeText(k.cause, k.by, e.seat, who) : e.publicCause;
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
function killerText(e: Extract<GameEvent, { type: 'check' }>, who: (s: number) => string): string {
  if (e.killedBy !== e.target) return `, killed tonight by ${who(e.killedBy)} (${CAUSE_TEXT[e.cause]})`;
  return e.cause === DeathCause.HuntMiss ? ', died tonight on a failed hunt' : `, ${causeText(e.cause, e.killedBy, e.target, who)} tonight`;
}

function causeText(cause: number, by: number, victim: number, who: (s: number) => string): string {
  if (cause === DeathCause.Kamikaze && by === victim) return 'blew himself up with the Commissar';
  const named = by >= 0 && cause !== DeathCause.HuntMiss && cause !== DeathCause.Lynch;
  return named ? `${CAUSE_TEXT[cause]}, ${who(by)}` : CAUSE_TEXT[cause]!;
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
