// The agents' front door: parse `--agents` into a spec (spec.ts) and build the
// provider that seats the players (provider.ts). Re-exports what the sim, the
// CLI and users' scripts need.

export { AgentSpecError, DEFAULT_AGENTS, SCOPES, parseAgents, type AgentSpec, type Assignment, type ParamOverride } from './spec.js';
export { createProvider, type CreateAgent } from './provider.js';
export { PARAM_SPECS, PROFILES, SKILL_PROFILES, type ParamSpec, type Profile } from './params.js';
export { HeuristicAgent } from './heuristic.js';
export { RandomAgent, RandomProvider } from './random.js';
export { PassThroughAgent } from './wrapper.js';
