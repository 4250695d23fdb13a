/**
 * Typed filters: `Filter<T>` is the filter language over records of type `T`, checked by the compiler.
 * Types only: nothing here exists at run time, and every value is still parsed and checked by
 * `parseFilter` (a typed filter is a filter like any other).
 *
 * Keys are the `$.`-joined paths of `T`: through nested objects, through arrays only with the selector
 * `__svcArrayAny__`. The operators of a key are those its value's type allows (docs/typed-filters.md).
 * Where `T` does not say (an index signature, `unknown`, or paths deeper than {@link MaxTypedDepth}
 * segments), any key is accepted with loosely typed operands, except those that cannot read anything
 * (below a scalar, a selector on an object) or that misspell a described key next to the free ones.
 * A mistake is a compile error whose message names the path: the operand types carry a
 * {@link FilterTypeError} that the compiler prints when the operand does not fit.
 */

import type { Timestamp } from './records.js';

/** The selector segment, as a type. */
type Selector = '__svcArrayAny__';

/**
 * Path segments typed precisely; deeper paths are accepted with loose operands. The bound keeps the
 * checker fast on large and recursive record types.
 */
export type MaxTypedDepth = 8;

/** True for `unknown` and `any`: nothing is known about the value. */
type IsLoose<T> = unknown extends T ? true : false;

/**
 * A value an operator compares: a `Date` is read as its ISO string (docs/semantics.md §2), and a
 * {@link Timestamp} compares with any string as strings do.
 */
type ScalarOf<V> = V extends Date | Timestamp ? string : V extends string | number | boolean ? V : never;

type DurationDate = `${number}W` | `${number}D` | `${number}W${number}D`;
type DurationTime =
  | `${number}H`
  | `${number}M`
  | `${number}S`
  | `${number}H${number}M`
  | `${number}H${number}S`
  | `${number}M${number}S`
  | `${number}H${number}M${number}S`;

/**
 * A signed ISO 8601 duration of fixed units, as a type: `P30D`, `-P90D`, `PT12H`, `P1W2D`, `PT0.5S`,
 * `PT0S`. Months and years (`P1M`, `P1Y`) are not durations of fixed length, and do not fit. The
 * shape only: `parseFilter` checks the numbers (`P1.5D` fits the type and is refused at run time).
 */
export type Duration = `${'' | '-'}P${DurationDate}` | `${'' | '-'}P${DurationDate | ''}T${DurationTime}`;

/** An instant operand of `$eq` … `$lte` on a timestamp: the run's asOf plus a duration, or a fixed instant. */
export type Instant =
  | { readonly $now: Duration; readonly $at?: never }
  | { readonly $at: Timestamp; readonly $now?: never };

/** Whether the values of a path are timestamps: a {@link Timestamp} or a `Date` (besides null). */
type IsInstant<V> = [NonNullable<V>] extends [never]
  ? false
  : [NonNullable<V>] extends [Timestamp | Date]
    ? true
    : false;

/** The instant operands an operator takes on a path: none unless its values are timestamps. */
type InstantOperand<I extends boolean> = I extends true ? Instant : never;

/** Values with no keys to read: leaves of the path tree. */
type Leaf = string | number | boolean | bigint | symbol | Date | null | undefined;

/**
 * A type that no value satisfies; its message is what the compiler shows, e.g. `Type 'string' is not
 * assignable to type 'FilterTypeError<"'$like' matches strings: 'count' is not a string">'`.
 */
export interface FilterTypeError<Message extends string> {
  readonly 'svc-policy filter type error': Message;
}

/** Which of string, number and boolean a scalar type holds, as a key of {@link KindWords}. */
type KindCode<S> =
  `${[Extract<S, string>] extends [never] ? '' : 's'}${[Extract<S, number>] extends [never] ? '' : 'n'}${[Extract<S, boolean>] extends [never] ? '' : 'b'}`;

/** How a message names the values an operand must be. */
interface KindWords {
  '': 'a scalar';
  s: 'a string';
  n: 'a number';
  b: 'a boolean';
  sn: 'a string or a number';
  sb: 'a string or a boolean';
  nb: 'a number or a boolean';
  snb: 'a string, a number or a boolean';
}

/** The values of `S` in words: "a string", or "one of the strings of its type" for a union of literals. */
type Expected<S> = [S] extends [string]
  ? string extends S
    ? 'a string'
    : 'one of the strings of its type'
  : [S] extends [number]
    ? number extends S
      ? 'a number'
      : 'one of the numbers of its type'
    : KindWords[KindCode<S> & keyof KindWords];

/**
 * The operand of `$eq`, `$ne` and the elements of `$in`, `$nin`: the scalar type or `null`, and a
 * message naming the path that the compiler shows when an operand has another type (`Type 'number' is
 * not assignable to type 'string | FilterTypeError<"compare 'region' with a string or null"> | null'`).
 * An object or an array compares only with `null` (missing).
 */
type EqOperand<P extends string, S> = [S] extends [never]
  ? null | FilterTypeError<`'${P}' is an object or an array: compare it with null, or test it with '$exists'`>
  : S | null | FilterTypeError<`compare '${P}' with ${Expected<S>} or null`>;

/** What the range operators compare in a scalar type: any string if it has strings, any number if numbers. */
type Ordered<S> = [S] extends [unknown]
  ?
      | ([Extract<S, string>] extends [never] ? never : string)
      | ([Extract<S, number>] extends [never] ? never : number)
  : never;

/** Operands of the range operators: strings and numbers of the leaf type. */
type RangeOperand<P extends string, S> = [Ordered<S>] extends [never]
  ? FilterTypeError<`'$gt', '$gte', '$lt', '$lte' compare strings and numbers: '${P}' is neither`>
  : Ordered<S> | FilterTypeError<`'$gt', '$gte', '$lt', '$lte' compare '${P}' with ${Expected<Ordered<S>>}`>;

type LikeOperand<P extends string, S> = [Extract<S, string>] extends [never]
  ? FilterTypeError<`'$like' matches strings: '${P}' is not a string`>
  : string | FilterTypeError<`'$like' on '${P}' takes a string pattern`>;

type VersionOperand<P extends string, S> = [Extract<S, string>] extends [never]
  ? FilterTypeError<`the version operators ('$veq', '$vlt'…) compare version strings: '${P}' is not a string`>
  : string | FilterTypeError<`the version operators ('$veq', '$vlt'…) compare '${P}' with a version string`>;

type ExistsOperand<P extends string> = P extends string
  ? boolean | FilterTypeError<`'$exists' on '${P}' takes true or false`>
  : never;

type ElemMatchOperand<P extends string, E> = P extends Selector | `${string}$.${Selector}`
  ? [E] extends [never]
    ? FilterTypeError<`'$elemMatch' needs elements that are objects: the elements at '${P}' are not`>
    : Filter<E>
  : FilterTypeError<`'$elemMatch' needs a path that ends at ${Selector}: write '${P}$.${Selector}'`>;

/**
 * The operators of the path `P` (shown in messages), whose value has the scalar type `S` (`never` when
 * it is an object or an array) and, when `P` ends at a selector, object elements of type `E`.
 */
export interface FieldOperators<P extends string, S, E = never, I extends boolean = false> {
  /**
   * Equal to the operand (no conversions); `null` matches a missing value. On a timestamp (`I`), also
   * an {@link Instant}: the same instant, whatever the spelling.
   */
  readonly $eq?: EqOperand<P, S> | InstantOperand<I>;
  /** Not `$eq`. */
  readonly $ne?: EqOperand<P, S> | InstantOperand<I>;
  /** Above the operand; on a timestamp, an {@link Instant} compares instants (`{ $now: 'P30D' }`). */
  readonly $gt?: RangeOperand<P, S> | InstantOperand<I>;
  readonly $gte?: RangeOperand<P, S> | InstantOperand<I>;
  readonly $lt?: RangeOperand<P, S> | InstantOperand<I>;
  readonly $lte?: RangeOperand<P, S> | InstantOperand<I>;
  /** Equal to one of the operands; `null` matches a missing value. */
  readonly $in?: readonly EqOperand<P, S>[];
  /** Not `$in`. */
  readonly $nin?: readonly EqOperand<P, S>[];
  /** `*` is any run of characters, `\*` a literal star. */
  readonly $like?: LikeOperand<P, S>;
  /** `true`: present and not null; `false`: missing or null. */
  readonly $exists?: ExistsOperand<P>;
  /** A version equal to the operand (`1.29` = `1.29.0` = `v1.29`); a value that is not a version never matches. */
  readonly $veq?: VersionOperand<P, S>;
  /** Not `$veq` (also true for non-versions and missing values). */
  readonly $vne?: VersionOperand<P, S>;
  /** A version above the operand (parts compare as integers: `1.100` > `1.29`). */
  readonly $vgt?: VersionOperand<P, S>;
  readonly $vgte?: VersionOperand<P, S>;
  /** A version below the operand (`1.9` < `1.29`). */
  readonly $vlt?: VersionOperand<P, S>;
  readonly $vlte?: VersionOperand<P, S>;
  /** Only on a path ending at the selector: some element is an object satisfying the whole filter. */
  readonly $elemMatch?: ElemMatchOperand<P, E>;
}

/** A scalar operand of an untyped path. */
type LooseScalar = string | number | boolean;

/** The operators of a path whose type is not known: every operator, operands of any scalar type. */
export interface LooseOperators {
  readonly $eq?: LooseScalar | null | Instant;
  readonly $ne?: LooseScalar | null | Instant;
  readonly $gt?: string | number | Instant;
  readonly $gte?: string | number | Instant;
  readonly $lt?: string | number | Instant;
  readonly $lte?: string | number | Instant;
  readonly $in?: readonly (LooseScalar | null)[];
  readonly $nin?: readonly (LooseScalar | null)[];
  readonly $like?: string;
  readonly $exists?: boolean;
  readonly $veq?: string;
  readonly $vne?: string;
  readonly $vgt?: string;
  readonly $vgte?: string;
  readonly $vlt?: string;
  readonly $vlte?: string;
  readonly $elemMatch?: UntypedFilter;
}

/** A filter whose record type is not known: any key, checked at run time only. */
export interface UntypedFilter {
  readonly [key: string]: unknown;
}

/**
 * A path that never reads a value, with the reason. Its operators are a {@link FilterTypeError} naming
 * the path, so any condition on it is a compile error.
 */
interface PathError<Reason extends string> {
  readonly 'svc-policy path error': Reason;
}

/** The operators of path `P` whose value has type `V`. */
type OperatorsAt<P extends string, V> =
  IsLoose<V> extends true
    ? LooseOperators
    : [V] extends [PathError<infer Reason>]
      ? FilterTypeError<`'${P}' ${Reason}`>
      : FieldOperators<P, ScalarOf<V>, ElementObject<V>, IsInstant<V>>;

/** The object part of an element type (what `$elemMatch` can read). */
type ElementObject<V> = V extends Leaf | readonly unknown[] ? never : V extends object ? V : never;

type Prefixed<P extends string, E> = E extends readonly [infer K extends string, infer V]
  ? readonly [`${P}$.${K}`, V]
  : never;

/** The literal keys of an object type (index signatures left out). */
type KnownKeys<T> = keyof {
  [K in keyof T as string extends K ? never : number extends K ? never : symbol extends K ? never : K]: 0;
} &
  string;

/** The value type of a string index signature, `never` without one. */
type IndexValue<T> = string extends keyof T
  ? T extends { readonly [key: string]: infer V }
    ? V
    : unknown
  : never;

/**
 * Where a value sits, for the errors its paths may imply. `closed`: every key on the way is described,
 * so the compiler's excess-property check rejects an unknown key. `open`: below a key next to free keys
 * (an index signature), whose `${string}` pattern also accepts the unknown keys of this value, so a near
 * miss of a described key is declared an error ({@link NearMissEntries}). `free`: below a free key,
 * whose pattern may stand for several segments, so that no pattern can be declared an error without
 * rejecting some correct path too.
 */
type Place = 'closed' | 'open' | 'free';

/**
 * Every path strictly below a value of type `T`, with its value type. `D` counts the segments so far;
 * `At` is where the value sits ({@link Place}).
 */
type Entries<T, D extends readonly 0[], At extends Place> =
  IsLoose<T> extends true
    ? readonly [string, unknown]
    : D['length'] extends MaxTypedDepth
      ? readonly [string, unknown]
      : T extends Leaf | ((...args: never) => unknown)
        ? never
        : T extends readonly (infer E)[]
          ? readonly [Selector, E] | Prefixed<Selector, Entries<NonNullable<E>, [...D, 0], At>>
          : T extends object
            ? ObjectEntries<
                T,
                D,
                At,
                [IndexValue<T>] extends [never] ? At : At extends 'free' ? 'free' : 'open'
              >
            : never;

/**
 * The paths below an object; `Below` is where its described keys' values sit. When that is `open`, the
 * free pattern of the object or of an ancestor accepts any key here, so the paths that cannot be right
 * are declared errors: near misses of the described keys, paths below their scalar values, and the
 * selector (the object is not an array).
 */
type ObjectEntries<T, D extends readonly 0[], At extends Place, Below extends Place> =
  | {
      [K in KnownKeys<T>]-?: readonly [K, T[K]] | Prefixed<K, Entries<NonNullable<T[K]>, [...D, 0], Below>>;
    }[KnownKeys<T>]
  | (Below extends 'open'
      ?
          | NearMissEntries<T>
          | readonly [Selector, SelectorOnObject]
          | readonly [`${Selector}$.${string}`, SelectorOnObject]
      : never)
  | IndexEntries<IndexValue<T>, D, At>;

/**
 * Keys of an index signature. `${string}` cannot be kept to one segment, so it matches every deeper
 * path too: it is loose unless the values are scalars, and the deeper paths of structured values add
 * precise patterns (a key matching several patterns must satisfy all of them). Unless the object sits
 * below a free key, a path below a scalar value is an error (tags hold strings, which have no keys).
 */
type IndexEntries<V, D extends readonly 0[], At extends Place> = [V] extends [never]
  ? never
  : [ScalarOf<NonNullable<V>>] extends [never]
    ? readonly [string, unknown] | Prefixed<string, Entries<NonNullable<V>, [...D, 0], 'free'>>
    : [Exclude<NonNullable<V>, Leaf>] extends [never]
      ? readonly [string, V] | (At extends 'free' ? never : readonly [`${string}$.${string}`, BelowScalar<V>])
      : readonly [string, unknown];

type SelectorOnObject =
  PathError<`applies ${Selector} to an object: the selector reads the elements of arrays only, so the path never matches`>;

type BelowScalar<V> =
  PathError<`reads below ${Expected<ScalarOf<V>>}: the values here have no keys, so the path never matches`>;

/**
 * The errors that the described keys of an object with free keys imply (the free keys' `${string}`
 * pattern would accept them): a near miss of a described key, that is the key with one letter dropped,
 * doubled or swapped with the next, or in another case (keys of four characters or more, and only near
 * misses that are not described keys themselves), and a path below a described key whose value is a
 * scalar. `details$.database$.lastActiveConectionTime` is then an error (did you mean
 * `lastActiveConnectionTime`?), while a key far from every described key stays free. Paths below a
 * near miss are errors too when the described key holds an object or an array.
 */
type NearMissEntries<T> = {
  [K in KnownKeys<T>]-?:
    | NearMissOf<K, Exclude<NearMisses<K>, KnownKeys<T>>, T[K]>
    | (IsLoose<T[K]> extends true
        ? never
        : [Exclude<NonNullable<T[K]>, Leaf>] extends [never]
          ? readonly [`${K}$.${string}`, BelowScalar<T[K]>]
          : never);
}[KnownKeys<T>];

type NearMissOf<K extends string, N, V> = N extends string
  ?
      | readonly [N, Misspelt<K>]
      | ([Exclude<NonNullable<V>, Leaf>] extends [never] ? never : readonly [`${N}$.${string}`, Misspelt<K>])
  : never;

type Misspelt<K extends string> = PathError<`misspells a field: did you mean '${K}'?`>;

/** The near misses of a key of four characters or more. */
type NearMisses<K extends string> = K extends `${string}${infer _B}${infer _C}${infer _D}${infer _E}`
  ?
      | Dropped<K, '', never>
      | Doubled<K, '', never>
      | Swapped<K, '', never>
      | Lowercase<K>
      | Uppercase<K>
      | Capitalize<K>
      | Uncapitalize<K>
  : never;

type Dropped<S extends string, Head extends string, Out> = S extends `${infer C}${infer Rest}`
  ? Dropped<Rest, `${Head}${C}`, Out | `${Head}${Rest}`>
  : Out;

type Doubled<S extends string, Head extends string, Out> = S extends `${infer C}${infer Rest}`
  ? Doubled<Rest, `${Head}${C}`, Out | `${Head}${C}${C}${Rest}`>
  : Out;

type Swapped<S extends string, Head extends string, Out> = S extends `${infer A}${infer B}${infer Rest}`
  ? Swapped<`${B}${Rest}`, `${Head}${A}`, Out | `${Head}${B}${A}${Rest}`>
  : Out;

/**
 * The field conditions of a filter over `T`. A record type with free keys at the top (`string` index)
 * gives a `string` pattern, which also matches `$and`, `$or` and `$not`: it admits their operands too.
 */
type FieldConditions<T> = {
  readonly [E in Entries<T, [], 'closed'> as E[0]]?: string extends E[0]
    ? OperatorsAt<E[0], E[1]> | readonly Filter<T>[] | Filter<T>
    : OperatorsAt<E[0], E[1]>;
};

/** `$and`, `$or` and `$not` over filters of the same record type. */
export interface LogicalOperators<T> {
  /** Every filter holds. */
  readonly $and?: readonly Filter<T>[];
  /** At least one filter holds. */
  readonly $or?: readonly Filter<T>[];
  /** The filter does not hold. */
  readonly $not?: Filter<T>;
}

/**
 * A filter over records of type `T`, checked by the compiler: a misspelt path, an unknown operator or
 * an operand of the wrong type is a compile error naming the path. `Filter<unknown>` (the default) is
 * `unknown`: untyped filters are checked at run time only, as before.
 *
 * @example
 * const outdated: Filter<Component> = {
 *   technology: { $eq: 'kubernetes' },
 *   'details$.kubernetes$.nodes$.__svcArrayAny__': { $elemMatch: { version: { $lt: '1.29' } } },
 * };
 */
export type Filter<T = unknown> = IsLoose<T> extends true ? unknown : TypedFilter<T>;

/** {@link Filter} of a known record type. */
export type TypedFilter<T> = FieldConditions<T> & LogicalOperators<T>;

/**
 * Every path of `T` that a filter may name precisely (index-signature patterns included; not the paths
 * that are errors, such as near misses of described keys).
 */
export type FilterPath<T> = PathOf<Entries<T, [], 'closed'>>;

type PathOf<E> = E extends readonly [infer K, infer V]
  ? IsLoose<V> extends true
    ? K
    : [V] extends [PathError<string>]
      ? never
      : K
  : never;
