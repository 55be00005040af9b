// Random-game invariants (property tests with fast-check): random presets,
// player counts, role mixes and rule options, random agents (one kind also
// talks); every option of the option table, so a new option is drawn here
// without touching this file. Every game must end with an outcome within the day cap; the dead
// stay dead; the deal holds the rules' counts; each act is done by the role
// that owns it; the declared winner is what docs/rules.md says of the final board
// (recomputed by ./logAudit.ts, not by the engine's winnerOf) and nobody had
// won earlier; and a game is a pure function of (rules, agents, seed, k).
// Runtime: about 5 s. FC_SEED=n and FC_RUNS=n explore other cases.

import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NONE, type Agent, type AgentProvider, type ClaimSink, type Decision, type PlayerView } from '../../src/engine/agent.js';
import { OUTCOME_NAMES, Outcome, type LoggedEvent } from '../../src/engine/events.js';
import { Game } from '../../src/engine/game.js';
import { OPTION_SPECS, type OptionSpec } from '../../src/engine/options.js';
import type { Rng } from '../../src/engine/rng.js';
import { Role } from '../../src/engine/roles.js';
import { RulesError, resolveRules, type Rules } from '../../src/engine/rules.js';
import { RandomProvider } from '../../src/agents/random.js';
import { createProvider, parseAgents } from '../../src/agents/index.js';
import { audit, type Seen } from './logAudit.js';

const FC_SEED = Number(process.env.FC_SEED ?? 20260530);
const FC_RUNS = Number(process.env.FC_RUNS ?? 160);

// ---- agents -------------------------------------------------------------

/** The random player plus random public claims, so claims by the dead would show. */
class ChattyAgent implements Agent {
  private rng!: Rng;
  begin(_view: PlayerView, rng: Rng): void {
    this.rng = rng;
  }
  speak(view: PlayerView, out: ClaimSink): void {
    const r = this.rng.next();
    const target = this.rng.int(view.players);
    if (r < 0.15) out.say({ kind: 'role', role: Role.Commissar });
    else if (r < 0.3) out.say({ kind: 'result', target, black: this.rng.next() < 0.5 });
    else if (r < 0.45) out.say({ kind: 'accuse', target });
  }
  choose(_view: PlayerView, d: Decision): number {
    const i = this.rng.int(d.options.length + (d.mayPass ? 1 : 0));
    return i < d.options.length ? d.options[i]! : NONE;
  }
}

class ChattyProvider implements AgentProvider {
  private readonly seats: ChattyAgent[] = [];
  agentFor(seat: number): Agent {
    return (this.seats[seat] ??= new ChattyAgent());
  }
}

const providerOf = (chatty: boolean): AgentProvider => (chatty ? new ChattyProvider() : new RandomProvider());

// ---- random setups --------------------------------------------------------

interface Setup {
  preset: 'club' | 'forum' | 'classic' | 'werewolf' | 'sports';
  players: number;
  mafia: number;
  roles: Record<string, number>;
  set: string[];
}

const optionArb = (o: OptionSpec): fc.Arbitrary<string> => {
  if (o.kind === 'bool') return fc.boolean().map(String);
  if (o.kind === 'enum') return fc.constantFrom(...o.values);
  if (o.key === 'limits.maxDays') return fc.constantFrom(1, 2, 3, 6, 100).map(String);
  if (o.kind === 'shots') return fc.constantFrom('1', '2', '2@3,1', '3@4,2@2,1', '2@2,1');
  if (o.kind === 'int') return fc.integer({ min: o.min, max: Math.min(o.max, o.min + 3) }).map(String);
  return fc.constantFrom('0', '0.05', '0.2', '1/4', '0.5', '1');
};

/** About a third of the options changed from the preset, each to a random allowed value. */
const optionsArb: fc.Arbitrary<string[]> = fc
  .tuple(...OPTION_SPECS.map((o) => fc.option(optionArb(o).map((v) => `${o.key}=${v}`), { freq: 2 })))
  .map((vals) => vals.filter((v): v is string => v !== null));

const EXTRA_ROLES = ['putana', 'kamikaze', 'foundling', 'sergeant', 'commissar', 'doctor', 'maniac', 'vigilante', 'bodyguard', 'cursed', 'lycan', 'wolfcub', 'minion', 'bomb', 'spellcaster', 'prince'];
const rolesArb = fc.option(fc.dictionary(fc.constantFrom(...EXTRA_ROLES), fc.integer({ min: 0, max: 2 }), { maxKeys: 3 }), { freq: 2 }).map((r) => r ?? {});

const setupArb: fc.Arbitrary<Setup> = fc.oneof(
  fc.integer({ min: 8, max: 20 }).chain((n) => fc.record({ preset: fc.constant('club' as const), players: fc.constant(n), mafia: fc.integer({ min: 1, max: Math.floor((n - 3) / 2) }), roles: rolesArb, set: optionsArb })),
  fc.integer({ min: 6, max: 40 }).chain((n) => fc.record({ preset: fc.constant('forum' as const), players: fc.constant(n), mafia: fc.integer({ min: 1, max: Math.floor((n - 1) / 2) }), roles: rolesArb, set: optionsArb })),
  fc.integer({ min: 3, max: 30 }).chain((n) => fc.record({ preset: fc.constant('classic' as const), players: fc.constant(n), mafia: fc.integer({ min: 1, max: Math.floor((n - 1) / 2) }), roles: rolesArb, set: optionsArb })),
  fc.integer({ min: 5, max: 24 }).chain((n) => fc.record({ preset: fc.constant('werewolf' as const), players: fc.constant(n), mafia: fc.integer({ min: 1, max: Math.floor((n - 1) / 2) }), roles: rolesArb, set: optionsArb })),
  fc.integer({ min: 6, max: 14 }).chain((n) => fc.record({ preset: fc.constant('sports' as const), players: fc.constant(n), mafia: fc.integer({ min: 1, max: Math.floor((n - 1) / 2) }), roles: rolesArb, set: optionsArb })),
);

/** Fixed setups played beside the fuzzed ones so that rare events are met whatever the draws. */
const CURATED: readonly Setup[] = [
  { preset: 'club', players: 12, mafia: 3, roles: { vigilante: 1, spellcaster: 1 }, set: ['vote.hammerSpeech=true', 'lynch.minShare=0.5'] },
  { preset: 'classic', players: 15, mafia: 3, roles: { commissar: 1, doctor: 1, vigilante: 1 }, set: ['vote.hammerSpeech=true', 'vote.noLynch=true', 'start=night'] },
];

/** The rules of a setup, or null where resolveRules refuses it (an unplayable mix is not a case). */
function rulesOf(s: Setup): Rules | null {
  const roleSets = Object.entries(s.roles).map(([k, v]) => `roles.${k}=${v}`);
  try {
    return resolveRules(s.preset, { players: s.players, mafia: s.mafia, set: [...s.set, ...roleSets] });
  } catch (e) {
    if (e instanceof RulesError) return null;
    throw e;
  }
}

function playLogged(rules: Rules, provider: AgentProvider, seed: number, k: number, game = new Game(rules)): { log: LoggedEvent[]; outcome: Outcome; game: Game } {
  const log: LoggedEvent[] = [];
  const outcome = game.play(seed, k, provider, { log });
  return { log, outcome, game };
}

// ---- the properties --------------------------------------------------------

describe('random games keep the rules\' invariants', () => {
  const seen: Seen = new Map();

  it('every game of a random setup is consistent with docs/rules.md and its own log', () => {
    fc.assert(
      fc.property(setupArb, fc.nat(1_000_000), fc.boolean(), (setup, seed, chatty) => {
        const rules = rulesOf(setup);
        fc.pre(rules !== null);
        const provider = providerOf(chatty);
        const game = new Game(rules!);
        for (let k = 0; k < 4; k++) {
          const { log, outcome } = playLogged(rules!, provider, seed, k, game);
          const bad = audit(rules!, log, outcome, game, seen);
          if (bad.length) throw new Error(`game ${k} (${rules!.canonical}, seed ${seed}, chatty ${chatty}):\n${bad.slice(0, 5).join('\n')}`);
        }
      }),
      { seed: FC_SEED, numRuns: FC_RUNS },
    );
    // Setups of rare events the fuzzed draws may miss (a Vigilante or a Spellcaster who holds, a speech under the hammer), audited alike.
    for (const setup of CURATED) {
      const rules = rulesOf(setup)!;
      for (const chatty of [false, true]) {
        const game = new Game(rules);
        for (let k = 0; k < 40; k++) {
          const { log, outcome } = playLogged(rules, providerOf(chatty), 3, k, game);
          expect(audit(rules, log, outcome, game, seen), `${rules.canonical} game ${k}`).toEqual([]);
        }
      }
    }
    // The properties must have met what they are about.
    for (const key of [...OUTCOME_NAMES.map((x) => `outcome ${x}`), 'claim', 'hunt', 'death note', 'commissar note', 'note burned', 'last shot', 'foul', 'penalty vote', 'missed vote', 'blocked', 'promoted to commissar', 'promoted to mafia', 'death by fouls', 'death by inactivity', 'death by kamikaze', 'death by hunt-miss', 'death by hunt', 'death by vigilante', 'vigilante shot', 'second shot', 'second shot request', 'no-lynch vote', 'voted no lynch', 'nomination', 'lone nominee', 'lift-all vote', 'silenced', 'role check', 'lynch survived', 'extra shot', 'death by bomb', 'abstention', 'pass heal', 'pass check', 'pass maniac-kill', 'pass kamikaze', 'pass vigilante-shot', 'pass silence', 'last shot held', 'hammer speech']) {
      expect(seen.get(key) ?? 0, key).toBeGreaterThan(0);
    }
  });

  it('a game is a function of (rules, agents, seed, k): twice the same log, and the same after other games', () => {
    fc.assert(
      fc.property(setupArb, fc.nat(1_000_000), fc.nat(1000), fc.boolean(), (setup, seed, k, chatty) => {
        const rules = rulesOf(setup);
        fc.pre(rules !== null);
        const alone = JSON.stringify(playLogged(rules!, providerOf(chatty), seed, k).log);
        expect(JSON.stringify(playLogged(rules!, providerOf(chatty), seed, k).log)).toBe(alone);
        const game = new Game(rules!);
        const provider = providerOf(chatty);
        for (const other of [k + 1, k + 7, k + 2]) game.play(seed, other, provider);
        game.play(seed + 1, k, provider);
        expect(JSON.stringify(playLogged(rules!, provider, seed, k, game).log)).toBe(alone);
      }),
      { seed: FC_SEED + 1, numRuns: Math.ceil(FC_RUNS / 2) },
    );
  });

  it('two loner Maniacs are two loners: the last two alive end a one-on-one game', () => {
    const rules = resolveRules('classic', { players: 5, mafia: 1, set: ['roles.maniac=2', 'maniac.team=loner'] });
    const game = new Game(rules);
    const provider = new RandomProvider();
    let maniacWins = 0;
    for (let k = 0; k < 300; k++) {
      const { log, outcome } = playLogged(rules, provider, 11, k, game);
      expect(audit(rules, log, outcome, game, new Map())).toEqual([]);
      if (outcome === Outcome.Maniac && game.table.alive.filter((a, s) => a && game.table.role[s] === Role.Maniac).length === 2) maniacWins++;
    }
    expect(maniacWins).toBeGreaterThan(0);
  });

  it('a small day cap ends long games as timeouts on exactly the cap', () => {
    // 30 players with 5 Mafia cannot be decided in 2 days: at most 4 die.
    const rules = resolveRules('classic', { players: 30, mafia: 5, set: ['limits.maxDays=2'] });
    const game = new Game(rules);
    const provider = new RandomProvider();
    for (let k = 0; k < 50; k++) {
      const { log, outcome } = playLogged(rules, provider, 3, k, game);
      expect(outcome).toBe(Outcome.Timeout);
      expect(log.at(-1)?.event).toEqual({ type: 'end', outcome: Outcome.Timeout, day: 2 });
      expect(audit(rules, log, outcome, game, new Map())).toEqual([]);
    }
  });
});

describe('the Werewolf and sports presets with the heuristic players', () => {
  /** [preset, overrides, what the games must have met] */
  const SETUPS: Array<[string, Parameters<typeof resolveRules>[1], string[]]> = [
    ['werewolf', {}, ['saved']],
    ['werewolf', { players: 9 }, []],
    ['werewolf', { players: 16, set: ['roles.cursed=1', 'roles.lycan=1', 'roles.wolfcub=1', 'roles.minion=1', 'roles.bomb=1', 'roles.spellcaster=1', 'roles.prince=1'] }, ['turned', 'extra shot', 'death by bomb', 'lynch survived']],
    ['sports', {}, ['nomination', 'role check', 'lone nominee']],
    ['sports', { players: 9 }, []],
  ];
  it.each(SETUPS)('%s %j: every game ends within the cap, consistent with its log', async (preset, overrides, expects) => {
    const met: Seen = new Map();
    const rules = resolveRules(preset, overrides);
    for (const agents of ['club', 'novice', 'live', 'random']) {
      const provider = await createProvider(parseAgents(agents), rules);
      const game = new Game(rules);
      const seen: Seen = new Map();
      for (let k = 0; k < 60; k++) {
        const { log, outcome } = playLogged(rules, provider, 9, k, game);
        const bad = audit(rules, log, outcome, game, seen);
        if (bad.length) throw new Error(`${preset} ${agents} game ${k}:\n${bad.slice(0, 5).join('\n')}`);
      }
      // Both teams win some games (a preset where one side always wins would be a broken setup).
      expect(seen.get('outcome town') ?? 0, `${agents}: town wins`).toBeGreaterThan(0);
      expect(seen.get('outcome mafia') ?? 0, `${agents}: mafia wins`).toBeGreaterThan(0);
      for (const [key, c] of seen) met.set(key, (met.get(key) ?? 0) + c);
    }
    for (const key of expects) expect(met.get(key) ?? 0, key).toBeGreaterThan(0);
  });
});
