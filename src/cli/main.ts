import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printable } from '../validate/unprintable.js';
import { DIFF_OPTIONS, DIFF_USAGE, runDiff } from './diff-command.js';
import { EVAL_OPTIONS, EVAL_USAGE, runEval } from './eval-command.js';
import { MIGRATE_SEARCH_OPTIONS, MIGRATE_SEARCH_USAGE, runMigrateSearch } from './migrate-search-command.js';
import { runSample, SAMPLE_OPTIONS, SAMPLE_USAGE } from './sample-command.js';
import { runTest, TEST_OPTIONS, TEST_USAGE } from './test-command.js';
import { runValidate, VALIDATE_OPTIONS, VALIDATE_USAGE } from './validate-command.js';

export const MAIN_USAGE = `usage: svc-policy <command> [options]
       svc-policy help [COMMAND]
       svc-policy --version | --help

commands:
  diff            what a policy edit does to an inventory (status before → after)
  eval            evaluate policies over an inventory
  migrate-search  rewrite stored legacy search bodies as query requests
  sample          write a sample inventory (NDJSON) from the seeded generator
  test            run policy unit tests (*.test.json, *.test.yaml beside the policies)
  validate        validate policy files
  help            show the usage of a command ("svc-policy help eval")

options:
  -V, --version  print the version of svc-policy
  -h, --help     this text
`;

/** Usage text of each command, for `help COMMAND` (and the test that every option is listed). */
export const COMMAND_USAGE: Readonly<Record<string, string>> = {
  diff: DIFF_USAGE,
  eval: EVAL_USAGE,
  'migrate-search': MIGRATE_SEARCH_USAGE,
  sample: SAMPLE_USAGE,
  test: TEST_USAGE,
  validate: VALIDATE_USAGE,
};

type OptionSpec = {
  readonly type: 'string' | 'boolean';
  readonly short?: string;
  readonly multiple?: boolean;
};

/** The options each command's parser accepts: its usage must list every one of them, and no other. */
export const COMMAND_OPTIONS: Readonly<Record<string, Readonly<Record<string, OptionSpec>>>> = {
  diff: DIFF_OPTIONS,
  eval: EVAL_OPTIONS,
  'migrate-search': MIGRATE_SEARCH_OPTIONS,
  sample: SAMPLE_OPTIONS,
  test: TEST_OPTIONS,
  validate: VALIDATE_OPTIONS,
};

/** The package version: from the package.json above this file (dist/ in the package, src/cli/ in the repo). */
export function version(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === 'svc-policy' && typeof pkg.version === 'string') return pkg.version;
    } catch {
      // not here: one level up
    }
    dir = dirname(dir);
  }
  return 'unknown';
}

/** Runs the CLI with the given arguments; resolves to the process exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'diff':
      return runDiff(rest);
    case 'eval':
      return runEval(rest);
    case 'test':
      return runTest(rest);
    case 'validate':
      return runValidate(rest);
    case '--version':
    case '-V':
      process.stdout.write(`${version()}\n`);
      return 0;
    case 'help': {
      const [topic, ...extra] = rest;
      if (topic === undefined) {
        process.stdout.write(MAIN_USAGE);
        return 0;
      }
      const usage = COMMAND_USAGE[topic];
      if (usage === undefined || extra.length > 0 || !Object.hasOwn(COMMAND_USAGE, topic)) {
        process.stderr.write(
          `svc-policy: no help for "${printable(rest.join(' '))}"\nrun "svc-policy --help" for the commands\n`,
        );
        return 2;
      }
      process.stdout.write(usage);
      return 0;
    }
    case 'migrate-search':
      return runMigrateSearch(rest);
    case 'sample':
      return runSample(rest);
    case '--help':
    case '-h':
      process.stdout.write(MAIN_USAGE);
      return 0;
    default:
      process.stderr.write(
        command === undefined
          ? MAIN_USAGE
          : `svc-policy: unknown command "${printable(command)}"\nrun "svc-policy --help" for the commands\n`,
      );
      return 2;
  }
}
