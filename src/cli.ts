import { renderer } from './cli/eval-explain.js';
import { INDEX_MARK, type RenderOptions, setWorkerEntry, type WorkerSeen } from './cli/eval-parallel.js';
import { main } from './cli/main.js';
import { MAX_CLI_MESSAGE, safeMessage } from './errors.js';
import { isForecastWorker, runForecastWorker } from './node/forecast-file.js';
import { isEvalWorker } from './node/protocol.js';
import { runRangeWorker } from './node/worker.js';
import type { ResourceResults } from './policy/index.js';
import { printable } from './validate/unprintable.js';

/** The stack of an error the CLI did not expect (its message when it has no string stack). */
function internalError(error: unknown): string {
  try {
    const stack = (error as { stack?: unknown } | null)?.stack;
    if (typeof stack === 'string') return stack;
  } catch {
    // A getter or a Proxy trap: the message (or what kind of value it was) says what can be said.
  }
  return safeMessage(error, MAX_CLI_MESSAGE);
}

// `svc-policy eval --jobs N` starts its worker threads on this very file (the bundle, once built):
// started as one, it evaluates ranges of the input instead of running the command line, rendering each
// resource as the main thread would (with a placeholder for its index in the whole input).
setWorkerEntry(import.meta.url);

if (isEvalWorker()) {
  runRangeWorker((policies, options) => {
    const render = renderer(policies, options as RenderOptions);
    // Posted once per range: the resources left unexplained in that range (a difference of counts).
    let reported = 0;
    return Object.assign((event: ResourceResults) => render.candidate(event, INDEX_MARK), {
      seen: (): WorkerSeen => {
        const leftOut = render.leftOut();
        const delta = leftOut - reported;
        reported = leftOut;
        return { ids: [...render.matchedIds], leftOut: delta };
      },
    });
  });
} else if (isForecastWorker()) {
  // `svc-policy forecast --jobs N` starts its workers on this file too.
  runForecastWorker();
} else {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(
        `svc-policy: internal error: ${printable(internalError(error), { lines: true })}\n`,
      );
      process.exitCode = 2;
    },
  );
}
