import type {
  CERTIFICATE_RESOURCE,
  COMPONENT_RESOURCE,
  POLICY_RESOURCE,
  ResourceDescription,
  UPGRADE_PLAN_RESOURCE,
} from '../resources/descriptions.js';

/**
 * Record types derived, at the type level, from the resource descriptions of `resources/descriptions.ts`: the
 * same data the query module plans with and validation checks paths against, so the three cannot
 * disagree. A field added to a description appears here, with its type, without anything else to edit.
 */

/**
 * An RFC 3339 timestamp as a type (`2026-06-01T00:00:00.000Z`): the value of a field described as a
 * `timestamp`. A `Filter` takes a field of this type (or a `Date`) as a timestamp, where `$eq` … `$lte`
 * accept instant operands (`{ $now: 'P30D' }`, `{ $at: '2026-06-01T00:00:00Z' }`). Declare the timestamp
 * fields of your own record types with it. The shape only: the values are checked at run time.
 */
export type Timestamp = `${number}-${number}-${number}${'T' | 't'}${string}`;

/** The TypeScript type of a value described by a `ValueType` of the resource descriptions. */
export type ValueOf<V> = (V extends { readonly nullable: true } ? null : never) | BaseValueOf<V>;

type BaseValueOf<V> = V extends { readonly type: 'string' }
  ? string
  : V extends { readonly type: 'timestamp' }
    ? Timestamp
    : V extends { readonly type: 'integer' | 'number' }
      ? number
      : V extends { readonly type: 'boolean' }
        ? boolean
        : V extends { readonly type: 'array'; readonly items: infer I }
          ? readonly ValueOf<I>[]
          : V extends { readonly type: 'map'; readonly values: infer W }
            ? { readonly [key: string]: ValueOf<W> }
            : V extends { readonly type: 'object'; readonly fields: infer F; readonly open: infer O }
              ? ObjectOf<F, O>
              : unknown;

/**
 * An object's known fields, optional (the description lists what may be there, not what always is);
 * an open object also has free keys of unknown type.
 */
type ObjectOf<F, O> = { readonly [K in keyof F]?: ValueOf<F[K]> } & (O extends true
  ? { readonly [key: string]: unknown }
  : unknown);

/** A record of a resource description: every top-level field present (possibly `null` when nullable). */
export type RecordOf<D extends ResourceDescription> = {
  readonly [K in keyof D['fields']]: ValueOf<D['fields'][K]>;
};

/**
 * A component in the API's query representation. `details` is technology-specific and open: its one
 * described sample, `details.database.lastActiveConnectionTime`, is typed; other keys are `unknown`.
 * Only what the API description says is described (`COMPONENT_RESOURCE`, which validation and the
 * query module read too): the technology keys of this project's examples (`details.postgres`) are not.
 * In a `Filter<Component>`, a near miss of a described key (`details$.database$.lastActiveConectionTime`,
 * `details$.databse`) is an error, while other technologies (`details$.postgres$…`) are loose: declare
 * their details in your own record type to have them checked (docs/typed-filters.md, "Narrowing
 * details").
 *
 * @example
 * const idle: Filter<Component> = { 'details$.database$.lastActiveConnectionTime': { $lt: '2026-01-01T00:00:00.000Z' } };
 */
export interface Component extends RecordOf<typeof COMPONENT_RESOURCE> {}

/**
 * A certificate in the API's query representation.
 *
 * @example
 * const expiring: Filter<Certificate> = { expirationDate: { $lt: '2026-06-01T00:00:00.000Z' }, 'domains$.__svcArrayAny__': { $like: '*.example.com' } };
 */
export interface Certificate extends RecordOf<typeof CERTIFICATE_RESOURCE> {}

/**
 * An upgrade plan item (`POST /svc/query`): `upgradePlan` maps section names to their changes.
 *
 * @example
 * const pending: Filter<UpgradePlanItem> = { 'upgradePlan$.nodes$.changes$.__svcArrayAny__$.status': { $eq: 'pending' } };
 */
export interface UpgradePlanItem extends RecordOf<typeof UPGRADE_PLAN_RESOURCE> {}

/**
 * A policy record as reads and queries return it.
 *
 * @example
 * const named: Filter<PolicyRecord> = { name: { $like: 'Idle*' } };
 */
export interface PolicyRecord extends RecordOf<typeof POLICY_RESOURCE> {}
