// Where the tests find the real records: ../shared/records/mafia-allstars
// beside the repository (as issue 11 and the README place them), or
// MAFIA_SIM_RECORDS. They are not copied into the repository; a missing
// folder fails the tests that read it, with this message.

import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const SHARED = process.env.MAFIA_SIM_RECORDS ?? join(import.meta.dirname, '../../../shared/records/mafia-allstars');

export function sharedRecords(): string {
  if (!existsSync(join(SHARED, '2018'))) throw new Error(`the real records are missing at ${SHARED}: put ../shared/records beside the repository or set MAFIA_SIM_RECORDS`);
  return SHARED;
}
