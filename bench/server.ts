/**
 * What a server pays per query request: `parseQuery` + `queryInMemory` over 500 records with a filter
 * it has never seen, with closures only, generated code only, and the tiered default: each request's
 * filter carries a constant of its own (a shape seen before, which the cache of generated code serves),
 * and, in the `new shape` cases, clauses of its own too (a shape not among the 4,095 before it, so no
 * cache of generated code serves it).
 */
import type { Component } from '../fixtures/generator.js';
import { setDefaultCodegen } from '../src/compile/filter.js';
import { parseQuery, queryInMemory } from '../src/index.js';
import { FILTERS } from './filters.js';
import { type Case, interleaved } from './lib.js';

export const REQUEST_RECORDS = 500;

/** Fields of a component that F1–F5 do not read, and the operators a request's own shape puts on them. */
const OWN_FIELDS = ['id', 'integrationId', 'vendor', 'type', 'createdAt', 'updatedAt'] as const;
const OWN_OPERATORS = [undefined, '$ne', '$gt', '$lt'] as const;

/** Request `i`'s clauses: each field absent or under one of three operators, 4,096 shapes in turn. */
function ownShape(i: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let x = i % 4096;
  for (const field of OWN_FIELDS) {
    const op = OWN_OPERATORS[x % 4];
    x = Math.floor(x / 4);
    if (op !== undefined) out[field] = { [op]: `request-${i}` };
  }
  return out;
}

/** Tiers by label, as the library's default compiler is set for the request. */
const TIERS = [
  ['closures', false],
  ['generated', true],
  ['tiered (default)', 'tiered'],
] as const;

export interface ServerRow {
  readonly id: string;
  /** Microseconds per request, by tier. */
  readonly microseconds: Record<string, number>;
}

export async function benchServerRequests(
  components: readonly Component[],
  rounds: number,
): Promise<ServerRow[]> {
  const records = components.slice(0, REQUEST_RECORDS);
  const out: ServerRow[] = [];
  let request = 0;
  for (const spec of FILTERS) {
    const cases: Case[] = TIERS.flatMap(([name, mode]) => [
      {
        name,
        fn: () => {
          setDefaultCodegen(mode);
          const filter = { ...spec.ours, id: { $ne: `request-${request++}` } };
          return queryInMemory(records, parseQuery({ filter, pageSize: 50 }, 'component')).items.length;
        },
      },
      // Clauses of its own per request: a shape not seen among the last 4,095, which no cache serves.
      {
        name: `${name}, new shape`,
        fn: () => {
          setDefaultCodegen(mode);
          const filter = { ...spec.ours, ...ownShape(request++) };
          return queryInMemory(records, parseQuery({ filter, pageSize: 50 }, 'component')).items.length;
        },
      },
    ]);
    const times = await interleaved(`request ${spec.id}`, cases, { rounds });
    out.push({ id: spec.id, microseconds: Object.fromEntries([...times].map(([k, s]) => [k, s * 1e6])) });
  }
  setDefaultCodegen('tiered');
  return out;
}
