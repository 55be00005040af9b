// The version of every JSON output's shape, printed as its `schemaVersion`
// (the first field): users' scripts read these files, so a field is never
// renamed, removed, retyped or added silently. Each output's JSON Schema,
// docs/schemas/<name>.schema.json, is generated from the TypeScript type the
// output is built as (src/cli/outputs.ts lists them) by `npm run schemas`.
//
// To change an output: change its type (one line for a new field), raise its
// number here, add a line for that version under "Changes to the JSON
// outputs" in README.md, and run `npm run schemas`. The script refuses a
// schema that changed while its number did not, and a new number with no
// README line; a test fails while the committed schemas differ from the types.
// Outputs built on the study summary (every `summary.json` with a command's
// section) change with it: the script names each one whose number must move.

export const SCHEMA_VERSIONS = {
  run: 1,
  study: 1,
  'compare-across': 1,
  'compare-adapt': 1,
  balance: 2,
  'balance-table': 1,
  'balance-across': 1,
  roles: 2,
  'roles-across': 1,
  fair: 1,
  'fair-across': 1,
  tune: 1,
  equilibrium: 1,
  'equilibrium-report': 2,
  calibrate: 1,
  'records-stats': 1,
  'records-compare': 1,
  'records-compare-report': 1,
  rules: 1,
  'rules-list': 1,
  players: 2,
  'players-list': 2,
} as const;

export type OutputName = keyof typeof SCHEMA_VERSIONS;
