import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';

/**
 * The SARIF 2.1.0 JSON Schema (the OASIS "rtm.5" schema, the final 2.1.0 one), vendored from the npm
 * package @microsoft/jest-sarif@1.0.0-beta.0 (MIT), file lib/schemas/sarif-2.1.0-rtm.5.json: see
 * sarif-2.1.0.schema.NOTICE.md. It is written in draft-04, which ajv 8 does not load; the draft-04
 * keywords it uses (`id`, no boolean `exclusiveMinimum`) mean the same in draft-07, so only `$schema` and
 * `id` are rewritten. Its formats are checked with small, strict checks instead of ajv-formats.
 */
export function sarifValidator(): ValidateFunction {
  const schema = JSON.parse(readFileSync(join(import.meta.dirname, 'sarif-2.1.0.schema.json'), 'utf8'));
  delete schema.$schema;
  schema.$id = schema.id;
  delete schema.id;
  const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
  ajv.addFormat('uri', (s: string) => URL.canParse(s));
  ajv.addFormat('uri-reference', (s: string) => URL.canParse(s, 'file:///base/') && !/\s/.test(s));
  ajv.addFormat('date-time', (s: string) =>
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(s),
  );
  return ajv.compile(schema);
}

/**
 * The schema errors of a SARIF log (empty when it is valid). ajv compiles schemas with `new Function`,
 * and one test project forbids code generation from strings (vitest.config.ts): the schema is compiled
 * and run in a child process, which the flag does not reach.
 */
export function sarifErrors(log: unknown): unknown[] {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'sarif-check.ts')], {
    input: JSON.stringify(log),
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (r.status !== 0) throw new Error(`the SARIF check failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as unknown[];
}
