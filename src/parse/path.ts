import { ARRAY_ANY, PATH_SEPARATOR, type PathStep } from '../ast/nodes.js';
import { setHas, stringIndexOf, stringIsWellFormed } from '../builtins.js';
import { FilterError } from '../errors.js';
import { DEFAULT_LIMITS, type Limits, limitError } from '../limits.js';

/**
 * Segments that could reach an object's prototype machinery. Reading own properties only already makes
 * them harmless in memory, but they are rejected everywhere so that no target ever has to reason about
 * them (a JSON path `$.__proto__` means different things to different engines).
 */
const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);

const ANY_STEP: PathStep = Object.freeze({ kind: 'any' });

/**
 * Splits a filter key into path steps; `at` is the JSON pointer of the key, for errors. The path's
 * segments and their lengths are bounded by `limits` (`maxPathSegments`, `maxSegmentLength`), checked
 * while splitting: a 20,000-segment key is refused at its 17th segment.
 *
 * @example
 * parsePath('details$.postgres$.version', '/details$.postgres$.version').length; // 3
 */
export function parsePath(key: string, at: string, limits: Limits = DEFAULT_LIMITS): readonly PathStep[] {
  // parsePath is public: a caller's non-string is a typed error, not a TypeError.
  if (typeof key !== 'string') {
    throw new FilterError('INVALID_PATH', at, `a field path must be a string at ${at || 'the root'}`);
  }
  if (key === '') throw new FilterError('INVALID_PATH', at, `empty field path at ${at || 'the root'}`);
  if (!stringIsWellFormed(key)) {
    // A lone surrogate has no UTF-8 form: no database column or document key could ever match it.
    throw new FilterError(
      'INVALID_VALUE',
      at,
      `field path at ${at} is not well-formed Unicode (lone surrogate)`,
    );
  }
  const steps: PathStep[] = [];
  let start = 0;
  for (;;) {
    const end = stringIndexOf.call(key, PATH_SEPARATOR, start);
    const segment = key.slice(start, end === -1 ? key.length : end);
    if (steps.length === limits.maxPathSegments) {
      throw limitError(
        'maxPathSegments',
        at,
        `field path with more than ${limits.maxPathSegments} segments`,
        limits,
      );
    }
    if (segment.length > limits.maxSegmentLength) {
      throw limitError('maxSegmentLength', at, `field path segment of ${segment.length} characters`, limits);
    }
    if (segment === '') {
      throw new FilterError('INVALID_PATH', at, `field path "${key}" has an empty segment at ${at}`);
    }
    if (setHas.call(FORBIDDEN, segment)) {
      throw new FilterError(
        'FORBIDDEN_PATH_SEGMENT',
        at,
        `field path "${key}" uses the forbidden segment "${segment}" at ${at}`,
      );
    }
    steps.push(segment === ARRAY_ANY ? ANY_STEP : Object.freeze({ kind: 'key', key: segment }));
    if (end === -1) break;
    start = end + PATH_SEPARATOR.length;
  }
  return Object.freeze(steps);
}

/** Joins path steps back into the key written in filters. */
export function printPath(steps: readonly PathStep[]): string {
  let out = '';
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    if (i > 0) out += PATH_SEPARATOR;
    out += step.kind === 'any' ? ARRAY_ANY : step.key;
  }
  return out;
}
