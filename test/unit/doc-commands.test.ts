import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCommandArgs } from '../../src/cli/args.js';
import { COMMAND_OPTIONS, COMMAND_USAGE } from '../../src/cli/main.js';

/**
 * The shell commands of README.md and docs/*.md, as a user pastes them: every line of an `sh` block (and
 * every `run:` of a YAML block: CI steps, lefthook) is run by bash in an empty folder, with no command on
 * PATH (each does nothing) and `svc-policy` (or `npx svc-policy`) a function that records the argv bash
 * gives it. A line may create only the files it redirects to with a `>` of its own (`> policies.sarif`):
 * `--fail-on criticality>=20` unquoted makes bash write a file `=20` and pass `criticality`. Each
 * recorded argv must then be accepted by the command's own parser, a `--format` among the values its
 * usage lists. Inline `svc-policy …` spans of the prose are run the same way.
 */

const ROOT = resolve(import.meta.dirname, '..', '..');
const BASH = ['/bin/bash', '/usr/bin/bash'].find((p) => existsSync(p));
const FILES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`),
];

interface Command {
  readonly file: string;
  readonly line: string;
}

/**
 * A synopsis (the command, then an option in brackets) and its indented continuation lines: a usage
 * text, not a command; test/integration/cli-help.test.ts holds them to `svc-policy help`.
 */
const SYNOPSIS = /^(npx )?svc-policy \S+ .*\[--/;

function commandsOf(file: string): Command[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const out: Command[] = [];
  for (const m of text.matchAll(/^```(\w*)[^\n]*\n([\s\S]*?)^```/gm)) {
    const [, lang, body] = m as unknown as [string, string, string];
    if (['sh', 'bash', 'shell'].includes(lang)) {
      let synopsis = false;
      for (const line of body.replace(/\\\n\s*/g, ' ').split('\n')) {
        if (SYNOPSIS.test(line)) synopsis = true;
        else if (!/^\s/.test(line)) synopsis = false;
        if (!synopsis && line.trim() !== '' && !line.trimStart().startsWith('#')) out.push({ file, line });
      }
    } else if (lang === 'yaml' || lang === 'yml') {
      for (const run of body.matchAll(/^\s*(?:- )?run: (.+)$/gm)) out.push({ file, line: run[1]! });
    }
  }
  // Inline code of the prose that runs the command (not its name alone, nor a message `svc-policy eval: …`).
  const prose = text.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '');
  for (const m of prose.matchAll(/`((?:npx )?svc-policy\s+-{0,2}[\w-]+(?:\s[^`]*)?)`/g)) {
    const line = m[1]!.replace(/\s*\n\s*/g, ' ');
    if (!SYNOPSIS.test(line)) out.push({ file, line });
  }
  return out;
}

/** The files a line means to create: targets of a `>`/`>>` that stands as a word of its own. */
function redirectTargets(line: string): string[] {
  const unquoted = line.replace(/'[^']*'|"(?:[^"\\]|\\.)*"/g, "''");
  return [...unquoted.matchAll(/(?:^|\s)\d?>>?\s*([^\s;&|<>]+)/g)].map((m) => m[1]!);
}

/** Runs one line with bash: the argv of each `svc-policy` call, and the files left in the folder. */
function runLine(line: string): {
  calls: string[][];
  created: string[];
  code: number | null;
  stderr: string;
} {
  const dir = mkdtempSync(join(tmpdir(), 'svc-policy-doc-'));
  try {
    const script = [
      // No command exists: anything but svc-policy does nothing (docker, curl, npm…).
      'command_not_found_handle() { return 0; }',
      `svc-policy() { printf '%s\\0' "$#" "$@" >&3; }`,
      'npx() { if [ "$1" = svc-policy ]; then shift; svc-policy "$@"; fi; }',
      line,
    ].join('\n');
    const r = spawnSync(BASH!, ['--noprofile', '--norc', '-c', script], {
      cwd: dir,
      env: { PATH: join(dir, 'no-such-dir'), HOME: dir, LANG: 'C.UTF-8' },
      encoding: 'utf8',
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
      timeout: 10_000,
    });
    const fields = (r.output[3] ?? '').split('\0');
    const calls: string[][] = [];
    for (let i = 0; i < fields.length - 1; ) {
      const n = Number(fields[i]);
      calls.push(fields.slice(i + 1, i + 1 + n));
      i += n + 1;
    }
    return { calls, created: readdirSync(dir).sort(), code: r.status, stderr: r.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Why the CLI would refuse an argv before reading any file, or undefined when it accepts it. */
function refusal(argv: readonly string[]): string | undefined {
  const [command, ...rest] = argv;
  if (command === undefined) return 'no command';
  if (['--version', '-V', '--help', '-h'].includes(command)) return rest.length === 0 ? undefined : 'extra';
  if (command === 'help') {
    return rest.length <= 1 && (rest[0] === undefined || rest[0] in COMMAND_USAGE)
      ? undefined
      : `help for an unknown command: ${rest.join(' ')}`;
  }
  const options = COMMAND_OPTIONS[command];
  if (options === undefined || !Object.hasOwn(COMMAND_OPTIONS, command)) return `unknown command ${command}`;
  let values: Record<string, unknown>;
  try {
    values = parseCommandArgs(rest, options as Parameters<typeof parseCommandArgs>[1]).values;
  } catch (error) {
    return (error as Error).message;
  }
  const formats = /--format ([\w|]+)/.exec(COMMAND_USAGE[command]!)?.[1]?.split('|');
  if (typeof values.format === 'string' && formats !== undefined && !formats.includes(values.format)) {
    return `--format ${values.format} is not one of ${formats.join('|')}`;
  }
  return undefined;
}

const commands = FILES.flatMap(commandsOf);

describe.skipIf(BASH === undefined)('the shell commands of the README and docs, as bash runs them', () => {
  it('finds the commands (the README CI example among them)', () => {
    expect(commands.filter((c) => c.file === 'README.md').length).toBeGreaterThan(10);
    expect(commands.some((c) => /^svc-policy eval .*--fail-on /.test(c.line))).toBe(true);
  });

  it('the check itself: an unquoted `>=` leaves a stray file, a quoted one passes the condition whole', () => {
    const bare = runLine('svc-policy eval -p policies/ --fail-on criticality>=20');
    expect(bare.created).toEqual(['=20']);
    expect(bare.calls).toEqual([['eval', '-p', 'policies/', '--fail-on', 'criticality']]);
    const quoted = runLine("svc-policy eval -p policies/ --fail-on 'criticality>=20' > out.json");
    expect(quoted.created).toEqual(['out.json']);
    expect(quoted.calls).toEqual([['eval', '-p', 'policies/', '--fail-on', 'criticality>=20']]);
    expect(redirectTargets("svc-policy eval --fail-on 'a>1' > out.json")).toEqual(['out.json']);
    expect(refusal(['eval', '--fail-on', 'criticality>=20'])).toBeUndefined();
    expect(refusal(['eval', '--fial-on', 'x'])).toBeDefined();
    expect(refusal(['eval', '--format', 'xml'])).toBeDefined();
  });

  for (const file of FILES) {
    const own = commands.filter((c) => c.file === file);
    it.skipIf(own.length === 0)(
      `${file}: every line runs as written, and the CLI accepts its arguments`,
      () => {
        const problems: string[] = [];
        for (const { line } of own) {
          const r = runLine(line);
          const expected = [...new Set(redirectTargets(line))].sort();
          if (r.code !== 0) problems.push(`${line}\n  bash exits ${r.code}: ${r.stderr.trim()}`);
          if (r.created.join('\n') !== expected.join('\n')) {
            problems.push(
              `${line}\n  creates ${JSON.stringify(r.created)}, redirects to ${JSON.stringify(expected)} (quote an argument holding > or <)`,
            );
          }
          for (const argv of r.calls) {
            const why = refusal(argv);
            if (why !== undefined) problems.push(`${line}\n  svc-policy ${JSON.stringify(argv)}: ${why}`);
          }
        }
        expect(problems.join('\n')).toBe('');
      },
    );
  }
});
