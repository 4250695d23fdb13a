import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseQuery, QueryError, type ResourceName } from '../../../src/index.js';
import { validatePolicy } from '../../../src/validate.js';
import { check, titled } from '../../support/property.js';

/**
 * `parseQuery` and validation check a filter's fields with one schema checker (resources/schema.ts):
 * a filter one refuses the other refuses, at the same places, and a filter one accepts the other
 * accepts. Each speaks its own codes; the pointers below are relative to the filter.
 */

/** The codes each side gives to what the schema checker finds. */
const QUERY_CODES = new Set(['UNKNOWN_FILTER_FIELD', 'UNFILTERABLE_FIELD', 'FILTER_TYPE_MISMATCH']);
const VALIDATION_CODES = new Set([
  'UNKNOWN_FIELD',
  'TYPE_MISMATCH',
  'MISSING_ARRAY_SELECTOR',
  'SELECTOR_ON_NON_ARRAY',
]);

/** Where `parseQuery` refuses the filter (pointers into it), or `[]` when it accepts it. */
function queryRefusals(resource: ResourceName, filter: object): string[] {
  try {
    parseQuery({ filter }, resource);
    return [];
  } catch (error) {
    if (!(error instanceof QueryError)) throw error;
    for (const p of error.problems) expect(QUERY_CODES, `${p.code} ${p.message}`).toContain(p.code);
    return [...new Set(error.problems.map((p) => p.path.slice('/filter'.length)))].sort();
  }
}

const F = '/query/filter';

/** Where validation reports an error in the filter (pointers into it), or `[]` when it has none. */
function validationRefusals(resource: ResourceName, filter: object): string[] {
  const { diagnostics } = validatePolicy({
    name: 'p',
    resource,
    query: { filter },
    statusDefinitions: { ok: { isDefault: true, criticality: 0 } },
  });
  const errors = diagnostics.filter((d) => d.severity === 'error');
  for (const d of errors) expect(VALIDATION_CODES, `${d.code} ${d.message}`).toContain(d.code);
  return [...new Set(errors.map((d) => d.path.slice(F.length)))].sort();
}

type Case = readonly [filter: object, refusedAt: readonly string[]];

/** Filters on multi-segment paths (with and without a selector) of every resource with nested fields. */
const CASES: Record<'component' | 'certificate' | 'upgradePlan', { accepted: Case[]; refused: Case[] }> = {
  component: {
    accepted: [
      [{ 'details$.database$.lastActiveConnectionTime': { $lt: '2026-01-01T00:00:00.000Z' } }, []],
      [{ 'tags$.env': { $in: ['prod', null] } }, []],
      // `details` is open: below an undescribed key anything may be, an array too.
      [{ 'details$.disks$.__svcArrayAny__$.size': { $gt: 5 } }, []],
    ],
    refused: [
      [
        { 'details$.database$.lastActiveConnectionTime': { $gt: 5 } },
        ['/details$.database$.lastActiveConnectionTime/$gt'],
      ],
      [{ 'tags$.env$.name': { $eq: 'x' } }, ['/tags$.env$.name']],
      [{ 'details$.database': { $like: 'pg*' } }, ['/details$.database/$like']],
      [{ 'tags$.env$.__svcArrayAny__': { $eq: 'x' } }, ['/tags$.env$.__svcArrayAny__']],
      [
        { 'details$.database$.lastActiveConnectionTime$.__svcArrayAny__': { $exists: true } },
        ['/details$.database$.lastActiveConnectionTime$.__svcArrayAny__'],
      ],
    ],
  },
  certificate: {
    accepted: [
      [{ 'details$.serialNumber': { $eq: '01' } }, []],
      [{ 'domains$.__svcArrayAny__': { $like: '*.example.com' } }, []],
      [{ 'componentIds$.__svcArrayAny__': { $in: [1, 2] }, domains: { $exists: true } }, []],
    ],
    refused: [
      [{ 'details$.serialNumber': { $gt: 1 } }, ['/details$.serialNumber/$gt']],
      [
        { 'details$.serialNumber$.__svcArrayAny__': { $eq: '01' } },
        ['/details$.serialNumber$.__svcArrayAny__'],
      ],
      [{ 'domains$.__svcArrayAny__': { $in: ['a', 5] } }, ['/domains$.__svcArrayAny__/$in/1']],
      [{ 'componentIds$.__svcArrayAny__': { $like: '1*' } }, ['/componentIds$.__svcArrayAny__/$like']],
      [{ 'domains$.first': { $eq: 'a' } }, ['/domains$.first']],
      [{ domains: { $eq: 'a' } }, ['/domains']],
    ],
  },
  upgradePlan: {
    accepted: [
      [{ 'upgradePlan$.core$.changes$.__svcArrayAny__$.status': { $in: ['pending'] } }, []],
      [{ 'upgradePlan$.core$.changes$.__svcArrayAny__$.desiredVersion': { $vgte: '1.29' } }, []],
      [
        {
          'upgradePlan$.core$.changes$.__svcArrayAny__': {
            $elemMatch: { status: { $eq: 'active' }, name: { $like: 'kube*' } },
          },
        },
        [],
      ],
    ],
    refused: [
      [
        { 'upgradePlan$.core$.changes$.__svcArrayAny__$.status': { $gt: 1 } },
        ['/upgradePlan$.core$.changes$.__svcArrayAny__$.status/$gt'],
      ],
      [{ 'upgradePlan$.core$.changes$.status': { $eq: 'active' } }, ['/upgradePlan$.core$.changes$.status']],
      [
        { 'upgradePlan$.core$.changes$.__svcArrayAny__$.name$.first': { $eq: 'a' } },
        ['/upgradePlan$.core$.changes$.__svcArrayAny__$.name$.first'],
      ],
      [{ 'upgradePlan$.core$.changes': { $eq: 'x' } }, ['/upgradePlan$.core$.changes']],
      [
        { 'upgradePlan$.core$.changes$.__svcArrayAny__': { $elemMatch: { status: { $gt: 5 } } } },
        ['/upgradePlan$.core$.changes$.__svcArrayAny__/$elemMatch/status/$gt'],
      ],
    ],
  },
};

describe('parseQuery and validation check fields alike (one schema checker)', () => {
  for (const [resource, { accepted, refused }] of Object.entries(CASES) as [
    ResourceName,
    (typeof CASES)['component'],
  ][]) {
    it.each(accepted.map(([filter]) => [JSON.stringify(filter), filter] as const))(
      `${resource}: both accept %s`,
      (_, filter) => {
        expect(queryRefusals(resource, filter)).toEqual([]);
        expect(validationRefusals(resource, filter)).toEqual([]);
      },
    );
    it.each(refused.map(([filter, at]) => [JSON.stringify(filter), filter, at] as const))(
      `${resource}: both refuse %s, at the same place`,
      (_, filter, at) => {
        expect(queryRefusals(resource, filter)).toEqual([...at].sort());
        expect(validationRefusals(resource, filter)).toEqual([...at].sort());
      },
    );
  }

  /** Paths of each resource: known, unknown, through scalars, arrays with and without selectors. */
  const PATHS: Record<string, readonly string[]> = {
    component: [
      'region',
      'regoin',
      'hasAvailableSvcs',
      'tags',
      'tags$.env',
      'tags$.env$.x',
      'tags$.__svcArrayAny__',
      'details',
      'details$.database',
      'details$.database$.lastActiveConnectionTime',
      'details$.database$.lastActiveConnectionTime$.x',
      'details$.x$.__svcArrayAny__$.y',
      'createdAt$.__svcArrayAny__',
      '__svcArrayAny__',
    ],
    certificate: [
      'domains',
      'domains$.__svcArrayAny__',
      'domains$.x',
      'componentIds$.__svcArrayAny__',
      'details$.serialNumber',
      'details$.serialNumber$.x',
      'deletedAt',
      'issuer$.__svcArrayAny__',
    ],
    upgradePlan: [
      'upgradePlan',
      'upgradePlan$.core',
      'upgradePlan$.core$.changes',
      'upgradePlan$.core$.changes$.__svcArrayAny__',
      'upgradePlan$.core$.changes$.__svcArrayAny__$.status',
      'upgradePlan$.core$.changes$.__svcArrayAny__$.currentVersion',
      'upgradePlan$.core$.changes$.x',
      'completedAt',
      'status$.x',
    ],
  };
  // Timestamps compared with text are left out: a string that is no ISO 8601 date is a validation
  // lint (INVALID_TIMESTAMP), of the operand's format, not of its type.
  const arbOperand = fc.constantFrom<unknown>('2026-01-01T00:00:00.000Z', 5, true, null);
  const arbOperators = fc.dictionary(
    fc.constantFrom('$eq', '$ne', '$gt', '$lte', '$in', '$nin', '$like', '$exists', '$vgt', '$vne'),
    arbOperand,
    { minKeys: 1, maxKeys: 2 },
  );
  const arbCase = fc
    .constantFrom(...(Object.keys(PATHS) as ResourceName[]))
    .chain((resource) =>
      fc.tuple(
        fc.constant(resource),
        fc.dictionary(fc.constantFrom(...PATHS[resource]!), arbOperators, { minKeys: 1, maxKeys: 3 }),
      ),
    )
    .map(([resource, fields]) => {
      // Each operator's operand in the form it needs (a list, a boolean, a pattern, a version).
      const filter = Object.fromEntries(
        Object.entries(fields).map(([path, ops]) => [
          path,
          Object.fromEntries(
            Object.entries(ops).map(([op, v]) => {
              if (op === '$in' || op === '$nin') return [op, [v]];
              if (op === '$exists') return [op, v === true];
              if (op === '$like') return [op, typeof v === 'string' ? '2026*' : 'x*'];
              if (op === '$vgt' || op === '$vne') return [op, '1.2'];
              if (op === '$gt' || op === '$lte') return [op, typeof v === 'string' ? v : 5];
              return [op, v];
            }),
          ),
        ]),
      );
      return [resource, filter] as const;
    });

  it(titled('refuse the same filters at the same places, on any path and operator'), () => {
    check(
      fc.property(arbCase, ([resource, filter]) => {
        expect(queryRefusals(resource, filter)).toEqual(validationRefusals(resource, filter));
      }),
    );
  });
});
