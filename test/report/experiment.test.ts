import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fieldPath, planExperiment, readExperiment } from '../../src/cli/experiment.js';
import type { StudySummary } from '../../src/report/summary.js';
import { cli, tempDir } from './helpers.js';

const EXPERIMENTS = new URL('../../experiments/', import.meta.url).pathname;

function file(text: string, name = 'x.yaml'): string {
  const path = join(tempDir('mafia-exp-'), name);
  writeFileSync(path, text);
  return path;
}

/** Plans the file (reads, checks, resolves every variant) and returns the error message, or '' if it passed. */
function refusal(text: string): string {
  const path = file(text);
  try {
    planExperiment(path, readExperiment(path), 'cmd');
    return '';
  } catch (e) {
    return (e as Error).message.replace(path, 'x.yaml');
  }
}

const COMPARE = 'title: t\ncommand: compare\nrules: club\ngames: 10\n';

describe('experiment files with mistakes are refused, naming the field', () => {
  it.each([
    ['an unknown top-level key', 'title: t\ncommand: run\ngames: 10\ngamez: 5\n', /^x\.yaml: gamez: unknown key \(did you mean "games"\?\); allowed keys here: title, /],
    ['a missing title', 'command: run\ngames: 10\n', /^x\.yaml: title: /],
    ['an unknown command', 'title: t\ncommand: plot\ngames: 10\n', /^x\.yaml: command: unknown command "plot"; use one of run, compare, sweep, balance, roles, fair, tune$/],
    ['games that are not a number', 'title: t\ncommand: run\ngames: many\n', /^x\.yaml: games: got "many"; give a number$/],
    ['a fractional game count', 'title: t\ncommand: run\ngames: 2.5\n', /^x\.yaml: games: /],
    ['no games and no precision', 'title: t\ncommand: run\n', /^x\.yaml: games: give games/],
    ['a precision out of range', 'title: t\ncommand: run\nprecision: 0.7\n', /^x\.yaml: precision: /],
    ['an unknown rule option in a variant', `${COMPARE}variants:\n  - set: [vote.tie=random]\n  - set: [doctor.maxSameTarget=1]\n  - set: [putana.maxSame=1]\n`, /^x\.yaml: variants\[2\]\.set\[0\]: putana\.maxSame: unknown rule option/],
    ['a bad value in a variant, second entry', `${COMPARE}variants:\n  - set: [vote.tie=random, doctor.maxSameTarget=zero]\n`, /^x\.yaml: variants\[0\]\.set\[1\]: doctor\.maxSameTarget: .*whole number/],
    ['an unknown key in a variant', `${COMPARE}variants:\n  - sett: [vote.tie=random]\n`, /^x\.yaml: variants\[0\]\.sett: unknown key \(did you mean "set"\?\); allowed keys here: label, rules/],
    ['a set entry that is not text', `${COMPARE}variants:\n  - set: [5]\n`, /^x\.yaml: variants\[0\]\.set\[0\]: got 5; give text$/],
    ['an unknown role', `${COMPARE}variants:\n  - set: [roles.wizard=1]\n`, /^x\.yaml: variants\[0\]\.set\[0\]: roles\.wizard: unknown role/],
    ['an unplayable variant', `${COMPARE}variants:\n  - mafia: 6\n`, /^x\.yaml: variants\[0\]\.mafia: mafia: .*parity/],
    ['an unknown agent profile', `${COMPARE}variants:\n  - agents: grandmaster\n`, /^x\.yaml: variants\[0\]\.agents: --agents: unknown profile "grandmaster"/],
    ['an unknown base option', `${COMPARE}set: [vote.tie=coin]\nvariants:\n  - set: [start=night]\n`, /^x\.yaml: set\[0\]: vote\.tie: /],
    ['a missing rules file', 'title: t\ncommand: run\nrules: nowhere.yaml\ngames: 10\n', /^x\.yaml: rules: --rules: .*nowhere\.yaml/],
    ['a compare without variants', COMPARE, /^x\.yaml: variants: a compare needs a list of variants/],
    ['variants in a sweep', 'title: t\ncommand: sweep\ngames: 10\nvary: [players=8..10]\nvariants:\n  - set: [start=night]\n', /^x\.yaml: variants: only a compare takes variants/],
    ['a sweep without vary', 'title: t\ncommand: sweep\ngames: 10\n', /^x\.yaml: vary: a sweep needs vary/],
    ['three sweep keys', 'title: t\ncommand: sweep\ngames: 10\nvary: [players=8, mafia=1, vote.tie=none]\n', /^x\.yaml: vary: /],
    ['a malformed range', 'title: t\ncommand: sweep\ngames: 10\nvary: [players=12..8]\n', /^x\.yaml: vary\[0\]: .*lo must not be above hi/],
    ['a value list split by YAML', 'title: t\ncommand: sweep\ngames: 10\nvary: [vote.tie=random,none]\n', /^x\.yaml: vary\[1\]: "none" is not key=values: .*- "vote\.tie=random,none"/],
    ['an unknown swept option', 'title: t\ncommand: sweep\ngames: 10\nvary:\n  - vote.ties=random,none\n', /^x\.yaml: vary vote\.ties=random: vote\.ties: unknown rule option/],
    ['a mapping that is a list', '- title: t\n', /^x\.yaml: must be a YAML mapping/],
    ['YAML that does not parse', 'title: [t\n', /^x\.yaml: not valid YAML/],
  ])('%s', (_what, text, message) => {
    expect(refusal(text)).toMatch(message);
  });

  it('a correct file passes', () => {
    expect(refusal(`${COMPARE}variants:\n  - set: [vote.tie=random]\n`)).toBe('');
  });

  it('names nested paths like a reader would', () => {
    expect(fieldPath(['variants', 2, 'set', 0])).toBe('variants[2].set[0]');
    expect(fieldPath(['vary', 1])).toBe('vary[1]');
  });
});

describe('the shipped experiments', () => {
  // balance-*.yaml are studies of the balance family, validated in test/balance/experiments.test.ts.
  const files = readdirSync(EXPERIMENTS).filter((f) => f.endsWith('.yaml') && !f.startsWith('balance-'));

  it('include the five studies the README documents', () => {
    expect(files.sort()).toEqual(expect.arrayContaining(['club-house-rules.yaml', 'forum-players.yaml', 'putana-maniac.yaml', 'skill.yaml', 'sqrt-law.yaml']));
  });

  it.each(files)('%s is valid and resolves every variant', (name) => {
    const path = join(EXPERIMENTS, name);
    const plan = planExperiment(path, readExperiment(path), 'cmd');
    expect(plan.variants.length).toBeGreaterThan(1);
    expect(new Set(plan.variants.map((v) => v.label)).size).toBe(plan.variants.length);
  });

  it('club-house-rules flips every club house rule exactly once against the default', () => {
    const path = join(EXPERIMENTS, 'club-house-rules.yaml');
    const plan = planExperiment(path, readExperiment(path), 'cmd');
    const base = plan.variants[0]!;
    expect(plan.pairs).toBe('first');
    for (const v of plan.variants.slice(1)) {
      const changed = Object.keys(base.rules.options).filter((k) => (base.rules.options as Record<string, unknown>)[k] !== (v.rules.options as Record<string, unknown>)[k]);
      expect(changed, v.label).toHaveLength(1);
    }
  });

  it('forum-players covers every player count from 8 to 40', () => {
    const path = join(EXPERIMENTS, 'forum-players.yaml');
    const plan = planExperiment(path, readExperiment(path), 'cmd');
    expect(plan.variants.map((v) => v.rules.players)).toEqual(Array.from({ length: 33 }, (_, i) => 8 + i));
  });
});

describe('mafia-sim experiment (built CLI)', () => {
  it('runs a saved study with a reduced game count and says so in the command', async () => {
    const out = join(tempDir(), 'rep');
    const r = await cli(['experiment', join(EXPERIMENTS, 'putana-maniac.yaml'), '--games', '80', '--threads', '1', '--quiet', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const s = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as StudySummary;
    expect(s.title).toBe("The Putana's and the Maniac's effect in the club game");
    expect(s.games).toBe(80);
    expect(s.variants.map((v) => v.label)).toEqual(['club', 'no Putana', 'no Maniac', 'neither']);
    expect(s.command).toMatch(/^mafia-sim experiment \S*putana-maniac\.yaml --games 80 --threads 1 --quiet$/);
  });

  it('refuses a bad file with one line and exit 2, writing nothing', async () => {
    const path = file(`${COMPARE}variants:\n  - set: [vote.tie=random]\n  - set: [doctor.maxSameTarget=1]\n  - set: [putana.maxSame=1]\n`);
    const out = join(tempDir(), 'rep');
    const r = await cli(['experiment', path, '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`mafia-sim: ${path}: variants[2].set[0]: putana.maxSame: unknown rule option (in --set); see \`mafia-sim rules --list\` for the 34 options\n`.replace('the 34 options', `the ${r.stderr.match(/for the (\d+) options/)?.[1]} options`));
    expect(existsSync(out)).toBe(false);
  });
});
