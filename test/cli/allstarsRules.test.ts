// The shipped rules file of the real records (rules/mafia-allstars.yaml):
// it resolves to the records' setup, its games keep the rules' invariants,
// and `--rules rules/mafia-allstars.yaml` finds it from any directory.

import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createProvider, parseAgents } from '../../src/agents/index.js';
import { loadRules } from '../../src/cli/rulesSource.js';
import { Outcome, type LoggedEvent } from '../../src/engine/events.js';
import { Game } from '../../src/engine/game.js';
import { roleCounts } from '../../src/engine/rulesDisplay.js';
import { RandomProvider } from '../../src/agents/random.js';
import { audit } from '../engine/logAudit.js';

const ROOT = join(import.meta.dirname, '../..');
const MAIN = join(ROOT, 'dist/src/cli/main.js');
const FILE = 'rules/mafia-allstars.yaml';

describe('rules/mafia-allstars.yaml', () => {
  const rules = loadRules({ rules: FILE });

  it('is the records\' setup: 15 players, 3 Mafia, cop, medic, vigilante, 9 vanilla', () => {
    expect(rules.players).toBe(15);
    expect(roleCounts(rules)).toEqual({ civilian: 9, mafia: 3, commissar: 1, doctor: 1, vigilante: 1 });
    const o = rules.options;
    expect([o.start, o['mafia.shots'], o['doctor.selfHeal'], o['doctor.maxSameTarget'], o['vigilante.shots'], o['vigilante.firstNight'], o['vote.noLynch'], o['lynch.minShare'], o['win.parityBlock']]).toEqual([
      'night',
      '2@3,1',
      false,
      1,
      1,
      false,
      true,
      0.5,
      'none',
    ]);
  });

  it('is shipped with the package', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { files: string[] };
    expect(pkg.files).toContain('rules');
  });

  it.each([
    ['random', 300],
    ['club', 200],
  ])('%s players: every game ends and keeps the invariants', async (agents, games) => {
    const provider = agents === 'random' ? new RandomProvider() : await createProvider(parseAgents(agents), rules);
    const game = new Game(rules);
    let twoShotNights = 0;
    for (let k = 0; k < games; k++) {
      const log: LoggedEvent[] = [];
      const outcome = game.play(5, k, provider, { log });
      expect(audit(rules, log, outcome, game, new Map()), `game ${k}`).toEqual([]);
      expect([Outcome.Town, Outcome.Mafia]).toContain(outcome);
      twoShotNights += log.filter((l) => l.event.type === 'mafia-target' && l.event.shot === 1).length;
    }
    expect(twoShotNights).toBeGreaterThan(games / 2);
  });

  it('`--rules rules/mafia-allstars.yaml` loads from a directory without it (the package\'s copy)', async () => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` first`);
    const cwd = tmpdir();
    expect(existsSync(join(cwd, FILE))).toBe(false);
    const out = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, [MAIN, 'rules', '--rules', FILE, '--json'], { cwd, timeout: 60_000 }, (e, stdout, stderr) => (e ? reject(new Error(stderr || e.message)) : resolve(stdout))),
    );
    const { schemaVersion, preset, hash, ...canonical } = JSON.parse(out) as Record<string, unknown>;
    expect([schemaVersion, preset, hash]).toEqual([1, rules.preset, rules.hash]);
    expect(JSON.stringify(canonical)).toBe(rules.canonical);
  });
});
