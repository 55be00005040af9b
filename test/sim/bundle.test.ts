// The games a run plays come from the built bundle (dist/src/sim/worker.bundle.js,
// rolldown.config.mjs), and the games a records comparison or a calibration
// plays from the records' bundle (dist/src/sim/records/worker.bundle.js):
// each must play exactly what the sources play, for the players that
// observe, read and speak as for random ones, and hold all of our code
// itself (only packages and Node's modules stay outside it). The pools'
// CommonJS entry (poolEntry.cjs) must load them.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadRulesDoc } from '../../src/cli/rulesSource.js';
import { resolveRules } from '../../src/engine/rules.js';
import { builtFile, poolScript, wireVariants, workerScript } from '../../src/sim/executors.js';
import * as recordSources from '../../src/sim/records/worker.js';
import * as sources from '../../src/sim/worker.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const RECORDS_BUNDLE = builtFile('records/worker.bundle.js');
const bundle = (await import(pathToFileURL(workerScript()).href)) as typeof sources;
const recordBundle = (await import(pathToFileURL(RECORDS_BUNDLE).href)) as typeof recordSources;
type PoolEntry = Pick<typeof sources, 'runBatch'> & Pick<typeof recordSources, 'runRecordBatch'>;

const SETUPS = [
  { name: 'club, its players', rules: resolveRules('club'), agents: 'club', games: 600 },
  { name: 'forum at 16, its players', rules: resolveRules('forum', { players: 16 }), agents: 'club', games: 150 },
  { name: 'a rules file of its own', rules: resolveRules(loadRulesDoc(join(REPO, 'rules', 'mafia-allstars.yaml'))), agents: 'club', games: 300 },
  { name: 'classic, random players', rules: resolveRules('classic'), agents: 'random', games: 3000 },
];

/** The batch's rules under a hash they do not have: the entry refuses them, and its error's stack names the file that refused. */
const badHash = { ...wireVariants([{ rules: resolveRules('club'), agents: 'random' }])[0]!, rulesHash: '0000000000000000' };

/** Every module a built file imports, by its specifier. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^\s*import\s[^;]*?from\s*["']([^"']+)["']/gm)].map((m) => m[1]!);
}

describe('the worker bundle', () => {
  it.each(SETUPS)('plays the games the sources play: $name', async ({ rules, agents, games }) => {
    const task = { variants: wireVariants([{ rules, agents }]), seed: 3, from: 100, to: 100 + games, attempt: 0 };
    const fromBundle = await bundle.runBatch(task);
    expect('tally' in fromBundle).toBe(true);
    expect(fromBundle).toEqual(await sources.runBatch(task));
  });
});

describe("the records' bundle", () => {
  it.each(SETUPS.slice(0, 3))('turns the games into the records the sources make: $name', async ({ rules, agents, games }) => {
    const task = { rules: rules.canonical, rulesHash: rules.hash, preset: rules.preset, agents, seed: 3, from: 50, to: 50 + Math.ceil(games / 2) };
    const fromBundle = await recordBundle.runRecordBatch(task);
    expect(fromBundle.games).toBe(task.to - task.from);
    expect(fromBundle).toEqual(await recordSources.runRecordBatch(task));
  });
});

describe("the pools' entry and the bundles", () => {
  const entry = createRequire(import.meta.url)(poolScript()) as PoolEntry;

  it('plays games in the bundle', async () => {
    const failed = await entry.runBatch({ variants: [badHash], seed: 1, from: 0, to: 1, attempt: 0 }).catch((e: Error) => e);
    expect(failed).toBeInstanceOf(Error);
    expect((failed as Error).stack).toContain(workerScript());
  });

  it("plays records in the records' bundle", async () => {
    const failed = await entry.runRecordBatch({ ...badHash, agents: 'random', seed: 1, from: 0, to: 1 }).catch((e: Error) => e);
    expect(failed).toBeInstanceOf(Error);
    expect((failed as Error).stack).toContain(RECORDS_BUNDLE);
  });

  it.each([workerScript(), RECORDS_BUNDLE])('%s holds all of our code: it imports only packages and node: modules', (file) => {
    const imported = importsOf(file);
    expect(imported.length).toBeGreaterThan(0);
    expect(imported.filter((id) => id.startsWith('.') || id.startsWith('/'))).toEqual([]);
  });
});
