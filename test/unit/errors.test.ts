import { describe, expect, it } from 'vitest';
import {
  FilterError,
  isOwnError,
  MAX_SHOWN_MESSAGE,
  MAX_SHOWN_POINTER,
  MAX_SHOWN_TEXT,
  ownFilterError,
  safeMessage,
  showPointer,
  showText,
  showValue,
} from '../../src/errors.js';
import { QueryError } from '../../src/index.js';

describe('safeMessage', () => {
  it("is an error's message, a thrown string, or what kind of value was thrown", () => {
    expect(safeMessage(new Error('boom'))).toBe('boom');
    expect(safeMessage('text')).toBe('text');
    expect(safeMessage(42)).toBe('42 (thrown as a value)');
    expect(safeMessage(10n)).toBe('10 (thrown as a value)');
    expect(safeMessage(undefined)).toBe('undefined (thrown as a value)');
    expect(safeMessage(null)).toBe('null (thrown as a value)');
    expect(safeMessage(Symbol('s'))).toBe('Symbol(s) (thrown as a value)');
    expect(safeMessage(() => 1)).toBe('a function (thrown as a value)');
    expect(safeMessage(Object.create(null))).toBe('an object that is not an Error (thrown as a value)');
    expect(safeMessage({ message: 7 })).toBe('an object that is not an Error (thrown as a value)');
  });

  it('never throws, and never runs a conversion of the value', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    const throwingMessage = Object.defineProperty({}, 'message', {
      get() {
        throw new Error('getter');
      },
    });
    let converted = false;
    const converts = {
      toString() {
        converted = true;
        return 'x';
      },
      [Symbol.toPrimitive]() {
        converted = true;
        return 'x';
      },
    };
    expect(safeMessage(proxy)).toBe('a value whose message cannot be read');
    expect(safeMessage(throwingMessage)).toBe('a value whose message cannot be read');
    expect(safeMessage(converts)).toBe('an object that is not an Error (thrown as a value)');
    expect(converted).toBe(false);
  });

  it('is bounded', () => {
    const long = safeMessage(new Error('m'.repeat(1_000_000)));
    expect(long.length).toBeLessThan(MAX_SHOWN_MESSAGE + 40);
    expect(long).toMatch(/^m+…\(999,700 more characters\)$/);
    expect(safeMessage('x'.repeat(5_000), 4_096)).toMatch(/…\(904 more characters\)$/);
  });
});

describe('showText and showPointer', () => {
  it('keep short text whole and cut long text, saying how much was left out', () => {
    expect(showText('abc')).toBe('abc');
    expect(showText('a'.repeat(MAX_SHOWN_TEXT))).toBe('a'.repeat(MAX_SHOWN_TEXT));
    expect(showText('a'.repeat(10_000_000))).toBe(
      `${'a'.repeat(MAX_SHOWN_TEXT)}…(9,999,920 more characters)`,
    );
    expect(showValue('a'.repeat(100))).toBe(`"${'a'.repeat(MAX_SHOWN_TEXT)}…(20 more characters)"`);
    expect([showValue(1), showValue(null), showValue({}), showValue(1n)]).toEqual([
      '1',
      'null',
      'an object',
      'a bigint',
    ]);
  });

  it('never split a surrogate pair', () => {
    // '😀' is two code units; cutting at 80 would fall between them at every odd offset.
    for (const prefix of ['', 'a']) {
      const text = prefix + '😀'.repeat(1_000);
      const shown = showText(text);
      expect(shown.isWellFormed(), prefix).toBe(true);
      const pointer = `/${text}`;
      const short = showPointer(pointer);
      expect(short.isWellFormed(), prefix).toBe(true);
      expect(short.length).toBeLessThanOrEqual(MAX_SHOWN_POINTER);
    }
  });

  it('showPointer keeps both ends of a long pointer', () => {
    const pointer = `/${'a'.repeat(5_000_000)}/tail`;
    const shown = showPointer(pointer);
    expect(shown.startsWith('/aaa')).toBe(true);
    expect(shown.endsWith('aaa/tail')).toBe(true);
    expect(shown).toContain('(4,999,886 characters)');
    expect(showPointer('')).toBe('the root');
  });
});

describe('own errors', () => {
  it('are told from a Proxy that claims to be one', () => {
    const forged = new Proxy({}, { getPrototypeOf: () => FilterError.prototype });
    expect(forged instanceof FilterError).toBe(true);
    expect(isOwnError(forged)).toBe(false);
    expect(ownFilterError(forged)).toBeUndefined();
    const real = new FilterError('INVALID_VALUE', '', 'x');
    expect(ownFilterError(real)).toBe(real);
    expect(isOwnError(new QueryError([{ code: 'INVALID_REQUEST', path: '', message: 'x' }]))).toBe(true);
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(isOwnError(proxy)).toBe(false);
    expect(isOwnError('FilterError')).toBe(false);
  });
});
