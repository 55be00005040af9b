// What every command's --help shows beyond its own flags: two or three
// examples that run as printed, numeric flags typed as numbers, and the
// tool's --version listed once, in the top-level help only.

import type { Argv } from 'yargs';

/** Examples per command (a subcommand as "records stats"): [command line, what it does]. `$0` is mafia-sim. */
export const EXAMPLES: Readonly<Record<string, ReadonlyArray<readonly [string, string]>>> = {
  run: [
    ['$0 run', 'the club game: 100,000 games on every core, a table and a report folder'],
    ['$0 run --rules forum --players 20 --games 20000 --json', 'the forum game at 20 players, the result as JSON on stdout'],
    ['$0 run --precision 0.002 --checkpoint run.ckpt.json', 'play until every rate is within ±0.2 points; Ctrl-C, then --resume'],
  ],
  replay: [
    ['$0 replay --rules club --game 7', 'game 7 of seed 1, night by night'],
    ['$0 replay --rules forum --seed 3 --game 0 --verbose', "with each player's top suspicions before every vote"],
    ['$0 replay --rules werewolf --game 0', 'a Werewolf game: night first, the Seer and the Bodyguard, cards shown'],
  ],
  rules: [
    ['$0 rules --list', "every rule option, what it means and each preset's value"],
    ['$0 rules --rules forum --players 24', 'the resolved rules of one setup'],
    ['$0 rules --list --rules forum --set vote.tie=none --json', 'the option table of one setup, as JSON'],
  ],
  players: [
    ['$0 players --list', "every policy parameter, its range and each profile's value"],
    ['$0 players --agents town=expert,mafia=novice', 'what an --agents text stands for'],
  ],
  compare: [
    ['$0 compare --variant doctor.maxSameTarget=1 --variant "no putana: roles.putana=0"', 'the club game against two house rules, each compared with it'],
    ['$0 compare --rules club --rules forum --games 10000', 'two rule sets on the same seeds'],
    ['$0 compare --variant revealOnDeath=true --across default --games 4000', 'does the verdict hold under every player model?'],
  ],
  sweep: [
    ['$0 sweep --rules forum --vary players=8..40', 'win rates against the table size (a line chart)'],
    ['$0 sweep --vary roles.putana=0,1 --vary players=10..16:2 --games 4000', 'two keys: a heat map per team'],
  ],
  experiment: [
    ['$0 experiment experiments/putana-maniac.yaml --games 2000', 'a saved study, with fewer games than the file asks for'],
    ['$0 experiment experiments/club-house-rules.yaml --games 4000 --json', 'every club house rule against the default, as JSON'],
  ],
  merge: [
    ['$0 merge parts --out result', "every part file in the folder parts/, summed into result/'s report"],
    ['$0 merge parts/part-0-of-2.json parts/part-1-of-2.json --json', 'two part files, the merged result as JSON'],
  ],
  balance: [
    ['$0 balance --rules classic --players 17 --vary mafia=1..8 --agents random', 'the mafia count nearest a 50% Town win rate'],
    ['$0 balance --for-players 8..16 --budget 40000', 'the fairest mafia count at each table size'],
    ['$0 balance --vary fouls.perDayRate=0..0.2:0.05 --team mafia', "the option value that brings the mafia's win rate nearest 50%"],
  ],
  fair: [
    ['$0 fair --rules club', "is Town's win rate within ±2 points of 50%?"],
    ['$0 fair --rules forum --within 0.03 --max-games 200000', 'a wider band, more games allowed'],
    ['$0 fair --across default', 'the verdict under each player model'],
  ],
  roles: [
    ['$0 roles --rules club --games 10000', 'every role priced in Civilians for Town'],
    ['$0 roles --only doctor,commissar,putana --games 4000 --across default', 'three roles under each player model'],
    ['$0 roles --rules sports --games 10000', 'every role priced in Civilians at the sports mafia table'],
  ],
  tune: [
    ['$0 tune --team mafia --params mafia.fakeClaim,mafia.counterClaim --games 2000', "the mafia's best fake-claim rates against club players"],
    ['$0 tune --team town --params readSkill,voteMemory --save tuned-town.json', 'tune Town and save the profile for --agents town=tuned-town.json'],
  ],
  equilibrium: [
    ['$0 equilibrium --rules club', "the club game's value when both teams adapt, each team's exploitability, the mixtures as a profile"],
    ['$0 equilibrium --rules classic --set revealOnDeath=false --agents club,readSkill=0 --games 1000', 'the classic game without information: the uniform-lynch value'],
    ['$0 equilibrium --rules forum --budget 4000000 --save forum-eq.json', 'a smaller search; then play the mixtures with --agents forum-eq.json'],
  ],
  records: [
    ['$0 records stats --records data/mafia-allstars', 'the statistics of 192 recorded games'],
    ['$0 records compare --records data/mafia-allstars --games 2000', 'simulated games beside them, played by the rules the records name'],
  ],
  'records stats': [
    ['$0 records stats --records data/mafia-allstars', 'Town wins, lynch accuracy by day, night actions, day votes, with intervals'],
    ['$0 records stats --records data/mafia-allstars@0/2 --json', 'the first of two interleaved folds, as JSON'],
  ],
  'records compare': [
    ['$0 records compare --records data/mafia-allstars --games 2000', "records and simulated games side by side, a z for each (their own rules)"],
    ['$0 records compare --records data/mafia-allstars --rules rules/mafia-allstars.yaml --agents expert --games 2000', 'against expert players, the rules named'],
  ],
  calibrate: [
    ['$0 calibrate --records data/mafia-allstars --params readSkill --games 2000', 'fit one parameter to the records, played by the rules they name'],
    ['$0 calibrate --records data/mafia-allstars@0/2 --holdout data/mafia-allstars@1/2 --rules rules/mafia-allstars.yaml --params readSkill,voteMemory --save fit.json', 'fit on half the games, check on the other half, save the profile'],
  ],
};

/**
 * Flags that take a number. They are parsed as strings, so a bad value is
 * refused quoting what was typed (`--games: got "1e"; ...`, a 20-digit seed
 * as typed): yargs keeps a flag that is both a string and a number as the
 * string, and its help prints the number type.
 */
export const NUMBER_FLAGS: ReadonlySet<string> = new Set([
  'players', 'mafia', 'seed', 'game', 'games', 'threads', 'precision', 'shards',
  'target', 'alpha', 'beta', 'budget', 'first-look', 'growth', 'iterations',
  'within', 'centre', 'margin', 'batch', 'max-games', 'test-games',
]);

/** Help is wrapped at 80 columns with 2 of indent: a longer command goes on several lines, each but the last ending in a shell continuation. */
const EXAMPLE_WIDTH = 76;

/** Splits a command line between flags (a flag stays with its value), so every piece is a line of the same shell command. */
export function continued(line: string): string[] {
  const words = line.match(/"[^"]*"|\S+/g) ?? [];
  const lines: string[] = [];
  let current = '';
  for (const [i, word] of words.entries()) {
    const startsFlag = word.startsWith('--') && i > 0;
    const next = current === '' ? word : `${current} ${word}`;
    // Break only before a flag, and only once the line would not fit with its continuation mark.
    if (startsFlag && current !== '' && (next + ' ' + (words[i + 1] ?? '')).length + 2 > EXAMPLE_WIDTH) {
      lines.push(`${current} \\`);
      current = word;
    } else current = next;
  }
  if (current !== '') lines.push(current);
  return lines;
}

interface OptionsTable {
  readonly string: readonly string[];
  readonly default: Readonly<Record<string, unknown>>;
}

/** Adds `name`'s examples to its help, types its numeric flags as numbers and leaves --version to the top-level help. */
export function withHelp<T>(name: string, y: Argv<T>): Argv<T> {
  // What it does as a shell comment, then the command on lines of its own (never squeezed into a narrow column): pasteable as a script.
  for (const [line, what] of EXAMPLES[name] ?? []) {
    y.example(`# ${what}`, '');
    for (const part of continued(line.replace(/\$0/g, 'mafia-sim'))) y.example(part, '');
  }
  // getOptions is public API that yargs' type declarations leave out.
  const options = (y as unknown as { getOptions(): OptionsTable }).getOptions();
  for (const key of options.string) {
    if (!NUMBER_FLAGS.has(key)) continue;
    y.number(key);
    const given = options.default[key];
    // The default stays the string the handler parses; help shows it as the number it is.
    if (typeof given === 'string') y.default(key, given, given);
  }
  return y.hide('version');
}
