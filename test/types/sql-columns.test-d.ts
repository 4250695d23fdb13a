import { describe, expectTypeOf, it } from 'vitest';
import type {
  ColumnDefinition,
  ColumnMapping,
  ColumnType,
  PageIndexOptions,
  SqlQueryOptions,
  ToSqlOptions,
} from '../../src/sql.js';

/**
 * `ColumnMapping` names what one entry of the `columns` option takes, the `'text'` shorthand included,
 * as docs/sql.md writes it: a user who types the map they pass by the exported name must not be refused.
 */
describe('the columns option', () => {
  it('a ColumnMapping is a column type or a column definition', () => {
    expectTypeOf<ColumnMapping>().toEqualTypeOf<ColumnType | ColumnDefinition>();
    const columns: Record<string, ColumnMapping> = {
      technology: 'text',
      region: 'text',
      createdAt: { column: 'created_at', type: 'timestamptz' },
      details: 'jsonb',
    };
    expectTypeOf(columns).toExtend<ToSqlOptions['columns']>();
    expectTypeOf(columns).toExtend<SqlQueryOptions['columns']>();
    expectTypeOf(columns).toExtend<PageIndexOptions['columns']>();
  });

  it('every entry of the option is a ColumnMapping, and nothing else is', () => {
    expectTypeOf<ToSqlOptions['columns'][string]>().toEqualTypeOf<ColumnMapping>();
    // @ts-expect-error not a column type
    const wrong: ColumnMapping = 'varchar';
    // @ts-expect-error a definition needs its type
    const untyped: ColumnMapping = { column: 'created_at' };
    expectTypeOf([wrong, untyped]).toBeArray();
  });
});
