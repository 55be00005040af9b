// report.html: one self-contained page (inline CSS and SVG, no script, a CSP
// that forbids every fetch) with the win rates, paired differences, charts,
// the rules in a readable table, and the command that reproduces the study.

import { OPTION_SPECS } from '../engine/options.js';
import { rulesChanges } from '../engine/rulesDisplay.js';
import { excludesZeroOnlyUnadjusted, fmtAgents, fmtCount, fmtP, fmtPct, fmtPctHalf, fmtPctInterval, fmtPoints, fmtPointsInterval, fmtSettings, gamesPerVariantText, holmNote } from './format.js';
import { studyHeadline } from './headline.js';
import { stopNotes } from './stopNote.js';
import { activeOutcomes, DIFFERENCE_LABEL, type StudySummary, type VariantSummary } from './summary.js';
import { dealtRoles, mafiaRoles, mafiaTeamName, studyTeamText, teamVaries } from './teams.js';

export interface RenderedChart {
  readonly name: string;
  readonly title: string;
  readonly svg: string;
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * Vega numbers clip paths from 1 in every SVG, so several inline charts would
 * share ids; prefixing keeps each chart's references to its own defs.
 */
export function scopeSvgIds(svg: string, prefix: string): string {
  return svg
    .replace(/\bid="([^"]+)"/g, (_m, id: string) => `id="${prefix}-${id}"`)
    .replace(/url\(#([^)]+)\)/g, (_m, id: string) => `url(#${prefix}-${id})`)
    .replace(/href="#([^"]+)"/g, (_m, id: string) => `href="#${prefix}-${id}"`);
}

const CSS = `
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#222;max-width:1100px;margin:2em auto;padding:0 1.2em;line-height:1.45}
h1{font-size:1.6em;margin-bottom:.2em}h2{font-size:1.25em;margin-top:1.8em;border-bottom:1px solid #ddd;padding-bottom:.2em}
.meta{color:#555;font-size:.92em}
pre{background:#f4f4f4;border:1px solid #ddd;padding:.7em;overflow-x:auto;white-space:pre-wrap;word-break:break-all}
table{border-collapse:collapse;margin:.6em 0;font-size:.9em}
th,td{border:1px solid #ddd;padding:.3em .6em;text-align:left;vertical-align:top}
th{background:#f0f0f0}tr:nth-child(even) td{background:#fafafa}
td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
td.sig{font-weight:600;color:#0a5}
figure{margin:1.2em 0}figcaption{font-weight:600;margin-bottom:.4em}
figure svg{max-width:100%;height:auto}
.note{color:#555;font-size:.88em}
.headline{font-size:1.15em;font-weight:600;margin:.3em 0 .6em}
.warning{background:#fff4e0;border:1px solid #e69f00;padding:.5em .7em}
`;

/** The page; `headline` replaces the standard one (a balance command's finding). */
export function reportHtml(s: StudySummary, charts: readonly RenderedChart[], headline: string = studyHeadline(s)): string {
  const body = [
    `<h1>${escapeHtml(s.title)}</h1>`,
    `<p class="headline" id="headline">${escapeHtml(headline)}</p>`,
    ...stopNotes(s).map((n) => `<p class="warning" id="${n.id}">${escapeHtml(n.text)}${n.command ? ` <code>${escapeHtml(n.command)}</code>` : ''}</p>`),
    s.description ? `<p>${escapeHtml(s.description)}</p>` : '',
    metaLine(s),
    `<p class="meta" id="team">${escapeHtml(studyTeamText(s.variants))}</p>`,
    `<h2>Reproduce</h2><pre id="command">${escapeHtml(s.command)}</pre>`,
    `<h2>Win rates</h2>`,
    ratesTable(s),
    s.pairs.length > 0 ? `<h2>Paired differences</h2><p class="note" id="sign">${escapeHtml(DIFFERENCE_LABEL)}: positive means the variant makes the outcome more likely than its base (the earlier variant of the pair).</p>${differencesTable(s)}` : '',
    skippedList(s),
    charts.length > 0 ? `<h2>Charts</h2>${charts.map(figure).join('\n')}` : '',
    `<h2>Rules</h2>`,
    rulesTables(s),
    `<h2>Method</h2>${methodNote(s)}`,
  ];
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(s.title)} – mafia-sim</title>`,
    `<style>${CSS}</style>`,
    '</head><body>',
    ...body.filter((x) => x !== ''),
    '</body></html>',
    '',
  ].join('\n');
}

function metaLine(s: StudySummary): string {
  const agents = fmtAgents(s.variants.map((v) => v.agents));
  return `<p class="meta">${escapeHtml(gamesPerVariantText(s))} · seed ${s.seed} · agents ${escapeHtml(agents)} · ${s.variants.length} variant${s.variants.length === 1 ? '' : 's'} · mafia-sim ${escapeHtml(s.version)} · generator ${escapeHtml(s.generator)}</p>`;
}

function figure(c: RenderedChart): string {
  return `<figure class="chart" id="chart-${escapeHtml(c.name)}"><figcaption>${escapeHtml(c.title)}</figcaption>${scopeSvgIds(c.svg, c.name)}</figure>`;
}

function ratesTable(s: StudySummary): string {
  const outcomes = activeOutcomes(s);
  const keys = s.sweep?.keys ?? [];
  const varies = teamVaries(s.variants);
  const team = varies ? [mafiaTeamName(s.variants[0]!.preset)] : [];
  const head = ['variant', ...keys, ...team, ...outcomes.map((o) => `${o} (% ± 95%, interval)`), 'mean days', 'games'];
  const rows = s.variants.map((v) => {
    const cells = [
      `<td>${escapeHtml(v.label)}</td>`,
      ...keys.map((k) => `<td class="num">${escapeHtml(String(v.settings[k] ?? ''))}</td>`),
      ...(varies ? [`<td>${escapeHtml(mafiaRoles(v.preset, v.rules))}</td>`] : []),
      ...outcomes.map((o) => {
        const r = v.rates[o];
        return `<td class="num" title="${fmtCount(r.count)} games; interval ${fmtPctInterval(r.lo, r.hi)}%">${fmtPctHalf(r)} <span class="note">${fmtPctInterval(r.lo, r.hi)}</span></td>`;
      }),
      `<td class="num">${v.meanDays.toFixed(2)}</td>`,
      `<td class="num">${fmtCount(v.games)}</td>`,
    ];
    return `<tr>${cells.join('')}</tr>`;
  });
  return table('rates', head, rows);
}

function differencesTable(s: StudySummary): string {
  const outcomes = activeOutcomes(s);
  const head = ['base', 'variant', 'outcome', 'base rate', 'variant rate', 'variant − base (points)', '95% interval (points)', 'p (Holm)', 'verdict'];
  let marked = false;
  const rows = s.pairs.flatMap((p) =>
    outcomes
      .filter((o) => p.differences[o].tested)
      .map((o) => {
        const d = p.differences[o];
        const mark = excludesZeroOnlyUnadjusted(d);
        marked ||= mark;
        const verdict = d.significant ? '<td class="sig">significant</td>' : `<td>not significant${mark ? '*' : ''}</td>`;
        return `<tr><td>${escapeHtml(p.baseLabel)}</td><td>${escapeHtml(p.variantLabel)}</td><td>${o}</td><td class="num">${fmtPct(d.baseRate)}</td><td class="num">${fmtPct(d.variantRate)}</td><td class="num">${fmtPoints(d.diff)}</td><td class="num">${fmtPointsInterval(d.lo, d.hi)}</td><td class="num">${escapeHtml(fmtP(d.pHolm))}</td>${verdict}</tr>`;
      }),
  );
  return table('differences', head, rows) + (marked ? `<p class="note" id="holm-note">${escapeHtml(holmNote(s.statistics.tests))}</p>` : '');
}

function skippedList(s: StudySummary): string {
  if (!s.skipped || s.skipped.length === 0) return '';
  const items = s.skipped.map((k) => `<li>${escapeHtml(k.label)}: ${escapeHtml(k.reason)}</li>`).join('');
  return `<p class="note">Setups left out of the grid because they cannot be played:</p><ul class="note">${items}</ul>`;
}

function table(id: string, head: string[], rows: string[]): string {
  return `<table id="${id}"><thead><tr>${head.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** The first variant in full, then only what each other variant changes. */
function rulesTables(s: StudySummary): string {
  const base = s.variants[0];
  if (!base) return '';
  const roles = dealtRoles(base.preset, base.rules).map((r) => `${r.label} ×${r.count}`);
  const parts = [
    `<p>${s.variants.length > 1 ? `Rules of <b>${escapeHtml(base.label)}</b>` : 'Rules'} (${escapeHtml(base.preset)} preset, rules hash <code>${escapeHtml(base.rulesHash)}</code>): ${base.rules.players} players: ${escapeHtml(roles.join(', '))}. Agents: <code>${escapeHtml(base.agents)}</code>.</p>`,
    table(
      'rules',
      ['option', 'value', 'meaning'],
      OPTION_SPECS.filter((o) => o.key in base.rules.options).map(
        (o) => `<tr><td><code>${escapeHtml(o.key)}</code></td><td>${escapeHtml(String(base.rules.options[o.key]))}</td><td>${escapeHtml(o.doc)}</td></tr>`,
      ),
    ),
  ];
  if (s.variants.length > 1) {
    const rows = s.variants.slice(1).map((v) => `<tr><td>${escapeHtml(v.label)}</td><td>${escapeHtml(changesFrom(base, v))}</td></tr>`);
    parts.push(`<p>What each other variant changes:</p>`, table('variant-changes', ['variant', `changes from ${base.label}`], rows));
  }
  return parts.join('\n');
}

/** The options, role counts, player count and agents that differ from `base`. */
export function changesFrom(base: VariantSummary, v: VariantSummary): string {
  const out = rulesChanges(base.rules, v.rules);
  if (v.agents !== base.agents) out.push(`agents ${v.agents}`);
  return out.length > 0 ? out.join(', ') : 'nothing (same game)';
}

function methodNote(s: StudySummary): string {
  const pairs = s.pairs.length > 0 ? ` Differences: ${escapeHtml(s.statistics.difference)}; significance: ${escapeHtml(s.statistics.significance)}.` : '';
  const settings = s.variants.some((v) => Object.keys(v.settings).length > 0) && !s.sweep ? ` Variant settings: ${s.variants.map((v) => `${escapeHtml(v.label)}: ${escapeHtml(fmtSettings(v.settings) || '(base)')}`).join('; ')}.` : '';
  const files = `Files beside this page: summary.json (everything), outcomes.csv, lengths.csv, roles.csv${s.pairs.length > 0 ? ', differences.csv' : ''}, and each chart as SVG.`;
  return `<p class="note">${escapeHtml(seedsText(s))} Rates in percent, with ${escapeHtml(s.statistics.interval)} intervals; "±" is the larger side of the interval. Differences of rates in percentage points ("points"): +2.0 points is 30.0% to 32.0%. The files keep fractions.${pairs}${settings} ${files}</p>`;
}

/** How the games were chosen: one variant plays a range of seeds; several play the same ones, which pairs them. */
function seedsText(s: StudySummary): string {
  const games = `games 0 to ${fmtCount(Math.max(0, s.games - 1))} of seed ${s.seed}`;
  if (s.variants.length === 1) return `One setup, ${games}; each game depends only on the rules, the agents, the seed and its number, so the command above plays them again exactly.`;
  const counts = new Set(s.variants.map((v) => v.games));
  if (counts.size > 1) return `Every variant plays games 0, 1, 2, ... of seed ${s.seed}, as many as the search gave it (${gamesPerVariantText(s)}), so any two share their first games.`;
  return `Every variant plays the same ${games}${s.pairs.length > 0 ? ', so differences are paired' : ''}.`;
}
