/**
 * What the DuckDB engine reads (src/node/duckdb.ts): the input's form, told from its first bytes, and
 * the SQL that reads its records.
 */

/** What the DuckDB engine reads: the input's form, told apart by content as the in-process readers do. */
export type DuckdbInput = 'ndjson' | 'array' | 'envelope' | 'parquet';

/** The records of the input as one `JSON` value each (`json`), from DuckDB's readers. */
export function source(input: DuckdbInput, gzip: boolean, bytes: number): string {
  const compression = `compression = '${gzip ? 'gzip' : 'uncompressed'}'`;
  // DuckDB's default bound on one record (16 MB; a longer one is an error, never skipped); the
  // envelope is one document, as long as the file (the reader's buffers grow with this bound).
  const size = `maximum_object_size = ${input === 'envelope' ? (gzip ? 2 ** 31 - 1 : Math.min(Math.max(bytes * 2, 16 << 20), 2 ** 31 - 1)) : 16 << 20}`;
  switch (input) {
    case 'ndjson':
      return `SELECT json FROM read_json_objects($1, format = 'newline_delimited', ${compression}, ${size})`;
    case 'array':
      return `SELECT json FROM read_json_objects($1, format = 'array', ${compression}, ${size})`;
    case 'envelope':
      return `SELECT unnest(CAST(json_extract(json, '$.items') AS JSON[])) AS json FROM read_json_objects($1, format = 'unstructured', ${compression}, ${size})`;
    case 'parquet':
      // A Parquet row is read as DuckDB's JSON of it (docs/cli.md, "--engine duckdb").
      return `SELECT CAST(to_json(svc_p) AS JSON) AS json FROM read_parquet($1) AS svc_p`;
  }
}

/**
 * The records of NDJSON or a JSON array as rows of the fields read (`f<i>`, one `JSON` value each, SQL
 * `NULL` when absent or null), DuckDB's reader parsing only those fields (`columns`: $2). None for
 * other inputs.
 */
export function directSource(
  input: DuckdbInput,
  gzip: boolean,
  columns: readonly string[],
  types: readonly string[],
): string | undefined {
  if (input !== 'ndjson' && input !== 'array') return undefined;
  const format = input === 'ndjson' ? 'newline_delimited' : 'array';
  // A STRUCT back to JSON (its JSON leaves as they are, absent keys null: missing, as in memory).
  const values = columns.map((c, i) => (types[i] === 'JSON' ? c : `CAST(to_json(${c}) AS JSON) AS ${c}`));
  return `SELECT 'OBJECT' AS svc_type, ${values.join(', ')} FROM read_json($1, format = '${format}', records = true, columns = $2, compression = '${gzip ? 'gzip' : 'uncompressed'}', maximum_object_size = ${16 << 20}) AS svc_r(${columns.join(', ')})`;
}

const HEAD_BYTES = 1 << 20;

/**
 * The form of the file, from its first bytes (gunzipped when they are gzip), as the in-process readers
 * tell them apart: Parquet by its magic bytes; a JSON array by its `[`; a `{` that starts a document
 * whose first line is not a whole object, or the only line of the file, holding an `items` array, is
 * the API's envelope; other text is NDJSON.
 */
export async function sniffInput(
  handle: import('node:fs/promises').FileHandle,
): Promise<{ input: DuckdbInput; gzip: boolean }> {
  const { gunzipSync, constants } = await import('node:zlib');
  const buffer = Buffer.alloc(HEAD_BYTES);
  const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
  let head = buffer.subarray(0, bytesRead);
  if (head.subarray(0, 4).toString('latin1') === 'PAR1') return { input: 'parquet', gzip: false };
  const gzip = head[0] === 0x1f && head[1] === 0x8b;
  if (gzip) head = gunzipSync(head, { finishFlush: constants.Z_SYNC_FLUSH });
  const text = head.toString('utf8').replace(/^\uFEFF/, '');
  const start = text.search(/\S/);
  if (text[start] === '[') return { input: 'array', gzip };
  if (text[start] !== '{') return { input: 'ndjson', gzip };
  const lines = text.slice(start).split('\n');
  let first: unknown;
  try {
    first = JSON.parse(lines[0]!);
  } catch {
    // Not a whole object on its first line: one document over several lines (or a malformed line,
    // which DuckDB then refuses, loudly).
    return { input: 'envelope', gzip };
  }
  const only = bytesRead < HEAD_BYTES && lines.slice(1).every((l) => l.trim() === '');
  const items =
    typeof first === 'object' && first !== null && Array.isArray((first as { items?: unknown }).items);
  return { input: items && only ? 'envelope' : 'ndjson', gzip };
}
