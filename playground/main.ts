/**
 * The playground page: an editor for a filter or a policy, a generated or pasted inventory, and every
 * view of the library's answer, recomputed as you type. Everything runs in the page; the state lives
 * in the URL fragment, so a link shares it without sending anything anywhere.
 */
import { parse as parseYaml } from 'yaml';
import { generateInventory, REFERENCE_DATE } from '../fixtures/generator.js';
import {
  type CompiledPolicy,
  compileFilter,
  compilePolicy,
  parseFilter,
  parseQuery,
  queryInMemory,
  type ResourceName,
} from '../src/index.js';
import { policyToMongo, toMongo } from '../src/mongo.js';
import { policyToSql, toSql } from '../src/sql.js';
import { validatePolicy } from '../src/validate.js';
import { columnsFor } from './columns.js';
import { impactMatrix } from './impact.js';

interface State {
  text: string;
  after: string;
  size: number;
  resource: ResourceName;
  query: string;
}

const DEFAULT_STATE: State = {
  text: '{ "technology": { "$eq": "postgres" } }',
  after: '',
  size: 1000,
  resource: 'component',
  query: '{ "sort": { "region": "asc" }, "fields": ["id", "region", "technology"], "pageSize": 10 }',
};

const $ = <E extends HTMLElement>(id: string): E => {
  const element = document.getElementById(id);
  if (element === null) throw new Error(`missing #${id}`);
  return element as E;
};

const editor = $<HTMLTextAreaElement>('editor');
const afterEditor = $<HTMLTextAreaElement>('after');
const queryEditor = $<HTMLTextAreaElement>('query');
const sizeSelect = $<HTMLSelectElement>('size');
const resourceSelect = $<HTMLSelectElement>('resource');
const ndjsonInput = $<HTMLTextAreaElement>('ndjson');

let pasted: unknown[] | undefined;
let generated: { size: number; records: unknown[] } | undefined;
let generation = 0;
let pageTokens: (string | undefined)[] = [undefined];
let lastRecords: unknown[] = [];
let lastPolicy: CompiledPolicy | undefined;

function readState(): State {
  const hash = location.hash.slice(1);
  if (hash === '') return { ...DEFAULT_STATE };
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(hash));
    if (typeof parsed === 'object' && parsed !== null)
      return { ...DEFAULT_STATE, ...(parsed as Partial<State>) };
  } catch {
    // A damaged link falls back to the default state rather than an empty page.
  }
  return { ...DEFAULT_STATE };
}

function currentState(): State {
  return {
    text: editor.value,
    after: afterEditor.value,
    size: Number(sizeSelect.value),
    resource: resourceSelect.value as ResourceName,
    query: queryEditor.value,
  };
}

function applyState(state: State): void {
  editor.value = state.text;
  afterEditor.value = state.after;
  sizeSelect.value = String(state.size);
  resourceSelect.value = state.resource;
  queryEditor.value = state.query;
}

function inventory(size: number): unknown[] {
  if (pasted !== undefined) return pasted;
  if (generated?.size !== size) {
    const components = size;
    const records = [
      ...generateInventory(
        { components, certificates: Math.round(components / 10) },
        { seed: 42, now: REFERENCE_DATE },
      ),
    ];
    generated = { size, records };
  }
  return generated.records;
}

function formatOf(text: string): 'json' | 'yaml' {
  return /^\s*[[{]/.test(text) ? 'json' : 'yaml';
}

function parseText(text: string): unknown {
  return formatOf(text) === 'json' ? JSON.parse(text) : parseYaml(text);
}

function isPolicy(value: unknown): boolean {
  return typeof value === 'object' && value !== null && ('statusDefinitions' in value || 'name' in value);
}

function show(id: string, value: unknown): void {
  $(id).textContent = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

function errorText(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const e = error as { code?: unknown; message?: unknown; problems?: unknown };
    if (Array.isArray(e.problems))
      return e.problems
        .map(
          (p: { code: string; path: string; message: string }) =>
            `${p.code} at ${p.path || '/'}: ${p.message}`,
        )
        .join('\n');
    return `${String(e.code ?? 'ERROR')}: ${String(e.message)}`;
  }
  return String(error);
}

function kindOf(record: unknown): unknown {
  return typeof record === 'object' && record !== null
    ? (record as { resource?: unknown }).resource
    : undefined;
}

/** Runs `step` over the records in chunks, yielding to the event loop between them; stops when superseded. */
async function chunked(
  records: readonly unknown[],
  run: number,
  step: (record: unknown) => void,
): Promise<boolean> {
  const CHUNK = 10_000;
  for (let i = 0; i < records.length; i += CHUNK) {
    if (run !== generation) return false;
    const end = Math.min(records.length, i + CHUNK);
    for (let j = i; j < end; j++) step(records[j]);
    if (end < records.length) await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return run === generation;
}

function renderDiagnostics(
  diagnostics: readonly {
    severity: string;
    code: string;
    message: string;
    path: string;
    line?: number;
    column?: number;
  }[],
): void {
  const list = $('diagnostics');
  list.replaceChildren(
    ...diagnostics.map((d) => {
      const item = document.createElement('li');
      item.className = d.severity;
      const where = d.line === undefined ? d.path || '/' : `${d.line}:${d.column ?? 1}`;
      item.textContent = `${where} ${d.severity} ${d.code} ${d.message}`;
      return item;
    }),
  );
  if (diagnostics.length === 0)
    list.replaceChildren(
      Object.assign(document.createElement('li'), { className: 'ok', textContent: 'No problems' }),
    );
}

function renderTable(
  records: readonly unknown[],
  highlight: ReadonlySet<string>,
  onClick?: (record: unknown) => void,
): void {
  const columns = ['id', 'resource', ...[...highlight].filter((f) => f !== 'id' && f !== 'resource')];
  for (const extra of ['technology', 'region', 'version'])
    if (!columns.includes(extra) && columns.length < 6) columns.push(extra);
  const table = $('results');
  const head = document.createElement('tr');
  for (const c of columns) head.append(Object.assign(document.createElement('th'), { textContent: c }));
  const rows = records.slice(0, 50).map((record) => {
    const tr = document.createElement('tr');
    for (const c of columns) {
      const value = (record as Record<string, unknown>)[c];
      const td = document.createElement('td');
      td.textContent = value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
      if (highlight.has(c)) td.className = 'hit';
      tr.append(td);
    }
    if (onClick !== undefined) {
      tr.tabIndex = 0;
      tr.addEventListener('click', () => onClick(record));
      tr.addEventListener('keydown', (event) => event.key === 'Enter' && onClick(record));
    }
    return tr;
  });
  table.replaceChildren(head, ...rows);
}

function fieldsOf(filter: unknown): Set<string> {
  const fields = new Set<string>();
  if (typeof filter === 'object' && filter !== null) {
    for (const key of Object.keys(filter)) {
      if (key.startsWith('$')) continue;
      fields.add(key.split('$.')[0] ?? key);
    }
  }
  return fields;
}

async function runFilter(
  filter: unknown,
  records: readonly unknown[],
  resource: ResourceName,
  run: number,
): Promise<void> {
  show('ast', parseFilter(filter));
  for (const dialect of ['postgres', 'sqlite'] as const) {
    try {
      const { sql, params } = toSql(filter as never, { dialect, columns: columnsFor(resource, dialect) });
      show(dialect === 'postgres' ? 'pg' : 'sqlite', `WHERE ${sql}\n-- params: ${JSON.stringify(params)}`);
    } catch (error) {
      show(dialect === 'postgres' ? 'pg' : 'sqlite', errorText(error));
    }
  }
  try {
    show('mongo', toMongo(filter as never));
  } catch (error) {
    show('mongo', errorText(error));
  }
  const predicate = compileFilter(filter as never);
  const matches: unknown[] = [];
  const done = await chunked(records, run, (record) => {
    if (kindOf(record) === resource && predicate(record)) matches.push(record);
  });
  if (!done) return;
  show(
    'count',
    `${matches.length} of ${records.filter((r) => kindOf(r) === resource).length} ${resource} records match`,
  );
  renderTable(matches, fieldsOf(filter));
  $('statuses').replaceChildren();
  runQuery(
    filter,
    records.filter((r) => kindOf(r) === resource),
    resource,
  );
}

async function runPolicy(definition: unknown, records: readonly unknown[], run: number): Promise<void> {
  const policy = compilePolicy(definition);
  lastPolicy = policy;
  show('ast', policy.definition);
  const resource: ResourceName = policy.resource === 'certificate' ? 'certificate' : 'component';
  for (const dialect of ['postgres', 'sqlite'] as const) {
    const id = dialect === 'postgres' ? 'pg' : 'sqlite';
    try {
      const { statusExpression, params } = policyToSql(definition, {
        dialect,
        columns: columnsFor(resource, dialect),
      });
      show(id, `status = ${statusExpression}\n-- params: ${JSON.stringify(params)}`);
    } catch (error) {
      show(id, errorText(error));
    }
  }
  try {
    show('mongo', policyToMongo(definition));
  } catch (error) {
    show('mongo', errorText(error));
  }
  const scoped = records.filter((r) => policy.resource === undefined || kindOf(r) === policy.resource);
  const counts = new Map<string, number>();
  const sample: unknown[] = [];
  const done = await chunked(scoped, run, (record) => {
    const result = policy.evaluate(record);
    const key = result.status ?? 'not applicable';
    counts.set(key, (counts.get(key) ?? 0) + 1);
    if (result.status !== null && !result.isDefault && sample.length < 50)
      sample.push(withStatus(record, result.status));
  });
  if (!done) return;
  show('count', `${scoped.length} ${policy.resource ?? ''} records evaluated`);
  const list = $('statuses');
  list.replaceChildren(
    ...[...counts].map(([status, n]) =>
      Object.assign(document.createElement('li'), { textContent: `${status}: ${n}` }),
    ),
  );
  const rows =
    sample.length > 0 ? sample : scoped.slice(0, 50).map((r) => withStatus(r, policy.evaluate(r).status));
  renderTable(rows, new Set(['status']), (row) =>
    show('explain', policy.explain(ORIGINAL.get(row as object) ?? row)),
  );
  renderImpact(policy, scoped);
}

/** Table rows of a policy carry their status; the explanation is of the record as given. */
const ORIGINAL = new WeakMap<object, unknown>();
function withStatus(record: unknown, status: string | null): unknown {
  const row = { ...(record as object), status: status ?? 'not applicable' };
  ORIGINAL.set(row, record);
  return row;
}

function renderImpact(before: CompiledPolicy, records: readonly unknown[]): void {
  const target = $('impact');
  if (afterEditor.value.trim() === '') {
    target.textContent = 'Write an "after" policy to see its impact.';
    return;
  }
  let after: CompiledPolicy;
  try {
    after = compilePolicy(parseText(afterEditor.value));
  } catch (error) {
    target.textContent = errorText(error);
    return;
  }
  const matrix = impactMatrix(before, after, records);
  const table = document.createElement('table');
  const head = document.createElement('tr');
  head.append(Object.assign(document.createElement('th'), { textContent: 'before \\ after' }));
  for (const a of matrix.after)
    head.append(Object.assign(document.createElement('th'), { textContent: a ?? 'n/a' }));
  table.append(head);
  matrix.before.forEach((b, i) => {
    const tr = document.createElement('tr');
    tr.append(Object.assign(document.createElement('th'), { textContent: b ?? 'n/a' }));
    for (const n of matrix.counts[i] ?? [])
      tr.append(Object.assign(document.createElement('td'), { textContent: String(n) }));
    table.append(tr);
  });
  target.replaceChildren(table);
}

function runQuery(filter: unknown, records: readonly unknown[], resource: ResourceName): void {
  const target = $('page');
  try {
    const request = JSON.parse(queryEditor.value || '{}') as Record<string, unknown>;
    const token = pageTokens[pageTokens.length - 1];
    const plan = parseQuery(
      { ...request, filter, ...(token === undefined ? {} : { pageToken: token }) },
      resource,
    );
    const page = queryInMemory(records, plan);
    $('page-number').textContent = `page ${pageTokens.length}`;
    $<HTMLButtonElement>('next').disabled = page.nextPageToken === undefined;
    $<HTMLButtonElement>('prev').disabled = pageTokens.length === 1;
    $<HTMLButtonElement>('next').onclick = () => {
      pageTokens.push(page.nextPageToken);
      runQuery(filter, records, resource);
    };
    $<HTMLButtonElement>('prev').onclick = () => {
      pageTokens.pop();
      runQuery(filter, records, resource);
    };
    target.textContent = JSON.stringify(page.items, null, 2);
  } catch (error) {
    target.textContent = errorText(error);
  }
}

async function update(): Promise<void> {
  const run = ++generation;
  const state = currentState();
  history.replaceState(null, '', `#${encodeURIComponent(JSON.stringify(state))}`);
  const records = inventory(state.size);
  lastRecords = records as unknown[];
  $('status').textContent = 'evaluating…';
  let parsed: unknown;
  try {
    parsed = parseText(state.text);
  } catch {
    // Syntax errors: the validator reports them with their line and column.
    renderDiagnostics(validatePolicy(state.text, { format: formatOf(state.text) }).diagnostics);
    $('status').textContent = 'syntax error';
    return;
  }
  try {
    if (isPolicy(parsed)) {
      $('mode').textContent = 'policy';
      const result = validatePolicy(state.text, { format: formatOf(state.text) });
      renderDiagnostics(result.diagnostics);
      if (!result.valid) {
        $('status').textContent = 'invalid policy';
        return;
      }
      await runPolicy(parsed, records, run);
    } else {
      $('mode').textContent = 'filter';
      renderDiagnostics([]);
      await runFilter(parsed, records, state.resource, run);
    }
    if (run === generation) $('status').textContent = 'ready';
  } catch (error) {
    renderDiagnostics([
      {
        severity: 'error',
        code: String((error as { code?: unknown }).code ?? 'ERROR'),
        message: errorText(error),
        path: '',
      },
    ]);
    $('status').textContent = 'error';
  }
}

let timer: ReturnType<typeof setTimeout> | undefined;
function schedule(): void {
  pageTokens = [undefined];
  if (timer !== undefined) clearTimeout(timer);
  timer = setTimeout(() => void update(), 200);
}

function loadNdjson(text: string): void {
  const records: unknown[] = [];
  for (const line of text.split('\n')) if (line.trim() !== '') records.push(JSON.parse(line));
  pasted = records.length > 0 ? records : undefined;
  schedule();
}

/** Conformance cases evaluated in the page, answered as Node's test compares them. */
function runConformance(
  fixtures: readonly { filter: unknown; cases: readonly { record: unknown }[] }[],
): unknown[] {
  return fixtures.map((fixture) => {
    try {
      const predicate = compileFilter(fixture.filter as never);
      return fixture.cases.map((c) => predicate(c.record));
    } catch (error) {
      return { error: (error as { code?: unknown }).code ?? String(error) };
    }
  });
}

for (const element of [editor, afterEditor, queryEditor]) element.addEventListener('input', schedule);
for (const element of [sizeSelect, resourceSelect]) element.addEventListener('change', schedule);
ndjsonInput.addEventListener('input', () => {
  try {
    loadNdjson(ndjsonInput.value);
  } catch (error) {
    show('status', `NDJSON: ${errorText(error)}`);
  }
});
document.body.addEventListener('dragover', (event) => event.preventDefault());
document.body.addEventListener('drop', (event) => {
  event.preventDefault();
  const file = event.dataTransfer?.files[0];
  if (file !== undefined)
    void file.text().then((text) => {
      ndjsonInput.value = text;
      loadNdjson(text);
    });
});
$('share').addEventListener('click', () => {
  void navigator.clipboard?.writeText(location.href).catch(() => undefined);
  $('status').textContent = 'link copied';
});

applyState(readState());
void update();

Object.assign(window, {
  svcPlayground: { runConformance, records: () => lastRecords, policy: () => lastPolicy },
});
