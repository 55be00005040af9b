// `npm run build` (`node scripts/build.mjs [--force]`): tsc -b, then the
// workers' bundles (rolldown.config.mjs), or nothing when dist/ was built
// from exactly these inputs. Neither tool tells that fast: tsc -b takes half
// a second to find dist/ current (loading TypeScript is most of it) and
// rolldown bundles again every time, while npm runs `prepare` on a
// checkout's first `npx mafia-sim` and `npm test` builds first. So a build
// leaves a hash of its inputs in dist/ (every file tsc compiles, the two
// configs, the lock file that pins both tools, this script), and the next
// one does nothing while the hash matches and every output is there. Plain
// JavaScript: it runs before anything is compiled.

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The folders tsc compiles (tsconfig.json's `include`) and the files beside them that shape the output. */
const SOURCE_DIRS = ['src', 'bench', 'scripts'];
const CONFIG_FILES = ['tsconfig.json', 'rolldown.config.mjs', 'package-lock.json'];
const BUNDLES = ['dist/src/sim/worker.bundle.js', 'dist/src/sim/records/worker.bundle.js'];
/** Where a finished build leaves the hash of its inputs. */
export const STAMP = 'dist/.build-inputs';

const SELF = fileURLToPath(import.meta.url);

/** The TypeScript sources under `dir`, as paths from `root`, in a fixed order. */
function sourcesUnder(root, dir) {
  const found = [];
  const walk = (at) => {
    if (!existsSync(join(root, at))) return;
    for (const entry of readdirSync(join(root, at), { withFileTypes: true })) {
      const path = `${at}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (/\.c?ts$/.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(path);
    }
  };
  walk(dir);
  return found.sort();
}

/** The sources tsc compiles, in a fixed order. */
export function sourcesOf(root) {
  return SOURCE_DIRS.flatMap((dir) => sourcesUnder(root, dir));
}

/** A hash of every input's path and content (an added, removed or renamed source changes it too). */
export function inputsHash(root) {
  const hash = createHash('sha256');
  for (const path of [...sourcesOf(root), ...CONFIG_FILES]) {
    hash.update(`${path}\0`);
    if (existsSync(join(root, path))) hash.update(readFileSync(join(root, path)));
    hash.update('\0');
  }
  hash.update(readFileSync(SELF));
  return hash.digest('hex');
}

/** tsc's output for a source: src/a/b.ts -> dist/src/a/b.js (.cts -> .cjs). */
function outputOf(source) {
  return `dist/${source.replace(/\.ts$/, '.js').replace(/\.cts$/, '.cjs')}`;
}

/** Whether dist/ was built from these inputs (`hash`, inputsHash) and still holds every output. */
export function isCurrent(root, hash = inputsHash(root)) {
  const stamp = join(root, STAMP);
  if (!existsSync(stamp) || readFileSync(stamp, 'utf8').trim() !== hash) return false;
  return [...sourcesOf(root).map(outputOf), ...BUNDLES].every((out) => existsSync(join(root, out)));
}

/** Runs one of the project's build tools (a package's bin script) with node, in `root`. */
function runTool(root, pkg, bin, args) {
  const require = createRequire(join(root, 'package.json'));
  const manifest = require.resolve(`${pkg}/package.json`);
  const script = resolve(dirname(manifest), JSON.parse(readFileSync(manifest, 'utf8')).bin[bin]);
  execFileSync(process.execPath, [script, ...args], { cwd: root, stdio: 'inherit' });
}

/**
 * Makes the package's bin scripts (package.json's `bin`) executable. npm
 * does that only when it links a bin: at an install, or at npx's first run
 * in a checkout, which it remembers by the folder. tsc writes a new file
 * without it, so after a fresh clone into the same folder (or a deleted
 * dist/) `npx mafia-sim` found its old link to a file it may not run:
 * "Permission denied".
 */
export function markBinsExecutable(root) {
  const manifestPath = join(root, 'package.json');
  if (!existsSync(manifestPath)) return;
  const bin = JSON.parse(readFileSync(manifestPath, 'utf8')).bin ?? {};
  for (const file of typeof bin === 'string' ? [bin] : Object.values(bin)) {
    const path = join(root, file);
    if (existsSync(path)) chmodSync(path, statSync(path).mode | 0o111);
  }
}

/** Builds unless current (or when forced); the stamp is written only once both steps have succeeded. Either way the bins are left executable. */
export function build(root, force) {
  const hash = inputsHash(root);
  const current = !force && isCurrent(root, hash);
  if (!current) {
    rmSync(join(root, STAMP), { force: true });
    runTool(root, 'typescript', 'tsc', ['-b', 'tsconfig.json', ...(force ? ['--force'] : [])]);
    runTool(root, 'rolldown', 'rolldown', ['-c', 'rolldown.config.mjs']);
    writeFileSync(join(root, STAMP), `${hash}\n`);
  }
  markBinsExecutable(root);
  return !current;
}

if (process.argv[1] !== undefined && pathToFileURL(resolve(process.argv[1])).href === import.meta.url) {
  const root = resolve(dirname(SELF), '..');
  const force = process.argv.includes('--force');
  try {
    if (!build(root, force)) process.stdout.write(`build: dist/ is current (${relative(process.cwd(), join(root, STAMP)) || STAMP}); --force builds anyway\n`);
  } catch {
    // The tool has printed its errors; no stack trace of ours on top.
    process.stderr.write('build: failed (see above); dist/ is left unstamped, so the next build starts again\n');
    process.exit(1);
  }
}
