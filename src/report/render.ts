// Vega-lite spec -> SVG text, headless: vega's scenegraph is rendered with
// renderer 'none' and serialised, so no canvas or browser is needed. Vega is
// loaded on first use: it is large, and commands that draw nothing (replay,
// --json runs without a report) should not pay for it at start-up.

import type { TopLevelSpec } from 'vega-lite';

export async function renderSvg(spec: TopLevelSpec): Promise<string> {
  const [vega, vl] = await Promise.all([import('vega'), import('vega-lite')]);
  const compiled = vl.compile(spec).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none', logLevel: vega.Error });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
