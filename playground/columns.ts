/**
 * The SQL column mapping the playground uses for a resource: one column per top-level field of the
 * resource description, objects and maps as JSON. Shared with the browser test, which compares the
 * page's SQL with `toSql` under this same mapping.
 */
import { type ResourceName, resolveResource } from '../src/index.js';
import type { ColumnType, DialectName } from '../src/sql.js';

/**
 * @example
 * columnsFor('component', 'postgres').technology; // 'text'
 */
export function columnsFor(resource: ResourceName, dialect: DialectName): Record<string, ColumnType> {
  const columns: Record<string, ColumnType> = {};
  for (const [field, description] of Object.entries(resolveResource(resource).fields)) {
    columns[field] = columnType(description.type, dialect);
  }
  return columns;
}

function columnType(type: string, dialect: DialectName): ColumnType {
  switch (type) {
    case 'string':
      return 'text';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'timestamp':
      return dialect === 'postgres' ? 'timestamptz' : 'timestamp';
    default:
      // Arrays, maps and objects live in one JSON document column.
      return dialect === 'postgres' ? 'jsonb' : 'json';
  }
}
