// Synthetic records for the calibrate tests: games of known players turned
// into native records (the converter the simulation side uses), as files in
// a folder `--records` reads, or straight into a statistics set.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createProvider, parseAgents } from '../../src/agents/index.js';
import type { LoggedEvent } from '../../src/engine/events.js';
import { Game } from '../../src/engine/game.js';
import type { Rules } from '../../src/engine/rules.js';
import { loadRules } from '../../src/cli/rulesSource.js';
import { recordFromLog } from '../../src/sim/records/fromLog.js';

export const ALLSTARS_RULES = join(import.meta.dirname, '../../rules/mafia-allstars.yaml');

export function allstarsRules(): Rules {
  return loadRules({ rules: ALLSTARS_RULES });
}

/** Writes games [0, games) of `seed` played by `agents` as record files 0000.json, 0001.json, ... in `dir`. */
export async function writeSyntheticRecords(dir: string, rules: Rules, agents: string, seed: number, games: number): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const game = new Game(rules);
  const provider = await createProvider(parseAgents(agents), rules);
  const log: LoggedEvent[] = [];
  for (let k = 0; k < games; k++) {
    log.length = 0;
    game.play(seed, k, provider, { log });
    const rec = { ...recordFromLog(log, rules, `synthetic ${seed}/${k}`), source: `mafia-sim, agents ${agents}` };
    writeFileSync(join(dir, `${String(k).padStart(4, '0')}.json`), JSON.stringify(rec));
  }
}
