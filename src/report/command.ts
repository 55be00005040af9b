// The "command to reproduce" printed in every report: the words a user typed,
// quoted for a POSIX shell, with the seed and game count spelled out so a
// change of defaults cannot change what the line means.

export function shellQuote(word: string): string {
  if (word !== '' && /^[A-Za-z0-9_./:=,@%+-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * `mafia-sim <args>` with each `--flag value` of `ensure` appended when the
 * arguments do not already give that flag.
 */
export function reproduceCommand(args: readonly string[], ensure: Readonly<Record<string, string | number>> = {}): string {
  const words = ['mafia-sim', ...args];
  for (const [flag, value] of Object.entries(ensure)) {
    const given = args.some((a) => a === flag || a.startsWith(`${flag}=`));
    if (!given) words.push(flag, String(value));
  }
  return words.map(shellQuote).join(' ');
}

/** The arguments without the given value-taking flags (`--out DIR`, `--out=DIR`): where a report goes is not part of the study. */
export function withoutFlags(args: readonly string[], flags: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (flags.includes(a)) {
      i++;
      continue;
    }
    if (flags.some((f) => a.startsWith(`${f}=`))) continue;
    out.push(a);
  }
  return out;
}
