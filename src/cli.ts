import { main } from './cli/main.js';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`svc-policy: internal error: ${String((error as Error)?.stack ?? error)}\n`);
    process.exitCode = 2;
  },
);
