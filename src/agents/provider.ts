// Turns an agent spec into the provider the engine asks for each seat's
// player: per dealt role, a profile's parameters (with overrides), the
// random player, or a user's module (told the parameters of its scope). A
// spec with a mixture of strategies gets one plan per pair of the teams'
// strategies and draws the pair each game (mixture.ts). Agent objects are
// kept per seat and reused from game to game.

import { pathToFileURL } from 'node:url';
import { NONE, type Agent, type AgentProvider, type ClaimSink, type Decision, type PlayerView } from '../engine/agent.js';
import type { GameEvent } from '../engine/events.js';
import type { Rng } from '../engine/rng.js';
import type { Rules } from '../engine/rules.js';
import { ROLE_COUNT, Role, Team } from '../engine/roles.js';
import { HeuristicAgent, wantsReads } from './heuristic.js';
import { profileParams, type Params, type SkillProfile } from './params.js';
import { RandomAgent } from './random.js';
import { ClanTalk } from './clan.js';
import { MixtureDraw } from './mixture.js';
import { PublicRecord } from './record.js';
import { AgentSpecError, roleScope, type AgentSpec, type Assignment } from './spec.js';

/**
 * What a user's module must export: `createAgent(seat, role, params)`
 * returning an object with the Agent methods. `params` are the policy
 * parameters of the seat's scope (its profile's, or club's where the base is
 * random, with every override for it), so a module may read them too.
 */
export type CreateAgent = (seat: number, role: string, params: Params) => Agent;

type RolePlan =
  | { readonly kind: 'random' }
  | { readonly kind: 'heuristic'; readonly params: Params; readonly reads: boolean; readonly civilian: Params }
  | { readonly kind: 'module'; readonly path: string; readonly create: CreateAgent; readonly params: Params; readonly id: number };

export async function createProvider(spec: AgentSpec, rules: Rules): Promise<AgentProvider> {
  const loaded = new Map<string, CreateAgent>();
  for (const a of spec.assignments.values()) if (a.kind === 'module' && !loaded.has(a.path)) loaded.set(a.path, await loadModule(a.path));
  const ids = { next: 0 };
  const plansWith = (town: ReadonlyMap<string, number>, mafia: ReadonlyMap<string, number>): RolePlan[] => {
    const plans: RolePlan[] = [];
    for (let r = 0; r < rules.book.count; r++) plans.push(planFor(spec, rules, r, loaded, { town, mafia }, ids));
    // A Mafia's civilian days (mafia.asCivilian) are played as this table's Civilians play, where they are heuristic players.
    const civilian = plans[Role.Civilian]!;
    if (civilian.kind !== 'heuristic') return plans;
    return plans.map((p) => (p.kind === 'heuristic' ? { ...p, civilian: civilian.params } : p));
  };
  const none = new Map<string, number>();
  const keys = rules.book.specs.map((x) => x.key);
  if (spec.mixture.size === 0) return new SpecProvider(rules.players, [plansWith(none, none)], null, keys);
  const town = spec.mixture.get('town') ?? [{ weight: 1, params: none }];
  const mafia = spec.mixture.get('mafia') ?? [{ weight: 1, params: none }];
  const pairs = town.flatMap((t) => mafia.map((m) => plansWith(t.params, m.params)));
  return new SpecProvider(rules.players, pairs, new MixtureDraw(town.map((c) => c.weight), mafia.map((c) => c.weight)), keys);
}

function teamScopeOf(role: Role, rules: Rules): string | null {
  const team = rules.book.team[role];
  return team === Team.Town ? 'town' : team === Team.Mafia ? 'mafia' : null;
}

/** The plan of one role, with `strategy`: the parameters of each team's strategy of the moment (a mixture's), which win over every other setting. */
function planFor(spec: AgentSpec, rules: Rules, role: Role, loaded: ReadonlyMap<string, CreateAgent>, strategy: Readonly<Record<'town' | 'mafia', ReadonlyMap<string, number>>>, ids: { next: number }): RolePlan {
  // A rules file's own role has no scope of its own: its team's (or the base) applies.
  const rs = role < ROLE_COUNT ? roleScope(role) : '';
  const ts = teamScopeOf(role, rules);
  const a: Assignment = spec.assignments.get(rs) ?? (ts ? spec.assignments.get(ts) : undefined) ?? { kind: 'profile', profile: spec.base };
  if (a.kind === 'profile' && a.profile === 'random') return { kind: 'random' };
  const overrides = new Map<string, number>();
  for (const scope of ['', ts, rs]) for (const o of spec.params) if (o.scope === scope) overrides.set(o.key, o.value);
  if (ts === 'town' || ts === 'mafia') for (const [k, v] of strategy[ts]) overrides.set(k, v);
  const profile: SkillProfile = a.kind === 'profile' ? (a.profile as SkillProfile) : spec.base === 'random' ? 'club' : spec.base;
  const params = profileParams(profile, overrides);
  if (a.kind === 'module') return { kind: 'module', path: a.path, create: loaded.get(a.path)!, params, id: ids.next++ };
  const team = ts === 'mafia' ? Team.Mafia : ts === 'town' ? Team.Town : Team.Maniac;
  return { kind: 'heuristic', params, reads: wantsReads(role, team), civilian: params };
}

async function loadModule(path: string): Promise<CreateAgent> {
  let mod: Record<string, unknown>;
  try {
    mod = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
  } catch (e) {
    const why = (e instanceof Error ? e.message : String(e)).split('\n')[0];
    throw new AgentSpecError('--agent-module', `${path} cannot be loaded: ${why}`);
  }
  const create = mod['createAgent'];
  if (typeof create !== 'function') {
    throw new AgentSpecError('--agent-module', `${path} must export a function createAgent(seat, role) returning an Agent (see README.md (The players))`);
  }
  return create as CreateAgent;
}

class SpecProvider implements AgentProvider {
  private readonly heuristic: HeuristicAgent[] = [];
  private readonly random: RandomAgent[] = [];
  private readonly modules = new Map<string, ModuleAgent>();
  /** The table's public record and clan talk, shared by all its heuristic players (a provider serves one table); none without them. */
  private readonly record: PublicRecord | null;
  private readonly clan: ClanTalk | null;
  /** The plans of this game: one of `pairs`, drawn per game where the teams mix strategies. */
  private plans: readonly RolePlan[];

  constructor(
    private readonly players: number,
    /** Plans per role for each pair of the teams' strategies, Town's outer (one pair without a mixture). */
    private readonly pairs: readonly (readonly RolePlan[])[],
    private readonly draw: MixtureDraw | null,
    private readonly keys: readonly string[],
  ) {
    this.plans = pairs[0]!;
    const heuristic = pairs.some((plans) => plans.some((p) => p.kind === 'heuristic'));
    this.record = heuristic ? new PublicRecord(players) : null;
    this.clan = heuristic ? new ClanTalk(players) : null;
  }

  startGame(seed: number, game: number): void {
    if (this.draw !== null) this.plans = this.pairs[this.draw.pair(seed, game)]!;
  }

  agentFor(seat: number, role: Role): Agent {
    const plan = this.plans[role]!;
    this.record?.deal(seat);
    this.clan?.deal(seat);
    switch (plan.kind) {
      case 'random':
        return (this.random[seat] ??= new RandomAgent());
      case 'heuristic':
        return (this.heuristic[seat] ??= new HeuristicAgent(this.players, this.record!, this.clan!)).configure(plan.params, plan.reads, plan.civilian);
      case 'module': {
        const key = `${seat}|${role}|${plan.id}`;
        let a = this.modules.get(key);
        if (!a) this.modules.set(key, (a = new ModuleAgent(plan.path, seat, this.keys[role]!, plan.create, plan.params)));
        return a;
      }
    }
  }
}

/** A user's agent behind a guard: every failure and every illegal answer names the module. */
class ModuleAgent implements Agent {
  private readonly inner: Agent;
  readonly readSkill: number;
  readonly readFirstDay: number | undefined;
  readonly readShared: number | undefined;

  constructor(
    private readonly path: string,
    private readonly seat: number,
    private readonly role: string,
    create: CreateAgent,
    params: Params,
  ) {
    const inner = this.guard('createAgent', () => create(seat, role, params));
    if (!inner || typeof inner.begin !== 'function' || typeof inner.choose !== 'function') {
      throw new AgentSpecError('--agent-module', `${path}: createAgent(${seat}, '${role}') must return an object with begin(view, rng) and choose(view, decision)`);
    }
    this.inner = inner;
    this.readSkill = typeof inner.readSkill === 'number' && inner.readSkill > 0 ? inner.readSkill : 0;
    this.readFirstDay = typeof inner.readFirstDay === 'number' ? inner.readFirstDay : undefined;
    this.readShared = typeof inner.readShared === 'number' ? inner.readShared : undefined;
  }

  private guard<T>(what: string, f: () => T): T {
    try {
      return f();
    } catch (e) {
      if (e instanceof AgentSpecError) throw e;
      const why = e instanceof Error ? e.message : String(e);
      throw new Error(`agent module ${this.path} (seat ${this.seat}, ${this.role}): ${what} threw: ${why}`);
    }
  }

  begin(view: PlayerView, rng: Rng): void {
    this.guard('begin', () => this.inner.begin(view, rng));
  }

  observe(event: GameEvent): void {
    if (this.inner.observe) this.guard('observe', () => this.inner.observe!(event));
  }

  speak(view: PlayerView, out: ClaimSink): void {
    if (this.inner.speak) this.guard('speak', () => this.inner.speak!(view, out));
  }

  choose(view: PlayerView, d: Decision): number {
    const pick = this.guard('choose', () => this.inner.choose(view, d));
    const legal = pick === NONE ? d.mayPass : d.options.includes(pick);
    if (!legal) {
      throw new Error(`agent module ${this.path} (seat ${this.seat}): answered ${String(pick)} to a decision whose legal answers are ${d.options.join(',')}${d.mayPass ? ' or -1 (none)' : ''}`);
    }
    return pick;
  }
}
