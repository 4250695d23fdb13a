import { type ParseArgsConfig, parseArgs } from 'node:util';
import { resolveAsOf } from '../compile/filter.js';
import { FilterError } from '../errors.js';
import { LIMIT_NAMES, type Limits, resolveLimits } from '../limits.js';
import { printable } from '../validate/unprintable.js';

/** A command-line usage error: reported by the runner (runner.ts), exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * `node:util` `parseArgs`, strict, with its errors turned into {@link UsageError}s carrying a short
 * message (its own messages mention internals such as `ERR_PARSE_ARGS_UNKNOWN_OPTION`).
 */
export function parseCommandArgs<T extends Options>(argv: readonly string[], options: T) {
  try {
    return parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message.split('. To specify')[0] ?? String(error));
  }
}

/** The `--limit NAME=N` option both commands take (repeatable). */
export const LIMIT_OPTION = { limit: { type: 'string', multiple: true } } as const;

/** The usage lines of `--limit`, its text starting at `column` as the command's other options do. */
export function limitUsage(column: number): string {
  const pad = ' '.repeat(column);
  const names: string[] = [];
  let line = '';
  for (const name of LIMIT_NAMES) {
    if (line !== '' && column + line.length + name.length > 100) {
      names.push(line);
      line = '';
    }
    line += `${name}, `;
  }
  names.push(line.slice(0, -2));
  return [
    `${'      --limit NAME=N'.padEnd(column)}one limit raised or lowered (repeatable), NAME one of:`,
    ...names.map((n) => pad + n),
    `${pad}the defaults and what each one bounds are in docs/limits.md`,
  ].join('\n');
}

/**
 * The limits of `--limit NAME=N` flags, checked as the library checks them; `extra` holds limits set by
 * other flags (`--max-bytes`), which a `--limit` of the same name must not contradict.
 */
export function parseLimitFlags(flags: readonly string[] | undefined, extra: Partial<Limits> = {}): Limits {
  const given: Record<string, number> = { ...extra };
  for (const flag of flags ?? []) {
    const match = /^([A-Za-z]+)=(\d+)$/.exec(flag);
    if (match === null) throw new UsageError(`--limit expects NAME=N (a positive integer), got "${flag}"`);
    const [, name, value] = match as unknown as [string, string, string];
    if (!(LIMIT_NAMES as readonly string[]).includes(name)) {
      throw new UsageError(`--limit: unknown limit "${name}"; the limits are ${LIMIT_NAMES.join(', ')}`);
    }
    if (name in extra && extra[name as keyof Limits] !== Number(value)) {
      throw new UsageError(`--limit ${name} contradicts another option that sets it`);
    }
    given[name] = Number(value);
  }
  try {
    return resolveLimits({ limits: given });
  } catch (error) {
    if (error instanceof FilterError) throw new UsageError(`--limit: ${error.message}`);
    throw error;
  }
}

/** The `--as-of` option of the commands that evaluate (eval, test, diff). */
export const AS_OF_OPTION = { 'as-of': { type: 'string' } } as const;

/** The usage line of `--as-of`, its text starting at `column`. */
export function asOfUsage(column: number): string {
  const pad = ' '.repeat(column);
  return [
    `${'      --as-of INSTANT'.padEnd(column)}the instant { "$now": … } operands count from, an RFC 3339 timestamp`,
    `${pad}("2026-06-01T00:00:00Z"); default: the clock, read once when the command starts`,
  ].join('\n');
}

/**
 * The instant (ms) of `--as-of`, an RFC 3339 timestamp as the library reads it, or the clock read now
 * (once: every record and policy of the run sees it) when it is not given.
 */
export function parseAsOf(value: string | undefined): number {
  if (value === undefined) return Date.now();
  try {
    return resolveAsOf(value);
  } catch (error) {
    if (!(error instanceof FilterError)) throw error;
    throw new UsageError(
      `--as-of expects an RFC 3339 timestamp such as "2026-06-01T00:00:00Z", got "${printable(value.slice(0, 60))}"`,
    );
  }
}
