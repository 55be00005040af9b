// `mafia-sim replay`: one game as a readable log, from (rules, agents, seed, game).
// `--verbose` adds, before each day's votes, every heuristic player's top
// suspicions, so a designer can see why the table voted as it did.

import type { Argv } from 'yargs';
import { createProvider } from '../agents/index.js';
import { traceSuspicions, type SuspicionRecord } from '../agents/trace.js';
import type { LoggedEvent } from '../engine/events.js';
import { Game } from '../engine/game.js';
import { formatLog } from '../engine/logText.js';
import { roleLabel } from '../engine/presets.js';
import { ROLES, type Role } from '../engine/roles.js';
import { resolveRules, type CanonicalRules, type Rules } from '../engine/rules.js';
import { rulesChanges } from '../engine/rulesDisplay.js';
import { agentsFromArgs, withAgents, withRules, withSeed, wholeNumber, type AgentArgs } from './common.js';
import { guarded } from './errors.js';
import { loadRules } from './rulesSource.js';

export const replayCommand = {
  command: 'replay',
  describe: 'play one game and print what happened, night by night',
  builder: (y: Argv) =>
    withSeed(withAgents(withRules(y)))
      .option('game', { type: 'string', default: '0', describe: 'game index within the run' })
      .option('verbose', { type: 'boolean', default: false, describe: "show each player's top suspicions before every vote" }),
  handler: guarded(async (a: { rules: string; players?: string; mafia?: string; set?: string[]; seed: string; game: string; verbose: boolean } & AgentArgs) => {
    const rules = loadRules(a);
    const agents = agentsFromArgs(a);
    const seed = wholeNumber('--seed', a.seed, 0);
    const k = wholeNumber('--game', a.game, 0);
    const log: LoggedEvent[] = [];
    const records: SuspicionRecord[] = [];
    const provider = await createProvider(agents, rules);
    new Game(rules).play(seed, k, a.verbose ? traceSuspicions(provider, records) : provider, { log });
    const header = [
      `# mafia-sim replay --rules ${a.rules}${a.players ? ` --players ${a.players}` : ''}${a.mafia ? ` --mafia ${a.mafia}` : ''}${(a.set ?? []).map((s) => ` --set ${s}`).join('')} --agents ${agents.canonical} --seed ${seed} --game ${k}${a.verbose ? ' --verbose' : ''}`,
      `# ${rulesLine(rules)}`,
    ];
    const name = (r: Role) => roleLabel(rules.preset, r, rules.book.specs);
    const text = formatLog(log, header, name);
    process.stdout.write(a.verbose ? withSuspicions(text, records, dealtRoles(log), name) : text);
  }),
};

/** The preset the rules started from, at their table size when it plays there (else at its own). */
function presetAtSize(rules: Rules): Rules {
  try {
    return resolveRules(rules.preset, { players: rules.players });
  } catch {
    return resolveRules(rules.preset);
  }
}

/** "rules HASH: the club preset at 12 players, with doctor.maxSameTarget=1": the hash and only what differs from the preset (`mafia-sim rules` shows them all). */
export function rulesLine(rules: Rules): string {
  const preset = presetAtSize(rules);
  const changes = rulesChanges(JSON.parse(preset.canonical) as CanonicalRules, JSON.parse(rules.canonical) as CanonicalRules);
  const at = preset.players === rules.players ? ` at ${rules.players} players` : '';
  return `rules ${rules.hash}: the ${rules.preset} preset${at}${changes.length > 0 ? `, with ${changes.join(', ')}` : ', unchanged'}`;
}

function dealtRoles(log: readonly LoggedEvent[]): readonly number[] {
  for (const { event } of log) if (event.type === 'deal') return event.roles;
  return [];
}

/** Inserts each day's suspicion lines just before that day's votes. */
export function withSuspicions(text: string, records: readonly SuspicionRecord[], roles: readonly number[], name: (r: Role) => string = (r) => ROLES[r]!.label): string {
  const seat = (s: number): string => `#${s + 1}`;
  const who = (s: number): string => (roles[s] !== undefined ? `${seat(s)} (${name(roles[s]! as Role)})` : seat(s));
  const out: string[] = [];
  let day = 0;
  let shown = -1;
  for (const line of text.split('\n')) {
    const header = /^(?:Day|Turn|Night) (\d+)$/.exec(line);
    if (header) day = Number(header[1]);
    if (line.startsWith('  votes:') && shown !== day) {
      shown = day;
      const today = records.filter((r) => r.day === day);
      if (today.length > 0) out.push('  suspicions before the vote (enemy: belief he is Black or a loner; threat: the clan\'s wish to remove him):');
      for (const r of today) {
        const list = r.top.map((x) => (r.kind === 'enemy' ? `${seat(x.seat)} ${Math.round(x.value * 100)}%` : `${seat(x.seat)} ${x.value.toFixed(1)}`)).join(', ');
        out.push(`    ${who(r.seat)} ${r.kind}: ${list || '-'}`);
      }
    }
    out.push(line);
  }
  return out.join('\n');
}
