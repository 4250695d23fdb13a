import { isArray } from '../builtins.js';
import { showText } from '../errors.js';

/** A value as a query problem's message names it: `null`, `an array`, a quoted string, a number, `a boolean`. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(showText(value));
  if (typeof value === 'number') return String(value);
  return `a ${typeof value}`;
}
