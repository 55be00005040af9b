// The package's one front door (`import { ... } from 'mafia-sim'`): the
// public API, re-exported from the layers that own it. Anything not named
// here is internal and may change without notice; the CLI is built on the
// same functions.
//
//   rules     resolveRules: a preset or rules document (+ overrides) -> frozen Rules,
//             with its role table (Rules.book, a RoleBook of RoleRow rows)
//   play      runGames: many games of one or more variants on common seeds
//             (threads, shards, checkpoints, precision stops, abort)
//   summarize buildRunSummary: one variant's result as `run --json` prints it;
//             buildSummary: a study (run, compare with paired differences, sweep
//             grid) as the report's summary.json; writeReport / terminalTable show it
//   balance   race + GameWinSource (`balance --vary`), fairTest (`fair`),
//             roleVariants (`roles`), tune + gameEvaluator (`tune`)
//   replay    replayGame: one game again, with its full log
//   agents    the Agent interface the engine calls, its view and decision types,
//             parseAgents / createProvider for the built-in players

// Rules
export { resolveRules, rulesFromCanonical, RulesError, type Rules, type RulesDoc, type RulesOverrides } from './engine/rules.js';
export { roleCounts } from './engine/rulesDisplay.js';
export { PRESETS, PRESET_NAMES, isPresetName, type PresetName, type Preset } from './engine/presets.js';
export { OPTION_SPECS, OPTION_KEYS, type Options, type OptionSpec, type OptionValue } from './engine/options.js';
export { ROLES, ROLE_KEYS, Role, Team, TEAM_NAMES, type RoleSpec } from './engine/roles.js';
export { RoleBook } from './engine/roleBook.js';
export type { RoleRow, NightAbility, AbilityKind, TeamName } from './engine/abilities.js';
export { OUTCOME_NAMES, Outcome, type OutcomeName, type GameEvent, type LoggedEvent, type Claim, type Choice } from './engine/events.js';

// Agents
export { NONE, UNKNOWN, AgentError, type Agent, type AgentProvider, type PlayerView, type Decision, type ClaimSink } from './engine/agent.js';
export type { Rng } from './engine/rng.js';
export { Game, type PlayOptions } from './engine/game.js';
export { formatLog } from './engine/logText.js';
export {
  AgentSpecError,
  DEFAULT_AGENTS,
  PARAM_SPECS,
  PROFILES,
  HeuristicAgent,
  RandomAgent,
  RandomProvider,
  createProvider,
  parseAgents,
  type AgentSpec,
  type ParamSpec,
  type Profile,
  type CreateAgent,
} from './agents/index.js';

// Playing many games
export { runGames, pairIndex, type RunRequest, type RunResult, type RunProgress, type Variant, type StopReason } from './sim/run.js';
export { Aggregate, type AggregateJSON } from './sim/aggregate.js';
export { RunTally } from './sim/tally.js';
export { shardRange } from './sim/shard.js';
export { mergeParts, type LoadedPart, type MergedRun } from './sim/merge.js';
export { replayGame, type ReplayRequest, type ReplayedGame } from './sim/replay.js';

// Summaries, comparisons and sweeps
export { buildRunSummary, describeStop, type RunSummary, type SummaryInput as RunSummaryInput } from './sim/summary.js';
export {
  buildSummary,
  type StudySummary,
  type SummaryInput as StudySummaryInput,
  type StudyKind,
  type VariantInput,
  type VariantSummary,
  type PairSummary,
  type DifferenceSummary,
  type PairsMode,
  type SettingValue,
} from './report/summary.js';
export { wilson, pairedDifference, type RateInterval, type PairedDifference } from './report/stats.js';
export { writeReport, type WrittenReport } from './report/write.js';
export { terminalTable } from './report/terminal.js';

// Balancing
export { race, RACE_DEFAULTS, type RaceConfig, type RaceResult, type CandidateResult, type LookRecord, type WinSource } from './sim/balance/race.js';
export { GameWinSource } from './sim/balance/gameSource.js';
export { fairTest, FAIR_DEFAULTS, type FairConfig, type FairResult, type FairVerdict } from './sim/balance/sprt.js';
export { roleVariants, type RoleVariant } from './sim/balance/roleVariants.js';
export { tune, TUNE_DEFAULTS, type TuneConfig, type TuneParam, type TuneResult, type Point } from './sim/balance/tune.js';
export { gameEvaluator, type TuneGames } from './sim/balance/tuneSource.js';
