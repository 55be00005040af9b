// What every page and terminal table says about itself: the sign convention
// of differences, the mafia team's make-up, the headline sentence, and the
// chart properties a reader relies on (0 on the difference axis, days as
// numbers, roles by team). Real small studies, random players.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveRules } from '../../src/engine/rules.js';
import { chartsFor, zeroTicks } from '../../src/report/charts.js';
import { studyHeadline } from '../../src/report/headline.js';
import { escapeHtml, reportHtml } from '../../src/report/html.js';
import { DIFFERENCE_LABEL, type StudySummary } from '../../src/report/summary.js';
import { byTeam, mafiaTeamText, studyTeamText } from '../../src/report/teams.js';
import { terminalTable } from '../../src/report/terminal.js';
import { cli, study, tempDir, variant } from './helpers.js';

/** The rules' role counts as the summary stores them. */
function roles(preset: string, set: string[] = []): Record<string, number> {
  return (JSON.parse(resolveRules(preset, { set }).canonical) as { roles: Record<string, number> }).roles;
}

// Spec fields are typed loosely by vega-lite; the tests read them as plain JSON.
type Json = Record<string, any>;
const spec = (s: StudySummary, name: string): Json => chartsFor(s).find((c) => c.name === name)!.spec as Json;

describe("the mafia team's make-up", () => {
  it('names every role of the team, the leader first, in the words of the preset', () => {
    expect(mafiaTeamText('club', roles('club'))).toBe('Black, 4 of 12 players: Don + 2 Mafia + Putana');
    expect(mafiaTeamText('forum', roles('forum'))).toBe('Mafia clan, 4 of 16 players: Boss + 2 Mafia + Kamikaze');
    expect(mafiaTeamText('classic', roles('classic'))).toBe('Mafia team, 3 of 12 players: 3 Mafia');
    // --mafia counts different things: 3 in club is Don + 2 Mafia with the Putana apart, 3 in forum is the whole clan.
    expect(mafiaTeamText('club', roles('club', ['mafia=3']))).toContain('Don + 2 Mafia + Putana');
    expect(mafiaTeamText('forum', roles('forum', ['mafia=3']))).toContain('Boss + Mafia + Kamikaze');
  });

  it('says per variant when the variants field different teams', () => {
    const same = [{ label: 'a', preset: 'club', rules: { roles: roles('club') } }, { label: 'b', preset: 'club', rules: { roles: roles('club', ['vote.tie=random']) } }];
    expect(studyTeamText(same)).toBe('Black, 4 of 12 players: Don + 2 Mafia + Putana');
    const differ = [same[0]!, { label: 'c', preset: 'club', rules: { roles: roles('club', ['roles.putana=0']) } }];
    expect(studyTeamText(differ)).toMatch(/^Black: differs by variant/);
  });

  it('orders roles by team: Town, then the mafia with its leader first, then the Maniac', () => {
    expect(byTeam(['civilian', 'don', 'doctor', 'maniac', 'mafia', 'putana', 'commissar'])).toEqual(['civilian', 'commissar', 'doctor', 'don', 'mafia', 'putana', 'maniac']);
  });
});

describe('a comparison page and table', () => {
  let s: StudySummary;
  beforeAll(async () => {
    s = await study([variant('club', 'club'), variant('no putana', 'club', ['roles.putana=0'])], { games: 1500 });
  });

  it('prints one sign, variant − base, and labels it on the table and the page', () => {
    const text = terminalTable(s);
    expect(text).toContain(DIFFERENCE_LABEL);
    expect(text).toMatch(/base\s+variant\s+outcome\s+variant − base/);
    expect(text).not.toMatch(/A − B/);
    // Removing the Putana raises Town's rate: a positive difference on the terminal row.
    expect(text).toMatch(/club\s+no putana\s+town\s+\+\d+\.\d\s/);
    const html = reportHtml(s, []);
    expect(html).toContain('<th>variant − base (points)</th>');
    expect(html).toContain(`id="sign">${DIFFERENCE_LABEL}`);
    expect(spec(s, 'differences').layer[1].encoding.x.title).toContain(DIFFERENCE_LABEL);
  });

  it("names the team's make-up, per variant when it differs", () => {
    const text = terminalTable(s);
    expect(text.split('\n')[1]).toBe('Black: differs by variant (see the "Black" column)');
    expect(text).toMatch(/club\s+Don \+ 2 Mafia \+ Putana\s/);
    expect(text).toMatch(/no putana\s+Don \+ 2 Mafia\s/);
    expect(reportHtml(s, [])).toContain('<th>Black</th>');
  });

  it('opens with a headline sentence that matches the numbers', () => {
    const d = s.pairs[0]!.differences.town;
    const line = studyHeadline(s);
    expect(line).toBe(
      `Town wins ${(100 * d.variantRate).toFixed(1)}% under "no putana" against ${(100 * d.baseRate).toFixed(1)}% under "club": ` +
        `+${(100 * d.diff).toFixed(1)} points [+${(100 * d.lo).toFixed(1)}, +${(100 * d.hi).toFixed(1)}] (${DIFFERENCE_LABEL}).`,
    );
    expect(reportHtml(s, [])).toContain(`<p class="headline" id="headline">${escapeHtml(line)}</p>`);
    expect(terminalTable(s).split('\n')[2]).toBe(line);
  });

  it('puts 0 among the ticks of the difference axis', () => {
    const x = spec(s, 'differences').layer[1].encoding.x;
    expect(x.axis.values).toContain(0);
    expect(x.scale.domain[0]).toBeLessThanOrEqual(Math.min(...s.pairs.flatMap((p) => Object.values(p.differences).map((d) => d.lo))));
    expect(x.scale.domain[1]).toBeGreaterThanOrEqual(Math.max(...s.pairs.flatMap((p) => Object.values(p.differences).map((d) => d.hi))));
    for (const extent of [0.0004, 0.013, 0.17, 0.9]) {
      const t = zeroTicks(extent);
      expect(t.values).toContain(0);
      expect(t.domain[1]).toBeGreaterThanOrEqual(extent);
      expect(t.values[0]).toBe(-t.values[t.values.length - 1]!);
    }
  });

  it('draws role fates by team and legends that do not truncate', () => {
    const roleSpec = spec(s, 'roles');
    expect(roleSpec.spec.encoding.y.sort).toEqual(['civilian', 'commissar', 'doctor', 'don', 'mafia', 'putana', 'maniac']);
    for (const c of chartsFor(s)) expect((c.spec as Json).config.legend.labelLimit).toBe(0);
  });
});

describe('a run page', () => {
  let s: StudySummary;
  beforeAll(async () => {
    s = await study([variant('club', 'club')], { games: 600 });
  });

  it('says who the game favours, by how many points, with the error', () => {
    const t = s.variants[0]!.rates.town;
    const hw = Math.max(t.rate - t.lo, t.hi - t.rate);
    const by = Math.abs(100 * (t.rate - 0.5)).toFixed(0);
    // "against Town by 19 points" said what it meant only to those who knew: the points are below (or above) an even 50%.
    const lean = t.lo > 0.5 ? `Town-favoured (Town wins ${by} points above an even 50%)` : t.hi < 0.5 ? `against Town (Town wins ${by} points below an even 50%)` : 'an even game';
    expect(studyHeadline(s)).toBe(`Town wins ${(100 * t.rate).toFixed(1)}% ± ${(100 * hw).toFixed(1)}, Black ${(100 * s.variants[0]!.rates.mafia.rate).toFixed(1)}%: ${lean}.`);
  });

  it('draws game length on a numeric day axis and explains a one-variant run without pairing', () => {
    const lengths = spec(s, 'lengths');
    expect(lengths.encoding.x.type).toBe('quantitative');
    const days = (lengths.data.values as Array<{ days: number }>).map((v) => v.days);
    expect(lengths.encoding.x.scale.domain).toEqual([Math.min(...days) - 0.5, Math.max(...days) + 0.5]);
    const method = reportHtml(s, []).split('<h2>Method</h2>')[1]!;
    expect(method).toContain('One setup, games 0 to 599 of seed 11');
    expect(method).not.toMatch(/paired|every variant/i);
  });

  it('from the CLI: the reproduce box has --seed, the table names the team and lists roles by team', async () => {
    const out = join(tempDir(), 'run');
    const r = await cli(['run', '--rules', 'forum', '--agents', 'random', '--games', '300', '--threads', '1', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Mafia clan, 4 of 16 players: Boss + 2 Mafia + Kamikaze');
    const order = [...r.stdout.matchAll(/^ {2}(\w+)\s+survives/gm)].map((m) => m[1]);
    expect(order).toEqual(byTeam(order as string[]));
    expect(order.indexOf('maniac')).toBe(order.length - 1);
    const html = readFileSync(join(out, 'report.html'), 'utf8');
    const command = /<pre id="command">([^<]*)<\/pre>/.exec(html)![1]!;
    expect(command).toMatch(/ --seed 1( |$)/);
    expect(command).toMatch(/ --games 300( |$)/);
    expect(html).toContain('id="team">Mafia clan, 4 of 16 players: Boss + 2 Mafia + Kamikaze</p>');
  });
});
