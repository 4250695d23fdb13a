/**
 * The playground page: an editor for a filter or a policy, a generated or pasted inventory, and every
 * view of the library's answer, recomputed as you type. What depends on the editor alone (validation,
 * AST, SQL, MongoDB, explanations) is computed here; every pass over the inventory runs in the worker
 * (worker.ts), so a 100,000-record sample never blocks the page. The state lives in the URL fragment,
 * so a link shares it without sending anything anywhere.
 */

import { reviveDates } from '../fixtures/dates.js';
import {
  type CompiledPolicy,
  compileFilter,
  compilePolicy,
  FilterError,
  type FilterNode,
  isResourceName,
  parseFilter,
  type ResourceName,
} from '../src/index.js';
import { policyToMongo, toMongo } from '../src/mongo.js';
import { timestampMs } from '../src/semantics/time.js';
import { policyToSql, toSql } from '../src/sql.js';
import { validatePolicy, validateWaivers } from '../src/validate.js';
import { columnsFor } from './columns.js';
import { renderExplanation, renderImpact } from './explanation.js';
import { DEFAULT_HORIZON, forecastView } from './forecast.js';
import type { FromWorker, InventoryInfo, PageView, StatusChoice, Table, ToWorker } from './protocol.js';
import { count, el, renderTable } from './render.js';
import { LINK_NDJSON_BYTES } from './sample.js';
import { filterProblem, type ReadText, readProblems, readText, type Shown } from './source.js';

interface State {
  text: string;
  after: string;
  size: number;
  resource: ResourceName;
  query: string;
  /** The "As of" field: an RFC 3339 timestamp, or empty for the clock. */
  asOf: string;
  /** Pasted records, when they fit in a link ({@link LINK_NDJSON_BYTES}). */
  ndjson?: string;
  /** Pasted waivers (docs/waivers.md). */
  waivers: string;
}

const DEFAULT_STATE: State = {
  text: '{ "technology": { "$eq": "postgres" } }',
  after: '',
  size: 1000,
  resource: 'component',
  query: '{ "sort": { "region": "asc" }, "fields": ["id", "region", "technology"], "pageSize": 10 }',
  asOf: '',
  waivers: '',
};

const $ = <E extends HTMLElement>(id: string): E => {
  const element = document.getElementById(id);
  if (element === null) throw new Error(`missing #${id}`);
  return element as E;
};

const editor = $<HTMLTextAreaElement>('editor');
const afterEditor = $<HTMLTextAreaElement>('after');
const waiversEditor = $<HTMLTextAreaElement>('waivers');
const queryEditor = $<HTMLTextAreaElement>('query');
const ndjsonInput = $<HTMLTextAreaElement>('ndjson');
const sizeSelect = $<HTMLSelectElement>('size');
const asOfInput = $<HTMLInputElement>('as-of');
const resourceSelect = $<HTMLSelectElement>('resource');
const results = $<HTMLTableElement>('results');
const prev = $<HTMLButtonElement>('prev');
const next = $<HTMLButtonElement>('next');

/**
 * Every pane derived from the editors. Each update marks them all stale first; a pane filled during the
 * update stops being stale, and those still stale when it ends are emptied: no pane ever shows the
 * answer to an earlier text next to the diagnostics of the current one.
 */
const DERIVED = [
  'ast',
  'pg',
  'sqlite',
  'mongo',
  'count',
  'shown',
  'statuses',
  'rules',
  'results',
  'explain',
  'impact',
  'page',
];

const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
const send = (message: ToWorker): void => worker.postMessage(message);

let run = 0;
/** The compiled policy of the current run (explanations are computed here, on a click). */
let policy: CompiledPolicy | undefined;
/** The resource kind the current policy evaluates. */
let policyResource: ResourceName = 'component';
let pageTokens: (string | undefined)[] = [undefined];
/** Why the query request's text does not read (or is not an object); shown in Diagnostics too. */
let queryError: Listed | undefined;
let show: StatusChoice = { kind: 'all' };

/** The values a select offers: a link may name only one of them. */
const options = (select: HTMLSelectElement): string[] => Array.from(select.options, (o) => o.value);

/**
 * The state a link carries, field by field: each an own property of the right type and, for the selects,
 * one of their options (`resource: "__proto__"` is not a resource); any other falls back to the default.
 */
function readState(): State {
  const hash = location.hash.slice(1);
  let parsed: unknown;
  try {
    parsed = hash === '' ? {} : JSON.parse(decodeURIComponent(hash));
  } catch {
    // A damaged link falls back to the default state rather than an empty page.
  }
  const state: State = { ...DEFAULT_STATE };
  if (typeof parsed !== 'object' || parsed === null) return state;
  const own = (key: keyof State): unknown =>
    Object.hasOwn(parsed, key) ? (parsed as Record<string, unknown>)[key] : undefined;
  for (const key of ['text', 'after', 'query', 'ndjson', 'asOf', 'waivers'] as const) {
    const value = own(key);
    if (typeof value === 'string') state[key] = value;
  }
  const size = own('size');
  if (typeof size === 'number' && options(sizeSelect).includes(String(size))) state.size = size;
  const resource = own('resource');
  if (isResourceName(resource) && options(resourceSelect).includes(resource)) state.resource = resource;
  return state;
}

/** Writes the state into the URL fragment, the pasted records only when they fit ({@link LINK_NDJSON_BYTES}). */
function saveState(): void {
  const pasted = ndjsonInput.value;
  const bytes = new TextEncoder().encode(pasted).length;
  const fits = pasted.trim() !== '' && bytes <= LINK_NDJSON_BYTES;
  const state: State = {
    text: editor.value,
    after: afterEditor.value,
    waivers: waiversEditor.value,
    size: Number(sizeSelect.value),
    resource: resourceSelect.value as ResourceName,
    query: queryEditor.value,
    asOf: asOfInput.value,
    ...(fits ? { ndjson: pasted } : {}),
  };
  history.replaceState(null, '', `#${encodeURIComponent(JSON.stringify(state))}`);
  $('link-notice').textContent =
    pasted.trim() !== '' && !fits
      ? `The link carries the generated sample, not the pasted records: they are ${(bytes / 1024).toFixed(0)} KB, over the ${LINK_NDJSON_BYTES / 1024} KB a link holds.`
      : '';
}

function applyState(state: State): void {
  editor.value = state.text;
  afterEditor.value = state.after;
  waiversEditor.value = state.waivers;
  sizeSelect.value = String(state.size);
  resourceSelect.value = state.resource;
  queryEditor.value = state.query;
  asOfInput.value = state.asOf;
  ndjsonInput.value = state.ndjson ?? '';
}

function setStatus(text: string, state?: 'busy' | 'ready' | 'error'): void {
  const status = $('status');
  status.textContent = text;
  // The status has a fixed width (it never moves the header); a longer text is whole in its tooltip.
  status.title = text;
  if (state !== undefined) document.documentElement.dataset.state = state;
}

function fill(id: string, content: string | readonly (Node | string)[]): void {
  const element = $(id);
  if (typeof content === 'string') element.textContent = content;
  else {
    element.replaceChildren();
    for (const child of content) element.append(child);
  }
  delete element.dataset.stale;
}

function filled(id: string): void {
  delete $(id).dataset.stale;
}

function markStale(): void {
  for (const id of DERIVED) $(id).dataset.stale = '';
  prev.disabled = true;
  next.disabled = true;
  $('page-number').textContent = '';
}

/** Ends a run: panes it did not fill are emptied. */
function finish(text: string, state: 'ready' | 'error'): void {
  for (const id of DERIVED) {
    const element = $(id);
    if (element.dataset.stale === undefined) continue;
    element.replaceChildren();
    delete element.dataset.stale;
  }
  setStatus(text, state);
}

/** Ends a run that stopped before the inventory: the worker drops what it was doing for an earlier one. */
function stop(text: string): void {
  send({ type: 'cancel' });
  finish(text, 'error');
}

function setMode(mode: 'filter' | 'policy'): void {
  $('mode').textContent = mode;
  $('main').className = mode;
  // Explanations, the impact matrix and the status counts exist for a policy only.
  $('explaining').hidden = mode === 'filter';
  $('statuses').hidden = mode === 'filter';
  $('rules').hidden = mode === 'filter';
}

function errorText(error: unknown): string {
  if (error instanceof FilterError) return `${error.code} ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

/** A diagnostic of `validatePolicy` (with a position, since it reads the text) or of the page's own reading. */
type Listed = Pick<Shown, 'severity' | 'code' | 'message'> & {
  readonly line?: number;
  readonly column?: number;
  /** The editor of a problem not in the main one (`query request`); its place then only when known. */
  readonly editor?: string;
};

/** The diagnostics listed for the current text. */
let listed: Listed[] = [];

function diagnosticText(d: Listed): string {
  const at =
    d.editor === undefined
      ? `${d.line ?? 1}:${d.column ?? 1} `
      : `${d.editor} ${d.line === undefined ? '' : `${d.line}:${d.column ?? 1} `}`;
  return `${at}${d.severity} ${d.code} ${d.message}`;
}

function renderDiagnostics(diagnostics: readonly Listed[]): void {
  listed = [...diagnostics];
  $('diagnostics').replaceChildren(
    ...(listed.length === 0
      ? [el('li', 'No problems', { class: 'ok' })]
      : listed.map((d) => el('li', diagnosticText(d), { class: d.severity }))),
  );
  // The box has a fixed height (typing never moves the page) and scrolls: the heading says how many
  // it holds, so that none goes unseen below its edge.
  $('diagnostic-count').textContent = listed.length === 0 ? '' : `(${count(listed.length)})`;
}

/** Adds a problem found after the text's own (the query request's) to the list. */
function addDiagnostic(diagnostic: Listed): void {
  renderDiagnostics([...listed, diagnostic]);
}

/**
 * A document is a policy when it has `statusDefinitions`, or is the `{ policy: … }` body of `POST
 * /policy` (as `compilePolicy` reads it); anything else is a filter, whatever its keys (`name` is a
 * field of the policy resource: `{ "name": { "$like": "Idle*" } }` is a filter).
 */
function isPolicy(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    (Object.hasOwn(value, 'statusDefinitions') || Object.hasOwn(value, 'policy'))
  );
}

/** The query request of its editor (JSON or YAML); `undefined`, with `queryError` saying why, when it does not read. */
function readQuery(): Record<string, unknown> | undefined {
  const read = readText(queryEditor.value.trim() === '' ? '{}' : queryEditor.value);
  const value = read.source.value;
  const problem = readProblems(read).find((p) => p.severity === 'error');
  queryError =
    problem !== undefined
      ? { ...problem, editor: 'query request' }
      : typeof value !== 'object' || value === null || Array.isArray(value)
        ? {
            severity: 'error',
            code: 'INVALID_REQUEST',
            message: 'the query request must be an object',
            editor: 'query request',
          }
        : undefined;
  return queryError === undefined ? (value as Record<string, unknown>) : undefined;
}

function showSql(id: 'pg' | 'sqlite', compute: () => string): void {
  try {
    fill(id, compute());
  } catch (error) {
    fill(id, errorText(error));
  }
}

function updateFilter(read: ReadText, filter: unknown): void {
  setMode('filter');
  policy = undefined;
  const problems = readProblems(read);
  let node: FilterNode;
  try {
    if (problems.some((p) => p.severity === 'error')) {
      renderDiagnostics(problems);
      stop('syntax error');
      return;
    }
    node = parseFilter(filter);
  } catch (error) {
    renderDiagnostics([...problems, filterProblem(error, read)]);
    stop('invalid filter');
    return;
  }
  renderDiagnostics(problems);
  const resource = resourceSelect.value as ResourceName;
  fill('ast', JSON.stringify(node, null, 2));
  for (const [id, dialect] of [
    ['pg', 'postgres'],
    ['sqlite', 'sqlite'],
  ] as const) {
    showSql(id, () => {
      const { sql, params } = toSql(filter as never, {
        dialect,
        columns: columnsFor(resource, dialect),
        asOf,
      });
      return `WHERE ${sql}\n-- params: ${JSON.stringify(params)}`;
    });
  }
  try {
    fill('mongo', JSON.stringify(toMongo(filter as never, { asOf }), null, 2));
  } catch (error) {
    fill('mongo', errorText(error));
  }
  pageTokens = [undefined];
  const request = readQuery();
  if (queryError !== undefined) addDiagnostic(queryError);
  send({ type: 'filter', run, size: Number(sizeSelect.value), filter, resource, asOf, request });
}

/** The parsed filters of a policy, by JSON pointer in the definition: its scope, then every condition. */
function policyAsts(compiled: CompiledPolicy): { at: string; ast: FilterNode }[] {
  const { scope, scopePath, statuses } = compiled.definition;
  return [
    ...(scopePath === null ? [] : [{ at: scopePath, ast: scope }]),
    ...statuses.flatMap((s) =>
      s.rules.flatMap((r) => r.conditions.map((c) => ({ at: c.path, ast: c.filter }))),
    ),
  ];
}

/**
 * The pasted waivers, when they are valid for the policy; otherwise the note under them says why, and
 * the policy is evaluated without them.
 */
function readWaivers(): unknown {
  const note = $<HTMLParagraphElement>('waivers-note');
  note.textContent = '';
  const text = waiversEditor.value;
  if (text.trim() === '') return undefined;
  const read = readText(text);
  const { valid, diagnostics } = validateWaivers(text, {
    format: read.format,
    ...(asOf === undefined ? {} : { asOf }),
    ...(policy === undefined ? {} : { policies: [policy] }),
  });
  const shown = diagnostics.filter((d) => (valid ? d.code === 'WAIVER_EXPIRED' : d.severity === 'error'));
  note.textContent = shown
    .map((d) => `${d.line}:${d.column} ${d.severity} ${d.code} ${d.message}`)
    .join('\n');
  return valid ? read.source.value : undefined;
}

/** The "after" policy, when there is a valid one; otherwise the impact pane says why there is none. */
function readAfter(): unknown {
  const text = afterEditor.value;
  if (text.trim() === '') {
    fill('impact', 'Write an "after" policy to see the impact of the change.');
    return undefined;
  }
  const read = readText(text);
  const { valid, diagnostics } = validatePolicy(text, { format: read.format });
  if (!valid) {
    fill(
      'impact',
      diagnostics
        .filter((d) => d.severity === 'error')
        .map((d) => `"after" ${d.line}:${d.column} error ${d.code} ${d.message}`)
        .join('\n'),
    );
    return undefined;
  }
  return read.source.value;
}

function updatePolicy(read: ReadText, definition: unknown): void {
  setMode('policy');
  const { valid, diagnostics } = validatePolicy(editor.value, { format: read.format });
  renderDiagnostics(diagnostics);
  if (!valid) {
    policy = undefined;
    stop('invalid policy');
    return;
  }
  policy = compilePolicy(definition, { asOf });
  fill('ast', JSON.stringify(policyAsts(policy), null, 2));
  const resource: ResourceName = isResourceName(policy.resource) ? policy.resource : 'component';
  policyResource = resource;
  for (const [id, dialect] of [
    ['pg', 'postgres'],
    ['sqlite', 'sqlite'],
  ] as const) {
    showSql(id, () => {
      const { statusExpression, params } = policyToSql(definition, {
        dialect,
        columns: columnsFor(resource, dialect),
        asOf,
      });
      return `status = ${statusExpression}\n-- params: ${JSON.stringify(params)}`;
    });
  }
  try {
    fill('mongo', JSON.stringify(policyToMongo(definition, { asOf }), null, 2));
  } catch (error) {
    fill('mongo', errorText(error));
  }
  fill('explain', 'Click a row of the table (or focus it and press Enter) to see why it has its status.');
  fill('page', 'Query pages walk the matches of a filter; write a filter to use them.');
  show = { kind: 'all' };
  const after = readAfter();
  const waivers = readWaivers();
  send({ type: 'policy', run, size: Number(sizeSelect.value), definition, asOf, after, waivers, show });
  const horizon = $<HTMLInputElement>('horizon').value.trim() || DEFAULT_HORIZON;
  $('forecast').dataset.state = 'busy';
  send({ type: 'forecast', run, size: Number(sizeSelect.value), definition, asOf, horizon, waivers });
}

/**
 * The instant of this evaluation: the "As of" field, or the clock read once (the filter, the policy,
 * the "after" policy, explanations and pages all use it); `undefined` when the field names no instant.
 */
function readAsOf(): number | undefined {
  const text = asOfInput.value.trim();
  if (text === '') return Date.now();
  const ms = timestampMs(text);
  return Number.isNaN(ms) ? undefined : ms;
}
let asOf = Date.now();

function update(): void {
  run++;
  markStale();
  setStatus('evaluating…', 'busy');
  saveState();
  const read = readText(editor.value);
  const value = read.source.value;
  const instant = readAsOf();
  try {
    if (instant === undefined) {
      renderDiagnostics([
        {
          severity: 'error',
          code: 'INVALID_OPTION',
          message: `"As of" must be an RFC 3339 timestamp such as 2026-06-01T00:00:00Z, or empty for now`,
          editor: 'as of',
        },
      ]);
      stop('invalid "As of"');
      return;
    }
    asOf = instant;
    if (value === undefined) {
      // A text that does not read is neither a filter nor a policy: the badge keeps the last mode.
      renderDiagnostics(readProblems(read));
      stop('syntax error');
    } else if (isPolicy(value)) updatePolicy(read, value);
    else updateFilter(read, value);
  } catch (error) {
    renderDiagnostics([{ severity: 'error', code: 'ERROR', message: errorText(error), line: 1, column: 1 }]);
    stop('error');
  }
}

function openRow(row: { record: unknown }, tr: HTMLTableRowElement): void {
  if (policy === undefined) return;
  for (const selected of Array.from(results.querySelectorAll('tr[aria-selected]')))
    selected.removeAttribute('aria-selected');
  tr.setAttribute('aria-selected', 'true');
  renderExplanation($('explain'), tr.dataset.id ?? '', policy.explain(row.record));
}

function renderRows(table: Table): void {
  renderTable(results, table, policy === undefined ? undefined : openRow);
  fill('shown', table.rows.length < table.total ? `(first ${table.rows.length} shown)` : '');
  filled('results');
}

function renderChips(counts: readonly { status: string | null; count: number }[], evaluated: number): void {
  const choices: [StatusChoice, string][] = [
    [{ kind: 'all' }, `all: ${count(evaluated)}`],
    ...counts.map(({ status, count: n }): [StatusChoice, string] => [
      { kind: 'status', status },
      `${status ?? 'not applicable'}: ${count(n)}`,
    ]),
  ];
  fill(
    'statuses',
    choices.map(([choice, label]) => {
      const pressed =
        choice.kind === show.kind &&
        (choice.kind === 'all' || (show.kind === 'status' && choice.status === show.status));
      const button = el('button', label, { type: 'button', 'aria-pressed': String(pressed) });
      button.addEventListener('click', () => {
        show = choice;
        for (const b of Array.from($('statuses').querySelectorAll('button')))
          b.setAttribute('aria-pressed', String(b === button));
        setStatus('evaluating…', 'busy');
        send({ type: 'rows', run, show });
      });
      return button;
    }),
  );
}

/** Which rules decided how many records; a rule that decided none is marked (dead on these records). */
function renderRules(rules: readonly { status: string; index: number; decided: number }[]): void {
  fill('rules', [
    el('span', 'Rules decided:', { class: 'muted' }),
    ...rules.map((r) =>
      el('span', `${r.status} #${r.index + 1}: ${count(r.decided)}`, {
        class: r.decided === 0 ? 'rule never' : 'rule',
        title: r.decided === 0 ? 'decided no record' : `decided ${count(r.decided)} records`,
      }),
    ),
  ]);
}

function renderPage(page: PageView): void {
  if (queryError !== undefined || 'error' in page) {
    fill(
      'page',
      queryError !== undefined
        ? diagnosticText(queryError)
        : 'error' in page
          ? `${page.code} ${page.error}`
          : '',
    );
    return;
  }
  fill('page', JSON.stringify(page.items, null, 2));
  $('page-number').textContent = `page ${pageTokens.length}`;
  prev.disabled = pageTokens.length === 1;
  next.disabled = page.nextPageToken === undefined;
  next.onclick = () => {
    pageTokens.push(page.nextPageToken);
    send({ type: 'page', run, pageToken: page.nextPageToken });
  };
  prev.onclick = () => {
    pageTokens.pop();
    send({ type: 'page', run, pageToken: pageTokens[pageTokens.length - 1] });
  };
}

function renderInventory(info: InventoryInfo): void {
  const first = info.rejected[0];
  $('ndjson-note').textContent =
    info.pasted === null
      ? ''
      : `${count(info.pasted)} pasted records${
          first === undefined
            ? ''
            : `; ${info.rejected.length === 1 ? '1 line' : `${count(info.rejected.length)} lines`} skipped (line ${count(first.line)}: ${first.message})`
        }`;
}

worker.addEventListener('message', (event: MessageEvent<FromWorker>) => {
  const message = event.data;
  if (message.run !== run) return;
  switch (message.type) {
    case 'progress':
      setStatus(message.text);
      return;
    case 'filter': {
      const resource = resourceSelect.value;
      renderInventory(message.inventory);
      fill(
        'count',
        `${count(message.table.total)} of ${count(message.candidates)} ${resource} records match`,
      );
      renderRows(message.table);
      renderPage(message.page);
      // A request the library refused is a problem of the text too, not only of the collapsed pages pane.
      if ('error' in message.page)
        addDiagnostic({
          severity: 'error',
          code: message.page.code,
          message: message.page.error,
          editor: 'query request',
        });
      finish('ready', 'ready');
      return;
    }
    case 'policy':
      renderInventory(message.inventory);
      fill('count', `${count(message.evaluated)} ${policyResource} records evaluated`);
      renderChips(message.counts, message.evaluated);
      renderRules(message.rules);
      renderRows(message.table);
      if (message.impact !== null) {
        if ('error' in message.impact) fill('impact', message.impact.error);
        else {
          renderImpact($('impact'), message.impact);
          filled('impact');
        }
      }
      finish('ready', 'ready');
      return;
    case 'rows':
      renderRows(message.table);
      setStatus('ready', 'ready');
      return;
    case 'page':
      renderPage(message.page);
      return;
    case 'forecast':
      fill('forecast', 'error' in message.forecast ? message.forecast.error : forecastView(message.forecast));
      $('forecast').dataset.state = 'error' in message.forecast ? 'error' : 'ready';
      $('forecast').dataset.horizon = 'error' in message.forecast ? '' : message.forecast.horizon;
      return;
    case 'failed':
      fill('count', message.message);
      finish('error', 'error');
      return;
  }
});

/** Copies the link; when the clipboard is missing or refuses, selects the link for the user to copy. */
async function copyLink(): Promise<void> {
  const fallback = $('link-fallback');
  const link = $<HTMLInputElement>('link');
  try {
    // `navigator.clipboard` is missing outside secure contexts, whatever the DOM typings say.
    const clipboard = navigator.clipboard as Clipboard | undefined;
    if (clipboard === undefined) throw new Error('no clipboard');
    await clipboard.writeText(location.href);
    fallback.hidden = true;
    setStatus('link copied');
  } catch {
    link.value = location.href;
    fallback.hidden = false;
    link.focus();
    link.select();
    setStatus('could not copy the link');
  }
}

let timer: ReturnType<typeof setTimeout> | undefined;
function schedule(): void {
  // Busy at once, not after the pause: what is shown is already older than the text.
  setStatus('evaluating…', 'busy');
  if (timer !== undefined) clearTimeout(timer);
  timer = setTimeout(update, 200);
}

function loadNdjson(text: string): void {
  send({ type: 'inventory', ndjson: text.trim() === '' ? null : text });
  schedule();
}

/**
 * The conformance fixtures evaluated in the page: `json` is their text with Dates as `$date` markers,
 * rebuilt here with the fixtures' own reviver, each case compiled with its `asOf`. Returns each case's answer and how many Dates were rebuilt.
 */
function runConformance(json: string): { answers: boolean[][]; dates: number } {
  let dates = 0;
  const fixtures = JSON.parse(json, (key, value) => {
    const revived = reviveDates(key, value);
    if (revived !== value) dates++;
    return revived;
  }) as { filter: unknown; cases: { record: unknown; asOf?: string }[] }[];
  // A case's asOf is the instant its filter's `$now` operands count from.
  const answers = fixtures.map((fixture) =>
    fixture.cases.map((c) =>
      compileFilter(fixture.filter as never, c.asOf === undefined ? {} : { asOf: c.asOf })(c.record),
    ),
  );
  return { answers, dates };
}

for (const element of [editor, afterEditor, queryEditor, asOfInput, waiversEditor])
  element.addEventListener('input', schedule);
for (const element of [sizeSelect, resourceSelect]) element.addEventListener('change', schedule);
ndjsonInput.addEventListener('input', () => loadNdjson(ndjsonInput.value));
$('horizon').addEventListener('input', schedule);
document.body.addEventListener('dragover', (event) => event.preventDefault());
document.body.addEventListener('drop', (event) => {
  event.preventDefault();
  const file = event.dataTransfer?.files[0];
  if (file === undefined) return;
  void file.text().then((text) => {
    ndjsonInput.value = text;
    loadNdjson(text);
  });
});
$('share').addEventListener('click', () => void copyLink());

const initial = readState();
applyState(initial);
if (initial.ndjson !== undefined) send({ type: 'inventory', ndjson: initial.ndjson });
update();

Object.assign(window, { svcPlayground: { runConformance } });
