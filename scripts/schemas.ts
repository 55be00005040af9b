// `npm run schemas`: writes docs/schemas/<name>.schema.json for every JSON
// output (src/cli/outputs.ts), generated from the TypeScript type the output
// is built as, so the shape is written down once. Before writing, it holds
// each output to its version (src/sim/schemaVersions.ts): a schema whose
// fields changed while its schemaVersion did not is refused, and so is a new
// version without its line under "Changes to the JSON outputs" in README.md.
// Descriptions (the types' doc comments) may change freely.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGenerator } from 'ts-json-schema-generator';
import { OUTPUTS } from '../src/cli/outputs.js';
import { SCHEMA_VERSIONS, type OutputName } from '../src/sim/schemaVersions.js';

/** The repository (this file is scripts/schemas.ts, or dist/scripts/schemas.js once compiled). */
export const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), existsSync(fileURLToPath(new URL('../package.json', import.meta.url))) ? '..' : '../..');
export const SCHEMA_DIR = join('docs', 'schemas');
export const CHANGES_HEADING = '### Changes to the JSON outputs';

export type Schema = Record<string, unknown>;

export function schemaFile(name: OutputName): string {
  return join(SCHEMA_DIR, `${name}.schema.json`);
}

/** Every output's schema, generated from its type, as the text its file holds. */
export function generateSchemas(root: string = REPO_ROOT): Map<OutputName, string> {
  const generator = createGenerator({
    path: join(root, 'src', 'cli', 'outputs.ts'),
    tsconfig: join(root, 'tsconfig.json'),
    skipTypeCheck: true, // `npm test` type-checks; this only reads the types
    expose: 'export',
    topRef: true,
    jsDoc: 'extended',
    encodeRefs: false,
    additionalProperties: false,
  });
  const out = new Map<OutputName, string>();
  for (const o of OUTPUTS) {
    const generated = generator.createSchema(o.type) as Schema;
    const schema = {
      $schema: generated['$schema'],
      title: `mafia-sim ${o.name} output, schemaVersion ${SCHEMA_VERSIONS[o.name]}`,
      description: `The ${o.name} output: ${o.printedBy}. Generated from the type ${o.type} (src/cli/outputs.ts) by \`npm run schemas\`.`,
      ...Object.fromEntries(Object.entries(generated).filter(([k]) => k !== '$schema')),
    };
    out.set(o.name, JSON.stringify(schema, null, 2) + '\n');
  }
  return out;
}

/** The schemaVersion a schema fixes (its top type's `schemaVersion` const). */
export function schemaVersionOf(schema: Schema): number | undefined {
  const definitions = (schema['definitions'] ?? {}) as Record<string, Schema>;
  let top: Schema | undefined = schema;
  for (let hops = 0; top && typeof top['$ref'] === 'string' && hops < 10; hops++) top = definitions[(top['$ref'] as string).replace('#/definitions/', '')];
  return (top as { properties?: { schemaVersion?: { const?: number } } } | undefined)?.properties?.schemaVersion?.const;
}

/** The schema without its words (titles, descriptions): what a version number stands for. */
export function shapeOf(schema: unknown, isMap = false): unknown {
  if (Array.isArray(schema)) return schema.map((x) => shapeOf(x));
  if (schema === null || typeof schema !== 'object') return schema;
  // In `properties` and `definitions` the keys are names (a field may be called "title"); elsewhere they are keywords.
  const kept = Object.entries(schema).filter(([k, v]) => isMap || !((k === 'description' || k === 'title') && typeof v === 'string'));
  return Object.fromEntries(kept.map(([k, v]) => [k, shapeOf(v, !isMap && (k === 'properties' || k === 'definitions'))]));
}

/** README's "Changes to the JSON outputs" lines that name an output and a version: "- `fair` 2: ...". */
export function changeNotes(readme: string): Set<string> {
  const at = readme.indexOf(CHANGES_HEADING);
  if (at < 0) return new Set();
  const next = readme.slice(at + CHANGES_HEADING.length).search(/\n#{1,3} /);
  const section = readme.slice(at, next < 0 ? undefined : at + CHANGES_HEADING.length + next);
  return new Set([...section.matchAll(/^- `([a-z-]+)` (\d+):/gm)].map((m) => `${m[1]} ${m[2]}`));
}

/**
 * What stops the generated schemas from replacing the committed ones: a
 * shape that changed under the same version, a version that went down, or a
 * raised version that README does not note.
 */
export function versionProblems(committed: ReadonlyMap<OutputName, string>, generated: ReadonlyMap<OutputName, string>, readme: string): string[] {
  const notes = changeNotes(readme);
  const problems: string[] = [];
  for (const [name, text] of generated) {
    const now = JSON.parse(text) as Schema;
    const version = schemaVersionOf(now);
    if (version === undefined) {
      problems.push(`${name}: its type has no schemaVersion field; add \`readonly schemaVersion: (typeof SCHEMA_VERSIONS)['${name}']\` first`);
      continue;
    }
    if (version > 1 && !notes.has(`${name} ${version}`)) {
      problems.push(`${name}: schemaVersion ${version} has no note in README.md; add "- \`${name}\` ${version}: what changed" under "${CHANGES_HEADING.replace(/^#+ /, '')}"`);
    }
    const before = committed.get(name);
    if (before === undefined) continue;
    const old = JSON.parse(before) as Schema;
    const oldVersion = schemaVersionOf(old) ?? 0;
    if (version < oldVersion) problems.push(`${name}: schemaVersion went down from ${oldVersion} to ${version}; a version is never reused`);
    else if (version === oldVersion && JSON.stringify(shapeOf(now)) !== JSON.stringify(shapeOf(old))) {
      problems.push(`${name}: its fields changed but its schemaVersion is still ${version}; raise SCHEMA_VERSIONS['${name}'] to ${version + 1} in src/sim/schemaVersions.ts and note it in README.md ("- \`${name}\` ${version + 1}: what changed")`);
    }
  }
  return problems;
}

/** The committed schema files that exist. */
export function committedSchemas(root: string = REPO_ROOT): Map<OutputName, string> {
  const out = new Map<OutputName, string>();
  for (const o of OUTPUTS) {
    const path = join(root, schemaFile(o.name));
    if (existsSync(path)) out.set(o.name, readFileSync(path, 'utf8'));
  }
  return out;
}

function main(): void {
  const generated = generateSchemas();
  const problems = versionProblems(committedSchemas(), generated, readFileSync(join(REPO_ROOT, 'README.md'), 'utf8'));
  if (problems.length > 0) {
    for (const p of problems) process.stderr.write(`schemas: ${p}\n`);
    process.stderr.write('schemas: nothing written\n');
    process.exit(2);
  }
  mkdirSync(join(REPO_ROOT, SCHEMA_DIR), { recursive: true });
  for (const [name, text] of generated) writeFileSync(join(REPO_ROOT, schemaFile(name)), text);
  process.stdout.write(`schemas: wrote ${generated.size} files in ${SCHEMA_DIR}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
