// Where the tests find the real records: the repository's copy in
// data/mafia-allstars (the training set), or MAFIA_SIM_RECORDS.

import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const SHARED = process.env.MAFIA_SIM_RECORDS ?? join(import.meta.dirname, '../../data/mafia-allstars');

export function sharedRecords(): string {
  if (!existsSync(join(SHARED, '2018'))) throw new Error(`the real records are missing at ${SHARED}: restore data/mafia-allstars or set MAFIA_SIM_RECORDS`);
  return SHARED;
}
