// No peeking: a player's decisions may depend only on what he has observed.
// Two games are played on deals that differ only in facts the watched player
// cannot know (two other seats swap roles of the same team); as long as his
// observations are identical, his decisions must be identical too.

import { describe, expect, it } from 'vitest';
import { PassThroughAgent, createProvider, parseAgents } from '../../src/agents/index.js';
import type { Agent, AgentProvider, ClaimSink, Decision, PlayerView } from '../../src/engine/agent.js';
import type { Claim, GameEvent } from '../../src/engine/events.js';
import { Game } from '../../src/engine/game.js';
import type { Rng } from '../../src/engine/rng.js';
import { Role } from '../../src/engine/roles.js';
import { resolveRules, type Rules } from '../../src/engine/rules.js';

/** Everything a seat observed, in order, with each of its decisions. */
interface Transcript {
  /** Observation text up to each decision, and the decision. */
  readonly steps: { seen: string; answer: number }[];
}

class Recorder extends PassThroughAgent {
  private seen: string[] = [];
  constructor(
    inner: Agent,
    private readonly out: Transcript,
  ) {
    super(inner);
  }
  override begin(view: PlayerView, rng: Rng): void {
    this.seen = [`begin ${view.seat} ${view.role} ${view.team} reads ${Array.from(view.reads).join(',')} known ${Array.from(view.known).join(',')}`];
    this.inner.begin(view, rng);
  }
  override observe(e: GameEvent): void {
    this.seen.push(JSON.stringify(e));
    this.inner.observe?.(e);
  }
  override speak(view: PlayerView, out: ClaimSink): void {
    this.seen.push(`speak ${snapshot(view)}`);
    const said: Claim[] = [];
    this.inner.speak?.(view, { say: (c) => (said.push(c), out.say(c)) });
    this.out.steps.push({ seen: this.seen.join('\n'), answer: said.length === 0 ? -2 : hashText(JSON.stringify(said)) });
  }
  override choose(view: PlayerView, d: Decision): number {
    this.seen.push(`choose ${snapshot(view)} ${d.choice} ${d.round} ${d.mayPass} ${d.options.join(',')}`);
    const answer = this.inner.choose(view, d);
    this.out.steps.push({ seen: this.seen.join('\n'), answer });
    return answer;
  }
}

function snapshot(v: PlayerView): string {
  return `${v.day} ${v.phase} ${v.role} ${v.team} ${v.silenced} alive ${Array.from(v.alive).join('')} shown ${Array.from(v.revealed).join(',')} known ${Array.from(v.known).join(',')} reads ${Array.from(v.reads).join(',')}`;
}

function hashText(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) | 0;
  return h;
}

/** Wraps `inner` so that seat `watched` is recorded into `out`. */
function watching(inner: AgentProvider, watched: number, out: Transcript): AgentProvider {
  return { agentFor: (seat, role) => (seat === watched ? new Recorder(inner.agentFor(seat, role), out) : inner.agentFor(seat, role)) };
}

/** Compares the watched seat's decisions while his observations agree; returns how many were compared and how many differed. */
function compare(a: Transcript, b: Transcript): { compared: number; differed: number } {
  let compared = 0;
  let differed = 0;
  for (let i = 0; i < Math.min(a.steps.length, b.steps.length); i++) {
    if (a.steps[i]!.seen !== b.steps[i]!.seen) break;
    compared++;
    if (a.steps[i]!.answer !== b.steps[i]!.answer) differed++;
  }
  return { compared, differed };
}

/** Plays each game on `deal` and on `deal` with seats x and y swapped, watching seat `watched`. */
function swapTrial(rules: Rules, provider: AgentProvider, deal: Role[], watched: number, x: number, y: number, games: number): { compared: number; differed: number } {
  const game = new Game(rules);
  const swapped = deal.slice();
  [swapped[x], swapped[y]] = [swapped[y]!, swapped[x]!];
  let compared = 0;
  let differed = 0;
  for (let k = 0; k < games; k++) {
    const ta: Transcript = { steps: [] };
    const tb: Transcript = { steps: [] };
    game.play(3, k, watching(provider, watched, ta), { deal });
    game.play(3, k, watching(provider, watched, tb), { deal: swapped });
    const r = compare(ta, tb);
    compared += r.compared;
    differed += r.differed;
  }
  return { compared, differed };
}

const C = Role.Civilian;
const CLUB_DEAL: Role[] = [C, Role.Doctor, Role.Mafia, C, Role.Putana, Role.Don, C, C, Role.Commissar, Role.Maniac, Role.Mafia, C];

describe('no peeking', () => {
  it('a Civilian decides alike when the Doctor and a Civilian he knows nothing of swap seats', async () => {
    const rules = resolveRules('club');
    const provider = await createProvider(parseAgents('club'), rules);
    // The Doctor's role leaks (a public claim, leak.daily), after which the observations differ and the comparison stops: many games.
    const r = swapTrial(rules, provider, CLUB_DEAL, 0, 1, 3, 300);
    expect(r.compared).toBeGreaterThan(100);
    expect(r.differed).toBe(0);
  });

  it('a Mafia decides alike when the Commissar and a Civilian swap seats', async () => {
    const rules = resolveRules('club');
    const provider = await createProvider(parseAgents('expert'), rules);
    const r = swapTrial(rules, provider, CLUB_DEAL, 2, 8, 11, 60);
    expect(r.compared).toBeGreaterThan(100);
    expect(r.differed).toBe(0);
  });

  it('a forum Commissar decides alike when the Boss and a plain Mafia swap seats', async () => {
    const rules = resolveRules('forum');
    const deal: Role[] = [Role.Commissar, C, Role.Don, C, Role.Doctor, Role.Mafia, Role.Sergeant, C, Role.Kamikaze, C, Role.Maniac, C, Role.Foundling, Role.Mafia, C, C];
    const provider = await createProvider(parseAgents('club'), rules);
    const r = swapTrial(rules, provider, deal, 0, 2, 5, 40);
    expect(r.compared).toBeGreaterThan(50);
    expect(r.differed).toBe(0);
  });

  it('the check catches a player who peeks at the deal', async () => {
    const rules = resolveRules('club');
    let secret: readonly Role[] = CLUB_DEAL;
    // A cheat: votes for the Doctor, wherever he sits.
    const cheat: AgentProvider = {
      agentFor: () => ({
        begin() {},
        choose: (_v: PlayerView, d: Decision) => (d.options.includes(secret.indexOf(Role.Doctor)) ? secret.indexOf(Role.Doctor) : d.mayPass ? -1 : d.options[0]!),
      }),
    };
    const game = new Game(rules);
    const swapped = CLUB_DEAL.slice();
    [swapped[1], swapped[3]] = [swapped[3]!, swapped[1]!];
    // The day's vote order is drawn: in some games the watched seat votes before the others' votes tell the deals apart.
    let differed = 0;
    for (let k = 0; k < 40; k++) {
      const ta: Transcript = { steps: [] };
      const tb: Transcript = { steps: [] };
      secret = CLUB_DEAL;
      game.play(3, k, watching(cheat, 0, ta), { deal: CLUB_DEAL });
      secret = swapped;
      game.play(3, k, watching(cheat, 0, tb), { deal: swapped });
      differed += compare(ta, tb).differed;
    }
    expect(differed).toBeGreaterThan(0);
  });

  it('a reused provider plays game k as a fresh one does (no state leaks between games)', async () => {
    const rules = resolveRules('forum');
    const used = await createProvider(parseAgents('club'), rules);
    const game = new Game(rules);
    const outcomes: number[] = [];
    for (let k = 0; k < 40; k++) outcomes.push(game.play(9, k, used));
    for (const k of [7, 23, 39]) {
      const fresh = await createProvider(parseAgents('club'), rules);
      expect(new Game(rules).play(9, k, fresh)).toBe(outcomes[k]);
    }
  });
});
