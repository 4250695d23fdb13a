/**
 * What the repository's example and valid policies need of each limit (docs/limits.md): the largest
 * value each one reaches, next to its default. Run with `npx tsx scripts/measure-policies.ts [DIR...]`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { PATH_SEPARATOR } from '../src/ast/nodes.js';
import { DEFAULT_LIMITS, LIMIT_NAMES, type Limits } from '../src/limits.js';
import { likeWildcards } from '../src/semantics/like.js';

type Usage = Record<keyof Limits, number>;

const dirs =
  process.argv.length > 2 ? process.argv.slice(2) : ['fixtures/policies/examples', 'fixtures/policies/valid'];
const usage = Object.fromEntries(LIMIT_NAMES.map((n) => [n, 0])) as Usage;
const raise = (name: keyof Limits, value: number) => {
  usage[name] = Math.max(usage[name], value);
};

/** Counts a filter's nodes as the parser does (docs/limits.md) and records the other axes; returns its nodes. */
function filter(value: unknown, depth: number): number {
  if (typeof value !== 'object' || value === null) return 0;
  raise('maxDepth', depth);
  const keys = Object.keys(value);
  raise('maxKeys', keys.length);
  let nodes = 1;
  for (const key of keys) {
    const operand = (value as Record<string, unknown>)[key];
    nodes += 1;
    if (key === '$and' || key === '$or') {
      for (const item of operand as unknown[]) nodes += filter(item, depth + 1);
      continue;
    }
    if (key === '$not') {
      nodes += filter(operand, depth + 1);
      continue;
    }
    const segments = key.split(PATH_SEPARATOR);
    raise('maxPathSegments', segments.length);
    for (const s of segments) raise('maxSegmentLength', s.length);
    nodes += segments.length;
    const ops = operand as Record<string, unknown>;
    raise('maxKeys', Object.keys(ops).length);
    for (const [op, x] of Object.entries(ops)) {
      nodes += 1;
      if (op === '$elemMatch') nodes += filter(x, depth + 1);
      else if (op === '$like' && typeof x === 'string') {
        raise('maxPatternLength', x.length);
        raise('maxWildcards', likeWildcards(x));
        nodes += likeWildcards(x);
      } else if (Array.isArray(x)) {
        raise('maxListItems', x.length);
        nodes += x.length;
        for (const item of x) if (typeof item === 'string') raise('maxStringLength', item.length);
      } else if (typeof x === 'string') raise('maxStringLength', x.length);
    }
  }
  raise('maxNodes', nodes);
  return nodes;
}

function policy(definition: Record<string, unknown>): void {
  const def = (definition.policy ?? definition) as Record<string, unknown>;
  let nodes = filter((def.query as { filter?: unknown } | undefined)?.filter, 1);
  let rules = 0;
  let conditions = 0;
  const statuses = (def.statusDefinitions ?? {}) as Record<
    string,
    { rules?: { conditions: { condition: { filter: unknown } }[] }[] }
  >;
  raise('maxKeys', Object.keys(statuses).length);
  for (const status of Object.values(statuses)) {
    for (const rule of status.rules ?? []) {
      rules++;
      for (const c of rule.conditions) {
        conditions++;
        nodes += filter(c.condition.filter, 1);
      }
    }
  }
  raise('maxPolicyNodes', nodes);
  raise('maxRules', rules);
  raise('maxConditions', conditions);
}

/** Values of a document as `maxDocumentValues` counts them: every value, and every key of an object. */
function documentValues(value: unknown): number {
  let n = 0;
  const stack = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    n++;
    if (Array.isArray(v)) stack.push(...v);
    else if (typeof v === 'object' && v !== null) {
      n += Object.keys(v).length;
      stack.push(...Object.values(v));
    }
  }
  return n;
}

let files = 0;
for (const dir of dirs) {
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (
      !statSync(file).isFile() ||
      /\.test\./.test(name) ||
      !['.json', '.yaml', '.yml'].includes(extname(name))
    )
      continue;
    const text = readFileSync(file, 'utf8');
    raise('maxFileBytes', Buffer.byteLength(text));
    const document = (extname(name) === '.json' ? JSON.parse(text) : parseYaml(text)) as Record<
      string,
      unknown
    >;
    raise('maxDocumentValues', documentValues(document));
    policy(document);
    files++;
  }
}
console.log(`${files} policies in ${dirs.join(', ')}`);
console.log('| limit | largest use | default |\n| --- | --- | --- |');
for (const name of LIMIT_NAMES) console.log(`| ${name} | ${usage[name]} | ${DEFAULT_LIMITS[name]} |`);
