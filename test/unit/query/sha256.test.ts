import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64url, fromBase64url, hmacSha256, sha256 } from '../../../src/index.js';
import { sha256Portable, utf8 } from '../../../src/query/sha256.js';
import { check } from '../../support/property.js';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

describe('SHA-256 and HMAC-SHA-256 in plain TypeScript', () => {
  it('matches the FIPS 180-4 examples', () => {
    expect(hex(sha256(''))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(hex(sha256('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hex(sha256('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'))).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
    expect(hex(sha256('a'.repeat(1_000_000)))).toBe(
      'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0',
    );
  });

  it('matches the RFC 4231 HMAC test cases 1, 2 and 6', () => {
    expect(hex(hmacSha256(new Uint8Array(20).fill(0x0b), 'Hi There'))).toBe(
      'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
    );
    expect(hex(hmacSha256('Jefe', 'what do ya want for nothing?'))).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
    expect(
      hex(
        hmacSha256(new Uint8Array(131).fill(0xaa), 'Test Using Larger Than Block-Size Key - Hash Key First'),
      ),
    ).toBe('60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54');
  });

  it('the plain TypeScript hash (used where Node is not) matches the FIPS 180-4 examples', () => {
    expect(hex(sha256Portable(utf8('')))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
    expect(hex(sha256Portable(utf8('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(hex(sha256Portable(utf8('a'.repeat(1_000_000))))).toBe(
      'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0',
    );
  });

  it('agrees with node:crypto on random inputs of every length around the block size', () => {
    check(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.uint8Array({ maxLength: 150 }), (key, message) => {
        expect(hex(sha256Portable(message))).toBe(createHash('sha256').update(message).digest('hex'));
        expect(hex(sha256(message))).toBe(createHash('sha256').update(message).digest('hex'));
        expect(hex(hmacSha256(key, message))).toBe(createHmac('sha256', key).update(message).digest('hex'));
      }),
    );
  });

  it('base64url round-trips, agrees with Buffer, and rejects anything else', () => {
    check(
      fc.property(fc.uint8Array({ maxLength: 100 }), (bytes) => {
        const text = base64url(bytes);
        expect(text).toBe(Buffer.from(bytes).toString('base64url'));
        expect(fromBase64url(text)).toEqual(bytes);
      }),
    );
    expect(fromBase64url('ab=')).toBeUndefined();
    expect(fromBase64url('a')).toBeUndefined();
    expect(fromBase64url('ab+/')).toBeUndefined();
    // "AB" decodes to one byte with non-zero leftover bits: not a canonical encoding.
    expect(fromBase64url('AB')).toBeUndefined();
  });
});
