// The kinds of event the players' code switches on (the table's record reads
// an event's kind once for all its players: record.ts), and the event types
// that code names.

import type { GameEvent } from '../engine/events.js';

/**
 * What an event is to a player, as a small number. Each event type is an
 * object of its own shape, so reading `type` is a slow (megamorphic) load:
 * the record reads it once per event, every observer switches on the number.
 */
export const Kind = { Vote: 0, Claim: 1, Phase: 2, Death: 3, Check: 4, CommissarKnown: 5, Frozen: 6, Promoted: 7, Facts: 8, Other: 9 } as const;
export type Kind = (typeof Kind)[keyof typeof Kind];

export type Event<T extends GameEvent['type']> = Extract<GameEvent, { type: T }>;
export type VoteEvent = Event<'vote'>;
export type ClaimEvent = Event<'claim'>;

export function kindOf(e: GameEvent): Kind {
  switch (e.type) {
    case 'vote':
      return Kind.Vote;
    case 'claim':
      return Kind.Claim;
    case 'phase':
      return Kind.Phase;
    case 'death':
      return Kind.Death;
    case 'check':
      return Kind.Check;
    case 'commissar-known':
      return Kind.CommissarKnown;
    case 'frozen':
      return Kind.Frozen;
    case 'promoted':
      return Kind.Promoted;
    // Hard facts passed on: the note read to the table, a death note, the clan.
    case 'commissar-note':
    case 'death-note':
    case 'mates':
      return Kind.Facts;
    default:
      return Kind.Other;
  }
}
