const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-](\d{2}):(\d{2}))?)?$/;
const CANONICAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** An ISO 8601 date (`2026-01-31`) or date-time (`2026-01-31T10:00Z`, `…:00.000+02:00`) with valid fields. */
export function isIsoTimestamp(text: string): boolean {
  const m = ISO.exec(text);
  if (m === null) return false;
  const [year, month, day, hour, minute, second, offH, offM] = m
    .slice(1)
    .map((x) => (x === undefined ? 0 : Number(x)));
  if (month! < 1 || month! > 12 || day! < 1) return false;
  const days = new Date(Date.UTC(year!, month!, 0)).getUTCDate();
  return day! <= days && hour! < 24 && minute! < 60 && second! < 60 && offH! < 24 && offM! < 60;
}

/** The API's form: UTC with milliseconds, `2026-01-31T10:00:00.000Z`. */
export function isCanonicalTimestamp(text: string): boolean {
  return CANONICAL.test(text) && isIsoTimestamp(text);
}

const PARTS = /^(\d{4}-\d{2}-\d{2})(?:[Tt](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?([Zz]|[+-]\d{2}:\d{2})?)?$/;

/**
 * An ISO 8601 date or date-time (see {@link isIsoTimestamp}) as the RFC 3339 timestamp of the same
 * instant that `$at` takes: missing time fields are zero, a missing offset is UTC (the API's timestamps
 * are). The text itself when it is one already.
 */
export function asRfc3339(text: string): string {
  const m = PARTS.exec(text);
  if (m === null) return text;
  const [, date, h = '00', mi = '00', s = '00', fraction = '', offset = 'Z'] = m;
  return `${date}T${h}:${mi}:${s}${fraction}${offset}`;
}
