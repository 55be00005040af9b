// Rules in words for people: what one rule set changes from another, as
// the `key=value` words a `--set` takes (the report's and replay's
// comparisons), and the role counts as `key: count` for display.

import { OPTION_SPECS, type OptionValue } from './options.js';
import type { CanonicalRules, Rules } from './rules.js';
import { ROLE_ROWS } from './roles.js';

/**
 * What `rules` changes from `base`, as `key=value` words a `--set` takes:
 * the player count, each role count (the built-in roles in table order,
 * then a rules file's own by key), each option (in table order; a quiet
 * option left out of the canonical rules is at its default, not changed).
 * A role the rules define anew, or otherwise than `base`, adds
 * `define.<key>` (no `--set` makes one: its definition is in the canonical
 * rules, which `mafia-sim rules --json` prints).
 */
export function rulesChanges(base: CanonicalRules, rules: CanonicalRules): string[] {
  const out: string[] = [];
  if (rules.players !== base.players) out.push(`players=${rules.players}`);
  for (const key of roleKeysOf(base, rules)) {
    const a = base.roles[key] ?? 0;
    const b = rules.roles[key] ?? 0;
    if (a !== b) out.push(`roles.${key}=${b}`);
  }
  for (const o of OPTION_SPECS) {
    const value = (c: CanonicalRules): OptionValue | undefined => c.options[o.key] ?? (o.quiet ? o.def : undefined);
    if (value(base) !== value(rules)) out.push(`${o.key}=${String(value(rules))}`);
  }
  for (const key of Object.keys({ ...base.define, ...rules.define }).sort()) {
    const [a, b] = [base.define?.[key], rules.define?.[key]];
    if (JSON.stringify(a) !== JSON.stringify(b)) out.push(b === undefined ? `define.${key}=none` : `define.${key}`);
  }
  return out;
}

/** The role keys of two canonical rules: every built-in one in table order, then the others (a rules file's own) by key. */
function roleKeysOf(...all: readonly CanonicalRules[]): string[] {
  const builtIn = ROLE_ROWS.map((r) => r.key);
  const own = new Set<string>();
  for (const c of all) for (const k of [...Object.keys(c.roles), ...Object.keys(c.define ?? {})]) if (!builtIn.includes(k)) own.add(k);
  return [...builtIn, ...[...own].sort()];
}

/** The role counts as `key: count` for display, zero counts left out. */
export function roleCounts(rules: Rules): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of rules.book.specs) if (rules.roles[r.id]! > 0) out[r.key] = rules.roles[r.id]!;
  return out;
}
