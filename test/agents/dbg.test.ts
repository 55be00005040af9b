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

describe('x', () => {
  it('reveals a Black he found, the next day, by his policy', async () => {
    const games = await playLogged('club', 'club,mafia=random,commissar.revealOnBlack=1,commissar.revealFromDay=1', 200);
    let checked = 0;
    for (const p of games) {
      const com = seatOf(p, Role.Commissar);
      const said = claims(p);
      for (const e of p.events) {
        if (e.type !== 'check' || !e.black) continue;
        const night = requests(p, Choice.Check).find((r) => r.target === e.target)!.day;
        const dead = deadBefore(p, night + 1, 'day');
        if (dead.has(com) || dead.has(e.target) || !p.events.some((x) => x.type === 'phase' && x.phase === 'day' && x.day === night + 1)) continue;
        const next = said.filter((c) => c.day === night + 1 && c.speaker === com);
        // He may have revealed earlier (for votes against him); by that day he has.
        const claimedBy = said.filter((c) => c.day <= night + 1 && c.speaker === com);
        if (!claimedBy.some((c) => c.claim.kind === 'role' && c.claim.role === Role.Commissar)) { console.log('FAIL game', games.indexOf(p), 'com', com, 'night', night, 'target', e.target, JSON.stringify(p.events.filter(x=>x.type!=='vote'&&x.type!=='request'))); return; }
        expect(claimedBy.some((c) => c.claim.kind === 'role' && c.claim.role === Role.Commissar)).toBe(true);
        expect(next.some((c) => c.claim.kind === 'result' && c.claim.target === e.target && c.claim.black)).toBe(true);
        checked++;
        break;
      }
    }
    expect(checked).toBeGreaterThan(30);
  });

});
