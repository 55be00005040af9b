// Agent specs: the `--agents` text, parsed and checked, and the provider
// that builds each seat's player from it. A spec is plain data so it can
// cross into worker threads and into every output.

import type { AgentProvider } from '../engine/agent.js';
import type { Rules } from '../engine/rules.js';
import { RandomProvider } from './random.js';

export const PROFILES = ['random'] as const;
export type Profile = (typeof PROFILES)[number];
export const DEFAULT_AGENTS = 'random';

/** A bad `--agents` value: `field` names what to change. */
export class AgentSpecError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
    this.name = 'AgentSpecError';
  }
}

export interface AgentSpec {
  /** Canonical text: what every output records as `agents`. */
  readonly canonical: string;
  readonly profile: Profile;
}

/**
 * Parses `--agents TEXT` with any `--agent-param key=value` and
 * `--agent-module role=./file.js` flags into one spec.
 */
export function parseAgents(text: string = DEFAULT_AGENTS, params: readonly string[] = [], modules: readonly string[] = []): AgentSpec {
  if (params.length > 0) throw new AgentSpecError('--agent-param', 'the random profile has no parameters');
  if (modules.length > 0) throw new AgentSpecError('--agent-module', 'agent modules are not supported yet');
  const t = text.trim();
  if (!(PROFILES as readonly string[]).includes(t)) {
    throw new AgentSpecError('--agents', `unknown profile ${JSON.stringify(text)}; profiles: ${PROFILES.join(', ')}`);
  }
  return { canonical: t, profile: t as Profile };
}

/** Builds the provider (loading any user modules first); call once per thread and reuse it. */
export async function createProvider(spec: AgentSpec, _rules: Rules): Promise<AgentProvider> {
  switch (spec.profile) {
    case 'random':
      return new RandomProvider();
  }
}
