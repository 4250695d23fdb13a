/**
 * The playground's sample inventory, and how it tells the kinds of records apart. Shared with the
 * browser test, which computes its expectations in Node from the same records.
 */
import { generateInventory, REFERENCE_DATE } from '../fixtures/generator.js';
import { generatePolicies } from '../fixtures/policy-generator.js';
import type { ResourceName } from '../src/index.js';

/** Policy records in every sample, for filters over the `policy` resource (`POST /policy/query`). */
export const SAMPLE_POLICIES = 20;

/** Pasted NDJSON a link carries, in UTF-8 bytes; a link to more carries the generated sample instead. */
export const LINK_NDJSON_BYTES = 32 * 1024;

const DAY = 86_400_000;

/**
 * `size` components with `size / 10` certificates (the inventory generator, seed 42), then
 * {@link SAMPLE_POLICIES} policy records as the API returns them (`id`, `createdAt`, `updatedAt`).
 *
 * @example
 * [...sampleRecords(100)].length; // 100 + 10 + 20
 */
export function* sampleRecords(size: number): Generator<Record<string, unknown>> {
  yield* generateInventory(
    { components: size, certificates: Math.round(size / 10) },
    { seed: 42, now: REFERENCE_DATE },
  );
  const now = Date.parse(REFERENCE_DATE);
  for (const [i, policy] of generatePolicies(SAMPLE_POLICIES, { seed: 42 }).entries()) {
    const createdAt = now - (SAMPLE_POLICIES - i) * 7 * DAY;
    yield {
      id: `policy-${String(i + 1).padStart(2, '0')}`,
      ...policy,
      createdAt: new Date(createdAt).toISOString(),
      updatedAt: new Date(createdAt + DAY).toISOString(),
    };
  }
}

/**
 * Whether a record is of a resource kind. Components and certificates say so in their `resource` field
 * (as the generator's merged exports do); a policy record has a `resource` field of its own (the kind it
 * governs), so policies are told apart by their `statusDefinitions`.
 *
 * @example
 * isKind({ resource: 'component', technology: 'postgres' }, 'component'); // true
 */
export function isKind(record: unknown, resource: ResourceName): boolean {
  if (typeof record !== 'object' || record === null) return false;
  const isPolicy = 'statusDefinitions' in record;
  if (resource === 'policy') return isPolicy;
  return !isPolicy && (record as { resource?: unknown }).resource === resource;
}
