import type { Selection } from '../../src/inventory/selective.js';

/** What the full parse gives, cut down to `selection`: the reference the selective reader must equal. */
export function project(value: unknown, selection: Selection): unknown {
  if (selection === true) return value;
  if (Array.isArray(value))
    return selection.any === undefined ? [] : value.map((e) => project(e, selection.any!));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, sub] of selection.keys) {
    if (Object.hasOwn(value, k)) {
      Object.defineProperty(out, k, {
        value: project((value as Record<string, unknown>)[k], sub),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  return out;
}

/** A canonical text: own keys sorted, -0 told apart, prototypes named. */
export function canon(v: unknown): string {
  if (Object.is(v, -0)) return '-0';
  if (Array.isArray(v)) return `[${v.map(canon).join(',')}]`;
  if (typeof v === 'object' && v !== null) {
    const proto = Object.getPrototypeOf(v) === Object.prototype ? '' : '!proto';
    const keys = Object.keys(v).sort();
    return `${proto}{${keys.map((k) => `${JSON.stringify(k)}:${canon((v as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(v) ?? String(v);
}
