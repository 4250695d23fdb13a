import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One case of a waiver fixture: a record at an instant, its status and the waiver named (or none). */
export interface WaiverCase {
  readonly asOf: string;
  readonly record: Record<string, unknown>;
  readonly status: string | null;
  readonly waiver: string | null;
  readonly note?: string;
}

/** `fixtures/waivers/*.json`: a policy, a waiver document and cases, run on every target. */
export interface WaiverFixture {
  readonly file: string;
  readonly description: string;
  readonly policy: Record<string, unknown>;
  readonly waivers: unknown;
  readonly cases: readonly WaiverCase[];
}

const DIR = join(import.meta.dirname, '..', '..', 'fixtures', 'waivers');

export function loadWaiverFixtures(): WaiverFixture[] {
  return readdirSync(DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => {
      const data = JSON.parse(readFileSync(join(DIR, file), 'utf8')) as Omit<WaiverFixture, 'file'>;
      for (const [i, c] of data.cases.entries()) {
        if (typeof c.asOf !== 'string' || !('status' in c) || !('waiver' in c)) {
          throw new Error(`waiver fixture ${file}: case ${i} is not { asOf, record, status, waiver }`);
        }
      }
      return { file, ...data };
    });
}

/** The cases grouped by asOf, in order of first appearance: one translation per group. */
export function waiverGroups(fixture: WaiverFixture): { asOf: string; cases: WaiverCase[] }[] {
  const groups = new Map<string, WaiverCase[]>();
  for (const c of fixture.cases) groups.set(c.asOf, [...(groups.get(c.asOf) ?? []), c]);
  return [...groups].map(([asOf, cases]) => ({ asOf, cases }));
}
