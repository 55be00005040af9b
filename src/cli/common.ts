// Options shared by several commands, and their checks, so every command
// names and validates them the same way.

import type { Argv } from 'yargs';
import { DEFAULT_AGENTS, parseAgents, type AgentSpec } from '../agents/index.js';
import { UsageError } from './errors.js';

export const DEFAULT_SEED = 1;

export function withRules<T>(y: Argv<T>) {
  return y
    .option('rules', { type: 'string', default: 'club', describe: 'club, forum, classic, or a rules file (JSON or YAML)' })
    .option('players', { type: 'string', describe: 'number of players (the preset fills Civilians)' })
    .option('mafia', { type: 'string', describe: 'mafia count (what it counts depends on the preset: see RULES.md)' })
    .option('set', { type: 'string', array: true, describe: 'rule option or role count: key=value, roles.<role>=<count> (repeatable)' });
}

export function withAgents<T>(y: Argv<T>) {
  return y
    .option('agents', { type: 'string', default: DEFAULT_AGENTS, describe: 'agent profile, or team=/role= profiles' })
    .option('agent-param', { type: 'string', array: true, describe: 'policy parameter override key=value (repeatable)' })
    .option('agent-module', { type: 'string', array: true, describe: 'your own agent for a role: role=./file.js (repeatable)' });
}

export interface AgentArgs {
  agents: string;
  agentParam?: string[];
  agentModule?: string[];
}

export function agentsFromArgs(a: AgentArgs): AgentSpec {
  return parseAgents(a.agents, a.agentParam ?? [], a.agentModule ?? []);
}

export function withSeed<T>(y: Argv<T>) {
  return y.option('seed', { type: 'string', default: String(DEFAULT_SEED), describe: 'master seed (a whole number)' });
}

/** A whole number within [min, max], or a UsageError naming the flag. */
export function wholeNumber(flag: string, raw: unknown, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const s = String(raw).trim();
  const n = /^\d+$/.test(s) ? Number(s) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw new UsageError(flag, `got ${JSON.stringify(raw)}; use a whole number from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ' up'}`);
  }
  return n;
}
