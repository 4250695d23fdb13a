/**
 * Characters never printed raw in a message or a code frame: C0 and C1 controls (except tab and line
 * feed), bidirectional controls and invisible format characters. On a terminal they could reorder or
 * hide what a diagnostic shows (Trojan Source).
 */
export const UNPRINTABLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u00AD\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/g;

/** The message with each unprintable character written as its `\uXXXX` escape. */
export function printable(message: string): string {
  return message.replace(
    UNPRINTABLE,
    (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`,
  );
}
