// The build's skip (scripts/build.mjs): dist/ counts as current only when it
// was built from exactly the inputs there now and holds every output, so a
// skipped build never leaves tests or a run on code older than the sources.
// Played on a small tree of its own in a temporary folder, with no compiler run.

import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript script (it runs before anything is compiled), with no type declarations.
import { STAMP, build, inputsHash, isCurrent } from '../../scripts/build.mjs';

const OUTPUTS = ['dist/src/a.js', 'dist/bench/b.js', 'dist/src/sim/worker.bundle.js', 'dist/src/sim/records/worker.bundle.js'];

/** Writes a file of the temporary tree `root`, making its folders. */
function putIn(root: string, path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

describe('the build skips only a dist/ built from the inputs there now', () => {
  let root = '';
  const put = (path: string, text: string): void => putIn(root, path, text);
  const stamp = (): void => put(STAMP, `${inputsHash(root)}\n`);

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'mafia-sim-build-'));
    put('src/a.ts', 'export const a = 1;\n');
    put('bench/b.ts', 'export const b = 2;\n');
    put('tsconfig.json', '{}\n');
    put('rolldown.config.mjs', 'export default [];\n');
    put('package-lock.json', '{}\n');
    for (const out of OUTPUTS) put(out, '// built\n');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('builds a tree with no stamp, and skips it once stamped', () => {
    expect(isCurrent(root)).toBe(false);
    stamp();
    expect(isCurrent(root)).toBe(true);
    // Nothing is run for a current tree (there is no compiler in this one to run).
    expect(build(root, false)).toBe(false);
  });

  it('builds again after a source or a config changes, not after a mere touch', () => {
    stamp();
    utimesSync(join(root, 'src/a.ts'), new Date(), new Date(Date.now() + 60_000));
    expect(isCurrent(root)).toBe(true);
    put('src/a.ts', 'export const a = 3;\n');
    expect(isCurrent(root)).toBe(false);
    put('src/a.ts', 'export const a = 1;\n');
    expect(isCurrent(root)).toBe(true);
    put('package-lock.json', '{"lockfileVersion": 3}\n');
    expect(isCurrent(root)).toBe(false);
  });

  it('builds again after a source is added, removed or renamed', () => {
    stamp();
    put('scripts/c.ts', 'export {};\n');
    expect(isCurrent(root)).toBe(false);
    rmSync(join(root, 'scripts/c.ts'));
    expect(isCurrent(root)).toBe(true);
    rmSync(join(root, 'bench/b.ts'));
    put('bench/renamed.ts', 'export const b = 2;\n');
    expect(isCurrent(root)).toBe(false);
  });

  it('builds again when an output is missing', () => {
    stamp();
    rmSync(join(root, 'dist/src/a.js'));
    expect(isCurrent(root)).toBe(false);
    put('dist/src/a.js', '// built\n');
    rmSync(join(root, 'dist/src/sim/records/worker.bundle.js'));
    expect(isCurrent(root)).toBe(false);
  });
});

describe('the build leaves the bins executable', () => {
  let root = '';
  const put = (path: string, text: string): void => putIn(root, path, text);
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'mafia-sim-build-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("sets a bin's execute bits even when dist/ is current and nothing is built (a fresh clone's files are not executable)", () => {
    put('package.json', JSON.stringify({ bin: { tool: 'dist/src/cli/main.js' } }));
    put('src/a.ts', 'export {};\n');
    for (const out of ['dist/src/a.js', 'dist/src/cli/main.js', 'dist/src/sim/worker.bundle.js', 'dist/src/sim/records/worker.bundle.js']) put(out, '// built\n');
    put(STAMP, `${inputsHash(root)}\n`);
    const bin = join(root, 'dist/src/cli/main.js');
    chmodSync(bin, 0o644);
    expect(build(root, false)).toBe(false);
    expect(statSync(bin).mode & 0o777).toBe(0o755);
    // The other outputs are left as they were.
    expect(statSync(join(root, 'dist/src/a.js')).mode & 0o111).toBe(0);
  });
});
