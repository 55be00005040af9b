import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AgentSpecError, DEFAULT_AGENTS, createProvider, parseAgents } from '../../src/agents/index.js';
import { RENAMED_PARAMS } from '../../src/agents/params.js';
import { RandomProvider } from '../../src/agents/random.js';
import { Game } from '../../src/engine/game.js';
import { resolveRules } from '../../src/engine/rules.js';

function specError(f: () => unknown): AgentSpecError {
  try {
    f();
  } catch (e) {
    if (e instanceof AgentSpecError) return e;
    throw e;
  }
  throw new Error('expected an AgentSpecError');
}

describe('parseAgents', () => {
  it('defaults to the club profile', () => {
    expect(DEFAULT_AGENTS).toBe('club');
    expect(parseAgents().canonical).toBe('club');
    expect(parseAgents('').canonical).toBe('club');
  });

  it('gives canonical text that parses back to itself, whatever the input order and spelling', () => {
    const a = parseAgents(' mafia=novice , town=expert ', ['commissar.revealDay=3', 'town.noise=0'], []);
    const b = parseAgents('club,town=expert,mafia=novice,town.noise=0,commissar.revealDay=3');
    expect(a.canonical).toBe(b.canonical);
    expect(a.canonical).toBe('club,town=expert,mafia=novice,commissar.revealDay=3,town.noise=0');
    expect(parseAgents(a.canonical).canonical).toBe(a.canonical);
  });

  it('accepts role scopes and the boss alias, and drops a team given the base profile', () => {
    expect(parseAgents('boss=novice').canonical).toBe('club,don=novice');
    expect(parseAgents('expert,town=expert,commissar=random').canonical).toBe('expert,commissar=random');
    expect(parseAgents('mafioso=expert').canonical).toBe('club,mafioso=expert');
  });

  it('names the flag, the parameter or the profile in one line', () => {
    expect(specError(() => parseAgents('grandmaster')).message).toMatch(/^--agents: unknown profile "grandmaster"; profiles: random, novice, club, expert/);
    expect(specError(() => parseAgents('town=wizard')).message).toMatch(/unknown profile "wizard" for town/);
    expect(specError(() => parseAgents('club', ['readSkill=9'])).message).toBe('readSkill: got "9"; allowed: a number from 0 to 5');
    expect(specError(() => parseAgents('club', ['hunt.odds=high'])).field).toBe('hunt.odds');
    expect(specError(() => parseAgents('club', ['nosuch=1'])).message).toMatch(/^--agent-param: unknown team, role or parameter "nosuch"/);
    expect(specError(() => parseAgents('random', ['readSkill=1'])).message).toMatch(/random profile has no parameters/);
    expect(specError(() => parseAgents('club', [], ['wizard=./x.js'])).message).toMatch(/^--agent-module: unknown team or role "wizard"/);
    for (const bad of ['grandmaster', 'town=wizard']) expect(specError(() => parseAgents(bad)).message).not.toMatch(/\n/);
  });

  it('refuses each belief threshold\'s old key naming the new one, with a suggestion that parses', () => {
    for (const [old, now] of Object.entries(RENAMED_PARAMS)) {
      for (const scope of ['', 'town.']) {
        const e = specError(() => parseAgents(`club,${scope}${old}=0.5`));
        expect(e.field).toBe(`${scope}${old}`);
        expect(e.message).toContain(`renamed ${now}`);
        const suggested = /e\.g\. (\S+)$/.exec(e.message)![1]!;
        expect(suggested.startsWith(`${scope}${now}=`)).toBe(true);
        expect(() => parseAgents(`club,${suggested}`)).not.toThrow();
      }
    }
  });

  it('the random profile plays exactly as the random player', async () => {
    const rules = resolveRules('club');
    const a = new Game(rules);
    const b = new Game(rules);
    const viaSpec = await createProvider(parseAgents('random'), rules);
    const direct = new RandomProvider();
    for (let k = 0; k < 300; k++) {
      expect(a.play(5, k, viaSpec)).toBe(b.play(5, k, direct));
      expect(Array.from(a.table.deathCause)).toEqual(Array.from(b.table.deathCause));
    }
  });
});

describe('agent modules', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mafia-agents-'));
  const write = (name: string, body: string): string => {
    const p = join(dir, name);
    writeFileSync(p, body);
    return p;
  };

  it('plays a user module for a role, and records its path in the canonical text', async () => {
    const path = write('first.mjs', 'export function createAgent(seat, role) { return { begin() {}, choose(view, d) { return d.options[0]; } }; }\n');
    const spec = parseAgents('club', [], [`commissar=${path}`]);
    expect(spec.canonical).toBe(`club,commissar=module:${path}`);
    const rules = resolveRules('club');
    const provider = await createProvider(parseAgents(spec.canonical), rules);
    const game = new Game(rules);
    for (let k = 0; k < 50; k++) expect(game.play(1, k, provider)).toBeGreaterThanOrEqual(0);
  });

  it('names the module when it cannot be loaded or lacks createAgent', async () => {
    const rules = resolveRules('club');
    const missing = join(dir, 'nope.mjs');
    await expect(createProvider(parseAgents('club', [], [`doctor=${missing}`]), rules)).rejects.toThrow(`--agent-module: ${missing} cannot be loaded`);
    const empty = write('empty.mjs', 'export const x = 1;\n');
    await expect(createProvider(parseAgents('club', [], [`doctor=${empty}`]), rules)).rejects.toThrow(`${empty} must export a function createAgent`);
  });

  it('names the module when its agent throws or answers an illegal seat', async () => {
    const rules = resolveRules('club');
    const thrower = write('throws.mjs', 'export function createAgent() { return { begin() {}, choose() { throw new Error("boom"); } }; }\n');
    const game = new Game(rules);
    const p1 = await createProvider(parseAgents('club', [], [`town=${thrower}`]), rules);
    expect(() => game.play(1, 0, p1)).toThrow(new RegExp(`agent module ${thrower} \\(seat \\d+, \\w+\\): choose threw: boom`));
    const illegal = write('illegal.mjs', 'export function createAgent() { return { begin() {}, choose() { return 99; } }; }\n');
    const p2 = await createProvider(parseAgents('club', [], [`town=${illegal}`]), rules);
    expect(() => game.play(1, 0, p2)).toThrow(`agent module ${illegal} (seat`);
  });
});
