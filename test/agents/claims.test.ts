// Claims held against what everyone knows (issue 18, point 1): a role claim
// the public setup and the roles shown rule out makes its speaker an enemy
// for certain to every player, a result that contradicts a shown team does
// too, the rules' role changes (a Sergeant promoted to Commissar) keep a
// later claim possible, and the clan's liar never makes a claim the table can
// disprove. Scenarios on hand-made observations, the role changes held
// against the engine, and the share of impossible claims in whole games,
// judged by an independent reader of the logs (bench/claimCheck.ts). A
// contested claim (claimDoubt 1, the unfitted profiles' value): of two
// claimants of one role at most one is real, so the one the table believes
// less is likelier the clan's liar; in whole club games the counter-claimant
// who outlives the Commissar the clan shot is lynched the next day.

import { describe, expect, it } from 'vitest';
import { judgeGame, type ClaimCount } from '../../bench/claimCheck.js';
import { Beliefs, CERTAIN } from '../../src/agents/beliefs.js';
import { ClanTalk } from '../../src/agents/clan.js';
import { createProvider, parseAgents } from '../../src/agents/index.js';
import { HeuristicAgent } from '../../src/agents/heuristic.js';
import { profileParams } from '../../src/agents/params.js';
import { copiesLeft, successionsOf, townMayTurnBlack, type Succession } from '../../src/agents/publicFacts.js';
import { UNKNOWN, type PlayerView } from '../../src/engine/agent.js';
import type { Claim, GameEvent, LoggedEvent } from '../../src/engine/events.js';
import { Game } from '../../src/engine/game.js';
import { Sfc32 } from '../../src/engine/rng.js';
import { ROLE_COUNT, Role, Team } from '../../src/engine/roles.js';
import { resolveRules, type Rules } from '../../src/engine/rules.js';
import { allstarsRules } from '../calibrate/synthetic.js';
import { civilianView, playLogged, type Played } from './helpers.js';

const role = (r: Role): Claim => ({ kind: 'role', role: r });
const claim = (speaker: number, c: Claim): GameEvent => ({ type: 'claim', speaker, claim: c });
const shown = (seat: number, r: Role): GameEvent => ({ type: 'death', seat, publicCause: 'night', revealed: r });

/** A Civilian at seat 0 of `rules` who has seen `events` on `day` (his view updated for deaths, as the engine does). */
function civilianAfter(rules: Rules, events: readonly GameEvent[], day = 2, params = profileParams('club')): Beliefs {
  const view = { ...civilianView(rules, 0, 'day'), day };
  const alive = view.alive as Uint8Array;
  const known = view.known as Int8Array;
  const b = new Beliefs(rules.players);
  b.deal();
  b.reset(view, params);
  for (const e of events) {
    if (e.type === 'death') {
      alive[e.seat] = 0;
      if (e.revealed >= 0) known[e.seat] = e.revealed === Role.Mafia || e.revealed === Role.Don ? Team.Mafia : Team.Town;
    }
    b.observe(e);
  }
  b.refreshTrust();
  return b;
}

describe('a role claim the public setup rules out', () => {
  it('classic deals no Commissar: whoever claims it is an enemy for certain', () => {
    const b = civilianAfter(resolveRules('classic'), [claim(4, role(Role.Commissar)), claim(4, { kind: 'result', target: 7, black: true })]);
    expect(b.liar[4]).toBe(1);
    expect(b.enemy(4)).toBeGreaterThanOrEqual(CERTAIN - 2);
    // His "result" is worth nothing: the player he named is no more suspect than the prior.
    expect(b.enemy(7)).toBeCloseTo(b.prior, 6);
  });

  it('the same claim where the setup has a Commissar is believed, not unmasked', () => {
    const b = civilianAfter(allstarsRules(), [claim(4, role(Role.Commissar)), claim(4, { kind: 'result', target: 7, black: true })]);
    expect(b.liar[4]).toBe(0);
    expect(b.enemy(7)).toBeGreaterThan(b.prior + 2);
  });
});

describe('a result before any night', () => {
  const result = (target: number): Claim => ({ kind: 'result', target, black: true });
  it('the club game starts by day: a "Black" on day 1, before any check can have been made, is a lie', () => {
    const b = civilianAfter(resolveRules('club'), [claim(4, role(Role.Commissar)), claim(4, result(7))], 1);
    expect(b.liar[4]).toBe(1);
    expect(b.enemy(4)).toBeGreaterThanOrEqual(CERTAIN - 2);
    expect(b.enemy(7)).toBeCloseTo(b.prior, 6);
  });

  it('the same claim on day 2, after night 1, is believed (the control)', () => {
    const b = civilianAfter(resolveRules('club'), [claim(4, role(Role.Commissar)), claim(4, result(7))], 2);
    expect(b.liar[4]).toBe(0);
    expect(b.enemy(7)).toBeGreaterThan(b.prior + 1);
  });

  it('a game that starts by night has had night 1 by day 1: a result then stands', () => {
    const rules = resolveRules('werewolf');
    expect(rules.options.start).toBe('night');
    const b = civilianAfter(rules, [claim(4, result(7))], 1);
    expect(b.liar[4]).toBe(0);
  });
});

describe('a role every copy of which is shown', () => {
  it("the records' game: a Commissar claim after the Commissar's card was shown at his death is a lie", () => {
    const rules = allstarsRules();
    const b = civilianAfter(rules, [shown(9, Role.Commissar), claim(4, role(Role.Commissar)), claim(4, { kind: 'result', target: 7, black: true })]);
    expect(b.liar[4]).toBe(1);
    expect(b.enemy(4)).toBeGreaterThanOrEqual(CERTAIN - 2);
  });

  it('the club game: the Commissar named dead by his note leaves no copy to claim', () => {
    const rules = resolveRules('club');
    const note: GameEvent = { type: 'commissar-note', commissar: 9, target: 3, black: false, notMafiaOnly: false };
    const b = civilianAfter(rules, [{ type: 'death', seat: 9, publicCause: 'night', revealed: -1 }, note, claim(4, role(Role.Commissar))]);
    expect(b.liar[4]).toBe(1);
    expect(b.realCommissar[9]).toBe(1);
  });

  it('whoever claimed Commissar before the only card was shown had lied', () => {
    const b = civilianAfter(allstarsRules(), [claim(4, role(Role.Commissar)), shown(9, Role.Commissar)]);
    expect(b.liar[4]).toBe(1);
  });

  it('a "Black" on a player shown Red is a lie, and so is a "Red" on one shown Black where no Foundling can have turned', () => {
    const rules = allstarsRules();
    expect(civilianAfter(rules, [shown(6, Role.Civilian), claim(4, role(Role.Commissar)), claim(4, { kind: 'result', target: 6, black: true })]).liar[4]).toBe(1);
    expect(civilianAfter(rules, [shown(6, Role.Mafia), claim(4, role(Role.Commissar)), claim(4, { kind: 'result', target: 6, black: false })]).liar[4]).toBe(1);
    // The forum deals a Foundling: a real Commissar may have checked him Red before he turned Mafia.
    expect(civilianAfter(resolveRules('forum'), [shown(6, Role.Mafia), claim(4, role(Role.Commissar)), claim(4, { kind: 'result', target: 6, black: false })]).liar[4]).toBe(0);
  });
});

describe('the role changes the rules allow', () => {
  it("the forum Sergeant, promoted when the Commissar's card is shown, may still claim Commissar; a second claimant may not once his is shown too", () => {
    const forum = resolveRules('forum');
    expect(forum.roles[Role.Sergeant]).toBe(1);
    const b = civilianAfter(forum, [shown(9, Role.Commissar), claim(5, role(Role.Commissar)), claim(5, { kind: 'result', target: 7, black: true })]);
    expect(b.liar[5]).toBe(0);
    expect(b.enemy(7)).toBeGreaterThan(b.prior + 2);
    const later = civilianAfter(forum, [shown(9, Role.Commissar), shown(5, Role.Commissar), claim(4, role(Role.Commissar))]);
    expect(later.liar[4]).toBe(1);
    // A Sergeant shown dead leaves only the Commissar's own card: once that is shown, no one may claim.
    expect(civilianAfter(forum, [shown(5, Role.Sergeant), shown(9, Role.Commissar), claim(4, role(Role.Commissar))]).liar[4]).toBe(1);
  });

  it('copies left count each role change both ways', () => {
    const successions = successionsOf(resolveRules('forum').book);
    const setup = new Array<number>(ROLE_COUNT).fill(0);
    setup[Role.Commissar] = 1;
    setup[Role.Sergeant] = 1;
    const seen = new Array<number>(ROLE_COUNT).fill(0);
    expect(copiesLeft(setup, seen, Role.Commissar, successions)).toBe(2);
    seen[Role.Commissar] = 2;
    // Two Commissars shown: the second was the promoted Sergeant, so no Sergeant is left either.
    expect(copiesLeft(setup, seen, Role.Commissar, successions)).toBe(0);
    expect(copiesLeft(setup, seen, Role.Sergeant, successions)).toBe(0);
  });

  it("are read from the rules' role table: the built-in rows' changes, and those of a rules file's own role", () => {
    expect(successionsOf(resolveRules('forum').book)).toEqual([
      [Role.Sergeant, Role.Commissar],
      [Role.Foundling, Role.Mafia],
      [Role.Cursed, Role.Mafia],
    ]);
    const rules = resolveRules({ preset: 'club', roles: { deputy: { team: 'town', assists: 'commissar' } } });
    const deputy = rules.book.idOf('deputy')!;
    expect(rules.roles[deputy]).toBe(1);
    expect(successionsOf(rules.book)).toContainEqual([deputy, Role.Commissar]);
    // The deputy may take the Commissar's role once his card is shown: a later Commissar claim stands...
    const after = [shown(9, Role.Commissar), claim(5, role(Role.Commissar)), claim(5, { kind: 'result', target: 7, black: true })];
    expect(civilianAfter(rules, after).liar[5]).toBe(0);
    // ...as it does not in the club game without him (the control),
    expect(civilianAfter(resolveRules('club'), after).liar[5]).toBe(1);
    // and not once the deputy is shown dead too (a role of the rules file's own, shown with its team).
    const deputyDead = civilianAfter(rules, [shown(3, deputy), shown(9, Role.Commissar), claim(5, role(Role.Commissar))]);
    expect(deputyDead.liar[5]).toBe(1);
    expect(deputyDead.enemy(3)).toBeLessThan(deputyDead.prior);
  });

  it('let a "Red" on a later Black stand where a dealt Town role may turn Mafia: the Foundling, the Cursed', () => {
    const turns = (preset: string, set: string[] = []): boolean => {
      const r = resolveRules(preset, { set });
      return townMayTurnBlack(r.roles, r.book);
    };
    expect(turns('forum')).toBe(true);
    expect(turns('club')).toBe(false);
    expect(turns('werewolf')).toBe(false);
    expect(turns('werewolf', ['roles.cursed=1'])).toBe(true);
  });

  /** Every promotion in `games` games of `preset` is a succession of its role table, and each succession of a dealt role occurs. */
  async function promotionsOf(preset: string, set: string[], expected: readonly Succession[]): Promise<void> {
    const rules = resolveRules(preset, { set });
    const inPlay = successionsOf(rules.book).filter(([from]) => rules.roles[from]! > 0);
    expect(inPlay).toEqual(expected);
    const seen = new Set<string>();
    for (const p of await playLogged(preset, 'club', 300, set)) {
      for (const e of p.events) {
        if (e.type !== 'promoted') continue;
        const from = p.roles[e.seat]!;
        expect(inPlay.some(([f, t]) => f === from && t === e.role), `${from} -> ${e.role}`).toBe(true);
        seen.add(`${from}->${e.role}`);
      }
    }
    expect(seen.size).toBe(inPlay.length);
  }

  it('are the role changes the engine makes: every promotion in forum games is one of them, and each occurs', async () => {
    await promotionsOf('forum', [], [
      [Role.Sergeant, Role.Commissar],
      [Role.Foundling, Role.Mafia],
    ]);
  });

  it('are the role changes the engine makes in werewolf games with a Cursed too', async () => {
    await promotionsOf('werewolf', ['roles.cursed=1'], [[Role.Cursed, Role.Mafia]]);
  });
});

describe("a leaked Doctor's or Vigilante's claim", () => {
  // club: claimTrust 0.85 and firstClaimBonus 0.7, so a lone claimant with nothing against him is believed at 0.85.
  const lone = Math.log(1 - 0.85);

  it("is believed as a lone first Commissar claim is: the claimant looks Town, by log(1 − 0.85)", () => {
    for (const r of [Role.Doctor, Role.Vigilante]) {
      const b = civilianAfter(allstarsRules(), [claim(4, role(r))]);
      expect(b.liar[4]).toBe(0);
      expect(b.enemy(4) - b.prior).toBeCloseTo(lone, 6);
      // The others are where they were.
      expect(b.enemy(5)).toBeCloseTo(b.prior, 6);
    }
  });

  it('is believed less when the claimant looks guilty, as a Commissar claimant is', () => {
    const accused = [7, 8, 9, 10, 11, 12].map((s) => claim(s, { kind: 'accuse', target: 4 }));
    const b = civilianAfter(allstarsRules(), [...accused, claim(4, role(Role.Doctor))]);
    const before = civilianAfter(allstarsRules(), accused);
    expect(b.enemy(4)).toBeLessThan(before.enemy(4));
    expect(b.enemy(4) - before.enemy(4)).toBeGreaterThan(lone);
  });

  it('two claimants of the one Doctor share the credibility, the first more (claimDoubt 0: only the believed part)', () => {
    const b = civilianAfter(allstarsRules(), [claim(4, role(Role.Doctor)), claim(6, role(Role.Doctor))], 2, { ...profileParams('club'), claimDoubt: 0 });
    const first = b.enemy(4) - b.prior;
    const second = b.enemy(6) - b.prior;
    expect(first).toBeLessThan(second);
    expect(second).toBeLessThan(0);
    expect(first).toBeGreaterThan(lone);
  });

  it('is no credit at all where the table can disprove it, or where I am the one who holds the role', () => {
    // The club game deals no Vigilante.
    const club = civilianAfter(resolveRules('club'), [claim(4, role(Role.Vigilante))]);
    expect(club.liar[4]).toBe(1);
    expect(club.enemy(4)).toBeGreaterThanOrEqual(CERTAIN - 2);
    // The records' Doctor hears another claim his role.
    const rules = allstarsRules();
    const view: PlayerView = { ...civilianView(rules, 0, 'day'), role: Role.Doctor };
    const b = new Beliefs(rules.players);
    b.deal();
    b.reset(view, profileParams('club'));
    b.observe(claim(4, role(Role.Doctor)));
    b.refreshTrust();
    expect(b.liar[4]).toBe(1);
    expect(b.enemy(4)).toBeGreaterThanOrEqual(CERTAIN - 2);
  });

  it('ends with the claimant\'s death: a dead claimant leaves no credit behind', () => {
    const b = civilianAfter(allstarsRules(), [claim(4, role(Role.Doctor)), { type: 'death', seat: 4, publicCause: 'vote', revealed: Role.Civilian }]);
    expect(b.claimCredit[4]).toBe(0);
  });

  it('a lone, uncontested Commissar claimant looks Town by his trust too', () => {
    const b = civilianAfter(allstarsRules(), [claim(4, role(Role.Commissar))]);
    expect(b.trust[4]).toBeCloseTo(0.85, 6);
    expect(b.enemy(4) - b.prior).toBeCloseTo(lone, 6);
  });
});

/** What a claim holding the share s of its role's credibility says of its claimant, for a player of claimTrust κ: log((1 − κs) / (1 − κ(1 − s))). */
function contested(kappa: number, s: number): number {
  return Math.log(1 - kappa * s) - Math.log(1 - kappa * (1 - s));
}

describe("a contested claim, with claimDoubt 1 (the unfitted profiles' value)", () => {
  const doubting = { ...profileParams('club'), claimDoubt: 1 };
  const night = (seat: number): GameEvent => ({ type: 'death', seat, publicCause: 'night', revealed: -1 });
  const result = (speaker: number, target: number, black: boolean): GameEvent => claim(speaker, { kind: 'result', target, black });
  // #4 claims and calls #7 Black; #6 counter-claims and calls #4 Black.
  const counterClaim = [claim(4, role(Role.Commissar)), result(4, 7, true), claim(6, role(Role.Commissar)), result(6, 4, true)];

  it('leaves the counter-claimant of a Commissar shot in the night looking like the liar he most likely is', () => {
    const b = civilianAfter(resolveRules('club'), [...counterClaim, night(4)], 3, doubting);
    // The shot claimant, first and a night victim, holds most of the credibility; at most one of the two is real, and Town does not lie.
    const s = b.trust[6]! / 0.85;
    expect(s).toBeLessThan(0.2);
    expect(b.enemy(6) - b.prior).toBeCloseTo(contested(0.85, s), 6);
    expect(b.enemy(6) - b.prior).toBeGreaterThan(1);
    // Only the shot claimant's own "Black" looks worse; every other seat is nearer the prior.
    expect(b.enemy(7)).toBeGreaterThan(b.enemy(6));
    for (let t = 1; t < 12; t++) if (t !== 4 && t !== 6 && t !== 7) expect(b.enemy(t)).toBeLessThan(b.enemy(6));
  });

  it('while both live, each is doubted by the other\'s share, the later claimant more', () => {
    const b = civilianAfter(resolveRules('club'), counterClaim, 2, doubting);
    const s4 = b.trust[4]! / 0.85;
    const s6 = b.trust[6]! / 0.85;
    expect(s4 + s6).toBeCloseTo(1, 9);
    expect(s4).toBeGreaterThan(s6);
    expect(b.claimCredit[4]).toBeCloseTo(contested(0.85, s4), 9);
    expect(b.claimCredit[6]).toBeCloseTo(contested(0.85, s6), 9);
    expect(b.claimCredit[4]).toBeLessThan(0);
    expect(b.claimCredit[6]).toBeGreaterThan(0);
  });

  it('two claimants of the one Doctor: one of them lied, more likely the second, who now looks worse than the prior', () => {
    const b = civilianAfter(allstarsRules(), [claim(4, role(Role.Doctor)), claim(6, role(Role.Doctor))], 2, doubting);
    // The first holds the share exp(0.7) / (exp(0.7) + 1) of the role's credibility (firstClaimBonus 0.7), the second the rest.
    const s = Math.exp(0.7) / (Math.exp(0.7) + 1);
    expect(b.enemy(4) - b.prior).toBeCloseTo(contested(0.85, s), 6);
    expect(b.enemy(6) - b.prior).toBeCloseTo(contested(0.85, 1 - s), 6);
    expect(b.enemy(4)).toBeLessThan(b.prior);
    expect(b.enemy(6)).toBeGreaterThan(b.prior);
  });

  it('a lone claimant is not contested: he keeps log(1 − κ)', () => {
    const b = civilianAfter(resolveRules('club'), counterClaim.slice(0, 2), 2, doubting);
    expect(b.claimCredit[4]).toBeCloseTo(Math.log(1 - 0.85), 6);
  });

  it('with claimDoubt 0 (the profiles\' value) a contested claimant is only believed less: log(1 − κs)', () => {
    const b = civilianAfter(resolveRules('club'), [...counterClaim, night(4)], 3, { ...profileParams('club'), claimDoubt: 0 });
    expect(b.claimCredit[6]).toBe(Math.log(1 - b.trust[6]!));
  });

  it('a player who ignores claims (claimTrust 0) draws nothing from them, contested or not', () => {
    const b = civilianAfter(resolveRules('club'), [...counterClaim, night(4)], 3, { ...doubting, claimTrust: 0 });
    expect(b.claimCredit[4]).toBe(0);
    expect(b.claimCredit[6]).toBe(0);
  });

  it('a Commissar shown real at his death is no rival of a later claimant, whom the rules let be a promoted Sergeant', () => {
    const forum = resolveRules('forum');
    const events = [claim(4, role(Role.Commissar)), result(4, 7, true), shown(4, Role.Commissar), claim(6, role(Role.Commissar)), result(6, 8, true)];
    const b = civilianAfter(forum, events, 3, doubting);
    expect(b.liar[6]).toBe(0);
    expect(b.claimCredit[6]).toBe(Math.log(1 - b.trust[6]!));
    // A claimant who rivalled him while he lived is doubted by his share: nearly all of it.
    const rival = civilianAfter(forum, [claim(4, role(Role.Commissar)), claim(6, role(Role.Commissar)), night(4)], 3, doubting);
    expect(rival.claimCredit[6]).toBeGreaterThan(1);
  });

  it("a Sergeant claimant backing the Commissar claimant is not his rival: the forum's Commissar keeps a lone claimant's credit", () => {
    const forum = resolveRules('forum');
    const b = civilianAfter(forum, [claim(4, role(Role.Commissar)), result(4, 7, true), claim(6, role(Role.Sergeant)), result(6, 7, true)], 2, doubting);
    expect(b.claimCredit[4]).toBeCloseTo(Math.log(1 - b.trust[4]!), 9);
    expect(b.claimCredit[6]).toBeCloseTo(Math.log(1 - b.trust[6]!), 9);
    expect(b.enemy(4)).toBeLessThan(b.prior);
    expect(b.enemy(6)).toBeLessThan(b.prior);
  });
});

describe('many claimants of the roles that give no results', () => {
  /**
   * What the rule says of claimant c, walked as it is stated: over every
   * claimant of his role, each living one not caught lying weighing
   * exp(−evidence) (the first of them times exp(firstClaimBonus)), his
   * share of their sum. The player works the sums out once a role; this
   * walks them again for each claimant, so the two must agree to the bit.
   */
  function creditByRule(b: Beliefs, claimants: readonly number[], c: number, params: Record<string, number>): number {
    const alive = b.view!.alive;
    if (b.liar[c] || !alive[c]) return 0;
    const kappa = params['claimTrust']!;
    const doubt = params['claimDoubt']!;
    let mine = 0;
    let total = 0;
    let rivals = 0;
    for (const r of claimants) {
      if (b.claimRole[r] !== b.claimRole[c] || b.liar[r] || !alive[r]) continue;
      let w = Math.exp(-b.evidence(r));
      if (rivals === 0) w *= Math.exp(params['firstClaimBonus']!);
      rivals++;
      total += w;
      if (r === c) mine = w;
    }
    const share = rivals === 1 ? Math.min(1, 2 * mine) : mine / total;
    const credit = kappa * share >= 1 ? -CERTAIN : Math.max(-CERTAIN, Math.log(1 - kappa * share));
    const lied = kappa * (1 - share);
    return credit + (rivals > 1 && doubt !== 0 ? -doubt * Math.log(Math.max(1e-9, 1 - lied)) : 0);
  }

  it('gives each claimant the credit the rule gives him, to the bit: rivals of two roles, a dead one, a lone one', () => {
    const params = { ...profileParams('club'), claimDoubt: 1 };
    const accuse = (speaker: number, target: number): GameEvent => claim(speaker, { kind: 'accuse', target });
    // Doctors 3, 5, 8 and 11 (11 dies); Vigilantes 4 and 9; the Commissar claimant 6 is a source, not a rival; accusations
    // set the claimants' evidence apart.
    const events: GameEvent[] = [
      claim(3, role(Role.Doctor)),
      claim(4, role(Role.Vigilante)),
      claim(5, role(Role.Doctor)),
      claim(6, role(Role.Commissar)),
      claim(8, role(Role.Doctor)),
      claim(9, role(Role.Vigilante)),
      claim(11, role(Role.Doctor)),
      accuse(1, 5),
      accuse(2, 5),
      accuse(7, 8),
      accuse(10, 4),
      accuse(12, 3),
      { type: 'death', seat: 11, publicCause: 'night', revealed: -1 },
    ];
    const b = civilianAfter(allstarsRules(), events, 3, params);
    const claimants = [3, 4, 5, 8, 9, 11];
    for (const c of claimants) expect(b.claimCredit[c], `claimant ${c}`).toBe(creditByRule(b, claimants, c, params));
    // The rule's cases are all here: Doctors share with rivals, the dead one has nothing, and each role's credit differs by seat.
    expect(b.claimCredit[11]).toBe(0);
    expect(new Set(claimants.slice(0, 5).map((c) => b.claimCredit[c])).size).toBe(5);
    // A lone claimant: Vigilante 9 once his rival 4 is dead (shown Mafia) keeps log(1 − κ min(1, 2w)).
    const lone = civilianAfter(allstarsRules(), [...events, { type: 'death', seat: 4, publicCause: 'vote', revealed: Role.Mafia }], 3, params);
    expect(lone.claimCredit[9]).toBe(creditByRule(lone, claimants, 9, params));
    expect(lone.claimCredit[4]).toBe(0);
  });
});

describe("the clan's liar", () => {
  const liarFor = (rules: Rules, events: readonly GameEvent[], day = 2, params: Record<string, number> = {}): Claim[] => {
    for (let seed = 0; seed < 30; seed++) {
      const said = liarClaimsSeeded(rules, events, seed, day, params);
      if (said !== null) return said;
    }
    throw new Error('mate 0 never drew himself as the liar');
  };

  it('fake-claims Commissar where the setup has one and none is shown (the control)', () => {
    const said = liarFor(allstarsRules(), []);
    expect(said.some((c) => c.kind === 'role' && c.role === Role.Commissar)).toBe(true);
  });

  it('never claims a Commissar the setup lacks, or one whose only card is shown', () => {
    expect(liarFor(resolveRules('classic', { players: 15 }), [])).toEqual([]);
    expect(liarFor(allstarsRules(), [shown(9, Role.Commissar)])).toEqual([]);
  });

  it('gives no result before any night: on day 1 of the club game a counter-claim names no one, and a day-1 fake claim waits for day 2', () => {
    const club = resolveRules('club');
    const townClaim = claim(7, role(Role.Commissar));
    const counter = { 'mafia.counterClaim': 1, 'mafia.fakeClaim': 0 };
    const day1 = liarFor(club, [townClaim], 1, counter);
    expect(day1).toEqual([role(Role.Commissar)]);
    expect(liarFor(club, [townClaim], 2, counter)).toEqual([role(Role.Commissar), { kind: 'result', target: 7, black: true }]);
    const fake = { 'mafia.fakeClaim': 1, 'mafia.fakeClaimDay': 1 };
    expect(liarFor(club, [], 1, fake)).toEqual([]);
    const day2 = liarFor(club, [], 2, fake);
    expect(day2[0]).toEqual(role(Role.Commissar));
    expect(day2[1]?.kind).toBe('result');
  });

  it('reads a fractional fake-claim day as the first day on or after it, as the other day parameters are read', () => {
    const club = resolveRules('club');
    const on = (day: number, at: number): Claim[] => liarFor(club, [], day, { 'mafia.fakeClaim': 1, 'mafia.fakeClaimDay': at });
    expect(on(2, 2.5)).toEqual([]);
    expect(on(3, 2.5)[0]).toEqual(role(Role.Commissar));
    expect(on(2, 1.5)[0]).toEqual(role(Role.Commissar));
  });

  it('never frames a player the Commissar\'s note showed Red', () => {
    const club = resolveRules('club', { players: 15 });
    const note: GameEvent = { type: 'commissar-note', commissar: 9, target: 5, black: false, notMafiaOnly: false };
    // The note names the dead Commissar: no claim at all in the club game, which has no Sergeant.
    expect(liarFor(club, [{ type: 'death', seat: 9, publicCause: 'night', revealed: -1 }, note])).toEqual([]);
  });

  it('is never the Minion, who knows the wolves but is not known by them: he speaks for himself and leaves the talk alone', () => {
    const rules = resolveRules('werewolf', { set: ['roles.minion=1'] });
    const n = rules.players;
    const knowing = (seats: readonly number[]): Int8Array => Int8Array.from({ length: n }, (_, s) => (seats.includes(s) ? Team.Mafia : UNKNOWN));
    const base = civilianView(rules, 0, 'day');
    const minion: PlayerView = { ...base, seat: 3, role: Role.Minion, team: Team.Mafia, known: knowing([0, 1, 2, 3]) };
    const wolf: PlayerView = { ...base, seat: 0, role: Role.Mafia, team: Team.Mafia, known: knowing([0, 1, 2]) };
    const wolfPicks = new Set<number>();
    for (let seed = 0; seed < 20; seed++) {
      const clan = new ClanTalk(n);
      expect(clan.liar(minion, new Sfc32(seed, 0, 1))).toBe(3);
      wolfPicks.add(clan.liar(wolf, new Sfc32(seed, 0, 1)));
    }
    // The wolves draw their liar among themselves as ever (each of them, over the seeds).
    expect([...wolfPicks].sort()).toEqual([0, 1, 2]);
  });
});

/** liarClaims with the liar's stream seeded `seed`; null when the draw made another mate the liar. */
function liarClaimsSeeded(rules: Rules, events: readonly GameEvent[], seed: number, day = 2, params: Record<string, number> = {}): Claim[] | null {
  const n = rules.players;
  const known = Int8Array.from({ length: n }, (_, s) => (s <= 2 ? Team.Mafia : UNKNOWN));
  const alive = new Uint8Array(n).fill(1);
  const view: PlayerView = { ...civilianView(rules, 0, 'day'), day, role: Role.Mafia, team: Team.Mafia, known, alive };
  const values = new Map<string, number>([['mafia.fakeClaim', 1], ['mafia.fakeClaimDay', 2], ...Object.entries(params)]);
  const agent = new HeuristicAgent(n).configure(profileParams('club', values), false);
  agent.begin(view, new Sfc32(seed, 0, 1));
  for (const e of events) {
    if (e.type === 'death') alive[e.seat] = 0;
    agent.observe(e);
  }
  const said: Claim[] = [];
  agent.speak(view, { say: (c) => said.push(c) });
  return agent.clan.liar(view, new Sfc32(0, 0, 0)) === 0 ? said : null;
}

describe('in whole games', () => {
  const setups: [string, () => Rules, string][] = [
    ['classic', () => resolveRules('classic'), 'club'],
    ['club with roles shown at death', () => resolveRules('club', { set: ['revealOnDeath=true'] }), 'club'],
    ["the records' game", allstarsRules, 'club'],
    // The strategies equilibrium play finds (issue 20): a Commissar who reveals on day 1, a clan that always counter-claims and fake-claims on day 1, before any check.
    ['club, a day-1 Commissar and a clan that always counter-claims', () => resolveRules('club'), 'club,commissar.revealDay=1,mafia.counterClaim=1,mafia.fakeClaim=1,mafia.fakeClaimDay=1'],
  ];
  for (const [name, rulesOf, agents] of setups) {
    it(`${name}: a claim the whole table can disprove in at most 2% of games, its named player lynched in at most 1% of those`, async () => {
      const rules = rulesOf();
      const provider = await createProvider(parseAgents(agents), rules);
      const game = new Game(rules);
      const count: ClaimCount = { gamesWithImpossible: 0, gamesLynchedOnOne: 0, impossibleClaims: 0, gamesWithImpossibleRole: 0 };
      const games = 1500;
      let claims = 0;
      for (let k = 0; k < games; k++) {
        const log: LoggedEvent[] = [];
        game.play(3, k, provider, { log });
        judgeGame(rules, log, count);
        claims += log.filter((l) => l.event.type === 'claim' && l.event.claim.kind === 'role').length;
      }
      // Claims are made (the check is not vacuous where the setup has a role to claim).
      if (rules.roles[Role.Commissar]! > 0) expect(claims).toBeGreaterThan(games / 10);
      expect(count.gamesWithImpossible / games).toBeLessThanOrEqual(0.02);
      expect(count.gamesLynchedOnOne / Math.max(1, count.gamesWithImpossible)).toBeLessThanOrEqual(0.01);
    });
  }
});

/**
 * Club games where one of two Commissar claimants dies in the night and the
 * other, the clan's liar, lives to the next vote: how often that vote lynches
 * him, and how often it lynches a player he calls Black that day instead.
 */
function liarOutlivingTheShotCommissar(played: readonly Played[]): { liars: number; liarLynched: number; named: number; namedLynched: number } {
  const out = { liars: 0, liarLynched: 0, named: 0, namedLynched: 0 };
  for (const p of played) {
    const claimants: number[] = [];
    const alive = new Set(p.roles.keys());
    let liar = -1;
    let voteDay = false;
    let named = -1;
    for (const e of p.events) {
      if (e.type === 'claim' && e.claim.kind === 'role' && e.claim.role === Role.Commissar && !claimants.includes(e.speaker)) claimants.push(e.speaker);
      else if (e.type === 'phase' && e.phase === 'day' && liar >= 0) voteDay = true;
      else if (e.type === 'claim' && voteDay && e.speaker === liar && e.claim.kind === 'result' && e.claim.black) named = e.claim.target;
      else if (e.type === 'death') {
        alive.delete(e.seat);
        if (liar < 0 && e.publicCause === 'night' && claimants.includes(e.seat)) {
          const left = claimants.filter((c) => alive.has(c));
          if (left.length === 1 && p.roles[left[0]!] !== Role.Commissar) liar = left[0]!;
        } else if (voteDay && e.publicCause === 'lynch') {
          out.liars++;
          if (e.seat === liar) out.liarLynched++;
          if (named >= 0) {
            out.named++;
            if (e.seat === named) out.namedLynched++;
          }
          break;
        }
      } else if (e.type === 'no-lynch' && voteDay) {
        out.liars++;
        break;
      }
    }
  }
  return out;
}

describe('a counter-claimant who outlives the Commissar the clan shot, in whole club games', () => {
  it('is lynched the next day in most games with claimDoubt=1, his "Black" seldom; with claimDoubt 0 (before it) half as often, his "Black" twice as often', async () => {
    const r = liarOutlivingTheShotCommissar(await playLogged('club', 'club', 3000, [], 3));
    expect(r.liars).toBeGreaterThan(100);
    expect(r.liarLynched / r.liars).toBeGreaterThanOrEqual(0.62);
    expect(r.named).toBeGreaterThan(50);
    expect(r.namedLynched / r.named).toBeLessThanOrEqual(0.16);
    const before = liarOutlivingTheShotCommissar(await playLogged('club', 'club,claimDoubt=0', 3000, [], 3));
    expect(before.liarLynched / before.liars).toBeLessThan(0.55);
    expect(before.namedLynched / before.named).toBeGreaterThan(0.18);
  }, 60_000);
});

describe('the living real Commissar a player knows of', () => {
  it('is the lowest living seat shown to be one, however they were learnt, and none after the deal', () => {
    const rules = allstarsRules();
    const view = civilianView(rules, 0, 'day');
    const alive = view.alive as Uint8Array;
    const b = new Beliefs(rules.players);
    b.deal();
    b.reset(view, profileParams('club'));
    expect(b.livingRealCommissar()).toBe(-1);
    // Learnt in this order: the Sergeant's Commissar (7), then a note read out by a dead one (9), then 3 twice.
    b.observe({ type: 'commissar-known', seats: [7] });
    expect(b.livingRealCommissar()).toBe(7);
    alive[9] = 0;
    b.observe({ type: 'commissar-note', commissar: 9, target: 4, black: false, notMafiaOnly: false });
    expect(b.livingRealCommissar()).toBe(7);
    b.markRealCommissar(3);
    b.markRealCommissar(3);
    expect(b.livingRealCommissar()).toBe(3);
    alive[3] = 0;
    expect(b.livingRealCommissar()).toBe(7);
    alive[7] = 0;
    expect(b.livingRealCommissar()).toBe(-1);
    expect([3, 7, 9].map((s) => b.realCommissar[s])).toEqual([1, 1, 1]);
    // A new deal forgets them all: a seat marked last game is not one now.
    alive.fill(1);
    b.deal();
    b.reset(view, profileParams('club'));
    expect(b.livingRealCommissar()).toBe(-1);
    b.markRealCommissar(5);
    expect(b.livingRealCommissar()).toBe(5);
  });
});
