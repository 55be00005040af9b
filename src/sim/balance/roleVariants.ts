// The setups `roles` compares, built from a base setup's role counts: one
// more of each role in place of a Civilian, one fewer replaced by a
// Civilian, and one Civilian more and one fewer (the unit of the point
// scale). Player count and every option stay as in the base, except that
// the Civilian variants change the player count by one.

import { ROLES, Role } from '../../engine/roles.js';
import { resolveRules, RulesError, type Rules } from '../../engine/rules.js';

export type RoleChange = 'base' | 'add' | 'remove' | 'civilian+' | 'civilian-';

export interface RoleVariant {
  readonly label: string;
  readonly role: string;
  readonly change: RoleChange;
  readonly rules: Rules;
}

export interface RefusedRoleVariant {
  readonly label: string;
  readonly role: string;
  readonly change: RoleChange;
  readonly reason: string;
}

/** Rules with these role counts and the base's options (the player count is their sum). */
export function rulesWithRoles(base: Rules, roles: readonly number[]): Rules {
  const counts = Object.fromEntries(ROLES.map((r) => [r.key, roles[r.id]!]));
  return resolveRules({ preset: base.preset, roles: counts, options: { ...base.options } });
}

/**
 * Every variant for the listed roles (every role but Civilian when `only`
 * is empty). The base comes first, then the Civilian unit, then each role's
 * add and remove; variants the rules refuse are returned apart with the reason.
 */
export function roleVariants(base: Rules, only: readonly string[] = []): { variants: RoleVariant[]; refused: RefusedRoleVariant[] } {
  const variants: RoleVariant[] = [];
  const refused: RefusedRoleVariant[] = [];
  const tryVariant = (label: string, role: string, change: RoleChange, delta: ReadonlyArray<readonly [Role, number]>): void => {
    const roles = base.roles.slice();
    for (const [r, d] of delta) roles[r] = roles[r]! + d;
    const short = delta.find(([r]) => roles[r]! < 0);
    if (short) {
      refused.push({ label, role, change, reason: `the base setup has no ${ROLES[short[0]]!.label} to replace` });
      return;
    }
    try {
      variants.push({ label, role, change, rules: rulesWithRoles(base, roles) });
    } catch (e) {
      if (!(e instanceof RulesError)) throw e;
      refused.push({ label, role, change, reason: e.message });
    }
  };
  tryVariant('base', 'civilian', 'base', []);
  tryVariant('+1 civilian', 'civilian', 'civilian+', [[Role.Civilian, 1]]);
  tryVariant('−1 civilian', 'civilian', 'civilian-', [[Role.Civilian, -1]]);
  for (const spec of ROLES) {
    if (spec.id === Role.Civilian) continue;
    if (only.length > 0 && !only.includes(spec.key)) continue;
    tryVariant(`+${spec.key}`, spec.key, 'add', [
      [spec.id, 1],
      [Role.Civilian, -1],
    ]);
    if (base.roles[spec.id]! > 0) {
      tryVariant(`−${spec.key}`, spec.key, 'remove', [
        [spec.id, -1],
        [Role.Civilian, 1],
      ]);
    }
  }
  return { variants, refused };
}
