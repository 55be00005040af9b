// The package as a user gets it: `npm pack`, installed from the tarball into
// an empty folder, imported by name from plain Node ESM and type-checked from
// TypeScript. Runs the README's "From code" example (examples/from-code.mjs)
// against that install and checks its numbers against the same games played
// here from the sources, so the front door serves the real API, workers
// included. `npm test` builds dist/ before this runs.

import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveRules } from '../../src/engine/rules.js';
import { runGames } from '../../src/sim/run.js';

const exec = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const npm = (args: string[], cwd: string) => exec('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, maxBuffer: 16 << 20 });
const node = (args: string[], cwd: string) => exec(process.execPath, args, { cwd, maxBuffer: 16 << 20 });

let dir: string;
const CLI = () => join(dir, 'node_modules', 'mafia-sim', 'dist', 'src', 'cli', 'main.js');

/** Every .js file under a folder. */
function jsFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.js'))
    .map((f) => join(root, f));
}

/** The text of every string and template literal in a compiled file: what the command can print (comments left out). */
function stringLiterals(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const out: string[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isStringLiteralLike(n) || ts.isTemplateLiteralToken(n)) out.push(n.text);
    n.forEachChild(visit);
  };
  visit(source);
  return out;
}

/** Paths into the repository's user-facing folders that a text names (a fold suffix such as @1/2 dropped). */
function repoPaths(text: string): string[] {
  return [...text.matchAll(/(?<![\w./-])((?:docs|rules|experiments|examples|data)\/[\w./-]*?)(?=[@\s`'"),;:]|\.(?:\s|$)|$)/g)].map((m) => m[1]!);
}

beforeAll(async () => {
  expect(existsSync(join(ROOT, 'dist', 'src', 'index.js')), 'dist/src/index.js is missing: build first (npm run build)').toBe(true);
  dir = mkdtempSync(join(tmpdir(), 'mafia-sim-pack-'));
  // dist/ is already built (npm test compiles first): skip `prepare` so packing does not recompile the tree.
  const { stdout } = await npm(['pack', '--json', '--ignore-scripts', '--pack-destination', dir], ROOT);
  const [packed] = JSON.parse(stdout) as { filename: string }[];
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'fresh-user', private: true, type: 'module' }));
  await npm(['install', '--prefer-offline', join(dir, packed!.filename)], dir);
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the packed package', () => {
  it('imports by name from plain ESM: the public API is there, deep paths are refused', async () => {
    writeFileSync(
      join(dir, 'probe.mjs'),
      `import * as api from 'mafia-sim';
const names = ['resolveRules', 'runGames', 'buildRunSummary', 'buildSummary', 'mergeParts', 'replayGame', 'race', 'GameWinSource', 'fairTest', 'roleVariants', 'tune', 'gameEvaluator', 'parseAgents', 'createProvider', 'Game', 'writeReport', 'terminalTable'];
const rules = api.resolveRules('classic');
let deep = 'allowed';
try { await import('mafia-sim/dist/src/sim/run.js'); } catch (e) { deep = e.code; }
console.log(JSON.stringify({ kinds: Object.fromEntries(names.map((n) => [n, typeof api[n]])), players: rules.players, hash: rules.hash, deep, noDefault: !('default' in api) }));`,
    );
    const { stdout } = await node(['probe.mjs'], dir);
    const probe = JSON.parse(stdout) as { kinds: Record<string, string>; players: number; hash: string; deep: string; noDefault: boolean };
    for (const [name, kind] of Object.entries(probe.kinds)) expect(kind, name).toBe('function');
    const here = resolveRules('classic');
    expect(probe.players).toBe(here.players);
    expect(probe.hash).toBe(here.hash);
    expect(probe.deep).toBe('ERR_PACKAGE_PATH_NOT_EXPORTED');
    expect(probe.noDefault).toBe(true);
  });

  it('is typed: a strict TypeScript project without @types/node type-checks the shipped declarations (skipLibCheck off), and a wrong call is an error', async () => {
    // A user's empty project: no @types/node, and every declaration file checked, ours included.
    expect(existsSync(join(dir, 'node_modules', '@types', 'node')), 'the install pulled in @types/node, so this would not test a project without it').toBe(false);
    const tsconfig = { compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', strict: true, noEmit: true, skipLibCheck: false, types: [] } };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig));
    writeFileSync(
      join(dir, 'good.ts'),
      `import { resolveRules, runGames, type Agent, type RunResult, type StudySummary } from 'mafia-sim';
const agent: Agent = { begin() {}, choose: (_v, d) => d.options[0] ?? -1 };
const run: Promise<RunResult> = runGames({ variants: [{ label: 'x', rules: resolveRules('club'), agents: 'random' }], seed: 1, games: 10 });
export const used: [Agent, Promise<RunResult>, StudySummary | null] = [agent, run, null];
`,
    );
    const good = await exec(process.execPath, [TSC, '-p', 'tsconfig.json'], { cwd: dir }).then(
      () => '',
      (e: { stdout: string }) => e.stdout,
    );
    expect(good).toBe('');
    writeFileSync(join(dir, 'bad.ts'), `import { runGames } from 'mafia-sim';\nexport const r = runGames({ seed: 1, games: 10 });\n`);
    const bad = await exec(process.execPath, [TSC, '-p', 'tsconfig.json'], { cwd: dir }).then(
      () => '',
      (e: { stdout: string }) => e.stdout,
    );
    rmSync(join(dir, 'bad.ts'));
    expect(bad).toMatch(/bad\.ts.*error TS2345.*variants/s);
  });

  it("runs the README's From code example on the installed package, with the same numbers as the sources", async () => {
    copyFileSync(join(ROOT, 'examples', 'from-code.mjs'), join(dir, 'from-code.mjs'));
    const games = 1200;
    const { stdout } = await node(['from-code.mjs', String(games)], dir);
    const club = resolveRules('club');
    const noPutana = resolveRules('club', { set: ['roles.putana=0'] });
    const here = await runGames({ variants: [{ label: 'club', rules: club, agents: 'club' }, { label: 'no putana', rules: noPutana, agents: 'club' }], seed: 1, games, threads: 1 });
    const pct = (i: number) => ((100 * here.aggregates[i]!.count('town')) / games).toFixed(1);
    expect(stdout).toContain(`club: Town wins ${pct(0)}% [`);
    expect(stdout).toContain(`no putana: Town wins ${pct(1)}% [`);
    expect(stdout).toContain(`of ${games} games`);
    expect(stdout).toMatch(/paired difference in Town wins significant: (true|false) \(Holm p = /);
    expect(stdout).toMatch(/^game 0: (town|mafia|maniac|draw|timeout), \d+ events$/m);
    expect(stdout).toMatch(/^game 0 with seat 1 always choosing the first seat: (town|mafia|maniac|draw|timeout)$/m);
  });

  it("the installed command reports the package's own version, not the version of the project it is installed in", async () => {
    const { stdout } = await node([CLI(), '--version'], dir);
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(stdout.trim()).toBe(version);
  });

  it('runs a shipped experiment by its relative name from a folder that has no experiments/, as it finds shipped rules files', async () => {
    const out = join(dir, 'experiment-report');
    const { stdout } = await node([CLI(), 'experiment', 'experiments/putana-maniac.yaml', '--games', '200', '--threads', '1', '--quiet', '--json', '--out', out], dir);
    const s = JSON.parse(stdout) as { kind: string; title: string; games: number; variants: { label: string }[] };
    expect(existsSync(join(dir, 'experiments'))).toBe(false);
    expect(s.kind).toBe('compare');
    expect(s.title).toBe("The Putana's and the Maniac's effect in the club game");
    expect(s.games).toBe(200);
    expect(s.variants.map((v) => v.label)).toEqual(['club', 'no Putana', 'no Maniac', 'neither']);
    expect(existsSync(join(out, 'report.html'))).toBe(true);
  });

  it("ships every docs/, rules/, experiments/ and examples/ file that the installed command's texts name, and names data/ only as the repository's", () => {
    const pkg = join(dir, 'node_modules', 'mafia-sim');
    const named = new Map<string, string>();
    for (const file of jsFiles(join(pkg, 'dist', 'src'))) for (const text of stringLiterals(file)) for (const path of repoPaths(text)) named.set(path, text);
    expect([...named.keys()]).toContain('docs/records.md');
    for (const [path, text] of named) {
      if (path.startsWith('data/')) expect(text, `names ${path}, which the package leaves out, without saying it is the repository's`).toMatch(/repository/);
      else if (existsSync(join(ROOT, path))) expect(existsSync(join(pkg, path)), `${path} is named in "${text}" but not shipped`).toBe(true);
    }
  });

  it('ships every file the README links to or names under docs/, rules/, experiments/ and examples/, and says that data/ is not shipped', () => {
    const pkg = join(dir, 'node_modules', 'mafia-sim');
    const readme = readFileSync(join(pkg, 'README.md'), 'utf8');
    const links = [...readme.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)].map((m) => m[1]!).filter((l) => !/^[a-z]+:/.test(l));
    const paths = [...new Set([...links, ...repoPaths(readme)])].filter((p) => !p.startsWith('data/') && existsSync(join(ROOT, p)));
    expect(paths).toContain('docs/rules.md');
    expect(paths.filter((p) => !existsSync(join(pkg, p)))).toEqual([]);
    expect(existsSync(join(pkg, 'data'))).toBe(false);
    expect(readme.replace(/\s+/g, ' ')).toContain('the npm package leaves the records out');
  });

  it('the README shows the example file as it is', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('### From code'));
    const shown = /```js\n([\s\S]*?)```/.exec(section)?.[1];
    expect(shown).toBe(readFileSync(join(ROOT, 'examples', 'from-code.mjs'), 'utf8'));
  });
});
