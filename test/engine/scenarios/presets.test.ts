// Presets and player counts (docs/rules.md section 3): role counts by preset and
// player count, roles.<role>=<count>, refused setups, and the option values
// each preset declares in docs/rules.md sections 1, 2 and 4.

import { describe, expect, it } from 'vitest';
import { RulesError, resolveRules, type RulesOverrides } from '../../../src/engine/rules.js';
import { roleCounts } from '../../../src/engine/rulesDisplay.js';

const counts = (preset: string, o: RulesOverrides = {}): Record<string, number> => roleCounts(resolveRules(preset, o));

describe('club', () => {
  it('12 players: 3 Mafia (the Don among them), the Putana, Commissar, Doctor, Maniac and 5 Civilians', () => {
    expect(counts('club')).toEqual({ civilian: 5, mafia: 2, don: 1, putana: 1, commissar: 1, doctor: 1, maniac: 1 });
  });

  it('--players 16 keeps the special roles and adds Civilians', () => {
    expect(counts('club', { players: 16 })).toEqual({ civilian: 9, mafia: 2, don: 1, putana: 1, commissar: 1, doctor: 1, maniac: 1 });
  });

  it('--mafia 4 counts the Don, not the Putana', () => {
    expect(counts('club', { mafia: 4 })).toEqual({ civilian: 4, mafia: 3, don: 1, putana: 1, commissar: 1, doctor: 1, maniac: 1 });
  });
});

describe('forum', () => {
  // Mafia = ceil(N/4) with the Boss and, from 3 Mafia, the Kamikaze; Commissar and Doctor always,
  // Sergeant and Maniac from 10, Foundling from 12; Civilians fill the rest.
  it.each([
    [6, { civilian: 2, mafia: 1, don: 1, commissar: 1, doctor: 1 }],
    [8, { civilian: 4, mafia: 1, don: 1, commissar: 1, doctor: 1 }],
    [9, { civilian: 4, mafia: 1, don: 1, kamikaze: 1, commissar: 1, doctor: 1 }],
    [10, { civilian: 3, mafia: 1, don: 1, kamikaze: 1, commissar: 1, doctor: 1, sergeant: 1, maniac: 1 }],
    [11, { civilian: 4, mafia: 1, don: 1, kamikaze: 1, commissar: 1, doctor: 1, sergeant: 1, maniac: 1 }],
    [12, { civilian: 4, mafia: 1, don: 1, kamikaze: 1, commissar: 1, doctor: 1, sergeant: 1, foundling: 1, maniac: 1 }],
    [16, { civilian: 7, mafia: 2, don: 1, kamikaze: 1, commissar: 1, doctor: 1, sergeant: 1, foundling: 1, maniac: 1 }],
    [20, { civilian: 10, mafia: 3, don: 1, kamikaze: 1, commissar: 1, doctor: 1, sergeant: 1, foundling: 1, maniac: 1 }],
  ])('%i players', (players, expected) => {
    expect(counts('forum', { players })).toEqual(expected);
  });

  it('16 players by default', () => {
    expect(resolveRules('forum').players).toBe(16);
  });

  it('5 players is refused, naming players', () => {
    expect(() => resolveRules('forum', { players: 5 })).toThrow(RulesError);
    expect(() => resolveRules('forum', { players: 5 })).toThrow(/^players: .*at least 6/);
  });
});

describe('classic', () => {
  it('12 players and 3 Mafia by default, no special roles', () => {
    expect(counts('classic')).toEqual({ civilian: 9, mafia: 3 });
  });

  it('--players 7 --mafia 2', () => {
    expect(counts('classic', { players: 7, mafia: 2 })).toEqual({ civilian: 5, mafia: 2 });
  });
});

describe('roles.<role>=<count>', () => {
  it('sets a count directly; Civilians fill the rest', () => {
    expect(counts('club', { set: ['roles.putana=0'] })).toEqual({ civilian: 6, mafia: 2, don: 1, commissar: 1, doctor: 1, maniac: 1 });
    expect(counts('classic', { set: ['roles.doctor=1', 'roles.boss=1'] })).toEqual({ civilian: 7, mafia: 3, don: 1, doctor: 1 });
  });

  it.each([
    [{ preset: 'classic', o: { mafia: 0 } }, 'mafia'],
    [{ preset: 'classic', o: { players: 6, mafia: 3 } }, 'mafia'],
    [{ preset: 'forum', o: { players: 12, set: ['roles.commissar=0'] } }, 'roles.sergeant'],
    [{ preset: 'club', o: { players: 5 } }, 'players'],
  ])('an unplayable setup %j is refused, naming %s', ({ preset, o }, field) => {
    let error: unknown;
    try {
      resolveRules(preset, o);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RulesError);
    expect((error as RulesError).field).toBe(field);
  });
});

describe('the option values each preset declares', () => {
  it.each([
    [
      'club',
      {
        start: 'day',
        'turn.simultaneous': false,
        'vote.firstDay': true,
        'vote.tie': 'revote-then-none',
        'lynch.minShare': 0,
        revealOnDeath: false,
        'mafia.killRule': 'don-decides',
        'mafia.donSuccession': true,
        'putana.maxSameTarget': 2,
        'doctor.maxSameTarget': 2,
        'maniac.team': 'town',
        'maniac.mayAbstain': true,
        'commissar.note': true,
        'commissar.lastShot': false,
        'hunt.enabled': false,
        'deathNote.enabled': false,
        'fouls.perDayRate': 0,
        'fouls.firstIsWarning': true,
        'fouls.nightRemovalShare': 0,
        'doctor.mayPass': false,
        'commissar.mayPass': false,
        'putana.mayPass': false,
        'maniac.mayAbstain': true,
        'doctor.repeatLimit': 'same-target',
        'putana.repeatLimit': 'same-target',
        'win.parityBlock': 'doctor-and-maniac',
        'win.maniacMafiaDraw': true,
      },
    ],
    [
      'forum',
      {
        'turn.simultaneous': true,
        'vote.firstDay': false,
        'vote.tie': 'random',
        'lynch.minShare': 0.25,
        revealOnDeath: true,
        'mafia.killRule': 'unanimous',
        'kamikaze.doctorSaves': false,
        'doctor.maxSameTarget': 1,
        'doctor.savesFromManiac': false,
        'doctor.mayPass': true,
        'doctor.savesFromHunt': true,
        'doctor.repeatLimit': 'same-target',
        'maniac.team': 'loner',
        'maniac.mayAbstain': true,
        'commissar.mayPass': true,
        'putana.mayPass': true,
        'vote.tieDrawAmongAlive': true,
        'deathNote.delivery': 'mafia-or-lynch',
        'win.parityAgainst': 'everyone-else',
        'commissar.note': false,
        'commissar.lastShot': true,
        'commissar.learnsKiller': true,
        'hunt.enabled': true,
        'hunt.firstDay': false,
        'hunt.onManiac': 'hunter-dies',
        'deathNote.enabled': true,
        'inactivity.missRate': 0,
        'inactivity.maxMisses': 2,
        'win.townNeedsManiacDead': true,
        'win.maniac': 'one-on-one',
        'win.parityBlock': 'maniac',
      },
    ],
    [
      'classic',
      {
        start: 'day',
        'turn.simultaneous': false,
        'vote.firstDay': true,
        'vote.tie': 'random',
        'lynch.minShare': 0,
        'mafia.killRule': 'don-decides',
        'inactivity.missRate': 0,
        'win.parityBlock': 'none',
        'mafia.donSuccession': true,
        'fouls.firstIsWarning': false,
      },
    ],
  ])('%s', (preset, expected) => {
    const o = resolveRules(preset).options as unknown as Record<string, unknown>;
    for (const [k, v] of Object.entries(expected)) expect([k, o[k]]).toEqual([k, v]);
  });
});
