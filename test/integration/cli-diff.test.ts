import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NODE_FLAGS } from '../support/node-flags.js';
import { suiteTempDir } from '../support/temp.js';

/**
 * `svc-policy diff` as users run it (the built CLI), on a real git repository made in a temporary
 * folder: a policy file at a revision against the working tree, files, directories paired by policy
 * name, the three formats, --fail-on and the exit codes.
 */

const CLI = join(import.meta.dirname, '..', '..', 'dist', 'cli.js');
const temp = suiteTempDir('diff');

function run(args: readonly string[], cwd: string, input = '') {
  const r = spawnSync(process.execPath, [...NODE_FLAGS, CLI, 'diff', ...args], {
    cwd,
    encoding: 'utf8',
    input,
    timeout: 60_000,
  });
  if (r.error) throw r.error;
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const eol = (below: string, extra: Record<string, unknown> = {}) => ({
  name: 'end of life',
  resource: 'component',
  query: { filter: { technology: { $eq: 'k8s' } } },
  statusDefinitions: {
    supported: { isDefault: true, criticality: 0 },
    eol: {
      criticality: 10,
      rules: [{ conditions: [{ type: 'filter', condition: { filter: { version: { $vlt: below } } } }] }],
    },
  },
  ...extra,
});
const owners = (tag: string) => ({
  name: 'owners',
  statusDefinitions: {
    owned: { isDefault: true, criticality: 0 },
    unowned: {
      criticality: 5,
      rules: [
        { conditions: [{ type: 'filter', condition: { filter: { [`tags$.${tag}`]: { $exists: false } } } }] },
      ],
    },
  },
});

const INVENTORY = [
  { id: 'a', technology: 'k8s', version: '1.27', tags: { owner: 'x' } },
  { id: 'b', technology: 'k8s', version: '1.28', tags: { team: 'y' } },
  { id: 'c', technology: 'k8s', version: '1.28.4', tags: {} },
  { id: 'd', technology: 'k8s', version: '1.30', tags: { owner: 'x', team: 'y' } },
  { id: 'e', technology: 'postgres', version: '16' },
];

/** A git repository holding policies/ at one commit, edited in the working tree. */
function repository(): string {
  const dir = temp.subfolder('repo-');
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'pipe' });
  git('init', '-q');
  git('config', 'user.email', 'test@example.com');
  git('config', 'user.name', 'test');
  mkdirSync(join(dir, 'policies'));
  writeFileSync(join(dir, 'policies', 'eol.json'), JSON.stringify(eol('1.28'), null, 2));
  writeFileSync(join(dir, 'policies', 'owners.yaml'), `${JSON.stringify(owners('owner'))}\n`);
  git('add', '.');
  git('commit', '-q', '-m', 'policies');
  writeFileSync(join(dir, 'policies', 'eol.json'), JSON.stringify(eol('1.29'), null, 2));
  writeFileSync(join(dir, 'inventory.ndjson'), `${INVENTORY.map((r) => JSON.stringify(r)).join('\n')}\n`);
  return dir;
}

describe('svc-policy diff', () => {
  it('compares a file at a git revision with the working tree: the matrix and explained examples', () => {
    const dir = repository();
    const r = run(
      ['--before', 'HEAD:policies/eol.json', '--input', 'inventory.ndjson', '--format', 'json'],
      dir,
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const [p] = JSON.parse(r.stdout).policies;
    expect(p.policy).toBe('end of life');
    expect(p.before).toBe('HEAD:policies/eol.json');
    expect(p.after).toBe('policies/eol.json');
    expect(p.diff).toMatchObject({ resources: 5, changed: 2, unchanged: 3 });
    expect(
      p.diff.matrix.map((c: { before: string; after: string; count: number }) => [
        c.before,
        c.after,
        c.count,
      ]),
    ).toEqual([
      ['supported', 'eol', 2],
      [null, null, 1],
      ['eol', 'eol', 1],
      ['supported', 'supported', 1],
    ]);
    expect(p.diff.matrix[0].examples.map((e: { resource: { id: string } }) => e.resource.id)).toEqual([
      'b',
      'c',
    ]);
  });

  it('writes a Markdown pull-request comment and a table', () => {
    const dir = repository();
    const markdown = run(
      ['--before', 'HEAD:policies/eol.json', '-i', 'inventory.ndjson', '-f', 'markdown'],
      dir,
    );
    expect(markdown.code).toBe(0);
    expect(markdown.stdout).toContain('| supported | eol   |         2 |');
    expect(markdown.stdout).toContain('<details><summary>Examples</summary>');
    expect(markdown.stdout).toContain(
      '- record 2 b: supported (default; nearest miss: rule 1 of eol) → eol (rule 1 of eol)',
    );
    // docs/cli.md shows this very comment.
    const readme = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'cli.md'), 'utf8');
    expect(readme).toContain(`\`\`\`markdown\n${markdown.stdout}\`\`\``);
    const table = run(['--before', 'HEAD:policies/eol.json', '-i', 'inventory.ndjson', '-f', 'table'], dir);
    expect(table.stdout.split('\n')[0]).toBe(
      'policy end of life: 5 resources, 2 change status, 60.0% unchanged',
    );
    expect(table.stdout).toMatch(/supported → eol\s+2/);
  });

  it('--fail-on blocks a risky change: exit 1, and why on stderr', () => {
    const dir = repository();
    const args = ['--before', 'HEAD:policies/eol.json', '-i', 'inventory.ndjson', '-f', 'json'];
    expect(run([...args, '--fail-on', 'eol>2'], dir).code).toBe(0);
    const met = run([...args, '--fail-on', 'eol>1'], dir);
    expect(met.code).toBe(1);
    expect(met.stderr).toContain('end of life: eol>1 (2)');
    expect(JSON.parse(met.stdout).failOn.matched).toEqual([
      { condition: 'eol>1', policy: 'end of life', count: 2 },
    ]);
    expect(run([...args, '--fail-on', '*>1'], dir).code).toBe(1);
    expect(run([...args, '--fail-on', 'supported>0'], dir).code).toBe(0);
  });

  it('pairs the policies of two directories by name; an added or removed policy moves from or to no status', () => {
    const dir = repository();
    const after = join(dir, 'after');
    mkdirSync(after);
    writeFileSync(join(after, 'eol.json'), JSON.stringify(eol('1.29')));
    writeFileSync(join(after, 'owners.json'), JSON.stringify(owners('team')));
    writeFileSync(join(after, 'new.json'), JSON.stringify({ ...owners('cost'), name: 'cost centre' }));
    const r = run(['--before', 'policies', '--after', 'after', '-i', 'inventory.ndjson', '-f', 'json'], dir);
    expect(r.code).toBe(0);
    const byName = Object.fromEntries(
      JSON.parse(r.stdout).policies.map((p: { policy: string; before: unknown; diff: unknown }) => [
        p.policy,
        p,
      ]),
    );
    expect(Object.keys(byName).sort()).toEqual(['cost centre', 'end of life', 'owners']);
    expect(byName['cost centre'].before).toBeNull();
    expect(byName['cost centre'].diff.matrix.every((c: { before: unknown }) => c.before === null)).toBe(true);
    expect(byName['cost centre'].diff.changed).toBe(5);
    // owners: a owner→(no team) becomes unowned, b and d keep, c stays unowned, e (no tags) stays unowned.
    expect(byName.owners.diff.changed).toBe(2);
  });

  it('exit 2 with a message for usage errors, bad revisions, invalid policies and bad input', () => {
    const dir = repository();
    const cases: [string[], RegExp][] = [
      [['--input', 'inventory.ndjson'], /--before SPEC is required/],
      [['--before', 'policies/eol.json', '--input', 'inventory.ndjson'], /--after SPEC is required/],
      [['--before', 'HEAD:policies/eol.json'], /--input FILE is required/],
      [['--before', 'HEAD:policies/eol.json', '-i', 'inventory.ndjson', '-f', 'xml'], /--format must be/],
      [['--before', 'HEAD:policies/eol.json', '-i', 'inventory.ndjson', '--fail-on', 'eol'], /STATUS>N/],
      [
        ['--before', 'nope:policies/eol.json', '-i', 'inventory.ndjson'],
        /cannot read nope:policies\/eol.json from git/,
      ],
      [['--before', 'HEAD:policies/missing.json', '-i', 'inventory.ndjson'], /from git/],
      [['--before', 'HEAD:policies/eol.json', '-i', 'missing.ndjson'], /cannot read input/],
      [['--before', 'policies', '--after', 'policies', '-i', '-'], /once per policy/],
    ];
    for (const [args, message] of cases) {
      const r = run(args, dir);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(message);
    }
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ name: 'end of life', statusDefinitions: {} }));
    const bad = run(
      ['--before', 'HEAD:policies/eol.json', '--after', 'bad.json', '-i', 'inventory.ndjson'],
      dir,
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('bad.json');
  });

  it('says which statuses the edit made unreachable, beside the matrix', () => {
    const dir = repository();
    // The edit adds a more critical status that holds whenever eol does (the static checks decide
    // implication between $in sets, not version order): eol can no longer be reached.
    const when = (filter: Record<string, unknown>) => [
      { conditions: [{ type: 'filter', condition: { filter } }] },
    ];
    const edited = {
      ...eol('1.29'),
      statusDefinitions: {
        supported: { isDefault: true, criticality: 0 },
        eol: { criticality: 10, rules: when({ version: { $in: ['1.28', '1.28.4'] } }) },
        retired: { criticality: 20, rules: when({ version: { $in: ['1.27', '1.28', '1.28.4'] } }) },
      },
    };
    writeFileSync(join(dir, 'policies', 'eol.json'), JSON.stringify(edited, null, 2));
    const args = ['--before', 'HEAD:policies/eol.json', '-i', 'inventory.ndjson'];
    const json = JSON.parse(run([...args, '-f', 'json'], dir).stdout).policies[0];
    expect(json.static.becameUnreachable).toEqual(['eol']);
    expect(json.static.newFindings.map((f: { code: string }) => f.code)).toEqual(['SHADOWED_RULE']);
    // Dynamically too: no resource is eol after the edit.
    expect(json.diff.matrix.some((c: { after: string }) => c.after === 'eol')).toBe(false);
    const table = run([...args, '-f', 'table'], dir).stdout;
    expect(table).toContain('  statically: status "eol" can no longer be reached');
    const markdown = run([...args, '-f', 'markdown'], dir).stdout;
    expect(markdown).toContain('- ⚠️ status "eol" can no longer be reached');
  });

  it('run from a subdirectory, REV:PATH is read from the repository root and REV:./PATH from here', () => {
    const dir = repository();
    const sub = join(dir, 'policies');
    for (const [spec, after] of [
      ['HEAD:policies/eol.json', 'eol.json'],
      ['HEAD:./eol.json', './eol.json'],
    ] as const) {
      const r = run(['--before', spec, '-i', '../inventory.ndjson', '-f', 'json'], sub);
      expect(r.stderr, spec).toBe('');
      expect(r.code, spec).toBe(0);
      const [p] = JSON.parse(r.stdout).policies;
      expect(p.after).toBe(after);
      expect(p.diff.changed).toBe(2);
    }
  });

  it('says why a git blob cannot be read when it is larger than the file size limit', () => {
    const dir = repository();
    const r = run(
      ['--before', 'HEAD:policies/eol.json', '-i', 'inventory.ndjson', '--limit', 'maxFileBytes=100'],
      dir,
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'cannot read HEAD:policies/eol.json from git: the file is more than the limit of 100 bytes (--limit maxFileBytes)',
    );
  });

  it('markdown: mentions, entities, strike-through and bare URLs from names are escaped', () => {
    const dir = repository();
    const hostile =
      '@octo-org/admins @someone ~~gone~~ &rlm;x&lrm; https://evil.example/a www.evil.example a@b.example';
    writeFileSync(join(dir, 'hostile.json'), JSON.stringify(eol('1.29', { name: hostile })));
    const r = run(
      [
        '--before',
        'HEAD:policies/eol.json',
        '--after',
        'hostile.json',
        '-i',
        'inventory.ndjson',
        '-f',
        'markdown',
      ],
      dir,
    );
    expect(r.code).toBe(0);
    const heading = r.stdout.split('\n').find((l) => l.startsWith('#### '))!;
    expect(heading).toBe(
      '#### @&#8203;octo-org/admins @&#8203;someone \\~\\~gone\\~\\~ \\&rlm;x\\&lrm; https:&#8203;//evil.example/a www&#8203;.evil.example a@&#8203;b.example',
    );
    // Nothing GitHub would link, notify or strike through is left in the comment.
    expect(r.stdout).not.toMatch(/@[\w-]|~~|(?<!\\)&[lr]lm;|https?:\/\/|www\./);
  });

  it('reads the inventory from standard input for one pair', () => {
    const dir = repository();
    const input = INVENTORY.map((r) => JSON.stringify(r)).join('\n');
    const r = run(['--before', 'HEAD:policies/eol.json', '-i', '-', '-f', 'json'], dir, input);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).policies[0].diff.changed).toBe(2);
  });
});
