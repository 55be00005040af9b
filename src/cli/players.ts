// `mafia-sim players`: the players an `--agents` text stands for (profiles
// per team and role, parameter overrides), and `--list`: every policy
// parameter with its meaning, range and each profile's value, the
// counterpart of `rules --list`.

import type { Argv } from 'yargs';
import { PARAM_SPECS, PROFILES, profileValue } from '../agents/index.js';
import { agentsFromArgs, alignedTable, withAgents, type AgentArgs } from './common.js';
import { guarded } from './errors.js';
import type { PlayersJson, PlayersListJson } from './outputs.js';
import { SCHEMA_VERSIONS } from '../sim/schemaVersions.js';

/** The profiles that are columns of the parameter table (`random` has no parameters). */
const SKILL_PROFILES = PROFILES.filter((p) => p !== 'random');

export const playersCommand = {
  command: 'players',
  describe: 'show the players an --agents text stands for, or list every policy parameter (--list)',
  builder: (y: Argv) =>
    withAgents(y)
      .option('list', { type: 'boolean', default: false, describe: "list every policy parameter with its meaning, range and each profile's value" })
      .option('json', { type: 'boolean', default: false, describe: 'print as JSON' }),
  handler: guarded((a: AgentArgs & { list: boolean; json: boolean }) => {
    process.stdout.write(a.list ? listParams(a.json) : showPlayers(a, a.json));
  }),
};

function listParams(json: boolean): string {
  if (json) {
    const rows = PARAM_SPECS.map((s) => ({ key: s.key, meaning: s.doc, min: s.min, max: s.max, values: Object.fromEntries(SKILL_PROFILES.map((p) => [p, profileValue(p, s)])) }));
    const out: PlayersListJson = { schemaVersion: SCHEMA_VERSIONS['players-list'], profiles: SKILL_PROFILES, params: rows };
    return JSON.stringify(out) + '\n';
  }
  const rows = PARAM_SPECS.map((s) => [s.key, ...SKILL_PROFILES.map((p) => String(profileValue(p, s))), `${s.min}..${s.max}`, s.doc]);
  return [
    alignedTable(['parameter', ...SKILL_PROFILES, 'range', 'meaning'], rows),
    `Set one with --agents PROFILE,[scope.]parameter=value or --agent-param [scope.]parameter=value; scope is a team (town, mafia) or a role.`,
    `The random profile has no parameters: it picks uniformly among legal moves.`,
    '',
  ].join('\n');
}

function showPlayers(a: AgentArgs, json: boolean): string {
  const spec = agentsFromArgs(a);
  const scopes = [...spec.assignments].map(([scope, x]) => ({ scope, plays: x.kind === 'profile' ? x.profile : `module ${x.path}` }));
  if (json) return JSON.stringify({ schemaVersion: SCHEMA_VERSIONS.players, agents: spec.canonical, base: spec.base, scopes, params: spec.params } satisfies PlayersJson) + '\n';
  const lines = [`agents ${spec.canonical}`, `everyone plays ${spec.base}${scopes.length > 0 ? ', except:' : ''}`, ...scopes.map((s) => `  ${s.scope}: ${s.plays}`)];
  if (spec.params.length > 0) {
    lines.push('', alignedTable(['scope', 'parameter', 'value'], spec.params.map((o) => [o.scope || 'everyone', o.key, String(o.value)])).trimEnd());
  }
  lines.push('', 'every parameter and its profile values: mafia-sim players --list');
  return lines.join('\n') + '\n';
}
