// `--across` through the built CLI (run `npm run build` first, as
// `npm test` does): a large setup effect holds under every model, an effect
// built to reverse (two Commissar modules) comes out "depends" naming the
// models, each model's counts equal a separate run on the same seeds, the
// balance family answers per model, and bad input is one line, exit 2.

import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli } from '../sim/cli.js';

const FIX = join(import.meta.dirname, '../fixtures/across');
const dir = mkdtempSync(join(tmpdir(), 'mafia-across-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const json = (text: string) => JSON.parse(text) as Record<string, any>;

/** A table of random players in which only the Commissar's dying shot differs between the two models. */
const mod = (f: string) => `module:${join(FIX, f)}`;
const table = (commissar: string) => `town=${mod('decisive.mjs')},mafia=${mod('decisive.mjs')},commissar=${mod(commissar)}`;
const FLIP = `sharp=${table('sharp.mjs')};traitor=${table('traitor.mjs')}`;

describe('compare --across', () => {
  it('a large setup effect (no Putana in club) holds under every model of the default set', async () => {
    const r = await cli(['compare', '--variant', 'roles.putana=0', '--across', 'default', '--games', '1500', '--quiet', '--json', '--out', join(dir, 'holds')]);
    expect(r.code, r.stderr).toBe(0);
    const s = json(r.stdout);
    const town = s.across.verdicts.find((v: { outcome: string }) => v.outcome === 'town');
    expect(town.verdict).toBe('holds');
    expect(town.rows.map((x: { model: string }) => x.model)).toEqual(['club', 'novice', 'expert', 'strangers', 'live', 'strong-town', 'strong-mafia']);
    for (const x of town.rows) expect(x.diff).toBeGreaterThan(0);
    const page = readFileSync(join(dir, 'holds', 'report.html'), 'utf8');
    expect(page).toContain('data-verdict="holds"');
    expect(page).toContain('difference = variant − base');
    expect(existsSync(join(dir, 'holds', 'across.svg'))).toBe(true);
    expect(readFileSync(join(dir, 'holds', 'across.csv'), 'utf8').split('\n')[0]).toContain('diff_variant_minus_base');
  });

  it('an effect built to reverse comes out "depends" and names the models on each side', async () => {
    const r = await cli(['compare', '--variant', 'commissar.lastShot=true', '--across', FLIP, '--games', '8000', '--quiet', '--out', join(dir, 'flip')]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('verdict: depends: town up under sharp; down under traitor (the sign flips)');
    const s = json(readFileSync(join(dir, 'flip', 'summary.json'), 'utf8'));
    const town = s.across.verdicts.find((v: { outcome: string }) => v.outcome === 'town');
    expect([town.verdict, town.up, town.down]).toEqual(['depends', ['sharp'], ['traitor']]);
  });

  it("each model's rows equal a separate run with the same seeds", async () => {
    const across = await cli(['compare', '--variant', 'roles.doctor=0', '--across', 'pros=expert;mixed=town=expert,mafia=novice', '--games', '800', '--seed', '7', '--quiet', '--json', '--out', join(dir, 'eq')]);
    expect(across.code, across.stderr).toBe(0);
    const a = json(across.stdout);
    for (const [name, agents] of [['pros', 'expert'], ['mixed', 'town=expert,mafia=novice']] as const) {
      const one = await cli(['compare', '--variant', 'roles.doctor=0', '--agents', agents, '--games', '800', '--seed', '7', '--quiet', '--json', '--out', join(dir, `eq-${name}`)]);
      expect(one.code, one.stderr).toBe(0);
      const s = json(one.stdout);
      const mine = a.variants.filter((v: { label: string }) => v.label.startsWith(`[${name}] `));
      expect(mine.map((v: { aggregate: unknown }) => v.aggregate)).toEqual(s.variants.map((v: { aggregate: unknown }) => v.aggregate));
      for (const v of a.across.verdicts) {
        const rowOf = v.rows.find((x: { model: string }) => x.model === name);
        const d = s.pairs[0].differences[v.outcome];
        expect([rowOf.onlyBase, rowOf.onlyVariant, rowOf.diff, rowOf.p]).toEqual([d.onlyBase, d.onlyVariant, d.diff, d.p]);
      }
    }
  });

  it('an experiment file takes across as a list of name=SPEC items', async () => {
    const file = join(dir, 'x.yaml');
    writeFileSync(file, ['title: Putana across', 'command: compare', 'games: 500', 'variants:', '  - set: [roles.putana=0]', 'across:', '  - pros=expert', '  - novices=novice', ''].join('\n'));
    const r = await cli(['experiment', file, '--quiet', '--json', '--out', join(dir, 'xo')]);
    expect(r.code, r.stderr).toBe(0);
    expect(json(r.stdout).across.models.map((m: { name: string }) => m.name)).toEqual(['pros', 'novices']);
    writeFileSync(file, ['title: Bad', 'command: compare', 'games: 500', 'variants:', '  - set: [roles.putana=0]', 'across:', '  - pros=expert', '  - novices=wizard', ''].join('\n'));
    const bad = await cli(['experiment', file, '--quiet']);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toContain(`${file}: across[1] novices: --agents: unknown profile "wizard"`);
    writeFileSync(file, ['title: Bad', 'command: compare', 'games: 500', 'variants:', '  - set: [roles.putana=0]', 'across: 3', ''].join('\n'));
    const shape = await cli(['experiment', file, '--quiet']);
    expect(shape.code).toBe(2);
    expect(shape.stderr).toContain(`${file}: across: got 3; give a set name`);
  });

  it('refuses bad input in one line with exit code 2', async () => {
    for (const [args, text] of [
      [['--across', 'defualt'], '--across: "defualt" is neither a set'],
      [['--across', 'default', '--agents', 'expert'], '--agents: the --across models replace --agents'],
      [['--across', 'a=expert;b=wizrd'], 'unknown profile "wizrd"'],
    ] as const) {
      const r = await cli(['compare', '--variant', 'roles.putana=0', '--games', '100', '--quiet', ...args]);
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toContain(text);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });
});

describe('the balance family --across', () => {
  const two = ['--across', 'pros=expert;novices=novice', '--quiet', '--json'];

  it("fair gives each model's verdict and says whether they agree", async () => {
    const r = await cli(['fair', '--max-games', '2000', '--batch', '500', ...two, '--out', join(dir, 'fair')]);
    expect(r.code, r.stderr).toBe(0);
    const s = json(r.stdout);
    expect(s.across.models.map((m: { name: string }) => m.name)).toEqual(['pros', 'novices']);
    const verdicts = Object.values(s.across.perModel).map((f) => (f as { verdict: string }).verdict);
    expect(s.across.rows[0].agreement).toBe(new Set(verdicts).size === 1 ? 'agree' : 'differ');
  });

  it("roles gives each role's points per model, equal to a separate run", async () => {
    const r = await cli(['roles', '--only', 'doctor', '--games', '600', ...two, '--out', join(dir, 'roles')]);
    expect(r.code, r.stderr).toBe(0);
    const one = await cli(['roles', '--only', 'doctor', '--games', '600', '--agents', 'novice', '--quiet', '--json', '--out', join(dir, 'roles-n')]);
    expect(one.code, one.stderr).toBe(0);
    expect(json(r.stdout).across.perModel.novices).toEqual(json(one.stdout).roles);
  });

  it('a balance-family experiment file takes across as a list (a repeated flag)', async () => {
    const file = join(dir, 'roles.yaml');
    writeFileSync(file, ['title: roles across', 'command: roles', 'only: doctor', 'games: 300', 'across:', '  - pros=expert', '  - novices=novice', ''].join('\n'));
    const r = await cli(['experiment', file, '--quiet', '--json', '--out', join(dir, 'roles-x')]);
    expect(r.code, r.stderr).toBe(0);
    expect(Object.keys(json(r.stdout).across.perModel)).toEqual(['pros', 'novices']);
  });

  it('balance --vary and --for-players give the nearest value under each model', async () => {
    const vary = await cli(['balance', '--vary', 'mafia=1..3', '--budget', '4000', '--first-look', '400', ...two, '--out', join(dir, 'bal')]);
    expect(vary.code, vary.stderr).toBe(0);
    const v = json(vary.stdout);
    const picks = ['pros', 'novices'].map((m) => v.across.perModel[m].recommendation);
    expect(v.across.rows[0].cells.map((c: { key: string }) => c.key)).toEqual(picks);
    const table = await cli(['balance', '--for-players', '9..10', '--budget', '3000', '--first-look', '300', ...two, '--out', join(dir, 'tab')]);
    expect(table.code, table.stderr).toBe(0);
    expect(json(table.stdout).across.rows.map((r: { label: string }) => r.label)).toEqual(['9 players', '10 players']);
  });
});
