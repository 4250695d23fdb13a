import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareVersions,
  compileFilter,
  compilePolicy,
  type FieldExplanation,
  FilterError,
  parseFilter,
  parseVersion,
  printFilter,
} from '../../../src/index.js';
import { compareCodePoints } from '../../../src/semantics/compare.js';
import {
  ACCEPTS,
  compareVersionTo,
  holds,
  keyRange,
  plainVersionKey,
  type VersionComparison,
  versionKey,
  versionOperand,
} from '../../../src/semantics/version.js';
import { arbVersion, arbVersionString, VERSION_JUNK } from '../../support/arbitraries.js';
import { check, titled } from '../../support/property.js';
import { compareVersionsRef } from '../../support/reference.js';

/** The examples table of docs/semantics.md, §4 "Version operators". */
const ORDERED: Array<[string, '<' | '=' | '>', string]> = [
  ['1.9', '<', '1.29'],
  ['1.100', '>', '1.29'],
  ['1.29.0', '=', '1.29'],
  ['v1.2', '=', '1.2'],
  ['1.02', '=', '1.2'],
  ['1.2.0-rc.1', '<', '1.2.0'],
  ['14', '=', '14.0'],
  ['1.0.0-alpha', '<', '1.0.0-alpha.1'],
  ['1.0.0-alpha.1', '<', '1.0.0-alpha.beta'],
  ['1.0.0-alpha.beta', '<', '1.0.0-beta'],
  ['1.0.0-beta.2', '<', '1.0.0-beta.11'],
  ['1.0.0-rc.1', '<', '1.0.0'],
  ['1.0.0+build.5', '=', '1.0.0'],
  ['9007199254740993', '>', '9007199254740992'],
  ['123456789012345678901234567890', '>', '123456789012345678901234567889.9'],
  // Either side of the plain key's limits (a first part below 2^21, the next two below 2^15, three
  // parts), past which values and operands are read by the general scan.
  ['2097151', '<', '2097152'],
  ['2097152.0', '=', '2097152'],
  ['1.32767', '<', '1.32768'],
  ['1.2.32768', '>', '1.2.32767'],
  ['1.32768', '<', '2'],
  ['1.1.32768', '<', '1.2'],
  ['2097151.32767.32767.1', '<', '2097152'],
  ['2097153', '>', '2097153-rc'],
  ['2097153-rc', '>', '2097152.32767.32767.1'],
  ['1.2.3.4', '>', '1.2.3'],
  ['1.2.3.0.0', '=', '1.2.3'],
  ['1.2.3.0.1', '>', '1.2.3.0.0.9-rc'],
  ['1.2.3.0.1', '<', '1.2.4-rc'],
  ['0-rc', '<', '0'],
  ['0.0.0.1-rc', '>', '0'],
  ['999999999', '<', '1000000000'],
  ['1.999999999', '<', '1.1000000000'],
  ['0000000001', '=', '1'],
  ['000000001.2', '=', '1.2'],
  ['123456789', '>', '123456788'],
  ['1.2.999999999-rc.1', '<', '1.2.999999999'],
];

const sign = (c: number | undefined) => (c === undefined ? undefined : c < 0 ? '<' : c > 0 ? '>' : '=');

describe('versions', () => {
  it.each(ORDERED)('%s %s %s', (a, rel, b) => {
    expect(sign(compareVersions(a, b))).toBe(rel);
    expect(sign(compareVersionsRef(a, b))).toBe(rel);
    const flipped = rel === '<' ? '>' : rel === '>' ? '<' : '=';
    expect(sign(compareVersions(b, a))).toBe(flipped);
  });

  it.each(VERSION_JUNK)('%j is not a version', (junk) => {
    expect(parseVersion(junk)).toBeUndefined();
    expect(compareVersions(junk, '1')).toBeUndefined();
    expect(compileFilter({ v: { $vgte: '0' } })({ v: junk })).toBe(false);
    expect(compileFilter({ v: { $vne: '0' } })({ v: junk })).toBe(true);
  });

  it('parses a version into its parts, pre-release, build and normal form', () => {
    expect(parseVersion('v01.029.0.0-rc.01.x-y+build.007')).toEqual({
      text: 'v01.029.0.0-rc.01.x-y+build.007',
      parts: ['1', '29', '0', '0'],
      prerelease: ['rc', '1', 'x-y'],
      build: ['build', '007'],
      normal: '1.29-rc.1.x-y',
    });
    expect(parseVersion('0.0')?.normal).toBe('0');
  });

  it(titled('compare like the reference (BigInt parts, semver precedence) on random strings'), () => {
    check(
      fc.property(arbVersionString, arbVersion, (a, b) => {
        expect(sign(compareVersions(a, b))).toBe(sign(compareVersionsRef(a, b)));
      }),
    );
  });

  it(titled('one pass answers for several operands at once, each as alone'), () => {
    check(
      fc.property(arbVersionString, fc.array(arbVersion, { minLength: 1, maxLength: 6 }), (a, bs) => {
        const operands = bs.map((b) => versionOperand(parseVersion(b)!));
        const all = compareVersionTo(a, operands);
        bs.forEach((_, j) => {
          const alone = compareVersionTo(a, [operands[j]!]);
          expect(all < 0 ? -1 : (all >> (2 * j)) & 3).toBe(alone);
        });
      }),
    );
  });

  it(titled('plain keys order plain values as versions, and operands within them'), () => {
    check(
      fc.property(arbVersionString, arbVersion, (a, b) => {
        const ka = plainVersionKey(a, 0, Number.POSITIVE_INFINITY);
        const kb = versionOperand(parseVersion(b)!).key;
        // -1 is never a version; -2 (for the scan) may be either.
        if (ka === -1) expect(parseVersion(a)).toBeUndefined();
        if (ka >= 0) expect(parseVersion(a)).toBeDefined();
        // Equal odd keys are two pre-releases of the same parts: their identifiers decide.
        if (ka >= 0 && kb >= 0 && !(ka === kb && ka % 2 === 1)) {
          expect(sign(ka - kb)).toBe(sign(compareVersionsRef(a, b)));
        }
      }),
    );
  });

  it(
    titled('stopping once the first parts place a value outside the key range never changes an answer'),
    () => {
      const arbComparison = fc.constantFrom<VersionComparison>('eq', 'ne', 'gt', 'gte', 'lt', 'lte');
      check(
        fc.property(
          arbVersionString,
          fc.array(fc.tuple(arbComparison, arbVersion), { minLength: 1, maxLength: 4 }),
          (a, ops) => {
            const comparisons = ops.map(([c]) => c);
            const operands = ops.map(([, b]) => versionOperand(parseVersion(b)!));
            const all = (r: number) => comparisons.every((c, j) => holds(ACCEPTS[c], r, j));
            const [lo, hi] = keyRange(comparisons, operands);
            expect(all(compareVersionTo(a, operands, lo, hi))).toBe(all(compareVersionTo(a, operands)));
          },
        ),
      );
    },
  );

  it('the key range narrows by every comparison but `ne`, and not by operands without a key', () => {
    const op = (b: string) => versionOperand(parseVersion(b)!);
    const key = (v: string) => plainVersionKey(v, 0, Number.POSITIVE_INFINITY);
    const all = Number.POSITIVE_INFINITY;
    expect(keyRange(['gte', 'lt'], [op('14'), op('15')])).toEqual([key('14'), key('15')]);
    expect(keyRange(['eq'], [op('v1.29-rc.1')])).toEqual([key('1.29') - 1, key('1.29') - 1]);
    expect(keyRange(['ne', 'lte'], [op('3'), op('7.1')])).toEqual([0, key('7.1')]);
    expect(keyRange(['gt'], [op('1.2.3.4')])).toEqual([0, all]);
    // Reading stops at the first part that places the value outside, valid or not after it.
    expect(plainVersionKey('15.8', 0, key('1.29'))).toBe(-1);
    expect(plainVersionKey('1.31.x', 0, key('1.29'))).toBe(-1);
    expect(plainVersionKey('13.9.x', key('14'), all)).toBe(-1);
    expect(plainVersionKey('1.28', 0, key('1.29'))).toBe(key('1.28'));
    expect(plainVersionKey('1.29.0.1', 0, key('1.29'))).toBe(key('1.29') + 2);
    // A pre-release of the bound's own parts is not placed by its parts: its identifiers order it.
    expect(plainVersionKey('1.29-rc.2', 0, key('1.29') - 1)).toBe(key('1.29') - 1);
    // Suffixes: build metadata ignored, a pre-release just below its release, `0-rc` left to parsing.
    expect(key('v1.2.0+build.7')).toBe(key('1.2'));
    expect(key('1.2.0.1-rc')).toBe(key('1.2.0.1') - 1);
    expect(key('0.0-rc')).toBe(-2);
    expect([key('1.2-'), key('1.2+'), key('1.2-a..b'), key('1.2+a+b'), key('1.2-rc\n')]).toEqual([
      -1, -1, -1, -1, -1,
    ]);
  });

  it(titled('keys (what SQL and MongoDB compute) order and equal exactly like versions'), () => {
    check(
      fc.property(arbVersion, arbVersion, (a, b) => {
        const ka = versionKey(parseVersion(a)!);
        const kb = versionKey(parseVersion(b)!);
        expect(/^[\x21-\x7e]*$/.test(ka)).toBe(true);
        expect(sign(compareCodePoints(ka, kb))).toBe(sign(compareVersionsRef(a, b)));
      }),
    );
  });
});

describe('version operators', () => {
  it('parse, print back, and compile the same on both compilers', () => {
    const filter = {
      version: { $vgte: '1.20', $vlt: '1.30.0-0' },
      'nodes$.__svcArrayAny__$.version': { $vne: 'v1.2+b' },
      x: { $veq: '1', $vgt: '0.9', $vlte: '1.0.0' },
    };
    const node = parseFilter(filter);
    expect(printFilter(node)).toEqual(filter);
    expect(parseFilter(printFilter(node))).toEqual(node);
    for (const codegen of [false, true]) {
      const f = compileFilter({ version: { $vgte: '1.20', $vlt: '1.30' } }, { codegen });
      expect(
        ['1.2', '1.20', '1.29.9', '1.30', '1.30.0-rc.1', 'x', 1.25, null].map((v) => f({ version: v })),
      ).toEqual([false, true, true, false, true, false, false, false]);
    }
  });

  it.each([
    ['$vlt', '1.2.x'],
    ['$veq', 'v'],
    ['$vgte', '1..2'],
    ['$vne', '-1'],
    ['$vgt', ''],
    ['$vlte', 'V1'],
    ['$vlt', 1.29],
    ['$veq', null],
    ['$vgt', ['1.2']],
  ])('%s with operand %j is a parse-time INVALID_OPERAND', (op, operand) => {
    let error: unknown;
    try {
      parseFilter({ version: { [op]: operand } });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FilterError);
    expect((error as FilterError).code).toBe('INVALID_OPERAND');
    expect((error as FilterError).path).toBe(`/version/${op}`);
    expect((error as FilterError).message).toContain(`"${op}"`);
  });

  it('explain shows the operands and the values read as versions', () => {
    const policy = compilePolicy({
      name: 'k8s',
      statusDefinitions: {
        ok: { isDefault: true, criticality: 0 },
        old: {
          isDefault: false,
          criticality: 10,
          rules: [
            {
              conditions: [
                {
                  type: 'filter',
                  condition: { filter: { 'nodes$.__svcArrayAny__$.version': { $vlt: '1.29' } } },
                },
              ],
            },
          ],
        },
      },
    });
    const e = policy.explain({ nodes: [{ version: 'v1.30.0' }, { version: 'latest' }, { version: '1.9' }] });
    expect(e.result.status).toBe('old');
    const clause = e.statuses[1]!.rules[0]!.conditions[0]!.clauses[0] as FieldExplanation;
    expect(clause.versions).toEqual({ $vlt: parseVersion('1.29') });
    expect(clause.values.map((v) => v.version?.normal ?? null)).toEqual(['1.30', null, '1.9']);
    expect(clause.matched?.elements).toEqual([2]);
    // Without a version operator, values carry no version.
    const plain = compilePolicy({
      name: 'p',
      statusDefinitions: {
        ok: {
          isDefault: true,
          criticality: 0,
          rules: [{ conditions: [{ type: 'filter', condition: { filter: { version: { $eq: '1' } } } }] }],
        },
      },
    }).explain({ version: '1' });
    const field = plain.statuses[0]!.rules[0]!.conditions[0]!.clauses[0] as FieldExplanation;
    expect('version' in field.values[0]!).toBe(false);
    expect('versions' in field).toBe(false);
  });
});
