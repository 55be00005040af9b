// The commands of `mafia-sim`, by name, each loaded only when named (each
// pulls in its part of the sim and report): main.ts wires them into yargs,
// and the help tests walk the same table.

import type { Argv } from 'yargs';

export interface Command {
  readonly command: string;
  readonly builder: (y: Argv) => unknown;
}

/** Every command by name, in the order help lists them; `flags`: matched against a typo (records has subcommands instead). */
export const COMMANDS: readonly { name: string; load: () => Promise<Command>; flags: boolean }[] = [
  { name: 'run', load: async () => (await import('./run.js')).runCommand, flags: true },
  { name: 'replay', load: async () => (await import('./replay.js')).replayCommand, flags: true },
  { name: 'rules', load: async () => (await import('./rules.js')).rulesCommand, flags: true },
  { name: 'players', load: async () => (await import('./players.js')).playersCommand, flags: true },
  { name: 'compare', load: async () => (await import('./compare.js')).compareCommand, flags: true },
  { name: 'sweep', load: async () => (await import('./sweep.js')).sweepCommand, flags: true },
  { name: 'experiment', load: async () => (await import('./experiment.js')).experimentCommand, flags: true },
  { name: 'merge', load: async () => (await import('./merge.js')).mergeCommand, flags: true },
  { name: 'balance', load: async () => (await import('./balance.js')).balanceCommand, flags: true },
  { name: 'fair', load: async () => (await import('./fair.js')).fairCommand, flags: true },
  { name: 'roles', load: async () => (await import('./roles.js')).rolesCommand, flags: true },
  { name: 'tune', load: async () => (await import('./tune.js')).tuneCommand, flags: true },
  { name: 'equilibrium', load: async () => (await import('./equilibrium.js')).equilibriumCommand, flags: true },
  { name: 'records', load: async () => (await import('./records.js')).recordsCommand, flags: false },
  { name: 'calibrate', load: async () => (await import('./calibrate.js')).calibrateCommand, flags: false },
];

