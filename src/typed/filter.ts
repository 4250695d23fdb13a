/**
 * Typed filters: `Filter<T>` is the filter language over records of type `T`, checked by the compiler.
 * Types only: nothing here exists at run time, and every value is still parsed and checked by
 * `parseFilter` (a typed filter is a filter like any other).
 *
 * Keys are the `$.`-joined paths of `T`: through nested objects, through arrays only with the selector
 * `__svcArrayAny__`. The operators of a key are those its value's type allows (docs/typed-filters.md).
 * Where `T` does not say (an index signature, `unknown`, or paths deeper than {@link MaxTypedDepth}
 * segments), any key is accepted with loosely typed operands.
 */

/** The selector segment, as a type. */
type Selector = '__svcArrayAny__';

/**
 * Path segments typed precisely; deeper paths are accepted with loose operands. The bound keeps the
 * checker fast on large and recursive record types.
 */
export type MaxTypedDepth = 8;

/** True for `unknown` and `any`: nothing is known about the value. */
type IsLoose<T> = unknown extends T ? true : false;

/** A value an operator compares: a `Date` is read as its ISO string (docs/semantics.md §2). */
type ScalarOf<V> = V extends Date ? string : V extends string | number | boolean ? V : never;

/** Values with no keys to read: leaves of the path tree. */
type Leaf = string | number | boolean | bigint | symbol | Date | null | undefined;

/**
 * A type that no value satisfies; its message is what the compiler shows, e.g. `Type 'string' is not
 * assignable to type 'FilterTypeError<"$like compares strings: \"count\" is not a string">'`.
 */
export interface FilterTypeError<Message extends string> {
  readonly 'svc-policy filter type error': Message;
}

/** Operands of the range operators: strings and numbers of the leaf type. */
type RangeOperand<P extends string, S> = [Extract<S, string | number>] extends [never]
  ? FilterTypeError<`"$gt", "$gte", "$lt", "$lte" compare strings and numbers: "${P}" is neither`>
  : (Extract<S, string> extends never ? never : string) | (Extract<S, number> extends never ? never : number);

type LikeOperand<P extends string, S> = [Extract<S, string>] extends [never]
  ? FilterTypeError<`"$like" matches strings: "${P}" is not a string`>
  : string;

type VersionOperand<P extends string, S> = [Extract<S, string>] extends [never]
  ? FilterTypeError<`the version operators ("$veq", "$vlt"…) compare version strings: "${P}" is not a string`>
  : string;

type ElemMatchOperand<P extends string, E> = P extends Selector | `${string}$.${Selector}`
  ? [E] extends [never]
    ? FilterTypeError<`"$elemMatch" needs elements that are objects: the elements at "${P}" are not`>
    : Filter<E>
  : FilterTypeError<`"$elemMatch" needs a path that ends at ${Selector}: write "${P}$.${Selector}"`>;

/**
 * The operators of the path `P` (shown in messages), whose value has the scalar type `S` (`never` when
 * it is an object or an array) and, when `P` ends at a selector, object elements of type `E`.
 */
export interface FieldOperators<P extends string, S, E = never> {
  /** Equal to the operand (no conversions); `null` matches a missing value. */
  readonly $eq?: S | null;
  /** Not `$eq`. */
  readonly $ne?: S | null;
  readonly $gt?: RangeOperand<P, S>;
  readonly $gte?: RangeOperand<P, S>;
  readonly $lt?: RangeOperand<P, S>;
  readonly $lte?: RangeOperand<P, S>;
  /** Equal to one of the operands; `null` matches a missing value. */
  readonly $in?: readonly (S | null)[];
  /** Not `$in`. */
  readonly $nin?: readonly (S | null)[];
  /** `*` is any run of characters, `\*` a literal star. */
  readonly $like?: LikeOperand<P, S>;
  /** `true`: present and not null; `false`: missing or null. */
  readonly $exists?: boolean;
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
  readonly $eq?: LooseScalar | null;
  readonly $ne?: LooseScalar | null;
  readonly $gt?: string | number;
  readonly $gte?: string | number;
  readonly $lt?: string | number;
  readonly $lte?: string | number;
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

/** The operators of path `P` whose value has type `V`. */
type OperatorsAt<P extends string, V> =
  IsLoose<V> extends true
    ? LooseOperators
    : FieldOperators<P, ScalarOf<NonNullable<V>>, ElementObject<NonNullable<V>>>;

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

/** Every path strictly below a value of type `T`, with its value type. `D` counts the segments so far. */
type Entries<T, D extends readonly 0[]> =
  IsLoose<T> extends true
    ? readonly [string, unknown]
    : D['length'] extends MaxTypedDepth
      ? readonly [string, unknown]
      : T extends Leaf | ((...args: never) => unknown)
        ? never
        : T extends readonly (infer E)[]
          ? readonly [Selector, E] | Prefixed<Selector, Entries<NonNullable<E>, [...D, 0]>>
          : T extends object
            ? ObjectEntries<T, D>
            : never;

type ObjectEntries<T, D extends readonly 0[]> =
  | {
      [K in KnownKeys<T>]-?: readonly [K, T[K]] | Prefixed<K, Entries<NonNullable<T[K]>, [...D, 0]>>;
    }[KnownKeys<T>]
  | IndexEntries<IndexValue<T>, D>;

/**
 * Keys of an index signature. `${string}` cannot be kept to one segment, so it matches every deeper
 * path too: it is loose unless the values are scalars, and the deeper paths of structured values add
 * precise patterns (a key matching several patterns must satisfy all of them).
 */
type IndexEntries<V, D extends readonly 0[]> = [V] extends [never]
  ? never
  : [ScalarOf<NonNullable<V>>] extends [never]
    ? readonly [string, unknown] | Prefixed<string, Entries<NonNullable<V>, [...D, 0]>>
    : [Exclude<NonNullable<V>, Leaf>] extends [never]
      ? readonly [string, V]
      : readonly [string, unknown];

/**
 * The field conditions of a filter over `T`. A record type with free keys at the top (`string` index)
 * gives a `string` pattern, which also matches `$and`, `$or` and `$not`: it admits their operands too.
 */
type FieldConditions<T> = {
  readonly [E in Entries<T, []> as E[0]]?: string extends E[0]
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

/** Every path of `T` that a filter may name precisely (index-signature patterns included). */
export type FilterPath<T> = Entries<T, []>[0];
