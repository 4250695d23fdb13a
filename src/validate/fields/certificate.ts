import { type FieldType, NUMBER, STRING, TIMESTAMP } from './types.js';

/**
 * Fields of a certificate in the query representation (`POST /certificates/query`), which is what
 * policies with `resource: "certificate"` evaluate. Observed values (`ssl`, `active`, `eligible`) are not
 * enumerations in the API description, so they are not enforced.
 */
export const CERTIFICATE_FIELDS: Readonly<Record<string, FieldType>> = {
  id: STRING,
  integrationId: STRING,
  uniqueIdentifier: STRING,
  type: STRING,
  status: STRING,
  issuer: STRING,
  keyAlgorithm: STRING,
  renewalEligibility: STRING,
  domainName: STRING,
  domains: { kind: 'array', items: STRING },
  inUseBy: { kind: 'array', items: STRING },
  created: TIMESTAMP,
  issuedAt: TIMESTAMP,
  validityStartDate: TIMESTAMP,
  expirationDate: TIMESTAMP,
  dueDate: TIMESTAMP,
  // Observed keys `serialNumber` and `signatureAlgorithm`; the object "may be empty" and is not closed.
  details: { kind: 'object', open: true, fields: { serialNumber: STRING, signatureAlgorithm: STRING } },
  createdAt: TIMESTAMP,
  updatedAt: TIMESTAMP,
  deletedAt: TIMESTAMP,
  componentIds: { kind: 'array', items: NUMBER },
  displayType: STRING,
};
