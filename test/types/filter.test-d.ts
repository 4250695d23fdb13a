import { describe, expectTypeOf, it } from 'vitest';
import {
  type Certificate,
  type CompiledPolicy,
  type Component,
  compileFilter,
  compilePolicy,
  type Duration,
  type Filter,
  type FilterPath,
  type Instant,
  type MaxTypedDepth,
  type PolicyDefinition,
  type PolicyRecord,
  type Timestamp,
  type UpgradePlanItem,
} from '../../src/index.js';
import { policyToMongo, toMongo, toMongoExpr } from '../../src/mongo.js';
import { policyToSql, toSql } from '../../src/sql.js';

/**
 * Type tests (vitest typecheck mode, and `tsc --noEmit`): accepted filters compile, rejected ones are
 * errors (`@ts-expect-error` fails when the line compiles). Most rejected filters are followed by their
 * corrected form, which must compile: the error is the mistake's, not the rest of the filter's. Filters
 * are compiled with `compileFilter<T>`, and the tests assert that the predicates take a `T`.
 * test/unit/typed/messages.test.ts checks the messages the compiler shows for the rejected ones.
 */

/** A record type with precise details, as a user declares one for a technology. */
interface NodeGroup {
  readonly name: string;
  readonly version: string;
  readonly status: 'ACTIVE' | 'UPDATING' | 'DEGRADED';
  readonly desiredSize?: number;
  readonly labels?: { readonly [key: string]: string };
}
type Cluster = Omit<Component, 'details'> & {
  readonly details: {
    readonly kubernetes?: {
      readonly nodes?: readonly NodeGroup[];
      readonly addOns?: readonly { name: string }[];
    };
    readonly postgres?: { readonly lastActiveConnectionTime?: string | null };
  };
};

describe('Filter<Component>', () => {
  it('accepts paths, operators and operands of the right types', () => {
    const ok: Filter<Component> = {
      technology: { $eq: 'postgres' },
      region: { $in: ['eu-west-1', null], $like: 'eu-*' },
      version: { $gte: '14', $lt: '17' },
      hasAvailableSvcs: { $eq: true, $exists: true },
      createdAt: { $lt: '2026-01-01T00:00:00.000Z' },
      'tags$.team': { $eq: 'core' },
      'tags$.app.kubernetes.io/name': { $like: 'api-*' },
      'customTags$.owner': { $exists: false },
      'details$.database$.lastActiveConnectionTime': { $lt: '2026-01-01T00:00:00.000Z', $ne: null },
      // `details` is open: technologies the description does not describe are loosely typed.
      'details$.postgres$.connections': { $eq: 0 },
      'details$.kubernetes$.nodes$.__svcArrayAny__': { $elemMatch: { status: { $eq: 'DEGRADED' } } },
      details: { $exists: true },
      $or: [{ vendor: { $eq: 'aws' } }, { $not: { region: { $like: 'us-*' } } }],
      $and: [{ type: { $nin: ['rds-instance'] } }],
    };
    expectTypeOf(ok).toEqualTypeOf<Filter<Component>>();
    const versions: Filter<Component> = {
      version: { $vgte: '14', $vlt: '15' },
      'details$.kubernetes$.nodes$.__svcArrayAny__': { $elemMatch: { version: { $vlt: '1.29' } } },
    };
    expectTypeOf(versions).toEqualTypeOf<Filter<Component>>();
  });

  it('rejects unknown operators, misspelt paths and operands of the wrong type', () => {
    const fixed = [
      // @ts-expect-error unknown operator
      compileFilter<Component>({ technology: { $eqq: 'postgres' } }),
      compileFilter<Component>({ technology: { $eq: 'postgres' } }),
      // @ts-expect-error misspelt path
      compileFilter<Component>({ technolgy: { $eq: 'postgres' } }),
      compileFilter<Component>({ technology: { $eq: 'postgres' } }),
      // @ts-expect-error a timestamp compared with a number
      compileFilter<Component>({ 'details$.database$.lastActiveConnectionTime': { $lt: 3 } }),
      compileFilter<Component>({ 'details$.database$.lastActiveConnectionTime': { $lt: '2026-01-01' } }),
      // @ts-expect-error booleans are never ordered
      compileFilter<Component>({ hasAvailableSvcs: { $gt: 0 } }),
      compileFilter<Component>({ hasAvailableSvcs: { $ne: false } }),
      // @ts-expect-error $like on a boolean
      compileFilter<Component>({ hasAvailableSvcs: { $like: 't*' } }),
      compileFilter<Component>({ region: { $like: 't*' } }),
      // @ts-expect-error a misspelt path inside $or
      compileFilter<Component>({ $or: [{ regoin: { $eq: 'eu' } }] }),
      compileFilter<Component>({ $or: [{ region: { $eq: 'eu' } }] }),
      // @ts-expect-error version operators compare version strings, not booleans
      compileFilter<Component>({ hasAvailableSvcs: { $vlt: '1.29' } }),
      compileFilter<Component>({ version: { $vlt: '1.29' } }),
      // @ts-expect-error version operands are strings
      compileFilter<Component>({ version: { $vlt: 1.29 } }),
      // @ts-expect-error tags hold strings
      compileFilter<Component>({ 'tags$.team': { $eq: 1 } }),
      compileFilter<Component>({ 'tags$.team': { $eq: '1' } }),
      // @ts-expect-error an object is compared only for presence
      compileFilter<Component>({ details: { $eq: 'x' } }),
      compileFilter<Component>({ details: { $eq: null, $exists: false } }),
      // @ts-expect-error $in holds the leaf type and null
      compileFilter<Component>({ region: { $in: ['eu', 5] } }),
      compileFilter<Component>({ region: { $in: ['eu', null] } }),
      // @ts-expect-error $exists takes a boolean
      compileFilter<Component>({ region: { $exists: 'yes' } }),
      // @ts-expect-error bare values are not filters
      compileFilter<Component>({ region: 'eu' }),
      compileFilter<Component>({ region: { $eq: 'eu' } }),
    ];
    expectTypeOf(fixed).items.toEqualTypeOf<(record: Component) => boolean>();
  });

  it('rejects misspellings of described keys under open objects, and paths below tag values', () => {
    const fixed = [
      // @ts-expect-error `database` is described and open: a near miss of its one field is a misspelling
      compileFilter<Component>({ 'details$.database$.lastActiveConectionTime': { $lt: '2026-01-01' } }),
      compileFilter<Component>({ 'details$.database$.lastActiveConnectionTime': { $lt: '2026-01-01' } }),
      // @ts-expect-error a near miss of a described technology, and the paths below it
      compileFilter<Component>({ 'details$.databse$.lastActiveConnectionTime': { $exists: true } }),
      // @ts-expect-error another case is a near miss too
      compileFilter<Component>({ 'details$.Database': { $exists: true } }),
      compileFilter<Component>({ 'details$.database': { $exists: true } }),
      // Keys far from every described key stay free: other fields, other technologies.
      compileFilter<Component>({
        'details$.database$.connections': { $gt: 3 },
        'details$.postgres$.lastActiveConectionTime': { $lt: 3 },
      }),
      // @ts-expect-error tag values are strings: nothing is below them
      compileFilter<Component>({ 'tags$.a$.b': { $eq: 'x' } }),
      // @ts-expect-error the same for custom tags
      compileFilter<Component>({ 'customTags$.owner$.name': { $exists: true } }),
      compileFilter<Component>({
        'tags$.a.b': { $eq: 'x' },
        'tags$.app.kubernetes.io/name': { $like: 'api-*' },
      }),
      // @ts-expect-error the selector reads arrays: tags is a map
      compileFilter<Component>({ 'tags$.__svcArrayAny__': { $eq: 'x' } }),
      // @ts-expect-error …and details an object
      compileFilter<Component>({ 'details$.__svcArrayAny__$.name': { $eq: 'x' } }),
      compileFilter<Component>({ 'details$.kubernetes$.nodes$.__svcArrayAny__$.name': { $eq: 'x' } }),
    ];
    expectTypeOf(fixed).items.parameter(0).toEqualTypeOf<Component>();
    // @ts-expect-error certificate details describe serialNumber
    compileFilter<Certificate>({ 'details$.serialnumber': { $eq: '01' } });
    compileFilter<Certificate>({ 'details$.serialNumber': { $eq: '01' } });
  });
});

describe('free keys next to described ones', () => {
  /** An open object of a user's own: two described keys, free keys of unknown type. */
  interface Open {
    readonly name: string;
    readonly id: string;
    readonly size?: { readonly n: number };
    readonly [key: string]: unknown;
  }

  it('rejects near misses of described keys of four characters or more, and paths below scalars', () => {
    const fixed = [
      // @ts-expect-error two letters swapped
      compileFilter<Open>({ nmae: { $eq: 'x' } }),
      // @ts-expect-error another case
      compileFilter<Open>({ NAME: { $eq: 'x' } }),
      // @ts-expect-error a letter doubled, and a path below it
      compileFilter<Open>({ 'siize$.n': { $eq: 1 } }),
      // @ts-expect-error a letter dropped
      compileFilter<Open>({ sze: { $exists: true } }),
      // @ts-expect-error name is a string: nothing is below it
      compileFilter<Open>({ 'name$.first': { $exists: true } }),
      compileFilter<Open>({ name: { $eq: 'x' }, 'size$.n': { $gt: 1 } }),
      // Short keys have no near misses, and other keys are free: any key, any scalar.
      compileFilter<Open>({
        i: { $eq: 1 },
        ID: { $eq: true },
        names: { $like: 'a*' },
        'other$.deep': { $gt: 2 },
      }),
    ];
    expectTypeOf(fixed).items.parameter(0).toEqualTypeOf<Open>();
  });
});

describe('Filter<Certificate>, Filter<UpgradePlanItem>, Filter<PolicyRecord>', () => {
  it('reads arrays only through the selector', () => {
    const ok: Filter<Certificate> = {
      'domains$.__svcArrayAny__': { $like: '*.example.com' },
      'componentIds$.__svcArrayAny__': { $gte: 10, $in: [1, 2] },
      domains: { $exists: true, $ne: null },
      deletedAt: { $eq: null },
      'details$.serialNumber': { $eq: '01' },
      'details$.observedLater': { $exists: true },
    };
    expectTypeOf(compileFilter<Certificate>(ok)).parameter(0).toEqualTypeOf<Certificate>();
    const fixed = [
      // @ts-expect-error an array is a value: compare its elements through the selector
      compileFilter<Certificate>({ domains: { $eq: 'a.example' } }),
      compileFilter<Certificate>({ 'domains$.__svcArrayAny__': { $eq: 'a.example' } }),
      // @ts-expect-error elements of componentIds are numbers
      compileFilter<Certificate>({ 'componentIds$.__svcArrayAny__': { $eq: '10' } }),
      compileFilter<Certificate>({ 'componentIds$.__svcArrayAny__': { $eq: 10 } }),
      // @ts-expect-error no implicit traversal of arrays
      compileFilter<Certificate>({ 'domains$.0': { $eq: 'a' } }),
    ];
    expectTypeOf(fixed).items.parameter(0).toEqualTypeOf<Certificate>();
  });

  it('types paths below maps of structured values', () => {
    const ok: Filter<UpgradePlanItem> = {
      'upgradePlan$.nodes$.changes$.__svcArrayAny__$.status': { $eq: 'pending' },
      'upgradePlan$.AddOns$.changes$.__svcArrayAny__': {
        $elemMatch: { name: { $eq: 'coredns' }, desiredVersion: { $gte: 'v1.11' } },
      },
      completedAt: { $eq: null },
    };
    expectTypeOf(compileFilter<UpgradePlanItem>(ok)).parameter(0).toEqualTypeOf<UpgradePlanItem>();
    const change = 'upgradePlan$.nodes$.changes$.__svcArrayAny__';
    const fixed = [
      // @ts-expect-error change fields are strings
      compileFilter<UpgradePlanItem>({ [`${change}$.status`]: { $eq: 1 } }),
      compileFilter<UpgradePlanItem>({ [`${change}$.status`]: { $eq: 'active' } }),
      // @ts-expect-error inside $elemMatch, fields are checked against the element's type
      compileFilter<UpgradePlanItem>({ [change]: { $elemMatch: { name: { $eq: 1 } } } }),
      compileFilter<UpgradePlanItem>({ [change]: { $elemMatch: { name: { $eq: 'kube-proxy' } } } }),
    ];
    expectTypeOf(fixed).items.parameter(0).toEqualTypeOf<UpgradePlanItem>();
    const named = compileFilter<PolicyRecord>({ name: { $like: 'Idle*' }, updatedAt: { $gte: '2026' } });
    expectTypeOf(named).parameter(0).toEqualTypeOf<PolicyRecord>();
    // @ts-expect-error policy records have no statusDefinitions field
    compileFilter<PolicyRecord>({ statusDefinitions: { $exists: true } });
  });
});

describe('$elemMatch in Filter<T>', () => {
  it('takes a Filter of the element type, nested and with logical operators', () => {
    const ok: Filter<Cluster> = {
      'details$.kubernetes$.nodes$.__svcArrayAny__': {
        $elemMatch: {
          version: { $eq: '1.27' },
          status: { $in: ['DEGRADED', 'UPDATING'] },
          $or: [{ desiredSize: { $gt: 3 } }, { 'labels$.pool': { $eq: 'gpu' } }],
        },
      },
    };
    expectTypeOf(compileFilter<Cluster>(ok)).parameter(0).toEqualTypeOf<Cluster>();
  });

  it('rejects a misspelt inner path, a wrong inner operand, and paths without a selector', () => {
    const nodes = 'details$.kubernetes$.nodes$.__svcArrayAny__';
    const fixed = [
      // @ts-expect-error versoin is not a field of a node group
      compileFilter<Cluster>({ [nodes]: { $elemMatch: { versoin: { $eq: '1.27' } } } }),
      compileFilter<Cluster>({ [nodes]: { $elemMatch: { version: { $eq: '1.27' } } } }),
      // @ts-expect-error status is one of three values
      compileFilter<Cluster>({ [nodes]: { $elemMatch: { status: { $eq: 'DEGRADEDD' } } } }),
      compileFilter<Cluster>({ [nodes]: { $elemMatch: { status: { $eq: 'DEGRADED' } } } }),
      // @ts-expect-error $elemMatch needs a path that ends at the selector
      compileFilter<Cluster>({ 'details$.kubernetes$.nodes': { $elemMatch: {} } }),
      compileFilter<Cluster>({ 'details$.kubernetes$.nodes$.__svcArrayAny__': { $elemMatch: {} } }),
    ];
    expectTypeOf(fixed).items.parameter(0).toEqualTypeOf<Cluster>();
    // @ts-expect-error elements of domains are strings, not objects
    compileFilter<Certificate>({ 'domains$.__svcArrayAny__': { $elemMatch: { a: { $eq: 1 } } } });
  });

  it('catches the misspelt detail field once the technology is declared', () => {
    // @ts-expect-error lastActiveConectionTime is misspelt, and 3 is not a timestamp
    compileFilter<Cluster>({ 'details$.postgres$.lastActiveConectionTime': { $lt: 3 } });
    // @ts-expect-error 3 is not a timestamp
    compileFilter<Cluster>({ 'details$.postgres$.lastActiveConnectionTime': { $lt: 3 } });
    const idle = compileFilter<Cluster>({
      'details$.postgres$.lastActiveConnectionTime': { $lt: '2026-01-01' },
    });
    expectTypeOf(idle).parameter(0).toEqualTypeOf<Cluster>();
  });
});

describe('typed entry points', () => {
  const component = {} as Component;
  const certificate = {} as Certificate;

  it('compileFilter<T> checks the filter and returns a predicate over T', () => {
    const predicate = compileFilter<Component>({ technology: { $eq: 'postgres' } });
    expectTypeOf(predicate).toEqualTypeOf<(record: Component) => boolean>();
    expectTypeOf(predicate(component)).toBeBoolean();
    // @ts-expect-error checked against Component
    compileFilter<Component>({ technologyy: { $eq: 'postgres' } });
  });

  it('untyped use keeps working with any input', () => {
    const parsed: unknown = JSON.parse('{}');
    expectTypeOf(compileFilter(parsed)).toEqualTypeOf<(record: unknown) => boolean>();
    expectTypeOf(compileFilter({ anything: { $eq: 1 } })).toEqualTypeOf<(record: unknown) => boolean>();
    expectTypeOf<Filter>().toBeUnknown();
    expectTypeOf<Filter<unknown>>().toBeUnknown();
    toSql(parsed, { dialect: 'sqlite', columns: {} });
    toMongo(parsed);
    compilePolicy(parsed);
  });

  it('toSql<T>, toMongo<T> and toMongoExpr<T> check the filter', () => {
    toSql<Certificate>(
      { expirationDate: { $lt: '2026' } },
      { dialect: 'postgres', columns: { expirationDate: 'text' } },
    );
    // @ts-expect-error checked against Certificate
    toSql<Certificate>({ expirationDat: { $lt: '2026' } }, { dialect: 'postgres', columns: {} });
    toMongo<Component>({ 'tags$.env': { $eq: 'prod' } });
    // @ts-expect-error checked against Component
    toMongo<Component>({ 'tags$.env': { $eq: true } });
    // @ts-expect-error checked against Component
    toMongoExpr<Component>({ region: { $gt: true } });
  });

  it('PolicyDefinition<T> types every filter of a definition, and compilePolicy<T> its evaluator', () => {
    const definition = {
      name: 'Certificate expiry',
      resource: 'certificate',
      query: { filter: { status: { $eq: 'active' } } },
      statusDefinitions: {
        valid: { isDefault: true, criticality: 0 },
        expired: {
          criticality: 30,
          rules: [
            {
              conditions: [
                {
                  type: 'filter',
                  condition: { filter: { expirationDate: { $lt: '2026-06-01T00:00:00.000Z' } } },
                },
              ],
            },
          ],
        },
      },
    } as const satisfies PolicyDefinition<Certificate>;
    const policy = compilePolicy<Certificate>(definition);
    expectTypeOf(policy).toEqualTypeOf<CompiledPolicy<Certificate>>();
    expectTypeOf(policy.evaluate).parameter(0).toEqualTypeOf<Certificate>();
    policy.evaluate(certificate);
    compilePolicy<Certificate>({ policy: definition });
    policyToSql<Certificate>(definition, {
      dialect: 'sqlite',
      columns: { status: 'text', expirationDate: 'text' },
    });
    policyToMongo<Certificate>(definition);

    const late = { expirationDate: { $lt: 5 } };
    const onTime = { expirationDate: { $lt: '2026-06-01T00:00:00.000Z' } };
    const withCondition = <F>(filter: F) => ({
      name: 'x',
      statusDefinitions: {
        ok: { isDefault: true, criticality: 0 },
        late: {
          criticality: 1,
          rules: [{ conditions: [{ type: 'filter' as const, condition: { filter } }] }],
        },
      },
    });
    // A number where the timestamp is compared makes the definition's type wrong…
    expectTypeOf(withCondition(late)).not.toExtend<PolicyDefinition<Certificate>>();
    // …and the same definition with a timestamp string is right.
    expectTypeOf(withCondition(onTime)).toExtend<PolicyDefinition<Certificate>>();
    compilePolicy<Certificate>({
      name: 'x',
      // @ts-expect-error the scope is a Filter<Certificate> too
      query: { filter: { expiration: { $exists: true } } },
      statusDefinitions: {},
    });
    // Untyped definitions (read from a file, or deliberately invalid) are still accepted.
    compilePolicy({ name: 'x', statusDefinitions: { ok: { isdefault: true, criticality: 0 } } });
  });
});

describe('the depth bound', () => {
  /** A recursive record type: its paths are endless, and typed to the bound. */
  interface Tree {
    readonly name: string;
    readonly size?: number;
    readonly child?: Tree;
    readonly children?: readonly Tree[];
  }

  it('is 8 segments', () => {
    expectTypeOf<MaxTypedDepth>().toEqualTypeOf<8>();
  });

  it('checks paths of up to 8 segments, selectors included', () => {
    const sized = 'children$.__svcArrayAny__$.children$.__svcArrayAny__$.child$.child$.child$.size';
    const fixed = [
      // @ts-expect-error 8 segments: name is still a string
      compileFilter<Tree>({ 'child$.child$.child$.child$.child$.child$.child$.name': { $eq: 1 } }),
      compileFilter<Tree>({ 'child$.child$.child$.child$.child$.child$.child$.name': { $eq: 'a' } }),
      // @ts-expect-error 8 segments: a misspelt last segment
      compileFilter<Tree>({ 'child$.child$.child$.child$.child$.child$.child$.nmae': { $eq: 'a' } }),
      // @ts-expect-error 8 segments with selectors: size is a number
      compileFilter<Tree>({ [sized]: { $like: 'a' } }),
      compileFilter<Tree>({ [sized]: { $gt: 1 } }),
      // @ts-expect-error 9 segments with a misspelling in the first 8 are not loose
      compileFilter<Tree>({ 'child$.chlid$.child$.child$.child$.child$.child$.child$.name': { $eq: 'a' } }),
    ];
    expectTypeOf(fixed).items.parameter(0).toEqualTypeOf<Tree>();
  });

  it('accepts any key and any scalar operand past 8 segments', () => {
    // 9 segments, 3 of them selectors: size is a number, but nothing is checked this deep.
    const deep =
      'children$.__svcArrayAny__$.children$.__svcArrayAny__$.children$.__svcArrayAny__$.child$.child$.size';
    const loose = [
      compileFilter<Tree>({ 'child$.child$.child$.child$.child$.child$.child$.child$.name': { $eq: 1 } }),
      compileFilter<Tree>({ 'child$.child$.child$.child$.child$.child$.child$.child$.nmae': { $gt: 'a' } }),
      compileFilter<Tree>({ [deep]: { $like: 'a*', $in: [1, 'a', true] } }),
    ];
    expectTypeOf(loose).items.parameter(0).toEqualTypeOf<Tree>();
    // The 9th segment and beyond are a free pattern of FilterPath; the 8 before it are not.
    expectTypeOf<'child$.child$.child$.child$.child$.child$.child$.child$.anything$.at$.all'>().toExtend<
      FilterPath<Tree>
    >();
    expectTypeOf<'child$.child$.child$.child$.child$.child$.child$.nmae'>().not.toExtend<FilterPath<Tree>>();
  });
});

describe('instant operands ($now, $at) on timestamp fields', () => {
  /** A record type of one's own: timestamps declared `Timestamp` or `Date`. */
  interface Job {
    readonly name: string;
    readonly attempts: number;
    readonly due: Timestamp;
    readonly finishedAt: Date | null;
    readonly steps: readonly { readonly startedAt: Timestamp }[];
  }

  it('accepts { $now: duration } and { $at: timestamp } where the values are timestamps', () => {
    const ok = [
      compileFilter<Certificate>({ expirationDate: { $gte: { $now: 'PT0S' }, $lt: { $now: 'P30D' } } }),
      compileFilter<Certificate>({
        dueDate: { $lt: { $now: 'PT0S' } },
        deletedAt: { $ne: { $now: '-P1W2DT3H4M5.5S' } },
      }),
      compileFilter<Certificate>({ issuedAt: { $eq: { $at: '2026-01-01T02:00:00+02:00' } } }),
      compileFilter<Component>({ 'details$.database$.lastActiveConnectionTime': { $lt: { $now: '-P90D' } } }),
      // Loose paths take them too: checked at run time.
      compileFilter<Component>({ 'details$.postgres$.lastActiveConnectionTime': { $lt: { $now: '-P90D' } } }),
      compileFilter<Job>({
        due: { $lte: { $now: 'PT12H' } },
        finishedAt: { $gt: { $at: '2026-06-01T00:00:00Z' } },
      }),
      compileFilter<Job>({
        'steps$.__svcArrayAny__': { $elemMatch: { startedAt: { $lt: { $now: '-PT30M' } } } },
      }),
      compileFilter<Job>({ 'steps$.__svcArrayAny__$.startedAt': { $gt: { $now: '-PT1H30M' } } }),
      // Timestamps still compare with strings as strings.
      compileFilter<Certificate>({ expirationDate: { $lt: '2026-06-01T00:00:00.000Z', $in: ['x', null] } }),
    ];
    expectTypeOf(ok).toBeArray();
    expectTypeOf<'P30D'>().toExtend<Duration>();
    expectTypeOf<{ $now: 'P30D' }>().toExtend<Instant>();
  });

  it('rejects them on fields that are not timestamps, and values of another shape', () => {
    const rejected = [
      // @ts-expect-error $now on a number field
      compileFilter<Job>({ attempts: { $lt: { $now: 'P30D' } } }),
      // @ts-expect-error $at on a string field
      compileFilter<Certificate>({ status: { $eq: { $at: '2026-06-01T00:00:00Z' } } }),
      // @ts-expect-error $now on a boolean field
      compileFilter<Component>({ hasAvailableSvcs: { $ne: { $now: 'PT0S' } } }),
      // @ts-expect-error months have no fixed length
      compileFilter<Certificate>({ expirationDate: { $lt: { $now: 'P1M' } } }),
      // @ts-expect-error not a duration
      compileFilter<Certificate>({ expirationDate: { $lt: { $now: '30 days' } } }),
      // @ts-expect-error a number of days is no duration
      compileFilter<Job>({ due: { $lt: { $now: 30 } } }),
      // @ts-expect-error a date without a time is no RFC 3339 timestamp
      compileFilter<Certificate>({ expirationDate: { $lt: { $at: '2026-06-01' } } }),
      // @ts-expect-error one of $now and $at, not both
      compileFilter<Certificate>({ expirationDate: { $lt: { $now: 'P1D', $at: '2026-06-01T00:00:00Z' } } }),
      // @ts-expect-error instants are for $eq … $lte, not $in
      compileFilter<Certificate>({ expirationDate: { $in: [{ $now: 'P1D' }] } }),
    ];
    expectTypeOf(rejected).toBeArray();
  });
});
