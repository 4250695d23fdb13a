import { readFileSync, writeFileSync } from 'node:fs';

/**
 * Writes a generated source file, or with `--check` on the command line only verifies that it is up to
 * date (exit 1 and a message on stderr when not): the generators' tests run them that way, so that a
 * change of what they generate from cannot ship with a stale file.
 *
 * @example
 * writeOrCheck('src/compile/generated/key-sites.ts', generate());
 */
export function writeOrCheck(target: string, code: string): void {
  if (!process.argv.includes('--check')) {
    writeFileSync(target, code);
    return;
  }
  let current: string | undefined;
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    current = undefined;
  }
  if (current !== code) {
    console.error(`${target} is out of date: run npm run generate`);
    process.exit(1);
  }
}
