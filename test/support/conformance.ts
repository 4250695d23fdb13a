import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

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
 * JSON cannot hold a JavaScript `Date`, which records may: a fixture writes one as
 * `{ "$date": "<ISO>", "$with": { …own properties } }` (`"$with"` optional), revived here as
 * `Object.assign(new Date(iso), with)`. Each target stores it as it stores any record (SQL and the
 * document stores as JSON, where a `Date` is its ISO string); memory reads the object itself.
 */
function reviveDates(_key: string, value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const o = value as Record<string, unknown>;
  if (typeof o.$date !== 'string') return value;
  const extra = Object.keys(o).filter((k) => k !== '$date' && k !== '$with');
  if (extra.length > 0)
    throw new Error(`a $date marker has only "$date" and "$with", not ${extra.join(', ')}`);
  return Object.assign(new Date(o.$date), (o.$with ?? {}) as object);
}

/**
 * Loads every conformance fixture. The files are the complete statement of docs/semantics.md as data:
 * every target (in-memory, reference interpreter, SQL engines, MongoDB) runs all of them.
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
