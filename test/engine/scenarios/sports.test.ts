// Sports mafia by the FIIM rules (docs/rules.md section 7): the day of
// nominations (vote.procedure, vote.loneFirstDay) with the rules' speaking
// order and the day's drawn vote order, a second tie settled by a
// vote on lifting all the tied (vote.tie = revote-then-vote-all), the Don's
// check for the Sheriff (don.checks) and the shot that misses unless every
// living Mafia names one player (mafia.holdMisses).

import { describe, expect, it } from 'vitest';
import { Role, Team } from '../../../src/engine/roles.js';
import { play } from '../../helpers/scenario.js';
import { PASS, ScriptedProvider } from '../../helpers/scripted.js';

// Seats: 0 don, 1-2 mafia, 3 sheriff (the Commissar), 4-9 civilians.
const SPORTS = 'don maf maf com civ civ civ civ civ civ';
const DON = 0;
const MAF = 1;
const MAF2 = 2;
const SHERIFF = 3;
const CIV = 4;
const CIV2 = 5;
const ALL = [...Array(10).keys()];
const DAY1 = { 'limits.maxDays': 1 };

/** Nobody nominates unless scripted. */
const noNominations = (p: ScriptedProvider): ScriptedProvider => {
  for (const s of ALL) p.fallbackFor(s, 'nominate', () => PASS);
  return p;
};

describe('vote.procedure = nominations', () => {
  it('players nominate in speaking order (seat 1 first on day 1) and vote only among the nominees, never for themselves', () => {
    const r = play({
      preset: 'sports',
      deal: SPORTS,
      options: DAY1,
      script: (p) => {
        noNominations(p).on(CIV, 'nominate', 1, MAF).on(CIV2, 'nominate', 1, CIV);
        p.votes(1, { 0: CIV, 1: CIV, 2: CIV, 3: MAF, 4: MAF, 5: MAF, 6: MAF, 7: MAF, 8: MAF, 9: MAF });
      },
    });
    expect(r.events('nomination')).toEqual([
      { type: 'nomination', by: CIV, target: MAF },
      { type: 'nomination', by: CIV2, target: CIV },
    ]);
    const nominators = r.provider.asked.filter((a) => a.choice === 'nominate').map((a) => a.seat);
    expect(nominators).toEqual(ALL);
    // Seat 5 may not nominate seat 1 again, nor himself.
    expect(r.provider.askedOf(CIV2, 'nominate')[0]!.options).toEqual([0, 2, 3, 4, 6, 7, 8, 9]);
    expect(r.provider.askedOf(CIV, 'vote')[0]!.options).toEqual([MAF]);
    expect(r.provider.askedOf(DON, 'vote')[0]!).toMatchObject({ options: [MAF, CIV], mayPass: false });
    expect(r.cause(MAF)).toBe('lynch');
  });

  it('the plurality procedure is the default elsewhere: no nominations asked', () => {
    const r = play({ preset: 'sports', deal: SPORTS, options: { ...DAY1, 'vote.procedure': 'plurality' }, allowUnused: true });
    expect(r.provider.asked.filter((a) => a.choice === 'nominate')).toEqual([]);
    expect(r.provider.asked.filter((a) => a.choice === 'vote' && a.round === 0)).toHaveLength(10);
  });

  it('the next day the speaking order starts one seat later', () => {
    const r = play({
      preset: 'sports',
      deal: SPORTS,
      options: { 'limits.maxDays': 2 },
      script: (p) => noNominations(p).on(DON, 'shoot', 1, 9).on(MAF, 'shoot', 1, 9).on(MAF2, 'shoot', 1, 9),
      allowUnused: true,
    });
    expect(r.provider.asked.filter((a) => a.choice === 'nominate' && a.day === 2).map((a) => a.seat)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 0]);
  });

  it('no nomination: no vote and no lynch', () => {
    const r = play({ preset: 'sports', deal: SPORTS, options: DAY1, script: noNominations });
    expect(r.events('no-lynch').map((e) => e.reason)).toEqual(['no-nominations']);
    expect(r.provider.asked.filter((a) => a.choice === 'vote')).toEqual([]);
  });

  it.each([
    [false, 'he stays (no vote on day 1)'],
    [true, 'he leaves without a vote'],
  ])('vote.loneFirstDay=%s: a lone nominee on day 1: %s', (lone) => {
    const r = play({ preset: 'sports', deal: SPORTS, options: { ...DAY1, 'vote.loneFirstDay': lone }, script: (p) => noNominations(p).on(CIV, 'nominate', 1, MAF) });
    expect(r.alive(MAF)).toBe(!lone);
    expect(r.provider.asked.filter((a) => a.choice === 'vote')).toEqual([]);
    if (!lone) expect(r.events('no-lynch').map((e) => e.reason)).toEqual(['single-nomination']);
    else expect(r.events('lynch')[0]!.reason).toBe('lone-nominee');
  });

  it('a lone nominee on a later day leaves without a vote', () => {
    const r = play({
      preset: 'sports',
      deal: SPORTS,
      options: { 'limits.maxDays': 2 },
      script: (p) => noNominations(p).on(DON, 'shoot', 1, 9).on(MAF, 'shoot', 1, 9).on(MAF2, 'shoot', 1, 9).on(CIV, 'nominate', 2, MAF),
      allowUnused: true,
    });
    expect(r.cause(MAF)).toBe('lynch');
    expect(r.deathDay(MAF)).toBe(2);
  });
});

describe('the day\'s orders under nominations', () => {
  /** Seats that spoke on `day`, in order. */
  const turnsOn = (p: ScriptedProvider, day: number): number[] => p.spoke.filter((c) => c.day === day).map((c) => c.seat);

  it('the speeches go in the rules\' order, as the nominations do (seat 1 first on day 1, one seat later on day 2), each player once', () => {
    for (let game = 0; game < 5; game++) {
      const p = noNominations(new ScriptedProvider());
      // A role claim late in the day: under the drawn order the earlier speakers would answer it.
      p.say(SHERIFF, 1, { kind: 'role', role: Role.Commissar }).say(8, 1, { kind: 'role', role: Role.Commissar });
      p.on(DON, 'shoot', 1, 9).on(MAF, 'shoot', 1, 9).on(MAF2, 'shoot', 1, 9);
      const r = play({ preset: 'sports', deal: SPORTS, game, provider: p, options: { 'limits.maxDays': 2 }, allowUnused: true });
      expect(turnsOn(p, 1)).toEqual(ALL);
      expect(turnsOn(p, 2)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 0]);
      for (const day of [1, 2]) expect(r.provider.asked.filter((a) => a.choice === 'nominate' && a.day === day).map((a) => a.seat)).toEqual(turnsOn(p, day));
    }
  });

  it('control: the plurality vote draws the speaking order and gives the answer turn', () => {
    const orders = new Set<string>();
    let answers = 0;
    for (let game = 0; game < 5; game++) {
      const p = new ScriptedProvider();
      p.say(8, 1, { kind: 'role', role: Role.Commissar });
      play({ preset: 'sports', deal: SPORTS, game, provider: p, options: { ...DAY1, 'vote.procedure': 'plurality' }, allowUnused: true });
      const turns = turnsOn(p, 1);
      orders.add(turns.slice(0, 10).join());
      answers += turns.length - 10;
    }
    expect(orders.size).toBeGreaterThan(1);
    expect(answers).toBeGreaterThan(0);
  });

  it('the votes go in the day\'s drawn vote order, not by seat; the revote and the vote on lifting all keep it', () => {
    const firsts = new Set<number>();
    for (let game = 0; game < 20; game++) {
      const p = noNominations(new ScriptedProvider()).on(CIV, 'nominate', 1, MAF).on(CIV2, 'nominate', 1, CIV);
      for (const round of [0, 1]) p.votes(1, { 0: CIV, 1: CIV, 2: CIV, 3: CIV, 4: MAF, 5: MAF, 6: MAF, 7: MAF, 8: MAF, 9: CIV }, round);
      for (const s of ALL) p.on(s, 'lift-all', 1, PASS);
      const r = play({ preset: 'sports', deal: SPORTS, game, provider: p, options: { ...DAY1, 'vote.liftFirstDay': true } });
      const order = r.provider.asked.filter((a) => a.choice === 'vote' && a.round === 0).map((a) => a.seat);
      expect([...order].sort((a, b) => a - b)).toEqual(ALL);
      expect(r.provider.asked.filter((a) => a.choice === 'vote' && a.round === 1).map((a) => a.seat)).toEqual(order);
      expect(r.provider.asked.filter((a) => a.choice === 'lift-all').map((a) => a.seat)).toEqual(order);
      expect(r.events('vote').map((e) => e.voter)).toEqual([...order, ...order]);
      firsts.add(order[0]!);
    }
    expect(firsts.size).toBeGreaterThan(4);
  });

  it('vote.mayAbstain: a nominations vote may be abstained from; the abstention counts for no one, not for the last nominee', () => {
    const r = play({
      preset: 'sports',
      deal: SPORTS,
      options: { ...DAY1, 'vote.mayAbstain': true },
      script: (p) => {
        noNominations(p).on(CIV, 'nominate', 1, MAF).on(CIV2, 'nominate', 1, CIV);
        p.votes(1, { 0: CIV, 1: CIV, 2: PASS, 3: MAF, 4: MAF, 5: MAF, 6: PASS, 7: PASS, 8: PASS, 9: PASS });
      },
    });
    expect(r.provider.asked.filter((a) => a.choice === 'vote').every((a) => a.mayPass)).toBe(true);
    expect(r.events('vote').filter((e) => e.abstained).map((e) => e.voter).sort()).toEqual([2, 6, 7, 8, 9]);
    expect(r.events('lynch')).toEqual([{ type: 'lynch', target: MAF, votes: 3, reason: 'most-votes' }]);
  });
});

describe('vote.tie = revote-then-vote-all', () => {
  /** Two nominees, 5 votes each, twice; then the vote on lifting both. */
  const twoTies = (p: ScriptedProvider, yes: readonly number[]): ScriptedProvider => {
    noNominations(p).on(CIV, 'nominate', 1, MAF).on(CIV2, 'nominate', 1, CIV);
    for (const round of [0, 1]) p.votes(1, { 0: CIV, 1: CIV, 2: CIV, 3: CIV, 4: MAF, 5: MAF, 6: MAF, 7: MAF, 8: MAF, 9: CIV }, round);
    for (const s of ALL) p.on(s, 'lift-all', 1, yes.includes(s) ? MAF : PASS);
    return p;
  };

  it('tied again after the revote, both leave when more than half of the living vote to lift them', () => {
    const r = play({ preset: 'sports', deal: SPORTS, options: { ...DAY1, 'vote.liftFirstDay': true }, script: (p) => twoTies(p, [3, 4, 5, 6, 7, 8]) });
    expect(r.events('lift-all')).toEqual([{ type: 'lift-all', seats: [MAF, CIV], yes: 6, lifted: true }]);
    expect([r.cause(MAF), r.cause(CIV)]).toEqual(['lynch', 'lynch']);
    expect(r.provider.askedOf(DON, 'lift-all')[0]!).toMatchObject({ options: [MAF, CIV], mayPass: true });
  });

  it('half of the living is not enough: both stay', () => {
    const r = play({ preset: 'sports', deal: SPORTS, options: { ...DAY1, 'vote.liftFirstDay': true }, script: (p) => twoTies(p, [3, 4, 5, 6, 7]) });
    expect(r.events('lift-all')[0]!.lifted).toBe(false);
    expect(r.living()).toHaveLength(10);
    expect(r.events('no-lynch').map((e) => e.reason)).toEqual(['kept']);
  });

  it('vote.liftFirstDay=false (sports mafia): on day 1 a second tie keeps them all, no vote on lifting', () => {
    const r = play({ preset: 'sports', deal: SPORTS, options: DAY1, script: (p) => twoTies(p, []), allowUnused: true });
    expect(r.events('lift-all')).toEqual([]);
    expect(r.provider.asked.filter((a) => a.choice === 'lift-all')).toEqual([]);
    expect(r.living()).toHaveLength(10);
  });

  it('a revote that ties fewer of them is followed by a revote among those', () => {
    // 9 seats: 0 don, 1-2 mafia, 3 sheriff, 4-8 civilians. Nominees 1, 4, 5: 3-3-3, then 4-4-1, then 5-4.
    const r = play({
      preset: 'sports',
      deal: 'don maf maf com civ civ civ civ civ',
      options: DAY1,
      script: (p) => {
        for (const s of [...Array(9).keys()]) p.fallbackFor(s, 'nominate', () => PASS);
        p.on(4, 'nominate', 1, 1).on(5, 'nominate', 1, 4).on(6, 'nominate', 1, 5);
        // Seat 4 votes 5 while he may, then 1 (a script line is one answer for every revote of the day).
        p.fallbackFor(4, 'vote', (_v, d) => (d.options.includes(5) ? 5 : 1));
        p.votes(1, { 0: 1, 2: 1, 5: 1, 6: 4, 7: 4, 8: 4, 1: 5, 3: 5 });
        p.votes(1, { 0: 1, 2: 1, 5: 1, 3: 1, 6: 4, 7: 4, 8: 4, 1: 4 }, 1);
      },
    });
    expect(r.provider.askedOf(0, 'vote').map((a) => a.options)).toEqual([[1, 4, 5], [1, 4, 5], [1, 4]]);
    expect(r.events('lift-all')).toEqual([]);
    expect(r.cause(1)).toBe('lynch');
  });

  it('under the plurality vote too', () => {
    const r = play({
      preset: 'club',
      deal: 'civ don maf maf put com doc man civ civ civ civ',
      options: { 'limits.maxDays': 1, 'vote.tie': 'revote-then-vote-all' },
      script: (p) => {
        for (const round of [0, 1]) p.votes(1, { 0: 1, 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 1, 7: 1, 8: 1, 9: 1, 10: 1, 11: 0 }, round);
        for (const s of [...Array(12).keys()]) p.on(s, 'lift-all', 1, s >= 5 ? 0 : PASS);
      },
    });
    expect(r.events('lift-all')[0]).toMatchObject({ seats: [0, 1], yes: 7, lifted: true });
    expect([r.cause(0), r.cause(1)]).toEqual(['lynch', 'lynch']);
    // The vote on lifting all goes in the day's vote order, as the revote does.
    const order = r.provider.asked.filter((a) => a.choice === 'vote' && a.round === 0).map((a) => a.seat);
    expect(r.provider.asked.filter((a) => a.choice === 'lift-all').map((a) => a.seat)).toEqual(order);
  });
});

describe('don.checks', () => {
  it('the Don checks for the Sheriff: he learns who is and who is not', () => {
    const r = play({
      preset: 'sports',
      deal: SPORTS,
      options: { 'limits.maxDays': 2 },
      script: (p) => noNominations(p).on(DON, 'check', 1, CIV).on(DON, 'check', 2, SHERIFF).on(DON, 'shoot', 1, 9).on(MAF, 'shoot', 1, 9).on(MAF2, 'shoot', 1, 9),
      allowUnused: true,
    });
    expect(r.events('role-check').map((e) => [e.target, e.role, e.found])).toEqual([
      [CIV, Role.Commissar, false],
      [SHERIFF, Role.Commissar, true],
    ]);
    expect(r.provider.events(DON, 'role-check')).toHaveLength(2);
    expect(r.provider.events(MAF, 'role-check')).toEqual([]);
    expect(r.provider.view(DON).known[SHERIFF]).toBe(Team.Town);
    expect(r.provider.view(DON).known[CIV]).toBe(-1);
  });

  it('don.checks=false: the Don is not asked to check', () => {
    const r = play({ preset: 'sports', deal: SPORTS, options: { 'limits.maxDays': 1, 'don.checks': false }, script: noNominations, allowUnused: true });
    expect(r.provider.askedOf(DON, 'check')).toEqual([]);
  });

  it('a Don frozen by a Putana loses his check, not his shot', () => {
    const r = play({
      preset: 'club',
      deal: 'civ don maf maf put com doc man civ civ civ civ',
      options: { 'limits.maxDays': 1, 'don.checks': true, 'putana.maxSameTarget': 2 },
      script: (p) => p.on(4, 'freeze', 1, 1).on(1, 'check', 1, 5).on(1, 'shoot', 1, 8),
      allowUnused: true,
    });
    expect(r.events('blocked').map((e) => e.seat)).toEqual([1]);
    expect(r.events('role-check')).toEqual([]);
    expect(r.cause(8)).toBe('mafia');
  });
});

describe('mafia.holdMisses', () => {
  it.each([
    [true, true],
    [false, false],
  ])('mafia.holdMisses=%s: a Mafia who holds makes the unanimous shot miss: %s', (holdMisses, misses) => {
    const r = play({
      preset: 'sports',
      deal: SPORTS,
      options: { 'limits.maxDays': 1, 'mafia.holdMisses': holdMisses },
      script: (p) => noNominations(p).on(DON, 'shoot', 1, CIV).on(MAF, 'shoot', 1, CIV).on(MAF2, 'shoot', 1, PASS),
      allowUnused: true,
    });
    expect(r.alive(CIV)).toBe(misses);
    if (misses) expect(r.events('shot-failed').map((e) => e.reason)).toEqual(['split']);
  });

  it('in sports mafia two Mafia naming different players miss', () => {
    const r = play({ preset: 'sports', deal: SPORTS, options: DAY1, script: (p) => noNominations(p).on(DON, 'shoot', 1, CIV).on(MAF, 'shoot', 1, CIV).on(MAF2, 'shoot', 1, CIV2), allowUnused: true });
    expect(r.living()).toHaveLength(10);
  });
});
