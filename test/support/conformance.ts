import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { reviveDates } from '../../fixtures/dates.js';

/** One conformance case: a record and whether the fixture's filter matches it. */
export interface ConformanceCase {
  readonly record: unknown;
  readonly match: boolean;
  /** Optional note saying why, for the cases that are not obvious. */
  readonly note?: string;
}

/** One fixture file: `{ description, filter, cases }`. */
export interface ConformanceFixture {
  readonly file: string;
  readonly description: string;
  readonly filter: Record<string, unknown>;
  readonly cases: readonly ConformanceCase[];
}

export const CONFORMANCE_DIR = join(import.meta.dirname, '..', '..', 'fixtures', 'conformance');

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith('.json') ? [join(dir, e.name)] : [],
    )
    .sort();
}

/**
 * Loads every conformance fixture, its `$date` markers revived as Dates (fixtures/dates.ts). The files
 * are the complete statement of docs/semantics.md as data: every target (in-memory, reference
 * interpreter, SQL engines, MongoDB, the playground in a browser) runs all of them.
 */
export function loadConformance(): ConformanceFixture[] {
  return walk(CONFORMANCE_DIR).map((path) => {
    const data = JSON.parse(readFileSync(path, 'utf8'), reviveDates) as Omit<ConformanceFixture, 'file'>;
    const file = relative(CONFORMANCE_DIR, path);
    if (
      typeof data.description !== 'string' ||
      typeof data.filter !== 'object' ||
      !Array.isArray(data.cases)
    ) {
      throw new Error(`conformance fixture ${file} is not { description, filter, cases }`);
    }
    return { file, ...data };
  });
}
