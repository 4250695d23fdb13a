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
