/**
 * Reading the editors' text with the validation module's own readers, which keep the position of every
 * node: a filter's errors (JSON pointers) are then shown at their line and column, as `svc-policy
 * validate` shows a policy's.
 */
import { FilterError } from '../src/index.js';
import { anchorOf } from '../src/validate/checks/policy-structure.js';
import { type ParsedSource, parseJsonSource } from '../src/validate/source/json.js';
import { parseYamlSource } from '../src/validate/source/yaml.js';

/** A diagnostic as the page lists it (the shape of `validatePolicy`'s). */
export interface Shown {
  readonly severity: 'error' | 'warning';
  readonly code: string;
  readonly message: string;
  readonly line: number;
  readonly column: number;
}

/** The text read: its syntax, its value (absent after a syntax error) and where its nodes are. */
export interface ReadText {
  readonly format: 'json' | 'yaml';
  readonly source: ParsedSource;
}

const failed = (source: ParsedSource) => source.value === undefined;

/**
 * JSON first, then YAML: YAML's flow style (`{ technology: { $eq: postgres } }`) starts like JSON but
 * is not. When neither reads, the syntax error shown is that of the syntax the text looks like (the
 * validation module's rule: JSON when it starts with `{` or `[`).
 *
 * @example
 * readText('{ technology: { $eq: postgres } }').format; // 'yaml'
 */
export function readText(text: string): ReadText {
  const json = parseJsonSource(text);
  if (!failed(json)) return { format: 'json', source: json };
  const yaml = parseYamlSource(text);
  if (!failed(yaml) || /^\s*[[{]/.test(text) === false) return { format: 'yaml', source: yaml };
  return { format: 'json', source: json };
}

/** The problems met while reading (syntax errors, duplicate keys), at their line and column. */
export function readProblems({ source }: ReadText): Shown[] {
  return source.problems.map((p) => ({
    severity: p.severity,
    code: p.code,
    message: p.message,
    ...source.positions.at(p.offset),
  }));
}

/**
 * A filter's error at the place its JSON pointer names in the text: the key for a problem of the key
 * itself (an unknown operator), the value otherwise. An error that is not a `FilterError` is at 1:1.
 *
 * @example
 * filterProblem(error, read); // { code: 'UNKNOWN_OPERATOR', line: 3, column: 5, … }
 */
export function filterProblem(error: unknown, { source }: ReadText): Shown {
  if (error instanceof FilterError) {
    const at = source.positions.locate(error.path, anchorOf(error.code));
    return { severity: 'error', code: error.code, message: error.message, ...at };
  }
  return { severity: 'error', code: 'ERROR', message: String(error), line: 1, column: 1 };
}
