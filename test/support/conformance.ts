import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { reviveDates } from '../../fixtures/dates.js';
import { referenceInstant } from './reference.js';

/** One conformance case: a record and whether the fixture's filter matches it. */
export interface ConformanceCase {
  readonly record: unknown;
  readonly match: boolean;
  /** Optional note saying why, for the cases that are not obvious. */
  readonly note?: string;
  /**
   * The instant `{ $now: … }` operands count from, an RFC 3339 timestamp: every runner compiles the
   * filter with `{ asOf }` for this case. Required on every case of a filter with `$now`.
   */
  readonly asOf?: string;
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
    checkCases(file, data);
    return { file, ...data };
  });
}

/** A fixture whose cases are malformed is a broken fixture, never a silently passing one. */
function checkCases(file: string, data: Omit<ConformanceFixture, 'file'>): void {
  const readsNow = JSON.stringify(data.filter).includes('"$now"');
  for (const [i, c] of data.cases.entries()) {
    if (typeof c !== 'object' || c === null || !('record' in c) || typeof c.match !== 'boolean') {
      throw new Error(`conformance fixture ${file}: case ${i} is not { record, match }`);
    }
    if (c.asOf === undefined) {
      if (readsNow) throw new Error(`conformance fixture ${file}: case ${i} has "$now" but no "asOf"`);
    } else if (typeof c.asOf !== 'string' || Number.isNaN(referenceInstant(c.asOf))) {
      throw new Error(`conformance fixture ${file}: case ${i} has an "asOf" that is no RFC 3339 timestamp`);
    }
  }
}

/** The options a runner compiles a case's filter with: its `asOf`, if it has one. */
export function caseOptions(c: ConformanceCase): { asOf?: string } {
  return c.asOf === undefined ? {} : { asOf: c.asOf };
}

/**
 * The cases of a fixture grouped by `asOf` (in order of first appearance), for the runners that
 * compile once and run a batch of records (SQL, MongoDB): every group is one compilation.
 */
export function casesByAsOf(
  fixture: ConformanceFixture,
): { asOf: string | undefined; cases: ConformanceCase[] }[] {
  const groups = new Map<string | undefined, ConformanceCase[]>();
  for (const c of fixture.cases) {
    const group = groups.get(c.asOf) ?? [];
    group.push(c);
    groups.set(c.asOf, group);
  }
  return [...groups].map(([asOf, cases]) => ({ asOf, cases }));
}

/**
 * Time comparisons (`$now`, `$at`) are not translated to SQL and MongoDB yet: those targets throw
 * UNSUPPORTED for them, and their runners check exactly that for the fixtures of `time/` (so a target
 * that starts translating them fails there until this mark is removed from its runner).
 */
export function timeUnsupported(fixture: ConformanceFixture): boolean {
  return fixture.file.startsWith(`time${sep}`);
}
