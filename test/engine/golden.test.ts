// Golden logs: the replay text of a few fixed games, from the real CLI
// (`node dist/src/cli/main.js replay ...`, so build first: `npm run
// build`), compared byte for byte with test/golden/*.txt. Each file
// was read against docs/rules.md when it was written; a change to one is a change
// of the rules, the random streams or the log text, to be read the same way.
// To rewrite them after an intended change:
//   npm run build && UPDATE_GOLDEN=1 npx vitest run test/engine/golden.test.ts
// Random agents in GAMES, so agent policies can evolve without touching them;
// PLAYER_GAMES are games of the heuristic players, read as a host reads them
// when written (the Werewolf and sports players' policies of issue 19), to be
// read again whenever a policy changes them.
// Runtime: one CLI start per game.

import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const MAIN = join(ROOT, 'dist/src/cli/main.js');
const GOLDEN = join(ROOT, 'test/golden');
const UPDATE = process.env.UPDATE_GOLDEN === '1';

/** [file name, replay arguments, what the game shows] */
const GAMES: Array<[string, string[], string]> = [
  ['club', ['--rules', 'club', '--seed', '342'], 'a heal against the Maniac, a freeze that costs the Doctor his heal, the Commissar\'s note read out, parity with the Doctor alone'],
  ['forum', ['--rules', 'forum', '--players', '8', '--seed', '22'], 'turn 1 without a vote, checks that read "not Mafia", a split mafia shot, the lynch after the night, a last shot, the most voted killed in the night (no lynch: already dead)'],
  ['classic', ['--rules', 'classic', '--seed', '160'], 'a random tie break, the mafia\'s shot by the first living Mafia, Town at zero Mafia'],
  [
    'club-fouls-inactivity',
    ['--rules', 'club', '--set', 'fouls.perDayRate=0.3', '--set', 'fouls.perNightRate=0.05', '--set', 'inactivity.missRate=0.2', '--seed', '70'],
    'first fouls as 0.5 warnings, minor and full fouls, night fouls, removal at 4 fouls with the card hidden, a Commissar\'s note that burns, a revote tie, removal for missed votes ending the game at once',
  ],
  [
    'forum-passes',
    ['--rules', 'forum', '--seed', '182'],
    'a Doctor, a Commissar, the Kamikaze and the Maniac who may pass and pass (logged as passes, not as silence)',
  ],
  [
    'forum-hunting-notes',
    ['--rules', 'forum', '--seed', '83'],
    'hunts that hit and miss, death notes, the Kamikaze on a promoted Sergeant, two last shots, the Foundling immune and then turned',
  ],
  ['werewolf', ['--rules', 'werewolf', '--seed', '31'], 'night first, the Seer finding a werewolf, the Bodyguard\'s save, a revote, cards shown at every death, the village winning'],
  [
    'werewolf-roles',
    ['--rules', 'werewolf', '--players', '16', '--set', 'roles.cursed=1', '--set', 'roles.lycan=1', '--set', 'roles.wolfcub=1', '--set', 'roles.minion=1', '--set', 'roles.bomb=1', '--set', 'roles.spellcaster=1', '--set', 'roles.prince=1', '--seed', '29'],
    'the Lycan checked Black, the wolves shooting the Minion they do not know, a silence, a lynched Bomb\'s blast, the Prince surviving his lynch, the Cursed turned and joining the clan, the wolves at parity',
  ],
  ['sports', ['--rules', 'sports', '--seed', '7'], 'nominations in speaking order from a later seat each day, the Don\'s check for the Sheriff, shots that miss, a three-way tie lifted by vote, cards never shown'],
];

/** [file name, replay arguments with the players, what a host reads in the game] */
const PLAYER_GAMES: Array<[string, string[], string]> = [
  [
    'werewolf-players',
    ['--rules', 'werewolf', '--players', '16', '--set', 'roles.cursed=1', '--set', 'roles.lycan=1', '--set', 'roles.wolfcub=1', '--set', 'roles.spellcaster=1', '--agents', 'live', '--seed', '4'],
    'the live players: the Cursed bitten on night 1 and joining the clan; the Spellcaster silencing the wolves he suspects; the Bodyguard\'s role leaking on day 2, the wolves going for him and his self-protection saving him (and again on night 6); the Seer revealing on a Black on day 3 and guarded the next night, not the night after (one night in a row); two shots after the Wolf Cub\'s lynch; a day-1 lynch of a Villager by 13 of 16 votes',
  ],
  [
    'sports-players',
    ['--rules', 'sports', '--agents', 'club', '--seed', '11'],
    'the club players: the Don checking for the Sheriff night by night; a 4-4 tie, the same on the revote, kept after the vote on lifting both; the Sheriff claiming on day 4 with his three Reds, the Don checking him and the clan shooting him that night; Town lynching the Don among the last three',
  ],
];

function replay(args: readonly string[]): Promise<string> {
  const agents = args.includes('--agents') ? [] : ['--agents', 'random'];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [MAIN, 'replay', ...agents, ...args], { cwd: ROOT, timeout: 60_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`replay ${args.join(' ')} failed: ${stderr || error.message}`));
      else resolve(stdout);
    });
  });
}

describe.concurrent('golden replay logs', () => {
  it.each([...GAMES, ...PLAYER_GAMES])('%s', async (name, args) => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` first`);
    const text = await replay(args);
    const path = join(GOLDEN, `${name}.txt`);
    if (UPDATE) {
      writeFileSync(path, text);
      return;
    }
    if (!existsSync(path)) throw new Error(`${path} is missing: run with UPDATE_GOLDEN=1 to write it, then read it against docs/rules.md`);
    expect(text).toBe(readFileSync(path, 'utf8'));
  });
});
