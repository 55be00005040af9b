// "Did you mean ...?" for a mistyped name (a flag, preset, profile, option or
// role key): the candidate that differs only in case, else the nearest by
// edit distance when it is near enough to be a typo rather than another word.

import leven from 'leven';

/** Edits allowed for a word of this length: one for short words, up to three for long keys. */
function maxEdits(word: string): number {
  return word.length <= 3 ? 1 : word.length <= 8 ? 2 : 3;
}

/** The candidate the user most likely meant, or undefined when none is close. */
export function nearestName(word: string, candidates: readonly string[]): string | undefined {
  const w = word.toLowerCase();
  const sameCase = candidates.find((c) => c.toLowerCase() === w);
  if (sameCase !== undefined) return sameCase === word ? undefined : sameCase;
  let best: string | undefined;
  let bestDistance = maxEdits(word) + 1;
  for (const c of candidates) {
    const d = leven(w, c.toLowerCase(), { maxDistance: bestDistance });
    if (d < bestDistance) [best, bestDistance] = [c, d];
  }
  return best;
}

/** ` (did you mean "x"?)` (with the spelling `show` gives it), or '' when nothing is close. */
export function didYouMean(word: string, candidates: readonly string[], show: (c: string) => string = (c) => JSON.stringify(c)): string {
  const near = nearestName(word, candidates);
  return near === undefined ? '' : ` (did you mean ${show(near)}?)`;
}
