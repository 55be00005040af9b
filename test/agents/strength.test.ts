// Strength: the heuristic players must beat the random ones on both sides,
// and Town's win rate must rise with Town's skill while the Mafia's profile
// stays fixed. Checked with 95% Wilson intervals that do not overlap.

import { describe, expect, it } from 'vitest';
import { parseAgents } from '../../src/agents/index.js';
import { resolveRules } from '../../src/engine/rules.js';
import { runRange } from '../../src/sim/runRange.js';

const GAMES = 3000;
const Z = 1.959964;

interface Interval {
  readonly rate: number;
  readonly lo: number;
  readonly hi: number;
}

/** Wilson score interval for k successes in n trials. */
function wilson(k: number, n: number): Interval {
  const p = k / n;
  const d = 1 + (Z * Z) / n;
  const centre = (p + (Z * Z) / (2 * n)) / d;
  const half = (Z * Math.sqrt((p * (1 - p)) / n + (Z * Z) / (4 * n * n))) / d;
  return { rate: p, lo: centre - half, hi: centre + half };
}

const memo = new Map<string, Promise<{ town: Interval; mafia: Interval }>>();

function rates(agents: string): Promise<{ town: Interval; mafia: Interval }> {
  let r = memo.get(agents);
  if (!r) memo.set(agents, (r = play(agents)));
  return r;
}

async function play(agents: string): Promise<{ town: Interval; mafia: Interval }> {
  const agg = await runRange({ rules: resolveRules('club'), agents: parseAgents(agents).canonical, seed: 2024, from: 0, to: GAMES });
  return { town: wilson(agg.count('town'), GAMES), mafia: wilson(agg.count('mafia'), GAMES) };
}

function clearlyBelow(a: Interval, b: Interval, what: string): void {
  expect(a.hi, `${what}: ${a.rate.toFixed(3)} [${a.lo.toFixed(3)}, ${a.hi.toFixed(3)}] vs ${b.rate.toFixed(3)} [${b.lo.toFixed(3)}, ${b.hi.toFixed(3)}]`).toBeLessThan(b.lo);
}

describe('strength in the club game', () => {
  it('Town: heuristic beats random against the same club Mafia; Mafia: heuristic beats random against club Town', async () => {
    const club = await rates('club');
    const randomTown = await rates('club,town=random');
    const randomMafia = await rates('club,mafia=random');
    clearlyBelow(randomTown.town, club.town, 'Town win rate, random Town vs club Town');
    clearlyBelow(randomMafia.mafia, club.mafia, 'Mafia win rate, random Mafia vs club Mafia');
  });

  it("Town's win rate rises with Town's skill: random < novice < club < expert against club Mafia", async () => {
    const ladder = ['club,town=random', 'club,town=novice', 'club', 'club,town=expert'];
    const town: Interval[] = [];
    for (const a of ladder) town.push((await rates(a)).town);
    for (let i = 1; i < ladder.length; i++) clearlyBelow(town[i - 1]!, town[i]!, `${ladder[i - 1]} vs ${ladder[i]}`);
  });
});
