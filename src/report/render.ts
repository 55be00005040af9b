// Vega-lite spec -> SVG text, headless: vega's scenegraph is rendered with
// renderer 'none' and serialised, so no canvas or browser is needed. Vega is
// loaded on first use: it is large, and commands that draw nothing (replay,
// --json runs without a report) should not pay for it at start-up; `run`
// starts the load while its games play (preloadRenderer).

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInThisContext } from 'node:vm';
import type { TopLevelSpec } from 'vega-lite';

type Vega = typeof import('vega');
type VegaLite = typeof import('vega-lite');
type Libraries = [Vega, VegaLite];
let libraries: Promise<Libraries> | null = null;

/**
 * The single-file builds both packages ship (build/vega.min.js and
 * build/vega-lite.min.js, the same versions as their ES modules): one file
 * each compiles in a third of the time of the ~30 ES packages vega imports,
 * and on a 2-core machine that load competes with the games' workers.
 */
function loadLibraries(): Promise<Libraries> {
  return (libraries ??= Promise.resolve().then(() => {
    const vega = loadBundle<Vega>(join(packageDir('vega'), 'vega.min.js'), {});
    const vegaLite = loadBundle<VegaLite>(join(packageDir('vega-lite'), 'vega-lite.min.js'), { vega });
    return [vega, vegaLite];
  }));
}

/** The folder of a package's main build (both keep their single-file builds beside it). */
function packageDir(name: string): string {
  return dirname(fileURLToPath(import.meta.resolve(name)));
}

/** Runs a UMD build as a CommonJS module whose `require` answers only with `deps`. */
function loadBundle<T>(file: string, deps: Record<string, unknown>): T {
  const module = { exports: {} as T };
  const factory = runInThisContext(`(function (exports, module, require) {${readFileSync(file, 'utf8')}\n})`, { filename: file }) as (
    exports: T,
    module: { exports: T },
    require: (name: string) => unknown,
  ) => void;
  factory.call(globalThis, module.exports, module, (name) => {
    if (!(name in deps)) throw new Error(`${file} requires ${name}, which the renderer does not provide`);
    return deps[name];
  });
  return module.exports;
}

/**
 * Starts loading vega now, for a command that will draw when its work is
 * done (`run`): the load overlaps the games instead of following them. A
 * failed load is reported by the first `renderSvg`, not here.
 */
export function preloadRenderer(): void {
  loadLibraries().catch(() => {
    libraries = null;
  });
}

export async function renderSvg(spec: TopLevelSpec): Promise<string> {
  const [vega, vl] = await loadLibraries();
  const compiled = vl.compile(spec).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none', logLevel: vega.Error });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
