// What the two batch entries (worker.ts for games, records/worker.ts for
// games turned into records) share: the rules rebuilt from the canonical
// text a task carries and checked against its hash, and the few setups a
// thread keeps built (its players), each built once.

import type { PresetName } from '../engine/presets.js';
import { rulesFromCanonical, type Rules } from '../engine/rules.js';

/** The rules as a task carries them across the thread hop. */
export interface WireRules {
  readonly rules: string;
  readonly rulesHash: string;
  readonly preset: PresetName;
}

export function rebuildRules(w: WireRules): Rules {
  const rules = rulesFromCanonical(w.rules, w.preset);
  if (rules.hash !== w.rulesHash) throw new Error(`worker rebuilt rules ${rules.hash}, expected ${w.rulesHash}`);
  return rules;
}

/**
 * Setups built on this thread, by key, the oldest dropped past `max`. A
 * setup that failed to build is not kept: the calling thread lives on after
 * its run fails, and the next run must see the failure again.
 */
export class SetupCache<T> {
  private readonly built = new Map<string, Promise<T>>();

  constructor(private readonly max: number) {}

  get(key: string, build: () => Promise<T>): Promise<T> {
    let p = this.built.get(key);
    if (!p) {
      if (this.built.size >= this.max) this.built.delete(this.built.keys().next().value!);
      p = build();
      this.built.set(key, p);
      const kept = p;
      kept.catch(() => {
        if (this.built.get(key) === kept) this.built.delete(key);
      });
    }
    return p;
  }
}
