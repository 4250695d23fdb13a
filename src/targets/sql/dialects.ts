import { hasOwn, objectKeys } from '../../builtins.js';
import { FilterError } from '../../errors.js';
import { duckdb } from './duckdb.js';
import { postgres } from './postgres.js';
import { sqlite } from './sqlite.js';
import type { DialectName, SqlDialect } from './types.js';

/**
 * The registry of dialects: a name to its hooks file. A new dialect is one hooks file and one entry
 * here (its name added to `DialectName`, which this type then requires).
 */
const DIALECTS: { readonly [K in DialectName]: SqlDialect<unknown> } = {
  duckdb: duckdb as SqlDialect<unknown>,
  postgres: postgres as SqlDialect<unknown>,
  sqlite: sqlite as SqlDialect<unknown>,
};

const NAMES: string = objectKeys(DIALECTS)
  .map((name) => JSON.stringify(name))
  .join(' or ');

/** The hooks of a dialect by name; a typed error for anything else. */
export function dialectFor(name: unknown): SqlDialect<unknown> {
  if (typeof name !== 'string' || !hasOwn(DIALECTS, name)) {
    throw new FilterError('INVALID_OPTION', '', `"dialect" must be ${NAMES}, got ${JSON.stringify(name)}`);
  }
  return DIALECTS[name as DialectName];
}
