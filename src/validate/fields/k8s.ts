import { ARRAY_ANY, PATH_SEPARATOR } from '../../ast/nodes.js';
import type { ValueType } from '../../resources/descriptions.js';
import type { K8sDetailsSchema, K8sFieldDescriptor, K8sItemField } from '../types.js';

const ANY: ValueType = { type: 'any' };

interface Builder {
  leaf?: ValueType;
  filterable: boolean;
  array: boolean;
  readonly fields: Map<string, Builder>;
  /** For arrays with `itemFields`: the fields of an element. */
  readonly items: Map<string, Builder>;
}

const newBuilder = (): Builder => ({ filterable: true, array: false, fields: new Map(), items: new Map() });

/** The descriptor's `type` word as a field type; unknown words check nothing. */
function typeOf(
  word: string | undefined,
  values: readonly string[] | undefined,
): { type: ValueType; array: boolean } {
  const w = (word ?? '').toLowerCase();
  const array = /array|list|\[\]/.test(w);
  const known = values !== undefined && values.length > 0;
  let type: ValueType = ANY;
  if (/bool/.test(w)) type = { type: 'boolean' };
  else if (/date|time/.test(w)) type = { type: 'timestamp' };
  else if (/int|number|float|double|long|decimal/.test(w)) type = { type: 'number' };
  else if (/string|text|enum|keyword/.test(w))
    type = known ? { type: 'string', availableValues: values } : { type: 'string' };
  if (type.type === 'any' && known) type = { type: 'string', availableValues: values };
  return { type, array };
}

const DETAILS_PREFIX = `details${PATH_SEPARATOR}`;
const SELECTOR_PREFIX = `${ARRAY_ANY}${PATH_SEPARATOR}`;

/**
 * The segments of a descriptor's `field` below `details`. The API returns "the approved `details$`
 * paths", so `details$.kubernetes$.nodes` is taken as written; a field without the `details$.` prefix
 * (`kubernetes$.nodes`) is read as relative to `details`.
 */
export function descriptorSegments(field: string): string[] {
  const rest = field.startsWith(DETAILS_PREFIX) ? field.slice(DETAILS_PREFIX.length) : field;
  return rest.split(PATH_SEPARATOR).filter((s) => s !== ARRAY_ANY);
}

/** The segments of an `itemFields` entry, relative to one element of its array. */
function itemSegments(parent: string, item: string): string[] {
  let rest = item;
  if (rest.startsWith(`${parent}${PATH_SEPARATOR}`)) rest = rest.slice(parent.length + PATH_SEPARATOR.length);
  if (rest.startsWith(SELECTOR_PREFIX)) rest = rest.slice(SELECTOR_PREFIX.length);
  return rest.split(PATH_SEPARATOR).filter((s) => s !== ARRAY_ANY);
}

function place(root: Map<string, Builder>, segments: readonly string[]): Builder {
  let fields = root;
  let node: Builder | undefined;
  for (const segment of segments) {
    node = fields.get(segment);
    if (node === undefined) {
      node = newBuilder();
      fields.set(segment, node);
    }
    fields = node.fields;
  }
  return node ?? newBuilder();
}

function describeField(node: Builder, d: K8sFieldDescriptor | K8sItemField): void {
  const { type, array } = typeOf(d.type, d.availableValues);
  node.leaf = type;
  node.array = array || ('itemFields' in d && (d.itemFields?.length ?? 0) > 0);
  node.filterable = d.filterable !== false;
}

function build(node: Builder): ValueType {
  const filterable = node.filterable;
  const children = (map: Map<string, Builder>): ValueType =>
    ({
      type: 'object',
      open: false,
      fields: Object.fromEntries([...map].map(([k, b]) => [k, build(b)])),
    }) as const;
  if (node.array) {
    const items: ValueType =
      node.items.size > 0
        ? children(node.items)
        : node.leaf !== undefined && node.leaf.type !== 'any'
          ? node.leaf
          : ANY;
    return { type: 'array', items, filterable };
  }
  if (node.fields.size > 0) return { ...children(node.fields), filterable } as ValueType;
  return { ...(node.leaf ?? ANY), filterable } as ValueType;
}

/**
 * The type of `details` described by Kubernetes detail field descriptors: a closed object holding the
 * listed paths (and the objects on the way to them). Descriptor `field` values are `details$` paths
 * (see {@link descriptorSegments}); `itemFields` describe the elements of an array field and are
 * addressed through the selector: `details$.kubernetes$.nodes$.__svcArrayAny__$.status`. A descriptor
 * type containing "array" or "list", or one with `itemFields`, is an array.
 */
export function k8sDetailsType(schema: K8sDetailsSchema): ValueType {
  const root = new Map<string, Builder>();
  for (const d of schema.fields ?? []) {
    if (typeof d?.field !== 'string' || d.field === '') continue;
    const node = place(root, descriptorSegments(d.field));
    describeField(node, d);
    for (const item of d.itemFields ?? []) {
      if (typeof item?.field !== 'string' || item.field === '') continue;
      describeField(place(node.items, itemSegments(d.field, item.field)), item);
    }
  }
  return {
    type: 'object',
    open: false,
    fields: Object.fromEntries([...root].map(([k, b]) => [k, build(b)])),
  };
}
