import { arrayEvery, freeze, isArray } from '../builtins.js';
import { QueryError } from './errors.js';
import type { SortValue } from './order.js';
import { base64url, equalBytes, fromBase64url, hmacSha256, utf8 } from './sha256.js';

/** The format version of page tokens; a token of another version is rejected. */
export const TOKEN_VERSION = 1;

const decoder = new TextDecoder('utf-8', { fatal: true });

/** A page token's content: where the next page starts, and what filter and sort it belongs to. */
export interface TokenContent {
  readonly binding: string;
  readonly key: readonly SortValue[];
}

/**
 * Encodes a token: base64url of `[version, binding, key]`, followed by `.` and the base64url
 * HMAC-SHA-256 of that text when a secret is given.
 */
export function encodeToken(content: TokenContent, secret: Uint8Array | undefined): string {
  const body = base64url(utf8(JSON.stringify([TOKEN_VERSION, content.binding, content.key])));
  return secret === undefined ? body : `${body}.${base64url(hmacSha256(secret, body))}`;
}

function invalid(message: string): QueryError {
  return new QueryError([{ code: 'INVALID_PAGE_TOKEN', path: '/pageToken', message }]);
}

function isSortValue(v: unknown): v is SortValue {
  return (
    v === null ||
    typeof v === 'string' ||
    typeof v === 'boolean' ||
    (typeof v === 'number' && Number.isFinite(v))
  );
}

/**
 * Decodes and checks a token against the binding of the current request and the server's secret.
 * Throws a `QueryError` with code `INVALID_PAGE_TOKEN` for anything this server did not issue for this
 * filter and sort.
 */
export function decodeToken(
  token: string,
  expected: { readonly binding: string; readonly keys: number },
  secret: Uint8Array | undefined,
): readonly SortValue[] {
  const [body, signature, ...rest] = token.split('.');
  if (body === undefined || body === '' || rest.length > 0) throw invalid('pageToken is not a page token');
  if (secret !== undefined) {
    if (signature === undefined)
      throw invalid('pageToken is not signed; this server only accepts signed tokens');
    const given = fromBase64url(signature);
    if (given === undefined || !equalBytes(given, hmacSha256(secret, body))) {
      throw invalid(
        'pageToken was not issued by this server (bad signature): it was changed or signed with another secret',
      );
    }
  } else if (signature !== undefined) {
    throw invalid('pageToken is signed, but this server does not sign tokens: it was issued elsewhere');
  }
  const bytes = fromBase64url(body);
  let parsed: unknown;
  try {
    if (bytes === undefined) throw new Error('not base64url');
    parsed = JSON.parse(decoder.decode(bytes));
  } catch {
    throw invalid('pageToken is not a page token (truncated or not base64url)');
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw invalid('pageToken is not a page token');
  const [version, binding, key] = parsed as unknown[];
  if (version !== TOKEN_VERSION) {
    throw invalid(
      `pageToken has format version ${JSON.stringify(version)}; this server reads version ${TOKEN_VERSION}`,
    );
  }
  if (binding !== expected.binding) {
    throw invalid('pageToken was made for another filter or sort; start again from the first page');
  }
  if (!isArray(key) || key.length !== expected.keys || !arrayEvery(key, isSortValue)) {
    throw invalid('pageToken does not hold a position of this sort');
  }
  return freeze([...(key as readonly SortValue[])]);
}
