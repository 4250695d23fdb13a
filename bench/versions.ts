/**
 * Version filters next to F1–F5: each version filter (`$vlt`…) against the same filter with the string
 * operator (`$lt`…), which compares code points and answers differently, on the seeded inventory and on
 * three other distributions of its `version` field. The target: a version operator within 2× of the
 * plain string comparison in memory, on both compilers. Before timing, each version filter's match
 * count must equal a hand-written count made with the reference comparison of the test suite (BigInt
 * parts, semver precedence).
 */
import { type Component, mulberry32 } from '../fixtures/generator.js';
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

/**
 * How the `version` field is distributed, so that the claim does not rest on the generator's mix alone:
 * - `generator`: the seeded inventory as it comes (many technologies: most versions differ from the
 *   operands in their first part);
 * - `kubernetes`: every version a Kubernetes patch release (`1.26.0`…`1.32.15`, half with a `v`): all
 *   share the first part, so `$vlt: "1.29"` reads each to its end;
 * - `databases`: database versions `12`…`17` with a minor part or none (`14`, `14.13`), the range of
 *   V2 in the middle of them;
 * - `suffixed`: the generator's versions, 30% of them with a pre-release or build suffix
 *   (`-rc.1`, `-eks-5e0fdde`, `+build.7`, `-beta.2+exp.sha.5114f85`).
 * Reshaped records are parsed from JSON text, as a server holds them.
 */
export const VERSION_SHAPES = ['generator', 'kubernetes', 'databases', 'suffixed'] as const;
export type VersionShape = (typeof VERSION_SHAPES)[number];

const SUFFIXES = ['-rc.1', '-eks-5e0fdde', '+build.7', '-beta.2+exp.sha.5114f85'] as const;

function reversioned(shape: VersionShape, components: readonly Component[]): readonly unknown[] {
  if (shape === 'generator') return components;
  const random = mulberry32(11);
  const below = (n: number) => Math.floor(random() * n);
  const version = (old: string | null): string | null => {
    switch (shape) {
      case 'kubernetes':
        return `${random() < 0.5 ? 'v' : ''}1.${26 + below(7)}.${below(16)}`;
      case 'databases':
        return random() < 0.2 ? `${12 + below(6)}` : `${12 + below(6)}.${below(21)}`;
      case 'suffixed':
        return old !== null && random() < 0.3 ? `${old}${SUFFIXES[below(SUFFIXES.length)]}` : old;
    }
  };
  return components.map((c) => JSON.parse(JSON.stringify({ ...c, version: version(c.version) })));
}

export interface VersionResult {
  readonly shape: VersionShape;
  readonly id: string;
  readonly meaning: string;
  readonly n: number;
  readonly matches: { readonly version: number; readonly string: number };
  /** ns per record, by contender. */
  readonly nsPerRecord: Record<string, number>;
  /** Version filter ÷ string filter, per compiler. */
  readonly ratio: { readonly closures: number; readonly codegen: number };
}

export async function benchVersions(
  components: readonly Component[],
  rounds: number,
): Promise<VersionResult[]> {
  const out: VersionResult[] = [];
  for (const shape of VERSION_SHAPES) {
    const data = reversioned(shape, components);
    // V3 reads node groups, which the reshaping leaves as they are: timed once, on the generator's data.
    const specs = shape === 'generator' ? VERSION_FILTERS : VERSION_FILTERS.filter((f) => f.id !== 'V3');
    out.push(...(await benchShape(shape, data, specs, rounds)));
  }
  return out;
}

async function benchShape(
  shape: VersionShape,
  data: readonly unknown[],
  specs: readonly VersionSpec[],
  rounds: number,
): Promise<VersionResult[]> {
  const out: VersionResult[] = [];
  for (const spec of specs) {
    const contenders: Array<[string, Predicate]> = [
      ['string', compileFilter(spec.string, { codegen: false })],
      ['string codegen', compileFilter(spec.string, { codegen: true })],
      ['version', compileFilter(spec.version, { codegen: false })],
      ['version codegen', compileFilter(spec.version, { codegen: true })],
    ];
    const counts = new Map(contenders.map(([name, p]) => [name, count(data, p)]));
    assertSameCount(
      `${spec.id} on ${shape} at ${data.length}`,
      new Map([
        ['reference', count(data, spec.reference)],
        ['version', counts.get('version')!],
        ['version codegen', counts.get('version codegen')!],
      ]),
      'reference',
    );
    const cases: Case[] = contenders.map(([name, p]) => ({ name, fn: () => count(data, p) }));
    const times = await interleaved(`${spec.id} on ${shape} × ${data.length}`, cases, { rounds });
    const nsPerRecord = Object.fromEntries([...times].map(([k, s]) => [k, (s * 1e9) / data.length]));
    out.push({
      shape,
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
