// `mafia-sim players`: the players an `--agents` text stands for (profiles
// per team and role, parameter overrides), and `--list`: every policy
// parameter with its meaning, range and each profile's value, the
// counterpart of `rules --list`.

import type { Argv } from 'yargs';
import { PARAM_SPECS, SKILL_PROFILES } from '../agents/index.js';
import { useLabel } from '../agents/params.js';
import { MIXTURE_TEAMS, type AgentSpec } from '../agents/spec.js';
import { fitText } from '../report/table.js';
import { agentsFromArgs, alignedTable, withAgents, type AgentArgs } from './common.js';
import { guarded } from './errors.js';
import type { PlayersJson, PlayersListJson } from './outputs.js';
import { SCHEMA_VERSIONS } from '../sim/schemaVersions.js';

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
    const rows = PARAM_SPECS.map((s) => ({
      key: s.key,
      meaning: s.doc,
      min: s.min,
      max: s.max,
      values: Object.fromEntries(SKILL_PROFILES.map((p, i) => [p, s.values[i]])),
      kind: s.use.kind,
      ...(s.use.kind === 'strategy' ? { team: s.use.team } : {}),
    }));
    const out: PlayersListJson = { schemaVersion: SCHEMA_VERSIONS['players-list'], profiles: SKILL_PROFILES, params: rows };
    return JSON.stringify(out) + '\n';
  }
  const rows = PARAM_SPECS.map((s) => [s.key, ...s.values.map(String), `${s.min}..${s.max}`, useLabel(s.use), s.doc]);
  const range = SKILL_PROFILES.length + 1;
  return fitText([
    alignedTable(['parameter', ...SKILL_PROFILES, 'range', 'kind', 'meaning'], rows, { wrap: [range + 2], below: [range + 2, range + 1, range] }),
    `Set one with --agents PROFILE,[scope.]parameter=value or --agent-param [scope.]parameter=value; scope is a team (town, mafia) or a role.`,
    `kind: skill is what a table can perceive (it stays at the fitted level); strategy is what a team chooses (equilibrium adapts it; the team named is whose).`,
    `The random profile has no parameters: it picks uniformly among legal moves.`,
    '',
  ].join('\n'));
}

function showPlayers(a: AgentArgs, json: boolean): string {
  const spec = agentsFromArgs(a);
  const scopes = [...spec.assignments].map(([scope, x]) => ({ scope, plays: x.kind === 'profile' ? x.profile : `module ${x.path}`, ...(spec.files.has(scope) ? { file: spec.files.get(scope)! } : {}) }));
  const everyoneFile = spec.files.get('');
  const mixture = mixtureRows(spec);
  if (json) return JSON.stringify({ schemaVersion: SCHEMA_VERSIONS.players, agents: spec.canonical, base: spec.base, ...(everyoneFile !== undefined ? { file: everyoneFile } : {}), scopes, params: spec.params, mixture } satisfies PlayersJson) + '\n';
  // A seat that plays a saved profile is named by its file: its base profile alone would hide the saved parameters.
  const plays = (profile: string, file: string | undefined) => (file === undefined ? profile : `the saved profile ${file} (${profile} with its parameters, below)`);
  const lines = [`agents ${spec.canonical}`, `everyone plays ${plays(spec.base, everyoneFile)}${scopes.length > 0 ? ', except:' : ''}`, ...scopes.map((s) => `  ${s.scope}: ${plays(s.plays, s.file)}`)];
  if (spec.params.length > 0) {
    lines.push('', alignedTable(['scope', 'parameter', 'value'], spec.params.map((o) => [o.scope || 'everyone', o.key, String(o.value)])).trimEnd());
  }
  if (mixture.length > 0) {
    lines.push('', 'each game, each team plays one of its strategies, drawn with these weights:');
    lines.push(alignedTable(['team', 'weight', 'parameters'], mixture.map((m) => [m.team, String(m.weight), Object.entries(m.params).map(([k, v]) => `${k}=${v}`).join(' ')])).trimEnd());
  }
  lines.push('', 'every parameter and its profile values: mafia-sim players --list');
  return fitText(lines.join('\n')) + '\n';
}

function mixtureRows(spec: AgentSpec): PlayersJson['mixture'] {
  return MIXTURE_TEAMS.flatMap((team) => (spec.mixture.get(team) ?? []).map((c) => ({ team, weight: c.weight, params: Object.fromEntries(c.params) })));
}
