/**
 * DOM helpers of the playground: elements, and the results table with the values that decided marked.
 */
import type { Row, Table } from './protocol.js';

/**
 * An element with text and attributes.
 *
 * @example
 * el('li', 'No problems', { class: 'ok' });
 */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  content?: string | readonly (Node | string)[],
  attributes: Readonly<Record<string, string>> = {},
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  if (typeof content === 'string') element.textContent = content;
  // One by one: a spread of a list as long as a record's array (90,000 values) exceeds the call stack.
  else if (content !== undefined) for (const child of content) element.append(child);
  return element;
}

/**
 * A count as the page shows it, with thousands separators whatever the browser's language.
 *
 * @example
 * count(100000); // '100,000'
 */
export const count = (n: number): string => n.toLocaleString('en-US');

/** Values a table cell or an explanation line lists at most; it counts the others. */
export const SHOWN_VALUES = 20;

/** A value as one line: strings as they are, anything else as JSON. */
function inline(value: unknown): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function escapeToken(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The value at a JSON pointer below `value` (`rest` without its leading slash). */
function below(value: unknown, rest: string): unknown {
  let v = value;
  for (const token of rest.split('/')) {
    const key = token.replace(/~1/g, '/').replace(/~0/g, '~');
    v = typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[key] : undefined;
  }
  return v;
}

function cell(record: unknown, field: string, hits: ReadonlySet<string>): HTMLTableCellElement {
  const value =
    typeof record === 'object' && record !== null ? (record as Record<string, unknown>)[field] : undefined;
  const at = `/${escapeToken(field)}`;
  const td = el('td', undefined, { 'data-field': field });
  if (hits.has(at)) {
    // The whole value decided (or its absence did: `$exists: false`).
    td.className = 'hit';
    td.append(el('mark', value === undefined ? '(absent)' : inline(value), { 'data-at': at }));
  } else if ([...hits].some((h) => h.startsWith(`${at}/`))) {
    // Values inside an object or array: each shown by its place in the cell (the first SHOWN_VALUES of
    // them: an array of 90,000 would make a cell of 90,000 marks), the rest in the tooltip.
    td.className = 'hit';
    const inside = [...hits].filter((h) => h.startsWith(`${at}/`));
    inside.slice(0, SHOWN_VALUES).forEach((h, i) => {
      const rest = h.slice(at.length + 1);
      const found = below(value, rest);
      td.append(
        i === 0 ? '' : ' · ',
        `${rest}: `,
        el('mark', found === undefined ? '(absent)' : JSON.stringify(found), { 'data-at': h }),
      );
    });
    if (inside.length > SHOWN_VALUES) td.append(` … and ${count(inside.length - SHOWN_VALUES)} more`);
  } else {
    td.textContent = inline(value);
  }
  td.title = inline(value);
  return td;
}

/**
 * Renders a table of rows into `target`. Rows are focusable and open with a click or Enter when `open`
 * is given.
 */
export function renderTable(
  target: HTMLTableElement,
  table: Table,
  open?: (row: Row, element: HTMLTableRowElement) => void,
): void {
  const head = el('thead', [
    el(
      'tr',
      table.columns.map((c) => el('th', c, { scope: 'col' })),
    ),
  ]);
  const body = el(
    'tbody',
    table.rows.map((row) => {
      const hits = new Set(row.hits);
      const tr = el(
        'tr',
        table.columns.map((c) =>
          c === 'status' && row.status !== undefined
            ? el(
                'td',
                row.status === null
                  ? 'not applicable'
                  : `${row.status}${row.waiver === undefined ? '' : ` (waived: ${row.waiver})`}`,
                {
                  'data-field': 'status',
                  class:
                    (row.isDefault === true
                      ? 'status default'
                      : row.status === null
                        ? 'status na'
                        : 'status') + (row.waiver === undefined ? '' : ' waived'),
                },
              )
            : cell(row.record, c, hits),
        ),
      );
      const id = (row.record as { id?: unknown } | null)?.id;
      if (id !== undefined) tr.dataset.id = String(id);
      if (open !== undefined) {
        tr.tabIndex = 0;
        tr.addEventListener('click', () => open(row, tr));
        tr.addEventListener('keydown', (event) => {
          if (event.key === 'Enter') open(row, tr);
        });
      }
      return tr;
    }),
  );
  target.replaceChildren(head, body);
}
