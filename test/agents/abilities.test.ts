// One policy per night ability (issue 19): each is asked a decision on a
// hand-made observation and must choose as its rule says: a protector
// guards whom he most wants alive, a checker for a role (the Don) looks
// where the role is likeliest and the clan shoots what he finds, a blocker
// and a silencer hinder whom they fear; and the roles of the Werewolf game
// (the Bomb, the Minion, the Wolf Cub, the Bodyguard's leak) play as the
// issue asks, read from played games where a hand-made view cannot show it.

import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { Beliefs } from '../../src/agents/beliefs.js';
import { danger, mafiaShot } from '../../src/agents/black.js';
import { check, onRoleCheck } from '../../src/agents/check.js';
import { block, silence } from '../../src/agents/hinder.js';
import type { Mind } from '../../src/agents/mind.js';
import { logit, priorLogOdds } from '../../src/agents/odds.js';
import { profileParams, type Params } from '../../src/agents/params.js';
import { protect } from '../../src/agents/protect.js';
import { townVote } from '../../src/agents/town.js';
import { NONE, UNKNOWN, type Decision, type PlayerView } from '../../src/engine/agent.js';
import { Choice } from '../../src/engine/events.js';
import { Role, Team } from '../../src/engine/roles.js';
import { resolveRules, type Rules, type RulesDoc } from '../../src/engine/rules.js';
import { mindOf, playLogged, seatOf } from './helpers.js';

/** A player's view at `seat` holding `role`, everyone alive, on day 2: `known` adds hard facts (mates are Team.Mafia), `reads` the whispered reads. */
function roleView(rules: Rules, seat: number, role: number, known: Record<number, number> = {}, reads: number[] = [], day = 2): PlayerView {
  const n = rules.players;
  const team = rules.book.team[role] as Team;
  return {
    seat,
    players: n,
    role,
    team,
    day,
    phase: 'night',
    alive: new Uint8Array(n).fill(1),
    revealed: new Int8Array(n).fill(-1),
    known: Int8Array.from({ length: n }, (_, s) => (s === seat ? team : (known[s] ?? UNKNOWN))),
    setup: rules.roles,
    options: rules.options,
    book: rules.book,
    silenced: false,
    reads: Float64Array.from({ length: n }, (_, s) => reads[s] ?? 0),
  };
}

function mindAs(rules: Rules, seat: number, role: number, known: Record<number, number> = {}, reads: number[] = [], p: Params = profileParams('club'), seed = 1): Mind {
  const view = roleView(rules, seat, role, known, reads);
  const b = new Beliefs(rules.players);
  b.deal();
  b.reset(view, p);
  return mindOf(view, b, p, seed);
}

/** Every other seat, the way the engine offers a night target. */
const others = (rules: Rules, me: number, choice: number, mayPass = false): Decision => ({ choice, options: Array.from({ length: rules.players }, (_, s) => s).filter((s) => s !== me), mayPass, round: 0 });

/** How often `pick` returns `target` over seeds 1..runs. */
function share(runs: number, pick: (seed: number) => number, target: number): number {
  let k = 0;
  for (let seed = 1; seed <= runs; seed++) if (pick(seed) === target) k++;
  return k / runs;
}

const werewolf = resolveRules('werewolf');
const sports = resolveRules('sports');

/** A rules file's own role of team `team` with one night ability, dealt once in the werewolf game. */
function withRole(team: 'town' | 'mafia', ability: Record<string, unknown>): { rules: Rules; role: number } {
  const doc = parseYaml(`preset: werewolf\nplayers: 12\nroles:\n  agent:\n    team: ${team}\n`) as RulesDoc & { roles: Record<string, Record<string, unknown>> };
  Object.assign(doc.roles['agent']!, ability);
  const rules = resolveRules(doc);
  return { rules, role: rules.book.idOf('agent')! };
}

describe('the protect ability: a protector guards whom he most wants alive', () => {
  it('the Bodyguard guards the Seer claimant he believes in, not himself or a stranger', () => {
    const guard = (seed: number): number => {
      const m = mindAs(werewolf, 0, Role.Bodyguard, {}, [], profileParams('club'), seed);
      m.b.observe({ type: 'claim', speaker: 5, claim: { kind: 'role', role: Role.Commissar } });
      return protect(m, { ...others(werewolf, 0, Choice.Heal), options: Array.from({ length: werewolf.players }, (_, s) => s) });
    };
    expect(share(100, guard, 5)).toBeGreaterThan(0.9);
  });

  it('never guards himself where his habit says never (doctor.selfHeal 0), though the rules offer him', () => {
    const p = profileParams('club', new Map([['doctor.selfHeal', 0]]));
    for (let seed = 1; seed <= 50; seed++) {
      const m = mindAs(werewolf, 0, Role.Bodyguard, {}, [], p, seed);
      expect(protect(m, { ...others(werewolf, 0, Choice.Heal), options: Array.from({ length: werewolf.players }, (_, s) => s) })).not.toBe(0);
    }
  });

  it('stays off the player he suspects most', () => {
    const reads = [0, 0, 0, 8];
    for (let seed = 1; seed <= 50; seed++) expect(protect(mindAs(werewolf, 0, Role.Bodyguard, {}, reads, profileParams('club'), seed), others(werewolf, 0, Choice.Heal))).not.toBe(3);
  });

  it("a protector of the clan (a rules file's role) guards the mate the table is voting for", () => {
    const { rules, role } = withRole('mafia', { protect: { self: false } });
    const m = mindAs(rules, 0, role, { 1: Team.Mafia, 2: Team.Mafia });
    for (const v of [3, 4, 5]) m.b.observe({ type: 'vote', voter: v, target: 2, round: 0 });
    expect(protect(m, others(rules, 0, Choice.Heal))).toBe(2);
  });
});

describe('the check ability for a role: the Don looks for the Sheriff', () => {
  // Seats 0-2 the clan (0 the Don), the rest Red.
  const clan = { 1: Team.Mafia, 2: Team.Mafia };

  it('checks the player whose votes and accusations went against Blacks, never a mate', () => {
    const pick = (seed: number): number => {
      const m = mindAs(sports, 0, Role.Don, clan, [], profileParams('club'), seed);
      for (let k = 0; k < 3; k++) m.b.observe({ type: 'claim', speaker: 7, claim: { kind: 'accuse', target: 1 } });
      m.b.observe({ type: 'vote', voter: 7, target: 2, round: 0 });
      const c = check(m, others(sports, 0, Choice.Check));
      expect([1, 2]).not.toContain(c);
      return c;
    };
    expect(share(100, pick, 7)).toBeGreaterThan(0.6);
  });

  it('never checks a player twice, and tells the clan what he found: a Sheriff found is its first shot', () => {
    const m = mindAs(sports, 0, Role.Don, clan);
    onRoleCheck(m, { type: 'role-check', checker: 0, target: 6, role: Role.Commissar, found: false });
    onRoleCheck(m, { type: 'role-check', checker: 0, target: 8, role: Role.Commissar, found: true });
    for (let seed = 1; seed <= 30; seed++) {
      const again = mindAs(sports, 0, Role.Don, clan, [], profileParams('club'), seed);
      again.roleFound.set(m.roleFound);
      expect([6, 8]).not.toContain(check(again, others(sports, 0, Choice.Check)));
    }
    // A mate reads the clan's talk: the Sheriff found outweighs a claimed Commissar and the loudest accuser.
    const mate = mindAs(sports, 1, Role.Mafia, { 0: Team.Mafia, 2: Team.Mafia });
    (mate as { clan: typeof m.clan }).clan = m.clan;
    mate.b.observe({ type: 'claim', speaker: 4, claim: { kind: 'role', role: Role.Commissar } });
    for (let k = 0; k < 4; k++) mate.b.observe({ type: 'claim', speaker: 5, claim: { kind: 'accuse', target: 0 } });
    expect(danger(mate, 8)).toBeGreaterThan(danger(mate, 4));
    expect(mafiaShot(mate, { choice: Choice.Shoot, options: [3, 4, 5, 6, 7, 8, 9], mayPass: true, round: 0 })).toBe(8);
  });
});

describe('the block and silence abilities: whom he fears', () => {
  it('the Spellcaster silences his likeliest enemy, never the Seer claimant he believes', () => {
    const reads = [0, 0, 0, 0, 5];
    for (let seed = 1; seed <= 30; seed++) expect(silence(mindAs(werewolf, 0, Role.Spellcaster, {}, reads, profileParams('club'), seed), others(werewolf, 0, Choice.Silence, true))).toBe(4);
    const m = mindAs(werewolf, 0, Role.Spellcaster, {}, [0, 0, 3, 0, 2.5]);
    m.b.observe({ type: 'claim', speaker: 2, claim: { kind: 'role', role: Role.Commissar } });
    expect(silence(m, others(werewolf, 0, Choice.Silence, true))).not.toBe(2);
  });

  it("a silencer of the clan silences the claimed Seer; a Town blocker (a rules file's) freezes his likeliest enemy", () => {
    const clanSilencer = withRole('mafia', { silence: {} });
    const m = mindAs(clanSilencer.rules, 0, clanSilencer.role, { 1: Team.Mafia });
    m.b.observe({ type: 'claim', speaker: 6, claim: { kind: 'role', role: Role.Commissar } });
    expect(silence(m, others(clanSilencer.rules, 0, Choice.Silence, true))).toBe(6);
    const townBlocker = withRole('town', { block: {} });
    for (let seed = 1; seed <= 30; seed++) expect(block(mindAs(townBlocker.rules, 0, townBlocker.role, {}, [0, 0, 0, 6], profileParams('club'), seed), others(townBlocker.rules, 0, Choice.Freeze))).toBe(3);
  });
});

describe('the Werewolf roles', () => {
  const allRoles = ['roles.cursed=1', 'roles.lycan=1', 'roles.wolfcub=1', 'roles.minion=1', 'roles.bomb=1', 'roles.spellcaster=1'];

  it("the prior counts every seat of the wolves' team the setup deals (Werewolves, the Wolf Cub, the Minion)", () => {
    const rules = resolveRules('werewolf', { players: 16, mafia: 2, set: ['roles.wolfcub=1', 'roles.minion=1'] });
    expect(priorLogOdds(roleView(rules, 0, Role.Civilian))).toBeCloseTo(logit(4 / 15), 12);
    expect(priorLogOdds(roleView(rules, 0, Role.Mafia))).toBeCloseTo(logit(3 / 15), 12);
  });

  it('Town spares a claimed Bomb (his lynch kills his neighbours) unless the evidence is much stronger', () => {
    const rules = resolveRules('werewolf', { players: 12, set: ['roles.bomb=1'] });
    const vote: Decision = { choice: Choice.Vote, options: Array.from({ length: 11 }, (_, i) => i + 1), mayPass: false, round: 0 };
    // Seat 2 reads a little worse than seat 5; claiming the Bomb, he draws fewer votes than seat 5, and without the claim more.
    const votes = (claim: boolean) => (seed: number): number => {
      const m = mindAs(rules, 0, Role.Civilian, {}, [0, 0, 3, 0, 0, 2.5], profileParams('club'), seed);
      if (claim) m.b.observe({ type: 'claim', speaker: 2, claim: { kind: 'role', role: Role.Bomb } });
      return townVote(m, vote);
    };
    expect(share(60, votes(false), 2)).toBeGreaterThan(share(60, votes(false), 5));
    expect(share(60, votes(true), 2)).toBeLessThan(share(60, votes(true), 5));
  });

  it('the pack does not shoot a claimed Bomb who sits next to a wolf', () => {
    const rules = resolveRules('werewolf', { players: 12, set: ['roles.bomb=1'] });
    const m = mindAs(rules, 4, Role.Mafia, { 5: Team.Mafia });
    // Seat 6 claims the Bomb and accuses both wolves; seat 9 accuses one once.
    m.b.observe({ type: 'claim', speaker: 6, claim: { kind: 'role', role: Role.Bomb } });
    for (const t of [4, 5, 4]) m.b.observe({ type: 'claim', speaker: 6, claim: { kind: 'accuse', target: t } });
    m.b.observe({ type: 'claim', speaker: 9, claim: { kind: 'accuse', target: 4 } });
    expect(danger(m, 6)).toBeGreaterThan(danger(m, 9));
    expect(mafiaShot(m, { choice: Choice.Shoot, options: [0, 1, 2, 3, 6, 7, 8, 9, 10, 11], mayPass: false, round: 0 })).toBe(9);
  });

  it("the Bodyguard's role leaks as the Doctor's does, and the wolves weigh a claimed Bodyguard as a claimed Doctor", async () => {
    const games = await playLogged('werewolf', 'club', 150);
    const leaks = games.filter((g) => g.events.some((e) => e.type === 'claim' && e.claim.kind === 'role' && e.claim.role === Role.Bodyguard && e.speaker === seatOf(g, Role.Bodyguard)));
    expect(leaks.length).toBeGreaterThan(10);
    const m = mindAs(werewolf, 1, Role.Mafia, { 2: Team.Mafia, 3: Team.Mafia });
    m.b.observe({ type: 'claim', speaker: 7, claim: { kind: 'role', role: Role.Bodyguard } });
    expect(danger(m, 7)).toBe(profileParams('club')['mafia.doctorWeight']);
  });

  it('a Minion who fakes the Seer claims the role before he gives any "result"', async () => {
    const games = await playLogged('werewolf', 'club', 300, [...allRoles], 3);
    let results = 0;
    for (const g of games) {
      const minion = seatOf(g, Role.Minion);
      let claimed = false;
      for (const e of g.events) {
        if (e.type !== 'claim' || e.speaker !== minion) continue;
        if (e.claim.kind === 'role') claimed = e.claim.role === Role.Commissar;
        if (e.claim.kind === 'result') {
          results++;
          expect(claimed, 'a result without his own Seer claim').toBe(true);
        }
      }
    }
    expect(results).toBeGreaterThan(0);
  });

  it("after the Wolf Cub's death the pack uses both shots, on two different players", async () => {
    const games = await playLogged('werewolf', 'club', 300, ['players=14', 'roles.wolfcub=1'], 5);
    let doubles = 0;
    for (const g of games) {
      let night: number[] = [];
      for (const e of g.events) {
        if (e.type === 'phase') {
          if (night.length === 2) {
            doubles++;
            expect(night[0]).not.toBe(night[1]);
          }
          night = [];
        } else if (e.type === 'mafia-target') night.push(e.target);
      }
    }
    expect(doubles).toBeGreaterThan(20);
  });

  it('the Spellcaster silences a player on most nights of played games, where he may pass', async () => {
    const games = await playLogged('werewolf', 'club', 200, ['players=16', ...allRoles], 9);
    const silences = games.flatMap((g) => g.events.filter((e) => e.type === 'request' && e.choice === Choice.Silence && e.target !== NONE));
    expect(silences.length).toBeGreaterThan(100);
  });
});
