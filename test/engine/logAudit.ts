// The audit of one logged game, for the random-game invariants: replays the
// log's facts on a board of its own and lists every broken invariant (the
// dead stay dead, acts by the roles that own them, deaths with a cause in
// the log, repeat limits, the phase order, the winner docs/rules.md gives the
// final board, no play after a decided board). Uses the engine's types and
// names only, never its win or resolution code: what each role may do and
// how it counts is read from the rules' role table (RoleBook), the data.

import { NONE } from '../../src/engine/agent.js';
import { CHOICE_NAMES, Choice, DEATH_CAUSE_NAMES, DeathCause, OUTCOME_NAMES, Outcome, type GameEvent, type LoggedEvent } from '../../src/engine/events.js';
import type { Game } from '../../src/engine/game.js';
import type { Options } from '../../src/engine/options.js';
import type { RoleBook } from '../../src/engine/roleBook.js';
import { Team } from '../../src/engine/roles.js';
import type { Rules } from '../../src/engine/rules.js';

// ---- the winner, from docs/rules.md, on a board rebuilt from the log

const outcomeName = (o: number): string => OUTCOME_NAMES[o] ?? `outcome ${o}`;
/** The role table's integers for the roles the win options name (roleBook.ts Named). */
const PUTANA = 0;
const DOCTOR = 1;
const MANIAC = 2;

interface Board {
  role: number[];
  alive: boolean[];
  book: RoleBook;
}

/** The Mafia team as the win checks count it (a Minion counts with Town unless minion.counted). */
const countsBlack = (b: Board, r: number): boolean => b.book.side[r] === Team.Mafia;
/** Whether a team check reads Black (the Lycan does, the Minion does not). */
const readsBlack = (b: Board, r: number): boolean => (b.book.seenAs[r]! >= 0 ? b.book.seenAs[r] : b.book.team[r]) === Team.Mafia;

/** docs/rules.md sections 1, 2 and 4: nobody alive, the loner Maniac, Town, the Maniac-Mafia draw, Mafia. */
export function expectedWinner(b: Board, o: Options): Outcome | -1 {
  const living = b.role.filter((_, s) => b.alive[s]);
  if (living.length === 0) return Outcome.Draw;
  const maniacs = living.filter((r) => b.book.named[r] === MANIAC).length;
  const loners = living.filter((r) => b.book.side[r] === Team.Maniac).length;
  const black = living.filter((r) => countsBlack(b, r));
  if (loners > 0 && living.length - 1 <= (o['win.maniac'] === 'one-on-one' ? 1 : 0)) return Outcome.Maniac;
  if (black.length === 0 && (loners === 0 || !o['win.townNeedsManiacDead'])) return Outcome.Town;
  if (o['win.maniacMafiaDraw'] && living.length === 2 && maniacs === 1 && black.length === 1 && b.book.named[black[0]!] !== PUTANA) return Outcome.Draw;
  const doctors = living.filter((r) => b.book.named[r] === DOCTOR).length;
  const block = o['win.parityBlock'];
  const blocked = block === 'maniac' ? maniacs > 0 : block === 'doctor-and-maniac' ? maniacs > 0 && doctors > 0 : false;
  // win.parityAgainst = town: the forum text's "not fewer than the peaceful", a loner Maniac left out.
  const others = o['win.parityAgainst'] === 'town' ? living.length - black.length - loners : living.length - black.length;
  if (black.length > 0 && black.length >= others && !blocked) return Outcome.Mafia;
  return -1;
}

// ---- the log audit

/** The night ability (roleBook.ts Ability) behind each night request. */
const REQUEST_ABILITY: Readonly<Partial<Record<Choice, number>>> = {
  [Choice.Freeze]: 1,
  [Choice.Heal]: 2,
  [Choice.Check]: 3,
  [Choice.ManiacKill]: 4,
  [Choice.Kamikaze]: 5,
  [Choice.VigilanteShot]: 6,
  [Choice.Silence]: 7,
};

/** Whether the role may send this request (current role; the shot and hunts by their own rules). */
function mayRequest(b: Board, choice: Choice, r: number): boolean {
  if (choice === Choice.Shoot) return b.book.shoots[r] === 1 || b.book.shootsAlone[r] === 1;
  if (choice === Choice.Hunt) return b.book.canHunt[r] === 1 && b.book.team[r] === Team.Town;
  return b.book.action[r] === REQUEST_ABILITY[choice];
}

/** The mafia's shots tonight under `mafia.shots` ("S" or "S@M,...,S"), read here from the option's text. */
function shotsAllowed(spec: string, shooters: number): number {
  for (const part of spec.split(',')) {
    const [shots, min] = part.split('@');
    if (shooters >= Number(min ?? 1)) return Number(shots);
  }
  return 1;
}

/** Living players who shoot for the mafia tonight: the shooters, else those who shoot alone (the Putana). */
function livingShooters(b: Board): number {
  const shooters = b.role.filter((r, s) => b.alive[s] && b.book.shoots[r] === 1).length;
  return shooters > 0 ? shooters : b.role.filter((r, s) => b.alive[s] && b.book.shootsAlone[r] === 1).length;
}

/** Events that may follow a decisive death before the end: the rest of the same batch of eliminations. */
const SAME_BATCH: ReadonlySet<string> = new Set(['kill', 'death', 'death-note', 'last-shot', 'promoted', 'mates', 'commissar-known', 'commissar-note', 'note-burned', 'lynch', 'lynch-survived', 'end']);

/** What the audit counts over all games, to show the properties met the cases they are about. */
export type Seen = Map<string, number>;

function expectedPhases(o: Options, days: number): string[] {
  const out: string[] = [];
  for (let d = 1; d <= days; d++) {
    if (o['turn.simultaneous']) out.push(`turn ${d}`);
    else if (o.start === 'day') out.push(`day ${d}`, `night ${d}`);
    else out.push(`night ${d}`, `day ${d}`);
  }
  return out;
}

/** Replays the log's facts and returns every broken invariant (empty when all hold). */
export function audit(rules: Rules, log: readonly LoggedEvent[], outcome: Outcome, game: Game, seen: Seen): string[] {
  const o = rules.options;
  const bad: string[] = [];
  const fail = (i: number, msg: string): void => void bad.push(`event ${i}: ${msg}`);
  const count = (key: string): void => void seen.set(key, (seen.get(key) ?? 0) + 1);
  const events: GameEvent[] = [];
  for (const { event } of log) if (!events.includes(event)) events.push(event);
  const first = events[0];
  if (first?.type !== 'deal') return ['the first event is not the deal'];
  const n = rules.players;
  const book = rules.book;
  const board: Board = { role: [...first.roles], alive: new Array<boolean>(n).fill(true), book };
  const roleName = (r: number | undefined): string => book.specs[r ?? -1]?.key ?? `role ${r}`;
  const counts = new Array<number>(rules.roles.length).fill(0);
  for (const r of first.roles) counts[r]!++;
  if (counts.join() !== rules.roles.join()) bad.push(`dealt ${counts.join()} but the rules say ${rules.roles.join()}`);
  if (first.roles.join() !== Array.from(game.table.dealt).join()) bad.push('the logged deal is not the table\'s');

  const phases = expectedPhases(o, o['limits.maxDays']);
  let phaseNo = -1;
  let day = 0;
  let phase = '';
  let diedThisPhase = new Set<number>();
  let voters0 = new Set<number>();
  let aliveAtVote: number[] | null = null;
  /** The first round's votes by target this phase, and the target of the last vote cast (a speech under the hammer follows it). */
  let tally0 = new Map<number, number>();
  let lastVoteTarget = NONE;
  let hammerSpoke = new Set<number>();
  let livingAtVote = 0;
  /** Tonight's acts as text keys: `req:choice:seat:target`, `check:seat:target:black`, `blocked:seat`. */
  let acts = new Set<string>();
  /** Tonight's shot requests per seat. */
  let shotsBy = new Map<string, number>();
  const misses = new Array<number>(n).fill(0);
  let donDied = false;
  /** Extra shots owed to the next night (Wolf Cubs dead since the last one), and tonight's. */
  let extraOwed = 0;
  let extraTonight = 0;
  /** Today's nominees (nominations), silenced-and-muted seats, and the seats the shot turned tonight. */
  let nominees: number[] = [];
  let muted = new Set<number>();
  let turned = new Set<number>();
  let silencedTonight = new Set<number>();
  let silencedToday = new Set<number>();
  let liftedToday = false;
  const shieldsUsed = new Array<number>(n).fill(0);
  const shotsAllowedNow = (): number => Math.min(4, shotsAllowed(o['mafia.shots'], livingShooters(board)) + extraTonight);
  let ended = false;
  /** The last death left a won board (day-and-night games check after every elimination). */
  let decided = false;
  const lastShots = new Set<number>();
  const bullets = new Map<number, number>();
  const notesWritten = new Set<number>();
  const streakOf = new Map<string, { target: number; run: number; night: number }>();
  const alive = (s: number, i: number, what: string): void => {
    if (!(s >= 0 && s < n)) fail(i, `${what}: seat ${s} out of range`);
    else if (!board.alive[s]) fail(i, `${what}: seat ${s} is dead`);
  };
  /**
   * A claim once the vote has begun (vote.hammerSpeech): by the player the
   * vote just cast put one short of the hammer (a majority of the living at
   * the vote, or lynch.minShare of them if more), with votes still to come,
   * once a day.
   */
  const checkHammerSpeech = (i: number, speaker: number): void => {
    if (!o['vote.hammerSpeech']) return fail(i, `seat ${speaker} speaks during the vote with vote.hammerSpeech off`);
    const living = livingAtVote;
    const hammer = Math.max(Math.floor(living / 2) + 1, Math.ceil(o['lynch.minShare'] * living - 1e-9));
    if (speaker !== lastVoteTarget || tally0.get(speaker) !== hammer - 1) fail(i, `seat ${speaker} speaks during the vote, not one vote from the hammer (${tally0.get(speaker) ?? 0} of ${hammer})`);
    if (!hammerSpoke.has(speaker)) count('hammer speech');
    hammerSpoke.add(speaker);
  };

  const closePhase = (i: number): void => {
    if (aliveAtVote && [...voters0].sort((a, b) => a - b).join() !== aliveAtVote.join()) fail(i, `day ${day}: voters ${[...voters0]} are not the living ${aliveAtVote}`);
  };

  events.forEach((e, i) => {
    if (ended) fail(i, `${e.type} after the end`);
    // A held last shot belongs to the batch as much as a fired one.
    if (decided && !SAME_BATCH.has(e.type) && !(e.type === 'pass' && e.choice === Choice.LastShot)) fail(i, `${e.type} after the game was decided`);
    switch (e.type) {
      case 'deal':
        if (i > 0) fail(i, 'a second deal');
        break;
      case 'phase': {
        closePhase(i);
        phaseNo++;
        day = e.day;
        phase = e.phase;
        if (`${e.phase} ${e.day}` !== phases[phaseNo]) fail(i, `phase ${e.phase} ${e.day}, expected ${phases[phaseNo] ?? 'none after the cap'}`);
        const w = expectedWinner(board, o);
        if (w !== -1) fail(i, `the game went on to ${e.phase} ${e.day} although ${outcomeName(w)} had won`);
        diedThisPhase = new Set();
        voters0 = new Set();
        aliveAtVote = null;
        tally0 = new Map();
        lastVoteTarget = NONE;
        hammerSpoke = new Set();
        acts = new Set();
        shotsBy = new Map();
        nominees = [];
        muted = new Set();
        liftedToday = false;
        turned = new Set();
        if (e.phase !== 'day') {
          extraTonight = extraOwed;
          extraOwed = 0;
        }
        // A night's silences are heard the next day (or the next forum turn).
        if (e.phase !== 'night') {
          silencedToday = silencedTonight;
          silencedTonight = new Set();
        }
        break;
      }
      case 'nomination':
        alive(e.by, i, 'nominator');
        alive(e.target, i, 'nominee');
        if (o['vote.procedure'] !== 'nominations') fail(i, 'a nomination under the plurality vote');
        if (e.by === e.target || nominees.includes(e.target)) fail(i, `seat ${e.by} nominates seat ${e.target} again or himself`);
        nominees.push(e.target);
        count('nomination');
        break;
      case 'silenced':
        alive(e.seat, i, 'silenced');
        if (!silencedToday.has(e.seat)) fail(i, `seat ${e.seat} silenced without a silence last night`);
        if (!e.votes) muted.add(e.seat);
        count('silenced');
        break;
      case 'lift-all':
        if (o['vote.tie'] !== 'revote-then-vote-all') fail(i, 'a vote on lifting all with another tie rule');
        if (e.lifted !== 2 * e.yes > board.alive.filter(Boolean).length) fail(i, `${e.yes} yes votes ${e.lifted ? 'lift' : 'keep'} the tied`);
        liftedToday = e.lifted;
        count('lift-all vote');
        break;
      case 'lynch-survived':
        alive(e.target, i, 'lynch survivor');
        if (++shieldsUsed[e.target]! > book.lynchShield[board.role[e.target]!]!) fail(i, `seat ${e.target} survives a lynch his role does not`);
        count('lynch survived');
        break;
      case 'role-check':
        alive(e.checker, i, 'role checker');
        alive(e.target, i, 'role-checked');
        if (book.reveals[board.role[e.checker]!] !== e.role) fail(i, `a check for role ${e.role} by a ${roleName(board.role[e.checker])}`);
        if (e.found !== (board.role[e.target] === e.role)) fail(i, `the check for role ${e.role} on seat ${e.target} says ${e.found}`);
        count('role check');
        break;
      case 'shot-failed':
        if (e.reason === 'turned') {
          alive(e.target, i, 'turned');
          if (book.onShot[board.role[e.target]!] !== 2) fail(i, `the shot turns a ${roleName(board.role[e.target])}`);
          turned.add(e.target);
          count('turned');
        }
        if (e.reason === 'foundling' && book.onShot[board.role[e.target]!] !== 1) fail(i, `the shot fails on a ${roleName(board.role[e.target])}, who is not immune`);
        break;
      case 'vote':
        alive(e.voter, i, 'voter');
        if (e.target !== NONE) alive(e.target, i, 'vote target');
        if (e.target === e.voter) fail(i, `seat ${e.voter} votes for himself`);
        if (muted.has(e.voter)) fail(i, `seat ${e.voter} votes while silenced and muted`);
        if (o['vote.procedure'] === 'nominations' && e.target !== NONE && !nominees.includes(e.target)) fail(i, `a vote for seat ${e.target}, who is not nominated`);
        if (phase === 'night' || (day === 1 && !o['vote.firstDay'])) fail(i, `a vote on ${phase} ${day}`);
        if (e.round === 0) {
          if (aliveAtVote === null) livingAtVote = board.alive.filter(Boolean).length;
          aliveAtVote ??= board.alive.flatMap((a, s) => (a && !muted.has(s) ? [s] : []));
          if (voters0.has(e.voter)) fail(i, `seat ${e.voter} votes twice`);
          voters0.add(e.voter);
          if (e.target !== NONE && !e.abstained && !e.missed) tally0.set(e.target, (tally0.get(e.target) ?? 0) + 1);
        }
        lastVoteTarget = e.round === 0 && e.target !== NONE ? e.target : NONE;
        if (e.target === NONE && e.missed) {
          misses[e.voter]!++;
          count('missed vote');
        } else if (e.abstained) {
          if (e.target !== NONE) fail(i, `seat ${e.voter} abstains with a target`);
          if (!o['vote.mayAbstain'] || o['vote.noLynch']) fail(i, `seat ${e.voter} abstains with vote.mayAbstain off (or vote.noLynch on)`);
          count('abstention');
        } else if (e.target === NONE) {
          if (!o['vote.noLynch']) fail(i, `seat ${e.voter} votes for nobody with vote.noLynch off`);
          count('no-lynch vote');
        }
        break;
      case 'no-lynch':
        if (e.reason === 'voted-no-lynch') {
          if (!o['vote.noLynch']) fail(i, 'a lynch voted down with vote.noLynch off');
          count('voted no lynch');
        }
        break;
      case 'penalty-vote':
        alive(e.target, i, 'penalty vote');
        tally0.set(e.target, (tally0.get(e.target) ?? 0) + 1);
        count('penalty vote');
        break;
      case 'lynch':
        alive(e.target, i, 'lynched');
        if (e.reason === 'lone-nominee') {
          if (nominees.length !== 1 || nominees[0] !== e.target) fail(i, `seat ${e.target} leaves as the lone nominee of ${nominees}`);
          if (day === 1 && !o['vote.loneFirstDay']) fail(i, 'a lone nominee leaves on day 1');
          count('lone nominee');
        } else if (voters0.size === 0) fail(i, 'a lynch without a vote');
        if (e.reason === 'tie-all' && o['vote.tie'] === 'revote-then-vote-all' && !liftedToday) fail(i, 'all the tied go without the vote to lift them');
        break;
      case 'request': {
        alive(e.seat, i, 'requester');
        // Under unanimous and plurality a shooter may name nobody; no other request is logged without a target.
        if (e.target !== NONE || e.choice !== Choice.Shoot) alive(e.target, i, 'request target');
        if (phase === 'day') fail(i, 'a night request by day');
        if (e.target === e.seat && (e.choice !== Choice.Heal || !book.selfAllowed[board.role[e.seat]!])) fail(i, `seat ${e.seat} targets himself`);
        if (e.choice === Choice.Silence) silencedTonight.add(e.target);
        acts.add(`req:${e.choice}:${e.seat}:${e.target}`);
        if (e.choice === Choice.Shoot) {
          const k = `shots:${e.seat}`;
          const asked = (shotsBy.get(k) ?? 0) + 1;
          shotsBy.set(k, asked);
          const allowed = shotsAllowedNow();
          if (asked > allowed) fail(i, `seat ${e.seat} asked for shot ${asked} tonight, ${allowed} allowed`);
          if (asked > 1 && extraTonight > 0) count('extra shot');
          if (asked > 1) count('second shot request');
        }
        if (e.choice === Choice.VigilanteShot) {
          const fired = (bullets.get(e.seat) ?? 0) + 1;
          bullets.set(e.seat, fired);
          const role = board.role[e.seat]!;
          if (fired > book.bullets[role]!) fail(i, `the gun at seat ${e.seat} fires bullet ${fired} of ${book.bullets[role]}`);
          if (day === 1 && !book.firstNight[role]) fail(i, 'the gun fires on night 1');
          count('vigilante shot');
        }
        if (!mayRequest(board, e.choice, board.role[e.seat]!)) fail(i, `a ${CHOICE_NAMES[e.choice]} request by a ${roleName(board.role[e.seat])}`);
        if (e.choice === Choice.Shoot && !book.shoots[board.role[e.seat]!]) {
          const clanShoots = board.role.some((r, s) => board.alive[s] && book.shoots[r] === 1);
          if (clanShoots) fail(i, 'one who shoots only alone shoots while a shooter lives');
        }
        if (e.choice === Choice.Hunt) {
          count('hunt');
          if (!o['hunt.enabled'] || (day === 1 && !o['hunt.firstDay'])) fail(i, `a hunt on day ${day}`);
        }
        if (e.choice === Choice.Heal || e.choice === Choice.Freeze) {
          const key = `${e.choice}:${e.seat}`;
          const prev = streakOf.get(key);
          const run = prev && prev.target === e.target && prev.night === phaseNo - (o['turn.simultaneous'] ? 1 : 2) ? prev.run + 1 : 1;
          streakOf.set(key, { target: e.target, run, night: phaseNo });
          const max = book.repeatMax[board.role[e.seat]!]!;
          if (max > 0 && run > max) fail(i, `seat ${e.seat} targets seat ${e.target} ${run} nights in a row (max ${max})`);
        }
        break;
      }
      case 'frozen':
        alive(e.seat, i, e.type);
        break;
      case 'mafia-target': {
        alive(e.target, i, 'mafia target');
        const allowed = shotsAllowedNow();
        if (e.shot < 0 || e.shot >= allowed) fail(i, `mafia shot ${e.shot} tonight, ${allowed} allowed`);
        if (acts.has(`target:${e.shot}`)) fail(i, `mafia shot ${e.shot} resolved twice`);
        acts.add(`target:${e.shot}`);
        acts.add(`mafia-target:${e.target}`);
        if (e.shot > 0) count('second shot');
        break;
      }
      case 'saved': {
        alive(e.seat, i, 'saved');
        const healers = board.role.flatMap((r, s) => (book.action[r] === 2 && ((book.stops[r]! >> e.from) & 1) === 1 && acts.has(`req:${Choice.Heal}:${s}:${e.seat}`) && !acts.has(`blocked:${s}`) ? [s] : []));
        if (healers.length === 0) fail(i, `seat ${e.seat} saved without a protection that stops ${DEATH_CAUSE_NAMES[e.from]}`);
        count('saved');
        break;
      }
      case 'blocked':
        alive(e.seat, i, 'blocked');
        acts.add(`blocked:${e.seat}`);
        count('blocked');
        break;
      case 'check': {
        alive(e.checker, i, 'checker');
        alive(e.target, i, 'checked');
        if (book.action[board.role[e.checker]!] !== 3 || book.reveals[board.role[e.checker]!] !== -1) fail(i, `a check by a ${roleName(board.role[e.checker])}`);
        if (e.black !== readsBlack(board, board.role[e.target]!)) fail(i, `check of seat ${e.target} says black=${e.black}`);
        acts.add(`check:${e.checker}:${e.target}:${e.black}`);
        break;
      }
      case 'kill': {
        alive(e.seat, i, 'killed');
        const next = events[i + 1];
        if (next?.type !== 'death' || next.seat !== e.seat) fail(i, 'a kill not followed by its death');
        count(`death by ${DEATH_CAUSE_NAMES[e.cause]}`);
        const why = causeMissing(e, events[i - 1], acts, board, o, misses[e.seat]!);
        if (e.cause !== DeathCause.Fouls && e.cause !== DeathCause.Inactivity) extraOwed += book.extraShots[board.role[e.seat]!]!;
        if (why) fail(i, `seat ${e.seat} dies of ${DEATH_CAUSE_NAMES[e.cause]} but ${why}`);
        const shown = o.revealOnDeath && e.cause !== DeathCause.Fouls;
        if (next?.type === 'death' && next.revealed !== (shown ? board.role[e.seat] : -1)) fail(i, `seat ${e.seat}'s card shown as ${next.revealed}`);
        break;
      }
      case 'death':
        alive(e.seat, i, 'dies');
        board.alive[e.seat] = false;
        diedThisPhase.add(e.seat);
        if (book.leader[board.role[e.seat]!]) donDied = true;
        // A later death of the same batch (the night's, a last shot) may undo it: only the batch's end counts.
        decided = !o['turn.simultaneous'] && expectedWinner(board, o) !== -1;
        break;
      case 'death-note':
        if (!o['deathNote.enabled']) fail(i, 'a death note with notes off');
        if (events[i - 1]?.type !== 'death' || (events[i - 1] as { seat: number }).seat !== e.from) fail(i, `a death note from seat ${e.from}, who did not just die`);
        if (notesWritten.has(e.from)) fail(i, `a second death note from seat ${e.from}`);
        {
          const kill = events[i - 2];
          const cause = kill?.type === 'kill' ? kill.cause : -1;
          const delivers = o['deathNote.delivery'] === 'any-death' || cause === DeathCause.Mafia || cause === DeathCause.Kamikaze || cause === DeathCause.Lynch;
          if (!delivers) fail(i, `a death note delivered on a death by ${DEATH_CAUSE_NAMES[cause] ?? cause} under deathNote.delivery=mafia-or-lynch`);
        }
        notesWritten.add(e.from);
        alive(e.to, i, 'death note addressee');
        count('death note');
        break;
      case 'commissar-note':
        if (!book.note[board.role[e.commissar]!]) fail(i, 'a Commissar note by a role without one');
        if (!diedThisPhase.has(e.commissar)) fail(i, `a note from seat ${e.commissar}, who did not die tonight`);
        if (!acts.has(`check:${e.commissar}:${e.target}:${e.black}`)) fail(i, 'a note that is not tonight\'s check');
        count('commissar note');
        break;
      case 'note-burned':
        if (!book.note[board.role[e.commissar]!]) fail(i, 'a Commissar note burns by a role without one');
        if ((e.reason === 'alive') !== board.alive[e.commissar]) fail(i, `seat ${e.commissar}'s note burns as ${e.reason}`);
        if (e.reason === 'frozen' && !acts.has(`blocked:${e.commissar}`)) fail(i, `seat ${e.commissar}'s note burns for a freeze he did not get`);
        count('note burned');
        break;
      case 'pass': {
        // Only a decision the role's row lets the player decline may be passed, and only by a player who could make it.
        const role = board.role[e.seat]!;
        if (e.choice === Choice.LastShot) {
          if (!diedThisPhase.has(e.seat) || !book.lastShot[role]) fail(i, `a held last shot by seat ${e.seat}`);
          if (lastShots.has(e.seat)) fail(i, `seat ${e.seat} holds a last shot already used`);
          lastShots.add(e.seat);
          count('last shot held');
          break;
        }
        alive(e.seat, i, 'passer');
        if (phase === 'day') fail(i, 'a night pass by day');
        if (!mayRequest(board, e.choice, role)) fail(i, `a ${CHOICE_NAMES[e.choice]} pass by a ${roleName(role)}`);
        else if (!book.mayPass[role]) fail(i, `a pass on a ${CHOICE_NAMES[e.choice]}, which the rules do not let a ${roleName(role)} decline`);
        if (acts.has(`pass:${e.choice}:${e.seat}`) || [...acts].some((a) => a.startsWith(`req:${e.choice}:${e.seat}:`))) fail(i, `seat ${e.seat} both passed and sent a ${CHOICE_NAMES[e.choice]} tonight`);
        acts.add(`pass:${e.choice}:${e.seat}`);
        count(`pass ${CHOICE_NAMES[e.choice]}`);
        break;
      }
      case 'last-shot':
        if (!diedThisPhase.has(e.shooter) || !book.lastShot[board.role[e.shooter]!]) fail(i, `a last shot by seat ${e.shooter}`);
        if (lastShots.has(e.shooter)) fail(i, `a second last shot by seat ${e.shooter}`);
        lastShots.add(e.shooter);
        alive(e.target, i, 'last-shot target');
        count('last shot');
        break;
      case 'promoted': {
        alive(e.seat, i, 'promoted');
        const from = board.role[e.seat]!;
        const assisted = book.assists[from]!;
        const assistedAlive = board.role.some((r, s) => r === assisted && board.alive[s]);
        const ok =
          (assisted >= 0 && e.role === assisted && !assistedAlive) ||
          (book.turnsOnLeaderDeath[from] === 1 && e.role === book.turnsInto[from] && donDied) ||
          (turned.has(e.seat) && e.role === book.turnsInto[from]);
        if (!ok) fail(i, `seat ${e.seat} promoted from ${roleName(from)} to ${roleName(e.role)}`);
        board.role[e.seat] = e.role;
        // The Foundling's turn belongs to the Boss's death: the board is judged after it.
        decided &&= expectedWinner(board, o) !== -1;
        count(`promoted to ${roleName(e.role)}`);
        break;
      }
      case 'mates':
        for (const s of e.seats) alive(s, i, 'clan member');
        break;
      case 'claim':
        alive(e.speaker, i, 'speaker');
        if (voters0.size > 0) checkHammerSpeech(i, e.speaker);
        count('claim');
        break;
      case 'foul':
        alive(e.seat, i, 'fouled');
        count('foul');
        break;
      case 'end': {
        closePhase(i);
        ended = true;
        if (e.outcome !== outcome) fail(i, `the log says ${outcomeName(e.outcome)}, play() returned ${outcomeName(outcome)}`);
        // Day 0 only for a deal already won (no phase played: a werewolf table dealt more wolves than villagers).
        if ((e.day < 1 && phaseNo >= 0) || e.day < 0 || e.day > o['limits.maxDays']) fail(i, `ended on day ${e.day}, cap ${o['limits.maxDays']}`);
        const w = expectedWinner(board, o);
        if (e.outcome === Outcome.Timeout) {
          if (w !== -1) fail(i, `a timeout on a board won by ${outcomeName(w)}`);
          if (e.day !== o['limits.maxDays'] || phaseNo !== phases.length - 1) fail(i, `a timeout before the cap (day ${e.day})`);
        } else if (w !== e.outcome) fail(i, `declared ${outcomeName(e.outcome)}, the board says ${w === -1 ? 'play on' : outcomeName(w)}`);
        count(`outcome ${outcomeName(e.outcome)}`);
        break;
      }
      default:
        break;
    }
  });
  if (!ended) bad.push('no end event');
  const t = game.table;
  if (board.alive.some((a, s) => a !== (t.alive[s] === 1))) bad.push('the log\'s living are not the table\'s');
  if (board.role.some((r, s) => r !== t.role[s])) bad.push('the log\'s roles are not the table\'s');
  return bad;
}

/** Why a death's cause is not borne out by the log, or null when it is. */
function causeMissing(
  e: Extract<GameEvent, { type: 'kill' }>,
  prev: GameEvent | undefined,
  acts: ReadonlySet<string>,
  b: Board,
  o: Options,
  missed: number,
): string | null {
  const req = (choice: Choice, seat: number, target: number): boolean => acts.has(`req:${choice}:${seat}:${target}`);
  const black = b.book.team[b.role[e.seat]!] === Team.Mafia;
  switch (e.cause) {
    case DeathCause.Lynch:
      return prev?.type === 'lynch' && prev.target === e.seat ? null : 'no lynch of him precedes';
    case DeathCause.Mafia:
      if (b.book.onShot[b.role[e.seat]!] !== 0) return `the ${b.book.specs[b.role[e.seat]!]!.key} does not die of the mafia's shot`;
      if (!acts.has(`mafia-target:${e.seat}`)) return 'no mafia shot resolved on him';
      return req(Choice.Shoot, e.by, e.seat) ? null : `seat ${e.by} did not shoot him`;
    case DeathCause.Maniac:
      return req(Choice.ManiacKill, e.by, e.seat) && !acts.has(`blocked:${e.by}`) ? null : `no unfrozen Maniac ${e.by} went for him`;
    case DeathCause.Hunt: {
      const onManiac = b.book.named[b.role[e.seat]!] === MANIAC && o['hunt.onManiac'] === 'target-dies';
      return req(Choice.Hunt, e.by, e.seat) && (black || onManiac) ? null : `no hunt by seat ${e.by} could kill him`;
    }
    case DeathCause.HuntMiss:
      return b.role.some((_, t) => req(Choice.Hunt, e.seat, t) && b.book.team[b.role[t]!] !== Team.Mafia) ? null : 'he hunted no innocent tonight';
    case DeathCause.Kamikaze: {
      const targetOf = (k: number): number => b.book.kamikazeTarget[b.role[k]!]!;
      const foundOne = (k: number): boolean => b.role.some((r, t) => r === targetOf(k) && req(Choice.Kamikaze, k, t));
      const ok = e.by === e.seat ? foundOne(e.seat) : b.role[e.seat] === targetOf(e.by) && req(Choice.Kamikaze, e.by, e.seat);
      return ok ? null : 'no Kamikaze found his target';
    }
    case DeathCause.Bomb:
      // A night's deaths are logged in seat order, so a Bomb may die after the neighbour his blast took.
      return b.book.blast[b.role[e.by]!] === 1 && e.by !== e.seat ? null : `seat ${e.by} is no Bomb`;
    case DeathCause.Vigilante:
      return req(Choice.VigilanteShot, e.by, e.seat) && !acts.has(`blocked:${e.by}`) ? null : `no unfrozen Vigilante ${e.by} fired at him`;
    case DeathCause.LastShot:
      return prev?.type === 'last-shot' && prev.target === e.seat ? null : 'no last shot at him precedes';
    case DeathCause.Fouls:
      return prev?.type === 'foul' && prev.seat === e.seat && prev.halfFouls >= 8 ? null : 'he has not reached 4 fouls';
    case DeathCause.Inactivity:
      return missed >= o['inactivity.maxMisses'] ? null : `he missed only ${missed} votes`;
    default:
      return 'the cause is unknown';
  }
}
