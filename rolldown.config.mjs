// The workers' code (the engine, the players and the batch loop of games,
// or of games turned into records) as one module per entry, built from
// tsc's output in dist/. An ES module reads every name it imports through a
// live binding: V8 loads it from a cell and checks it for the temporal dead
// zone at each use, even for a constant such as NONE or Team.Mafia, and an
// inner loop pays that on every pass. In one module the names are plain
// locals. Games are the same; only their cost changes (BENCHMARKS.md, issue
// 21). Packages stay outside the bundles; each bundle is whole (no chunk
// shared between them, whose imports would be bindings again).

import { defineConfig } from 'rolldown';

const bundle = (entry, file) => ({
  input: entry,
  platform: 'node',
  external: (id) => !id.startsWith('.') && !id.startsWith('/'),
  output: { file, format: 'esm', sourcemap: true },
});

export default defineConfig([
  bundle('dist/src/sim/worker.js', 'dist/src/sim/worker.bundle.js'),
  bundle('dist/src/sim/records/worker.js', 'dist/src/sim/records/worker.bundle.js'),
]);
