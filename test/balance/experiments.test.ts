// The shipped balance experiments (experiments/balance-*.yaml) are the
// command lines they stand for: every key is a flag of their command, and
// the setups they name can be played.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import yargs, { type Argv } from 'yargs';
import { describe, expect, it } from 'vitest';
import { balanceCommand, planVary } from '../../src/cli/balance.js';
import { experimentArgv, experimentOverrideFlags, isBalanceExperiment, withOverrides } from '../../src/cli/experimentBalance.js';
import { fairCommand } from '../../src/cli/fair.js';
import { rolesCommand } from '../../src/cli/roles.js';
import { tuneCommand } from '../../src/cli/tune.js';
import { resolveSetup, setupOf } from '../../src/cli/common.js';

const DIR = join(import.meta.dirname, '../../experiments');
const BUILDERS: Record<string, (y: Argv) => Argv<unknown>> = {
  balance: balanceCommand.builder as (y: Argv) => Argv<unknown>,
  fair: fairCommand.builder as (y: Argv) => Argv<unknown>,
  roles: rolesCommand.builder as (y: Argv) => Argv<unknown>,
  tune: tuneCommand.builder as (y: Argv) => Argv<unknown>,
};

/** The flags as the command would see them, without running it. */
async function parsed(argv: string[]): Promise<Record<string, unknown>> {
  const builder = BUILDERS[argv[0]!]!;
  return (await builder(yargs(argv.slice(1)))
    .strict()
    .fail((msg, err) => {
      throw err ?? new Error(msg);
    })
    .parseAsync()) as Record<string, unknown>;
}

describe('balance experiment files', () => {
  const files = readdirSync(DIR).filter((f) => f.startsWith('balance-') && f.endsWith('.yaml'));

  it('cover every balance command', () => {
    const commands = files.map((f) => (parseYaml(readFileSync(join(DIR, f), 'utf8')) as { command: string }).command);
    expect([...new Set(commands)].sort()).toEqual(['balance', 'fair', 'roles', 'tune']);
  });

  it.each(files)('%s is a valid command line whose setup can be played', async (name) => {
    const path = join(DIR, name);
    const doc = parseYaml(readFileSync(path, 'utf8')) as unknown;
    expect(isBalanceExperiment(doc)).toBe(true);
    const argv = experimentArgv(path, doc as Record<string, unknown>);
    const a = await parsed(argv);
    expect(a['title']).toBeTypeOf('string');
    const setup = setupOf(a as never);
    if (typeof a['vary'] === 'string') expect(planVary(setup, a['vary']).playable.length).toBeGreaterThan(1);
    else if (a['forPlayers'] === undefined) expect(() => resolveSetup(setup)).not.toThrow();
  });

  it('turn keys into flags: camelCase to kebab-case, lists to repeated flags, rules files beside the experiment', () => {
    const argv = experimentArgv('/x/y/study.yaml', { command: 'balance', rules: 'house.yaml', forPlayers: '8..12', set: ['vote.tie=random', 'revealOnDeath=true'], agentParams: ['readSkill=1'], quiet: true, budget: 5000 });
    expect(argv).toEqual(['balance', '--rules', '/x/y/house.yaml', '--for-players', '8..12', '--set', 'vote.tie=random', '--set', 'revealOnDeath=true', '--agent-param', 'readSkill=1', '--quiet', '--budget', '5000']);
    expect(experimentArgv('/x/s.yaml', { command: 'fair', rules: 'club' })).toEqual(['fair', '--rules', 'club']);
  });

  it('take the experiment command\'s overrides as their own flags, last so they win', async () => {
    expect(experimentOverrideFlags('balance', { seed: '7', games: '5000', json: true })).toEqual(['--seed', '7', '--budget', '5000', '--json']);
    expect(experimentOverrideFlags('fair', { games: '9000' })).toEqual(['--max-games', '9000']);
    const path = join(DIR, 'balance-classic-mafia.yaml');
    const a = await parsed(withOverrides(experimentArgv(path, parseYaml(readFileSync(path, 'utf8')) as Record<string, unknown>), experimentOverrideFlags('balance', { seed: '7', games: '5000' })));
    expect(a['seed']).toBe('7');
    expect(a['budget']).toBe('5000');
  });

  it('refuse keys their command does not take', async () => {
    await expect(parsed(experimentArgv('/x.yaml', { command: 'fair', rules: 'club', vary: 'mafia=1..3' }))).rejects.toThrow(/vary/);
  });
});
