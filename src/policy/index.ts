export {
  InventoryError,
  type InventoryErrorCode,
  type ReadOptions,
  type Rejection,
  readInventory,
  readNdjson,
  type TextSource,
} from '../inventory/records.js';
export {
  checkPolicyDefinition,
  type NormalizedCondition,
  type NormalizedPolicy,
  type NormalizedRule,
  type NormalizedStatus,
  type PolicyCheck,
} from './check.js';
export {
  activeWaiver,
  type CompiledPolicy,
  compilePolicy,
  type PolicyOptions,
  type PolicyResult,
  type StatusInfo,
} from './compile.js';
export {
  type BranchCoverage,
  type BranchKind,
  type CoverageRatio,
  type CoverageRecorder,
  type CoverageTotals,
  coverageRecorder,
  coverageTotals,
  mergeCoverage,
  type PolicyCoverage,
  type RecordedDecision,
  type RuleCoverage,
  type StatusCoverage,
} from './coverage.js';
export type {
  FilterCondition,
  PolicyDefinition,
  PolicyRequestBody,
  PolicyRule,
  StatusDefinition,
} from './definition.js';
export {
  type DiffCell,
  type DiffExample,
  type DiffOptions,
  type DiffSide,
  diffPolicies,
  type PolicyDiff,
} from './diff.js';
export { PolicyError, type PolicyProblem, type PolicyProblemCode, type PolicyShapeCode } from './errors.js';
export type {
  ClauseExplanation,
  ConditionExplanation,
  FieldExplanation,
  FilterExplanation,
  FoundValue,
  LogicalExplanation,
  NearestMiss,
  NotExplanation,
  PolicyExplanation,
  RuleExplanation,
  StatusExplanation,
} from './explain.js';
export {
  type ForecastState,
  type ForecastWindowOptions,
  forecaster,
  forecastRecord,
  type PolicyForecaster,
  type RecordForecast,
  type RuleRef,
  sameState,
  type TimeCause,
  type Transition,
  type VersionBound,
} from './forecast.js';
export {
  type ForecastBucket,
  type ForecastOptions,
  type ForecastSummary,
  forecastInventory,
  type PolicyForecast,
  type StatusSeries,
} from './forecast-inventory.js';
export {
  DEFAULT_KIND_FIELD,
  evaluateInventory,
  type InventoryOptions,
  type InventorySummary,
  type PolicyOutcome,
  type PolicySummary,
  type ResourceResults,
  type StatusCount,
} from './inventory.js';
export { type CompiledPolicySet, compilePolicies } from './set.js';
export {
  type ActiveWaiver,
  checkWaivers,
  type NormalizedWaiver,
  type WaiverAccepts,
  type WaiverCheck,
  type WaiverDefinition,
  WaiverError,
  type WaiverMark,
  type WaiverProblem,
  type WaiverProblemCode,
} from './waivers.js';
