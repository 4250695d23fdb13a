/**
 * Version filters next to F1–F5: each version filter (`$vlt`…) against the same filter with the string
 * operator (`$lt`…), which compares code points and answers differently, on the seeded inventory. The
 * target: a version operator within 2× of the plain string comparison in memory, on both compilers.
 * Before timing, each version filter's match count must equal a hand-written count made with the
 * reference comparison of the test suite (BigInt parts, semver precedence).
 */
import { compileFilter } from '../src/index.js';
import { compareVersionsRef } from '../test/support/reference.js';
import { assertSameCount, type Case, count, interleaved } from './lib.js';

type Rec = Record<string, unknown>;
type Predicate = (r: unknown) => boolean;

export interface VersionSpec {
  readonly id: string;
  readonly meaning: string;
  /** The filter with version operators. */
  readonly version: Record<string, unknown>;
  /** The same shape with the string operators. */
  readonly string: Record<string, unknown>;
  /** The version filter, hand-written over the reference comparison (for the count check only). */
  readonly reference: Predicate;
}

const below = (v: unknown, x: string) => typeof v === 'string' && (compareVersionsRef(v, x) ?? 0) < 0;
const atLeast = (v: unknown, x: string) => typeof v === 'string' && (compareVersionsRef(v, x) ?? -1) >= 0;

export const VERSION_FILTERS: readonly VersionSpec[] = [
  {
    id: 'V1',
    meaning: 'version below 1.29 (`$vlt`), against `$lt: "1.29"`',
    version: { version: { $vlt: '1.29' } },
    string: { version: { $lt: '1.29' } },
    reference: (r) => below((r as Rec).version, '1.29'),
  },
  {
    id: 'V2',
    meaning: 'a 14.x version (`$vgte: "14", $vlt: "15"`), against `$gte: "14", $lt: "15"`',
    version: { version: { $vgte: '14', $vlt: '15' } },
    string: { version: { $gte: '14', $lt: '15' } },
    reference: (r) => atLeast((r as Rec).version, '14') && below((r as Rec).version, '15'),
  },
  {
    id: 'V3',
    meaning: 'some node group below 1.29 (a selector), against `$lt: "1.29"`',
    version: { 'details$.kubernetes$.nodes$.__svcArrayAny__$.version': { $vlt: '1.29' } },
    string: { 'details$.kubernetes$.nodes$.__svcArrayAny__$.version': { $lt: '1.29' } },
    reference: (r) => {
      const nodes = (((r as Rec).details as Rec | undefined)?.kubernetes as Rec | undefined)?.nodes;
      return Array.isArray(nodes) && nodes.some((n) => below((n as Rec | null)?.version, '1.29'));
    },
  },
];

export interface VersionResult {
  readonly id: string;
  readonly meaning: string;
  readonly n: number;
  readonly matches: { readonly version: number; readonly string: number };
  /** ns per record, by contender. */
  readonly nsPerRecord: Record<string, number>;
  /** Version filter ÷ string filter, per compiler. */
  readonly ratio: { readonly closures: number; readonly codegen: number };
}

export async function benchVersions(data: readonly unknown[], rounds: number): Promise<VersionResult[]> {
  const out: VersionResult[] = [];
  for (const spec of VERSION_FILTERS) {
    const contenders: Array<[string, Predicate]> = [
      ['string', compileFilter(spec.string, { codegen: false })],
      ['string codegen', compileFilter(spec.string, { codegen: true })],
      ['version', compileFilter(spec.version, { codegen: false })],
      ['version codegen', compileFilter(spec.version, { codegen: true })],
    ];
    const counts = new Map(contenders.map(([name, p]) => [name, count(data, p)]));
    assertSameCount(
      `${spec.id} at ${data.length}`,
      new Map([
        ['reference', count(data, spec.reference)],
        ['version', counts.get('version')!],
        ['version codegen', counts.get('version codegen')!],
      ]),
      'reference',
    );
    const cases: Case[] = contenders.map(([name, p]) => ({ name, fn: () => count(data, p) }));
    const times = await interleaved(`${spec.id} × ${data.length}`, cases, { rounds });
    const nsPerRecord = Object.fromEntries([...times].map(([k, s]) => [k, (s * 1e9) / data.length]));
    out.push({
      id: spec.id,
      meaning: spec.meaning,
      n: data.length,
      matches: { version: counts.get('version')!, string: counts.get('string')! },
      nsPerRecord,
      ratio: {
        closures: times.get('version')! / times.get('string')!,
        codegen: times.get('version codegen')! / times.get('string codegen')!,
      },
    });
  }
  return out;
}
