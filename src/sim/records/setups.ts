// Records grouped by the setup they were played at, and simulated games
// shared among those setups in the records' proportions, so a mixed set of
// records (5 to 11 players, 1 or 2 mafia) is compared like with like: the
// simulated games hold each setup as often as the records do. A record's
// setup is its own (`setup` in the native format, filled by the importers);
// a record without one is played on the command line's rules.

import type { LoadedRecord } from './load.js';

/** One setup and the records played at it. */
export interface SetupGroup {
  /** The records' rules source (a preset or a rules file), or undefined where they name none. */
  readonly rules: string | undefined;
  /** Whether the records carry a setup at all (false: the command line's rules and table size are played). */
  readonly ownSetup: boolean;
  readonly players: number | undefined;
  readonly mafia: number | undefined;
  /** `--set` entries for the setup's role counts, in key order. */
  readonly roles: readonly string[];
  readonly records: readonly LoadedRecord[];
}

function keyOf(g: Omit<SetupGroup, 'records'>): string {
  return JSON.stringify([g.ownSetup, g.rules ?? null, g.players ?? null, g.mafia ?? null, g.roles]);
}

/** A record's setup as a group head: its own (the table size defaults to the players it lists), or none. */
function setupOf(r: LoadedRecord): Omit<SetupGroup, 'records'> {
  const s = r.record.setup;
  if (!s) return { rules: undefined, ownSetup: false, players: undefined, mafia: undefined, roles: [] };
  const roles = Object.entries(s.roles ?? {})
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `roles.${k}=${v}`);
  return { rules: s.rules, ownSetup: true, players: s.players ?? r.record.players.length, mafia: s.mafia, roles };
}

/** The records' setups, smallest table first (then fewest mafia, fewest role overrides), each with its records in load order. */
export function groupBySetup(loaded: readonly LoadedRecord[]): SetupGroup[] {
  const groups = new Map<string, { head: Omit<SetupGroup, 'records'>; records: LoadedRecord[] }>();
  for (const r of loaded) {
    const head = setupOf(r);
    const key = keyOf(head);
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { head, records: [] }));
    g.records.push(r);
  }
  const order = (g: { head: Omit<SetupGroup, 'records'> }): [number, number, number, string] => [g.head.players ?? 0, g.head.mafia ?? 0, g.head.roles.length, keyOf(g.head)];
  return [...groups.values()]
    .sort((a, b) => {
      const [x, y] = [order(a), order(b)];
      return x[0] - y[0] || x[1] - y[1] || x[2] - y[2] || (x[3] < y[3] ? -1 : x[3] > y[3] ? 1 : 0);
    })
    .map((g) => ({ ...g.head, records: g.records }));
}

/**
 * `total` games shared in proportion to `weights` (records per setup) by
 * largest remainders, ties to the earlier setup: the shares add up to
 * `total` exactly, each within one game of its proportion, and one setup
 * gets all of them.
 */
export function shareGames(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (!(sum > 0)) throw new Error('shareGames: no weight');
  // Whole numbers throughout: total·w = q·sum + r, the remainders r compared exactly.
  const out = weights.map((w) => Math.floor((total * w) / sum));
  let left = total - out.reduce((a, b) => a + b, 0);
  const byRemainder = weights.map((w, i) => ({ i, r: total * w - out[i]! * sum })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    out[i]!++;
    left--;
  }
  return out;
}
