import type { LimitOptions } from '../limits.js';
/** How bad a diagnostic is: an `error` makes the policy invalid; a `warning` is reported only. */
export type Severity = 'error' | 'warning';

/**
 * Stable codes of the diagnostics of {@link validatePolicy}, besides the policy engine's own problem codes
 * (`MISSING_PROPERTY`, `NO_DEFAULT_STATUS`, the filter error codes…), which are passed through unchanged.
 * Never renamed, only added to. Every code is described with an example in docs/validation.md.
 */
export type ValidationCode =
  /** The text is not valid JSON or YAML. */
  | 'SYNTAX_ERROR'
  /** The same key twice in one object (JSON and YAML would silently keep the last). */
  | 'DUPLICATE_KEY'
  /** Nesting deeper than any policy needs (256 levels). */
  | 'TOO_DEEP'
  /** A YAML construct that the core schema reads with a warning (an unknown tag…). */
  | 'YAML_WARNING'
  /** The document violates `schema/policy.schema.json` where the policy engine has nothing to say. */
  | 'SCHEMA'
  /** `resource` names a kind without a field table: field paths are not checked. */
  | 'UNKNOWN_RESOURCE'
  /** A field path that the resource kind does not have. */
  | 'UNKNOWN_FIELD'
  /** An operator or operand that can never match the field's type. */
  | 'TYPE_MISMATCH'
  /** A string compared with a timestamp field that is not an ISO 8601 date or date-time. */
  | 'INVALID_TIMESTAMP'
  /** An ISO 8601 string compared with a timestamp that is not in the API's form (`…T…:…:….sssZ`). */
  | 'NON_CANONICAL_TIMESTAMP'
  /** A string range (`$lt: "2026-…"`) on a timestamp field: code points, where `$at` or `$now` compares instants. */
  | 'STRING_RANGE_ON_TIMESTAMP'
  /** A `$now` or `$at` operand on a field that is not a timestamp. */
  | 'INSTANT_ON_NON_TIMESTAMP'
  /** `__svcArrayAny__` where the field is not an array. */
  | 'SELECTOR_ON_NON_ARRAY'
  /** An array field compared (or read through) without `__svcArrayAny__`: arrays are values. */
  | 'MISSING_ARRAY_SELECTOR'
  /** A `details$` path that the supplied Kubernetes field descriptors do not list. */
  | 'K8S_UNKNOWN_FIELD'
  /** A `details$` path whose descriptor says `filterable: false`. */
  | 'K8S_NOT_FILTERABLE'
  /** A value outside the descriptor's `availableValues`. */
  | 'K8S_UNKNOWN_VALUE'
  /** A `$like` pattern with regular-expression or SQL LIKE syntax (`^…$`, `%`, `[0-9]`, `(a|b)`, `.*`). */
  | 'SUSPICIOUS_LIKE_PATTERN'
  /** A key written with Mongo-style dots (`details.postgres.version`) that the resource has no key for. */
  | 'DOTTED_PATH'
  /** A range operator with a string on a version field (`"1.9" > "1.29"` as strings). */
  /** A condition or rule that can never hold. */
  | 'IMPOSSIBLE_CONDITION'
  /** Two statuses with the same rules: the second can never be reached through them. */
  | 'DUPLICATE_STATUS_RULES'
  /** A rule that can never decide: a rule of a status evaluated before it holds whenever it does. */
  | 'SHADOWED_RULE'
  /** A word mixing scripts (Latin with Cyrillic or Greek letters): a likely lookalike. */
  | 'CONFUSABLE_CHARACTERS'
  /** A bidirectional control character, which can make text display differently from what it is. */
  | 'BIDI_CONTROL'
  /** An invisible character (zero-width space, soft hyphen…). */
  | 'INVISIBLE_CHARACTER'
  /** The diagnostics of one file were capped; this one says how many were left out. */
  | 'TOO_MANY_DIAGNOSTICS'
  /** CLI only: the file could not be read (not a regular file, too large, not UTF-8, outside the root…). */
  | 'UNREADABLE_FILE'
  /** CLI only: the file is not valid UTF-8. */
  | 'INVALID_ENCODING'
  /** The document is not JSON data (a cycle, a function, a getter that throws…) or a check failed. */
  | 'INVALID_DOCUMENT';

/** One problem found in a policy file. */
export interface Diagnostic {
  readonly severity: Severity;
  /** A {@link ValidationCode} or a code of the policy engine (`PolicyProblemCode`). */
  readonly code: string;
  readonly message: string;
  /** RFC 6901 JSON pointer into the document (`''` is the whole document). */
  readonly path: string;
  /** 1-based line in the source text; present when the document was given as text. */
  readonly line?: number;
  /** 1-based column in UTF-16 code units (what editors and SARIF count); present with `line`. */
  readonly column?: number;
}

/** The answer of {@link validatePolicy}. */
export interface ValidationResult {
  /** True when no diagnostic is an error (warnings do not count). */
  readonly valid: boolean;
  /**
   * Every problem found, in source order when positions are known; at most `maxDiagnostics` (100), the
   * last one then a `TOO_MANY_DIAGNOSTICS` warning counting those left out.
   */
  readonly diagnostics: readonly Diagnostic[];
}

/** One item field of a Kubernetes detail field descriptor (an element of an array field). */
export interface K8sItemField {
  readonly field: string;
  readonly type?: string;
  readonly availableValues?: readonly string[];
  readonly filterable?: boolean;
}

/** A Kubernetes detail field descriptor, as returned by `POST /k8sResource/detailsSchema`. */
export interface K8sFieldDescriptor {
  readonly field: string;
  readonly displayName?: string;
  readonly type?: string;
  readonly filterable?: boolean;
  readonly sortable?: boolean;
  readonly description?: string;
  readonly availableValues?: readonly string[];
  readonly itemFields?: readonly K8sItemField[];
}

/** The response of `POST /k8sResource/detailsSchema`: `{ kind, fields }`. */
export interface K8sDetailsSchema {
  readonly kind?: string;
  readonly fields: readonly K8sFieldDescriptor[];
}

/** Options of {@link validatePolicy}: `limits` bound the document (see docs/limits.md). */
export interface ValidateOptions extends LimitOptions {
  /** The syntax of a text document; by default from `fileName`'s extension, else sniffed (`{` → JSON). */
  readonly format?: 'json' | 'yaml';
  /** The file name, for the format and for messages. */
  readonly fileName?: string;
  /** Kubernetes detail descriptors: `details$` paths are then checked against them. */
  readonly k8sSchema?: K8sDetailsSchema;
  /**
   * Most diagnostics reported per document (default 100), counting the `TOO_MANY_DIAGNOSTICS` notice
   * that replaces the rest; at least 1.
   */
  readonly maxDiagnostics?: number;
}
