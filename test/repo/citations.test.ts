// Every file the repository's sources and documents cite is in the
// repository: a comment or page that sends the reader to RULES.md,
// DESIGN.md or ../shared/ (the project brief's files, which a clone does not
// have) is a dead end, so citations point into docs/ instead.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/** What is read: the sources, tests, benchmarks, recipes and documents (the seed texts and images are not prose of ours). */
const SCANNED = ['src', 'test', 'bench', 'scripts', 'examples', 'deploy', 'docs', 'rules', 'experiments', '.ci', 'README.md', 'BENCHMARKS.md', 'data/README.md', 'vitest.config.ts', 'package.json'];
const SKIPPED = [join('docs', 'seeds'), join('docs', 'img'), join('test', 'golden')];
const TEXT = /\.(ts|cts|mjs|js|md|yaml|yml|json|sh|sbatch|txt)$|(^|[/\\])(Dockerfile|run)$/;

function textFiles(path: string): string[] {
  const abs = join(ROOT, path);
  if (!existsSync(abs) || SKIPPED.includes(path)) return [];
  if (!statSync(abs).isDirectory()) return TEXT.test(path) ? [path] : [];
  return readdirSync(abs).flatMap((name) => textFiles(join(path, name)));
}

/** Whether a path relative to `from` (a folder of the repository) is a file or folder of the repository; `x.js` may name the source `x.ts`, `x.cjs` the source `x.cts`. */
function inRepository(from: string, cited: string): boolean {
  const target = resolve(ROOT, from, cited.replace(/[/\\]+$/, ''));
  if (relative(ROOT, target).startsWith('..')) return false;
  return existsSync(target) || existsSync(target.replace(/\.(c?)js$/, '.$1ts'));
}

/** A path into the shared record folders that names data (a folder, a fold, games.json), not a document. */
function isSharedRecordsData(path: string): boolean {
  return /^shared\/records(\/[\w-]+(@\d+\/\d+)?(\/(games\.json)?)?|\/?)$/.test(path.replace(/^(\.\.\/)+/, ''));
}

/** The citations in a file's text that name something outside the repository, as `line: citation`. */
export function outsideCitations(file: string, text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    const at = (what: string) => found.push(`${file}:${i + 1}: ${what}`);
    // Upper-case page names (RULES.md, DESIGN.md) exist only if the repository root or the file's folder has them.
    for (const m of line.matchAll(/(?<![\w./-])[A-Z][A-Z0-9_-]*\.md\b/g)) if (!inRepository('.', m[0]) && !inRepository(dirname(file), m[0])) at(m[0]);
    // A ../ path must stay inside the repository and name something there (from the file's folder, as imports do, or from the root, as prose does).
    for (const m of line.matchAll(/(?<![\w./-])(?:\.\.\/)+[\w@.-]*[A-Za-z][\w@.-]*(?:\/[\w@.-]+)*\/?/g)) if (!inRepository(dirname(file), m[0]) && !inRepository('.', m[0]) && !isSharedRecordsData(m[0])) at(m[0]);
    // The brief's shared folder, however it is reached: its documents are never cited. Its record folders may be named
    // as data (a --records path: the unlicensed records stay out of the repository, and tests skip without them).
    for (const m of line.matchAll(/(?<![\w-])shared\/(records|seeds|RULES|DESIGN)\b[\w./@-]*/g)) if (!isSharedRecordsData(m[0])) at(m[0]);
  });
  return found;
}

describe('citations', () => {
  // This file names the outside files on purpose, as examples.
  const files = SCANNED.flatMap(textFiles).filter((f) => f !== relative(ROOT, import.meta.filename));

  it('scans the sources, tests and documents', () => {
    expect(files).toContain(join('src', 'report', 'teams.ts'));
    expect(files).toContain(join('docs', 'design-notes.md'));
    expect(files).toContain('README.md');
    expect(files.every((f) => !f.startsWith(join('docs', 'seeds') + sep))).toBe(true);
  });

  it('finds a citation outside the repository where there is one', () => {
    expect(outsideCitations('src/report/x.ts', '/** Team words (RULES.md). */')).toEqual(['src/report/x.ts:1: RULES.md']);
    expect(outsideCitations('README.md', 'as DESIGN.md says')).toEqual(['README.md:1: DESIGN.md']);
    expect(outsideCitations('test/records/x.ts', "as ../shared/records/README.md says")).toHaveLength(2);
    expect(outsideCitations('docs/x.md', 'see ../shared/RULES.md and shared/seeds/club.txt')).toHaveLength(3);
    // A record folder named as data (where the unlicensed records lie) is not a citation.
    expect(outsideCitations('docs/records.md', '--records ../shared/records/mturk-mafia@1/2 or ../shared/records/mturk-mafia/games.json')).toEqual([]);
    expect(outsideCitations('test/x/y.test.ts', "import { z } from '../../src/engine/rules.js';\nsee README.md and docs/rules.md; new URL('../..', here)")).toEqual([]);
  });

  it('every file cited in the repository is in the repository', () => {
    const outside = files.flatMap((f) => outsideCitations(f, readFileSync(join(ROOT, f), 'utf8')));
    expect(outside, 'cite the repository\'s own copy instead (docs/rules.md, docs/design.md, data/...)').toEqual([]);
  });
});
