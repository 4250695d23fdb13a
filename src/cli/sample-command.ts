import { generateCertificates, generateComponents, generateInventory } from '../sample/generator.js';
import { UsageError } from './args.js';
import { write } from './io.js';
import type { Command, CommandArgs, CommandContext } from './runner.js';

export const SAMPLE_USAGE = `usage: svc-policy sample --count N [--seed S] [--kind mixed|component|certificate] [--help]

Writes a sample inventory as NDJSON on standard output: records shaped like the API's query
representations of components and certificates, made by a seeded generator (the same seed gives the
same records, byte for byte), with a spread of statuses under the example policies
(fixtures/policies/examples). Each record names its kind in a "resource" field, so that "svc-policy
eval" applies each policy to the records of its kind.

  svc-policy sample --count 10000 > inventory.ndjson
  svc-policy eval -p fixtures/policies/examples -i inventory.ndjson

options:
  -n, --count N    records to write (1 to 100000000)
  -s, --seed S     the generator's seed, an integer from 0 to 4294967295 (default 1)
  -k, --kind KIND  mixed (default): components with one certificate for every ten records;
                   component or certificate: records of that kind only
  -h, --help       this text

exit codes:
  0  the records were written
  2  usage error
`;

export const SAMPLE_OPTIONS = {
  count: { type: 'string', short: 'n' },
  seed: { type: 'string', short: 's' },
  kind: { type: 'string', short: 'k' },
  help: { type: 'boolean', short: 'h' },
} as const;

const MAX_COUNT = 100_000_000;
const KINDS = ['mixed', 'component', 'certificate'] as const;
type Kind = (typeof KINDS)[number];

function integer(value: string, name: string, min: number, max: number): number {
  const n = Number(value);
  if (!/^\d{1,10}$/.test(value) || n < min || n > max) {
    throw new UsageError(`${name} must be an integer from ${min} to ${max}, got "${value}"`);
  }
  return n;
}

/** The records of a sample, one at a time: an inventory of any size is written in constant memory. */
export function sampleRecords(count: number, seed: number, kind: Kind): Iterable<object> {
  const options = { seed };
  switch (kind) {
    case 'mixed': {
      const certificates = Math.floor(count / 10);
      return generateInventory({ components: count - certificates, certificates }, options);
    }
    case 'component':
      return (function* () {
        for (const c of generateComponents(count, options)) yield { ...c, resource: 'component' };
      })();
    case 'certificate':
      return (function* () {
        for (const c of generateCertificates(count, options)) yield { ...c, resource: 'certificate' };
      })();
  }
}

/** Resolves to the exit code. */
async function run({ values, positionals }: CommandArgs<typeof SAMPLE_OPTIONS>, { out }: CommandContext) {
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  if (values.count === undefined) throw new UsageError('--count N is required');
  const count = integer(values.count, '--count', 1, MAX_COUNT);
  const seed = values.seed === undefined ? 1 : integer(values.seed, '--seed', 0, 0xffffffff);
  const k = values.kind ?? 'mixed';
  if (!(KINDS as readonly string[]).includes(k)) {
    throw new UsageError(`--kind must be ${KINDS.join(', ')}, got "${k}"`);
  }
  const kind = k as Kind;
  // Lines are written in batches, waiting for the pipe to drain (back-pressure).
  let batch = '';
  for (const record of sampleRecords(count, seed, kind)) {
    batch += `${JSON.stringify(record)}\n`;
    if (batch.length >= 64 * 1024) {
      await write(out, batch);
      batch = '';
    }
  }
  if (batch !== '') await write(out, batch);
  return 0;
}

/** `svc-policy sample`: a seeded sample inventory. */
export const sampleCommand: Command<typeof SAMPLE_OPTIONS> = {
  name: 'sample',
  usage: SAMPLE_USAGE,
  options: SAMPLE_OPTIONS,
  run,
};
