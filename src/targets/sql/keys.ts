import { arrayIncludes, stringIncludes, stringIsWellFormed } from '../../builtins.js';
import { QueryError } from '../../query/errors.js';
import { rankOf, type SortValue, TYPE_RANK } from '../../query/order.js';
import type { Slot } from './filter.js';
import type { ColumnType, ParamSink, SqlDialect } from './types.js';

/** Sort keys in SQL: a key's order expression and the keyset comparison that continues after a cursor. */

/** A condition on a row: a constant when it does not depend on the row, else a function that binds. */
export type Cond = boolean | (() => string);

export const TRUE = 'TRUE';
export const FALSE = 'FALSE';

export function all(parts: readonly string[]): string {
  if (arrayIncludes(parts, FALSE)) return FALSE;
  const rest = parts.filter((p) => p !== TRUE);
  if (rest.length === 0) return TRUE;
  return rest.length === 1 ? rest[0]! : `(${rest.join(' AND ')})`;
}

export function any(parts: readonly string[]): string {
  if (arrayIncludes(parts, TRUE)) return TRUE;
  const rest = parts.filter((p) => p !== FALSE);
  if (rest.length === 0) return FALSE;
  return rest.length === 1 ? rest[0]! : `(${rest.join(' OR ')})`;
}

/** The only type rank a typed column's non-null values have. */
function columnRank(type: Exclude<ColumnType, 'json' | 'jsonb'>): number {
  switch (type) {
    case 'number':
      return TYPE_RANK.number;
    case 'boolean':
      return TYPE_RANK.boolean;
    case 'text':
    case 'timestamp':
    case 'timestamptz':
      return TYPE_RANK.string;
  }
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * Text a database can bind: well-formed Unicode (a lone surrogate would be sent as U+FFFD, another
 * position), without U+0000 where text cannot hold it. Only a forged cursor holds other text.
 */
function storable(dialect: SqlDialect<unknown>, text: string): boolean {
  return stringIsWellFormed(text) && (dialect.capabilities.nulInText || !stringIncludes(text, '\u0000'));
}

function badCursor(message: string): QueryError {
  return new QueryError([{ code: 'INVALID_PAGE_TOKEN', path: '/pageToken', message }]);
}

/** A sort key's column(s) and how to compare them with a cursor value. */
export class KeySql<Ref> {
  /**
   * The key is a typed column that the resource description promises is never NULL (`required`): no
   * `IS NULL` branch is needed, so a descending key can be compared as a row value and enter an index.
   */
  readonly nonNull: boolean;

  private readonly slot: Slot<Ref>;

  constructor(
    private readonly dialect: SqlDialect<Ref>,
    /** The slot as stored: what a selected field reads (a NaN stays NaN there). */
    private readonly stored: Slot<Ref>,
    private readonly p: ParamSink,
    required: boolean,
  ) {
    // A number column is ordered and compared with NaN read as NULL (missing), which `required` does
    // not rule out: NaN is a number.
    const slot = stored;
    const nan = slot.kind === 'column' && slot.type === 'number' && dialect.capabilities.nanInNumberColumns;
    this.slot =
      slot.kind === 'column' && slot.type === 'number' ? { ...slot, sql: dialect.numberKey(slot.sql) } : slot;
    this.nonNull = required && slot.kind === 'column' && !nan;
  }

  #json(type: 'number' | 'string' | 'boolean'): string {
    if (this.slot.kind !== 'json') throw new Error('not a JSON slot');
    return this.dialect.jsonValue(this.slot.ref, type, this.p);
  }

  /** For a JSON key: its type rank as an SQL integer. */
  #rank(): string {
    return `(CASE WHEN ${this.#json('number')} IS NOT NULL THEN ${TYPE_RANK.number} WHEN ${this.#json('string')} IS NOT NULL THEN ${TYPE_RANK.string} WHEN ${this.#json('boolean')} IS NOT NULL THEN ${TYPE_RANK.boolean} ELSE ${TYPE_RANK.missing} END)`;
  }

  /** A typed column as it is ordered: text in code point order, an instant by its millisecond. */
  #ordered(slot: Extract<Slot<Ref>, { kind: 'column' }>): string {
    if (slot.type === 'timestamptz') return this.dialect.instantKey(slot.sql);
    return columnRank(slot.type) === TYPE_RANK.string ? this.dialect.collateOrder(slot.sql) : slot.sql;
  }

  /** `ORDER BY` items: null placement explicit, strings in code point order whatever the collation. */
  orderBy(direction: 'asc' | 'desc'): string[] {
    const dir = direction === 'asc' ? 'ASC NULLS FIRST' : 'DESC NULLS LAST';
    if (this.slot.kind === 'column') return [`${this.#ordered(this.slot)} ${dir}`];
    // Within one rank only that rank's value is non-null, so the other columns never decide.
    return [
      `${this.#rank()} ${dir}`,
      `${this.#json('number')} ${dir}`,
      `${this.dialect.collateOrder(this.#json('string'))} ${dir}`,
      `${this.#json('boolean')} ${dir}`,
    ];
  }

  /** The bound cursor value of a timestamptz key, in the form the key is ordered by. */
  #instant(c: string): string {
    if (!ISO_INSTANT.test(c)) throw badCursor('pageToken does not hold a timestamp of this sort');
    return this.dialect.instantKey(this.dialect.timestampParam(this.p.add(c)));
  }

  /** `value op cursor` for a value of the cursor's own type (`expr` non-null exactly for that type). */
  #compare(
    expr: string,
    op: '<' | '>' | '=' | '>=' | '<=',
    c: Exclude<SortValue, null>,
    timestamptz: boolean,
  ): string {
    const { dialect, p } = this;
    if (typeof c === 'number') return `${expr} ${op} ${dialect.numberParam(p.add(c))}`;
    if (typeof c === 'boolean')
      return `${expr} ${op} ${p.add(dialect.capabilities.integerBooleans ? (c ? 1 : 0) : c)}`;
    if (!storable(dialect, c)) throw badCursor('pageToken holds text this database cannot store');
    if (timestamptz) return `${dialect.instantKey(expr)} ${op} ${this.#instant(c)}`;
    const e = op === '=' ? dialect.collateEq(expr) : dialect.collateOrder(expr);
    return `${e} ${op} ${p.add(c)}`;
  }

  #value(c: Exclude<SortValue, null>): string {
    if (this.slot.kind === 'column') return this.slot.sql;
    return this.#json(typeof c as 'number' | 'string' | 'boolean');
  }

  /**
   * Rows whose key equals the cursor value: a constant when the answer does not depend on the row, else
   * a function that binds the cursor value (parameters are bound only for conditions that are kept, as
   * PostgreSQL refuses a parameter that the statement does not use).
   */
  equal(c: SortValue): Cond {
    const rc = rankOf(c);
    const slot = this.slot;
    if (slot.kind === 'column') {
      if (c === null) return this.nonNull ? false : () => `${slot.sql} IS NULL`;
      if (rc !== columnRank(slot.type)) return false;
      return () => this.#compare(slot.sql, '=', c, slot.type === 'timestamptz');
    }
    if (c === null) return () => `${this.#rank()} = ${TYPE_RANK.missing}`;
    return () => this.#compare(this.#value(c), '=', c, false);
  }

  /** Rows whose key comes strictly after the cursor value in `direction` (see {@link equal}). */
  after(c: SortValue, direction: 'asc' | 'desc'): Cond {
    const rc = rankOf(c);
    const op = direction === 'asc' ? '>' : '<';
    const slot = this.slot;
    if (slot.kind === 'column') {
      const col = slot.sql;
      const rcol = columnRank(slot.type);
      const tz = slot.type === 'timestamptz';
      if (direction === 'asc') {
        if (rcol > rc) return this.nonNull ? true : () => `${col} IS NOT NULL`;
        return rcol === rc && c !== null ? () => this.#compare(col, '>', c, tz) : false;
      }
      if (c === null) return false;
      if (rcol < rc) return true;
      // Descending, NULL sorts last: after every value, unless the column never holds it.
      if (rcol > rc) return this.nonNull ? false : () => `${col} IS NULL`;
      if (this.nonNull) return () => this.#compare(col, '<', c, tz);
      return () => `(${col} IS NULL OR ${this.#compare(col, '<', c, tz)})`;
    }
    if (c === null && direction === 'desc') return false;
    return () => {
      const byRank = `${this.#rank()} ${op} ${rc}`;
      return c === null ? byRank : `(${byRank} OR ${this.#compare(this.#value(c), op, c, false)})`;
    };
  }

  /**
   * A redundant bound implied by the keyset condition on the first key: `a >= $1` ascending, `a <= $1`
   * descending (only when the column never holds NULL, which sorts last descending). It lets SQLite seek
   * in the index, which it does not do for a row value with a `COLLATE` clause, and gives a
   * mixed-direction order an index condition, where no row value fits.
   */
  leadBound(c: SortValue, direction: 'asc' | 'desc'): (() => string) | undefined {
    const slot = this.slot;
    if (c === null || typeof c === 'boolean' || slot.kind !== 'column') return undefined;
    if (direction === 'desc' && !this.nonNull) return undefined;
    if (rankOf(c) !== columnRank(slot.type)) return undefined;
    if (slot.type === 'timestamptz' && (typeof c !== 'string' || !ISO_INSTANT.test(c))) return undefined;
    if (typeof c === 'string' && !storable(this.dialect, c)) return undefined;
    const op = direction === 'asc' ? '>=' : '<=';
    return () => this.#compare(slot.sql, op, c, slot.type === 'timestamptz');
  }

  /**
   * For the row-value form: a function binding the comparable expression and the cursor value, or
   * `undefined` when this key cannot take part (checked before anything is bound).
   */
  rowItem(c: Exclude<SortValue, null>): (() => [string, string]) | undefined {
    const slot = this.slot;
    if (slot.kind !== 'column' || rankOf(c) !== columnRank(slot.type) || typeof c === 'boolean')
      return undefined;
    const { dialect, p } = this;
    // A NULL of this column must leave the row out, as it sorts before the cursor: only where a NULL
    // item makes the row comparison unknown.
    if (!this.nonNull && !dialect.capabilities.rowValueNullUnknown) return undefined;
    if (slot.type === 'timestamptz') {
      if (typeof c !== 'string' || !ISO_INSTANT.test(c)) return undefined;
      return () => [this.#ordered(slot), this.#instant(c)];
    }
    if (typeof c === 'number') return () => [slot.sql, dialect.numberParam(p.add(c))];
    if (!storable(dialect, c)) return undefined;
    return () => [this.#ordered(slot), p.add(c)];
  }

  select(p: ParamSink): string {
    const slot = this.stored;
    if (slot.kind === 'json') return this.dialect.jsonText(slot.ref, p);
    return slot.type === 'timestamptz' ? this.dialect.instantText(slot.sql) : slot.sql;
  }
}

/** A condition: known without looking at the row, or built (binding its parameters) on demand. */
