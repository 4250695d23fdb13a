import { compileFilter } from '../compile/filter.js';
import { forRecords } from '../compile/tiered.js';
import { parsedUnder } from '../parse/node-input.js';
import { compareKeys, keyOf, type SortValue } from './order.js';
import { finishPage, isAfterCursor, type Page, projectRecord, type QueryPlan } from './plan.js';

interface Entry {
  readonly record: unknown;
  readonly key: readonly SortValue[];
}

const predicates = new WeakMap<QueryPlan, (record: unknown) => boolean>();

function predicateOf(plan: QueryPlan): (record: unknown) => boolean {
  let predicate = predicates.get(plan);
  if (predicate === undefined) {
    // At the plan's instant: the walk's first page's, so that every page of a walk agrees.
    predicate =
      plan.filter === undefined
        ? () => true
        : compileFilter(plan.filter, { ...parsedUnder(plan.filter), asOf: plan.asOf });
    predicates.set(plan, predicate);
  }
  return predicate;
}

/**
 * Runs a plan over records in memory: the records that match the filter and come after the cursor, the
 * first `pageSize` of them in the plan's order, with only the plan's fields. A bounded max-heap keeps
 * the best `pageSize + 1` entries, so a page costs O(N log pageSize), not a sort of N. Records that are
 * not objects are skipped.
 *
 * @example
 * const plan = parseQuery({ pageSize: 2, sort: { region: 'desc' } }, 'component');
 * const first = queryInMemory(components, plan);
 * const second = queryInMemory(components, parseQuery({ pageSize: 2, sort: { region: 'desc' }, pageToken: first.nextPageToken }, 'component'));
 */
export function queryInMemory(records: Iterable<unknown>, plan: QueryPlan): Page {
  const predicate = predicateOf(plan);
  const matches = Array.isArray(records) ? forRecords(predicate, records.length) : predicate;
  const cap = plan.pageSize + 1;
  const sort = plan.sort;
  // heap[0] is the entry that sorts last: the one to drop when a better entry arrives.
  const heap: Entry[] = [];
  const worse = (a: Entry, b: Entry): boolean => compareKeys(a.key, b.key, sort) > 0;
  for (const record of records) {
    if (typeof record !== 'object' || record === null || Array.isArray(record)) continue;
    if (!matches(record)) continue;
    const key = keyOf(record, sort);
    if (!isAfterCursor(plan, key)) continue;
    const entry = { record, key };
    if (heap.length < cap) {
      heap.push(entry);
      let i = heap.length - 1;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!worse(heap[i]!, heap[parent]!)) break;
        [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
        i = parent;
      }
    } else if (worse(heap[0]!, entry)) {
      heap[0] = entry;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let top = i;
        if (l < heap.length && worse(heap[l]!, heap[top]!)) top = l;
        if (r < heap.length && worse(heap[r]!, heap[top]!)) top = r;
        if (top === i) break;
        [heap[i], heap[top]] = [heap[top]!, heap[i]!];
        i = top;
      }
    }
  }
  heap.sort((a, b) => compareKeys(a.key, b.key, sort));
  return finishPage(
    plan,
    heap,
    (e) => projectRecord(e.record, plan.fields),
    (e) => e.key,
  );
}
