import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_OPTIONS, COMMAND_USAGE, MAIN_USAGE } from '../../src/cli/main.js';
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
/** Every `--name` a text mentions. */
const longOptions = (text: string) => [...text.matchAll(/(?:^|[\s[|])--([a-z][\w-]*)/g)].map((m) => m[1]!);

/** Every command of `svc-policy help COMMAND`, with the options object its parser is given. */
const commands = Object.keys(COMMAND_USAGE).map((name) => ({
  name,
  usage: COMMAND_USAGE[name]!,
  options: COMMAND_OPTIONS[name]!,
}));

beforeAll(() => {
  if (!existsSync(cli)) throw new Error('dist/cli.js is missing: run `npx tsup` (npm test builds it)');
});

describe('usage texts', () => {
  it('has the options of every command, and of no other', () => {
    expect(Object.keys(COMMAND_OPTIONS).sort()).toEqual(Object.keys(COMMAND_USAGE).sort());
    expect(Object.keys(COMMAND_USAGE).sort()).toEqual([
      'diff',
      'eval',
      'forecast',
      'migrate-search',
      'sample',
      'test',
      'validate',
    ]);
  });

  for (const { name, options, usage } of commands) {
    it(`svc-policy ${name}: every option the parser accepts is in the synopsis and the options list`, () => {
      const entries = Object.entries(options) as Array<[string, { short?: string }]>;
      expect(entries.length).toBeGreaterThan(0);
      expect(synopsis(usage)).toMatch(new RegExp(`^usage: svc-policy ${name} `));
      for (const [long, spec] of entries) {
        expect(synopsis(usage), `--${long} in the synopsis`).toMatch(new RegExp(`--${long}(?![\\w-])`));
        expect(optionList(usage), `--${long} in the options`).toMatch(new RegExp(`--${long}(?![\\w-])`));
        if (spec.short !== undefined) {
          expect(optionList(usage), `-${spec.short} in the options`).toContain(`-${spec.short}, --${long}`);
        }
      }
      // And nothing in the synopsis or the options list that the parser would refuse.
      for (const text of [synopsis(usage), optionList(usage)]) {
        for (const long of longOptions(text)) {
          expect(Object.keys(options), `--${long} is listed but not accepted`).toContain(long);
        }
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
      expect(r.stderr).toContain('run "svc-policy --help" for the commands');
      expect(r.stderr).not.toContain('usage: svc-policy');
    }
  });

  it('a usage error prints the error and one line pointing at --help, not the whole usage (2)', () => {
    for (const args of [
      ['diff', '--nope'],
      ['diff', '--before', 'a.json'],
      ['test', '--format', 'xml'],
      ['validate'],
      ['validate', '--max-bytes', '-1', 'p.json'],
    ]) {
      const r = run(args);
      expect(r.code, args.join(' ')).toBe(2);
      const lines = r.stderr.trimEnd().split('\n');
      expect(lines, args.join(' ')).toHaveLength(2);
      expect(lines[0]).toMatch(new RegExp(`^svc-policy ${args[0]}: `));
      expect(lines[1]).toBe(`run "svc-policy ${args[0]} --help" for the usage`);
    }
    const unknown = run(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe(
      'svc-policy: unknown command "frobnicate"\nrun "svc-policy --help" for the commands\n',
    );
  });
});

/** A command's synopsis as the docs write it: `usage: ` dropped, the continuation lines re-aligned. */
const docSynopsis = (usage: string) =>
  synopsis(usage)
    .replace(/^usage: /, '')
    .replace(/\n {7}/g, '\n');

describe('the synopses in the docs', () => {
  const files = [
    'README.md',
    ...readdirSync(join(root, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ];
  /** The lines of the fenced code blocks of a Markdown file. */
  const codeLines = (text: string) =>
    [...text.matchAll(/^```[^\n]*\n([\s\S]*?)^```/gm)].flatMap((m) => m[1]!.split('\n'));
  const docs = files.map((file) => ({ file, text: readFileSync(join(root, file), 'utf8') }));

  for (const { name } of commands) {
    it(`svc-policy ${name}: the docs show the synopsis of \`svc-policy help ${name}\`, and no other`, () => {
      const help = run(['help', name]);
      expect(help.code).toBe(0);
      const expected = docSynopsis(help.stdout);
      const first = expected.split('\n')[0]!;
      // A line of a code block that reads like a synopsis (the command, and an option in brackets; an
      // example never has one) must be the synopsis of today's usage, in full.
      const starts = new RegExp(`^svc-policy ${name} .*\\[--`);
      let shown = 0;
      for (const { file, text } of docs) {
        const lines = codeLines(text);
        for (const [i, line] of lines.entries()) {
          if (!starts.test(line)) continue;
          expect(`${file}: ${line}`).toBe(`${file}: ${first}`);
          expect(lines.slice(i, i + expected.split('\n').length).join('\n'), file).toBe(expected);
          shown++;
        }
      }
      expect(shown, `no doc shows the synopsis of ${name}:\n${expected}`).toBeGreaterThan(0);
    });
  }
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
