import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printable } from '../validate/unprintable.js';
import { diffCommand } from './diff-command.js';
import { evalCommand } from './eval-command.js';
import { forecastCommand } from './forecast-command.js';
import { migrateSearchCommand } from './migrate-search-command.js';
import { type Command, EXIT_USAGE, reporter, runCommand } from './runner.js';
import { sampleCommand } from './sample-command.js';
import { testCommand } from './test-command.js';
import { validateCommand } from './validate-command.js';

export const MAIN_USAGE = `usage: svc-policy <command> [options]
       svc-policy help [COMMAND]
       svc-policy --version | --help

commands:
  diff            what a policy edit does to an inventory (status before → after)
  eval            evaluate policies over an inventory
  forecast        when each record's status changes within a horizon, and the counts over time
  migrate-search  rewrite stored legacy search bodies as query requests
  sample          write a sample inventory (NDJSON) from the seeded generator
  test            run policy unit tests (*.test.json, *.test.yaml beside the policies)
  validate        validate policy files
  help            show the usage of a command ("svc-policy help eval")

options:
  -V, --version  print the version of svc-policy
  -h, --help     this text
`;

/** The commands, by name (`help` aside: it takes a command name, not options). */
const COMMANDS: Readonly<Record<string, Command>> = Object.fromEntries(
  [
    diffCommand,
    evalCommand,
    forecastCommand,
    migrateSearchCommand,
    sampleCommand,
    testCommand,
    validateCommand,
  ].map((c) => [c.name, c as unknown as Command]),
);

/** Usage text of each command, for `help COMMAND` (and the test that every option is listed). */
export const COMMAND_USAGE: Readonly<Record<string, string>> = Object.fromEntries(
  Object.values(COMMANDS).map((c) => [c.name, c.usage]),
);

/** The options each command's parser accepts: its usage must list every one of them, and no other. */
export const COMMAND_OPTIONS: Readonly<Record<string, Command['options']>> = Object.fromEntries(
  Object.values(COMMANDS).map((c) => [c.name, c.options]),
);

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
  if (command !== undefined && Object.hasOwn(COMMANDS, command)) return runCommand(COMMANDS[command]!, rest);
  switch (command) {
    case 'help':
      return help(rest);
    case '--version':
    case '-V':
      process.stdout.write(`${version()}\n`);
      return 0;
    case '--help':
    case '-h':
      process.stdout.write(MAIN_USAGE);
      return 0;
    case undefined:
      process.stderr.write(MAIN_USAGE);
      return EXIT_USAGE;
    default:
      return noCommand(`unknown command "${printable(command)}"`);
  }
}

/** `svc-policy help [COMMAND]`: the main usage, or the usage of a command. */
function help(args: readonly string[]): number {
  const [topic, ...extra] = args;
  if (topic === undefined) {
    process.stdout.write(MAIN_USAGE);
    return 0;
  }
  if (extra.length > 0 || !Object.hasOwn(COMMAND_USAGE, topic))
    return noCommand(`no help for "${printable(args.join(' '))}"`);
  process.stdout.write(COMMAND_USAGE[topic]!);
  return 0;
}

/** A command line that names no command: the error, escaped, and where the commands are listed. */
function noCommand(message: string): number {
  reporter(null).say(message);
  process.stderr.write('run "svc-policy --help" for the commands\n');
  return EXIT_USAGE;
}
