// Unit tests of single policies on a hand-made observation: a player's view
// and beliefs are set up directly, then one decision is asked.

import { describe, expect, it } from 'vitest';
import { Beliefs } from '../../src/agents/beliefs.js';
import type { Mind } from '../../src/agents/mind.js';
import { profileParams } from '../../src/agents/params.js';
import { HeuristicAgent } from '../../src/agents/heuristic.js';
import { hunt, townVote, vigilanteShot } from '../../src/agents/town.js';
import { NONE, type Decision } from '../../src/engine/agent.js';
import { Choice, type Claim } from '../../src/engine/events.js';
import { Sfc32 } from '../../src/engine/rng.js';
import { Role, Team } from '../../src/engine/roles.js';
import { resolveRules, type Rules } from '../../src/engine/rules.js';
import { civilianView, mindOf } from './helpers.js';

const rules = resolveRules('forum');
const n = rules.players;

/** The same game where a player may vote for nobody (votes for nobody mean nothing elsewhere). */
const noLynchRules = resolveRules('forum', { set: ['vote.noLynch=true'] });

function mindWith(reads: number[], known: Record<number, number> = {}, r = rules): Mind {
  const view = civilianView(r, 0, 'turn', known, reads);
  const p = profileParams('club');
  const b = new Beliefs(n);
  b.deal();
  b.reset(view, p);
  return mindOf(view, b, p);
}

const huntDecision = (): Decision => ({ choice: Choice.Hunt, options: Array.from({ length: n - 1 }, (_, i) => i + 1), mayPass: true, round: 0 });

describe('hunting', () => {
  it('does not hunt on reads alone, however strong: a miss kills the hunter', () => {
    const m = mindWith([0, 6, -1, 0.5]);
    expect(m.b.enemy(1)).toBeGreaterThan(3);
    expect(hunt(m, huntDecision())).toBe(NONE);
  });

  it('hunts a player he knows to be Mafia', () => {
    const m = mindWith([0, 6], { 5: Team.Mafia });
    expect(hunt(m, huntDecision())).toBe(5);
  });

  it('hunts on a credible, uncontested Black result, not on a contested one', () => {
    const m = mindWith([]);
    m.b.observe({ type: 'claim', speaker: 3, claim: { kind: 'role', role: Role.Commissar } });
    m.b.observe({ type: 'claim', speaker: 3, claim: { kind: 'result', target: 7, black: true } });
    expect(hunt(m, huntDecision())).toBe(7);
    // A counter-claimant calls the first one Black: neither is hunted on the other's word.
    m.b.observe({ type: 'claim', speaker: 9, claim: { kind: 'role', role: Role.Commissar } });
    m.b.observe({ type: 'claim', speaker: 9, claim: { kind: 'result', target: 3, black: true } });
    const pick = hunt(m, huntDecision());
    expect(pick).not.toBe(3);
    expect(pick).not.toBe(9);
  });

  it('leaves the vote leader to the lynch and hunts the next known Mafia', () => {
    const m = mindWith([], { 5: Team.Mafia, 6: Team.Mafia });
    m.b.observe({ type: 'vote', voter: 2, target: 5, round: 0 });
    expect(hunt(m, huntDecision())).toBe(6);
  });

  it('never hunts a known loner Maniac when a hunt on him kills the hunter', () => {
    const m = mindWith([], { 4: Team.Maniac });
    expect(hunt(m, huntDecision())).toBe(NONE);
  });
});

describe('voting for nobody, where the rules allow it', () => {
  const voteDecision = (): Decision => ({ choice: Choice.Vote, options: Array.from({ length: n - 1 }, (_, i) => i + 1), mayPass: true, round: 0 });
  const passes = (reads: number[], passesCast: number): number => {
    let k = 0;
    for (let seed = 0; seed < 60; seed++) {
      const m = mindWith(reads, {}, noLynchRules);
      (m as { rng: Sfc32 }).rng = new Sfc32(seed, 0, 1);
      for (let v = 0; v < passesCast; v++) m.b.observe({ type: 'vote', voter: 1 + v, target: NONE, round: 0 });
      if (townVote(m, voteDecision()) === NONE) k++;
    }
    return k;
  };

  it('votes for a clear suspect rather than for nobody', () => {
    expect(passes([0, 6], 0)).toBe(0);
  });

  it('with nothing to go on, follows a table that is voting for nobody', () => {
    expect(passes([], 6)).toBeGreaterThan(50);
    expect(passes([], 0)).toBeLessThan(passes([], 6));
  });

  it('never passes where the rules do not allow it', () => {
    const m = mindWith([], {}, noLynchRules);
    for (let v = 0; v < 6; v++) m.b.observe({ type: 'vote', voter: 1 + v, target: NONE, round: 0 });
    expect(townVote(m, { ...voteDecision(), mayPass: false })).not.toBe(NONE);
  });
});

describe('belief thresholds are relative to the table (log-odds over the prior)', () => {
  // Three tables whose priors differ: 3 Mafia of 12, 6 of 20, 3 of 20.
  const tables = [resolveRules('classic', { players: 12, mafia: 3 }), resolveRules('classic', { players: 20, mafia: 6 }), resolveRules('classic', { players: 20, mafia: 3 })];

  /** Whether a Vigilante at seat 0 (aim taste off) fires when seat 1 stands `x` log-odds above the prior, the rest at it. */
  const fires = (rules: Rules, x: number): boolean => {
    const size = rules.players;
    const view = { ...civilianView(rules, 0, 'night', {}, [0, x]), role: Role.Vigilante };
    const p = profileParams('club', new Map([['vigilante.aimNoise', 0]]));
    const b = new Beliefs(size);
    b.deal();
    b.reset(view, p);
    const m = mindOf(view, b, p);
    const d: Decision = { choice: Choice.VigilanteShot, options: Array.from({ length: size - 1 }, (_, i) => i + 1), mayPass: true, round: 0 };
    return vigilanteShot(m, d) === 1;
  };

  /** Whether a Civilian at seat 0 (the day's taste off) accuses seat 1 when it stands `x` log-odds above the prior. */
  const accuses = (rules: Rules, x: number): boolean => {
    // The day's taste off: the threshold is under test here; accusing on the day's hunch is tableVotes.test.ts's.
    const agent = new HeuristicAgent(rules.players).configure(profileParams('club', new Map([['vote.taste', 0]])), true);
    const view = civilianView(rules, 0, 'day', {}, [0, x]);
    agent.begin(view, new Sfc32(1, 0, 1));
    const said: Claim[] = [];
    agent.speak(view, { say: (c) => said.push(c) });
    return said.some((c) => c.kind === 'accuse' && c.target === 1);
  };

  it('the Vigilante fires exactly when his suspect stands vigilante.fireOdds over the prior, at every table', () => {
    const odds = profileParams('club')['vigilante.fireOdds']!;
    for (const rules of tables) {
      expect(fires(rules, odds + 0.05), `${rules.players} players, ${rules.roles[Role.Mafia]} Mafia`).toBe(true);
      expect(fires(rules, odds - 0.05), `${rules.players} players, ${rules.roles[Role.Mafia]} Mafia`).toBe(false);
    }
  });

  it('a Town player accuses exactly when his suspect stands accuseOdds over the prior, at every table', () => {
    const odds = profileParams('club')['accuseOdds']!;
    for (const rules of tables) {
      expect(accuses(rules, odds + 0.05), `${rules.players} players, ${rules.roles[Role.Mafia]} Mafia`).toBe(true);
      expect(accuses(rules, odds - 0.05), `${rules.players} players, ${rules.roles[Role.Mafia]} Mafia`).toBe(false);
    }
  });
});
