import type { ErrorObject } from 'ajv';
import { pointer, showPointer, showText } from '../../errors.js';
import { schemaValidator } from '../schema.js';
import type { Check, Finding } from './types.js';

const related = (a: string, b: string) => a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
const inFilter = (path: string) => /\/(?:query|condition)\/filter(?:\/|$)/.test(path);

function finding(e: ErrorObject): Finding {
  const params = e.params as Record<string, unknown>;
  if (e.keyword === 'additionalProperties') {
    const key = String(params.additionalProperty);
    return {
      severity: 'error',
      code: 'SCHEMA',
      message: `unknown property "${showText(key)}" (schema)`,
      path: pointer(e.instancePath, key),
      anchor: 'key',
    };
  }
  return {
    severity: 'error',
    code: 'SCHEMA',
    message: `${e.instancePath === '' ? 'the document' : showPointer(e.instancePath)} ${e.message ?? 'is invalid'} (schema: ${e.schemaPath})`,
    path: e.instancePath,
  };
}

/**
 * `schema/policy.schema.json`, compiled with ajv. The policy engine's check reads the same shape with
 * better messages and stable codes, and the filter parser reads filters, so a schema error is reported
 * only where neither has said anything: it is the safety net that keeps the published schema and the
 * engine in agreement (the tests hold every fixture to both).
 */
export const jsonSchema: Check = {
  name: 'json-schema',
  run(model, report) {
    const validate = schemaValidator();
    if (validate(model.document)) return;
    const engine = model.check.problems.map((p) => p.path);
    const seen = new Set<string>();
    for (const e of validate.errors ?? []) {
      // `if`/`then`/`else` and combinators repeat what their branches say.
      if (e.keyword === 'if' || e.keyword === 'anyOf' || e.keyword === 'oneOf') continue;
      const f = finding(e);
      if (inFilter(f.path) || engine.some((p) => related(p, f.path))) continue;
      const key = `${f.path}\u0000${f.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      report(f);
    }
  },
};
