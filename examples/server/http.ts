/**
 * HTTP plumbing of the example server: the description's error body, reading a JSON body within a
 * limit, writing a JSON answer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { showText } from '../../src/errors.js';

/** One problem of a request, as error bodies list them: a stable code and a JSON pointer. */
export interface Problem {
  readonly code: string;
  readonly path: string;
  readonly message: string;
}

/** A refusal with its status, message, problems and headers (`Retry-After`, `Allow`…). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly problems: readonly Problem[] = [],
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

/** A JSON pointer segment (RFC 6901). */
export const segment = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** UTF-8 as the CLI reads it: a byte sequence that is not UTF-8 is refused, never stored as U+FFFD. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The request body as JSON, or an {@link HttpError} (413 past the limit, 400 when it is not UTF-8 or
 * not JSON). An empty body reads as `{}`.
 */
export async function readJson(req: IncomingMessage, maxBytes: number): Promise<unknown> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    throw new HttpError(413, `request body larger than ${maxBytes} bytes`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw new HttpError(413, `request body larger than ${maxBytes} bytes`);
    chunks.push(chunk as Buffer);
  }
  let text: string;
  try {
    text = UTF8.decode(Buffer.concat(chunks));
  } catch {
    throw new HttpError(400, 'request body is not valid UTF-8');
  }
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new HttpError(400, `request body is not JSON: ${(error as Error).message}`);
  }
}

/** True for a plain JSON object. */
export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Problems an error body lists at most: a body of 90,000 unknown keys would otherwise be answered with
 * 90,000 problems. The message says how many were left out.
 */
export const MAX_LISTED_PROBLEMS = 20;

/** The description's error body `{ error: { message } }`, with at most {@link MAX_LISTED_PROBLEMS} problems. */
export function errorBody(message: string, problems: readonly Problem[]): unknown {
  const left = problems.length - MAX_LISTED_PROBLEMS;
  return {
    error: {
      message:
        left > 0 ? `${message} (… and ${left.toLocaleString('en-US')} more problems not listed)` : message,
      problems: left > 0 ? problems.slice(0, MAX_LISTED_PROBLEMS) : problems,
    },
  };
}

/**
 * A request target in origin form (RFC 9112 §3.2.1: an absolute path of RFC 3986 characters and
 * percent escapes, then an optional query). Anything else (`//[`, `/%zz`) is refused with a 400
 * before `new URL` reads it as something else (`//host/…` names a host).
 */
export const ORIGIN_FORM =
  /^(?:\/(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})*)+(?:\?(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9A-Fa-f]{2})*)?$/;

export function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): void {
  if (status === 204) {
    res.writeHead(status, headers);
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** Text PostgreSQL cannot store in jsonb: U+0000, or a lone surrogate (not well-formed Unicode). */
const unstorable = (text: string): boolean => text.includes('\u0000') || !text.isWellFormed();

/** The pointer of the first string (key or value) of a JSON value that PostgreSQL cannot store. */
export function unstorableAt(value: unknown, at = ''): string | undefined {
  if (typeof value === 'string') return unstorable(value) ? at : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const here = `${at}/${segment(key)}`;
    if (unstorable(key)) return here;
    const found = unstorableAt(item, here);
    if (found !== undefined) return found;
  }
  return undefined;
}

export function refuseUnstorable(value: unknown, at: string, what: string): void {
  const bad = unstorableAt(value, at);
  if (bad === undefined) return;
  const message = 'text holding U+0000 or a lone surrogate cannot be stored';
  throw new HttpError(400, `${what} cannot be stored: ${message}`, [
    { code: 'UNSUPPORTED', path: bad, message },
  ]);
}

/** Problems of a body that must be an object with these properties (unknown ones listed). */
export function bodyProblems(body: unknown, allowed: readonly string[], shape: string): Problem[] {
  if (!isObject(body)) return [{ code: 'INVALID_REQUEST', path: '', message: `the body must be ${shape}` }];
  return Object.keys(body)
    .filter((key) => !allowed.includes(key))
    .map((key) => ({
      code: 'UNKNOWN_PROPERTY',
      path: `/${segment(key)}`,
      message: `unknown property ${JSON.stringify(showText(key))}; the body is ${shape}`,
    }));
}

export function refuse(problems: readonly Problem[], message = problems[0]?.message ?? ''): void {
  if (problems.length > 0) throw new HttpError(400, message, problems);
}
