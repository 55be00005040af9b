// The heuristic player: one object per seat, reused across games. It keeps
// its beliefs from its own observations and hands each decision to the
// policy of its choice: the vote, the mafia's shot, and one policy per night
// ability (block, protect, check, silence, kill, gun, Kamikaze), which reads
// the role's row in the rules' role table (view.book) and the player's team
// now (a Sergeant may become Commissar, a Foundling or a Cursed turn Mafia:
// the view says which side he plays for).

import { NONE, type Agent, type ClaimSink, type Decision, type PlayerView } from '../engine/agent.js';
import { Choice, type GameEvent } from '../engine/events.js';
import { MAX_SHOTS } from '../engine/options.js';
import { Ability, NO_ROLE } from '../engine/roleBook.js';
import type { Rng } from '../engine/rng.js';
import { Role, Team } from '../engine/roles.js';
import { CivilianMask } from './asCivilian.js';
import { Beliefs } from './beliefs.js';
import { ClanTalk } from './clan.js';
import { sigmoid } from './odds.js';
import { clanOwnKill, danger, kamikaze, lonerManiacKill, mafiaShot, mafiaVote } from './black.js';
import { check, onRoleCheck } from './check.js';
import { block, silence } from './hinder.js';
import { protect } from './protect.js';
import type { Mind } from './mind.js';
import type { Params } from './params.js';
import { NO_LOT, lotVote } from './lot.js';
import type { PublicRecord } from './record.js';
import { SpeechState, speakAs } from './speech.js';
import { DayTaste, abstains } from './taste.js';
import { HiddenPush } from './cover.js';
import { commissarNote, deathNote, hunt, lastShot, redManiacKill, townVote, vigilanteShot } from './town.js';

export class HeuristicAgent implements Agent, Mind {
  readSkill = 0;
  readFirstDay = 0;
  readShared = 0;
  view!: PlayerView;
  p!: Params;
  rng!: Rng;
  readonly b: Beliefs;
  readonly scores: Float64Array;
  readonly shotsNamed = new Int16Array(MAX_SHOTS);
  readonly taste = new DayTaste();
  readonly cover = new HiddenPush();
  readonly roleFound: Int8Array;
  /** His role checks for a role (the Don's for the Sheriff): only then is an event's type read for its result. */
  private checksRole = false;
  private readonly speech = new SpeechState();
  readonly clan: ClanTalk;
  /** The table's public record (contract 2, Agent.record): the engine hands it the public events, and it brings this player up to date. */
  readonly record: PublicRecord;
  /** Built alone, the player keeps a clan talk of his own and clears it each game. */
  private readonly ownsClan: boolean;
  /** While he plays for the Mafia with `mafia.asCivilian` > 0: the Civilian his days may go to (asCivilian.ts); else null. */
  private mask: CivilianMask | null = null;
  private maskKept: CivilianMask | null = null;
  private civilianParams!: Params;

  /**
   * `record`: the table's public record, shared by its players (see record.ts);
   * `clan`: the table's clan talk (clan.ts); alone, a player keeps his own of each.
   */
  constructor(
    readonly players: number,
    record?: PublicRecord,
    clan?: ClanTalk,
  ) {
    this.b = new Beliefs(players, record);
    this.record = this.b.record;
    this.scores = new Float64Array(players);
    this.roleFound = this.b.roleFound;
    this.ownsClan = clan === undefined;
    this.clan = clan ?? new ClanTalk(players);
  }

  /**
   * Sets the parameters for the coming game; reads are whispered to players
   * who want Town's enemies found. `civilian`: how a Civilian of this table
   * plays, the parameters a Mafia's civilian days are played with.
   */
  configure(params: Params, wantsReads: boolean, civilian: Params = params): this {
    this.p = params;
    this.civilianParams = civilian;
    this.readSkill = wantsReads ? params['readSkill']! : 0;
    this.readFirstDay = params['readFirstDay']!;
    this.readShared = params['readShared']!;
    this.b.deal();
    return this;
  }

  begin(view: PlayerView, rng: Rng): void {
    this.view = view;
    this.rng = rng;
    this.b.reset(view, this.p);
    this.speech.reset();
    if (this.ownsClan) this.clan.clear();
    this.taste.reset();
    this.cover.reset();
    const book = view.book;
    this.checksRole = book.action[view.role] === Ability.Check && book.reveals[view.role] !== NO_ROLE;
    const asCivilian = view.team === Team.Mafia ? this.p['mafia.asCivilian']! : 0;
    this.mask = asCivilian > 0 ? this.civilianMask().begin(view, asCivilian, this.civilianParams, rng) : null;
    if (this.mask !== null) this.record.begin(view, this.mask.seatPlayer(this.b));
  }

  /** The Civilian of his civilian days, made at first need: he shares the table's public record, never the clan's talk. */
  private civilianMask(): CivilianMask {
    return (this.maskKept ??= new CivilianMask(new HeuristicAgent(this.players, this.b.record)));
  }

  /** The events meant for him alone; every event he may see when he is played without his record (a wrapper that observes). */
  observe(event: GameEvent): void {
    this.b.observe(event);
    if (this.checksRole && event.type === 'role-check') onRoleCheck(this, event);
    if (this.mask !== null) this.mask.observe(event);
  }

  speak(view: PlayerView, out: ClaimSink): void {
    if (this.mask !== null && this.mask.today()) this.mask.speak(out);
    else speakAs(this, this.speech, out);
  }

  choose(view: PlayerView, d: Decision): number {
    const blackSide = view.team === Team.Mafia;
    switch (d.choice) {
      case Choice.Vote:
        return blackSide ? this.clanVote(d, true) : this.townSideVote(view, d, true);
      case Choice.Nominate: // until nominations have their own policy: nominate whom he would vote for (an abstention is a vote's, not a nomination's)
        return blackSide ? this.clanVote(d, false) : this.townSideVote(view, d, false);
      case Choice.Shoot:
        return mafiaShot(this, d);
      // The night abilities, one policy each (the engine asks an ability as its Choice: roleBook.ts, ABILITY_CHOICE).
      case Choice.Freeze:
        return block(this, d);
      case Choice.Heal:
        return protect(this, d);
      case Choice.Check:
        return check(this, d);
      case Choice.Silence:
        return silence(this, d);
      case Choice.ManiacKill:
        return view.team === Team.Maniac ? lonerManiacKill(this, d) : blackSide ? clanOwnKill(this, d) : redManiacKill(this, d);
      case Choice.Kamikaze:
        return kamikaze(this, d);
      case Choice.Hunt:
        return hunt(this, d);
      case Choice.LastShot:
        return lastShot(this, d);
      case Choice.DeathNote:
        return deathNote(this, d);
      case Choice.CommissarNote:
        return commissarNote(this, d);
      case Choice.VigilanteShot:
        return blackSide ? clanOwnKill(this, d) : vigilanteShot(this, d);
      default:
        return d.mayPass ? NONE : d.options[0]!;
    }
  }

  /** A Mafia's vote or nomination: a Civilian's on his civilian days (the Civilian abstains as Civilians do), else the clan's blending in. */
  private clanVote(d: Decision, mayAbstain: boolean): number {
    if (this.mask !== null && this.mask.today()) return this.mask.vote(d);
    return mayAbstain && abstains(this, d) ? NONE : mafiaVote(this, d);
  }

  /** Town follows the day's lot on a lot day (lot.ts: no abstaining then); otherwise, and for a loner Maniac, his own vote. */
  private townSideVote(view: PlayerView, d: Decision, mayAbstain: boolean): number {
    if (view.team === Team.Town) {
      const lot = lotVote(this, d);
      if (lot !== NO_LOT) return lot;
    }
    return mayAbstain && abstains(this, d) ? NONE : townVote(this, d);
  }

  /**
   * Top `k` living seats by what drives this player: for Town (and loners) the
   * belief that the seat is an enemy of Town, for the clan its threat score.
   * For `replay --verbose`; allocates, so never on the hot path.
   */
  topSuspects(k: number): { kind: 'enemy' | 'threat'; top: Suspect[] } {
    const b = this.b;
    b.refreshTrust();
    const clan = this.view.team === Team.Mafia;
    const top: Suspect[] = [];
    for (let s = 0; s < b.n; s++) {
      if (s === b.me || !this.view.alive[s] || (clan && this.view.known[s] === Team.Mafia)) continue;
      top.push({ seat: s, value: clan ? danger(this, s) : sigmoid(b.enemy(s)) });
    }
    top.sort((a, z) => z.value - a.value || a.seat - z.seat);
    return { kind: clan ? 'threat' : 'enemy', top: top.slice(0, k) };
  }
}

export interface Suspect {
  readonly seat: number;
  readonly value: number;
}

/** Whether a dealt role's player gets reads: everyone who hunts for Town's enemies (the clan already knows them). */
export function wantsReads(role: Role, team: Team): boolean {
  return team !== Team.Mafia || role === Role.Foundling;
}
