import { describe, expectTypeOf, it } from 'vitest';
import {
  type Certificate,
  type CompiledPolicy,
  type Component,
  compileFilter,
  compilePolicy,
  type Filter,
  type PolicyDefinition,
  type PolicyRecord,
  type UpgradePlanItem,
} from '../../src/index.js';
import { policyToMongo, toMongo, toMongoExpr } from '../../src/mongo.js';
import { policyToSql, toSql } from '../../src/sql.js';

/**
 * Type tests (vitest typecheck mode, and `tsc --noEmit`): accepted filters compile, rejected ones are
 * errors (`@ts-expect-error` fails when the line compiles). test/unit/typed/messages.test.ts checks the
 * messages the compiler shows for them.
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
    // @ts-expect-error unknown operator
    const a: Filter<Component> = { technology: { $eqq: 'postgres' } };
    // @ts-expect-error misspelt path
    const b: Filter<Component> = { technolgy: { $eq: 'postgres' } };
    // @ts-expect-error a timestamp compared with a number
    const c: Filter<Component> = { 'details$.database$.lastActiveConnectionTime': { $lt: 3 } };
    // @ts-expect-error booleans are never ordered
    const d: Filter<Component> = { hasAvailableSvcs: { $gt: 0 } };
    // @ts-expect-error $like on a boolean
    const e: Filter<Component> = { hasAvailableSvcs: { $like: 't*' } };
    // @ts-expect-error a misspelt path inside $or
    const f: Filter<Component> = { $or: [{ regoin: { $eq: 'eu' } }] };
    // @ts-expect-error version operators compare version strings, not booleans
    const v: Filter<Component> = { hasAvailableSvcs: { $vlt: '1.29' } };
    // @ts-expect-error tags hold strings
    const g: Filter<Component> = { 'tags$.team': { $eq: 1 } };
    // @ts-expect-error an object is compared only for presence
    const h: Filter<Component> = { details: { $eq: 'x' } };
    // @ts-expect-error $in holds the leaf type and null
    const i: Filter<Component> = { region: { $in: ['eu', 5] } };
    // @ts-expect-error bare values are not filters
    const j: Filter<Component> = { region: 'eu' };
    expectTypeOf([a, b, c, d, e, f, v, g, h, i, j]).not.toBeAny();
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
    expectTypeOf(ok).not.toBeAny();
    // @ts-expect-error an array is a value: compare its elements through the selector
    const a: Filter<Certificate> = { domains: { $eq: 'a.example' } };
    // @ts-expect-error elements of componentIds are numbers
    const b: Filter<Certificate> = { 'componentIds$.__svcArrayAny__': { $eq: '10' } };
    // @ts-expect-error no implicit traversal of arrays
    const c: Filter<Certificate> = { 'domains$.0': { $eq: 'a' } };
    expectTypeOf([a, b, c]).not.toBeAny();
  });

  it('types paths below maps of structured values', () => {
    const ok: Filter<UpgradePlanItem> = {
      'upgradePlan$.nodes$.changes$.__svcArrayAny__$.status': { $eq: 'pending' },
      'upgradePlan$.AddOns$.changes$.__svcArrayAny__': {
        $elemMatch: { name: { $eq: 'coredns' }, desiredVersion: { $gte: 'v1.11' } },
      },
      completedAt: { $eq: null },
    };
    expectTypeOf(ok).not.toBeAny();
    const change = 'upgradePlan$.nodes$.changes$.__svcArrayAny__';
    const a: Filter<UpgradePlanItem> = {
      // @ts-expect-error change fields are strings
      [`${change}$.status`]: { $eq: 1 },
    };
    const b: Filter<UpgradePlanItem> = {
      // @ts-expect-error inside $elemMatch, fields are checked against the element's type
      [change]: { $elemMatch: { name: { $eq: 1 } } },
    };
    expectTypeOf(a).not.toBeAny();
    expectTypeOf(b).not.toBeAny();
    const named: Filter<PolicyRecord> = { name: { $like: 'Idle*' }, updatedAt: { $gte: '2026' } };
    expectTypeOf(named).not.toBeAny();
    // @ts-expect-error policy records have no statusDefinitions field
    const c: Filter<PolicyRecord> = { statusDefinitions: { $exists: true } };
    expectTypeOf(c).not.toBeAny();
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
    expectTypeOf(ok).not.toBeAny();
  });

  it('rejects a misspelt inner path, a wrong inner operand, and paths without a selector', () => {
    const nodes = 'details$.kubernetes$.nodes$.__svcArrayAny__';
    // @ts-expect-error versoin is not a field of a node group
    const a: Filter<Cluster> = { [nodes]: { $elemMatch: { versoin: { $eq: '1.27' } } } };
    // @ts-expect-error status is one of three values
    const b: Filter<Cluster> = { [nodes]: { $elemMatch: { status: { $eq: 'DEGRADEDD' } } } };
    // @ts-expect-error $elemMatch needs a path that ends at the selector
    const c: Filter<Cluster> = { 'details$.kubernetes$.nodes': { $elemMatch: {} } };
    // @ts-expect-error elements of domains are strings, not objects
    const d: Filter<Certificate> = { 'domains$.__svcArrayAny__': { $elemMatch: { a: { $eq: 1 } } } };
    expectTypeOf([a, b, c, d]).not.toBeAny();
  });

  it('catches the misspelt detail field once the technology is declared', () => {
    // @ts-expect-error lastActiveConectionTime is misspelt, and 3 is not a timestamp
    const a: Filter<Cluster> = { 'details$.postgres$.lastActiveConectionTime': { $lt: 3 } };
    expectTypeOf(a).not.toBeAny();
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
    const bad: PolicyDefinition<Certificate> = {
      name: 'x',
      statusDefinitions: {
        ok: { isDefault: true, criticality: 0 },
        late: {
          criticality: 1,
          // @ts-expect-error expirationDate is a timestamp (a string), not a number
          rules: [{ conditions: [{ type: 'filter', condition: { filter: late } }] }],
        },
      },
    };
    expectTypeOf(bad).not.toBeAny();
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
