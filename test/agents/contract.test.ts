// The engine-player contract. Contract 2 hands a public event once to a
// table's shared record (Agent.record) instead of to every player; the old
// contract, every event through `observe`, must keep working for the agents
// users wrote to README's "Your own agent" (an --agent-module). Checked here:
// such a module plays exactly the games it played before contract 2 (hashes
// of whole event logs taken with the build of the players without it: commit
// 1f40c4b, and since the refit of issue 18, mfit's 4677e41; the club case
// plays club with the values of that build),
// and it observes every event it may see, once and in order, and nothing after
// its death, beside players who read a shared record. Contract 3 hands the
// record votes and claims as plain numbers (TableRecord.vote, .claim) where
// it takes them: the same games as the record taking every event as an
// object, and the numbers are really used.

import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createProvider, parseAgents, PassThroughAgent } from '../../src/agents/index.js';
import type { Agent, AgentProvider, TableRecord } from '../../src/engine/agent.js';
import { Audience, type GameEvent, type LoggedEvent } from '../../src/engine/events.js';
import { Game } from '../../src/engine/game.js';
import type { Role } from '../../src/engine/roles.js';
import { resolveRules } from '../../src/engine/rules.js';

const MODULE = fileURLToPath(new URL('../fixtures/agents/readme-style.mjs', import.meta.url));

/** Setup, agents, modules, games, and the hash of the logs (seed 3) before contract 2. */
const BEFORE: readonly [string, { players?: number }, string, string, number, string][] = [
  // club's values of that build: the refit once the records' game had claims under the hammer moved five of them, and claimDoubt came later.
  ['club', {}, 'club,vote.passBias=-0.9,commissar.revealOnBlack=0.992,commissar.pushHidden=0.292,leak.daily=0.129,vigilante.aimNoise=5.76,claimDoubt=0', 'civilian', 300, '1beed4b6d053abcb'],
  ['forum', { players: 16 }, 'club', 'town', 150, '689fe9414df2b4ef'],
  ['classic', {}, 'expert', 'mafia', 300, 'f25c59a716c53f3e'],
];

function logHash(rules: ReturnType<typeof resolveRules>, provider: AgentProvider, games: number): string {
  const game = new Game(rules);
  const h = createHash('sha256');
  for (let k = 0; k < games; k++) {
    const log: LoggedEvent[] = [];
    game.play(3, k, provider, { log });
    h.update(JSON.stringify(log));
  }
  return h.digest('hex').slice(0, 16);
}

describe('an agent module written to the old contract (README, "Your own agent")', () => {
  for (const [preset, overrides, agents, scope, games, hash] of BEFORE) {
    it(`plays the games it played before contract 2: ${preset} ${JSON.stringify(overrides)}, ${scope} from the module, the rest ${agents}`, async () => {
      const rules = resolveRules(preset, overrides);
      const provider = await createProvider(parseAgents(agents, [], [`${scope}=${MODULE}`]), rules);
      expect(logHash(rules, provider, games)).toBe(hash);
    });
  }

  it('observes every event meant for it, once, in order, and nothing after its death', async () => {
    const rules = resolveRules('forum', { players: 16 });
    const inner = await createProvider(parseAgents('club', [], [`town=${MODULE}`]), rules);
    const seen: GameEvent[][] = [];
    const provider: AgentProvider = {
      agentFor(seat: number, role: Role): Agent {
        const agent = inner.agentFor(seat, role);
        // The module's seats are the ones without a shared record.
        if (agent.record !== undefined) return agent;
        const mine = (seen[seat] = []);
        return new (class extends PassThroughAgent {
          override observe(e: GameEvent): void {
            mine.push(e);
            super.observe(e);
          }
        })(agent);
      },
    };
    const game = new Game(rules);
    let checked = 0;
    for (let k = 0; k < 40; k++) {
      seen.length = 0;
      const log: LoggedEvent[] = [];
      game.play(11, k, provider, { log });
      for (let seat = 0; seat < rules.players; seat++) {
        if (seen[seat] === undefined) continue;
        const due: GameEvent[] = [];
        for (const { audience, event } of log) {
          if (audience === Audience.Public || audience === seat) due.push(event);
          if (event.type === 'death' && event.seat === seat) break;
        }
        // His own death is announced after he has left: he does not see it.
        if (due.at(-1)?.type === 'death' && (due.at(-1) as { seat: number }).seat === seat) due.pop();
        expect(seen[seat], `game ${k} seat ${seat}`).toEqual(due);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});

describe('contract 3: votes and claims to the shared record as plain numbers', () => {
  /** The provider's players, each seated under a stand-in for the table's record that has only `join` and `observe` (the contract-2 record). */
  function withEventOnlyRecords(inner: AgentProvider): AgentProvider {
    const wrapped = new Map<TableRecord, TableRecord>();
    const eventOnly = (r: TableRecord): TableRecord => {
      let w = wrapped.get(r);
      if (!w) wrapped.set(r, (w = { join: (seat, first) => r.join(seat, first), observe: (e) => r.observe(e) }));
      return w;
    };
    return {
      agentFor(seat: number, role: Role): Agent {
        const agent = inner.agentFor(seat, role);
        const record = agent.record;
        if (record === undefined) return agent;
        return new (class extends PassThroughAgent {
          override get record(): TableRecord {
            return eventOnly(record);
          }
        })(agent);
      },
    };
  }

  for (const [preset, overrides, agents] of [
    ['club', {}, 'club'],
    ['forum', { players: 24 }, 'expert'],
    ['sports', {}, 'club'],
  ] as const) {
    it(`plays the games a record taking every event as an object plays: ${preset} ${JSON.stringify(overrides)} ${agents}`, async () => {
      const rules = resolveRules(preset, overrides);
      const typed = await createProvider(parseAgents(agents), rules);
      const calls = { vote: 0, claim: 0 };
      // The typed path is taken: the table's record is asked for votes and claims as numbers.
      const spied: AgentProvider = {
        agentFor(seat: number, role: Role): Agent {
          const agent = typed.agentFor(seat, role);
          const r = agent.record as (TableRecord & { __spied?: true }) | undefined;
          if (r && !r.__spied) {
            const vote = r.vote!.bind(r);
            const claim = r.claim!.bind(r);
            Object.assign(r, {
              __spied: true,
              vote: (...a: Parameters<typeof vote>) => (calls.vote++, vote(...a)),
              claim: (...a: Parameters<typeof claim>) => (calls.claim++, claim(...a)),
            });
          }
          return agent;
        },
      };
      const events = await createProvider(parseAgents(agents), rules);
      expect(logHash(rules, spied, 150)).toBe(logHash(rules, withEventOnlyRecords(events), 150));
      expect(calls.vote).toBeGreaterThan(1000);
      expect(calls.claim).toBeGreaterThan(100);
    });
  }
});
