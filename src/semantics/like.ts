// Captured as module constants (see src/builtins.ts): a patched String.prototype cannot change a match,
// and a constant built-in called with `.call` is inlined like a method call.
const startsWith = String.prototype.startsWith;
const endsWith = String.prototype.endsWith;
const indexOf = String.prototype.indexOf;
/**
 * `$like` patterns: `*` is any run of characters, `\*` a literal star, `\\` a literal backslash, and
 * every other character (a backslash before anything else included) is itself. The pattern is split
 * once into literal pieces; matching is greedy leftmost search of those pieces, which is exact for a
 * language whose only wildcard is `*` and runs in linear time in practice (no backtracking).
 */

/** A `$like` pattern split at its unescaped stars: `pieces.length - 1` stars between the pieces. */
export interface LikePattern {
  readonly pieces: readonly string[];
}

/** Splits a `$like` pattern into the literal text between unescaped stars. */
export function parseLike(pattern: string): LikePattern {
  const pieces: string[] = [];
  let current = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      const next = pattern[i + 1];
      if (next === '*' || next === '\\') {
        current += next;
        i++;
      } else {
        current += '\\';
      }
    } else if (c === '*') {
      pieces.push(current);
      current = '';
    } else {
      current += c;
    }
  }
  pieces.push(current);
  return { pieces };
}

/** The unescaped stars of a pattern (the limits count them; call it on a pattern of bounded length). */
export function likeWildcards(pattern: string): number {
  return parseLike(pattern).pieces.length - 1;
}

/** Writes literal text as a `$like` pattern that matches exactly that text. */
export function escapeLike(text: string): string {
  return text.replace(/[\\*]/g, '\\$&');
}

/** Compiles a pattern to a matcher over strings; all splitting happens here, once. */
export function compileLike(pattern: string): (s: string) => boolean {
  const { pieces } = parseLike(pattern);
  if (pieces.length === 1) {
    const exact = pieces[0]!;
    return (s) => s === exact;
  }
  const first = pieces[0]!;
  const last = pieces[pieces.length - 1]!;
  const middle = pieces.slice(1, -1).filter((p) => p !== '');
  const minLength = first.length + last.length + middle.reduce((n, p) => n + p.length, 0);
  if (middle.length === 0) {
    if (last === '') return first === '' ? () => true : (s) => startsWith.call(s, first);
    if (first === '') return (s) => endsWith.call(s, last);
    return (s) => s.length >= minLength && startsWith.call(s, first) && endsWith.call(s, last);
  }
  return (s) => {
    if (s.length < minLength || !startsWith.call(s, first) || !endsWith.call(s, last)) return false;
    const end = s.length - last.length;
    let pos = first.length;
    for (let i = 0; i < middle.length; i++) {
      const piece = middle[i]!;
      const at = indexOf.call(s, piece, pos);
      if (at < 0 || at + piece.length > end) return false;
      pos = at + piece.length;
    }
    return true;
  };
}
