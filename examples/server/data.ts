/**
 * Seed data the inventory generator does not make: integrations (one per integration id of the
 * generated components), upgrade plans (one per component with available upgrades), and the detail
 * fields of Kubernetes resource kinds.
 */
import type { Component } from '../../fixtures/generator.js';
import type { FieldDescriptor } from '../../src/index.js';

const VENDORS: Readonly<Record<string, string>> = { aws: 'AWS', gcp: 'GCP', azure: 'Azure' };

/** The integrations the components name, in the description's representation (integer id). */
export function integrationsOf(components: readonly Component[]): Record<string, unknown>[] {
  const byId = new Map<string, Component>();
  for (const c of components) if (!byId.has(c.integrationId)) byId.set(c.integrationId, c);
  return [...byId.entries()]
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([id, c], i) => {
      const type = VENDORS[c.vendor] ?? c.vendor;
      const accountId = String(100_000_000_000 + Number(id) * 7919);
      const at = new Date(Date.UTC(2025, 0, 1 + i)).toISOString();
      return {
        id,
        name: `${type} ${accountId}`,
        type,
        status: 'Healthy',
        details:
          type === 'AWS'
            ? { externalId: `ext-${id}`, roleArn: `arn:aws:iam::${accountId}:role/svc-policy`, accountId }
            : {},
        createdAt: at,
        updatedAt: at,
      };
    });
}

/** The next minor version: `1.29` → `1.30`, `14.7` → `14.8`; undefined when not a version. */
function nextMinor(version: string | null): string | undefined {
  const m = /^(\d+)\.(\d+)/.exec(version ?? '');
  return m === null ? undefined : `${m[1]}.${Number(m[2]) + 1}`;
}

/** A small stable number from an id, so the plans are the same at each start. */
const hash = (text: string): number => [...text].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);

/** The sections of a plan (the request names of `POST /component/{id}/svc/query`). */
export const SECTIONS = ['eksAddOns', 'deployments', 'controlPlane', 'nodes', 'k8sApi'] as const;

/** One upgrade plan per component that has available upgrades and a version. */
export function upgradePlansOf(components: readonly Component[]): Record<string, unknown>[] {
  const plans: Record<string, unknown>[] = [];
  for (const c of components) {
    const desired = nextMinor(c.version);
    if (!c.hasAvailableSvcs || desired === undefined) continue;
    const h = hash(c.id);
    const completed = h % 5 === 0;
    const change = (name: string) => ({
      name,
      currentVersion: c.version,
      desiredVersion: desired,
      status: completed ? 'active' : 'pending',
    });
    const sections: Record<string, { changes: unknown[] }> = {
      controlPlane: { changes: [change(c.technology)] },
    };
    if (c.technology === 'kubernetes') {
      sections.eksAddOns = { changes: [change('coredns'), change('kube-proxy')] };
      sections.nodes = { changes: [change('node-group')] };
      sections.deployments = { changes: [] };
      sections.k8sApi = { changes: [] };
    }
    plans.push({
      id: `plan-${c.id}`,
      componentId: c.id,
      technology: c.technology,
      status: completed ? 'completed' : 'active',
      currentVersion: c.version,
      desiredVersion: desired,
      upgradePlan: sections,
      createdAt: c.updatedAt,
      updatedAt: c.updatedAt,
      completedAt: completed ? c.updatedAt : null,
    });
  }
  return plans;
}

/** The Kubernetes kinds of `POST /k8sResource/detailsSchema`. */
export const K8S_KINDS = [
  'APIService',
  'AppProject',
  'Application',
  'ApplicationSet',
  'AuthorizationPolicy',
  'CSIDriver',
  'Certificate',
  'CertificateSigningRequest',
  'ClusterIssuer',
  'ClusterRole',
  'ClusterRoleBinding',
  'ClusterSecretStore',
  'ConfigMap',
  'CronJob',
  'CustomResourceDefinition',
  'DaemonSet',
  'DatadogAgent',
  'Deployment',
  'EC2NodeClass',
  'ExternalSecret',
  'HorizontalPodAutoscaler',
  'IPAddress',
  'Ingress',
  'IngressClass',
  'Issuer',
  'LimitRange',
  'MutatingAdmissionPolicy',
  'MutatingWebhookConfiguration',
  'Namespace',
  'NetworkPolicy',
  'Node',
  'NodePool',
  'PersistentVolume',
  'PersistentVolumeClaim',
  'Pod',
  'PodDisruptionBudget',
  'PodTemplate',
  'ReplicationController',
  'ResourceQuota',
  'Role',
  'RoleBinding',
  'Secret',
  'SecretStore',
  'Service',
  'ServiceAccount',
  'ServiceCIDR',
  'StatefulSet',
  'StorageClass',
  'ValidatingAdmissionPolicy',
  'ValidatingAdmissionPolicyBinding',
  'ValidatingWebhookConfiguration',
  'VolumeAttributesClass',
] as const;

const field = (
  path: string,
  displayName: string,
  type: string,
  more: Partial<FieldDescriptor> = {},
): FieldDescriptor => ({
  field: `details$.kubernetes$.${path}`,
  displayName,
  type,
  filterable: true,
  sortable: type !== 'array' && type !== 'map<string>',
  description: '',
  availableValues: [],
  itemFields: [],
  ...more,
});

/** Fields of a kind's own spec, for the kinds that have some here; metadata is common to all. */
const OWN: Readonly<Record<string, readonly FieldDescriptor[]>> = {
  Deployment: [
    field('spec$.replicas', 'Replicas', 'integer'),
    field('status$.availableReplicas', 'Available replicas', 'integer'),
  ],
  StatefulSet: [field('spec$.replicas', 'Replicas', 'integer')],
  Pod: [
    field('status$.phase', 'Phase', 'string', {
      availableValues: ['Pending', 'Running', 'Succeeded', 'Failed', 'Unknown'],
    }),
    field('spec$.containers', 'Containers', 'array', {
      sortable: false,
      itemFields: [
        { field: 'name', type: 'string', availableValues: [] },
        { field: 'image', type: 'string', availableValues: [] },
      ],
    }),
  ],
  Service: [
    field('spec$.type', 'Service type', 'string', {
      availableValues: ['ClusterIP', 'NodePort', 'LoadBalancer', 'ExternalName'],
    }),
  ],
  Node: [field('status$.nodeInfo$.kubeletVersion', 'Kubelet version', 'string')],
};

/** The approved `details$` paths of a kind. */
export function detailsSchemaOf(kind: string): FieldDescriptor[] {
  const prefix = `resources$.${kind}$.__svcArrayAny__$.`;
  const common = [
    field('metadata$.name', 'Name', 'string'),
    field('metadata$.namespace', 'Namespace', 'string'),
    field('metadata$.labels', 'Labels', 'map<string>'),
    field('metadata$.creationTimestamp', 'Created', 'timestamp'),
  ];
  return [...common, ...(OWN[kind] ?? [])].map((f) => ({
    ...f,
    field: f.field.replace('details$.kubernetes$.', `details$.kubernetes$.${prefix}`),
  }));
}
