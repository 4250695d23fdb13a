import { ARRAY_ANY, PATH_SEPARATOR, type PathStep } from '../ast/nodes.js';
import { setHas, stringIsWellFormed, stringSplit } from '../builtins.js';
import { FilterError } from '../errors.js';

/**
 * Segments that could reach an object's prototype machinery. Reading own properties only already makes
 * them harmless in memory, but they are rejected everywhere so that no target ever has to reason about
 * them (a JSON path `$.__proto__` means different things to different engines).
 */
const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);

const ANY_STEP: PathStep = Object.freeze({ kind: 'any' });

/** Splits a filter key into path steps; `at` is the JSON pointer of the key, for errors. */
export function parsePath(key: string, at: string): readonly PathStep[] {
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
  const segments = stringSplit(key, PATH_SEPARATOR);
  const steps: PathStep[] = [];
  for (const segment of segments) {
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
