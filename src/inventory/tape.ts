import { BoundedCache } from '../bounded-cache.js';
import { canGenerateCode } from '../compile/codegen.js';
import { numberAt, setMember, stringAt, text } from './scan-values.js';
import type { ByteNode, ByteSelection } from './selective.js';

/*
 * The tape the WebAssembly scanner writes (src/inventory/wasm/scan.ts): entries of four i32, a tag
 * `type | flags << 4 | (key + 1) << 8`, then the value's first byte and its end (a string of the cache:
 * its slot, and for MISS the slot in the fourth; an array: its number of elements on the tape, third).
 * An object's or array's entry is followed by its members' and an END.
 */
export const STR = 1;
export const NUM = 2;
export const TRUE = 3;
export const FALSE = 4;
export const NULL = 5;
export const RAW = 6;
export const OBJ = 7;
export const ARR = 8;
export const END = 9;
export const HIT = 10;
export const MISS = 11;

/** Builds records from the tape of a scanner's memory. */
export interface TapeBuilder {
  /**
   * The record whose own entry is at index `at` of `tape`, over the memory's `bytes` and the strings
   * of its cache's `slots` (those of the scanner calling: readers of one selection share a builder).
   */
  build(at: number, bytes: Uint8Array, tape: Int32Array, slots: string[]): Record<string, unknown>;
}

/** Past this many keys in a node, records are built by closures (a generated function's locals are bounded). */
const MAX_GENERATED_KEYS = 256;

const parse = JSON.parse;
const objectPrototype = Object.prototype;

/**
 * The builder of `selection`'s records. Generated code, where allowed (`generate`), reads each member's
 * entry inline and keeps it in a local, then sets the present ones by name in the selection's order: a
 * few hidden classes per node, where keyed stores in each line's order (the closures) go megamorphic.
 * The same own properties and values either way; only the key order differs from JSON.parse's, and
 * nothing reading a selected record enumerates it. A generated builder is kept by the selection's
 * shape: every range a worker reads, and every read of a process, builds objects of the same hidden
 * classes, which the compiled policies' property loads have already met. It keeps no memory of a
 * scanner past a call.
 */
export function tapeBuilder(selection: ByteNode, generate = canGenerateCode()): TapeBuilder {
  if (!generate || !fits(selection)) return closures(selection);
  const key = shape(selection);
  let builder = builders.get(key);
  if (builder === undefined) {
    builder = generated(selection);
    builders.set(key, builder);
  }
  return builder;
}

/** Generated builders by selection shape (a process reads files of a few policy sets). */
const builders = new BoundedCache<TapeBuilder>(32, 1 << 20);

/** A selection's keys and structure, as text. */
function shape(node: ByteSelection | undefined): string {
  if (node === undefined) return '-';
  if (node === true) return '*';
  return `{${node.keys.map((k, i) => `${JSON.stringify(k)}:${shape(node.subs[i])}`).join(',')}}[${shape(node.any)}]`;
}

function fits(node: ByteSelection | undefined): boolean {
  if (node === undefined || node === true) return true;
  return node.keys.length <= MAX_GENERATED_KEYS && fits(node.any) && node.subs.every(fits);
}

function closures(selection: ByteNode): TapeBuilder {
  let bytes: Uint8Array = new Uint8Array(0);
  let tape: Int32Array = new Int32Array(0);
  let slots: string[] = [];
  // The tape's next entry (an index of `tape`), while a record is built.
  let p = 0;
  const entry = (node: ByteSelection | undefined): unknown => {
    const tag = tape[p]!;
    const s = tape[p + 1]!;
    const e = tape[p + 2]!;
    p += 4;
    switch (tag & 15) {
      case HIT:
        return slots[s]!;
      case MISS: {
        const t = text(bytes, s + 1, e - 1, true);
        slots[tape[p - 1]!] = t;
        return t;
      }
      case STR:
        return stringAt(bytes, s, e, (tag & 0x10) !== 0, (tag & 0x20) !== 0);
      case NUM:
        return numberAt(bytes, s, e);
      case TRUE:
        return true;
      case FALSE:
        return false;
      case NULL:
        return null;
      case RAW:
        return parse(text(bytes, s, e, false));
      case OBJ:
        return object(node as ByteNode);
      case ARR: {
        const out: unknown[] = [];
        const each = (node as ByteNode).any;
        while ((tape[p]! & 15) !== END) out.push(entry(each));
        p += 4;
        return out;
      }
      default:
        throw new Error(`scan-wasm: tape entry ${tag}`);
    }
  };
  const object = (node: ByteNode): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (let tag = tape[p]!; (tag & 15) !== END; tag = tape[p]!) {
      const k = (tag >> 8) - 1;
      // The last of two members wins, as in JSON.parse.
      setMember(out, node.keys[k]!, entry(node.subs[k]));
    }
    p += 4;
    return out;
  };
  return {
    build(at, b, t, sl) {
      bytes = b;
      tape = t;
      slots = sl;
      p = at + 4;
      return object(selection);
    },
  };
}

/**
 * The generated builder: a function per object node (`o<n>`) and per array of its elements (`a<n>`,
 * allocated at its length), all sharing the tape's views and position; `X` reads an entry that is not
 * an object or array of a node. A node's objects come from a constructor of its own whose prototype is
 * `Object.prototype` (so a plain object, as JSON.parse's): V8 then sizes them to the keys they get,
 * where `{}` holds four and puts the rest in a store of its own. Keys reach the source only as JSON
 * string literals.
 */
function generated(selection: ByteNode): TapeBuilder {
  let nodes = 0;
  const functions: string[] = [];
  // The value of the entry at p, selected as `sel`: a node's object or array, or any other value.
  const value = (sel: ByteSelection | undefined): string => {
    if (sel === undefined || sel === true) return 'X()';
    const n = nodes++;
    emit(sel, n);
    return `((t=T[p]&15)===${OBJ}?(p+=4,o${n}()):t===${ARR}?(p+=4,a${n}()):X())`;
  };
  const emit = (node: ByteNode, n: number) => {
    const members = node.subs.map((sub, k) => `case ${k}:v${k}=${value(sub)};break;`);
    const sets = node.keys.map((key, k) =>
      key === '__proto__'
        ? `if(v${k}!==undefined)M(o,"__proto__",v${k});`
        : `if(v${k}!==undefined)o[${JSON.stringify(key)}]=v${k};`,
    );
    const locals = ['t', ...node.keys.map((_, k) => `v${k}`)];
    functions.push(
      `function C${n}(){}C${n}.prototype=OP;` +
        `function o${n}(){let ${locals.join(',')};` +
        `for(;;){t=T[p];if((t&15)===${END}){p+=4;break}switch((t>>8)-1){${members.join('')}` +
        `default:throw new Error("scan-wasm: tape entry "+t)}}` +
        `const o=new C${n}();${sets.join('')}return o}`,
      `function a${n}(){let t;const c=T[p-2],out=new Array(c);for(let j=0;j<c;j++)out[j]=${value(node.any)};` +
        `if((T[p]&15)!==${END})throw new Error("scan-wasm: tape entry "+T[p]);p+=4;return out}`,
    );
  };
  emit(selection, nodes++);
  const body = `"use strict";let B,T,SL,p=0;
function X(){const t=T[p],s=T[p+1],e=T[p+2];p+=4;switch(t&15){
case ${HIT}:return SL[s];
case ${MISS}:{const x=TX(B,s+1,e-1,true);SL[T[p-1]]=x;return x}
case ${STR}:return SA(B,s,e,(t&16)!==0,(t&32)!==0);
case ${NUM}:return NA(B,s,e);
case ${TRUE}:return true;
case ${FALSE}:return false;
case ${NULL}:return null;
case ${RAW}:return PA(TX(B,s,e,false));
default:throw new Error("scan-wasm: tape entry "+t)}}
${functions.join('\n')}
return{build(at,b,t,sl){B=b;T=t;SL=sl;p=at+4;const r=o0();B=T=SL=undefined;return r}};`;
  return new Function('TX', 'SA', 'NA', 'PA', 'M', 'OP', body)(
    text,
    stringAt,
    numberAt,
    parse,
    setMember,
    objectPrototype,
  ) as TapeBuilder;
}
