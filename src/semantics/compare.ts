// Captured here, as module constants, rather than imported: this is the hottest loop of string
// ordering, and a constant built-in called with `.call` is inlined like a method call.
const charCodeAt = String.prototype.charCodeAt;
const codePointAt = String.prototype.codePointAt;
const mathMin = Math.min;
/**
 * Orders strings by Unicode code point. JavaScript's `<` compares UTF-16 code units, which disagrees
 * with code point order (and with PostgreSQL `C` / SQLite `BINARY` on UTF-8) exactly when the first
 * differing unit is a surrogate on one side and U+E000–U+FFFF on the other: an astral character must
 * sort after U+FFFF but its lead surrogate (U+D800–U+DBFF) is below U+E000. A lone surrogate (a record
 * may hold one, from a JSON escape) is its own code point, below U+E000.
 */
export function compareCodePoints(a: string, b: string): number {
  const n = mathMin(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = charCodeAt.call(a, i);
    const y = charCodeAt.call(b, i);
    if (x !== y) {
      if (x < 0xd800 || y < 0xd800) return x - y;
      // The code points of the characters these units are in: after a lead surrogate both share, a
      // trail surrogate makes a pair with it.
      const lead = i > 0 && (charCodeAt.call(a, i - 1) & 0xfc00) === 0xd800;
      const at = lead && ((x & 0xfc00) === 0xdc00 || (y & 0xfc00) === 0xdc00) ? i - 1 : i;
      return codePointAt.call(a, at)! - codePointAt.call(b, at)!;
    }
  }
  return a.length - b.length;
}

/**
 * True when `s` has no code unit at or above U+D800. Comparing such a string with any other string by
 * `<` gives code point order: at the first difference its unit is below U+D800, so the rotation above
 * cannot apply. Compilers use this to keep the native comparison on the fast path.
 */
export function isBelowSurrogates(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (charCodeAt.call(s, i) >= 0xd800) return false;
  return true;
}
