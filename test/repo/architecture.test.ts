// The house rules of the source tree that no compiler checks: layers import
// downward only (cli -> report, sim -> agents -> engine; the sim never
// formats pages), src/report/ mirrors src/sim/'s folders, players never
// import the game's state, named exports only, no `any` in the engine, a
// header comment on every module (bench/ and scripts/ too), and a module
// past 400 lines says in that header why it stays whole.

import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const src = join(root, 'src');

/** What each layer may import besides itself: the layers below it. */
const MAY_IMPORT: Record<string, readonly string[]> = {
  engine: [],
  agents: ['engine'],
  sim: ['agents', 'engine'],
  report: ['sim', 'agents', 'engine'],
  cli: ['report', 'sim', 'agents', 'engine'],
};

/** The TypeScript and module files anywhere under a folder, as absolute paths. */
function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(c?ts|mjs)$/.test(name))
    .map((name) => join(dir, name));
}

/** The relative modules a file imports, statically or by `import()`, as paths under src/. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:from\s+|import\s*\(\s*)'(\.{1,2}\/[^']+)'/g)].map((m) => m[1]!);
  return specs.map((s) => relative(src, resolve(dirname(file), s)));
}

const layerOf = (pathUnderSrc: string): string => pathUnderSrc.split(/[\\/]/)[0]!;
const files = sourcesUnder(src);
const underSrc = (f: string): string => relative(src, f);
/** The measuring and build scripts beside the package's code: house style holds there too. */
const tooling = [...sourcesUnder(join(root, 'bench')), ...sourcesUnder(join(root, 'scripts'))];

/** Whether TypeScript code (not its strings or comments) names the type `any`. */
function namesAny(code: string): boolean {
  const source = ts.createSourceFile('probe.ts', code, ts.ScriptTarget.Latest, false);
  const visit = (node: ts.Node): boolean => node.kind === ts.SyntaxKind.AnyKeyword || (ts.forEachChild(node, visit) ?? false);
  return visit(source);
}

/** The first comment block of a module (after a shebang): its header. */
function headerOf(text: string): string {
  const lines = text.split('\n');
  let i = lines[0]?.startsWith('#!') ? 1 : 0;
  const out: string[] = [];
  while (i < lines.length && lines[i]!.startsWith('//')) out.push(lines[i++]!);
  return out.join('\n');
}

describe('the source tree', () => {
  it('finds the modules and their imports (the checks below look at something)', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(tooling.length).toBeGreaterThan(10);
    const agentImports = files.filter((f) => layerOf(underSrc(f)) === 'agents').flatMap(importsOf);
    expect(agentImports.some((p) => layerOf(p) === 'engine')).toBe(true);
    expect(importsOf(join(src, 'cli/study.ts')).some((p) => layerOf(p) === 'report')).toBe(true);
  });

  it('imports downward only: the engine never an agent, the sim, a report or the CLI; the sim never a report', () => {
    const wrong: string[] = [];
    for (const f of files) {
      const from = layerOf(underSrc(f));
      if (f === join(src, 'index.ts')) continue; // the front door exports every layer
      const allowed = MAY_IMPORT[from];
      expect(allowed, `${underSrc(f)} is in no known layer`).toBeDefined();
      for (const to of importsOf(f).map(layerOf)) {
        if (to !== from && !allowed!.includes(to)) wrong.push(`${underSrc(f)} imports ${to}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("keeps the players off the game's state: no agent module imports the table or the game", () => {
    // A player sees his own view (engine/view.ts, agent.ts); the Table holds every seat's true team.
    const state = new Set(['engine/table.ts', 'engine/game.ts']);
    const side = files
      .filter((f) => layerOf(underSrc(f)) === 'agents')
      .flatMap((f) => importsOf(f).filter((p) => state.has(p.replace(/\.js$/, '.ts'))).map((p) => `${underSrc(f)} imports ${p}`));
    expect(side).toEqual([]);
    expect(importsOf(join(src, 'sim/batch.ts'))).toContain('engine/game.js');
  });

  it('mirrors the sim in the report: each folder of src/sim/ has its namesake in src/report/, and back', () => {
    const folders = (dir: string): string[] =>
      readdirSync(join(src, dir), { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
        .sort();
    expect(folders('sim')).toContain('balance');
    expect(folders('report')).toEqual(folders('sim'));
  });

  it('has named exports only', () => {
    const exportsDefault = (code: string): boolean => /^export\s+default\b|\bas\s+default\s*[,}]/m.test(code);
    expect(exportsDefault('export { main as default };')).toBe(true);
    const withDefault = files.filter((f) => exportsDefault(readFileSync(f, 'utf8'))).map(underSrc);
    expect(withDefault).toEqual([]);
  });

  it('has no `any` type in the engine', () => {
    // The check reads the code, not its words: an option's help may say "any death".
    expect(namesAny('const x: Array<any> = [];')).toBe(true);
    expect(namesAny('const s = "at any death"; // any')).toBe(false);
    const withAny = files.filter((f) => layerOf(underSrc(f)) === 'engine' && namesAny(readFileSync(f, 'utf8'))).map(underSrc);
    expect(withAny).toEqual([]);
  });

  it('opens every module with a header comment, and one past 400 lines says why it stays whole', () => {
    const noHeader: string[] = [];
    const longUnexplained: string[] = [];
    for (const f of [...files, ...tooling]) {
      const text = readFileSync(f, 'utf8');
      const header = headerOf(text);
      if (header === '') noHeader.push(relative(root, f));
      const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
      if (lines > 400 && !/over 400 lines|past 400 lines/i.test(header.replace(/\n\/\/\s*/g, ' '))) longUnexplained.push(`${relative(root, f)} (${lines} lines)`);
    }
    expect(noHeader).toEqual([]);
    expect(longUnexplained).toEqual([]);
  });
});
