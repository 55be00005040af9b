// The scripted players themselves: a script that drifts from the game must
// fail the test, never pass silently.

import { describe, expect, it } from 'vitest';
import { play } from '../../helpers/scenario.js';
import { ScriptedProvider, firstLegal } from '../../helpers/scripted.js';

const CLUB = 'civ don maf maf put com doc man civ civ civ civ';

describe('scripted players', () => {
  it('a script line the game never reaches is an error', () => {
    expect(() => play({ preset: 'club', deal: CLUB, options: { 'limits.maxDays': 1 }, script: (p) => p.on(5, 'check', 2, 1) })).toThrow(
      /never reached: seat 5 check day 2/,
    );
  });

  it('the same decision scripted twice is an error', () => {
    expect(() => new ScriptedProvider().on(1, 'shoot', 1, 8).on(1, 'shoot', 1, 9)).toThrow(/scripted twice/);
  });

  it('a vote answer outside the legal options is an error naming seat, choice and day', () => {
    expect(() => play({ preset: 'club', deal: CLUB, options: { 'limits.maxDays': 1 }, script: (p) => p.on(3, 'vote', 1, 3) })).toThrow(
      /scripted answer not legal: seat 3 vote day 1/,
    );
  });

  it('the firstLegal fallback never passes; fallbackFor overrides one seat\'s choice', () => {
    const r = play({ preset: 'club', deal: CLUB, options: { 'limits.maxDays': 1 }, provider: new ScriptedProvider(firstLegal).fallbackFor(6, 'heal', (_v, d) => d.options.at(-1)!) });
    expect(r.cause(0)).toBe('lynch'); // every vote but his own goes to seat 0
    expect(r.provider.askedOf(7, 'maniac-kill')[0]!.answer).toBe(1);
    expect(r.provider.askedOf(6, 'heal')[0]!.answer).toBe(11);
  });
});
