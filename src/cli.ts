import { main } from './cli/main.js';
import { printable } from './validate/unprintable.js';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(
      `svc-policy: internal error: ${printable(String((error as Error)?.stack ?? error), { lines: true })}\n`,
    );
    process.exitCode = 2;
  },
);
