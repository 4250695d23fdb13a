import type { PathStep } from '../../ast/nodes.js';
import { showText } from '../../errors.js';
import { printPath } from '../../parse/path.js';
import type { ValueType } from '../../resources/descriptions.js';
import { resolvePath } from '../../resources/schema.js';
import type { FieldSite, PolicyModel } from '../model.js';
import type { Check } from './types.js';

/** `a.b.c`: a key that reads as a Mongo-style dotted path (tag keys like `app.kubernetes.io/name` do not). */
const DOTTED = /^[A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)+$/;

/** What a step of a path reads in the field tables: a key the table has, a key it lacks, or anything. */
function stepIn(
  root: ValueType | undefined,
  path: readonly PathStep[],
  step: number,
): 'known' | 'unknown' | 'open' {
  if (root === undefined) return 'open';
  const before = resolvePath(root, path.slice(0, step));
  if (before.kind !== 'ok') return 'known'; // an earlier step is already reported by the field checks
  // Map keys (tags, customTags) are free text, where dots are common and meant.
  if (before.type.type === 'map') return 'known';
  if (before.type.type === 'any') return 'open';
  // An open object (`details` of a component) may hold the dotted key as well as its described keys.
  const at = path[step];
  if (
    before.type.type === 'object' &&
    before.type.open &&
    at?.kind === 'key' &&
    !Object.hasOwn(before.type.fields, at.key)
  ) {
    return 'open';
  }
  const upTo = resolvePath(root, path.slice(0, step + 1));
  return upTo.kind === 'unknown' && upTo.step === step ? 'unknown' : 'known';
}

/** The path with the dotted key split into keys joined by `$.`. */
function split(site: FieldSite, step: number, key: string): string {
  const keys: PathStep[] = key.split('.').map((k) => ({ kind: 'key', key: k }));
  return printPath([...site.node.path.slice(0, step), ...keys, ...site.node.path.slice(step + 1)]);
}

/**
 * A key written with Mongo-style dots (`details.postgres.version`) where the resource has no such key:
 * paths join keys with `$.`, so the dotted key reads one key with dots in its name, which is missing.
 * Where the field table knows the place the unknown field is also an `UNKNOWN_FIELD` error; under an open
 * part (`details` of a component) the key may exist, so this warning is all that is said.
 */
export function dottedPathHint(
  model: PolicyModel,
  site: FieldSite,
): { step: number; rewrite: string } | undefined {
  const path = site.node.path;
  for (let i = 0; i < path.length; i++) {
    const s = path[i]!;
    if (s.kind !== 'key' || !DOTTED.test(s.key)) continue;
    if (stepIn(model.rootType, path, i) === 'known') continue;
    return { step: i, rewrite: split(site, i, s.key) };
  }
  return undefined;
}

export const dottedPaths: Check = {
  name: 'dotted-paths',
  run(model, report) {
    for (const filter of model.filters) {
      for (const site of filter.fields) {
        if (site.k8s) continue; // the Kubernetes descriptors say exactly which keys exist
        const hint = dottedPathHint(model, site);
        if (hint === undefined) continue;
        const step = site.node.path[hint.step] as { key: string };
        report({
          severity: 'warning',
          code: 'DOTTED_PATH',
          message:
            `"${showText(step.key)}" in "${showText(site.key)}" is one key with dots in its name, which a ${model.resource ?? 'resource'} ` +
            `does not have: paths join keys with "$." (not "." as in MongoDB); did you mean "${showText(hint.rewrite)}"?`,
          path: site.pointer,
          anchor: 'key',
        });
      }
    }
  },
};
