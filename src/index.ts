/**
 * svc-policy core: parse, print and compile filters; compile and evaluate policies.
 * No runtime dependencies and no Node-only imports: runs in Node ≥ 22 and in modern browsers.
 */

export { isFilterNode } from './ast/node-input.js';
export type {
  AndNode,
  AnyStep,
  ClauseKind,
  ClauseNode,
  EqNode,
  ExistsNode,
  FieldNode,
  FilterNode,
  GteNode,
  GtNode,
  InNode,
  KeyStep,
  LikeNode,
  LteNode,
  LtNode,
  NeNode,
  NinNode,
  NodeKind,
  NotNode,
  OperatorKind,
  OperatorNode,
  OrNode,
  PathStep,
  PathStepKind,
  RangeKind,
  RangeNode,
  Scalar,
} from './ast/nodes.js';
export { ARRAY_ANY, LOGICAL_NAMES, OPERATOR_NAMES, PATH_SEPARATOR } from './ast/nodes.js';
export { type FilterJson, printFilter } from './ast/print.js';
export { type CompileOptions, compileFilter } from './compile/filter.js';
export { FilterError, type FilterErrorCode } from './errors.js';
export { DEFAULT_MAX_DEPTH, type ParseOptions, parseFilter } from './parse/filter.js';
export { parsePath, printPath } from './parse/path.js';
export {
  type ClauseExplanation,
  type CompiledPolicy,
  type ConditionExplanation,
  checkPolicyDefinition,
  compilePolicy,
  evaluateInventory,
  type FieldExplanation,
  type FilterExplanation,
  type FoundValue,
  type InventoryOptions,
  type InventorySummary,
  type LogicalExplanation,
  type NearestMiss,
  type NormalizedCondition,
  type NormalizedPolicy,
  type NormalizedRule,
  type NormalizedStatus,
  type NotExplanation,
  type PolicyCheck,
  PolicyError,
  type PolicyExplanation,
  type PolicyOutcome,
  type PolicyProblem,
  type PolicyProblemCode,
  type PolicyResult,
  type PolicyShapeCode,
  type PolicySummary,
  type ResourceResults,
  type RuleExplanation,
  type StatusCount,
  type StatusExplanation,
  type StatusInfo,
} from './policy/index.js';
export {
  CERTIFICATE_RESOURCE,
  COMPONENT_RESOURCE,
  DEFAULT_TIE_BREAKERS,
  describeFields,
  type FieldDescription,
  type FieldDescriptor,
  type ItemFieldDescriptor,
  isResourceName,
  POLICY_RESOURCE,
  RESOURCES,
  type ResourceDescription,
  type ResourceName,
  resolveResource,
  UPGRADE_PLAN_RESOURCE,
  type ValueType,
  type ValueTypeName,
} from './query/resources.js';
export { compareCodePoints } from './semantics/compare.js';
export { compileLike, escapeLike } from './semantics/like.js';
export { type PathValue, resolvePath } from './semantics/path.js';
