// Every command's --help (issue 22, point 14): two or three examples, each of
// which parses as printed (its flags exist, its required flags are there);
// numeric flags typed as numbers; required flags marked; --version listed in
// the top-level help only. The help texts come from the real CLI; the
// examples are parsed in-process by the command's own builder, stopped just
// before its handler would play.

import yargs, { type Argv, type CommandModule } from 'yargs';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commands.js';
import { EXAMPLES, continued, withHelp } from '../../src/cli/help.js';
import { cli } from '../sim/cli.js';

const NAMES = [...COMMANDS.map((c) => c.name), 'records stats', 'records compare'];

async function help(name: string): Promise<string> {
  const r = await cli([...name.split(' '), '--help']);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

/** The lines of the Examples section that are commands (not the # comment above each). */
function exampleCommands(text: string): string[] {
  const section = text.split('\nExamples:\n')[1] ?? '';
  return section.split('\n').map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#'));
}

/** Words of a command line as a shell splits them (double quotes only, as the examples use). */
function shellWords(line: string): string[] {
  return (line.match(/"[^"]*"|\S+/g) ?? []).map((w) => w.replace(/^"|"$/g, ''));
}

class Parsed extends Error {}

/** Parses an example with the command's real builder: null when it parses, else yargs' complaint. */
async function parseExample(line: string): Promise<string | null> {
  const words = shellWords(line);
  expect(words[0]).toBe('mafia-sim');
  const name = words[1]!;
  const module = (await COMMANDS.find((c) => c.name === name)!.load()) as unknown as CommandModule;
  let complaint: string | null = null;
  const builder = (y: Argv) => withHelp(name, (module.builder as (y: Argv) => Argv)(y));
  try {
    await yargs(words.slice(1))
      .command({ ...module, builder })
      .strict()
      .exitProcess(false)
      // Runs after validation and before any handler: reaching it means the example parsed.
      .middleware(() => {
        throw new Parsed();
      })
      .fail((msg, err) => {
        if (!(err instanceof Parsed)) complaint = msg ?? err?.message ?? 'failed';
      })
      .parseAsync();
  } catch (e) {
    if (!(e instanceof Parsed)) complaint = String(e);
  }
  return complaint;
}

describe('--help of every command', () => {
  it.each(NAMES)('%s: 2 or 3 examples, --version not listed', async (name) => {
    const text = await help(name);
    const comments = (text.split('\nExamples:\n')[1] ?? '').split('\n').filter((l) => l.trim().startsWith('# '));
    expect(comments.length).toBeGreaterThanOrEqual(2);
    expect(comments.length).toBeLessThanOrEqual(3);
    expect(text.match(/--version/g) ?? []).toHaveLength(0);
    for (const line of text.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
  });

  it('the top-level help lists --version once', async () => {
    const text = await help('');
    expect(text.match(/--version/g)).toHaveLength(1);
  });

  it('numbers are typed as numbers, with their defaults shown as numbers', async () => {
    const run = await help('run');
    for (const flag of ['players', 'mafia', 'seed', 'games', 'threads', 'precision', 'shards']) expect(run, flag).toMatch(new RegExp(`--${flag}\\b[\\s\\S]*?\\[number\\]`));
    expect(run).toMatch(/--seed[^\n]*\n?[^\n]*\[number\] \[default: 1\]/);
    const fair = await help('fair');
    expect(fair).toMatch(/--within[\s\S]*?\[number\] \[default: 0\.02\]/);
    expect(fair).toMatch(/--max-games[\s\S]*?\[number\] \[default: 1000000\]/);
    expect(await help('balance')).toMatch(/--budget[\s\S]*?\[number\] \[default: 200000\]/);
  });

  it('required flags are marked required', async () => {
    const calibrate = await help('calibrate');
    for (const flag of ['records', 'params']) expect(calibrate, flag).toMatch(new RegExp(`--${flag} [\\s\\S]*?\\[required\\]`));
    // --rules is not required: without it the records' own rules are played (issue 22, point 1).
    expect(calibrate).toMatch(/--rules +[^\n]*\n[^\n]*\(default: the rules the records name\) +\[string\]\n/);
    expect(await help('records compare')).toMatch(/--rules +[^\n]*\n[^\n]*\(default: the rules the records name\) +\[string\]\n/);
    expect(await help('records stats')).toMatch(/--records [\s\S]*?\[required\]/);
    expect(await help('tune')).toMatch(/--params [\s\S]*?\[required\]/);
    expect(await help('sweep')).toMatch(/--vary [\s\S]*?\[required\]/);
  });

  it('a number typed as a string is still refused quoting what was typed, and a missing required flag names itself first', async () => {
    const games = await cli(['run', '--games', '1e']);
    expect(games.code).toBe(2);
    expect(games.stderr).toBe('mafia-sim: --games: got "1e"; use a whole number from 1 up\n');
    const seed = await cli(['run', '--seed', '007x', '--games', '10']);
    expect(seed.stderr.trim().split('\n')).toHaveLength(1);
    expect(seed.stderr).toContain('--seed: got "007x"');
    const missing = await cli(['calibrate', '--rules', 'club']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('mafia-sim: --records: missing; give a folder of records or a record file in the format of docs/records.md (a clone of the repository has data/mafia-allstars; the package leaves it out)\n');
  });
});

describe('the examples', () => {
  const all = Object.entries(EXAMPLES).flatMap(([name, list]) => list.map(([line]) => [name, line.replace(/\$0/g, 'mafia-sim')] as const));

  it('every command has an entry, and every entry is a command', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual([...NAMES].sort());
  });

  it.each(all)('%s: %s parses as printed', async (_name, line) => {
    expect(await parseExample(line)).toBeNull();
  });

  it('a broken example is caught (an unknown flag, a missing required flag)', async () => {
    expect(await parseExample('mafia-sim run --gmaes 10')).toMatch(/Unknown argument: gmaes/);
    expect(await parseExample('mafia-sim tune --team mafia')).toMatch(/Missing required argument: params/);
  });

  it('a long example is split between flags, each piece but the last ending in a continuation', () => {
    const parts = continued('mafia-sim calibrate --records data/mafia-allstars@0/2 --holdout data/mafia-allstars@1/2 --rules rules/mafia-allstars.yaml --params readSkill,voteMemory --save fit.json');
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) expect(p.length).toBeLessThanOrEqual(76);
    expect(parts.slice(0, -1).every((p) => p.endsWith(' \\'))).toBe(true);
    expect(parts.map((p) => p.replace(/ \\$/, '')).join(' ')).toBe('mafia-sim calibrate --records data/mafia-allstars@0/2 --holdout data/mafia-allstars@1/2 --rules rules/mafia-allstars.yaml --params readSkill,voteMemory --save fit.json');
  });
});
