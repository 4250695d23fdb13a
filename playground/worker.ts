/**
 * The playground's worker: it generates or reads the inventory and makes every pass over it (matching,
 * statuses, query pages, the impact of an "after" policy), off the page's main thread. Each pass yields
 * between slices of records, so a newer request (the user typed on) stops it within a slice.
 */

import {
  type CompiledPolicy,
  compileFilter,
  compilePolicy,
  diffPolicies,
  type FilterNode,
  isResourceName,
  parseFilter,
  parseQuery,
  QueryError,
  queryInMemory,
  type Rejection,
  type ResourceName,
  readNdjson,
  resolveResource,
} from '../src/index.js';
import { coverageRecorder } from '../src/policy/coverage.js';
import { explainFilter } from '../src/policy/explain.js';
import { forecastRecords } from './forecast.js';
import { decisive, read, topField } from './hits.js';
import type { FromWorker, InventoryInfo, PageView, Row, StatusChoice, Table, ToWorker } from './protocol.js';
import { TABLE_ROWS } from './protocol.js';
import { isKind, sampleRecords } from './sample.js';

/** Records per slice: a few milliseconds of work between two chances to take a newer request. */
const SLICE = 5000;
/** Columns a table shows at least, filled after the ones read: first the telling ones, then any field. */
const MIN_COLUMNS = 6;
const TELLING: Readonly<Record<ResourceName, readonly string[]>> = {
  component: ['technology', 'region', 'version', 'type'],
  certificate: ['domainName', 'status', 'expirationDate', 'issuer'],
  policy: ['name', 'resource', 'createdAt', 'updatedAt'],
  upgradePlan: ['technology', 'status', 'currentVersion', 'desiredVersion'],
};

const post = (message: FromWorker): void => globalThis.postMessage(message);
const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

let pasted: Promise<{ records: unknown[]; rejected: Rejection[] }> | null = null;
let sample: { size: number; token: object; records: Promise<unknown[]> } | undefined;
/** Aborted when a newer request arrives. */
let current = new AbortController();
/** The newest request, whose progress a generation started by an older one reports. */
let latest = 0;

/**
 * The generated sample of `size` components, generated once per size, in slices. A request of the same
 * size made meanwhile (the user typed on) waits for the same generation; one of another size ends it.
 */
function generated(size: number): Promise<unknown[]> {
  if (sample?.size !== size) {
    const records: unknown[] = [];
    const generator = sampleRecords(size);
    const token = {};
    const done = (async () => {
      for (;;) {
        for (let i = 0; i < SLICE; i++) {
          const next = generator.next();
          if (next.done === true) return records;
          records.push(next.value);
        }
        post({
          type: 'progress',
          run: latest,
          text: `generating ${records.length.toLocaleString('en-US')} records…`,
        });
        await tick();
        // Another size was asked for, by a request that aborted every one waiting for this generation.
        if (sample?.token !== token) throw new Error(`the sample of ${size} was replaced`);
      }
    })();
    sample = { size, token, records: done };
  }
  return sample.records;
}

async function inventory(size: number): Promise<{ records: unknown[]; info: InventoryInfo }> {
  if (pasted !== null) {
    const { records, rejected } = await pasted;
    return { records, info: { pasted: records.length, rejected } };
  }
  return { records: await generated(size), info: { pasted: null, rejected: [] } };
}

/** Calls `visit` on every record, yielding between slices; throws when a newer request aborts the pass. */
async function each(
  records: readonly unknown[],
  signal: AbortSignal,
  visit: (r: unknown, i: number) => void,
) {
  for (let start = 0; start < records.length; start += SLICE) {
    signal.throwIfAborted();
    const end = Math.min(records.length, start + SLICE);
    for (let i = start; i < end; i++) visit(records[i], i);
    await tick();
  }
  signal.throwIfAborted();
}

/** The records as an async iterable that yields between slices (for `diffPolicies`, which then can stop). */
async function* slices(records: readonly unknown[]): AsyncGenerator<unknown> {
  for (let start = 0; start < records.length; start += SLICE) {
    yield* records.slice(start, start + SLICE);
    await tick();
  }
}

/** The table's columns: `first`, the fields read, those of the marked values, then telling ones. */
function columns(
  resource: ResourceName,
  rows: readonly Row[],
  reads: readonly string[],
  first: readonly string[],
): string[] {
  const out = new Set(first);
  for (const at of reads) out.add(topField(at));
  for (const row of rows) for (const at of row.hits) out.add(topField(at));
  // Own properties only: a resource name is the page's input (a shared link), `__proto__` included.
  const telling = Object.hasOwn(TELLING, resource) ? TELLING[resource] : [];
  for (const field of [...telling, ...Object.keys(resolveResource(resource).fields)]) {
    if (out.size >= MIN_COLUMNS) break;
    out.add(field);
  }
  return [...out];
}

/**
 * Appends `items` to `out` one by one: `out.push(...items)` passes each item as an argument, and a
 * record holding a 90,000-element array read by a selector path exceeds the call stack.
 */
function append<T>(out: T[], items: readonly T[]): void {
  for (const item of items) out.push(item);
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A complete filter pass: what its query pages are computed from. */
interface FilterPass {
  readonly run: number;
  readonly filter: unknown;
  readonly resource: ResourceName;
  readonly request: Record<string, unknown> | undefined;
  /** The instant of the pass; later pages keep it through their tokens. */
  readonly asOf: number;
  /** The records of the resource kind (the query's own filter selects among them). */
  readonly candidates: readonly unknown[];
}
let lastFilter: FilterPass | undefined;

function queryPage(
  { filter, resource, request, candidates, asOf }: FilterPass,
  pageToken: string | undefined,
): PageView {
  // The page shows why the request text does not read; nothing to compute.
  if (request === undefined) return { items: [] };
  try {
    const plan = parseQuery(
      { ...request, filter, ...(pageToken === undefined ? {} : { pageToken }) },
      resource,
      { asOf },
    );
    const page = queryInMemory(candidates, plan);
    return page.nextPageToken === undefined
      ? { items: page.items }
      : { items: page.items, nextPageToken: page.nextPageToken };
  } catch (error) {
    return { error: message(error), code: error instanceof QueryError ? error.code : 'ERROR' };
  }
}

async function runFilter(request: Extract<ToWorker, { type: 'filter' }>, signal: AbortSignal): Promise<void> {
  const { run, filter, resource, asOf } = request;
  const { records, info } = await inventory(request.size);
  signal.throwIfAborted();
  post({ type: 'progress', run, text: `matching ${records.length.toLocaleString('en-US')} records…` });
  const predicate = compileFilter(filter as never, { asOf });
  const candidates: unknown[] = [];
  const matches: unknown[] = [];
  await each(records, signal, (record) => {
    if (!isKind(record, resource)) return;
    candidates.push(record);
    if (predicate(record)) matches.push(record);
  });
  const node: FilterNode = parseFilter(filter);
  const reads: string[] = [];
  const rows = matches.slice(0, TABLE_ROWS).map((record): Row => {
    const explanation = explainFilter(node, record, asOf);
    append(reads, read(explanation));
    return { record, hits: decisive(explanation) };
  });
  lastFilter = { run, filter, resource, request: request.request, asOf, candidates };
  const page = queryPage(lastFilter, undefined);
  post({
    type: 'filter',
    run,
    inventory: info,
    candidates: candidates.length,
    table: { columns: columns(resource, rows, reads, ['id']), rows, total: matches.length },
    page,
  });
}

/** A complete policy pass: what the rows of its table are chosen from. */
interface PolicyPass {
  readonly run: number;
  readonly policy: CompiledPolicy;
  readonly resource: ResourceName;
  /** The records of the policy's resource kind, and the status of each (`null`: not applicable). */
  readonly scoped: readonly unknown[];
  readonly statuses: readonly (string | null)[];
}
let lastPolicy: PolicyPass | undefined;

/** The first rows of a status (or of all), each with the values of the rule that gave its status. */
function policyRows({ policy, resource, scoped, statuses }: PolicyPass, show: StatusChoice): Table {
  const chosen: number[] = [];
  let total = 0;
  for (let i = 0; i < scoped.length; i++) {
    if (show.kind === 'status' && statuses[i] !== show.status) continue;
    total++;
    if (chosen.length < TABLE_ROWS) chosen.push(i);
  }
  const reads: string[] = [];
  const rows = chosen.map((i): Row => {
    const record = scoped[i];
    const explanation = policy.explain(record);
    const { result } = explanation;
    for (const status of explanation.statuses)
      for (const rule of status.rules)
        for (const condition of rule.conditions) append(reads, read(condition));
    // The conditions of the rule that gave the status; nothing for the default status or out of scope.
    const rule =
      result.matched === null
        ? undefined
        : explanation.statuses.find((s) => s.status === result.matched?.status)?.rules[
            result.matched.ruleIndex
          ];
    const hits = rule === undefined ? [] : rule.conditions.flatMap((c) => decisive(c));
    return {
      record,
      status: result.status,
      isDefault: result.isDefault,
      hits,
      ...(result.waiver === undefined ? {} : { waiver: result.waiver.id }),
    };
  });
  return { columns: columns(resource, rows, reads, ['id', 'status']), rows, total };
}

async function runPolicy(request: Extract<ToWorker, { type: 'policy' }>, signal: AbortSignal): Promise<void> {
  const { run } = request;
  const policy = compilePolicy(request.definition, {
    asOf: request.asOf,
    ...(request.waivers === undefined ? {} : { waivers: request.waivers }),
  });
  const resource: ResourceName = isResourceName(policy.resource) ? policy.resource : 'component';
  const { records, info } = await inventory(request.size);
  signal.throwIfAborted();
  post({ type: 'progress', run, text: `evaluating ${records.length.toLocaleString('en-US')} records…` });
  const scoped: unknown[] = [];
  const statuses: (string | null)[] = [];
  const counts = new Map<string | null, number>(policy.statuses.map((s) => [s.name, 0]));
  // Which rules decided how many records: the library's coverage, over the records of the kind.
  const coverage = coverageRecorder(policy);
  await each(records, signal, (record) => {
    if (!isKind(record, resource)) return;
    coverage.record(record);
    const { status } = policy.evaluate(record);
    scoped.push(record);
    statuses.push(status);
    counts.set(status, (counts.get(status) ?? 0) + 1);
  });
  const pass: PolicyPass = { run, policy, resource, scoped, statuses };
  lastPolicy = pass;
  let impact: Extract<FromWorker, { type: 'policy' }>['impact'] = null;
  if (request.after !== undefined) {
    post({ type: 'progress', run, text: 'comparing with the "after" policy…' });
    try {
      impact = await diffPolicies(policy, request.after, slices(scoped), { signal, asOf: request.asOf });
    } catch (error) {
      if (signal.aborted) throw error;
      impact = { error: message(error) };
    }
  }
  post({
    type: 'policy',
    run,
    inventory: info,
    evaluated: scoped.length,
    // Definition order (the Map's first keys), then "not applicable" when some resource was.
    counts: [...counts].map(([status, count]) => ({ status, count })),
    rules: coverage.report().rules.map(({ status, index, decided }) => ({ status, index, decided })),
    table: policyRows(pass, request.show),
    impact,
  });
}

function readPasted(ndjson: string): Promise<{ records: unknown[]; rejected: Rejection[] }> {
  const rejected: Rejection[] = [];
  return (async () => {
    const records: unknown[] = [];
    for await (const record of readNdjson([ndjson], { onReject: (r) => rejected.push(r) }))
      records.push(record);
    return { records, rejected };
  })();
}

globalThis.addEventListener('message', (event: MessageEvent<ToWorker>) => {
  const request = event.data;
  switch (request.type) {
    case 'inventory':
      pasted = request.ndjson === null ? null : readPasted(request.ndjson);
      return;
    case 'page':
      if (lastFilter?.run === request.run)
        post({ type: 'page', run: request.run, page: queryPage(lastFilter, request.pageToken) });
      return;
    case 'rows':
      if (lastPolicy?.run === request.run)
        post({ type: 'rows', run: request.run, table: policyRows(lastPolicy, request.show) });
      return;
    case 'cancel':
      current.abort();
      return;
    case 'forecast': {
      // After the policy pass of the same run, which it follows; a newer run leaves it unanswered.
      const { run } = request;
      const definition = request.definition as { resource?: unknown };
      const resource: ResourceName = isResourceName(definition.resource) ? definition.resource : 'component';
      inventory(request.size)
        .then(({ records }) =>
          forecastRecords(
            request.definition,
            records,
            resource,
            request.asOf,
            request.horizon,
            request.waivers,
          ),
        )
        .then(
          (forecast) => latest === run && post({ type: 'forecast', run, forecast }),
          (error: unknown) =>
            latest === run && post({ type: 'forecast', run, forecast: { error: message(error) } }),
        );
      return;
    }
    case 'filter':
    case 'policy': {
      current.abort();
      current = new AbortController();
      latest = request.run;
      const { signal } = current;
      const pass = request.type === 'filter' ? runFilter(request, signal) : runPolicy(request, signal);
      pass.catch((error: unknown) => {
        if (!signal.aborted) post({ type: 'failed', run: request.run, message: message(error) });
      });
      return;
    }
  }
});
