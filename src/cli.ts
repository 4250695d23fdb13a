import { renderer } from './cli/eval-command.js';
import { isEvalWorker, runEvalWorker, setWorkerEntry } from './cli/eval-parallel.js';
import { main } from './cli/main.js';
import { printable } from './validate/unprintable.js';

// `svc-policy eval --jobs N` starts its worker threads on this very file (the bundle, once built):
// started as one, it evaluates ranges of the input instead of running the command line.
setWorkerEntry(import.meta.url);

if (isEvalWorker()) {
  void runEvalWorker(renderer);
} else {
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
}
