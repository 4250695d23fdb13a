import { generateComponents } from '../fixtures/generator.js';
import { compileFilter } from '../src/index.js';
import { FILTERS } from './filters.js';
import { interleaved } from './lib.js';
const all: unknown[] = [...generateComponents(1_000_000, { seed: 42 })];
const data = all.slice(0, Number(process.env.N ?? 1_000_000));
const OP = Object.prototype; const isArray = Array.isArray; const hasOwn = Object.hasOwn;
type P = (r: unknown) => boolean;
function mk(own: (o: string, k: string) => string, leaf = true): P {
  const L = leaf ? 'if (typeof v === "object" && v !== null) v = leaf(v);' : '';
  const src = `"use strict";
function c0(x0) { const x1 = x0 == null ? undefined : x0["technology"]; let v = x1; ${L} const res = (v === "postgres" || v === "mysql" || v === "redis" || v === "kubernetes"); return res === false || (${own('x0', '"technology"')}) ? res : false; }
function c1(x0) { const x1 = x0 == null ? undefined : x0["version"]; let v = x1; ${L} const res = !(v === "5.7" || v === "6.2" || v === "1.27"); return res === true || (${own('x0', '"version"')}) ? res : true; }
return function predicate(r) { return c0(r) && c1(r); };`;
  return new Function('leaf', 'isArray', 'OP', 'hasOwn', src)((v: unknown) => v, isArray, OP, hasOwn);
}
const spec = FILTERS[2]!;
const cs: Array<[string, P]> = [
  ['hand', spec.hand],
  ['codegen', compileFilter(spec.ours, { codegen: true })],
  ['same', mk((o, k) => `((${o}.__proto__ === OP && OP[${k}] === undefined && !isArray(${o})) || hasOwn(${o}, ${k}))`)],
  ['noOwn', mk(() => 'true')],
  ['noLeaf', mk((o, k) => `((${o}.__proto__ === OP && OP[${k}] === undefined && !isArray(${o})) || hasOwn(${o}, ${k}))`, false)],
  ['protoOnly', mk((o, k) => `((${o}.__proto__ === OP && !isArray(${o})) || hasOwn(${o}, ${k}))`)],
];
const count = (p: P) => { let n = 0; for (let i = 0; i < data.length; i++) if (p(data[i])) n++; return n; };
const t = await interleaved('x', cs.map(([name, p]) => ({ name, fn: () => count(p) })), { rounds: 5 });
for (const [k, s] of t) console.log(k.padEnd(10), ((s * 1e9) / data.length).toFixed(1));
