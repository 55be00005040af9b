// Verdicts across player models as pure functions: the verdict rules on
// constructed rows, the normal quantile behind the MDD, and the player-model
// set parser (shipped sets, user sets, bad input).

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROFILE_FILE_FORMAT } from '../../src/agents/spec.js';
import { acrossHeadline, acrossSummaryLines, acrossText, verdictOf, type AcrossRow, type AcrossSection, type AcrossVerdict } from '../../src/report/across.js';
import { acrossMatrixHeadline, acrossMatrixSection, acrossVerdictLines, rowAgreement, type AcrossCell, type AcrossMatrix, type AcrossMatrixRow } from '../../src/report/balance/across.js';
import { normalQuantile, normalUpperTail } from '../../src/report/stats.js';
import { parseAcross, PLAYER_MODEL_SETS } from '../../src/sim/playerModels.js';
import { SimInputError } from '../../src/sim/errors.js';

function row(model: string, diff: number, significant: boolean, se = 0.01): AcrossRow {
  return { model, agents: model, games: 1000, baseRate: 0.5, variantRate: 0.5 + diff, diff, lo: diff - 0.02, hi: diff + 0.02, se, p: significant ? 0.001 : 0.5, pHolm: significant ? 0.004 : 1, significant, mdd: 2.8 * se, onlyBase: 10, onlyVariant: 10 };
}

describe('verdictOf', () => {
  it('holds only when every model is significant with one sign', () => {
    const v = verdictOf('base', 'var', 'town', [row('a', 0.1, true), row('b', 0.05, true)]);
    expect(v.verdict).toBe('holds');
    expect(v.text).toContain('up under all 2 models');
    expect(verdictOf('base', 'var', 'town', [row('a', -0.1, true), row('b', -0.05, true)]).text).toContain('down under all 2 models');
  });

  it('depends names the models on each side and those without an effect', () => {
    const flip = verdictOf('base', 'var', 'town', [row('a', 0.1, true), row('b', -0.05, true), row('c', 0.01, false)]);
    expect(flip.verdict).toBe('depends');
    expect([flip.up, flip.down, flip.notSignificant]).toEqual([['a'], ['b'], ['c']]);
    expect(flip.text).toBe('depends: town up under a; down under b; not significant under c (the sign flips)');
    const some = verdictOf('base', 'var', 'town', [row('a', 0.1, true), row('b', 0.01, false)]);
    expect(some.verdict).toBe('depends');
    expect(some.text).not.toContain('flips');
  });

  it('no effect found states the largest per-model MDD', () => {
    const v = verdictOf('base', 'var', 'town', [row('a', 0.001, false, 0.01), row('b', -0.002, false, 0.02)]);
    expect(v.verdict).toBe('no effect found');
    expect(v.mdd).toBeCloseTo(0.056, 10);
    expect(v.text).toContain('5.6 points');
  });
});

describe('normalQuantile', () => {
  it('inverts the normal tail', () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 5);
    expect(normalQuantile(0.8)).toBeCloseTo(0.841621, 5);
    for (const p of [0.01, 0.3, 0.5, 0.9999]) expect(1 - normalUpperTail(normalQuantile(p))).toBeCloseTo(p, 6);
  });
});

describe('parseAcross', () => {
  it('expands the shipped set from its one table, in order, with team scopes for the mixed tables', () => {
    const models = parseAcross(['default']);
    expect(models.map((m) => m.name)).toEqual(PLAYER_MODEL_SETS['default']!.map((m) => m.name));
    expect(models.map((m) => m.name)).toEqual(['club', 'novice', 'expert', 'strangers', 'strong-town', 'strong-mafia']);
    expect(models.find((m) => m.name === 'strong-town')!.agents).toBe('club,town=expert,mafia=novice');
  });

  it('takes name=SPEC items, adds texts up, and keeps the canonical agents', () => {
    const models = parseAcross(['pros=expert;mixed=town=expert,mafia=novice', 'base=club']);
    expect(models).toEqual([
      { name: 'pros', agents: 'expert' },
      { name: 'mixed', agents: 'club,town=expert,mafia=novice' },
      { name: 'base', agents: 'club' },
    ]);
  });

  it('plays a saved profile file alone under every team', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mafia-across-profile-'));
    const file = join(dir, 'cal.json');
    writeFileSync(file, JSON.stringify({ format: PROFILE_FILE_FORMAT, base: 'expert', params: { readSkill: 1.25 } }));
    const [cal] = parseAcross([`cal=${file};plain=club`]);
    // As `--agents FILE` plays it: the file's base and parameters for every seat.
    expect(cal!.agents).toBe('expert,readSkill=1.25');
    rmSync(dir, { recursive: true, force: true });
  });

  const refusal = (texts: string[]): string => {
    try {
      parseAcross(texts);
    } catch (e) {
      expect(e).toBeInstanceOf(SimInputError);
      return (e as Error).message;
    }
    throw new Error('accepted');
  };

  it('refuses bad sets in one line naming the field', () => {
    expect(refusal(['defualt'])).toMatch(/^--across: "defualt" is neither a set \(default\) nor name=SPEC/);
    expect(refusal(['a=expert'])).toMatch(/^--across: a verdict across models needs at least two models \(got 1\)/);
    expect(refusal(['a=expert;a=novice'])).toMatch(/"a" is given twice/);
    expect(refusal(['a=expert;b=wizard'])).toMatch(/^--across b: --agents: unknown profile "wizard"/);
    expect(refusal(['1a=expert;b=novice'])).toMatch(/model name "1a"/);
  });
});

describe('the balance family matrix', () => {
  const models = [{ name: 'a', agents: 'expert' }, { name: 'b', agents: 'novice' }];
  const matrix = (rows: AcrossMatrixRow[]): AcrossMatrix => ({ command: 'balance', rowHeader: 'knob', agreeMeans: 'the same nearest setting', models, rows, perModel: {} });
  const cell = (key: string | null): AcrossCell => ({ text: key ?? 'n/a', key });

  it('agrees only when every model gives the same answer', () => {
    expect(rowAgreement({ label: 'mafia', cells: [cell('mafia=2'), cell('mafia=2')] })).toBe('agree');
    expect(rowAgreement({ label: 'mafia', cells: [cell('mafia=2'), cell('mafia=3')] })).toBe('differ');
    expect(rowAgreement({ label: 'mafia', cells: [cell('mafia=2'), cell(null)] })).toBe('no answer');
  });

  it('says which models give which answer when they differ, and never calls a missing answer a disagreement', () => {
    expect(acrossVerdictLines(matrix([{ label: 'mafia', cells: [cell('mafia=2'), cell('mafia=2')] }]))).toEqual(['verdict: holds: the 2 player models agree (the same nearest setting) on every knob']);
    const differ = acrossVerdictLines(matrix([{ label: 'mafia', cells: [cell('mafia=2'), cell('mafia=3')] }]));
    expect(differ[0]).toMatch(/^verdict: depends: the models differ/);
    expect(differ.slice(1)).toEqual(['  depends on the model:', '    mafia: mafia=2 under a; mafia=3 under b']);
    expect(acrossVerdictLines(matrix([{ label: 'mafia', cells: [cell('mafia=2'), cell(null)] }]))[0]).toMatch(/^verdict: not decided/);
  });

  it('leads with the rows that hold under every model, then those that depend (issue 22, point 6)', () => {
    const m = matrix([
      { label: 'putana', cells: [cell('negative'), cell('not clear of 0')] },
      { label: 'doctor', cells: [cell('positive'), cell('positive')] },
    ]);
    expect(acrossVerdictLines(m)).toEqual([
      'verdict: depends: the models differ (the same nearest setting) on 1 of 2 knob row(s):',
      '  holds under all 2 models: doctor (positive)',
      '  depends on the model:',
      '    putana: negative under a; not clear of 0 under b',
    ]);
    expect(acrossMatrixHeadline(m)).toBe('Holds under all 2 player models (the same nearest setting): doctor (positive). Depends on the model: putana (negative under a; not clear of 0 under b).');
    expect(acrossMatrixSection(m).headline).toBe(acrossMatrixHeadline(m));
  });

  it('names a coded answer in words', () => {
    const m = matrix([{ label: 'club', cells: [{ text: 't', key: 'too-low', answer: 'NOT FAIR (too low)' }, { text: 't', key: 'fair', answer: 'fair' }] }]);
    expect(acrossMatrixHeadline(m)).toContain('NOT FAIR (too low) under a; fair under b');
  });
});

describe('compare --across: the headline and the terminal lead with what holds (issue 22, point 6)', () => {
  const section = (verdicts: AcrossVerdict[]): AcrossSection => ({ models: [{ name: 'a', agents: 'a' }, { name: 'b', agents: 'b' }], tests: 8, method: '', verdicts });
  // The first pair's first outcome depends; a later one holds: the page used to lead with the first.
  const depends = verdictOf('club', 'tie random', 'town', [row('a', -0.05, true), row('b', -0.01, false)]);
  const holds = verdictOf('club', 'reveal', 'town', [row('a', 0.2, true), row('b', 0.1, true)]);
  const none = verdictOf('club', 'reveal', 'draw', [row('a', 0.001, false), row('b', 0.0, false)]);
  const s = section([depends, none, holds]);

  it('the headline: what holds first, then what depends, naming the models, then how many show no effect', () => {
    expect(acrossHeadline(s)).toBe(
      'Holds under all 2 player models: town up with reveal against club (+10.0 to +20.0 points). ' +
        'Depends on the model: town with tie random against club (down under a; not significant under b). ' +
        'No effect found under any model for 1 (pair, outcome).',
    );
    expect(acrossHeadline(section([depends]))).toMatch(/^Nothing holds under all 2 player models\. Depends on the model: /);
  });

  it('the terminal: a summary before the tables, in the same order', () => {
    const text = acrossText('title', s);
    const summary = text.indexOf('summary:');
    expect(summary).toBeGreaterThan(0);
    expect(summary).toBeLessThan(text.indexOf('tie random − club, town:'));
    expect(acrossSummaryLines(s)).toEqual([
      'summary:',
      '  holds under all 2 models:',
      '    town up with reveal against club (+10.0 to +20.0 points)',
      '  depends on the model:',
      '    town with tie random against club (down under a; not significant under b)',
      '  no effect found under any model (an effect of 2.8 points or more would have been): draw with reveal',
    ]);
  });
});
