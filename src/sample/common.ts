/**
 * What the seeded generators of components (generator.ts) and certificates (certificates.ts) share:
 * the PRNG, weighted picks, the reference date, and the names of places and services.
 */

/** The default reference date ("now") of generated inventories; the example policies assume it. */
export const REFERENCE_DATE = '2026-06-01T00:00:00.000Z';

/** Options of the generators. */
export interface GeneratorOptions {
  /** PRNG seed (a 32-bit integer). Default 1. */
  readonly seed?: number;
  /** The reference date timestamps are relative to. Default {@link REFERENCE_DATE}. */
  readonly now?: string | Date;
}

/** mulberry32: a tiny, fast 32-bit PRNG with a good enough spread for test data. Returns [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const DAY = 86_400_000;

const BYTE_HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

export class Random {
  readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  /** `n` hex digits (n even), from a byte table: `toString(16)` and `padStart` are slow in hot loops. */
  hex(n: number, separator = ''): string {
    let out = '';
    for (let i = 0; i < n; i += 2) {
      if (i > 0) out += separator;
      out += BYTE_HEX[(this.next() * 256) | 0];
    }
    return out;
  }
  /** A uuid-shaped id, unique per generator run because the index is part of it. */
  uuid(index: number): string {
    return `${this.hex(8)}-${this.hex(4)}-4${this.hex(4).slice(1)}-a${this.hex(4).slice(1)}-${index.toString(16).padStart(12, '0')}`;
  }
}

/** Picks from `[value, weight]` pairs; weights are precomputed into a cumulative table. */
export function weighted<T>(pairs: readonly (readonly [T, number])[]): (r: Random) => T {
  const total = pairs.reduce((s, [, w]) => s + w, 0);
  const values = pairs.map(([v]) => v);
  const bounds: number[] = [];
  let acc = 0;
  for (const [, w] of pairs) {
    acc += w;
    bounds.push(acc / total);
  }
  const last = values.length - 1;
  return (r) => {
    const x = r.next();
    for (let i = 0; i < last; i++) if (x < bounds[i]!) return values[i]!;
    return values[last]!;
  };
}

export function nowMs(options: GeneratorOptions | undefined): number {
  const now = options?.now ?? REFERENCE_DATE;
  const ms = typeof now === 'string' ? Date.parse(now) : now.getTime();
  if (Number.isNaN(ms)) throw new RangeError(`invalid reference date ${String(now)}`);
  return ms;
}

export const iso = (ms: number) => new Date(ms).toISOString();

/** Where records live, by cloud account. */
export const AWS_REGIONS = [
  'us-east-1',
  'us-east-2',
  'us-west-2',
  'eu-west-1',
  'eu-central-1',
  'ap-southeast-2',
];
export const ACCOUNTS = ['123456789012', '210987654321', '345678901234', '456789012345'];
/** Service names, for databases, clusters and domains. */
export const NAMES = [
  'orders',
  'billing',
  'users',
  'catalog',
  'events',
  'sessions',
  'ledger',
  'search',
  'audit',
  'metrics',
];
