// Player-model sets: named lists of agent specs that stand for the range of
// tables a verdict should survive (`--across`). The shipped sets are one
// table here; a user's set is parsed and checked into the same shape.

import { parseAgents } from '../agents/index.js';
import { SimInputError } from './errors.js';

export interface PlayerModel {
  /** Short name shown in every row and chart ("club", "strong-town"). */
  readonly name: string;
  /** Canonical agents text (what `--agents` would take). */
  readonly agents: string;
}

interface ModelDefinition {
  readonly name: string;
  readonly agents: string;
  /** What table it stands for, for `--help` and the docs. */
  readonly meaning: string;
}

/**
 * The shipped sets. `mafia` scopes the whole Black team (Don, Putana, the
 * forum's clan) and `town` every Red player, the club's Red Maniac
 * included; a loner Maniac (forum) belongs to neither side, so the mixed
 * tables leave him the base profile rather than calling him strong or weak.
 */
export const PLAYER_MODEL_SETS: Readonly<Record<string, readonly ModelDefinition[]>> = {
  default: [
    { name: 'club', agents: 'club', meaning: 'the default players, calibrated to real club records' },
    { name: 'novice', agents: 'novice', meaning: 'a table of beginners' },
    { name: 'expert', agents: 'expert', meaning: 'a table of strong players' },
    { name: 'strangers', agents: 'strangers', meaning: "the strangers' table: paid strangers online who lynch at chance (fitted to the mturk-mafia records)" },
    { name: 'strong-town', agents: 'club,town=expert,mafia=novice', meaning: 'strong Town against weak Mafia' },
    { name: 'strong-mafia', agents: 'club,town=novice,mafia=expert', meaning: 'weak Town against strong Mafia' },
  ],
};

export const PLAYER_MODEL_SET_NAMES = Object.keys(PLAYER_MODEL_SETS);

const NAME = /^[A-Za-z][\w.-]*$/;

/** A player model from a name and an agents spec; a bad spec names the model. */
export function playerModel(name: string, spec: string, field: string): PlayerModel {
  if (!NAME.test(name)) throw new SimInputError(field, `model name ${JSON.stringify(name)}: use letters, digits, '-', '_' or '.', starting with a letter`);
  try {
    // A saved profile file alone plays every seat, as `--agents FILE.json` does.
    return { name, agents: parseAgents(spec.trim()).canonical };
  } catch (e) {
    if (e instanceof Error && e.name === 'AgentSpecError') throw new SimInputError(`${field} ${name}`, e.message);
    throw e;
  }
}

/**
 * `--across` text: a shipped set's name, or `name=SPEC;name=SPEC;...` (SPEC
 * as `--agents` takes it, or a profile file). Several texts add up.
 */
export function parseAcross(texts: readonly string[], field = '--across', atLeast = 2): PlayerModel[] {
  const models: PlayerModel[] = [];
  for (const text of texts) {
    for (const item of text.split(';').map((s) => s.trim()).filter((s) => s !== '')) {
      const set = PLAYER_MODEL_SETS[item];
      if (set) {
        models.push(...set.map((m) => ({ name: m.name, agents: parseAgents(m.agents).canonical })));
        continue;
      }
      const eq = item.indexOf('=');
      if (eq <= 0) throw new SimInputError(field, `${JSON.stringify(item)} is neither a set (${PLAYER_MODEL_SET_NAMES.join(', ')}) nor name=SPEC; e.g. --across "pros=expert;mixed=town=expert,mafia=novice"`);
      models.push(playerModel(item.slice(0, eq).trim(), item.slice(eq + 1), field));
    }
  }
  return checkModels(models, field, atLeast);
}

export function checkModels(models: readonly PlayerModel[], field: string, atLeast = 2): PlayerModel[] {
  if (models.length < atLeast) throw new SimInputError(field, `a verdict across models needs at least two models (got ${models.length}); e.g. --across default`);
  const seen = new Set<string>();
  for (const m of models) {
    if (seen.has(m.name)) throw new SimInputError(field, `the model name ${JSON.stringify(m.name)} is given twice; name each model once`);
    seen.add(m.name);
  }
  return [...models];
}

/** Each shipped set and its models, for help texts: `default (club, novice, ...)`. */
export function setsText(): string {
  return Object.entries(PLAYER_MODEL_SETS).map(([name, models]) => `${name}: ${models.map((m) => m.name).join(', ')}`).join('; ');
}
