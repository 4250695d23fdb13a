import { pointer, showPointer, showText } from '../../errors.js';
import type { Check, Finding } from './types.js';

/** Characters that reorder the display of text (Trojan Source, CVE-2021-42574). */
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
/** Characters that display as nothing: zero-width spaces and joiners, word joiner, soft hyphen, fillers, tags. */
const INVISIBLE: readonly (readonly [number, number])[] = [
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x200b, 0x200d],
  [0x2060, 0x2064],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xe0000, 0xe007f],
];

function invisibleIn(text: string): string | undefined {
  for (const c of text) {
    const cp = c.codePointAt(0)!;
    if (INVISIBLE.some(([lo, hi]) => cp >= lo && cp <= hi)) return c;
  }
  return undefined;
}
/** Letters of the scripts whose letters are easily mistaken for Latin ones. */
const SCRIPTS: readonly [string, RegExp][] = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Cherokee', /\p{Script=Cherokee}/u],
];
const WORD = /[\p{L}\p{M}\p{N}_-]+/gu;

function codePoint(c: string): string {
  return `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The scripts mixed within one word of the text, if a word mixes Latin with a lookalike script. */
function mixedWord(text: string): { word: string; scripts: string[] } | undefined {
  for (const word of text.match(WORD) ?? []) {
    const scripts = SCRIPTS.filter(([, re]) => re.test(word)).map(([name]) => name);
    if (scripts.length > 1) return { word, scripts };
  }
  return undefined;
}

function inspect(
  text: string,
  where: string,
  path: string,
  anchor: 'key' | 'value',
  report: (f: Finding) => void,
) {
  const bidi = BIDI.exec(text);
  if (bidi !== null) {
    report({
      severity: 'warning',
      code: 'BIDI_CONTROL',
      message: `${where} contains the bidirectional control character ${codePoint(bidi[0])}, which can make it display differently from what it is`,
      path,
      anchor,
    });
  }
  const invisible = invisibleIn(text);
  if (invisible !== undefined) {
    report({
      severity: 'warning',
      code: 'INVISIBLE_CHARACTER',
      message: `${where} contains the invisible character ${codePoint(invisible)}`,
      path,
      anchor,
    });
  }
  const mixed = mixedWord(text);
  if (mixed !== undefined) {
    report({
      severity: 'warning',
      code: 'CONFUSABLE_CHARACTERS',
      message: `${where} has the word ${JSON.stringify(showText(mixed.word))} mixing ${mixed.scripts.join(' and ')} letters, a likely lookalike`,
      path,
      anchor,
    });
  }
}

/** Lookalike and invisible characters in keys, names and values: text that does not read as it compares. */
export const unicode: Check = {
  name: 'unicode',
  run(model, report) {
    // Iterative: the document is already known to be shallow and acyclic, but a stack costs nothing.
    const stack: [unknown, string][] = [[model.document, '']];
    while (stack.length > 0) {
      const [value, at] = stack.pop()!;
      if (typeof value === 'string') {
        inspect(value, `the value at ${showPointer(at)}`, at, 'value', report);
      } else if (Array.isArray(value)) {
        for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], pointer(at, i)]);
      } else if (typeof value === 'object' && value !== null) {
        const keys = Object.keys(value);
        for (let i = keys.length - 1; i >= 0; i--) {
          const key = keys[i]!;
          const child = pointer(at, key);
          inspect(key, `the key ${JSON.stringify(showText(key))}`, child, 'key', report);
          stack.push([(value as Record<string, unknown>)[key], child]);
        }
      }
    }
  },
};
