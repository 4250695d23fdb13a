import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Limits } from '../../../src/limits.js';
import { schemaValidator } from '../../../src/validate/schema.js';
import { type Diagnostic, type K8sDetailsSchema, validatePolicy } from '../../../src/validate.js';

const ROOT = 'fixtures/policies';
const k8sSchema = JSON.parse(
  readFileSync(join(import.meta.dirname, 'k8s-node-schema.json'), 'utf8'),
) as K8sDetailsSchema;

const policyFiles = (dir: string) =>
  readdirSync(join(ROOT, dir))
    // *.test.yaml files are policy unit tests (svc-policy test), not policies.
    .filter(
      (f) => /\.(json|ya?ml)$/.test(f) && !f.endsWith('.expected.json') && !/\.test\.(json|ya?ml)$/.test(f),
    )
    .sort();

const text = (dir: string, file: string) => readFileSync(join(ROOT, dir, file), 'utf8');

interface Expected {
  readonly k8sSchema?: boolean;
  /** Limits to validate under, when the file's subject lies past a default (see docs/limits.md). */
  readonly limits?: Partial<Limits>;
  readonly diagnostics: readonly Pick<Diagnostic, 'code' | 'severity' | 'path' | 'line' | 'column'>[];
}

const essentials = (d: Diagnostic) => ({
  code: d.code,
  severity: d.severity,
  path: d.path,
  line: d.line,
  column: d.column,
});

describe('valid policy files', () => {
  for (const dir of ['valid', 'examples']) {
    for (const file of policyFiles(dir)) {
      it(`${dir}/${file} has no diagnostics`, () => {
        const options = file.startsWith('k8s-') ? { fileName: file, k8sSchema } : { fileName: file };
        const result = validatePolicy(text(dir, file), options);
        expect(result.diagnostics.map((d) => `${d.code} ${d.path}`)).toEqual([]);
        expect(result.valid).toBe(true);
      });
    }
  }

  it('are valid against schema/policy.schema.json (parsed as JSON or YAML)', async () => {
    const { parse } = await import('yaml');
    const validate = schemaValidator();
    for (const dir of ['valid', 'examples']) {
      for (const file of policyFiles(dir)) {
        const ok = validate(parse(text(dir, file)));
        expect(ok ? [] : validate.errors, `${dir}/${file}`).toEqual([]);
      }
    }
  });
});

describe('invalid policy files', () => {
  const files = policyFiles('invalid');
  it('every invalid file has its expected diagnostics', () => {
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const expectedFile = file.replace(/\.(json|ya?ml)$/, '.expected.json');
      expect(readdirSync(join(ROOT, 'invalid'))).toContain(expectedFile);
    }
  });

  for (const file of files) {
    it(`invalid/${file}`, () => {
      const expected = JSON.parse(
        text('invalid', file.replace(/\.(json|ya?ml)$/, '.expected.json')),
      ) as Expected;
      const options = {
        fileName: file,
        ...(expected.k8sSchema ? { k8sSchema } : {}),
        ...(expected.limits ? { limits: expected.limits } : {}),
      };
      const result = validatePolicy(text('invalid', file), options);
      expect(result.diagnostics.map(essentials)).toEqual(expected.diagnostics);
      expect(result.valid).toBe(!expected.diagnostics.some((d) => d.severity === 'error'));
      for (const d of result.diagnostics) {
        expect(d.message.length, d.code).toBeGreaterThan(10);
        expect(d.line, d.code).toBeGreaterThanOrEqual(1);
        expect(d.column, d.code).toBeGreaterThanOrEqual(1);
      }
    });
  }
});
