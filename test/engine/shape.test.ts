// The rules' options and the players' parameters are read by the hottest
// code, and a run meets many sets of them (a comparison's variants, a record
// set's setups, a search's points). Every set must share one hidden class
// (src/engine/shape.ts), or V8 throws away the code compiled against the
// first set it saw. V8 says whether two objects share one only with
// --allow-natives-syntax, so the built package is asked in a child node.

import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const INDEX = fileURLToPath(new URL('../../dist/src/index.js', import.meta.url));
const PARAMS = fileURLToPath(new URL('../../dist/src/agents/params.js', import.meta.url));
const RULES_SOURCE = fileURLToPath(new URL('../../dist/src/cli/rulesSource.js', import.meta.url));
const ALLSTARS = fileURLToPath(new URL('../../rules/mafia-allstars.yaml', import.meta.url));

/** Runs `body` (ES module code with `sameShape(a, b)` and `fast(o)` in scope) in node with V8's natives, returning what it prints as JSON. */
function askV8(body: string): unknown {
  const script = `const sameShape = (a, b) => %HaveSameMap(a, b); const fast = (o) => %HasFastProperties(o);
    const { resolveRules, rulesFromCanonical, PRESET_NAMES } = await import(${JSON.stringify(INDEX)});
    const { loadRulesDoc } = await import(${JSON.stringify(RULES_SOURCE)});
    const { profileParams } = await import(${JSON.stringify(PARAMS)});
    ${body}`;
  return JSON.parse(execFileSync(process.execPath, ['--allow-natives-syntax', '--input-type=module', '-e', script], { encoding: 'utf8' }));
}

describe('objects of one shape', () => {
  it("every preset's options, a rules file's, options set to a fraction or a whole number and options rebuilt from canonical text share one shape", () => {
    const r = askV8(`
      // Whole numbers first: a field's kind is set by its first value.
      const sets = [resolveRules({ preset: 'club', options: { 'inactivity.missRate': 0, 'limits.maxDays': 40 } }).options,
        ...PRESET_NAMES.map((p) => resolveRules(p).options),
        resolveRules({ preset: 'club', options: { 'inactivity.missRate': 0.25, 'limits.maxDays': 7 } }).options,
        resolveRules({ preset: 'forum', players: 30, options: { 'vote.tie': 'random' } }).options];
      // A rules file's options (read from YAML), and every set rebuilt from its canonical text, as workers rebuild them.
      const doc = loadRulesDoc(${JSON.stringify(ALLSTARS)});
      for (const players of [7, 12, 16]) sets.push(resolveRules({ ...doc, players }).options);
      for (const o of [...sets]) { const r = resolveRules({ preset: 'club', options: o }); sets.push(rulesFromCanonical(r.canonical, r.preset).options); }
      console.log(JSON.stringify({ same: sets.map((o) => sameShape(o, sets[0])), fast: sets.every(fast), frozen: sets.every(Object.isFrozen) }));`) as { same: boolean[]; fast: boolean; frozen: boolean };
    expect(r.same.every(Boolean)).toBe(true);
    expect(r.fast).toBe(true);
    expect(r.frozen).toBe(true);
  });

  it("every profile's parameters, and parameters set to a fraction or a whole number, share one shape", () => {
    const r = askV8(`
      // Whole numbers first: a field's kind is set by its first value.
      const sets = [profileParams('club', new Map([['readSkill', 1], ['commissar.revealDay', 3]]))];
      sets.push(...['novice', 'club', 'expert', 'strangers', 'live'].map((p) => profileParams(p)));
      sets.push(profileParams('club', new Map([['readSkill', 0.37], ['commissar.revealDay', 3]])), profileParams('club', new Map([['readSkill', 2], ['commissar.revealDay', 2.5]])));
      console.log(JSON.stringify({ same: sets.map((o) => sameShape(o, sets[0])), fast: sets.every(fast), frozen: sets.every(Object.isFrozen) }));`) as { same: boolean[]; fast: boolean; frozen: boolean };
    expect(r.same.every(Boolean)).toBe(true);
    expect(r.fast).toBe(true);
    expect(r.frozen).toBe(true);
  });
});
