// Every JSON output of the command line, each as the TypeScript type it is
// built as: the one source of truth its published JSON Schema
// (docs/schemas/<name>.schema.json, `npm run schemas`) is generated from.
// Outputs the commands assemble themselves (calibrate, records, rules,
// players) are declared here; the rest are the sim's and the report's own
// types. Versions: src/sim/schemaVersions.ts.

import type { AgentSpec } from '../agents/spec.js';
import type { Profile } from '../agents/params.js';
import type { OptionValue } from '../engine/options.js';
import type { RoleDefJson } from '../engine/roleFile.js';
import type { AcrossSection } from '../report/across.js';
import type { AcrossMatrixJson } from '../report/balance/across.js';
import type { FairSection } from '../report/balance/fair.js';
import type { SectionedSummary } from '../report/balance/format.js';
import type { AdaptFindings } from '../sim/balance/adapt.js';
import type { RaceSection } from '../report/balance/race.js';
import type { RoleValues } from '../report/balance/roles.js';
import type { DesignerTable } from '../report/balance/table.js';
import type { CompareReportJson } from '../report/records/page.js';
import type { TuneSection } from '../report/balance/tune.js';
import type { EquilibriumOutput, EquilibriumSection } from '../report/balance/equilibrium.js';
import type { StudySummary } from '../report/summary.js';
import type { FitResult } from '../sim/calibrate/fit.js';
import type { Statistic, StatisticsJSON } from '../sim/records/stats.js';
import type { OutputName, SCHEMA_VERSIONS } from '../sim/schemaVersions.js';
import type { RunSummary } from '../sim/summary.js';

type Version<N extends OutputName> = (typeof SCHEMA_VERSIONS)[N];

export type RunJson = RunSummary;
export type StudyJson = StudySummary;
export type CompareAcrossJson = SectionedSummary<'compare-across', 'across', AcrossSection>;
/** `adapt`: with --adapt only (balance 2). */
export type BalanceJson = SectionedSummary<'balance', 'balance', RaceSection & { readonly adapt?: AdaptFindings }>;
export type BalanceTableJson = SectionedSummary<'balance-table', 'balance', DesignerTable>;
export type BalanceAcrossJson = SectionedSummary<'balance-across', 'across', AcrossMatrixJson<RaceSection | DesignerTable>>;
/** `adapt`: with --adapt only (roles 2). */
export type RolesJson = SectionedSummary<'roles', 'roles', RoleValues & { readonly adapt?: AdaptFindings }>;
/** `compare --adapt`: the study summary with the adapt section. */
export type CompareAdaptJson = SectionedSummary<'compare-adapt', 'adapt', AdaptFindings>;
export type RolesAcrossJson = SectionedSummary<'roles-across', 'across', AcrossMatrixJson<RoleValues>>;
export type FairJson = SectionedSummary<'fair', 'fair', FairSection>;
export type FairAcrossJson = SectionedSummary<'fair-across', 'across', AcrossMatrixJson<FairSection>>;
export type TuneJson = SectionedSummary<'tune', 'tune', TuneSection>;
export type EquilibriumJson = EquilibriumOutput;
export type EquilibriumReportJson = SectionedSummary<'equilibrium-report', 'equilibrium', EquilibriumSection>;

/** One statistic of a fit table: the records' and the simulation's k, n and rate, and the z between them. */
export interface CalibrateRow {
  readonly records: Pick<Statistic, 'k' | 'n' | 'rate'>;
  readonly sim: Pick<Statistic, 'k' | 'n' | 'rate'>;
  /** Null where the records hold no data for it. */
  readonly z: number | null;
}

/** `calibrate --json`. */
export interface CalibrateJson {
  readonly schemaVersion: Version<'calibrate'>;
  /** `leftOut`: games an importer did not read (not clean). */
  readonly records: { readonly source: string; readonly games: number; readonly leftOut: number };
  /** The rules as the header names them; `preset`, `players` and `hash` are the one setup's, null when several setups were played (each is in `setups`). */
  readonly rules: { readonly source: string; readonly namedByRecords: boolean; readonly preset: string | null; readonly players: number | null; readonly hash: string | null };
  /** Each setup of the records, played in proportion to its records. */
  readonly setups: readonly { readonly players: number; readonly mafia: number; readonly records: number; readonly hash: string }[];
  /** Setups whose rules deal another mafia-team count than the records hold. */
  readonly notes: readonly string[];
  readonly baseAgents: string;
  readonly seed: number;
  readonly games: number;
  readonly moments: readonly string[];
  /** Each fitted parameter: its value, standard error (null when the statistics do not pin it down), start and range. */
  readonly params: Readonly<Record<string, { readonly value: number; readonly se: number | null; readonly start: number; readonly min: number; readonly max: number }>>;
  readonly objective: { readonly fit: number; readonly start: number };
  readonly search: { readonly rounds: number; readonly evaluations: number; readonly games: number; readonly stoppedBy: FitResult['stoppedBy'] };
  /** The fitted agents text. */
  readonly agents: string;
  readonly fit: Readonly<Record<string, CalibrateRow>>;
  /** `ownGames`: the holdout's setups differ from the fit's and were played on their own. */
  readonly holdout: { readonly source: string; readonly games: number; readonly ownGames: boolean; readonly objective: number; readonly fit: Readonly<Record<string, CalibrateRow>> } | null;
  /** The profile file written with --save, and the --agents text that loads it. */
  readonly profile: { readonly path: string; readonly loadWith: string } | null;
}

/** `records stats --json`. */
export interface RecordsStatsJson extends StatisticsJSON {
  readonly schemaVersion: Version<'records-stats'>;
}

/** `records compare --json`: the records' statistics and the simulated games' side by side. */
export interface RecordsCompareJson {
  readonly schemaVersion: Version<'records-compare'>;
  readonly records: StatisticsJSON;
  readonly sim: StatisticsJSON;
}

/** The summary.json of a `records compare` report. */
export type RecordsCompareReportJson = CompareReportJson;

/** `rules --json`: the canonical rules (their `hash` is of the canonical string, without the version and hash fields). */
export interface RulesJson {
  readonly schemaVersion: Version<'rules'>;
  readonly preset: string;
  readonly hash: string;
  readonly players: number;
  readonly roles: Readonly<Record<string, number>>;
  readonly options: Readonly<Record<string, OptionValue>>;
  /** A rules file's own roles, each in its normal form (counts under `roles`); only when it defines some. */
  readonly define?: Readonly<Record<string, RoleDefJson>>;
}

/** `rules --list --json`: every option with its meaning and each listed setup's value. */
export interface RulesListJson {
  readonly schemaVersion: Version<'rules-list'>;
  readonly options: ReadonlyArray<{ readonly key: string; readonly allowed: string; readonly meaning: string; readonly values: Readonly<Record<string, OptionValue>> }>;
  readonly setups: Readonly<Record<string, { readonly players: number; readonly roles: Readonly<Record<string, number>>; readonly hash: string }>>;
}

/** `players --json`: what an --agents text stands for. */
export interface PlayersJson {
  readonly schemaVersion: Version<'players'>;
  readonly agents: string;
  readonly base: Profile;
  /** The saved profile file everyone plays (`--agents FILE.json`), when one was given. */
  readonly file?: string;
  /** `file`: the saved profile file the scope plays (`SCOPE=FILE.json`), when one was given. */
  readonly scopes: ReadonlyArray<{ readonly scope: string; readonly plays: string; readonly file?: string }>;
  readonly params: AgentSpec['params'];
  /** Each team's mixture of strategies, drawn per game (weight and the team's parameters); empty without one. */
  readonly mixture: ReadonlyArray<{ readonly team: 'town' | 'mafia'; readonly weight: number; readonly params: Readonly<Record<string, number>> }>;
}

/** `players --list --json`: every policy parameter with its meaning, range and each profile's value. */
export interface PlayersListJson {
  readonly schemaVersion: Version<'players-list'>;
  readonly profiles: readonly Profile[];
  /** `kind`: skill (what a table perceives; stays at its fitted level) or strategy (what a team chooses; `team` is whose, and what `equilibrium` adapts). */
  readonly params: ReadonlyArray<{ readonly key: string; readonly meaning: string; readonly min: number; readonly max: number; readonly values: Readonly<Record<string, number>>; readonly kind: 'skill' | 'strategy'; readonly team?: 'town' | 'mafia' | 'maniac' }>;
}

export interface OutputEntry {
  /** The schema file is docs/schemas/<name>.schema.json; the version is SCHEMA_VERSIONS[name]. */
  readonly name: OutputName;
  /** The type above it is generated from. */
  readonly type: string;
  /** Which commands print or write it, for README and the schema's description. */
  readonly printedBy: string;
}

/** Every JSON output, in the order README lists them. */
export const OUTPUTS: readonly OutputEntry[] = [
  { name: 'run', type: 'RunJson', printedBy: "`run --json`, `merge --json`, a shard's part file, and `run` inside a run's summary.json" },
  { name: 'study', type: 'StudyJson', printedBy: 'summary.json of `run`, `compare`, `sweep`, `merge --out` and their experiments; `compare --json`, `sweep --json`, `experiment --json` (run, compare, sweep)' },
  { name: 'compare-adapt', type: 'CompareAdaptJson', printedBy: '`compare --adapt`: --json and summary.json' },
  { name: 'compare-across', type: 'CompareAcrossJson', printedBy: '`compare --across` (and an experiment with `across`): --json and summary.json' },
  { name: 'balance', type: 'BalanceJson', printedBy: '`balance --vary` (and an experiment file of it): --json and summary.json' },
  { name: 'balance-table', type: 'BalanceTableJson', printedBy: '`balance --for-players` (and an experiment file of it): --json and summary.json' },
  { name: 'balance-across', type: 'BalanceAcrossJson', printedBy: '`balance --across` (and an experiment file of it): --json and summary.json' },
  { name: 'roles', type: 'RolesJson', printedBy: '`roles` (and an experiment file of it): --json and summary.json' },
  { name: 'roles-across', type: 'RolesAcrossJson', printedBy: '`roles --across` (and an experiment file of it): --json and summary.json' },
  { name: 'fair', type: 'FairJson', printedBy: '`fair` (and an experiment file of it): --json and summary.json' },
  { name: 'fair-across', type: 'FairAcrossJson', printedBy: '`fair --across` (and an experiment file of it): --json and summary.json' },
  { name: 'tune', type: 'TuneJson', printedBy: '`tune` (and an experiment file of it): --json and summary.json' },
  { name: 'equilibrium', type: 'EquilibriumJson', printedBy: '`equilibrium --json`' },
  { name: 'equilibrium-report', type: 'EquilibriumReportJson', printedBy: 'summary.json of `equilibrium`' },
  { name: 'calibrate', type: 'CalibrateJson', printedBy: '`calibrate --json`' },
  { name: 'records-stats', type: 'RecordsStatsJson', printedBy: '`records stats --json`' },
  { name: 'records-compare', type: 'RecordsCompareJson', printedBy: '`records compare --json`' },
  { name: 'records-compare-report', type: 'RecordsCompareReportJson', printedBy: 'summary.json of `records compare`' },
  { name: 'rules', type: 'RulesJson', printedBy: '`rules --json`' },
  { name: 'rules-list', type: 'RulesListJson', printedBy: '`rules --list --json`' },
  { name: 'players', type: 'PlayersJson', printedBy: '`players --json`' },
  { name: 'players-list', type: 'PlayersListJson', printedBy: '`players --list --json`' },
];
