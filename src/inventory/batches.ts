/**
 * The key of an internal reader's batches: an async iterable of records that also gives them a batch
 * (an array) per chunk read, so that `evaluateInventory` visits a chunk's records in one synchronous
 * loop instead of one await per record (the readers' own cost was that step, bench/README.md "NDJSON").
 * @internal
 */
export const RECORD_BATCHES: unique symbol = Symbol('svc-policy.recordBatches');

/** An async iterable of records whose `[RECORD_BATCHES]()` gives the same records in arrays. @internal */
export interface BatchedRecords extends AsyncIterable<unknown> {
  readonly [RECORD_BATCHES]: () => AsyncIterable<readonly unknown[]>;
}

/** The batches of `resources` when it is a {@link BatchedRecords}, else `undefined`. @internal */
export function recordBatches(resources: unknown): (() => AsyncIterable<readonly unknown[]>) | undefined {
  if (typeof resources !== 'object' || resources === null || !(RECORD_BATCHES in resources)) return undefined;
  return (resources as BatchedRecords)[RECORD_BATCHES];
}
