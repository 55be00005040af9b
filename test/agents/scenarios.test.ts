// Scenario tests per role policy, read from the game logs of heuristic
// players: what each role does in the situation its policy is about.

import { describe, expect, it } from 'vitest';
import { Choice } from '../../src/engine/events.js';
import { Role } from '../../src/engine/roles.js';
import { isBlackRole, playLogged, requests, seatOf, type Played } from './helpers.js';

/** Claims by day: speaker, claim. */
function claims(p: Played): { day: number; speaker: number; claim: Extract<Played['events'][number], { type: 'claim' }>['claim'] }[] {
  const out: ReturnType<typeof claims> = [];
  let day = 0;
  for (const e of p.events) {
    if (e.type === 'phase') day = e.day;
    if (e.type === 'claim') out.push({ day, speaker: e.speaker, claim: e.claim });
  }
  return out;
}

/** Seats dead by the start of a phase of `day` of the given kind. */
function deadBefore(p: Played, day: number, phase: 'day' | 'night' | 'turn'): Set<number> {
  const dead = new Set<number>();
  for (const e of p.events) {
    if (e.type === 'phase' && e.day === day && e.phase === phase) return dead;
    if (e.type === 'death') dead.add(e.seat);
  }
  return dead;
}

describe('Doctor', () => {
  it('heals the revealed Commissar on the night after his claim', async () => {
    // The Commissar reveals on day 1; the Mafia are random so nobody counter-claims.
    const games = await playLogged('club', 'club,mafia=random,commissar.revealDay=1', 150);
    let checked = 0;
    for (const p of games) {
      const com = seatOf(p, Role.Commissar);
      const doc = seatOf(p, Role.Doctor);
      const dead = deadBefore(p, 1, 'night');
      if (dead.has(com) || dead.has(doc)) continue;
      const heal = requests(p, Choice.Heal).find((r) => r.day === 1);
      expect(heal?.target).toBe(com);
      checked++;
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('without a claimed Commissar, does not heal him by chance more than others (he cannot know him)', async () => {
    const games = await playLogged('club', 'club,mafia=random,commissar.revealOnBlack=0,commissar.revealVotes=0', 200);
    let healedCommissar = 0;
    let heals = 0;
    for (const p of games) {
      const com = seatOf(p, Role.Commissar);
      const heal = requests(p, Choice.Heal).find((r) => r.day === 1);
      if (!heal) continue;
      heals++;
      if (heal.target === com) healedCommissar++;
    }
    expect(heals).toBeGreaterThan(100);
    expect(healedCommissar / heals).toBeLessThan(0.25);
  });
});

describe('Mafia', () => {
  it('never shoot, freeze or vote for their own while another choice exists, but on a mate the vote has already lost (mafia.bus)', async () => {
    let buses = 0;
    for (const preset of ['club', 'forum']) {
      const games = await playLogged(preset, 'club', 150);
      let shots = 0;
      for (const p of games) {
        for (const kind of [Choice.Shoot, Choice.Freeze, Choice.Kamikaze]) {
          for (const r of requests(p, kind)) {
            // A turned Foundling is a mate only from his turn: judge by the dealt clan, which never includes him.
            expect(isBlackRole(p.roles[r.target]!)).toBe(false);
            shots++;
          }
        }
        let day = 0;
        const alive = new Set(p.roles.map((_, s) => s));
        // The round's votes so far (seat -1: for nobody), as the voter saw them when he voted.
        let tally = new Map<number, number>();
        let cast = 0;
        let living = 0;
        for (const e of p.events) {
          if (e.type === 'phase') [day, tally, cast] = [e.day, new Map(), 0];
          if (e.type === 'death') alive.delete(e.seat);
          if (e.type !== 'vote' || e.round !== 0) continue;
          // The living when the round's first vote is cast (the day's deaths come before it).
          if (tally.size === 0) living = alive.size;
          if (e.target >= 0 && isBlackRole(p.roles[e.voter]!) && isBlackRole(p.roles[e.target]!)) {
            // A bus: the mate leads every other choice by more votes than the others still to vote.
            const top = tally.get(e.target) ?? 0;
            const other = Math.max(0, ...[...tally].filter(([s]) => s !== e.target).map(([, v]) => v));
            expect(top - other, `day ${day}: ${e.voter} voted his mate ${e.target}, who was not lost`).toBeGreaterThan(living - cast - 1);
            buses++;
          }
          if (e.missed !== true && e.abstained !== true) {
            tally.set(e.target, (tally.get(e.target) ?? 0) + 1);
            cast++;
          }
        }
      }
      expect(shots).toBeGreaterThan(150);
    }
    // The exception is taken (the check above is not vacuous).
    expect(buses).toBeGreaterThan(0);
  });

  it('the forum clan names one target together, so its shot is never lost to a split', async () => {
    const games = await playLogged('forum', 'club', 150);
    for (const p of games) expect(p.events.filter((e) => e.type === 'shot-failed' && e.reason === 'split')).toEqual([]);
  });

  it('the Kamikaze goes after a lone Commissar claimant', async () => {
    const games = await playLogged('forum', 'club,commissar.revealDay=1,mafia.counterClaim=0,mafia.fakeClaim=0', 100);
    let checked = 0;
    for (const p of games) {
      const com = seatOf(p, Role.Commissar);
      const kam = seatOf(p, Role.Kamikaze);
      if (kam < 0) continue;
      const go = requests(p, Choice.Kamikaze).find((r) => r.day === 1);
      expect(go?.target).toBe(com);
      checked++;
    }
    expect(checked).toBeGreaterThan(50);
  });
});

describe('Commissar', () => {
  it('reveals a Black he found, the next day, by his policy', async () => {
    const games = await playLogged('club', 'club,mafia=random,commissar.revealOnBlack=1,commissar.revealFromDay=1', 200);
    let checked = 0;
    for (const p of games) {
      const com = seatOf(p, Role.Commissar);
      const said = claims(p);
      let night = 0;
      for (const e of p.events) {
        if (e.type === 'phase') night = e.day;
        // The night of the check itself (an earlier request on the same target may have been blocked by a freeze).
        if (e.type !== 'check' || !e.black) continue;
        const dead = deadBefore(p, night + 1, 'day');
        if (dead.has(com) || dead.has(e.target) || !p.events.some((x) => x.type === 'phase' && x.phase === 'day' && x.day === night + 1)) continue;
        const next = said.filter((c) => c.day === night + 1 && c.speaker === com);
        // He may have revealed earlier (for votes against him); by that day he has.
        const claimedBy = said.filter((c) => c.day <= night + 1 && c.speaker === com);
        expect(claimedBy.some((c) => c.claim.kind === 'role' && c.claim.role === Role.Commissar)).toBe(true);
        expect(next.some((c) => c.claim.kind === 'result' && c.claim.target === e.target && c.claim.black)).toBe(true);
        checked++;
        break;
      }
    }
    expect(checked).toBeGreaterThan(30);
  });

  it('keeps quiet when his policy says never reveal and nobody else claims', async () => {
    const games = await playLogged('club', 'club,mafia=random,commissar.revealOnBlack=0,commissar.revealVotes=0,commissar.revealDay=0', 100);
    for (const p of games) {
      const com = seatOf(p, Role.Commissar);
      expect(claims(p).filter((c) => c.speaker === com && c.claim.kind !== 'accuse')).toEqual([]);
    }
  });
});

describe('hunters and the Maniac', () => {
  it('hunts in forum games land on Mafia: hunters act on hard facts and credible results only', async () => {
    const games = await playLogged('forum', 'club', 300);
    const hunts = games.flatMap((p) => requests(p, Choice.Hunt).map((r) => isBlackRole(p.roles[r.target]!) || p.roles[r.target] === Role.Foundling));
    expect(hunts.length).toBeGreaterThan(0);
    expect(hunts.filter(Boolean).length / hunts.length).toBeGreaterThan(0.85);
  });

  it('the Red Maniac abstains on the first night when he has no reads', async () => {
    const games = await playLogged('club', 'club,readSkill=0,mafia=random', 100);
    for (const p of games) expect(requests(p, Choice.ManiacKill).filter((r) => r.day === 1)).toEqual([]);
  });

  it('the Red Maniac kills Black more often than chance when he reads well', async () => {
    const games = await playLogged('club', 'club,maniac.readSkill=3', 200);
    const kills = games.flatMap((p) => requests(p, Choice.ManiacKill).map((r) => isBlackRole(p.roles[r.target]!)));
    expect(kills.length).toBeGreaterThan(50);
    // 4 of the 11 others are Black: chance would be about 0.36.
    expect(kills.filter(Boolean).length / kills.length).toBeGreaterThan(0.6);
  });
});

describe('Sergeant', () => {
  it('steps up after the Commissar dies: the promoted Sergeant checks players', async () => {
    const games = await playLogged('forum', 'club', 120);
    let promoted = 0;
    for (const p of games) {
      const sergeant = seatOf(p, Role.Sergeant);
      const up = p.events.find((e) => e.type === 'promoted' && e.seat === sergeant);
      if (!up) continue;
      promoted++;
      const after = p.events.slice(p.events.indexOf(up));
      const alive = !after.some((e) => e.type === 'death' && e.seat === sergeant && after.indexOf(e) < after.findIndex((x) => x.type === 'phase'));
      if (alive && after.some((e) => e.type === 'phase' && e.phase === 'turn')) expect(after.some((e) => e.type === 'request' && e.seat === sergeant && (e.choice === Choice.Check || e.choice === Choice.Hunt))).toBe(true);
    }
    expect(promoted).toBeGreaterThan(10);
  });
});

describe('passing a role action (forum: doctor.mayPass, commissar.mayPass, maniac.mayAbstain)', () => {
  // A heal, a check or the loner's kill costs nothing, so a thinking player never passes one.
  it('the Doctor heals, the Commissar checks and the loner Maniac kills every turn he is alive and asked', async () => {
    const games = await playLogged('forum', 'club', 40);
    const roles: Array<[Role, Choice]> = [
      [Role.Doctor, Choice.Heal],
      [Role.Commissar, Choice.Check],
      [Role.Maniac, Choice.ManiacKill],
    ];
    let turns = 0;
    for (const p of games) {
      expect(p.rules.options['doctor.mayPass'] && p.rules.options['commissar.mayPass'] && p.rules.options['maniac.mayAbstain']).toBe(true);
      const last = p.events.filter((e) => e.type === 'phase').length;
      for (const [role, choice] of roles) {
        const seat = seatOf(p, role);
        if (seat < 0) continue;
        const sent = new Set(requests(p, choice).filter((r) => r.seat === seat).map((r) => r.day));
        // A hunt replaces the hunter's own action that turn (docs/design-notes.md): not a pass.
        const hunted = new Set(requests(p, Choice.Hunt).filter((r) => r.seat === seat).map((r) => r.day));
        for (let day = 1; day <= last; day++) {
          if (deadBefore(p, day, 'turn').has(seat) || hunted.has(day) || !p.events.some((e) => e.type === 'phase' && e.day === day)) continue;
          turns++;
          expect(sent.has(day), `seat ${seat} (role ${role}, choice ${choice}) on turn ${day}`).toBe(true);
        }
      }
    }
    expect(turns).toBeGreaterThan(100);
  });
});
