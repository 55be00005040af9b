// One player's beliefs, built only from what he observes: on top of his
// record (memory.ts) the evidence, in log-odds, that each seat is an enemy of
// Town, from hard facts (view.known), reads, claims he trusts, votes against
// later-revealed roles and accusations, and how far each role claim is
// believed. Updated incrementally per event; the policies read `enemy(t)` and
// the claim trust from here. Over 400 lines as one class: the evidence, the
// claim trust and the facts each read and write the others' per-seat arrays
// on every event; the record's share is already in memory.ts and record.ts.

import { NONE, UNKNOWN, type PlayerView } from '../engine/agent.js';
import type { GameEvent } from '../engine/events.js';
import { Role, Team } from '../engine/roles.js';
import { KNOWN_NOT_MAFIA } from '../engine/view.js';
import { Memory, Verdict } from './memory.js';
import { accuserCredit, isEnemyFact, isRedFact, priorLogOdds } from './odds.js';
import { townMayTurnBlack } from './publicFacts.js';
import { Kind, type ClaimEvent, type Event, type VoteEvent } from './eventKind.js';
import type { PublicRecord, RecordPlayer } from './record.js';
import type { SeatActs } from './seatActs.js';
import type { Params } from './params.js';

/** Log-odds treated as certainty (a hard fact). */
export const CERTAIN = 20;
/** A check said "Red" where Red may still be a loner Maniac. */
const NOT_MAFIA_LOGODDS = -3;
/** Log-odds added to a player caught lying about a role or a result: Town never lies, so a liar is an enemy for certain. */
const LIAR = CERTAIN;
/** Credibility bonus of a claimant shot at night (the mafia shoot real Commissars). */
const NIGHT_VICTIM_BONUS = 1.5;
/** Credibility bonus of a Commissar claimant backed by a Sergeant claimant. */
const BACKED_BONUS = 1.5;
/** The bonuses as factors of the trust weight, taken once (Math.exp gives the same value every time). */
const NIGHT_VICTIM_FACTOR = Math.exp(NIGHT_VICTIM_BONUS);
const BACKED_FACTOR = Math.exp(BACKED_BONUS);

export { Verdict } from './memory.js';

/** enemy(t) of a seat held by a hard fact, by its value in `known`: Town, Mafia, Maniac, KNOWN_NOT_MAFIA. */
const FACT_LOGODDS = new Float64Array([-CERTAIN, CERTAIN, CERTAIN, NOT_MAFIA_LOGODDS]);

/** log(1 − c): what a claim believed at c says of its claimant's being an enemy (a real role holder is Town), at most certainty. */
function creditOf(c: number): number {
  return c >= 1 ? -CERTAIN : Math.max(-CERTAIN, Math.log(1 - c));
}

/**
 * What a contested claim adds to the log-odds that its claimant is an enemy.
 * Rivals claim one role, so at most one of them holds it, and Town does not
 * lie: a claimant holding the share s of the role's credibility lied with
 * the others' share 1 − s, and a player who believes claims at κ
 * (claimTrust) thinks him a liar at `lied` = κ(1 − s), which adds
 * −log(1 − lied). With the credit of being believed at κs (creditOf) that
 * makes log((1 − κs) / (1 − κ(1 − s))), at κ = 1 the odds (1 − s) / s that he
 * lied. `doubt` (claimDoubt) scales it; at 0 the players are those from
 * before it. Without it a counter-claimant the table did not believe was a
 * seat like any other: the clan's liar outlived the Commissar they shot,
 * and his "Black" was lynched instead.
 */
function liarOdds(lied: number, doubt: number): number {
  return doubt === 0 ? 0 : -doubt * Math.log(Math.max(1e-9, 1 - lied));
}

/** The events with which the engine gives a player a fact (SeatView.learn): a check, a role check, the Sergeant's Commissar, a promotion, the mates, a death note, the note read out. */
function bringsFact(e: GameEvent, kind: Kind): boolean {
  return kind === Kind.Other ? e.type === 'role-check' : kind >= Kind.Check && kind !== Kind.Frozen;
}

export class Beliefs extends Memory implements RecordPlayer {
  prior = 0;
  /** Evidence per seat in log-odds of being an enemy of Town: accusations, vote memory, lies (the reads are added live: `evidence`). */
  readonly ev: Float64Array;
  /** Sources caught lying; Commissar claimants a Sergeant claimant backed. */
  readonly liar: Uint8Array;
  readonly backed: Uint8Array;
  /** Seats whose hard fact has been applied to the vote memory. */
  readonly applied: Uint8Array;
  /** How far each source is believed (P that he is the real Commissar), refreshed when dirty. */
  readonly trust: Float64Array;
  /**
   * What each believed role claim says of its claimant, in log-odds of his
   * being an enemy: log(1 − c), c how far the claim is believed (a source's
   * trust; a Doctor's or Vigilante's credibility, refreshRoleClaims). A real
   * role holder is Town, so a claim believed at 0.85 leaves him at most a
   * 0.15 chance of being an enemy. Refreshed with the trust; 0 without a claim.
   */
  readonly claimCredit: Float64Array;
  /** Seats other than me that claimed a role that gives no results (Doctor, Vigilante), in claim order. */
  private readonly roleClaimants: Int16Array;
  private roleClaimantCount = 0;
  /** refreshRoleClaims' scratch: each claimant's weight by seat; by role, how many claim it and their weights' sum (zeroed per refresh for the roles claimed). */
  private readonly claimWeight: Float64Array;
  private rivalsByRole = new Int16Array(0);
  private roleTotals = new Float64Array(0);
  trustDirty = true;
  /** The record's count of days' talk at my last trust refresh. */
  private trustTalks = -1;
  /** Share of the whispered reads' weight of evidence taken in (they grow each day: read live, never copied). */
  private readTrust = 1;
  /** A hard fact may have arrived without a sync (the Sergeant's Commissar): the next sync scans every seat. */
  private factsPending = false;
  /** prior + accuseOdds: the belief in log-odds above which a Town player accuses. */
  accuseLogOdds = 0;
  /** exp(firstClaimBonus), and exp(prior) once needed (NaN until then): per game, not per trust refresh. */
  private firstClaimFactor = 1;
  private expPrior = NaN;
  /** The parameters the two above were taken from (a profile's parameters are one object all run). */
  private derivedFrom: Params | null = null;
  /** Whether a Town player may turn Mafia in this setup (the Foundling): a "Red" on a later Black is then no lie. */
  private turnsBlack = false;
  /** Seats some source of mine gave a result on: enemy(t) walks the sources only for those. */
  readonly hasResult: Uint8Array;
  /** The prior by team for one setup and rules (NaN: not yet taken): one log per team, not one per game. */
  private readonly priors = new Float64Array(4).fill(NaN);
  private priorSetup: readonly number[] | null = null;
  private priorOptions: unknown = null;

  constructor(n: number, record?: PublicRecord) {
    // Two floats and four flags per seat in the per-game buffer: the one fill clears them (see Memory).
    super(n, record, 3, 4);
    const floats = this.perGameFloats;
    this.ev = floats.subarray(0, n);
    this.trust = floats.subarray(n, 2 * n);
    this.claimCredit = floats.subarray(2 * n);
    this.roleClaimants = new Int16Array(n);
    this.claimWeight = new Float64Array(n);
    const flags = this.perGameFlags;
    this.liar = flags.subarray(0, n);
    this.backed = flags.subarray(n, 2 * n);
    this.applied = flags.subarray(2 * n, 3 * n);
    this.hasResult = flags.subarray(3 * n);
  }

  /** Starts a game: clears the record, sets the prior and takes the reads in. */
  reset(view: PlayerView, params: Params): void {
    this.clearMemory(view, params);
    this.record.begin(view, this);
    this.roleClaimantCount = 0;
    this.trustDirty = true;
    this.trustTalks = -1;
    this.setPrior(view);
    this.readTrust = params['readTrust']!;
    if (params !== this.derivedFrom) {
      this.derivedFrom = params;
      this.firstClaimFactor = Math.exp(params['firstClaimBonus']!);
    }
    this.expPrior = NaN;
    this.accuseLogOdds = this.prior + params['accuseOdds']!;
    this.syncKnown();
  }

  private setPrior(view: PlayerView): void {
    if (view.setup !== this.priorSetup || view.options !== this.priorOptions) {
      this.priorSetup = view.setup;
      this.priorOptions = view.options;
      this.priors.fill(NaN);
      this.turnsBlack = townMayTurnBlack(view.setup, view.book);
    }
    let prior = this.priors[view.team]!;
    if (prior !== prior) this.priors[view.team] = prior = priorLogOdds(view);
    this.prior = prior;
  }

  observe(e: GameEvent): void {
    if (this.view === null) {
      if (e.type === 'commissar-known') for (const s of e.seats) this.markRealCommissar(s);
      return;
    }
    // The table's part first, once for all observers; then what is mine.
    const kind = this.record.apply(e, this);
    // An event that may have brought me a fact: the record must know I hold it before the next vote on that seat.
    if (bringsFact(e, kind)) this.record.rescanFacts(this.me);
    switch (kind) {
      case Kind.Vote: {
        const v = e as VoteEvent;
        if (v.target !== NONE) this.onVote(v.voter, v.target);
        break;
      }
      case Kind.Claim:
        this.onClaim((e as ClaimEvent).speaker, (e as ClaimEvent).claim);
        break;
      default:
        this.observeRare(e, kind);
        break;
    }
  }

  /**
   * Every event but votes and claims: a few per day. It switches on the
   * record's kind, not on `e.type` again (a megamorphic load per observer).
   */
  observeRare(e: GameEvent, kind: Kind): void {
    switch (kind) {
      case Kind.Death: {
        const d = e as Event<'death'>;
        this.onDeath(d.seat, d.publicCause, d.revealed);
        break;
      }
      case Kind.Check: {
        const c = e as Event<'check'>;
        this.onCheck(c.target, c.black, c.killedBy);
        break;
      }
      case Kind.CommissarKnown:
        for (const s of (e as Event<'commissar-known'>).seats) this.markRealCommissar(s);
        this.trustDirty = true;
        // The Sergeant learns the Commissar's team too: a fact for the next full sync.
        this.factsPending = true;
        break;
      case Kind.Promoted: {
        const pr = e as Event<'promoted'>;
        if (pr.seat === this.me && pr.role === Role.Commissar) this.promoted = true;
        this.trustDirty = true;
        this.syncKnown();
        break;
      }
      // The commissar note, a death note, the clan's mates.
      case Kind.Facts:
        // The note read to the table names its writer, a dead Commissar: he was real, and rivals may be shown to have lied.
        if (e.type === 'commissar-note') {
          this.markRealCommissar(e.commissar);
          this.trustDirty = true;
          this.takePublicLiars();
        }
        this.syncKnown();
        break;
      default:
        break;
    }
  }

  onVote(voter: number, target: number): void {
    // Only a vote for a seat I hold a fact on is mine to note (most votes are not).
    if (this.known[target] === UNKNOWN) return;
    if (this.known[target] === Team.Mafia) this.blackActs[voter]!++;
    if (this.applied[target] && voter !== this.me) this.ev[voter]! += this.memorySign(target) * this.params!['voteMemory']!;
  }

  /** -1 when voting for t shows a Town voter (t is an enemy), +1 when it shows an enemy (t is Town). */
  private memorySign(t: number): number {
    const k = this.view!.known[t]!;
    return k === Team.Town || k === KNOWN_NOT_MAFIA ? 1 : -1;
  }

  onClaim(speaker: number, c: Extract<GameEvent, { type: 'claim' }>['claim']): void {
    if (c.kind === 'accuse') {
      this.onAccuse(speaker, c.target);
      return;
    }
    const view = this.view!;
    this.trustDirty = true;
    if (c.kind === 'role') {
      if (speaker === this.me) return;
      if (c.role === Role.Commissar || c.role === Role.Sergeant) this.addSource(speaker);
      else this.addRoleClaimant(speaker);
      // A unique role I hold, or know someone else to hold, claimed by another: a lie; so is a role
      // every copy of which the table has seen (publicFacts.ts).
      const mine = view.role === c.role && view.setup[c.role] === 1;
      const knownReal = c.role === Role.Commissar && this.livingRealCommissar() >= 0 && !this.realCommissar[speaker];
      if (mine || knownReal || this.record.facts.liar[speaker]) this.markLiar(speaker);
      return;
    }
    if (c.kind === 'result') {
      this.addSource(speaker);
      if (speaker !== this.me) this.hasResult[c.target] = 1;
      if (speaker !== this.me && (this.contradicts(c.target, c.black) || this.record.facts.liar[speaker])) this.markLiar(speaker);
      if (this.claimRole[speaker] === Role.Sergeant) this.noteBacking(speaker, c.target, c.black);
      return;
    }
  }

  /**
   * An accusation, the commonest claim (the record hands it here directly,
   * reading the claim's kind once for the table): what it says of its
   * target, as far as I credit the accuser (or, against me, of him).
   */
  onAccuse(speaker: number, target: number): void {
    if (this.sourceCount > 0 || this.roleClaimantCount > 0) this.trustDirty = true;
    if (this.known[target] === Team.Mafia) this.blackActs[speaker]!++;
    if (speaker === this.me) return;
    const weight = this.params!['accuseWeight']! * this.voiceShare();
    if (target === this.me && this.view!.team === Team.Town) this.ev[speaker]! += weight;
    else this.ev[target]! += weight * accuserCredit(this.evidence(speaker));
  }

  /**
   * A player shot at night whose role is not shown was most likely Town (the
   * clan does not shoot its own): those who voted for him earlier look a
   * little more like enemies, `nightVictimMemory` per vote.
   */
  private rememberVotesAgainstVictim(victim: number): void {
    const w = this.params!['nightVictimMemory']!;
    if (w === 0) return;
    this.rememberVotes(this.record.actsOn(victim), w);
  }

  /** Whether "t is Black/Red" goes against a hard fact I hold (a Black may have been a Foundling checked Red before he turned). */
  private contradicts(t: number, black: boolean): boolean {
    const k = this.view!.known[t]!;
    if (k === UNKNOWN) return false;
    return black ? k !== Team.Mafia : k === Team.Mafia && !this.turnsBlack;
  }

  private noteBacking(sergeant: number, t: number, black: boolean): void {
    const n = this.n;
    for (let i = 0; i < this.sourceCount; i++) {
      const c = this.sources[i]!;
      if (c !== sergeant && this.claimRole[c] === Role.Commissar && this.results[c * n + t] === (black ? 1 : -1)) this.backed[c] = 1;
    }
  }

  markLiar(s: number): void {
    if (this.liar[s]) return;
    this.liar[s] = 1;
    this.ev[s]! += LIAR;
    this.trustDirty = true;
  }

  private onDeath(seat: number, publicCause: string, revealed: number): void {
    if (publicCause === 'night') {
      this.nightVictim[seat] = 1;
      if (revealed < 0 && this.view!.known[seat] === UNKNOWN) this.rememberVotesAgainstVictim(seat);
    }
    if (revealed === Role.Commissar) {
      // The shown Commissar was real: once every copy is shown, whoever else claimed the role lied.
      this.markRealCommissar(seat);
      this.takePublicLiars();
    }
    this.trustDirty = true;
    // Only the dead seat can have become a fact since the last sync, unless one is pending.
    if (this.factsPending) this.syncKnown();
    else this.syncSeat(seat);
  }

  /** Marks every seat the table's public facts show to have lied. */
  private takePublicLiars(): void {
    const liar = this.record.facts.liar;
    for (let s = 0; s < this.n; s++) if (liar[s] && s !== this.me) this.markLiar(s);
  }

  private onCheck(target: number, black: boolean, killedBy: number): void {
    this.found[target] = black ? Verdict.Black : Verdict.Red;
    if (killedBy >= 0) {
      const k = this.view!.known[killedBy]!;
      this.found[killedBy] = k === Team.Mafia ? Verdict.Black : k === Team.Maniac ? Verdict.Maniac : Verdict.Red;
    }
    this.trustDirty = true;
    this.syncKnown();
  }

  /** Applies the vote memory for every seat that has just become a hard fact, and rechecks claims against it. */
  syncKnown(): void {
    this.factsPending = false;
    const known = this.view!.known;
    for (let t = 0; t < this.n; t++) if (!this.applied[t] && known[t] !== UNKNOWN) this.applyFact(t);
  }

  /** syncKnown for seat t alone. */
  private syncSeat(t: number): void {
    if (!this.applied[t] && this.view!.known[t] !== UNKNOWN) this.applyFact(t);
  }

  private applyFact(t: number): void {
    const n = this.n;
    const k = this.view!.known[t]!;
    const w = this.params!['voteMemory']!;
    this.applied[t] = 1;
    this.trustDirty = true;
    const black = k === Team.Mafia;
    // Each voter or accuser of t gets one addition, as a walk down the column would give him; the record
    // lists them once for every player who takes this fact (a role shown at death: all of them, at once).
    // A game's first facts (my own seat, my mates) come before anyone has acted: nothing to list.
    const acts = this.actorCount[t] === 0 ? null : this.record.actsOn(t);
    if (black && acts !== null) {
      const actor = acts.actor;
      const count = acts.acts;
      const blackActs = this.blackActs;
      for (let i = 0; i < acts.actorCount; i++) blackActs[actor[i]!]! += count[i]!;
    }
    for (let i = 0; i < this.sourceCount; i++) {
      const c = this.sources[i]!;
      const r = this.results[c * n + t]!;
      if ((r === 1 && !black && k !== Team.Maniac) || (r === -1 && black && !this.turnsBlack)) this.markLiar(c);
    }
    if (w !== 0 && acts !== null) this.rememberVotes(acts, this.memorySign(t) * w);
  }

  /** Adds `weight` times his votes against the listed seat to each of its voters but me. */
  private rememberVotes(acts: SeatActs, weight: number): void {
    const voter = acts.voter;
    const votes = acts.votes;
    const ev = this.ev;
    const me = this.me;
    for (let i = 0; i < acts.voterCount; i++) {
      const v = voter[i]!;
      if (v !== me) ev[v]! += weight * votes[i]!;
    }
  }

  /** Notes a claimant of a role without results (once: a claim repeated under pressure is the same claim). */
  private addRoleClaimant(s: number): void {
    for (let i = 0; i < this.roleClaimantCount; i++) if (this.roleClaimants[i] === s) return;
    this.roleClaimants[this.roleClaimantCount++] = s;
  }

  /** Recomputes how far each role claim is believed: the result sources' trust, then the other role claims', and what each says of its claimant. */
  refreshTrust(): void {
    // A day's talk since the last refresh (PublicRecord.talks) has changed the reads the trust is built on.
    if (!this.trustDirty && (this.trustTalks === this.record.talks || (this.sourceCount === 0 && this.roleClaimantCount === 0))) return;
    this.trustDirty = false;
    this.trustTalks = this.record.talks;
    if (this.sourceCount > 0) this.refreshSourceTrust();
    if (this.roleClaimantCount > 0) this.refreshRoleClaims();
  }

  /** How far each result source is believed (P that he is the real Commissar). */
  private refreshSourceTrust(): void {
    const p = this.params!;
    const view = this.view!;
    const trust = this.trust;
    // No fill: every source's entry is written below, and the others are never written (0 since the reset).
    const iAmCommissar = view.role === Role.Commissar;
    const knowsReal = this.livingRealCommissar() >= 0;
    let total = 0;
    // Rivals for the doubt: Sergeant claimants each other, the others (Commissar claimants, results without a role claim) each other,
    // but for a Commissar shown real and dead, whose role a promoted Sergeant may claim after him.
    let sergeants = 0;
    let sergeantTotal = 0;
    let checkers = 0;
    let checkerTotal = 0;
    for (let i = 0; i < this.sourceCount; i++) {
      const c = this.sources[i]!;
      let w: number;
      if (this.liar[c] || isEnemyFact(view.known[c]!)) w = 0;
      else if (this.realCommissar[c]) w = 1e6;
      else if (knowsReal && this.claimRole[c] === Role.Commissar) w = 0;
      else if (iAmCommissar && this.claimRole[c] === Role.Commissar) w = 0;
      else {
        w = Math.exp(-(this.prior + this.evidence(c)));
        if (this.claimOrder[c] === 1) w *= this.firstClaimFactor;
        if (this.nightVictim[c]) w *= NIGHT_VICTIM_FACTOR;
        if (this.backed[c]) w *= BACKED_FACTOR;
        if (isRedFact(view.known[c]!)) w *= 20;
      }
      trust[c] = w;
      total += w;
      if (this.claimRole[c] === Role.Sergeant) {
        sergeants++;
        sergeantTotal += w;
      } else if (!this.realCommissar[c] || view.alive[c]) {
        checkers++;
        checkerTotal += w;
      }
    }
    if (total <= 0) {
      for (let i = 0; i < this.sourceCount; i++) this.claimCredit[this.sources[i]!] = 0;
      return;
    }
    // One real source at most: the weights share the claim's credibility, and a
    // lone claimant keeps what his own record leaves him.
    const alone = this.sourceCount === 1;
    if (alone && this.expPrior !== this.expPrior) this.expPrior = Math.exp(this.prior);
    const kappa = p['claimTrust']!;
    const doubt = p['claimDoubt']!;
    for (let i = 0; i < this.sourceCount; i++) {
      const c = this.sources[i]!;
      const w = trust[c]!;
      const share = alone ? Math.min(1, w * this.expPrior * 2) : w / total;
      trust[c] = this.realCommissar[c] ? 1 : kappa * share;
      const sergeant = this.claimRole[c] === Role.Sergeant;
      const rivals = sergeant ? sergeants : checkers;
      const rivalTotal = sergeant ? sergeantTotal : checkerTotal;
      const contested = rivals >= 2 && rivalTotal > 0 && !this.realCommissar[c];
      this.claimCredit[c] = creditOf(trust[c]!) + (contested ? liarOdds(kappa * (1 - w / rivalTotal), doubt) : 0);
    }
  }

  /**
   * How far each claim of a role that gives no results (the Doctor's, the
   * Vigilante's: a leak, or a claim under vote pressure) is believed, by the
   * rule a Commissar claim is: a lone claimant of a role the table may still
   * hold is believed as a lone first Commissar claimant is (claimTrust, less
   * as his record looks worse), rival claimants of one role share that by how
   * innocent each looks (the first with firstClaimBonus), and a claim the
   * table or I can disprove is a liar's and believed not at all. Without it a
   * leaked Doctor was a seat like any other: the mafia's votes on him (he is
   * dangerous to them) drew Town's after them.
   */
  private refreshRoleClaims(): void {
    const view = this.view!;
    const claimTrust = this.params!['claimTrust']!;
    const doubt = this.params!['claimDoubt']!;
    const claimants = this.roleClaimants;
    const count = this.roleClaimantCount;
    const weight = this.claimWeight;
    this.sizeRoleScratch(view.book.count);
    const rivals = this.rivalsByRole;
    const totals = this.roleTotals;
    // What a claimant's share is taken from is the same for every rival of his role: each living
    // claimant not caught lying weighs how innocent he looks (the first of his role's claimants with
    // firstClaimBonus), and the weights add up by role in claim order, once for all of them.
    for (let i = 0; i < count; i++) {
      const role = this.claimRole[claimants[i]!]!;
      rivals[role] = 0;
      totals[role] = 0;
    }
    for (let i = 0; i < count; i++) {
      const r = claimants[i]!;
      const role = this.claimRole[r]!;
      // A claimant who has since claimed Commissar is a source (its trust says what his claim is worth).
      if (role === Role.Commissar || role === Role.Sergeant || this.liar[r] || !view.alive[r]) continue;
      let w = Math.exp(-this.evidence(r));
      // The first of the role's claimants: those who claim a role already claimed come late.
      if (rivals[role] === 0) w *= this.firstClaimFactor;
      rivals[role]++;
      totals[role] += w;
      weight[r] = w;
    }
    for (let i = 0; i < count; i++) {
      const c = claimants[i]!;
      const role = this.claimRole[c]!;
      if (role === Role.Commissar || role === Role.Sergeant) continue;
      if (this.liar[c] || !view.alive[c]) {
        this.claimCredit[c] = 0;
        continue;
      }
      const k = rivals[role]!;
      const share = k === 1 ? Math.min(1, 2 * weight[c]!) : weight[c]! / totals[role]!;
      this.claimCredit[c] = creditOf(claimTrust * share) + (k > 1 ? liarOdds(claimTrust * (1 - share), doubt) : 0);
    }
  }

  /** Sizes the by-role scratch for the rules' roles (a rules file may bring its own). */
  private sizeRoleScratch(roles: number): void {
    if (this.rivalsByRole.length >= roles) return;
    this.rivalsByRole = new Int16Array(roles);
    this.roleTotals = new Float64Array(roles);
  }

  /** Soft evidence on seat t in log-odds: what I inferred (ev) plus the whispered reads I take in. */
  evidence(t: number): number {
    return this.ev[t]! + this.readTrust * this.reads[t]!;
  }

  /**
   * Log-odds that seat t is an enemy of Town, from everything I know. Every
   * path gives a double (a fact's value from a Float64Array, not an integer
   * constant): merged with an integer, V8 boxes the result of each call into
   * a heap number, the largest share of a big game's garbage.
   */
  enemy(t: number): number {
    const k = this.known[t]!;
    if (k !== UNKNOWN) return FACT_LOGODDS[k]!;
    let x = this.prior + this.evidence(t) + this.claimCredit[t]!;
    // Most seats have no result from any of my sources: their sum over the sources would add nothing.
    if (!this.hasResult[t]) return x;
    const n = this.n;
    const rw = this.params!['resultWeight']!;
    for (let i = 0; i < this.sourceCount; i++) {
      const c = this.sources[i]!;
      const r = this.results[c * n + t]!;
      if (r !== 0) x += r * rw * this.trust[c]!;
    }
    return x;
  }

  /** The largest trust of any source: no seat's blackResultTrust is higher. */
  highestTrust(): number {
    let best = 0;
    for (let i = 0; i < this.sourceCount; i++) if (this.trust[this.sources[i]!]! > best) best = this.trust[this.sources[i]!]!;
    return best;
  }

  /** The largest trust among sources that called t Black. */
  blackResultTrust(t: number): number {
    let best = 0;
    if (!this.hasResult[t]) return best;
    for (let i = 0; i < this.sourceCount; i++) {
      const c = this.sources[i]!;
      if (this.results[c * this.n + t] === 1 && this.trust[c]! > best) best = this.trust[c]!;
    }
    return best;
  }
}
