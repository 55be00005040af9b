// What happens in a game, as events. The same events feed the game log (the
// host's view, everything) and the agents (each gets only what its player
// may see). Integers inside; names only where the log prints them.

import type { Role } from './roles.js';

export const Outcome = { Town: 0, Mafia: 1, Maniac: 2, Draw: 3, Timeout: 4 } as const;
export type Outcome = (typeof Outcome)[keyof typeof Outcome];
export const OUTCOME_NAMES = ['town', 'mafia', 'maniac', 'draw', 'timeout'] as const;
export type OutcomeName = (typeof OUTCOME_NAMES)[number];

/** How a player left the game (the true cause; players see only PublicCause). */
export const DeathCause = {
  Lynch: 0,
  Mafia: 1,
  Maniac: 2,
  Hunt: 3, // killed by a hunter
  HuntMiss: 4, // a hunter whose target was not Mafia
  LastShot: 5,
  Kamikaze: 6,
  Fouls: 7,
  Inactivity: 8,
  Vigilante: 9,
  Bomb: 10, // a dying Bomb's blast
} as const;
export type DeathCause = (typeof DeathCause)[keyof typeof DeathCause];
export const DEATH_CAUSE_NAMES = ['lynch', 'mafia', 'maniac', 'hunt', 'hunt-miss', 'last-shot', 'kamikaze', 'fouls', 'inactivity', 'vigilante', 'bomb'] as const;

/** What the table sees of a death. */
export type PublicCause = 'lynch' | 'night' | 'last-shot' | 'removed' | 'blast';

/** How the last elimination of a game came about. */
export const EndedBy = { Lynch: 0, Night: 1, Other: 2, Timeout: 3 } as const;
export type EndedBy = (typeof EndedBy)[keyof typeof EndedBy];
export const ENDED_BY_NAMES = ['lynch', 'night', 'other', 'timeout'] as const;

/** The decisions the engine asks agents for. */
export const Choice = {
  Vote: 0,
  Shoot: 1,
  Freeze: 2,
  Heal: 3,
  Check: 4,
  ManiacKill: 5,
  Kamikaze: 6,
  Hunt: 7,
  LastShot: 8,
  DeathNote: 9,
  CommissarNote: 10,
  VigilanteShot: 11,
  Silence: 12,
  /** A nomination for the day's vote (vote.procedure = nominations or trials); options are the players who may be nominated. */
  Nominate: 13,
  /** After a second tie (nominations): naming any of the tied (the options) votes to lift them all; NONE votes to keep them. */
  LiftAll: 14,
} as const;
export type Choice = (typeof Choice)[keyof typeof Choice];
export const CHOICE_NAMES = [
  'vote',
  'shoot',
  'freeze',
  'heal',
  'check',
  'maniac-kill',
  'kamikaze',
  'hunt',
  'last-shot',
  'death-note',
  'commissar-note',
  'vigilante-shot',
  'silence',
  'nominate',
  'lift-all',
] as const;

/** A public statement made during the day. */
export type Claim =
  | { readonly kind: 'role'; readonly role: Role }
  | { readonly kind: 'result'; readonly target: number; readonly black: boolean }
  | { readonly kind: 'accuse'; readonly target: number };

export type GameEvent =
  | { readonly type: 'deal'; readonly roles: readonly Role[] }
  | { readonly type: 'phase'; readonly phase: 'day' | 'night' | 'turn'; readonly day: number }
  | { readonly type: 'mates'; readonly seats: readonly number[] }
  | { readonly type: 'commissar-known'; readonly seats: readonly number[] }
  | { readonly type: 'claim'; readonly speaker: number; readonly claim: Claim }
  | { readonly type: 'foul'; readonly seat: number; readonly halfFouls: number; readonly silenced: boolean }
  /** target NONE: a vote for nobody under `vote.noLynch`, (with `missed`) a vote missed for inactivity, or (with `abstained`) no vote cast under `vote.mayAbstain`. */
  | { readonly type: 'vote'; readonly voter: number; readonly target: number; readonly round: number; readonly missed?: true; readonly abstained?: true }
  | { readonly type: 'penalty-vote'; readonly target: number }
  /** `lone-nominee`: the day's only nominee leaves without a vote (vote.procedure = nominations). */
  | { readonly type: 'lynch'; readonly target: number; readonly votes: number; readonly reason: 'most-votes' | 'tie-random' | 'tie-all' | 'lone-nominee' }
  | { readonly type: 'no-lynch'; readonly reason: 'tie' | 'below-share' | 'no-votes' | 'no-vote-today' | 'already-dead' | 'voted-no-lynch' | 'no-nominations' | 'single-nomination' | 'kept' | 'time-out' }
  | { readonly type: 'request'; readonly seat: number; readonly choice: Choice; readonly target: number }
  /** To the host only: a player asked for a night action he may decline (or the last shot) declined it; a shooter naming nobody is a request instead. */
  | { readonly type: 'pass'; readonly seat: number; readonly choice: Choice }
  /** To the frozen player only: he learns he is frozen, not by whom (the host log has the Putana's request). */
  | { readonly type: 'frozen'; readonly seat: number }
  | { readonly type: 'blocked'; readonly seat: number; readonly choice: Choice }
  | { readonly type: 'saved'; readonly seat: number; readonly by: number; readonly from: DeathCause }
  /** One of tonight's mafia shots (`mafia.shots`), once the clan's requests agree on its target (host only). */
  | { readonly type: 'mafia-target'; readonly target: number; readonly shot: number }
  /** `foundling`: the target is immune to the shot (the Foundling, or any role the shot cannot kill); `turned`: the shot turns him (the Cursed). */
  | { readonly type: 'shot-failed'; readonly target: number; readonly reason: 'split' | 'foundling' | 'no-shooter' | 'turned' }
  | { readonly type: 'kill'; readonly seat: number; readonly cause: DeathCause; readonly by: number }
  /** `notMafiaOnly`: the result is only "not Mafia" (a loner Maniac), not Red. */
  | { readonly type: 'check'; readonly checker: number; readonly target: number; readonly black: boolean; readonly notMafiaOnly: boolean; readonly killedBy: number; readonly cause: DeathCause | -1 }
  | { readonly type: 'death'; readonly seat: number; readonly publicCause: PublicCause; readonly revealed: Role | -1 }
  | { readonly type: 'commissar-note'; readonly commissar: number; readonly target: number; readonly black: boolean; readonly notMafiaOnly: boolean }
  /** To the host only: a note left tonight is used up unread, because the Commissar lives or his check was lost to a freeze. */
  | { readonly type: 'note-burned'; readonly commissar: number; readonly target: number; readonly reason: 'alive' | 'frozen' }
  | { readonly type: 'death-note'; readonly from: number; readonly to: number; readonly known: readonly number[] }
  | { readonly type: 'promoted'; readonly seat: number; readonly role: Role }
  /** A check for a role (the Don's check for the Sheriff): whether the target holds `role`. To the checker only. */
  | { readonly type: 'role-check'; readonly checker: number; readonly target: number; readonly role: Role; readonly found: boolean }
  /** The host's morning word: this player may not speak today (and, with `votes` false, not vote). */
  | { readonly type: 'silenced'; readonly seat: number; readonly votes: boolean }
  /** A lynch his role survives (a Prince): his role is shown and he lives. */
  | { readonly type: 'lynch-survived'; readonly target: number; readonly role: Role; readonly votes: number }
  /** A nomination for the day's vote (vote.procedure nominations or trials), in the order made. */
  | { readonly type: 'nomination'; readonly by: number; readonly target: number }
  /** The vote on lifting all the tied after a second tie (vote.tie = revote-then-vote-all): `yes` of the living; more than half lifts them. */
  | { readonly type: 'lift-all'; readonly seats: readonly number[]; readonly yes: number; readonly lifted: boolean }
  | { readonly type: 'last-shot'; readonly shooter: number; readonly target: number }
  | { readonly type: 'end'; readonly outcome: Outcome; readonly day: number };

/** Who receives an event: everyone, only the log (host), the mafia team, or one seat. */
export const Audience = { Public: -1, Host: -2, Mafia: -3 } as const;

export interface LoggedEvent {
  readonly audience: number;
  readonly event: GameEvent;
}
