// The saved profile file that `tune` and `calibrate` write and
// `--agents SCOPE=FILE.json` loads (src/agents/spec.ts reads format, base and
// params; the rest is for the person reading it). One writer for both
// commands, atomic so an interrupted save never leaves half a file.

import { PROFILE_FILE_FORMAT } from '../agents/spec.js';
import { writeFileAtomic } from '../sim/files.js';

export interface ProfileFile {
  readonly format: typeof PROFILE_FILE_FORMAT;
  /** The scope the file was made for (a team or role), or "everyone". */
  readonly team: string;
  readonly base: string;
  readonly params: Record<string, number>;
  /** The same players as `--agents` text, usable with every command today. */
  readonly agents: string;
  readonly rulesHash: string;
  readonly seed: number;
}

export function writeProfileFile<T extends ProfileFile>(path: string, file: T): void {
  writeFileAtomic(path, JSON.stringify(file, null, 2) + '\n');
}
