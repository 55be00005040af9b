// A refused table size or count suggests fixes, and every suggested fix is
// itself accepted: for each preset, bad player counts, mafia counts and role
// counts are fed in, each suggestion is taken from the error line, applied,
// and the rules must then resolve. A few cases go through the real CLI.

import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRules, type RulesArgs } from '../../src/cli/rulesSource.js';
import { PRESET_NAMES } from '../../src/engine/presets.js';
import { RulesError } from '../../src/engine/rules.js';

const MAIN = join(import.meta.dirname, '../../dist/src/cli/main.js');

/** The fixes a message suggests: `--players 9`, `--mafia 2`, `--set roles.don=0`. */
function suggestions(message: string): string[][] {
  const use = /; use (.+)$/.exec(message);
  if (!use) return [];
  return use[1]!.split(' or ').map((fix) => fix.replace(/ \(.*\)$/, '').split(' '));
}

/** The flags of a fix replace the same flags given before (a `--set` key replaces that key). */
function applyFix(a: RulesArgs, fix: readonly string[]): RulesArgs {
  let out = { ...a };
  for (let i = 0; i < fix.length; i += 2) {
    const [flag, value] = [fix[i], fix[i + 1]!];
    if (flag === '--players') out = { ...out, players: value };
    else if (flag === '--mafia') out = { ...out, mafia: value };
    else if (flag === '--set') out = { ...out, set: [...(out.set ?? []).filter((x) => x.split('=')[0] !== value.split('=')[0]), value] };
    else throw new Error(`unexpected fix ${fix.join(' ')}`);
  }
  return out;
}

/** The command line with the fix's flags in place of the same flags. */
function applyFixToArgs(args: readonly string[], fix: readonly string[]): string[] {
  const out = [...args];
  for (let i = 0; i < fix.length; i += 2) {
    const at = out.indexOf(fix[i]!);
    if (at >= 0 && fix[i] !== '--set') out.splice(at, 2);
    out.push(fix[i]!, fix[i + 1]!);
  }
  return out;
}

function refusal(a: RulesArgs): RulesError | null {
  try {
    loadRules(a);
    return null;
  } catch (e) {
    if (e instanceof RulesError) return e;
    throw e;
  }
}

/** Bad inputs for a preset: small tables, too many or no mafia, too many special roles. */
function badInputs(rules: string): RulesArgs[] {
  const out: RulesArgs[] = [];
  for (let n = 1; n <= 12; n++) {
    out.push({ rules, players: String(n) });
    for (let m = 0; m <= n; m++) out.push({ rules, players: String(n), mafia: String(m) });
  }
  out.push({ rules, mafia: '40' }, { rules, set: ['roles.doctor=30'] }, { rules, set: ['roles.mafia=0', 'roles.don=0'] }, { rules, set: ['players=4'] }, { rules, players: '10', set: ['mafia=6'] });
  return out;
}

describe('suggested fixes for unplayable tables', () => {
  it.each(PRESET_NAMES)('every fix suggested for a bad %s table is accepted', (preset) => {
    let refused = 0;
    for (const a of badInputs(preset)) {
      const e = refusal(a);
      if (!e) continue;
      refused++;
      const fixes = suggestions(e.message);
      expect(fixes.length, `${JSON.stringify(a)} -> ${e.message}`).toBeGreaterThan(0);
      for (const fix of fixes) expect(refusal(applyFix(a, fix)), `${JSON.stringify(a)} -> ${e.message}: ${fix.join(' ')}`).toBeNull();
    }
    expect(refused).toBeGreaterThan(20);
  });

  it('names the smallest club table and a classic fix that plays', () => {
    expect(refusal({ rules: 'club', players: '3' })!.message).toMatch(/use --players 9 \(/);
    const classic = refusal({ rules: 'classic', players: '2', mafia: '1' })!.message;
    expect(classic).not.toMatch(/mafia 0/);
    expect(classic).toMatch(/use --players 3/);
  });

  it.each([
    [['--players', '3']],
    [['--rules', 'classic', '--players', '2', '--mafia', '1']],
    [['--rules', 'forum', '--players', '20', '--mafia', '15']],
  ])('the CLI accepts the fix it suggests for %j', async (args) => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` first`);
    const bad = await cli(['rules', ...args]);
    expect(bad.code).toBe(2);
    const fixes = suggestions(bad.stderr.trim());
    expect(fixes.length).toBeGreaterThan(0);
    for (const fix of fixes) expect((await cli(['rules', ...applyFixToArgs(args, fix)])).code).toBe(0);
  });
});

function cli(args: readonly string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [MAIN, ...args], { timeout: 60_000 }, (error, _stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stderr });
    });
  });
}
