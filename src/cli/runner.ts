import type { ParseArgsConfig } from 'node:util';
import { printable } from '../validate/unprintable.js';
import { parseCommandArgs, UsageError } from './args.js';

/**
 * The one runner of the CLI's commands: each command (a file of its own) declares its options, usage and
 * run function; the runner parses the arguments, answers `--help`, reports usage errors and the errors
 * the command expects with exit code 2, and gives it the one writer of standard error (escaped lines).
 */

type Options = NonNullable<ParseArgsConfig['options']>;

/** The parsed arguments of a command: its options' values and the positionals. */
export type CommandArgs<O extends Options> = ReturnType<typeof parseCommandArgs<O>>;

/**
 * Standard error as every command writes it: each line escaped by {@link printable} here, so that no
 * value read from a file, a record or the command line can forge a line (an escape sequence, a GitHub
 * Actions workflow command). Escaping is idempotent: a value escaped already is left as it is.
 */
export interface Reporter {
  /** `svc-policy COMMAND: message`, the message escaped (`lines`: each of its lines on its own). */
  say(message: string, options?: { readonly lines?: boolean }): void;
  /** `svc-policy COMMAND: notice: message`. */
  notice(message: string): void;
  /** One line of its own, escaped (a line break in it is escaped too). */
  line(text: string): void;
  /** Lines of the library's own making, each escaped on its own. */
  lines(text: string): void;
}

/**
 * The report of a usage error: the message and one line saying where the usage is. The whole usage
 * (30 to 45 lines) would push the one line that matters off the screen.
 */
export function usageErrorText(command: string, message: string): string {
  return `svc-policy ${command}: ${printable(message)}
run "svc-policy ${command} --help" for the usage
`;
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

/** The reporter of a command (`null`: of the command line itself, before a command is known). */
export function reporter(command: string | null, err: NodeJS.WritableStream = process.stderr): Reporter {
  const head = command === null ? 'svc-policy' : `svc-policy ${command}`;
  return {
    say: (message, options) => err.write(`${head}: ${printable(message, options)}\n`),
    notice: (message) => err.write(`${head}: notice: ${printable(message)}\n`),
    line: (text) => err.write(`${printable(text)}\n`),
    lines: (text) => err.write(`${printable(text, { lines: true })}\n`),
  };
}

/** What a command gets to run: its parsed arguments, standard output and the reporter of standard error. */
export interface CommandContext {
  readonly out: NodeJS.WriteStream;
  readonly err: Reporter;
}

/**
 * One command of the CLI: its options and usage (`COMMAND --help`, `help COMMAND`), and what it does.
 * The runner parses the arguments, answers `--help`, reports usage errors and the errors the command
 * names in `failure`, and turns them into exit code 2.
 */
export interface Command<O extends Options = Options> {
  readonly name: string;
  readonly usage: string;
  readonly options: O;
  /** Resolves to the exit code. */
  readonly run: (args: CommandArgs<O>, context: CommandContext) => Promise<number>;
  /**
   * The message of an error that ends the command with exit code 2 (printed as
   * `svc-policy COMMAND: message`), or `undefined` for an error the command does not expect: the
   * entry point reports it as an internal error.
   */
  readonly failure?: (error: unknown) => { readonly message: string; readonly lines?: boolean } | undefined;
}

/** Exit code of a usage error or of a failure the command reports (see {@link Command.failure}). */
export const EXIT_USAGE = 2;

/** Runs a command with its arguments (those after its name); resolves to the exit code. */
export async function runCommand<O extends Options>(
  command: Command<O>,
  argv: readonly string[],
): Promise<number> {
  const out = process.stdout;
  const err = reporter(command.name);
  exitOnClosedPipe(out);
  try {
    const args = parseCommandArgs(argv, command.options);
    if ((args.values as { help?: boolean }).help === true) {
      out.write(command.usage);
      return 0;
    }
    return await command.run(args, { out, err });
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(usageErrorText(command.name, error.message));
      return EXIT_USAGE;
    }
    const failure = command.failure?.(error);
    if (failure === undefined) throw error;
    err.say(failure.message, { lines: failure.lines === true });
    return EXIT_USAGE;
  }
}
