import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { EVAL_OPTIONS, EVAL_USAGE } from '../../src/cli/eval-command.js';
import { COMMAND_USAGE, MAIN_USAGE } from '../../src/cli/main.js';
import { TEST_OPTIONS, TEST_USAGE } from '../../src/cli/test-command.js';
import { VALIDATE_OPTIONS, VALIDATE_USAGE } from '../../src/cli/validate-command.js';
import { NODE_FLAGS } from '../support/node-flags.js';

const root = join(import.meta.dirname, '..', '..');
const cli = join(root, 'dist', 'cli.js');

function run(args: string[]) {
  const r = spawnSync(process.execPath, [...NODE_FLAGS, cli, ...args], {
    cwd: root,
    encoding: 'utf8',
    input: '',
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The synopsis: the usage lines before the first blank line. */
const synopsis = (usage: string) => usage.split('\n\n')[0]!;
/** The options list: the lines after "options:" up to the next blank line. */
const optionList = (usage: string) => usage.split('options:\n')[1]?.split('\n\n')[0] ?? '';

const commands = [
  { name: 'eval', options: EVAL_OPTIONS, usage: EVAL_USAGE },
  { name: 'test', options: TEST_OPTIONS, usage: TEST_USAGE },
  { name: 'validate', options: VALIDATE_OPTIONS, usage: VALIDATE_USAGE },
] as const;

beforeAll(() => {
  if (!existsSync(cli)) throw new Error('dist/cli.js is missing: run `npx tsup` (npm test builds it)');
});

describe('usage texts', () => {
  for (const { name, options, usage } of commands) {
    it(`svc-policy ${name}: every option the parser accepts is in the synopsis and the options list`, () => {
      const entries = Object.entries(options) as Array<[string, { short?: string }]>;
      expect(entries.length).toBeGreaterThan(0);
      for (const [long, spec] of entries) {
        expect(synopsis(usage), `--${long} in the synopsis`).toMatch(new RegExp(`--${long}(?![\\w-])`));
        expect(optionList(usage), `--${long} in the options`).toMatch(new RegExp(`--${long}(?![\\w-])`));
        if (spec.short !== undefined) {
          expect(optionList(usage), `-${spec.short} in the options`).toContain(`-${spec.short}, --${long}`);
        }
      }
      // And nothing in the options list that the parser would refuse.
      for (const m of optionList(usage).matchAll(/(?:^|\s)--([a-z][\w-]*)/g)) {
        expect(Object.keys(options), `--${m[1]} is listed but not accepted`).toContain(m[1]);
      }
    });

    it(`svc-policy help ${name} and ${name} --help print the same usage (exit 0)`, () => {
      const help = run(['help', name]);
      expect(help.code).toBe(0);
      expect(help.stdout).toBe(usage);
      expect(run([name, '--help']).stdout).toBe(usage);
      expect(COMMAND_USAGE[name]).toBe(usage);
    });
  }

  it('the main usage lists every command and --version', () => {
    for (const name of Object.keys(COMMAND_USAGE)) expect(MAIN_USAGE).toMatch(new RegExp(`^  ${name} `, 'm'));
    expect(MAIN_USAGE).toContain('--version');
    expect(run(['help']).stdout).toBe(MAIN_USAGE);
    expect(run(['--help']).stdout).toBe(MAIN_USAGE);
  });

  it('help for an unknown command is a usage error (2)', () => {
    for (const args of [
      ['help', 'nope'],
      ['help', 'toString'],
      ['help', 'eval', 'extra'],
    ]) {
      const r = run(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toContain('usage: svc-policy');
    }
  });
});

describe('svc-policy --version', () => {
  it("prints the package's version", () => {
    const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
    for (const flag of ['--version', '-V']) {
      const r = run([flag]);
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(`${version}\n`);
    }
  });
});
