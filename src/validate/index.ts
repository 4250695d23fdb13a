import { countOwnKeys, defineProperty, isArray, objectKeys, ownOptions } from '../builtins.js';
import { type FilterError, MAX_SHOWN_POINTER, pointer, safeMessage, showPointer } from '../errors.js';
import { isLimitCode, type Limits, limitError, resolveLimits, utf8LengthExceeds } from '../limits.js';
import { checkPolicyDefinition } from '../policy/check.js';
import { CHECKS } from './checks/index.js';
import type { Finding } from './checks/types.js';
import { buildModel } from './model.js';
import { MAX_NESTING, type ParsedSource, parseJsonSource } from './source/json.js';
import type { SourcePositions } from './source/positions.js';
import { parseYamlSource } from './source/yaml.js';
import type { Diagnostic, ValidateOptions, ValidationResult } from './types.js';
import { printable } from './unprintable.js';

/** Default cap of diagnostics per document. */
export const DEFAULT_MAX_DIAGNOSTICS = 100;

/** The syntax of a text document: the option, else the file extension, else the first character. */
function formatOf(text: string, options: ValidateOptions): 'json' | 'yaml' {
  if (options.format !== undefined) return options.format;
  const name = options.fileName?.toLowerCase() ?? '';
  if (name.endsWith('.json')) return 'json';
  if (name.endsWith('.yaml') || name.endsWith('.yml')) return 'yaml';
  const first = /\S/.exec(text)?.[0];
  return first === '{' || first === '[' ? 'json' : 'yaml';
}

/** One value of a document handed in as an object, to be read and copied. */
interface Pending {
  /** The object or array holding the value (`undefined` for the document itself). */
  readonly from: object | undefined;
  readonly key: string | number;
  /** Where its copy goes. */
  readonly into: Record<string | number, unknown>;
  readonly at: string;
  readonly depth: number;
}

/**
 * A copy of a document handed in as a value, whose objects have no prototype, or why it cannot be
 * read: a value no JSON file can hold, a cycle, nesting deeper than {@link MAX_NESTING}, more values
 * than `maxDocumentValues` or more characters in its strings and keys than `maxFileBytes`. Each value
 * is read once (a getter runs once), the budgets are counted while copying, and an array or an object
 * too large for what is left of them is refused by its length before any of its values is read: a
 * 2,000,000-item array costs nothing. Iterative, so no nesting can overflow the stack.
 */
function detach(document: unknown, limits: Limits): { value: unknown } | { finding: Finding } {
  const root = Object.create(null) as Record<string, unknown>;
  const stack: (Pending | { readonly leave: object })[] = [
    { from: undefined, key: 'value', into: root, at: '', depth: 0 },
  ];
  // The objects and arrays being copied, from the root down to the current value: a cycle leads back to one.
  const open = new Set<object>();
  let values = 0;
  let characters = 0;
  const bad = (message: string, path: string, code = 'INVALID_DOCUMENT') => ({
    finding: { severity: 'error', code, message, path } satisfies Finding,
  });
  const tooMany = (at: string, what: string) => ({
    finding: toFinding(limitError('maxDocumentValues', at, what, limits)),
  });
  const tooLong = (at: string) => ({
    finding: toFinding(
      limitError(
        'maxFileBytes',
        at,
        `a document whose strings and keys hold more than ${limits.maxFileBytes} characters`,
        limits,
      ),
    ),
  });
  while (stack.length > 0) {
    const next = stack.pop()!;
    if ('leave' in next) {
      open.delete(next.leave);
      continue;
    }
    const { at, depth } = next;
    const value =
      next.from === undefined ? document : (next.from as Record<string | number, unknown>)[next.key];
    if (++values > limits.maxDocumentValues) {
      return tooMany(at, `a document of more than ${limits.maxDocumentValues} values`);
    }
    let copy: unknown = value;
    if (typeof value === 'string') {
      characters += value.length;
      if (characters > limits.maxFileBytes) return tooLong(at);
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value)) return bad(`${value} at ${showPointer(at)} is not a JSON number`, at);
    } else if (typeof value === 'object' && value !== null) {
      if (open.has(value)) return bad(`the document contains a cycle at ${showPointer(at)}`, at);
      if (depth >= MAX_NESTING) {
        return bad(`nesting deeper than ${MAX_NESTING} levels at ${showPointer(at)}`, at, 'TOO_DEEP');
      }
      const left = limits.maxDocumentValues - values;
      if (isArray(value)) {
        // Each item is at least one value: a longer array is refused by its length, unread.
        if (value.length > left) return tooMany(at, `an array of ${value.length} items`);
        copy = new Array(value.length);
        open.add(value);
        stack.push({ leave: value });
        for (let i = value.length - 1; i >= 0; i--) {
          stack.push({
            from: value,
            key: i,
            into: copy as unknown[] as never,
            at: pointer(at, i),
            depth: depth + 1,
          });
        }
      } else {
        // A key and its value are two values; counted before the keys are listed.
        const most = Math.floor(left / 2);
        if (countOwnKeys(value, most) > most) return tooMany(at, `an object of more than ${most} keys`);
        const keys = objectKeys(value);
        values += keys.length;
        copy = Object.create(null);
        open.add(value);
        stack.push({ leave: value });
        for (let i = keys.length - 1; i >= 0; i--) {
          const key = keys[i]!;
          characters += key.length;
          if (characters > limits.maxFileBytes) return tooLong(at);
          stack.push({ from: value, key, into: copy as never, at: pointer(at, key), depth: depth + 1 });
        }
      }
    } else if (value !== null && typeof value !== 'boolean') {
      return bad(`${typeof value} at ${showPointer(at)} is not JSON data`, at);
    }
    defineProperty(next.into, next.key, {
      value: copy,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return { value: root.value };
}

function toFinding(error: FilterError): Finding {
  return { severity: 'error', code: error.code, message: error.message, path: error.path };
}

function parseText(text: string, options: ValidateOptions, limits: Limits): ParsedSource {
  // A byte order mark is not part of the document; dropping it keeps columns as editors count them.
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return formatOf(body, options) === 'json' ? parseJsonSource(body, limits) : parseYamlSource(body, limits);
}

/** The document as a copy without prototypes, or the finding saying why it cannot be read. @internal */
export function detached(document: unknown, limits: Limits): { value: unknown } | { finding: Finding } {
  return detach(document, limits);
}

function runChecks(document: unknown, options: ValidateOptions, limits: Limits): Finding[] {
  const findings: Finding[] = [];
  // The checks (ajv's schema validation among them) read the document with plain property access and
  // `for…in`: on a copy without prototypes, a property set on Object.prototype is not in the document.
  const copied = detach(document, limits);
  if ('finding' in copied) return [copied.finding];
  const detached = copied.value;
  const check = checkPolicyDefinition(detached, { limits });
  // A policy past a limit is refused before the costly checks (the schema, the pairwise rule analysis)
  // see it: the limit's problem is the whole answer.
  const breach = check.problems.filter((p) => isLimitCode(p.code));
  if (breach.length > 0) {
    return breach.map((p) => ({ severity: 'error', code: p.code, message: p.message, path: p.path }));
  }
  const model = buildModel(detached, options.k8sSchema, limits, check);
  for (const check of CHECKS) {
    try {
      check.run(model, (f) => findings.push(f));
    } catch (error) {
      // A hostile value (a getter, a Proxy) can throw while read; never let it escape as a crash.
      findings.push({
        severity: 'error',
        code: 'INVALID_DOCUMENT',
        message: `the ${check.name} check could not read the document: ${safeMessage(error)}`,
        path: '',
      });
    }
  }
  return findings;
}

/** A message that repeats its diagnostic's long pointer shows it shortened (the `path` field has it whole). */
function shortMessage(message: string, path: string): string {
  return path.length > MAX_SHOWN_POINTER ? message.split(path).join(showPointer(path)) : message;
}

function position(d: Diagnostic): number[] {
  return [d.line ?? 0, d.column ?? 0];
}

function finish(diagnostics: Diagnostic[], max: number): ValidationResult {
  const sorted = diagnostics
    .map((d, i) => ({ d, i }))
    .sort((a, b) => {
      const [la, ca] = position(a.d);
      const [lb, cb] = position(b.d);
      return la! - lb! || ca! - cb! || a.i - b.i;
    })
    .map(({ d }) => ({ ...d, message: printable(shortMessage(d.message, d.path)) }));
  const valid = !sorted.some((d) => d.severity === 'error');
  if (sorted.length <= max) return { valid, diagnostics: sorted };
  // The notice takes the last place, so a file never has more than `max` diagnostics in all.
  const rest = sorted.slice(max - 1);
  const errors = rest.filter((d) => d.severity === 'error').length;
  const kept = sorted.slice(0, max - 1);
  const last = kept[kept.length - 1];
  kept.push({
    severity: 'warning',
    code: 'TOO_MANY_DIAGNOSTICS',
    message: `${rest.length} more diagnostics (${errors} errors) not shown: at most ${max} are reported per file`,
    path: '',
    ...(last?.line === undefined ? {} : { line: last.line, column: last.column ?? 1 }),
  });
  return { valid, diagnostics: kept };
}

/** The cap of diagnostics per document: a whole number of at least 1 (room for the notice). */
function diagnosticsCap(requested: number | undefined): number {
  if (requested === undefined || Number.isNaN(requested)) return DEFAULT_MAX_DIAGNOSTICS;
  return Math.max(1, Math.floor(requested));
}

function place(f: Finding, positions: SourcePositions | undefined): Diagnostic {
  const base = { severity: f.severity, code: f.code, message: f.message, path: f.path };
  if (positions === undefined) return base;
  return { ...base, ...positions.locate(f.path, f.anchor) };
}

/**
 * Validates a policy file: the JSON Schema, the policy engine's rules, field paths and types for the
 * policy's `resource` kind, array selectors, Kubernetes detail descriptors (when given), contradictions
 * and dead rules, and lookalike characters — every problem in one pass, at most `maxDiagnostics` (100)
 * per document, the last of them then saying how many were left out.
 *
 * `document` is either the parsed document (an object: diagnostics then have a `path` but no position)
 * or its source text (a string: JSON or YAML, see {@link ValidateOptions.format}; diagnostics then also
 * have `line` and `column`, from the text as written). Never throws on bad input.
 *
 * @example
 * const { valid, diagnostics } = validatePolicy('{"name": "p", "resource": "component", … }', { fileName: 'p.json' });
 * for (const d of diagnostics) console.log(`${d.line}:${d.column} ${d.severity} ${d.code} ${d.message}`);
 */
export function validatePolicy(document: unknown, given: ValidateOptions = {}): ValidationResult {
  return validateWith(document, given, runChecks);
}

/**
 * Validates a document (text or value) with `checks`, the reading, limits, positions and capping of
 * {@link validatePolicy}: what waiver files share with policy files. @internal
 */
export function validateWith<O extends ValidateOptions>(
  document: unknown,
  given: O,
  checks: (document: unknown, options: O, limits: Limits) => Finding[],
): ValidationResult {
  // Own properties only: an option inherited from a polluted Object.prototype is no option.
  const options = ownOptions(given) as O;
  const max = diagnosticsCap(options.maxDiagnostics);
  // Limits are the caller's code, not the document: a bad one is thrown (INVALID_OPTION).
  const limits = resolveLimits(options);
  try {
    return validate(document, options, max, limits, checks);
  } catch (error) {
    // A getter, a Proxy trap or a revoked Proxy in a document handed in as a value threw while it was
    // read: that is a finding about the document, not a crash of the validator.
    return finish(
      [
        {
          severity: 'error',
          code: 'INVALID_DOCUMENT',
          message: `the document could not be read: ${safeMessage(error)}`,
          path: '',
        },
      ],
      max,
    );
  }
}

function validate<O extends ValidateOptions>(
  document: unknown,
  options: O,
  max: number,
  limits: Limits,
  checks: (document: unknown, options: O, limits: Limits) => Finding[],
): ValidationResult {
  if (typeof document !== 'string')
    return finish(
      checks(document, options, limits).map((f) => place(f, undefined)),
      max,
    );
  if (utf8LengthExceeds(document, limits.maxFileBytes)) {
    // Refused before it is parsed: positions are recorded for every value of a parsed text.
    const error = limitError(
      'maxFileBytes',
      '',
      `a document of more than ${limits.maxFileBytes} bytes`,
      limits,
    );
    return finish(
      [{ severity: 'error', code: error.code, message: error.message, path: '', line: 1, column: 1 }],
      max,
    );
  }
  const source = parseText(document, options, limits);
  const diagnostics: Diagnostic[] = source.problems.map((p) => ({
    severity: p.severity,
    code: p.code,
    message: p.message,
    path: p.path,
    ...source.positions.at(p.offset),
  }));
  if (!('value' in source) || diagnostics.some((d) => d.severity === 'error' && d.code !== 'DUPLICATE_KEY')) {
    return finish(diagnostics, max);
  }
  for (const f of checks(source.value, options, limits)) diagnostics.push(place(f, source.positions));
  return finish(diagnostics, max);
}
