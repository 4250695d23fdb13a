/**
 * Characters never printed raw in human-readable output (a message, a file name, a code frame, a
 * table): C0 controls (ESC, which starts terminal escape sequences, CR, which rewrites the line),
 * DEL and C1 controls (U+009B is a one-character CSI), line and paragraph separators, bidirectional
 * controls and invisible format characters. On a terminal they could rewrite, reorder or hide what the
 * output shows (Trojan Source); tab is kept. Line feed is in the set too: a value must never start a
 * line of its own (see {@link printable}).
 */
export const UNPRINTABLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
  /[\u0000-\u0008\u000A-\u001F\u007F-\u009F\u00AD\u061C\u200B-\u200F\u2028-\u202E\u2060-\u2069\uFEFF]/g;

/**
 * A line that GitHub Actions reads as a workflow command: it starts with `::` once leading whitespace
 * is trimmed, whatever step printed it and whatever the format.
 */
const WORKFLOW_COMMAND = /^(\s*):/;

function escapeChar(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

function printableLine(line: string): string {
  const escaped = line.replace(UNPRINTABLE, escapeChar);
  return escaped.startsWith('::', escaped.length - escaped.trimStart().length)
    ? escaped.replace(WORKFLOW_COMMAND, '$1\\u003A')
    : escaped;
}

/**
 * The one escaping of human-readable output (the `text` and `github` formats of `validate`, every
 * message `eval` and `validate` print, `eval --format table`). Each unprintable character becomes its
 * `\uXXXX` escape, so the text stays readable and unambiguous, and a leading `::` (a GitHub Actions
 * workflow command) becomes `\u003A:`. Line feeds are escaped too, so a value can never start a line of
 * its own; with `lines: true` the text is taken as lines of the library's own making, each escaped on
 * its own (used for multi-line messages of a parser). JSON and SARIF output is never passed through
 * this: it stays exact.
 *
 * @example
 * printable('p.json\u001b[2K\n::error::forged'); // 'p.json\\u001B[2K\\u000A::error::forged'
 */
export function printable(text: string, options?: { readonly lines?: boolean }): string {
  if (options?.lines === true) return text.split('\n').map(printableLine).join('\n');
  return printableLine(text);
}
