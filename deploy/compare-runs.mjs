// The scale-out checks' verdict (deploy/slurm/local-test.sh,
// deploy/parallel-test.sh): the merged result of a sharded study must equal
// one unsharded run of the same seed in every field but the
// reproducibility block (threads, timings, parts), and each interrupted
// shard named after them must show that it resumed from its checkpoint.
//   node deploy/compare-runs.mjs MERGED_SUMMARY.json WHOLE_RUN.json [PART.json...]
import { readFileSync } from 'node:fs';

const [mergedPath, wholePath, ...resumedParts] = process.argv.slice(2);
if (!mergedPath || !wholePath) {
  console.error('usage: node deploy/compare-runs.mjs MERGED_SUMMARY.json WHOLE_RUN.json [PART.json...]');
  process.exit(2);
}
const read = (p) => JSON.parse(readFileSync(p, 'utf8'));
// merge writes the report's summary.json, which keeps the run's own summary under `run`.
const asRun = (doc) => (doc.format ? doc : doc.run);
const withoutReproducibility = ({ reproducibility: _, ...rest }) => rest;

const merged = asRun(read(mergedPath));
const whole = asRun(read(wholePath));
if (!merged || !whole) throw new Error(`no run summary in ${!merged ? mergedPath : wholePath}`);
const a = JSON.stringify(withoutReproducibility(merged));
const b = JSON.stringify(withoutReproducibility(whole));
let failed = false;
if (a !== b) {
  failed = true;
  const at = [...a].findIndex((c, i) => c !== b[i]);
  console.error(`merged result differs from the unsharded run at character ${at}:\n  merged: ...${a.slice(Math.max(0, at - 60), at + 60)}\n  whole:  ...${b.slice(Math.max(0, at - 60), at + 60)}`);
}
for (const p of resumedParts) {
  const resumed = read(p).reproducibility?.resumedGames ?? 0;
  if (!(resumed > 0)) {
    failed = true;
    console.error(`${p}: resumed no games from its checkpoint (resumedGames ${resumed}), so it was not interrupted mid-run`);
  } else console.log(`${p}: resumed ${resumed} games from its checkpoint`);
}
if (failed) process.exit(1);
console.log(`merged == unsharded: ${merged.games} games, seed ${merged.seed}, outcomes ${JSON.stringify(merged.outcomes)}`);
