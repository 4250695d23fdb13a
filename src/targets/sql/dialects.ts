import { FilterError } from '../../errors.js';
import { postgres } from './postgres.js';
import { sqlite } from './sqlite.js';
import type { DialectName, SqlDialect } from './types.js';

const DIALECTS: { readonly [K in DialectName]: SqlDialect<unknown> } = {
  postgres: postgres as SqlDialect<unknown>,
  sqlite: sqlite as SqlDialect<unknown>,
};

/** The hooks of a dialect by name; a typed error for anything else. */
export function dialectFor(name: unknown): SqlDialect<unknown> {
  if (name !== 'postgres' && name !== 'sqlite') {
    throw new FilterError(
      'INVALID_OPTION',
      '',
      `"dialect" must be "postgres" or "sqlite", got ${JSON.stringify(name)}`,
    );
  }
  return DIALECTS[name];
}
