// A team's strategy space in one setup (issue 20): the strategy parameters
// of the table (params.ts, `use`) that some player of this setup reads, each
// with the range a search needs. A parameter no seat reads (the Sergeant's
// without a Sergeant, hunting where nobody hunts) would only waste a search's
// games, and a count of days or votes is never needed beyond the table size,
// since no game lasts that long.

import type { Rules } from '../engine/rules.js';
import { Role } from '../engine/roles.js';
import { strategyParams, type ParamSpec, type StrategyTeam } from './params.js';

export interface StrategyParam {
  readonly key: string;
  /** The range a search walks: the table's, a count capped at the table size. */
  readonly min: number;
  readonly max: number;
  /** A count of days or votes: searched on whole numbers. */
  readonly whole: boolean;
}

/** Whether some seat of these rules reads the parameter: its role is dealt, and the rule it serves is on. */
export function readInSetup(key: string, rules: Rules): boolean {
  const dealt = (r: Role): boolean => (rules.roles[r] ?? 0) > 0;
  const o = rules.options;
  const head = key.includes('.') ? key.slice(0, key.indexOf('.')) : '';
  switch (key) {
    case 'vote.passBias':
      return o['vote.noLynch'];
    case 'commissar.noteWhenRevealed':
    case 'commissar.noteHidden':
      return o['commissar.note'] && (dealt(Role.Commissar) || dealt(Role.Sergeant));
    case 'commissar.lastShotOdds':
      return o['commissar.lastShot'] && (dealt(Role.Commissar) || dealt(Role.Sergeant));
    case 'commissar.deathNote':
      return o['deathNote.enabled'] && (dealt(Role.Commissar) || dealt(Role.Sergeant));
    case 'maniac.killOdds':
      return dealt(Role.Maniac) && o['maniac.team'] === 'town';
    case 'maniac.threatWeight':
    case 'maniac.townWeight':
      return dealt(Role.Maniac) && o['maniac.team'] !== 'town';
    case 'mafia.doctorWeight':
      return dealt(Role.Doctor) || dealt(Role.Sergeant) || dealt(Role.Vigilante);
    case 'mafia.commissarWeight':
    case 'mafia.fakeClaim':
    case 'mafia.fakeClaimDay':
    case 'mafia.counterClaim':
      // A claimed Commissar is worth a shot, and a fake claim worth making, only where the setup has one.
      return dealt(Role.Commissar) || dealt(Role.Sergeant);
    default:
      break;
  }
  switch (head) {
    case 'commissar':
      return dealt(Role.Commissar) || dealt(Role.Sergeant);
    case 'doctor':
      return dealt(Role.Doctor);
    case 'vigilante':
      return dealt(Role.Vigilante);
    case 'sergeant':
      return dealt(Role.Sergeant);
    case 'hunt':
      return o['hunt.enabled'];
    case 'putana':
      return dealt(Role.Putana);
    case 'kamikaze':
      return dealt(Role.Kamikaze);
    default:
      return true;
  }
}

/** The team's strategy parameters some seat of these rules reads, in table order, with their search ranges. */
export function strategySpace(rules: Rules, team: StrategyTeam): StrategyParam[] {
  return strategyParams(team)
    .filter((s) => readInSetup(s.key, rules))
    .map((s) => ({ key: s.key, min: s.min, max: searchMax(s, rules), whole: s.use.kind === 'strategy' && s.use.counts !== undefined }));
}

function searchMax(s: ParamSpec, rules: Rules): number {
  return s.use.kind === 'strategy' && s.use.counts !== undefined ? Math.max(s.min + 1, Math.min(s.max, rules.players)) : s.max;
}
