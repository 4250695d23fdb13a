import { arrayEvery, freeze, hasOwn, isArray, numberIsFinite, objectKeys } from '../builtins.js';
import { showValue } from '../errors.js';
import { QueryError } from './errors.js';
import type { SortValue } from './order.js';
import { base64url, equalBytes, fromBase64url, hmacSha256, utf8 } from './sha256.js';

/** The format version of page tokens; a token of another version is rejected. */
export const TOKEN_VERSION = 1;

const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * The longest token read (and issued), in characters: checked before anything is decoded. A token
 * holds a few short values unless a sort key holds a long string; past this a page is refused rather
 * than given a token that the next request would refuse.
 */
export const MAX_TOKEN_LENGTH = 1024 * 1024;

/** The deepest nesting of a token's JSON: `[version, binding, [key…]]`, a key value `{ "number": … }`. */
const MAX_TOKEN_DEPTH = 3;

/** A page token's content: where the next page starts, and what filter and sort it belongs to. */
export interface TokenContent {
  readonly binding: string;
  readonly key: readonly SortValue[];
  /**
   * The instant (epoch ms) the walk's `$now` operands count from: its first page's, so that a walk
   * spanning midnight neither repeats nor skips records. Only for a filter with `$now`.
   */
  readonly asOf?: number | undefined;
}

/**
 * Encodes a token: base64url of `[version, binding, key]` (`[version, binding, key, asOf]` for a
 * filter with `$now`), followed by `.` and the base64url HMAC-SHA-256 of that text when a secret is
 * given: the signature covers the instant too.
 */
export function encodeToken(content: TokenContent, secret: Uint8Array | undefined): string {
  const key = content.key.map(encodeValue);
  const fields: unknown[] = [TOKEN_VERSION, content.binding, key];
  if (content.asOf !== undefined) fields.push(content.asOf);
  const body = base64url(utf8(JSON.stringify(fields)));
  const token = secret === undefined ? body : `${body}.${base64url(hmacSha256(secret, body))}`;
  if (token.length > MAX_TOKEN_LENGTH) {
    throw new QueryError([
      {
        code: 'INVALID_SORT',
        path: '/sort',
        message: `the sort key of this page's last record is too long for a page token (${token.length.toLocaleString('en-US')} characters, at most ${MAX_TOKEN_LENGTH.toLocaleString('en-US')}): sort on fields with shorter values`,
      },
    ]);
  }
  return token;
}

/**
 * A sort value as a token holds it. JSON has no `Infinity`: `JSON.stringify` would write `null` (missing),
 * and the walk would start again there. A non-finite number is written `{ "number": "Infinity" }` or
 * `{ "number": "-Infinity" }` (`NaN` never reaches a key: it sorts as missing).
 */
function encodeValue(value: SortValue): unknown {
  if (typeof value !== 'number' || numberIsFinite(value)) return value;
  return { number: value > 0 ? 'Infinity' : '-Infinity' };
}

/** The sort value a token's key item holds, or `undefined` when it holds none. */
function decodeValue(v: unknown): SortValue | undefined {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number') return numberIsFinite(v) ? v : undefined;
  if (typeof v !== 'object' || isArray(v) || objectKeys(v).length !== 1 || !hasOwn(v, 'number')) {
    return undefined;
  }
  const n = (v as { number: unknown }).number;
  return n === 'Infinity'
    ? Number.POSITIVE_INFINITY
    : n === '-Infinity'
      ? Number.NEGATIVE_INFINITY
      : undefined;
}

/** True when JSON text nests arrays and objects deeper than `max` (strings skipped). */
function nestsDeeper(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

function invalid(message: string): QueryError {
  return new QueryError([{ code: 'INVALID_PAGE_TOKEN', path: '/pageToken', message }]);
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
): { readonly key: readonly SortValue[]; readonly asOf: number | undefined } {
  // Bounded before any work: the split, the signature, base64 and JSON all grow with the token.
  if (token.length > MAX_TOKEN_LENGTH) {
    throw invalid(
      `pageToken is ${token.length.toLocaleString('en-US')} characters long; a page token has at most ${MAX_TOKEN_LENGTH.toLocaleString('en-US')}`,
    );
  }
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
    const text = decoder.decode(bytes);
    if (nestsDeeper(text, MAX_TOKEN_DEPTH)) throw new Error('nested too deep');
    parsed = JSON.parse(text);
  } catch {
    throw invalid('pageToken is not a page token (truncated, not base64url, or not of this format)');
  }
  if (!Array.isArray(parsed) || (parsed.length !== 3 && parsed.length !== 4)) {
    throw invalid('pageToken is not a page token');
  }
  const [version, binding, key, asOf] = parsed as unknown[];
  if (version !== TOKEN_VERSION) {
    throw invalid(
      `pageToken has format version ${showValue(version)}; this server reads version ${TOKEN_VERSION}`,
    );
  }
  if (binding !== expected.binding) {
    throw invalid('pageToken was made for another filter or sort; start again from the first page');
  }
  const values = isArray(key) && key.length === expected.keys ? key.map(decodeValue) : undefined;
  if (values === undefined || !arrayEvery(values, (v) => v !== undefined)) {
    throw invalid('pageToken does not hold a position of this sort');
  }
  if (asOf !== undefined && !(typeof asOf === 'number' && Number.isSafeInteger(asOf))) {
    throw invalid('pageToken holds no valid instant');
  }
  return { key: freeze(values as SortValue[]), asOf };
}
