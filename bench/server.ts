/**
 * What a server pays per query request: `parseQuery` + `queryInMemory` over 500 records with a filter
 * it has never seen (each request's filter carries a constant of its own, so no cache of any compiler or
 * of V8 serves it), with closures only, generated code only, and the tiered default.
 */
import type { Component } from '../fixtures/generator.js';
import { setDefaultCodegen } from '../src/compile/filter.js';
import { parseQuery, queryInMemory } from '../src/index.js';
import { FILTERS } from './filters.js';
import { type Case, interleaved } from './lib.js';

export const REQUEST_RECORDS = 500;

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
    const cases: Case[] = TIERS.map(([name, mode]) => ({
      name,
      fn: () => {
        setDefaultCodegen(mode);
        const filter = { ...spec.ours, id: { $ne: `request-${request++}` } };
        return queryInMemory(records, parseQuery({ filter, pageSize: 50 }, 'component')).items.length;
      },
    }));
    const times = await interleaved(`request ${spec.id}`, cases, { rounds });
    out.push({ id: spec.id, microseconds: Object.fromEntries([...times].map(([k, s]) => [k, s * 1e6])) });
  }
  setDefaultCodegen('tiered');
  return out;
}
