import { canGenerateCode } from '../compile/codegen.js';
import { setMember } from './scan-values.js';
import type { ByteNode, ByteSelection } from './selective.js';

/** A selection with, at each object node, the function that builds that node's object from a tape. */
export type Built = true | BuiltNode;
export interface BuiltNode {
  readonly build: () => Record<string, unknown>;
  readonly any: Built | undefined;
}

/** How a builder reads its tape (scan-wasm.ts): the members' values and where the object ends. */
export interface TapeReader {
  /** The index in the node's keys of the next member, or -1 (and past it) at the object's end. */
  readonly next: () => number;
  /** The next value, decoded as `sub` selects. */
  readonly entry: (sub: Built | undefined) => unknown;
}

/** Past this many keys a node is built by the closure; a generated function's arguments are bounded. */
const MAX_GENERATED_KEYS = 256;

/**
 * The builders of `selection`'s objects. Generated code, where allowed, keeps each member in a local
 * and sets the present ones by name in the selection's order: a few hidden classes per node, where
 * keyed stores in each line's order (the closure) go megamorphic. Same own properties and values;
 * only the key order differs from JSON.parse, and nothing that reads a selected record enumerates it.
 */
export function builders(selection: ByteNode, tape: TapeReader, generate = canGenerateCode()): BuiltNode {
  const of = (s: ByteSelection | undefined): Built | undefined =>
    s === undefined || s === true ? s : node(s);
  const node = (n: ByteNode): BuiltNode => {
    const subs = n.subs.map(of);
    const build =
      generate && n.keys.length <= MAX_GENERATED_KEYS
        ? generated(n.keys, subs, tape)
        : closure(n.keys, subs, tape);
    return { build, any: of(n.any) };
  };
  return node(selection);
}

function closure(
  keys: readonly string[],
  subs: readonly (Built | undefined)[],
  { next, entry }: TapeReader,
): () => Record<string, unknown> {
  return () => {
    const out: Record<string, unknown> = {};
    // The last of two members wins, as in JSON.parse.
    for (let k = next(); k !== -1; k = next()) setMember(out, keys[k]!, entry(subs[k]));
    return out;
  };
}

function generated(
  keys: readonly string[],
  subs: readonly (Built | undefined)[],
  { next, entry }: TapeReader,
): () => Record<string, unknown> {
  const locals = keys.map((_, k) => `v${k}`);
  const cases = keys.map((_, k) => `case ${k}:v${k}=E(S${k});break;`);
  // A key is only ever a JSON string literal here; `__proto__` is set as JSON.parse sets it.
  const sets = keys.map((key, k) =>
    key === '__proto__'
      ? `if(v${k}!==undefined)M(o,"__proto__",v${k});`
      : `if(v${k}!==undefined)o[${JSON.stringify(key)}]=v${k};`,
  );
  const body =
    `"use strict";return function build(){let ${['k', ...locals].join(',')};` +
    `for(k=N();k!==-1;k=N()){switch(k){${cases.join('')}}}` +
    `const o={};${sets.join('')}return o;};`;
  const params = ['N', 'E', 'M', ...keys.map((_, k) => `S${k}`)];
  return new Function(...params, body)(next, entry, setMember, ...subs) as () => Record<string, unknown>;
}
