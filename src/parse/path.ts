import { ARRAY_ANY, PATH_SEPARATOR, type PathStep } from '../ast/nodes.js';
import { BoundedCache } from '../bounded-cache.js';
import { freeze, setHas, stringIndexOf, stringIsWellFormed } from '../builtins.js';
import { FilterError, showPointer, showText } from '../errors.js';
import { DEFAULT_LIMITS, type Limits, limitError } from '../limits.js';

/**
 * Segments that could reach an object's prototype machinery. Reading own properties only already makes
 * them harmless in memory, but they are rejected everywhere so that no target ever has to reason about
 * them (a JSON path `$.__proto__` means different things to different engines).
 */
const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);

const ANY_STEP: PathStep = freeze({ kind: 'any' });

/**
 * Keys parsed under the default limits, and their steps (frozen): a server parses the same few keys on
 * every request. Only short keys: a lookup hashes the whole key, which a long one must not cost.
 */
const parsed = new BoundedCache<readonly PathStep[]>(1024, 256 * 1024);
const REMEMBERED_KEY_LENGTH = 256;

/**
 * Splits a filter key into path steps; `at` is the JSON pointer of the key, for errors. The path's
 * segments and their lengths are bounded by `limits` (`maxPathSegments`, `maxSegmentLength`), checked
 * while splitting: a 20,000-segment key is refused at its 13th segment (with the default 12). A key
 * longer than the longest path the limits allow is refused reading no more of it than that: a 10 MB key
 * costs what a 2 KB one does.
 *
 * @example
 * parsePath('details$.postgres$.version', '/details$.postgres$.version').length; // 3
 */
export function parsePath(key: string, at: string, limits: Limits = DEFAULT_LIMITS): readonly PathStep[] {
  // parsePath is public: a caller's non-string is a typed error, not a TypeError.
  if (typeof key !== 'string') {
    throw new FilterError('INVALID_PATH', at, `a field path must be a string at ${showPointer(at)}`);
  }
  const memo = limits === DEFAULT_LIMITS && key.length <= REMEMBERED_KEY_LENGTH;
  if (memo) {
    const known = parsed.get(key);
    if (known !== undefined) return known;
  }
  if (key === '') throw new FilterError('INVALID_PATH', at, `empty field path at ${showPointer(at)}`);
  // No path within the limits is longer than `longest`. Past it, its first `longest + 1` code units are
  // split instead of the whole key, and the loop below must refuse them: they hold either a segment past
  // `maxSegmentLength` or more than `maxPathSegments` segments (fewer segments, none too long, add up to
  // at most `longest - 2` code units). What is refused there is true of the whole key: every segment
  // but the last one split is a segment of the key, and the last one is refused only for its length.
  const longest = limits.maxPathSegments * (limits.maxSegmentLength + PATH_SEPARATOR.length);
  const text = key.length > longest ? key.slice(0, longest + 1) : key;
  if (text === key && !stringIsWellFormed(key)) {
    // A lone surrogate has no UTF-8 form: no database column or document key could ever match it.
    throw new FilterError(
      'INVALID_VALUE',
      at,
      `field path at ${showPointer(at)} is not well-formed Unicode (lone surrogate)`,
    );
  }
  const steps: PathStep[] = [];
  let start = 0;
  for (;;) {
    const end = stringIndexOf.call(text, PATH_SEPARATOR, start);
    const segment = text.slice(start, end === -1 ? text.length : end);
    if (steps.length === limits.maxPathSegments) {
      throw limitError(
        'maxPathSegments',
        at,
        `field path with more than ${limits.maxPathSegments} segments`,
        limits,
      );
    }
    if (segment.length > limits.maxSegmentLength) {
      // The last segment of a key cut at `longest` is longer still than the part read of it.
      const size = end === -1 && text !== key ? `more than ${segment.length - 1}` : `${segment.length}`;
      throw limitError('maxSegmentLength', at, `field path segment of ${size} characters`, limits);
    }
    if (segment === '') {
      throw new FilterError(
        'INVALID_PATH',
        at,
        `field path "${showText(key)}" has an empty segment at ${showPointer(at)}`,
      );
    }
    if (setHas.call(FORBIDDEN, segment)) {
      throw new FilterError(
        'FORBIDDEN_PATH_SEGMENT',
        at,
        `field path "${showText(key)}" uses the forbidden segment "${segment}" at ${showPointer(at)}`,
      );
    }
    steps.push(segment === ARRAY_ANY ? ANY_STEP : freeze({ kind: 'key', key: segment }));
    if (end === -1) break;
    start = end + PATH_SEPARATOR.length;
  }
  // Unreachable (see `longest`); should the arithmetic ever be wrong, refuse rather than accept a part.
  if (text !== key)
    throw limitError('maxSegmentLength', at, 'field path longer than the limits allow', limits);
  const out = freeze(steps);
  if (memo) parsed.set(key, out);
  return out;
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
