/** Classes of bytes in JSON's grammar, for the byte scanner (scan.ts). */

export function isWs(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a;
}

export function isHex(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x66);
}

/**
 * What a byte is inside a string: 0 a character that goes on, 1 the closing quote, 2 a backslash, 3 a
 * control character (not allowed; the line's newline is one, so a scan stops at the end of the line),
 * 4 a byte from 0x80 (part of a multi-byte character, or invalid UTF-8 the decoder replaces).
 */
export const IN_STRING = new Uint8Array(256);
for (let c = 0; c < 0x20; c++) IN_STRING[c] = 3;
IN_STRING[0x22] = 1;
IN_STRING[0x5c] = 2;
for (let c = 0x80; c < 0x100; c++) IN_STRING[c] = 4;
