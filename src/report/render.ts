// Vega-lite spec -> SVG text, headless: vega's scenegraph is rendered with
// renderer 'none' and serialised, so no canvas or browser is needed. Vega is
// loaded on first use: it is large, and commands that draw nothing (replay,
// --json runs without a report) should not pay for it at start-up; `run`
// starts the load while its games play (preloadRenderer).

import type { TopLevelSpec } from 'vega-lite';

type Libraries = [typeof import('vega'), typeof import('vega-lite')];
let libraries: Promise<Libraries> | null = null;

function loadLibraries(): Promise<Libraries> {
  return (libraries ??= Promise.all([import('vega'), import('vega-lite')]));
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
