import {
  Composer,
  CST,
  type Document,
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  Lexer,
  type Node,
  Parser,
  YAMLParseError,
} from 'yaml';
import { pointer, safeMessage, showPointer, showText } from '../../errors.js';
import { DEFAULT_LIMITS, type Limits, limitError } from '../../limits.js';
import { MAX_NESTING, type ParsedSource, type SourceProblem } from './json.js';
import { SourcePositions } from './positions.js';

function keyString(key: unknown): string {
  if (isScalar(key)) return String(key.value);
  return String(key);
}

/**
 * How many values `node` stands for with its aliases expanded, counted up to a little past `cap`: the
 * size of each anchored node is computed once (an alias then costs a lookup), and the count stops as
 * soon as it passes the cap. Explicit stacks, no recursion.
 */
function expandedSize(root: unknown, doc: Document.Parsed, cap: number): number {
  const sizes = new Map<unknown, number>();
  const open = new Set<unknown>();
  const sizeOf = (start: unknown): number => {
    // Post-order over the node's children; an alias counts as its resolved target's size.
    const stack: Array<{ node: unknown; done: boolean }> = [{ node: start, done: false }];
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const node = isAlias(top.node) ? top.node.resolve(doc) : top.node;
      if (sizes.has(node)) {
        stack.pop();
        continue;
      }
      if (!top.done && open.has(node)) {
        // An alias inside its own anchor: the value would be infinite.
        sizes.set(node, cap + 1);
        stack.pop();
        continue;
      }
      const children = isMap(node)
        ? node.items.flatMap((pair) => (isPair(pair) ? [pair.key, pair.value] : []))
        : isSeq(node)
          ? node.items
          : [];
      if (!top.done) {
        top.done = true;
        open.add(node);
        for (const child of children)
          if (child !== null && child !== undefined) stack.push({ node: child, done: false });
        continue;
      }
      stack.pop();
      open.delete(node);
      let size = 1;
      for (const child of children) {
        if (child === null || child === undefined) continue;
        size += sizes.get(isAlias(child) ? child.resolve(doc) : child) ?? 1;
        if (size > cap) break;
      }
      sizes.set(node, Math.min(size, cap + 1));
    }
    return sizes.get(isAlias(start) ? start.resolve(doc) : start) ?? 1;
  };
  return sizeOf(root);
}

/** Records the offset of every node by JSON pointer (aliases are followed to their anchor's node). */
function walk(
  node: unknown,
  at: string,
  positions: SourcePositions,
  doc: Document.Parsed,
  depth: number,
  keyOffset?: number,
): void {
  if (depth > MAX_NESTING) return;
  let target = node;
  if (isAlias(target)) target = target.resolve(doc);
  const own = node as Node | null;
  const start = own?.range?.[0] ?? (target as Node | null)?.range?.[0];
  if (start !== undefined) {
    positions.set(at, keyOffset === undefined ? { value: start } : { value: start, key: keyOffset });
  }
  if (isMap(target)) {
    for (const pair of target.items) {
      if (!isPair(pair)) continue;
      const key = pair.key as Node | null;
      const child = pointer(at, keyString(pair.key));
      const keyStart = key?.range?.[0];
      // A key without a value (`a:`) has no value node: point at the key.
      if (pair.value === null) {
        if (keyStart !== undefined) positions.set(child, { value: keyStart, key: keyStart });
      } else walk(pair.value, child, positions, doc, depth + 1, keyStart);
    }
  } else if (isSeq(target)) {
    target.items.forEach((item, i) => {
      walk(item, pointer(at, i), positions, doc, depth + 1);
    });
  }
}

/**
 * The JSON pointer of every key that repeats an earlier key of its mapping, by the key's offset (where
 * the parser reports the duplicate). Iterative, and aliases are not followed: a duplicate is reported
 * where it is written.
 */
function duplicateKeyPointers(root: unknown): Map<number, string> {
  const out = new Map<number, string>();
  const stack: [unknown, string, number][] = [[root, '', 0]];
  while (stack.length > 0) {
    const [node, at, depth] = stack.pop()!;
    if (depth > MAX_NESTING) continue;
    if (isMap(node)) {
      const seen = new Set<string>();
      for (const pair of node.items) {
        if (!isPair(pair)) continue;
        const name = keyString(pair.key);
        const child = pointer(at, name);
        const start = (pair.key as Node | null)?.range?.[0];
        if (seen.has(name) && start !== undefined) out.set(start, child);
        seen.add(name);
        stack.push([pair.value, child, depth + 1]);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => {
        stack.push([item, pointer(at, i), depth + 1]);
      });
    }
  }
  return out;
}

/** The last reference token of a JSON pointer, unescaped (`~1` is `/`, `~0` is `~`). */
function unescapePointerTail(at: string): string {
  return at
    .slice(at.lastIndexOf('/') + 1)
    .replace(/~1/g, '/')
    .replace(/~0/g, '~');
}

function depthOf(value: unknown): number {
  // Iterative, so a hostile nesting cannot overflow the stack here.
  let max = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, d] = stack.pop()!;
    if (d > max) max = d;
    if (d > MAX_NESTING) return d;
    if (typeof v === 'object' && v !== null) {
      for (const child of Object.values(v)) stack.push([child, d + 1]);
    }
  }
  return max;
}

/** Why the guarded read below stopped reading: a limit passed before the document was composed. */
class Refusal extends Error {
  constructor(readonly problem: SourceProblem) {
    super(problem.message);
  }
}

/**
 * The concrete syntax of `text`, read token by token through the `yaml` package's lexer and parser
 * and checked before any of it is composed into a document: the parser's stack (one entry per open
 * collection) must stay within {@link MAX_NESTING}, or composing would recurse once per level and
 * overflow the call stack (a 1 MB flow sequence nested 400,000 deep did, after seconds); and the values
 * written must stay within `maxDocumentValues`, or composing 1 MB of `- 1` lines would take seconds.
 *
 * Values are counted from below, so that no document within the limit is refused here: every scalar,
 * alias and flow collection written is a value of its own, and so is the entry of every `-` and the
 * value of every `:` (and the key of every `?`): the larger of the two counts never exceeds the values
 * the document has, keys counted, and is within a small factor of them. The exact count follows once
 * the document is composed (see `detach` in ../index.ts), within that factor of the limit.
 */
function* guardedTokens(text: string, parser: Parser, limits: Limits): Generator<CST.Token, void> {
  let written = 0;
  let indicated = 0;
  const refuse = (code: SourceProblem['code'], message: string): never => {
    throw new Refusal({ code, severity: 'error', offset: parser.offset, path: '', message });
  };
  for (const lexeme of new Lexer().lex(text)) {
    switch (CST.tokenType(lexeme)) {
      case 'scalar':
      case 'single-quoted-scalar':
      case 'double-quoted-scalar':
      case 'alias':
      case 'flow-map-start':
      case 'flow-seq-start':
        written++;
        break;
      case 'seq-item-ind':
      case 'map-value-ind':
      case 'explicit-key-ind':
        indicated++;
        break;
      default:
        break;
    }
    if (written > limits.maxDocumentValues || indicated > limits.maxDocumentValues) {
      const error = limitError(
        'maxDocumentValues',
        '',
        `a document of more than ${limits.maxDocumentValues} values`,
        limits,
      );
      refuse('MAX_DOCUMENT_VALUES_EXCEEDED', error.message);
    }
    yield* parser.next(lexeme);
    // The stack holds the document and, above it, each open collection (and the scalar being read).
    if (parser.stack.length > MAX_NESTING + 2)
      refuse('TOO_DEEP', `nesting deeper than ${MAX_NESTING} levels`);
  }
  yield* parser.end();
}

/**
 * The YAML document of `text` (the first one; a second is an error, as `parseDocument` has it), or the
 * problem that stopped the guarded read. Keys are not checked for uniqueness here: the `yaml` package
 * compares each key with every earlier key of its mapping (quadratic in a mapping's size), where
 * {@link duplicateKeyPointers} uses a set.
 */
function composeDocument(
  text: string,
  limits: Limits,
): { doc: Document.Parsed } | { problem: SourceProblem } {
  const parser = new Parser();
  const composer = new Composer({ uniqueKeys: false, prettyErrors: false, version: '1.2' });
  let doc: Document.Parsed | undefined;
  try {
    for (const next of composer.compose(guardedTokens(text, parser, limits), true, text.length)) {
      if (doc === undefined) doc = next;
      else {
        doc.errors.push(
          new YAMLParseError(
            [next.range[0], next.range[1]],
            'MULTIPLE_DOCS',
            'Source contains multiple documents; a policy file holds one',
          ),
        );
        break;
      }
    }
  } catch (error) {
    if (error instanceof Refusal) return { problem: error.problem };
    return {
      problem: {
        code: 'SYNTAX_ERROR',
        severity: 'error',
        offset: 0,
        path: '',
        message: `invalid YAML: ${safeMessage(error)}`,
      },
    };
  }
  // `compose(…, forceDoc)` ends with a document, an empty one for an empty stream.
  return { doc: doc! };
}

/**
 * Reads YAML 1.2 text (core schema) with unique keys enforced, keeping the position of every node,
 * within `limits.maxDocumentValues` (aliases expanded) and {@link MAX_NESTING}, each checked before the
 * work it bounds (see {@link guardedTokens}). Never throws.
 */
export function parseYamlSource(text: string, limits: Limits = DEFAULT_LIMITS): ParsedSource {
  const positions = new SourcePositions(text);
  const read = readYaml(text, limits);
  if (!('doc' in read)) return { positions, problems: read.problems };
  walk(read.doc.contents, '', positions, read.doc, 0);
  return { value: read.value, positions, problems: read.problems };
}

/**
 * A YAML document's value, read as {@link parseYamlSource} reads it but without positions (the CLI's
 * policy files), or the problems that keep it from being read (`problems` may also hold warnings and
 * duplicate keys next to a value). Never throws.
 */
export function readYaml(
  text: string,
  limits: Limits,
): { value: unknown; doc: Document.Parsed; problems: SourceProblem[] } | { problems: SourceProblem[] } {
  const composed = composeDocument(text, limits);
  if ('problem' in composed) return { problems: [composed.problem] };
  const { doc } = composed;
  const problems: SourceProblem[] = [];
  for (const e of doc.errors) {
    problems.push({
      code: 'SYNTAX_ERROR',
      severity: 'error',
      offset: e.pos[0],
      path: '',
      message: `invalid YAML: ${e.message.split('\n')[0]}`,
    });
  }
  for (const [offset, at] of duplicateKeyPointers(doc.contents)) {
    problems.push({
      code: 'DUPLICATE_KEY',
      severity: 'error',
      offset,
      path: at,
      message: `duplicate key "${showText(unescapePointerTail(at))}" at ${showPointer(at)}: YAML parsers silently keep only the last`,
    });
  }
  for (const w of doc.warnings) {
    problems.push({
      code: 'YAML_WARNING',
      severity: 'warning',
      offset: w.pos[0],
      path: '',
      message: w.message.split('\n')[0] ?? w.message,
    });
  }
  problems.sort((a, b) => a.offset - b.offset);
  // A duplicate key leaves a readable document (the last value wins), so the other checks still run,
  // as they do for JSON: every problem in one pass.
  if (problems.some((p) => p.severity === 'error' && p.code !== 'DUPLICATE_KEY')) return { problems };
  // Aliases repeat their anchor's nodes: a few kilobytes can stand for millions of values, each then
  // read, positioned and checked. `maxAliasCount` bounds aliases nested in aliases, not a wide anchor
  // repeated, so the expanded size is counted first.
  const expanded = expandedSize(doc.contents, doc, limits.maxDocumentValues);
  if (expanded > limits.maxDocumentValues) {
    const error = limitError(
      'maxDocumentValues',
      '',
      `the YAML document's aliases expand to more than ${limits.maxDocumentValues} values`,
      limits,
    );
    problems.push({
      code: 'MAX_DOCUMENT_VALUES_EXCEEDED',
      severity: 'error',
      offset: 0,
      path: '',
      message: `${error.message}; write the repeated parts out or use fewer aliases`,
    });
    return { problems };
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    // Alias expansion beyond the limit ("billion laughs"), or nesting deep enough to exhaust the stack.
    problems.push({
      code: 'SYNTAX_ERROR',
      severity: 'error',
      offset: 0,
      path: '',
      message: `the YAML document cannot be read: ${safeMessage(error)}`,
    });
    return { problems };
  }
  if (depthOf(value) > MAX_NESTING) {
    problems.push({
      code: 'TOO_DEEP',
      severity: 'error',
      offset: 0,
      path: '',
      message: `nesting deeper than ${MAX_NESTING} levels`,
    });
    return { problems };
  }
  return { value, doc, problems };
}
