/**
 * Bearer tokens with rights, and a per-token rate limit. Tokens are compared in constant time: the
 * given token and every known token are hashed to the same length and all of them compared (no early
 * exit), so neither the time of a wrong guess nor its length tells how close it came.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { HttpError } from './http.js';

/** What an operation needs: `read` for reads, queries and searches; `write` for creations and updates. */
export type Right = 'read' | 'write';

/** A token the server accepts and the rights it carries. */
export interface TokenGrant {
  readonly token: string;
  readonly rights: readonly Right[];
}

/** The per-token rate limit: at most `requests` requests in each window of `windowMs` milliseconds. */
export interface RateLimit {
  readonly requests: number;
  readonly windowMs: number;
}

/** The default rate limit: 6,000 requests a minute per token (100 a second on average). */
export const DEFAULT_RATE_LIMIT: RateLimit = { requests: 6000, windowMs: 60_000 };

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/** Checks bearer tokens and rights, and counts requests per token. */
export class Authority {
  private readonly grants: ReadonlyArray<{ readonly hash: Buffer; readonly grant: TokenGrant }>;
  /** Requests per token in the current window, keyed by the token's hash. */
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    grants: readonly TokenGrant[],
    private readonly limit: RateLimit,
    private readonly now: () => Date,
  ) {
    if (grants.length === 0) throw new Error('at least one bearer token is needed');
    for (const g of grants) if (g.token === '') throw new Error('a bearer token must not be empty');
    if (!(limit.requests >= 1 && limit.windowMs >= 1)) {
      throw new Error('the rate limit needs at least 1 request in a window of at least 1 ms');
    }
    this.grants = grants.map((grant) => ({ hash: digest(grant.token), grant }));
  }

  /** A 403 when the token lacks `right`. */
  authorize(grant: TokenGrant, right: Right): void {
    if (!grant.rights.includes(right)) {
      throw new HttpError(403, `the bearer token does not carry the "${right}" right this operation needs`);
    }
  }

  /**
   * The grant of the request's bearer token, or a 401 (with `WWW-Authenticate`) that says what is
   * wrong: no Authorization header, a header that is not a bearer token, a token that is not valid.
   */
  authenticate(req: IncomingMessage): TokenGrant {
    const header = req.headers.authorization;
    const challenge = { 'www-authenticate': 'Bearer' };
    if (header === undefined || header.trim() === '') {
      throw new HttpError(
        401,
        'no bearer token: send the header Authorization: Bearer <token>',
        [],
        challenge,
      );
    }
    const match = /^Bearer +(\S+) *$/i.exec(header);
    if (match === null) {
      throw new HttpError(
        401,
        'the Authorization header is not a bearer token: expected Authorization: Bearer <token>',
        [],
        { 'www-authenticate': 'Bearer error="invalid_request"' },
      );
    }
    const given = digest(match[1]!);
    let found: TokenGrant | undefined;
    for (const { hash, grant } of this.grants) {
      // Every token compared, whichever matches.
      if (timingSafeEqual(given, hash) && found === undefined) found = grant;
    }
    if (found === undefined) {
      throw new HttpError(401, 'the bearer token is not valid', [], {
        'www-authenticate': 'Bearer error="invalid_token"',
      });
    }
    return found;
  }

  /** Counts a request of `grant`; a 429 with `Retry-After` (whole seconds) past the limit. */
  count(grant: TokenGrant): void {
    const key = digest(grant.token).toString('hex');
    const now = this.now().getTime();
    let window = this.windows.get(key);
    if (window === undefined || now - window.start >= this.limit.windowMs || now < window.start) {
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count++;
    if (window.count > this.limit.requests) {
      const seconds = Math.max(1, Math.ceil((window.start + this.limit.windowMs - now) / 1000));
      throw new HttpError(
        429,
        `rate limit of ${this.limit.requests} requests per ${this.limit.windowMs / 1000} s reached for this token; retry in ${seconds} s`,
        [],
        { 'retry-after': String(seconds) },
      );
    }
  }
}
