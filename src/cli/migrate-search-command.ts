import { QueryError } from '../query/errors.js';
import { legacySearchToQuery } from '../query/legacy.js';
import { printable } from '../validate/unprintable.js';
import { UsageError } from './args.js';
import { readTextFile } from './files.js';
import { write } from './io.js';
import type { Command, CommandArgs, CommandContext } from './runner.js';

export const MIGRATE_SEARCH_USAGE = `usage: svc-policy migrate-search [--operation N] [--envelope] [--max-bytes N] [--help] [FILE|-]...

Rewrites stored bodies of the deprecated legacy searches (removed on 2026-09-04) as query requests of
their replacement operations. Each input is a JSON file holding one body or an array of bodies; "-"
(the default) reads standard input. Without --operation, each item is { "operation": N, "body": {…} }.
Prints the converted request (or an array, for an array input) as JSON; notices (a dropped nextToken)
go to standard error.

operations:
  3   POST /policy/search                      -> POST /policy/query
  6   POST /policy/{policyId}/component/search -> POST /policy/{policyId}/component/query
  7   POST /component/search                   -> POST /component/query
  12  POST /integration/search                 -> POST /integration/query

options:
  -o, --operation N   the legacy operation the bodies belong to (3, 6, 7 or 12, or its path)
      --envelope      print { operation, path, request, notices } instead of the bare request
      --max-bytes N   largest input read, file or standard input (default 16777216); a FIFO or
                      device named as FILE is not read (pipe it to standard input)
  -h, --help          this text

exit codes:
  0  every body was converted
  1  some body cannot be carried over (each problem is printed with its JSON pointer and code)
  2  usage error, unreadable or too large input, or input that is not JSON
`;

export const MIGRATE_SEARCH_OPTIONS = {
  operation: { type: 'string', short: 'o' },
  envelope: { type: 'boolean' },
  'max-bytes': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The default of `--max-bytes`: stored bodies are small; a bulk export of them fits many times over. */
const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;

/** Input that cannot be read: what is wrong with it, for the message. */
class ReadProblem extends Error {}

/**
 * The text of an input, read as every command reads a file (see `readTextFile`): a regular file within
 * `maxBytes`, valid UTF-8, never a FIFO or device; standard input within `maxBytes` too.
 */
async function readInput(path: string, maxBytes: number): Promise<string> {
  if (path !== '-') {
    const read = await readTextFile(path, undefined, maxBytes);
    if ('problem' in read) throw new ReadProblem(`the file ${read.problem}`);
    return read.text;
  }
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of process.stdin) {
    length += (chunk as Buffer).length;
    // Stop reading past the limit: `< /dev/zero` would otherwise fill memory.
    if (length > maxBytes) {
      process.stdin.destroy();
      throw new ReadProblem(`standard input is more than the limit of ${maxBytes} bytes (--max-bytes)`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseMaxBytes(value: string | undefined): number {
  if (value === undefined) return DEFAULT_MAX_BYTES;
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < 1) {
    throw new UsageError(`--max-bytes must be a positive integer, got "${value}"`);
  }
  return n;
}

/** Without --operation, an item names its own operation: `{ "operation": 7, "body": {…} }`. */
function itemOperation(item: unknown): [string, unknown] {
  if (typeof item !== 'object' || item === null || !('operation' in item) || !('body' in item)) {
    throw new QueryError([
      {
        code: 'UNKNOWN_OPERATION',
        path: '',
        message: 'no --operation given, and the item is not { "operation": N, "body": {…} }',
      },
    ]);
  }
  return [String(item.operation), item.body];
}

/** Resolves to the exit code. */
async function run(
  args: CommandArgs<typeof MIGRATE_SEARCH_OPTIONS>,
  { out, err }: CommandContext,
): Promise<number> {
  const maxBytes = parseMaxBytes(args.values['max-bytes']);
  const operation = args.values.operation;
  const files = args.positionals.length > 0 ? args.positionals : ['-'];
  const outputs: unknown[] = [];
  let failed = false;
  for (const file of files) {
    const name = file === '-' ? '<stdin>' : file;
    let input: unknown;
    try {
      let text = await readInput(file, maxBytes);
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      input = JSON.parse(text);
    } catch (error) {
      const reason =
        error instanceof ReadProblem
          ? error.message
          : ((error as NodeJS.ErrnoException).code ?? (error as Error).message);
      err.say(`cannot read ${printable(name)}: ${printable(reason)}`);
      return 2;
    }
    const bodies = Array.isArray(input) ? input : [input];
    const converted: unknown[] = [];
    for (const [i, body] of bodies.entries()) {
      const where = Array.isArray(input) ? `${name}[${i}]` : name;
      try {
        const result =
          operation !== undefined
            ? legacySearchToQuery(operation, body)
            : legacySearchToQuery(...itemOperation(body));
        for (const notice of result.notices) err.line(`${printable(where)}: notice: ${printable(notice)}`);
        converted.push(
          args.values.envelope
            ? {
                operation: result.operation,
                path: result.path,
                request: result.request,
                notices: result.notices,
              }
            : result.request,
        );
      } catch (error) {
        if (!(error instanceof QueryError)) throw error;
        if (error.code === 'UNKNOWN_OPERATION' && operation !== undefined) {
          err.say(error.message);
          process.stderr.write(MIGRATE_SEARCH_USAGE);
          return 2;
        }
        for (const p of error.problems)
          err.line(`${printable(where)}: ${printable(p.path || '/')}: ${printable(p.message)} [${p.code}]`);
        failed = true;
      }
    }
    outputs.push(...(Array.isArray(input) ? [converted] : converted));
  }
  if (failed) return 1;
  const value = outputs.length === 1 ? outputs[0] : outputs;
  await write(out, `${JSON.stringify(value, null, 2)}\n`);
  return 0;
}

/** `svc-policy migrate-search`: legacy search bodies rewritten as query requests. */
export const migrateSearchCommand: Command<typeof MIGRATE_SEARCH_OPTIONS> = {
  name: 'migrate-search',
  usage: MIGRATE_SEARCH_USAGE,
  options: MIGRATE_SEARCH_OPTIONS,
  run,
};
