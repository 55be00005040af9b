// The batch entries' shared pieces (src/sim/entries.ts): rules rebuilt from
// a task's canonical text against its hash, and the setups a thread keeps.

import { describe, expect, it } from 'vitest';
import { resolveRules } from '../../src/engine/rules.js';
import { SetupCache, rebuildRules } from '../../src/sim/entries.js';

describe('rebuildRules', () => {
  it("rebuilds a task's rules and refuses a hash they do not have", () => {
    const r = resolveRules('forum', { players: 16 });
    expect(rebuildRules({ rules: r.canonical, rulesHash: r.hash, preset: r.preset }).hash).toBe(r.hash);
    expect(() => rebuildRules({ rules: r.canonical, rulesHash: '0000000000000000', preset: r.preset })).toThrow(/worker rebuilt rules .*, expected 0000000000000000/);
  });
});

describe('SetupCache', () => {
  it('builds a setup once, and drops the oldest past its size', async () => {
    const cache = new SetupCache<string>(2);
    let builds = 0;
    const build = (v: string) => () => Promise.resolve(`${v}${++builds}`);
    expect(await cache.get('a', build('a'))).toBe('a1');
    expect(await cache.get('a', build('a'))).toBe('a1');
    await cache.get('b', build('b'));
    await cache.get('c', build('c')); // drops a
    expect(await cache.get('b', build('b'))).toBe('b2');
    expect(await cache.get('a', build('a'))).toBe('a4');
  });

  it('keeps no setup that failed to build, so the next run builds it again', async () => {
    const cache = new SetupCache<string>(4);
    await expect(cache.get('a', () => Promise.reject(new Error('bad agents')))).rejects.toThrow('bad agents');
    await new Promise((r) => setImmediate(r));
    expect(await cache.get('a', () => Promise.resolve('ok'))).toBe('ok');
  });

  it("an old failure does not drop the setup built in its place", async () => {
    const cache = new SetupCache<string>(1);
    let fail!: (e: Error) => void;
    const failing = cache.get('a', () => new Promise<string>((_, reject) => (fail = reject)));
    await cache.get('b', () => Promise.resolve('b')); // drops the pending a
    expect(await cache.get('a', () => Promise.resolve('a again'))).toBe('a again');
    fail(new Error('late'));
    await expect(failing).rejects.toThrow('late');
    let rebuilt = false;
    expect(await cache.get('a', () => ((rebuilt = true), Promise.resolve('a third')))).toBe('a again');
    expect(rebuilt).toBe(false);
  });
});
