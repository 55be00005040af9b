// Same rules, agents, seed and game count give the same integers whatever
// the thread count, batch size or split into ranges; and those integers are
// the ones a plain one-game-at-a-time loop produces.

import { describe, expect, it } from 'vitest';
import { RandomProvider } from '../../src/agents/random.js';
import { OUTCOME_NAMES } from '../../src/engine/events.js';
import { Game } from '../../src/engine/game.js';
import { resolveRules } from '../../src/engine/rules.js';
import { ROLE_KEYS } from '../../src/engine/roles.js';
import { runGames, type RunResult, type Variant } from '../../src/sim/run.js';
import { RunTally } from '../../src/sim/tally.js';

const GAMES = 4000;
const SEED = 11;
const variants: Variant[] = [
  { label: 'club', rules: resolveRules('club'), agents: 'random' },
  { label: 'classic', rules: resolveRules('classic'), agents: 'random' },
];

/** Outcome counts, roles dealt and the joint table, by playing every game in order on this thread. */
function referenceCounts(games: number) {
  const players = variants.map((v) => ({ game: new Game(v.rules), provider: new RandomProvider() }));
  const outcomes = variants.map(() => new Array<number>(OUTCOME_NAMES.length).fill(0));
  const dealt = variants.map(() => new Array<number>(ROLE_KEYS.length).fill(0));
  const joint = new Array<number>(OUTCOME_NAMES.length ** 2).fill(0);
  for (let k = 0; k < games; k++) {
    const o = players.map(({ game, provider }, i) => {
      const outcome = game.play(SEED, k, provider);
      outcomes[i]![outcome]!++;
      for (let s = 0; s < game.table.n; s++) dealt[i]![game.table.dealt[s]!]!++;
      return outcome;
    });
    joint[o[0]! * OUTCOME_NAMES.length + o[1]!]!++;
  }
  return { outcomes, dealt, joint };
}

function fingerprint(r: RunResult): string {
  return JSON.stringify({ aggregates: r.aggregates.map((a) => a.toJSON()), joint: r.joint.map((t) => Array.from(t)) });
}

describe('determinism across threads, batches and ranges', () => {
  it('threads 1, 2 and 4 give identical results, equal to a plain sequential loop', async () => {
    const results = [];
    for (const threads of [1, 2, 4]) results.push(await runGames({ variants, seed: SEED, games: GAMES, threads }));
    expect(results.map((r) => r.threads)).toEqual([1, 2, 4]);
    expect(fingerprint(results[1]!)).toBe(fingerprint(results[0]!));
    expect(fingerprint(results[2]!)).toBe(fingerprint(results[0]!));

    const ref = referenceCounts(GAMES);
    const r = results[2]!;
    expect(r.games).toBe(GAMES);
    expect(r.complete).toBe(true);
    variants.forEach((_, i) => {
      expect(OUTCOME_NAMES.map((o) => r.aggregates[i]!.count(o))).toEqual(ref.outcomes[i]);
      expect(Array.from(r.aggregates[i]!.dealt)).toEqual(ref.dealt[i]);
    });
    expect(Array.from(r.joint[0]!)).toEqual(ref.joint);
  });

  it('does not depend on the batch size', async () => {
    const a = await runGames({ variants, seed: SEED, games: 3000, threads: 2, batchSize: 97 });
    const b = await runGames({ variants, seed: SEED, games: 3000, threads: 1, batchSize: 3000 });
    expect(fingerprint(a)).toBe(fingerprint(b));
  });

  it('ranges played apart and merged equal the whole run', async () => {
    const whole = await runGames({ variants, seed: SEED, games: 3000, threads: 1 });
    const cuts = [0, 1, 999, 1000, 2017, 3000];
    const merged = new RunTally(variants.length);
    for (let i = 0; i + 1 < cuts.length; i++) {
      const part = await runGames({ variants, seed: SEED, games: 3000, from: cuts[i]!, to: cuts[i + 1]!, threads: 1 });
      expect(part.games).toBe(cuts[i + 1]! - cuts[i]!);
      merged.merge(RunTally.fromJSON({ aggregates: part.aggregates.map((x) => x.toJSON()), joint: part.joint.map((t) => Array.from(t)) }));
    }
    expect(JSON.stringify(merged.toJSON())).toBe(JSON.stringify({ aggregates: whole.aggregates.map((a) => a.toJSON()), joint: whole.joint.map((t) => Array.from(t)) }));
  });
});
