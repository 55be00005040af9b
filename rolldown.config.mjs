// The worker's code (the engine, the players and the batch loop) as one
// module, built from tsc's output in dist/. An ES module reads every name it
// imports through a live binding: V8 loads it from a cell and checks it for
// the temporal dead zone at each use, even for a constant such as NONE or
// Team.Mafia, and an inner loop pays that on every pass. In one module the
// names are plain locals. Games are the same; only their cost changes
// (BENCHMARKS.md, issue 21). Packages stay outside the bundle.

import { defineConfig } from 'rolldown';

export default defineConfig({
  input: 'dist/src/sim/worker.js',
  platform: 'node',
  external: (id) => !id.startsWith('.') && !id.startsWith('/'),
  output: { file: 'dist/src/sim/worker.bundle.js', format: 'esm', sourcemap: true },
});
