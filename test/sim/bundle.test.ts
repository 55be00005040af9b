// The games a run plays come from the built bundle (dist/src/sim/worker.bundle.js,
// rolldown.config.mjs): it must play exactly what the sources play, for the
// players that observe, read and speak as for random ones, and hold all of
// our code itself (only packages and Node's modules stay outside it).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadRulesDoc } from '../../src/cli/rulesSource.js';
import { resolveRules } from '../../src/engine/rules.js';
import { wireVariants, workerScript } from '../../src/sim/executors.js';
import * as sources from '../../src/sim/worker.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const bundle = (await import(pathToFileURL(workerScript()).href)) as typeof sources;

const SETUPS = [
  { name: 'club, its players', rules: resolveRules('club'), agents: 'club', games: 600 },
  { name: 'forum at 16, its players', rules: resolveRules('forum', { players: 16 }), agents: 'club', games: 150 },
  { name: 'a rules file of its own', rules: resolveRules(loadRulesDoc(join(REPO, 'rules', 'mafia-allstars.yaml'))), agents: 'club', games: 300 },
  { name: 'classic, random players', rules: resolveRules('classic'), agents: 'random', games: 3000 },
];

describe('the worker bundle', () => {
  it('is what the pool loads', () => {
    expect(workerScript()).toMatch(/dist[/\\]src[/\\]sim[/\\]worker\.bundle\.js$/);
  });

  it.each(SETUPS)('plays the games the sources play: $name', async ({ rules, agents, games }) => {
    const task = { variants: wireVariants([{ rules, agents }]), seed: 3, from: 100, to: 100 + games, attempt: 0 };
    const fromBundle = await bundle.runBatch(task);
    expect('tally' in fromBundle).toBe(true);
    expect(fromBundle).toEqual(await sources.runBatch(task));
  });

  it('holds all of our code: it imports only packages and node: modules', () => {
    const text = readFileSync(workerScript(), 'utf8');
    const imported = [...text.matchAll(/^\s*import\s[^;]*?from\s*["']([^"']+)["']/gm)].map((m) => m[1]!);
    expect(imported.length).toBeGreaterThan(0);
    expect(imported.filter((id) => id.startsWith('.') || id.startsWith('/'))).toEqual([]);
  });
});
