import { renderer } from './cli/eval-command.js';
import { INDEX_MARK, type RenderOptions, setWorkerEntry } from './cli/eval-parallel.js';
import { main } from './cli/main.js';
import { isEvalWorker } from './node/protocol.js';
import { runRangeWorker } from './node/worker.js';
import type { ResourceResults } from './policy/index.js';
import { printable } from './validate/unprintable.js';

// `svc-policy eval --jobs N` starts its worker threads on this very file (the bundle, once built):
// started as one, it evaluates ranges of the input instead of running the command line, rendering each
// resource as the main thread would (with a placeholder for its index in the whole input).
setWorkerEntry(import.meta.url);

if (isEvalWorker()) {
  runRangeWorker((policies, options) => {
    const render = renderer(policies, options as RenderOptions);
    return Object.assign((event: ResourceResults) => render(event, INDEX_MARK), {
      seen: () => [...render.matchedIds],
    });
  });
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
