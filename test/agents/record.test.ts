// The table's public record (src/agents/record.ts) is a speed device only:
// players sharing one record, which the engine hands each public event once
// (contract 2, Agent.record), must play every game exactly as players each
// keeping his own copy of the votes, claims and tallies and observing every
// event himself (the old contract), and as players sharing the record but
// each observing every event (a wrapper that watches events). Compared on
// whole event logs, over presets with last shots, Kamikazes, death notes and
// Sergeants (a dead player shares a record that goes on without him), and
// with a table where the heuristic seats change from game to game (the record
// must still start each game clean).

import { describe, expect, it } from 'vitest';
import { Beliefs } from '../../src/agents/beliefs.js';
import { ClanTalk } from '../../src/agents/clan.js';
import { createProvider, parseAgents } from '../../src/agents/index.js';
import { CivilianMask } from '../../src/agents/asCivilian.js';
import { HeuristicAgent, wantsReads } from '../../src/agents/heuristic.js';
import { profileParams, type SkillProfile } from '../../src/agents/params.js';
import { RandomAgent } from '../../src/agents/random.js';
import { PublicFacts } from '../../src/agents/publicFacts.js';
import { PublicRecord } from '../../src/agents/record.js';
import { PassThroughAgent } from '../../src/agents/wrapper.js';
import { UNKNOWN, type Agent, type AgentProvider, type PlayerView } from '../../src/engine/agent.js';
import type { GameEvent, LoggedEvent } from '../../src/engine/events.js';
import { Game } from '../../src/engine/game.js';
import { Sfc32 } from '../../src/engine/rng.js';
import { Role, Team, roleSpec } from '../../src/engine/roles.js';
import { resolveRules, type Rules } from '../../src/engine/rules.js';
import { KNOWN_NOT_MAFIA } from '../../src/engine/view.js';
import { civilianView } from './helpers.js';

/** A player who observes every event himself (the old contract): a wrapper that watches events gets no shared record (wrapper.ts). */
class Observing extends PassThroughAgent {
  override observe(e: GameEvent): void {
    this.inner.observe?.(e);
  }
}

/** Every player of `inner` (`odd`: those at odd seats) observing every event on his own, though they share the table's record. */
function eachObserving(inner: AgentProvider, odd = false): AgentProvider {
  const wrapped = new Map<Agent, Observing>();
  return {
    agentFor(seat: number, role: Role): Agent {
      const agent = inner.agentFor(seat, role);
      if (odd && seat % 2 === 0) return agent;
      let w = wrapped.get(agent);
      if (!w) wrapped.set(agent, (w = new Observing(agent)));
      return w;
    },
  };
}

/**
 * Heuristic players built alone, so each keeps a public record of his own,
 * and observing every event himself (the old contract); `only`: the other
 * roles play at random. The clan's night talk is no copy of anything but the
 * mates' own words, so they share one, as at the table.
 */
function ownRecords(rules: Rules, profile: SkillProfile, only?: Role): AgentProvider {
  const params = profileParams(profile);
  const players: HeuristicAgent[] = [];
  const observing: Observing[] = [];
  const randoms: RandomAgent[] = [];
  const clan = new ClanTalk(rules.players);
  return {
    agentFor(seat: number, role: Role): Agent {
      clan.deal(seat);
      if (only !== undefined && role !== only) return (randoms[seat] ??= new RandomAgent());
      const t = roleSpec(role).team;
      const team = t === 'maniac-option' ? (rules.options['maniac.team'] === 'town' ? Team.Town : Team.Maniac) : t;
      const player = (players[seat] ??= new HeuristicAgent(rules.players, undefined, clan)).configure(params, wantsReads(role, team));
      return (observing[seat] ??= new Observing(player));
    },
  };
}

function logs(rules: Rules, provider: AgentProvider, games: number): string[] {
  const game = new Game(rules);
  const out: string[] = [];
  for (let k = 0; k < games; k++) {
    const log: LoggedEvent[] = [];
    game.play(5, k, provider, { log });
    out.push(JSON.stringify(log));
  }
  return out;
}

describe('the shared public record', () => {
  const cases: [string, { players?: number }, SkillProfile, number][] = [
    ['club', {}, 'club', 300],
    ['forum', { players: 16 }, 'club', 120],
    ['classic', {}, 'expert', 300],
    ['forum', {}, 'novice', 120],
    // Past `crowd` (21) living players each voice counts its share: the living count each record keeps must agree too.
    ['forum', { players: 24 }, 'club', 40],
  ];
  for (const [preset, opts, profile, games] of cases) {
    it(`plays ${preset} ${JSON.stringify(opts)} (${profile}) as players keeping their own records, and as players sharing it who each observe every event`, async () => {
      const rules = resolveRules(preset, opts);
      const shared = logs(rules, await createProvider(parseAgents(profile), rules), games);
      const own = logs(rules, ownRecords(rules, profile), games);
      const sharedObserving = logs(rules, eachObserving(await createProvider(parseAgents(profile), rules)), games);
      const mixed = logs(rules, eachObserving(await createProvider(parseAgents(profile), rules), true), games);
      expect(shared.length).toBe(games);
      for (let k = 0; k < games; k++) {
        expect(shared[k], `game ${k}`).toBe(own[k]);
        expect(sharedObserving[k], `game ${k}`).toBe(own[k]);
        expect(mixed[k], `game ${k}: odd seats observing`).toBe(own[k]);
      }
    });
  }

  // A Mafia player with mafia.asCivilian > 0 hands his civilian days to a second player in his seat
  // (asCivilian.ts) who reads the same record: both must get the seat's events, as when each observes every event.
  for (const [preset, opts, games] of [['club', {}, 300], ['forum', { players: 16 }, 120]] as const) {
    it(`plays ${preset} ${JSON.stringify(opts)} with the clan as Civilians on half its days as players who each observe every event`, async () => {
      const rules = resolveRules(preset, opts);
      const agents = 'club,mafia.mafia.asCivilian=0.5';
      const shared = logs(rules, await createProvider(parseAgents(agents), rules), games);
      const sharedObserving = logs(rules, eachObserving(await createProvider(parseAgents(agents), rules)), games);
      const mixed = logs(rules, eachObserving(await createProvider(parseAgents(agents), rules), true), games);
      for (let k = 0; k < games; k++) {
        expect(shared[k], `game ${k}`).toBe(sharedObserving[k]);
        expect(mixed[k], `game ${k}: odd seats observing`).toBe(sharedObserving[k]);
      }
    });
  }

  it('starts every game clean when the heuristic seat moves from game to game', async () => {
    const rules = resolveRules('club');
    const shared = logs(rules, await createProvider(parseAgents('random,commissar=club'), rules), 300);
    const own = logs(rules, ownRecords(rules, 'club', Role.Commissar), 300);
    for (let k = 0; k < shared.length; k++) expect(shared[k], `game ${k}`).toBe(own[k]);
    // The Commissar did speak: the games exercised the record.
    expect(shared.some((l) => l.includes('"type":"claim"'))).toBe(true);
  });
});

describe('applying an event once', () => {
  const rules = resolveRules('club');
  const n = rules.players;
  const viewOf = (seat: number): PlayerView => civilianView(rules, seat, 'day');
  function table(): { record: PublicRecord; players: Beliefs[] } {
    const record = new PublicRecord(n);
    const players = [0, 1, 2].map((s) => {
      const b = new Beliefs(n, record);
      record.deal(s);
      b.deal();
      b.reset(viewOf(s), profileParams('club'));
      return b;
    });
    return { record, players };
  }

  it('counts the living at the table: every seat at the start, one less at each death however many observe it, every seat again in a new game', () => {
    const { record, players } = table();
    expect(record.living).toBe(n);
    const death: GameEvent = { type: 'death', seat: 7, publicCause: 'lynch', revealed: -1 };
    for (const b of players) b.observe(death);
    expect(record.living).toBe(n - 1);
    record.clear();
    expect(record.living).toBe(n);
  });

  it('lists the living in seat order, without each seat that dies, and every seat again in a new game', () => {
    const { record, players } = table();
    const listed = (): number[] => [...record.livingSeats.subarray(0, record.living)];
    const all = Array.from({ length: n }, (_, s) => s);
    expect(listed()).toEqual(all);
    for (const seat of [7, 0, n - 1]) {
      const death: GameEvent = { type: 'death', seat, publicCause: 'night', revealed: -1 };
      for (const b of players) b.observe(death);
    }
    expect(listed()).toEqual(all.filter((s) => s !== 7 && s !== 0 && s !== n - 1));
    record.clear();
    expect(listed()).toEqual(all);
  });

  it('weighs a voice in full up to `crowd` living players and at crowd/living of it past them', () => {
    const { record, players } = table();
    const b = players[0]!;
    expect(b.voiceShare()).toBe(1);
    b.reset(viewOf(0), { ...profileParams('club'), crowd: 4 });
    expect(b.voiceShare()).toBe(4 / n);
    for (let seat = 4; seat < n; seat++) {
      b.observe({ type: 'death', seat, publicCause: 'night', revealed: -1 });
      expect(b.voiceShare(), `${record.living} living`).toBe(record.living > 4 ? 4 / record.living : 1);
    }
    expect(record.living).toBe(4);
  });

  it('counts an event once however many players observe it', () => {
    const { record, players } = table();
    const vote: GameEvent = { type: 'vote', voter: 4, target: 5, round: 0 };
    for (const b of players) b.observe(vote);
    expect(record.votesNow(5, 2, 0)).toBe(1);
    expect(record.votes[4 * n + 5]).toBe(1);
  });

  it('hands out the tally of the vote under way only (the same counts as votesNow)', () => {
    const { record, players } = table();
    expect(record.tallyNow(2, 0)).toBeNull();
    const vote: GameEvent = { type: 'vote', voter: 4, target: 5, round: 0 };
    for (const b of players) b.observe(vote);
    expect(record.tallyNow(2, 0)?.[5]).toBe(record.votesNow(5, 2, 0));
    expect(record.tallyNow(2, 0)?.[5]).toBe(1);
    expect(record.tallyNow(2, 1)).toBeNull();
    expect(record.tallyNow(3, 0)).toBeNull();
  });

  it('the votes a Town voter follows (wagonNow) start again for a player who claims a role while they are on him; the tally keeps them', () => {
    const { record, players } = table();
    const events: GameEvent[] = [
      { type: 'vote', voter: 4, target: 5, round: 0 },
      { type: 'vote', voter: 6, target: 5, round: 0 },
      { type: 'vote', voter: 7, target: 3, round: 0 },
      { type: 'claim', speaker: 5, claim: { kind: 'role', role: Role.Commissar } },
      { type: 'vote', voter: 8, target: 5, round: 0 },
    ];
    for (const e of events) for (const b of players) b.observe(e);
    expect(record.tallyNow(2, 0)?.[5]).toBe(3);
    expect(record.wagonNow(2, 0)?.[5]).toBe(1);
    expect(record.wagonNow(2, 0)?.[3]).toBe(1);
    expect(record.wagonNow(2, 1)).toBeNull();
  });

  it('a claim in the day\'s speeches, before any vote, leaves the wagon as the tally', () => {
    const { record, players } = table();
    for (const e of [{ type: 'claim', speaker: 5, claim: { kind: 'role', role: Role.Commissar } }, { type: 'vote', voter: 4, target: 5, round: 0 }] as GameEvent[]) for (const b of players) b.observe(e);
    expect(record.wagonNow(2, 0)?.[5]).toBe(1);
    expect(record.tallyNow(2, 0)?.[5]).toBe(1);
  });

  it('hands a public event to each living seated player once, and nothing to the dead or the unseated', () => {
    const record = new PublicRecord(n);
    const alive = new Uint8Array(n).fill(1);
    const players = [0, 1, 2, 3].map((s) => {
      const b = new Beliefs(n, record);
      record.deal(s);
      b.deal();
      b.reset({ ...viewOf(s), alive }, profileParams('club'));
      return b;
    });
    // Seats 0-2 under the record; seat 3 observes on his own (a wrapper), so the record leaves him be.
    [0, 1, 2].forEach((s, i) => record.join(s, i === 0));
    // Seat 2 dies as the engine kills (Table.kill): the public array first, then the death event.
    alive[2] = 0;
    record.observe({ type: 'death', seat: 2, publicCause: 'night', revealed: -1 });
    record.observe({ type: 'claim', speaker: 5, claim: { kind: 'accuse', target: 6 } });
    expect(players[0]!.ev[6]).toBeGreaterThan(0);
    expect(players[1]!.ev[6]).toBe(players[0]!.ev[6]);
    expect(players[2]!.ev[6]).toBe(0);
    expect(players[3]!.ev[6]).toBe(0);
    // The table's part was applied once all the same.
    expect(record.accuse[5 * n + 6]).toBe(1);
  });

  it('hands a seated Mafia player who may play as a Civilian (mafia.asCivilian) the table\'s facts himself, not only to his Civilian', () => {
    const record = new PublicRecord(n);
    const seat = 4;
    const mates = [4, 7];
    const view: PlayerView = {
      ...viewOf(seat),
      role: Role.Mafia,
      team: Team.Mafia,
      known: Int8Array.from({ length: n }, (_, s) => (mates.includes(s) ? Team.Mafia : UNKNOWN)),
    };
    const player = new HeuristicAgent(n, record).configure({ ...profileParams('club'), 'mafia.asCivilian': 1 }, false, profileParams('club'));
    record.deal(seat);
    player.begin(view, new Sfc32(1, 0, 1));
    record.join(seat, true);
    // A dead Commissar's note read to the table: it names him the real one, for the Mafia player's own choices too.
    record.observe({ type: 'commissar-note', commissar: 2, target: 9, black: false, notMafiaOnly: false });
    expect(player.b.realCommissar[2]).toBe(1);
    // A role shown at death and an accusation reach him as well.
    record.observe({ type: 'death', seat: 3, publicCause: 'night', revealed: Role.Commissar });
    expect(player.b.realCommissar[3]).toBe(1);
    record.observe({ type: 'claim', speaker: 5, claim: { kind: 'accuse', target: 6 } });
    expect(player.b.ev[6]).toBeGreaterThan(0);
  });

  it('counts a reused event object again when it carries the next event', () => {
    const { record, players } = table();
    const vote = { type: 'vote' as const, voter: 4, target: 5, round: 0 };
    for (const b of players) b.observe(vote);
    vote.voter = 6;
    for (const b of players) b.observe(vote);
    expect(record.votesNow(5, 2, 0)).toBe(2);
    expect(record.votes[6 * n + 5]).toBe(1);
  });

  it('lists the acts against a seat as its tables hold them, and lists them again after a new act', () => {
    const { record, players } = table();
    const observe = (e: GameEvent): void => players.forEach((b) => b.observe(e));
    observe({ type: 'claim', speaker: 4, claim: { kind: 'accuse', target: 5 } });
    observe({ type: 'vote', voter: 6, target: 5, round: 0 });
    observe({ type: 'vote', voter: 4, target: 5, round: 1 });
    const lists = (t: number): unknown => {
      const a = record.actsOn(t);
      return { actors: [...a.actor.subarray(0, a.actorCount)], acts: [...a.acts.subarray(0, a.actorCount)], voters: [...a.voter.subarray(0, a.voterCount)], votes: [...a.votes.subarray(0, a.voterCount)] };
    };
    // In the order of each actor's first act; seat 6 voted once and never accused.
    expect(lists(5)).toEqual({ actors: [4, 6], acts: [2, 1], voters: [4, 6], votes: [1, 1] });
    expect(lists(6)).toEqual({ actors: [], acts: [], voters: [], votes: [] });
    observe({ type: 'claim', speaker: 7, claim: { kind: 'accuse', target: 5 } });
    // An accuser who never voted is an actor, not a voter.
    expect(lists(5)).toEqual({ actors: [4, 6, 7], acts: [2, 1, 1], voters: [4, 6], votes: [1, 1] });
  });

  it('gives every player the vote memory on a shown seat\'s voters from the one list, and none to a mere accuser', () => {
    const { players } = table();
    const observe = (e: GameEvent): void => players.forEach((b) => b.observe(e));
    observe({ type: 'vote', voter: 4, target: 5, round: 0 });
    observe({ type: 'vote', voter: 6, target: 5, round: 0 });
    observe({ type: 'claim', speaker: 8, claim: { kind: 'accuse', target: 5 } });
    // The engine shows the role in every view before the death event reaches anyone (Table.kill).
    for (const b of players) (b.known as Int8Array)[5] = Team.Town;
    observe({ type: 'death', seat: 5, publicCause: 'lynch', revealed: Role.Civilian });
    const w = profileParams('club')['voteMemory']!;
    // Votes for a shown Civilian count against the voters (memorySign +1), not against a mere accuser.
    for (const b of players) {
      expect(b.ev[4]).toBe(w);
      expect(b.ev[6]).toBe(w);
      expect(b.ev[8]).toBe(0);
    }
  });
});

// A Commissar's note saying only "not Mafia" (a loner Maniac may read Red) about a seat whose role the
// table has already seen: every holder of facts keeps the precise team, as the engine's views do (SeatView.learn).
describe('a note that says less than the table knows', () => {
  const rules = resolveRules('forum');
  const n = rules.players;
  const maniacTeam = rules.book.team[Role.Maniac]!;
  const shownManiac: GameEvent = { type: 'death', seat: 3, publicCause: 'lynch', revealed: Role.Maniac };
  const vagueNote: GameEvent = { type: 'commissar-note', commissar: 2, target: 3, black: false, notMafiaOnly: true };

  it('leaves the public facts the shown team, so a Black result on the shown Maniac is still no lie', () => {
    const facts = new PublicFacts(n);
    facts.setRules(rules.roles, rules.book);
    facts.onShown(3, Role.Maniac);
    facts.onNote(2, 3, false, true);
    expect(facts.team[3]).toBe(maniacTeam);
    expect(facts.resultPossible(3, true)).toBe(true);
    // On a seat the table knew nothing of, the note is the fact.
    facts.onNote(2, 5, false, true);
    expect(facts.team[5]).toBe(KNOWN_NOT_MAFIA);
  });

  it("leaves a masked Mafia player's Civilian (mafia.asCivilian) the shown team", () => {
    const record = new PublicRecord(n);
    const seat = 4;
    const real: PlayerView = {
      ...civilianView(rules, seat, 'turn'),
      role: Role.Mafia,
      team: Team.Mafia,
      known: Int8Array.from({ length: n }, (_, s) => (s === seat ? Team.Mafia : UNKNOWN)),
    };
    const civilian = new HeuristicAgent(n, record);
    const mask = new CivilianMask(civilian).begin(real, 1, profileParams('club'), new Sfc32(1, 0, 1));
    mask.observe(shownManiac);
    mask.observe(vagueNote);
    expect(civilian.b.view!.known[3]).toBe(maniacTeam);
  });
});
