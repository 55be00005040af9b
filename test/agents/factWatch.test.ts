// The public record hands a vote to the players who hold a fact on its
// target, walking the seats that may (src/agents/factWatch.ts) instead of
// the table. The walk must reach exactly the players a scan of every seated
// player reaches: each vote of whole games is checked against that scan, over
// every preset and tables whose facts come every way the engine gives them
// (mates, checks, the Don's role check, the Sergeant's Commissar, death notes,
// the note read out, roles shown at death and by a Prince's survived lynch).

import { afterEach, describe, expect, it } from 'vitest';
import { Beliefs } from '../../src/agents/beliefs.js';
import { createProvider, parseAgents } from '../../src/agents/index.js';
import { PassThroughAgent } from '../../src/agents/wrapper.js';
import { UNKNOWN, type Agent, type AgentProvider, type PlayerView, type TableRecord } from '../../src/engine/agent.js';
import type { GameEvent } from '../../src/engine/events.js';
import { Game } from '../../src/engine/game.js';
import { PRESET_NAMES } from '../../src/engine/presets.js';
import type { Rng } from '../../src/engine/rng.js';
import type { Role } from '../../src/engine/roles.js';
import { resolveRules, type Rules } from '../../src/engine/rules.js';

/** What the games went through: votes checked, and the events that bring facts. */
interface Seen {
  votes: number;
  reached: number;
  types: Map<string, number>;
}

/** The seats whose onVote ran during the record's delivery of one event (Beliefs.onVote patched for the test). */
let reachedNow: number[] | null = null;
const realOnVote = Beliefs.prototype.onVote;
Beliefs.prototype.onVote = function (this: Beliefs, voter: number, target: number): void {
  reachedNow?.push(this.me);
  realOnVote.call(this, voter, target);
};
afterEach(() => {
  reachedNow = null;
});

/** The table's record behind a checker: each vote's delivery against a scan of every seated, living player's facts. */
class CheckedRecord implements TableRecord {
  private readonly seated: number[] = [];
  constructor(
    private readonly inner: TableRecord,
    private readonly views: (PlayerView | null)[],
    private readonly seen: Seen,
  ) {}
  join(seat: number, first: boolean): void {
    if (first) this.seated.length = 0;
    this.seated.push(seat);
    this.inner.join(seat, first);
  }
  observe(e: GameEvent): void {
    this.seen.types.set(e.type, (this.seen.types.get(e.type) ?? 0) + 1);
    if (e.type !== 'vote' || e.target < 0) {
      this.inner.observe(e);
      return;
    }
    const expected = this.seated.filter((s) => this.views[s]!.alive[s] && this.views[s]!.known[e.target] !== UNKNOWN).sort((a, b) => a - b);
    reachedNow = [];
    this.inner.observe(e);
    const reached = reachedNow.sort((a, b) => a - b);
    reachedNow = null;
    expect(reached, `vote of ${e.voter} for ${e.target}`).toEqual(expected);
    this.seen.votes++;
    this.seen.reached += reached.length;
  }
}

/** A player whose record is the checker (and whose view the checker reads); his own events are counted, every call passes through. */
class Watched extends PassThroughAgent {
  constructor(
    inner: Agent,
    private readonly checked: TableRecord | undefined,
    private readonly views: (PlayerView | null)[],
    private readonly seen: Seen,
  ) {
    super(inner);
  }
  override get record(): TableRecord | undefined {
    return this.checked;
  }
  override begin(view: PlayerView, rng: Rng): void {
    this.views[view.seat] = view;
    super.begin(view, rng);
  }
  override observe(e: GameEvent): void {
    if (this.checked) this.seen.types.set(e.type, (this.seen.types.get(e.type) ?? 0) + 1);
    super.observe(e);
  }
}

/** Plays `games` games of `rules` with the default players, every vote's delivery checked; what they went through. */
async function checkGames(rules: Rules, games: number, agents = 'club'): Promise<Seen> {
  const inner = await createProvider(parseAgents(agents), rules);
  const seen: Seen = { votes: 0, reached: 0, types: new Map() };
  const views: (PlayerView | null)[] = [];
  const checked = new Map<TableRecord, CheckedRecord>();
  const provider: AgentProvider = {
    agentFor(seat: number, role: Role): Agent {
      const agent = inner.agentFor(seat, role);
      const r = agent.record;
      let c: CheckedRecord | undefined;
      if (r) checked.set(r, (c = checked.get(r) ?? new CheckedRecord(r, views, seen)));
      return new Watched(agent, c, views, seen);
    },
  };
  const game = new Game(rules);
  for (let k = 0; k < games; k++) game.play(3, k, provider);
  return seen;
}

describe('a vote reaches the players who hold a fact on its target', () => {
  for (const preset of PRESET_NAMES) {
    it(`in ${preset} games, as a scan of every seated player would`, async () => {
      const seen = await checkGames(resolveRules(preset), 150);
      expect(seen.votes).toBeGreaterThan(1000);
      // Every target knows himself: a vote always reaches someone.
      expect(seen.reached).toBeGreaterThanOrEqual(seen.votes);
    });
  }

  it('in forum games of 24 with Sergeants and death notes', async () => {
    const seen = await checkGames(resolveRules('forum', { players: 24 }), 40);
    expect(seen.types.get('death-note') ?? 0).toBeGreaterThan(0);
    expect(seen.types.get('commissar-known') ?? 0).toBeGreaterThan(0);
  });

  it("with a Prince's survived lynch, the Don's checks and a Commissar's note read out", async () => {
    const rules = resolveRules('club', { set: ['don.checks=true', 'commissar.note=true', 'roles.prince=1'] });
    const seen = await checkGames(rules, 400);
    expect(seen.types.get('lynch-survived') ?? 0).toBeGreaterThan(0);
    expect(seen.types.get('commissar-note') ?? 0).toBeGreaterThan(0);
    expect(seen.types.get('role-check') ?? 0).toBeGreaterThan(0);
  });

  it('at a table mixing the default players with random ones (some seats not under the record)', async () => {
    const seen = await checkGames(resolveRules('club'), 200, 'random,commissar=club,don=club');
    expect(seen.votes).toBeGreaterThan(500);
  });
});
