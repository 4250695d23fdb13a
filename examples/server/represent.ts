/**
 * The legacy representations the description gives single reads and legacy searches: integer ids,
 * tags as `{ key, value }` pairs, a `typeDisplayName`.
 */
import { isObject } from './http.js';

/** Display names of the generated component types, for the legacy representation's `typeDisplayName`. */
const TYPE_DISPLAY_NAMES: Readonly<Record<string, string>> = {
  'rds-instance': 'RDS Instance',
  'aurora-cluster': 'Aurora Cluster',
  'cloudsql-instance': 'Cloud SQL Instance',
  'elasticache-cluster': 'ElastiCache Cluster',
  'eks-cluster': 'EKS Cluster',
  'gke-cluster': 'GKE Cluster',
  'aks-cluster': 'AKS Cluster',
  'opensearch-domain': 'OpenSearch Domain',
  'msk-cluster': 'MSK Cluster',
};

export const typeDisplayName = (type: unknown): string =>
  typeof type !== 'string'
    ? ''
    : (TYPE_DISPLAY_NAMES[type] ??
      type
        .split('-')
        .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
        .join(' '));

/** An id of digits as the integer the legacy representations give; any other id as it is. */
export const integerId = (id: unknown): unknown =>
  typeof id === 'string' && /^\d{1,15}$/.test(id) ? Number(id) : id;

/** A tag map as the legacy `{ key, value }` pairs. */
export const tagPairs = (tags: unknown) =>
  isObject(tags) ? Object.entries(tags).map(([key, value]) => ({ key, value })) : [];

/**
 * A component in the legacy representation, which single reads and the legacy search return:
 * `integrationId` an integer, `tags` an array of `{ key, value }`, a `typeDisplayName`, and none of the
 * query representation's own fields (`vendor`, `hasAvailableSvcs`, `customTags`).
 */
export function legacyComponent(record: Record<string, unknown>): Record<string, unknown> {
  const { vendor: _vendor, hasAvailableSvcs: _svcs, customTags: _custom, tags, ...rest } = record;
  return {
    ...rest,
    integrationId: integerId(rest.integrationId),
    typeDisplayName: typeDisplayName(rest.type),
    tags: tagPairs(tags),
  };
}

/**
 * A certificate as the single read returns it: the integer id, an integer `integrationId`, and none of
 * the query representation's own fields (`dueDate`, `deletedAt`, `displayType`).
 */
export function legacyCertificate(record: Record<string, unknown>, seq: number): Record<string, unknown> {
  const { dueDate: _due, deletedAt: _deleted, displayType: _display, ...rest } = record;
  return { ...rest, id: seq, integrationId: integerId(rest.integrationId) };
}
