import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileLike, escapeLike } from '../../../src/index.js';
import { likeToRegex } from '../../../src/targets/mongo/regex.js';
import { arbPattern, arbUnicode } from '../../support/arbitraries.js';
import { check, titled } from '../../support/property.js';

describe('likeToRegex', () => {
  it('anchors both ends, without the `$` that PCRE lets match before a final newline', () => {
    expect(likeToRegex('abc')).toBe('^abc(?![\\s\\S])');
    expect(new RegExp(likeToRegex('abc')).test('abc\n')).toBe(false);
    expect(likeToRegex('')).toBe('^(?![\\s\\S])');
  });

  it('keeps a prefix pattern an index-friendly ^literal', () => {
    expect(likeToRegex('eu-*')).toBe('^eu-');
    expect(likeToRegex('*')).toBe('^');
  });

  it('escapes every metacharacter, and NUL as \\x00', () => {
    expect(likeToRegex('.^$|?+()[]{}')).toBe('^\\.\\^\\$\\|\\?\\+\\(\\)\\[\\]\\{\\}(?![\\s\\S])');
    expect(likeToRegex('a\\*b\\\\c')).toBe('^a\\*b\\\\c(?![\\s\\S])');
    expect(likeToRegex('a\0b')).toBe('^a\\x00b(?![\\s\\S])');
  });

  it('writes middle pieces as atomic leftmost searches', () => {
    expect(likeToRegex('a*b*c')).toBe('^a(?=([\\s\\S]*?b))\\1[\\s\\S]*c(?![\\s\\S])');
    expect(likeToRegex('*x*y*')).toBe('^(?=([\\s\\S]*?x))\\1(?=([\\s\\S]*?y))\\2');
  });

  it('answers for a pattern with many stars against a long subject (no polynomial backtracking)', () => {
    const subject = 'a'.repeat(10_000);
    expect(new RegExp(likeToRegex('*a*a*a*a*b')).test(subject)).toBe(false);
    expect(new RegExp(likeToRegex('*a*a*a*a*a')).test(subject)).toBe(true);
  });

  it(titled('means what the in-memory $like means, on any subject'), () => {
    const subject = fc.oneof(
      arbUnicode,
      fc.string({ unit: fc.constantFrom('a', 'b', '*', '\\', '\n', '.', '😀') }),
    );
    check(
      fc.property(arbPattern, subject, (pattern, s) => {
        expect(new RegExp(likeToRegex(pattern)).test(s)).toBe(compileLike(pattern)(s));
      }),
    );
  });

  it(titled('matches exactly the text an escaped literal pattern names'), () => {
    check(
      fc.property(arbUnicode, arbUnicode, (text, other) => {
        const re = new RegExp(likeToRegex(escapeLike(text)));
        expect(re.test(text)).toBe(true);
        expect(re.test(other)).toBe(other === text);
      }),
    );
  });
});
