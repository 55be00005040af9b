// Where the tests find the record sets that may not be copied into the
// repository (no licence: mturk-mafia, live-werewolf, sports-mafia): in
// ../shared/records next to the repository, as CI has them, or where
// MAFIA_SIM_SHARED_RECORDS points. A clone without them skips those tests,
// and the skipped test's name says why.

import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const SHARED_SETS = process.env.MAFIA_SIM_SHARED_RECORDS ?? join(import.meta.dirname, '../../../shared/records');

/** The folder of one shared set, or null when this machine lacks it. */
export function sharedSet(name: string): string | null {
  const dir = join(SHARED_SETS, name);
  return existsSync(dir) ? dir : null;
}

/** The suffix of a test that needs a shared set: empty with the set, "(skipped: ... absent)" without it. */
export function skipNote(name: string): string {
  return sharedSet(name) === null ? ` (skipped: ${join(SHARED_SETS, name)} is absent; set MAFIA_SIM_SHARED_RECORDS to the shared records folder)` : '';
}
