// The parts of the players that shape a human table's day (issue 18): a
// voter's own taste of the day, the hidden Commissar who covers what he
// found, the Doctor's and Vigilante's leaks, and abstentions where the rules
// allow them. Each is checked on played games, both ways of its parameter,
// so every check can fail.

import { describe, expect, it, vi } from 'vitest';
import { Beliefs } from '../../src/agents/beliefs.js';
import { NEVER, takesTie, type Mind } from '../../src/agents/mind.js';
import { profileParams } from '../../src/agents/params.js';
import { DayTaste, tastiestOption } from '../../src/agents/taste.js';
import { NONE, UNKNOWN, type Decision } from '../../src/engine/agent.js';
import { Choice, type LoggedEvent } from '../../src/engine/events.js';
import { Sfc32 } from '../../src/engine/rng.js';
import { Role, Team } from '../../src/engine/roles.js';
import { resolveRules } from '../../src/engine/rules.js';
import { Game } from '../../src/engine/game.js';
import { allstarsRules } from '../calibrate/synthetic.js';
import { civilianView, eventsOf, mindOf, playLogged, providerFor, requests, seatOf, type Played } from './helpers.js';

/** Games [0, games) of the records' game (rules/mafia-allstars.yaml), seed 11. */
async function playAllstars(agents: string, games: number): Promise<Played[]> {
  const rules = allstarsRules();
  const provider = await providerFor(rules, agents);
  const game = new Game(rules);
  const out: Played[] = [];
  for (let k = 0; k < games; k++) {
    const log: LoggedEvent[] = [];
    game.play(11, k, provider, { log });
    out.push(eventsOf(rules, log));
  }
  return out;
}

describe('a voter\'s taste of the day', () => {
  it('never exceeds its ceiling, which a draw reaches (the bound a scan skips a seat by)', () => {
    const rng = new Sfc32(3, 0, 1);
    const taste = new DayTaste();
    let top = -Infinity;
    for (let day = 1; day <= 3000; day++) {
      taste.forDay(day, rng);
      for (let s = 0; s < 40; s++) top = Math.max(top, taste.at(s));
    }
    expect(top).toBe(taste.ceiling);
  });

  it('picks, with seats that cannot reach the best left unworked, what a scan of every taste picks, with the same draws', () => {
    // A full scan as the vote's was before the ceiling: the reference the skip must agree with, ties and NEVER included.
    // It counts the seats the ceiling lets a scan pass over, so the trials are known to exercise the skip.
    let skippable = 0;
    const fullScan = (m: Mind, d: Decision, scale: number): number => {
      let best = NONE;
      let bestScore = -Infinity;
      let ties = 1;
      for (const s of d.options) {
        let score = m.scores[s]!;
        if (score > NEVER && scale > 0 && m.view.known[s] === UNKNOWN) {
          if (score + scale * m.taste.ceiling < bestScore) skippable++;
          score += scale * m.taste.at(s);
        }
        if (score > bestScore) [best, bestScore, ties] = [s, score, 1];
        else if (score === bestScore && takesTie(m, ++ties)) best = s;
      }
      return best;
    };
    const rules = resolveRules('forum', { players: 24 });
    const p = profileParams('club');
    const pick = new Sfc32(8, 0, 1);
    for (let trial = 0; trial < 3000; trial++) {
      const known: Record<number, number> = trial % 3 === 0 ? { 5: Team.Mafia, 9: Team.Town } : {};
      const view = { ...civilianView(rules, 0, 'turn', known), day: 1 + (trial % 7) };
      const b = new Beliefs(rules.players);
      b.deal();
      b.reset(view, p);
      const [a, z] = [mindOf(view, b, p, trial), mindOf(view, b, p, trial)];
      const options = Array.from({ length: rules.players - 1 }, (_, i) => i + 1);
      // Scores on a coarse grid (ties), some far below the rest (skipped), some NEVER.
      for (const s of options) a.scores[s] = z.scores[s] = pick.next() < 0.1 ? NEVER : Math.floor(pick.next() * 6) * (pick.next() < 0.3 ? 10 : 1);
      const d: Decision = { choice: Choice.Vote, options, mayPass: false, round: 0 };
      const scale = trial % 5 === 0 ? 0 : 0.1 + pick.next();
      z.taste.forDay(view.day, z.rng);
      expect(tastiestOption(a, d, scale)).toBe(fullScan(z, d, scale));
      expect(a.rng.next()).toBe(z.rng.next());
    }
    expect(skippable).toBeGreaterThan(1000);
  });

  it('is fixed for the day, new the next day, and costs one draw of his stream a day', () => {
    const rng = new Sfc32(5, 0, 1);
    const taste = new DayTaste();
    taste.forDay(1, rng);
    const day1 = [0, 1, 2, 3, 4, 5].map((s) => taste.at(s));
    taste.forDay(1, rng);
    expect([0, 1, 2, 3, 4, 5].map((s) => taste.at(s))).toEqual(day1);
    const after = new Sfc32(5, 0, 1);
    after.next();
    expect(rng.next()).toBe(after.next());
    taste.forDay(2, rng);
    expect([0, 1, 2, 3, 4, 5].map((s) => taste.at(s))).not.toEqual(day1);
  });

  it('is a standard Gumbel draw: mean 0.577, variance pi^2/6', () => {
    const rng = new Sfc32(9, 0, 1);
    const taste = new DayTaste();
    const xs: number[] = [];
    for (let day = 1; day <= 400; day++) {
      taste.forDay(day, rng);
      for (let s = 0; s < 25; s++) xs.push(taste.at(s));
    }
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    const variance = xs.reduce((a, b) => a + (b - mean) ** 2, 0) / xs.length;
    expect(mean).toBeCloseTo(0.5772, 1);
    expect(variance).toBeCloseTo(Math.PI ** 2 / 6, 0);
  });

  it('is independent from seat to seat: the best of 12 tastes is a Gumbel draw shifted by ln 12', () => {
    // A hash with structure across seats (one multiply: neighbouring seats land a fixed stride apart) fails this.
    const rng = new Sfc32(4, 0, 1);
    const taste = new DayTaste();
    const maxes: number[] = [];
    let cross = 0;
    for (let day = 1; day <= 4000; day++) {
      taste.forDay(day, rng);
      let best = -Infinity;
      for (let s = 0; s < 12; s++) best = Math.max(best, taste.at(s));
      maxes.push(best);
      cross += (taste.at(3) - 0.5772) * (taste.at(2) - 0.5772);
    }
    const mean = maxes.reduce((a, b) => a + b, 0) / maxes.length;
    const sd = Math.sqrt(maxes.reduce((a, b) => a + (b - mean) ** 2, 0) / maxes.length);
    expect(mean).toBeGreaterThan(Math.log(12) + 0.5772 - 0.06);
    expect(mean).toBeLessThan(Math.log(12) + 0.5772 + 0.06);
    expect(sd).toBeGreaterThan(1.2);
    expect(sd).toBeLessThan(1.36);
    expect(Math.abs(cross / 4000) / (Math.PI ** 2 / 6)).toBeLessThan(0.05);
  });

  it('what a Town player accuses, he votes for, mostly: his accusation and his vote come from the same hunch', async () => {
    // 1,000 games: with the accusation threshold over the club table's prior (accuseOdds), a day-1 accusation is rarer than at the records' table.
    const games = await playLogged('club', 'club', 1000);
    let accusations = 0;
    let followed = 0;
    for (const p of games) {
      let day = 0;
      const accused = new Map<number, number>();
      for (const e of p.events) {
        if (e.type === 'phase') {
          day = e.day;
          accused.clear();
        }
        if (e.type === 'claim' && e.claim.kind === 'accuse' && day === 1 && p.roles[e.speaker] === Role.Civilian) accused.set(e.speaker, e.claim.target);
        if (e.type === 'vote' && e.round === 0 && accused.has(e.voter)) {
          accusations++;
          if (accused.get(e.voter) === e.target) followed++;
        }
      }
    }
    expect(accusations).toBeGreaterThan(300);
    expect(followed / accusations).toBeGreaterThan(0.5);
  });
});

/** Day-1 acts of the records' game's cop who found a Black on night 1 and lives: accusations of him, and votes for him cast with none already on him. */
function coverActs(games: readonly Played[]): { cops: number; accused: number; lonelyVotes: number } {
  let cops = 0;
  let accused = 0;
  let lonelyVotes = 0;
  for (const p of games) {
    const cop = seatOf(p, Role.Commissar);
    const found = p.events.find((e) => e.type === 'check' && e.checker === cop);
    if (!found || found.type !== 'check' || !found.black) continue;
    let day = 0;
    let phase = '';
    let alive = true;
    const tally = new Map<number, number>();
    for (const e of p.events) {
      if (e.type === 'phase') {
        [day, phase] = [e.day, e.phase];
        if (day === 1 && phase === 'day' && alive) cops++;
      }
      if (e.type === 'death' && e.seat === cop) alive = false;
      if (day !== 1 || phase !== 'day') continue;
      if (e.type === 'claim' && e.speaker === cop && e.claim.kind === 'accuse' && e.claim.target === found.target) accused++;
      if (e.type === 'vote' && e.round === 0) {
        if (e.voter === cop && e.target === found.target && (tally.get(e.target) ?? 0) === 0) lonelyVotes++;
        tally.set(e.target, (tally.get(e.target) ?? 0) + 1);
      }
    }
  }
  return { cops, accused, lonelyVotes };
}

describe('the hidden Commissar', () => {
  it('commissar.pushHidden=0: never accuses his Black while hidden, nor starts a wagon on him; 1: does both', async () => {
    const quiet = coverActs(await playAllstars('club,commissar.pushHidden=0', 600));
    const loud = coverActs(await playAllstars('club,commissar.pushHidden=1', 600));
    expect(quiet.cops).toBeGreaterThan(60);
    expect(quiet.accused).toBe(0);
    expect(quiet.lonelyVotes).toBe(0);
    expect(loud.accused).toBeGreaterThan(loud.cops / 2);
    expect(loud.lonelyVotes).toBeGreaterThan(0);
  });
});

describe('the Doctor\'s and the Vigilante\'s leaks', () => {
  const claimsOf = (games: readonly Played[], role: Role): number =>
    games.filter((p) => p.events.some((e) => e.type === 'claim' && e.claim.kind === 'role' && e.claim.role === role && e.speaker === seatOf(p, role))).length;

  it('leak.daily=1: each claims his role on his first day; 0 (and no pressure): never', async () => {
    const set = ['players=13', 'roles.vigilante=1'];
    const always = await playLogged('club', 'club,leak.daily=1', 200, set);
    const never = await playLogged('club', 'club,leak.daily=0,leak.pressureVotes=0', 200, set);
    expect(claimsOf(always, Role.Doctor)).toBeGreaterThan(150);
    expect(claimsOf(always, Role.Vigilante)).toBeGreaterThan(150);
    expect(claimsOf(never, Role.Doctor) + claimsOf(never, Role.Vigilante)).toBe(0);
  });

  it('the mafia hunt a claimed Doctor: he is shot more often once his role leaks', async () => {
    const shotAt = (games: readonly Played[]): number => games.reduce((k, p) => k + requests(p, Choice.Shoot).filter((r) => r.target === seatOf(p, Role.Doctor)).length, 0);
    const leaky = shotAt(await playAllstars('club,leak.daily=0.5', 400));
    const tight = shotAt(await playAllstars('club,leak.daily=0,leak.pressureVotes=0', 400));
    expect(leaky).toBeGreaterThan(1.3 * tight);
  });
});

describe('abstaining, where the rules allow it', () => {
  const shareNotVoting = (games: readonly Played[]): { abstained: number; votes: number } => {
    let abstained = 0;
    let votes = 0;
    for (const p of games) {
      for (const e of p.events) {
        if (e.type !== 'vote') continue;
        votes++;
        if (e.abstained) abstained++;
      }
    }
    return { abstained, votes };
  };

  it('vote.mayAbstain: about vote.abstain of the living cast no vote, Town and Mafia alike; none at vote.abstain=0', async () => {
    const some = shareNotVoting(await playLogged('classic', 'club,vote.abstain=0.2', 300, ['vote.mayAbstain=true']));
    const none = shareNotVoting(await playLogged('classic', 'club,vote.abstain=0', 100, ['vote.mayAbstain=true']));
    expect(some.votes).toBeGreaterThan(5000);
    expect(some.abstained / some.votes).toBeGreaterThan(0.17);
    expect(some.abstained / some.votes).toBeLessThan(0.23);
    expect(none.abstained).toBe(0);
  });

  it('never where the rules forbid it, and under vote.noLynch a pass is a vote for nobody', async () => {
    const off = shareNotVoting(await playLogged('classic', 'club,vote.abstain=1', 50));
    expect(off.abstained).toBe(0);
    const noLynch = await playLogged('classic', 'club,vote.abstain=1', 50, ['vote.mayAbstain=true', 'vote.noLynch=true']);
    expect(shareNotVoting(noLynch).abstained).toBe(0);
    expect(noLynch.some((p) => p.events.some((e) => e.type === 'vote' && e.target === NONE))).toBe(true);
  });
});
