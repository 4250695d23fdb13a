import { parseLike } from '../../semantics/like.js';

/** Characters with a meaning in PCRE (MongoDB) or JavaScript (mingo) patterns outside a class. */
const META = /[\\^$.|?*+()[\]{}]/g;

/** A run of any characters. `.` would stop at newlines (and `s` would cost the index-friendly form). */
const ANY_RUN = '[\\s\\S]*';

/**
 * End of the subject. PCRE's `$` also matches before a final newline and `\z` does not exist in
 * JavaScript; "no character follows" means the same in both engines.
 */
const END = '(?![\\s\\S])';

/** Escapes literal text for a pattern valid in both PCRE and JavaScript (without the `u` flag). */
export function escapeRegex(text: string): string {
  // MongoDB rejects a pattern string with an embedded NUL byte; `\x00` is the same character.
  return text.replace(META, '\\$&').replace(/\0/g, '\\x00');
}

/**
 * Translates a `$like` pattern to an anchored, case-sensitive regular expression, with no options so
 * that a prefix pattern (`eu-*` → `^eu-`) keeps MongoDB's tight index bounds.
 *
 * Backtracking: a naive `^a.*b.*c$` can take polynomial time in PCRE. Every middle piece is matched
 * at its leftmost position and never revisited: `(?=([\s\S]*?piece))\N` is an atomic group written
 * with a lookahead (lookarounds are atomic in both PCRE and JavaScript, which has no `(?>…)`), so the
 * engine scans each piece once, like the in-memory matcher's greedy leftmost search. Only the last
 * `[\s\S]*` backtracks, once, from the end. Leftmost is exact for a language whose only wildcard is
 * `*`: an earlier end leaves more room for what follows.
 *
 * Without the `u` flag the engines step by UTF-16 unit (JavaScript) or by character (PCRE in UTF-8
 * mode); a well-formed piece cannot start or end inside a surrogate pair, so both find the same
 * matches.
 */
export function likeToRegex(pattern: string): string {
  const { pieces } = parseLike(pattern);
  const first = escapeRegex(pieces[0]!);
  if (pieces.length === 1) return `^${first}${END}`;
  let out = `^${first}`;
  let group = 0;
  for (let i = 1; i < pieces.length - 1; i++) {
    const piece = pieces[i]!;
    // A backreference is always followed by `(`, `[` or the end, never by a digit of the next piece.
    if (piece !== '') out += `(?=(${ANY_RUN}?${escapeRegex(piece)}))\\${++group}`;
  }
  const last = pieces[pieces.length - 1]!;
  return last === '' ? out : `${out}${ANY_RUN}${escapeRegex(last)}${END}`;
}
