// Candidate setups for `balance --for-players`: every mafia count at N
// players, optionally crossed with every on/off mix of some roles. Only the
// changes are produced here; the caller resolves them into rules, and the
// rules decide which are legal (so each preset's meaning of "mafia" holds).

export type Assignment = readonly [key: string, value: string];

export interface CandidateSpec {
  readonly label: string;
  readonly settings: Readonly<Record<string, number>>;
  /** Changes to the base setup, in `--set` order. */
  readonly assignments: readonly Assignment[];
}

/** Every mafia count from 1 to players - 1 at `players`, crossed with every on/off mix of `tryRoles`. */
export function setupsForPlayers(players: number, tryRoles: readonly string[]): CandidateSpec[] {
  const out: CandidateSpec[] = [];
  for (let m = 1; m < players; m++) {
    for (const mix of roleMixes(tryRoles)) {
      const settings: Record<string, number> = { players, mafia: m };
      for (const [r, on] of mix) settings[`roles.${r}`] = on;
      out.push({
        label: [`mafia=${m}`, ...mix.map(([r, on]) => `${r}=${on}`)].join(' '),
        settings,
        assignments: Object.entries(settings).map(([k, v]) => [k, String(v)] as const),
      });
    }
  }
  return out;
}

/** All 2^k on/off assignments of the roles, the all-on mix first. */
export function roleMixes(roles: readonly string[]): Array<Array<readonly [string, 0 | 1]>> {
  const out: Array<Array<readonly [string, 0 | 1]>> = [];
  for (let mask = 0; mask < 1 << roles.length; mask++) {
    out.push(roles.map((r, i) => [r, (mask >> i) & 1 ? 0 : 1] as const));
  }
  return out;
}
