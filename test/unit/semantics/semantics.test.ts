import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareCodePoints, compileLike, escapeLike } from '../../../src/index.js';
import { check, titled } from '../../support/property.js';

const byCodePoints = (a: string, b: string) => {
  const x = [...a].map((c) => c.codePointAt(0)!);
  const y = [...b].map((c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return Math.sign(x[i]! - y[i]!);
  return Math.sign(x.length - y.length);
};

describe('compareCodePoints', () => {
  it('orders known pairs', () => {
    expect(Math.sign(compareCodePoints('\u{1F600}', '\uffff'))).toBe(1);
    expect(Math.sign(compareCodePoints('\ue000', '\u{10000}'))).toBe(-1);
    expect(Math.sign(compareCodePoints('a', 'b'))).toBe(-1);
    expect(compareCodePoints('abc', 'abc')).toBe(0);
    expect(Math.sign(compareCodePoints('ab', 'abc'))).toBe(-1);
  });

  it(titled('agrees with comparing arrays of code points'), () => {
    const s = fc.string({ unit: 'binary', maxLength: 5 });
    check(fc.property(s, s, (a, b) => Math.sign(compareCodePoints(a, b)) === byCodePoints(a, b)));
  });

  it(titled('agrees with comparing arrays of code points, lone surrogates included'), () => {
    // Units that meet as pairs, lone leads and trails, U+E000–U+FFFF and astral characters.
    const unit = fc.constantFrom(
      '\ud800',
      '\udbff',
      '\udc00',
      '\udfff',
      '\ue000',
      '\uffff',
      'a',
      '\u{10000}',
      '\u{10FFFF}',
    );
    const s = fc.string({ unit, maxLength: 6 });
    check(fc.property(s, s, (a, b) => Math.sign(compareCodePoints(a, b)) === byCodePoints(a, b)));
    expect(Math.sign(compareCodePoints('\udbff', '\u{26393}'))).toBe(-1);
    expect(Math.sign(compareCodePoints('\udbff', '\ue000'))).toBe(-1);
    expect(Math.sign(compareCodePoints('\ud800x', '\ud800\udc00'))).toBe(-1);
  });

  it(titled('agrees with UTF-8 byte order (what C and BINARY collations use)'), () => {
    const s = fc.string({ unit: 'binary', maxLength: 5 });
    const enc = new TextEncoder();
    check(
      fc.property(
        s,
        s,
        (a, b) =>
          Math.sign(compareCodePoints(a, b)) === Math.sign(Buffer.compare(enc.encode(a), enc.encode(b))),
      ),
    );
  });
});

describe('$like matcher', () => {
  it('escapeLike makes any text match itself only', () => {
    check(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 8 }),
        fc.string({ unit: 'binary', maxLength: 8 }),
        (text, other) => {
          const match = compileLike(escapeLike(text));
          return match(text) && match(other) === (other === text);
        },
      ),
    );
  });

  it(titled('agrees with an anchored regular expression built from the pattern'), () => {
    const piece = fc.oneof(
      fc.constantFrom('*', '\\*', '\\\\', '\\', 'a', 'b', '.', '😀'),
      fc.string({ unit: 'binary', maxLength: 2 }),
    );
    const pattern = fc.array(piece, { maxLength: 6 }).map((p) => p.join(''));
    const subject = fc
      .array(fc.constantFrom('a', 'b', '*', '\\', '.', '😀', 'x'), { maxLength: 8 })
      .map((p) => p.join(''));
    check(
      fc.property(pattern, subject, (p, s) => {
        let source = '';
        for (let i = 0; i < p.length; i++) {
          const c = p[i]!;
          if (c === '\\' && (p[i + 1] === '*' || p[i + 1] === '\\')) source += `\\${p[++i]}`;
          else if (c === '*') source += '[\\s\\S]*';
          else source += c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        }
        return compileLike(p)(s) === new RegExp(`^${source}$`, 'u').test(s);
      }),
    );
  });
});
