import {
  assertNever,
  type ClauseNode,
  type FieldNode,
  type FilterNode,
  isTimeNode,
  isVersionNode,
  type OperatorNode,
  type Scalar,
  type VersionNode,
} from '../ast/nodes.js';
import { BoundedCache } from '../bounded-cache.js';
import {
  arrayEvery,
  arrayFindIndex,
  arrayIncludes,
  arraySome,
  getPrototypeOf,
  jsonStringify,
  numberIsFinite,
} from '../builtins.js';
import { compareCodePoints, isBelowSurrogates } from '../semantics/compare.js';
import { compileLike, parseLike } from '../semantics/like.js';
import { byFamily, comparisonOf, factsOf } from '../semantics/operators.js';
import { instantOf } from '../semantics/time.js';
import { isObjectValue, readKey, readLeaf } from '../semantics/values.js';
import { ACCEPTS, compareVersionTo, plainVersionKey, type VersionOperand } from '../semantics/version.js';
import { compileClosures } from './closures.js';
import { boundOf, compileOperators, readsDates, versionOperands } from './operators.js';
import type { Predicate } from './path.js';

// Module constants, not imports, on this hot path: captured at load like those of src/builtins.ts,
// and read as constants whatever the bundler makes of imports.
const isArray = Array.isArray;
const setHas = Set.prototype.has;
const stringStartsWith = String.prototype.startsWith;
const stringEndsWith = String.prototype.endsWith;

/**
 * Code generation for predicates, the default compiler of `compileFilter` wherever the runtime allows
 * it (and `compileFilter(f, { codegen: true })`): one JavaScript function
 * per filter, shaped like the closure a person would write, so V8 gives it its own inline caches.
 *
 * Safety, after ajv: the filter's constants (operands, `$in` lists, `$like` matchers) never enter the
 * generated source: they are passed in as values (`k0`, `k1`…), so the source is the filter's shape and
 * is cached as such; its keys enter it only through `JSON.stringify`, never as code; every identifier in
 * the source is generated here (`c0`, `v`, `e1`…), never taken from the filter. The closure compiler is used instead
 * where `new Function` is forbidden (a Content-Security-Policy without `unsafe-eval`, Node's
 * `--disallow-code-generation-from-strings`) and with `{ codegen: false }`.
 */

/** Lists up to this size become a chain of `===`; larger ones a `Set` passed in as a value. */
const INLINE_LIST = 8;

/** Logical nesting levels emitted as one expression before the rest goes into a function. */
const OUTLINE_EVERY = 32;

class Emitter {
  private readonly functions: string[] = [];
  readonly values: unknown[] = [];
  private next = 0;

  /** `asOf`: the instant (ms) `$now` operands count from, passed in as a value like every instant. */
  constructor(private readonly asOf: number) {}

  /**
   * A value the source names instead of writing it (`k3`, bound once per predicate from the factory's
   * `k`): a filter's constants are never source text, so filters that differ only in their constants
   * have one source, one shape, and share its function (see {@link compileGenerated}).
   */
  value(v: unknown): string {
    this.values.push(v);
    return `k${this.values.length - 1}`;
  }

  /** A constant of the filter: a value, but for `true` and `false` (no more shapes for them). */
  constant(x: Scalar): string {
    if (typeof x === 'boolean') return x ? 'true' : 'false';
    if (typeof x === 'number' && !numberIsFinite(x))
      throw new RangeError('non-finite number reached code generation');
    return this.value(x);
  }

  /** Defines `function <name>(<param>){<body>}`, named after `prefix` and a count, and returns the name. */
  define(prefix: string, param: string, body: string): string {
    const name = `${prefix}${this.next++}`;
    this.functions.push(`function ${name}(${param}){${body}}`);
    return name;
  }

  source(main: string): string {
    const bound =
      this.values.length === 0 ? '' : `const ${this.values.map((_, i) => `k${i}=k[${i}]`).join(',')};`;
    return `"use strict";${bound}${this.functions.join('')}return function predicate(r){return ${main};};`;
  }

  /** The field's version operators, in the order of its one `vcmp` call, with their operands. */
  private versionOperands = new Map<OperatorNode, { readonly j: number; readonly operand: VersionOperand }>();

  /**
   * A version operator over `vk`, the value's plain key (one numeric comparison: the common case), or
   * else over `vr`, the packed answer of the field's one `compareVersionTo` (-1: not a version); that
   * also where `vk` is the odd key of a pre-release operand (see `plainVersionKey`).
   */
  private version(op: VersionNode): string {
    const found = this.versionOperands.get(op);
    if (found === undefined) throw new RangeError('version operator outside its field');
    const { j, operand } = found;
    const comparison = comparisonOf(op);
    const r = `(vr<0?3:(vr>>>${2 * j})&3)`;
    const key = this.value(operand.key);
    const plain = operand.key % 2 === 1 ? `vk>=0&&vk!==${key}` : 'vk>=0';
    return `(${plain}?vk${SIGNS[comparison]}${key}:((${ACCEPTS[comparison]}>>${r})&1)===1)`;
  }

  operator(op: OperatorNode): string {
    const negated = factsOf(op).negated;
    return byFamily<string>(op, {
      equality: (op) => {
        if (op.value === null) return negated ? 'v!=null' : 'v==null';
        return `v${negated ? '!==' : '==='}${this.constant(op.value)}`;
      },
      order: (op) => {
        const sign = SIGNS[comparisonOf(op)];
        if (typeof op.value === 'number') return `(typeof v=="number"&&v${sign}${this.constant(op.value)})`;
        if (isBelowSurrogates(op.value)) return `(typeof v=="string"&&v${sign}${this.constant(op.value)})`;
        return `(typeof v=="string"&&cmp(v,${this.constant(op.value)})${sign}0)`;
      },
      membership: (op) => `${negated ? '!' : ''}(${this.member(op.values)})`,
      like: (op) => (negated ? `!(${this.like(op.pattern)})` : this.like(op.pattern)),

      exists: (op) => (op.value ? 'v!=null' : 'v==null'),
      version: (op) => this.version(op),
      // `vt`, the value's instant, read once by the field (NaN, which satisfies only `!==`, for a
      // value that is none). The bound is a value, not source text: the source is the same whatever asOf.
      time: (op) => `(vt${SIGNS[comparisonOf(op)]}${this.value(boundOf(op.instant, this.asOf))})`,
      elemMatch: (op) => {
        // The element is the record of the inner filter, which gets a function of its own.
        if (op.filter.clauses.length === 0) return 'true';
        // The inner filter's fields set their own version operands: the outer field keeps its.
        const outer = this.versionOperands;
        let fn: string;
        try {
          fn = this.define('m', 'r', `return ${this.filter(op.filter)};`);
        } finally {
          this.versionOperands = outer;
        }
        // A `Date` that is no valid date (a valid one is already its string) is no object.
        return `(obj(v)&&${fn}(v))`;
      },
    });
  }

  /** A `$like` pattern: an equality, a prefix or suffix test where it is one, else its matcher. */
  private like(pattern: string): string {
    const { pieces } = parseLike(pattern);
    if (pieces.length === 1) return `v===${this.constant(pieces[0]!)}`;
    if (pieces.length === 2 && pieces[1] === '') {
      return pieces[0] === ''
        ? 'typeof v=="string"'
        : `(typeof v=="string"&&sw.call(v,${this.constant(pieces[0]!)}))`;
    }
    if (pieces.length === 2 && pieces[0] === '')
      return `(typeof v=="string"&&ew.call(v,${this.constant(pieces[1]!)}))`;
    return `(typeof v=="string"&&${this.value(compileLike(pattern))}(v))`;
  }

  private member(values: readonly (Scalar | null)[]): string {
    const hasNull = arrayIncludes(values, null);
    const present = [...new Set(values.filter((x): x is Scalar => x !== null))];
    const tests: string[] = hasNull ? ['v==null'] : [];
    if (present.length > INLINE_LIST) tests.push(`has.call(${this.value(new Set(present))},v)`);
    else for (const x of present) tests.push(`v===${this.constant(x)}`);
    return tests.length === 0 ? 'false' : tests.join('||');
  }

  /**
   * A field clause becomes a function of the value at the start of its path (the record, or an
   * element below a selector). Keys are read with plain property access, which is what makes this fast;
   * own-property-of-a-plain-object is checked afterwards, and only when the answer differs from the
   * answer for a missing value (the only case in which an inherited or array property could matter).
   *
   * Given `deferred` (the field is a clause of a filter, the conjunction of its clauses), a field whose
   * missing value answers false leaves that check to a function of its own, whose call it pushes there
   * for the filter to make after all its clauses: the field's answer is its unchecked answer and the
   * check, a conjunction may take its terms in any order, and so records that fail a later clause skip
   * the check (see {@link own}).
   * `{ technology: { $eq: 'postgres' }, region: { $eq: 'us-east-1' } }` checks the 5% of records that
   * match it instead of the 33% that run on postgres.
   */
  field(steps: FieldNode['path'], operators: readonly OperatorNode[], deferred?: string[]): string {
    const selector = arrayFindIndex(steps, (s) => s.kind === 'any');
    const keys = (selector < 0 ? steps : steps.slice(0, selector)).map((s) =>
      s.kind === 'key' ? s.key : '',
    );
    // x0 is the start value, xN the value after N keys; kept apart so that verification can revisit them.
    const reads = keys.map((k, i) => `const x${i + 1}=x${i}?.[${jsonStringify(k)}];`);
    const end = `x${keys.length}`;
    let real = keys.length === 0 ? 'true' : keys.map((k, i) => this.own(i, k)).join('&&');
    // The answer for a missing value; below a selector, for no elements (not an array, empty): false.
    const whenMissing =
      selector < 0 && compileOperators(operators, (n) => compileClosures(n, this.asOf), this.asOf)(undefined);
    if (deferred !== undefined && !whenMissing) {
      // Called once the field's answer was true, so a value was found at every key: it reads them
      // again, but for the last.
      deferred.push(`${this.define('o', 'x0', `${reads.slice(0, -1).join('')}return ${real};`)}(r)`);
      real = 'true';
    }
    if (selector < 0) {
      // The value is read as a version once for all the version operators of the field: as a plain key
      // when every operand has one (a value the key cannot hold, -2, is compared parsed), else parsed.
      const versionOps = operators.filter(isVersionNode);
      const {
        operands,
        range: [lo, hi],
      } = versionOperands(versionOps);
      this.versionOperands = new Map(versionOps.map((op, j) => [op, { j, operand: operands[j]! }]));
      const parsedWhen = [
        '-2',
        ...operands
          .map((o) => o.key)
          .filter((key) => key % 2 === 1)
          .map((key) => this.value(key)),
      ]
        .map((key) => `vk===${key}`)
        .join('||');
      const compare =
        versionOps.length === 0
          ? ''
          : `const vk=typeof v=="string"?${arrayEvery(operands, (o) => o.key >= 0) ? `vkey(v,${this.value(lo)},${this.value(hi)})` : '-2'}:-1;` +
            `const vr=${parsedWhen}?vcmp(v,${this.value(operands)}):-1;`;
      const instant = arraySome(operators, isTimeNode) ? 'const vt=tms(v);' : '';
      const test = operators.map((op) => this.operator(op)).join('&&');
      return this.define(
        'c',
        'x0',
        `${reads.join('')}let v=${end};${readsDates(operators) ? 'if(typeof v!="string"&&v!=null)v=leaf(v);' : ''}` +
          `${compare}${instant}const res=${test};return res===${whenMissing}||(${real})?res:${whenMissing};`,
      );
    }
    const rest = this.field(steps.slice(selector + 1), operators);
    // The path needs verifying only once an element matched.
    return this.define(
      'c',
      'x0',
      `${reads.join('')}const a=${end};if(!isArray(a))return false;` +
        `for(let i=0;i<a.length;i++)if(${rest}(a[i]))return ${real};return false;`,
    );
  }

  /**
   * An expression that is true when `key` is an own property of `o` (`xi`, the value after `i` keys),
   * a non-array object. It runs only once a value was found at the key, so `o` is never null or
   * undefined. The common case, a plain object whose prototype lacks the key, is decided without a
   * call: the value was found, and no prototype could have supplied it. Everything else (null
   * prototypes, class instances, arrays, primitives, keys that Object.prototype has) takes the exact
   * slow path.
   *
   * The prototype comes from `Object.getPrototypeOf`, which V8 folds into a constant only where it
   * knows the hidden classes of `o`; so each site first probes `"" in o` and drops the answer, which
   * lets V8 fold the call where records have a few hidden classes. The probe has a function of its own
   * per site (its own cache) and a `try`: `in` throws on a primitive and a Proxy's `has` trap may throw.
   * Why, and what was measured: bench/README.md, "A test before the prototype read".
   */
  private own(i: number, key: string): string {
    const o = `x${i}`;
    const k = jsonStringify(key);
    const proto = this.define('p', 'o', 'try{""in o}catch{}return gpo(o)');
    return `((${proto}(${o})===OP&&!(${k} in OP)&&!isArray(${o}))||rk(${o},${k})!==void 0)`;
  }

  /** How many `$and`/`$or`/`$not` levels enclose the filter being emitted. */
  private depth = 0;

  /**
   * A filter below a logical operator, as a parenthesized expression. JavaScript parsers recurse on
   * nested parentheses, and V8's overflows its stack a few hundred levels into `((… && …))`, which
   * `maxDepth` allows. So every {@link OUTLINE_EVERY} levels the sub-filter becomes a function of its
   * own: no expression of the source nests deeper than that, and usual filters stay one expression.
   */
  private nested(node: FilterNode): string {
    this.depth++;
    try {
      const body = this.filter(node);
      if (this.depth % OUTLINE_EVERY !== 0) return `(${body})`;
      return `${this.define('g', 'r', `return ${body};`)}(r)`;
    } finally {
      this.depth--;
    }
  }

  filter(node: FilterNode): string {
    if (node.clauses.length === 0) return 'true';
    const deferred: string[] = [];
    return [...node.clauses.map((c) => this.clause(c, deferred)), ...deferred].join('&&');
  }

  /** A clause of a filter: its fields push on `deferred`, if given, the checks the filter makes last. */
  clause(clause: ClauseNode, deferred?: string[]): string {
    switch (clause.kind) {
      case 'field':
        return `${this.field(clause.path, clause.operators, deferred)}(r)`;
      case 'and':
        return `(${clause.filters.map((f) => this.nested(f)).join('&&')})`;
      case 'or':
        return `(${clause.filters.map((f) => this.nested(f)).join('||')})`;
      case 'not':
        return `!${this.nested(clause.filter)}`;
      default:
        return assertNever(clause, 'clause node');
    }
  }
}

/** The generated source of a filter, for inspection and tests; `compileGenerated` runs it. */
export function generateSource(node: FilterNode, asOf = Number.NaN): { source: string; values: unknown[] } {
  const emitter = new Emitter(asOf);
  const main = emitter.filter(node);
  return { source: emitter.source(main), values: emitter.values };
}

type Factory = (
  k: readonly unknown[],
  leaf: typeof readLeaf,
  cmp: typeof compareCodePoints,
  isArrayFn: typeof isArray,
  rk: typeof readKey,
  objectPrototype: object,
  sw: typeof stringStartsWith,
  ew: typeof stringEndsWith,
  has: typeof setHas,
  vkey: typeof plainVersionKey,
  vcmp: typeof compareVersionTo,
  gpo: typeof getPrototypeOf,
  obj: typeof isObjectValue,
  tms: typeof instantOf,
) => Predicate;

/** JavaScript's comparison operators, by comparison. */
const SIGNS = { eq: '===', ne: '!==', gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

/** Captured at load: the generated code compares against the real `Object.prototype`. */
const OBJECT_PROTOTYPE = Object.prototype;

/**
 * Whether this runtime may generate code: `false` under `node --disallow-code-generation-from-strings`
 * or a Content-Security-Policy without `unsafe-eval`. Probed once, on the first compile that would generate code.
 */
let codegenAllowed: boolean | undefined;

/** @internal Whether `new Function` works here; {@link compileNode} falls back to closures when not. */
export function canGenerateCode(): boolean {
  if (codegenAllowed === undefined) {
    try {
      codegenAllowed = new Function('return true')() === true;
    } catch {
      codegenAllowed = false;
    }
  }
  return codegenAllowed;
}

/**
 * Compiles a validated AST through generated code. Built-ins reach the generated function as
 * arguments captured at load (`sw.call(v, …)`, not `v.startsWith(…)`), so a patched prototype cannot
 * change its answers either.
 *
 * The function made from a source is cached by that source, the filter's *shape* (its paths,
 * operators and the kinds of its constants; the constants themselves are values, see `Emitter.value`),
 * so compiling a filter of a shape seen before costs its emission and a call, not `new Function`, and
 * returns a predicate whose code V8 has already optimized (every predicate of a shape is made by one
 * factory and shares its feedback).
 */
export function compileGenerated(node: FilterNode, asOf = Number.NaN): Predicate {
  const { source, values } = generateSource(node, asOf);
  let factory = SHAPES.get(source);
  if (factory === undefined) {
    factory = makeFactory(source);
    SHAPES.set(source, factory);
  }
  return bind(factory, values);
}

function bind(factory: Factory, values: readonly unknown[]): Predicate {
  return factory(
    values,
    readLeaf,
    compareCodePoints,
    isArray,
    readKey,
    OBJECT_PROTOTYPE,
    stringStartsWith,
    stringEndsWith,
    setHas,
    plainVersionKey,
    compareVersionTo,
    getPrototypeOf,
    isObjectValue,
    instantOf,
  );
}

/** The factories of the shapes compiled last: 256 shapes and 4 MB of source at most (src/bounded-cache.ts). */
const SHAPES = new BoundedCache<Factory>(256, 4_000_000);

/** @internal The number of shapes cached, and a way to empty the cache (tests and the bench). */
export function shapeCache(clear = false): number {
  if (clear) SHAPES.clear();
  return SHAPES.size;
}

function makeFactory(source: string): Factory {
  return new Function(
    'k',
    'leaf',
    'cmp',
    'isArray',
    'rk',
    'OP',
    'sw',
    'ew',
    'has',
    'vkey',
    'vcmp',
    'gpo',
    'obj',
    'tms',
    source,
  ) as Factory;
}
