import { runEval } from './eval-command.js';
import { runMigrateSearch } from './migrate-search-command.js';
import { runValidate } from './validate-command.js';

const USAGE = `usage: svc-policy <command> [options]

commands:
  eval       evaluate policies over an inventory (svc-policy eval --help)
  validate   validate policy files (svc-policy validate --help)
  migrate-search  rewrite stored legacy search bodies as query requests (svc-policy migrate-search --help)
`;

/** Runs the CLI with the given arguments; resolves to the process exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'eval':
      return runEval(rest);
    case 'validate':
      return runValidate(rest);
    case 'migrate-search':
      return runMigrateSearch(rest);
    case '--help':
    case '-h':
    case 'help':
      process.stdout.write(USAGE);
      return 0;
    default:
      process.stderr.write(
        command === undefined ? USAGE : `svc-policy: unknown command "${command}"\n${USAGE}`,
      );
      return 2;
  }
}
