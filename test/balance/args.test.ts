// Bad input to the balance commands, in-process: each is refused with a
// UsageError naming the flag before any game is played or file written
// (cli.test.ts checks the one-line, exit-code-2 form through the real CLI).

import yargs, { type Argv } from 'yargs';
import { describe, expect, it } from 'vitest';
import { balanceCommand, balanceMain, parsePlayerRange } from '../../src/cli/balance.js';
import { parseRoleList } from '../../src/cli/study.js';
import { UsageError } from '../../src/cli/errors.js';
import { fairCommand, fairMain } from '../../src/cli/fair.js';
import { rolesCommand, rolesMain } from '../../src/cli/roles.js';
import { tuneCommand, tuneMain } from '../../src/cli/tune.js';

type Main = (a: never) => Promise<void>;
const COMMANDS: Record<string, [(y: Argv) => Argv<unknown>, Main]> = {
  balance: [balanceCommand.builder as (y: Argv) => Argv<unknown>, balanceMain as Main],
  fair: [fairCommand.builder as (y: Argv) => Argv<unknown>, fairMain as Main],
  roles: [rolesCommand.builder as (y: Argv) => Argv<unknown>, rolesMain as Main],
  tune: [tuneCommand.builder as (y: Argv) => Argv<unknown>, tuneMain as Main],
};

async function refusal(argv: string[]): Promise<UsageError> {
  const [builder, main] = COMMANDS[argv[0]!]!;
  const a = await builder(yargs(argv.slice(1))).parseAsync();
  try {
    await main(a as never);
  } catch (e) {
    if (e instanceof UsageError) return e;
    throw e;
  }
  throw new Error(`not refused: ${argv.join(' ')}`);
}

describe('the balance commands refuse bad input, naming the flag', () => {
  it.each([
    [['balance', '--rules', 'classic'], '--vary', /exactly one/],
    [['balance', '--vary', 'mafia=1..2', '--for-players', '8..9'], '--vary', /exactly one/],
    [['balance', '--vary', 'wizards=1..3'], '--vary wizards=1..3', /no value can be played/],
    [['balance', '--vary', 'mafia=1..2', '--target', '1.5'], '--target', /between 0 and 1/],
    [['balance', '--vary', 'mafia=1..2', '--alpha', '0'], '--alpha', /between 0 and 0.5/],
    [['balance', '--rules', 'classic', '--vary', 'mafia=1..3', '--budget', '100'], '--budget', /raise the budget to 3000/],
    [['balance', '--vary', 'mafia=1..2', '--try-roles', 'doctor'], '--try-roles', /--for-players only/],
    [['balance', '--for-players', '8..10', '--players', '9'], '--players', /leave this flag out/],
    [['balance', '--for-players', '2..5'], '--for-players', /3 <= lo/],
    [['fair', '--within', '0'], '--within', /between 0 and 0.5/],
    [['fair', '--within', '0.3', '--margin', '0.25'], '--within', /inside \(0, 1\)/],
    [['fair', '--batch', '0'], '--batch', /from 1/],
    [['roles', '--only', 'civilian'], '--only', /unit of the scale/],
    [['roles', '--games', '10'], '--games', /from 100/],
    [['tune', '--team', 'mafia', '--params', 'noise', '--agents', 'random'], '--agents', /random profile/],
    [['tune', '--team', 'mafia', '--params', 'noise,noise'], '--params', /twice/],
  ] as const)('%j', async (argv, field, message) => {
    const e = await refusal([...argv]);
    expect(e.field).toBe(field);
    expect(e.message).toMatch(message);
  });

  it('parse player ranges and role lists', () => {
    expect(parsePlayerRange('--for-players', '8..11')).toEqual([8, 9, 10, 11]);
    expect(parsePlayerRange('--for-players', '9')).toEqual([9]);
    expect(parseRoleList('--try-roles', 'Doctor, boss')).toEqual(['doctor', 'don']);
    expect(() => parseRoleList('--try-roles', 'doctor,wizard')).toThrow(/unknown role "wizard"/);
  });
});
