// `node dist/bench/players.js [games] [--sanity]`: how the default players play
// the closest setup to the records (15 players, 3 plain Mafia, Commissar,
// Doctor, night first, no parity block, no repeat heal), measured from game
// logs: the figures issue 11 compares with the human tables. With --sanity,
// Town's win rate as one Mafia replaces a Civilian, in club, forum and classic
// at several sizes. A measuring tool, not a test: it prints, it asserts nothing.
// Set AGENTS to measure other players (default: club).

import { createProvider, parseAgents } from '../src/agents/index.js';
import { Choice, DeathCause, Outcome, type LoggedEvent } from '../src/engine/events.js';
import { Game } from '../src/engine/game.js';
import { Role, Team } from '../src/engine/roles.js';
import { resolveRules } from '../src/engine/rules.js';
import { runRange } from '../src/sim/runRange.js';

const args = process.argv.slice(2);
const GAMES = Number(args.find((a) => /^\d+$/.test(a)) ?? 4000);
const AGENTS = process.env['AGENTS'] ?? 'club';
const REVEAL = process.env['REVEAL'] ?? 'false';

/** The records' setup as far as the engine can express it today (no Vigilante, one shot, no no-lynch vote). */
export const RECORDS_LIKE = [
  'roles.don=0', 'roles.mafia=3', 'roles.putana=0', 'roles.maniac=0', 'roles.commissar=1', 'roles.doctor=1',
  'start=night', 'win.parityBlock=none', 'doctor.maxSameTarget=1', `revealOnDeath=${REVEAL}`,
];

class Rate {
  k = 0;
  n = 0;
  chance = 0;
  add(hit: boolean, chance = 0): void {
    this.n++;
    if (hit) this.k++;
    this.chance += chance;
  }
  get rate(): number {
    return this.k / this.n;
  }
  /** Wilson 95% interval. */
  interval(): [number, number] {
    const z = 1.959964;
    const n = this.n;
    const p = this.rate;
    const d = 1 + (z * z) / n;
    const c = (p + (z * z) / (2 * n)) / d;
    const h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
    return [Math.max(0, c - h), Math.min(1, c + h)];
  }
  /** Odds of the rate over the odds of the mean chance. */
  oddsRatio(): number {
    const c = this.chance / this.n;
    return this.rate / (1 - this.rate) / (c / (1 - c));
  }
}

function pct(x: number): string {
  return `${(100 * x).toFixed(1)}%`;
}

function row(name: string, r: Rate, withChance: boolean, target: string): string {
  const [lo, hi] = r.interval();
  const chance = withChance ? `chance ${pct(r.chance / r.n).padStart(6)}  OR ${r.oddsRatio().toFixed(2).padStart(5)}` : ''.padEnd(25);
  return `${name.padEnd(26)} ${pct(r.rate).padStart(6)} [${pct(lo)}, ${pct(hi)}]  n=${String(r.n).padStart(5)}  ${chance}  humans ${target}`;
}

async function measure(): Promise<void> {
  const rules = resolveRules('club', { set: RECORDS_LIKE, players: 15 });
  const provider = await createProvider(parseAgents(AGENTS), rules);
  const game = new Game(rules);
  const town = new Rate();
  const lynch = [new Rate(), new Rate(), new Rate(), new Rate()];
  const noLynch = new Rate();
  const selfHeal = new Rate();
  const check1 = new Rate();
  const splitShots = new Rate();
  const log: LoggedEvent[] = [];
  const team = new Int8Array(15);
  const alive = new Uint8Array(15);
  for (let k = 0; k < GAMES; k++) {
    log.length = 0;
    const outcome = game.play(7, k, provider, { log });
    town.add(outcome === Outcome.Town);
    let day = 0;
    let phase = '';
    let lynchedToday = false;
    let votedToday = false;
    const closeDay = (): void => {
      if (phase === 'day' && votedToday) noLynch.add(!lynchedToday);
    };
    for (const { event: e } of log) {
      switch (e.type) {
        case 'deal':
          e.roles.forEach((r, s) => {
            team[s] = r === Role.Mafia || r === Role.Don ? Team.Mafia : Team.Town;
            alive[s] = 1;
          });
          break;
        case 'phase':
          closeDay();
          day = e.day;
          phase = e.phase;
          lynchedToday = false;
          votedToday = false;
          break;
        case 'vote':
          votedToday = true;
          break;
        case 'lynch': {
          let m = 0;
          let a = 0;
          for (let s = 0; s < 15; s++) if (alive[s]) (a++, team[s] === Team.Mafia && m++);
          if (day <= 3) lynch[day]!.add(team[e.target] === Team.Mafia, m / a);
          lynchedToday = true;
          break;
        }
        case 'kill':
          alive[e.seat] = 0;
          if (e.cause === DeathCause.Lynch) lynchedToday = true;
          break;
        case 'request':
          if (e.choice === Choice.Heal && e.target >= 0) selfHeal.add(e.target === e.seat);
          if (e.choice === Choice.Check && day === 1 && e.target >= 0) {
            let m = 0;
            let a = 0;
            for (let s = 0; s < 15; s++) if (alive[s] && s !== e.seat) (a++, team[s] === Team.Mafia && m++);
            check1.add(team[e.target] === Team.Mafia, m / a);
          }
          break;
        case 'shot-failed':
          if (e.reason === 'split') splitShots.add(true);
          break;
        case 'end':
          closeDay();
          break;
        default:
          break;
      }
    }
  }
  console.log(`records-like setup: club --players 15 --set ${RECORDS_LIKE.join(' --set ')}; agents ${AGENTS}; ${GAMES} games, seed 7`);
  console.log(row('Town wins', town, false, '46%'));
  console.log(row('day-1 lynch hits mafia', lynch[1]!, true, '18% (chance ~23%)'));
  console.log(row('day-2 lynch hits mafia', lynch[2]!, true, '52% (OR ~3)'));
  console.log(row('day-3 lynch hits mafia', lynch[3]!, true, '49% (OR ~3)'));
  console.log(row('no-lynch days', noLynch, false, '~18%'));
  console.log(row('doctor self-heals', selfHeal, false, '0%'));
  console.log(row('cop night-1 check hits', check1, true, 'at chance (~21%)'));
  console.log(`split mafia shots (no kill): ${splitShots.k} in ${GAMES} games`);
}

/** Town's win rate with m and m+1 Mafia at each size, in each preset. */
async function sanity(): Promise<void> {
  const cases: [string, number, number[]][] = [
    ['club', 12, [1, 2, 3, 4]],
    ['club', 16, [2, 3, 4, 5]],
    ['forum', 12, [1, 2, 3, 4]],
    ['forum', 20, [1, 2, 3, 4, 5, 6]],
    ['classic', 10, [1, 2, 3]],
    ['classic', 16, [2, 3, 4, 5]],
  ];
  const agents = parseAgents(AGENTS).canonical;
  for (const [preset, players, mafias] of cases) {
    const cells: string[] = [];
    for (const mafia of mafias) {
      const agg = await runRange({ rules: resolveRules(preset, { players, mafia }), agents, seed: 11, from: 0, to: GAMES });
      cells.push(`${mafia}m ${pct(agg.count('town') / GAMES)}`);
    }
    console.log(`${preset} ${players}: Town ${cells.join('  ')}`);
  }
}

await (args.includes('--sanity') ? sanity() : measure());
