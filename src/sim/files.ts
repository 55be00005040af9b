// File writes that never leave a half-written file behind (write a sibling
// temp file, then rename it over the target: atomic on one file system),
// folders made without Node's recursive mkdir, and the check that a
// destination can be written, made before a command plays its first game.

import { lstatSync, mkdirSync, renameSync, rmdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export function writeFileAtomic(path: string, text: string): void {
  makeDirs(dirname(path));
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}

/**
 * `mkdir -p`, one folder at a time. Node 20's `mkdirSync(p, { recursive:
 * true })` spins at full CPU for ever when a folder exists but refuses new
 * children with ENOENT (`/proc/nope`): it reads ENOENT as "the parent is
 * missing", finds the parent, and tries again. Here an ENOENT under a folder
 * that exists is final.
 */
export function makeDirs(dir: string): void {
  makeDirsNoting(dir, []);
}

/** makeDirs that lists each folder it made, outermost first, so a probe can take them away again. */
function makeDirsNoting(dir: string, made: string[]): void {
  const missing: string[] = [];
  for (let p = resolve(dir); ; p = dirname(p)) {
    const kind = pathKind(p);
    if (kind === 'folder') break;
    if (kind === 'file') throw new DestinationError(`${p} is a file, not a folder`);
    if (kind === 'broken link') throw new DestinationError(`${p} is a broken link, not a folder`);
    if (dirname(p) === p) throw new DestinationError(`${p} does not exist`);
    missing.unshift(p);
  }
  for (const p of missing) {
    try {
      mkdirSync(p);
      made.push(p);
    } catch (e) {
      if (errno(e) === 'EEXIST' && pathKind(p) === 'folder') continue; // made by another process meanwhile
      throw new DestinationError(reason(e, p));
    }
  }
}

/** A destination that cannot be written: the message says which path and why. */
export class DestinationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DestinationError';
  }
}

function pathKind(p: string): 'folder' | 'file' | 'broken link' | 'none' {
  try {
    return statSync(p).isDirectory() ? 'folder' : 'file';
  } catch (e) {
    // A dangling symbolic link is there, but is no folder to write in.
    if (errno(e) === 'ENOENT' && lstatOk(p)) return 'broken link';
    return 'none';
  }
}

function lstatOk(p: string): boolean {
  try {
    lstatSync(p);
    return true;
  } catch {
    return false;
  }
}

function errno(e: unknown): string | undefined {
  return (e as NodeJS.ErrnoException | undefined)?.code;
}

/** Why creating or writing `p` failed, in words. */
function reason(e: unknown, p: string): string {
  switch (errno(e)) {
    case 'EACCES':
    case 'EPERM':
      return `no permission to write in ${dirname(p)}`;
    case 'EROFS':
      return `${dirname(p)} is on a read-only file system`;
    case 'ENOENT':
      return `${dirname(p)} does not take new files or folders`;
    case 'ENOTDIR':
      return `a file stands in the path ${p}`;
    case 'ENOSPC':
      return `no space left on the device of ${dirname(p)}`;
    default:
      return `${p}: ${e instanceof Error ? e.message : String(e)}`;
  }
}

/**
 * Why files cannot be written into folder `dir`, or null when they can:
 * found by doing it (making the missing folders and a probe file), since
 * permission bits say nothing for root, nor of read-only or virtual file
 * systems. On a refusal the folders it made are removed again; when it can
 * write they stay, as the command writes there next, and the other shards
 * of a cluster run may be making the same folders at the same moment (a
 * command that then ends with nothing written removes them: see
 * removeFoldersLeftEmpty).
 */
export function folderProblem(dir: string): string | null {
  const made: string[] = [];
  let problem: string | null = null;
  try {
    makeDirsNoting(dir, made);
    const probe = join(resolve(dir), `.mafia-sim-probe-${process.pid}`);
    try {
      writeFileSync(probe, '');
      unlinkSync(probe);
    } catch (e) {
      problem = reason(e, probe);
    }
  } catch (e) {
    if (!(e instanceof DestinationError)) throw e;
    problem = e.message;
  }
  if (problem !== null) removeEmpty(made);
  else madeByChecks.push(...made);
  return problem;
}

/** Folders folderProblem made for a command's output, outermost first. */
const madeByChecks: string[] = [];

/** Removes the folders made for this command's output that are still empty: for a command that ends with nothing written. */
export function removeFoldersLeftEmpty(): void {
  removeEmpty(madeByChecks.splice(0));
}

function removeEmpty(folders: readonly string[]): void {
  for (const d of [...folders].reverse()) {
    try {
      rmdirSync(d);
    } catch {
      // not empty: something was written there (by this command or another); leave it
    }
  }
}

/** Why file `path` cannot be written (its folder cannot take files, or it is a folder), or null. */
export function fileProblem(path: string): string | null {
  if (pathKind(resolve(path)) === 'folder') return `${resolve(path)} is a folder; give a file name`;
  return folderProblem(dirname(resolve(path)));
}
