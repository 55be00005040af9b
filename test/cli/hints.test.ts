// Every hint names a flag the command printing it takes. The hints are
// enumerated from the sources ("raise --budget", "give --agents ...", "leave
// --precision out"), each with the commands that can print it, and each flag
// is checked against those commands' own options. A new hint in a module
// several commands share must say here which of them print it. Then the
// words one command uses for what another calls by another name: an unknown
// flag gets this command's name for the meaning, and an experiment takes the
// flag its own file's command would hint.

import { readdirSync, readFileSync, statSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import yargs, { type Argv } from 'yargs';
import { afterAll, describe, expect, it } from 'vitest';
import { balanceCommand } from '../../src/cli/balance.js';
import { calibrateCommand } from '../../src/cli/calibrate.js';
import { compareCommand } from '../../src/cli/compare.js';
import { equilibriumCommand } from '../../src/cli/equilibrium.js';
import { experimentCommand } from '../../src/cli/experiment.js';
import { fairCommand } from '../../src/cli/fair.js';
import { mergeCommand } from '../../src/cli/merge.js';
import { playersCommand } from '../../src/cli/players.js';
import { compareRecordsCommand, statsCommand } from '../../src/cli/records.js';
import { replayCommand } from '../../src/cli/replay.js';
import { rolesCommand } from '../../src/cli/roles.js';
import { rulesCommand } from '../../src/cli/rules.js';
import { runCommand } from '../../src/cli/run.js';
import { sweepCommand } from '../../src/cli/sweep.js';
import { tuneCommand } from '../../src/cli/tune.js';
import { cli } from '../sim/cli.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));

const BUILDERS: Record<string, { builder: (y: Argv) => unknown }> = {
  run: runCommand,
  replay: replayCommand,
  rules: rulesCommand,
  players: playersCommand,
  compare: compareCommand,
  sweep: sweepCommand,
  experiment: experimentCommand,
  merge: mergeCommand,
  balance: balanceCommand,
  fair: fairCommand,
  roles: rolesCommand,
  tune: tuneCommand,
  equilibrium: equilibriumCommand,
  calibrate: calibrateCommand,
  'records stats': statsCommand,
  'records compare': compareRecordsCommand,
};

/** A command's flags, aliases included, as its own builder declares them. */
function flagsOf(command: string): Set<string> {
  // getOptions is public API that yargs' type declarations leave out.
  const y = BUILDERS[command]!.builder(yargs([])) as unknown as { getOptions(): { key: Record<string, unknown>; alias: Record<string, string[]> } };
  const o = y.getOptions();
  return new Set([...Object.keys(o.key), ...Object.values(o.alias).flat()]);
}

const WITH_AGENTS = ['run', 'replay', 'players', 'compare', 'sweep', 'balance', 'fair', 'roles', 'tune', 'calibrate', 'records compare'];

/**
 * Who prints the hints of a module, by `file` or by `file --flag`. A command's
 * own file (src/cli/<command>.ts) needs no entry. The balance family's
 * errors under `experiment` are put in the file's terms (tested below).
 */
const PRINTED_BY: Record<string, readonly string[]> = {
  'src/agents/spec.ts': WITH_AGENTS,
  'src/cli/across.ts': ['compare', 'balance', 'fair', 'roles'],
  'src/cli/study.ts --team': ['balance', 'fair', 'roles', 'tune'],
  'src/cli/study.ts --precision': ['compare', 'sweep', 'experiment'],
  'src/cli/study.ts --set': ['balance', 'fair', 'roles', 'tune'],
  // The --out help of every study and balance-family command.
  'src/cli/study.ts --json': ['compare', 'sweep', 'experiment', 'balance', 'fair', 'roles', 'tune'],
  'src/report/balance/race.ts': ['balance', 'experiment'],
  'src/report/balance/table.ts': ['balance', 'experiment'],
  // "use it: --agents '...' with any command, agents: in an experiment file".
  'src/report/balance/tune.ts': ['tune'],
  'src/report/calibrate/text.ts': ['calibrate'],
  'src/sim/balance/sprt.ts': ['fair'],
  'src/sim/checkpoint.ts': ['run'],
  'src/sim/shard.ts': ['run'],
  // merge tells how to finish or redo a shard: with `mafia-sim run`, named in the message.
  'src/sim/merge.ts': ['run'],
  'src/cli/records.ts': ['records compare'],
  // recordSetups: the records' table size against the rules', for the commands that play records.
  'src/cli/common.ts --players': ['calibrate', 'records compare'],
  // equilibrium's help example: "then play the mixtures with --agents forum-eq.json".
  'src/cli/help.ts --agents': ['equilibrium'],
};

/** A suggested action naming a flag: "raise --budget", "give --agents town=club", "make him a loner with --set ...". */
const HINT = /\b(?:raise|use|give|add|lower|increase|try|pass|drop|leave|measure|rerun|plus|with|continue with|shard a fixed|instead of|e\.g\.)\b[^`'"\n;:()]{0,24}?(--[a-z][a-z-]*)/gi;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

interface Hint {
  readonly file: string;
  readonly line: number;
  readonly flag: string;
  readonly text: string;
}

function hints(): Hint[] {
  return sources(join(REPO, 'src')).flatMap((path) => {
    const file = relative(REPO, path);
    return readFileSync(path, 'utf8')
      .split('\n')
      .flatMap((text, i) => (/^\s*(\/\/|\*|\/\*\*)/.test(text) ? [] : [...text.matchAll(HINT)].map((m) => ({ file, line: i + 1, flag: m[1]!, text: m[0] }))));
  });
}

function printers(h: Hint): readonly string[] | undefined {
  const own = /^src\/cli\/(\w+)\.ts$/.exec(h.file)?.[1];
  return PRINTED_BY[`${h.file} ${h.flag}`] ?? PRINTED_BY[h.file] ?? (own !== undefined && own in BUILDERS ? [own] : undefined);
}

describe('every hint names a flag of the command that prints it', () => {
  const all = hints();

  it('finds the hints (the scan itself works)', () => {
    expect(all.length).toBeGreaterThan(20);
    expect(all.some((h) => h.file === 'src/report/balance/race.ts' && h.flag === '--budget')).toBe(true);
  });

  it('every hint has the commands that print it', () => {
    expect(all.filter((h) => printers(h) === undefined).map((h) => `${h.file}:${h.line} "${h.text}": say in PRINTED_BY which commands print it`)).toEqual([]);
  });

  it('each of those commands takes the flag', () => {
    const wrong = all.flatMap((h) => (printers(h) ?? []).filter((c) => !flagsOf(c).has(h.flag.slice(2))).map((c) => `${h.file}:${h.line} "${h.text}": ${c} takes no ${h.flag}`));
    expect(wrong).toEqual([]);
  });
});

describe('one name per meaning, or this command\'s name for it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mafia-hints-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    [['balance', '--vary', 'mafia=1..2', '--games', '100'], /^mafia-sim: --games: unknown flag; balance calls it --budget: the games of the whole search, over all candidates/],
    [['run', '--budget', '100'], /^mafia-sim: --budget: unknown flag; run calls it --games/],
    [['roles', '--max-games', '100'], /^mafia-sim: --max-games: unknown flag; roles calls it --games/],
    [['experiment', join(REPO, 'experiments/club-house-rules.yaml'), '--budget', '100'], /^mafia-sim: --budget: only a balance experiment takes --budget; this one's command is compare: use --games/],
    [['experiment', join(REPO, 'experiments/balance-club-fair.yaml'), '--budget', '100'], /^mafia-sim: --budget: only a balance experiment takes --budget; this one's command is fair: use --games/],
    [['experiment', join(REPO, 'experiments/balance-club-table.yaml'), '--budget', '100', '--games', '100'], /^mafia-sim: --budget: says what --games says; give one of them/],
  ])('%j is refused naming the flag to use', async (args, want) => {
    const r = await cli(args);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(want);
  });

  it('fair takes --games for its cap, as every other command and its experiment files do', async () => {
    const r = await cli(['fair', '--agents', 'random', '--games', '400', '--batch', '200', '--threads', '1', '--quiet', '--json', '--out', join(dir, 'fair')]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)['fair'].config.maxGames).toBe(400);
  });

  it("a balance experiment's \"raise --budget\" names a flag experiment takes, and the flag works", async () => {
    // Classic has no Doctor: the two candidates are one game, which no budget can separate.
    const file = join(dir, 'undecided.yaml');
    writeFileSync(file, 'command: balance\nrules: classic\nplayers: 12\nvary: doctor.maxSameTarget=1,2\nagents: random\nbudget: 4000\nfirstLook: 1000\nthreads: 1\n');
    const first = await cli(['experiment', file, '--quiet', '--out', join(dir, 'undecided')]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/Raise --budget to separate them/);
    const raised = await cli(['experiment', file, '--budget', '6000', '--quiet', '--json', '--out', join(dir, 'raised')]);
    expect(raised.code, raised.stderr).toBe(0);
    expect(JSON.parse(raised.stdout)['balance'].budget).toBe(6000);
  });

  it("a fair experiment's error names the file's keys, never a flag experiment refuses", async () => {
    const file = join(dir, 'wide.yaml');
    writeFileSync(file, 'command: fair\nrules: classic\nwithin: 0.3\nmargin: 0.25\n');
    const r = await cli(['experiment', file]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/^mafia-sim: .*wide\.yaml: within: .*use a smaller within or margin/);
    expect(r.stderr).not.toMatch(/--within|--margin/);
  });
});
