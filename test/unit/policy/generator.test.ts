import { describe, expect, it } from 'vitest';
import {
  generateCertificates,
  generateComponents,
  generateInventory,
  mulberry32,
  REFERENCE_DATE,
} from '../../../fixtures/generator.js';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('inventory generator', () => {
  it('is deterministic: same seed, same records; another seed, other records', () => {
    const a = [...generateComponents(50, { seed: 7 })];
    expect([...generateComponents(50, { seed: 7 })]).toEqual(a);
    expect([...generateComponents(50, { seed: 8 })]).not.toEqual(a);
    expect([...generateComponents(10, { seed: 7 })]).toEqual(a.slice(0, 10));
    expect([...generateCertificates(20, { seed: 7 })]).toEqual([...generateCertificates(20, { seed: 7 })]);
  });

  it('mulberry32 stays in [0, 1)', () => {
    const next = mulberry32(123);
    for (let i = 0; i < 10_000; i++) {
      const x = next();
      expect(x >= 0 && x < 1).toBe(true);
    }
  });

  it('generates components shaped like the query representation', () => {
    const now = Date.parse(REFERENCE_DATE);
    const components = [...generateComponents(2000, { seed: 1 })];
    expect(new Set(components.map((c) => c.id)).size).toBe(components.length);
    for (const c of components) {
      expect(typeof c.integrationId).toBe('string');
      expect(c.createdAt).toMatch(ISO);
      expect(c.updatedAt).toMatch(ISO);
      expect(Date.parse(c.createdAt) <= Date.parse(c.updatedAt)).toBe(true);
      expect(Date.parse(c.updatedAt) <= now).toBe(true);
      expect(typeof c.tags).toBe('object');
      expect(Object.keys(c.details)).toEqual([c.technology]);
      if (c.vendor === 'aws') expect(c.uniqueIdentifier).toMatch(/^arn:aws:[a-z]+:[a-z0-9-]+:\d{12}:/);
    }
    const technologies = new Set(components.map((c) => c.technology));
    expect([...technologies].sort()).toEqual([
      'elasticsearch',
      'kafka',
      'kubernetes',
      'mysql',
      'postgres',
      'redis',
    ]);
    const clusters = components.filter((c) => c.technology === 'kubernetes');
    for (const c of clusters) {
      const k = c.details.kubernetes as {
        nodes: Array<{ version: string; status: string }>;
        addOns: unknown[];
      };
      expect(k.nodes.length).toBeGreaterThan(0);
      for (const n of k.nodes) expect(n.version).toMatch(/^1\.\d\d$/);
      expect(Array.isArray(k.addOns)).toBe(true);
    }
    const times = components
      .filter((c) => c.technology === 'postgres')
      .map((c) => (c.details.postgres as Record<string, unknown>).lastActiveConnectionTime);
    // Null and missing both occur, and so do recent and long-idle databases.
    expect(times.some((t) => t === null)).toBe(true);
    expect(times.some((t) => t === undefined)).toBe(true);
    expect(times.some((t) => typeof t === 'string' && Date.parse(t) > now - 7 * 86_400_000)).toBe(true);
    expect(times.some((t) => typeof t === 'string' && Date.parse(t) < now - 60 * 86_400_000)).toBe(true);
  });

  it('generates certificates with past issue dates and a spread of expiry dates', () => {
    const now = Date.parse(REFERENCE_DATE);
    const certs = [...generateCertificates(2000, { seed: 1 })];
    for (const c of certs) {
      expect(c.type).toBe('ssl');
      for (const t of [
        c.created,
        c.issuedAt,
        c.validityStartDate,
        c.expirationDate,
        c.dueDate,
        c.createdAt,
        c.updatedAt,
      ]) {
        expect(t).toMatch(ISO);
      }
      expect(Date.parse(c.issuedAt) <= now).toBe(true);
      expect(Date.parse(c.issuedAt) < Date.parse(c.expirationDate)).toBe(true);
      expect(c.deletedAt === null || ISO.test(c.deletedAt)).toBe(true);
    }
    const expired = certs.filter((c) => Date.parse(c.expirationDate) < now).length;
    const soon = certs.filter((c) => {
      const t = Date.parse(c.expirationDate);
      return t >= now && t < now + 30 * 86_400_000;
    }).length;
    expect(expired).toBeGreaterThan(50);
    expect(soon).toBeGreaterThan(50);
  });

  it('moves every timestamp with the reference date', () => {
    const [a] = generateComponents(1, { seed: 3 });
    const [b] = generateComponents(1, { seed: 3, now: '2027-06-01T00:00:00.000Z' });
    expect(Date.parse(b!.createdAt) - Date.parse(a!.createdAt)).toBe(
      Date.parse('2027-06-01') - Date.parse('2026-06-01'),
    );
  });

  it('mixes components and certificates in generateInventory', () => {
    const all = [...generateInventory({ components: 100, certificates: 10 }, { seed: 1 })];
    expect(all).toHaveLength(110);
    expect(all.filter((r) => r.type === 'ssl')).toHaveLength(10);
    // Every record names its kind, and only certificates name theirs "certificate".
    expect(all.filter((r) => r.resource === 'certificate').every((r) => r.type === 'ssl')).toBe(true);
    expect(all.filter((r) => r.resource === 'component')).toHaveLength(100);
  });
});
