// Options shared by several commands, and their checks, so every command
// names and validates them the same way.

import type { Argv } from 'yargs';
import { DEFAULT_AGENTS, parseAgents, type AgentSpec } from '../agents/index.js';
import { UsageError } from './errors.js';

export const DEFAULT_SEED = 1;

export function withRules<T>(y: Argv<T>) {
  return y
    .option('rules', { type: 'string', default: 'club', requiresArg: true, describe: 'club, forum, classic, or a rules file (JSON or YAML)' })
    .option('players', { type: 'string', requiresArg: true, describe: 'number of players (the preset fills Civilians)' })
    .option('mafia', { type: 'string', requiresArg: true, describe: 'mafia count (what it counts depends on the preset: see docs/rules.md section 3)' })
    .option('set', { type: 'string', array: true, requiresArg: true, describe: 'rule option or role count: key=value, roles.<role>=<count> (repeatable)' });
}

export function withAgents<T>(y: Argv<T>) {
  return y
    .option('agents', { type: 'string', default: DEFAULT_AGENTS, requiresArg: true, describe: 'players: a profile (random, novice, club, expert), team=/role=PROFILE, [scope.]param=value, comma-separated (see README.md (The players))' })
    .option('agent-param', { type: 'string', array: true, requiresArg: true, describe: 'policy parameter [scope.]key=value, e.g. readSkill=1.5 or town.noise=0 (repeatable)' })
    .option('agent-module', { type: 'string', array: true, requiresArg: true, describe: 'your own agent for a team or role: role=./file.js exporting createAgent(seat, role) (repeatable)' });
}

export interface AgentArgs {
  agents: string | string[];
  agentParam?: string[];
  agentModule?: string[];
}

export function agentsFromArgs(a: AgentArgs): AgentSpec {
  // A repeated --agents adds to the same list: `--agents town=expert --agents mafia=novice`.
  const text = Array.isArray(a.agents) ? a.agents.join(',') : a.agents;
  return parseAgents(text, a.agentParam ?? [], a.agentModule ?? []);
}

export function withSeed<T>(y: Argv<T>) {
  return y.option('seed', { type: 'string', default: String(DEFAULT_SEED), requiresArg: true, describe: 'master seed (a whole number)' });
}

/** A whole number within [min, max], or a UsageError naming the flag. */
export function wholeNumber(flag: string, raw: unknown, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (Array.isArray(raw)) throw new UsageError(flag, `given ${raw.length} times (${raw.join(', ')}); give it once`);
  const s = String(raw).trim();
  const n = /^\d+$/.test(s) ? Number(s) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw new UsageError(flag, `got ${JSON.stringify(raw)}; use a whole number from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ' up'}`);
  }
  return n;
}
