// `npm run readme:check -- [--list] [--only 0,3,7] [--write] [FILE]`: runs
// every captured command of README.md (a fenced block that opens with
// `$ COMMAND`, scripts/readmeBlocks.ts) with this checkout's build as
// `mafia-sim`, from the repository root, and says for each whether it still
// prints what the page shows; `--write` puts what it printed in the page.
// A maintenance tool, not a test: some blocks take most of an hour (the
// club game's `compare --adapt`), so pick them with `--only` (`--list`
// prints the index, line and command of each). Exit 1 when a block differs.
// README's blocks are captured 120 columns wide (COLUMNS=120) unless the
// command sets its own width.

import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { blockDifferences, capturedBlocks, printedAsShown, withBlockOutput, type CapturedBlock } from './readmeBlocks.js';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const args = process.argv.slice(2);
const flag = (name: string): boolean => {
  const i = args.indexOf(name);
  if (i >= 0) args.splice(i, 1);
  return i >= 0;
};
const list = flag('--list');
const write = flag('--write');
const onlyAt = args.indexOf('--only');
const only = onlyAt >= 0 ? new Set(args.splice(onlyAt, 2)[1]!.split(',').map(Number)) : null;
const file = resolve(root, args[0] ?? 'README.md');

/** A directory whose `mafia-sim` runs this checkout's compiled CLI. */
function shimDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mafia-sim-readme-'));
  const shim = join(dir, 'mafia-sim');
  writeFileSync(shim, `#!/bin/sh\nexec node ${JSON.stringify(join(root, 'dist/src/cli/main.js'))} "$@"\n`);
  chmodSync(shim, 0o755);
  return dir;
}

function run(block: CapturedBlock, bin: string): string {
  try {
    return execFileSync('bash', ['-c', block.command], { cwd: root, env: { ...process.env, COLUMNS: '120', PATH: `${bin}:${process.env['PATH'] ?? ''}` }, encoding: 'utf8', maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'inherit'] });
  } catch (e) {
    return `(exit ${(e as { status?: number }).status ?? '?'})\n${(e as { stdout?: string }).stdout ?? ''}`;
  }
}

let page = readFileSync(file, 'utf8');
const blocks = capturedBlocks(page);
if (list) {
  for (const b of blocks) console.log(`${b.index}  line ${b.line}  ${b.command}`);
  process.exit(0);
}
const bin = shimDir();
const chosen = blocks.filter((b) => only === null || only.has(b.index));
/** What each differing block printed, by index. */
const results = new Map<number, string[]>();
for (const b of chosen) {
  const printed = printedAsShown(run(b, bin), b);
  const diff = blockDifferences(b.output, printed);
  console.log(`${b.index}  line ${b.line}  ${diff.length === 0 ? 'same' : 'DIFFERS'}  ${b.command}`);
  for (const d of diff) console.log(`    ${d}`);
  if (diff.length > 0) results.set(b.index, printed);
}
if (write && results.size > 0) {
  // From the last block up, so a rewritten block leaves the lines of those above it where they were.
  for (const b of [...chosen].reverse()) {
    const printed = results.get(b.index);
    if (printed) page = withBlockOutput(page, b, printed);
  }
  writeFileSync(file, page);
  console.log(`wrote ${results.size} block(s) to ${file}`);
}
process.exit(results.size > 0 && !write ? 1 : 0);
