import { type ParseArgsConfig, parseArgs } from 'node:util';

/** A command-line usage error: reported with the command's usage text, exit code 2. */
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

/**
 * A closed pipe (`svc-policy eval … | head`) is the reader's choice, not an error: exit quietly with 0
 * instead of crashing on EPIPE.
 */
export function exitOnClosedPipe(out: NodeJS.WriteStream): void {
  out.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
}
