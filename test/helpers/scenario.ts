// Plays one scripted game on a fixed deal and exposes what a scenario test
// asserts: the outcome, who is alive, causes of death, roles and teams now,
// and the logged events. Rules are built from the deal, so the role counts
// always match it.

import { Game } from '../../src/engine/game.js';
import { DEATH_CAUSE_NAMES, OUTCOME_NAMES, type GameEvent, type LoggedEvent, type OutcomeName } from '../../src/engine/events.js';
import { formatLog } from '../../src/engine/logText.js';
import type { PresetName } from '../../src/engine/presets.js';
import { ROLES, ROLE_COUNT, TEAM_NAMES, Role, roleFromKey } from '../../src/engine/roles.js';
import { resolveRules, type Rules } from '../../src/engine/rules.js';
import { ScriptedProvider } from './scripted.js';

const SHORT: Readonly<Record<string, Role>> = {
  civ: Role.Civilian,
  maf: Role.Mafia,
  don: Role.Don,
  boss: Role.Don,
  put: Role.Putana,
  com: Role.Commissar,
  doc: Role.Doctor,
  man: Role.Maniac,
  ser: Role.Sergeant,
  fou: Role.Foundling,
  kam: Role.Kamikaze,
  vig: Role.Vigilante,
};

/** A deal from short names by seat, e.g. "civ don maf put com doc man civ". */
export function dealOf(text: string): Role[] {
  return text
    .trim()
    .split(/\s+/)
    .map((w) => {
      const r = SHORT[w] ?? roleFromKey(w);
      if (r === undefined) throw new Error(`dealOf: unknown role ${w}`);
      return r;
    });
}

export type OptionSet = Readonly<Record<string, string | number | boolean>>;

/** Rules of `preset` with exactly the deal's role counts and these options. */
export function rulesForDeal(preset: PresetName, deal: readonly Role[], options: OptionSet = {}): Rules {
  const counts = new Array<number>(ROLE_COUNT).fill(0);
  for (const r of deal) counts[r]!++;
  const roles = Object.fromEntries(ROLES.map((r) => [r.key, counts[r.id]!]));
  return resolveRules({ preset, roles, options: { ...options } });
}

export interface Scenario {
  readonly preset: PresetName;
  /** Roles by seat, as `dealOf` text or role ids. */
  readonly deal: string | readonly Role[];
  readonly options?: OptionSet;
  /** Fills in the script. */
  readonly script?: (p: ScriptedProvider) => void;
  /** A ready provider instead of `script` (for a custom fallback). */
  readonly provider?: ScriptedProvider;
  readonly seed?: number;
  readonly game?: number;
  /** Script lines the game never reached are an error unless allowed. */
  readonly allowUnused?: boolean;
}

export interface ScenarioResult {
  readonly rules: Rules;
  readonly game: Game;
  readonly provider: ScriptedProvider;
  readonly log: LoggedEvent[];
  readonly outcome: OutcomeName;
  /** Last day (turn) played. */
  readonly day: number;
  alive(seat: number): boolean;
  /** Seats alive at the end. */
  living(): number[];
  /** The true cause of death, or null while alive. */
  cause(seat: number): string | null;
  deathDay(seat: number): number;
  /** Current role key (after succession or the Foundling's turn). */
  role(seat: number): string;
  team(seat: number): string;
  /** Logged events of one type, in order. */
  events<T extends GameEvent['type']>(type: T): Extract<GameEvent, { type: T }>[];
  /** The readable log, for failure messages. */
  text(): string;
}

export function play(s: Scenario): ScenarioResult {
  const deal = typeof s.deal === 'string' ? dealOf(s.deal) : s.deal;
  const rules = rulesForDeal(s.preset, deal, s.options);
  const provider = s.provider ?? new ScriptedProvider();
  s.script?.(provider);
  const game = new Game(rules);
  const log: LoggedEvent[] = [];
  const text = (): string => formatLog(log);
  let outcome: number;
  try {
    outcome = game.play(s.seed ?? 1, s.game ?? 0, provider, { deal, log });
  } catch (e) {
    // Keep the original error (tests match its message) and show the game so far.
    if (e instanceof Error) e.message += `\n--- game so far ---\n${text()}`;
    throw e;
  }
  const t = game.table;
  const unused = provider.unused();
  if (!s.allowUnused && unused.length > 0) {
    throw new Error(`scripted lines never reached: ${unused.join('; ')}\n${text()}`);
  }
  return {
    rules,
    game,
    provider,
    log,
    outcome: OUTCOME_NAMES[outcome]!,
    day: t.day,
    alive: (seat) => t.alive[seat] === 1,
    living: () => [...t.alive.keys()].filter((seat) => t.alive[seat] === 1),
    cause: (seat) => (t.deathCause[seat]! < 0 ? null : DEATH_CAUSE_NAMES[t.deathCause[seat]!]!),
    deathDay: (seat) => t.deathDay[seat]!,
    role: (seat) => ROLES[t.role[seat]!]!.key,
    team: (seat) => TEAM_NAMES[t.team[seat]!]!,
    events: <T extends GameEvent['type']>(type: T) => distinctEvents(log).filter((e): e is Extract<GameEvent, { type: T }> => e.type === type),
    text,
  };
}

/** Each event once: one event sent to several seats is logged once per seat. */
function distinctEvents(log: readonly LoggedEvent[]): GameEvent[] {
  return [...new Set(log.map((l) => l.event))];
}
