import type { ParamSink } from './types.js';

/** The pieces of SQL text every compiled expression is made of: connectives and parameters. */

export const TRUE = 'TRUE';
export const FALSE = 'FALSE';

/**
 * Operands of one flat `AND`/`OR`; longer lists nest as a balanced tree. SQLite parses `a OR b OR …`
 * into a tree as deep as the list is long and refuses depth 1000 ("Expression tree is too large"),
 * so a `$or` of 1,000 filters would fail there; balanced, 70,000 operands nest about 20 deep.
 */
const FLAT = 8;

function join(op: 'AND' | 'OR', parts: readonly string[]): string {
  if (parts.length <= FLAT) return `(${parts.join(` ${op} `)})`;
  const half = Math.ceil(parts.length / 2);
  return `(${join(op, parts.slice(0, half))} ${op} ${join(op, parts.slice(half))})`;
}

export function and(parts: readonly string[]): string {
  if (parts.length === 0) return TRUE;
  if (parts.length === 1) return parts[0]!;
  return join('AND', parts);
}

export function or(parts: readonly string[]): string {
  if (parts.length === 0) return FALSE;
  if (parts.length === 1) return parts[0]!;
  return join('OR', parts);
}

export function not(expr: string): string {
  if (expr === TRUE) return FALSE;
  if (expr === FALSE) return TRUE;
  return `(NOT ${expr})`;
}

/**
 * Numbered placeholders, so one value can be referenced twice and fragments compose in any order.
 * `instant` gives the statement's asOf (epoch ms), bound once, on first use only: PostgreSQL refuses
 * a statement with a parameter it does not use.
 */
export class Params implements ParamSink {
  readonly values: unknown[] = [];
  #aliases = 0;
  #asOf: string | undefined;
  #asOfIndex: number | undefined;
  constructor(
    private readonly placeholder: (index: number) => string,
    private readonly offset = 0,
    private readonly instant: () => number = Date.now,
  ) {}
  asOf(): string {
    if (this.#asOf === undefined) {
      this.#asOfIndex = this.values.length;
      this.#asOf = this.add(this.instant());
    }
    return this.#asOf;
  }
  /** The values, and where the asOf is among them when it is bound (see `SqlFragment.asOfIndex`). */
  bound(): { params: unknown[]; asOfIndex?: number } {
    return this.#asOfIndex === undefined
      ? { params: this.values }
      : { params: this.values, asOfIndex: this.#asOfIndex };
  }
  add(value: unknown): string {
    this.values.push(value);
    return this.placeholder(this.offset + this.values.length);
  }
  alias(): string {
    this.#aliases += 1;
    return `svc_e${this.#aliases}`;
  }
}
