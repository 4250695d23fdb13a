import fc from 'fast-check';

/** The seed of every property test: fixed, from the environment when set, printed on failure. */
export const SEED = Number(process.env.FC_SEED ?? 20261122);

/**
 * The seed of the fuzz suite (test/hostile/fuzz.test.ts): `FC_SEED` when set, else a fresh one per run,
 * so that CI explores new inputs every time; printed when the suite starts and in every failure, and
 * replayed with `FC_SEED=<seed> npx vitest run test/hostile/fuzz.test.ts`.
 */
export const FUZZ_SEED =
  process.env.FC_SEED === undefined ? (Date.now() ^ Math.floor(Math.random() * 2 ** 31)) >>> 0 : SEED;

/** At least 1,000 runs per property in CI; fewer locally to keep the edit loop fast. */
export const NUM_RUNS = Number(process.env.FC_RUNS ?? (process.env.CI ? 1000 : 200));

function withSeed(error: unknown, seed: number, numRuns: number): Error {
  return new Error(`property failed with FC_SEED=${seed} (numRuns ${numRuns}): ${String(error)}`, {
    cause: error,
  });
}

/** `fc.assert` with the project's seed (or `params.seed`) and run count; the seed is in the failure message. */
export function check<Ts>(property: fc.IProperty<Ts>, params: fc.Parameters<Ts> = {}): void {
  const options = { seed: SEED, numRuns: NUM_RUNS, ...params };
  try {
    fc.assert(property, options);
  } catch (error) {
    throw withSeed(error, options.seed, options.numRuns);
  }
}

/** The asynchronous twin of {@link check}. */
export async function checkAsync<Ts>(
  property: fc.IAsyncProperty<Ts>,
  params: fc.Parameters<Ts> = {},
): Promise<void> {
  const options = { seed: SEED, numRuns: NUM_RUNS, ...params };
  try {
    await fc.assert(property, options);
  } catch (error) {
    throw withSeed(error, options.seed, options.numRuns);
  }
}

/** A test title that names the seed, so a failure in a CI log can be replayed. */
export function titled(title: string, seed = SEED): string {
  return `${title} [FC_SEED=${seed}]`;
}
