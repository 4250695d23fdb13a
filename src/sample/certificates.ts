/**
 * Certificates shaped like the API's query representation, seeded and deterministic: the certificate
 * half of the sample generator (generator.ts).
 */

import {
  ACCOUNTS,
  AWS_REGIONS,
  DAY,
  type GeneratorOptions,
  iso,
  NAMES,
  nowMs,
  Random,
  weighted,
} from './common.js';

/** A certificate in the API's query representation. */
export interface Certificate {
  id: string;
  integrationId: string;
  uniqueIdentifier: string;
  type: 'ssl';
  status: string;
  issuer: string;
  keyAlgorithm: string;
  renewalEligibility: string;
  domainName: string;
  domains: string[];
  inUseBy: string[];
  created: string;
  issuedAt: string;
  validityStartDate: string;
  expirationDate: string;
  dueDate: string;
  details: { serialNumber?: string; signatureAlgorithm?: string };
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
  componentIds: number[];
  displayType: string;
  [key: string]: unknown;
}

const ISSUERS = ['Amazon', "Let's Encrypt", 'DigiCert Inc', 'Sectigo Limited', 'GlobalSign nv-sa'];
const KEY_ALGORITHMS = ['RSA_2048', 'RSA_2048', 'EC_prime256v1', 'RSA_4096'];
const DOMAINS = ['example.com', 'example.org', 'shop.example.net', 'internal.example.io'];
/** Days until expiry: a share already expired, a share expiring within 30 days, most later. */
const EXPIRY = weighted([
  [-90, 8],
  [30, 12],
  [395, 80],
] as const);

/**
 * Certificates in the API's query representation, generated one at a time.
 *
 * @example
 * const [cert] = generateCertificates(1, { seed: 7 });
 * cert.expirationDate; // an ISO timestamp with milliseconds
 */
export function* generateCertificates(count: number, options?: GeneratorOptions): Generator<Certificate> {
  const r = new Random((options?.seed ?? 1) ^ 0x5eed);
  const now = nowMs(options);
  for (let i = 0; i < count; i++) {
    const band = EXPIRY(r);
    const expires =
      band < 0
        ? now - r.int(-band * DAY) - 1
        : band === 30
          ? now + r.int(30 * DAY)
          : now + (30 + r.int(365)) * DAY;
    // Issued in the past: a 90-day or 13-month certificate, or a longer one when it expires later.
    const lifetime = Math.max(r.chance(0.5) ? 90 * DAY : 395 * DAY, expires - now + DAY * (1 + r.int(60)));
    const issued = expires - lifetime;
    const where = r.pick(AWS_REGIONS);
    const account = r.pick(ACCOUNTS);
    const base = r.pick(DOMAINS);
    const domainName = `${r.pick(NAMES)}.${base}`;
    const certId = r.uuid(i);
    const created = issued - r.int(DAY);
    const createdIso = iso(created);
    const issuedIso = iso(issued);
    const deleted = r.chance(0.04)
      ? iso(Math.min(now - 1, Math.max(created + 1, expires + r.int(10 * DAY))))
      : null;
    const details: Certificate['details'] = r.chance(0.1)
      ? {}
      : {
          serialNumber: r.hex(32, ':'),
          signatureAlgorithm: r.pick(['SHA256WITHRSA', 'SHA384WITHECDSA']),
        };
    const componentIds: number[] = [];
    for (let k = r.int(4); k > 0; k--) componentIds.push(1 + r.int(100_000));
    yield {
      id: certId,
      integrationId: String(1000 + r.int(12)),
      uniqueIdentifier: `arn:aws:acm:${where}:${account}:certificate/${certId}`,
      type: 'ssl',
      status: expires < now ? 'expired' : 'active',
      issuer: r.pick(ISSUERS),
      keyAlgorithm: r.pick(KEY_ALGORITHMS),
      renewalEligibility: r.chance(0.85) ? 'eligible' : 'ineligible',
      domainName,
      domains: r.chance(0.5) ? [domainName] : [domainName, `*.${base}`],
      inUseBy: componentIds.map(
        (id) => `arn:aws:elasticloadbalancing:${where}:${account}:loadbalancer/app/lb-${id}`,
      ),
      created: createdIso,
      issuedAt: issuedIso,
      validityStartDate: issuedIso,
      expirationDate: iso(expires),
      dueDate: iso(expires - 30 * DAY),
      details,
      createdAt: createdIso,
      updatedAt: iso(Math.min(now - 1, created + r.int(30 * DAY))),
      deletedAt: deleted,
      componentIds,
      displayType: r.chance(0.7) ? 'Amazon issued' : 'Imported',
    };
  }
}
