#!/usr/bin/env node
// generated — do not edit, built by `npm run build:bin` from src/
import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __require = /* @__PURE__ */ ((x) => typeof require !== "undefined" ? require : typeof Proxy !== "undefined" ? new Proxy(x, {
  get: (a, b2) => (typeof require !== "undefined" ? require : a)[b2]
}) : x)(function(x) {
  if (typeof require !== "undefined") return require.apply(this, arguments);
  throw Error('Dynamic require of "' + x + '" is not supported');
});
var __commonJS = (cb, mod) => function __require2() {
  return mod || (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));

// node_modules/yaml/dist/nodes/identity.js
var require_identity = __commonJS({
  "node_modules/yaml/dist/nodes/identity.js"(exports) {
    "use strict";
    var ALIAS = /* @__PURE__ */ Symbol.for("yaml.alias");
    var DOC = /* @__PURE__ */ Symbol.for("yaml.document");
    var MAP = /* @__PURE__ */ Symbol.for("yaml.map");
    var PAIR = /* @__PURE__ */ Symbol.for("yaml.pair");
    var SCALAR = /* @__PURE__ */ Symbol.for("yaml.scalar");
    var SEQ = /* @__PURE__ */ Symbol.for("yaml.seq");
    var NODE_TYPE = /* @__PURE__ */ Symbol.for("yaml.node.type");
    var isAlias2 = (node2) => !!node2 && typeof node2 === "object" && node2[NODE_TYPE] === ALIAS;
    var isDocument = (node2) => !!node2 && typeof node2 === "object" && node2[NODE_TYPE] === DOC;
    var isMap2 = (node2) => !!node2 && typeof node2 === "object" && node2[NODE_TYPE] === MAP;
    var isPair2 = (node2) => !!node2 && typeof node2 === "object" && node2[NODE_TYPE] === PAIR;
    var isScalar2 = (node2) => !!node2 && typeof node2 === "object" && node2[NODE_TYPE] === SCALAR;
    var isSeq2 = (node2) => !!node2 && typeof node2 === "object" && node2[NODE_TYPE] === SEQ;
    function isCollection(node2) {
      if (node2 && typeof node2 === "object")
        switch (node2[NODE_TYPE]) {
          case MAP:
          case SEQ:
            return true;
        }
      return false;
    }
    function isNode(node2) {
      if (node2 && typeof node2 === "object")
        switch (node2[NODE_TYPE]) {
          case ALIAS:
          case MAP:
          case SCALAR:
          case SEQ:
            return true;
        }
      return false;
    }
    var hasAnchor = (node2) => (isScalar2(node2) || isCollection(node2)) && !!node2.anchor;
    exports.ALIAS = ALIAS;
    exports.DOC = DOC;
    exports.MAP = MAP;
    exports.NODE_TYPE = NODE_TYPE;
    exports.PAIR = PAIR;
    exports.SCALAR = SCALAR;
    exports.SEQ = SEQ;
    exports.hasAnchor = hasAnchor;
    exports.isAlias = isAlias2;
    exports.isCollection = isCollection;
    exports.isDocument = isDocument;
    exports.isMap = isMap2;
    exports.isNode = isNode;
    exports.isPair = isPair2;
    exports.isScalar = isScalar2;
    exports.isSeq = isSeq2;
  }
});

// node_modules/yaml/dist/visit.js
var require_visit = __commonJS({
  "node_modules/yaml/dist/visit.js"(exports) {
    "use strict";
    var identity2 = require_identity();
    var BREAK = /* @__PURE__ */ Symbol("break visit");
    var SKIP = /* @__PURE__ */ Symbol("skip children");
    var REMOVE = /* @__PURE__ */ Symbol("remove node");
    function visit(node2, visitor) {
      const visitor_ = initVisitor(visitor);
      if (identity2.isDocument(node2)) {
        const cd = visit_(null, node2.contents, visitor_, Object.freeze([node2]));
        if (cd === REMOVE)
          node2.contents = null;
      } else
        visit_(null, node2, visitor_, Object.freeze([]));
    }
    visit.BREAK = BREAK;
    visit.SKIP = SKIP;
    visit.REMOVE = REMOVE;
    function visit_(key, node2, visitor, path) {
      const ctrl = callVisitor(key, node2, visitor, path);
      if (identity2.isNode(ctrl) || identity2.isPair(ctrl)) {
        replaceNode(key, path, ctrl);
        return visit_(key, ctrl, visitor, path);
      }
      if (typeof ctrl !== "symbol") {
        if (identity2.isCollection(node2)) {
          path = Object.freeze(path.concat(node2));
          for (let i = 0; i < node2.items.length; ++i) {
            const ci = visit_(i, node2.items[i], visitor, path);
            if (typeof ci === "number")
              i = ci - 1;
            else if (ci === BREAK)
              return BREAK;
            else if (ci === REMOVE) {
              node2.items.splice(i, 1);
              i -= 1;
            }
          }
        } else if (identity2.isPair(node2)) {
          path = Object.freeze(path.concat(node2));
          const ck = visit_("key", node2.key, visitor, path);
          if (ck === BREAK)
            return BREAK;
          else if (ck === REMOVE)
            node2.key = null;
          const cv = visit_("value", node2.value, visitor, path);
          if (cv === BREAK)
            return BREAK;
          else if (cv === REMOVE)
            node2.value = null;
        }
      }
      return ctrl;
    }
    async function visitAsync(node2, visitor) {
      const visitor_ = initVisitor(visitor);
      if (identity2.isDocument(node2)) {
        const cd = await visitAsync_(null, node2.contents, visitor_, Object.freeze([node2]));
        if (cd === REMOVE)
          node2.contents = null;
      } else
        await visitAsync_(null, node2, visitor_, Object.freeze([]));
    }
    visitAsync.BREAK = BREAK;
    visitAsync.SKIP = SKIP;
    visitAsync.REMOVE = REMOVE;
    async function visitAsync_(key, node2, visitor, path) {
      const ctrl = await callVisitor(key, node2, visitor, path);
      if (identity2.isNode(ctrl) || identity2.isPair(ctrl)) {
        replaceNode(key, path, ctrl);
        return visitAsync_(key, ctrl, visitor, path);
      }
      if (typeof ctrl !== "symbol") {
        if (identity2.isCollection(node2)) {
          path = Object.freeze(path.concat(node2));
          for (let i = 0; i < node2.items.length; ++i) {
            const ci = await visitAsync_(i, node2.items[i], visitor, path);
            if (typeof ci === "number")
              i = ci - 1;
            else if (ci === BREAK)
              return BREAK;
            else if (ci === REMOVE) {
              node2.items.splice(i, 1);
              i -= 1;
            }
          }
        } else if (identity2.isPair(node2)) {
          path = Object.freeze(path.concat(node2));
          const ck = await visitAsync_("key", node2.key, visitor, path);
          if (ck === BREAK)
            return BREAK;
          else if (ck === REMOVE)
            node2.key = null;
          const cv = await visitAsync_("value", node2.value, visitor, path);
          if (cv === BREAK)
            return BREAK;
          else if (cv === REMOVE)
            node2.value = null;
        }
      }
      return ctrl;
    }
    function initVisitor(visitor) {
      if (typeof visitor === "object" && (visitor.Collection || visitor.Node || visitor.Value)) {
        return Object.assign({
          Alias: visitor.Node,
          Map: visitor.Node,
          Scalar: visitor.Node,
          Seq: visitor.Node
        }, visitor.Value && {
          Map: visitor.Value,
          Scalar: visitor.Value,
          Seq: visitor.Value
        }, visitor.Collection && {
          Map: visitor.Collection,
          Seq: visitor.Collection
        }, visitor);
      }
      return visitor;
    }
    function callVisitor(key, node2, visitor, path) {
      if (typeof visitor === "function")
        return visitor(key, node2, path);
      if (identity2.isMap(node2))
        return visitor.Map?.(key, node2, path);
      if (identity2.isSeq(node2))
        return visitor.Seq?.(key, node2, path);
      if (identity2.isPair(node2))
        return visitor.Pair?.(key, node2, path);
      if (identity2.isScalar(node2))
        return visitor.Scalar?.(key, node2, path);
      if (identity2.isAlias(node2))
        return visitor.Alias?.(key, node2, path);
      return void 0;
    }
    function replaceNode(key, path, node2) {
      const parent = path[path.length - 1];
      if (identity2.isCollection(parent)) {
        parent.items[key] = node2;
      } else if (identity2.isPair(parent)) {
        if (key === "key")
          parent.key = node2;
        else
          parent.value = node2;
      } else if (identity2.isDocument(parent)) {
        parent.contents = node2;
      } else {
        const pt = identity2.isAlias(parent) ? "alias" : "scalar";
        throw new Error(`Cannot replace node with ${pt} parent`);
      }
    }
    exports.visit = visit;
    exports.visitAsync = visitAsync;
  }
});

// node_modules/yaml/dist/doc/directives.js
var require_directives = __commonJS({
  "node_modules/yaml/dist/doc/directives.js"(exports) {
    "use strict";
    var identity2 = require_identity();
    var visit = require_visit();
    var escapeChars = {
      "!": "%21",
      ",": "%2C",
      "[": "%5B",
      "]": "%5D",
      "{": "%7B",
      "}": "%7D"
    };
    var escapeTagName = (tn) => tn.replace(/[!,[\]{}]/g, (ch) => escapeChars[ch]);
    var Directives = class _Directives {
      constructor(yaml, tags) {
        this.docStart = null;
        this.docEnd = false;
        this.yaml = Object.assign({}, _Directives.defaultYaml, yaml);
        this.tags = Object.assign({}, _Directives.defaultTags, tags);
      }
      clone() {
        const copy = new _Directives(this.yaml, this.tags);
        copy.docStart = this.docStart;
        return copy;
      }
      /**
       * During parsing, get a Directives instance for the current document and
       * update the stream state according to the current version's spec.
       */
      atDocument() {
        const res = new _Directives(this.yaml, this.tags);
        switch (this.yaml.version) {
          case "1.1":
            this.atNextDocument = true;
            break;
          case "1.2":
            this.atNextDocument = false;
            this.yaml = {
              explicit: _Directives.defaultYaml.explicit,
              version: "1.2"
            };
            this.tags = Object.assign({}, _Directives.defaultTags);
            break;
        }
        return res;
      }
      /**
       * @param onError - May be called even if the action was successful
       * @returns `true` on success
       */
      add(line, onError) {
        if (this.atNextDocument) {
          this.yaml = { explicit: _Directives.defaultYaml.explicit, version: "1.1" };
          this.tags = Object.assign({}, _Directives.defaultTags);
          this.atNextDocument = false;
        }
        const parts = line.trim().split(/[ \t]+/);
        const name = parts.shift();
        switch (name) {
          case "%TAG": {
            if (parts.length !== 2) {
              onError(0, "%TAG directive should contain exactly two parts");
              if (parts.length < 2)
                return false;
            }
            const [handle, prefix] = parts;
            this.tags[handle] = prefix;
            return true;
          }
          case "%YAML": {
            this.yaml.explicit = true;
            if (parts.length !== 1) {
              onError(0, "%YAML directive should contain exactly one part");
              return false;
            }
            const [version3] = parts;
            if (version3 === "1.1" || version3 === "1.2") {
              this.yaml.version = version3;
              return true;
            } else {
              const isValid = /^\d+\.\d+$/.test(version3);
              onError(6, `Unsupported YAML version ${version3}`, isValid);
              return false;
            }
          }
          default:
            onError(0, `Unknown directive ${name}`, true);
            return false;
        }
      }
      /**
       * Resolves a tag, matching handles to those defined in %TAG directives.
       *
       * @returns Resolved tag, which may also be the non-specific tag `'!'` or a
       *   `'!local'` tag, or `null` if unresolvable.
       */
      tagName(source2, onError) {
        if (source2 === "!")
          return "!";
        if (source2[0] !== "!") {
          onError(`Not a valid tag: ${source2}`);
          return null;
        }
        if (source2[1] === "<") {
          const verbatim = source2.slice(2, -1);
          if (verbatim === "!" || verbatim === "!!") {
            onError(`Verbatim tags aren't resolved, so ${source2} is invalid.`);
            return null;
          }
          if (source2[source2.length - 1] !== ">")
            onError("Verbatim tags must end with a >");
          return verbatim;
        }
        const [, handle, suffix] = source2.match(/^(.*!)([^!]*)$/s);
        if (!suffix)
          onError(`The ${source2} tag has no suffix`);
        const prefix = this.tags[handle];
        if (prefix) {
          try {
            return prefix + decodeURIComponent(suffix);
          } catch (error) {
            onError(String(error));
            return null;
          }
        }
        if (handle === "!")
          return source2;
        onError(`Could not resolve tag: ${source2}`);
        return null;
      }
      /**
       * Given a fully resolved tag, returns its printable string form,
       * taking into account current tag prefixes and defaults.
       */
      tagString(tag) {
        for (const [handle, prefix] of Object.entries(this.tags)) {
          if (tag.startsWith(prefix))
            return handle + escapeTagName(tag.substring(prefix.length));
        }
        return tag[0] === "!" ? tag : `!<${tag}>`;
      }
      toString(doc) {
        const lines = this.yaml.explicit ? [`%YAML ${this.yaml.version || "1.2"}`] : [];
        const tagEntries = Object.entries(this.tags);
        let tagNames;
        if (doc && tagEntries.length > 0 && identity2.isNode(doc.contents)) {
          const tags = {};
          visit.visit(doc.contents, (_key, node2) => {
            if (identity2.isNode(node2) && node2.tag)
              tags[node2.tag] = true;
          });
          tagNames = Object.keys(tags);
        } else
          tagNames = [];
        for (const [handle, prefix] of tagEntries) {
          if (handle === "!!" && prefix === "tag:yaml.org,2002:")
            continue;
          if (!doc || tagNames.some((tn) => tn.startsWith(prefix)))
            lines.push(`%TAG ${handle} ${prefix}`);
        }
        return lines.join("\n");
      }
    };
    Directives.defaultYaml = { explicit: false, version: "1.2" };
    Directives.defaultTags = { "!!": "tag:yaml.org,2002:" };
    exports.Directives = Directives;
  }
});

// node_modules/yaml/dist/doc/anchors.js
var require_anchors = __commonJS({
  "node_modules/yaml/dist/doc/anchors.js"(exports) {
    "use strict";
    var identity2 = require_identity();
    var visit = require_visit();
    function anchorIsValid(anchor) {
      if (/[\x00-\x19\s,[\]{}]/.test(anchor)) {
        const sa = JSON.stringify(anchor);
        const msg = `Anchor must not contain whitespace or control characters: ${sa}`;
        throw new Error(msg);
      }
      return true;
    }
    function anchorNames(root) {
      const anchors = /* @__PURE__ */ new Set();
      visit.visit(root, {
        Value(_key, node2) {
          if (node2.anchor)
            anchors.add(node2.anchor);
        }
      });
      return anchors;
    }
    function findNewAnchor(prefix, exclude) {
      for (let i = 1; true; ++i) {
        const name = `${prefix}${i}`;
        if (!exclude.has(name))
          return name;
      }
    }
    function createNodeAnchors(doc, prefix) {
      const aliasObjects = [];
      const sourceObjects = /* @__PURE__ */ new Map();
      let prevAnchors = null;
      return {
        onAnchor: (source2) => {
          aliasObjects.push(source2);
          prevAnchors ?? (prevAnchors = anchorNames(doc));
          const anchor = findNewAnchor(prefix, prevAnchors);
          prevAnchors.add(anchor);
          return anchor;
        },
        /**
         * With circular references, the source node is only resolved after all
         * of its child nodes are. This is why anchors are set only after all of
         * the nodes have been created.
         */
        setAnchors: () => {
          for (const source2 of aliasObjects) {
            const ref = sourceObjects.get(source2);
            if (typeof ref === "object" && ref.anchor && (identity2.isScalar(ref.node) || identity2.isCollection(ref.node))) {
              ref.node.anchor = ref.anchor;
            } else {
              const error = new Error("Failed to resolve repeated object (this should not happen)");
              error.source = source2;
              throw error;
            }
          }
        },
        sourceObjects
      };
    }
    exports.anchorIsValid = anchorIsValid;
    exports.anchorNames = anchorNames;
    exports.createNodeAnchors = createNodeAnchors;
    exports.findNewAnchor = findNewAnchor;
  }
});

// node_modules/yaml/dist/doc/applyReviver.js
var require_applyReviver = __commonJS({
  "node_modules/yaml/dist/doc/applyReviver.js"(exports) {
    "use strict";
    function applyReviver(reviver, obj, key, val) {
      if (val && typeof val === "object") {
        if (Array.isArray(val)) {
          for (let i = 0, len = val.length; i < len; ++i) {
            const v0 = val[i];
            const v1 = applyReviver(reviver, val, String(i), v0);
            if (v1 === void 0)
              delete val[i];
            else if (v1 !== v0)
              val[i] = v1;
          }
        } else if (val instanceof Map) {
          for (const k of Array.from(val.keys())) {
            const v0 = val.get(k);
            const v1 = applyReviver(reviver, val, k, v0);
            if (v1 === void 0)
              val.delete(k);
            else if (v1 !== v0)
              val.set(k, v1);
          }
        } else if (val instanceof Set) {
          for (const v0 of Array.from(val)) {
            const v1 = applyReviver(reviver, val, v0, v0);
            if (v1 === void 0)
              val.delete(v0);
            else if (v1 !== v0) {
              val.delete(v0);
              val.add(v1);
            }
          }
        } else {
          for (const [k, v0] of Object.entries(val)) {
            const v1 = applyReviver(reviver, val, k, v0);
            if (v1 === void 0)
              delete val[k];
            else if (v1 !== v0)
              val[k] = v1;
          }
        }
      }
      return reviver.call(obj, key, val);
    }
    exports.applyReviver = applyReviver;
  }
});

// node_modules/yaml/dist/nodes/toJS.js
var require_toJS = __commonJS({
  "node_modules/yaml/dist/nodes/toJS.js"(exports) {
    "use strict";
    var identity2 = require_identity();
    function toJS(value2, arg, ctx) {
      if (Array.isArray(value2))
        return value2.map((v, i) => toJS(v, String(i), ctx));
      if (value2 && typeof value2.toJSON === "function") {
        if (!ctx || !identity2.hasAnchor(value2))
          return value2.toJSON(arg, ctx);
        const data = { aliasCount: 0, count: 1, res: void 0 };
        ctx.anchors.set(value2, data);
        ctx.onCreate = (res2) => {
          data.res = res2;
          delete ctx.onCreate;
        };
        const res = value2.toJSON(arg, ctx);
        if (ctx.onCreate)
          ctx.onCreate(res);
        return res;
      }
      if (typeof value2 === "bigint" && !ctx?.keep)
        return Number(value2);
      return value2;
    }
    exports.toJS = toJS;
  }
});

// node_modules/yaml/dist/nodes/Node.js
var require_Node = __commonJS({
  "node_modules/yaml/dist/nodes/Node.js"(exports) {
    "use strict";
    var applyReviver = require_applyReviver();
    var identity2 = require_identity();
    var toJS = require_toJS();
    var NodeBase = class {
      constructor(type) {
        Object.defineProperty(this, identity2.NODE_TYPE, { value: type });
      }
      /** Create a copy of this node.  */
      clone() {
        const copy = Object.create(Object.getPrototypeOf(this), Object.getOwnPropertyDescriptors(this));
        if (this.range)
          copy.range = this.range.slice();
        return copy;
      }
      /** A plain JavaScript representation of this node. */
      toJS(doc, { mapAsMap, maxAliasCount, onAnchor, reviver } = {}) {
        if (!identity2.isDocument(doc))
          throw new TypeError("A document argument is required");
        const ctx = {
          anchors: /* @__PURE__ */ new Map(),
          doc,
          keep: true,
          mapAsMap: mapAsMap === true,
          mapKeyWarned: false,
          maxAliasCount: typeof maxAliasCount === "number" ? maxAliasCount : 100
        };
        const res = toJS.toJS(this, "", ctx);
        if (typeof onAnchor === "function")
          for (const { count: count2, res: res2 } of ctx.anchors.values())
            onAnchor(res2, count2);
        return typeof reviver === "function" ? applyReviver.applyReviver(reviver, { "": res }, "", res) : res;
      }
    };
    exports.NodeBase = NodeBase;
  }
});

// node_modules/yaml/dist/nodes/Alias.js
var require_Alias = __commonJS({
  "node_modules/yaml/dist/nodes/Alias.js"(exports) {
    "use strict";
    var anchors = require_anchors();
    var visit = require_visit();
    var identity2 = require_identity();
    var Node = require_Node();
    var toJS = require_toJS();
    var Alias = class extends Node.NodeBase {
      constructor(source2) {
        super(identity2.ALIAS);
        this.source = source2;
        Object.defineProperty(this, "tag", {
          set() {
            throw new Error("Alias nodes cannot have tags");
          }
        });
      }
      /**
       * Resolve the value of this alias within `doc`, finding the last
       * instance of the `source` anchor before this node.
       */
      resolve(doc, ctx) {
        if (ctx?.maxAliasCount === 0)
          throw new ReferenceError("Alias resolution is disabled");
        let nodes;
        if (ctx?.aliasResolveCache) {
          nodes = ctx.aliasResolveCache;
        } else {
          nodes = [];
          visit.visit(doc, {
            Node: (_key, node2) => {
              if (identity2.isAlias(node2) || identity2.hasAnchor(node2))
                nodes.push(node2);
            }
          });
          if (ctx)
            ctx.aliasResolveCache = nodes;
        }
        let found = void 0;
        for (const node2 of nodes) {
          if (node2 === this)
            break;
          if (node2.anchor === this.source)
            found = node2;
        }
        if (found && ctx) {
          const { anchors: anchors2, doc: doc2, maxAliasCount } = ctx;
          let data = anchors2.get(found);
          if (!data) {
            toJS.toJS(found, null, ctx);
            data = anchors2.get(found);
          }
          if (data?.res === void 0) {
            const msg = "This should not happen: Alias anchor was not resolved?";
            throw new ReferenceError(msg);
          }
          if (maxAliasCount >= 0) {
            data.count += 1;
            if (data.aliasCount === 0)
              data.aliasCount = getAliasCount(doc2, found, anchors2);
            if (data.count * data.aliasCount > maxAliasCount) {
              const msg = "Excessive alias count indicates a resource exhaustion attack";
              throw new ReferenceError(msg);
            }
          }
        }
        return found;
      }
      toJSON(_arg, ctx) {
        if (!ctx)
          return { source: this.source };
        const source2 = this.resolve(ctx.doc, ctx);
        if (!source2) {
          const msg = `Unresolved alias (the anchor must be set before the alias): ${this.source}`;
          throw new ReferenceError(msg);
        }
        return ctx.anchors.get(source2).res;
      }
      toString(ctx, _onComment, _onChompKeep) {
        const src = `*${this.source}`;
        if (ctx) {
          anchors.anchorIsValid(this.source);
          if (ctx.options.verifyAliasOrder && !ctx.anchors.has(this.source)) {
            const msg = `Unresolved alias (the anchor must be set before the alias): ${this.source}`;
            throw new Error(msg);
          }
          if (ctx.implicitKey)
            return `${src} `;
        }
        return src;
      }
    };
    function getAliasCount(doc, node2, anchors2) {
      if (identity2.isAlias(node2)) {
        const source2 = node2.resolve(doc);
        const anchor = anchors2 && source2 && anchors2.get(source2);
        return anchor ? anchor.count * anchor.aliasCount : 0;
      } else if (identity2.isCollection(node2)) {
        let count2 = 0;
        for (const item of node2.items) {
          const c = getAliasCount(doc, item, anchors2);
          if (c > count2)
            count2 = c;
        }
        return count2;
      } else if (identity2.isPair(node2)) {
        const kc = getAliasCount(doc, node2.key, anchors2);
        const vc = getAliasCount(doc, node2.value, anchors2);
        return Math.max(kc, vc);
      }
      return 1;
    }
    exports.Alias = Alias;
  }
});

// node_modules/yaml/dist/nodes/Scalar.js
var require_Scalar = __commonJS({
  "node_modules/yaml/dist/nodes/Scalar.js"(exports) {
    "use strict";
    var identity2 = require_identity();
    var Node = require_Node();
    var toJS = require_toJS();
    var isScalarValue = (value2) => !value2 || typeof value2 !== "function" && typeof value2 !== "object";
    var Scalar = class extends Node.NodeBase {
      constructor(value2) {
        super(identity2.SCALAR);
        this.value = value2;
      }
      toJSON(arg, ctx) {
        return ctx?.keep ? this.value : toJS.toJS(this.value, arg, ctx);
      }
      toString() {
        return String(this.value);
      }
    };
    Scalar.BLOCK_FOLDED = "BLOCK_FOLDED";
    Scalar.BLOCK_LITERAL = "BLOCK_LITERAL";
    Scalar.PLAIN = "PLAIN";
    Scalar.QUOTE_DOUBLE = "QUOTE_DOUBLE";
    Scalar.QUOTE_SINGLE = "QUOTE_SINGLE";
    exports.Scalar = Scalar;
    exports.isScalarValue = isScalarValue;
  }
});

// node_modules/yaml/dist/doc/createNode.js
var require_createNode = __commonJS({
  "node_modules/yaml/dist/doc/createNode.js"(exports) {
    "use strict";
    var Alias = require_Alias();
    var identity2 = require_identity();
    var Scalar = require_Scalar();
    var defaultTagPrefix = "tag:yaml.org,2002:";
    function findTagObject(value2, tagName, tags) {
      if (tagName) {
        const match = tags.filter((t) => t.tag === tagName);
        const tagObj = match.find((t) => !t.format) ?? match[0];
        if (!tagObj)
          throw new Error(`Tag ${tagName} not found`);
        return tagObj;
      }
      return tags.find((t) => t.identify?.(value2) && !t.format);
    }
    function createNode(value2, tagName, ctx) {
      if (identity2.isDocument(value2))
        value2 = value2.contents;
      if (identity2.isNode(value2))
        return value2;
      if (identity2.isPair(value2)) {
        const map = ctx.schema[identity2.MAP].createNode?.(ctx.schema, null, ctx);
        map.items.push(value2);
        return map;
      }
      if (value2 instanceof String || value2 instanceof Number || value2 instanceof Boolean || typeof BigInt !== "undefined" && value2 instanceof BigInt) {
        value2 = value2.valueOf();
      }
      const { aliasDuplicateObjects, onAnchor, onTagObj, schema, sourceObjects } = ctx;
      let ref = void 0;
      if (aliasDuplicateObjects && value2 && typeof value2 === "object") {
        ref = sourceObjects.get(value2);
        if (ref) {
          ref.anchor ?? (ref.anchor = onAnchor(value2));
          return new Alias.Alias(ref.anchor);
        } else {
          ref = { anchor: null, node: null };
          sourceObjects.set(value2, ref);
        }
      }
      if (tagName?.startsWith("!!"))
        tagName = defaultTagPrefix + tagName.slice(2);
      let tagObj = findTagObject(value2, tagName, schema.tags);
      if (!tagObj) {
        if (value2 && typeof value2.toJSON === "function") {
          value2 = value2.toJSON();
        }
        if (!value2 || typeof value2 !== "object") {
          const node3 = new Scalar.Scalar(value2);
          if (ref)
            ref.node = node3;
          return node3;
        }
        tagObj = value2 instanceof Map ? schema[identity2.MAP] : Symbol.iterator in Object(value2) ? schema[identity2.SEQ] : schema[identity2.MAP];
      }
      if (onTagObj) {
        onTagObj(tagObj);
        delete ctx.onTagObj;
      }
      const node2 = tagObj?.createNode ? tagObj.createNode(ctx.schema, value2, ctx) : typeof tagObj?.nodeClass?.from === "function" ? tagObj.nodeClass.from(ctx.schema, value2, ctx) : new Scalar.Scalar(value2);
      if (tagName)
        node2.tag = tagName;
      else if (!tagObj.default)
        node2.tag = tagObj.tag;
      if (ref)
        ref.node = node2;
      return node2;
    }
    exports.createNode = createNode;
  }
});

// node_modules/yaml/dist/nodes/Collection.js
var require_Collection = __commonJS({
  "node_modules/yaml/dist/nodes/Collection.js"(exports) {
    "use strict";
    var createNode = require_createNode();
    var identity2 = require_identity();
    var Node = require_Node();
    function collectionFromPath(schema, path, value2) {
      let v = value2;
      for (let i = path.length - 1; i >= 0; --i) {
        const k = path[i];
        if (typeof k === "number" && Number.isInteger(k) && k >= 0) {
          const a = [];
          a[k] = v;
          v = a;
        } else {
          v = /* @__PURE__ */ new Map([[k, v]]);
        }
      }
      return createNode.createNode(v, void 0, {
        aliasDuplicateObjects: false,
        keepUndefined: false,
        onAnchor: () => {
          throw new Error("This should not happen, please report a bug.");
        },
        schema,
        sourceObjects: /* @__PURE__ */ new Map()
      });
    }
    var isEmptyPath = (path) => path == null || typeof path === "object" && !!path[Symbol.iterator]().next().done;
    var Collection = class extends Node.NodeBase {
      constructor(type, schema) {
        super(type);
        Object.defineProperty(this, "schema", {
          value: schema,
          configurable: true,
          enumerable: false,
          writable: true
        });
      }
      /**
       * Create a copy of this collection.
       *
       * @param schema - If defined, overwrites the original's schema
       */
      clone(schema) {
        const copy = Object.create(Object.getPrototypeOf(this), Object.getOwnPropertyDescriptors(this));
        if (schema)
          copy.schema = schema;
        copy.items = copy.items.map((it) => identity2.isNode(it) || identity2.isPair(it) ? it.clone(schema) : it);
        if (this.range)
          copy.range = this.range.slice();
        return copy;
      }
      /**
       * Adds a value to the collection. For `!!map` and `!!omap` the value must
       * be a Pair instance or a `{ key, value }` object, which may not have a key
       * that already exists in the map.
       */
      addIn(path, value2) {
        if (isEmptyPath(path))
          this.add(value2);
        else {
          const [key, ...rest] = path;
          const node2 = this.get(key, true);
          if (identity2.isCollection(node2))
            node2.addIn(rest, value2);
          else if (node2 === void 0 && this.schema)
            this.set(key, collectionFromPath(this.schema, rest, value2));
          else
            throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
        }
      }
      /**
       * Removes a value from the collection.
       * @returns `true` if the item was found and removed.
       */
      deleteIn(path) {
        const [key, ...rest] = path;
        if (rest.length === 0)
          return this.delete(key);
        const node2 = this.get(key, true);
        if (identity2.isCollection(node2))
          return node2.deleteIn(rest);
        else
          throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
      }
      /**
       * Returns item at `key`, or `undefined` if not found. By default unwraps
       * scalar values from their surrounding node; to disable set `keepScalar` to
       * `true` (collections are always returned intact).
       */
      getIn(path, keepScalar) {
        const [key, ...rest] = path;
        const node2 = this.get(key, true);
        if (rest.length === 0)
          return !keepScalar && identity2.isScalar(node2) ? node2.value : node2;
        else
          return identity2.isCollection(node2) ? node2.getIn(rest, keepScalar) : void 0;
      }
      hasAllNullValues(allowScalar) {
        return this.items.every((node2) => {
          if (!identity2.isPair(node2))
            return false;
          const n = node2.value;
          return n == null || allowScalar && identity2.isScalar(n) && n.value == null && !n.commentBefore && !n.comment && !n.tag;
        });
      }
      /**
       * Checks if the collection includes a value with the key `key`.
       */
      hasIn(path) {
        const [key, ...rest] = path;
        if (rest.length === 0)
          return this.has(key);
        const node2 = this.get(key, true);
        return identity2.isCollection(node2) ? node2.hasIn(rest) : false;
      }
      /**
       * Sets a value in this collection. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       */
      setIn(path, value2) {
        const [key, ...rest] = path;
        if (rest.length === 0) {
          this.set(key, value2);
        } else {
          const node2 = this.get(key, true);
          if (identity2.isCollection(node2))
            node2.setIn(rest, value2);
          else if (node2 === void 0 && this.schema)
            this.set(key, collectionFromPath(this.schema, rest, value2));
          else
            throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
        }
      }
    };
    exports.Collection = Collection;
    exports.collectionFromPath = collectionFromPath;
    exports.isEmptyPath = isEmptyPath;
  }
});

// node_modules/yaml/dist/stringify/stringifyComment.js
var require_stringifyComment = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyComment.js"(exports) {
    "use strict";
    var stringifyComment = (str2) => str2.replace(/^(?!$)(?: $)?/gm, "#");
    function indentComment(comment, indent) {
      if (/^\n+$/.test(comment))
        return comment.substring(1);
      return indent ? comment.replace(/^(?! *$)/gm, indent) : comment;
    }
    var lineComment = (str2, indent, comment) => str2.endsWith("\n") ? indentComment(comment, indent) : comment.includes("\n") ? "\n" + indentComment(comment, indent) : (str2.endsWith(" ") ? "" : " ") + comment;
    exports.indentComment = indentComment;
    exports.lineComment = lineComment;
    exports.stringifyComment = stringifyComment;
  }
});

// node_modules/yaml/dist/stringify/foldFlowLines.js
var require_foldFlowLines = __commonJS({
  "node_modules/yaml/dist/stringify/foldFlowLines.js"(exports) {
    "use strict";
    var FOLD_FLOW = "flow";
    var FOLD_BLOCK = "block";
    var FOLD_QUOTED = "quoted";
    function foldFlowLines(text2, indent, mode = "flow", { indentAtStart, lineWidth = 80, minContentWidth = 20, onFold, onOverflow } = {}) {
      if (!lineWidth || lineWidth < 0)
        return text2;
      if (lineWidth < minContentWidth)
        minContentWidth = 0;
      const endStep = Math.max(1 + minContentWidth, 1 + lineWidth - indent.length);
      if (text2.length <= endStep)
        return text2;
      const folds = [];
      const escapedFolds = {};
      let end2 = lineWidth - indent.length;
      if (typeof indentAtStart === "number") {
        if (indentAtStart > lineWidth - Math.max(2, minContentWidth))
          folds.push(0);
        else
          end2 = lineWidth - indentAtStart;
      }
      let split2 = void 0;
      let prev = void 0;
      let overflow = false;
      let i = -1;
      let escStart = -1;
      let escEnd = -1;
      if (mode === FOLD_BLOCK) {
        i = consumeMoreIndentedLines(text2, i, indent.length);
        if (i !== -1)
          end2 = i + endStep;
      }
      for (let ch; ch = text2[i += 1]; ) {
        if (mode === FOLD_QUOTED && ch === "\\") {
          escStart = i;
          switch (text2[i + 1]) {
            case "x":
              i += 3;
              break;
            case "u":
              i += 5;
              break;
            case "U":
              i += 9;
              break;
            default:
              i += 1;
          }
          escEnd = i;
        }
        if (ch === "\n") {
          if (mode === FOLD_BLOCK)
            i = consumeMoreIndentedLines(text2, i, indent.length);
          end2 = i + indent.length + endStep;
          split2 = void 0;
        } else {
          if (ch === " " && prev && prev !== " " && prev !== "\n" && prev !== "	") {
            const next = text2[i + 1];
            if (next && next !== " " && next !== "\n" && next !== "	")
              split2 = i;
          }
          if (i >= end2) {
            if (split2) {
              folds.push(split2);
              end2 = split2 + endStep;
              split2 = void 0;
            } else if (mode === FOLD_QUOTED) {
              while (prev === " " || prev === "	") {
                prev = ch;
                ch = text2[i += 1];
                overflow = true;
              }
              const j = i > escEnd + 1 ? i - 2 : escStart - 1;
              if (escapedFolds[j])
                return text2;
              folds.push(j);
              escapedFolds[j] = true;
              end2 = j + endStep;
              split2 = void 0;
            } else {
              overflow = true;
            }
          }
        }
        prev = ch;
      }
      if (overflow && onOverflow)
        onOverflow();
      if (folds.length === 0)
        return text2;
      if (onFold)
        onFold();
      let res = text2.slice(0, folds[0]);
      for (let i2 = 0; i2 < folds.length; ++i2) {
        const fold = folds[i2];
        const end3 = folds[i2 + 1] || text2.length;
        if (fold === 0)
          res = `
${indent}${text2.slice(0, end3)}`;
        else {
          if (mode === FOLD_QUOTED && escapedFolds[fold])
            res += `${text2[fold]}\\`;
          res += `
${indent}${text2.slice(fold + 1, end3)}`;
        }
      }
      return res;
    }
    function consumeMoreIndentedLines(text2, i, indent) {
      let end2 = i;
      let start = i + 1;
      let ch = text2[start];
      while (ch === " " || ch === "	") {
        if (i < start + indent) {
          ch = text2[++i];
        } else {
          do {
            ch = text2[++i];
          } while (ch && ch !== "\n");
          end2 = i;
          start = i + 1;
          ch = text2[start];
        }
      }
      return end2;
    }
    exports.FOLD_BLOCK = FOLD_BLOCK;
    exports.FOLD_FLOW = FOLD_FLOW;
    exports.FOLD_QUOTED = FOLD_QUOTED;
    exports.foldFlowLines = foldFlowLines;
  }
});

// node_modules/yaml/dist/stringify/stringifyString.js
var require_stringifyString = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyString.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var foldFlowLines = require_foldFlowLines();
    var getFoldOptions = (ctx, isBlock) => ({
      indentAtStart: isBlock ? ctx.indent.length : ctx.indentAtStart,
      lineWidth: ctx.options.lineWidth,
      minContentWidth: ctx.options.minContentWidth
    });
    var containsDocumentMarker = (str2) => /^(%|---|\.\.\.)/m.test(str2);
    function lineLengthOverLimit(str2, lineWidth, indentLength) {
      if (!lineWidth || lineWidth < 0)
        return false;
      const limit = lineWidth - indentLength;
      const strLen = str2.length;
      if (strLen <= limit)
        return false;
      for (let i = 0, start = 0; i < strLen; ++i) {
        if (str2[i] === "\n") {
          if (i - start > limit)
            return true;
          start = i + 1;
          if (strLen - start <= limit)
            return false;
        }
      }
      return true;
    }
    function doubleQuotedString(value2, ctx) {
      const json = JSON.stringify(value2);
      if (ctx.options.doubleQuotedAsJSON)
        return json;
      const { implicitKey } = ctx;
      const minMultiLineLength = ctx.options.doubleQuotedMinMultiLineLength;
      const indent = ctx.indent || (containsDocumentMarker(value2) ? "  " : "");
      let str2 = "";
      let start = 0;
      for (let i = 0, ch = json[i]; ch; ch = json[++i]) {
        if (ch === " " && json[i + 1] === "\\" && json[i + 2] === "n") {
          str2 += json.slice(start, i) + "\\ ";
          i += 1;
          start = i;
          ch = "\\";
        }
        if (ch === "\\")
          switch (json[i + 1]) {
            case "u":
              {
                str2 += json.slice(start, i);
                const code2 = json.substr(i + 2, 4);
                switch (code2) {
                  case "0000":
                    str2 += "\\0";
                    break;
                  case "0007":
                    str2 += "\\a";
                    break;
                  case "000b":
                    str2 += "\\v";
                    break;
                  case "001b":
                    str2 += "\\e";
                    break;
                  case "0085":
                    str2 += "\\N";
                    break;
                  case "00a0":
                    str2 += "\\_";
                    break;
                  case "2028":
                    str2 += "\\L";
                    break;
                  case "2029":
                    str2 += "\\P";
                    break;
                  default:
                    if (code2.substr(0, 2) === "00")
                      str2 += "\\x" + code2.substr(2);
                    else
                      str2 += json.substr(i, 6);
                }
                i += 5;
                start = i + 1;
              }
              break;
            case "n":
              if (implicitKey || json[i + 2] === '"' || json.length < minMultiLineLength) {
                i += 1;
              } else {
                str2 += json.slice(start, i) + "\n\n";
                while (json[i + 2] === "\\" && json[i + 3] === "n" && json[i + 4] !== '"') {
                  str2 += "\n";
                  i += 2;
                }
                str2 += indent;
                if (json[i + 2] === " ")
                  str2 += "\\";
                i += 1;
                start = i + 1;
              }
              break;
            default:
              i += 1;
          }
      }
      str2 = start ? str2 + json.slice(start) : json;
      return implicitKey ? str2 : foldFlowLines.foldFlowLines(str2, indent, foldFlowLines.FOLD_QUOTED, getFoldOptions(ctx, false));
    }
    function singleQuotedString(value2, ctx) {
      if (ctx.options.singleQuote === false || ctx.implicitKey && value2.includes("\n") || /[ \t]\n|\n[ \t]/.test(value2))
        return doubleQuotedString(value2, ctx);
      const indent = ctx.indent || (containsDocumentMarker(value2) ? "  " : "");
      const res = "'" + value2.replace(/'/g, "''").replace(/\n+/g, `$&
${indent}`) + "'";
      return ctx.implicitKey ? res : foldFlowLines.foldFlowLines(res, indent, foldFlowLines.FOLD_FLOW, getFoldOptions(ctx, false));
    }
    function quotedString(value2, ctx) {
      const { singleQuote } = ctx.options;
      let qs;
      if (singleQuote === false)
        qs = doubleQuotedString;
      else {
        const hasDouble = value2.includes('"');
        const hasSingle = value2.includes("'");
        if (hasDouble && !hasSingle)
          qs = singleQuotedString;
        else if (hasSingle && !hasDouble)
          qs = doubleQuotedString;
        else
          qs = singleQuote ? singleQuotedString : doubleQuotedString;
      }
      return qs(value2, ctx);
    }
    var blockEndNewlines;
    try {
      blockEndNewlines = new RegExp("(^|(?<!\n))\n+(?!\n|$)", "g");
    } catch {
      blockEndNewlines = /\n+(?!\n|$)/g;
    }
    function blockString({ comment, type, value: value2 }, ctx, onComment, onChompKeep) {
      const { blockQuote, commentString, lineWidth } = ctx.options;
      if (!blockQuote || /\n[\t ]+$/.test(value2)) {
        return quotedString(value2, ctx);
      }
      const indent = ctx.indent || (ctx.forceBlockIndent || containsDocumentMarker(value2) ? "  " : "");
      const literal2 = blockQuote === "literal" ? true : blockQuote === "folded" || type === Scalar.Scalar.BLOCK_FOLDED ? false : type === Scalar.Scalar.BLOCK_LITERAL ? true : !lineLengthOverLimit(value2, lineWidth, indent.length);
      if (!value2)
        return literal2 ? "|\n" : ">\n";
      let chomp;
      let endStart;
      for (endStart = value2.length; endStart > 0; --endStart) {
        const ch = value2[endStart - 1];
        if (ch !== "\n" && ch !== "	" && ch !== " ")
          break;
      }
      let end2 = value2.substring(endStart);
      const endNlPos = end2.indexOf("\n");
      if (endNlPos === -1) {
        chomp = "-";
      } else if (value2 === end2 || endNlPos !== end2.length - 1) {
        chomp = "+";
        if (onChompKeep)
          onChompKeep();
      } else {
        chomp = "";
      }
      if (end2) {
        value2 = value2.slice(0, -end2.length);
        if (end2[end2.length - 1] === "\n")
          end2 = end2.slice(0, -1);
        end2 = end2.replace(blockEndNewlines, `$&${indent}`);
      }
      let startWithSpace = false;
      let startEnd;
      let startNlPos = -1;
      for (startEnd = 0; startEnd < value2.length; ++startEnd) {
        const ch = value2[startEnd];
        if (ch === " ")
          startWithSpace = true;
        else if (ch === "\n")
          startNlPos = startEnd;
        else
          break;
      }
      let start = value2.substring(0, startNlPos < startEnd ? startNlPos + 1 : startEnd);
      if (start) {
        value2 = value2.substring(start.length);
        start = start.replace(/\n+/g, `$&${indent}`);
      }
      const indentSize = indent ? "2" : "1";
      let header = (startWithSpace ? indentSize : "") + chomp;
      if (comment) {
        header += " " + commentString(comment.replace(/ ?[\r\n]+/g, " "));
        if (onComment)
          onComment();
      }
      if (!literal2) {
        const foldedValue = value2.replace(/\n+/g, "\n$&").replace(/(?:^|\n)([\t ].*)(?:([\n\t ]*)\n(?![\n\t ]))?/g, "$1$2").replace(/\n+/g, `$&${indent}`);
        let literalFallback = false;
        const foldOptions = getFoldOptions(ctx, true);
        if (blockQuote !== "folded" && type !== Scalar.Scalar.BLOCK_FOLDED) {
          foldOptions.onOverflow = () => {
            literalFallback = true;
          };
        }
        const body = foldFlowLines.foldFlowLines(`${start}${foldedValue}${end2}`, indent, foldFlowLines.FOLD_BLOCK, foldOptions);
        if (!literalFallback)
          return `>${header}
${indent}${body}`;
      }
      value2 = value2.replace(/\n+/g, `$&${indent}`);
      return `|${header}
${indent}${start}${value2}${end2}`;
    }
    function plainString(item, ctx, onComment, onChompKeep) {
      const { type, value: value2 } = item;
      const { actualString, implicitKey, indent, indentStep, inFlow } = ctx;
      if (implicitKey && value2.includes("\n") || inFlow && /[[\]{},]/.test(value2)) {
        return quotedString(value2, ctx);
      }
      if (/^[\n\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|[\n:][ \t]|[ \t]\n|[\n\t ]#|[\n\t :]$/.test(value2)) {
        return implicitKey || inFlow || !value2.includes("\n") ? quotedString(value2, ctx) : blockString(item, ctx, onComment, onChompKeep);
      }
      if (!implicitKey && !inFlow && type !== Scalar.Scalar.PLAIN && value2.includes("\n")) {
        return blockString(item, ctx, onComment, onChompKeep);
      }
      if (containsDocumentMarker(value2)) {
        if (indent === "") {
          ctx.forceBlockIndent = true;
          return blockString(item, ctx, onComment, onChompKeep);
        } else if (implicitKey && indent === indentStep) {
          return quotedString(value2, ctx);
        }
      }
      const str2 = value2.replace(/\n+/g, `$&
${indent}`);
      if (actualString) {
        const test2 = (tag) => tag.default && tag.tag !== "tag:yaml.org,2002:str" && tag.test?.test(str2);
        const { compat, tags } = ctx.doc.schema;
        if (tags.some(test2) || compat?.some(test2))
          return quotedString(value2, ctx);
      }
      return implicitKey ? str2 : foldFlowLines.foldFlowLines(str2, indent, foldFlowLines.FOLD_FLOW, getFoldOptions(ctx, false));
    }
    function stringifyString(item, ctx, onComment, onChompKeep) {
      const { implicitKey, inFlow } = ctx;
      const ss = typeof item.value === "string" ? item : Object.assign({}, item, { value: String(item.value) });
      let { type } = item;
      if (type !== Scalar.Scalar.QUOTE_DOUBLE) {
        if (/[\x00-\x08\x0b-\x1f\x7f-\x9f\u{D800}-\u{DFFF}]/u.test(ss.value))
          type = Scalar.Scalar.QUOTE_DOUBLE;
      }
      const _stringify = (_type) => {
        switch (_type) {
          case Scalar.Scalar.BLOCK_FOLDED:
          case Scalar.Scalar.BLOCK_LITERAL:
            return implicitKey || inFlow ? quotedString(ss.value, ctx) : blockString(ss, ctx, onComment, onChompKeep);
          case Scalar.Scalar.QUOTE_DOUBLE:
            return doubleQuotedString(ss.value, ctx);
          case Scalar.Scalar.QUOTE_SINGLE:
            return singleQuotedString(ss.value, ctx);
          case Scalar.Scalar.PLAIN:
            return plainString(ss, ctx, onComment, onChompKeep);
          default:
            return null;
        }
      };
      let res = _stringify(type);
      if (res === null) {
        const { defaultKeyType, defaultStringType } = ctx.options;
        const t = implicitKey && defaultKeyType || defaultStringType;
        res = _stringify(t);
        if (res === null)
          throw new Error(`Unsupported default string type ${t}`);
      }
      return res;
    }
    exports.stringifyString = stringifyString;
  }
});

// node_modules/yaml/dist/stringify/stringify.js
var require_stringify = __commonJS({
  "node_modules/yaml/dist/stringify/stringify.js"(exports) {
    "use strict";
    var anchors = require_anchors();
    var identity2 = require_identity();
    var stringifyComment = require_stringifyComment();
    var stringifyString = require_stringifyString();
    function createStringifyContext(doc, options) {
      const opt = Object.assign({
        blockQuote: true,
        commentString: stringifyComment.stringifyComment,
        defaultKeyType: null,
        defaultStringType: "PLAIN",
        directives: null,
        doubleQuotedAsJSON: false,
        doubleQuotedMinMultiLineLength: 40,
        falseStr: "false",
        flowCollectionPadding: true,
        indentSeq: true,
        lineWidth: 80,
        minContentWidth: 20,
        nullStr: "null",
        simpleKeys: false,
        singleQuote: null,
        trailingComma: false,
        trueStr: "true",
        verifyAliasOrder: true
      }, doc.schema.toStringOptions, options);
      let inFlow;
      switch (opt.collectionStyle) {
        case "block":
          inFlow = false;
          break;
        case "flow":
          inFlow = true;
          break;
        default:
          inFlow = null;
      }
      return {
        anchors: /* @__PURE__ */ new Set(),
        doc,
        flowCollectionPadding: opt.flowCollectionPadding ? " " : "",
        indent: "",
        indentStep: typeof opt.indent === "number" ? " ".repeat(opt.indent) : "  ",
        inFlow,
        options: opt
      };
    }
    function getTagObject(tags, item) {
      if (item.tag) {
        const match = tags.filter((t) => t.tag === item.tag);
        if (match.length > 0)
          return match.find((t) => t.format === item.format) ?? match[0];
      }
      let tagObj = void 0;
      let obj;
      if (identity2.isScalar(item)) {
        obj = item.value;
        let match = tags.filter((t) => t.identify?.(obj));
        if (match.length > 1) {
          const testMatch = match.filter((t) => t.test);
          if (testMatch.length > 0)
            match = testMatch;
        }
        tagObj = match.find((t) => t.format === item.format) ?? match.find((t) => !t.format);
      } else {
        obj = item;
        tagObj = tags.find((t) => t.nodeClass && obj instanceof t.nodeClass);
      }
      if (!tagObj) {
        const name = obj?.constructor?.name ?? (obj === null ? "null" : typeof obj);
        throw new Error(`Tag not resolved for ${name} value`);
      }
      return tagObj;
    }
    function stringifyProps(node2, tagObj, { anchors: anchors$1, doc }) {
      if (!doc.directives)
        return "";
      const props = [];
      const anchor = (identity2.isScalar(node2) || identity2.isCollection(node2)) && node2.anchor;
      if (anchor && anchors.anchorIsValid(anchor)) {
        anchors$1.add(anchor);
        props.push(`&${anchor}`);
      }
      const tag = node2.tag ?? (tagObj.default ? null : tagObj.tag);
      if (tag)
        props.push(doc.directives.tagString(tag));
      return props.join(" ");
    }
    function stringify(item, ctx, onComment, onChompKeep) {
      if (identity2.isPair(item))
        return item.toString(ctx, onComment, onChompKeep);
      if (identity2.isAlias(item)) {
        if (ctx.doc.directives)
          return item.toString(ctx);
        if (ctx.resolvedAliases?.has(item)) {
          throw new TypeError(`Cannot stringify circular structure without alias nodes`);
        } else {
          if (ctx.resolvedAliases)
            ctx.resolvedAliases.add(item);
          else
            ctx.resolvedAliases = /* @__PURE__ */ new Set([item]);
          item = item.resolve(ctx.doc);
        }
      }
      let tagObj = void 0;
      const node2 = identity2.isNode(item) ? item : ctx.doc.createNode(item, { onTagObj: (o) => tagObj = o });
      tagObj ?? (tagObj = getTagObject(ctx.doc.schema.tags, node2));
      const props = stringifyProps(node2, tagObj, ctx);
      if (props.length > 0)
        ctx.indentAtStart = (ctx.indentAtStart ?? 0) + props.length + 1;
      const str2 = typeof tagObj.stringify === "function" ? tagObj.stringify(node2, ctx, onComment, onChompKeep) : identity2.isScalar(node2) ? stringifyString.stringifyString(node2, ctx, onComment, onChompKeep) : node2.toString(ctx, onComment, onChompKeep);
      if (!props)
        return str2;
      return identity2.isScalar(node2) || str2[0] === "{" || str2[0] === "[" ? `${props} ${str2}` : `${props}
${ctx.indent}${str2}`;
    }
    exports.createStringifyContext = createStringifyContext;
    exports.stringify = stringify;
  }
});

// node_modules/yaml/dist/stringify/stringifyPair.js
var require_stringifyPair = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyPair.js"(exports) {
    "use strict";
    var identity2 = require_identity();
    var Scalar = require_Scalar();
    var stringify = require_stringify();
    var stringifyComment = require_stringifyComment();
    function stringifyPair({ key, value: value2 }, ctx, onComment, onChompKeep) {
      const { allNullValues, doc, indent, indentStep, options: { commentString, indentSeq, simpleKeys } } = ctx;
      let keyComment = identity2.isNode(key) && key.comment || null;
      if (simpleKeys) {
        if (keyComment) {
          throw new Error("With simple keys, key nodes cannot have comments");
        }
        if (identity2.isCollection(key) || !identity2.isNode(key) && typeof key === "object") {
          const msg = "With simple keys, collection cannot be used as a key value";
          throw new Error(msg);
        }
      }
      let explicitKey = !simpleKeys && (!key || keyComment && value2 == null && !ctx.inFlow || identity2.isCollection(key) || (identity2.isScalar(key) ? key.type === Scalar.Scalar.BLOCK_FOLDED || key.type === Scalar.Scalar.BLOCK_LITERAL : typeof key === "object"));
      ctx = Object.assign({}, ctx, {
        allNullValues: false,
        implicitKey: !explicitKey && (simpleKeys || !allNullValues),
        indent: indent + indentStep
      });
      let keyCommentDone = false;
      let chompKeep = false;
      let str2 = stringify.stringify(key, ctx, () => keyCommentDone = true, () => chompKeep = true);
      if (!explicitKey && !ctx.inFlow && str2.length > 1024) {
        if (simpleKeys)
          throw new Error("With simple keys, single line scalar must not span more than 1024 characters");
        explicitKey = true;
      }
      if (ctx.inFlow) {
        if (allNullValues || value2 == null) {
          if (keyCommentDone && onComment)
            onComment();
          return str2 === "" ? "?" : explicitKey ? `? ${str2}` : str2;
        }
      } else if (allNullValues && !simpleKeys || value2 == null && explicitKey) {
        str2 = `? ${str2}`;
        if (keyComment && !keyCommentDone) {
          str2 += stringifyComment.lineComment(str2, ctx.indent, commentString(keyComment));
        } else if (chompKeep && onChompKeep)
          onChompKeep();
        return str2;
      }
      if (keyCommentDone)
        keyComment = null;
      if (explicitKey) {
        if (keyComment)
          str2 += stringifyComment.lineComment(str2, ctx.indent, commentString(keyComment));
        str2 = `? ${str2}
${indent}:`;
      } else {
        str2 = `${str2}:`;
        if (keyComment)
          str2 += stringifyComment.lineComment(str2, ctx.indent, commentString(keyComment));
      }
      let vsb, vcb, valueComment;
      if (identity2.isNode(value2)) {
        vsb = !!value2.spaceBefore;
        vcb = value2.commentBefore;
        valueComment = value2.comment;
      } else {
        vsb = false;
        vcb = null;
        valueComment = null;
        if (value2 && typeof value2 === "object")
          value2 = doc.createNode(value2);
      }
      ctx.implicitKey = false;
      if (!explicitKey && !keyComment && identity2.isScalar(value2))
        ctx.indentAtStart = str2.length + 1;
      chompKeep = false;
      if (!indentSeq && indentStep.length >= 2 && !ctx.inFlow && !explicitKey && identity2.isSeq(value2) && !value2.flow && !value2.tag && !value2.anchor) {
        ctx.indent = ctx.indent.substring(2);
      }
      let valueCommentDone = false;
      const valueStr = stringify.stringify(value2, ctx, () => valueCommentDone = true, () => chompKeep = true);
      let ws2 = " ";
      if (keyComment || vsb || vcb) {
        ws2 = vsb ? "\n" : "";
        if (vcb) {
          const cs = commentString(vcb);
          ws2 += `
${stringifyComment.indentComment(cs, ctx.indent)}`;
        }
        if (valueStr === "" && !ctx.inFlow) {
          if (ws2 === "\n" && valueComment)
            ws2 = "\n\n";
        } else {
          ws2 += `
${ctx.indent}`;
        }
      } else if (!explicitKey && identity2.isCollection(value2)) {
        const vs0 = valueStr[0];
        const nl0 = valueStr.indexOf("\n");
        const hasNewline = nl0 !== -1;
        const flow = ctx.inFlow ?? value2.flow ?? value2.items.length === 0;
        if (hasNewline || !flow) {
          let hasPropsLine = false;
          if (hasNewline && (vs0 === "&" || vs0 === "!")) {
            let sp0 = valueStr.indexOf(" ");
            if (vs0 === "&" && sp0 !== -1 && sp0 < nl0 && valueStr[sp0 + 1] === "!") {
              sp0 = valueStr.indexOf(" ", sp0 + 1);
            }
            if (sp0 === -1 || nl0 < sp0)
              hasPropsLine = true;
          }
          if (!hasPropsLine)
            ws2 = `
${ctx.indent}`;
        }
      } else if (valueStr === "" || valueStr[0] === "\n") {
        ws2 = "";
      }
      str2 += ws2 + valueStr;
      if (ctx.inFlow) {
        if (valueCommentDone && onComment)
          onComment();
      } else if (valueComment && !valueCommentDone) {
        str2 += stringifyComment.lineComment(str2, ctx.indent, commentString(valueComment));
      } else if (chompKeep && onChompKeep) {
        onChompKeep();
      }
      return str2;
    }
    exports.stringifyPair = stringifyPair;
  }
});

// node_modules/yaml/dist/log.js
var require_log = __commonJS({
  "node_modules/yaml/dist/log.js"(exports) {
    "use strict";
    var node_process = __require("process");
    function debug2(logLevel, ...messages) {
      if (logLevel === "debug")
        console.log(...messages);
    }
    function warn(logLevel, warning) {
      if (logLevel === "debug" || logLevel === "warn") {
        if (typeof node_process.emitWarning === "function")
          node_process.emitWarning(warning);
        else
          console.warn(warning);
      }
    }
    exports.debug = debug2;
    exports.warn = warn;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/merge.js
var require_merge = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/merge.js"(exports) {
    "use strict";
    var identity2 = require_identity();
    var Scalar = require_Scalar();
    var MERGE_KEY = "<<";
    var merge2 = {
      identify: (value2) => value2 === MERGE_KEY || typeof value2 === "symbol" && value2.description === MERGE_KEY,
      default: "key",
      tag: "tag:yaml.org,2002:merge",
      test: /^<<$/,
      resolve: () => Object.assign(new Scalar.Scalar(Symbol(MERGE_KEY)), {
        addToJSMap: addMergeToJSMap
      }),
      stringify: () => MERGE_KEY
    };
    var isMergeKey = (ctx, key) => (merge2.identify(key) || identity2.isScalar(key) && (!key.type || key.type === Scalar.Scalar.PLAIN) && merge2.identify(key.value)) && ctx?.doc.schema.tags.some((tag) => tag.tag === merge2.tag && tag.default);
    function addMergeToJSMap(ctx, map, value2) {
      const source2 = resolveAliasValue(ctx, value2);
      if (identity2.isSeq(source2))
        for (const it of source2.items)
          mergeValue(ctx, map, it);
      else if (Array.isArray(source2))
        for (const it of source2)
          mergeValue(ctx, map, it);
      else
        mergeValue(ctx, map, source2);
    }
    function mergeValue(ctx, map, value2) {
      const source2 = resolveAliasValue(ctx, value2);
      if (!identity2.isMap(source2))
        throw new Error("Merge sources must be maps or map aliases");
      const srcMap = source2.toJSON(null, ctx, Map);
      for (const [key, value3] of srcMap) {
        if (map instanceof Map) {
          if (!map.has(key))
            map.set(key, value3);
        } else if (map instanceof Set) {
          map.add(key);
        } else if (!Object.prototype.hasOwnProperty.call(map, key)) {
          Object.defineProperty(map, key, {
            value: value3,
            writable: true,
            enumerable: true,
            configurable: true
          });
        }
      }
      return map;
    }
    function resolveAliasValue(ctx, value2) {
      return ctx && identity2.isAlias(value2) ? value2.resolve(ctx.doc, ctx) : value2;
    }
    exports.addMergeToJSMap = addMergeToJSMap;
    exports.isMergeKey = isMergeKey;
    exports.merge = merge2;
  }
});

// node_modules/yaml/dist/nodes/addPairToJSMap.js
var require_addPairToJSMap = __commonJS({
  "node_modules/yaml/dist/nodes/addPairToJSMap.js"(exports) {
    "use strict";
    var log = require_log();
    var merge2 = require_merge();
    var stringify = require_stringify();
    var identity2 = require_identity();
    var toJS = require_toJS();
    function addPairToJSMap(ctx, map, { key, value: value2 }) {
      if (identity2.isNode(key) && key.addToJSMap)
        key.addToJSMap(ctx, map, value2);
      else if (merge2.isMergeKey(ctx, key))
        merge2.addMergeToJSMap(ctx, map, value2);
      else {
        const jsKey = toJS.toJS(key, "", ctx);
        if (map instanceof Map) {
          map.set(jsKey, toJS.toJS(value2, jsKey, ctx));
        } else if (map instanceof Set) {
          map.add(jsKey);
        } else {
          const stringKey = stringifyKey(key, jsKey, ctx);
          const jsValue = toJS.toJS(value2, stringKey, ctx);
          if (stringKey in map)
            Object.defineProperty(map, stringKey, {
              value: jsValue,
              writable: true,
              enumerable: true,
              configurable: true
            });
          else
            map[stringKey] = jsValue;
        }
      }
      return map;
    }
    function stringifyKey(key, jsKey, ctx) {
      if (jsKey === null)
        return "";
      if (typeof jsKey !== "object")
        return String(jsKey);
      if (identity2.isNode(key) && ctx?.doc) {
        const strCtx = stringify.createStringifyContext(ctx.doc, {});
        strCtx.anchors = /* @__PURE__ */ new Set();
        for (const node2 of ctx.anchors.keys())
          strCtx.anchors.add(node2.anchor);
        strCtx.inFlow = true;
        strCtx.inStringifyKey = true;
        const strKey = key.toString(strCtx);
        if (!ctx.mapKeyWarned) {
          let jsonStr = JSON.stringify(strKey);
          if (jsonStr.length > 40)
            jsonStr = jsonStr.substring(0, 36) + '..."';
          log.warn(ctx.doc.options.logLevel, `Keys with collection values will be stringified due to JS Object restrictions: ${jsonStr}. Set mapAsMap: true to use object keys.`);
          ctx.mapKeyWarned = true;
        }
        return strKey;
      }
      return JSON.stringify(jsKey);
    }
    exports.addPairToJSMap = addPairToJSMap;
  }
});

// node_modules/yaml/dist/nodes/Pair.js
var require_Pair = __commonJS({
  "node_modules/yaml/dist/nodes/Pair.js"(exports) {
    "use strict";
    var createNode = require_createNode();
    var stringifyPair = require_stringifyPair();
    var addPairToJSMap = require_addPairToJSMap();
    var identity2 = require_identity();
    function createPair(key, value2, ctx) {
      const k = createNode.createNode(key, void 0, ctx);
      const v = createNode.createNode(value2, void 0, ctx);
      return new Pair(k, v);
    }
    var Pair = class _Pair {
      constructor(key, value2 = null) {
        Object.defineProperty(this, identity2.NODE_TYPE, { value: identity2.PAIR });
        this.key = key;
        this.value = value2;
      }
      clone(schema) {
        let { key, value: value2 } = this;
        if (identity2.isNode(key))
          key = key.clone(schema);
        if (identity2.isNode(value2))
          value2 = value2.clone(schema);
        return new _Pair(key, value2);
      }
      toJSON(_, ctx) {
        const pair = ctx?.mapAsMap ? /* @__PURE__ */ new Map() : {};
        return addPairToJSMap.addPairToJSMap(ctx, pair, this);
      }
      toString(ctx, onComment, onChompKeep) {
        return ctx?.doc ? stringifyPair.stringifyPair(this, ctx, onComment, onChompKeep) : JSON.stringify(this);
      }
    };
    exports.Pair = Pair;
    exports.createPair = createPair;
  }
});

// node_modules/yaml/dist/stringify/stringifyCollection.js
var require_stringifyCollection = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyCollection.js"(exports) {
    "use strict";
    var identity2 = require_identity();
    var stringify = require_stringify();
    var stringifyComment = require_stringifyComment();
    function stringifyCollection(collection, ctx, options) {
      const flow = ctx.inFlow ?? collection.flow;
      const stringify2 = flow ? stringifyFlowCollection : stringifyBlockCollection;
      return stringify2(collection, ctx, options);
    }
    function stringifyBlockCollection({ comment, items }, ctx, { blockItemPrefix, flowChars, itemIndent, onChompKeep, onComment }) {
      const { indent, options: { commentString } } = ctx;
      const itemCtx = Object.assign({}, ctx, { indent: itemIndent, type: null });
      let chompKeep = false;
      const lines = [];
      for (let i = 0; i < items.length; ++i) {
        const item = items[i];
        let comment2 = null;
        if (identity2.isNode(item)) {
          if (!chompKeep && item.spaceBefore)
            lines.push("");
          addCommentBefore(ctx, lines, item.commentBefore, chompKeep);
          if (item.comment)
            comment2 = item.comment;
        } else if (identity2.isPair(item)) {
          const ik = identity2.isNode(item.key) ? item.key : null;
          if (ik) {
            if (!chompKeep && ik.spaceBefore)
              lines.push("");
            addCommentBefore(ctx, lines, ik.commentBefore, chompKeep);
          }
        }
        chompKeep = false;
        let str3 = stringify.stringify(item, itemCtx, () => comment2 = null, () => chompKeep = true);
        if (comment2)
          str3 += stringifyComment.lineComment(str3, itemIndent, commentString(comment2));
        if (chompKeep && comment2)
          chompKeep = false;
        lines.push(blockItemPrefix + str3);
      }
      let str2;
      if (lines.length === 0) {
        str2 = flowChars.start + flowChars.end;
      } else {
        str2 = lines[0];
        for (let i = 1; i < lines.length; ++i) {
          const line = lines[i];
          str2 += line ? `
${indent}${line}` : "\n";
        }
      }
      if (comment) {
        str2 += "\n" + stringifyComment.indentComment(commentString(comment), indent);
        if (onComment)
          onComment();
      } else if (chompKeep && onChompKeep)
        onChompKeep();
      return str2;
    }
    function stringifyFlowCollection({ items }, ctx, { flowChars, itemIndent }) {
      const { indent, indentStep, flowCollectionPadding: fcPadding, options: { commentString } } = ctx;
      itemIndent += indentStep;
      const itemCtx = Object.assign({}, ctx, {
        indent: itemIndent,
        inFlow: true,
        type: null
      });
      let reqNewline = false;
      let linesAtValue = 0;
      const lines = [];
      for (let i = 0; i < items.length; ++i) {
        const item = items[i];
        let comment = null;
        if (identity2.isNode(item)) {
          if (item.spaceBefore)
            lines.push("");
          addCommentBefore(ctx, lines, item.commentBefore, false);
          if (item.comment)
            comment = item.comment;
        } else if (identity2.isPair(item)) {
          const ik = identity2.isNode(item.key) ? item.key : null;
          if (ik) {
            if (ik.spaceBefore)
              lines.push("");
            addCommentBefore(ctx, lines, ik.commentBefore, false);
            if (ik.comment)
              reqNewline = true;
          }
          const iv = identity2.isNode(item.value) ? item.value : null;
          if (iv) {
            if (iv.comment)
              comment = iv.comment;
            if (iv.commentBefore)
              reqNewline = true;
          } else if (item.value == null && ik?.comment) {
            comment = ik.comment;
          }
        }
        if (comment)
          reqNewline = true;
        let str2 = stringify.stringify(item, itemCtx, () => comment = null);
        reqNewline || (reqNewline = lines.length > linesAtValue || str2.includes("\n"));
        if (i < items.length - 1) {
          str2 += ",";
        } else if (ctx.options.trailingComma) {
          if (ctx.options.lineWidth > 0) {
            reqNewline || (reqNewline = lines.reduce((sum, line) => sum + line.length + 2, 2) + (str2.length + 2) > ctx.options.lineWidth);
          }
          if (reqNewline) {
            str2 += ",";
          }
        }
        if (comment)
          str2 += stringifyComment.lineComment(str2, itemIndent, commentString(comment));
        lines.push(str2);
        linesAtValue = lines.length;
      }
      const { start, end: end2 } = flowChars;
      if (lines.length === 0) {
        return start + end2;
      } else {
        if (!reqNewline) {
          const len = lines.reduce((sum, line) => sum + line.length + 2, 2);
          reqNewline = ctx.options.lineWidth > 0 && len > ctx.options.lineWidth;
        }
        if (reqNewline) {
          let str2 = start;
          for (const line of lines)
            str2 += line ? `
${indentStep}${indent}${line}` : "\n";
          return `${str2}
${indent}${end2}`;
        } else {
          return `${start}${fcPadding}${lines.join(" ")}${fcPadding}${end2}`;
        }
      }
    }
    function addCommentBefore({ indent, options: { commentString } }, lines, comment, chompKeep) {
      if (comment && chompKeep)
        comment = comment.replace(/^\n+/, "");
      if (comment) {
        const ic = stringifyComment.indentComment(commentString(comment), indent);
        lines.push(ic.trimStart());
      }
    }
    exports.stringifyCollection = stringifyCollection;
  }
});

// node_modules/yaml/dist/nodes/YAMLMap.js
var require_YAMLMap = __commonJS({
  "node_modules/yaml/dist/nodes/YAMLMap.js"(exports) {
    "use strict";
    var stringifyCollection = require_stringifyCollection();
    var addPairToJSMap = require_addPairToJSMap();
    var Collection = require_Collection();
    var identity2 = require_identity();
    var Pair = require_Pair();
    var Scalar = require_Scalar();
    function findPair(items, key) {
      const k = identity2.isScalar(key) ? key.value : key;
      for (const it of items) {
        if (identity2.isPair(it)) {
          if (it.key === key || it.key === k)
            return it;
          if (identity2.isScalar(it.key) && it.key.value === k)
            return it;
        }
      }
      return void 0;
    }
    var YAMLMap = class extends Collection.Collection {
      static get tagName() {
        return "tag:yaml.org,2002:map";
      }
      constructor(schema) {
        super(identity2.MAP, schema);
        this.items = [];
      }
      /**
       * A generic collection parsing method that can be extended
       * to other node classes that inherit from YAMLMap
       */
      static from(schema, obj, ctx) {
        const { keepUndefined, replacer } = ctx;
        const map = new this(schema);
        const add = (key, value2) => {
          if (typeof replacer === "function")
            value2 = replacer.call(obj, key, value2);
          else if (Array.isArray(replacer) && !replacer.includes(key))
            return;
          if (value2 !== void 0 || keepUndefined)
            map.items.push(Pair.createPair(key, value2, ctx));
        };
        if (obj instanceof Map) {
          for (const [key, value2] of obj)
            add(key, value2);
        } else if (obj && typeof obj === "object") {
          for (const key of Object.keys(obj))
            add(key, obj[key]);
        }
        if (typeof schema.sortMapEntries === "function") {
          map.items.sort(schema.sortMapEntries);
        }
        return map;
      }
      /**
       * Adds a value to the collection.
       *
       * @param overwrite - If not set `true`, using a key that is already in the
       *   collection will throw. Otherwise, overwrites the previous value.
       */
      add(pair, overwrite) {
        let _pair;
        if (identity2.isPair(pair))
          _pair = pair;
        else if (!pair || typeof pair !== "object" || !("key" in pair)) {
          _pair = new Pair.Pair(pair, pair?.value);
        } else
          _pair = new Pair.Pair(pair.key, pair.value);
        const prev = findPair(this.items, _pair.key);
        const sortEntries = this.schema?.sortMapEntries;
        if (prev) {
          if (!overwrite)
            throw new Error(`Key ${_pair.key} already set`);
          if (identity2.isScalar(prev.value) && Scalar.isScalarValue(_pair.value))
            prev.value.value = _pair.value;
          else
            prev.value = _pair.value;
        } else if (sortEntries) {
          const i = this.items.findIndex((item) => sortEntries(_pair, item) < 0);
          if (i === -1)
            this.items.push(_pair);
          else
            this.items.splice(i, 0, _pair);
        } else {
          this.items.push(_pair);
        }
      }
      delete(key) {
        const it = findPair(this.items, key);
        if (!it)
          return false;
        const del = this.items.splice(this.items.indexOf(it), 1);
        return del.length > 0;
      }
      get(key, keepScalar) {
        const it = findPair(this.items, key);
        const node2 = it?.value;
        return (!keepScalar && identity2.isScalar(node2) ? node2.value : node2) ?? void 0;
      }
      has(key) {
        return !!findPair(this.items, key);
      }
      set(key, value2) {
        this.add(new Pair.Pair(key, value2), true);
      }
      /**
       * @param ctx - Conversion context, originally set in Document#toJS()
       * @param {Class} Type - If set, forces the returned collection type
       * @returns Instance of Type, Map, or Object
       */
      toJSON(_, ctx, Type) {
        const map = Type ? new Type() : ctx?.mapAsMap ? /* @__PURE__ */ new Map() : {};
        if (ctx?.onCreate)
          ctx.onCreate(map);
        for (const item of this.items)
          addPairToJSMap.addPairToJSMap(ctx, map, item);
        return map;
      }
      toString(ctx, onComment, onChompKeep) {
        if (!ctx)
          return JSON.stringify(this);
        for (const item of this.items) {
          if (!identity2.isPair(item))
            throw new Error(`Map items must all be pairs; found ${JSON.stringify(item)} instead`);
        }
        if (!ctx.allNullValues && this.hasAllNullValues(false))
          ctx = Object.assign({}, ctx, { allNullValues: true });
        return stringifyCollection.stringifyCollection(this, ctx, {
          blockItemPrefix: "",
          flowChars: { start: "{", end: "}" },
          itemIndent: ctx.indent || "",
          onChompKeep,
          onComment
        });
      }
    };
    exports.YAMLMap = YAMLMap;
    exports.findPair = findPair;
  }
});

// node_modules/yaml/dist/schema/common/map.js
var require_map = __commonJS({
  "node_modules/yaml/dist/schema/common/map.js"(exports) {
    "use strict";
    var identity2 = require_identity();
    var YAMLMap = require_YAMLMap();
    var map = {
      collection: "map",
      default: true,
      nodeClass: YAMLMap.YAMLMap,
      tag: "tag:yaml.org,2002:map",
      resolve(map2, onError) {
        if (!identity2.isMap(map2))
          onError("Expected a mapping for this tag");
        return map2;
      },
      createNode: (schema, obj, ctx) => YAMLMap.YAMLMap.from(schema, obj, ctx)
    };
    exports.map = map;
  }
});

// node_modules/yaml/dist/nodes/YAMLSeq.js
var require_YAMLSeq = __commonJS({
  "node_modules/yaml/dist/nodes/YAMLSeq.js"(exports) {
    "use strict";
    var createNode = require_createNode();
    var stringifyCollection = require_stringifyCollection();
    var Collection = require_Collection();
    var identity2 = require_identity();
    var Scalar = require_Scalar();
    var toJS = require_toJS();
    var YAMLSeq = class extends Collection.Collection {
      static get tagName() {
        return "tag:yaml.org,2002:seq";
      }
      constructor(schema) {
        super(identity2.SEQ, schema);
        this.items = [];
      }
      add(value2) {
        this.items.push(value2);
      }
      /**
       * Removes a value from the collection.
       *
       * `key` must contain a representation of an integer for this to succeed.
       * It may be wrapped in a `Scalar`.
       *
       * @returns `true` if the item was found and removed.
       */
      delete(key) {
        const idx = asItemIndex(key);
        if (typeof idx !== "number")
          return false;
        const del = this.items.splice(idx, 1);
        return del.length > 0;
      }
      get(key, keepScalar) {
        const idx = asItemIndex(key);
        if (typeof idx !== "number")
          return void 0;
        const it = this.items[idx];
        return !keepScalar && identity2.isScalar(it) ? it.value : it;
      }
      /**
       * Checks if the collection includes a value with the key `key`.
       *
       * `key` must contain a representation of an integer for this to succeed.
       * It may be wrapped in a `Scalar`.
       */
      has(key) {
        const idx = asItemIndex(key);
        return typeof idx === "number" && idx < this.items.length;
      }
      /**
       * Sets a value in this collection. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       *
       * If `key` does not contain a representation of an integer, this will throw.
       * It may be wrapped in a `Scalar`.
       */
      set(key, value2) {
        const idx = asItemIndex(key);
        if (typeof idx !== "number")
          throw new Error(`Expected a valid index, not ${key}.`);
        const prev = this.items[idx];
        if (identity2.isScalar(prev) && Scalar.isScalarValue(value2))
          prev.value = value2;
        else
          this.items[idx] = value2;
      }
      toJSON(_, ctx) {
        const seq = [];
        if (ctx?.onCreate)
          ctx.onCreate(seq);
        let i = 0;
        for (const item of this.items)
          seq.push(toJS.toJS(item, String(i++), ctx));
        return seq;
      }
      toString(ctx, onComment, onChompKeep) {
        if (!ctx)
          return JSON.stringify(this);
        return stringifyCollection.stringifyCollection(this, ctx, {
          blockItemPrefix: "- ",
          flowChars: { start: "[", end: "]" },
          itemIndent: (ctx.indent || "") + "  ",
          onChompKeep,
          onComment
        });
      }
      static from(schema, obj, ctx) {
        const { replacer } = ctx;
        const seq = new this(schema);
        if (obj && Symbol.iterator in Object(obj)) {
          let i = 0;
          for (let it of obj) {
            if (typeof replacer === "function") {
              const key = obj instanceof Set ? it : String(i++);
              it = replacer.call(obj, key, it);
            }
            seq.items.push(createNode.createNode(it, void 0, ctx));
          }
        }
        return seq;
      }
    };
    function asItemIndex(key) {
      let idx = identity2.isScalar(key) ? key.value : key;
      if (idx && typeof idx === "string")
        idx = Number(idx);
      return typeof idx === "number" && Number.isInteger(idx) && idx >= 0 ? idx : null;
    }
    exports.YAMLSeq = YAMLSeq;
  }
});

// node_modules/yaml/dist/schema/common/seq.js
var require_seq = __commonJS({
  "node_modules/yaml/dist/schema/common/seq.js"(exports) {
    "use strict";
    var identity2 = require_identity();
    var YAMLSeq = require_YAMLSeq();
    var seq = {
      collection: "seq",
      default: true,
      nodeClass: YAMLSeq.YAMLSeq,
      tag: "tag:yaml.org,2002:seq",
      resolve(seq2, onError) {
        if (!identity2.isSeq(seq2))
          onError("Expected a sequence for this tag");
        return seq2;
      },
      createNode: (schema, obj, ctx) => YAMLSeq.YAMLSeq.from(schema, obj, ctx)
    };
    exports.seq = seq;
  }
});

// node_modules/yaml/dist/schema/common/string.js
var require_string = __commonJS({
  "node_modules/yaml/dist/schema/common/string.js"(exports) {
    "use strict";
    var stringifyString = require_stringifyString();
    var string = {
      identify: (value2) => typeof value2 === "string",
      default: true,
      tag: "tag:yaml.org,2002:str",
      resolve: (str2) => str2,
      stringify(item, ctx, onComment, onChompKeep) {
        ctx = Object.assign({ actualString: true }, ctx);
        return stringifyString.stringifyString(item, ctx, onComment, onChompKeep);
      }
    };
    exports.string = string;
  }
});

// node_modules/yaml/dist/schema/common/null.js
var require_null = __commonJS({
  "node_modules/yaml/dist/schema/common/null.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var nullTag = {
      identify: (value2) => value2 == null,
      createNode: () => new Scalar.Scalar(null),
      default: true,
      tag: "tag:yaml.org,2002:null",
      test: /^(?:~|[Nn]ull|NULL)?$/,
      resolve: () => new Scalar.Scalar(null),
      stringify: ({ source: source2 }, ctx) => typeof source2 === "string" && nullTag.test.test(source2) ? source2 : ctx.options.nullStr
    };
    exports.nullTag = nullTag;
  }
});

// node_modules/yaml/dist/schema/core/bool.js
var require_bool = __commonJS({
  "node_modules/yaml/dist/schema/core/bool.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var boolTag = {
      identify: (value2) => typeof value2 === "boolean",
      default: true,
      tag: "tag:yaml.org,2002:bool",
      test: /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/,
      resolve: (str2) => new Scalar.Scalar(str2[0] === "t" || str2[0] === "T"),
      stringify({ source: source2, value: value2 }, ctx) {
        if (source2 && boolTag.test.test(source2)) {
          const sv = source2[0] === "t" || source2[0] === "T";
          if (value2 === sv)
            return source2;
        }
        return value2 ? ctx.options.trueStr : ctx.options.falseStr;
      }
    };
    exports.boolTag = boolTag;
  }
});

// node_modules/yaml/dist/stringify/stringifyNumber.js
var require_stringifyNumber = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyNumber.js"(exports) {
    "use strict";
    function stringifyNumber({ format, minFractionDigits, tag, value: value2 }) {
      if (typeof value2 === "bigint")
        return String(value2);
      const num2 = typeof value2 === "number" ? value2 : Number(value2);
      if (!isFinite(num2))
        return isNaN(num2) ? ".nan" : num2 < 0 ? "-.inf" : ".inf";
      let n = Object.is(value2, -0) ? "-0" : JSON.stringify(value2);
      if (!format && minFractionDigits && (!tag || tag === "tag:yaml.org,2002:float") && /^-?\d/.test(n) && !n.includes("e")) {
        let i = n.indexOf(".");
        if (i < 0) {
          i = n.length;
          n += ".";
        }
        let d = minFractionDigits - (n.length - i - 1);
        while (d-- > 0)
          n += "0";
      }
      return n;
    }
    exports.stringifyNumber = stringifyNumber;
  }
});

// node_modules/yaml/dist/schema/core/float.js
var require_float = __commonJS({
  "node_modules/yaml/dist/schema/core/float.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var stringifyNumber = require_stringifyNumber();
    var floatNaN = {
      identify: (value2) => typeof value2 === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
      resolve: (str2) => str2.slice(-3).toLowerCase() === "nan" ? NaN : str2[0] === "-" ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY,
      stringify: stringifyNumber.stringifyNumber
    };
    var floatExp = {
      identify: (value2) => typeof value2 === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      format: "EXP",
      test: /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/,
      resolve: (str2) => parseFloat(str2),
      stringify(node2) {
        const num2 = Number(node2.value);
        return isFinite(num2) ? num2.toExponential() : stringifyNumber.stringifyNumber(node2);
      }
    };
    var float = {
      identify: (value2) => typeof value2 === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/,
      resolve(str2) {
        const node2 = new Scalar.Scalar(parseFloat(str2));
        const dot = str2.indexOf(".");
        if (dot !== -1 && str2[str2.length - 1] === "0")
          node2.minFractionDigits = str2.length - dot - 1;
        return node2;
      },
      stringify: stringifyNumber.stringifyNumber
    };
    exports.float = float;
    exports.floatExp = floatExp;
    exports.floatNaN = floatNaN;
  }
});

// node_modules/yaml/dist/schema/core/int.js
var require_int = __commonJS({
  "node_modules/yaml/dist/schema/core/int.js"(exports) {
    "use strict";
    var stringifyNumber = require_stringifyNumber();
    var intIdentify = (value2) => typeof value2 === "bigint" || Number.isInteger(value2);
    var intResolve = (str2, offset, radix, { intAsBigInt }) => intAsBigInt ? BigInt(str2) : parseInt(str2.substring(offset), radix);
    function intStringify(node2, radix, prefix) {
      const { value: value2 } = node2;
      if (intIdentify(value2) && value2 >= 0)
        return prefix + value2.toString(radix);
      return stringifyNumber.stringifyNumber(node2);
    }
    var intOct = {
      identify: (value2) => intIdentify(value2) && value2 >= 0,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "OCT",
      test: /^0o[0-7]+$/,
      resolve: (str2, _onError, opt) => intResolve(str2, 2, 8, opt),
      stringify: (node2) => intStringify(node2, 8, "0o")
    };
    var int4 = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      test: /^[-+]?[0-9]+$/,
      resolve: (str2, _onError, opt) => intResolve(str2, 0, 10, opt),
      stringify: stringifyNumber.stringifyNumber
    };
    var intHex = {
      identify: (value2) => intIdentify(value2) && value2 >= 0,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "HEX",
      test: /^0x[0-9a-fA-F]+$/,
      resolve: (str2, _onError, opt) => intResolve(str2, 2, 16, opt),
      stringify: (node2) => intStringify(node2, 16, "0x")
    };
    exports.int = int4;
    exports.intHex = intHex;
    exports.intOct = intOct;
  }
});

// node_modules/yaml/dist/schema/core/schema.js
var require_schema = __commonJS({
  "node_modules/yaml/dist/schema/core/schema.js"(exports) {
    "use strict";
    var map = require_map();
    var _null = require_null();
    var seq = require_seq();
    var string = require_string();
    var bool = require_bool();
    var float = require_float();
    var int4 = require_int();
    var schema = [
      map.map,
      seq.seq,
      string.string,
      _null.nullTag,
      bool.boolTag,
      int4.intOct,
      int4.int,
      int4.intHex,
      float.floatNaN,
      float.floatExp,
      float.float
    ];
    exports.schema = schema;
  }
});

// node_modules/yaml/dist/schema/json/schema.js
var require_schema2 = __commonJS({
  "node_modules/yaml/dist/schema/json/schema.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var map = require_map();
    var seq = require_seq();
    function intIdentify(value2) {
      return typeof value2 === "bigint" || Number.isInteger(value2);
    }
    var stringifyJSON = ({ value: value2 }) => JSON.stringify(value2);
    var jsonScalars = [
      {
        identify: (value2) => typeof value2 === "string",
        default: true,
        tag: "tag:yaml.org,2002:str",
        resolve: (str2) => str2,
        stringify: stringifyJSON
      },
      {
        identify: (value2) => value2 == null,
        createNode: () => new Scalar.Scalar(null),
        default: true,
        tag: "tag:yaml.org,2002:null",
        test: /^null$/,
        resolve: () => null,
        stringify: stringifyJSON
      },
      {
        identify: (value2) => typeof value2 === "boolean",
        default: true,
        tag: "tag:yaml.org,2002:bool",
        test: /^true$|^false$/,
        resolve: (str2) => str2 === "true",
        stringify: stringifyJSON
      },
      {
        identify: intIdentify,
        default: true,
        tag: "tag:yaml.org,2002:int",
        test: /^-?(?:0|[1-9][0-9]*)$/,
        resolve: (str2, _onError, { intAsBigInt }) => intAsBigInt ? BigInt(str2) : parseInt(str2, 10),
        stringify: ({ value: value2 }) => intIdentify(value2) ? value2.toString() : JSON.stringify(value2)
      },
      {
        identify: (value2) => typeof value2 === "number",
        default: true,
        tag: "tag:yaml.org,2002:float",
        test: /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?$/,
        resolve: (str2) => parseFloat(str2),
        stringify: stringifyJSON
      }
    ];
    var jsonError = {
      default: true,
      tag: "",
      test: /^/,
      resolve(str2, onError) {
        onError(`Unresolved plain scalar ${JSON.stringify(str2)}`);
        return str2;
      }
    };
    var schema = [map.map, seq.seq].concat(jsonScalars, jsonError);
    exports.schema = schema;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/binary.js
var require_binary = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/binary.js"(exports) {
    "use strict";
    var node_buffer = __require("buffer");
    var Scalar = require_Scalar();
    var stringifyString = require_stringifyString();
    var binary = {
      identify: (value2) => value2 instanceof Uint8Array,
      // Buffer inherits from Uint8Array
      default: false,
      tag: "tag:yaml.org,2002:binary",
      /**
       * Returns a Buffer in node and an Uint8Array in browsers
       *
       * To use the resulting buffer as an image, you'll want to do something like:
       *
       *   const blob = new Blob([buffer], { type: 'image/jpeg' })
       *   document.querySelector('#photo').src = URL.createObjectURL(blob)
       */
      resolve(src, onError) {
        if (typeof node_buffer.Buffer === "function") {
          return node_buffer.Buffer.from(src, "base64");
        } else if (typeof atob === "function") {
          const str2 = atob(src.replace(/[\n\r]/g, ""));
          const buffer = new Uint8Array(str2.length);
          for (let i = 0; i < str2.length; ++i)
            buffer[i] = str2.charCodeAt(i);
          return buffer;
        } else {
          onError("This environment does not support reading binary tags; either Buffer or atob is required");
          return src;
        }
      },
      stringify({ comment, type, value: value2 }, ctx, onComment, onChompKeep) {
        if (!value2)
          return "";
        const buf = value2;
        let str2;
        if (typeof node_buffer.Buffer === "function") {
          str2 = buf instanceof node_buffer.Buffer ? buf.toString("base64") : node_buffer.Buffer.from(buf.buffer).toString("base64");
        } else if (typeof btoa === "function") {
          let s = "";
          for (let i = 0; i < buf.length; ++i)
            s += String.fromCharCode(buf[i]);
          str2 = btoa(s);
        } else {
          throw new Error("This environment does not support writing binary tags; either Buffer or btoa is required");
        }
        type ?? (type = Scalar.Scalar.BLOCK_LITERAL);
        if (type !== Scalar.Scalar.QUOTE_DOUBLE) {
          const lineWidth = Math.max(ctx.options.lineWidth - ctx.indent.length, ctx.options.minContentWidth);
          const n = Math.ceil(str2.length / lineWidth);
          const lines = new Array(n);
          for (let i = 0, o = 0; i < n; ++i, o += lineWidth) {
            lines[i] = str2.substr(o, lineWidth);
          }
          str2 = lines.join(type === Scalar.Scalar.BLOCK_LITERAL ? "\n" : " ");
        }
        return stringifyString.stringifyString({ comment, type, value: str2 }, ctx, onComment, onChompKeep);
      }
    };
    exports.binary = binary;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/pairs.js
var require_pairs = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/pairs.js"(exports) {
    "use strict";
    var identity2 = require_identity();
    var Pair = require_Pair();
    var Scalar = require_Scalar();
    var YAMLSeq = require_YAMLSeq();
    function resolvePairs(seq, onError) {
      if (identity2.isSeq(seq)) {
        for (let i = 0; i < seq.items.length; ++i) {
          let item = seq.items[i];
          if (identity2.isPair(item))
            continue;
          else if (identity2.isMap(item)) {
            if (item.items.length > 1)
              onError("Each pair must have its own sequence indicator");
            const pair = item.items[0] || new Pair.Pair(new Scalar.Scalar(null));
            if (item.commentBefore)
              pair.key.commentBefore = pair.key.commentBefore ? `${item.commentBefore}
${pair.key.commentBefore}` : item.commentBefore;
            if (item.comment) {
              const cn = pair.value ?? pair.key;
              cn.comment = cn.comment ? `${item.comment}
${cn.comment}` : item.comment;
            }
            item = pair;
          }
          seq.items[i] = identity2.isPair(item) ? item : new Pair.Pair(item);
        }
      } else
        onError("Expected a sequence for this tag");
      return seq;
    }
    function createPairs(schema, iterable, ctx) {
      const { replacer } = ctx;
      const pairs3 = new YAMLSeq.YAMLSeq(schema);
      pairs3.tag = "tag:yaml.org,2002:pairs";
      let i = 0;
      if (iterable && Symbol.iterator in Object(iterable))
        for (let it of iterable) {
          if (typeof replacer === "function")
            it = replacer.call(iterable, String(i++), it);
          let key, value2;
          if (Array.isArray(it)) {
            if (it.length === 2) {
              key = it[0];
              value2 = it[1];
            } else
              throw new TypeError(`Expected [key, value] tuple: ${it}`);
          } else if (it && it instanceof Object) {
            const keys = Object.keys(it);
            if (keys.length === 1) {
              key = keys[0];
              value2 = it[key];
            } else {
              throw new TypeError(`Expected tuple with one key, not ${keys.length} keys`);
            }
          } else {
            key = it;
          }
          pairs3.items.push(Pair.createPair(key, value2, ctx));
        }
      return pairs3;
    }
    var pairs2 = {
      collection: "seq",
      default: false,
      tag: "tag:yaml.org,2002:pairs",
      resolve: resolvePairs,
      createNode: createPairs
    };
    exports.createPairs = createPairs;
    exports.pairs = pairs2;
    exports.resolvePairs = resolvePairs;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/omap.js
var require_omap = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/omap.js"(exports) {
    "use strict";
    var identity2 = require_identity();
    var toJS = require_toJS();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var pairs2 = require_pairs();
    var YAMLOMap = class _YAMLOMap extends YAMLSeq.YAMLSeq {
      constructor() {
        super();
        this.add = YAMLMap.YAMLMap.prototype.add.bind(this);
        this.delete = YAMLMap.YAMLMap.prototype.delete.bind(this);
        this.get = YAMLMap.YAMLMap.prototype.get.bind(this);
        this.has = YAMLMap.YAMLMap.prototype.has.bind(this);
        this.set = YAMLMap.YAMLMap.prototype.set.bind(this);
        this.tag = _YAMLOMap.tag;
      }
      /**
       * If `ctx` is given, the return type is actually `Map<unknown, unknown>`,
       * but TypeScript won't allow widening the signature of a child method.
       */
      toJSON(_, ctx) {
        if (!ctx)
          return super.toJSON(_);
        const map = /* @__PURE__ */ new Map();
        if (ctx?.onCreate)
          ctx.onCreate(map);
        for (const pair of this.items) {
          let key, value2;
          if (identity2.isPair(pair)) {
            key = toJS.toJS(pair.key, "", ctx);
            value2 = toJS.toJS(pair.value, key, ctx);
          } else {
            key = toJS.toJS(pair, "", ctx);
          }
          if (map.has(key))
            throw new Error("Ordered maps must not include duplicate keys");
          map.set(key, value2);
        }
        return map;
      }
      static from(schema, iterable, ctx) {
        const pairs$1 = pairs2.createPairs(schema, iterable, ctx);
        const omap2 = new this();
        omap2.items = pairs$1.items;
        return omap2;
      }
    };
    YAMLOMap.tag = "tag:yaml.org,2002:omap";
    var omap = {
      collection: "seq",
      identify: (value2) => value2 instanceof Map,
      nodeClass: YAMLOMap,
      default: false,
      tag: "tag:yaml.org,2002:omap",
      resolve(seq, onError) {
        const pairs$1 = pairs2.resolvePairs(seq, onError);
        const seenKeys = [];
        for (const { key } of pairs$1.items) {
          if (identity2.isScalar(key)) {
            if (seenKeys.includes(key.value)) {
              onError(`Ordered maps must not include duplicate keys: ${key.value}`);
            } else {
              seenKeys.push(key.value);
            }
          }
        }
        return Object.assign(new YAMLOMap(), pairs$1);
      },
      createNode: (schema, iterable, ctx) => YAMLOMap.from(schema, iterable, ctx)
    };
    exports.YAMLOMap = YAMLOMap;
    exports.omap = omap;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/bool.js
var require_bool2 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/bool.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    function boolStringify({ value: value2, source: source2 }, ctx) {
      const boolObj = value2 ? trueTag : falseTag;
      if (source2 && boolObj.test.test(source2))
        return source2;
      return value2 ? ctx.options.trueStr : ctx.options.falseStr;
    }
    var trueTag = {
      identify: (value2) => value2 === true,
      default: true,
      tag: "tag:yaml.org,2002:bool",
      test: /^(?:Y|y|[Yy]es|YES|[Tt]rue|TRUE|[Oo]n|ON)$/,
      resolve: () => new Scalar.Scalar(true),
      stringify: boolStringify
    };
    var falseTag = {
      identify: (value2) => value2 === false,
      default: true,
      tag: "tag:yaml.org,2002:bool",
      test: /^(?:N|n|[Nn]o|NO|[Ff]alse|FALSE|[Oo]ff|OFF)$/,
      resolve: () => new Scalar.Scalar(false),
      stringify: boolStringify
    };
    exports.falseTag = falseTag;
    exports.trueTag = trueTag;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/float.js
var require_float2 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/float.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var stringifyNumber = require_stringifyNumber();
    var floatNaN = {
      identify: (value2) => typeof value2 === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
      resolve: (str2) => str2.slice(-3).toLowerCase() === "nan" ? NaN : str2[0] === "-" ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY,
      stringify: stringifyNumber.stringifyNumber
    };
    var floatExp = {
      identify: (value2) => typeof value2 === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      format: "EXP",
      test: /^[-+]?(?:[0-9][0-9_]*)?(?:\.[0-9_]*)?[eE][-+]?[0-9]+$/,
      resolve: (str2) => parseFloat(str2.replace(/_/g, "")),
      stringify(node2) {
        const num2 = Number(node2.value);
        return isFinite(num2) ? num2.toExponential() : stringifyNumber.stringifyNumber(node2);
      }
    };
    var float = {
      identify: (value2) => typeof value2 === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^[-+]?(?:[0-9][0-9_]*)?\.[0-9_]*$/,
      resolve(str2) {
        const node2 = new Scalar.Scalar(parseFloat(str2.replace(/_/g, "")));
        const dot = str2.indexOf(".");
        if (dot !== -1) {
          const f = str2.substring(dot + 1).replace(/_/g, "");
          if (f[f.length - 1] === "0")
            node2.minFractionDigits = f.length;
        }
        return node2;
      },
      stringify: stringifyNumber.stringifyNumber
    };
    exports.float = float;
    exports.floatExp = floatExp;
    exports.floatNaN = floatNaN;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/int.js
var require_int2 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/int.js"(exports) {
    "use strict";
    var stringifyNumber = require_stringifyNumber();
    var intIdentify = (value2) => typeof value2 === "bigint" || Number.isInteger(value2);
    function intResolve(str2, offset, radix, { intAsBigInt }) {
      const sign = str2[0];
      if (sign === "-" || sign === "+")
        offset += 1;
      str2 = str2.substring(offset).replace(/_/g, "");
      if (intAsBigInt) {
        switch (radix) {
          case 2:
            str2 = `0b${str2}`;
            break;
          case 8:
            str2 = `0o${str2}`;
            break;
          case 16:
            str2 = `0x${str2}`;
            break;
        }
        const n2 = BigInt(str2);
        return sign === "-" ? BigInt(-1) * n2 : n2;
      }
      const n = parseInt(str2, radix);
      return sign === "-" ? -1 * n : n;
    }
    function intStringify(node2, radix, prefix) {
      const { value: value2 } = node2;
      if (intIdentify(value2)) {
        const str2 = value2.toString(radix);
        return value2 < 0 ? "-" + prefix + str2.substr(1) : prefix + str2;
      }
      return stringifyNumber.stringifyNumber(node2);
    }
    var intBin = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "BIN",
      test: /^[-+]?0b[0-1_]+$/,
      resolve: (str2, _onError, opt) => intResolve(str2, 2, 2, opt),
      stringify: (node2) => intStringify(node2, 2, "0b")
    };
    var intOct = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "OCT",
      test: /^[-+]?0[0-7_]+$/,
      resolve: (str2, _onError, opt) => intResolve(str2, 1, 8, opt),
      stringify: (node2) => intStringify(node2, 8, "0")
    };
    var int4 = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      test: /^[-+]?[0-9][0-9_]*$/,
      resolve: (str2, _onError, opt) => intResolve(str2, 0, 10, opt),
      stringify: stringifyNumber.stringifyNumber
    };
    var intHex = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "HEX",
      test: /^[-+]?0x[0-9a-fA-F_]+$/,
      resolve: (str2, _onError, opt) => intResolve(str2, 2, 16, opt),
      stringify: (node2) => intStringify(node2, 16, "0x")
    };
    exports.int = int4;
    exports.intBin = intBin;
    exports.intHex = intHex;
    exports.intOct = intOct;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/set.js
var require_set = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/set.js"(exports) {
    "use strict";
    var identity2 = require_identity();
    var Pair = require_Pair();
    var YAMLMap = require_YAMLMap();
    var YAMLSet = class _YAMLSet extends YAMLMap.YAMLMap {
      constructor(schema) {
        super(schema);
        this.tag = _YAMLSet.tag;
      }
      add(key) {
        let pair;
        if (identity2.isPair(key))
          pair = key;
        else if (key && typeof key === "object" && "key" in key && "value" in key && key.value === null)
          pair = new Pair.Pair(key.key, null);
        else
          pair = new Pair.Pair(key, null);
        const prev = YAMLMap.findPair(this.items, pair.key);
        if (!prev)
          this.items.push(pair);
      }
      /**
       * If `keepPair` is `true`, returns the Pair matching `key`.
       * Otherwise, returns the value of that Pair's key.
       */
      get(key, keepPair) {
        const pair = YAMLMap.findPair(this.items, key);
        return !keepPair && identity2.isPair(pair) ? identity2.isScalar(pair.key) ? pair.key.value : pair.key : pair;
      }
      set(key, value2) {
        if (typeof value2 !== "boolean")
          throw new Error(`Expected boolean value for set(key, value) in a YAML set, not ${typeof value2}`);
        const prev = YAMLMap.findPair(this.items, key);
        if (prev && !value2) {
          this.items.splice(this.items.indexOf(prev), 1);
        } else if (!prev && value2) {
          this.items.push(new Pair.Pair(key));
        }
      }
      toJSON(_, ctx) {
        return super.toJSON(_, ctx, Set);
      }
      toString(ctx, onComment, onChompKeep) {
        if (!ctx)
          return JSON.stringify(this);
        if (this.hasAllNullValues(true))
          return super.toString(Object.assign({}, ctx, { allNullValues: true }), onComment, onChompKeep);
        else
          throw new Error("Set items must all have null values");
      }
      static from(schema, iterable, ctx) {
        const { replacer } = ctx;
        const set2 = new this(schema);
        if (iterable && Symbol.iterator in Object(iterable))
          for (let value2 of iterable) {
            if (typeof replacer === "function")
              value2 = replacer.call(iterable, value2, value2);
            set2.items.push(Pair.createPair(value2, null, ctx));
          }
        return set2;
      }
    };
    YAMLSet.tag = "tag:yaml.org,2002:set";
    var set = {
      collection: "map",
      identify: (value2) => value2 instanceof Set,
      nodeClass: YAMLSet,
      default: false,
      tag: "tag:yaml.org,2002:set",
      createNode: (schema, iterable, ctx) => YAMLSet.from(schema, iterable, ctx),
      resolve(map, onError) {
        if (identity2.isMap(map)) {
          if (map.hasAllNullValues(true))
            return Object.assign(new YAMLSet(), map);
          else
            onError("Set items must all have null values");
        } else
          onError("Expected a mapping for this tag");
        return map;
      }
    };
    exports.YAMLSet = YAMLSet;
    exports.set = set;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/timestamp.js
var require_timestamp = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/timestamp.js"(exports) {
    "use strict";
    var stringifyNumber = require_stringifyNumber();
    function parseSexagesimal(str2, asBigInt) {
      const sign = str2[0];
      const parts = sign === "-" || sign === "+" ? str2.substring(1) : str2;
      const num2 = (n) => asBigInt ? BigInt(n) : Number(n);
      const res = parts.replace(/_/g, "").split(":").reduce((res2, p) => res2 * num2(60) + num2(p), num2(0));
      return sign === "-" ? num2(-1) * res : res;
    }
    function stringifySexagesimal(node2) {
      let { value: value2 } = node2;
      let num2 = (n) => n;
      if (typeof value2 === "bigint")
        num2 = (n) => BigInt(n);
      else if (isNaN(value2) || !isFinite(value2))
        return stringifyNumber.stringifyNumber(node2);
      let sign = "";
      if (value2 < 0) {
        sign = "-";
        value2 *= num2(-1);
      }
      const _60 = num2(60);
      const parts = [value2 % _60];
      if (value2 < 60) {
        parts.unshift(0);
      } else {
        value2 = (value2 - parts[0]) / _60;
        parts.unshift(value2 % _60);
        if (value2 >= 60) {
          value2 = (value2 - parts[0]) / _60;
          parts.unshift(value2);
        }
      }
      return sign + parts.map((n) => String(n).padStart(2, "0")).join(":").replace(/000000\d*$/, "");
    }
    var intTime = {
      identify: (value2) => typeof value2 === "bigint" || Number.isInteger(value2),
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "TIME",
      test: /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+$/,
      resolve: (str2, _onError, { intAsBigInt }) => parseSexagesimal(str2, intAsBigInt),
      stringify: stringifySexagesimal
    };
    var floatTime = {
      identify: (value2) => typeof value2 === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      format: "TIME",
      test: /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*$/,
      resolve: (str2) => parseSexagesimal(str2, false),
      stringify: stringifySexagesimal
    };
    var timestamp = {
      identify: (value2) => value2 instanceof Date,
      default: true,
      tag: "tag:yaml.org,2002:timestamp",
      // If the time zone is omitted, the timestamp is assumed to be specified in UTC. The time part
      // may be omitted altogether, resulting in a date format. In such a case, the time part is
      // assumed to be 00:00:00Z (start of day, UTC).
      test: RegExp("^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})(?:(?:t|T|[ \\t]+)([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2}(\\.[0-9]+)?)(?:[ \\t]*(Z|[-+][012]?[0-9](?::[0-9]{2})?))?)?$"),
      resolve(str2) {
        const match = str2.match(timestamp.test);
        if (!match)
          throw new Error("!!timestamp expects a date, starting with yyyy-mm-dd");
        const [, year, month, day, hour, minute, second] = match.map(Number);
        const millisec = match[7] ? Number((match[7] + "00").substr(1, 3)) : 0;
        let date = Date.UTC(year, month - 1, day, hour || 0, minute || 0, second || 0, millisec);
        const tz = match[8];
        if (tz && tz !== "Z") {
          let d = parseSexagesimal(tz, false);
          if (Math.abs(d) < 30)
            d *= 60;
          date -= 6e4 * d;
        }
        return new Date(date);
      },
      stringify: ({ value: value2 }) => value2?.toISOString().replace(/(T00:00:00)?\.000Z$/, "") ?? ""
    };
    exports.floatTime = floatTime;
    exports.intTime = intTime;
    exports.timestamp = timestamp;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/schema.js
var require_schema3 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/schema.js"(exports) {
    "use strict";
    var map = require_map();
    var _null = require_null();
    var seq = require_seq();
    var string = require_string();
    var binary = require_binary();
    var bool = require_bool2();
    var float = require_float2();
    var int4 = require_int2();
    var merge2 = require_merge();
    var omap = require_omap();
    var pairs2 = require_pairs();
    var set = require_set();
    var timestamp = require_timestamp();
    var schema = [
      map.map,
      seq.seq,
      string.string,
      _null.nullTag,
      bool.trueTag,
      bool.falseTag,
      int4.intBin,
      int4.intOct,
      int4.int,
      int4.intHex,
      float.floatNaN,
      float.floatExp,
      float.float,
      binary.binary,
      merge2.merge,
      omap.omap,
      pairs2.pairs,
      set.set,
      timestamp.intTime,
      timestamp.floatTime,
      timestamp.timestamp
    ];
    exports.schema = schema;
  }
});

// node_modules/yaml/dist/schema/tags.js
var require_tags = __commonJS({
  "node_modules/yaml/dist/schema/tags.js"(exports) {
    "use strict";
    var map = require_map();
    var _null = require_null();
    var seq = require_seq();
    var string = require_string();
    var bool = require_bool();
    var float = require_float();
    var int4 = require_int();
    var schema = require_schema();
    var schema$1 = require_schema2();
    var binary = require_binary();
    var merge2 = require_merge();
    var omap = require_omap();
    var pairs2 = require_pairs();
    var schema$2 = require_schema3();
    var set = require_set();
    var timestamp = require_timestamp();
    var schemas = /* @__PURE__ */ new Map([
      ["core", schema.schema],
      ["failsafe", [map.map, seq.seq, string.string]],
      ["json", schema$1.schema],
      ["yaml11", schema$2.schema],
      ["yaml-1.1", schema$2.schema]
    ]);
    var tagsByName = {
      binary: binary.binary,
      bool: bool.boolTag,
      float: float.float,
      floatExp: float.floatExp,
      floatNaN: float.floatNaN,
      floatTime: timestamp.floatTime,
      int: int4.int,
      intHex: int4.intHex,
      intOct: int4.intOct,
      intTime: timestamp.intTime,
      map: map.map,
      merge: merge2.merge,
      null: _null.nullTag,
      omap: omap.omap,
      pairs: pairs2.pairs,
      seq: seq.seq,
      set: set.set,
      timestamp: timestamp.timestamp
    };
    var coreKnownTags = {
      "tag:yaml.org,2002:binary": binary.binary,
      "tag:yaml.org,2002:merge": merge2.merge,
      "tag:yaml.org,2002:omap": omap.omap,
      "tag:yaml.org,2002:pairs": pairs2.pairs,
      "tag:yaml.org,2002:set": set.set,
      "tag:yaml.org,2002:timestamp": timestamp.timestamp
    };
    function getTags(customTags, schemaName, addMergeTag) {
      const schemaTags = schemas.get(schemaName);
      if (schemaTags && !customTags) {
        return addMergeTag && !schemaTags.includes(merge2.merge) ? schemaTags.concat(merge2.merge) : schemaTags.slice();
      }
      let tags = schemaTags;
      if (!tags) {
        if (Array.isArray(customTags))
          tags = [];
        else {
          const keys = Array.from(schemas.keys()).filter((key) => key !== "yaml11").map((key) => JSON.stringify(key)).join(", ");
          throw new Error(`Unknown schema "${schemaName}"; use one of ${keys} or define customTags array`);
        }
      }
      if (Array.isArray(customTags)) {
        for (const tag of customTags)
          tags = tags.concat(tag);
      } else if (typeof customTags === "function") {
        tags = customTags(tags.slice());
      }
      if (addMergeTag)
        tags = tags.concat(merge2.merge);
      return tags.reduce((tags2, tag) => {
        const tagObj = typeof tag === "string" ? tagsByName[tag] : tag;
        if (!tagObj) {
          const tagName = JSON.stringify(tag);
          const keys = Object.keys(tagsByName).map((key) => JSON.stringify(key)).join(", ");
          throw new Error(`Unknown custom tag ${tagName}; use one of ${keys}`);
        }
        if (!tags2.includes(tagObj))
          tags2.push(tagObj);
        return tags2;
      }, []);
    }
    exports.coreKnownTags = coreKnownTags;
    exports.getTags = getTags;
  }
});

// node_modules/yaml/dist/schema/Schema.js
var require_Schema = __commonJS({
  "node_modules/yaml/dist/schema/Schema.js"(exports) {
    "use strict";
    var identity2 = require_identity();
    var map = require_map();
    var seq = require_seq();
    var string = require_string();
    var tags = require_tags();
    var sortMapEntriesByKey = (a, b2) => a.key < b2.key ? -1 : a.key > b2.key ? 1 : 0;
    var Schema = class _Schema {
      constructor({ compat, customTags, merge: merge2, resolveKnownTags, schema, sortMapEntries, toStringDefaults }) {
        this.compat = Array.isArray(compat) ? tags.getTags(compat, "compat") : compat ? tags.getTags(null, compat) : null;
        this.name = typeof schema === "string" && schema || "core";
        this.knownTags = resolveKnownTags ? tags.coreKnownTags : {};
        this.tags = tags.getTags(customTags, this.name, merge2);
        this.toStringOptions = toStringDefaults ?? null;
        Object.defineProperty(this, identity2.MAP, { value: map.map });
        Object.defineProperty(this, identity2.SCALAR, { value: string.string });
        Object.defineProperty(this, identity2.SEQ, { value: seq.seq });
        this.sortMapEntries = typeof sortMapEntries === "function" ? sortMapEntries : sortMapEntries === true ? sortMapEntriesByKey : null;
      }
      clone() {
        const copy = Object.create(_Schema.prototype, Object.getOwnPropertyDescriptors(this));
        copy.tags = this.tags.slice();
        return copy;
      }
    };
    exports.Schema = Schema;
  }
});

// node_modules/yaml/dist/stringify/stringifyDocument.js
var require_stringifyDocument = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyDocument.js"(exports) {
    "use strict";
    var identity2 = require_identity();
    var stringify = require_stringify();
    var stringifyComment = require_stringifyComment();
    function stringifyDocument(doc, options) {
      const lines = [];
      let hasDirectives = options.directives === true;
      if (options.directives !== false && doc.directives) {
        const dir = doc.directives.toString(doc);
        if (dir) {
          lines.push(dir);
          hasDirectives = true;
        } else if (doc.directives.docStart)
          hasDirectives = true;
      }
      if (hasDirectives)
        lines.push("---");
      const ctx = stringify.createStringifyContext(doc, options);
      const { commentString } = ctx.options;
      if (doc.commentBefore) {
        if (lines.length !== 1)
          lines.unshift("");
        const cs = commentString(doc.commentBefore);
        lines.unshift(stringifyComment.indentComment(cs, ""));
      }
      let chompKeep = false;
      let contentComment = null;
      if (doc.contents) {
        if (identity2.isNode(doc.contents)) {
          if (doc.contents.spaceBefore && hasDirectives)
            lines.push("");
          if (doc.contents.commentBefore) {
            const cs = commentString(doc.contents.commentBefore);
            lines.push(stringifyComment.indentComment(cs, ""));
          }
          ctx.forceBlockIndent = !!doc.comment;
          contentComment = doc.contents.comment;
        }
        const onChompKeep = contentComment ? void 0 : () => chompKeep = true;
        let body = stringify.stringify(doc.contents, ctx, () => contentComment = null, onChompKeep);
        if (contentComment)
          body += stringifyComment.lineComment(body, "", commentString(contentComment));
        if ((body[0] === "|" || body[0] === ">") && lines[lines.length - 1] === "---") {
          lines[lines.length - 1] = `--- ${body}`;
        } else
          lines.push(body);
      } else {
        lines.push(stringify.stringify(doc.contents, ctx));
      }
      if (doc.directives?.docEnd) {
        if (doc.comment) {
          const cs = commentString(doc.comment);
          if (cs.includes("\n")) {
            lines.push("...");
            lines.push(stringifyComment.indentComment(cs, ""));
          } else {
            lines.push(`... ${cs}`);
          }
        } else {
          lines.push("...");
        }
      } else {
        let dc = doc.comment;
        if (dc && chompKeep)
          dc = dc.replace(/^\n+/, "");
        if (dc) {
          if ((!chompKeep || contentComment) && lines[lines.length - 1] !== "")
            lines.push("");
          lines.push(stringifyComment.indentComment(commentString(dc), ""));
        }
      }
      return lines.join("\n") + "\n";
    }
    exports.stringifyDocument = stringifyDocument;
  }
});

// node_modules/yaml/dist/doc/Document.js
var require_Document = __commonJS({
  "node_modules/yaml/dist/doc/Document.js"(exports) {
    "use strict";
    var Alias = require_Alias();
    var Collection = require_Collection();
    var identity2 = require_identity();
    var Pair = require_Pair();
    var toJS = require_toJS();
    var Schema = require_Schema();
    var stringifyDocument = require_stringifyDocument();
    var anchors = require_anchors();
    var applyReviver = require_applyReviver();
    var createNode = require_createNode();
    var directives = require_directives();
    var Document = class _Document {
      constructor(value2, replacer, options) {
        this.commentBefore = null;
        this.comment = null;
        this.errors = [];
        this.warnings = [];
        Object.defineProperty(this, identity2.NODE_TYPE, { value: identity2.DOC });
        let _replacer = null;
        if (typeof replacer === "function" || Array.isArray(replacer)) {
          _replacer = replacer;
        } else if (options === void 0 && replacer) {
          options = replacer;
          replacer = void 0;
        }
        const opt = Object.assign({
          intAsBigInt: false,
          keepSourceTokens: false,
          logLevel: "warn",
          prettyErrors: true,
          strict: true,
          stringKeys: false,
          uniqueKeys: true,
          version: "1.2"
        }, options);
        this.options = opt;
        let { version: version3 } = opt;
        if (options?._directives) {
          this.directives = options._directives.atDocument();
          if (this.directives.yaml.explicit)
            version3 = this.directives.yaml.version;
        } else
          this.directives = new directives.Directives({ version: version3 });
        this.setSchema(version3, options);
        this.contents = value2 === void 0 ? null : this.createNode(value2, _replacer, options);
      }
      /**
       * Create a deep copy of this Document and its contents.
       *
       * Custom Node values that inherit from `Object` still refer to their original instances.
       */
      clone() {
        const copy = Object.create(_Document.prototype, {
          [identity2.NODE_TYPE]: { value: identity2.DOC }
        });
        copy.commentBefore = this.commentBefore;
        copy.comment = this.comment;
        copy.errors = this.errors.slice();
        copy.warnings = this.warnings.slice();
        copy.options = Object.assign({}, this.options);
        if (this.directives)
          copy.directives = this.directives.clone();
        copy.schema = this.schema.clone();
        copy.contents = identity2.isNode(this.contents) ? this.contents.clone(copy.schema) : this.contents;
        if (this.range)
          copy.range = this.range.slice();
        return copy;
      }
      /** Adds a value to the document. */
      add(value2) {
        if (assertCollection(this.contents))
          this.contents.add(value2);
      }
      /** Adds a value to the document. */
      addIn(path, value2) {
        if (assertCollection(this.contents))
          this.contents.addIn(path, value2);
      }
      /**
       * Create a new `Alias` node, ensuring that the target `node` has the required anchor.
       *
       * If `node` already has an anchor, `name` is ignored.
       * Otherwise, the `node.anchor` value will be set to `name`,
       * or if an anchor with that name is already present in the document,
       * `name` will be used as a prefix for a new unique anchor.
       * If `name` is undefined, the generated anchor will use 'a' as a prefix.
       */
      createAlias(node2, name) {
        if (!node2.anchor) {
          const prev = anchors.anchorNames(this);
          node2.anchor = // eslint-disable-next-line @typescript-eslint/prefer-nullish-coalescing
          !name || prev.has(name) ? anchors.findNewAnchor(name || "a", prev) : name;
        }
        return new Alias.Alias(node2.anchor);
      }
      createNode(value2, replacer, options) {
        let _replacer = void 0;
        if (typeof replacer === "function") {
          value2 = replacer.call({ "": value2 }, "", value2);
          _replacer = replacer;
        } else if (Array.isArray(replacer)) {
          const keyToStr = (v) => typeof v === "number" || v instanceof String || v instanceof Number;
          const asStr = replacer.filter(keyToStr).map(String);
          if (asStr.length > 0)
            replacer = replacer.concat(asStr);
          _replacer = replacer;
        } else if (options === void 0 && replacer) {
          options = replacer;
          replacer = void 0;
        }
        const { aliasDuplicateObjects, anchorPrefix, flow, keepUndefined, onTagObj, tag } = options ?? {};
        const { onAnchor, setAnchors, sourceObjects } = anchors.createNodeAnchors(
          this,
          // eslint-disable-next-line @typescript-eslint/prefer-nullish-coalescing
          anchorPrefix || "a"
        );
        const ctx = {
          aliasDuplicateObjects: aliasDuplicateObjects ?? true,
          keepUndefined: keepUndefined ?? false,
          onAnchor,
          onTagObj,
          replacer: _replacer,
          schema: this.schema,
          sourceObjects
        };
        const node2 = createNode.createNode(value2, tag, ctx);
        if (flow && identity2.isCollection(node2))
          node2.flow = true;
        setAnchors();
        return node2;
      }
      /**
       * Convert a key and a value into a `Pair` using the current schema,
       * recursively wrapping all values as `Scalar` or `Collection` nodes.
       */
      createPair(key, value2, options = {}) {
        const k = this.createNode(key, null, options);
        const v = this.createNode(value2, null, options);
        return new Pair.Pair(k, v);
      }
      /**
       * Removes a value from the document.
       * @returns `true` if the item was found and removed.
       */
      delete(key) {
        return assertCollection(this.contents) ? this.contents.delete(key) : false;
      }
      /**
       * Removes a value from the document.
       * @returns `true` if the item was found and removed.
       */
      deleteIn(path) {
        if (Collection.isEmptyPath(path)) {
          if (this.contents == null)
            return false;
          this.contents = null;
          return true;
        }
        return assertCollection(this.contents) ? this.contents.deleteIn(path) : false;
      }
      /**
       * Returns item at `key`, or `undefined` if not found. By default unwraps
       * scalar values from their surrounding node; to disable set `keepScalar` to
       * `true` (collections are always returned intact).
       */
      get(key, keepScalar) {
        return identity2.isCollection(this.contents) ? this.contents.get(key, keepScalar) : void 0;
      }
      /**
       * Returns item at `path`, or `undefined` if not found. By default unwraps
       * scalar values from their surrounding node; to disable set `keepScalar` to
       * `true` (collections are always returned intact).
       */
      getIn(path, keepScalar) {
        if (Collection.isEmptyPath(path))
          return !keepScalar && identity2.isScalar(this.contents) ? this.contents.value : this.contents;
        return identity2.isCollection(this.contents) ? this.contents.getIn(path, keepScalar) : void 0;
      }
      /**
       * Checks if the document includes a value with the key `key`.
       */
      has(key) {
        return identity2.isCollection(this.contents) ? this.contents.has(key) : false;
      }
      /**
       * Checks if the document includes a value at `path`.
       */
      hasIn(path) {
        if (Collection.isEmptyPath(path))
          return this.contents !== void 0;
        return identity2.isCollection(this.contents) ? this.contents.hasIn(path) : false;
      }
      /**
       * Sets a value in this document. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       */
      set(key, value2) {
        if (this.contents == null) {
          this.contents = Collection.collectionFromPath(this.schema, [key], value2);
        } else if (assertCollection(this.contents)) {
          this.contents.set(key, value2);
        }
      }
      /**
       * Sets a value in this document. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       */
      setIn(path, value2) {
        if (Collection.isEmptyPath(path)) {
          this.contents = value2;
        } else if (this.contents == null) {
          this.contents = Collection.collectionFromPath(this.schema, Array.from(path), value2);
        } else if (assertCollection(this.contents)) {
          this.contents.setIn(path, value2);
        }
      }
      /**
       * Change the YAML version and schema used by the document.
       * A `null` version disables support for directives, explicit tags, anchors, and aliases.
       * It also requires the `schema` option to be given as a `Schema` instance value.
       *
       * Overrides all previously set schema options.
       */
      setSchema(version3, options = {}) {
        if (typeof version3 === "number")
          version3 = String(version3);
        let opt;
        switch (version3) {
          case "1.1":
            if (this.directives)
              this.directives.yaml.version = "1.1";
            else
              this.directives = new directives.Directives({ version: "1.1" });
            opt = { resolveKnownTags: false, schema: "yaml-1.1" };
            break;
          case "1.2":
          case "next":
            if (this.directives)
              this.directives.yaml.version = version3;
            else
              this.directives = new directives.Directives({ version: version3 });
            opt = { resolveKnownTags: true, schema: "core" };
            break;
          case null:
            if (this.directives)
              delete this.directives;
            opt = null;
            break;
          default: {
            const sv = JSON.stringify(version3);
            throw new Error(`Expected '1.1', '1.2' or null as first argument, but found: ${sv}`);
          }
        }
        if (options.schema instanceof Object)
          this.schema = options.schema;
        else if (opt)
          this.schema = new Schema.Schema(Object.assign(opt, options));
        else
          throw new Error(`With a null YAML version, the { schema: Schema } option is required`);
      }
      // json & jsonArg are only used from toJSON()
      toJS({ json, jsonArg, mapAsMap, maxAliasCount, onAnchor, reviver } = {}) {
        const ctx = {
          anchors: /* @__PURE__ */ new Map(),
          doc: this,
          keep: !json,
          mapAsMap: mapAsMap === true,
          mapKeyWarned: false,
          maxAliasCount: typeof maxAliasCount === "number" ? maxAliasCount : 100
        };
        const res = toJS.toJS(this.contents, jsonArg ?? "", ctx);
        if (typeof onAnchor === "function")
          for (const { count: count2, res: res2 } of ctx.anchors.values())
            onAnchor(res2, count2);
        return typeof reviver === "function" ? applyReviver.applyReviver(reviver, { "": res }, "", res) : res;
      }
      /**
       * A JSON representation of the document `contents`.
       *
       * @param jsonArg Used by `JSON.stringify` to indicate the array index or
       *   property name.
       */
      toJSON(jsonArg, onAnchor) {
        return this.toJS({ json: true, jsonArg, mapAsMap: false, onAnchor });
      }
      /** A YAML representation of the document. */
      toString(options = {}) {
        if (this.errors.length > 0)
          throw new Error("Document with errors cannot be stringified");
        if ("indent" in options && (!Number.isInteger(options.indent) || Number(options.indent) <= 0)) {
          const s = JSON.stringify(options.indent);
          throw new Error(`"indent" option must be a positive integer, not ${s}`);
        }
        return stringifyDocument.stringifyDocument(this, options);
      }
    };
    function assertCollection(contents) {
      if (identity2.isCollection(contents))
        return true;
      throw new Error("Expected a YAML collection as document contents");
    }
    exports.Document = Document;
  }
});

// node_modules/yaml/dist/errors.js
var require_errors = __commonJS({
  "node_modules/yaml/dist/errors.js"(exports) {
    "use strict";
    var YAMLError = class extends Error {
      constructor(name, pos, code2, message) {
        super();
        this.name = name;
        this.code = code2;
        this.message = message;
        this.pos = pos;
      }
    };
    var YAMLParseError2 = class extends YAMLError {
      constructor(pos, code2, message) {
        super("YAMLParseError", pos, code2, message);
      }
    };
    var YAMLWarning = class extends YAMLError {
      constructor(pos, code2, message) {
        super("YAMLWarning", pos, code2, message);
      }
    };
    var prettifyError = (src, lc) => (error) => {
      if (error.pos[0] === -1)
        return;
      error.linePos = error.pos.map((pos) => lc.linePos(pos));
      const { line, col } = error.linePos[0];
      error.message += ` at line ${line}, column ${col}`;
      let ci = col - 1;
      let lineStr = src.substring(lc.lineStarts[line - 1], lc.lineStarts[line]).replace(/[\n\r]+$/, "");
      if (ci >= 60 && lineStr.length > 80) {
        const trimStart = Math.min(ci - 39, lineStr.length - 79);
        lineStr = "\u2026" + lineStr.substring(trimStart);
        ci -= trimStart - 1;
      }
      if (lineStr.length > 80)
        lineStr = lineStr.substring(0, 79) + "\u2026";
      if (line > 1 && /^ *$/.test(lineStr.substring(0, ci))) {
        let prev = src.substring(lc.lineStarts[line - 2], lc.lineStarts[line - 1]);
        if (prev.length > 80)
          prev = prev.substring(0, 79) + "\u2026\n";
        lineStr = prev + lineStr;
      }
      if (/[^ ]/.test(lineStr)) {
        let count2 = 1;
        const end2 = error.linePos[1];
        if (end2?.line === line && end2.col > col) {
          count2 = Math.max(1, Math.min(end2.col - col, 80 - ci));
        }
        const pointer2 = " ".repeat(ci) + "^".repeat(count2);
        error.message += `:

${lineStr}
${pointer2}
`;
      }
    };
    exports.YAMLError = YAMLError;
    exports.YAMLParseError = YAMLParseError2;
    exports.YAMLWarning = YAMLWarning;
    exports.prettifyError = prettifyError;
  }
});

// node_modules/yaml/dist/compose/resolve-props.js
var require_resolve_props = __commonJS({
  "node_modules/yaml/dist/compose/resolve-props.js"(exports) {
    "use strict";
    function resolveProps(tokens, { flow, indicator, next, offset, onError, parentIndent, startOnNewline }) {
      let spaceBefore = false;
      let atNewline = startOnNewline;
      let hasSpace = startOnNewline;
      let comment = "";
      let commentSep = "";
      let hasNewline = false;
      let reqSpace = false;
      let tab = null;
      let anchor = null;
      let tag = null;
      let newlineAfterProp = null;
      let comma = null;
      let found = null;
      let start = null;
      for (const token of tokens) {
        if (reqSpace) {
          if (token.type !== "space" && token.type !== "newline" && token.type !== "comma")
            onError(token.offset, "MISSING_CHAR", "Tags and anchors must be separated from the next token by white space");
          reqSpace = false;
        }
        if (tab) {
          if (atNewline && token.type !== "comment" && token.type !== "newline") {
            onError(tab, "TAB_AS_INDENT", "Tabs are not allowed as indentation");
          }
          tab = null;
        }
        switch (token.type) {
          case "space":
            if (!flow && (indicator !== "doc-start" || next?.type !== "flow-collection") && token.source.includes("	")) {
              tab = token;
            }
            hasSpace = true;
            break;
          case "comment": {
            if (!hasSpace)
              onError(token, "MISSING_CHAR", "Comments must be separated from other tokens by white space characters");
            const cb = token.source.substring(1) || " ";
            if (!comment)
              comment = cb;
            else
              comment += commentSep + cb;
            commentSep = "";
            atNewline = false;
            break;
          }
          case "newline":
            if (atNewline) {
              if (comment)
                comment += token.source;
              else if (!found || indicator !== "seq-item-ind")
                spaceBefore = true;
            } else
              commentSep += token.source;
            atNewline = true;
            hasNewline = true;
            if (anchor || tag)
              newlineAfterProp = token;
            hasSpace = true;
            break;
          case "anchor":
            if (anchor)
              onError(token, "MULTIPLE_ANCHORS", "A node can have at most one anchor");
            if (token.source.endsWith(":"))
              onError(token.offset + token.source.length - 1, "BAD_ALIAS", "Anchor ending in : is ambiguous", true);
            anchor = token;
            start ?? (start = token.offset);
            atNewline = false;
            hasSpace = false;
            reqSpace = true;
            break;
          case "tag": {
            if (tag)
              onError(token, "MULTIPLE_TAGS", "A node can have at most one tag");
            tag = token;
            start ?? (start = token.offset);
            atNewline = false;
            hasSpace = false;
            reqSpace = true;
            break;
          }
          case indicator:
            if (anchor || tag)
              onError(token, "BAD_PROP_ORDER", `Anchors and tags must be after the ${token.source} indicator`);
            if (found)
              onError(token, "UNEXPECTED_TOKEN", `Unexpected ${token.source} in ${flow ?? "collection"}`);
            found = token;
            atNewline = indicator === "seq-item-ind" || indicator === "explicit-key-ind";
            hasSpace = false;
            break;
          case "comma":
            if (flow) {
              if (comma)
                onError(token, "UNEXPECTED_TOKEN", `Unexpected , in ${flow}`);
              comma = token;
              atNewline = false;
              hasSpace = false;
              break;
            }
          // else fallthrough
          default:
            onError(token, "UNEXPECTED_TOKEN", `Unexpected ${token.type} token`);
            atNewline = false;
            hasSpace = false;
        }
      }
      const last = tokens[tokens.length - 1];
      const end2 = last ? last.offset + last.source.length : offset;
      if (reqSpace && next && next.type !== "space" && next.type !== "newline" && next.type !== "comma" && (next.type !== "scalar" || next.source !== "")) {
        onError(next.offset, "MISSING_CHAR", "Tags and anchors must be separated from the next token by white space");
      }
      if (tab && (atNewline && tab.indent <= parentIndent || next?.type === "block-map" || next?.type === "block-seq"))
        onError(tab, "TAB_AS_INDENT", "Tabs are not allowed as indentation");
      return {
        comma,
        found,
        spaceBefore,
        comment,
        hasNewline,
        anchor,
        tag,
        newlineAfterProp,
        end: end2,
        start: start ?? end2
      };
    }
    exports.resolveProps = resolveProps;
  }
});

// node_modules/yaml/dist/compose/util-contains-newline.js
var require_util_contains_newline = __commonJS({
  "node_modules/yaml/dist/compose/util-contains-newline.js"(exports) {
    "use strict";
    function containsNewline(key) {
      if (!key)
        return null;
      switch (key.type) {
        case "alias":
        case "scalar":
        case "double-quoted-scalar":
        case "single-quoted-scalar":
          if (key.source.includes("\n"))
            return true;
          if (key.end) {
            for (const st of key.end)
              if (st.type === "newline")
                return true;
          }
          return false;
        case "flow-collection":
          for (const it of key.items) {
            for (const st of it.start)
              if (st.type === "newline")
                return true;
            if (it.sep) {
              for (const st of it.sep)
                if (st.type === "newline")
                  return true;
            }
            if (containsNewline(it.key) || containsNewline(it.value))
              return true;
          }
          return false;
        default:
          return true;
      }
    }
    exports.containsNewline = containsNewline;
  }
});

// node_modules/yaml/dist/compose/util-flow-indent-check.js
var require_util_flow_indent_check = __commonJS({
  "node_modules/yaml/dist/compose/util-flow-indent-check.js"(exports) {
    "use strict";
    var utilContainsNewline = require_util_contains_newline();
    function flowIndentCheck(indent, fc, onError) {
      if (fc?.type === "flow-collection") {
        const end2 = fc.end[0];
        if (end2.indent === indent && (end2.source === "]" || end2.source === "}") && utilContainsNewline.containsNewline(fc)) {
          const msg = "Flow end indicator should be more indented than parent";
          onError(end2, "BAD_INDENT", msg, true);
        }
      }
    }
    exports.flowIndentCheck = flowIndentCheck;
  }
});

// node_modules/yaml/dist/compose/util-map-includes.js
var require_util_map_includes = __commonJS({
  "node_modules/yaml/dist/compose/util-map-includes.js"(exports) {
    "use strict";
    var identity2 = require_identity();
    function mapIncludes(ctx, items, search) {
      const { uniqueKeys } = ctx.options;
      if (uniqueKeys === false)
        return false;
      const isEqual = typeof uniqueKeys === "function" ? uniqueKeys : (a, b2) => a === b2 || identity2.isScalar(a) && identity2.isScalar(b2) && a.value === b2.value;
      return items.some((pair) => isEqual(pair.key, search));
    }
    exports.mapIncludes = mapIncludes;
  }
});

// node_modules/yaml/dist/compose/resolve-block-map.js
var require_resolve_block_map = __commonJS({
  "node_modules/yaml/dist/compose/resolve-block-map.js"(exports) {
    "use strict";
    var Pair = require_Pair();
    var YAMLMap = require_YAMLMap();
    var resolveProps = require_resolve_props();
    var utilContainsNewline = require_util_contains_newline();
    var utilFlowIndentCheck = require_util_flow_indent_check();
    var utilMapIncludes = require_util_map_includes();
    var startColMsg = "All mapping items must start at the same column";
    function resolveBlockMap({ composeNode, composeEmptyNode }, ctx, bm, onError, tag) {
      const NodeClass = tag?.nodeClass ?? YAMLMap.YAMLMap;
      const map = new NodeClass(ctx.schema);
      if (ctx.atRoot)
        ctx.atRoot = false;
      let offset = bm.offset;
      let commentEnd = null;
      for (const collItem of bm.items) {
        const { start, key, sep: sep4, value: value2 } = collItem;
        const keyProps = resolveProps.resolveProps(start, {
          indicator: "explicit-key-ind",
          next: key ?? sep4?.[0],
          offset,
          onError,
          parentIndent: bm.indent,
          startOnNewline: true
        });
        const implicitKey = !keyProps.found;
        if (implicitKey) {
          if (key) {
            if (key.type === "block-seq")
              onError(offset, "BLOCK_AS_IMPLICIT_KEY", "A block sequence may not be used as an implicit map key");
            else if ("indent" in key && key.indent !== bm.indent)
              onError(offset, "BAD_INDENT", startColMsg);
          }
          if (!keyProps.anchor && !keyProps.tag && !sep4) {
            commentEnd = keyProps.end;
            if (keyProps.comment) {
              if (map.comment)
                map.comment += "\n" + keyProps.comment;
              else
                map.comment = keyProps.comment;
            }
            continue;
          }
          if (keyProps.newlineAfterProp || utilContainsNewline.containsNewline(key)) {
            onError(key ?? start[start.length - 1], "MULTILINE_IMPLICIT_KEY", "Implicit keys need to be on a single line");
          }
        } else if (keyProps.found?.indent !== bm.indent) {
          onError(offset, "BAD_INDENT", startColMsg);
        }
        ctx.atKey = true;
        const keyStart = keyProps.end;
        const keyNode = key ? composeNode(ctx, key, keyProps, onError) : composeEmptyNode(ctx, keyStart, start, null, keyProps, onError);
        if (ctx.schema.compat)
          utilFlowIndentCheck.flowIndentCheck(bm.indent, key, onError);
        ctx.atKey = false;
        if (utilMapIncludes.mapIncludes(ctx, map.items, keyNode))
          onError(keyStart, "DUPLICATE_KEY", "Map keys must be unique");
        const valueProps = resolveProps.resolveProps(sep4 ?? [], {
          indicator: "map-value-ind",
          next: value2,
          offset: keyNode.range[2],
          onError,
          parentIndent: bm.indent,
          startOnNewline: !key || key.type === "block-scalar"
        });
        offset = valueProps.end;
        if (valueProps.found) {
          if (implicitKey) {
            if (value2?.type === "block-map" && !valueProps.hasNewline)
              onError(offset, "BLOCK_AS_IMPLICIT_KEY", "Nested mappings are not allowed in compact mappings");
            if (ctx.options.strict && keyProps.start < valueProps.found.offset - 1024)
              onError(keyNode.range, "KEY_OVER_1024_CHARS", "The : indicator must be at most 1024 chars after the start of an implicit block mapping key");
          }
          const valueNode = value2 ? composeNode(ctx, value2, valueProps, onError) : composeEmptyNode(ctx, offset, sep4, null, valueProps, onError);
          if (ctx.schema.compat)
            utilFlowIndentCheck.flowIndentCheck(bm.indent, value2, onError);
          offset = valueNode.range[2];
          const pair = new Pair.Pair(keyNode, valueNode);
          if (ctx.options.keepSourceTokens)
            pair.srcToken = collItem;
          map.items.push(pair);
        } else {
          if (implicitKey)
            onError(keyNode.range, "MISSING_CHAR", "Implicit map keys need to be followed by map values");
          if (valueProps.comment) {
            if (keyNode.comment)
              keyNode.comment += "\n" + valueProps.comment;
            else
              keyNode.comment = valueProps.comment;
          }
          const pair = new Pair.Pair(keyNode);
          if (ctx.options.keepSourceTokens)
            pair.srcToken = collItem;
          map.items.push(pair);
        }
      }
      if (commentEnd && commentEnd < offset)
        onError(commentEnd, "IMPOSSIBLE", "Map comment with trailing content");
      map.range = [bm.offset, offset, commentEnd ?? offset];
      return map;
    }
    exports.resolveBlockMap = resolveBlockMap;
  }
});

// node_modules/yaml/dist/compose/resolve-block-seq.js
var require_resolve_block_seq = __commonJS({
  "node_modules/yaml/dist/compose/resolve-block-seq.js"(exports) {
    "use strict";
    var YAMLSeq = require_YAMLSeq();
    var resolveProps = require_resolve_props();
    var utilFlowIndentCheck = require_util_flow_indent_check();
    function resolveBlockSeq({ composeNode, composeEmptyNode }, ctx, bs, onError, tag) {
      const NodeClass = tag?.nodeClass ?? YAMLSeq.YAMLSeq;
      const seq = new NodeClass(ctx.schema);
      if (ctx.atRoot)
        ctx.atRoot = false;
      if (ctx.atKey)
        ctx.atKey = false;
      let offset = bs.offset;
      let commentEnd = null;
      for (const { start, value: value2 } of bs.items) {
        const props = resolveProps.resolveProps(start, {
          indicator: "seq-item-ind",
          next: value2,
          offset,
          onError,
          parentIndent: bs.indent,
          startOnNewline: true
        });
        if (!props.found) {
          if (props.anchor || props.tag || value2) {
            if (value2?.type === "block-seq")
              onError(props.end, "BAD_INDENT", "All sequence items must start at the same column");
            else
              onError(offset, "MISSING_CHAR", "Sequence item without - indicator");
          } else {
            commentEnd = props.end;
            if (props.comment)
              seq.comment = props.comment;
            continue;
          }
        }
        const node2 = value2 ? composeNode(ctx, value2, props, onError) : composeEmptyNode(ctx, props.end, start, null, props, onError);
        if (ctx.schema.compat)
          utilFlowIndentCheck.flowIndentCheck(bs.indent, value2, onError);
        offset = node2.range[2];
        seq.items.push(node2);
      }
      seq.range = [bs.offset, offset, commentEnd ?? offset];
      return seq;
    }
    exports.resolveBlockSeq = resolveBlockSeq;
  }
});

// node_modules/yaml/dist/compose/resolve-end.js
var require_resolve_end = __commonJS({
  "node_modules/yaml/dist/compose/resolve-end.js"(exports) {
    "use strict";
    function resolveEnd(end2, offset, reqSpace, onError) {
      let comment = "";
      if (end2) {
        let hasSpace = false;
        let sep4 = "";
        for (const token of end2) {
          const { source: source2, type } = token;
          switch (type) {
            case "space":
              hasSpace = true;
              break;
            case "comment": {
              if (reqSpace && !hasSpace)
                onError(token, "MISSING_CHAR", "Comments must be separated from other tokens by white space characters");
              const cb = source2.substring(1) || " ";
              if (!comment)
                comment = cb;
              else
                comment += sep4 + cb;
              sep4 = "";
              break;
            }
            case "newline":
              if (comment)
                sep4 += source2;
              hasSpace = true;
              break;
            default:
              onError(token, "UNEXPECTED_TOKEN", `Unexpected ${type} at node end`);
          }
          offset += source2.length;
        }
      }
      return { comment, offset };
    }
    exports.resolveEnd = resolveEnd;
  }
});

// node_modules/yaml/dist/compose/resolve-flow-collection.js
var require_resolve_flow_collection = __commonJS({
  "node_modules/yaml/dist/compose/resolve-flow-collection.js"(exports) {
    "use strict";
    var identity2 = require_identity();
    var Pair = require_Pair();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var resolveEnd = require_resolve_end();
    var resolveProps = require_resolve_props();
    var utilContainsNewline = require_util_contains_newline();
    var utilMapIncludes = require_util_map_includes();
    var blockMsg = "Block collections are not allowed within flow collections";
    var isBlock = (token) => token && (token.type === "block-map" || token.type === "block-seq");
    function resolveFlowCollection({ composeNode, composeEmptyNode }, ctx, fc, onError, tag) {
      const isMap2 = fc.start.source === "{";
      const fcName = isMap2 ? "flow map" : "flow sequence";
      const NodeClass = tag?.nodeClass ?? (isMap2 ? YAMLMap.YAMLMap : YAMLSeq.YAMLSeq);
      const coll = new NodeClass(ctx.schema);
      coll.flow = true;
      const atRoot = ctx.atRoot;
      if (atRoot)
        ctx.atRoot = false;
      if (ctx.atKey)
        ctx.atKey = false;
      let offset = fc.offset + fc.start.source.length;
      for (let i = 0; i < fc.items.length; ++i) {
        const collItem = fc.items[i];
        const { start, key, sep: sep4, value: value2 } = collItem;
        const props = resolveProps.resolveProps(start, {
          flow: fcName,
          indicator: "explicit-key-ind",
          next: key ?? sep4?.[0],
          offset,
          onError,
          parentIndent: fc.indent,
          startOnNewline: false
        });
        if (!props.found) {
          if (!props.anchor && !props.tag && !sep4 && !value2) {
            if (i === 0 && props.comma)
              onError(props.comma, "UNEXPECTED_TOKEN", `Unexpected , in ${fcName}`);
            else if (i < fc.items.length - 1)
              onError(props.start, "UNEXPECTED_TOKEN", `Unexpected empty item in ${fcName}`);
            if (props.comment) {
              if (coll.comment)
                coll.comment += "\n" + props.comment;
              else
                coll.comment = props.comment;
            }
            offset = props.end;
            continue;
          }
          if (!isMap2 && ctx.options.strict && utilContainsNewline.containsNewline(key))
            onError(
              key,
              // checked by containsNewline()
              "MULTILINE_IMPLICIT_KEY",
              "Implicit keys of flow sequence pairs need to be on a single line"
            );
        }
        if (i === 0) {
          if (props.comma)
            onError(props.comma, "UNEXPECTED_TOKEN", `Unexpected , in ${fcName}`);
        } else {
          if (!props.comma)
            onError(props.start, "MISSING_CHAR", `Missing , between ${fcName} items`);
          if (props.comment) {
            let prevItemComment = "";
            loop: for (const st of start) {
              switch (st.type) {
                case "comma":
                case "space":
                  break;
                case "comment":
                  prevItemComment = st.source.substring(1);
                  break loop;
                default:
                  break loop;
              }
            }
            if (prevItemComment) {
              let prev = coll.items[coll.items.length - 1];
              if (identity2.isPair(prev))
                prev = prev.value ?? prev.key;
              if (prev.comment)
                prev.comment += "\n" + prevItemComment;
              else
                prev.comment = prevItemComment;
              props.comment = props.comment.substring(prevItemComment.length + 1);
            }
          }
        }
        if (!isMap2 && !sep4 && !props.found) {
          const valueNode = value2 ? composeNode(ctx, value2, props, onError) : composeEmptyNode(ctx, props.end, sep4, null, props, onError);
          coll.items.push(valueNode);
          offset = valueNode.range[2];
          if (isBlock(value2))
            onError(valueNode.range, "BLOCK_IN_FLOW", blockMsg);
        } else {
          ctx.atKey = true;
          const keyStart = props.end;
          const keyNode = key ? composeNode(ctx, key, props, onError) : composeEmptyNode(ctx, keyStart, start, null, props, onError);
          if (isBlock(key))
            onError(keyNode.range, "BLOCK_IN_FLOW", blockMsg);
          ctx.atKey = false;
          const valueProps = resolveProps.resolveProps(sep4 ?? [], {
            flow: fcName,
            indicator: "map-value-ind",
            next: value2,
            offset: keyNode.range[2],
            onError,
            parentIndent: fc.indent,
            startOnNewline: false
          });
          if (valueProps.found) {
            if (!isMap2 && !props.found && ctx.options.strict) {
              if (sep4)
                for (const st of sep4) {
                  if (st === valueProps.found)
                    break;
                  if (st.type === "newline") {
                    onError(st, "MULTILINE_IMPLICIT_KEY", "Implicit keys of flow sequence pairs need to be on a single line");
                    break;
                  }
                }
              if (props.start < valueProps.found.offset - 1024)
                onError(valueProps.found, "KEY_OVER_1024_CHARS", "The : indicator must be at most 1024 chars after the start of an implicit flow sequence key");
            }
          } else if (value2) {
            if ("source" in value2 && value2.source?.[0] === ":")
              onError(value2, "MISSING_CHAR", `Missing space after : in ${fcName}`);
            else
              onError(valueProps.start, "MISSING_CHAR", `Missing , or : between ${fcName} items`);
          }
          const valueNode = value2 ? composeNode(ctx, value2, valueProps, onError) : valueProps.found ? composeEmptyNode(ctx, valueProps.end, sep4, null, valueProps, onError) : null;
          if (valueNode) {
            if (isBlock(value2))
              onError(valueNode.range, "BLOCK_IN_FLOW", blockMsg);
          } else if (valueProps.comment) {
            if (keyNode.comment)
              keyNode.comment += "\n" + valueProps.comment;
            else
              keyNode.comment = valueProps.comment;
          }
          const pair = new Pair.Pair(keyNode, valueNode);
          if (ctx.options.keepSourceTokens)
            pair.srcToken = collItem;
          if (isMap2) {
            const map = coll;
            if (utilMapIncludes.mapIncludes(ctx, map.items, keyNode))
              onError(keyStart, "DUPLICATE_KEY", "Map keys must be unique");
            map.items.push(pair);
          } else {
            const map = new YAMLMap.YAMLMap(ctx.schema);
            map.flow = true;
            map.items.push(pair);
            const endRange = (valueNode ?? keyNode).range;
            map.range = [keyNode.range[0], endRange[1], endRange[2]];
            coll.items.push(map);
          }
          offset = valueNode ? valueNode.range[2] : valueProps.end;
        }
      }
      const expectedEnd = isMap2 ? "}" : "]";
      const [ce, ...ee] = fc.end;
      let cePos = offset;
      if (ce?.source === expectedEnd)
        cePos = ce.offset + ce.source.length;
      else {
        const name = fcName[0].toUpperCase() + fcName.substring(1);
        const msg = atRoot ? `${name} must end with a ${expectedEnd}` : `${name} in block collection must be sufficiently indented and end with a ${expectedEnd}`;
        onError(offset, atRoot ? "MISSING_CHAR" : "BAD_INDENT", msg);
        if (ce && ce.source.length !== 1)
          ee.unshift(ce);
      }
      if (ee.length > 0) {
        const end2 = resolveEnd.resolveEnd(ee, cePos, ctx.options.strict, onError);
        if (end2.comment) {
          if (coll.comment)
            coll.comment += "\n" + end2.comment;
          else
            coll.comment = end2.comment;
        }
        coll.range = [fc.offset, cePos, end2.offset];
      } else {
        coll.range = [fc.offset, cePos, cePos];
      }
      return coll;
    }
    exports.resolveFlowCollection = resolveFlowCollection;
  }
});

// node_modules/yaml/dist/compose/compose-collection.js
var require_compose_collection = __commonJS({
  "node_modules/yaml/dist/compose/compose-collection.js"(exports) {
    "use strict";
    var identity2 = require_identity();
    var Scalar = require_Scalar();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var resolveBlockMap = require_resolve_block_map();
    var resolveBlockSeq = require_resolve_block_seq();
    var resolveFlowCollection = require_resolve_flow_collection();
    function resolveCollection(CN, ctx, token, onError, tagName, tag) {
      const coll = token.type === "block-map" ? resolveBlockMap.resolveBlockMap(CN, ctx, token, onError, tag) : token.type === "block-seq" ? resolveBlockSeq.resolveBlockSeq(CN, ctx, token, onError, tag) : resolveFlowCollection.resolveFlowCollection(CN, ctx, token, onError, tag);
      const Coll = coll.constructor;
      if (tagName === "!" || tagName === Coll.tagName) {
        coll.tag = Coll.tagName;
        return coll;
      }
      if (tagName)
        coll.tag = tagName;
      return coll;
    }
    function composeCollection(CN, ctx, token, props, onError) {
      const tagToken = props.tag;
      const tagName = !tagToken ? null : ctx.directives.tagName(tagToken.source, (msg) => onError(tagToken, "TAG_RESOLVE_FAILED", msg));
      if (token.type === "block-seq") {
        const { anchor, newlineAfterProp: nl } = props;
        const lastProp = anchor && tagToken ? anchor.offset > tagToken.offset ? anchor : tagToken : anchor ?? tagToken;
        if (lastProp && (!nl || nl.offset < lastProp.offset)) {
          const message = "Missing newline after block sequence props";
          onError(lastProp, "MISSING_CHAR", message);
        }
      }
      const expType = token.type === "block-map" ? "map" : token.type === "block-seq" ? "seq" : token.start.source === "{" ? "map" : "seq";
      if (!tagToken || !tagName || tagName === "!" || tagName === YAMLMap.YAMLMap.tagName && expType === "map" || tagName === YAMLSeq.YAMLSeq.tagName && expType === "seq") {
        return resolveCollection(CN, ctx, token, onError, tagName);
      }
      let tag = ctx.schema.tags.find((t) => t.tag === tagName && t.collection === expType);
      if (!tag) {
        const kt = ctx.schema.knownTags[tagName];
        if (kt?.collection === expType) {
          ctx.schema.tags.push(Object.assign({}, kt, { default: false }));
          tag = kt;
        } else {
          if (kt) {
            onError(tagToken, "BAD_COLLECTION_TYPE", `${kt.tag} used for ${expType} collection, but expects ${kt.collection ?? "scalar"}`, true);
          } else {
            onError(tagToken, "TAG_RESOLVE_FAILED", `Unresolved tag: ${tagName}`, true);
          }
          return resolveCollection(CN, ctx, token, onError, tagName);
        }
      }
      const coll = resolveCollection(CN, ctx, token, onError, tagName, tag);
      const res = tag.resolve?.(coll, (msg) => onError(tagToken, "TAG_RESOLVE_FAILED", msg), ctx.options) ?? coll;
      const node2 = identity2.isNode(res) ? res : new Scalar.Scalar(res);
      node2.range = coll.range;
      node2.tag = tagName;
      if (tag?.format)
        node2.format = tag.format;
      return node2;
    }
    exports.composeCollection = composeCollection;
  }
});

// node_modules/yaml/dist/compose/resolve-block-scalar.js
var require_resolve_block_scalar = __commonJS({
  "node_modules/yaml/dist/compose/resolve-block-scalar.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    function resolveBlockScalar(ctx, scalar3, onError) {
      const start = scalar3.offset;
      const header = parseBlockScalarHeader(scalar3, ctx.options.strict, onError);
      if (!header)
        return { value: "", type: null, comment: "", range: [start, start, start] };
      const type = header.mode === ">" ? Scalar.Scalar.BLOCK_FOLDED : Scalar.Scalar.BLOCK_LITERAL;
      const lines = scalar3.source ? splitLines(scalar3.source) : [];
      let chompStart = lines.length;
      for (let i = lines.length - 1; i >= 0; --i) {
        const content = lines[i][1];
        if (content === "" || content === "\r")
          chompStart = i;
        else
          break;
      }
      if (chompStart === 0) {
        const value3 = header.chomp === "+" && lines.length > 0 ? "\n".repeat(Math.max(1, lines.length - 1)) : "";
        let end3 = start + header.length;
        if (scalar3.source)
          end3 += scalar3.source.length;
        return { value: value3, type, comment: header.comment, range: [start, end3, end3] };
      }
      let trimIndent = scalar3.indent + header.indent;
      let offset = scalar3.offset + header.length;
      let contentStart = 0;
      for (let i = 0; i < chompStart; ++i) {
        const [indent, content] = lines[i];
        if (content === "" || content === "\r") {
          if (header.indent === 0 && indent.length > trimIndent)
            trimIndent = indent.length;
        } else {
          if (indent.length < trimIndent) {
            const message = "Block scalars with more-indented leading empty lines must use an explicit indentation indicator";
            onError(offset + indent.length, "MISSING_CHAR", message);
          }
          if (header.indent === 0)
            trimIndent = indent.length;
          contentStart = i;
          if (trimIndent === 0 && !ctx.atRoot) {
            const message = "Block scalar values in collections must be indented";
            onError(offset, "BAD_INDENT", message);
          }
          break;
        }
        offset += indent.length + content.length + 1;
      }
      for (let i = lines.length - 1; i >= chompStart; --i) {
        if (lines[i][0].length > trimIndent)
          chompStart = i + 1;
      }
      let value2 = "";
      let sep4 = "";
      let prevMoreIndented = false;
      for (let i = 0; i < contentStart; ++i)
        value2 += lines[i][0].slice(trimIndent) + "\n";
      for (let i = contentStart; i < chompStart; ++i) {
        let [indent, content] = lines[i];
        offset += indent.length + content.length + 1;
        const crlf = content[content.length - 1] === "\r";
        if (crlf)
          content = content.slice(0, -1);
        if (content && indent.length < trimIndent) {
          const src = header.indent ? "explicit indentation indicator" : "first line";
          const message = `Block scalar lines must not be less indented than their ${src}`;
          onError(offset - content.length - (crlf ? 2 : 1), "BAD_INDENT", message);
          indent = "";
        }
        if (type === Scalar.Scalar.BLOCK_LITERAL) {
          value2 += sep4 + indent.slice(trimIndent) + content;
          sep4 = "\n";
        } else if (indent.length > trimIndent || content[0] === "	") {
          if (sep4 === " ")
            sep4 = "\n";
          else if (!prevMoreIndented && sep4 === "\n")
            sep4 = "\n\n";
          value2 += sep4 + indent.slice(trimIndent) + content;
          sep4 = "\n";
          prevMoreIndented = true;
        } else if (content === "") {
          if (sep4 === "\n")
            value2 += "\n";
          else
            sep4 = "\n";
        } else {
          value2 += sep4 + content;
          sep4 = " ";
          prevMoreIndented = false;
        }
      }
      switch (header.chomp) {
        case "-":
          break;
        case "+":
          for (let i = chompStart; i < lines.length; ++i)
            value2 += "\n" + lines[i][0].slice(trimIndent);
          if (value2[value2.length - 1] !== "\n")
            value2 += "\n";
          break;
        default:
          value2 += "\n";
      }
      const end2 = start + header.length + scalar3.source.length;
      return { value: value2, type, comment: header.comment, range: [start, end2, end2] };
    }
    function parseBlockScalarHeader({ offset, props }, strict, onError) {
      if (props[0].type !== "block-scalar-header") {
        onError(props[0], "IMPOSSIBLE", "Block scalar header not found");
        return null;
      }
      const { source: source2 } = props[0];
      const mode = source2[0];
      let indent = 0;
      let chomp = "";
      let error = -1;
      for (let i = 1; i < source2.length; ++i) {
        const ch = source2[i];
        if (!chomp && (ch === "-" || ch === "+"))
          chomp = ch;
        else {
          const n = Number(ch);
          if (!indent && n)
            indent = n;
          else if (error === -1)
            error = offset + i;
        }
      }
      if (error !== -1)
        onError(error, "UNEXPECTED_TOKEN", `Block scalar header includes extra characters: ${source2}`);
      let hasSpace = false;
      let comment = "";
      let length = source2.length;
      for (let i = 1; i < props.length; ++i) {
        const token = props[i];
        switch (token.type) {
          case "space":
            hasSpace = true;
          // fallthrough
          case "newline":
            length += token.source.length;
            break;
          case "comment":
            if (strict && !hasSpace) {
              const message = "Comments must be separated from other tokens by white space characters";
              onError(token, "MISSING_CHAR", message);
            }
            length += token.source.length;
            comment = token.source.substring(1);
            break;
          case "error":
            onError(token, "UNEXPECTED_TOKEN", token.message);
            length += token.source.length;
            break;
          /* istanbul ignore next should not happen */
          default: {
            const message = `Unexpected token in block scalar header: ${token.type}`;
            onError(token, "UNEXPECTED_TOKEN", message);
            const ts = token.source;
            if (ts && typeof ts === "string")
              length += ts.length;
          }
        }
      }
      return { mode, indent, chomp, comment, length };
    }
    function splitLines(source2) {
      const split2 = source2.split(/\n( *)/);
      const first = split2[0];
      const m = first.match(/^( *)/);
      const line0 = m?.[1] ? [m[1], first.slice(m[1].length)] : ["", first];
      const lines = [line0];
      for (let i = 1; i < split2.length; i += 2)
        lines.push([split2[i], split2[i + 1]]);
      return lines;
    }
    exports.resolveBlockScalar = resolveBlockScalar;
  }
});

// node_modules/yaml/dist/compose/resolve-flow-scalar.js
var require_resolve_flow_scalar = __commonJS({
  "node_modules/yaml/dist/compose/resolve-flow-scalar.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var resolveEnd = require_resolve_end();
    function resolveFlowScalar(scalar3, strict, onError) {
      const { offset, type, source: source2, end: end2 } = scalar3;
      let _type;
      let value2;
      const _onError = (rel, code2, msg) => onError(offset + rel, code2, msg);
      switch (type) {
        case "scalar":
          _type = Scalar.Scalar.PLAIN;
          value2 = plainValue(source2, _onError);
          break;
        case "single-quoted-scalar":
          _type = Scalar.Scalar.QUOTE_SINGLE;
          value2 = singleQuotedValue(source2, _onError);
          break;
        case "double-quoted-scalar":
          _type = Scalar.Scalar.QUOTE_DOUBLE;
          value2 = doubleQuotedValue(source2, _onError);
          break;
        /* istanbul ignore next should not happen */
        default:
          onError(scalar3, "UNEXPECTED_TOKEN", `Expected a flow scalar value, but found: ${type}`);
          return {
            value: "",
            type: null,
            comment: "",
            range: [offset, offset + source2.length, offset + source2.length]
          };
      }
      const valueEnd = offset + source2.length;
      const re = resolveEnd.resolveEnd(end2, valueEnd, strict, onError);
      return {
        value: value2,
        type: _type,
        comment: re.comment,
        range: [offset, valueEnd, re.offset]
      };
    }
    function plainValue(source2, onError) {
      let badChar = "";
      switch (source2[0]) {
        /* istanbul ignore next should not happen */
        case "	":
          badChar = "a tab character";
          break;
        case ",":
          badChar = "flow indicator character ,";
          break;
        case "%":
          badChar = "directive indicator character %";
          break;
        case "|":
        case ">": {
          badChar = `block scalar indicator ${source2[0]}`;
          break;
        }
        case "@":
        case "`": {
          badChar = `reserved character ${source2[0]}`;
          break;
        }
      }
      if (badChar)
        onError(0, "BAD_SCALAR_START", `Plain value cannot start with ${badChar}`);
      return unfoldLines(source2);
    }
    function singleQuotedValue(source2, onError) {
      if (source2[source2.length - 1] !== "'" || source2.length === 1)
        onError(source2.length, "MISSING_CHAR", "Missing closing 'quote");
      return unfoldLines(source2.slice(1, -1)).replace(/''/g, "'");
    }
    function unfoldLines(source2) {
      const line = /(.*?)\r?\n/sy;
      let match = line.exec(source2);
      if (!match)
        return source2;
      let trimEnd, trimBoth;
      try {
        trimEnd = new RegExp("(?<![ 	])[ 	]+$");
        trimBoth = new RegExp("^[ 	]+|(?<![ 	])[ 	]+$", "g");
      } catch {
        trimEnd = /[ \t]+$/;
        trimBoth = /^[ \t]+|[ \t]+$/g;
      }
      let res = match[1].replace(trimEnd, "");
      let sep4 = " ";
      let pos = line.lastIndex;
      while (match = line.exec(source2)) {
        const lm = match[1].replace(trimBoth, "");
        if (lm === "") {
          if (sep4 === "\n")
            res += sep4;
          else
            sep4 = "\n";
        } else {
          res += sep4 + lm;
          sep4 = " ";
        }
        pos = line.lastIndex;
      }
      const last = /[ \t]*(.*)/sy;
      last.lastIndex = pos;
      match = last.exec(source2);
      return res + sep4 + (match?.[1] ?? "");
    }
    function doubleQuotedValue(source2, onError) {
      let res = "";
      for (let i = 1; i < source2.length - 1; ++i) {
        const ch = source2[i];
        if (ch === "\r" && source2[i + 1] === "\n")
          continue;
        if (ch === "\n") {
          const { fold, offset } = foldNewline(source2, i);
          res += fold;
          i = offset;
        } else if (ch === "\\") {
          let next = source2[++i];
          const cc = escapeCodes[next];
          if (cc)
            res += cc;
          else if (next === "\n") {
            next = source2[i + 1];
            while (next === " " || next === "	")
              next = source2[++i + 1];
          } else if (next === "\r" && source2[i + 1] === "\n") {
            next = source2[++i + 1];
            while (next === " " || next === "	")
              next = source2[++i + 1];
          } else if (next === "x" || next === "u" || next === "U") {
            const length = next === "x" ? 2 : next === "u" ? 4 : 8;
            res += parseCharCode(source2, i + 1, length, onError);
            i += length;
          } else {
            const raw = source2.substr(i - 1, 2);
            onError(i - 1, "BAD_DQ_ESCAPE", `Invalid escape sequence ${raw}`);
            res += raw;
          }
        } else if (ch === " " || ch === "	") {
          const wsStart = i;
          let next = source2[i + 1];
          while (next === " " || next === "	")
            next = source2[++i + 1];
          if (next !== "\n" && !(next === "\r" && source2[i + 2] === "\n"))
            res += i > wsStart ? source2.slice(wsStart, i + 1) : ch;
        } else {
          res += ch;
        }
      }
      if (source2[source2.length - 1] !== '"' || source2.length === 1)
        onError(source2.length, "MISSING_CHAR", 'Missing closing "quote');
      return res;
    }
    function foldNewline(source2, offset) {
      let fold = "";
      let ch = source2[offset + 1];
      while (ch === " " || ch === "	" || ch === "\n" || ch === "\r") {
        if (ch === "\r" && source2[offset + 2] !== "\n")
          break;
        if (ch === "\n")
          fold += "\n";
        offset += 1;
        ch = source2[offset + 1];
      }
      if (!fold)
        fold = " ";
      return { fold, offset };
    }
    var escapeCodes = {
      "0": "\0",
      // null character
      a: "\x07",
      // bell character
      b: "\b",
      // backspace
      e: "\x1B",
      // escape character
      f: "\f",
      // form feed
      n: "\n",
      // line feed
      r: "\r",
      // carriage return
      t: "	",
      // horizontal tab
      v: "\v",
      // vertical tab
      N: "\x85",
      // Unicode next line
      _: "\xA0",
      // Unicode non-breaking space
      L: "\u2028",
      // Unicode line separator
      P: "\u2029",
      // Unicode paragraph separator
      " ": " ",
      '"': '"',
      "/": "/",
      "\\": "\\",
      "	": "	"
    };
    function parseCharCode(source2, offset, length, onError) {
      const cc = source2.substr(offset, length);
      const ok = cc.length === length && /^[0-9a-fA-F]+$/.test(cc);
      const code2 = ok ? parseInt(cc, 16) : NaN;
      try {
        return String.fromCodePoint(code2);
      } catch {
        const raw = source2.substr(offset - 2, length + 2);
        onError(offset - 2, "BAD_DQ_ESCAPE", `Invalid escape sequence ${raw}`);
        return raw;
      }
    }
    exports.resolveFlowScalar = resolveFlowScalar;
  }
});

// node_modules/yaml/dist/compose/compose-scalar.js
var require_compose_scalar = __commonJS({
  "node_modules/yaml/dist/compose/compose-scalar.js"(exports) {
    "use strict";
    var identity2 = require_identity();
    var Scalar = require_Scalar();
    var resolveBlockScalar = require_resolve_block_scalar();
    var resolveFlowScalar = require_resolve_flow_scalar();
    function composeScalar(ctx, token, tagToken, onError) {
      const { value: value2, type, comment, range } = token.type === "block-scalar" ? resolveBlockScalar.resolveBlockScalar(ctx, token, onError) : resolveFlowScalar.resolveFlowScalar(token, ctx.options.strict, onError);
      const tagName = tagToken ? ctx.directives.tagName(tagToken.source, (msg) => onError(tagToken, "TAG_RESOLVE_FAILED", msg)) : null;
      let tag;
      if (ctx.options.stringKeys && ctx.atKey) {
        tag = ctx.schema[identity2.SCALAR];
      } else if (tagName)
        tag = findScalarTagByName(ctx.schema, value2, tagName, tagToken, onError);
      else if (token.type === "scalar")
        tag = findScalarTagByTest(ctx, value2, token, onError);
      else
        tag = ctx.schema[identity2.SCALAR];
      let scalar3;
      try {
        const res = tag.resolve(value2, (msg) => onError(tagToken ?? token, "TAG_RESOLVE_FAILED", msg), ctx.options);
        scalar3 = identity2.isScalar(res) ? res : new Scalar.Scalar(res);
      } catch (error) {
        const msg = error instanceof Error ? error.message : String(error);
        onError(tagToken ?? token, "TAG_RESOLVE_FAILED", msg);
        scalar3 = new Scalar.Scalar(value2);
      }
      scalar3.range = range;
      scalar3.source = value2;
      if (type)
        scalar3.type = type;
      if (tagName)
        scalar3.tag = tagName;
      if (tag.format)
        scalar3.format = tag.format;
      if (comment)
        scalar3.comment = comment;
      return scalar3;
    }
    function findScalarTagByName(schema, value2, tagName, tagToken, onError) {
      if (tagName === "!")
        return schema[identity2.SCALAR];
      const matchWithTest = [];
      for (const tag of schema.tags) {
        if (!tag.collection && tag.tag === tagName) {
          if (tag.default && tag.test)
            matchWithTest.push(tag);
          else
            return tag;
        }
      }
      for (const tag of matchWithTest)
        if (tag.test?.test(value2))
          return tag;
      const kt = schema.knownTags[tagName];
      if (kt && !kt.collection) {
        schema.tags.push(Object.assign({}, kt, { default: false, test: void 0 }));
        return kt;
      }
      onError(tagToken, "TAG_RESOLVE_FAILED", `Unresolved tag: ${tagName}`, tagName !== "tag:yaml.org,2002:str");
      return schema[identity2.SCALAR];
    }
    function findScalarTagByTest({ atKey, directives, schema }, value2, token, onError) {
      const tag = schema.tags.find((tag2) => (tag2.default === true || atKey && tag2.default === "key") && tag2.test?.test(value2)) || schema[identity2.SCALAR];
      if (schema.compat) {
        const compat = schema.compat.find((tag2) => tag2.default && tag2.test?.test(value2)) ?? schema[identity2.SCALAR];
        if (tag.tag !== compat.tag) {
          const ts = directives.tagString(tag.tag);
          const cs = directives.tagString(compat.tag);
          const msg = `Value may be parsed as either ${ts} or ${cs}`;
          onError(token, "TAG_RESOLVE_FAILED", msg, true);
        }
      }
      return tag;
    }
    exports.composeScalar = composeScalar;
  }
});

// node_modules/yaml/dist/compose/util-empty-scalar-position.js
var require_util_empty_scalar_position = __commonJS({
  "node_modules/yaml/dist/compose/util-empty-scalar-position.js"(exports) {
    "use strict";
    function emptyScalarPosition(offset, before, pos) {
      if (before) {
        pos ?? (pos = before.length);
        for (let i = pos - 1; i >= 0; --i) {
          let st = before[i];
          switch (st.type) {
            case "space":
            case "comment":
            case "newline":
              offset -= st.source.length;
              continue;
          }
          st = before[++i];
          while (st?.type === "space") {
            offset += st.source.length;
            st = before[++i];
          }
          break;
        }
      }
      return offset;
    }
    exports.emptyScalarPosition = emptyScalarPosition;
  }
});

// node_modules/yaml/dist/compose/compose-node.js
var require_compose_node = __commonJS({
  "node_modules/yaml/dist/compose/compose-node.js"(exports) {
    "use strict";
    var Alias = require_Alias();
    var identity2 = require_identity();
    var composeCollection = require_compose_collection();
    var composeScalar = require_compose_scalar();
    var resolveEnd = require_resolve_end();
    var utilEmptyScalarPosition = require_util_empty_scalar_position();
    var CN = { composeNode, composeEmptyNode };
    function composeNode(ctx, token, props, onError) {
      const atKey = ctx.atKey;
      const { spaceBefore, comment, anchor, tag } = props;
      let node2;
      let isSrcToken = true;
      switch (token.type) {
        case "alias":
          node2 = composeAlias(ctx, token, onError);
          if (anchor || tag)
            onError(token, "ALIAS_PROPS", "An alias node must not specify any properties");
          break;
        case "scalar":
        case "single-quoted-scalar":
        case "double-quoted-scalar":
        case "block-scalar":
          node2 = composeScalar.composeScalar(ctx, token, tag, onError);
          if (anchor)
            node2.anchor = anchor.source.substring(1);
          break;
        case "block-map":
        case "block-seq":
        case "flow-collection":
          try {
            node2 = composeCollection.composeCollection(CN, ctx, token, props, onError);
            if (anchor)
              node2.anchor = anchor.source.substring(1);
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            onError(token, "RESOURCE_EXHAUSTION", message);
          }
          break;
        default: {
          const message = token.type === "error" ? token.message : `Unsupported token (type: ${token.type})`;
          onError(token, "UNEXPECTED_TOKEN", message);
          isSrcToken = false;
        }
      }
      node2 ?? (node2 = composeEmptyNode(ctx, token.offset, void 0, null, props, onError));
      if (anchor && node2.anchor === "")
        onError(anchor, "BAD_ALIAS", "Anchor cannot be an empty string");
      if (atKey && ctx.options.stringKeys && (!identity2.isScalar(node2) || typeof node2.value !== "string" || node2.tag && node2.tag !== "tag:yaml.org,2002:str")) {
        const msg = "With stringKeys, all keys must be strings";
        onError(tag ?? token, "NON_STRING_KEY", msg);
      }
      if (spaceBefore)
        node2.spaceBefore = true;
      if (comment) {
        if (token.type === "scalar" && token.source === "")
          node2.comment = comment;
        else
          node2.commentBefore = comment;
      }
      if (ctx.options.keepSourceTokens && isSrcToken)
        node2.srcToken = token;
      return node2;
    }
    function composeEmptyNode(ctx, offset, before, pos, { spaceBefore, comment, anchor, tag, end: end2 }, onError) {
      const token = {
        type: "scalar",
        offset: utilEmptyScalarPosition.emptyScalarPosition(offset, before, pos),
        indent: -1,
        source: ""
      };
      const node2 = composeScalar.composeScalar(ctx, token, tag, onError);
      if (anchor) {
        node2.anchor = anchor.source.substring(1);
        if (node2.anchor === "")
          onError(anchor, "BAD_ALIAS", "Anchor cannot be an empty string");
      }
      if (spaceBefore)
        node2.spaceBefore = true;
      if (comment) {
        node2.comment = comment;
        node2.range[2] = end2;
      }
      return node2;
    }
    function composeAlias({ options }, { offset, source: source2, end: end2 }, onError) {
      const alias = new Alias.Alias(source2.substring(1));
      if (alias.source === "")
        onError(offset, "BAD_ALIAS", "Alias cannot be an empty string");
      if (alias.source.endsWith(":"))
        onError(offset + source2.length - 1, "BAD_ALIAS", "Alias ending in : is ambiguous", true);
      const valueEnd = offset + source2.length;
      const re = resolveEnd.resolveEnd(end2, valueEnd, options.strict, onError);
      alias.range = [offset, valueEnd, re.offset];
      if (re.comment)
        alias.comment = re.comment;
      return alias;
    }
    exports.composeEmptyNode = composeEmptyNode;
    exports.composeNode = composeNode;
  }
});

// node_modules/yaml/dist/compose/compose-doc.js
var require_compose_doc = __commonJS({
  "node_modules/yaml/dist/compose/compose-doc.js"(exports) {
    "use strict";
    var Document = require_Document();
    var composeNode = require_compose_node();
    var resolveEnd = require_resolve_end();
    var resolveProps = require_resolve_props();
    function composeDoc(options, directives, { offset, start, value: value2, end: end2 }, onError) {
      const opts = Object.assign({ _directives: directives }, options);
      const doc = new Document.Document(void 0, opts);
      const ctx = {
        atKey: false,
        atRoot: true,
        directives: doc.directives,
        options: doc.options,
        schema: doc.schema
      };
      const props = resolveProps.resolveProps(start, {
        indicator: "doc-start",
        next: value2 ?? end2?.[0],
        offset,
        onError,
        parentIndent: 0,
        startOnNewline: true
      });
      if (props.found) {
        doc.directives.docStart = true;
        if (value2 && (value2.type === "block-map" || value2.type === "block-seq") && !props.hasNewline)
          onError(props.end, "MISSING_CHAR", "Block collection cannot start on same line with directives-end marker");
      }
      doc.contents = value2 ? composeNode.composeNode(ctx, value2, props, onError) : composeNode.composeEmptyNode(ctx, props.end, start, null, props, onError);
      const contentEnd = doc.contents.range[2];
      const re = resolveEnd.resolveEnd(end2, contentEnd, false, onError);
      if (re.comment)
        doc.comment = re.comment;
      doc.range = [offset, contentEnd, re.offset];
      return doc;
    }
    exports.composeDoc = composeDoc;
  }
});

// node_modules/yaml/dist/compose/composer.js
var require_composer = __commonJS({
  "node_modules/yaml/dist/compose/composer.js"(exports) {
    "use strict";
    var node_process = __require("process");
    var directives = require_directives();
    var Document = require_Document();
    var errors = require_errors();
    var identity2 = require_identity();
    var composeDoc = require_compose_doc();
    var resolveEnd = require_resolve_end();
    function getErrorPos(src) {
      if (typeof src === "number")
        return [src, src + 1];
      if (Array.isArray(src))
        return src.length === 2 ? src : [src[0], src[1]];
      const { offset, source: source2 } = src;
      return [offset, offset + (typeof source2 === "string" ? source2.length : 1)];
    }
    function parsePrelude(prelude) {
      let comment = "";
      let atComment = false;
      let afterEmptyLine = false;
      for (let i = 0; i < prelude.length; ++i) {
        const source2 = prelude[i];
        switch (source2[0]) {
          case "#":
            comment += (comment === "" ? "" : afterEmptyLine ? "\n\n" : "\n") + (source2.substring(1) || " ");
            atComment = true;
            afterEmptyLine = false;
            break;
          case "%":
            if (prelude[i + 1]?.[0] !== "#")
              i += 1;
            atComment = false;
            break;
          default:
            if (!atComment)
              afterEmptyLine = true;
            atComment = false;
        }
      }
      return { comment, afterEmptyLine };
    }
    var Composer2 = class {
      constructor(options = {}) {
        this.doc = null;
        this.atDirectives = false;
        this.prelude = [];
        this.errors = [];
        this.warnings = [];
        this.onError = (source2, code2, message, warning) => {
          const pos = getErrorPos(source2);
          if (warning)
            this.warnings.push(new errors.YAMLWarning(pos, code2, message));
          else
            this.errors.push(new errors.YAMLParseError(pos, code2, message));
        };
        this.directives = new directives.Directives({ version: options.version || "1.2" });
        this.options = options;
      }
      decorate(doc, afterDoc) {
        const { comment, afterEmptyLine } = parsePrelude(this.prelude);
        if (comment) {
          const dc = doc.contents;
          if (afterDoc) {
            doc.comment = doc.comment ? `${doc.comment}
${comment}` : comment;
          } else if (afterEmptyLine || doc.directives.docStart || !dc) {
            doc.commentBefore = comment;
          } else if (identity2.isCollection(dc) && !dc.flow && dc.items.length > 0) {
            let it = dc.items[0];
            if (identity2.isPair(it))
              it = it.key;
            const cb = it.commentBefore;
            it.commentBefore = cb ? `${comment}
${cb}` : comment;
          } else {
            const cb = dc.commentBefore;
            dc.commentBefore = cb ? `${comment}
${cb}` : comment;
          }
        }
        if (afterDoc) {
          for (let i = 0; i < this.errors.length; ++i)
            doc.errors.push(this.errors[i]);
          for (let i = 0; i < this.warnings.length; ++i)
            doc.warnings.push(this.warnings[i]);
        } else {
          doc.errors = this.errors;
          doc.warnings = this.warnings;
        }
        this.prelude = [];
        this.errors = [];
        this.warnings = [];
      }
      /**
       * Current stream status information.
       *
       * Mostly useful at the end of input for an empty stream.
       */
      streamInfo() {
        return {
          comment: parsePrelude(this.prelude).comment,
          directives: this.directives,
          errors: this.errors,
          warnings: this.warnings
        };
      }
      /**
       * Compose tokens into documents.
       *
       * @param forceDoc - If the stream contains no document, still emit a final document including any comments and directives that would be applied to a subsequent document.
       * @param endOffset - Should be set if `forceDoc` is also set, to set the document range end and to indicate errors correctly.
       */
      *compose(tokens, forceDoc = false, endOffset = -1) {
        for (const token of tokens)
          yield* this.next(token);
        yield* this.end(forceDoc, endOffset);
      }
      /** Advance the composer by one CST token. */
      *next(token) {
        if (node_process.env.LOG_STREAM)
          console.dir(token, { depth: null });
        switch (token.type) {
          case "directive":
            this.directives.add(token.source, (offset, message, warning) => {
              const pos = getErrorPos(token);
              pos[0] += offset;
              this.onError(pos, "BAD_DIRECTIVE", message, warning);
            });
            this.prelude.push(token.source);
            this.atDirectives = true;
            break;
          case "document": {
            const doc = composeDoc.composeDoc(this.options, this.directives, token, this.onError);
            if (this.atDirectives && !doc.directives.docStart)
              this.onError(token, "MISSING_CHAR", "Missing directives-end/doc-start indicator line");
            this.decorate(doc, false);
            if (this.doc)
              yield this.doc;
            this.doc = doc;
            this.atDirectives = false;
            break;
          }
          case "byte-order-mark":
          case "space":
            break;
          case "comment":
          case "newline":
            this.prelude.push(token.source);
            break;
          case "error": {
            const msg = token.source ? `${token.message}: ${JSON.stringify(token.source)}` : token.message;
            const error = new errors.YAMLParseError(getErrorPos(token), "UNEXPECTED_TOKEN", msg);
            if (this.atDirectives || !this.doc)
              this.errors.push(error);
            else
              this.doc.errors.push(error);
            break;
          }
          case "doc-end": {
            if (!this.doc) {
              const msg = "Unexpected doc-end without preceding document";
              this.errors.push(new errors.YAMLParseError(getErrorPos(token), "UNEXPECTED_TOKEN", msg));
              break;
            }
            this.doc.directives.docEnd = true;
            const end2 = resolveEnd.resolveEnd(token.end, token.offset + token.source.length, this.doc.options.strict, this.onError);
            this.decorate(this.doc, true);
            if (end2.comment) {
              const dc = this.doc.comment;
              this.doc.comment = dc ? `${dc}
${end2.comment}` : end2.comment;
            }
            this.doc.range[2] = end2.offset;
            break;
          }
          default:
            this.errors.push(new errors.YAMLParseError(getErrorPos(token), "UNEXPECTED_TOKEN", `Unsupported token ${token.type}`));
        }
      }
      /**
       * Call at end of input to yield any remaining document.
       *
       * @param forceDoc - If the stream contains no document, still emit a final document including any comments and directives that would be applied to a subsequent document.
       * @param endOffset - Should be set if `forceDoc` is also set, to set the document range end and to indicate errors correctly.
       */
      *end(forceDoc = false, endOffset = -1) {
        if (this.doc) {
          this.decorate(this.doc, true);
          yield this.doc;
          this.doc = null;
        } else if (forceDoc) {
          const opts = Object.assign({ _directives: this.directives }, this.options);
          const doc = new Document.Document(void 0, opts);
          if (this.atDirectives)
            this.onError(endOffset, "MISSING_CHAR", "Missing directives-end indicator line");
          doc.range = [0, endOffset, endOffset];
          this.decorate(doc, false);
          yield doc;
        }
      }
    };
    exports.Composer = Composer2;
  }
});

// node_modules/yaml/dist/parse/cst-scalar.js
var require_cst_scalar = __commonJS({
  "node_modules/yaml/dist/parse/cst-scalar.js"(exports) {
    "use strict";
    var resolveBlockScalar = require_resolve_block_scalar();
    var resolveFlowScalar = require_resolve_flow_scalar();
    var errors = require_errors();
    var stringifyString = require_stringifyString();
    function resolveAsScalar(token, strict = true, onError) {
      if (token) {
        const _onError = (pos, code2, message) => {
          const offset = typeof pos === "number" ? pos : Array.isArray(pos) ? pos[0] : pos.offset;
          if (onError)
            onError(offset, code2, message);
          else
            throw new errors.YAMLParseError([offset, offset + 1], code2, message);
        };
        switch (token.type) {
          case "scalar":
          case "single-quoted-scalar":
          case "double-quoted-scalar":
            return resolveFlowScalar.resolveFlowScalar(token, strict, _onError);
          case "block-scalar":
            return resolveBlockScalar.resolveBlockScalar({ options: { strict } }, token, _onError);
        }
      }
      return null;
    }
    function createScalarToken(value2, context) {
      const { implicitKey = false, indent, inFlow = false, offset = -1, type = "PLAIN" } = context;
      const source2 = stringifyString.stringifyString({ type, value: value2 }, {
        implicitKey,
        indent: indent > 0 ? " ".repeat(indent) : "",
        inFlow,
        options: { blockQuote: true, lineWidth: -1 }
      });
      const end2 = context.end ?? [
        { type: "newline", offset: -1, indent, source: "\n" }
      ];
      switch (source2[0]) {
        case "|":
        case ">": {
          const he = source2.indexOf("\n");
          const head = source2.substring(0, he);
          const body = source2.substring(he + 1) + "\n";
          const props = [
            { type: "block-scalar-header", offset, indent, source: head }
          ];
          if (!addEndtoBlockProps(props, end2))
            props.push({ type: "newline", offset: -1, indent, source: "\n" });
          return { type: "block-scalar", offset, indent, props, source: body };
        }
        case '"':
          return { type: "double-quoted-scalar", offset, indent, source: source2, end: end2 };
        case "'":
          return { type: "single-quoted-scalar", offset, indent, source: source2, end: end2 };
        default:
          return { type: "scalar", offset, indent, source: source2, end: end2 };
      }
    }
    function setScalarValue(token, value2, context = {}) {
      let { afterKey = false, implicitKey = false, inFlow = false, type } = context;
      let indent = "indent" in token ? token.indent : null;
      if (afterKey && typeof indent === "number")
        indent += 2;
      if (!type)
        switch (token.type) {
          case "single-quoted-scalar":
            type = "QUOTE_SINGLE";
            break;
          case "double-quoted-scalar":
            type = "QUOTE_DOUBLE";
            break;
          case "block-scalar": {
            const header = token.props[0];
            if (header.type !== "block-scalar-header")
              throw new Error("Invalid block scalar header");
            type = header.source[0] === ">" ? "BLOCK_FOLDED" : "BLOCK_LITERAL";
            break;
          }
          default:
            type = "PLAIN";
        }
      const source2 = stringifyString.stringifyString({ type, value: value2 }, {
        implicitKey: implicitKey || indent === null,
        indent: indent !== null && indent > 0 ? " ".repeat(indent) : "",
        inFlow,
        options: { blockQuote: true, lineWidth: -1 }
      });
      switch (source2[0]) {
        case "|":
        case ">":
          setBlockScalarValue(token, source2);
          break;
        case '"':
          setFlowScalarValue(token, source2, "double-quoted-scalar");
          break;
        case "'":
          setFlowScalarValue(token, source2, "single-quoted-scalar");
          break;
        default:
          setFlowScalarValue(token, source2, "scalar");
      }
    }
    function setBlockScalarValue(token, source2) {
      const he = source2.indexOf("\n");
      const head = source2.substring(0, he);
      const body = source2.substring(he + 1) + "\n";
      if (token.type === "block-scalar") {
        const header = token.props[0];
        if (header.type !== "block-scalar-header")
          throw new Error("Invalid block scalar header");
        header.source = head;
        token.source = body;
      } else {
        const { offset } = token;
        const indent = "indent" in token ? token.indent : -1;
        const props = [
          { type: "block-scalar-header", offset, indent, source: head }
        ];
        if (!addEndtoBlockProps(props, "end" in token ? token.end : void 0))
          props.push({ type: "newline", offset: -1, indent, source: "\n" });
        for (const key of Object.keys(token))
          if (key !== "type" && key !== "offset")
            delete token[key];
        Object.assign(token, { type: "block-scalar", indent, props, source: body });
      }
    }
    function addEndtoBlockProps(props, end2) {
      if (end2)
        for (const st of end2)
          switch (st.type) {
            case "space":
            case "comment":
              props.push(st);
              break;
            case "newline":
              props.push(st);
              return true;
          }
      return false;
    }
    function setFlowScalarValue(token, source2, type) {
      switch (token.type) {
        case "scalar":
        case "double-quoted-scalar":
        case "single-quoted-scalar":
          token.type = type;
          token.source = source2;
          break;
        case "block-scalar": {
          const end2 = token.props.slice(1);
          let oa = source2.length;
          if (token.props[0].type === "block-scalar-header")
            oa -= token.props[0].source.length;
          for (const tok of end2)
            tok.offset += oa;
          delete token.props;
          Object.assign(token, { type, source: source2, end: end2 });
          break;
        }
        case "block-map":
        case "block-seq": {
          const offset = token.offset + source2.length;
          const nl = { type: "newline", offset, indent: token.indent, source: "\n" };
          delete token.items;
          Object.assign(token, { type, source: source2, end: [nl] });
          break;
        }
        default: {
          const indent = "indent" in token ? token.indent : -1;
          const end2 = "end" in token && Array.isArray(token.end) ? token.end.filter((st) => st.type === "space" || st.type === "comment" || st.type === "newline") : [];
          for (const key of Object.keys(token))
            if (key !== "type" && key !== "offset")
              delete token[key];
          Object.assign(token, { type, indent, source: source2, end: end2 });
        }
      }
    }
    exports.createScalarToken = createScalarToken;
    exports.resolveAsScalar = resolveAsScalar;
    exports.setScalarValue = setScalarValue;
  }
});

// node_modules/yaml/dist/parse/cst-stringify.js
var require_cst_stringify = __commonJS({
  "node_modules/yaml/dist/parse/cst-stringify.js"(exports) {
    "use strict";
    var stringify = (cst) => "type" in cst ? stringifyToken(cst) : stringifyItem(cst);
    function stringifyToken(token) {
      switch (token.type) {
        case "block-scalar": {
          let res = "";
          for (const tok of token.props)
            res += stringifyToken(tok);
          return res + token.source;
        }
        case "block-map":
        case "block-seq": {
          let res = "";
          for (const item of token.items)
            res += stringifyItem(item);
          return res;
        }
        case "flow-collection": {
          let res = token.start.source;
          for (const item of token.items)
            res += stringifyItem(item);
          for (const st of token.end)
            res += st.source;
          return res;
        }
        case "document": {
          let res = stringifyItem(token);
          if (token.end)
            for (const st of token.end)
              res += st.source;
          return res;
        }
        default: {
          let res = token.source;
          if ("end" in token && token.end)
            for (const st of token.end)
              res += st.source;
          return res;
        }
      }
    }
    function stringifyItem({ start, key, sep: sep4, value: value2 }) {
      let res = "";
      for (const st of start)
        res += st.source;
      if (key)
        res += stringifyToken(key);
      if (sep4)
        for (const st of sep4)
          res += st.source;
      if (value2)
        res += stringifyToken(value2);
      return res;
    }
    exports.stringify = stringify;
  }
});

// node_modules/yaml/dist/parse/cst-visit.js
var require_cst_visit = __commonJS({
  "node_modules/yaml/dist/parse/cst-visit.js"(exports) {
    "use strict";
    var BREAK = /* @__PURE__ */ Symbol("break visit");
    var SKIP = /* @__PURE__ */ Symbol("skip children");
    var REMOVE = /* @__PURE__ */ Symbol("remove item");
    function visit(cst, visitor) {
      if ("type" in cst && cst.type === "document")
        cst = { start: cst.start, value: cst.value };
      _visit(Object.freeze([]), cst, visitor);
    }
    visit.BREAK = BREAK;
    visit.SKIP = SKIP;
    visit.REMOVE = REMOVE;
    visit.itemAtPath = (cst, path) => {
      let item = cst;
      for (const [field, index] of path) {
        const tok = item?.[field];
        if (tok && "items" in tok) {
          item = tok.items[index];
        } else
          return void 0;
      }
      return item;
    };
    visit.parentCollection = (cst, path) => {
      const parent = visit.itemAtPath(cst, path.slice(0, -1));
      const field = path[path.length - 1][0];
      const coll = parent?.[field];
      if (coll && "items" in coll)
        return coll;
      throw new Error("Parent collection not found");
    };
    function _visit(path, item, visitor) {
      let ctrl = visitor(item, path);
      if (typeof ctrl === "symbol")
        return ctrl;
      for (const field of ["key", "value"]) {
        const token = item[field];
        if (token && "items" in token) {
          for (let i = 0; i < token.items.length; ++i) {
            const ci = _visit(Object.freeze(path.concat([[field, i]])), token.items[i], visitor);
            if (typeof ci === "number")
              i = ci - 1;
            else if (ci === BREAK)
              return BREAK;
            else if (ci === REMOVE) {
              token.items.splice(i, 1);
              i -= 1;
            }
          }
          if (typeof ctrl === "function" && field === "key")
            ctrl = ctrl(item, path);
        }
      }
      return typeof ctrl === "function" ? ctrl(item, path) : ctrl;
    }
    exports.visit = visit;
  }
});

// node_modules/yaml/dist/parse/cst.js
var require_cst = __commonJS({
  "node_modules/yaml/dist/parse/cst.js"(exports) {
    "use strict";
    var cstScalar = require_cst_scalar();
    var cstStringify = require_cst_stringify();
    var cstVisit = require_cst_visit();
    var BOM = "\uFEFF";
    var DOCUMENT = "";
    var FLOW_END = "";
    var SCALAR = "";
    var isCollection = (token) => !!token && "items" in token;
    var isScalar2 = (token) => !!token && (token.type === "scalar" || token.type === "single-quoted-scalar" || token.type === "double-quoted-scalar" || token.type === "block-scalar");
    function prettyToken(token) {
      switch (token) {
        case BOM:
          return "<BOM>";
        case DOCUMENT:
          return "<DOC>";
        case FLOW_END:
          return "<FLOW_END>";
        case SCALAR:
          return "<SCALAR>";
        default:
          return JSON.stringify(token);
      }
    }
    function tokenType(source2) {
      switch (source2) {
        case BOM:
          return "byte-order-mark";
        case DOCUMENT:
          return "doc-mode";
        case FLOW_END:
          return "flow-error-end";
        case SCALAR:
          return "scalar";
        case "---":
          return "doc-start";
        case "...":
          return "doc-end";
        case "":
        case "\n":
        case "\r\n":
          return "newline";
        case "-":
          return "seq-item-ind";
        case "?":
          return "explicit-key-ind";
        case ":":
          return "map-value-ind";
        case "{":
          return "flow-map-start";
        case "}":
          return "flow-map-end";
        case "[":
          return "flow-seq-start";
        case "]":
          return "flow-seq-end";
        case ",":
          return "comma";
      }
      switch (source2[0]) {
        case " ":
        case "	":
          return "space";
        case "#":
          return "comment";
        case "%":
          return "directive-line";
        case "*":
          return "alias";
        case "&":
          return "anchor";
        case "!":
          return "tag";
        case "'":
          return "single-quoted-scalar";
        case '"':
          return "double-quoted-scalar";
        case "|":
        case ">":
          return "block-scalar-header";
      }
      return null;
    }
    exports.createScalarToken = cstScalar.createScalarToken;
    exports.resolveAsScalar = cstScalar.resolveAsScalar;
    exports.setScalarValue = cstScalar.setScalarValue;
    exports.stringify = cstStringify.stringify;
    exports.visit = cstVisit.visit;
    exports.BOM = BOM;
    exports.DOCUMENT = DOCUMENT;
    exports.FLOW_END = FLOW_END;
    exports.SCALAR = SCALAR;
    exports.isCollection = isCollection;
    exports.isScalar = isScalar2;
    exports.prettyToken = prettyToken;
    exports.tokenType = tokenType;
  }
});

// node_modules/yaml/dist/parse/lexer.js
var require_lexer = __commonJS({
  "node_modules/yaml/dist/parse/lexer.js"(exports) {
    "use strict";
    var cst = require_cst();
    function isEmpty2(ch) {
      switch (ch) {
        case void 0:
        case " ":
        case "\n":
        case "\r":
        case "	":
          return true;
        default:
          return false;
      }
    }
    var hexDigits = new Set("0123456789ABCDEFabcdef");
    var tagChars = new Set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-#;/?:@&=+$_.!~*'()");
    var flowIndicatorChars = new Set(",[]{}");
    var invalidAnchorChars = new Set(" ,[]{}\n\r	");
    var isNotAnchorChar = (ch) => !ch || invalidAnchorChars.has(ch);
    var Lexer2 = class {
      constructor() {
        this.atEnd = false;
        this.blockScalarIndent = -1;
        this.blockScalarKeep = false;
        this.buffer = "";
        this.flowKey = false;
        this.flowLevel = 0;
        this.indentNext = 0;
        this.indentValue = 0;
        this.lineEndPos = null;
        this.next = null;
        this.pos = 0;
      }
      /**
       * Generate YAML tokens from the `source` string. If `incomplete`,
       * a part of the last line may be left as a buffer for the next call.
       *
       * @returns A generator of lexical tokens
       */
      *lex(source2, incomplete = false) {
        if (source2) {
          if (typeof source2 !== "string")
            throw TypeError("source is not a string");
          this.buffer = this.buffer ? this.buffer + source2 : source2;
          this.lineEndPos = null;
        }
        this.atEnd = !incomplete;
        let next = this.next ?? "stream";
        while (next && (incomplete || this.hasChars(1)))
          next = yield* this.parseNext(next);
      }
      atLineEnd() {
        let i = this.pos;
        let ch = this.buffer[i];
        while (ch === " " || ch === "	")
          ch = this.buffer[++i];
        if (!ch || ch === "#" || ch === "\n")
          return true;
        if (ch === "\r")
          return this.buffer[i + 1] === "\n";
        return false;
      }
      charAt(n) {
        return this.buffer[this.pos + n];
      }
      continueScalar(offset) {
        let ch = this.buffer[offset];
        if (this.indentNext > 0) {
          let indent = 0;
          while (ch === " ")
            ch = this.buffer[++indent + offset];
          if (ch === "\r") {
            const next = this.buffer[indent + offset + 1];
            if (next === "\n" || !next && !this.atEnd)
              return offset + indent + 1;
          }
          return ch === "\n" || indent >= this.indentNext || !ch && !this.atEnd ? offset + indent : -1;
        }
        if (ch === "-" || ch === ".") {
          const dt = this.buffer.substr(offset, 3);
          if ((dt === "---" || dt === "...") && isEmpty2(this.buffer[offset + 3]))
            return -1;
        }
        return offset;
      }
      getLine() {
        let end2 = this.lineEndPos;
        if (typeof end2 !== "number" || end2 !== -1 && end2 < this.pos) {
          end2 = this.buffer.indexOf("\n", this.pos);
          this.lineEndPos = end2;
        }
        if (end2 === -1)
          return this.atEnd ? this.buffer.substring(this.pos) : null;
        if (this.buffer[end2 - 1] === "\r")
          end2 -= 1;
        return this.buffer.substring(this.pos, end2);
      }
      hasChars(n) {
        return this.pos + n <= this.buffer.length;
      }
      setNext(state) {
        this.buffer = this.buffer.substring(this.pos);
        this.pos = 0;
        this.lineEndPos = null;
        this.next = state;
        return null;
      }
      peek(n) {
        return this.buffer.substr(this.pos, n);
      }
      *parseNext(next) {
        switch (next) {
          case "stream":
            return yield* this.parseStream();
          case "line-start":
            return yield* this.parseLineStart();
          case "block-start":
            return yield* this.parseBlockStart();
          case "doc":
            return yield* this.parseDocument();
          case "flow":
            return yield* this.parseFlowCollection();
          case "quoted-scalar":
            return yield* this.parseQuotedScalar();
          case "block-scalar":
            return yield* this.parseBlockScalar();
          case "plain-scalar":
            return yield* this.parsePlainScalar();
        }
      }
      *parseStream() {
        let line = this.getLine();
        if (line === null)
          return this.setNext("stream");
        if (line[0] === cst.BOM) {
          yield* this.pushCount(1);
          line = line.substring(1);
        }
        if (line[0] === "%") {
          let dirEnd = line.length;
          let cs = line.indexOf("#");
          while (cs !== -1) {
            const ch = line[cs - 1];
            if (ch === " " || ch === "	") {
              dirEnd = cs - 1;
              break;
            } else {
              cs = line.indexOf("#", cs + 1);
            }
          }
          while (true) {
            const ch = line[dirEnd - 1];
            if (ch === " " || ch === "	")
              dirEnd -= 1;
            else
              break;
          }
          const n = (yield* this.pushCount(dirEnd)) + (yield* this.pushSpaces(true));
          yield* this.pushCount(line.length - n);
          this.pushNewline();
          return "stream";
        }
        if (this.atLineEnd()) {
          const sp = yield* this.pushSpaces(true);
          yield* this.pushCount(line.length - sp);
          yield* this.pushNewline();
          return "stream";
        }
        yield cst.DOCUMENT;
        return yield* this.parseLineStart();
      }
      *parseLineStart() {
        const ch = this.charAt(0);
        if (!ch && !this.atEnd)
          return this.setNext("line-start");
        if (ch === "-" || ch === ".") {
          if (!this.atEnd && !this.hasChars(4))
            return this.setNext("line-start");
          const s = this.peek(3);
          if ((s === "---" || s === "...") && isEmpty2(this.charAt(3))) {
            yield* this.pushCount(3);
            this.indentValue = 0;
            this.indentNext = 0;
            return s === "---" ? "doc" : "stream";
          }
        }
        this.indentValue = yield* this.pushSpaces(false);
        if (this.indentNext > this.indentValue && !isEmpty2(this.charAt(1)))
          this.indentNext = this.indentValue;
        return yield* this.parseBlockStart();
      }
      *parseBlockStart() {
        const [ch0, ch1] = this.peek(2);
        if (!ch1 && !this.atEnd)
          return this.setNext("block-start");
        if ((ch0 === "-" || ch0 === "?" || ch0 === ":") && isEmpty2(ch1)) {
          const n = (yield* this.pushCount(1)) + (yield* this.pushSpaces(true));
          this.indentNext = this.indentValue + 1;
          this.indentValue += n;
          return "block-start";
        }
        return "doc";
      }
      *parseDocument() {
        yield* this.pushSpaces(true);
        const line = this.getLine();
        if (line === null)
          return this.setNext("doc");
        let n = yield* this.pushIndicators();
        switch (line[n]) {
          case "#":
            yield* this.pushCount(line.length - n);
          // fallthrough
          case void 0:
            yield* this.pushNewline();
            return yield* this.parseLineStart();
          case "{":
          case "[":
            yield* this.pushCount(1);
            this.flowKey = false;
            this.flowLevel = 1;
            return "flow";
          case "}":
          case "]":
            yield* this.pushCount(1);
            return "doc";
          case "*":
            yield* this.pushUntil(isNotAnchorChar);
            return "doc";
          case '"':
          case "'":
            return yield* this.parseQuotedScalar();
          case "|":
          case ">":
            n += yield* this.parseBlockScalarHeader();
            n += yield* this.pushSpaces(true);
            yield* this.pushCount(line.length - n);
            yield* this.pushNewline();
            return yield* this.parseBlockScalar();
          default:
            return yield* this.parsePlainScalar();
        }
      }
      *parseFlowCollection() {
        let nl, sp;
        let indent = -1;
        do {
          nl = yield* this.pushNewline();
          if (nl > 0) {
            sp = yield* this.pushSpaces(false);
            this.indentValue = indent = sp;
          } else {
            sp = 0;
          }
          sp += yield* this.pushSpaces(true);
        } while (nl + sp > 0);
        const line = this.getLine();
        if (line === null)
          return this.setNext("flow");
        if (indent !== -1 && indent < this.indentNext && line[0] !== "#" || indent === 0 && (line.startsWith("---") || line.startsWith("...")) && isEmpty2(line[3])) {
          const atFlowEndMarker = indent === this.indentNext - 1 && this.flowLevel === 1 && (line[0] === "]" || line[0] === "}");
          if (!atFlowEndMarker) {
            this.flowLevel = 0;
            yield cst.FLOW_END;
            return yield* this.parseLineStart();
          }
        }
        let n = 0;
        while (line[n] === ",") {
          n += yield* this.pushCount(1);
          n += yield* this.pushSpaces(true);
          this.flowKey = false;
        }
        n += yield* this.pushIndicators();
        switch (line[n]) {
          case void 0:
            return "flow";
          case "#":
            yield* this.pushCount(line.length - n);
            return "flow";
          case "{":
          case "[":
            yield* this.pushCount(1);
            this.flowKey = false;
            this.flowLevel += 1;
            return "flow";
          case "}":
          case "]":
            yield* this.pushCount(1);
            this.flowKey = true;
            this.flowLevel -= 1;
            return this.flowLevel ? "flow" : "doc";
          case "*":
            yield* this.pushUntil(isNotAnchorChar);
            return "flow";
          case '"':
          case "'":
            this.flowKey = true;
            return yield* this.parseQuotedScalar();
          case ":": {
            const next = this.charAt(1);
            if (this.flowKey || isEmpty2(next) || next === ",") {
              this.flowKey = false;
              yield* this.pushCount(1);
              yield* this.pushSpaces(true);
              return "flow";
            }
          }
          // fallthrough
          default:
            this.flowKey = false;
            return yield* this.parsePlainScalar();
        }
      }
      *parseQuotedScalar() {
        const quote = this.charAt(0);
        let end2 = this.buffer.indexOf(quote, this.pos + 1);
        if (quote === "'") {
          while (end2 !== -1 && this.buffer[end2 + 1] === "'")
            end2 = this.buffer.indexOf("'", end2 + 2);
        } else {
          while (end2 !== -1) {
            let n = 0;
            while (this.buffer[end2 - 1 - n] === "\\")
              n += 1;
            if (n % 2 === 0)
              break;
            end2 = this.buffer.indexOf('"', end2 + 1);
          }
        }
        const qb = this.buffer.substring(0, end2);
        let nl = qb.indexOf("\n", this.pos);
        if (nl !== -1) {
          while (nl !== -1) {
            const cs = this.continueScalar(nl + 1);
            if (cs === -1)
              break;
            nl = qb.indexOf("\n", cs);
          }
          if (nl !== -1) {
            end2 = nl - (qb[nl - 1] === "\r" ? 2 : 1);
          }
        }
        if (end2 === -1) {
          if (!this.atEnd)
            return this.setNext("quoted-scalar");
          end2 = this.buffer.length;
        }
        yield* this.pushToIndex(end2 + 1, false);
        return this.flowLevel ? "flow" : "doc";
      }
      *parseBlockScalarHeader() {
        this.blockScalarIndent = -1;
        this.blockScalarKeep = false;
        let i = this.pos;
        while (true) {
          const ch = this.buffer[++i];
          if (ch === "+")
            this.blockScalarKeep = true;
          else if (ch > "0" && ch <= "9")
            this.blockScalarIndent = Number(ch) - 1;
          else if (ch !== "-")
            break;
        }
        return yield* this.pushUntil((ch) => isEmpty2(ch) || ch === "#");
      }
      *parseBlockScalar() {
        let nl = this.pos - 1;
        let indent = 0;
        let ch;
        loop: for (let i2 = this.pos; ch = this.buffer[i2]; ++i2) {
          switch (ch) {
            case " ":
              indent += 1;
              break;
            case "\n":
              nl = i2;
              indent = 0;
              break;
            case "\r": {
              const next = this.buffer[i2 + 1];
              if (!next && !this.atEnd)
                return this.setNext("block-scalar");
              if (next === "\n")
                break;
            }
            // fallthrough
            default:
              break loop;
          }
        }
        if (!ch && !this.atEnd)
          return this.setNext("block-scalar");
        if (indent >= this.indentNext) {
          if (this.blockScalarIndent === -1)
            this.indentNext = indent;
          else {
            this.indentNext = this.blockScalarIndent + (this.indentNext === 0 ? 1 : this.indentNext);
          }
          do {
            const cs = this.continueScalar(nl + 1);
            if (cs === -1)
              break;
            nl = this.buffer.indexOf("\n", cs);
          } while (nl !== -1);
          if (nl === -1) {
            if (!this.atEnd)
              return this.setNext("block-scalar");
            nl = this.buffer.length;
          }
        }
        let i = nl + 1;
        ch = this.buffer[i];
        while (ch === " ")
          ch = this.buffer[++i];
        if (ch === "	") {
          while (ch === "	" || ch === " " || ch === "\r" || ch === "\n")
            ch = this.buffer[++i];
          nl = i - 1;
        } else if (!this.blockScalarKeep) {
          do {
            let i2 = nl - 1;
            let ch2 = this.buffer[i2];
            if (ch2 === "\r")
              ch2 = this.buffer[--i2];
            const lastChar = i2;
            while (ch2 === " ")
              ch2 = this.buffer[--i2];
            if (ch2 === "\n" && i2 >= this.pos && i2 + 1 + indent > lastChar)
              nl = i2;
            else
              break;
          } while (true);
        }
        yield cst.SCALAR;
        yield* this.pushToIndex(nl + 1, true);
        return yield* this.parseLineStart();
      }
      *parsePlainScalar() {
        const inFlow = this.flowLevel > 0;
        let end2 = this.pos - 1;
        let i = this.pos - 1;
        let ch;
        while (ch = this.buffer[++i]) {
          if (ch === ":") {
            const next = this.buffer[i + 1];
            if (isEmpty2(next) || inFlow && flowIndicatorChars.has(next))
              break;
            end2 = i;
          } else if (isEmpty2(ch)) {
            let next = this.buffer[i + 1];
            if (ch === "\r") {
              if (next === "\n") {
                i += 1;
                ch = "\n";
                next = this.buffer[i + 1];
              } else
                end2 = i;
            }
            if (next === "#" || inFlow && flowIndicatorChars.has(next))
              break;
            if (ch === "\n") {
              const cs = this.continueScalar(i + 1);
              if (cs === -1)
                break;
              i = Math.max(i, cs - 2);
            }
          } else {
            if (inFlow && flowIndicatorChars.has(ch))
              break;
            end2 = i;
          }
        }
        if (!ch && !this.atEnd)
          return this.setNext("plain-scalar");
        yield cst.SCALAR;
        yield* this.pushToIndex(end2 + 1, true);
        return inFlow ? "flow" : "doc";
      }
      *pushCount(n) {
        if (n > 0) {
          yield this.buffer.substr(this.pos, n);
          this.pos += n;
          return n;
        }
        return 0;
      }
      *pushToIndex(i, allowEmpty) {
        const s = this.buffer.slice(this.pos, i);
        if (s) {
          yield s;
          this.pos += s.length;
          return s.length;
        } else if (allowEmpty)
          yield "";
        return 0;
      }
      *pushIndicators() {
        let n = 0;
        loop: while (true) {
          switch (this.charAt(0)) {
            case "!":
              n += yield* this.pushTag();
              n += yield* this.pushSpaces(true);
              continue loop;
            case "&":
              n += yield* this.pushUntil(isNotAnchorChar);
              n += yield* this.pushSpaces(true);
              continue loop;
            case "-":
            // this is an error
            case "?":
            // this is an error outside flow collections
            case ":": {
              const inFlow = this.flowLevel > 0;
              const ch1 = this.charAt(1);
              if (isEmpty2(ch1) || inFlow && flowIndicatorChars.has(ch1)) {
                if (!inFlow)
                  this.indentNext = this.indentValue + 1;
                else if (this.flowKey)
                  this.flowKey = false;
                n += yield* this.pushCount(1);
                n += yield* this.pushSpaces(true);
                continue loop;
              }
            }
          }
          break loop;
        }
        return n;
      }
      *pushTag() {
        if (this.charAt(1) === "<") {
          let i = this.pos + 2;
          let ch = this.buffer[i];
          while (!isEmpty2(ch) && ch !== ">")
            ch = this.buffer[++i];
          return yield* this.pushToIndex(ch === ">" ? i + 1 : i, false);
        } else {
          let i = this.pos + 1;
          let ch = this.buffer[i];
          while (ch) {
            if (tagChars.has(ch))
              ch = this.buffer[++i];
            else if (ch === "%" && hexDigits.has(this.buffer[i + 1]) && hexDigits.has(this.buffer[i + 2])) {
              ch = this.buffer[i += 3];
            } else
              break;
          }
          return yield* this.pushToIndex(i, false);
        }
      }
      *pushNewline() {
        const ch = this.buffer[this.pos];
        if (ch === "\n")
          return yield* this.pushCount(1);
        else if (ch === "\r" && this.charAt(1) === "\n")
          return yield* this.pushCount(2);
        else
          return 0;
      }
      *pushSpaces(allowTabs) {
        let i = this.pos - 1;
        let ch;
        do {
          ch = this.buffer[++i];
        } while (ch === " " || allowTabs && ch === "	");
        const n = i - this.pos;
        if (n > 0) {
          yield this.buffer.substr(this.pos, n);
          this.pos = i;
        }
        return n;
      }
      *pushUntil(test2) {
        let i = this.pos;
        let ch = this.buffer[i];
        while (!test2(ch))
          ch = this.buffer[++i];
        return yield* this.pushToIndex(i, false);
      }
    };
    exports.Lexer = Lexer2;
  }
});

// node_modules/yaml/dist/parse/line-counter.js
var require_line_counter = __commonJS({
  "node_modules/yaml/dist/parse/line-counter.js"(exports) {
    "use strict";
    var LineCounter = class {
      constructor() {
        this.lineStarts = [];
        this.addNewLine = (offset) => this.lineStarts.push(offset);
        this.linePos = (offset) => {
          let low = 0;
          let high2 = this.lineStarts.length;
          while (low < high2) {
            const mid = low + high2 >> 1;
            if (this.lineStarts[mid] < offset)
              low = mid + 1;
            else
              high2 = mid;
          }
          if (this.lineStarts[low] === offset)
            return { line: low + 1, col: 1 };
          if (low === 0)
            return { line: 0, col: offset };
          const start = this.lineStarts[low - 1];
          return { line: low, col: offset - start + 1 };
        };
      }
    };
    exports.LineCounter = LineCounter;
  }
});

// node_modules/yaml/dist/parse/parser.js
var require_parser = __commonJS({
  "node_modules/yaml/dist/parse/parser.js"(exports) {
    "use strict";
    var node_process = __require("process");
    var cst = require_cst();
    var lexer = require_lexer();
    function includesToken(list, type) {
      for (let i = 0; i < list.length; ++i)
        if (list[i].type === type)
          return true;
      return false;
    }
    function findNonEmptyIndex(list) {
      for (let i = 0; i < list.length; ++i) {
        switch (list[i].type) {
          case "space":
          case "comment":
          case "newline":
            break;
          default:
            return i;
        }
      }
      return -1;
    }
    function isFlowToken(token) {
      switch (token?.type) {
        case "alias":
        case "scalar":
        case "single-quoted-scalar":
        case "double-quoted-scalar":
        case "flow-collection":
          return true;
        default:
          return false;
      }
    }
    function getPrevProps(parent) {
      switch (parent.type) {
        case "document":
          return parent.start;
        case "block-map": {
          const it = parent.items[parent.items.length - 1];
          return it.sep ?? it.start;
        }
        case "block-seq":
          return parent.items[parent.items.length - 1].start;
        /* istanbul ignore next should not happen */
        default:
          return [];
      }
    }
    function getFirstKeyStartProps(prev) {
      if (prev.length === 0)
        return [];
      let i = prev.length;
      loop: while (--i >= 0) {
        switch (prev[i].type) {
          case "doc-start":
          case "explicit-key-ind":
          case "map-value-ind":
          case "seq-item-ind":
          case "newline":
            break loop;
        }
      }
      while (prev[++i]?.type === "space") {
      }
      return prev.splice(i, prev.length);
    }
    function arrayPushArray(target, source2) {
      if (source2.length < 1e5)
        Array.prototype.push.apply(target, source2);
      else
        for (let i = 0; i < source2.length; ++i)
          target.push(source2[i]);
    }
    function fixFlowSeqItems(fc) {
      if (fc.start.type === "flow-seq-start") {
        for (const it of fc.items) {
          if (it.sep && !it.value && !includesToken(it.start, "explicit-key-ind") && !includesToken(it.sep, "map-value-ind")) {
            if (it.key)
              it.value = it.key;
            delete it.key;
            if (isFlowToken(it.value)) {
              if (it.value.end)
                arrayPushArray(it.value.end, it.sep);
              else
                it.value.end = it.sep;
            } else
              arrayPushArray(it.start, it.sep);
            delete it.sep;
          }
        }
      }
    }
    var Parser2 = class {
      /**
       * @param onNewLine - If defined, called separately with the start position of
       *   each new line (in `parse()`, including the start of input).
       */
      constructor(onNewLine) {
        this.atNewLine = true;
        this.atScalar = false;
        this.indent = 0;
        this.offset = 0;
        this.onKeyLine = false;
        this.stack = [];
        this.source = "";
        this.type = "";
        this.lexer = new lexer.Lexer();
        this.onNewLine = onNewLine;
      }
      /**
       * Parse `source` as a YAML stream.
       * If `incomplete`, a part of the last line may be left as a buffer for the next call.
       *
       * Errors are not thrown, but yielded as `{ type: 'error', message }` tokens.
       *
       * @returns A generator of tokens representing each directive, document, and other structure.
       */
      *parse(source2, incomplete = false) {
        if (this.onNewLine && this.offset === 0)
          this.onNewLine(0);
        for (const lexeme of this.lexer.lex(source2, incomplete))
          yield* this.next(lexeme);
        if (!incomplete)
          yield* this.end();
      }
      /**
       * Advance the parser by the `source` of one lexical token.
       */
      *next(source2) {
        this.source = source2;
        if (node_process.env.LOG_TOKENS)
          console.log("|", cst.prettyToken(source2));
        if (this.atScalar) {
          this.atScalar = false;
          yield* this.step();
          this.offset += source2.length;
          return;
        }
        const type = cst.tokenType(source2);
        if (!type) {
          const message = `Not a YAML token: ${source2}`;
          yield* this.pop({ type: "error", offset: this.offset, message, source: source2 });
          this.offset += source2.length;
        } else if (type === "scalar") {
          this.atNewLine = false;
          this.atScalar = true;
          this.type = "scalar";
        } else {
          this.type = type;
          yield* this.step();
          switch (type) {
            case "newline":
              this.atNewLine = true;
              this.indent = 0;
              if (this.onNewLine)
                this.onNewLine(this.offset + source2.length);
              break;
            case "space":
              if (this.atNewLine && source2[0] === " ")
                this.indent += source2.length;
              break;
            case "explicit-key-ind":
            case "map-value-ind":
            case "seq-item-ind":
              if (this.atNewLine)
                this.indent += source2.length;
              break;
            case "doc-mode":
            case "flow-error-end":
              return;
            default:
              this.atNewLine = false;
          }
          this.offset += source2.length;
        }
      }
      /** Call at end of input to push out any remaining constructions */
      *end() {
        while (this.stack.length > 0)
          yield* this.pop();
      }
      get sourceToken() {
        const st = {
          type: this.type,
          offset: this.offset,
          indent: this.indent,
          source: this.source
        };
        return st;
      }
      *step() {
        const top = this.peek(1);
        if (this.type === "doc-end" && top?.type !== "doc-end") {
          while (this.stack.length > 0)
            yield* this.pop();
          this.stack.push({
            type: "doc-end",
            offset: this.offset,
            source: this.source
          });
          return;
        }
        if (!top)
          return yield* this.stream();
        switch (top.type) {
          case "document":
            return yield* this.document(top);
          case "alias":
          case "scalar":
          case "single-quoted-scalar":
          case "double-quoted-scalar":
            return yield* this.scalar(top);
          case "block-scalar":
            return yield* this.blockScalar(top);
          case "block-map":
            return yield* this.blockMap(top);
          case "block-seq":
            return yield* this.blockSequence(top);
          case "flow-collection":
            return yield* this.flowCollection(top);
          case "doc-end":
            return yield* this.documentEnd(top);
        }
        yield* this.pop();
      }
      peek(n) {
        return this.stack[this.stack.length - n];
      }
      *pop(error) {
        const token = error ?? this.stack.pop();
        if (!token) {
          const message = "Tried to pop an empty stack";
          yield { type: "error", offset: this.offset, source: "", message };
        } else if (this.stack.length === 0) {
          yield token;
        } else {
          const top = this.peek(1);
          if (token.type === "block-scalar") {
            token.indent = "indent" in top ? top.indent : 0;
          } else if (token.type === "flow-collection" && top.type === "document") {
            token.indent = 0;
          }
          if (token.type === "flow-collection")
            fixFlowSeqItems(token);
          switch (top.type) {
            case "document":
              top.value = token;
              break;
            case "block-scalar":
              top.props.push(token);
              break;
            case "block-map": {
              const it = top.items[top.items.length - 1];
              if (it.value) {
                top.items.push({ start: [], key: token, sep: [] });
                this.onKeyLine = true;
                return;
              } else if (it.sep) {
                it.value = token;
              } else {
                Object.assign(it, { key: token, sep: [] });
                this.onKeyLine = !it.explicitKey;
                return;
              }
              break;
            }
            case "block-seq": {
              const it = top.items[top.items.length - 1];
              if (it.value)
                top.items.push({ start: [], value: token });
              else
                it.value = token;
              break;
            }
            case "flow-collection": {
              const it = top.items[top.items.length - 1];
              if (!it || it.value)
                top.items.push({ start: [], key: token, sep: [] });
              else if (it.sep)
                it.value = token;
              else
                Object.assign(it, { key: token, sep: [] });
              return;
            }
            /* istanbul ignore next should not happen */
            default:
              yield* this.pop();
              yield* this.pop(token);
          }
          if ((top.type === "document" || top.type === "block-map" || top.type === "block-seq") && (token.type === "block-map" || token.type === "block-seq")) {
            const last = token.items[token.items.length - 1];
            if (last && !last.sep && !last.value && last.start.length > 0 && findNonEmptyIndex(last.start) === -1 && (token.indent === 0 || last.start.every((st) => st.type !== "comment" || st.indent < token.indent))) {
              if (top.type === "document")
                top.end = last.start;
              else
                top.items.push({ start: last.start });
              token.items.splice(-1, 1);
            }
          }
        }
      }
      *stream() {
        switch (this.type) {
          case "directive-line":
            yield { type: "directive", offset: this.offset, source: this.source };
            return;
          case "byte-order-mark":
          case "space":
          case "comment":
          case "newline":
            yield this.sourceToken;
            return;
          case "doc-mode":
          case "doc-start": {
            const doc = {
              type: "document",
              offset: this.offset,
              start: []
            };
            if (this.type === "doc-start")
              doc.start.push(this.sourceToken);
            this.stack.push(doc);
            return;
          }
        }
        yield {
          type: "error",
          offset: this.offset,
          message: `Unexpected ${this.type} token in YAML stream`,
          source: this.source
        };
      }
      *document(doc) {
        if (doc.value)
          return yield* this.lineEnd(doc);
        switch (this.type) {
          case "doc-start": {
            if (findNonEmptyIndex(doc.start) !== -1) {
              yield* this.pop();
              yield* this.step();
            } else
              doc.start.push(this.sourceToken);
            return;
          }
          case "anchor":
          case "tag":
          case "space":
          case "comment":
          case "newline":
            doc.start.push(this.sourceToken);
            return;
        }
        const bv = this.startBlockValue(doc);
        if (bv)
          this.stack.push(bv);
        else {
          yield {
            type: "error",
            offset: this.offset,
            message: `Unexpected ${this.type} token in YAML document`,
            source: this.source
          };
        }
      }
      *scalar(scalar3) {
        if (this.type === "map-value-ind") {
          const prev = getPrevProps(this.peek(2));
          const start = getFirstKeyStartProps(prev);
          let sep4;
          if (scalar3.end) {
            sep4 = scalar3.end;
            sep4.push(this.sourceToken);
            delete scalar3.end;
          } else
            sep4 = [this.sourceToken];
          const map = {
            type: "block-map",
            offset: scalar3.offset,
            indent: scalar3.indent,
            items: [{ start, key: scalar3, sep: sep4 }]
          };
          this.onKeyLine = true;
          this.stack[this.stack.length - 1] = map;
        } else
          yield* this.lineEnd(scalar3);
      }
      *blockScalar(scalar3) {
        switch (this.type) {
          case "space":
          case "comment":
          case "newline":
            scalar3.props.push(this.sourceToken);
            return;
          case "scalar":
            scalar3.source = this.source;
            this.atNewLine = true;
            this.indent = 0;
            if (this.onNewLine) {
              let nl = this.source.indexOf("\n") + 1;
              while (nl !== 0) {
                this.onNewLine(this.offset + nl);
                nl = this.source.indexOf("\n", nl) + 1;
              }
            }
            yield* this.pop();
            break;
          /* istanbul ignore next should not happen */
          default:
            yield* this.pop();
            yield* this.step();
        }
      }
      *blockMap(map) {
        const it = map.items[map.items.length - 1];
        switch (this.type) {
          case "newline":
            this.onKeyLine = false;
            if (it.value) {
              const end2 = "end" in it.value ? it.value.end : void 0;
              const last = Array.isArray(end2) ? end2[end2.length - 1] : void 0;
              if (last?.type === "comment")
                end2?.push(this.sourceToken);
              else
                map.items.push({ start: [this.sourceToken] });
            } else if (it.sep) {
              it.sep.push(this.sourceToken);
            } else {
              it.start.push(this.sourceToken);
            }
            return;
          case "space":
          case "comment":
            if (it.value) {
              map.items.push({ start: [this.sourceToken] });
            } else if (it.sep) {
              it.sep.push(this.sourceToken);
            } else {
              if (this.atIndentedComment(it.start, map.indent)) {
                const prev = map.items[map.items.length - 2];
                const end2 = prev?.value?.end;
                if (Array.isArray(end2)) {
                  arrayPushArray(end2, it.start);
                  end2.push(this.sourceToken);
                  map.items.pop();
                  return;
                }
              }
              it.start.push(this.sourceToken);
            }
            return;
        }
        if (this.indent >= map.indent) {
          const atMapIndent = !this.onKeyLine && this.indent === map.indent;
          const atNextItem = atMapIndent && (it.sep || it.explicitKey) && this.type !== "seq-item-ind";
          let start = [];
          if (atNextItem && it.sep && !it.value) {
            const nl = [];
            for (let i = 0; i < it.sep.length; ++i) {
              const st = it.sep[i];
              switch (st.type) {
                case "newline":
                  nl.push(i);
                  break;
                case "space":
                  break;
                case "comment":
                  if (st.indent > map.indent)
                    nl.length = 0;
                  break;
                default:
                  nl.length = 0;
              }
            }
            if (nl.length >= 2)
              start = it.sep.splice(nl[1]);
          }
          switch (this.type) {
            case "anchor":
            case "tag":
              if (atNextItem || it.value) {
                start.push(this.sourceToken);
                map.items.push({ start });
                this.onKeyLine = true;
              } else if (it.sep) {
                it.sep.push(this.sourceToken);
              } else {
                it.start.push(this.sourceToken);
              }
              return;
            case "explicit-key-ind":
              if (!it.sep && !it.explicitKey) {
                it.start.push(this.sourceToken);
                it.explicitKey = true;
              } else if (atNextItem || it.value) {
                start.push(this.sourceToken);
                map.items.push({ start, explicitKey: true });
              } else {
                this.stack.push({
                  type: "block-map",
                  offset: this.offset,
                  indent: this.indent,
                  items: [{ start: [this.sourceToken], explicitKey: true }]
                });
              }
              this.onKeyLine = true;
              return;
            case "map-value-ind":
              if (it.explicitKey) {
                if (!it.sep) {
                  if (includesToken(it.start, "newline")) {
                    Object.assign(it, { key: null, sep: [this.sourceToken] });
                  } else {
                    const start2 = getFirstKeyStartProps(it.start);
                    this.stack.push({
                      type: "block-map",
                      offset: this.offset,
                      indent: this.indent,
                      items: [{ start: start2, key: null, sep: [this.sourceToken] }]
                    });
                  }
                } else if (it.value) {
                  map.items.push({ start: [], key: null, sep: [this.sourceToken] });
                } else if (includesToken(it.sep, "map-value-ind")) {
                  this.stack.push({
                    type: "block-map",
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start, key: null, sep: [this.sourceToken] }]
                  });
                } else if (isFlowToken(it.key) && !includesToken(it.sep, "newline")) {
                  const start2 = getFirstKeyStartProps(it.start);
                  const key = it.key;
                  const sep4 = it.sep;
                  sep4.push(this.sourceToken);
                  delete it.key;
                  delete it.sep;
                  this.stack.push({
                    type: "block-map",
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start: start2, key, sep: sep4 }]
                  });
                } else if (start.length > 0) {
                  it.sep = it.sep.concat(start, this.sourceToken);
                } else {
                  it.sep.push(this.sourceToken);
                }
              } else {
                if (!it.sep) {
                  Object.assign(it, { key: null, sep: [this.sourceToken] });
                } else if (it.value || atNextItem) {
                  map.items.push({ start, key: null, sep: [this.sourceToken] });
                } else if (includesToken(it.sep, "map-value-ind")) {
                  this.stack.push({
                    type: "block-map",
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start: [], key: null, sep: [this.sourceToken] }]
                  });
                } else {
                  it.sep.push(this.sourceToken);
                }
              }
              this.onKeyLine = true;
              return;
            case "alias":
            case "scalar":
            case "single-quoted-scalar":
            case "double-quoted-scalar": {
              const fs = this.flowScalar(this.type);
              if (atNextItem || it.value) {
                map.items.push({ start, key: fs, sep: [] });
                this.onKeyLine = true;
              } else if (it.sep) {
                this.stack.push(fs);
              } else {
                Object.assign(it, { key: fs, sep: [] });
                this.onKeyLine = true;
              }
              return;
            }
            default: {
              const bv = this.startBlockValue(map);
              if (bv) {
                if (bv.type === "block-seq") {
                  if (!it.explicitKey && it.sep && !includesToken(it.sep, "newline")) {
                    yield* this.pop({
                      type: "error",
                      offset: this.offset,
                      message: "Unexpected block-seq-ind on same line with key",
                      source: this.source
                    });
                    return;
                  }
                } else if (atMapIndent) {
                  map.items.push({ start });
                }
                this.stack.push(bv);
                return;
              }
            }
          }
        }
        yield* this.pop();
        yield* this.step();
      }
      *blockSequence(seq) {
        const it = seq.items[seq.items.length - 1];
        switch (this.type) {
          case "newline":
            if (it.value) {
              const end2 = "end" in it.value ? it.value.end : void 0;
              const last = Array.isArray(end2) ? end2[end2.length - 1] : void 0;
              if (last?.type === "comment")
                end2?.push(this.sourceToken);
              else
                seq.items.push({ start: [this.sourceToken] });
            } else
              it.start.push(this.sourceToken);
            return;
          case "space":
          case "comment":
            if (it.value)
              seq.items.push({ start: [this.sourceToken] });
            else {
              if (this.atIndentedComment(it.start, seq.indent)) {
                const prev = seq.items[seq.items.length - 2];
                const end2 = prev?.value?.end;
                if (Array.isArray(end2)) {
                  arrayPushArray(end2, it.start);
                  end2.push(this.sourceToken);
                  seq.items.pop();
                  return;
                }
              }
              it.start.push(this.sourceToken);
            }
            return;
          case "anchor":
          case "tag":
            if (it.value || this.indent <= seq.indent)
              break;
            it.start.push(this.sourceToken);
            return;
          case "seq-item-ind":
            if (this.indent !== seq.indent)
              break;
            if (it.value || includesToken(it.start, "seq-item-ind"))
              seq.items.push({ start: [this.sourceToken] });
            else
              it.start.push(this.sourceToken);
            return;
        }
        if (this.indent > seq.indent) {
          const bv = this.startBlockValue(seq);
          if (bv) {
            this.stack.push(bv);
            return;
          }
        }
        yield* this.pop();
        yield* this.step();
      }
      *flowCollection(fc) {
        const it = fc.items[fc.items.length - 1];
        if (this.type === "flow-error-end") {
          let top;
          do {
            yield* this.pop();
            top = this.peek(1);
          } while (top?.type === "flow-collection");
        } else if (fc.end.length === 0) {
          switch (this.type) {
            case "comma":
            case "explicit-key-ind":
              if (!it || it.sep)
                fc.items.push({ start: [this.sourceToken] });
              else
                it.start.push(this.sourceToken);
              return;
            case "map-value-ind":
              if (!it || it.value)
                fc.items.push({ start: [], key: null, sep: [this.sourceToken] });
              else if (it.sep)
                it.sep.push(this.sourceToken);
              else
                Object.assign(it, { key: null, sep: [this.sourceToken] });
              return;
            case "space":
            case "comment":
            case "newline":
            case "anchor":
            case "tag":
              if (!it || it.value)
                fc.items.push({ start: [this.sourceToken] });
              else if (it.sep)
                it.sep.push(this.sourceToken);
              else
                it.start.push(this.sourceToken);
              return;
            case "alias":
            case "scalar":
            case "single-quoted-scalar":
            case "double-quoted-scalar": {
              const fs = this.flowScalar(this.type);
              if (!it || it.value)
                fc.items.push({ start: [], key: fs, sep: [] });
              else if (it.sep)
                this.stack.push(fs);
              else
                Object.assign(it, { key: fs, sep: [] });
              return;
            }
            case "flow-map-end":
            case "flow-seq-end":
              fc.end.push(this.sourceToken);
              return;
          }
          const bv = this.startBlockValue(fc);
          if (bv)
            this.stack.push(bv);
          else {
            yield* this.pop();
            yield* this.step();
          }
        } else {
          const parent = this.peek(2);
          if (parent.type === "block-map" && (this.type === "map-value-ind" && parent.indent === fc.indent || this.type === "newline" && !parent.items[parent.items.length - 1].sep)) {
            yield* this.pop();
            yield* this.step();
          } else if (this.type === "map-value-ind" && parent.type !== "flow-collection") {
            const prev = getPrevProps(parent);
            const start = getFirstKeyStartProps(prev);
            fixFlowSeqItems(fc);
            const sep4 = fc.end.splice(1, fc.end.length);
            sep4.push(this.sourceToken);
            const map = {
              type: "block-map",
              offset: fc.offset,
              indent: fc.indent,
              items: [{ start, key: fc, sep: sep4 }]
            };
            this.onKeyLine = true;
            this.stack[this.stack.length - 1] = map;
          } else {
            yield* this.lineEnd(fc);
          }
        }
      }
      flowScalar(type) {
        if (this.onNewLine) {
          let nl = this.source.indexOf("\n") + 1;
          while (nl !== 0) {
            this.onNewLine(this.offset + nl);
            nl = this.source.indexOf("\n", nl) + 1;
          }
        }
        return {
          type,
          offset: this.offset,
          indent: this.indent,
          source: this.source
        };
      }
      startBlockValue(parent) {
        switch (this.type) {
          case "alias":
          case "scalar":
          case "single-quoted-scalar":
          case "double-quoted-scalar":
            return this.flowScalar(this.type);
          case "block-scalar-header":
            return {
              type: "block-scalar",
              offset: this.offset,
              indent: this.indent,
              props: [this.sourceToken],
              source: ""
            };
          case "flow-map-start":
          case "flow-seq-start":
            return {
              type: "flow-collection",
              offset: this.offset,
              indent: this.indent,
              start: this.sourceToken,
              items: [],
              end: []
            };
          case "seq-item-ind":
            return {
              type: "block-seq",
              offset: this.offset,
              indent: this.indent,
              items: [{ start: [this.sourceToken] }]
            };
          case "explicit-key-ind": {
            this.onKeyLine = true;
            const prev = getPrevProps(parent);
            const start = getFirstKeyStartProps(prev);
            start.push(this.sourceToken);
            return {
              type: "block-map",
              offset: this.offset,
              indent: this.indent,
              items: [{ start, explicitKey: true }]
            };
          }
          case "map-value-ind": {
            this.onKeyLine = true;
            const prev = getPrevProps(parent);
            const start = getFirstKeyStartProps(prev);
            return {
              type: "block-map",
              offset: this.offset,
              indent: this.indent,
              items: [{ start, key: null, sep: [this.sourceToken] }]
            };
          }
        }
        return null;
      }
      atIndentedComment(start, indent) {
        if (this.type !== "comment")
          return false;
        if (this.indent <= indent)
          return false;
        return start.every((st) => st.type === "newline" || st.type === "space");
      }
      *documentEnd(docEnd) {
        if (this.type !== "doc-mode") {
          if (docEnd.end)
            docEnd.end.push(this.sourceToken);
          else
            docEnd.end = [this.sourceToken];
          if (this.type === "newline")
            yield* this.pop();
        }
      }
      *lineEnd(token) {
        switch (this.type) {
          case "comma":
          case "doc-start":
          case "doc-end":
          case "flow-seq-end":
          case "flow-map-end":
          case "map-value-ind":
            yield* this.pop();
            yield* this.step();
            break;
          case "newline":
            this.onKeyLine = false;
          // fallthrough
          case "space":
          case "comment":
          default:
            if (token.end)
              token.end.push(this.sourceToken);
            else
              token.end = [this.sourceToken];
            if (this.type === "newline")
              yield* this.pop();
        }
      }
    };
    exports.Parser = Parser2;
  }
});

// node_modules/yaml/dist/public-api.js
var require_public_api = __commonJS({
  "node_modules/yaml/dist/public-api.js"(exports) {
    "use strict";
    var composer = require_composer();
    var Document = require_Document();
    var errors = require_errors();
    var log = require_log();
    var identity2 = require_identity();
    var lineCounter = require_line_counter();
    var parser = require_parser();
    function parseOptions(options) {
      const prettyErrors = options.prettyErrors !== false;
      const lineCounter$1 = options.lineCounter || prettyErrors && new lineCounter.LineCounter() || null;
      return { lineCounter: lineCounter$1, prettyErrors };
    }
    function parseAllDocuments(source2, options = {}) {
      const { lineCounter: lineCounter2, prettyErrors } = parseOptions(options);
      const parser$1 = new parser.Parser(lineCounter2?.addNewLine);
      const composer$1 = new composer.Composer(options);
      const docs = Array.from(composer$1.compose(parser$1.parse(source2)));
      if (prettyErrors && lineCounter2)
        for (const doc of docs) {
          doc.errors.forEach(errors.prettifyError(source2, lineCounter2));
          doc.warnings.forEach(errors.prettifyError(source2, lineCounter2));
        }
      if (docs.length > 0)
        return docs;
      return Object.assign([], { empty: true }, composer$1.streamInfo());
    }
    function parseDocument2(source2, options = {}) {
      const { lineCounter: lineCounter2, prettyErrors } = parseOptions(options);
      const parser$1 = new parser.Parser(lineCounter2?.addNewLine);
      const composer$1 = new composer.Composer(options);
      let doc = null;
      for (const _doc of composer$1.compose(parser$1.parse(source2), true, source2.length)) {
        if (!doc)
          doc = _doc;
        else if (doc.options.logLevel !== "silent") {
          doc.errors.push(new errors.YAMLParseError(_doc.range.slice(0, 2), "MULTIPLE_DOCS", "Source contains multiple documents; please use YAML.parseAllDocuments()"));
          break;
        }
      }
      if (prettyErrors && lineCounter2) {
        doc.errors.forEach(errors.prettifyError(source2, lineCounter2));
        doc.warnings.forEach(errors.prettifyError(source2, lineCounter2));
      }
      return doc;
    }
    function parse2(src, reviver, options) {
      let _reviver = void 0;
      if (typeof reviver === "function") {
        _reviver = reviver;
      } else if (options === void 0 && reviver && typeof reviver === "object") {
        options = reviver;
      }
      const doc = parseDocument2(src, options);
      if (!doc)
        return null;
      doc.warnings.forEach((warning) => log.warn(doc.options.logLevel, warning));
      if (doc.errors.length > 0) {
        if (doc.options.logLevel !== "silent")
          throw doc.errors[0];
        else
          doc.errors = [];
      }
      return doc.toJS(Object.assign({ reviver: _reviver }, options));
    }
    function stringify(value2, replacer, options) {
      let _replacer = null;
      if (typeof replacer === "function" || Array.isArray(replacer)) {
        _replacer = replacer;
      } else if (options === void 0 && replacer) {
        options = replacer;
      }
      if (typeof options === "string")
        options = options.length;
      if (typeof options === "number") {
        const indent = Math.round(options);
        options = indent < 1 ? void 0 : indent > 8 ? { indent: 8 } : { indent };
      }
      if (value2 === void 0) {
        const { keepUndefined } = options ?? replacer ?? {};
        if (!keepUndefined)
          return void 0;
      }
      if (identity2.isDocument(value2) && !_replacer)
        return value2.toString(options);
      return new Document.Document(value2, _replacer, options).toString(options);
    }
    exports.parse = parse2;
    exports.parseAllDocuments = parseAllDocuments;
    exports.parseDocument = parseDocument2;
    exports.stringify = stringify;
  }
});

// node_modules/yaml/dist/index.js
var require_dist = __commonJS({
  "node_modules/yaml/dist/index.js"(exports) {
    "use strict";
    var composer = require_composer();
    var Document = require_Document();
    var Schema = require_Schema();
    var errors = require_errors();
    var Alias = require_Alias();
    var identity2 = require_identity();
    var Pair = require_Pair();
    var Scalar = require_Scalar();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var cst = require_cst();
    var lexer = require_lexer();
    var lineCounter = require_line_counter();
    var parser = require_parser();
    var publicApi = require_public_api();
    var visit = require_visit();
    exports.Composer = composer.Composer;
    exports.Document = Document.Document;
    exports.Schema = Schema.Schema;
    exports.YAMLError = errors.YAMLError;
    exports.YAMLParseError = errors.YAMLParseError;
    exports.YAMLWarning = errors.YAMLWarning;
    exports.Alias = Alias.Alias;
    exports.isAlias = identity2.isAlias;
    exports.isCollection = identity2.isCollection;
    exports.isDocument = identity2.isDocument;
    exports.isMap = identity2.isMap;
    exports.isNode = identity2.isNode;
    exports.isPair = identity2.isPair;
    exports.isScalar = identity2.isScalar;
    exports.isSeq = identity2.isSeq;
    exports.Pair = Pair.Pair;
    exports.Scalar = Scalar.Scalar;
    exports.YAMLMap = YAMLMap.YAMLMap;
    exports.YAMLSeq = YAMLSeq.YAMLSeq;
    exports.CST = cst;
    exports.Lexer = lexer.Lexer;
    exports.LineCounter = lineCounter.LineCounter;
    exports.Parser = parser.Parser;
    exports.parse = publicApi.parse;
    exports.parseAllDocuments = publicApi.parseAllDocuments;
    exports.parseDocument = publicApi.parseDocument;
    exports.stringify = publicApi.stringify;
    exports.visit = visit.visit;
    exports.visitAsync = visit.visitAsync;
  }
});

// node_modules/ajv/dist/runtime/ucs2length.js
var require_ucs2length = __commonJS({
  "node_modules/ajv/dist/runtime/ucs2length.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    function ucs2length(str2) {
      const len = str2.length;
      let length = 0;
      let pos = 0;
      let value2;
      while (pos < len) {
        length++;
        value2 = str2.charCodeAt(pos++);
        if (value2 >= 55296 && value2 <= 56319 && pos < len) {
          value2 = str2.charCodeAt(pos);
          if ((value2 & 64512) === 56320)
            pos++;
        }
      }
      return length;
    }
    exports.default = ucs2length;
    ucs2length.code = 'require("ajv/dist/runtime/ucs2length").default';
  }
});

// src/builtins.ts
var call = Function.prototype.call;
function uncurry(fn) {
  return call.bind(fn);
}
var hasOwn = Object.hasOwn;
var objectKeys = Object.keys;
var objectValues = Object.values;
var getPrototypeOf = Object.getPrototypeOf;
var getOwnPropertySymbols = Object.getOwnPropertySymbols;
var defineProperty = Object.defineProperty;
var freeze = Object.freeze;
var jsonStringify = JSON.stringify;
var isArray = Array.isArray;
var numberIsFinite = Number.isFinite;
var numberIsNaN = Number.isNaN;
var numberIsInteger = Number.isInteger;
var numberIsSafeInteger = Number.isSafeInteger;
var ArrayProto = Array.prototype;
var StringProto = String.prototype;
var arraySome = uncurry(
  ArrayProto.some
);
var arrayEvery = uncurry(
  ArrayProto.every
);
var arrayFind = uncurry(
  ArrayProto.find
);
var arrayFindIndex = uncurry(
  ArrayProto.findIndex
);
var arrayIncludes = uncurry(ArrayProto.includes);
var arrayIndexOf = uncurry(ArrayProto.indexOf);
var stringStartsWith = StringProto.startsWith;
var stringEndsWith = StringProto.endsWith;
var stringIndexOf = StringProto.indexOf;
var stringCharCodeAt = StringProto.charCodeAt;
var stringIncludes = uncurry(StringProto.includes);
var stringSplit = uncurry(StringProto.split);
var stringIsWellFormed = uncurry(StringProto.isWellFormed);
var charCodeAt = uncurry(StringProto.charCodeAt);
var setHas = Set.prototype.has;
var mapGet = Map.prototype.get;
var mapHas = Map.prototype.has;
var weakMapGet = WeakMap.prototype.get;
var weakMapSet = WeakMap.prototype.set;
var weakSetHas = WeakSet.prototype.has;
var weakSetAdd = WeakSet.prototype.add;
var regexpTest = uncurry(RegExp.prototype.test);
function countOwnKeys(o, max) {
  let n = 0;
  for (const key in o) {
    if (hasOwn(o, key) && ++n > max) break;
  }
  return n;
}
function own(o, key) {
  return hasOwn(o, key) ? o[key] : void 0;
}
function ownOptions(options) {
  const out = /* @__PURE__ */ Object.create(null);
  if (typeof options !== "object" || options === null) return out;
  const keys = objectKeys(options);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    out[key] = options[key];
  }
  return out;
}
function option(options, key) {
  if (typeof options !== "object" || options === null) return void 0;
  return hasOwn(options, key) ? options[key] : void 0;
}

// src/errors.ts
var FilterError = class extends Error {
  name = "FilterError";
  code;
  path;
  constructor(code2, path, message, options) {
    super(path.length > MAX_SHOWN_POINTER ? message.split(path).join(showPointer(path)) : message, options);
    this.code = code2;
    this.path = path;
    markOwn(this);
  }
};
var OWN_ERRORS = /* @__PURE__ */ new WeakSet();
function markOwn(error) {
  weakSetAdd.call(OWN_ERRORS, error);
}
function isOwnError(value2) {
  return typeof value2 === "object" && value2 !== null && weakSetHas.call(OWN_ERRORS, value2);
}
function ownFilterError(value2) {
  return isOwnError(value2) && value2 instanceof FilterError ? value2 : void 0;
}
var MAX_SHOWN_MESSAGE = 300;
var MAX_CLI_MESSAGE = 4096;
function safeMessage(error, max = MAX_SHOWN_MESSAGE) {
  let text2;
  try {
    text2 = messageOf(error);
  } catch {
    text2 = "a value whose message cannot be read";
  }
  return showText(text2, max);
}
function messageOf(error) {
  if (typeof error === "string") return error;
  if (typeof error === "object" && error !== null) {
    const message = error.message;
    if (typeof message === "string") return message;
  }
  const kind = typeof error === "object" ? error === null ? "null" : "an object that is not an Error" : typeof error === "function" ? "a function" : String(error);
  return `${kind} (thrown as a value)`;
}
var MAX_SHOWN_TEXT = 80;
function showText(text2, max = MAX_SHOWN_TEXT) {
  if (text2.length <= max) return text2;
  const head = cutAt(text2, max);
  return `${text2.slice(0, head)}\u2026(${(text2.length - head).toLocaleString("en-US")} more characters)`;
}
function showValue(value2) {
  if (typeof value2 === "string") return jsonStringify(showText(value2));
  if (typeof value2 === "number" || typeof value2 === "boolean" || value2 === null) return String(value2);
  if (typeof value2 === "object") return "an object";
  return `a ${typeof value2}`;
}
function cutAt(text2, at2) {
  const before = charCodeAt(text2, at2 - 1);
  const after = charCodeAt(text2, at2);
  return before >= 55296 && before <= 56319 && after >= 56320 && after <= 57343 ? at2 - 1 : at2;
}
function escapePointerToken(token) {
  if (!stringIncludes(token, "~") && !stringIncludes(token, "/")) return token;
  return token.replace(/~/g, "~0").replace(/\//g, "~1");
}
function pointer(base, ...tokens) {
  let out = base;
  for (const t of tokens) out += `/${escapePointerToken(String(t))}`;
  return out;
}
var MAX_SHOWN_POINTER = 160;
function showPointer(path) {
  if (path === "") return "the root";
  if (path.length <= MAX_SHOWN_POINTER) return path;
  const keep = (MAX_SHOWN_POINTER - 40) / 2;
  const head = path.slice(0, cutAt(path, keep));
  const tail = path.slice(cutAt(path, path.length - keep));
  return `${head}\u2026(${(path.length - head.length - tail.length).toLocaleString("en-US")} characters)\u2026${tail}`;
}
function restateAt(message, local, at2) {
  const shownLocal = ` at ${showPointer(local)}`;
  if (message.includes(shownLocal)) return message.split(shownLocal).join(` at ${showPointer(at2 + local)}`);
  return `${message} (in the filter at ${showPointer(at2)})`;
}

// src/ast/nodes.ts
var ARRAY_ANY = "__svcArrayAny__";
var PATH_SEPARATOR = "$.";
var OPERATOR_NAMES = {
  eq: "$eq",
  ne: "$ne",
  gt: "$gt",
  gte: "$gte",
  lt: "$lt",
  lte: "$lte",
  in: "$in",
  nin: "$nin",
  like: "$like",
  exists: "$exists",
  veq: "$veq",
  vne: "$vne",
  vgt: "$vgt",
  vgte: "$vgte",
  vlt: "$vlt",
  vlte: "$vlte",
  // A time comparison is written as the operator it compares with, its operand an instant.
  teq: "$eq",
  tne: "$ne",
  tgt: "$gt",
  tgte: "$gte",
  tlt: "$lt",
  tlte: "$lte",
  elemMatch: "$elemMatch"
};
var VERSION_COMPARISONS = {
  veq: "eq",
  vne: "ne",
  vgt: "gt",
  vgte: "gte",
  vlt: "lt",
  vlte: "lte"
};
function isVersionNode(op) {
  return hasOwn(VERSION_COMPARISONS, op.kind);
}
var TIME_KINDS = {
  eq: "teq",
  ne: "tne",
  gt: "tgt",
  gte: "tgte",
  lt: "tlt",
  lte: "tlte"
};
function isTimeNode(op) {
  return hasOwn(TIME_OPERATORS, op.kind);
}
var TIME_OPERATORS = {
  teq: true,
  tne: true,
  tgt: true,
  tgte: true,
  tlt: true,
  tlte: true
};
var LOGICAL_NAMES = {
  and: "$and",
  or: "$or",
  not: "$not"
};
function assertNever(value2, what2) {
  const kind = typeof value2 === "object" && value2 !== null ? value2.kind : value2;
  throw new FilterError("INVALID_NODE", "", `unknown ${what2} ${jsonStringify(String(kind))}`);
}

// src/limits.ts
var DEFAULT_LIMITS = freeze({
  maxDepth: 32,
  maxNodes: 256,
  maxPolicyNodes: 2048,
  maxKeys: 64,
  maxListItems: 256,
  maxStringLength: 512,
  maxVersionLength: 256,
  maxPatternLength: 256,
  maxWildcards: 16,
  maxPathSegments: 12,
  maxSegmentLength: 128,
  maxRules: 64,
  maxConditions: 256,
  maxFileBytes: 1024 * 1024,
  maxDocumentValues: 16384
});
var LIMIT_NAMES = freeze(objectKeys(DEFAULT_LIMITS));
var NAMES = new Set(LIMIT_NAMES);
var MAX_MAX_DEPTH = 1e3;
var resolved = new WeakSet([DEFAULT_LIMITS]);
function invalid(message) {
  return new FilterError("INVALID_OPTION", "", message);
}
function checked(name, value2) {
  const max = name === "maxDepth" ? MAX_MAX_DEPTH : Number.MAX_SAFE_INTEGER;
  if (typeof value2 !== "number" || !numberIsInteger(value2) || value2 < 1 || value2 > max) {
    throw invalid(
      `${name} must be an integer from 1 to ${max === MAX_MAX_DEPTH ? MAX_MAX_DEPTH : "Number.MAX_SAFE_INTEGER"}, got ${typeof value2 === "number" ? String(value2) : typeof value2}`
    );
  }
  return value2;
}
function resolveLimits(options) {
  if (typeof options !== "object" || options === null) return DEFAULT_LIMITS;
  const given = hasOwn(options, "limits") ? options.limits : void 0;
  const depth = hasOwn(options, "maxDepth") ? options.maxDepth : void 0;
  if (given === void 0 && depth === void 0) return DEFAULT_LIMITS;
  if (given !== void 0 && weakSetHas.call(resolved, given)) {
    if (depth === void 0 || depth === given.maxDepth) return given;
  }
  if (given !== void 0 && (typeof given !== "object" || given === null)) {
    throw invalid(`limits must be an object of limits (${LIMIT_NAMES.join(", ")})`);
  }
  const out = { ...DEFAULT_LIMITS };
  if (given !== void 0) {
    for (const name of objectKeys(given)) {
      if (!setHas.call(NAMES, name)) {
        throw invalid(`unknown limit "${name}"; the limits are ${LIMIT_NAMES.join(", ")}`);
      }
      const value2 = given[name];
      if (value2 !== void 0) out[name] = checked(name, value2);
    }
  }
  if (depth !== void 0) {
    const d = checked("maxDepth", depth);
    if (given !== void 0 && hasOwn(given, "maxDepth") && out.maxDepth !== d) {
      throw invalid(`maxDepth (${d}) and limits.maxDepth (${out.maxDepth}) disagree: give one`);
    }
    out.maxDepth = d;
  }
  const limits = freeze(out);
  resolved.add(limits);
  return limits;
}
function passLimits(options) {
  return { limits: resolveLimits(options) };
}
var LIMIT_CODES = freeze(
  Object.fromEntries(
    LIMIT_NAMES.map((name) => [name, `${name.replace(/[A-Z]/g, "_$&").toUpperCase()}_EXCEEDED`])
  )
);
var CODES = new Set(Object.values(LIMIT_CODES));
function isLimitCode(code2) {
  return setHas.call(CODES, code2);
}
function limitError(name, at2, what2, limits) {
  return new FilterError(
    LIMIT_CODES[name],
    at2,
    `${what2} at ${showPointer(at2)}: the limit ${name} is ${limits[name]}`
  );
}
function utf8LengthExceeds(text2, max) {
  if (text2.length > max) return true;
  if (text2.length * 3 <= max) return false;
  let bytes = 0;
  for (let i = 0; i < text2.length; i++) {
    const unit = text2.charCodeAt(i);
    bytes += unit < 128 ? 1 : unit < 2048 || unit >= 55296 && unit <= 57343 ? 2 : 3;
    if (bytes > max) return true;
  }
  return false;
}

// src/semantics/like.ts
var startsWith = String.prototype.startsWith;
var endsWith = String.prototype.endsWith;
var indexOf = String.prototype.indexOf;
function parseLike(pattern) {
  const pieces = [];
  let current = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "\\") {
      const next = pattern[i + 1];
      if (next === "*" || next === "\\") {
        current += next;
        i++;
      } else {
        current += "\\";
      }
    } else if (c === "*") {
      pieces.push(current);
      current = "";
    } else {
      current += c;
    }
  }
  pieces.push(current);
  return { pieces };
}
function likeWildcards(pattern) {
  return parseLike(pattern).pieces.length - 1;
}
function compileLike(pattern) {
  const { pieces } = parseLike(pattern);
  if (pieces.length === 1) {
    const exact = pieces[0];
    return (s) => s === exact;
  }
  const first = pieces[0];
  const last = pieces[pieces.length - 1];
  const middle = pieces.slice(1, -1).filter((p) => p !== "");
  const minLength = first.length + last.length + middle.reduce((n, p) => n + p.length, 0);
  if (middle.length === 0) {
    if (last === "") return first === "" ? () => true : (s) => startsWith.call(s, first);
    if (first === "") return (s) => endsWith.call(s, last);
    return (s) => s.length >= minLength && startsWith.call(s, first) && endsWith.call(s, last);
  }
  return (s) => {
    if (s.length < minLength || !startsWith.call(s, first) || !endsWith.call(s, last)) return false;
    const end2 = s.length - last.length;
    let pos = first.length;
    for (let i = 0; i < middle.length; i++) {
      const piece = middle[i];
      const at2 = indexOf.call(s, piece, pos);
      if (at2 < 0 || at2 + piece.length > end2) return false;
      pos = at2 + piece.length;
    }
    return true;
  };
}

// src/semantics/operators.ts
var ISO_SHAPE = /^(?:[+-]\d{6}|\d{4})-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
var isIsoLikeOrNull = (x) => x === null || typeof x === "string" && regexpTest(ISO_SHAPE, x);
var yes = () => true;
var no = () => false;
var readsIso = (op) => isIsoLikeOrNull(op.value);
var readsIsoIn = (op) => arraySome(op.values, isIsoLikeOrNull);
var readsString = (op) => typeof op.value === "string";
var emptyFilter = (op) => op.filter.clauses.length === 0;
var order = (comparison) => ({ family: "order", comparison, readsDates: readsString });
var version = (comparison) => ({ family: "version", comparison, readsDates: no });
var time = (comparison) => ({ family: "time", comparison, readsDates: yes });
var OPERATORS = {
  eq: { family: "equality", comparison: "eq", readsDates: readsIso },
  ne: { family: "equality", comparison: "ne", negated: true, readsDates: readsIso },
  gt: order("gt"),
  gte: order("gte"),
  lt: order("lt"),
  lte: order("lte"),
  in: { family: "membership", readsDates: readsIsoIn },
  nin: { family: "membership", negated: true, readsDates: readsIsoIn },
  like: { family: "like", readsDates: yes },
  // An invalid Date is missing, a valid one present.
  exists: { family: "exists", readsDates: yes },
  veq: version("eq"),
  vne: { ...version("ne"), negated: true },
  vgt: version("gt"),
  vgte: version("gte"),
  vlt: version("lt"),
  vlte: version("lte"),
  // A Date is read as its instant, through its ISO string; an invalid one is missing.
  teq: time("eq"),
  tne: { ...time("ne"), negated: true },
  tgt: time("gt"),
  tgte: time("gte"),
  tlt: time("lt"),
  tlte: time("lte"),
  // A valid Date element is a string, not an object: it must be normalized to tell.
  elemMatch: { family: "elemMatch", readsDates: (op) => !emptyFilter(op) }
};
function factsOf(op) {
  if (!hasOwn(OPERATORS, op.kind)) return assertNever(op, "operator node");
  return OPERATORS[op.kind];
}
function comparisonOf(op) {
  return OPERATORS[op.kind].comparison;
}
function byFamily(op, handlers) {
  return handlers[factsOf(op).family](op);
}

// src/semantics/time.ts
var MAX_INSTANT = 864e13;
var DAY = 864e5;
function daysFromCivil(y, m, d) {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}
function daysInMonth(y, m) {
  if (m === 2) return y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}
var ZERO = 48;
var code = String.prototype.charCodeAt;
var getTime = Date.prototype.getTime;
var exec = RegExp.prototype.exec;
var test = RegExp.prototype.test;
function digits(s, at2, n) {
  let v = 0;
  for (let i = at2; i < at2 + n; i++) {
    const c = code.call(s, i) - ZERO;
    if (!(c >= 0 && c <= 9)) return -1;
    v = v * 10 + c;
  }
  return v;
}
function timestampMs(s) {
  const n = s.length;
  if (n < 20) return Number.NaN;
  const y = digits(s, 0, 4);
  const mo = digits(s, 5, 2);
  const d = digits(s, 8, 2);
  const h = digits(s, 11, 2);
  const mi = digits(s, 14, 2);
  const se = digits(s, 17, 2);
  const t = code.call(s, 10);
  if (y < 0 || mo < 1 || mo > 12 || d < 1 || h < 0 || h > 23 || mi < 0 || mi > 59 || se < 0 || se > 59 || code.call(s, 4) !== 45 || code.call(s, 7) !== 45 || t !== 84 && t !== 116 || code.call(s, 13) !== 58 || code.call(s, 16) !== 58 || d > daysInMonth(y, mo)) {
    return Number.NaN;
  }
  let i = 19;
  let fraction = 0;
  if (code.call(s, i) === 46) {
    const start = ++i;
    while (i < n) {
      const c = code.call(s, i) - ZERO;
      if (!(c >= 0 && c <= 9)) break;
      if (i - start < 3) fraction = fraction * 10 + c;
      i++;
    }
    if (i === start) return Number.NaN;
    for (let k = i - start; k < 3; k++) fraction *= 10;
  }
  let offset = 0;
  const z = code.call(s, i);
  if (z === 90 || z === 122) {
    if (i + 1 !== n) return Number.NaN;
  } else {
    if (z !== 43 && z !== 45 || i + 6 !== n || code.call(s, i + 3) !== 58) return Number.NaN;
    const oh = digits(s, i + 1, 2);
    const om = digits(s, i + 4, 2);
    if (oh < 0 || oh > 23 || om < 0 || om > 59) return Number.NaN;
    offset = (z === 45 ? -1 : 1) * (oh * 60 + om) * 6e4;
  }
  return daysFromCivil(y, mo, d) * DAY + h * 36e5 + mi * 6e4 + se * 1e3 + fraction - offset;
}
var lastText = "";
var lastMs = Number.NaN;
function instantOf(v) {
  if (typeof v !== "string") return Number.NaN;
  if (v !== lastText) {
    lastMs = timestampMs(v);
    lastText = v;
  }
  return lastMs;
}
var DURATION = /^(-)?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)(?:\.(\d{1,3}))?S)?)?$/;
var UNITS = "weeks (W), days (D), hours (H), minutes (M after T) and seconds (S, to the millisecond)";
function parseDuration(text2) {
  const m = exec.call(DURATION, text2);
  if (m === null || text2 === "P" || text2 === "-P" || code.call(text2, text2.length - 1) === 84) {
    if (test.call(/^-?P[^T]*\d[YM]/, text2)) {
      return { ok: false, why: `months and years have no fixed length; use ${UNITS}` };
    }
    return { ok: false, why: `expected a signed ISO 8601 duration of ${UNITS}, such as "P30D" or "-PT12H"` };
  }
  const frac = m[7] ?? "";
  const ms = Number(m[2] ?? 0) * 7 * DAY + Number(m[3] ?? 0) * DAY + Number(m[4] ?? 0) * 36e5 + Number(m[5] ?? 0) * 6e4 + Number(m[6] ?? 0) * 1e3 + Number(frac || 0) * 10 ** (3 - frac.length);
  if (!(ms <= MAX_INSTANT)) {
    return { ok: false, why: "the duration is longer than any instant a date can hold (\xB1100,000,000 days)" };
  }
  return { ok: true, ms: m[1] === void 0 || ms === 0 ? ms : -ms };
}
function asOfMs(asOf) {
  if (asOf instanceof Date) return getTime.call(asOf);
  if (typeof asOf === "string") return timestampMs(asOf);
  if (typeof asOf === "number" && Number.isInteger(asOf) && Math.abs(asOf) <= MAX_INSTANT) return asOf;
  return Number.NaN;
}
function isoOf(ms) {
  return Math.abs(ms) <= MAX_INSTANT ? new Date(ms).toISOString() : String(ms);
}

// src/semantics/version.ts
var SUFFIX_PATTERN = "(-[0-9A-Za-z-]+([.][0-9A-Za-z-]+)*)?([+][0-9A-Za-z-]+([.][0-9A-Za-z-]+)*)?$";
var VERSION_PATTERN = `^v?[0-9]+([.][0-9]+)*${SUFFIX_PATTERN}`;
var VERSION_RE = new RegExp(VERSION_PATTERN);
var SUFFIX_RE = new RegExp(SUFFIX_PATTERN, "y");
var DIGITS_ONLY = /^[0-9]+$/;
var isDigitsOnly = (s) => regexpTest(DIGITS_ONLY, s);
var digits2 = (s) => s.replace(/^0+/, "");
function parseVersion(text2) {
  if (!regexpTest(VERSION_RE, text2)) return void 0;
  const body = stringStartsWith.call(text2, "v") ? text2.slice(1) : text2;
  const plus = stringIndexOf.call(body, "+");
  const main2 = plus < 0 ? body : body.slice(0, plus);
  const dash = stringIndexOf.call(main2, "-");
  const core = dash < 0 ? main2 : main2.slice(0, dash);
  const parts = core.split(".").map((p) => digits2(p) || "0");
  const prerelease = dash < 0 ? [] : main2.slice(dash + 1).split(".").map((id) => isDigitsOnly(id) ? digits2(id) || "0" : id);
  const build2 = plus < 0 ? [] : body.slice(plus + 1).split(".");
  let kept = parts.length;
  while (kept > 1 && parts[kept - 1] === "0") kept--;
  const normal = parts.slice(0, kept).join(".") + (prerelease.length > 0 ? `-${prerelease.join(".")}` : "");
  return freeze({
    text: text2,
    parts: freeze(parts),
    prerelease: freeze(prerelease),
    build: freeze(build2),
    normal
  });
}
function encodeNumber(d) {
  const n = String(d.length);
  return `${n.length}${n}${d}`;
}
var UNBOUNDED = Number.POSITIVE_INFINITY;
var FIRST_LIMIT = 2 ** 21;
var NEXT_LIMIT = 2 ** 15;
var PART_LIMITS = [FIRST_LIMIT, NEXT_LIMIT, NEXT_LIMIT];
var PART_SCALE = [NEXT_LIMIT * NEXT_LIMIT, NEXT_LIMIT, 1];
function versionOperand(v) {
  const core = v.parts.map(digits2);
  while (core.length > 0 && core[core.length - 1] === "") core.pop();
  const pre = v.prerelease.length > 0;
  let key = core.length <= 3 ? 0 : -1;
  for (let k = 0; key >= 0 && k < core.length; k++) {
    const x = +core[k];
    key = x < PART_LIMITS[k] ? key + x * PART_SCALE[k] : -1;
  }
  if (key >= 0) key = key * 4 - (pre ? 1 : 0);
  const parts = core.map((d) => `.${encodeNumber(d)}`).join("");
  const ids = v.prerelease.map((id) => isDigitsOnly(id) ? `,1${encodeNumber(digits2(id))}` : `,2${id}`);
  return { key, text: pre ? `${parts}!${ids.join("")}` : `${parts}#` };
}
function versionKey(v) {
  return versionOperand(v).text;
}
var DOT = 46;
var DASH = 45;
var ZERO2 = 48;
var NINE = 57;
var NOT_VERSION = -1;
var NEEDS_PARSE = -2;
function plainVersionKey(s, lo, hi) {
  const n = s.length;
  let i = +(charCodeAt(s, 0) === 118);
  let c = i < n ? charCodeAt(s, i) : -1;
  let key = 0;
  let scale = NEXT_LIMIT * NEXT_LIMIT * 4;
  let limit = FIRST_LIMIT;
  let rest = 0;
  for (let k = 0; ; k++) {
    if (!(c >= ZERO2 && c <= NINE)) return NOT_VERSION;
    let x = c - ZERO2;
    c = ++i < n ? charCodeAt(s, i) : -1;
    while (c >= ZERO2 && c <= NINE) {
      x = x * 10 + (c - ZERO2);
      c = ++i < n ? charCodeAt(s, i) : -1;
    }
    if (k > 2) {
      if (x !== 0) rest = 2;
    } else if (x < limit) {
      key += x * scale;
      if (key - 1 > hi || key + scale - 1 <= lo) return NOT_VERSION;
      scale /= NEXT_LIMIT;
      limit = NEXT_LIMIT;
    } else return NEEDS_PARSE;
    if (c !== DOT) break;
    c = ++i < n ? charCodeAt(s, i) : -1;
  }
  if (i === n) return key + rest;
  SUFFIX_RE.lastIndex = i;
  if (!regexpTest(SUFFIX_RE, s)) return NOT_VERSION;
  if (c !== DASH) return key + rest;
  return key + rest > 0 ? key + rest - 1 : NEEDS_PARSE;
}
function keyRange(comparisons, operands) {
  let lo = 0;
  let hi = UNBOUNDED;
  for (let j = 0; j < comparisons.length; j++) {
    const c = comparisons[j];
    const { key } = operands[j];
    if (key < 0 || c === "ne") continue;
    if (c !== "lt" && c !== "lte" && key > lo) lo = key;
    if (c !== "gt" && c !== "gte" && key < hi) hi = key;
  }
  return [lo, hi];
}
var BELOW = 1;
var ABOVE = 2;
function compareVersionTo(s, operands, lo = 0, hi = UNBOUNDED) {
  const key = plainVersionKey(s, lo, hi);
  if (key === NOT_VERSION) return NOT_VERSION;
  let parsed2;
  let result = 0;
  for (let j = 0; j < operands.length; j++) {
    const op = operands[j];
    let d;
    if (key >= 0 && op.key >= 0 && (key !== op.key || key % 2 === 0)) d = key - op.key;
    else {
      if (parsed2 === void 0) {
        const version3 = parseVersion(s);
        if (version3 === void 0) return NOT_VERSION;
        parsed2 = versionKey(version3);
      }
      d = parsed2 < op.text ? -1 : parsed2 > op.text ? 1 : 0;
    }
    result |= (d < 0 ? BELOW : d > 0 ? ABOVE : 0) << 2 * j;
  }
  return result;
}
var ACCEPTS = {
  eq: 1,
  ne: 14,
  gt: 4,
  gte: 5,
  lt: 2,
  lte: 3
};
function holds(accepts3, r, j) {
  return (accepts3 >> (r < 0 ? 3 : r >> 2 * j & 3) & 1) === 1;
}

// src/parse/operands.ts
function describe(value2) {
  if (value2 === null) return "null";
  if (value2 === void 0) return "undefined";
  if (isArray(value2)) return "an array";
  switch (typeof value2) {
    case "string":
      return "a string";
    case "number":
      return numberIsNaN(value2) ? "NaN" : numberIsFinite(value2) ? "a number" : "an infinite number";
    case "boolean":
      return "a boolean";
    case "bigint":
      return "a BigInt";
    case "symbol":
      return "a symbol";
    case "function":
      return "a function";
    default:
      return isPlainObject(value2) ? "an object" : `an object that is not a plain object (${tagOf(value2)})`;
  }
}
function tagOf(value2) {
  const tag = Object.prototype.toString.call(value2).slice(8, -1);
  return tag === "Object" ? "its prototype is not Object.prototype" : tag;
}
function isPlainObject(value2) {
  if (typeof value2 !== "object" || value2 === null || isArray(value2)) return false;
  const proto = getPrototypeOf(value2);
  return proto === null || getPrototypeOf(proto) === null;
}
var INSTANT_OPERATORS = "instants are compared only by $eq, $ne, $gt, $gte, $lt and $lte";
function isInstantShaped(value2) {
  return isPlainObject(value2) && (hasOwn(value2, "$now") || hasOwn(value2, "$at"));
}
function invalid2(op, at2, expected, value2) {
  if (isInstantShaped(value2)) {
    return new FilterError(
      "INVALID_OPERAND",
      at2,
      `"${op}" expects ${expected} at ${showPointer(at2)}, got an instant: ${INSTANT_OPERATORS}`
    );
  }
  const nonJson = value2 === void 0 || typeof value2 === "function" || typeof value2 === "symbol" || typeof value2 === "bigint" || typeof value2 === "number" && !numberIsFinite(value2);
  return new FilterError(
    nonJson && typeof value2 !== "number" ? "INVALID_VALUE" : "INVALID_OPERAND",
    at2,
    `"${op}" expects ${expected} at ${showPointer(at2)}, got ${describe(value2)}`
  );
}
function checkString(op, at2, value2, limits) {
  if (value2.length > limits.maxStringLength) {
    throw limitError("maxStringLength", at2, `"${op}" operand of ${value2.length} characters`, limits);
  }
  return wellFormed(op, at2, value2);
}
function wellFormed(op, at2, value2) {
  if (!stringIsWellFormed(value2)) {
    throw new FilterError(
      "INVALID_VALUE",
      at2,
      `"${op}" operand at ${showPointer(at2)} is not well-formed Unicode (lone surrogate)`
    );
  }
  return value2;
}
function checkNumber(op, at2, value2) {
  if (!numberIsFinite(value2)) throw invalid2(op, at2, "a finite number", value2);
  if (numberIsInteger(value2) && !numberIsSafeInteger(value2)) {
    throw new FilterError(
      "INVALID_OPERAND",
      at2,
      `"${op}" operand ${value2} at ${showPointer(at2)} is an integer outside the safe range \xB1(2^53\u22121)`
    );
  }
  return value2 === 0 ? 0 : value2;
}
function scalarOperand(op, at2, value2, allowNull, limits) {
  switch (typeof value2) {
    case "string":
      return checkString(op, at2, value2, limits);
    case "number":
      return checkNumber(op, at2, value2);
    case "boolean":
      return value2;
    default:
      if (value2 === null && allowNull) return null;
      throw invalid2(
        op,
        at2,
        allowNull ? "a string, number, boolean or null" : "a string, number or boolean",
        value2
      );
  }
}
function orderedOperand(op, at2, value2, limits) {
  if (typeof value2 === "string") return checkString(op, at2, value2, limits);
  if (typeof value2 === "number") return checkNumber(op, at2, value2);
  throw invalid2(op, at2, "a string or a number", value2);
}
function listOperand(op, at2, value2, limits) {
  if (!isArray(value2)) throw invalid2(op, at2, "an array", value2);
  if (value2.length > limits.maxListItems) {
    throw limitError("maxListItems", at2, `"${op}" has ${value2.length} items`, limits);
  }
  const out = new Array(value2.length);
  for (let i = 0; i < value2.length; i++) {
    const item = value2[i];
    const itemAt = pointer(at2, i);
    if (typeof item === "object" && item !== null) {
      throw new FilterError(
        "INVALID_OPERAND",
        itemAt,
        `"${op}" expects strings, numbers, booleans or null at ${itemAt}, got ${isInstantShaped(item) ? `an instant: ${INSTANT_OPERATORS} (an "$or" of "$eq" comparisons lists several)` : describe(item)}`
      );
    }
    out[i] = scalarOperand(op, itemAt, item, true, limits);
  }
  return freeze(out);
}
function likeOperand(op, at2, value2, limits) {
  if (typeof value2 !== "string") throw invalid2(op, at2, "a string", value2);
  if (value2.length > limits.maxPatternLength) {
    throw limitError("maxPatternLength", at2, `"${op}" pattern of ${value2.length} characters`, limits);
  }
  const stars = likeWildcards(value2);
  if (stars > limits.maxWildcards) {
    throw limitError("maxWildcards", at2, `"${op}" pattern with ${stars} wildcards`, limits);
  }
  return wellFormed(op, at2, value2);
}
function booleanOperand(op, at2, value2) {
  if (typeof value2 !== "boolean") throw invalid2(op, at2, "a boolean", value2);
  return value2;
}
function versionOperand2(op, at2, value2, limits) {
  if (typeof value2 !== "string")
    throw invalid2(op, at2, 'a version string such as "1.29" or "v1.2.0-rc.1"', value2);
  if (value2.length > limits.maxVersionLength) {
    throw limitError("maxVersionLength", at2, `"${op}" version of ${value2.length} characters`, limits);
  }
  wellFormed(op, at2, value2);
  if (parseVersion(value2) === void 0) {
    throw new FilterError(
      "INVALID_OPERAND",
      at2,
      `"${op}" expects a version at ${showPointer(at2)}, got ${jsonStringify(showText(value2))}: a version is dot-separated numbers with an optional leading "v" and "-pre.release" and "+build" suffixes, such as "1.29" or "v1.2.0-rc.1"`
    );
  }
  return value2;
}
function instantOperand(op, at2, value2, limits) {
  const count2 = countOwnKeys(value2, 2);
  const keys = count2 === 1 ? objectKeys(value2) : [];
  const base = keys.length === 1 && (keys[0] === "$now" || keys[0] === "$at") ? keys[0] : void 0;
  if (base === void 0) {
    const got = count2 === 0 ? "an empty object" : count2 === 1 ? `an object with key ${jsonStringify(showText(keys[0]))}` : isInstantShaped(value2) ? 'an object with more keys: an instant has "$now" or "$at" alone' : "an object with more than one key";
    throw new FilterError(
      "INVALID_OPERAND",
      at2,
      `"${op}" expects ${op === "$eq" || op === "$ne" ? "a string, number, boolean or null" : "a string or a number"}, or an instant, { "$now": "<ISO 8601 duration>" } or { "$at": "<RFC 3339 timestamp>" }, at ${showPointer(at2)}, got ${got}`
    );
  }
  const inner = pointer(at2, base);
  const text2 = own(value2, base);
  if (typeof text2 !== "string") {
    throw invalid2(
      base,
      inner,
      base === "$now" ? 'a string, an ISO 8601 duration such as "P30D" or "-PT12H",' : 'a string, an RFC 3339 timestamp such as "2026-06-01T00:00:00Z",',
      text2
    );
  }
  checkString(base, inner, text2, limits);
  if (base === "$now") {
    const d = parseDuration(text2);
    if (!d.ok) {
      throw new FilterError(
        "INVALID_OPERAND",
        inner,
        `"$now" at ${showPointer(inner)}: ${jsonStringify(showText(text2))} is not a duration: ${d.why}`
      );
    }
    return freeze({ base: "now", text: text2, ms: d.ms });
  }
  const ms = timestampMs(text2);
  if (Number.isNaN(ms)) {
    throw new FilterError(
      "INVALID_OPERAND",
      inner,
      `"$at" expects an RFC 3339 timestamp such as "2026-06-01T00:00:00Z" or "2026-06-01T02:00:00.5+02:00" at ${showPointer(inner)}, got ${jsonStringify(showText(text2))}`
    );
  }
  return freeze({ base: "at", text: text2, ms });
}

// src/parse/operators.ts
var RULES = {
  eq: (at2, x, _, l) => ({ kind: "eq", value: scalarOperand("$eq", at2, x, true, l) }),
  ne: (at2, x, _, l) => ({ kind: "ne", value: scalarOperand("$ne", at2, x, true, l) }),
  gt: (at2, x, _, l) => ({ kind: "gt", value: orderedOperand("$gt", at2, x, l) }),
  gte: (at2, x, _, l) => ({ kind: "gte", value: orderedOperand("$gte", at2, x, l) }),
  lt: (at2, x, _, l) => ({ kind: "lt", value: orderedOperand("$lt", at2, x, l) }),
  lte: (at2, x, _, l) => ({ kind: "lte", value: orderedOperand("$lte", at2, x, l) }),
  teq: (at2, x, _, l) => ({ kind: "teq", instant: instantOperand("$eq", at2, x, l) }),
  tne: (at2, x, _, l) => ({ kind: "tne", instant: instantOperand("$ne", at2, x, l) }),
  tgt: (at2, x, _, l) => ({ kind: "tgt", instant: instantOperand("$gt", at2, x, l) }),
  tgte: (at2, x, _, l) => ({ kind: "tgte", instant: instantOperand("$gte", at2, x, l) }),
  tlt: (at2, x, _, l) => ({ kind: "tlt", instant: instantOperand("$lt", at2, x, l) }),
  tlte: (at2, x, _, l) => ({ kind: "tlte", instant: instantOperand("$lte", at2, x, l) }),
  in: (at2, x, _, l) => ({ kind: "in", values: listOperand("$in", at2, x, l) }),
  nin: (at2, x, _, l) => ({ kind: "nin", values: listOperand("$nin", at2, x, l) }),
  like: (at2, x, _, l) => ({ kind: "like", pattern: likeOperand("$like", at2, x, l) }),
  exists: (at2, x) => ({ kind: "exists", value: booleanOperand("$exists", at2, x) }),
  veq: (at2, x, _, l) => ({ kind: "veq", value: versionOperand2("$veq", at2, x, l) }),
  vne: (at2, x, _, l) => ({ kind: "vne", value: versionOperand2("$vne", at2, x, l) }),
  vgt: (at2, x, _, l) => ({ kind: "vgt", value: versionOperand2("$vgt", at2, x, l) }),
  vgte: (at2, x, _, l) => ({ kind: "vgte", value: versionOperand2("$vgte", at2, x, l) }),
  vlt: (at2, x, _, l) => ({ kind: "vlt", value: versionOperand2("$vlt", at2, x, l) }),
  vlte: (at2, x, _, l) => ({ kind: "vlte", value: versionOperand2("$vlte", at2, x, l) }),
  elemMatch: (at2, x, nested) => ({ kind: "elemMatch", filter: nested(x, at2) })
};
var OPERATOR_KINDS = new Map(
  objectKeys(OPERATOR_NAMES).filter((kind) => !isTimeNode({ kind })).map((kind) => [OPERATOR_NAMES[kind], kind])
);
function parseOperator(kind, at2, operand2, nested, limits) {
  const time2 = isPlainObject(operand2) && hasOwn(TIME_KINDS, kind) ? TIME_KINDS[kind] : void 0;
  return freeze(RULES[time2 ?? kind](at2, operand2, nested, limits));
}

// src/bounded-cache.ts
var mapGet2 = Map.prototype.get;
var mapSet = Map.prototype.set;
var mapDelete = Map.prototype.delete;
var mapClear = Map.prototype.clear;
var mapKeys = Map.prototype.keys;
var iteratorNext = Object.getPrototypeOf((/* @__PURE__ */ new Map()).keys()).next;
var BoundedCache = class {
  constructor(maxKeys, maxChars) {
    this.maxKeys = maxKeys;
    this.maxChars = maxChars;
  }
  maxKeys;
  maxChars;
  byKey = /* @__PURE__ */ new Map();
  count = 0;
  chars = 0;
  /** How many keys are held. */
  get size() {
    return this.count;
  }
  /** The value of a key, which becomes the most recently used. */
  get(key) {
    const value2 = mapGet2.call(this.byKey, key);
    if (value2 === void 0) return void 0;
    mapDelete.call(this.byKey, key);
    mapSet.call(this.byKey, key, value2);
    return value2;
  }
  /** Holds `value` for `key`, evicting the least recently used beyond the bounds. */
  set(key, value2) {
    if (key.length > this.maxChars || mapGet2.call(this.byKey, key) !== void 0) return;
    mapSet.call(this.byKey, key, value2);
    this.count++;
    this.chars += key.length;
    while (this.count > this.maxKeys || this.chars > this.maxChars) {
      const oldest = iteratorNext.call(mapKeys.call(this.byKey)).value;
      mapDelete.call(this.byKey, oldest);
      this.count--;
      this.chars -= oldest.length;
    }
  }
  clear() {
    mapClear.call(this.byKey);
    this.count = 0;
    this.chars = 0;
  }
};

// src/parse/path.ts
var FORBIDDEN = /* @__PURE__ */ new Set(["__proto__", "prototype", "constructor"]);
var ANY_STEP = freeze({ kind: "any" });
var parsed = new BoundedCache(1024, 256 * 1024);
var REMEMBERED_KEY_LENGTH = 256;
function parsePath(key, at2, limits = DEFAULT_LIMITS) {
  if (typeof key !== "string") {
    throw new FilterError("INVALID_PATH", at2, `a field path must be a string at ${showPointer(at2)}`);
  }
  const memo = limits === DEFAULT_LIMITS && key.length <= REMEMBERED_KEY_LENGTH;
  if (memo) {
    const known = parsed.get(key);
    if (known !== void 0) return known;
  }
  if (key === "") throw new FilterError("INVALID_PATH", at2, `empty field path at ${showPointer(at2)}`);
  const longest = limits.maxPathSegments * (limits.maxSegmentLength + PATH_SEPARATOR.length);
  const text2 = key.length > longest ? key.slice(0, longest + 1) : key;
  if (text2 === key && !stringIsWellFormed(key)) {
    throw new FilterError(
      "INVALID_VALUE",
      at2,
      `field path at ${showPointer(at2)} is not well-formed Unicode (lone surrogate)`
    );
  }
  const steps = [];
  let start = 0;
  for (; ; ) {
    const end2 = stringIndexOf.call(text2, PATH_SEPARATOR, start);
    const segment2 = text2.slice(start, end2 === -1 ? text2.length : end2);
    if (steps.length === limits.maxPathSegments) {
      throw limitError(
        "maxPathSegments",
        at2,
        `field path with more than ${limits.maxPathSegments} segments`,
        limits
      );
    }
    if (segment2.length > limits.maxSegmentLength) {
      const size = end2 === -1 && text2 !== key ? `more than ${segment2.length - 1}` : `${segment2.length}`;
      throw limitError("maxSegmentLength", at2, `field path segment of ${size} characters`, limits);
    }
    if (segment2 === "") {
      throw new FilterError(
        "INVALID_PATH",
        at2,
        `field path "${showText(key)}" has an empty segment at ${showPointer(at2)}`
      );
    }
    if (setHas.call(FORBIDDEN, segment2)) {
      throw new FilterError(
        "FORBIDDEN_PATH_SEGMENT",
        at2,
        `field path "${showText(key)}" uses the forbidden segment "${segment2}" at ${showPointer(at2)}`
      );
    }
    steps.push(segment2 === ARRAY_ANY ? ANY_STEP : freeze({ kind: "key", key: segment2 }));
    if (end2 === -1) break;
    start = end2 + PATH_SEPARATOR.length;
  }
  if (text2 !== key)
    throw limitError("maxSegmentLength", at2, "field path longer than the limits allow", limits);
  const out = freeze(steps);
  if (memo) parsed.set(key, out);
  return out;
}
function printPath(steps) {
  let out = "";
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i];
    if (i > 0) out += PATH_SEPARATOR;
    out += step.kind === "any" ? ARRAY_ANY : step.key;
  }
  return out;
}

// src/parse/trusted.ts
var FILTER_LIMITS = [
  "maxDepth",
  "maxNodes",
  "maxKeys",
  "maxListItems",
  "maxStringLength",
  "maxVersionLength",
  "maxPatternLength",
  "maxWildcards",
  "maxPathSegments",
  "maxSegmentLength"
];
function emptyFootprint() {
  const out = {};
  for (let i = 0; i < FILTER_LIMITS.length; i++) out[FILTER_LIMITS[i]] = 0;
  return out;
}
var trusted = /* @__PURE__ */ new WeakMap();
function trust(node2, limits, footprint) {
  weakMapSet.call(trusted, node2, { limits, footprint });
  return node2;
}
function parsedOf(node2) {
  return weakMapGet.call(trusted, node2);
}
function fits(parsed2, limits) {
  if (parsed2.limits === limits) return true;
  for (let i = 0; i < FILTER_LIMITS.length; i++) {
    const axis = FILTER_LIMITS[i];
    if (parsed2.footprint[axis] > limits[axis]) return false;
  }
  return true;
}

// src/parse/filter.ts
var DEFAULT_MAX_DEPTH = DEFAULT_LIMITS.maxDepth;
var LONGEST_OPERATOR = Math.max(...[...OPERATOR_KINDS.keys()].map((name) => name.length));
var SELECTOR_NODES = 4;
function reach(p, axis, value2) {
  if (value2 > p.seen[axis]) p.seen[axis] = value2;
}
function measure(p, op, extra) {
  const string = (op2) => {
    if (typeof op2.value === "string") reach(p, "maxStringLength", op2.value.length);
  };
  byFamily(op, {
    equality: string,
    order: string,
    membership: (op2) => {
      reach(p, "maxListItems", op2.values.length);
      for (let i = 0; i < op2.values.length; i++) {
        const v = op2.values[i];
        if (typeof v === "string") reach(p, "maxStringLength", v.length);
      }
    },
    like: (op2) => {
      reach(p, "maxPatternLength", op2.pattern.length);
      reach(p, "maxWildcards", extra);
    },
    version: (op2) => reach(p, "maxVersionLength", op2.value.length),
    time: (op2) => reach(p, "maxStringLength", op2.instant.text.length),
    exists: () => {
    },
    elemMatch: () => {
    }
  });
}
function count(p, n, at2) {
  p.nodes += n;
  if (p.nodes > p.limits.maxNodes) {
    throw limitError("maxNodes", at2, `the filter has more than ${p.limits.maxNodes} nodes`, p.limits);
  }
  if (p.policy !== void 0) {
    p.policy.nodes += n;
    if (p.policy.nodes > p.limits.maxPolicyNodes) {
      throw limitError(
        "maxPolicyNodes",
        at2,
        `the policy's filters have more than ${p.limits.maxPolicyNodes} nodes together`,
        p.limits
      );
    }
  }
}
function checkKeys(value2, at2, p) {
  if (getOwnPropertySymbols(value2).length > 0) {
    throw new FilterError(
      "INVALID_VALUE",
      at2,
      `symbol keys are not allowed in a filter at ${showPointer(at2)}`
    );
  }
  if (countOwnKeys(value2, p.limits.maxKeys) > p.limits.maxKeys) {
    throw limitError("maxKeys", at2, `an object with more than ${p.limits.maxKeys} keys`, p.limits);
  }
  const keys = objectKeys(value2);
  reach(p, "maxKeys", keys.length);
  return keys;
}
function suggestion(value2) {
  if (isArray(value2)) return '{ "$in": [...] }';
  if (typeof value2 === "string" || typeof value2 === "number" && numberIsFinite(value2) || typeof value2 === "boolean" || value2 === null) {
    return `{ "$eq": ${jsonStringify(typeof value2 === "string" ? showText(value2) : value2)} }`;
  }
  return '{ "$eq": <value> }';
}
function parseField(key, value2, at2, depth, p) {
  const path = parsePath(key, at2, p.limits);
  let steps = 0;
  for (let i = 0; i < path.length; i++) {
    const step = path[i];
    steps += step.kind === "any" ? SELECTOR_NODES : 1;
    reach(p, "maxSegmentLength", step.kind === "any" ? ARRAY_ANY.length : step.key.length);
  }
  reach(p, "maxPathSegments", path.length);
  count(p, 1 + steps, at2);
  if (!isPlainObject(value2)) {
    throw new FilterError(
      // A function or a BigInt is not a bare value a filter file could hold, so no `$eq` will fix it.
      isNonJson(value2) ? "INVALID_VALUE" : "EXPECTED_OPERATOR_OBJECT",
      at2,
      `field "${showText(key)}" expects an operator object at ${showPointer(at2)}, got ${describe(value2)}; write ${suggestion(value2)}`
    );
  }
  const names = checkKeys(value2, at2, p);
  if (names.length === 0) {
    throw new FilterError(
      "EMPTY_OPERATOR_OBJECT",
      at2,
      `field "${showText(key)}" has an empty operator object at ${showPointer(at2)}`
    );
  }
  const operators = [];
  for (const name of names) {
    const opAt = pointer(at2, name);
    const kind = name.length > LONGEST_OPERATOR ? void 0 : mapGet.call(OPERATOR_KINDS, name);
    if (kind === void 0) {
      const lower = name.length < LONGEST_OPERATOR ? `$${name.toLowerCase()}` : "";
      const bare = mapHas.call(OPERATOR_KINDS, lower) ? lower : void 0;
      const hint = name === "$now" || name === "$at" ? `an instant is the operand of a comparison: { "$lt": { "${name}": \u2026 } } (${INSTANT_OPERATORS})` : name[0] === "$" ? `supported operators are ${[...OPERATOR_KINDS.keys()].join(", ")}` : bare !== void 0 ? `operators start with "$": did you mean "${bare}"?` : `nested fields are written "${showText(`${key}$.${name}`)}"`;
      throw new FilterError(
        "UNKNOWN_OPERATOR",
        opAt,
        `unknown operator "${showText(name)}" at ${showPointer(opAt)}; ${hint}`
      );
    }
    if (kind === "elemMatch" && path[path.length - 1]?.kind !== "any") {
      throw new FilterError(
        "INVALID_PATH",
        opAt,
        `"$elemMatch" at ${showPointer(opAt)} needs a path that ends at the selector ${ARRAY_ANY} (some element of the array there); write "${showText(key + PATH_SEPARATOR + ARRAY_ANY)}"`
      );
    }
    const operator = parseOperator(
      kind,
      opAt,
      value2[name],
      (operand2, nestedAt) => parseObject(operand2, nestedAt, depth + 1, p, "$elemMatch"),
      p.limits
    );
    const extra = extraNodes(operator);
    count(p, 1 + extra, opAt);
    measure(p, operator, extra);
    operators.push(operator);
  }
  return freeze({ kind: "field", path, operators: freeze(operators) });
}
var EXTRA_NODES = {
  equality: () => 0,
  order: () => 0,
  membership: (op) => op.values.length,
  like: (op) => likeWildcards(op.pattern),
  exists: () => 0,
  version: (op) => versionParts(op.value),
  time: () => 0,
  // The inner filter counts its own nodes as it is parsed.
  elemMatch: () => 0
};
function extraNodes(operator) {
  return byFamily(operator, EXTRA_NODES);
}
function versionParts(version3) {
  let parts = 1;
  for (let i = 0; i < version3.length; i++) {
    const c = version3.charCodeAt(i);
    if (c === 46 || c === 45 || c === 43) parts++;
  }
  return parts;
}
function parseLogicalList(op, value2, at2, depth, p) {
  if (!isArray(value2) || value2.length === 0) {
    throw new FilterError(
      isArray(value2) || !isNonJson(value2) ? "INVALID_OPERAND" : "INVALID_VALUE",
      at2,
      `"${op}" expects a non-empty array of filters at ${showPointer(at2)}, got ${isArray(value2) ? "an empty array" : describe(value2)}`
    );
  }
  if (value2.length > p.limits.maxNodes) {
    throw limitError("maxNodes", at2, `"${op}" has ${value2.length} items`, p.limits);
  }
  const out = new Array(value2.length);
  for (let i = 0; i < value2.length; i++) {
    out[i] = parseObject(value2[i], pointer(at2, i), depth + 1, p, op);
  }
  return freeze(out);
}
function isNonJson(value2) {
  return value2 === void 0 || typeof value2 === "function" || typeof value2 === "symbol" || typeof value2 === "bigint";
}
function parseObject(input, at2, depth, p, parent) {
  if (depth > p.limits.maxDepth) {
    throw limitError("maxDepth", at2, `filter nesting deeper than ${p.limits.maxDepth} levels`, p.limits);
  }
  reach(p, "maxDepth", depth);
  if (!isPlainObject(input)) {
    const where2 = parent ? `"${parent}" expects a filter object at ${showPointer(at2)}` : `a filter must be an object at ${showPointer(at2)}`;
    throw new FilterError(
      isNonJson(input) ? "INVALID_VALUE" : "INVALID_FILTER",
      at2,
      `${where2}, got ${describe(input)}`
    );
  }
  count(p, 1, at2);
  const clauses = [];
  for (const key of checkKeys(input, at2, p)) {
    const keyAt = pointer(at2, key);
    const value2 = input[key];
    switch (key) {
      case "$and":
        count(p, 1, keyAt);
        clauses.push(freeze({ kind: "and", filters: parseLogicalList("$and", value2, keyAt, depth, p) }));
        break;
      case "$or":
        count(p, 1, keyAt);
        clauses.push(freeze({ kind: "or", filters: parseLogicalList("$or", value2, keyAt, depth, p) }));
        break;
      case "$not":
        count(p, 1, keyAt);
        clauses.push(freeze({ kind: "not", filter: parseObject(value2, keyAt, depth + 1, p, "$not") }));
        break;
      default:
        if (key[0] === "$") {
          const hint = key.length <= LONGEST_OPERATOR && mapHas.call(OPERATOR_KINDS, key) ? `"${key}" belongs inside a field's operator object, e.g. { "<field>": { "${key}": \u2026 } }` : key === "$now" || key === "$at" ? `an instant is the operand of a comparison: { "<field>": { "$lt": { "${key}": \u2026 } } }` : "logical operators are $and, $or, $not";
          throw new FilterError(
            "UNKNOWN_OPERATOR",
            keyAt,
            `unknown operator "${showText(key)}" at ${showPointer(keyAt)}; ${hint}`
          );
        }
        clauses.push(parseField(key, value2, keyAt, depth, p));
    }
  }
  return freeze({ kind: "filter", clauses: freeze(clauses) });
}
function parseFilter(input, options) {
  return parseWithin(input, resolveLimits(options), void 0);
}
function parseWithin(input, limits, policy) {
  try {
    const p = { limits, nodes: 0, policy, seen: emptyFootprint() };
    const node2 = parseObject(input, "", 1, p);
    p.seen.maxNodes = p.nodes;
    return trust(node2, limits, p.seen);
  } catch (error) {
    if (isOwnError(error)) throw error;
    throw new FilterError("INVALID_VALUE", "", `the filter could not be read: ${safeMessage(error)}`, {
      cause: error
    });
  }
}

// src/parse/print.ts
function operand(op, at2, depth, tally) {
  const value2 = (op2) => op2.value;
  return byFamily(op, {
    equality: value2,
    order: value2,
    exists: value2,
    version: value2,
    membership: (op2) => {
      const values = op2.values;
      if (!isArray(values)) return values;
      const limits = tally?.limits;
      if (limits !== void 0 && values.length > limits.maxListItems) {
        throw limitError(
          "maxListItems",
          at2,
          `"${OPERATOR_NAMES[op2.kind]}" has ${values.length} items`,
          limits
        );
      }
      return [...values];
    },
    like: (op2) => op2.pattern,
    time: (op2) => {
      const instant = op2.instant;
      if (typeof instant !== "object" || instant === null)
        throw bad(at2, "a time operator without an instant");
      const base = read(instant, "base");
      if (base !== "now" && base !== "at") throw bad(at2, 'an instant whose base is neither "now" nor "at"');
      const printed = {};
      setKey(printed, base === "now" ? "$now" : "$at", read(instant, "text"), at2);
      return printed;
    },
    elemMatch: (op2) => printNode(op2.filter, at2, depth + 1, tally)
  });
}
function bad(at2, what2) {
  return new FilterError("INVALID_NODE", at2, `not a filter AST: ${what2} at ${showPointer(at2)}`);
}
function setKey(out, key, value2, at2) {
  if (hasOwn(out, key)) {
    throw bad(
      pointer(at2, key),
      `two entries print to the same key "${showText(key)}" (a JSON object cannot hold both; combine them with $and)`
    );
  }
  Object.defineProperty(out, key, { value: value2, enumerable: true, writable: true, configurable: true });
}
function read(node2, key) {
  return own(node2, key);
}
function printOperator(op, at2, depth, tally) {
  if (typeof op !== "object" || op === null) throw bad(at2, "an operator that is not an object");
  const kind = read(op, "kind");
  if (typeof kind !== "string" || !hasOwn(OPERATOR_NAMES, kind)) throw bad(at2, "an unknown operator node");
  const node2 = freeze({
    kind,
    value: read(op, "value"),
    values: read(op, "values"),
    pattern: read(op, "pattern"),
    filter: read(op, "filter"),
    instant: read(op, "instant")
  });
  const name = OPERATOR_NAMES[kind];
  const opAt = pointer(at2, name);
  const printed = operand(node2, opAt, depth, tally);
  if (tally !== void 0) count(tally, 1 + (isArray(printed) ? printed.length : 0), opAt);
  return [name, printed];
}
function printFieldKey(path, at2, tally) {
  const limits = tally?.limits;
  if (limits !== void 0 && path.length > limits.maxPathSegments) {
    throw limitError("maxPathSegments", at2, `a field path of ${path.length} segments`, limits);
  }
  const steps = [];
  let nodes = 0;
  for (let i = 0; i < path.length; i++) {
    const step = path[i];
    const stepKind = typeof step === "object" && step !== null ? read(step, "kind") : void 0;
    const key = stepKind === "key" ? read(step, "key") : void 0;
    if (stepKind === "any") {
      steps.push({ kind: "any" });
      nodes += SELECTOR_NODES;
    } else if (stepKind === "key" && typeof key === "string") {
      if (limits !== void 0 && key.length > limits.maxSegmentLength) {
        throw limitError("maxSegmentLength", at2, `a field path segment of ${key.length} characters`, limits);
      }
      steps.push({ kind: "key", key });
      nodes += 1;
    } else throw bad(at2, "a malformed path step");
  }
  return { key: printPath(steps), nodes };
}
function printNode(node2, at2, depth, tally) {
  const limits = tally?.limits;
  if (limits !== void 0 && depth > limits.maxDepth) {
    throw limitError("maxDepth", at2, `filter nesting deeper than ${limits.maxDepth} levels`, limits);
  }
  if (depth > MAX_MAX_DEPTH) throw bad(at2, `nesting deeper than ${MAX_MAX_DEPTH}`);
  const clauses = typeof node2 === "object" && node2 !== null ? read(node2, "clauses") : void 0;
  if (typeof node2 !== "object" || node2 === null || read(node2, "kind") !== "filter" || !isArray(clauses)) {
    throw bad(at2, 'expected a node of kind "filter"');
  }
  if (tally !== void 0) {
    count(tally, 1, at2);
    if (clauses.length > tally.limits.maxKeys) {
      throw limitError("maxKeys", at2, `an object with ${clauses.length} keys`, tally.limits);
    }
  }
  const out = {};
  for (let c = 0; c < clauses.length; c++) {
    const clause = clauses[c];
    if (typeof clause !== "object" || clause === null) throw bad(at2, "a clause that is not an object");
    const kind = read(clause, "kind");
    switch (kind) {
      case "field": {
        const path = read(clause, "path");
        const operators = read(clause, "operators");
        if (!isArray(path) || !isArray(operators)) throw bad(at2, "a malformed field node");
        const { key, nodes } = printFieldKey(path, at2, tally);
        const keyAt = pointer(at2, key);
        if (tally !== void 0) {
          count(tally, 1 + nodes, keyAt);
          if (operators.length > tally.limits.maxKeys) {
            throw limitError("maxKeys", keyAt, `an object with ${operators.length} keys`, tally.limits);
          }
        }
        const ops = {};
        for (let i = 0; i < operators.length; i++) {
          const [name, value2] = printOperator(operators[i], keyAt, depth, tally);
          setKey(ops, name, value2, keyAt);
        }
        setKey(out, key, ops, at2);
        break;
      }
      case "and":
      case "or": {
        const name = LOGICAL_NAMES[kind];
        const keyAt = pointer(at2, name);
        const filters = read(clause, "filters");
        if (!isArray(filters)) throw bad(keyAt, "a malformed logical node");
        if (tally !== void 0) {
          count(tally, 1, keyAt);
          if (filters.length > tally.limits.maxNodes) {
            throw limitError("maxNodes", keyAt, `"${name}" has ${filters.length} items`, tally.limits);
          }
        }
        const items = new Array(filters.length);
        for (let i = 0; i < filters.length; i++)
          items[i] = printNode(filters[i], pointer(keyAt, i), depth + 1, tally);
        setKey(out, name, items, at2);
        break;
      }
      case "not": {
        const keyAt = pointer(at2, "$not");
        if (tally !== void 0) count(tally, 1, keyAt);
        setKey(out, "$not", printNode(read(clause, "filter"), keyAt, depth + 1, tally), at2);
        break;
      }
      default:
        assertNever(kind, "clause node");
    }
  }
  return out;
}
function printWithin(node2, limits) {
  try {
    return printNode(node2, "", 1, limits === void 0 ? void 0 : { limits, nodes: 0, policy: void 0 });
  } catch (error) {
    if (isOwnError(error)) throw error;
    throw new FilterError("INVALID_NODE", "", `not a filter AST: ${safeMessage(error)}`, { cause: error });
  }
}
function printParsed(node2) {
  return printWithin(node2, void 0);
}
function printFilter(node2, options) {
  const limits = parsedOf(node2) !== void 0 ? void 0 : resolveLimits(options);
  return printWithin(node2, limits);
}

// src/parse/node-input.ts
function isFilterNode(input) {
  if (typeof input !== "object" || input === null) return false;
  try {
    return hasOwn(input, "kind") && input.kind === "filter";
  } catch {
    return false;
  }
}
function toFilterNode(input, options) {
  if (!isFilterNode(input)) return parseFilter(input, options);
  const limits = resolveLimits(options);
  const parsed2 = parsedOf(input);
  if (parsed2 !== void 0) {
    if (fits(parsed2, limits)) return input;
    return parseFilter(printWithin(input, void 0), { limits });
  }
  return parseFilter(printWithin(input, limits), { limits });
}

// src/semantics/compare.ts
var charCodeAt2 = String.prototype.charCodeAt;
var codePointAt = String.prototype.codePointAt;
var mathMin = Math.min;
function compareCodePoints(a, b2) {
  const n = mathMin(a.length, b2.length);
  for (let i = 0; i < n; i++) {
    const x = charCodeAt2.call(a, i);
    const y = charCodeAt2.call(b2, i);
    if (x !== y) {
      if (x < 55296 || y < 55296) return x - y;
      const lead = i > 0 && (charCodeAt2.call(a, i - 1) & 64512) === 55296;
      const at2 = lead && ((x & 64512) === 56320 || (y & 64512) === 56320) ? i - 1 : i;
      return codePointAt.call(a, at2) - codePointAt.call(b2, at2);
    }
  }
  return a.length - b2.length;
}
function isBelowSurrogates(s) {
  for (let i = 0; i < s.length; i++) if (charCodeAt2.call(s, i) >= 55296) return false;
  return true;
}

// src/semantics/values.ts
var hasOwn2 = Object.hasOwn;
var isArray2 = Array.isArray;
var dateToISOString = Date.prototype.toISOString;
var dateGetTime = Date.prototype.getTime;
function readKey(value2, key) {
  if (typeof value2 !== "object" || value2 === null || isArray2(value2)) return void 0;
  const v = value2[key];
  return v !== void 0 && hasOwn2(value2, key) && !(value2 instanceof Date) ? v : void 0;
}
function isObjectValue(value2) {
  return typeof value2 === "object" && value2 !== null && !isArray2(value2) && !(value2 instanceof Date);
}
function readLeaf(value2) {
  if (typeof value2 === "object" && value2 !== null && value2 instanceof Date) {
    return Number.isNaN(dateGetTime.call(value2)) ? null : dateToISOString.call(value2);
  }
  return value2;
}

// src/compile/operators.ts
var setHas2 = Set.prototype.has;
var always = () => true;
function elementTest(filter, compile) {
  if (filter.clauses.length === 0) return always;
  const holds3 = compile(filter);
  return (v) => isObjectValue(v) && holds3(v);
}
var SCAN_LIMIT = 8;
function equals(x) {
  if (x === null) return (v) => v == null;
  return (v) => v === x;
}
function member(values) {
  let hasNull = false;
  const present = [];
  for (let i = 0; i < values.length; i++) {
    const x = values[i];
    if (x === null) hasNull = true;
    else present.push(x);
  }
  if (present.length === 0) return hasNull ? (v) => v == null : () => false;
  if (present.length <= SCAN_LIMIT) {
    const list = present;
    return (v) => {
      if (v == null) return hasNull;
      for (let i = 0; i < list.length; i++) if (list[i] === v) return true;
      return false;
    };
  }
  const set = new Set(present);
  return (v) => v == null ? hasNull : setHas2.call(set, v);
}
function ordered(kind, x) {
  if (typeof x === "number") {
    switch (kind) {
      case "gt":
        return (v) => typeof v === "number" && v > x;
      case "gte":
        return (v) => typeof v === "number" && v >= x;
      case "lt":
        return (v) => typeof v === "number" && v < x;
      case "lte":
        return (v) => typeof v === "number" && v <= x;
    }
  }
  if (isBelowSurrogates(x)) {
    switch (kind) {
      case "gt":
        return (v) => typeof v === "string" && v > x;
      case "gte":
        return (v) => typeof v === "string" && v >= x;
      case "lt":
        return (v) => typeof v === "string" && v < x;
      case "lte":
        return (v) => typeof v === "string" && v <= x;
    }
  }
  switch (kind) {
    case "gt":
      return (v) => typeof v === "string" && compareCodePoints(v, x) > 0;
    case "gte":
      return (v) => typeof v === "string" && compareCodePoints(v, x) >= 0;
    case "lt":
      return (v) => typeof v === "string" && compareCodePoints(v, x) < 0;
    case "lte":
      return (v) => typeof v === "string" && compareCodePoints(v, x) <= 0;
  }
}
function versionOperands(ops) {
  const operands = ops.map((op) => versionOperand(parseVersion(op.value)));
  const range = keyRange(
    ops.map((op) => comparisonOf(op)),
    operands
  );
  return { operands, range };
}
function versions(ops) {
  const {
    operands,
    range: [lo, hi]
  } = versionOperands(ops);
  const accepts3 = ops.map((op) => ACCEPTS[comparisonOf(op)]);
  if (accepts3.length === 1) {
    const a = accepts3[0];
    const other = holds(a, -1, 0);
    return (v) => typeof v === "string" ? holds(a, compareVersionTo(v, operands, lo, hi), 0) : other;
  }
  if (accepts3.length === 2) {
    const [a, b2] = accepts3;
    return (v) => {
      const r = typeof v === "string" ? compareVersionTo(v, operands, lo, hi) : -1;
      return holds(a, r, 0) && holds(b2, r, 1);
    };
  }
  return (v) => {
    const r = typeof v === "string" ? compareVersionTo(v, operands, lo, hi) : -1;
    for (let j = 0; j < accepts3.length; j++) if (!holds(accepts3[j], r, j)) return false;
    return true;
  };
}
function boundOf(instant, asOf) {
  return instant.base === "now" ? asOf + instant.ms : instant.ms;
}
function instantTest(op, asOf) {
  const x = boundOf(op.instant, asOf);
  switch (comparisonOf(op)) {
    case "eq":
      return (t) => t === x;
    case "ne":
      return (t) => t !== x;
    case "gt":
      return (t) => t > x;
    case "gte":
      return (t) => t >= x;
    case "lt":
      return (t) => t < x;
    case "lte":
      return (t) => t <= x;
  }
}
function instants(ops, asOf) {
  const tests = ops.map((op) => instantTest(op, asOf));
  if (tests.length === 1) {
    const test2 = tests[0];
    return (v) => test2(instantOf(v));
  }
  return (v) => {
    const t = instantOf(v);
    for (let i = 0; i < tests.length; i++) if (!tests[i](t)) return false;
    return true;
  };
}
function negated(op, test2) {
  return factsOf(op).negated ? (v) => !test2(v) : test2;
}
function compileOperator(op, compile, asOf = Number.NaN) {
  return byFamily(op, {
    equality: (op2) => negated(op2, equals(op2.value)),
    order: (op2) => ordered(comparisonOf(op2), op2.value),
    membership: (op2) => negated(op2, member(op2.values)),
    like: (op2) => {
      const match = compileLike(op2.pattern);
      return negated(op2, (v) => typeof v === "string" && match(v));
    },
    exists: (op2) => op2.value ? (v) => v != null : (v) => v == null,
    // `$vne` is its own comparison (`ne`), in the one pass of `versions`.
    version: (op2) => versions([op2]),
    time: (op2) => instants([op2], asOf),
    elemMatch: (op2) => elementTest(op2.filter, compile)
  });
}
function compileOperators(ops, compile, asOf = Number.NaN) {
  if (ops.length === 1) return compileOperator(ops[0], compile, asOf);
  const versionOps = ops.filter(isVersionNode);
  const timeOps = ops.filter(isTimeNode);
  const grouped = (op) => versionOps.length > 1 && isVersionNode(op) || timeOps.length > 1 && isTimeNode(op);
  const tests = [
    ...ops.filter((op) => !grouped(op)).map((op) => compileOperator(op, compile, asOf)),
    ...versionOps.length > 1 ? [versions(versionOps)] : [],
    ...timeOps.length > 1 ? [instants(timeOps, asOf)] : []
  ];
  if (tests.length === 1) return tests[0];
  if (tests.length === 2) {
    const [a, b2] = tests;
    return (v) => a(v) && b2(v);
  }
  return (v) => {
    for (let i = 0; i < tests.length; i++) if (!tests[i](v)) return false;
    return true;
  };
}
function readsDates(ops) {
  return arraySome(ops, (op) => factsOf(op).readsDates(op));
}

// src/compile/generated/key-sites.ts
var OP = Object.prototype;
var isArray3 = Array.isArray;
var SITES = [
  (k) => {
    const own2 = (x) => x.__proto__ === OP && !(k in OP) && !isArray3(x) || readKey(x, k) !== void 0;
    return {
      then: (next) => (v) => next(v?.[k]),
      real: (next) => (x) => x != null && own2(x) && next(x[k]),
      equal: (e) => (r) => r?.[k] === e && own2(r),
      test: (test2, whenMissing) => (r) => {
        const res = test2(r?.[k]);
        return res === whenMissing || own2(r) ? res : whenMissing;
      }
    };
  },
  (k) => {
    const own2 = (x) => x.__proto__ === OP && !(k in OP) && !isArray3(x) || readKey(x, k) !== void 0;
    return {
      then: (next) => (v) => next(v?.[k]),
      real: (next) => (x) => x != null && own2(x) && next(x[k]),
      equal: (e) => (r) => r?.[k] === e && own2(r),
      test: (test2, whenMissing) => (r) => {
        const res = test2(r?.[k]);
        return res === whenMissing || own2(r) ? res : whenMissing;
      }
    };
  },
  (k) => {
    const own2 = (x) => x.__proto__ === OP && !(k in OP) && !isArray3(x) || readKey(x, k) !== void 0;
    return {
      then: (next) => (v) => next(v?.[k]),
      real: (next) => (x) => x != null && own2(x) && next(x[k]),
      equal: (e) => (r) => r?.[k] === e && own2(r),
      test: (test2, whenMissing) => (r) => {
        const res = test2(r?.[k]);
        return res === whenMissing || own2(r) ? res : whenMissing;
      }
    };
  },
  (k) => {
    const own2 = (x) => x.__proto__ === OP && !(k in OP) && !isArray3(x) || readKey(x, k) !== void 0;
    return {
      then: (next) => (v) => next(v?.[k]),
      real: (next) => (x) => x != null && own2(x) && next(x[k]),
      equal: (e) => (r) => r?.[k] === e && own2(r),
      test: (test2, whenMissing) => (r) => {
        const res = test2(r?.[k]);
        return res === whenMissing || own2(r) ? res : whenMissing;
      }
    };
  },
  (k) => {
    const own2 = (x) => x.__proto__ === OP && !(k in OP) && !isArray3(x) || readKey(x, k) !== void 0;
    return {
      then: (next) => (v) => next(v?.[k]),
      real: (next) => (x) => x != null && own2(x) && next(x[k]),
      equal: (e) => (r) => r?.[k] === e && own2(r),
      test: (test2, whenMissing) => (r) => {
        const res = test2(r?.[k]);
        return res === whenMissing || own2(r) ? res : whenMissing;
      }
    };
  },
  (k) => {
    const own2 = (x) => x.__proto__ === OP && !(k in OP) && !isArray3(x) || readKey(x, k) !== void 0;
    return {
      then: (next) => (v) => next(v?.[k]),
      real: (next) => (x) => x != null && own2(x) && next(x[k]),
      equal: (e) => (r) => r?.[k] === e && own2(r),
      test: (test2, whenMissing) => (r) => {
        const res = test2(r?.[k]);
        return res === whenMissing || own2(r) ? res : whenMissing;
      }
    };
  },
  (k) => {
    const own2 = (x) => x.__proto__ === OP && !(k in OP) && !isArray3(x) || readKey(x, k) !== void 0;
    return {
      then: (next) => (v) => next(v?.[k]),
      real: (next) => (x) => x != null && own2(x) && next(x[k]),
      equal: (e) => (r) => r?.[k] === e && own2(r),
      test: (test2, whenMissing) => (r) => {
        const res = test2(r?.[k]);
        return res === whenMissing || own2(r) ? res : whenMissing;
      }
    };
  },
  (k) => {
    const own2 = (x) => x.__proto__ === OP && !(k in OP) && !isArray3(x) || readKey(x, k) !== void 0;
    return {
      then: (next) => (v) => next(v?.[k]),
      real: (next) => (x) => x != null && own2(x) && next(x[k]),
      equal: (e) => (r) => r?.[k] === e && own2(r),
      test: (test2, whenMissing) => (r) => {
        const res = test2(r?.[k]);
        return res === whenMissing || own2(r) ? res : whenMissing;
      }
    };
  },
  (k) => {
    const own2 = (x) => x.__proto__ === OP && !(k in OP) && !isArray3(x) || readKey(x, k) !== void 0;
    return {
      then: (next) => (v) => next(v?.[k]),
      real: (next) => (x) => x != null && own2(x) && next(x[k]),
      equal: (e) => (r) => r?.[k] === e && own2(r),
      test: (test2, whenMissing) => (r) => {
        const res = test2(r?.[k]);
        return res === whenMissing || own2(r) ? res : whenMissing;
      }
    };
  },
  (k) => {
    const own2 = (x) => x.__proto__ === OP && !(k in OP) && !isArray3(x) || readKey(x, k) !== void 0;
    return {
      then: (next) => (v) => next(v?.[k]),
      real: (next) => (x) => x != null && own2(x) && next(x[k]),
      equal: (e) => (r) => r?.[k] === e && own2(r),
      test: (test2, whenMissing) => (r) => {
        const res = test2(r?.[k]);
        return res === whenMissing || own2(r) ? res : whenMissing;
      }
    };
  },
  (k) => {
    const own2 = (x) => x.__proto__ === OP && !(k in OP) && !isArray3(x) || readKey(x, k) !== void 0;
    return {
      then: (next) => (v) => next(v?.[k]),
      real: (next) => (x) => x != null && own2(x) && next(x[k]),
      equal: (e) => (r) => r?.[k] === e && own2(r),
      test: (test2, whenMissing) => (r) => {
        const res = test2(r?.[k]);
        return res === whenMissing || own2(r) ? res : whenMissing;
      }
    };
  },
  (k) => {
    const own2 = (x) => x.__proto__ === OP && !(k in OP) && !isArray3(x) || readKey(x, k) !== void 0;
    return {
      then: (next) => (v) => next(v?.[k]),
      real: (next) => (x) => x != null && own2(x) && next(x[k]),
      equal: (e) => (r) => r?.[k] === e && own2(r),
      test: (test2, whenMissing) => (r) => {
        const res = test2(r?.[k]);
        return res === whenMissing || own2(r) ? res : whenMissing;
      }
    };
  },
  (k) => {
    const own2 = (x) => x.__proto__ === OP && !(k in OP) && !isArray3(x) || readKey(x, k) !== void 0;
    return {
      then: (next) => (v) => next(v?.[k]),
      real: (next) => (x) => x != null && own2(x) && next(x[k]),
      equal: (e) => (r) => r?.[k] === e && own2(r),
      test: (test2, whenMissing) => (r) => {
        const res = test2(r?.[k]);
        return res === whenMissing || own2(r) ? res : whenMissing;
      }
    };
  },
  (k) => {
    const own2 = (x) => x.__proto__ === OP && !(k in OP) && !isArray3(x) || readKey(x, k) !== void 0;
    return {
      then: (next) => (v) => next(v?.[k]),
      real: (next) => (x) => x != null && own2(x) && next(x[k]),
      equal: (e) => (r) => r?.[k] === e && own2(r),
      test: (test2, whenMissing) => (r) => {
        const res = test2(r?.[k]);
        return res === whenMissing || own2(r) ? res : whenMissing;
      }
    };
  },
  (k) => {
    const own2 = (x) => x.__proto__ === OP && !(k in OP) && !isArray3(x) || readKey(x, k) !== void 0;
    return {
      then: (next) => (v) => next(v?.[k]),
      real: (next) => (x) => x != null && own2(x) && next(x[k]),
      equal: (e) => (r) => r?.[k] === e && own2(r),
      test: (test2, whenMissing) => (r) => {
        const res = test2(r?.[k]);
        return res === whenMissing || own2(r) ? res : whenMissing;
      }
    };
  }
];

// src/compile/path.ts
var isArray4 = Array.isArray;
var sites = /* @__PURE__ */ Object.create(null);
var sitesUsed = 0;
function keyReads(key) {
  let reads = sites[key];
  if (reads === void 0) {
    if (sitesUsed === SITES.length - 1) return SITES[sitesUsed](key);
    reads = sites[key] = SITES[sitesUsed++](key);
  }
  return reads;
}
var identity = (v) => v;
var defined = (v) => v !== void 0;
function fastReader(keys) {
  let read2 = identity;
  for (let i = keys.length - 1; i >= 0; i--) read2 = keyReads(keys[i]).then(read2);
  return read2;
}
function realPath(keys) {
  let real = defined;
  for (let i = keys.length - 1; i >= 0; i--) real = keyReads(keys[i]).real(real);
  return real;
}
function compilePath(steps, test2, normalize = true, equal) {
  const keys = [];
  let selector = -1;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i];
    if (step.kind === "any") {
      selector = i;
      break;
    }
    keys.push(step.key);
  }
  if (selector < 0 && !normalize && keys.length === 1) {
    const reads = keyReads(keys[0]);
    return equal !== void 0 ? reads.equal(equal) : reads.test(test2, test2(void 0));
  }
  const read2 = fastReader(keys);
  const real = realPath(keys);
  if (selector < 0) {
    const whenMissing = test2(void 0);
    if (!normalize) {
      if (equal !== void 0) return (record2) => read2(record2) === equal && real(record2);
      return (record2) => {
        const res = test2(read2(record2));
        return res === whenMissing || real(record2) ? res : whenMissing;
      };
    }
    return (record2) => {
      const res = test2(readLeaf(read2(record2)));
      return res === whenMissing || real(record2) ? res : whenMissing;
    };
  }
  const rest = compilePath(steps.slice(selector + 1), test2, normalize, equal);
  return (record2) => {
    const array2 = read2(record2);
    if (!isArray4(array2)) return false;
    for (let i = 0; i < array2.length; i++) if (rest(array2[i])) return real(record2);
    return false;
  };
}

// src/compile/closures.ts
var always2 = () => true;
function all(preds) {
  switch (preds.length) {
    case 0:
      return always2;
    case 1:
      return preds[0];
    case 2: {
      const [a, b2] = preds;
      return (r) => a(r) && b2(r);
    }
    case 3: {
      const [a, b2, c] = preds;
      return (r) => a(r) && b2(r) && c(r);
    }
    default:
      return (r) => {
        for (let i = 0; i < preds.length; i++) if (!preds[i](r)) return false;
        return true;
      };
  }
}
function any(preds) {
  if (preds.length === 1) return preds[0];
  if (preds.length === 2) {
    const [a, b2] = preds;
    return (r) => a(r) || b2(r);
  }
  return (r) => {
    for (let i = 0; i < preds.length; i++) if (preds[i](r)) return true;
    return false;
  };
}
function compileClause(clause, asOf) {
  const compile = (node2) => compileClosures(node2, asOf);
  switch (clause.kind) {
    case "field": {
      const ops = clause.operators;
      const op = ops[0];
      return compilePath(
        clause.path,
        compileOperators(ops, compile, asOf),
        readsDates(ops),
        // A lone `$eq` of a scalar is compared inline by compilePath, where no Date can equal it.
        ops.length === 1 && op.kind === "eq" && op.value !== null ? op.value : void 0
      );
    }
    case "and":
      return all(clause.filters.map(compile));
    case "or":
      return any(clause.filters.map(compile));
    case "not": {
      const inner = compile(clause.filter);
      return (r) => !inner(r);
    }
    default:
      return assertNever(clause, "clause node");
  }
}
function compileClosures(node2, asOf = Number.NaN) {
  return all(node2.clauses.map((c) => compileClause(c, asOf)));
}

// src/compile/codegen.ts
var isArray5 = Array.isArray;
var setHas3 = Set.prototype.has;
var stringStartsWith2 = String.prototype.startsWith;
var stringEndsWith2 = String.prototype.endsWith;
var INLINE_LIST = 8;
var OUTLINE_EVERY = 32;
var Emitter = class {
  /** `asOf`: the instant (ms) `$now` operands count from, passed in as a value like every instant. */
  constructor(asOf) {
    this.asOf = asOf;
  }
  asOf;
  functions = [];
  values = [];
  next = 0;
  /**
   * A value the source names instead of writing it (`k3`, bound once per predicate from the factory's
   * `k`): a filter's constants are never source text, so filters that differ only in their constants
   * have one source, one shape, and share its function (see {@link compileGenerated}).
   */
  value(v) {
    this.values.push(v);
    return `k${this.values.length - 1}`;
  }
  /** A constant of the filter: a value, but for `true` and `false` (no more shapes for them). */
  constant(x) {
    if (typeof x === "boolean") return x ? "true" : "false";
    if (typeof x === "number" && !numberIsFinite(x))
      throw new RangeError("non-finite number reached code generation");
    return this.value(x);
  }
  /** Defines `function <name>(<param>){<body>}`, named after `prefix` and a count, and returns the name. */
  define(prefix, param, body) {
    const name = `${prefix}${this.next++}`;
    this.functions.push(`function ${name}(${param}){${body}}`);
    return name;
  }
  source(main2) {
    const bound2 = this.values.length === 0 ? "" : `const ${this.values.map((_, i) => `k${i}=k[${i}]`).join(",")};`;
    return `"use strict";${bound2}${this.functions.join("")}return function predicate(r){return ${main2};};`;
  }
  /** The field's version operators, in the order of its one `vcmp` call, with their operands. */
  versionOperands = /* @__PURE__ */ new Map();
  /**
   * A version operator over `vk`, the value's plain key (one numeric comparison: the common case), or
   * else over `vr`, the packed answer of the field's one `compareVersionTo` (-1: not a version); that
   * also where `vk` is the odd key of a pre-release operand (see `plainVersionKey`).
   */
  version(op) {
    const found = this.versionOperands.get(op);
    if (found === void 0) throw new RangeError("version operator outside its field");
    const { j, operand: operand2 } = found;
    const comparison = comparisonOf(op);
    const r = `(vr<0?3:(vr>>>${2 * j})&3)`;
    const key = this.value(operand2.key);
    const plain = operand2.key % 2 === 1 ? `vk>=0&&vk!==${key}` : "vk>=0";
    return `(${plain}?vk${SIGNS[comparison]}${key}:((${ACCEPTS[comparison]}>>${r})&1)===1)`;
  }
  operator(op) {
    const negated2 = factsOf(op).negated;
    return byFamily(op, {
      equality: (op2) => {
        if (op2.value === null) return negated2 ? "v!=null" : "v==null";
        return `v${negated2 ? "!==" : "==="}${this.constant(op2.value)}`;
      },
      order: (op2) => {
        const sign = SIGNS[comparisonOf(op2)];
        if (typeof op2.value === "number") return `(typeof v=="number"&&v${sign}${this.constant(op2.value)})`;
        if (isBelowSurrogates(op2.value)) return `(typeof v=="string"&&v${sign}${this.constant(op2.value)})`;
        return `(typeof v=="string"&&cmp(v,${this.constant(op2.value)})${sign}0)`;
      },
      membership: (op2) => `${negated2 ? "!" : ""}(${this.member(op2.values)})`,
      like: (op2) => negated2 ? `!(${this.like(op2.pattern)})` : this.like(op2.pattern),
      exists: (op2) => op2.value ? "v!=null" : "v==null",
      version: (op2) => this.version(op2),
      // `vt`, the value's instant, read once by the field (NaN, which satisfies only `!==`, for a
      // value that is none). The bound is a value, not source text: the source is the same whatever asOf.
      time: (op2) => `(vt${SIGNS[comparisonOf(op2)]}${this.value(boundOf(op2.instant, this.asOf))})`,
      elemMatch: (op2) => {
        if (op2.filter.clauses.length === 0) return "true";
        const outer = this.versionOperands;
        let fn;
        try {
          fn = this.define("m", "r", `return ${this.filter(op2.filter)};`);
        } finally {
          this.versionOperands = outer;
        }
        return `(obj(v)&&${fn}(v))`;
      }
    });
  }
  /** A `$like` pattern: an equality, a prefix or suffix test where it is one, else its matcher. */
  like(pattern) {
    const { pieces } = parseLike(pattern);
    if (pieces.length === 1) return `v===${this.constant(pieces[0])}`;
    if (pieces.length === 2 && pieces[1] === "") {
      return pieces[0] === "" ? 'typeof v=="string"' : `(typeof v=="string"&&sw.call(v,${this.constant(pieces[0])}))`;
    }
    if (pieces.length === 2 && pieces[0] === "")
      return `(typeof v=="string"&&ew.call(v,${this.constant(pieces[1])}))`;
    return `(typeof v=="string"&&${this.value(compileLike(pattern))}(v))`;
  }
  member(values) {
    const hasNull = arrayIncludes(values, null);
    const present = [...new Set(values.filter((x) => x !== null))];
    const tests = hasNull ? ["v==null"] : [];
    if (present.length > INLINE_LIST) tests.push(`has.call(${this.value(new Set(present))},v)`);
    else for (const x of present) tests.push(`v===${this.constant(x)}`);
    return tests.length === 0 ? "false" : tests.join("||");
  }
  /**
   * A field clause becomes a function of the value at the start of its path (the record, or an
   * element below a selector). Keys are read with plain property access, which is what makes this fast;
   * own-property-of-a-plain-object is checked afterwards, and only when the answer differs from the
   * answer for a missing value (the only case in which an inherited or array property could matter).
   *
   * Given `deferred` (the field is a clause of a filter, the conjunction of its clauses), a field whose
   * missing value answers false leaves that check to a function of its own, whose call it pushes there
   * for the filter to make after all its clauses: the field's answer is its unchecked answer and the
   * check, a conjunction may take its terms in any order, and so records that fail a later clause skip
   * the check (see {@link own}).
   * `{ technology: { $eq: 'postgres' }, region: { $eq: 'us-east-1' } }` checks the 5% of records that
   * match it instead of the 33% that run on postgres.
   */
  field(steps, operators, deferred) {
    const selector = arrayFindIndex(steps, (s) => s.kind === "any");
    const keys = (selector < 0 ? steps : steps.slice(0, selector)).map(
      (s) => s.kind === "key" ? s.key : ""
    );
    const reads = keys.map((k, i) => `const x${i + 1}=x${i}?.[${jsonStringify(k)}];`);
    const end2 = `x${keys.length}`;
    let real = keys.length === 0 ? "true" : keys.map((k, i) => this.own(i, k)).join("&&");
    const whenMissing = selector < 0 && compileOperators(operators, (n) => compileClosures(n, this.asOf), this.asOf)(void 0);
    if (deferred !== void 0 && !whenMissing) {
      deferred.push(`${this.define("o", "x0", `${reads.slice(0, -1).join("")}return ${real};`)}(r)`);
      real = "true";
    }
    if (selector < 0) {
      const versionOps = operators.filter(isVersionNode);
      const {
        operands,
        range: [lo, hi]
      } = versionOperands(versionOps);
      this.versionOperands = new Map(versionOps.map((op, j) => [op, { j, operand: operands[j] }]));
      const parsedWhen = [
        "-2",
        ...operands.map((o) => o.key).filter((key) => key % 2 === 1).map((key) => this.value(key))
      ].map((key) => `vk===${key}`).join("||");
      const compare = versionOps.length === 0 ? "" : `const vk=typeof v=="string"?${arrayEvery(operands, (o) => o.key >= 0) ? `vkey(v,${this.value(lo)},${this.value(hi)})` : "-2"}:-1;const vr=${parsedWhen}?vcmp(v,${this.value(operands)}):-1;`;
      const instant = arraySome(operators, isTimeNode) ? "const vt=tms(v);" : "";
      const test2 = operators.map((op) => this.operator(op)).join("&&");
      return this.define(
        "c",
        "x0",
        `${reads.join("")}let v=${end2};${readsDates(operators) ? 'if(typeof v!="string"&&v!=null)v=leaf(v);' : ""}${compare}${instant}const res=${test2};return res===${whenMissing}||(${real})?res:${whenMissing};`
      );
    }
    const rest = this.field(steps.slice(selector + 1), operators);
    return this.define(
      "c",
      "x0",
      `${reads.join("")}const a=${end2};if(!isArray(a))return false;for(let i=0;i<a.length;i++)if(${rest}(a[i]))return ${real};return false;`
    );
  }
  /**
   * An expression that is true when `key` is an own property of `o` (`xi`, the value after `i` keys),
   * a non-array object. It runs only once a value was found at the key, so `o` is never null or
   * undefined. The common case, a plain object whose prototype lacks the key, is decided without a
   * call: the value was found, and no prototype could have supplied it. Everything else (null
   * prototypes, class instances, arrays, primitives, keys that Object.prototype has) takes the exact
   * slow path.
   *
   * The prototype comes from `Object.getPrototypeOf`, which V8 folds into a constant only where it
   * knows the hidden classes of `o`; so each site first probes `"" in o` and drops the answer, which
   * lets V8 fold the call where records have a few hidden classes. The probe has a function of its own
   * per site (its own cache) and a `try`: `in` throws on a primitive and a Proxy's `has` trap may throw.
   * Why, and what was measured: bench/README.md, "A test before the prototype read".
   */
  own(i, key) {
    const o = `x${i}`;
    const k = jsonStringify(key);
    const proto = this.define("p", "o", 'try{""in o}catch{}return gpo(o)');
    return `((${proto}(${o})===OP&&!(${k} in OP)&&!isArray(${o}))||rk(${o},${k})!==void 0)`;
  }
  /** How many `$and`/`$or`/`$not` levels enclose the filter being emitted. */
  depth = 0;
  /**
   * A filter below a logical operator, as a parenthesized expression. JavaScript parsers recurse on
   * nested parentheses, and V8's overflows its stack a few hundred levels into `((… && …))`, which
   * `maxDepth` allows. So every {@link OUTLINE_EVERY} levels the sub-filter becomes a function of its
   * own: no expression of the source nests deeper than that, and usual filters stay one expression.
   */
  nested(node2) {
    this.depth++;
    try {
      const body = this.filter(node2);
      if (this.depth % OUTLINE_EVERY !== 0) return `(${body})`;
      return `${this.define("g", "r", `return ${body};`)}(r)`;
    } finally {
      this.depth--;
    }
  }
  filter(node2) {
    if (node2.clauses.length === 0) return "true";
    const deferred = [];
    return [...node2.clauses.map((c) => this.clause(c, deferred)), ...deferred].join("&&");
  }
  /** A clause of a filter: its fields push on `deferred`, if given, the checks the filter makes last. */
  clause(clause, deferred) {
    switch (clause.kind) {
      case "field":
        return `${this.field(clause.path, clause.operators, deferred)}(r)`;
      case "and":
        return `(${clause.filters.map((f) => this.nested(f)).join("&&")})`;
      case "or":
        return `(${clause.filters.map((f) => this.nested(f)).join("||")})`;
      case "not":
        return `!${this.nested(clause.filter)}`;
      default:
        return assertNever(clause, "clause node");
    }
  }
};
function generateSource(node2, asOf = Number.NaN) {
  const emitter = new Emitter(asOf);
  const main2 = emitter.filter(node2);
  return { source: emitter.source(main2), values: emitter.values };
}
var SIGNS = { eq: "===", ne: "!==", gt: ">", gte: ">=", lt: "<", lte: "<=" };
var OBJECT_PROTOTYPE = Object.prototype;
var codegenAllowed;
function canGenerateCode() {
  if (codegenAllowed === void 0) {
    try {
      codegenAllowed = new Function("return true")() === true;
    } catch {
      codegenAllowed = false;
    }
  }
  return codegenAllowed;
}
function compileGenerated(node2, asOf = Number.NaN) {
  const { source: source2, values } = generateSource(node2, asOf);
  let factory = SHAPES.get(source2);
  if (factory === void 0) {
    factory = makeFactory(source2);
    SHAPES.set(source2, factory);
  }
  return bind(factory, values);
}
function bind(factory, values) {
  return factory(
    values,
    readLeaf,
    compareCodePoints,
    isArray5,
    readKey,
    OBJECT_PROTOTYPE,
    stringStartsWith2,
    stringEndsWith2,
    setHas3,
    plainVersionKey,
    compareVersionTo,
    getPrototypeOf,
    isObjectValue,
    instantOf
  );
}
var SHAPES = new BoundedCache(256, 4e6);
function makeFactory(source2) {
  return new Function(
    "k",
    "leaf",
    "cmp",
    "isArray",
    "rk",
    "OP",
    "sw",
    "ew",
    "has",
    "vkey",
    "vcmp",
    "gpo",
    "obj",
    "tms",
    source2
  );
}

// src/compile/tiered.ts
var TIER_UP_AFTER = 2e3;
var tierSource = (n) => `function(cold,promote,left){let hot;return[function tiered(r){/*${n}*/if(hot!==undefined)return hot(r);if(--left===0)hot=promote();return cold(r);},function(n){if(hot!==undefined)return hot;if(left>n){left-=n;return cold;}return hot=promote();}];}`;
var sharedTier = (cold, promote, left) => {
  let hot;
  return [
    function tiered(r) {
      if (hot !== void 0) return hot(r);
      if (--left === 0) hot = promote();
      return cold(r);
    },
    (n) => {
      if (hot !== void 0) return hot;
      if (left > n) {
        left -= n;
        return cold;
      }
      hot = promote();
      return hot;
    }
  ];
};
var BATCH = /* @__PURE__ */ Symbol("batch");
var TIERS = 16;
var tiers;
var turn = 0;
var made = 0;
function makeTiers(count2) {
  const literals = [];
  for (let i = 0; i < count2; i++) literals.push(tierSource(made++));
  return new Function(`"use strict";return[${literals.join(",")}];`)();
}
function compileTiered(node2, limit = TIER_UP_AFTER, generate = compileGenerated, asOf = Number.NaN) {
  const cold = compileClosures(node2, asOf);
  if (tiers === void 0) {
    try {
      tiers = makeTiers(TIERS);
    } catch {
      tiers = [sharedTier];
    }
  }
  const all2 = tiers;
  const slot = turn;
  turn = (turn + 1) % all2.length;
  const tier = all2[slot];
  const [tiered, batch] = tier(
    cold,
    () => {
      let hot;
      try {
        hot = generate(node2, asOf);
      } catch {
        return cold;
      }
      if (all2[slot] === tier && tier !== sharedTier) {
        try {
          all2[slot] = makeTiers(1)[0];
        } catch {
        }
      }
      return hot;
    },
    limit
  );
  tiered[BATCH] = batch;
  return tiered;
}

// src/compile/filter.ts
function resolveAsOf(asOf, path = "") {
  if (asOf === void 0) return Date.now();
  const ms = asOfMs(asOf);
  if (Number.isNaN(ms)) {
    throw new FilterError(
      "INVALID_OPTION",
      path,
      `asOf must be a valid Date, an RFC 3339 timestamp such as "2026-06-01T00:00:00Z" or milliseconds since the epoch, got ${describe(asOf)}`
    );
  }
  return ms;
}
function readsNow(node2) {
  return arraySome(node2.clauses, (c) => {
    switch (c.kind) {
      case "field":
        return arraySome(
          c.operators,
          (op) => op.kind === "elemMatch" ? readsNow(op.filter) : isTimeNode(op) && op.instant.base === "now"
        );
      case "and":
      case "or":
        return arraySome(c.filters, readsNow);
      case "not":
        return readsNow(c.filter);
      default:
        return assertNever(c, "clause node");
    }
  });
}
var defaultCodegen = "tiered";
function modeOf(options, hot) {
  const chosen = option(options, "codegen") ?? defaultCodegen;
  if (!canGenerateCode()) return false;
  return chosen === "tiered" && hot ? true : chosen;
}
function usesGeneratedCode(options) {
  return modeOf(options, true) === true;
}
function compileNode(node2, options, hot = false, asOf) {
  const at2 = asOf ?? (readsNow(node2) ? Date.now() : Number.NaN);
  const mode = modeOf(options, hot);
  if (mode === "tiered") return compileTiered(node2, TIER_UP_AFTER, compileGenerated, at2);
  return mode ? compileGenerated(node2, at2) : compileClosures(node2, at2);
}
function compileFilter(filter, options) {
  const node2 = toFilterNode(filter, options);
  const asOf = option(options, "asOf");
  return compileNode(node2, options, false, asOf === void 0 ? void 0 : resolveAsOf(asOf, "/asOf"));
}

// src/validate/unprintable.ts
var UNPRINTABLE = (
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
  /[\u0000-\u0008\u000A-\u001F\u007F-\u009F\u00AD\u061C\u200B-\u200F\u2028-\u202E\u2060-\u2069\uFEFF]/g
);
var WORKFLOW_COMMAND = /^(\s*):/;
function escapeChar(c) {
  return `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
}
function printableLine(line) {
  const escaped2 = line.replace(UNPRINTABLE, escapeChar);
  return escaped2.startsWith("::", escaped2.length - escaped2.trimStart().length) ? escaped2.replace(WORKFLOW_COMMAND, "$1\\u003A") : escaped2;
}
function printable(text2, options) {
  if (options?.lines === true) return text2.split("\n").map(printableLine).join("\n");
  return printableLine(text2);
}

// src/cli/args.ts
import { parseArgs } from "util";
var UsageError = class extends Error {
  name = "UsageError";
};
function parseCommandArgs(argv, options) {
  try {
    return parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error.message.split(". To specify")[0] ?? String(error));
  }
}
var LIMIT_OPTION = { limit: { type: "string", multiple: true } };
function limitUsage(column) {
  const pad2 = " ".repeat(column);
  const names = [];
  let line = "";
  for (const name of LIMIT_NAMES) {
    if (line !== "" && column + line.length + name.length > 100) {
      names.push(line);
      line = "";
    }
    line += `${name}, `;
  }
  names.push(line.slice(0, -2));
  return [
    `${"      --limit NAME=N".padEnd(column)}one limit raised or lowered (repeatable), NAME one of:`,
    ...names.map((n) => pad2 + n),
    `${pad2}the defaults and what each one bounds are in docs/limits.md`
  ].join("\n");
}
function parseLimitFlags(flags, extra = {}) {
  const given = { ...extra };
  for (const flag of flags ?? []) {
    const match = /^([A-Za-z]+)=(\d+)$/.exec(flag);
    if (match === null) throw new UsageError(`--limit expects NAME=N (a positive integer), got "${flag}"`);
    const [, name, value2] = match;
    if (!LIMIT_NAMES.includes(name)) {
      throw new UsageError(`--limit: unknown limit "${name}"; the limits are ${LIMIT_NAMES.join(", ")}`);
    }
    if (name in extra && extra[name] !== Number(value2)) {
      throw new UsageError(`--limit ${name} contradicts another option that sets it`);
    }
    given[name] = Number(value2);
  }
  try {
    return resolveLimits({ limits: given });
  } catch (error) {
    if (error instanceof FilterError) throw new UsageError(`--limit: ${error.message}`);
    throw error;
  }
}
var AS_OF_OPTION = { "as-of": { type: "string" } };
function asOfUsage(column) {
  const pad2 = " ".repeat(column);
  return [
    `${"      --as-of INSTANT".padEnd(column)}the instant { "$now": \u2026 } operands count from, an RFC 3339 timestamp`,
    `${pad2}("2026-06-01T00:00:00Z"); default: the clock, read once when the command starts`
  ].join("\n");
}
function parseAsOf(value2) {
  if (value2 === void 0) return Date.now();
  try {
    return resolveAsOf(value2);
  } catch (error) {
    if (!(error instanceof FilterError)) throw error;
    throw new UsageError(
      `--as-of expects an RFC 3339 timestamp such as "2026-06-01T00:00:00Z", got "${printable(value2.slice(0, 60))}"`
    );
  }
}

// src/node/parallel.ts
import { debuglog } from "util";
import { Worker } from "worker_threads";

// src/policy/coverage.ts
function plan(policy) {
  const probes = [];
  const counters = { evaluated: 0, applicable: 0, statuses: [], rules: [], yes: [], no: [] };
  const fieldCache = /* @__PURE__ */ new Map();
  const fieldTest = (clause2, asOf) => {
    let byInstant = fieldCache.get(clause2);
    if (byInstant === void 0) {
      byInstant = /* @__PURE__ */ new Map();
      fieldCache.set(clause2, byInstant);
    }
    let test2 = byInstant.get(asOf);
    if (test2 === void 0) {
      test2 = compileClosures({ kind: "filter", clauses: [clause2] }, asOf);
      byInstant.set(asOf, test2);
    }
    return test2;
  };
  const count2 = (id, held) => {
    if (held) counters.yes[id]++;
    else counters.no[id]++;
    return held;
  };
  const where2 = { status: null, rule: null };
  const probe = (kind, path) => {
    probes.push({ id: probes.length, kind, path, status: where2.status, rule: where2.rule });
    counters.yes.push(0);
    counters.no.push(0);
    return probes.length - 1;
  };
  const filter = (node2, path) => {
    if (node2.clauses.length === 1) return clause(node2.clauses[0], path);
    const id = probe("filter", path);
    const parts = node2.clauses.map((c) => clause(c, path));
    return (record2, asOf) => {
      for (let i = 0; i < parts.length; i++) if (!parts[i](record2, asOf)) return count2(id, false);
      return count2(id, true);
    };
  };
  const clause = (node2, at2) => {
    switch (node2.kind) {
      case "field": {
        const id = probe("field", pointer(at2, printPath(node2.path)));
        return (record2, asOf) => count2(id, fieldTest(node2, asOf)(record2));
      }
      case "and":
      case "or": {
        const key = node2.kind === "and" ? "$and" : "$or";
        const id = probe(node2.kind, pointer(at2, key));
        const parts = node2.filters.map((f, i) => filter(f, pointer(at2, key, i)));
        const stopAt = node2.kind === "or";
        return (record2, asOf) => {
          for (let i = 0; i < parts.length; i++) {
            if (parts[i](record2, asOf) === stopAt) return count2(id, stopAt);
          }
          return count2(id, !stopAt);
        };
      }
      case "not": {
        const id = probe("not", pointer(at2, "$not"));
        const inner = filter(node2.filter, pointer(at2, "$not"));
        return (record2, asOf) => count2(id, !inner(record2, asOf));
      }
      default:
        return assertNever(node2, "clause node");
    }
  };
  const scope = policy.scopePath === null || policy.scope.clauses.length === 0 ? null : filter(policy.scope, policy.scopePath);
  const ruleList = [];
  const byStatus = policy.statuses.map(
    (status) => status.rules.map((rule, r) => {
      where2.status = status.name;
      where2.rule = r;
      ruleList.push({ status: status.name, index: r, path: rule.path });
      counters.rules.push(0);
      return { id: ruleList.length - 1, conditions: rule.conditions.map((c) => filter(c.filter, c.path)) };
    })
  );
  const order2 = policy.statuses.map((status, statusIndex) => ({ status, statusIndex, rules: byStatus[statusIndex] })).filter((s) => s.rules.length > 0).sort((a, b2) => b2.status.criticality - a.status.criticality || a.status.index - b2.status.index);
  for (const _ of policy.statuses) counters.statuses.push(0);
  return { policy, probes, scope, order: order2, ruleList, counters };
}
function coverageRecorder(policy) {
  const definition = policy.definition;
  const p = plan(definition);
  const counters = p.counters;
  const base = resolveAsOf(policy.asOf, "/asOf");
  const statusIndex = new Map(definition.statuses.map((s, i) => [s, i]));
  const defaultIndex = statusIndex.get(definition.defaultStatus);
  return {
    policy: definition.name,
    record(record2, asOf = base) {
      counters.evaluated++;
      if (p.scope !== null && !p.scope(record2, asOf)) return null;
      counters.applicable++;
      for (const s of p.order) {
        for (let r = 0; r < s.rules.length; r++) {
          const rule = s.rules[r];
          let held = true;
          for (let c = 0; c < rule.conditions.length && held; c++) held = rule.conditions[c](record2, asOf);
          if (!held) continue;
          counters.rules[rule.id]++;
          counters.statuses[s.statusIndex]++;
          return { status: s.status.name, rule: r };
        }
      }
      counters.statuses[defaultIndex]++;
      return { status: definition.defaultStatus.name, rule: null };
    },
    report: () => reportOf(p, counters)
  };
}
function reportOf(p, c) {
  return {
    policy: p.policy.name,
    evaluated: c.evaluated,
    applicable: c.applicable,
    statuses: p.policy.statuses.map((s, i) => ({
      status: s.name,
      isDefault: s.isDefault,
      path: s.path,
      count: c.statuses[i]
    })),
    rules: p.ruleList.map((r, i) => ({ ...r, decided: c.rules[i] })),
    branches: p.probes.map((b2) => ({
      kind: b2.kind,
      path: b2.path,
      status: b2.status,
      rule: b2.rule,
      true: c.yes[b2.id],
      false: c.no[b2.id]
    }))
  };
}
function mergeCoverage(a, b2) {
  if (a.policy !== b2.policy || a.statuses.length !== b2.statuses.length || a.rules.length !== b2.rules.length || a.branches.length !== b2.branches.length) {
    throw new TypeError(`cannot merge the coverage of "${a.policy}" with that of another policy`);
  }
  return {
    policy: a.policy,
    evaluated: a.evaluated + b2.evaluated,
    applicable: a.applicable + b2.applicable,
    statuses: a.statuses.map((s, i) => ({ ...s, count: s.count + b2.statuses[i].count })),
    rules: a.rules.map((r, i) => ({ ...r, decided: r.decided + b2.rules[i].decided })),
    branches: a.branches.map((x, i) => ({
      ...x,
      true: x.true + b2.branches[i].true,
      false: x.false + b2.branches[i].false
    }))
  };
}
function ratio(covered, total) {
  return { covered, total, percent: total === 0 ? 100 : Math.floor(covered * 1e4 / total) / 100 };
}
function coverageTotals(policies) {
  let s = 0;
  let st = 0;
  let r = 0;
  let rt = 0;
  let b2 = 0;
  let bt = 0;
  for (const p of policies) {
    for (const x of p.statuses) {
      st++;
      if (x.count > 0) s++;
    }
    for (const x of p.rules) {
      rt++;
      if (x.decided > 0) r++;
    }
    for (const x of p.branches) {
      bt += 2;
      if (x.true > 0) b2++;
      if (x.false > 0) b2++;
    }
  }
  return { statuses: ratio(s, st), rules: ratio(r, rt), branches: ratio(b2, bt) };
}

// src/inventory/envelope.ts
function isSpace(c) {
  return c === 32 || c === 10 || c === 13 || c === 9 || c === 65279;
}
var EnvelopeStop = class {
  constructor(line, message) {
    this.line = line;
    this.message = message;
  }
  line;
  message;
};
var At = {
  /** Before the opening `{`. */
  Open: 0,
  /** After `{`: a member name or `}`. */
  KeyOrEnd: 1,
  /** After `,`: a member name. */
  Key: 2,
  InKey: 3,
  Colon: 4,
  /** After `:`: the member's value. */
  Value: 5,
  InValue: 6,
  /** After a member: `,` or `}`. */
  Separator: 7,
  /** After the `[` of `items`: an element or `]`. */
  ItemOrEnd: 8,
  /** After `,` in `items`: an element. */
  Item: 9,
  InItem: 10,
  /** After an element: `,` or `]`. */
  ItemSeparator: 11,
  /** After the closing `}`: only blanks. */
  Closed: 12
};
var quoted = (c) => JSON.stringify(String.fromCharCode(c));
var EnvelopeScanner = class {
  constructor(max) {
    this.max = max;
  }
  max;
  /** The input is an envelope: its items are records, read one at a time. */
  committed = false;
  at = At.Open;
  line = 1;
  multiline = false;
  /** Characters scanned before the current chunk. */
  consumed = 0;
  key = "";
  hadItems = false;
  /** The value being read: its pieces so far (it may straddle chunks), where it starts, its state. */
  parts = [];
  partsLength = 0;
  valueLine = 1;
  depth = 0;
  inString = false;
  escaped = false;
  /** Scans the next chunk of text, appending the elements of `items` it completes to `out`. */
  scan(text2, out) {
    let start = 0;
    for (let i = 0; i < text2.length; i++) {
      if (!this.committed && this.consumed + i >= this.max) {
        if (this.hadItems) this.committed = true;
        else this.stop(`a JSON document longer than ${this.max} characters before its "items" array`);
      }
      const c = text2.charCodeAt(i);
      const at2 = this.at;
      if (at2 === At.InKey || at2 === At.InValue || at2 === At.InItem) {
        if (this.inString) {
          if (this.escaped) this.escaped = false;
          else if (c === 92) this.escaped = true;
          else if (c === 34) this.inString = false;
          else if (c === 10) this.newline();
          if (!this.inString && this.depth === 0) this.end(text2.slice(start, i + 1), out);
          continue;
        }
        if (c === 34) this.inString = true;
        else if (c === 123 || c === 91) this.depth++;
        else if (c === 125 || c === 93) {
          if (this.depth > 0) {
            this.depth--;
            if (this.depth === 0) this.end(text2.slice(start, i + 1), out);
            continue;
          }
          this.end(text2.slice(start, i), out);
          i--;
        } else if (this.depth === 0 && (c === 44 || isSpace(c))) {
          this.end(text2.slice(start, i), out);
          i--;
        } else if (c === 10) this.newline();
        continue;
      }
      if (c === 10) {
        this.newline();
        continue;
      }
      if (isSpace(c)) continue;
      switch (at2) {
        case At.Open:
          if (c !== 123) this.stop(`unexpected ${quoted(c)}, expected "{"`);
          this.at = At.KeyOrEnd;
          break;
        case At.KeyOrEnd:
        case At.Key:
          if (c === 125 && at2 === At.KeyOrEnd) {
            this.close();
            break;
          }
          if (c !== 34) this.stop(`unexpected ${quoted(c)}, expected a member name`);
          start = i;
          this.begin(At.InKey, c);
          break;
        case At.Colon:
          if (c !== 58) this.stop(`unexpected ${quoted(c)}, expected ":"`);
          this.at = At.Value;
          break;
        case At.Value:
          if (this.key === "items") {
            if (this.hadItems) this.stop('a second "items" member');
            if (c !== 91) this.stop('"items" is not an array');
            this.hadItems = true;
            this.at = At.ItemOrEnd;
            if (this.multiline) this.committed = true;
            break;
          }
          start = i;
          this.begin(At.InValue, c);
          break;
        case At.Separator:
          if (c === 44) this.at = At.Key;
          else if (c === 125) this.close();
          else this.stop(`unexpected ${quoted(c)}, expected "," or "}"`);
          break;
        case At.ItemOrEnd:
        case At.Item:
          if (c === 93 && at2 === At.ItemOrEnd) {
            this.at = At.Separator;
            break;
          }
          if (c === 44 || c === 93 || c === 125 || c === 58)
            this.stop(`unexpected ${quoted(c)}, expected an element of "items"`);
          start = i;
          this.begin(At.InItem, c);
          break;
        case At.ItemSeparator:
          if (c === 44) this.at = At.Item;
          else if (c === 93) this.at = At.Separator;
          else this.stop(`unexpected ${quoted(c)}, expected "," or "]" in "items"`);
          break;
        case At.Closed:
          this.stop("unexpected data after the end of the envelope");
      }
    }
    if (this.at === At.InKey || this.at === At.InValue || this.at === At.InItem) {
      this.parts.push(text2.slice(start));
      this.partsLength += text2.length - start;
      if (this.partsLength > this.max) {
        this.stop(
          `${this.at === At.InItem ? 'an element of "items"' : "a value"} longer than ${this.max} characters (from line ${this.valueLine})`
        );
      }
    }
    this.consumed += text2.length;
  }
  /** The input has ended: the envelope must be complete. */
  finish() {
    if (this.at !== At.Closed) this.stop("the input ends before the end of the envelope");
  }
  newline() {
    this.line++;
    if (this.at === At.Open) return;
    this.multiline = true;
    if (this.hadItems) this.committed = true;
  }
  begin(at2, c) {
    this.at = at2;
    this.valueLine = this.line;
    this.parts = [];
    this.partsLength = 0;
    this.escaped = false;
    this.inString = c === 34;
    this.depth = c === 123 || c === 91 ? 1 : 0;
  }
  /** The current value is complete, ending with `piece`. */
  end(piece, out) {
    this.parts.push(piece);
    const raw = this.parts.length === 1 ? piece : this.parts.join("");
    this.parts = [];
    this.partsLength = 0;
    if (this.at === At.InItem) {
      out.push({ text: raw, line: this.valueLine });
      this.at = At.ItemSeparator;
      return;
    }
    let value2;
    try {
      value2 = JSON.parse(raw);
    } catch (error) {
      this.stop(`not valid JSON: ${error.message}`);
    }
    if (this.at === At.InKey) {
      this.key = value2;
      this.at = At.Colon;
    } else this.at = At.Separator;
  }
  close() {
    this.at = At.Closed;
    if (!this.committed) this.stop("the object ends on its first line");
  }
  stop(message) {
    throw new EnvelopeStop(this.line, message);
  }
};

// src/inventory/text.ts
var InventoryError = class extends FilterError {
  line;
  index;
  constructor(code2, message, where2 = {}) {
    super(code2, where2.index === void 0 ? "" : `/${where2.index}`, message);
    Object.defineProperty(this, "name", { value: "InventoryError", enumerable: false, configurable: true });
    this.line = where2.line;
    this.index = where2.index;
  }
};
var DEFAULT_MAX_RECORD = 64 * 1024 * 1024;
async function* fromReader(stream) {
  const reader = stream.getReader();
  try {
    for (; ; ) {
      const { done, value: value2 } = await reader.read();
      if (done) return;
      yield value2;
    }
  } finally {
    reader.releaseLock();
  }
}
function chunkSource(source2) {
  if (typeof source2 === "string") {
    throw new FilterError(
      "INVALID_OPTION",
      "",
      "the source is a string: pass a stream (fs.createReadStream(path)) or text chunks ([text]), not a file name or bare text"
    );
  }
  if (source2 instanceof Uint8Array) return [source2];
  if (typeof source2 === "object" && source2 !== null) {
    if (Symbol.asyncIterator in source2) return source2;
    if (Symbol.iterator in source2) return source2;
    if (typeof source2.getReader === "function") {
      return fromReader(source2);
    }
  }
  throw new FilterError(
    "INVALID_OPTION",
    "",
    `the source must be text, bytes, a stream or an (async) iterable of text or byte chunks, got ${describe(source2)}`
  );
}
async function* decode(source2, onBytes) {
  const decoder3 = new TextDecoder("utf-8", { ignoreBOM: true });
  let count2 = 0;
  let boms = -1;
  for await (const chunk of chunkSource(source2)) {
    let text2;
    if (typeof chunk === "string") {
      count2 += chunk.length;
      text2 = chunk;
    } else if (chunk instanceof Uint8Array || chunk instanceof ArrayBuffer) {
      count2 += chunk.byteLength;
      text2 = decoder3.decode(chunk, { stream: true });
    } else {
      throw new InventoryError(
        "MALFORMED_INPUT",
        `expected text or byte chunks, got ${describe(chunk)} (is it an object-mode stream of records? pass it to evaluateInventory directly)`
      );
    }
    onBytes?.(count2);
    if (boms < 0) boms = typeof chunk === "string" ? 1 : 2;
    while (boms > 0 && text2.charCodeAt(0) === 65279) {
      text2 = text2.slice(1);
      boms--;
    }
    if (text2 !== "") {
      boms = 0;
      yield text2;
    }
  }
  const rest = decoder3.decode();
  if (rest !== "") yield rest;
}
function isBlankLine(text2) {
  for (let i = 0; i < text2.length; i++) {
    const c = text2.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 13) return false;
  }
  return true;
}
function jsonKind(value2) {
  if (value2 === null) return "null";
  if (isArray(value2)) return "an array";
  return typeof value2 === "string" ? "a string" : typeof value2 === "number" ? "a number" : "a boolean";
}
function isRecord(value2) {
  return typeof value2 === "object" && value2 !== null && !isArray(value2);
}
function record(value2, line, options, what2 = "") {
  if (isRecord(value2)) return { ok: true, value: value2 };
  return reject(options, line, `${what2}not a record: ${jsonKind(value2)} (a record is a JSON object)`);
}
function reject(options, line, message) {
  if (options.onReject === void 0) {
    throw new InventoryError("MALFORMED_RECORD", `line ${line}: ${message}`, { line });
  }
  options.onReject({ line, message });
  return { ok: false };
}
function tooLong(options, line) {
  throw new InventoryError(
    "MALFORMED_INPUT",
    `line ${line}: a record longer than ${options.maxRecordLength ?? DEFAULT_MAX_RECORD} UTF-16 code units (maxRecordLength; is the input NDJSON?)`,
    { line }
  );
}
function parseLine(text2, line, options) {
  if (isBlankLine(text2)) return { ok: false };
  let value2;
  try {
    value2 = JSON.parse(text2.endsWith("\r") ? text2.slice(0, -1) : text2);
  } catch (error) {
    return reject(options, line, `not valid JSON: ${safeMessage(error)}`);
  }
  return record(value2, line, options);
}
var lineLength = (text2) => text2.endsWith("\r") ? text2.length - 1 : text2.length;
async function* lineBatches(head, text2, options) {
  const max = options.maxRecordLength ?? DEFAULT_MAX_RECORD;
  let pending = "";
  let line = 0;
  let chunk = head;
  if (chunk === void 0) {
    const next = await text2.next();
    chunk = next.done ? void 0 : next.value;
  }
  while (chunk !== void 0) {
    const texts = [];
    let start = 0;
    let nl = chunk.indexOf("\n", start);
    while (nl >= 0) {
      const text3 = pending === "" ? chunk.slice(start, nl) : pending + chunk.slice(start, nl);
      pending = "";
      start = nl + 1;
      if (lineLength(text3) > max) {
        if (texts.length > 0) yield { start: line + 1, texts };
        tooLong(options, line + texts.length + 1);
      }
      texts.push(text3);
      nl = chunk.indexOf("\n", start);
    }
    pending += chunk.slice(start);
    if (texts.length > 0) {
      yield { start: line + 1, texts };
      line += texts.length;
    }
    if (pending.length > max + 1 || pending.length > max && !pending.endsWith("\r")) {
      tooLong(options, line + 1);
    }
    const next = await text2.next();
    chunk = next.done ? void 0 : next.value;
  }
  if (pending !== "") {
    if (lineLength(pending) > max) tooLong(options, line + 1);
    yield { start: line + 1, texts: [pending] };
  }
}
async function* parsedLines(batches, options, onLine) {
  for await (const { start, texts } of batches) {
    for (let i = 0; i < texts.length; i++) {
      const r = parseLine(texts[i], start + i, options);
      if (!r.ok) continue;
      onLine?.(texts[i]);
      yield r.value;
    }
  }
}

// src/inventory/records.ts
async function* readNdjson(source2, options = {}) {
  yield* parsedLines(lineBatches(void 0, decode(source2, options.onBytes), options), options);
}
async function* readNdjsonLines(source2, options, onLine) {
  yield* parsedLines(lineBatches(void 0, decode(source2, options.onBytes), options), options, onLine);
}
function isEnvelope(value2) {
  return typeof value2 === "object" && value2 !== null && !isArray(value2) && isArray(value2.items);
}
async function* readInventory(source2, options = {}) {
  const text2 = decode(source2, options.onBytes);
  let first = await text2.next();
  while (!first.done) {
    const head = first.value;
    let i = 0;
    while (i < head.length && isSpace(head.charCodeAt(i))) i++;
    if (i < head.length) {
      const c = head.charCodeAt(i);
      if (c === 91) yield* readArray(head, text2, options);
      else if (c === 123) yield* readObjects(head, text2, options);
      else yield* parsedLines(lineBatches(head, text2, options), options);
      return;
    }
    first = await text2.next();
  }
}
async function* readObjects(head, text2, options) {
  const scanner = new EnvelopeScanner(options.maxRecordLength ?? DEFAULT_MAX_RECORD);
  const seen = [];
  let items = [];
  const ready = function* () {
    const done = items;
    items = [];
    for (const { text: text3, line } of done) {
      let value2;
      try {
        value2 = JSON.parse(text3);
      } catch (error) {
        reject(options, line, `element of "items" is not valid JSON: ${error.message}`);
        continue;
      }
      if (record(value2, line, options, 'element of "items" is ').ok) yield value2;
    }
  };
  const malformed = (stop) => new InventoryError(
    "MALFORMED_INPUT",
    `malformed {"items": [...]} envelope at line ${stop.line}: ${stop.message}`,
    { line: stop.line }
  );
  let chunk = head;
  try {
    while (chunk !== void 0) {
      seen.push(chunk);
      scanner.scan(chunk, items);
      if (scanner.committed) {
        seen.length = 0;
        yield* ready();
      }
      const next = await text2.next();
      chunk = next.done ? void 0 : next.value;
    }
    scanner.finish();
    return;
  } catch (error) {
    if (!(error instanceof EnvelopeStop)) throw error;
    if (scanner.committed) {
      yield* ready();
      throw malformed(error);
    }
  }
  yield* readObjectLines(seen.join(""), text2, options);
}
async function* readObjectLines(head, text2, options) {
  const max = options.maxRecordLength ?? DEFAULT_MAX_RECORD;
  let mode = "first";
  let held;
  let heldLine = 0;
  const document = [];
  let documentStart = 0;
  let length = 0;
  for await (const { start, texts } of lineBatches(head, text2, options)) {
    for (let i = 0; i < texts.length; i++) {
      const raw = texts[i];
      const line = start + i;
      if (mode === "ndjson") {
        if (held !== void 0 && !isBlankLine(raw)) {
          yield held;
          held = void 0;
        }
        const r = parseLine(raw, line, options);
        if (r.ok) yield r.value;
      } else if (mode === "document") {
        document.push(raw);
        length += raw.length + 1;
        if (length > max) {
          throw new InventoryError(
            "MALFORMED_INPUT",
            `a JSON document over several lines longer than ${max} characters (from line ${documentStart}): a record is read whole, and an {"items": [...]} envelope is streamed only when its "items" array begins within the first ${max} characters`,
            { line: documentStart }
          );
        }
      } else if (!isBlankLine(raw)) {
        let value2;
        try {
          value2 = JSON.parse(raw.endsWith("\r") ? raw.slice(0, -1) : raw);
        } catch {
          mode = "document";
          document.push(raw);
          documentStart = line;
          length = raw.length;
          continue;
        }
        mode = "ndjson";
        if (isEnvelope(value2)) {
          held = value2;
          heldLine = line;
        } else yield value2;
      }
    }
  }
  if (held !== void 0) {
    yield* envelopeItems(held.items, heldLine, options);
    return;
  }
  if (mode !== "document") return;
  let parsed2;
  try {
    parsed2 = JSON.parse(document.join("\n"));
  } catch {
    for (let i = 0; i < document.length; i++) {
      const r = parseLine(document[i], documentStart + i, options);
      if (r.ok) yield r.value;
    }
    return;
  }
  if (isEnvelope(parsed2)) yield* envelopeItems(parsed2.items, documentStart, options);
  else yield parsed2;
}
function* envelopeItems(items, line, options) {
  for (const item of items) if (record(item, line, options, 'element of "items" is ').ok) yield item;
}
var State = {
  /** After `[` or `,`: a value or (after `[` only) `]`. */
  Value: 0,
  /** Inside a value. */
  InValue: 1,
  /** After a value: `,` or `]`. */
  Separator: 2,
  /** After the closing `]`: only blanks. */
  Done: 3
};
async function* readArray(head, source2, options) {
  const max = options.maxRecordLength ?? DEFAULT_MAX_RECORD;
  let state = State.Value;
  let opened = false;
  let afterComma = false;
  let line = 1;
  let valueLine = 1;
  let depth = 0;
  let inString = false;
  let escaped2 = false;
  let parts = [];
  let partsLength = 0;
  let text2 = head;
  const fail2 = (message) => {
    throw new InventoryError("MALFORMED_INPUT", `malformed JSON array at line ${line}: ${message}`, { line });
  };
  const finish2 = (piece) => {
    parts.push(piece);
    const raw = parts.join("");
    parts = [];
    partsLength = 0;
    if (raw.length > max) tooLong(options, valueLine);
    let value2;
    try {
      value2 = JSON.parse(raw);
    } catch (error) {
      return reject(options, valueLine, `array element is not valid JSON: ${safeMessage(error)}`);
    }
    return record(value2, valueLine, options, "array element is ");
  };
  while (text2 !== void 0) {
    let start = 0;
    for (let i = 0; i < text2.length; i++) {
      const c = text2.charCodeAt(i);
      if (state === State.InValue) {
        if (inString) {
          if (escaped2) escaped2 = false;
          else if (c === 92) escaped2 = true;
          else if (c === 34) inString = false;
          else if (c === 10) line++;
          if (inString || depth > 0) continue;
          const r = finish2(text2.slice(start, i + 1));
          if (r.ok) yield r.value;
          state = State.Separator;
          continue;
        }
        if (c === 34) inString = true;
        else if (c === 123 || c === 91) depth++;
        else if (c === 125 || c === 93) {
          if (depth === 0) {
            const r = finish2(text2.slice(start, i));
            if (r.ok) yield r.value;
            if (c === 125) fail2('unexpected "}"');
            state = State.Done;
            continue;
          }
          depth--;
          if (depth === 0) {
            const r = finish2(text2.slice(start, i + 1));
            if (r.ok) yield r.value;
            state = State.Separator;
          }
        } else if (depth === 0 && (c === 44 || isSpace(c))) {
          const r = finish2(text2.slice(start, i));
          if (r.ok) yield r.value;
          state = State.Separator;
          if (c === 44) {
            state = State.Value;
            afterComma = true;
          } else if (c === 10) line++;
        } else if (c === 10) line++;
        continue;
      }
      if (c === 10) {
        line++;
        continue;
      }
      if (isSpace(c)) continue;
      switch (state) {
        case State.Value:
          if (!opened) {
            opened = true;
            continue;
          }
          if (c === 93 && !afterComma) {
            state = State.Done;
            continue;
          }
          if (c === 44 || c === 93) fail2(`unexpected "${String.fromCharCode(c)}", expected a value`);
          state = State.InValue;
          valueLine = line;
          start = i;
          parts = [];
          partsLength = 0;
          if (c === 34) inString = true;
          else if (c === 123 || c === 91) depth = 1;
          afterComma = false;
          break;
        case State.Separator:
          if (c === 44) {
            state = State.Value;
            afterComma = true;
          } else if (c === 93) state = State.Done;
          else fail2(`unexpected "${String.fromCharCode(c)}", expected "," or "]"`);
          break;
        case State.Done:
          fail2("unexpected data after the end of the array");
      }
    }
    if (state === State.InValue) {
      parts.push(text2.slice(start));
      partsLength += text2.length - start;
      if (partsLength > max) tooLong(options, valueLine);
    }
    const next = await source2.next();
    text2 = next.done ? void 0 : next.value;
  }
  if (state !== State.Done) fail2('the input ends before the closing "]"');
}

// src/policy/collector.ts
var RECORD_KEYS = /* @__PURE__ */ new Set(["id", "createdAt", "updatedAt"]);
var SCHEMA_KEY = "$schema";
var Collector = class {
  constructor(base, limits) {
    this.base = base;
    this.limits = limits;
  }
  base;
  limits;
  problems = [];
  /** The nodes of the policy's filters so far, against `maxPolicyNodes`. */
  budget = { nodes: 0 };
  counts = { maxRules: 0, maxConditions: 0 };
  /** Records a problem; the message reads "<what> at <pointer>[; <hint>]". */
  add(code2, path, what2, hint) {
    const message = `${what2} at ${showPointer(path)}${hint === void 0 ? "" : `; ${hint}`}`;
    this.problems.push(freeze({ code: code2, path, message }));
  }
  /** Reports the keys of `value` that are not in `allowed`; a near-miss of a known key is suggested. */
  unknownKeys(value2, at2, allowed, what2) {
    for (const key of this.keys(value2, at2)) {
      if (setHas.call(allowed, key) || at2 === this.base && (setHas.call(RECORD_KEYS, key) || key === SCHEMA_KEY))
        continue;
      const folded = key.length <= MAX_SHOWN_TEXT ? key.toLowerCase().replace(/[-_ ]/g, "") : void 0;
      const near = [...allowed].find((k) => k.toLowerCase() === folded);
      this.add(
        "UNKNOWN_PROPERTY",
        pointer(at2, key),
        `unknown property "${showText(key)}" in ${what2}`,
        near !== void 0 ? `did you mean "${near}"?` : void 0
      );
    }
  }
  /** The keys of an object of the definition, within `maxKeys`. */
  keys(value2, at2) {
    if (countOwnKeys(value2, this.limits.maxKeys) > this.limits.maxKeys) {
      throw limitError("maxKeys", at2, `an object with more than ${this.limits.maxKeys} keys`, this.limits);
    }
    return objectKeys(value2);
  }
  /** Counts the rules or the conditions of a list about to be read; refuses the policy past its limit. */
  more(limit, n, at2) {
    this.counts[limit] += n;
    if (this.counts[limit] > this.limits[limit]) {
      const what2 = limit === "maxRules" ? "rules" : "conditions";
      throw limitError(limit, at2, `the policy has more than ${this.limits[limit]} ${what2}`, this.limits);
    }
  }
};

// src/policy/check.ts
var DEFINITION_KEYS = /* @__PURE__ */ new Set([
  "name",
  "type",
  "isActive",
  "resource",
  "statusDefinitions",
  "description",
  "query"
]);
var STATUS_KEYS = /* @__PURE__ */ new Set(["isDefault", "criticality", "rules"]);
var RULE_KEYS = /* @__PURE__ */ new Set(["conditions"]);
var CONDITION_KEYS = /* @__PURE__ */ new Set(["type", "condition"]);
var FILTER_KEYS = /* @__PURE__ */ new Set(["filter"]);
var EVERYTHING = parseFilter({});
function quoted2(value2) {
  return typeof value2 === "string" ? jsonStringify(showText(value2)) : describe(value2);
}
function parseAt(input, at2, c) {
  try {
    return parseWithin(input, c.limits, c.budget);
  } catch (error) {
    const e = ownFilterError(error);
    if (e === void 0) throw error;
    const message = restateAt(e.message, e.path, at2);
    if (isLimitCode(e.code)) throw new FilterError(e.code, at2 + e.path, message);
    c.problems.push(freeze({ code: e.code, path: at2 + e.path, message }));
    return void 0;
  }
}
function checkCondition(input, at2, c) {
  if (!isPlainObject(input)) {
    c.add(
      "INVALID_TYPE",
      at2,
      `a condition must be { "type": "filter", "condition": { "filter": \u2026 } }, got ${describe(input)}`
    );
    return void 0;
  }
  c.unknownKeys(input, at2, CONDITION_KEYS, "a condition");
  let ok = true;
  if (!hasOwn(input, "type")) {
    c.add("MISSING_PROPERTY", at2, 'a condition needs "type": "filter"');
    ok = false;
  } else if (own(input, "type") !== "filter") {
    c.add(
      "INVALID_CONDITION_TYPE",
      pointer(at2, "type"),
      `condition type must be "filter", got ${quoted2(own(input, "type"))}`
    );
    ok = false;
  }
  const inner = own(input, "condition");
  const innerAt = pointer(at2, "condition");
  if (!hasOwn(input, "condition")) {
    c.add("MISSING_PROPERTY", at2, 'a condition needs "condition": { "filter": \u2026 }');
    return void 0;
  }
  if (!isPlainObject(inner)) {
    c.add("INVALID_TYPE", innerAt, `"condition" must be an object { "filter": \u2026 }, got ${describe(inner)}`);
    return void 0;
  }
  c.unknownKeys(inner, innerAt, FILTER_KEYS, '"condition"');
  if (!hasOwn(inner, "filter")) {
    c.add("MISSING_PROPERTY", innerAt, '"condition" needs a "filter"');
    return void 0;
  }
  const filterAt = pointer(innerAt, "filter");
  const filter = parseAt(own(inner, "filter"), filterAt, c);
  return ok && filter ? freeze({ filter, path: filterAt }) : void 0;
}
function checkRule(input, at2, c) {
  if (!isPlainObject(input)) {
    c.add("INVALID_TYPE", at2, `a rule must be an object { "conditions": [...] }, got ${describe(input)}`);
    return void 0;
  }
  c.unknownKeys(input, at2, RULE_KEYS, "a rule");
  const conditionsAt = pointer(at2, "conditions");
  if (!hasOwn(input, "conditions")) {
    c.add("MISSING_PROPERTY", at2, 'a rule needs "conditions"');
    return void 0;
  }
  const list = own(input, "conditions");
  if (!isArray(list)) {
    c.add("INVALID_TYPE", conditionsAt, `"conditions" must be an array, got ${describe(list)}`);
    return void 0;
  }
  if (list.length === 0) {
    c.add(
      "EMPTY_CONDITIONS",
      conditionsAt,
      "a rule needs at least one condition (an empty rule would always hold)"
    );
    return void 0;
  }
  c.more("maxConditions", list.length, conditionsAt);
  const conditions = list.map((cond, i) => checkCondition(cond, pointer(conditionsAt, i), c));
  if (arraySome(conditions, (x) => x === void 0)) return void 0;
  return freeze({ conditions: freeze(conditions), path: at2 });
}
function checkStatus(name, index, input, at2, c) {
  if (name === "") c.add("EMPTY_VALUE", at2, "a status name must not be empty");
  if (!isPlainObject(input)) {
    c.add("INVALID_TYPE", at2, `status "${showText(name)}" must be an object, got ${describe(input)}`);
    return void 0;
  }
  c.unknownKeys(input, at2, STATUS_KEYS, `status "${showText(name)}"`);
  let ok = name !== "";
  const isDefault = own(input, "isDefault") ?? false;
  if (typeof isDefault !== "boolean") {
    c.add(
      "INVALID_TYPE",
      pointer(at2, "isDefault"),
      `"isDefault" must be a boolean, got ${describe(isDefault)}`
    );
    ok = false;
  }
  const criticality = own(input, "criticality");
  if (!hasOwn(input, "criticality")) {
    c.add("MISSING_PROPERTY", at2, `status "${showText(name)}" needs a "criticality" (a number)`);
    ok = false;
  } else if (typeof criticality !== "number") {
    c.add(
      "INVALID_TYPE",
      pointer(at2, "criticality"),
      `"criticality" must be a number, got ${describe(criticality)}`
    );
    ok = false;
  } else if (!numberIsFinite(criticality)) {
    c.add(
      "INVALID_CRITICALITY",
      pointer(at2, "criticality"),
      `"criticality" must be a finite number, got ${criticality}`
    );
    ok = false;
  }
  const rulesAt = pointer(at2, "rules");
  const list = own(input, "rules") ?? (isDefault === false ? void 0 : []);
  let rules = [];
  if (list === void 0) {
    c.add(
      "MISSING_RULES",
      at2,
      `status "${showText(name)}" is not the default, so it needs "rules" (it could never be reached)`
    );
    ok = false;
  } else if (!isArray(list)) {
    c.add("INVALID_TYPE", rulesAt, `"rules" must be an array, got ${describe(list)}`);
    ok = false;
  } else if (list.length === 0 && isDefault === false) {
    c.add(
      "MISSING_RULES",
      rulesAt,
      `status "${showText(name)}" is not the default, so it needs at least one rule`
    );
    ok = false;
  } else {
    c.more("maxRules", list.length, rulesAt);
    const parsed2 = list.map((rule, i) => checkRule(rule, pointer(rulesAt, i), c));
    if (arraySome(parsed2, (x) => x === void 0)) ok = false;
    else rules = parsed2;
  }
  if (!ok) return void 0;
  return freeze({
    name,
    index,
    criticality: criticality === 0 ? 0 : criticality,
    isDefault,
    rules: freeze(rules),
    path: at2
  });
}
function optionalString(def, key, base, c) {
  const value2 = own(def, key);
  if (value2 === void 0) return void 0;
  if (typeof value2 !== "string") {
    c.add("INVALID_TYPE", pointer(base, key), `"${key}" must be a string, got ${describe(value2)}`);
    return void 0;
  }
  return value2;
}
function schemaReference(value2, at2, c) {
  if (!hasOwn(value2, SCHEMA_KEY) || typeof own(value2, SCHEMA_KEY) === "string") return;
  c.add(
    "INVALID_TYPE",
    pointer(at2, SCHEMA_KEY),
    `"$schema" must be a string (the JSON Schema's URL or path), got ${describe(own(value2, SCHEMA_KEY))}`
  );
}
function check(input, limits) {
  const wrapped = isPlainObject(input) && hasOwn(input, "policy") && !hasOwn(input, "statusDefinitions");
  const base = wrapped ? "/policy" : "";
  const c = new Collector(base, limits);
  if (wrapped) {
    for (const key of objectKeys(input)) {
      if (key !== "policy" && key !== SCHEMA_KEY)
        c.add(
          "UNKNOWN_PROPERTY",
          pointer("", key),
          `unknown property "${showText(key)}" in the request body`
        );
    }
    schemaReference(input, "", c);
  }
  const def = wrapped ? own(input, "policy") : input;
  if (!isPlainObject(def)) {
    c.add("INVALID_TYPE", base, `a policy definition must be an object, got ${describe(def)}`);
    return { problems: c.problems };
  }
  c.unknownKeys(def, base, DEFINITION_KEYS, "the policy definition");
  schemaReference(def, base, c);
  let name;
  if (!hasOwn(def, "name")) c.add("MISSING_PROPERTY", base, 'a policy needs a "name"');
  else {
    name = optionalString(def, "name", base, c);
    if (name === "") c.add("EMPTY_VALUE", pointer(base, "name"), '"name" must not be empty');
  }
  const type = optionalString(def, "type", base, c);
  const resource = optionalString(def, "resource", base, c);
  const description = optionalString(def, "description", base, c);
  const isActive2 = own(def, "isActive") ?? true;
  if (typeof isActive2 !== "boolean") {
    c.add(
      "INVALID_TYPE",
      pointer(base, "isActive"),
      `"isActive" must be a boolean, got ${describe(isActive2)}`
    );
  }
  let scope = EVERYTHING;
  let scopePath = null;
  const query = own(def, "query");
  if (query !== void 0) {
    const queryAt = pointer(base, "query");
    if (!isPlainObject(query)) {
      c.add(
        "INVALID_TYPE",
        queryAt,
        `"query" must be an object ({} or { "filter": \u2026 }), got ${describe(query)}`
      );
    } else {
      c.unknownKeys(query, queryAt, FILTER_KEYS, '"query"');
      if (hasOwn(query, "filter")) {
        scopePath = pointer(queryAt, "filter");
        scope = parseAt(own(query, "filter"), scopePath, c);
      }
    }
  }
  const statuses = [];
  const defsAt = pointer(base, "statusDefinitions");
  if (!hasOwn(def, "statusDefinitions")) {
    c.add("MISSING_PROPERTY", base, 'a policy needs "statusDefinitions"');
  } else if (!isPlainObject(own(def, "statusDefinitions"))) {
    c.add(
      "INVALID_TYPE",
      defsAt,
      `"statusDefinitions" must be an object mapping status names to definitions, got ${describe(own(def, "statusDefinitions"))}`
    );
  } else {
    const defs = own(def, "statusDefinitions");
    const names = c.keys(defs, defsAt);
    const defaults = [];
    let complete = true;
    names.forEach((statusName, index) => {
      const at2 = pointer(defsAt, statusName);
      const raw = own(defs, statusName);
      if (isPlainObject(raw) && own(raw, "isDefault") === true) {
        defaults.push(statusName);
        if (defaults.length > 1) {
          c.add(
            "MULTIPLE_DEFAULT_STATUSES",
            pointer(at2, "isDefault"),
            `status "${showText(statusName)}" is a second default ("${showText(defaults[0])}" is already); exactly one status has "isDefault": true`
          );
        }
      }
      const status = checkStatus(statusName, index, raw, at2, c);
      if (status) statuses.push(status);
      else complete = false;
    });
    if (names.length === 0) {
      c.add("EMPTY_VALUE", defsAt, '"statusDefinitions" needs at least one status, the default');
    } else if (defaults.length === 0 && // Where some statuses were unreadable, the default is missing only if none of them could be it.
    (complete || arrayEvery(objectValues(defs), (s) => isPlainObject(s) && own(s, "isDefault") !== true))) {
      c.add("NO_DEFAULT_STATUS", defsAt, 'exactly one status needs "isDefault": true, none has');
    }
  }
  if (c.problems.length > 0 || scope === void 0 || name === void 0) return { problems: c.problems };
  const defaultStatus = arrayFind(statuses, (s) => s.isDefault);
  const definition = freeze({
    name,
    isActive: isActive2,
    ...type === void 0 ? {} : { type },
    ...resource === void 0 ? {} : { resource },
    ...description === void 0 ? {} : { description },
    statuses: freeze(statuses),
    defaultStatus,
    scope,
    scopePath,
    base
  });
  return { problems: [], definition };
}
function checkPolicyDefinition(input, options) {
  const limits = resolveLimits(options);
  try {
    return check(input, limits);
  } catch (error) {
    const own2 = ownFilterError(error);
    if (own2 !== void 0) return { problems: [{ code: own2.code, path: own2.path, message: own2.message }] };
    return {
      problems: [
        {
          code: "INVALID_VALUE",
          path: "",
          message: `the policy definition could not be read: ${safeMessage(error)}`
        }
      ]
    };
  }
}

// src/policy/errors.ts
function summarize(problems) {
  const head = problems.length === 1 ? "invalid policy: " : `invalid policy (${problems.length} problems): `;
  return head + problems.map((p) => `${p.message} [${p.code}]`).join("; ");
}
var PolicyError = class extends FilterError {
  problems;
  constructor(problems) {
    const first = problems[0];
    super("INVALID_POLICY", first?.path ?? "", summarize(problems));
    Object.defineProperty(this, "name", { value: "PolicyError", enumerable: false, configurable: true });
    this.problems = freeze([...problems]);
  }
};

// src/policy/explain.ts
var ROOT = { elements: [], at: "" };
function leaves(record2, steps, base) {
  const out = [];
  const stack = [{ value: record2, elements: base.elements, at: base.at }];
  const depth = [0];
  while (stack.length > 0) {
    const { value: value2, elements, at: at2 } = stack.pop();
    const i = depth.pop();
    if (i === steps.length) {
      out.push({ value: value2, elements, at: at2 });
      continue;
    }
    const step = steps[i];
    if (step.kind === "key") {
      stack.push({ value: readKey(value2, step.key), elements, at: pointer(at2, step.key) });
      depth.push(i + 1);
    } else if (isArray(value2)) {
      for (let e = value2.length - 1; e >= 0; e--) {
        stack.push({ value: value2[e], elements: [...elements, e], at: pointer(at2, e) });
        depth.push(i + 1);
      }
    }
  }
  return out;
}
var EXPLAIN_VALUE_DEPTH = 64;
var CUT_VALUE = "[nested too deep]";
var EXPLAIN_VALUE_CONTAINERS = 1e5;
function mustCut(value2, limit) {
  const stack = [[value2, 0]];
  let containers = 0;
  while (stack.length > 0) {
    const [v, depth] = stack.pop();
    if (typeof v !== "object" || v === null || v instanceof Date) continue;
    if (depth >= limit || ++containers > EXPLAIN_VALUE_CONTAINERS) return true;
    const children = isArray(v) ? v : objectValues(v);
    for (let i = 0; i < children.length; i++) stack.push([children[i], depth + 1]);
  }
  return false;
}
function cut(value2, limit, budget) {
  if (typeof value2 !== "object" || value2 === null || value2 instanceof Date) return value2;
  if (limit === 0 || budget.left-- <= 0) return CUT_VALUE;
  if (isArray(value2)) return value2.map((v) => cut(v, limit - 1, budget));
  const out = {};
  for (const key of objectKeys(value2)) {
    defineProperty(out, key, {
      value: cut(value2[key], limit - 1, budget),
      enumerable: true,
      writable: true,
      configurable: true
    });
  }
  return out;
}
function shown(value2) {
  return mustCut(value2, EXPLAIN_VALUE_DEPTH) ? cut(value2, EXPLAIN_VALUE_DEPTH, { left: EXPLAIN_VALUE_CONTAINERS }) : value2;
}
function explainField(clause, record2, base, asOf) {
  const test2 = compileOperators(clause.operators, (n) => compileClosures(n, asOf), asOf);
  const path = printPath(clause.path);
  const versionOps = clause.operators.filter(isVersionNode);
  const inner = arrayFind(clause.operators, (op) => op.kind === "elemMatch")?.filter;
  const values = leaves(record2, clause.path, base).map((leaf) => {
    const value2 = readLeaf(leaf.value);
    const found = {
      found: value2 !== void 0,
      value: value2 === void 0 ? null : shown(value2),
      elements: leaf.elements,
      at: leaf.at,
      held: test2(value2)
    };
    const read2 = versionOps.length === 0 ? found : { ...found, version: typeof value2 === "string" ? parseVersion(value2) ?? null : null };
    if (inner === void 0 || inner.clauses.length === 0 || !isObjectValue(value2)) return read2;
    return { ...read2, elemMatch: explainFilter(inner, value2, asOf, leaf) };
  });
  const matched = arrayFind(values, (v) => v.held) ?? null;
  const operators = printParsed({ kind: "filter", clauses: [clause] })[path];
  const explained = {
    kind: "field",
    held: matched !== null,
    path,
    operators,
    values,
    matched
  };
  const timeOps = clause.operators.filter(isTimeNode);
  const timed = timeOps.length === 0 ? explained : {
    ...explained,
    instants: Object.fromEntries(
      timeOps.map((op) => [OPERATOR_NAMES[op.kind], isoOf(boundOf(op.instant, asOf))])
    )
  };
  if (versionOps.length === 0) return timed;
  const versions2 = Object.fromEntries(
    versionOps.map((op) => [OPERATOR_NAMES[op.kind], parseVersion(op.value)])
  );
  return { ...timed, versions: versions2 };
}
function explainClause(clause, record2, base, asOf) {
  switch (clause.kind) {
    case "field":
      return explainField(clause, record2, base, asOf);
    case "and": {
      const filters = clause.filters.map((f) => explainFilter(f, record2, asOf, base));
      return { kind: "and", held: arrayEvery(filters, (f) => f.held), filters };
    }
    case "or": {
      const filters = clause.filters.map((f) => explainFilter(f, record2, asOf, base));
      return { kind: "or", held: arraySome(filters, (f) => f.held), filters };
    }
    case "not": {
      const filter = explainFilter(clause.filter, record2, asOf, base);
      return { kind: "not", held: !filter.held, filter };
    }
    default:
      return assertNever(clause, "clause node");
  }
}
function explainFilter(node2, record2, asOf, base = ROOT) {
  const clauses = node2.clauses.map((c) => explainClause(c, record2, base, asOf));
  return { held: arrayEvery(clauses, (c) => c.held), clauses };
}
function explainCondition(condition, index, record2, asOf) {
  return {
    index,
    path: condition.path,
    filter: printParsed(condition.filter),
    ...explainFilter(condition.filter, record2, asOf)
  };
}
function explainRule(rule, index, record2, asOf) {
  const conditions = rule.conditions.map((c, i) => explainCondition(c, i, record2, asOf));
  const failed = conditions.filter((c) => !c.held).length;
  return { index, path: rule.path, held: failed === 0, failed, conditions };
}
function explainStatus(status, record2, asOf) {
  const rules = status.rules.map((r, i) => explainRule(r, i, record2, asOf));
  return {
    status: status.name,
    criticality: status.criticality,
    isDefault: status.isDefault,
    reached: arraySome(rules, (r) => r.held),
    rules
  };
}
function nearestMiss(statuses) {
  let best = null;
  for (const status of statuses) {
    if (status.isDefault) continue;
    for (const rule of status.rules) {
      const better = best === null || rule.failed < best.rule.failed || rule.failed === best.rule.failed && status.criticality > best.status.criticality;
      if (better) best = { status, rule };
    }
  }
  if (best === null) return null;
  return {
    status: best.status.status,
    ruleIndex: best.rule.index,
    path: best.rule.path,
    failed: best.rule.failed,
    conditions: best.rule.conditions.length,
    failedConditions: best.rule.conditions.filter((c) => !c.held)
  };
}
function explainPolicy(policy, result, record2, asOf, waiver = null) {
  const scope = { path: policy.scopePath, ...explainFilter(policy.scope, record2, asOf) };
  const statuses = policy.statuses.map((s) => explainStatus(s, record2, asOf));
  const fellToDefault = result.applicable && result.matched === null;
  return {
    policy: policy.name,
    result,
    asOf: isoOf(asOf),
    scope,
    statuses,
    nearestMiss: fellToDefault ? nearestMiss(statuses) : null,
    ...waiver === null ? {} : {
      waiver: {
        id: waiver.id,
        expires: isoOf(waiver.expiresMs),
        owner: waiver.owner,
        reason: waiver.reason,
        ticket: waiver.ticket
      }
    }
  };
}

// src/policy/waivers.ts
var WaiverError = class extends FilterError {
  problems;
  constructor(problems) {
    const first = problems[0];
    const head = problems.length === 1 ? "invalid waiver: " : `invalid waivers (${problems.length} problems): `;
    super(
      "INVALID_WAIVERS",
      first?.path ?? "",
      head + problems.map((p) => `${p.message} [${p.code}]`).join("; ")
    );
    Object.defineProperty(this, "name", { value: "WaiverError", enumerable: false, configurable: true });
    this.problems = freeze([...problems]);
  }
};
var WAIVER_KEYS = /* @__PURE__ */ new Set([
  "id",
  "policy",
  "ids",
  "filter",
  "accepts",
  "expires",
  "owner",
  "reason",
  "ticket"
]);
var ROOT_KEYS = /* @__PURE__ */ new Set(["waivers", "$schema"]);
var WAIVER_ID_FIELD = "id";
function checkWaivers(input, options) {
  const problems = [];
  const add = (code2, path, what2) => {
    problems.push(freeze({ code: code2, path, message: `${what2} at ${showPointer(path)}` }));
  };
  add.raw = (p) => problems.push(freeze(p));
  add.count = () => problems.length;
  let list = input;
  let base = "";
  if (isPlainObject(input)) {
    for (const key of objectKeys(input)) {
      if (!ROOT_KEYS.has(key))
        add("UNKNOWN_PROPERTY", pointer("", key), `unknown property "${showText(key)}" in a waiver file`);
    }
    if (!hasOwn(input, "waivers")) {
      add("MISSING_PROPERTY", "", 'a waiver file needs "waivers": [ \u2026 ]');
      return { problems, checked: [] };
    }
    list = input.waivers;
    base = "/waivers";
  }
  if (!isArray(list)) {
    add("INVALID_TYPE", base, `waivers must be a list, got ${describe(list)}`);
    return { problems, checked: [] };
  }
  const seen = /* @__PURE__ */ new Map();
  const waivers = [];
  list.forEach((item, i) => {
    const at2 = `${base}/${i}`;
    const w = checkWaiver(item, at2, add, options);
    if (w === void 0) return;
    const first = seen.get(w.id);
    if (first !== void 0) {
      add(
        "DUPLICATE_WAIVER_ID",
        pointer(at2, "id"),
        `waiver id ${jsonStringify(showText(w.id))} is already the id of ${showPointer(first)}`
      );
      return;
    }
    seen.set(w.id, at2);
    waivers.push(w);
  });
  return problems.length === 0 ? { problems, waivers: freeze(waivers), checked: waivers } : { problems, checked: waivers };
}
function readWaivers(input, options) {
  if (isArray(input) && input.every(isNormalized)) return input;
  const { problems, waivers } = checkWaivers(input, options);
  if (waivers === void 0) throw new WaiverError(problems);
  return waivers;
}
var normalized = /* @__PURE__ */ new WeakSet();
function isNormalized(value2) {
  return typeof value2 === "object" && value2 !== null && normalized.has(value2);
}
function nonEmptyString(input, key, at2, add, required) {
  if (!hasOwn(input, key)) {
    if (required) add("MISSING_PROPERTY", at2, `a waiver needs "${key}"`);
    return void 0;
  }
  const value2 = input[key];
  if (typeof value2 !== "string") {
    add("INVALID_TYPE", pointer(at2, key), `"${key}" must be a string, got ${describe(value2)}`);
    return void 0;
  }
  if (value2.trim() === "") {
    add("EMPTY_VALUE", pointer(at2, key), `"${key}" must not be empty`);
    return void 0;
  }
  return value2;
}
function checkWaiver(input, at2, add, options) {
  if (!isPlainObject(input)) {
    add("INVALID_TYPE", at2, `a waiver must be an object, got ${describe(input)}`);
    return void 0;
  }
  const before = add.count();
  for (const key of objectKeys(input)) {
    if (!WAIVER_KEYS.has(key))
      add("UNKNOWN_PROPERTY", pointer(at2, key), `unknown property "${showText(key)}" in a waiver`);
  }
  const id = nonEmptyString(input, "id", at2, add, true);
  const policy = nonEmptyString(input, "policy", at2, add, true);
  const owner = nonEmptyString(input, "owner", at2, add, true);
  const reason = nonEmptyString(input, "reason", at2, add, true);
  const ticket = nonEmptyString(input, "ticket", at2, add, false);
  let expires;
  let expiresMs = Number.NaN;
  if (!hasOwn(input, "expires")) {
    add(
      "MISSING_EXPIRY",
      at2,
      'a waiver needs "expires" (an RFC 3339 instant such as "2027-03-01T00:00:00Z"): every waiver ends'
    );
  } else if (typeof input.expires !== "string" || Number.isNaN(timestampMs(input.expires))) {
    add(
      "INVALID_EXPIRY",
      pointer(at2, "expires"),
      `"expires" must be an RFC 3339 instant with an offset ("2027-03-01T00:00:00Z", "2027-03-01T09:00:00+01:00"), got ${describe(input.expires)}`
    );
  } else {
    expires = input.expires;
    expiresMs = timestampMs(expires);
  }
  let ids = null;
  if (hasOwn(input, "ids")) {
    const given = input.ids;
    if (!isArray(given) || given.length === 0) {
      add(
        "INVALID_TYPE",
        pointer(at2, "ids"),
        `"ids" must be a non-empty list of resource ids, got ${describe(given)}`
      );
    } else {
      ids = [];
      given.forEach((v, i) => {
        if (typeof v !== "string" || v === "") {
          add(
            "INVALID_TYPE",
            pointer(pointer(at2, "ids"), String(i)),
            `a resource id must be a non-empty string, got ${describe(v)}`
          );
        } else ids.push(v);
      });
    }
  }
  let filter = null;
  let filterNode;
  if (hasOwn(input, "filter")) {
    filter = input.filter;
    const fat = pointer(at2, "filter");
    try {
      filterNode = parseFilter(filter, options);
    } catch (error) {
      const e = ownFilterError(error);
      if (e === void 0) throw error;
      add.raw({ code: e.code, path: fat + e.path, message: restateAt(e.message, e.path, fat) });
    }
  }
  if (!hasOwn(input, "ids") && !hasOwn(input, "filter")) {
    add("MISSING_COVERAGE", at2, 'a waiver names the resources it covers: "ids", "filter" or both');
  }
  let accepts3;
  if (!hasOwn(input, "accepts"))
    add("MISSING_PROPERTY", at2, 'a waiver needs "accepts": { "status": \u2026 } or { "maxCriticality": \u2026 }');
  else accepts3 = checkAccepts(input.accepts, pointer(at2, "accepts"), add);
  if (add.count() !== before) return void 0;
  const coversJson = {};
  const parts = [];
  if (ids !== null) parts.push({ [WAIVER_ID_FIELD]: { $in: ids } });
  if (filterNode !== void 0) parts.push(filter);
  if (parts.length === 1) Object.assign(coversJson, parts[0]);
  else coversJson.$and = parts;
  const coverParts = [];
  if (ids !== null) coverParts.push({ node: parseFilter(parts[0], options), at: pointer(at2, "ids") });
  if (filterNode !== void 0) coverParts.push({ node: filterNode, at: pointer(at2, "filter") });
  const waiver = freeze({
    id,
    policy,
    ids: ids === null ? null : freeze(ids),
    filter,
    covers: parseFilter(coversJson, options),
    coversJson: freeze(coversJson),
    coverParts: freeze(coverParts.map((part) => freeze(part))),
    accepts: accepts3,
    expires,
    expiresMs,
    owner,
    reason,
    ticket: ticket ?? null,
    path: at2
  });
  normalized.add(waiver);
  return waiver;
}
function checkAccepts(value2, at2, add) {
  const shape2 = 'accepts must be { "status": "<name>" } or { "maxCriticality": <number> }';
  if (!isPlainObject(value2)) {
    add("INVALID_ACCEPTS", at2, `${shape2}, got ${describe(value2)}`);
    return void 0;
  }
  const keys = objectKeys(value2);
  if (keys.length !== 1 || keys[0] !== "status" && keys[0] !== "maxCriticality") {
    add("INVALID_ACCEPTS", at2, shape2);
    return void 0;
  }
  if (keys[0] === "status") {
    if (typeof value2.status !== "string" || value2.status === "") {
      add("INVALID_ACCEPTS", pointer(at2, "status"), `a status name, got ${describe(value2.status)}`);
      return void 0;
    }
    return freeze({ status: value2.status });
  }
  const n = value2.maxCriticality;
  if (typeof n !== "number" || !numberIsFinite(n)) {
    add("INVALID_ACCEPTS", pointer(at2, "maxCriticality"), `a finite number, got ${describe(n)}`);
    return void 0;
  }
  return freeze({ maxCriticality: n });
}
function accepts(waiver, status, criticality) {
  const a = waiver.accepts;
  return "status" in a ? a.status === status : criticality <= a.maxCriticality;
}
function isActive(waiver, asOf) {
  return asOf < waiver.expiresMs;
}
function waiverOrder(a, b2) {
  return b2.expiresMs - a.expiresMs || compareCodePoints(a.id, b2.id);
}
function waiverStatusProblems(waivers, policy, statuses) {
  const out = [];
  for (const w of waivers) {
    if (w.policy !== policy || !("status" in w.accepts)) continue;
    const name = w.accepts.status;
    if (statuses.some((s) => s.name === name)) continue;
    const path = `${w.path}/accepts/status`;
    out.push(
      freeze({
        code: "UNKNOWN_STATUS",
        path,
        message: `status ${jsonStringify(showText(name))} is not a status of policy ${jsonStringify(showText(policy))} (${statuses.map((s) => jsonStringify(showText(s.name))).join(", ")}) at ${showPointer(path)}`
      })
    );
  }
  return out;
}
function waiversOf(waivers, policy, statuses, asOf) {
  const unknown = waiverStatusProblems(waivers, policy, statuses);
  if (unknown.length > 0) throw new WaiverError(unknown);
  const mine = waivers.filter((w) => w.policy === policy).sort(waiverOrder);
  const accepted = /* @__PURE__ */ new Map();
  for (const w of mine) {
    accepted.set(
      w,
      statuses.filter((s) => accepts(w, s.name, s.criticality)).map((s) => s.name)
    );
  }
  return {
    active: mine.filter((w) => isActive(w, asOf)),
    expired: mine.filter((w) => !isActive(w, asOf)),
    accepted
  };
}
function policyWaivers(waivers, policy, statuses) {
  const unknown = waiverStatusProblems(waivers, policy, statuses);
  if (unknown.length > 0) throw new WaiverError(unknown);
  return waivers.filter((w) => w.policy === policy).sort(waiverOrder);
}
function markOf(waiver) {
  return freeze({ id: waiver.id, expires: isoOf(waiver.expiresMs) });
}

// src/policy/compile.ts
var NOT_APPLICABLE = freeze({
  applicable: false,
  status: null,
  criticality: null,
  isDefault: false,
  matched: null
});
function resultFor(status, ruleIndex) {
  return freeze({
    applicable: true,
    status: status.name,
    criticality: status.criticality,
    isDefault: status.isDefault,
    matched: ruleIndex === null ? null : freeze({ status: status.name, ruleIndex })
  });
}
function compilePolicy(definition, options) {
  const { problems, definition: policy } = checkPolicyDefinition(definition, options);
  if (policy === void 0) throw new PolicyError(problems);
  const chosen = option(options, "codegen");
  const codegen = chosen === void 0 ? void 0 : { codegen: chosen };
  const asOf = resolveAsOf(option(options, "asOf"), "/asOf");
  const given = option(options, "waivers");
  const waivers = given === void 0 ? [] : readWaivers(given, options);
  return buildPolicy(policy, (node2, at2) => compileNode(node2, codegen, true, at2), asOf, waivers);
}
function buildPolicy(policy, compile, asOf, waivers = []) {
  return bindPolicy(policy, compile, asOf, null, /* @__PURE__ */ new Map(), waivers);
}
function waiverMarker(waivers, policy, asOf, compile) {
  const { active, expired, accepted } = waiversOf(waivers, policy.name, policy.statuses, asOf);
  const tried = active.map((w) => ({
    waiver: w,
    statuses: new Set(accepted.get(w)),
    covers: compile(w.covers),
    mark: markOf(w),
    marked: /* @__PURE__ */ new Map()
  }));
  const pick = (resource, result) => {
    if (result.status === null) return void 0;
    for (const t of tried) if (t.statuses.has(result.status) && t.covers(resource)) return t;
    return void 0;
  };
  return {
    waivers: freeze(waivers.filter((w) => w.policy === policy.name)),
    expired: freeze(expired),
    find: (resource, result) => pick(resource, result)?.waiver ?? null,
    mark: (resource, result) => {
      if (tried.length === 0) return result;
      const t = pick(resource, result);
      if (t === void 0) return result;
      let marked = t.marked.get(result);
      if (marked === void 0) {
        marked = freeze({ ...result, waiver: t.mark });
        t.marked.set(result, marked);
      }
      return marked;
    }
  };
}
function bindPolicy(policy, compileAt, asOf, previous, timed, waivers) {
  const made2 = /* @__PURE__ */ new Map();
  const compile = (node2) => {
    let predicate = made2.get(node2);
    if (predicate !== void 0) return predicate;
    let reads = timed.get(node2);
    if (reads === void 0) {
      reads = readsNow(node2);
      timed.set(node2, reads);
    }
    predicate = (previous !== null && !reads ? previous.get(node2) : void 0) ?? compileAt(node2, asOf);
    made2.set(node2, predicate);
    return predicate;
  };
  const inScope = policy.scope.clauses.length === 0 ? null : compile(policy.scope);
  const candidates = [...policy.statuses].filter((s) => s.rules.length > 0).sort((a, b2) => b2.criticality - a.criticality || a.index - b2.index).map((s) => ({
    rules: s.rules.map((rule) => all(rule.conditions.map((c) => compile(c.filter)))),
    results: s.rules.map((_, i) => resultFor(s, i))
  }));
  const fallback = resultFor(policy.defaultStatus, null);
  const decide = (resource) => {
    for (let s = 0; s < candidates.length; s++) {
      const { rules, results } = candidates[s];
      for (let r = 0; r < rules.length; r++) if (rules[r](resource)) return results[r];
    }
    return fallback;
  };
  const decided2 = inScope === null ? decide : (resource) => inScope(resource) ? decide(resource) : NOT_APPLICABLE;
  const marker = waiverMarker(waivers, policy, asOf, compile);
  const evaluate = marker.waivers.length === 0 ? decided2 : (resource) => marker.mark(resource, decided2(resource));
  const anyReadsNow = [...timed.values()].some((r) => r);
  const self = freeze({
    name: policy.name,
    isActive: policy.isActive,
    // `resource` is optional in the normalized definition: an own read, never Object.prototype's.
    resource: own(policy, "resource"),
    statuses: freeze(
      policy.statuses.map(
        (s) => freeze({ name: s.name, criticality: s.criticality, isDefault: s.isDefault })
      )
    ),
    definition: policy,
    asOf: isoOf(asOf),
    readsNow: anyReadsNow,
    evaluate,
    explain: (resource) => {
      const result = decided2(resource);
      return explainPolicy(
        policy,
        marker.mark(resource, result),
        resource,
        asOf,
        marker.find(resource, result)
      );
    },
    at: (next) => {
      const ms = resolveAsOf(next, "/asOf");
      return ms === asOf ? self : bindPolicy(policy, compileAt, ms, made2, timed, waivers);
    },
    waivers: freeze([...marker.waivers].sort(waiverOrder)),
    expiredWaivers: marker.expired,
    waiverOf: (resource) => {
      const w = marker.find(resource, decided2(resource));
      return w === null ? null : freeze({ ...markOf(w), expiresMs: w.expiresMs, waiver: w });
    }
  });
  return self;
}

// src/inventory/batches.ts
var RECORD_BATCHES = /* @__PURE__ */ Symbol("svc-policy.recordBatches");
function recordBatches(resources) {
  if (typeof resources !== "object" || resources === null || !(RECORD_BATCHES in resources)) return void 0;
  return resources[RECORD_BATCHES];
}

// src/policy/inventory-types.ts
var DEFAULT_KIND_FIELD = "resource";

// src/policy/set-dispatch.ts
function requiredStrings(scope) {
  const out = /* @__PURE__ */ new Map();
  for (const clause of scope.clauses) {
    if (clause.kind !== "field") continue;
    const keys = [];
    let plain = true;
    for (const step of clause.path) {
      if (step.kind === "key") keys.push(step.key);
      else plain = false;
    }
    if (!plain || keys.length === 0) continue;
    for (const op of clause.operators) {
      let values = null;
      if (op.kind === "eq" && typeof op.value === "string") values = [op.value];
      if (op.kind === "in" && arrayEvery(op.values, (v) => typeof v === "string"))
        values = op.values;
      if (values === null) continue;
      const path = JSON.stringify(keys);
      const before = out.get(path);
      if (before === void 0 || values.length < before.length) out.set(path, values);
    }
  }
  return out;
}
function planDispatch(policies, members) {
  const required = new Map(members.map((i) => [i, requiredStrings(policies[i].scope)]));
  const counts2 = /* @__PURE__ */ new Map();
  for (const r of required.values())
    for (const path of r.keys()) counts2.set(path, (counts2.get(path) ?? 0) + 1);
  let best = null;
  let bestCount = 1;
  for (const [path, count2] of counts2) {
    if (count2 > bestCount) {
      best = path;
      bestCount = count2;
    }
  }
  if (best === null) return { keys: [], byValue: /* @__PURE__ */ new Map(), always: members };
  const byValue = /* @__PURE__ */ new Map();
  const always3 = [];
  for (const [i, r] of required) {
    const values = r.get(best);
    if (values === void 0) {
      always3.push(i);
      continue;
    }
    for (const v of new Set(values)) {
      const list = byValue.get(v);
      if (list === void 0) byValue.set(v, [i]);
      else list.push(i);
    }
  }
  return { keys: JSON.parse(best), byValue, always: always3 };
}
function dispatchValue(keys, resource) {
  if (keys.length === 0) return void 0;
  let value2 = resource;
  for (let k = 0; k < keys.length; k++) value2 = readKey(value2, keys[k]);
  value2 = readLeaf(value2);
  return typeof value2 === "string" ? value2 : void 0;
}

// src/policy/set-codegen.ts
var POLICIES_PER_RUNNER = 48;
function generateRunner(members, plans, predicates) {
  const runners = [];
  for (let from = 0; from < members.length; from += POLICIES_PER_RUNNER) {
    runners.push(generateChunk(members.slice(from, from + POLICIES_PER_RUNNER), plans, predicates));
  }
  if (runners.length === 1) return runners[0];
  return (resource, found) => {
    for (let i = 0; i < runners.length; i++) runners[i](resource, found);
  };
}
function generateChunk(members, plans, predicates) {
  const uses = new Array(predicates.length).fill(0);
  for (const i of members) {
    const plan3 = plans[i];
    if (plan3.scope >= 0) uses[plan3.scope]++;
    for (const status of plan3.statuses) for (const rule of status.rules) for (const id of rule) uses[id]++;
  }
  const memo = [];
  for (let id = 0; id < uses.length; id++) if (uses[id] > 1) memo.push(id);
  const holds3 = (id) => uses[id] > 1 ? `(m${id} === 0 ? (m${id} = P[${id}](r) ? 1 : 2) : m${id}) === 1` : `P[${id}](r)`;
  const results = [];
  const result = (value2) => `R[${results.push(value2) - 1}]`;
  const lines = [];
  if (memo.length > 0) lines.push(`let ${memo.map((id) => `m${id} = 0`).join(", ")};`);
  for (const i of members) {
    const plan3 = plans[i];
    lines.push(`p${i}: {`);
    if (plan3.scope >= 0) lines.push(`if (!(${holds3(plan3.scope)})) break p${i};`);
    for (const status of plan3.statuses) {
      status.rules.forEach((rule, r) => {
        const test2 = rule.length === 0 ? "true" : rule.map(holds3).join(" && ");
        lines.push(`if (${test2}) { found(${i}, ${result(status.results[r])}); break p${i}; }`);
      });
    }
    lines.push(`found(${i}, ${result(plan3.fallback)});`, "}");
  }
  const factory = new Function("P", "R", `return function run(r, found) {
${lines.join("\n")}
};`);
  return factory(predicates, results);
}
function generateDispatch(dispatch, plans, predicates) {
  const byValue = /* @__PURE__ */ new Map();
  for (const [value2, candidates] of dispatch.byValue) {
    byValue.set(value2, generateRunner([...dispatch.always, ...candidates], plans, predicates));
  }
  return {
    keys: dispatch.keys,
    always: generateRunner(dispatch.always, plans, predicates),
    byValue
  };
}
function generatedForEach(byKind, unknownKind, otherKind, plans, predicates) {
  const kinds = /* @__PURE__ */ new Map();
  for (const [kind, dispatch] of byKind) kinds.set(kind, generateDispatch(dispatch, plans, predicates));
  const unknown = generateDispatch(unknownKind, plans, predicates);
  const other = generateDispatch(otherKind, plans, predicates);
  return (resource, kind, found) => {
    const dispatch = typeof kind === "string" ? mapGet.call(kinds, kind) ?? other : unknown;
    const value2 = dispatchValue(dispatch.keys, resource);
    const run8 = value2 === void 0 ? dispatch.always : mapGet.call(dispatch.byValue, value2) ?? dispatch.always;
    run8(resource, found);
  };
}

// src/policy/set.ts
function isCompiled(p) {
  return typeof p === "object" && p !== null && typeof own(p, "evaluate") === "function" && typeof own(p, "explain") === "function" && isArray(own(p, "statuses"));
}
function normalized2(input, options) {
  if (isCompiled(input)) return input.definition;
  const { problems, definition } = checkPolicyDefinition(input, options);
  if (definition === void 0) throw new PolicyError(problems);
  return definition;
}
function compilePolicies(policies, options, previous) {
  if (!isArray(policies)) {
    throw new FilterError(
      "INVALID_OPTION",
      "",
      `policies must be an array of policy definitions or compiled policies, got ${describe(policies)}`
    );
  }
  const chosen = option(options, "codegen");
  const codegen = chosen === void 0 ? void 0 : { codegen: chosen };
  const definitions = policies.map((p) => normalized2(p, options));
  const asOf = resolveAsOf(option(options, "asOf"), "/asOf");
  let timed = false;
  const ids = /* @__PURE__ */ new Map();
  const predicates = [];
  const uses = [];
  const conditionId = (node2) => {
    const key = JSON.stringify(printParsed(node2));
    let id = mapGet.call(ids, key);
    if (id === void 0) {
      id = predicates.length;
      ids.set(key, id);
      const reads = readsNow(node2);
      timed ||= reads;
      predicates.push(
        previous !== void 0 && !reads ? previous.predicates[id] : compileNode(node2, codegen, true, asOf)
      );
      uses.push(0);
    }
    uses[id]++;
    return id;
  };
  const plans = definitions.map((policy) => ({
    kind: own(policy, "resource"),
    scope: policy.scope.clauses.length === 0 ? -1 : conditionId(policy.scope),
    // Highest criticality first, definition order among equals, as compilePolicy orders them.
    statuses: [...policy.statuses].filter((s) => s.rules.length > 0).sort((a, b2) => b2.criticality - a.criticality || a.index - b2.index).map((s) => ({
      rules: s.rules.map((rule) => rule.conditions.map((c) => conditionId(c.filter))),
      results: s.rules.map((_, i) => resultFor(s, i))
    })),
    fallback: resultFor(policy.defaultStatus, null)
  }));
  const slot = [];
  let shared = 0;
  for (let id = 0; id < uses.length; id++) slot.push(uses[id] > 1 ? shared++ : -1);
  const owned = policies.map((input, i) => !isCompiled(input) || previous?.owned[i] === true);
  const compiled4 = policies.map(
    (input, i) => !owned[i] && isCompiled(input) ? input.readsNow ? input.at(asOf) : input : buildPolicy(
      definitions[i],
      (node2, at2) => at2 === asOf ? predicates[mapGet.call(ids, JSON.stringify(printParsed(node2)))] : compileNode(node2, codegen, true, at2),
      asOf
    )
  );
  const count2 = plans.length;
  const holds3 = (id, resource, memo) => {
    const s = slot[id];
    if (s < 0) return predicates[id](resource);
    const known = memo[s];
    if (known !== 0) return known === 1;
    const value2 = predicates[id](resource);
    memo[s] = value2 ? 1 : 2;
    return value2;
  };
  const decide = (plan3, resource, memo) => {
    if (plan3.scope >= 0 && !holds3(plan3.scope, resource, memo)) return NOT_APPLICABLE;
    const { statuses } = plan3;
    for (let s = 0; s < statuses.length; s++) {
      const { rules, results } = statuses[s];
      nextRule: for (let r = 0; r < rules.length; r++) {
        const conditions = rules[r];
        for (let c = 0; c < conditions.length; c++) {
          if (!holds3(conditions[c], resource, memo)) continue nextRule;
        }
        return results[r];
      }
    }
    return plan3.fallback;
  };
  const all2 = plans.map((_, i) => i);
  const byKind = /* @__PURE__ */ new Map();
  for (const kind of new Set(plans.map((p) => p.kind))) {
    if (kind === void 0) continue;
    byKind.set(
      kind,
      planDispatch(
        definitions,
        all2.filter((i) => plans[i].kind === void 0 || plans[i].kind === kind)
      )
    );
  }
  const unknownKind = planDispatch(definitions, all2);
  const otherKind = planDispatch(
    definitions,
    all2.filter((i) => plans[i].kind === void 0)
  );
  const interpreted = (resource, kind, found) => {
    const dispatch = typeof kind === "string" ? mapGet.call(byKind, kind) ?? otherKind : unknownKind;
    let memo = spare3;
    if (memo === null) memo = new Uint8Array(shared);
    else {
      spare3 = null;
      memo.fill(0);
    }
    try {
      const { always: always3 } = dispatch;
      for (let k = 0; k < always3.length; k++) {
        const i = always3[k];
        const result = decide(plans[i], resource, memo);
        if (result !== NOT_APPLICABLE) found(i, result);
      }
      const value2 = dispatchValue(dispatch.keys, resource);
      if (value2 === void 0) return;
      const candidates = mapGet.call(dispatch.byValue, value2);
      if (candidates === void 0) return;
      for (let k = 0; k < candidates.length; k++) {
        const i = candidates[k];
        const result = decide(plans[i], resource, memo);
        if (result !== NOT_APPLICABLE) found(i, result);
      }
    } finally {
      spare3 = memo;
    }
  };
  let spare3 = new Uint8Array(shared);
  const forEachApplicable = usesGeneratedCode(codegen) ? generatedForEach(byKind, unknownKind, otherKind, plans, predicates) : interpreted;
  const evaluate = (resource, kind) => {
    const out = new Array(count2).fill(NOT_APPLICABLE);
    forEachApplicable(resource, kind, (i, result) => {
      out[i] = result;
    });
    return out;
  };
  const self = freeze({
    policies: freeze(compiled4),
    evaluate,
    forEachApplicable,
    explain: (resource) => compiled4.map((p) => p.explain(resource)),
    asOf: isoOf(asOf),
    readsNow: timed,
    at: (next) => {
      const ms = resolveAsOf(next, "/asOf");
      if (ms === asOf) return self;
      if (!timed) {
        const rebound = freeze(compiled4.map((p) => p.at(ms)));
        const copy = freeze({ ...self, policies: rebound, asOf: isoOf(ms), at: self.at });
        return copy;
      }
      return compilePolicies(compiled4, { ...codegen, asOf: ms }, { predicates, owned });
    }
  });
  return self;
}

// src/policy/inventory.ts
function isThenable(value2) {
  return typeof value2 === "object" && value2 !== null && typeof value2.then === "function";
}
var Tally = class {
  constructor(policy, expired = []) {
    this.policy = policy;
    this.expired = expired;
  }
  policy;
  expired;
  counts = /* @__PURE__ */ new Map();
  waivedCounts = /* @__PURE__ */ new Map();
  /**
   * Results counted by identity: a compiled policy gives one shared result per rule and status, so
   * a record costs a comparison or two here, not two lookups by status name.
   */
  seen = [];
  seenCounts = [];
  applicable = 0;
  waived = 0;
  add(result) {
    if (result.status === null) return;
    this.applicable++;
    if (result.waiver !== void 0) {
      this.waived++;
      this.waivedCounts.set(result.status, (mapGet.call(this.waivedCounts, result.status) ?? 0) + 1);
    } else {
      const seen = this.seen;
      for (let i = 0; i < seen.length; i++) {
        if (seen[i] === result) {
          this.seenCounts[i]++;
          return;
        }
      }
      if (seen.length < MAX_SEEN) {
        seen.push(result);
        this.seenCounts.push(1);
        return;
      }
    }
    this.counts.set(result.status, (mapGet.call(this.counts, result.status) ?? 0) + 1);
  }
  /** The resources that reached `status`. */
  count(status) {
    let n = mapGet.call(this.counts, status) ?? 0;
    for (let i = 0; i < this.seen.length; i++) if (this.seen[i].status === status) n += this.seenCounts[i];
    return n;
  }
};
var MAX_SEEN = 16;
function summary(policy, skipped, tally, read2) {
  const want = policy.resource;
  const evaluated = tally === void 0 ? 0 : want === void 0 ? read2.total : (mapGet.call(read2.kinds, want) ?? 0) + read2.unknownKind;
  return {
    policy: policy.name,
    skipped,
    applicable: tally?.applicable ?? 0,
    waived: tally?.waived ?? 0,
    expiredWaivers: tally?.expired ?? [],
    notApplicable: evaluated - (tally?.applicable ?? 0),
    otherKind: tally === void 0 ? 0 : read2.total - evaluated,
    statuses: policy.statuses.map((s) => ({
      status: s.name,
      criticality: s.criticality,
      isDefault: s.isDefault,
      count: tally?.count(s.name) ?? 0,
      waived: (tally === void 0 ? void 0 : mapGet.call(tally.waivedCounts, s.name)) ?? 0
    }))
  };
}
function kindReader(kindField) {
  if (kindField === null) return null;
  if (typeof kindField === "function") {
    return (record2) => {
      const kind = kindField(record2);
      return typeof kind === "string" && kind !== "" ? kind : void 0;
    };
  }
  if (kindField !== void 0 && typeof kindField !== "string") {
    throw new FilterError(
      "INVALID_OPTION",
      "",
      `kindField must be a field path, a function or null, got ${describe(kindField)}`
    );
  }
  const steps = parsePath(kindField ?? DEFAULT_KIND_FIELD, "");
  const keys = steps.map((step) => {
    if (step.kind !== "key") {
      throw new FilterError("INVALID_OPTION", "", "kindField cannot contain an array selector");
    }
    return step.key;
  });
  return (record2) => {
    let value2 = record2;
    for (const key of keys) {
      if (typeof value2 !== "object" || value2 === null || isArray(value2) || !hasOwn(value2, key)) {
        return void 0;
      }
      value2 = value2[key];
    }
    return typeof value2 === "string" && value2 !== "" ? value2 : void 0;
  };
}
function isBytes(value2) {
  return ArrayBuffer.isView(value2) || value2 instanceof ArrayBuffer;
}
function checkResource(resource, index) {
  if (typeof resource !== "string" && !isBytes(resource)) return;
  throw new InventoryError(
    "INVALID_RESOURCE",
    `record ${index + 1} is ${typeof resource === "string" ? "a string" : "bytes (a Buffer or typed array)"}, not a record: a stream of text or bytes must be parsed first, e.g. evaluateInventory(policies, readNdjson(stream))`,
    { index }
  );
}
function checkResources(resources) {
  if (typeof resources === "string") {
    throw new InventoryError(
      "INVALID_RESOURCE",
      "resources is a string (a file name, or text not parsed yet), not records: parse it first, e.g. evaluateInventory(policies, readNdjson(createReadStream(path))) or readInventory([text])"
    );
  }
  if (isBytes(resources) || resources?.readableObjectMode === false) {
    throw new InventoryError(
      "INVALID_RESOURCE",
      "resources is a stream of bytes, not of records: parse it first, e.g. evaluateInventory(policies, readNdjson(stream))"
    );
  }
}
async function eachResource(resources, visit) {
  checkResources(resources);
  let index = 0;
  const one = (resource) => {
    checkResource(resource, index++);
    return visit(resource);
  };
  const batches = recordBatches(resources);
  if (batches !== void 0) {
    for await (const batch of batches()) {
      for (let i = 0; i < batch.length; i++) {
        const pending = one(batch[i]);
        if (isThenable(pending)) await pending;
      }
    }
  } else if (resources !== null && typeof resources === "object" && Symbol.asyncIterator in resources) {
    for await (const resource of resources) {
      const pending = one(resource);
      if (isThenable(pending)) await pending;
    }
  } else if (resources !== null && typeof resources === "object" && Symbol.iterator in resources) {
    for (const resource of resources) {
      const pending = one(resource);
      if (isThenable(pending)) await pending;
    }
  } else {
    throw new FilterError(
      "INVALID_OPTION",
      "",
      "resources must be an array, an iterable or an async iterable"
    );
  }
}
function skipReason(policy, resource) {
  if (!policy.isActive) return "inactive";
  if (resource !== void 0 && policy.resource !== void 0 && policy.resource !== resource) {
    return "resource";
  }
  return null;
}
function namedKinds(policyKinds) {
  return [...new Set(policyKinds.filter((k) => k !== void 0))];
}
function noKindReason(kindField) {
  return kindField === null ? "no kind field is read" : typeof kindField === "function" ? "the kindField function gave none" : `no "${showText(kindField ?? DEFAULT_KIND_FIELD)}" field`;
}
function kindNotice(unknown, total, policyKinds, kindField) {
  const kind = `"${showText(namedKinds(policyKinds)[0] ?? "")}"`;
  return `${unknown} of ${total} records have no kind (${noKindReason(kindField)}); every policy naming a kind is for ${kind} records, so they were evaluated as ${kind} records. If some are of another kind, say where records name theirs (kindField, --kind-field PATH), or give the kind (resource, --resource KIND)`;
}
function unknownKindError(index, named, kindField) {
  const list = named.slice(0, 5).map((k) => `"${showText(k)}"`).join(", ");
  return new InventoryError(
    "UNKNOWN_KIND",
    `record ${index + 1} has no kind (${noKindReason(kindField)}) and the policies are for several kinds (${list}${named.length > 5 ? ", \u2026" : ""}): give the kind of the records (resource option, --resource KIND), say where records name it (kindField, --kind-field PATH), or evaluate the policies of one kind`,
    { index }
  );
}
var sets = /* @__PURE__ */ new WeakMap();
function policySet(list, options) {
  const first = list[0];
  if (first === void 0) return compilePolicies(list, options);
  const codegen = option(options, "codegen");
  const cached2 = sets.get(first);
  if (cached2 !== void 0 && cached2.codegen === codegen && cached2.list.length === list.length && arrayEvery(list, (p, i) => cached2.list[i] === p)) {
    if (!cached2.set.readsNow) return cached2.set;
    const set2 = cached2.set.at(option(options, "asOf"));
    sets.set(first, { ...cached2, set: set2 });
    return set2;
  }
  const set = compilePolicies(list, options);
  sets.set(first, { list: [...list], codegen, set });
  return set;
}
function inventoryCompileOptions(options) {
  const codegen = option(options, "codegen");
  const asOf = resolveAsOf(option(options, "asOf"), "/asOf");
  return { ...passLimits(options), ...codegen === void 0 ? {} : { codegen }, asOf };
}
function runWaivers(options, policies, compileOptions) {
  const given = option(options, "waivers");
  const all2 = given === void 0 ? void 0 : readWaivers(given, compileOptions);
  const codegen = option(options, "codegen");
  const compile = (node2) => compileNode(node2, codegen === void 0 ? void 0 : { codegen }, true, compileOptions.asOf);
  return policies.map((p) => waiverMarker(all2 ?? p.waivers, p, compileOptions.asOf, compile));
}
function policyList(policies) {
  if (!isArray(policies)) {
    throw new FilterError(
      "INVALID_OPTION",
      "",
      `policies must be an array of policy definitions or compiled policies, got ${describe(policies)}`
    );
  }
}
function compileEach(policies, options) {
  return policies.map(
    (p) => isCompiled(p) ? p.readsNow ? p.at(options.asOf) : p : compilePolicy(p, options)
  );
}
async function evaluateInventory(policies, resources, options) {
  const started = performance.now();
  const compileOptions = inventoryCompileOptions(options);
  const resource = option(options, "resource");
  const onResult = option(options, "onResult");
  const signal = option(options, "signal");
  policyList(policies);
  checkResources(resources);
  const given = policies.map((p) => isCompiled(p) ? p : compilePolicy(p, compileOptions));
  const compiled4 = given.map((p) => p.readsNow ? p.at(compileOptions.asOf) : p);
  const skip2 = compiled4.map((p) => skipReason(p, resource));
  const active = compiled4.filter((_, i) => skip2[i] === null);
  const markers = runWaivers(options, active, compileOptions);
  const tallies = active.map(
    (p, i) => new Tally(
      p,
      markers[i].expired.map((w) => w.id)
    )
  );
  const recorders = option(options, "coverage") === true ? compiled4.map(coverageRecorder) : null;
  const activeRecorders = recorders?.filter((_, i) => skip2[i] === null) ?? [];
  const set = policySet(
    given.filter((_, i) => skip2[i] === null),
    compileOptions
  );
  const policyKinds = active.map((p) => p.resource);
  const kinded = arraySome(policyKinds, (k) => k !== void 0);
  const named = namedKinds(policyKinds);
  const kindField = option(options, "kindField");
  const readKind = kindReader(kindField);
  const fallbackKind = resource;
  const kinds = /* @__PURE__ */ new Map();
  let unknownKind = 0;
  let index = 0;
  const waived = markers.some((m) => m.waivers.length > 0);
  let current;
  const tallyOne = waived ? (i, result) => tallies[i].add(markers[i].mark(current, result)) : (i, result) => tallies[i].add(result);
  const visit = (resource2) => {
    signal?.throwIfAborted();
    const kind = readKind?.(resource2) ?? fallbackKind ?? null;
    if (kind === null && named.length > 1) throw unknownKindError(index, named, kindField);
    if (kind === null) unknownKind++;
    else kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    for (let i = 0; i < activeRecorders.length; i++) {
      const own2 = policyKinds[i];
      if (own2 === void 0 || kind === null || own2 === kind) activeRecorders[i].record(resource2);
    }
    if (onResult === void 0) {
      current = resource2;
      set.forEachApplicable(resource2, kind, tallyOne);
      index++;
      return;
    }
    const evaluated = set.evaluate(resource2, kind);
    const results = new Array(evaluated.length);
    for (let i = 0; i < evaluated.length; i++) {
      const result = waived ? markers[i].mark(resource2, evaluated[i]) : evaluated[i];
      tallies[i].add(result);
      results[i] = { policy: active[i].name, result };
    }
    return onResult({ index: index++, resource: resource2, kind, results });
  };
  await eachResource(resources, visit);
  const durationMs = performance.now() - started;
  let t = 0;
  return {
    resources: index,
    asOf: isoOf(compileOptions.asOf),
    durationMs,
    resourcesPerSecond: durationMs > 0 ? Math.round(index * 1e3 / durationMs) : 0,
    policies: compiled4.map(
      (p, i) => summary(p, skip2[i], skip2[i] === null ? tallies[t++] : void 0, { total: index, kinds, unknownKind })
    ),
    kindField: readKind === null ? null : typeof kindField === "function" ? "function" : kindField ?? DEFAULT_KIND_FIELD,
    kinds: Object.fromEntries([...kinds].sort((a, b2) => a[0] < b2[0] ? -1 : 1)),
    unknownKind,
    notice: kinded && unknownKind > 0 ? kindNotice(unknownKind, index, policyKinds, kindField) : null,
    ...recorders === null ? {} : { coverage: recorders.map((r) => r.report()) }
  };
}

// src/policy/diff.ts
var DEFAULT_EXAMPLES = 3;
function compiled(policy, options, side2) {
  if (isCompiled(policy)) {
    if (options.waivers !== void 0) {
      const waivers = readWaivers(options.waivers, options);
      return buildPolicy(
        policy.definition,
        (node2, at2) => compileNode(node2, options, true, at2),
        options.asOf,
        waivers
      );
    }
    return policy.readsNow ? policy.at(options.asOf) : policy;
  }
  if (typeof policy !== "object" || policy === null || isArray(policy)) {
    throw new FilterError(
      "INVALID_OPTION",
      "",
      `the ${side2} policy must be a policy definition or a compiled policy, got ${describe(policy)}`
    );
  }
  return compilePolicy(policy, options);
}
function resultOf(policy, resource) {
  return policy.isActive ? policy.evaluate(resource) : NOT_APPLICABLE;
}
function side(policy, resource, result) {
  return { result, explanation: policy.explain(resource) };
}
function compareStatus(a, b2) {
  if (a === b2) return 0;
  if (a === null) return -1;
  if (b2 === null) return 1;
  return compareCodePoints(a, b2);
}
async function diffPolicies(before, after, resources, options) {
  const limit = option(options, "examples") ?? DEFAULT_EXAMPLES;
  if (!Number.isInteger(limit) || limit < 0) {
    throw new FilterError("INVALID_OPTION", "", `examples must be a whole number, got ${String(limit)}`);
  }
  const signal = option(options, "signal");
  const codegen = option(options, "codegen");
  const compileOptions = {
    ...option(options, "limits") === void 0 ? {} : { limits: option(options, "limits") },
    ...option(options, "maxDepth") === void 0 ? {} : { maxDepth: option(options, "maxDepth") },
    ...codegen === void 0 ? {} : { codegen },
    // One instant for both versions (compiled ones are bound to it): a resource changes status only
    // because the policy changed, never because the clock moved between the two.
    asOf: resolveAsOf(option(options, "asOf"), "/asOf"),
    ...option(options, "waivers") === void 0 ? {} : { waivers: option(options, "waivers") }
  };
  const counting = option(options, "waivers") !== void 0;
  const a = compiled(before, compileOptions, "before");
  const b2 = compiled(after, compileOptions, "after");
  const cells = /* @__PURE__ */ new Map();
  let index = 0;
  let changed = 0;
  await eachResource(resources, (resource) => {
    signal?.throwIfAborted();
    const ra = resultOf(a, resource);
    const rb = resultOf(b2, resource);
    const key = jsonStringify([ra.status, rb.status]);
    let cell = mapGet.call(cells, key);
    if (cell === void 0) {
      cell = {
        before: ra.status,
        after: rb.status,
        count: 0,
        examples: [],
        ...counting ? { waived: 0 } : {}
      };
      cells.set(key, cell);
    }
    cell.count++;
    if (rb.waiver !== void 0) cell.waived = (cell.waived ?? 0) + 1;
    if (ra.status !== rb.status) {
      changed++;
      if (cell.examples.length < limit) {
        cell.examples.push({ index, resource, before: side(a, resource, ra), after: side(b2, resource, rb) });
      }
    }
    index++;
  });
  const matrix = [...cells.values()].map((c) => ({ ...c, changed: c.before !== c.after })).sort(
    (x, y) => Number(x.changed === false) - Number(y.changed === false) || y.count - x.count || compareStatus(x.before, y.before) || compareStatus(x.after, y.after)
  );
  return {
    policy: { before: a.name, after: b2.name },
    statuses: { before: a.statuses.map((s) => s.name), after: b2.statuses.map((s) => s.name) },
    asOf: isoOf(compileOptions.asOf),
    resources: index,
    changed,
    unchanged: index - changed,
    unchangedShare: index === 0 ? 1 : (index - changed) / index,
    matrix
  };
}

// src/policy/forecast.ts
function sameState(a, b2) {
  return a.status === b2.status && a.waiver === b2.waiver;
}
function forecastWindow(options) {
  const horizon = options !== void 0 && hasOwn(options, "horizon") ? options.horizon : void 0;
  if (typeof horizon !== "string") {
    throw new FilterError(
      "INVALID_OPTION",
      "/horizon",
      'horizon must be an ISO 8601 duration such as "P90D"'
    );
  }
  const parsed2 = parseDuration(horizon);
  if (!parsed2.ok) {
    throw new FilterError(
      "INVALID_OPTION",
      "/horizon",
      `horizon ${JSON.stringify(horizon.slice(0, 40))}: ${parsed2.why}`
    );
  }
  if (parsed2.ms < 0) {
    throw new FilterError("INVALID_OPTION", "/horizon", `horizon must not be negative, got "${horizon}"`);
  }
  const asOf = resolveAsOf(
    options !== void 0 && hasOwn(options, "asOf") ? options.asOf : void 0,
    "/asOf"
  );
  const until = asOf + parsed2.ms;
  if (until > MAX_INSTANT) {
    throw new FilterError(
      "INVALID_OPTION",
      "/horizon",
      "asOf + horizon is past the last instant a date can hold"
    );
  }
  return { asOf, until, horizon };
}
function timeReads(node2, prefix, out) {
  for (const clause of node2.clauses) {
    switch (clause.kind) {
      case "field": {
        const steps = [...prefix, ...clause.path];
        for (const op of clause.operators) {
          if (op.kind === "elemMatch") timeReads(op.filter, steps, out);
          else if ("instant" in op && op.instant.base === "now") {
            out.push({ steps, path: printPath(steps), op });
          }
        }
        break;
      }
      case "and":
      case "or":
        for (const f of clause.filters) timeReads(f, prefix, out);
        break;
      case "not":
        timeReads(clause.filter, prefix, out);
        break;
    }
  }
}
function versionReads(node2, prefix, out) {
  for (const clause of node2.clauses) {
    switch (clause.kind) {
      case "field": {
        const steps = [...prefix, ...clause.path];
        for (const op of clause.operators) {
          if (op.kind === "elemMatch") versionReads(op.filter, steps, out);
          else if (isVersion(op)) {
            out.push({ path: printPath(steps), operator: OPERATOR_NAMES[op.kind], version: op.value });
          }
        }
        break;
      }
      case "and":
      case "or":
        for (const f of clause.filters) versionReads(f, prefix, out);
        break;
      case "not":
        versionReads(clause.filter, prefix, out);
        break;
    }
  }
}
function isVersion(op) {
  return op.kind.length > 1 && op.kind[0] === "v";
}
var toISOString = Date.prototype.toISOString;
var getTime2 = Date.prototype.getTime;
function leafInstant(v) {
  if (typeof v === "string") {
    const ms = timestampMs(v);
    return Number.isNaN(ms) ? null : { ms, text: v };
  }
  if (v instanceof Date && !Number.isNaN(getTime2.call(v))) {
    const text2 = toISOString.call(v);
    const ms = timestampMs(text2);
    return Number.isNaN(ms) ? null : { ms, text: text2 };
  }
  return null;
}
function eachValue(v, steps, i, visit) {
  if (i === steps.length) {
    visit(v);
    return;
  }
  if (typeof v !== "object" || v === null || v instanceof Date) return;
  const step = steps[i];
  if (step.kind === "any") {
    if (isArray(v)) for (const e of v) eachValue(e, steps, i + 1, visit);
    return;
  }
  if (!isArray(v) && hasOwn(v, step.key))
    eachValue(v[step.key], steps, i + 1, visit);
}
function flips(op, t) {
  const x = t - op.instant.ms;
  switch (comparisonOf(op)) {
    case "lt":
    case "gte":
      return [x + 1];
    case "lte":
    case "gt":
      return [x];
    case "eq":
    case "ne":
      return [x, x + 1];
  }
}
function idOf(resource) {
  if (typeof resource !== "object" || resource === null || isArray(resource) || !hasOwn(resource, "id"))
    return null;
  const id = resource.id;
  return typeof id === "string" || typeof id === "number" ? id : null;
}
var NOWHERE = Object.freeze({ status: null, criticality: null, rule: null, waiver: null });
function stateOf(result) {
  if (result.status === null) return NOWHERE;
  return {
    status: result.status,
    criticality: result.criticality,
    rule: result.matched === null ? null : { status: result.matched.status, ruleIndex: result.matched.ruleIndex },
    waiver: result.waiver?.id ?? null
  };
}
var AT_CACHE = 64;
function forecaster(policy, options) {
  const window = "until" in options ? options : forecastWindow(options);
  const { asOf, until } = window;
  const reads = [];
  const def = policy.definition;
  timeReads(def.scope, [], reads);
  for (const s of def.statuses)
    for (const r of s.rules) for (const c of r.conditions) timeReads(c.filter, [], reads);
  for (const w of policy.waivers) timeReads(w.covers, [], reads);
  const expiring = /* @__PURE__ */ new Map();
  for (const w of policy.waivers) {
    if (!(w.expiresMs > asOf && w.expiresMs <= until)) continue;
    const ids = expiring.get(w.expiresMs);
    if (ids === void 0) expiring.set(w.expiresMs, [w.id]);
    else ids.push(w.id);
  }
  const seen = /* @__PURE__ */ new Set();
  const distinct = reads.filter((r) => {
    const key = `${r.path}\0${r.op.kind}\0${r.op.instant.ms}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const versions2 = /* @__PURE__ */ new Map();
  for (const s of def.statuses) {
    s.rules.forEach((r, i) => {
      const out = [];
      for (const c of r.conditions) versionReads(c.filter, [], out);
      versions2.set(`${s.name}\0${i}`, out);
    });
  }
  const base = policy.readsNow ? policy.at(asOf) : policy;
  const closures2 = buildPolicy(
    def,
    (node2, ms) => compileNode(node2, { codegen: false }, true, ms),
    asOf,
    policy.waivers
  );
  const cache = /* @__PURE__ */ new Map();
  const at2 = (ms) => {
    let p = cache.get(ms);
    if (p === void 0) {
      if (cache.size >= AT_CACHE) cache.clear();
      p = closures2.at(ms);
      cache.set(ms, p);
    }
    return p;
  };
  const rulesOf = (s) => s.rule === null ? [] : versions2.get(`${s.rule.status}\0${s.rule.ruleIndex}`) ?? [];
  const record2 = (resource, index = 0) => {
    const initial = stateOf(base.evaluate(resource));
    if (distinct.length === 0 && expiring.size === 0) return { initial, transitions: [] };
    const byInstant = /* @__PURE__ */ new Map();
    for (const [ms, ids] of expiring) byInstant.set(ms, { ms, causes: [], expiring: ids });
    for (const read2 of distinct) {
      eachValue(resource, read2.steps, 0, (leaf) => {
        const instant = leafInstant(leaf);
        if (instant === null) return;
        for (const ms of flips(read2.op, instant.ms)) {
          if (!(ms > asOf && ms <= until)) continue;
          let c = byInstant.get(ms);
          if (c === void 0) {
            c = { ms, causes: [], expiring: expiring.get(ms) ?? [] };
            byInstant.set(ms, c);
          }
          c.causes.push({
            path: read2.path,
            operator: OPERATOR_NAMES[read2.op.kind],
            now: read2.op.instant.text,
            value: instant.text
          });
        }
      });
    }
    if (byInstant.size === 0) return { initial, transitions: [] };
    const candidates = [...byInstant.values()].sort((a, b2) => a.ms - b2.ms);
    const transitions = [];
    const id = idOf(resource);
    let previous = initial;
    for (const c of candidates) {
      const expired = previous.waiver !== null && c.expiring.includes(previous.waiver) ? previous.waiver : null;
      if (c.causes.length === 0 && expired === null) continue;
      const state = stateOf(at2(c.ms).evaluate(resource));
      if (sameState(previous, state)) {
        previous = state;
        continue;
      }
      transitions.push({
        policy: policy.name,
        index,
        id,
        at: isoOf(c.ms),
        ms: c.ms,
        from: previous,
        to: state,
        causes: c.causes,
        waiverExpired: expired,
        versions: state.rule !== null ? rulesOf(state) : rulesOf(previous)
      });
      previous = state;
    }
    return { initial, transitions };
  };
  return { policy, window, readsNow: distinct.length > 0 || expiring.size > 0, record: record2 };
}

// src/policy/forecast-inventory.ts
var DAY2 = 864e5;
var MAX_STEPS = 1e5;
function forecastSteps(window, by) {
  const steps = [window.asOf];
  const next = (ms) => {
    const d = new Date(ms);
    if (by === "day") return Math.floor(ms / DAY2) * DAY2 + DAY2;
    if (by === "week") {
      const day = Math.floor(ms / DAY2);
      const sinceMonday = ((day - 4) % 7 + 7) % 7;
      return (day - sinceMonday + 7) * DAY2;
    }
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  };
  for (let s = next(window.asOf); s < window.until; s = next(s)) {
    steps.push(s);
    if (steps.length > MAX_STEPS) {
      throw new FilterError(
        "INVALID_OPTION",
        "/by",
        `the window has more than ${MAX_STEPS} ${by}s: choose a coarser "by"`
      );
    }
  }
  if (window.until > window.asOf) steps.push(window.until);
  return steps;
}
function stepOf(steps, ms) {
  let lo = 0;
  let hi = steps.length;
  while (lo < hi) {
    const mid = lo + hi >> 1;
    if (steps[mid] < ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
function earlier(a, b2) {
  return a.ms - b2.ms || a.index - b2.index;
}
var PolicyTally = class {
  constructor(policy, steps, keep) {
    this.policy = policy;
    this.steps = steps;
    this.keep = keep;
    this.delta = /* @__PURE__ */ new Map([[null, new Int32Array(steps.length)]]);
    for (const s of policy.statuses) {
      this.delta.set(s.name, new Int32Array(steps.length));
      this.waived.set(s.name, new Int32Array(steps.length));
    }
  }
  policy;
  steps;
  keep;
  delta;
  /** Per status, the difference array of its waived records. */
  waived = /* @__PURE__ */ new Map();
  reached = /* @__PURE__ */ new Map();
  unwaived = /* @__PURE__ */ new Map();
  entered = /* @__PURE__ */ new Map();
  transitions = 0;
  changing = 0;
  otherKind = 0;
  first = [];
  bump(state, step, by) {
    const d = this.delta.get(state.status);
    if (d === void 0 || step >= d.length) return;
    d[step] += by;
    if (state.waiver !== null && state.status !== null) this.waived.get(state.status)[step] += by;
  }
  add(initial, transitions) {
    this.bump(initial, 0, 1);
    const met = /* @__PURE__ */ new Set();
    const unwaived = /* @__PURE__ */ new Set();
    const meet = (s) => {
      if (s.status === null) return;
      met.add(s.status);
      if (s.waiver === null) unwaived.add(s.status);
    };
    meet(initial);
    for (const t of transitions) {
      const k = stepOf(this.steps, t.ms);
      this.bump(t.from, k, -1);
      this.bump(t.to, k, 1);
      meet(t.to);
      if (t.to.status !== null && t.to.status !== t.from.status)
        this.entered.set(t.to.status, (this.entered.get(t.to.status) ?? 0) + 1);
      this.keepFirst(t);
    }
    for (const s of met) this.reached.set(s, (this.reached.get(s) ?? 0) + 1);
    for (const s of unwaived) this.unwaived.set(s, (this.unwaived.get(s) ?? 0) + 1);
    this.transitions += transitions.length;
    if (transitions.length > 0) this.changing++;
  }
  keepFirst(t) {
    if (this.keep === 0) return;
    const first = this.first;
    if (first.length === this.keep && earlier(t, first[first.length - 1]) >= 0) return;
    let i = first.length;
    while (i > 0 && earlier(t, first[i - 1]) < 0) i--;
    first.splice(i, 0, t);
    if (first.length > this.keep) first.pop();
  }
  /** Adds the tally of a later part of the input (its indexes shifted by `offset`). */
  merge(other, offset) {
    for (const s of other.statuses) {
      const d = this.delta.get(s.status);
      const w = this.waived.get(s.status);
      for (let k = 0; k < d.length; k++) {
        d[k] += s.series[k] - (k > 0 ? s.series[k - 1] : 0);
        w[k] += s.waived[k] - (k > 0 ? s.waived[k - 1] : 0);
      }
      this.reached.set(s.status, (this.reached.get(s.status) ?? 0) + s.reached);
      this.unwaived.set(s.status, (this.unwaived.get(s.status) ?? 0) + s.reachedUnwaived);
      this.entered.set(s.status, (this.entered.get(s.status) ?? 0) + s.entered);
    }
    const na = this.delta.get(null);
    for (let k = 0; k < na.length; k++)
      na[k] += other.notApplicable[k] - (k > 0 ? other.notApplicable[k - 1] : 0);
    this.transitions += other.transitions;
    this.changing += other.changing;
    this.otherKind += other.otherKind;
    for (const t of other.first) this.keepFirst(offset === 0 ? t : { ...t, index: t.index + offset });
  }
  summary(skipped, readsNow2) {
    const series = (d) => {
      const out = new Array(d.length);
      let sum = 0;
      for (let k = 0; k < d.length; k++) out[k] = sum += d[k];
      return out;
    };
    return {
      policy: this.policy.name,
      skipped,
      readsNow: readsNow2,
      statuses: this.policy.statuses.map((s) => ({
        status: s.name,
        criticality: s.criticality,
        isDefault: s.isDefault,
        series: skipped === null ? series(this.delta.get(s.name)) : [],
        waived: skipped === null ? series(this.waived.get(s.name)) : [],
        reached: this.reached.get(s.name) ?? 0,
        reachedUnwaived: this.unwaived.get(s.name) ?? 0,
        entered: this.entered.get(s.name) ?? 0
      })),
      notApplicable: skipped === null ? series(this.delta.get(null)) : [],
      otherKind: this.otherKind,
      transitions: this.transitions,
      changing: this.changing,
      first: this.first
    };
  }
};
function forecastPlan(options) {
  const window = forecastWindow(options);
  const by = option(options, "by") ?? "day";
  if (by !== "day" && by !== "week" && by !== "month") {
    throw new FilterError(
      "INVALID_OPTION",
      "/by",
      `by must be "day", "week" or "month", got ${JSON.stringify(String(by)).slice(0, 40)}`
    );
  }
  const first = option(options, "first") ?? 20;
  if (!(Number.isSafeInteger(first) && first >= 0)) {
    throw new FilterError("INVALID_OPTION", "/first", "first must be a non-negative integer");
  }
  return { window, by, steps: forecastSteps(window, by), first };
}
function forecastPolicies(policies, options, asOf) {
  policyList(policies);
  const compileOptions = {
    ...inventoryCompileOptions({
      ...option(options, "codegen") === void 0 ? {} : { codegen: option(options, "codegen") },
      ...option(options, "limits") === void 0 ? {} : { limits: option(options, "limits") }
    }),
    asOf
  };
  const given = option(options, "waivers");
  const waivers = given === void 0 ? void 0 : readWaivers(given, compileOptions);
  const codegen = option(options, "codegen");
  const c = codegen === void 0 ? void 0 : { codegen };
  return policies.map((p) => {
    if (!isCompiled(p))
      return compilePolicy(p, { ...compileOptions, ...given === void 0 ? {} : { waivers } });
    if (waivers === void 0) return p.readsNow || p.waivers.length > 0 ? p.at(asOf) : p;
    return buildPolicy(p.definition, (node2, ms) => compileNode(node2, c, true, ms), asOf, waivers);
  });
}
function policiesOf(definitions, asOf, codegen, waivers = []) {
  const c = codegen === void 0 ? void 0 : { codegen };
  return definitions.map((d) => buildPolicy(d, (node2, ms) => compileNode(node2, c, true, ms), asOf, waivers));
}
async function forecastCompiled(compiled4, resources, options, plan3, started = performance.now()) {
  const resource = option(options, "resource");
  const onTransition = option(options, "onTransition");
  const signal = option(options, "signal");
  const kindField = option(options, "kindField");
  const readKind = kindReader(kindField);
  const skip2 = compiled4.map((p) => skipReason(p, resource));
  const active = compiled4.flatMap((_p, i) => skip2[i] === null ? [i] : []);
  const forecasters = active.map((i) => forecaster(compiled4[i], plan3.window));
  const tallies = active.map((i) => new PolicyTally(compiled4[i], plan3.steps, plan3.first));
  const named = [
    ...new Set(active.map((i) => compiled4[i].resource).filter((k) => k !== void 0))
  ];
  const kinds = /* @__PURE__ */ new Map();
  let unknownKind = 0;
  let index = 0;
  const visit = (record2) => {
    signal?.throwIfAborted();
    const kind = readKind?.(record2) ?? resource ?? null;
    if (kind === null && named.length > 1) {
      throw new InventoryError(
        "UNKNOWN_KIND",
        `record ${index + 1} has no kind and the policies are for several kinds: give the kind of the records (resource option, --resource KIND) or say where records name it (kindField, --kind-field PATH)`,
        { index }
      );
    }
    if (kind === null) unknownKind++;
    else kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    let found = null;
    for (let i = 0; i < forecasters.length; i++) {
      const f = forecasters[i];
      const want = f.policy.resource;
      if (want !== void 0 && kind !== null && kind !== want) {
        tallies[i].otherKind++;
        continue;
      }
      const { initial, transitions } = f.record(record2, index);
      tallies[i].add(initial, transitions);
      if (onTransition !== void 0 && transitions.length > 0) {
        found ??= [];
        found.push(...transitions);
      }
    }
    index++;
    if (found !== null) return pass(found);
  };
  const pass = async (found) => {
    for (const t2 of found) await onTransition(t2);
  };
  await eachResource(resources, visit);
  let t = 0;
  return {
    asOf: isoOf(plan3.window.asOf),
    until: isoOf(plan3.window.until),
    horizon: plan3.window.horizon,
    by: plan3.by,
    steps: plan3.steps.map(isoOf),
    resources: index,
    policies: compiled4.map((p, i) => {
      if (skip2[i] !== null) return new PolicyTally(p, plan3.steps, 0).summary(skip2[i], false);
      const k = t++;
      return tallies[k].summary(null, forecasters[k].readsNow);
    }),
    kinds: Object.fromEntries([...kinds].sort((a, b2) => a[0] < b2[0] ? -1 : 1)),
    unknownKind,
    durationMs: performance.now() - started
  };
}

// src/node/split.ts
import { open } from "fs/promises";
import { availableParallelism } from "os";
var SPLIT_THRESHOLD = 8 * 1024 * 1024;
var HEAD_BYTES = 1024 * 1024;
function coreJobs() {
  return availableParallelism();
}
var DEFAULT_MAX_RECORD2 = 64 * 1024 * 1024;
function isEnvelope2(value2) {
  return typeof value2 === "object" && value2 !== null && !Array.isArray(value2) && Array.isArray(value2.items);
}
async function splittable(file, size, maxRecordLength = DEFAULT_MAX_RECORD2) {
  if (size === 0) return false;
  const handle = await open(file, "r");
  try {
    const head = Buffer.alloc(Math.min(size, HEAD_BYTES));
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const bytes = head.subarray(0, bytesRead);
    if (bytes[0] === 31 && bytes[1] === 139) return false;
    const text2 = new TextDecoder().decode(bytes);
    let i = 0;
    while (i < text2.length && isSpace(text2.charCodeAt(i))) i++;
    if (i === text2.length) return false;
    const c = text2.charCodeAt(i);
    if (c === 91) return false;
    if (c !== 123) return true;
    const start = text2.lastIndexOf("\n", i) + 1;
    if (text2.slice(0, start).includes("\uFEFF")) return false;
    const end2 = text2.indexOf("\n", start);
    if (end2 < 0) return false;
    const raw = text2.slice(start, end2);
    let first;
    try {
      first = JSON.parse(raw.endsWith("\r") ? raw.slice(0, -1) : raw);
    } catch {
      return false;
    }
    if (!isEnvelope2(first)) return true;
    if (end2 >= maxRecordLength) return false;
    return text2.slice(end2 + 1).split("\n").some((line) => !isBlankLine(line));
  } finally {
    await handle.close();
  }
}
async function splitRanges(file, size, jobs, rangeBytes) {
  const count2 = Math.max(jobs, Math.ceil(size / rangeBytes));
  const step = Math.ceil(size / count2);
  const handle = await open(file, "r");
  const starts = [0];
  try {
    const buffer = Buffer.alloc(64 * 1024);
    for (let k = 1; k < count2; k++) {
      let at2 = Math.max(k * step, starts.at(-1));
      let found = -1;
      while (found < 0 && at2 < size) {
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, at2 - 1);
        if (bytesRead === 0) break;
        const nl = buffer.subarray(0, bytesRead).indexOf(10);
        if (nl >= 0) found = at2 - 1 + nl + 1;
        else at2 += bytesRead;
      }
      if (found < 0 || found >= size) break;
      if (found > starts.at(-1)) starts.push(found);
    }
  } finally {
    await handle.close();
  }
  return starts.map((s, k) => [s, k + 1 < starts.length ? starts[k + 1] : size]);
}

// src/node/parallel.ts
var debug = debuglog("svc-policy");
var Inbox = class {
  items = [];
  waiting = null;
  push(m) {
    if (this.waiting !== null) {
      const w = this.waiting;
      this.waiting = null;
      w(m);
    } else if (m !== null) this.items.push(m);
  }
  /** The next message; `null` when woken by a failure elsewhere. */
  next() {
    const m = this.items.shift();
    if (m !== void 0) return Promise.resolve(m);
    return new Promise((resolve5) => {
      this.waiting = resolve5;
    });
  }
};
function mergePolicies(a, b2) {
  return a.map((p, i) => {
    const q = b2[i];
    return {
      policy: p.policy,
      skipped: p.skipped,
      applicable: p.applicable + q.applicable,
      waived: p.waived + q.waived,
      expiredWaivers: p.expiredWaivers,
      notApplicable: p.notApplicable + q.notApplicable,
      otherKind: p.otherKind + q.otherKind,
      statuses: p.statuses.map((s, j) => ({
        ...s,
        count: s.count + q.statuses[j].count,
        waived: s.waived + q.statuses[j].waived
      }))
    };
  });
}
var RangeReadError = class extends Error {
  code;
  constructor(error) {
    super(error.message);
    Object.defineProperty(this, "name", { value: error.name, enumerable: false, configurable: true });
    this.code = error.code;
  }
};
var INVENTORY_CODES = [
  "INVALID_RESOURCE",
  "MALFORMED_RECORD",
  "MALFORMED_INPUT",
  "UNKNOWN_KIND"
];
function rebuild(error, lines, records) {
  if (error.name === "InventoryError" && error.code !== void 0 && INVENTORY_CODES.includes(error.code)) {
    const line = error.line === void 0 ? void 0 : lines + error.line;
    const index = error.index === void 0 ? void 0 : records + error.index;
    let message = error.message;
    if (line !== void 0) message = message.replace(/^line \d+:/, `line ${line}:`);
    if (index !== void 0) message = message.replace(/^record \d+ /, `record ${index + 1} `);
    return new InventoryError(error.code, message, {
      ...line === void 0 ? {} : { line },
      ...index === void 0 ? {} : { index }
    });
  }
  return new RangeReadError(error);
}
async function evaluateRanges(run8, sink) {
  const started = performance.now();
  run8.signal?.throwIfAborted();
  const parts = await splitRanges(run8.file, run8.size, run8.jobs, run8.rangeBytes);
  const inboxes = parts.map(() => new Inbox());
  const setup = {
    svcPolicyEvalWorker: true,
    file: run8.file,
    definitions: run8.policies.map((p) => p.definition),
    resource: run8.resource,
    kindField: run8.kindField,
    codegen: run8.codegen,
    asOf: run8.asOf,
    waivers: run8.waivers,
    maxRecordLength: run8.maxRecordLength,
    maxRejections: run8.maxRejections,
    output: run8.output,
    select: run8.select,
    coverage: run8.coverage
  };
  const count2 = Math.min(run8.jobs, parts.length);
  debug(
    "%s: %d bytes in %d ranges, %d worker threads, %s",
    run8.file,
    run8.size,
    parts.length,
    count2,
    run8.output === null ? "the summary alone" : "an output per resource"
  );
  let failure = null;
  let closing = false;
  const fail2 = (error) => {
    if (failure !== null) return;
    failure = error;
    for (const inbox of inboxes) inbox.push(null);
  };
  const onAbort = () => fail2(run8.signal.reason);
  run8.signal?.addEventListener("abort", onAbort, { once: true });
  const workers = Array.from(
    { length: count2 },
    () => new Worker(new URL(run8.entry), { workerData: setup, stdout: false, stderr: false })
  );
  const idle = [];
  let assigned = 0;
  let written = 0;
  const window = 2 * run8.jobs;
  const assign = () => {
    while (idle.length > 0 && assigned < parts.length && assigned < written + window) {
      const worker = idle.pop();
      const [start, end2] = parts[assigned];
      worker.postMessage({ k: assigned, start, end: end2 });
      assigned++;
    }
  };
  for (const worker of workers) {
    worker.on("message", (m) => {
      inboxes[m.k].push(m);
      if (m.t === "done" || m.t === "error") {
        idle.push(worker);
        assign();
      }
    });
    worker.on("error", fail2);
    worker.on("exit", (code2) => {
      if (!closing) fail2(new Error(`a worker thread evaluating ${run8.file} stopped (exit code ${code2})`));
    });
    idle.push(worker);
  }
  try {
    assign();
    let summary2 = null;
    let rejected = 0;
    let records = 0;
    let lines = 0;
    let doneBytes = 0;
    const kinds = /* @__PURE__ */ new Map();
    const seen = [];
    for (let k = 0; k < parts.length; k++) {
      const [start, end2] = parts[k];
      for (; ; ) {
        const m = await inboxes[k].next();
        if (failure !== null || m === null) throw failure;
        if (m.t === "out") {
          for (let i = 0; i < m.items.length; i++) {
            const pending = sink.output?.(m.items[i], records + m.indexes[i]);
            if (pending !== void 0) await pending;
            if (failure !== null) throw failure;
          }
        } else if (m.t === "progress") {
          sink.progress?.(records + m.records, doneBytes + m.bytes);
        } else if (m.t === "reject") {
          sink.reject?.({ line: lines + m.rejection.line, message: m.rejection.message });
        } else if (m.t === "error") {
          throw rebuild(m.error, lines, records);
        } else {
          const s = m.summary;
          for (const [kind, n] of Object.entries(s.kinds)) kinds.set(kind, (kinds.get(kind) ?? 0) + n);
          const before = summary2;
          summary2 = before === null ? s : {
            ...before,
            resources: before.resources + s.resources,
            policies: mergePolicies(before.policies, s.policies),
            unknownKind: before.unknownKind + s.unknownKind,
            ...before.coverage === void 0 || s.coverage === void 0 ? {} : { coverage: before.coverage.map((c, i) => mergeCoverage(c, s.coverage[i])) }
          };
          const range = {
            start,
            end: end2,
            threadId: m.threadId,
            resources: s.resources,
            lines: m.newlines,
            rejected: m.rejected
          };
          debug(
            "%s: range %d of %d, bytes %d-%d: %d records, %d lines, %d rejected, thread %d",
            run8.file,
            k + 1,
            parts.length,
            start,
            end2,
            range.resources,
            range.lines,
            range.rejected,
            range.threadId
          );
          if (m.seen !== null) seen.push(m.seen);
          records += s.resources;
          lines += m.newlines;
          rejected += m.rejected;
          doneBytes += end2 - start;
          sink.progress?.(records, doneBytes);
          sink.range?.(range);
          break;
        }
      }
      written++;
      assign();
    }
    const merged = summary2;
    const durationMs = performance.now() - started;
    const active = run8.policies.filter((_, i) => merged.policies[i].skipped === null);
    const policyKinds = active.map((p) => p.resource);
    const kinded = policyKinds.some((kind) => kind !== void 0);
    return {
      summary: {
        resources: merged.resources,
        asOf: merged.asOf,
        durationMs,
        resourcesPerSecond: durationMs > 0 ? Math.round(merged.resources * 1e3 / durationMs) : 0,
        policies: merged.policies,
        kindField: merged.kindField,
        kinds: Object.fromEntries([...kinds].sort((a, b2) => a[0] < b2[0] ? -1 : 1)),
        unknownKind: merged.unknownKind,
        notice: kinded && merged.unknownKind > 0 ? kindNotice(merged.unknownKind, merged.resources, policyKinds, run8.kindField) : null,
        ...merged.coverage === void 0 ? {} : { coverage: merged.coverage }
      },
      rejected,
      seen
    };
  } finally {
    closing = true;
    run8.signal?.removeEventListener("abort", onAbort);
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

// src/cli/io.ts
import { open as open3 } from "fs/promises";

// src/node/chunks.ts
var CHUNK_BYTES = 1 << 20;
async function* fileChunks(handle, start = 0, end2 = Number.POSITIVE_INFINITY) {
  const buffers = [spare.pop() ?? fresh(), spare.pop() ?? fresh()];
  let position2 = start;
  let turn2 = 0;
  const read2 = (buffer) => handle.read(buffer, 0, Math.min(CHUNK_BYTES, end2 - position2), position2);
  let next = position2 < end2 ? read2(buffers[0]) : void 0;
  try {
    while (next !== void 0) {
      const { bytesRead, buffer } = await next;
      next = void 0;
      if (bytesRead === 0) return;
      position2 += bytesRead;
      if (position2 < end2) next = read2(++turn2 & 1 ? buffers[1] : buffers[0]);
      yield buffer.subarray(0, bytesRead);
    }
  } finally {
    await next?.catch(() => void 0);
    if (spare.length <= MAX_SPARE - 2) spare.push(...buffers);
  }
}
var spare = [];
var MAX_SPARE = 4;
function fresh() {
  return Buffer.allocUnsafeSlow(CHUNK_BYTES);
}

// src/node/gzip.ts
import { pipeline, Readable } from "stream";
import { createGunzip } from "zlib";
var GZIP_MAGIC = [31, 139];
async function* gunzipped(source2, corrupt) {
  let head = Buffer.alloc(0);
  while (head.length < GZIP_MAGIC.length) {
    const next = await source2.next();
    if (next.done) break;
    head = head.length === 0 ? next.value : Buffer.concat([head, next.value]);
  }
  let sourceError = null;
  async function* all2() {
    if (head.length > 0) yield head;
    try {
      for (; ; ) {
        const next = await source2.next();
        if (next.done) return;
        yield next.value;
      }
    } catch (error) {
      sourceError = { error };
      throw error;
    }
  }
  if (head[0] !== GZIP_MAGIC[0] || head[1] !== GZIP_MAGIC[1]) {
    yield* all2();
    return;
  }
  const gunzip = createGunzip();
  pipeline(Readable.from(all2()), gunzip, () => {
  });
  try {
    for await (const chunk of gunzip) yield chunk;
  } catch (error) {
    if (sourceError !== null) throw sourceError.error;
    throw corrupt(error);
  }
}

// src/node/regular.ts
import { constants } from "fs";
import { open as open2 } from "fs/promises";
function fileKind(info) {
  if (info.isDirectory()) return "a directory";
  if (info.isFIFO()) return "a FIFO";
  if (info.isCharacterDevice()) return "a character device";
  if (info.isBlockDevice()) return "a block device";
  if (info.isSocket()) return "a socket";
  return "not a regular file";
}
async function openRegularFile(path) {
  const handle = await open2(path, constants.O_RDONLY | constants.O_NONBLOCK);
  let info;
  try {
    info = await handle.stat();
  } catch (error) {
    await handle.close();
    throw error;
  }
  if (info.isFile()) return { handle, info };
  await handle.close();
  return { kind: fileKind(info) };
}

// src/cli/io.ts
var InputError = class extends Error {
  name = "InputError";
};
async function openInput(path) {
  if (path === "-") return { stream: process.stdin, size: null };
  let opened;
  try {
    opened = await openRegularFile(path);
  } catch (error) {
    throw new InputError(
      `cannot read input ${printable(path)}: ${error.code ?? String(error)}`
    );
  }
  if ("kind" in opened) {
    throw new InputError(
      `cannot read input ${printable(path)}: it is ${opened.kind}, not a regular file; not read${opened.kind === "a directory" ? "" : " (pipe a stream to standard input: --input -)"}`
    );
  }
  return { stream: opened.handle.createReadStream(), size: opened.info.size };
}
async function* inputBytes(stream, onBytes) {
  let count2 = 0;
  async function* raw() {
    try {
      for await (const chunk of stream) {
        const buffer = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
        count2 += buffer.length;
        onBytes?.(count2);
        yield buffer;
      }
    } catch (error) {
      throw new InputError(`cannot read input: ${error.message}`);
    }
  }
  yield* gunzipped(raw(), (error) => new InputError(`cannot read input: not valid gzip: ${error.message}`));
}
async function* fileBytes(path, onBytes) {
  let handle;
  try {
    handle = await open3(path, "r");
  } catch (error) {
    throw new InputError(
      `cannot read input ${printable(path)}: ${error.code ?? String(error)}`
    );
  }
  let count2 = 0;
  try {
    for await (const chunk of fileChunks(handle)) {
      count2 += chunk.length;
      onBytes?.(count2);
      yield chunk;
    }
  } catch (error) {
    throw new InputError(`cannot read input: ${error.message}`);
  } finally {
    await handle.close();
  }
}
function write(stream, text2) {
  if (stream.write(text2)) return;
  return new Promise((resolve5) => stream.once("drain", () => resolve5()));
}

// src/cli/eval-parallel.ts
var INDEX_MARK = "\0index\0";
var ORDINAL_MARK = "\0ordinal\0";
var RANGE_BYTES = 16 * 1024 * 1024;
var RANGE_BYTES_PER_RESOURCE_OUTPUT = 4 * 1024 * 1024;
var MAX_REJECTIONS = 100;
var entry = null;
function setWorkerEntry(url) {
  entry = url;
}
function workerEntry() {
  return entry;
}
async function splittable2(file, size) {
  return entry !== null && await splittable(file, size);
}
async function evaluateParallel(run8, sink) {
  const { format, explain, id, where: where2 } = run8.render;
  const perResource = format === "ndjson" || format === "sarif" || explain === true || id !== void 0 || where2 !== void 0;
  let explained = 0;
  let unexplained = 0;
  const pick = (item) => {
    if (!Array.isArray(item)) return item;
    if (explained < run8.render.explainLimit) {
      explained++;
      return item[0];
    }
    unexplained++;
    return item[1];
  };
  try {
    const { summary: summary2, rejected, seen } = await evaluateRanges(
      {
        entry,
        file: run8.file,
        size: run8.size,
        jobs: run8.jobs,
        rangeBytes: perResource ? RANGE_BYTES_PER_RESOURCE_OUTPUT : RANGE_BYTES,
        policies: run8.policies,
        resource: run8.resource,
        kindField: run8.kindField,
        codegen: void 0,
        asOf: run8.asOf,
        // Each policy was compiled with the run's waivers: the workers bind them alike.
        waivers: [...new Set(run8.policies.flatMap((p) => p.waivers))],
        maxRecordLength: void 0,
        maxRejections: MAX_REJECTIONS,
        // Without a line per resource, the workers evaluate for the summary alone: no event per record.
        output: perResource ? run8.render : null,
        select: run8.select,
        signal: void 0,
        coverage: run8.coverage
      },
      {
        output: (item, index) => {
          const text2 = pick(item);
          return text2 === null ? void 0 : sink.output(
            text2.replaceAll(INDEX_MARK, String(index)).replaceAll(ORDINAL_MARK, String(index + 1))
          );
        },
        reject: (rejection) => sink.reject(rejection),
        progress: (records, bytes) => sink.progress(records, bytes)
      }
    );
    const matchedIds = /* @__PURE__ */ new Set();
    for (const s of seen) {
      for (const id2 of s.ids) matchedIds.add(id2);
      unexplained += s.leftOut;
    }
    return { summary: summary2, rejected, matchedIds, unexplained };
  } catch (error) {
    if (error instanceof RangeReadError) throw new InputError(`cannot read input: ${error.message}`);
    throw error;
  }
}
function parseJobs(value2) {
  if (value2 === void 0) return coreJobs();
  if (!/^[1-9]\d{0,3}$/.test(value2))
    throw new UsageError(`--jobs must be a positive integer, got "${value2}"`);
  return Number(value2);
}
function capJobs(jobs, err) {
  const max = coreJobs();
  if (jobs <= max) return jobs;
  err.notice(`--jobs ${jobs} is more than the ${max} available core${max === 1 ? "" : "s"}; using ${max}`);
  return max;
}

// src/validate/formats/sarif.ts
function fileUri(file) {
  return file.split(/[\\/]/).map(encodeURIComponent).join("/");
}
function formatSarif(reports, tool) {
  const rules = [];
  const ruleIndex = /* @__PURE__ */ new Map();
  const results = [];
  for (const r of reports) {
    for (const d of r.diagnostics) {
      let index = ruleIndex.get(d.code);
      if (index === void 0) {
        index = rules.length;
        rules.push(d.code);
        ruleIndex.set(d.code, index);
      }
      const region2 = d.line === void 0 ? {} : { region: { startLine: Math.max(1, d.line), startColumn: Math.max(1, d.column ?? 1) } };
      results.push({
        ruleId: d.code,
        ruleIndex: index,
        level: d.severity,
        message: { text: d.message },
        locations: [
          {
            physicalLocation: { artifactLocation: { uri: fileUri(r.file) }, ...region2 },
            ...d.path === "" ? {} : { logicalLocations: [{ fullyQualifiedName: d.path, kind: "member" }] }
          }
        ]
      });
    }
  }
  const log = sarifLog(
    tool,
    rules.map((id) => ({ id, shortDescription: { text: id.toLowerCase().replace(/_/g, " ") } })),
    results
  );
  return `${JSON.stringify(log, null, 2)}
`;
}
function sarifLog(tool, rules, results, extra = {}) {
  return {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: tool.name,
            version: tool.version,
            ...tool.informationUri === void 0 ? {} : { informationUri: tool.informationUri },
            rules
          }
        },
        columnKind: "utf16CodeUnits",
        ...extra,
        results
      }
    ]
  };
}
function sarifFrame(tool, rules, extra = {}) {
  const whole = JSON.stringify(sarifLog(tool, rules, [], extra));
  return { head: `${whole.slice(0, -4)}
`, tail: "\n]}]}\n" };
}

// src/cli/coverage.ts
import { extname as extname2, relative as relative2, resolve as resolve2, sep as sep2 } from "path";

// src/validate/formats/github.ts
function escapeData(text2) {
  return text2.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}
function escapeProperty(text2) {
  return escapeData(text2).replace(/:/g, "%3A").replace(/,/g, "%2C");
}
function formatGithub(reports) {
  let out = "";
  for (const r of reports) {
    for (const d of r.diagnostics) {
      const props = [`file=${escapeProperty(printable(r.file))}`];
      if (d.line !== void 0) props.push(`line=${d.line}`, `col=${d.column ?? 1}`);
      props.push(`title=${escapeProperty(`${d.code}${d.path === "" ? "" : ` at ${printable(d.path)}`}`)}`);
      out += `::${d.severity} ${props.join(",")}::${escapeData(printable(d.message))}
`;
    }
  }
  return out;
}

// src/validate/source/positions.ts
var SourcePositions = class {
  #lineStarts = [0];
  #nodes = /* @__PURE__ */ new Map();
  constructor(text2) {
    for (let i = text2.indexOf("\n"); i >= 0; i = text2.indexOf("\n", i + 1)) this.#lineStarts.push(i + 1);
  }
  set(pointer2, offsets) {
    this.#nodes.set(pointer2, offsets);
  }
  /** The line and column of a text offset. */
  at(offset) {
    const starts = this.#lineStarts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = lo + hi + 1 >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo] + 1 };
  }
  /**
   * The position of the node at `pointer` (its key when `anchor` is `'key'` and it has one). A pointer
   * the document does not hold (a missing property) falls back to its nearest ancestor.
   */
  locate(pointer2, anchor = "value") {
    let p = pointer2;
    for (; ; ) {
      const node2 = this.#nodes.get(p);
      if (node2 !== void 0)
        return this.at(anchor === "key" && node2.key !== void 0 ? node2.key : node2.value);
      if (p === "") return { line: 1, column: 1 };
      p = p.slice(0, p.lastIndexOf("/"));
      anchor = "value";
    }
  }
};

// src/validate/source/json.ts
var MAX_NESTING = 256;
var SyntaxFailure = class extends Error {
  constructor(offset, message, code2 = "SYNTAX_ERROR", path = "") {
    super(message);
    this.offset = offset;
    this.code = code2;
    this.path = path;
  }
  offset;
  code;
  path;
};
var NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
var ESCAPES = {
  '"': '"',
  "\\": "\\",
  "/": "/",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "	"
};
function show(c) {
  if (c === void 0) return "end of the text";
  const code2 = c.codePointAt(0);
  return code2 < 32 || code2 === 127 ? `character U+${code2.toString(16).toUpperCase().padStart(4, "0")}` : `"${c}"`;
}
var Reader = class {
  constructor(text2, positions, limits) {
    this.text = text2;
    this.positions = positions;
    this.limits = limits;
  }
  text;
  positions;
  limits;
  i = 0;
  problems = [];
  /** Values and keys read so far, against `limits.maxDocumentValues`. */
  values = 0;
  /** Counts a value or a key read at `offset`; refuses the document past `maxDocumentValues`. */
  count(offset, at2) {
    if (++this.values <= this.limits.maxDocumentValues) return;
    const error = limitError(
      "maxDocumentValues",
      at2,
      `a document of more than ${this.limits.maxDocumentValues} values`,
      this.limits
    );
    throw new SyntaxFailure(offset, error.message, "MAX_DOCUMENT_VALUES_EXCEEDED", at2);
  }
  fail(message, offset = this.i) {
    throw new SyntaxFailure(offset, message);
  }
  space() {
    const t = this.text;
    for (; ; ) {
      const c = t.charCodeAt(this.i);
      if (c === 32 || c === 10 || c === 13 || c === 9) this.i++;
      else return;
    }
  }
  value(at2, depth, key) {
    this.space();
    const start = this.i;
    this.count(start, at2);
    this.positions.set(at2, key === void 0 ? { value: start } : { value: start, key });
    const c = this.text[start];
    if (c === "{" || c === "[") {
      if (depth >= MAX_NESTING) {
        throw new SyntaxFailure(start, `nesting deeper than ${MAX_NESTING} levels`, "TOO_DEEP");
      }
      return c === "{" ? this.object(at2, depth + 1) : this.array(at2, depth + 1);
    }
    if (c === '"') return this.string();
    if (c === "-" || c !== void 0 && c >= "0" && c <= "9") {
      NUMBER.lastIndex = start;
      const m = NUMBER.exec(this.text);
      if (m === null) this.fail(`invalid number`);
      this.i = start + m[0].length;
      return Number(m[0]);
    }
    for (const [word, v] of [
      ["true", true],
      ["false", false],
      ["null", null]
    ]) {
      if (this.text.startsWith(word, start)) {
        this.i = start + word.length;
        return v;
      }
    }
    return this.fail(`unexpected ${show(c)}, expected a JSON value`);
  }
  string() {
    const t = this.text;
    let i = this.i + 1;
    let out = "";
    let from = i;
    for (; ; ) {
      const c = t.charCodeAt(i);
      if (Number.isNaN(c)) this.fail("unterminated string", this.i);
      if (c === 34) break;
      if (c < 32) this.fail(`${show(t[i])} must be escaped in a string`, i);
      if (c === 92) {
        out += t.slice(from, i);
        const e = t[i + 1];
        if (e === "u") {
          const hex = t.slice(i + 2, i + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail("invalid \\u escape", i);
          out += String.fromCharCode(Number.parseInt(hex, 16));
          i += 6;
        } else {
          const r = e === void 0 ? void 0 : ESCAPES[e];
          if (r === void 0) this.fail(`invalid escape "\\${e ?? ""}"`, i);
          out += r;
          i += 2;
        }
        from = i;
        continue;
      }
      i++;
    }
    out += t.slice(from, i);
    this.i = i + 1;
    return out;
  }
  object(at2, depth) {
    const out = {};
    const seen = /* @__PURE__ */ new Set();
    this.i++;
    this.space();
    if (this.text[this.i] === "}") {
      this.i++;
      return out;
    }
    for (; ; ) {
      this.space();
      const keyAt = this.i;
      if (this.text[keyAt] !== '"')
        this.fail(`unexpected ${show(this.text[keyAt])}, expected a key in double quotes`);
      const key = this.string();
      this.count(keyAt, pointer(at2, key));
      this.space();
      if (this.text[this.i] !== ":")
        this.fail(`unexpected ${show(this.text[this.i])}, expected ":" after the key`);
      this.i++;
      const child = pointer(at2, key);
      if (seen.has(key)) {
        this.problems.push({
          code: "DUPLICATE_KEY",
          severity: "error",
          offset: keyAt,
          path: child,
          message: `duplicate key "${showText(key)}" at ${showPointer(child)}: JSON parsers silently keep only the last`
        });
      }
      seen.add(key);
      const value2 = this.value(child, depth, keyAt);
      if (key === "__proto__") {
        Object.defineProperty(out, key, { value: value2, enumerable: true, writable: true, configurable: true });
      } else out[key] = value2;
      this.space();
      const c = this.text[this.i];
      this.i++;
      if (c === "}") return out;
      if (c !== ",") this.fail(`unexpected ${show(c)}, expected "," or "}"`, this.i - 1);
    }
  }
  array(at2, depth) {
    const out = [];
    this.i++;
    this.space();
    if (this.text[this.i] === "]") {
      this.i++;
      return out;
    }
    for (; ; ) {
      out.push(this.value(pointer(at2, out.length), depth));
      this.space();
      const c = this.text[this.i];
      this.i++;
      if (c === "]") return out;
      if (c !== ",") this.fail(`unexpected ${show(c)}, expected "," or "]"`, this.i - 1);
    }
  }
};
function parseJsonSource(text2, limits = DEFAULT_LIMITS) {
  const positions = new SourcePositions(text2);
  const reader = new Reader(text2, positions, limits);
  try {
    const value2 = reader.value("", 0);
    reader.space();
    if (reader.i < text2.length) reader.fail(`unexpected ${show(text2[reader.i])} after the JSON value`);
    return { value: value2, positions, problems: reader.problems };
  } catch (error) {
    if (!(error instanceof SyntaxFailure)) throw error;
    const problem = {
      code: error.code,
      severity: "error",
      offset: error.offset,
      path: error.path,
      message: error.code === "SYNTAX_ERROR" ? `invalid JSON: ${error.message}` : error.message
    };
    return { positions, problems: [...reader.problems, problem] };
  }
}
function jsonTextProblem(text2, limits) {
  const max = limits === void 0 ? Number.POSITIVE_INFINITY : limits.maxDocumentValues;
  let depth = 0;
  let values = 0;
  for (let i = 0; i < text2.length; i++) {
    const c = text2.charCodeAt(i);
    const start = i;
    if (c === 34) {
      for (i++; i < text2.length; i++) {
        const d = text2.charCodeAt(i);
        if (d === 92) i++;
        else if (d === 34) break;
      }
    } else if (c === 123 || c === 91) {
      if (++depth > MAX_NESTING) {
        return {
          code: "TOO_DEEP",
          severity: "error",
          offset: start,
          path: "",
          message: `nesting deeper than ${MAX_NESTING} levels`
        };
      }
    } else if (c === 125 || c === 93) {
      depth--;
      continue;
    } else if (c === 45 || c >= 48 && c <= 57 || c === 116 || c === 102 || c === 110) {
      while (i + 1 < text2.length && /[0-9A-Za-z.+-]/.test(text2[i + 1])) i++;
    } else continue;
    if (++values > max) {
      const error = limitError("maxDocumentValues", "", `a document of more than ${max} values`, limits);
      return {
        code: "MAX_DOCUMENT_VALUES_EXCEEDED",
        severity: "error",
        offset: start,
        path: "",
        message: error.message
      };
    }
  }
  return void 0;
}

// src/validate/source/yaml.ts
var import_yaml = __toESM(require_dist(), 1);
function keyString(key) {
  if ((0, import_yaml.isScalar)(key)) return String(key.value);
  return String(key);
}
function expandedSize(root, doc, cap) {
  const sizes = /* @__PURE__ */ new Map();
  const open6 = /* @__PURE__ */ new Set();
  const sizeOf = (start) => {
    const stack = [{ node: start, done: false }];
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      const node2 = (0, import_yaml.isAlias)(top.node) ? top.node.resolve(doc) : top.node;
      if (sizes.has(node2)) {
        stack.pop();
        continue;
      }
      if (!top.done && open6.has(node2)) {
        sizes.set(node2, cap + 1);
        stack.pop();
        continue;
      }
      const children = (0, import_yaml.isMap)(node2) ? node2.items.flatMap((pair) => (0, import_yaml.isPair)(pair) ? [pair.key, pair.value] : []) : (0, import_yaml.isSeq)(node2) ? node2.items : [];
      if (!top.done) {
        top.done = true;
        open6.add(node2);
        for (const child of children)
          if (child !== null && child !== void 0) stack.push({ node: child, done: false });
        continue;
      }
      stack.pop();
      open6.delete(node2);
      let size = 1;
      for (const child of children) {
        if (child === null || child === void 0) continue;
        size += sizes.get((0, import_yaml.isAlias)(child) ? child.resolve(doc) : child) ?? 1;
        if (size > cap) break;
      }
      sizes.set(node2, Math.min(size, cap + 1));
    }
    return sizes.get((0, import_yaml.isAlias)(start) ? start.resolve(doc) : start) ?? 1;
  };
  return sizeOf(root);
}
function walk(node2, at2, positions, doc, depth, keyOffset) {
  if (depth > MAX_NESTING) return;
  let target = node2;
  if ((0, import_yaml.isAlias)(target)) target = target.resolve(doc);
  const own2 = node2;
  const start = own2?.range?.[0] ?? target?.range?.[0];
  if (start !== void 0) {
    positions.set(at2, keyOffset === void 0 ? { value: start } : { value: start, key: keyOffset });
  }
  if ((0, import_yaml.isMap)(target)) {
    for (const pair of target.items) {
      if (!(0, import_yaml.isPair)(pair)) continue;
      const key = pair.key;
      const child = pointer(at2, keyString(pair.key));
      const keyStart = key?.range?.[0];
      if (pair.value === null) {
        if (keyStart !== void 0) positions.set(child, { value: keyStart, key: keyStart });
      } else walk(pair.value, child, positions, doc, depth + 1, keyStart);
    }
  } else if ((0, import_yaml.isSeq)(target)) {
    target.items.forEach((item, i) => {
      walk(item, pointer(at2, i), positions, doc, depth + 1);
    });
  }
}
function duplicateKeyPointers(root) {
  const out = /* @__PURE__ */ new Map();
  const stack = [[root, "", 0]];
  while (stack.length > 0) {
    const [node2, at2, depth] = stack.pop();
    if (depth > MAX_NESTING) continue;
    if ((0, import_yaml.isMap)(node2)) {
      const seen = /* @__PURE__ */ new Set();
      for (const pair of node2.items) {
        if (!(0, import_yaml.isPair)(pair)) continue;
        const name = keyString(pair.key);
        const child = pointer(at2, name);
        const start = pair.key?.range?.[0];
        if (seen.has(name) && start !== void 0) out.set(start, child);
        seen.add(name);
        stack.push([pair.value, child, depth + 1]);
      }
    } else if ((0, import_yaml.isSeq)(node2)) {
      node2.items.forEach((item, i) => {
        stack.push([item, pointer(at2, i), depth + 1]);
      });
    }
  }
  return out;
}
function unescapePointerTail(at2) {
  return at2.slice(at2.lastIndexOf("/") + 1).replace(/~1/g, "/").replace(/~0/g, "~");
}
function depthOf(value2) {
  let max = 0;
  const stack = [[value2, 0]];
  while (stack.length > 0) {
    const [v, d] = stack.pop();
    if (d > max) max = d;
    if (d > MAX_NESTING) return d;
    if (typeof v === "object" && v !== null) {
      for (const child of Object.values(v)) stack.push([child, d + 1]);
    }
  }
  return max;
}
var Refusal = class extends Error {
  constructor(problem) {
    super(problem.message);
    this.problem = problem;
  }
  problem;
};
function* guardedTokens(text2, parser, limits) {
  let written = 0;
  let indicated = 0;
  const refuse = (code2, message) => {
    throw new Refusal({ code: code2, severity: "error", offset: parser.offset, path: "", message });
  };
  for (const lexeme of new import_yaml.Lexer().lex(text2)) {
    switch (import_yaml.CST.tokenType(lexeme)) {
      case "scalar":
      case "single-quoted-scalar":
      case "double-quoted-scalar":
      case "alias":
      case "flow-map-start":
      case "flow-seq-start":
        written++;
        break;
      case "seq-item-ind":
      case "map-value-ind":
      case "explicit-key-ind":
        indicated++;
        break;
      default:
        break;
    }
    if (written > limits.maxDocumentValues || indicated > limits.maxDocumentValues) {
      const error = limitError(
        "maxDocumentValues",
        "",
        `a document of more than ${limits.maxDocumentValues} values`,
        limits
      );
      refuse("MAX_DOCUMENT_VALUES_EXCEEDED", error.message);
    }
    yield* parser.next(lexeme);
    if (parser.stack.length > MAX_NESTING + 2)
      refuse("TOO_DEEP", `nesting deeper than ${MAX_NESTING} levels`);
  }
  yield* parser.end();
}
function composeDocument(text2, limits) {
  const parser = new import_yaml.Parser();
  const composer = new import_yaml.Composer({ uniqueKeys: false, prettyErrors: false, version: "1.2" });
  let doc;
  try {
    for (const next of composer.compose(guardedTokens(text2, parser, limits), true, text2.length)) {
      if (doc === void 0) doc = next;
      else {
        doc.errors.push(
          new import_yaml.YAMLParseError(
            [next.range[0], next.range[1]],
            "MULTIPLE_DOCS",
            "Source contains multiple documents; a policy file holds one"
          )
        );
        break;
      }
    }
  } catch (error) {
    if (error instanceof Refusal) return { problem: error.problem };
    return {
      problem: {
        code: "SYNTAX_ERROR",
        severity: "error",
        offset: 0,
        path: "",
        message: `invalid YAML: ${safeMessage(error)}`
      }
    };
  }
  return { doc };
}
function parseYamlSource(text2, limits = DEFAULT_LIMITS) {
  const positions = new SourcePositions(text2);
  const read2 = readYaml(text2, limits);
  if (!("doc" in read2)) return { positions, problems: read2.problems };
  walk(read2.doc.contents, "", positions, read2.doc, 0);
  return { value: read2.value, positions, problems: read2.problems };
}
function readYaml(text2, limits) {
  const composed = composeDocument(text2, limits);
  if ("problem" in composed) return { problems: [composed.problem] };
  const { doc } = composed;
  const problems = [];
  for (const e of doc.errors) {
    problems.push({
      code: "SYNTAX_ERROR",
      severity: "error",
      offset: e.pos[0],
      path: "",
      message: `invalid YAML: ${e.message.split("\n")[0]}`
    });
  }
  for (const [offset, at2] of duplicateKeyPointers(doc.contents)) {
    problems.push({
      code: "DUPLICATE_KEY",
      severity: "error",
      offset,
      path: at2,
      message: `duplicate key "${showText(unescapePointerTail(at2))}" at ${showPointer(at2)}: YAML parsers silently keep only the last`
    });
  }
  for (const w of doc.warnings) {
    problems.push({
      code: "YAML_WARNING",
      severity: "warning",
      offset: w.pos[0],
      path: "",
      message: w.message.split("\n")[0] ?? w.message
    });
  }
  problems.sort((a, b2) => a.offset - b2.offset);
  if (problems.some((p) => p.severity === "error" && p.code !== "DUPLICATE_KEY")) return { problems };
  const expanded = expandedSize(doc.contents, doc, limits.maxDocumentValues);
  if (expanded > limits.maxDocumentValues) {
    const error = limitError(
      "maxDocumentValues",
      "",
      `the YAML document's aliases expand to more than ${limits.maxDocumentValues} values`,
      limits
    );
    problems.push({
      code: "MAX_DOCUMENT_VALUES_EXCEEDED",
      severity: "error",
      offset: 0,
      path: "",
      message: `${error.message}; write the repeated parts out or use fewer aliases`
    });
    return { problems };
  }
  let value2;
  try {
    value2 = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    problems.push({
      code: "SYNTAX_ERROR",
      severity: "error",
      offset: 0,
      path: "",
      message: `the YAML document cannot be read: ${safeMessage(error)}`
    });
    return { problems };
  }
  if (depthOf(value2) > MAX_NESTING) {
    problems.push({
      code: "TOO_DEEP",
      severity: "error",
      offset: 0,
      path: "",
      message: `nesting deeper than ${MAX_NESTING} levels`
    });
    return { problems };
  }
  return { value: value2, doc, problems };
}

// src/cli/files.ts
import * as fsp from "fs/promises";
import { readdir, realpath, stat } from "fs/promises";
import { basename, dirname, extname, isAbsolute, join, relative, resolve, sep } from "path";
var POLICY_EXTENSIONS = /* @__PURE__ */ new Set([".json", ".yaml", ".yml"]);
var TEST_FILE = /\.test\.(json|ya?ml)$/;
function isPolicyFile(name) {
  return POLICY_EXTENSIONS.has(extname(name).toLowerCase()) && !TEST_FILE.test(name);
}
var DEFAULT_MAX_BYTES = 1024 * 1024;
var READ_CHUNK = 64 * 1024;
var GLOB_CHARS = /[*?[\]{}]/;
function errno(error) {
  const e = error;
  if (e?.code === "ENOENT") return "no such file or directory";
  if (e?.code === "EACCES" || e?.code === "EPERM") return "permission denied";
  if (e?.code === "ELOOP") return "too many levels of symbolic links";
  return e?.code ?? String(error);
}
async function defaultRoot(cwd = process.cwd()) {
  let dir = cwd;
  for (; ; ) {
    try {
      await stat(join(dir, ".git"));
      return realpath(dir);
    } catch {
      const parent = dirname(dir);
      if (parent === dir) return realpath(cwd);
      dir = parent;
    }
  }
}
function inside(root, path) {
  const rel = relative(root, path);
  return rel === "" || !rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel);
}
async function confinementOf(named, root) {
  const real = await realpath(named).catch(() => resolve(named));
  return inside(root, real) ? root : real;
}
async function walk2(dir, within2, match, recursive, out, seen) {
  let real;
  try {
    real = await realpath(dir);
  } catch (error) {
    out.push({ path: dir, within: within2, problem: `cannot be read as a directory: ${errno(error)}` });
    return;
  }
  if (!inside(within2, real)) {
    out.push({
      path: dir,
      within: within2,
      problem: `is a directory that resolves to ${real}, outside ${within2}; not searched`
    });
    return;
  }
  if (seen.has(real)) return;
  seen.add(real);
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    out.push({ path: dir, within: within2, problem: `cannot be read as a directory: ${errno(error)}` });
    return;
  }
  entries.sort((a, b2) => a.name < b2.name ? -1 : a.name > b2.name ? 1 : 0);
  for (const entry2 of entries) {
    const path = join(dir, entry2.name);
    let isDir = entry2.isDirectory();
    if (entry2.isSymbolicLink()) {
      try {
        isDir = (await stat(path)).isDirectory();
      } catch {
        isDir = false;
      }
    }
    if (isDir) {
      if (recursive && entry2.name !== "node_modules" && !entry2.name.startsWith("."))
        await walk2(path, within2, match, recursive, out, seen);
    } else if (match(entry2.name)) {
      out.push({ path, within: within2 });
    }
  }
}
async function findFiles(args, options) {
  const files = [];
  const unmatched = [];
  const seen = /* @__PURE__ */ new Set();
  const { root, match, recursive } = options;
  for (const arg of args) {
    let info;
    try {
      info = await stat(arg);
    } catch {
      info = void 0;
    }
    if (info?.isDirectory()) {
      const before = files.length;
      await walk2(arg, await confinementOf(arg, root), match, recursive, files, seen);
      if (files.length === before) unmatched.push(arg);
    } else if (info === void 0 && options.globs === true && GLOB_CHARS.test(arg)) {
      const glob2 = fsp.glob;
      if (typeof glob2 !== "function")
        throw new UsageError("glob patterns need Node 22 or later; pass files or directories");
      const matches = [];
      for await (const m of glob2(arg, { exclude: (p) => p.includes("node_modules") }))
        matches.push(String(m));
      matches.sort();
      const before = files.length;
      for (const m of matches) {
        const mInfo = await stat(m).catch(() => void 0);
        if (mInfo?.isDirectory()) await walk2(m, await confinementOf(m, root), match, recursive, files, seen);
        else if (match(m)) files.push({ path: m, within: void 0 });
      }
      if (files.length === before) unmatched.push(arg);
    } else if (options.skipNamed?.(arg) !== true) {
      files.push({ path: arg, within: void 0 });
    }
  }
  const unique = /* @__PURE__ */ new Map();
  for (const f of files) if (!unique.has(resolve(f.path))) unique.set(resolve(f.path), f);
  return { files: [...unique.values()], unmatched };
}
async function policyFiles(paths2) {
  const { files, unmatched } = await findFiles(paths2, {
    root: await defaultRoot(),
    match: isPolicyFile,
    recursive: false
  });
  const [first] = unmatched;
  if (first !== void 0) throw new InputError(`no .json or .yaml policy files in ${printable(first)}`);
  return files;
}
async function testFiles(paths2, root) {
  for (const path of paths2) {
    try {
      await stat(path);
    } catch (error) {
      throw new InputError(
        `cannot read ${printable(path)}: ${error.code ?? String(error)}`
      );
    }
  }
  const { files } = await findFiles(paths2, { root, match: (name) => TEST_FILE.test(name), recursive: true });
  return files;
}
async function policyBeside(testFile) {
  const base = basename(testFile).replace(TEST_FILE, "");
  for (const ext of POLICY_EXTENSIONS) {
    const candidate = join(dirname(testFile), `${base}${ext}`);
    if ((await stat(candidate).catch(() => null))?.isFile()) return candidate;
  }
  throw new Error(`no "policy" given and no ${base}.json, ${base}.yaml or ${base}.yml beside it`);
}
async function readTextFile(path, within2, maxBytes, limitName = "--max-bytes") {
  let real;
  try {
    real = await realpath(path);
  } catch (error) {
    return { problem: `cannot be read: ${errno(error)}`, code: "UNREADABLE_FILE" };
  }
  let info;
  try {
    info = await stat(real);
  } catch (error) {
    return { problem: `cannot be read: ${errno(error)}`, code: "UNREADABLE_FILE" };
  }
  if (info.isDirectory()) return { problem: "is a directory", code: "UNREADABLE_FILE" };
  if (!info.isFile())
    return { problem: `is ${fileKind(info)}, not a regular file; not read`, code: "UNREADABLE_FILE" };
  if (info.size > maxBytes) {
    return {
      problem: `is ${info.size} bytes, more than the limit of ${maxBytes} (${limitName})`,
      code: "MAX_FILE_BYTES_EXCEEDED"
    };
  }
  if (within2 !== void 0 && !inside(within2, real)) {
    return { problem: `resolves to ${real}, outside ${within2}; not read`, code: "UNREADABLE_FILE" };
  }
  let bytes;
  try {
    const opened = await openRegularFile(real);
    if ("kind" in opened)
      return { problem: `is ${opened.kind}, not a regular file; not read`, code: "UNREADABLE_FILE" };
    const { handle } = opened;
    try {
      const chunks = [];
      let length = 0;
      while (length <= maxBytes) {
        const chunk = Buffer.alloc(Math.min(READ_CHUNK, maxBytes + 1 - length));
        const { bytesRead } = await handle.read(chunk, 0, chunk.length, length);
        if (bytesRead === 0) break;
        chunks.push(chunk.subarray(0, bytesRead));
        length += bytesRead;
      }
      if (length > maxBytes) {
        return {
          problem: `is more than the limit of ${maxBytes} bytes (${limitName})`,
          code: "MAX_FILE_BYTES_EXCEEDED"
        };
      }
      bytes = Buffer.concat(chunks, length);
    } finally {
      await handle.close();
    }
  } catch (error) {
    return { problem: `cannot be read: ${errno(error)}`, code: "UNREADABLE_FILE" };
  }
  try {
    return { text: new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes) };
  } catch {
    const at2 = firstInvalidUtf8(bytes);
    let line = 1;
    for (let i = 0; i < at2; i++) if (bytes[i] === 10) line++;
    return {
      problem: `is not valid UTF-8: invalid byte 0x${bytes[at2]?.toString(16).padStart(2, "0") ?? ""} at byte offset ${at2} (line ${line})`,
      code: "INVALID_ENCODING"
    };
  }
}
function firstInvalidUtf8(bytes) {
  let i = 0;
  while (i < bytes.length) {
    const c = bytes[i];
    if (c < 128) {
      i++;
      continue;
    }
    const n = c >= 194 && c <= 223 ? 1 : c >= 224 && c <= 239 ? 2 : c >= 240 && c <= 244 ? 3 : 0;
    if (n === 0) return i;
    let cp = c & 63 >> n;
    for (let k = 1; k <= n; k++) {
      const d = bytes[i + k];
      if (d === void 0 || (d & 192) !== 128) return i;
      cp = cp << 6 | d & 63;
    }
    const min = n === 1 ? 128 : n === 2 ? 2048 : 65536;
    if (cp < min || cp > 1114111 || cp >= 55296 && cp <= 57343) return i;
    i += n + 1;
  }
  return i;
}

// src/cli/coverage.ts
var COVERAGE_OPTIONS = {
  coverage: { type: "boolean" },
  "coverage-format": { type: "string" },
  "coverage-output": { type: "string" },
  "coverage-threshold": { type: "string", multiple: true }
};
var COVERAGE_FORMATS = ["text", "json", "lcov", "sarif", "github"];
var COVERAGE_KINDS = ["statuses", "rules", "branches"];
var COVERAGE_EXIT = 4;
function coverageUsage(at2) {
  const pad2 = (flag) => `      ${flag}`.padEnd(at2);
  const more = " ".repeat(at2);
  return [
    `${pad2("--coverage")}report coverage: statuses reached, rules that decided, conditions seen`,
    `${more}true and false (see docs/coverage.md)`,
    `${pad2("--coverage-format F")}text, json, lcov, sarif or github (implies --coverage); default json`,
    `${more}with --format json or ndjson, else text`,
    `${pad2("--coverage-output FILE")}write the coverage report to FILE (implies --coverage); by default it`,
    `${more}follows the report on standard output (JSON: a "coverage" member)`,
    `${pad2("--coverage-threshold T")}[statuses=|rules=|branches=]PERCENT, repeatable (implies --coverage):`,
    `${more}exit 4 when that coverage (all three without a kind) is below PERCENT`
  ].join("\n");
}
function parseCoverage(values, jsonReport) {
  const given = values.coverage === true || values["coverage-format"] !== void 0 || values["coverage-output"] !== void 0 || values["coverage-threshold"] !== void 0;
  if (!given) return null;
  const format = values["coverage-format"] ?? (jsonReport ? "json" : "text");
  if (!COVERAGE_FORMATS.includes(format)) {
    throw new UsageError(
      `--coverage-format must be ${COVERAGE_FORMATS.join(", ")}; got "${printable(format)}"`
    );
  }
  const output = values["coverage-output"];
  if (output === "") throw new UsageError("--coverage-output needs a file name");
  const thresholds = {};
  for (const text2 of values["coverage-threshold"] ?? []) {
    const m = /^(?:(statuses|rules|branches)=)?(\d{1,3}(?:\.\d+)?)%?$/.exec(text2);
    const percent2 = m === null ? Number.NaN : Number(m[2]);
    if (m === null || !(percent2 >= 0 && percent2 <= 100)) {
      throw new UsageError(
        `--coverage-threshold must be [statuses=|rules=|branches=]PERCENT (0 to 100), got "${printable(text2)}"`
      );
    }
    for (const kind of m[1] === void 0 ? COVERAGE_KINDS : [m[1]])
      thresholds[kind] = percent2;
  }
  return { format, output: output ?? null, thresholds };
}
function belowThresholds(totals, thresholds) {
  const out = [];
  for (const kind of COVERAGE_KINDS) {
    const threshold = thresholds[kind];
    if (threshold !== void 0 && totals[kind].percent < threshold) {
      out.push({ kind, ratio: totals[kind], threshold });
    }
  }
  return out;
}
function thresholdMessage(below) {
  const list = below.map((b2) => `${b2.kind} ${b2.ratio.percent}% < ${b2.threshold}%`).join(", ");
  return `coverage below --coverage-threshold: ${list}`;
}
function displayPath(path, cwd = process.cwd()) {
  const rel = relative2(cwd, resolve2(cwd, path));
  return (rel === "" || rel.startsWith("..") ? path : rel).split(sep2).join("/");
}
async function policyPositions(path) {
  const read2 = await readTextFile(path, void 0, DEFAULT_MAX_BYTES * 16, "--limit maxFileBytes");
  if ("problem" in read2) return null;
  const text2 = read2.text.charCodeAt(0) === 65279 ? read2.text.slice(1) : read2.text;
  const source2 = extname2(path).toLowerCase() === ".json" ? parseJsonSource(text2) : parseYamlSource(text2);
  return source2.positions;
}
function what(kind, path) {
  if (kind === "filter") return "the filter";
  if (kind === "field") {
    const key = path.slice(path.lastIndexOf("/") + 1).replace(/~1/g, "/").replace(/~0/g, "~");
    return `"${showText(key)}"`;
  }
  return `$${kind}`;
}
function where(b2) {
  return b2.status === null ? "of the scope" : `in rule ${b2.rule + 1} of "${showText(b2.status)}"`;
}
function uncovered(c, subject) {
  const by = subject === "test" ? "by no test" : "by no record";
  const times = (n) => `${n} ${subject}${n === 1 ? "" : "s"}`;
  const out = [];
  for (const s of c.statuses) {
    if (s.count === 0) {
      out.push({
        code: "UNCOVERED_STATUS",
        message: `status "${showText(s.status)}" was reached ${by}`,
        path: s.path
      });
    }
  }
  for (const r of c.rules) {
    if (r.decided === 0) {
      out.push({
        code: "UNCOVERED_RULE",
        message: `rule ${r.index + 1} of "${showText(r.status)}" decided no ${subject}`,
        path: r.path
      });
    }
  }
  for (const b2 of c.branches) {
    if (b2.true > 0 && b2.false > 0) continue;
    const seen = b2.true === 0 && b2.false === 0 ? "was never evaluated (an earlier condition or rule always decided first)" : b2.true === 0 ? `was never true (false for ${times(b2.false)})` : `was never false (true for ${times(b2.true)})`;
    out.push({
      code: "UNCOVERED_BRANCH",
      message: `${what(b2.kind, b2.path)} ${where(b2)} ${seen}`,
      path: b2.path
    });
  }
  return out;
}
function locate(positions, path) {
  return positions === null ? null : positions.locate(path, "key");
}
function coverageReports(policies, subject) {
  return policies.map((p) => ({
    file: p.file,
    diagnostics: uncovered(p.coverage, subject).map((u) => {
      const at2 = locate(p.positions, u.path);
      return { severity: "warning", code: u.code, message: u.message, path: u.path, ...at2 ?? {} };
    }).sort((a, b2) => (a.line ?? 0) - (b2.line ?? 0) || (a.column ?? 0) - (b2.column ?? 0))
  }));
}
var ratioText = (r) => `${r.covered}/${r.total} (${r.percent}%)`;
function totalsText(t) {
  return `statuses ${ratioText(t.statuses)}, rules ${ratioText(t.rules)}, branches ${ratioText(t.branches)}`;
}
function formatText(policies, subject) {
  const lines = [`coverage: ${totalsText(coverageTotals(policies.map((p) => p.coverage)))}`];
  for (const p of policies) {
    lines.push(
      `  ${printable(p.file)} ("${printable(p.coverage.policy)}", ${p.coverage.evaluated} ${subject}s): ${totalsText(coverageTotals([p.coverage]))}`
    );
  }
  for (const r of coverageReports(policies, subject)) {
    for (const d of r.diagnostics) {
      const file = printable(r.file);
      const at2 = d.line === void 0 ? file : `${file}:${d.line}:${d.column ?? 1}`;
      lines.push(`${at2} ${d.severity} ${d.code} ${printable(d.message)}`);
    }
  }
  return `${lines.join("\n")}
`;
}
function coverageJson(policies, subject) {
  const placed = (p, item) => ({
    ...item,
    ...locate(p.positions, item.path) ?? {}
  });
  return {
    totals: coverageTotals(policies.map((p) => p.coverage)),
    policies: policies.map((p) => ({
      file: p.file,
      policy: p.coverage.policy,
      evaluated: p.coverage.evaluated,
      applicable: p.coverage.applicable,
      totals: coverageTotals([p.coverage]),
      statuses: p.coverage.statuses.map((s) => placed(p, s)),
      rules: p.coverage.rules.map((r) => placed(p, r)),
      branches: p.coverage.branches.map((b2) => placed(p, b2))
    })),
    uncovered: coverageReports(policies, subject).flatMap(
      (r) => r.diagnostics.map((d) => ({ file: r.file, ...d }))
    )
  };
}
function formatLcov(policies) {
  const out = [];
  for (const p of policies) {
    const c = p.coverage;
    const line = (path) => locate(p.positions, path)?.line ?? 1;
    out.push("TN:", `SF:${printable(p.file)}`);
    const names = /* @__PURE__ */ new Set();
    const fns = c.rules.map((r) => {
      let name = printable(`${r.status} rule ${r.index + 1}`).replace(/,/g, "_");
      while (names.has(name)) name += "_";
      names.add(name);
      return { name, line: line(r.path), count: r.decided };
    });
    for (const f of fns) out.push(`FN:${f.line},${f.name}`);
    for (const f of fns) out.push(`FNDA:${f.count},${f.name}`);
    out.push(`FNF:${fns.length}`, `FNH:${fns.filter((f) => f.count > 0).length}`);
    let found = 0;
    let hit = 0;
    c.branches.forEach((b2, i) => {
      const seen = b2.true + b2.false > 0;
      const at2 = line(b2.path);
      out.push(`BRDA:${at2},${i},0,${seen ? b2.true : "-"}`, `BRDA:${at2},${i},1,${seen ? b2.false : "-"}`);
      found += 2;
      hit += (b2.true > 0 ? 1 : 0) + (b2.false > 0 ? 1 : 0);
    });
    out.push(`BRF:${found}`, `BRH:${hit}`);
    const lines = /* @__PURE__ */ new Map();
    const add = (path, count2) => {
      const at2 = line(path);
      const before = lines.get(at2);
      lines.set(at2, before === void 0 ? count2 : Math.min(before, count2));
    };
    for (const s of c.statuses) add(s.path, s.count);
    for (const r of c.rules) add(r.path, r.decided);
    for (const b2 of c.branches) add(b2.path, b2.true + b2.false);
    const sorted = [...lines].sort((a, b2) => a[0] - b2[0]);
    for (const [at2, count2] of sorted) out.push(`DA:${at2},${count2}`);
    out.push(`LF:${sorted.length}`, `LH:${sorted.filter(([, n]) => n > 0).length}`, "end_of_record");
  }
  return `${out.join("\n")}
`;
}
var VERSION = "0.1.0";
function formatCoverage(format, policies, subject) {
  switch (format) {
    case "text":
      return formatText(policies, subject);
    case "json":
      return `${JSON.stringify({ coverage: coverageJson(policies, subject) }, null, 2)}
`;
    case "lcov":
      return formatLcov(policies);
    case "sarif":
      return formatSarif(coverageReports(policies, subject), { name: "svc-policy", version: VERSION });
    case "github":
      return formatGithub(coverageReports(policies, subject));
  }
}

// src/cli/eval-fail-on.ts
function parseFailOn(values, policies) {
  const known = new Set(policies.flatMap((p) => p.statuses.map((s) => s.name)));
  const out = [];
  for (const text2 of values.flatMap((v) => v.split(","))) {
    const item = text2.trim();
    if (item === "") throw new UsageError("--fail-on: an empty condition");
    const m = /^criticality\s*(>=|>)\s*(-?\d+(?:\.\d+)?)$/.exec(item);
    if (m) {
      out.push({ kind: "criticality", text: item, min: Number(m[2]), strict: m[1] === ">" });
      continue;
    }
    if (item.startsWith("criticality")) {
      throw new UsageError(`--fail-on: "${item}" is not criticality>=N or criticality>N`);
    }
    if (!known.has(item)) {
      throw new UsageError(`--fail-on: no policy has a status named "${item}"`);
    }
    out.push({ kind: "status", text: item, status: item });
  }
  return out;
}
function conditionMet(conditions, status, criticality) {
  return conditions.find(
    (c) => c.kind === "status" ? c.status === status : c.strict ? criticality > c.min : criticality >= c.min
  );
}
function failures(summary2, conditions, withWaived = false) {
  const out = [];
  for (const p of summary2.policies) {
    if (p.skipped !== null) continue;
    for (const s of p.statuses) {
      const count2 = withWaived ? s.count : s.count - s.waived;
      if (count2 === 0) continue;
      const hit = conditionMet(conditions, s.status, s.criticality);
      if (hit) {
        out.push({
          policy: p.policy,
          status: s.status,
          criticality: s.criticality,
          count: count2,
          condition: hit.text
        });
      }
    }
  }
  return out;
}

// src/cli/format.ts
var SHOWN_VALUE_CHARS = 200;
function showValue2(value2) {
  let text2;
  try {
    text2 = JSON.stringify(value2) ?? String(value2);
  } catch {
    text2 = Array.isArray(value2) ? "[\u2026]" : "{\u2026}";
  }
  if (text2.length > SHOWN_VALUE_CHARS) text2 = `${text2.slice(0, SHOWN_VALUE_CHARS)}\u2026`;
  return printable(text2);
}
function describeFound(v) {
  if (!v.found) return "missing";
  const text2 = showValue2(v.value);
  if (v.version === void 0) return text2;
  return v.version === null ? `${text2} (not a version)` : `${text2} (version ${printable(v.version.normal)})`;
}
function describeOperators(clause) {
  const instants2 = clause.instants;
  if (instants2 === void 0) return printable(JSON.stringify(clause.operators));
  const parts = Object.entries(clause.operators).map(([name, operand2]) => {
    const instant = Object.hasOwn(instants2, name) ? instants2[name] : void 0;
    const o = operand2;
    if (instant === void 0 || typeof o !== "object" || o === null)
      return `${name} ${JSON.stringify(operand2)}`;
    const now = o.$now;
    const written = typeof now === "string" ? now.startsWith("-") ? `now${now}` : `now+${now}` : String(o.$at);
    return `${name} ${written} = ${instant}`;
  });
  return printable(parts.join(", "));
}
function failedClauses(conditions, indent) {
  const lines = [];
  for (const c of conditions) {
    if (c.held) continue;
    for (const clause of c.clauses) {
      if (clause.held || clause.kind !== "field") continue;
      const seen = clause.values.length === 0 ? "no value" : clause.values.map(describeFound).join(", ");
      lines.push(`${indent}${printable(clause.path)} ${describeOperators(clause)}: found ${seen}`);
    }
  }
  return lines;
}
function explanationText(e, indent = "  ", expected) {
  if (!e.result.applicable) return [`${indent}${printable(e.policy)}: not applicable (outside query.filter)`];
  const how = e.result.matched ? `rule ${e.result.matched.ruleIndex + 1}` : "no rule held: default";
  const lines = [
    `${indent}${printable(e.policy)}: ${printable(String(e.result.status))} (criticality ${e.result.criticality}, ${how})`
  ];
  const w = e.waiver;
  if (w !== void 0) {
    lines.push(
      `${indent}  waived by "${printable(w.id)}" until ${w.expires} (owner ${printable(w.owner)}: ${printable(w.reason)}${w.ticket === null ? "" : `, ${printable(w.ticket)}`})`
    );
  }
  const miss = e.nearestMiss;
  if (miss) {
    lines.push(
      `${indent}  nearest miss: "${printable(miss.status)}" rule ${miss.ruleIndex + 1}, ${miss.failed} of ${miss.conditions} conditions failed`
    );
    lines.push(...failedClauses(miss.failedConditions, `${indent}    `));
  }
  const want = expected === void 0 ? void 0 : e.statuses.find((s) => s.status === expected);
  if (want !== void 0 && want.status !== e.result.status && miss?.status !== want.status) {
    if (want.reached) {
      lines.push(
        `${indent}  "${printable(want.status)}" was reached too, but "${printable(String(e.result.status))}" has a higher criticality or comes first`
      );
    } else if (want.rules.length === 0) {
      lines.push(
        `${indent}  "${printable(want.status)}" is the default status: it applies only when no other status is reached`
      );
    } else {
      const closest2 = [...want.rules].sort((a, b2) => a.failed - b2.failed || a.index - b2.index)[0];
      lines.push(
        `${indent}  "${printable(want.status)}" closest rule ${closest2.index + 1}: ${closest2.failed} of ${closest2.conditions.length} conditions failed`
      );
      lines.push(...failedClauses(closest2.conditions, `${indent}    `));
    }
  }
  return lines;
}
function resourceId(resource) {
  if (typeof resource !== "object" || resource === null || Array.isArray(resource)) return null;
  const id = resource.id;
  return typeof id === "string" || typeof id === "number" ? id : null;
}

// src/cli/eval-sarif.ts
function levelOf(criticality, top, status, failOn) {
  if (failOn.length === 0) return criticality === top ? "error" : "warning";
  return conditionMet(failOn, status, criticality) === void 0 ? "warning" : "error";
}
var place = (positions, path) => positions === null ? null : positions.locate(path, "key");
async function sarifPlan(paths2, policies, active, failOn) {
  const files = await policyFiles(paths2);
  const rules = [];
  const planned = await Promise.all(
    active.map(async (p) => {
      const file = files[policies.indexOf(p)]?.path ?? p.name;
      const positions = await policyPositions(file);
      const top = Math.max(...p.statuses.map((s) => s.criticality));
      const statuses = p.definition.statuses.filter((s) => s.criticality > 0).map(
        (s) => ({
          status: s.name,
          level: levelOf(s.criticality, top, s.name, failOn),
          at: place(positions, s.path),
          rules: s.rules.map((r) => place(positions, r.path))
        })
      );
      return { uri: fileUri(displayPath(file)), policy: p, statuses };
    })
  );
  const plan3 = planned.map(({ uri, policy, statuses }) => ({
    uri,
    statuses: statuses.map((s) => {
      const criticality = policy.statuses.find((x) => x.name === s.status).criticality;
      rules.push({
        id: `${policy.name}/${s.status}`,
        name: `${policy.name}: ${s.status}`,
        shortDescription: { text: `"${policy.name}" gives "${s.status}" (criticality ${criticality})` },
        defaultConfiguration: { level: s.level },
        properties: { policy: policy.name, status: s.status, criticality }
      });
      return { ...s, ruleIndex: rules.length - 1 };
    })
  }));
  return { plan: { policies: plan3 }, rules };
}
function sarifDocument(tool, rules, asOf) {
  return sarifFrame(tool, rules, { properties: { asOf: new Date(asOf).toISOString() } });
}
var ESCAPED_ORDINAL = `"message":{"text":"record ${JSON.stringify(ORDINAL_MARK).slice(1, -1)}`;
function sarifResults(event, policies, plan3, ordinal) {
  const id = resourceId(event.resource);
  const who = id === null ? `record ${ordinal}` : `"${String(id)}"`;
  const out = [];
  event.results.forEach(({ result }, i) => {
    const p = plan3.policies[i];
    const s = result.applicable ? p?.statuses.find((x) => x.status === result.status) : void 0;
    if (p === void 0 || s === void 0) return;
    const policy = policies[i];
    const rule = result.matched?.ruleIndex ?? null;
    const at2 = rule === null ? s.at : s.rules[rule] ?? s.at;
    const why = rule === null ? "no rule of another status holds (the default status)" : `rule ${rule + 1} of "${s.status}" holds`;
    const mark = result.waiver;
    const waiver = mark === void 0 ? void 0 : policy.waivers.find((w) => w.id === mark.id);
    const waived = mark === void 0 ? "" : `; waived by "${mark.id}" until ${mark.expires}`;
    const location = {
      physicalLocation: {
        artifactLocation: { uri: p.uri },
        ...at2 === null ? {} : { region: { startLine: Math.max(1, at2.line), startColumn: Math.max(1, at2.column) } }
      },
      ...id === null ? {} : { logicalLocations: [{ fullyQualifiedName: String(id), kind: "resource" }] }
    };
    const json = JSON.stringify({
      ruleId: `${policy.name}/${s.status}`,
      ruleIndex: s.ruleIndex,
      level: s.level,
      message: {
        text: `${who} is "${s.status}" (criticality ${result.criticality}) under policy "${policy.name}": ${why}${waived}`
      },
      locations: [location],
      ...mark === void 0 ? {} : {
        suppressions: [
          {
            kind: "external",
            status: "accepted",
            justification: `${waiver?.reason ?? ""} (${waiver?.owner ?? ""}, waiver ${mark.id}, until ${mark.expires})`,
            ...waiver?.ticket == null ? {} : { properties: { ticket: waiver.ticket } }
          }
        ]
      },
      properties: {
        status: s.status,
        criticality: result.criticality,
        ...mark === void 0 ? {} : { waiver: mark }
      }
    });
    out.push(json.replace(ESCAPED_ORDINAL, () => `"message":{"text":"record ${ORDINAL_MARK}`));
  });
  return out.length === 0 ? null : out.join(",\n");
}

// src/cli/eval-explain.ts
function explainSelection(values, limits, asOf, matched) {
  const ids = values.id === void 0 ? null : new Set(values.id);
  let where2 = null;
  if (values.where !== void 0) {
    let filter;
    try {
      filter = JSON.parse(values.where);
    } catch (error) {
      throw new UsageError(`--where is not JSON: ${error.message}`);
    }
    try {
      where2 = compileFilter(filter, { limits, asOf });
    } catch (error) {
      if (error instanceof FilterError) throw new UsageError(`--where: ${error.message} [${error.code}]`);
      throw error;
    }
  }
  if (ids === null && where2 === null) return values.explain === true ? () => true : null;
  return (resource) => {
    if (ids !== null) {
      const id = resourceId(resource);
      if (id !== null && ids.has(String(id))) {
        matched?.add(String(id));
        return true;
      }
    }
    return where2?.(resource) === true;
  };
}
function explanations(event, policies) {
  return policies.map((p, i) => {
    const result = event.results[i].result;
    if (event.kind !== null && p.resource !== void 0 && p.resource !== event.kind) {
      return { policy: p.name, result, otherKind: { record: event.kind, policy: p.resource } };
    }
    return p.explain(event.resource);
  });
}
function explainText(index, event, list) {
  const id = resourceId(event.resource);
  const ordinal = index === INDEX_MARK ? ORDINAL_MARK : String(Number(index) + 1);
  const lines = [`record ${ordinal}${id === null ? "" : ` (${printable(String(id))})`}`];
  for (const e of list) {
    if ("otherKind" in e) {
      lines.push(
        `  ${printable(e.policy)}: not applicable (a "${printable(e.otherKind.record)}" record; the policy is for "${printable(e.otherKind.policy)}")`
      );
    } else lines.push(...explanationText(e));
  }
  return `${lines.join("\n")}
`;
}
function renderer(policies, options) {
  const matchedIds = /* @__PURE__ */ new Set();
  const selected2 = explainSelection(options, options.limits, options.asOf, matchedIds);
  const limit = options.explainLimit;
  let explainedCount = 0;
  let leftOut = 0;
  const format = options.format;
  const line = (event, index, explained) => {
    const record2 = {
      id: resourceId(event.resource),
      results: event.results.map((o) => ({ policy: o.policy, ...o.result }))
    };
    if (explained !== null) record2.explanations = explained;
    return `{"index":${index},${JSON.stringify(record2).slice(1)}`;
  };
  const build2 = (event, index, explained) => {
    switch (format) {
      case "ndjson":
        return line(event, index, explained);
      case "json":
        return explained === null ? null : line(event, index, explained);
      case "table":
        return explained === null ? null : explainText(index, event, explained);
      case "sarif":
        return sarifResults(
          event,
          policies,
          options.sarif,
          index === INDEX_MARK ? ORDINAL_MARK : String(Number(index) + 1)
        );
    }
  };
  const explain = (event) => {
    if (selected2?.(event.resource) !== true) return false;
    if (explainedCount >= limit) {
      leftOut++;
      return false;
    }
    explainedCount++;
    return true;
  };
  const render = (event, index) => build2(event, index, explain(event) ? explanations(event, policies) : null);
  const candidate = (event, index) => {
    if (!explain(event)) return build2(event, index, null);
    return [build2(event, index, explanations(event, policies)), build2(event, index, null)];
  };
  return Object.assign(render, { matchedIds, candidate, leftOut: () => leftOut });
}
var DEFAULT_EXPLAIN_LIMIT = 100;
function parseExplainLimit(value2, explaining) {
  if (value2 === void 0) return DEFAULT_EXPLAIN_LIMIT;
  if (!/^[1-9]\d{0,14}$/.test(value2)) {
    throw new UsageError(`--explain-limit must be a positive integer, got "${value2}"`);
  }
  if (!explaining) throw new UsageError("--explain-limit needs --explain, --id or --where");
  return Number(value2);
}
function unmatchedIds(ids, matched) {
  return [...new Set(ids ?? [])].filter((id) => !matched.has(id));
}

// src/cli/main.ts
import { readFileSync } from "fs";
import { dirname as dirname3, join as join4 } from "path";
import { fileURLToPath as fileURLToPath2 } from "url";

// src/resources/schema.ts
function recordType(description) {
  return { type: "object", open: false, fields: description.fields };
}
function resolvePath(root, path) {
  let type = root;
  let blocked;
  for (let i = 0; i < path.length; i++) {
    const step = path[i];
    if (type.type === "any") break;
    if (step.kind === "any") {
      if (type.type !== "array") return { kind: "selector-on-non-array", step: i, parent: type };
      type = type.items;
    } else {
      switch (type.type) {
        case "object": {
          const field = hasOwn(type.fields, step.key) ? type.fields[step.key] : void 0;
          if (field !== void 0) type = field;
          else if (type.open) type = { type: "any" };
          else return { kind: "unknown", step: i, parent: type };
          break;
        }
        case "map":
          type = type.values;
          break;
        case "array":
          return { kind: "key-on-array", step: i, parent: type };
        default:
          return { kind: "through-scalar", step: i, parent: type };
      }
    }
    if (type.filterable === false && blocked === void 0) blocked = i;
  }
  return { kind: "ok", type, ...blocked === void 0 ? {} : { blocked } };
}
function operandsOf(op) {
  const value2 = (op2) => [{ value: op2.value }];
  return byFamily(op, {
    equality: value2,
    order: value2,
    exists: () => [],
    version: value2,
    membership: (op2) => op2.values.map((value3, index) => ({ value: value3, index })),
    like: (op2) => [{ value: op2.pattern }],
    time: () => [],
    elemMatch: () => []
  });
}
function testsPresence(op) {
  return byFamily(op, {
    exists: () => true,
    equality: (op2) => op2.value === null,
    membership: (op2) => op2.values.length > 0 && op2.values.every((v) => v === null),
    order: () => false,
    like: () => false,
    version: () => false,
    time: () => false,
    elemMatch: () => false
  });
}
function sameType(type, value2) {
  switch (type.type) {
    case "string":
    case "timestamp":
      return typeof value2 === "string";
    case "integer":
    case "number":
      return typeof value2 === "number";
    case "boolean":
      return typeof value2 === "boolean";
  }
}
function operatorProblems(type, op) {
  if (type.type === "map" || type.type === "object") {
    if (op.kind === "elemMatch" || testsPresence(op)) return [];
    return [{ kind: "compares-object" }];
  }
  const scalar3 = type;
  const strings = scalar3.type === "string" || scalar3.type === "timestamp";
  const operands = () => operandsOf(op).flatMap(
    ({ value: value2, index }) => value2 === null || sameType(scalar3, value2) ? [] : [{ kind: "operand", value: value2, ...index === void 0 ? {} : { index } }]
  );
  return byFamily(op, {
    exists: () => [],
    // The fields inside are checked as fields of the element; here only whether elements are objects.
    elemMatch: (op2) => op2.filter.clauses.length === 0 ? [] : [{ kind: "elements-not-objects" }],
    // Only strings can be versions, and a timestamp never is one (it holds a `:`).
    version: () => scalar3.type === "string" ? [] : [{ kind: "versions-need-strings" }],
    like: () => strings ? [] : [{ kind: "like-needs-strings" }],
    time: () => scalar3.type === "timestamp" ? [] : [{ kind: "instants-need-timestamps" }],
    order: () => scalar3.type === "boolean" ? [{ kind: "booleans-unordered" }] : operands(),
    equality: operands,
    membership: operands
  });
}
function checkField(root, path, operators) {
  const resolution = resolvePath(root, path);
  if (resolution.kind !== "ok") return { resolution, problems: [resolution] };
  const problems = resolution.blocked === void 0 ? [] : [{ kind: "unfilterable", step: resolution.blocked }];
  const type = resolution.type;
  if (type.type === "any") return { resolution, problems };
  if (type.type === "array") {
    const compared = operators.flatMap((op, i) => testsPresence(op) ? [] : [i]);
    if (compared.length > 0) problems.push({ kind: "array-compared", type, operators: compared });
    return { resolution, problems };
  }
  operators.forEach((op, operator) => {
    for (const problem of operatorProblems(type, op))
      problems.push({ kind: "operator", operator, type, problem });
  });
  return { resolution, problems };
}
function describeType(type) {
  switch (type.type) {
    case "string":
      return "a string";
    case "integer":
    case "number":
      return "a number";
    case "boolean":
      return "a boolean";
    case "timestamp":
      return "a timestamp (ISO 8601 string)";
    case "array":
      return `an array of ${plural(type.items)}`;
    case "map":
      return `a map of ${plural(type.values)}`;
    case "object":
      return "an object";
    case "any":
      return "a value of any type";
  }
}
function plural(type) {
  switch (type.type) {
    case "string":
      return "strings";
    case "integer":
    case "number":
      return "numbers";
    case "boolean":
      return "booleans";
    case "timestamp":
      return "timestamps";
    case "object":
      return "objects";
    default:
      return `(${describeType(type)})`;
  }
}

// src/validate/checks/array-selectors.ts
var arraySelectors = {
  name: "array-selectors",
  run(model, report) {
    for (const filter of model.filters) {
      for (const site of filter.fields) {
        const key = site.key;
        for (const r of site.problems ?? []) {
          if (r.kind === "selector-on-non-array") {
            const head = printPath(site.node.path.slice(0, r.step));
            report({
              severity: "error",
              code: "SELECTOR_ON_NON_ARRAY",
              message: `"${showText(key)}" selects elements of "${head || "the resource"}", which is ${describeType(r.parent)}, not an array: the condition never holds`,
              path: site.pointer,
              anchor: "key"
            });
          } else if (r.kind === "key-on-array") {
            const head = printPath(site.node.path.slice(0, r.step));
            const fixed = printPath([
              ...site.node.path.slice(0, r.step),
              { kind: "any" },
              ...site.node.path.slice(r.step)
            ]);
            const items = r.parent.type === "array" ? r.parent.items.type : "any";
            const advice = items === "object" || items === "map" || items === "any" ? `write "${showText(fixed)}"` : `its elements have no keys either`;
            report({
              severity: "error",
              code: "MISSING_ARRAY_SELECTOR",
              message: `"${showText(head)}" is ${describeType(r.parent)}; "${showText(key)}" reads a key of the array itself, which is always missing; ${advice}`,
              path: site.pointer,
              anchor: "key"
            });
          } else if (r.kind === "array-compared") {
            const names = r.operators.map((i) => `"${OPERATOR_NAMES[site.node.operators[i].kind]}"`).join(", ");
            report({
              severity: "error",
              code: "MISSING_ARRAY_SELECTOR",
              message: `"${showText(key)}" is ${describeType(r.type)} and arrays are compared as values, so ${names} never compares its elements; write "${key}${PATH_SEPARATOR}${ARRAY_ANY}"`,
              path: site.pointer,
              anchor: "key"
            });
          }
        }
      }
    }
  }
};

// src/validate/checks/dotted-paths.ts
var DOTTED = /^[A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)+$/;
function stepIn(root, path, step) {
  if (root === void 0) return "open";
  const before = resolvePath(root, path.slice(0, step));
  if (before.kind !== "ok") return "known";
  if (before.type.type === "map") return "known";
  if (before.type.type === "any") return "open";
  const at2 = path[step];
  if (before.type.type === "object" && before.type.open && at2?.kind === "key" && !Object.hasOwn(before.type.fields, at2.key)) {
    return "open";
  }
  const upTo = resolvePath(root, path.slice(0, step + 1));
  return upTo.kind === "unknown" && upTo.step === step ? "unknown" : "known";
}
function split(site, step, key) {
  const keys = key.split(".").map((k) => ({ kind: "key", key: k }));
  return printPath([...site.node.path.slice(0, step), ...keys, ...site.node.path.slice(step + 1)]);
}
function dottedPathHint(model, site) {
  const path = site.node.path;
  for (let i = 0; i < path.length; i++) {
    const s = path[i];
    if (s.kind !== "key" || !DOTTED.test(s.key)) continue;
    if (stepIn(model.rootType, path, i) === "known") continue;
    return { step: i, rewrite: split(site, i, s.key) };
  }
  return void 0;
}
var dottedPaths = {
  name: "dotted-paths",
  run(model, report) {
    for (const filter of model.filters) {
      for (const site of filter.fields) {
        if (site.k8s) continue;
        const hint = dottedPathHint(model, site);
        if (hint === void 0) continue;
        const step = site.node.path[hint.step];
        report({
          severity: "warning",
          code: "DOTTED_PATH",
          message: `"${showText(step.key)}" in "${showText(site.key)}" is one key with dots in its name, which a ${model.resource ?? "resource"} does not have: paths join keys with "$." (not "." as in MongoDB); did you mean "${showText(hint.rewrite)}"?`,
          path: site.pointer,
          anchor: "key"
        });
      }
    }
  }
};

// src/validate/checks/duplicate-statuses.ts
function canonical(value2) {
  if (Array.isArray(value2)) return `[${value2.map(canonical).join(",")}]`;
  if (typeof value2 === "object" && value2 !== null) {
    const entries = Object.keys(value2).sort().map((k) => `${JSON.stringify(k)}:${canonical(value2[k])}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value2);
}
function ruleSet(status) {
  const rules = status.rules.map(
    (rule) => canonical([...new Set(rule.conditions.map((c) => canonical(printParsed(c.filter))))].sort())
  );
  return canonical([...new Set(rules)].sort());
}
function evaluationOrder(statuses) {
  return statuses.filter((s) => s.rules.length > 0).sort((a, b2) => b2.criticality - a.criticality || a.index - b2.index);
}
function duplicatePairs(statuses) {
  const first = /* @__PURE__ */ new Map();
  const out = [];
  for (const s of evaluationOrder(statuses)) {
    const key = ruleSet(s);
    const winner = first.get(key);
    if (winner === void 0) first.set(key, s);
    else out.push([winner, s]);
  }
  return out;
}
var duplicateStatuses = {
  name: "duplicate-statuses",
  run(model, report) {
    const definition = model.check.definition;
    if (definition === void 0) return;
    for (const [winner, loser] of duplicatePairs(definition.statuses)) {
      report({
        severity: "warning",
        code: "DUPLICATE_STATUS_RULES",
        message: `status "${showText(loser.name)}" has the same rules as "${showText(winner.name)}", which is evaluated first (criticality ${winner.criticality}): "${showText(loser.name)}" is never given through them`,
        path: loser.path,
        anchor: "key"
      });
    }
  }
};

// src/query/suggest.ts
function editDistance(a, b2, cap = Number.POSITIVE_INFINITY) {
  if (Math.abs(a.length - b2.length) > cap) return cap + 1;
  let prev = Array.from({ length: b2.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b2.length; j++) {
      const cost = a[i - 1] === b2[j - 1] ? 0 : 1;
      const v = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      row.push(v);
      if (v < best) best = v;
    }
    if (best > cap) return cap + 1;
    prev = row;
  }
  return prev[b2.length];
}
function closest(name, known) {
  if (name.length > MAX_SHOWN_TEXT) return void 0;
  const lower = name.toLowerCase();
  let best;
  let bestDistance = Math.max(2, Math.floor(name.length / 3));
  for (const candidate of known) {
    if (candidate.toLowerCase() === lower) return candidate;
    const d = editDistance(lower, candidate.toLowerCase(), bestDistance);
    if (d < bestDistance || d === bestDistance && best === void 0) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

// src/validate/checks/field-paths.ts
function suggestKey(problem, name) {
  return problem.kind === "unknown" && problem.parent.type === "object" ? closest(name, objectKeys(problem.parent.fields)) : void 0;
}
var fieldPaths = {
  name: "field-paths",
  run(model, report) {
    const kind = model.resource ?? "resource";
    for (const filter of model.filters) {
      for (const site of filter.fields) {
        if (site.k8s) continue;
        for (const r of site.problems ?? []) {
          if (r.kind !== "unknown" && r.kind !== "through-scalar") continue;
          const head = printPath(site.node.path.slice(0, r.step));
          const step = site.node.path[r.step];
          const name = step.kind === "key" ? step.key : "";
          let message;
          if (r.kind === "through-scalar") {
            message = `field "${showText(head)}" of a ${kind} is ${describeType(r.parent)}, so "${showText(site.key)}" reads nothing and never matches`;
          } else {
            const where2 = r.step === 0 ? `a ${kind}` : `"${showText(head)}" of a ${kind}`;
            const dotted = dottedPathHint(model, site);
            const suggestion2 = suggestKey(r, name);
            const hint = dotted?.step === r.step ? `; paths join keys with "$.": did you mean "${showText(dotted.rewrite)}"?` : suggestion2 === void 0 ? "" : `; did you mean "${printPath([...site.node.path.slice(0, r.step), { kind: "key", key: suggestion2 }])}"?`;
            const inKey = site.node.path.length === 1 ? "" : ` in "${showText(site.key)}"`;
            message = `unknown field "${showText(name)}"${inKey}: ${where2} has no such field${hint}`;
          }
          report({ severity: "error", code: "UNKNOWN_FIELD", message, path: site.pointer, anchor: "key" });
        }
      }
    }
  }
};

// src/validate/instants.ts
var TEXT = {
  lo: timestampMs("0000-01-01T00:00:00+23:59"),
  hi: timestampMs("9999-12-31T23:59:59.999-23:59")
};
var OPEN = { lo: -Infinity, hi: Infinity };
function constraints(ops) {
  let positive = false;
  const spans = { at: TEXT, now: OPEN };
  const excluded = { at: [], now: [] };
  for (const op of ops) {
    const { base, ms } = op.instant;
    const c = comparisonOf(op);
    if (c === "ne") {
      excluded[base].push(ms);
      continue;
    }
    positive = true;
    const lo = c === "eq" || c === "gte" ? ms : c === "gt" ? ms + 1 : -Infinity;
    const hi = c === "eq" || c === "lte" ? ms : c === "lt" ? ms - 1 : Infinity;
    const s = spans[base];
    spans[base] = { lo: Math.max(s.lo, lo), hi: Math.min(s.hi, hi) };
  }
  return {
    positive,
    at: { span: spans.at, excluded: excluded.at },
    now: { span: spans.now, excluded: excluded.now }
  };
}
var holds2 = (b2, x) => b2.span.lo <= x && x <= b2.span.hi && !b2.excluded.includes(x);
function isEmptyBase(b2) {
  const { lo, hi } = b2.span;
  if (lo > hi) return true;
  if (hi - lo === Infinity) return false;
  const inside2 = new Set(b2.excluded.filter((x) => lo <= x && x <= hi));
  return hi - lo + 1 <= inside2.size;
}
function instantsPossible(ops, s) {
  if (ops.length === 0) return true;
  const c = constraints(ops);
  const t = timestampMs(s);
  if (Number.isNaN(t)) return !c.positive;
  return holds2(c.at, t) && !isEmptyBase(c.now);
}
function instantsCertain(ops, s) {
  if (ops.length === 0) return true;
  const c = constraints(ops);
  const t = timestampMs(s);
  if (Number.isNaN(t)) return !c.positive;
  return holds2(c.at, t) && c.now.span === OPEN && c.now.excluded.length === 0;
}
function instantsEmpty(ops) {
  if (ops.length === 0) return false;
  const c = constraints(ops);
  return c.positive && (isEmptyBase(c.at) || isEmptyBase(c.now));
}
var within = (a, b2) => a.lo >= b2.lo && a.hi <= b2.hi;
function instantsImply(a, b2) {
  if (b2.length === 0 || instantsEmpty(a)) return true;
  const ca = constraints(a);
  const cb = constraints(b2);
  if (cb.positive && !ca.positive) return false;
  return within(ca.at.span, cb.at.span) && within(ca.now.span, cb.now.span) && cb.at.excluded.every((x) => !holds2(ca.at, x)) && cb.now.excluded.every((x) => !holds2(ca.now, x));
}

// src/validate/domain.ts
var cmpNum = (a, b2) => a - b2;
var ANY_ORDERED = { none: false, excluded: [], likes: [], versions: [], instants: [] };
var NO_ORDERED = { none: true, excluded: [], likes: [], versions: [], instants: [] };
var TOP = {
  missing: true,
  other: true,
  bools: [true, false],
  str: ANY_ORDERED,
  num: ANY_ORDERED
};
var NOTHING = { missing: false, other: false, bools: [], str: NO_ORDERED, num: NO_ORDERED };
var likeCache = /* @__PURE__ */ new Map();
function likeMatch(pattern, s) {
  let m = likeCache.get(pattern);
  if (m === void 0) {
    m = compileLike(pattern);
    if (likeCache.size > 1e3) likeCache.clear();
    likeCache.set(pattern, m);
  }
  return m(s);
}
function versionsAccept(versions2, s) {
  return versions2.every((op) => compileOperator(op, compileClosures)(s));
}
var sameVersionOp = (a, b2) => a.kind === b2.kind && a.value === b2.value;
function operatorDomain(op) {
  const negated2 = factsOf(op).negated === true;
  return byFamily(op, {
    equality: (op2) => {
      const v = op2.value;
      if (!negated2) return v === null ? { ...NOTHING, missing: true } : only([v]);
      if (v === null) return { ...TOP, missing: false };
      if (typeof v === "boolean") return { ...TOP, bools: [!v] };
      if (typeof v === "string") return { ...TOP, str: { ...ANY_ORDERED, excluded: [v] } };
      return { ...TOP, num: { ...ANY_ORDERED, excluded: [v] } };
    },
    order: (op2) => {
      const comparison = comparisonOf(op2);
      const bound2 = { value: op2.value, inclusive: comparison === "gte" || comparison === "lte" };
      const side2 = comparison === "gt" || comparison === "gte" ? { lo: bound2 } : { hi: bound2 };
      return typeof op2.value === "string" ? { ...NOTHING, str: { ...ANY_ORDERED, ...side2 } } : { ...NOTHING, num: { ...ANY_ORDERED, ...side2 } };
    },
    membership: (op2) => negated2 ? {
      missing: !op2.values.includes(null),
      other: true,
      bools: [true, false].filter((b2) => !op2.values.includes(b2)),
      str: { ...ANY_ORDERED, excluded: op2.values.filter((v) => typeof v === "string") },
      num: { ...ANY_ORDERED, excluded: op2.values.filter((v) => typeof v === "number") }
    } : only(op2.values),
    like: (op2) => ({ ...NOTHING, str: { ...ANY_ORDERED, likes: [op2.pattern] } }),
    exists: (op2) => op2.value ? { ...TOP, missing: false } : { ...NOTHING, missing: true },
    // `$vne` is `not $veq`: everything but the strings that are versions equal to its operand.
    version: (op2) => ({ ...negated2 ? TOP : NOTHING, str: { ...ANY_ORDERED, versions: [op2] } }),
    // `$ne` with an instant is `not $eq`: everything but the timestamps of that instant.
    time: (op2) => ({ ...negated2 ? TOP : NOTHING, str: { ...ANY_ORDERED, instants: [op2] } }),
    // Objects are "other"; what the filter asks of them is not modelled (the fields inside are
    // checked as sites of their own).
    elemMatch: (op2) => op2.filter.clauses.length === 0 ? TOP : { ...NOTHING, other: true }
  });
}
function only(values) {
  const strs = values.filter((v) => typeof v === "string");
  const nums = values.filter((v) => typeof v === "number");
  return {
    missing: values.includes(null),
    other: false,
    bools: [true, false].filter((b2) => values.includes(b2)),
    str: strs.length === 0 ? NO_ORDERED : { ...ANY_ORDERED, set: strs },
    num: nums.length === 0 ? NO_ORDERED : { ...ANY_ORDERED, set: nums }
  };
}
function tighter(a, b2, cmp, lower) {
  if (a === void 0) return b2;
  if (b2 === void 0) return a;
  const c = cmp(a.value, b2.value);
  if (c === 0) return { value: a.value, inclusive: a.inclusive && b2.inclusive };
  return c > 0 === lower ? a : b2;
}
var SETS = /* @__PURE__ */ new WeakMap();
function contains(list, x) {
  if (list.length <= 16) return list.includes(x);
  let set = SETS.get(list);
  if (set === void 0) {
    set = new Set(list);
    SETS.set(list, set);
  }
  return set.has(x);
}
function intersectOrdered(a, b2, cmp) {
  const set = a.set === void 0 ? b2.set : b2.set === void 0 ? a.set : a.set.filter((x) => contains(b2.set, x));
  const lo = tighter(a.lo, b2.lo, cmp, true);
  const hi = tighter(a.hi, b2.hi, cmp, false);
  return {
    none: a.none || b2.none,
    ...set === void 0 ? {} : { set },
    ...lo === void 0 ? {} : { lo },
    ...hi === void 0 ? {} : { hi },
    excluded: [...a.excluded, ...b2.excluded],
    likes: [...a.likes, ...b2.likes],
    versions: [...a.versions, ...b2.versions],
    instants: [...a.instants, ...b2.instants]
  };
}
function intersect(a, b2) {
  return {
    missing: a.missing && b2.missing,
    other: a.other && b2.other,
    bools: a.bools.filter((x) => b2.bools.includes(x)),
    str: intersectOrdered(a.str, b2.str, compareCodePoints),
    num: intersectOrdered(a.num, b2.num, cmpNum)
  };
}
function fieldDomain(operators) {
  return operators.reduce((d, op) => intersect(d, operatorDomain(op)), TOP);
}
function inRange(o, x, cmp) {
  if (o.lo !== void 0) {
    const c = cmp(x, o.lo.value);
    if (c < 0 || c === 0 && !o.lo.inclusive) return false;
  }
  if (o.hi !== void 0) {
    const c = cmp(x, o.hi.value);
    if (c > 0 || c === 0 && !o.hi.inclusive) return false;
  }
  return true;
}
function accepts2(o, x, cmp, possibly) {
  if (o.none) return false;
  if (o.set !== void 0 && !contains(o.set, x)) return false;
  if (!inRange(o, x, cmp) || contains(o.excluded, x)) return false;
  const s = x;
  return o.likes.every((p) => likeMatch(p, s)) && versionsAccept(o.versions, s) && (possibly ? instantsPossible(o.instants, s) : instantsCertain(o.instants, s));
}
function finiteMembers(o, cmp) {
  if (o.none || instantsEmpty(o.instants)) return [];
  let candidates = o.set;
  if (candidates === void 0) {
    const literal2 = o.likes.map((p) => parseLike(p).pieces).find((pieces) => pieces.length === 1);
    if (literal2 !== void 0) candidates = [literal2[0]];
  }
  if (candidates === void 0 && o.lo !== void 0 && o.hi !== void 0) {
    const c = cmp(o.lo.value, o.hi.value);
    if (c > 0 || c === 0 && !(o.lo.inclusive && o.hi.inclusive)) return [];
    if (c === 0) candidates = [o.lo.value];
  }
  return candidates?.filter((x) => accepts2(o, x, cmp, true));
}
function isEmptyOrdered(o, cmp) {
  const members = finiteMembers(o, cmp);
  return members !== void 0 && members.length === 0;
}
function isEmpty(d) {
  return !d.missing && !d.other && d.bools.length === 0 && isEmptyOrdered(d.str, compareCodePoints) && isEmptyOrdered(d.num, cmpNum);
}
function boundWithin(inner, outer, cmp, lower) {
  if (outer === void 0) return true;
  if (inner === void 0) return false;
  const c = cmp(inner.value, outer.value);
  if (c === 0) return outer.inclusive || !inner.inclusive;
  return c > 0 === lower;
}
function subsetOrdered(a, b2, cmp) {
  const members = finiteMembers(a, cmp);
  if (members !== void 0) return members.every((x) => accepts2(b2, x, cmp, false));
  if (b2.none || b2.set !== void 0) return false;
  if (!b2.likes.every((p) => a.likes.includes(p))) return false;
  if (!b2.versions.every((v) => a.versions.some((w) => sameVersionOp(v, w)))) return false;
  if (!instantsImply(a.instants, b2.instants)) return false;
  if (!boundWithin(a.lo, b2.lo, cmp, true) || !boundWithin(a.hi, b2.hi, cmp, false)) return false;
  return b2.excluded.every(
    (x) => contains(a.excluded, x) || !inRange(a, x, cmp) || a.likes.some((p) => !likeMatch(p, x)) || !versionsAccept(a.versions, x) || !instantsPossible(a.instants, x)
  );
}
function isSubset(a, b2) {
  if (isEmpty(a)) return true;
  return (!a.missing || b2.missing) && (!a.other || b2.other) && a.bools.every((x) => b2.bools.includes(x)) && subsetOrdered(a.str, b2.str, compareCodePoints) && subsetOrdered(a.num, b2.num, cmpNum);
}

// src/validate/rules.ts
function scopeOf(model) {
  return model.filters.find((f) => f.node !== void 0 && f.pointer === `${model.base}/query/filter`);
}
function ruleViews(model) {
  const definition = model.check.definition;
  if (definition === void 0) return [];
  const byPointer = new Map(model.filters.filter((f) => f.node !== void 0).map((f) => [f.pointer, f]));
  const out = [];
  for (const status of definition.statuses) {
    status.rules.forEach((rule, index) => {
      const filters = rule.conditions.map((c) => byPointer.get(c.path)).filter((f) => f !== void 0);
      out.push({ status, index, rule, filters, conjunctive: filters.every((f) => !f.disjunctive) });
    });
  }
  return out;
}
function facts(filters) {
  return filters.flatMap((f) => f.fields.filter((s) => s.conjunctive));
}
var hasSelector = (site) => site.node.path.some((s) => s.kind === "any");
function pathDomain(sites2, key) {
  let d = TOP;
  for (const s of sites2)
    if (s.key === key && !hasSelector(s)) d = intersect(d, fieldDomain(s.node.operators));
  return d;
}
function firstConflict(sites2) {
  const seen = /* @__PURE__ */ new Map();
  for (const s of sites2) {
    if (hasSelector(s)) continue;
    const own2 = fieldDomain(s.node.operators);
    if (isEmpty(own2)) continue;
    const prev = seen.get(s.key);
    if (prev === void 0) {
      seen.set(s.key, { d: own2, first: s });
      continue;
    }
    const d = intersect(prev.d, own2);
    if (isEmpty(d)) return { site: s, with: prev.first };
    seen.set(s.key, { d, first: prev.first });
  }
  return void 0;
}
function neverHolds(sites2) {
  return sites2.some((s) => isEmpty(fieldDomain(s.node.operators))) || firstConflict(sites2) !== void 0;
}
function implies(premises, target) {
  return target.every((t) => {
    if (t.node.operators.some((op) => op.kind === "elemMatch")) {
      const want2 = operatorsJson(t);
      return premises.some((p) => p.key === t.key && operatorsJson(p) === want2);
    }
    const want = fieldDomain(t.node.operators);
    if (!hasSelector(t)) return isSubset(pathDomain(premises, t.key), want);
    return premises.some((p) => p.key === t.key && isSubset(fieldDomain(p.node.operators), want));
  });
}
var operatorsJson = (site) => JSON.stringify(printParsed({ kind: "filter", clauses: [site.node] }));

// src/validate/checks/impossible-conditions.ts
var show2 = (site) => JSON.stringify(printParsed({ kind: "filter", clauses: [site.node] }));
var impossibleConditions = {
  name: "impossible-conditions",
  run(model, report) {
    for (const filter of model.filters) {
      for (const site of filter.fields) {
        if (!isEmpty(fieldDomain(site.node.operators))) continue;
        report({
          severity: "warning",
          code: "IMPOSSIBLE_CONDITION",
          message: `${show2(site)} can never hold: no value satisfies all of its operators`,
          path: site.pointer,
          anchor: "key"
        });
      }
    }
    const scope = scopeOf(model);
    const scopeFacts = scope === void 0 ? [] : facts([scope]);
    const scopeConflict = firstConflict(scopeFacts);
    if (scopeConflict !== void 0) {
      report({
        severity: "warning",
        code: "IMPOSSIBLE_CONDITION",
        message: `${show2(scopeConflict.site)} contradicts ${show2(scopeConflict.with)} at ${showPointer(scopeConflict.with.pointer)}: the scope matches no resource`,
        path: scopeConflict.site.pointer,
        anchor: "key"
      });
      return;
    }
    for (const view of ruleViews(model)) {
      const conflict = firstConflict([...scopeFacts, ...facts(view.filters)]);
      if (conflict === void 0) continue;
      const inScope = scopeFacts.includes(conflict.with);
      report({
        severity: "warning",
        code: "IMPOSSIBLE_CONDITION",
        message: inScope ? `${show2(conflict.site)} contradicts the policy's scope ${show2(conflict.with)}: rule ${view.index + 1} of "${showText(view.status.name)}" never holds for a resource in scope` : `${show2(conflict.site)} contradicts ${show2(conflict.with)} at ${showPointer(conflict.with.pointer)}: rule ${view.index + 1} of "${showText(view.status.name)}" never holds`,
        path: conflict.site.pointer,
        anchor: "key"
      });
    }
  }
};

// src/validate/generated/policy-schema.ts
var import_ucs2length = __toESM(require_ucs2length(), 1);
var runtime_ucs2length = typeof import_ucs2length.default === "function" ? import_ucs2length.default : import_ucs2length.default.default;
var validate = validate20;
var schema33 = { "type": "object", "properties": { "$schema": { "type": "string", "description": "The JSON Schema of this file (for editors); ignored by the validator." }, "id": { "type": ["string", "integer"], "description": "Present when the policy was read back from the API; ignored." }, "createdAt": { "type": "string", "description": "Present when the policy was read back from the API; ignored." }, "updatedAt": { "type": "string", "description": "Present when the policy was read back from the API; ignored." }, "name": { "type": "string", "minLength": 1 }, "type": { "type": "string", "description": "Observed: governance.", "examples": ["governance"] }, "isActive": { "type": "boolean", "default": true }, "resource": { "type": "string", "description": "The resource kind the policy evaluates; field paths are checked for component and certificate.", "examples": ["component", "certificate"] }, "description": { "type": "string" }, "query": { "type": "object", "description": 'The scope: {} (every resource) or { "filter": \u2026 }.', "properties": { "filter": { "$ref": "#/$defs/filter" } }, "additionalProperties": false }, "statusDefinitions": { "type": "object", "description": "Status name \u2192 definition. Exactly one status has isDefault: true; the others need rules.", "minProperties": 1, "propertyNames": { "minLength": 1 }, "additionalProperties": { "$ref": "#/$defs/statusDefinition" } } }, "required": ["name", "statusDefinitions"], "additionalProperties": false };
var func1 = Object.prototype.hasOwnProperty;
var func2 = runtime_ucs2length;
var schema34 = { "type": "object", "description": 'Every key must hold. Keys are field paths (segments joined by "$.", e.g. details$.postgres$.lastActiveConnectionTime; __svcArrayAny__ selects some element of an array) mapping to operator objects, or $and, $or, $not.', "properties": { "$and": { "type": "array", "minItems": 1, "items": { "$ref": "#/$defs/filter" }, "description": "All filters hold." }, "$or": { "type": "array", "minItems": 1, "items": { "$ref": "#/$defs/filter" }, "description": "At least one filter holds." }, "$not": { "$ref": "#/$defs/filter", "description": "The filter does not hold." }, "id": { "$ref": "#/$defs/operators" }, "integrationId": { "$ref": "#/$defs/operators" }, "uniqueIdentifier": { "$ref": "#/$defs/operators" }, "region": { "$ref": "#/$defs/operators" }, "vendor": { "$ref": "#/$defs/operators" }, "technology": { "$ref": "#/$defs/operators" }, "type": { "$ref": "#/$defs/operators" }, "version": { "$ref": "#/$defs/operators" }, "hasAvailableSvcs": { "$ref": "#/$defs/operators" }, "tags": { "$ref": "#/$defs/operators" }, "customTags": { "$ref": "#/$defs/operators" }, "details": { "$ref": "#/$defs/operators" }, "createdAt": { "$ref": "#/$defs/operators" }, "updatedAt": { "$ref": "#/$defs/operators" }, "status": { "$ref": "#/$defs/operators" }, "issuer": { "$ref": "#/$defs/operators" }, "keyAlgorithm": { "$ref": "#/$defs/operators" }, "renewalEligibility": { "$ref": "#/$defs/operators" }, "domainName": { "$ref": "#/$defs/operators" }, "domains": { "$ref": "#/$defs/operators" }, "inUseBy": { "$ref": "#/$defs/operators" }, "created": { "$ref": "#/$defs/operators" }, "issuedAt": { "$ref": "#/$defs/operators" }, "validityStartDate": { "$ref": "#/$defs/operators" }, "expirationDate": { "$ref": "#/$defs/operators" }, "dueDate": { "$ref": "#/$defs/operators" }, "deletedAt": { "$ref": "#/$defs/operators" }, "componentIds": { "$ref": "#/$defs/operators" }, "displayType": { "$ref": "#/$defs/operators" } }, "propertyNames": { "anyOf": [{ "enum": ["$and", "$or", "$not"] }, { "pattern": "^[^$]" }] }, "additionalProperties": { "$ref": "#/$defs/operators" } };
var pattern4 = new RegExp("^[^$]", "u");
var schema35 = { "type": "object", "description": 'Every operator holds for the same value. There is no implicit equality: write { "$eq": \u2026 }.', "minProperties": 1, "properties": { "$eq": { "anyOf": [{ "$ref": "#/$defs/scalar" }, { "$ref": "#/$defs/instant" }], "description": 'Equal, with no type conversions; null matches a missing value. With an instant operand ({ "$now": \u2026 } or { "$at": \u2026 }): the value is a timestamp of that instant (compared at millisecond precision).' }, "$ne": { "anyOf": [{ "$ref": "#/$defs/scalar" }, { "$ref": "#/$defs/instant" }], "description": "Not $eq: matches missing values unless the operand is null. With an instant operand: also matches values that are not timestamps." }, "$gt": { "anyOf": [{ "$ref": "#/$defs/ordered" }, { "$ref": "#/$defs/instant" }], "description": 'Greater than (strings by code point, numbers numerically). With an instant operand ({ "$now": "P30D" } or { "$at": "2026-06-01T00:00:00Z" }): timestamps compared as instants; a value that is not a timestamp never matches.' }, "$gte": { "anyOf": [{ "$ref": "#/$defs/ordered" }, { "$ref": "#/$defs/instant" }], "description": "Greater than or equal." }, "$lt": { "anyOf": [{ "$ref": "#/$defs/ordered" }, { "$ref": "#/$defs/instant" }], "description": "Less than." }, "$lte": { "anyOf": [{ "$ref": "#/$defs/ordered" }, { "$ref": "#/$defs/instant" }], "description": "Less than or equal." }, "$in": { "type": "array", "items": { "$ref": "#/$defs/scalar" }, "description": "Equal to one of the values; null matches missing." }, "$nin": { "type": "array", "items": { "$ref": "#/$defs/scalar" }, "description": "Not $in." }, "$like": { "type": "string", "description": "Pattern: * is any run of characters, \\* a literal star; anchored, case-sensitive." }, "$exists": { "type": "boolean", "description": "true: present and not null; false: missing or null." }, "$veq": { "$ref": "#/$defs/version", "description": "A version equal to this one (1.29 = 1.29.0 = v1.29; build metadata ignored). A value that is not a version never matches." }, "$vne": { "$ref": "#/$defs/version", "description": "Not $veq: also matches values that are not versions, and missing values." }, "$vgt": { "$ref": "#/$defs/version", "description": "A version above this one (parts compare as integers: 1.100 > 1.29; a pre-release sorts before its release)." }, "$vgte": { "$ref": "#/$defs/version", "description": "A version above or equal to this one." }, "$vlt": { "$ref": "#/$defs/version", "description": "A version below this one (1.9 < 1.29)." }, "$vlte": { "$ref": "#/$defs/version", "description": "A version below or equal to this one." }, "$elemMatch": { "$ref": "#/$defs/filter", "description": "Only on a path ending at __svcArrayAny__: the element is an object satisfying the whole filter (paths relative to the element); {} holds for every element." } }, "additionalProperties": false };
var schema36 = { "type": ["string", "number", "boolean", "null"] };
var schema41 = { "type": ["string", "number"] };
var pattern5 = new RegExp("^-?P(?=[0-9]|T[0-9])([0-9]+W)?([0-9]+D)?(T(?=[0-9])([0-9]+H)?([0-9]+M)?([0-9]+([.][0-9]{1,3})?S)?)?$", "u");
var pattern6 = new RegExp("^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])[Tt]([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]([.][0-9]+)?([Zz]|[+-]([01][0-9]|2[0-3]):[0-5][0-9])$", "u");
function validate25(data, { instancePath = "", parentData, parentDataProperty, rootData = data, dynamicAnchors = {} } = {}) {
  let vErrors = null;
  let errors = 0;
  const evaluated0 = validate25.evaluated;
  if (evaluated0.dynamicProps) {
    evaluated0.props = void 0;
  }
  if (evaluated0.dynamicItems) {
    evaluated0.items = void 0;
  }
  const _errs0 = errors;
  let valid0 = false;
  let passing0 = null;
  const _errs1 = errors;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    if (data.$now === void 0) {
      const err0 = { instancePath, schemaPath: "#/oneOf/0/required", keyword: "required", params: { missingProperty: "$now" }, message: "must have required property '$now'" };
      if (vErrors === null) {
        vErrors = [err0];
      } else {
        vErrors.push(err0);
      }
      errors++;
    }
    for (const key0 in data) {
      if (!(key0 === "$now")) {
        const err1 = { instancePath, schemaPath: "#/oneOf/0/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties" };
        if (vErrors === null) {
          vErrors = [err1];
        } else {
          vErrors.push(err1);
        }
        errors++;
      }
    }
    if (data.$now !== void 0) {
      let data0 = data.$now;
      if (typeof data0 === "string") {
        if (!pattern5.test(data0)) {
          const err2 = { instancePath: instancePath + "/$now", schemaPath: "#/$defs/duration/pattern", keyword: "pattern", params: { pattern: "^-?P(?=[0-9]|T[0-9])([0-9]+W)?([0-9]+D)?(T(?=[0-9])([0-9]+H)?([0-9]+M)?([0-9]+([.][0-9]{1,3})?S)?)?$" }, message: 'must match pattern "^-?P(?=[0-9]|T[0-9])([0-9]+W)?([0-9]+D)?(T(?=[0-9])([0-9]+H)?([0-9]+M)?([0-9]+([.][0-9]{1,3})?S)?)?$"' };
          if (vErrors === null) {
            vErrors = [err2];
          } else {
            vErrors.push(err2);
          }
          errors++;
        }
      } else {
        const err3 = { instancePath: instancePath + "/$now", schemaPath: "#/$defs/duration/type", keyword: "type", params: { type: "string" }, message: "must be string" };
        if (vErrors === null) {
          vErrors = [err3];
        } else {
          vErrors.push(err3);
        }
        errors++;
      }
    }
  } else {
    const err4 = { instancePath, schemaPath: "#/oneOf/0/type", keyword: "type", params: { type: "object" }, message: "must be object" };
    if (vErrors === null) {
      vErrors = [err4];
    } else {
      vErrors.push(err4);
    }
    errors++;
  }
  var _valid0 = _errs1 === errors;
  if (_valid0) {
    valid0 = true;
    passing0 = 0;
    var props0 = true;
  }
  const _errs7 = errors;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    if (data.$at === void 0) {
      const err5 = { instancePath, schemaPath: "#/oneOf/1/required", keyword: "required", params: { missingProperty: "$at" }, message: "must have required property '$at'" };
      if (vErrors === null) {
        vErrors = [err5];
      } else {
        vErrors.push(err5);
      }
      errors++;
    }
    for (const key1 in data) {
      if (!(key1 === "$at")) {
        const err6 = { instancePath, schemaPath: "#/oneOf/1/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key1 }, message: "must NOT have additional properties" };
        if (vErrors === null) {
          vErrors = [err6];
        } else {
          vErrors.push(err6);
        }
        errors++;
      }
    }
    if (data.$at !== void 0) {
      let data1 = data.$at;
      if (typeof data1 === "string") {
        if (!pattern6.test(data1)) {
          const err7 = { instancePath: instancePath + "/$at", schemaPath: "#/$defs/timestamp/pattern", keyword: "pattern", params: { pattern: "^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])[Tt]([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]([.][0-9]+)?([Zz]|[+-]([01][0-9]|2[0-3]):[0-5][0-9])$" }, message: 'must match pattern "^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])[Tt]([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]([.][0-9]+)?([Zz]|[+-]([01][0-9]|2[0-3]):[0-5][0-9])$"' };
          if (vErrors === null) {
            vErrors = [err7];
          } else {
            vErrors.push(err7);
          }
          errors++;
        }
      } else {
        const err8 = { instancePath: instancePath + "/$at", schemaPath: "#/$defs/timestamp/type", keyword: "type", params: { type: "string" }, message: "must be string" };
        if (vErrors === null) {
          vErrors = [err8];
        } else {
          vErrors.push(err8);
        }
        errors++;
      }
    }
  } else {
    const err9 = { instancePath, schemaPath: "#/oneOf/1/type", keyword: "type", params: { type: "object" }, message: "must be object" };
    if (vErrors === null) {
      vErrors = [err9];
    } else {
      vErrors.push(err9);
    }
    errors++;
  }
  var _valid0 = _errs7 === errors;
  if (_valid0 && valid0) {
    valid0 = false;
    passing0 = [passing0, 1];
  } else {
    if (_valid0) {
      valid0 = true;
      passing0 = 1;
      if (props0 !== true) {
        props0 = true;
      }
    }
  }
  if (!valid0) {
    const err10 = { instancePath, schemaPath: "#/oneOf", keyword: "oneOf", params: { passingSchemas: passing0 }, message: "must match exactly one schema in oneOf" };
    if (vErrors === null) {
      vErrors = [err10];
    } else {
      vErrors.push(err10);
    }
    errors++;
  } else {
    errors = _errs0;
    if (vErrors !== null) {
      if (_errs0) {
        vErrors.length = _errs0;
      } else {
        vErrors = null;
      }
    }
  }
  validate25.errors = vErrors;
  evaluated0.props = props0;
  return errors === 0;
}
validate25.evaluated = { "dynamicProps": true, "dynamicItems": false };
var pattern7 = new RegExp("^v?[0-9]+([.][0-9]+)*(-[0-9A-Za-z-]+([.][0-9A-Za-z-]+)*)?([+][0-9A-Za-z-]+([.][0-9A-Za-z-]+)*)?$", "u");
var wrapper0 = { validate: validate23 };
function validate24(data, { instancePath = "", parentData, parentDataProperty, rootData = data, dynamicAnchors = {} } = {}) {
  let vErrors = null;
  let errors = 0;
  const evaluated0 = validate24.evaluated;
  if (evaluated0.dynamicProps) {
    evaluated0.props = void 0;
  }
  if (evaluated0.dynamicItems) {
    evaluated0.items = void 0;
  }
  if (data && typeof data == "object" && !Array.isArray(data)) {
    if (Object.keys(data).length < 1) {
      const err0 = { instancePath, schemaPath: "#/minProperties", keyword: "minProperties", params: { limit: 1 }, message: "must NOT have fewer than 1 properties" };
      if (vErrors === null) {
        vErrors = [err0];
      } else {
        vErrors.push(err0);
      }
      errors++;
    }
    for (const key0 in data) {
      if (!func1.call(schema35.properties, key0)) {
        const err1 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties" };
        if (vErrors === null) {
          vErrors = [err1];
        } else {
          vErrors.push(err1);
        }
        errors++;
      }
    }
    if (data.$eq !== void 0) {
      let data0 = data.$eq;
      const _errs3 = errors;
      let valid1 = false;
      const _errs4 = errors;
      if (typeof data0 !== "string" && !(typeof data0 == "number") && typeof data0 !== "boolean" && data0 !== null) {
        const err2 = { instancePath: instancePath + "/$eq", schemaPath: "#/$defs/scalar/type", keyword: "type", params: { type: schema36.type }, message: "must be string,number,boolean,null" };
        if (vErrors === null) {
          vErrors = [err2];
        } else {
          vErrors.push(err2);
        }
        errors++;
      }
      var _valid0 = _errs4 === errors;
      valid1 = valid1 || _valid0;
      const _errs7 = errors;
      if (!validate25(data0, { instancePath: instancePath + "/$eq", parentData: data, parentDataProperty: "$eq", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate25.errors : vErrors.concat(validate25.errors);
        errors = vErrors.length;
      }
      var _valid0 = _errs7 === errors;
      valid1 = valid1 || _valid0;
      if (!valid1) {
        const err3 = { instancePath: instancePath + "/$eq", schemaPath: "#/properties/%24eq/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf" };
        if (vErrors === null) {
          vErrors = [err3];
        } else {
          vErrors.push(err3);
        }
        errors++;
      } else {
        errors = _errs3;
        if (vErrors !== null) {
          if (_errs3) {
            vErrors.length = _errs3;
          } else {
            vErrors = null;
          }
        }
      }
    }
    if (data.$ne !== void 0) {
      let data1 = data.$ne;
      const _errs9 = errors;
      let valid3 = false;
      const _errs10 = errors;
      if (typeof data1 !== "string" && !(typeof data1 == "number") && typeof data1 !== "boolean" && data1 !== null) {
        const err4 = { instancePath: instancePath + "/$ne", schemaPath: "#/$defs/scalar/type", keyword: "type", params: { type: schema36.type }, message: "must be string,number,boolean,null" };
        if (vErrors === null) {
          vErrors = [err4];
        } else {
          vErrors.push(err4);
        }
        errors++;
      }
      var _valid1 = _errs10 === errors;
      valid3 = valid3 || _valid1;
      const _errs13 = errors;
      if (!validate25(data1, { instancePath: instancePath + "/$ne", parentData: data, parentDataProperty: "$ne", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate25.errors : vErrors.concat(validate25.errors);
        errors = vErrors.length;
      }
      var _valid1 = _errs13 === errors;
      valid3 = valid3 || _valid1;
      if (!valid3) {
        const err5 = { instancePath: instancePath + "/$ne", schemaPath: "#/properties/%24ne/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf" };
        if (vErrors === null) {
          vErrors = [err5];
        } else {
          vErrors.push(err5);
        }
        errors++;
      } else {
        errors = _errs9;
        if (vErrors !== null) {
          if (_errs9) {
            vErrors.length = _errs9;
          } else {
            vErrors = null;
          }
        }
      }
    }
    if (data.$gt !== void 0) {
      let data2 = data.$gt;
      const _errs15 = errors;
      let valid5 = false;
      const _errs16 = errors;
      if (typeof data2 !== "string" && !(typeof data2 == "number")) {
        const err6 = { instancePath: instancePath + "/$gt", schemaPath: "#/$defs/ordered/type", keyword: "type", params: { type: schema41.type }, message: "must be string,number" };
        if (vErrors === null) {
          vErrors = [err6];
        } else {
          vErrors.push(err6);
        }
        errors++;
      }
      var _valid2 = _errs16 === errors;
      valid5 = valid5 || _valid2;
      const _errs19 = errors;
      if (!validate25(data2, { instancePath: instancePath + "/$gt", parentData: data, parentDataProperty: "$gt", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate25.errors : vErrors.concat(validate25.errors);
        errors = vErrors.length;
      }
      var _valid2 = _errs19 === errors;
      valid5 = valid5 || _valid2;
      if (!valid5) {
        const err7 = { instancePath: instancePath + "/$gt", schemaPath: "#/properties/%24gt/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf" };
        if (vErrors === null) {
          vErrors = [err7];
        } else {
          vErrors.push(err7);
        }
        errors++;
      } else {
        errors = _errs15;
        if (vErrors !== null) {
          if (_errs15) {
            vErrors.length = _errs15;
          } else {
            vErrors = null;
          }
        }
      }
    }
    if (data.$gte !== void 0) {
      let data3 = data.$gte;
      const _errs21 = errors;
      let valid7 = false;
      const _errs22 = errors;
      if (typeof data3 !== "string" && !(typeof data3 == "number")) {
        const err8 = { instancePath: instancePath + "/$gte", schemaPath: "#/$defs/ordered/type", keyword: "type", params: { type: schema41.type }, message: "must be string,number" };
        if (vErrors === null) {
          vErrors = [err8];
        } else {
          vErrors.push(err8);
        }
        errors++;
      }
      var _valid3 = _errs22 === errors;
      valid7 = valid7 || _valid3;
      const _errs25 = errors;
      if (!validate25(data3, { instancePath: instancePath + "/$gte", parentData: data, parentDataProperty: "$gte", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate25.errors : vErrors.concat(validate25.errors);
        errors = vErrors.length;
      }
      var _valid3 = _errs25 === errors;
      valid7 = valid7 || _valid3;
      if (!valid7) {
        const err9 = { instancePath: instancePath + "/$gte", schemaPath: "#/properties/%24gte/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf" };
        if (vErrors === null) {
          vErrors = [err9];
        } else {
          vErrors.push(err9);
        }
        errors++;
      } else {
        errors = _errs21;
        if (vErrors !== null) {
          if (_errs21) {
            vErrors.length = _errs21;
          } else {
            vErrors = null;
          }
        }
      }
    }
    if (data.$lt !== void 0) {
      let data4 = data.$lt;
      const _errs27 = errors;
      let valid9 = false;
      const _errs28 = errors;
      if (typeof data4 !== "string" && !(typeof data4 == "number")) {
        const err10 = { instancePath: instancePath + "/$lt", schemaPath: "#/$defs/ordered/type", keyword: "type", params: { type: schema41.type }, message: "must be string,number" };
        if (vErrors === null) {
          vErrors = [err10];
        } else {
          vErrors.push(err10);
        }
        errors++;
      }
      var _valid4 = _errs28 === errors;
      valid9 = valid9 || _valid4;
      const _errs31 = errors;
      if (!validate25(data4, { instancePath: instancePath + "/$lt", parentData: data, parentDataProperty: "$lt", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate25.errors : vErrors.concat(validate25.errors);
        errors = vErrors.length;
      }
      var _valid4 = _errs31 === errors;
      valid9 = valid9 || _valid4;
      if (!valid9) {
        const err11 = { instancePath: instancePath + "/$lt", schemaPath: "#/properties/%24lt/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf" };
        if (vErrors === null) {
          vErrors = [err11];
        } else {
          vErrors.push(err11);
        }
        errors++;
      } else {
        errors = _errs27;
        if (vErrors !== null) {
          if (_errs27) {
            vErrors.length = _errs27;
          } else {
            vErrors = null;
          }
        }
      }
    }
    if (data.$lte !== void 0) {
      let data5 = data.$lte;
      const _errs33 = errors;
      let valid11 = false;
      const _errs34 = errors;
      if (typeof data5 !== "string" && !(typeof data5 == "number")) {
        const err12 = { instancePath: instancePath + "/$lte", schemaPath: "#/$defs/ordered/type", keyword: "type", params: { type: schema41.type }, message: "must be string,number" };
        if (vErrors === null) {
          vErrors = [err12];
        } else {
          vErrors.push(err12);
        }
        errors++;
      }
      var _valid5 = _errs34 === errors;
      valid11 = valid11 || _valid5;
      const _errs37 = errors;
      if (!validate25(data5, { instancePath: instancePath + "/$lte", parentData: data, parentDataProperty: "$lte", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate25.errors : vErrors.concat(validate25.errors);
        errors = vErrors.length;
      }
      var _valid5 = _errs37 === errors;
      valid11 = valid11 || _valid5;
      if (!valid11) {
        const err13 = { instancePath: instancePath + "/$lte", schemaPath: "#/properties/%24lte/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf" };
        if (vErrors === null) {
          vErrors = [err13];
        } else {
          vErrors.push(err13);
        }
        errors++;
      } else {
        errors = _errs33;
        if (vErrors !== null) {
          if (_errs33) {
            vErrors.length = _errs33;
          } else {
            vErrors = null;
          }
        }
      }
    }
    if (data.$in !== void 0) {
      let data6 = data.$in;
      if (Array.isArray(data6)) {
        const len0 = data6.length;
        for (let i0 = 0; i0 < len0; i0++) {
          let data7 = data6[i0];
          if (typeof data7 !== "string" && !(typeof data7 == "number") && typeof data7 !== "boolean" && data7 !== null) {
            const err14 = { instancePath: instancePath + "/$in/" + i0, schemaPath: "#/$defs/scalar/type", keyword: "type", params: { type: schema36.type }, message: "must be string,number,boolean,null" };
            if (vErrors === null) {
              vErrors = [err14];
            } else {
              vErrors.push(err14);
            }
            errors++;
          }
        }
      } else {
        const err15 = { instancePath: instancePath + "/$in", schemaPath: "#/properties/%24in/type", keyword: "type", params: { type: "array" }, message: "must be array" };
        if (vErrors === null) {
          vErrors = [err15];
        } else {
          vErrors.push(err15);
        }
        errors++;
      }
    }
    if (data.$nin !== void 0) {
      let data8 = data.$nin;
      if (Array.isArray(data8)) {
        const len1 = data8.length;
        for (let i1 = 0; i1 < len1; i1++) {
          let data9 = data8[i1];
          if (typeof data9 !== "string" && !(typeof data9 == "number") && typeof data9 !== "boolean" && data9 !== null) {
            const err16 = { instancePath: instancePath + "/$nin/" + i1, schemaPath: "#/$defs/scalar/type", keyword: "type", params: { type: schema36.type }, message: "must be string,number,boolean,null" };
            if (vErrors === null) {
              vErrors = [err16];
            } else {
              vErrors.push(err16);
            }
            errors++;
          }
        }
      } else {
        const err17 = { instancePath: instancePath + "/$nin", schemaPath: "#/properties/%24nin/type", keyword: "type", params: { type: "array" }, message: "must be array" };
        if (vErrors === null) {
          vErrors = [err17];
        } else {
          vErrors.push(err17);
        }
        errors++;
      }
    }
    if (data.$like !== void 0) {
      if (typeof data.$like !== "string") {
        const err18 = { instancePath: instancePath + "/$like", schemaPath: "#/properties/%24like/type", keyword: "type", params: { type: "string" }, message: "must be string" };
        if (vErrors === null) {
          vErrors = [err18];
        } else {
          vErrors.push(err18);
        }
        errors++;
      }
    }
    if (data.$exists !== void 0) {
      if (typeof data.$exists !== "boolean") {
        const err19 = { instancePath: instancePath + "/$exists", schemaPath: "#/properties/%24exists/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean" };
        if (vErrors === null) {
          vErrors = [err19];
        } else {
          vErrors.push(err19);
        }
        errors++;
      }
    }
    if (data.$veq !== void 0) {
      let data12 = data.$veq;
      if (typeof data12 === "string") {
        if (!pattern7.test(data12)) {
          const err20 = { instancePath: instancePath + "/$veq", schemaPath: "#/$defs/version/pattern", keyword: "pattern", params: { pattern: "^v?[0-9]+([.][0-9]+)*(-[0-9A-Za-z-]+([.][0-9A-Za-z-]+)*)?([+][0-9A-Za-z-]+([.][0-9A-Za-z-]+)*)?$" }, message: 'must match pattern "^v?[0-9]+([.][0-9]+)*(-[0-9A-Za-z-]+([.][0-9A-Za-z-]+)*)?([+][0-9A-Za-z-]+([.][0-9A-Za-z-]+)*)?$"' };
          if (vErrors === null) {
            vErrors = [err20];
          } else {
            vErrors.push(err20);
          }
          errors++;
        }
      } else {
        const err21 = { instancePath: instancePath + "/$veq", schemaPath: "#/$defs/version/type", keyword: "type", params: { type: "string" }, message: "must be string" };
        if (vErrors === null) {
          vErrors = [err21];
        } else {
          vErrors.push(err21);
        }
        errors++;
      }
    }
    if (data.$vne !== void 0) {
      let data13 = data.$vne;
      if (typeof data13 === "string") {
        if (!pattern7.test(data13)) {
          const err22 = { instancePath: instancePath + "/$vne", schemaPath: "#/$defs/version/pattern", keyword: "pattern", params: { pattern: "^v?[0-9]+([.][0-9]+)*(-[0-9A-Za-z-]+([.][0-9A-Za-z-]+)*)?([+][0-9A-Za-z-]+([.][0-9A-Za-z-]+)*)?$" }, message: 'must match pattern "^v?[0-9]+([.][0-9]+)*(-[0-9A-Za-z-]+([.][0-9A-Za-z-]+)*)?([+][0-9A-Za-z-]+([.][0-9A-Za-z-]+)*)?$"' };
          if (vErrors === null) {
            vErrors = [err22];
          } else {
            vErrors.push(err22);
          }
          errors++;
        }
      } else {
        const err23 = { instancePath: instancePath + "/$vne", schemaPath: "#/$defs/version/type", keyword: "type", params: { type: "string" }, message: "must be string" };
        if (vErrors === null) {
          vErrors = [err23];
        } else {
          vErrors.push(err23);
        }
        errors++;
      }
    }
    if (data.$vgt !== void 0) {
      let data14 = data.$vgt;
      if (typeof data14 === "string") {
        if (!pattern7.test(data14)) {
          const err24 = { instancePath: instancePath + "/$vgt", schemaPath: "#/$defs/version/pattern", keyword: "pattern", params: { pattern: "^v?[0-9]+([.][0-9]+)*(-[0-9A-Za-z-]+([.][0-9A-Za-z-]+)*)?([+][0-9A-Za-z-]+([.][0-9A-Za-z-]+)*)?$" }, message: 'must match pattern "^v?[0-9]+([.][0-9]+)*(-[0-9A-Za-z-]+([.][0-9A-Za-z-]+)*)?([+][0-9A-Za-z-]+([.][0-9A-Za-z-]+)*)?$"' };
          if (vErrors === null) {
            vErrors = [err24];
          } else {
            vErrors.push(err24);
          }
          errors++;
        }
      } else {
        const err25 = { instancePath: instancePath + "/$vgt", schemaPath: "#/$defs/version/type", keyword: "type", params: { type: "string" }, message: "must be string" };
        if (vErrors === null) {
          vErrors = [err25];
        } else {
          vErrors.push(err25);
        }
        errors++;
      }
    }
    if (data.$vgte !== void 0) {
      let data15 = data.$vgte;
      if (typeof data15 === "string") {
        if (!pattern7.test(data15)) {
          const err26 = { instancePath: instancePath + "/$vgte", schemaPath: "#/$defs/version/pattern", keyword: "pattern", params: { pattern: "^v?[0-9]+([.][0-9]+)*(-[0-9A-Za-z-]+([.][0-9A-Za-z-]+)*)?([+][0-9A-Za-z-]+([.][0-9A-Za-z-]+)*)?$" }, message: 'must match pattern "^v?[0-9]+([.][0-9]+)*(-[0-9A-Za-z-]+([.][0-9A-Za-z-]+)*)?([+][0-9A-Za-z-]+([.][0-9A-Za-z-]+)*)?$"' };
          if (vErrors === null) {
            vErrors = [err26];
          } else {
            vErrors.push(err26);
          }
          errors++;
        }
      } else {
        const err27 = { instancePath: instancePath + "/$vgte", schemaPath: "#/$defs/version/type", keyword: "type", params: { type: "string" }, message: "must be string" };
        if (vErrors === null) {
          vErrors = [err27];
        } else {
          vErrors.push(err27);
        }
        errors++;
      }
    }
    if (data.$vlt !== void 0) {
      let data16 = data.$vlt;
      if (typeof data16 === "string") {
        if (!pattern7.test(data16)) {
          const err28 = { instancePath: instancePath + "/$vlt", schemaPath: "#/$defs/version/pattern", keyword: "pattern", params: { pattern: "^v?[0-9]+([.][0-9]+)*(-[0-9A-Za-z-]+([.][0-9A-Za-z-]+)*)?([+][0-9A-Za-z-]+([.][0-9A-Za-z-]+)*)?$" }, message: 'must match pattern "^v?[0-9]+([.][0-9]+)*(-[0-9A-Za-z-]+([.][0-9A-Za-z-]+)*)?([+][0-9A-Za-z-]+([.][0-9A-Za-z-]+)*)?$"' };
          if (vErrors === null) {
            vErrors = [err28];
          } else {
            vErrors.push(err28);
          }
          errors++;
        }
      } else {
        const err29 = { instancePath: instancePath + "/$vlt", schemaPath: "#/$defs/version/type", keyword: "type", params: { type: "string" }, message: "must be string" };
        if (vErrors === null) {
          vErrors = [err29];
        } else {
          vErrors.push(err29);
        }
        errors++;
      }
    }
    if (data.$vlte !== void 0) {
      let data17 = data.$vlte;
      if (typeof data17 === "string") {
        if (!pattern7.test(data17)) {
          const err30 = { instancePath: instancePath + "/$vlte", schemaPath: "#/$defs/version/pattern", keyword: "pattern", params: { pattern: "^v?[0-9]+([.][0-9]+)*(-[0-9A-Za-z-]+([.][0-9A-Za-z-]+)*)?([+][0-9A-Za-z-]+([.][0-9A-Za-z-]+)*)?$" }, message: 'must match pattern "^v?[0-9]+([.][0-9]+)*(-[0-9A-Za-z-]+([.][0-9A-Za-z-]+)*)?([+][0-9A-Za-z-]+([.][0-9A-Za-z-]+)*)?$"' };
          if (vErrors === null) {
            vErrors = [err30];
          } else {
            vErrors.push(err30);
          }
          errors++;
        }
      } else {
        const err31 = { instancePath: instancePath + "/$vlte", schemaPath: "#/$defs/version/type", keyword: "type", params: { type: "string" }, message: "must be string" };
        if (vErrors === null) {
          vErrors = [err31];
        } else {
          vErrors.push(err31);
        }
        errors++;
      }
    }
    if (data.$elemMatch !== void 0) {
      if (!wrapper0.validate(data.$elemMatch, { instancePath: instancePath + "/$elemMatch", parentData: data, parentDataProperty: "$elemMatch", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? wrapper0.validate.errors : vErrors.concat(wrapper0.validate.errors);
        errors = vErrors.length;
      }
    }
  } else {
    const err32 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object" };
    if (vErrors === null) {
      vErrors = [err32];
    } else {
      vErrors.push(err32);
    }
    errors++;
  }
  validate24.errors = vErrors;
  return errors === 0;
}
validate24.evaluated = { "props": true, "dynamicProps": false, "dynamicItems": false };
function validate23(data, { instancePath = "", parentData, parentDataProperty, rootData = data, dynamicAnchors = {} } = {}) {
  let vErrors = null;
  let errors = 0;
  const evaluated0 = validate23.evaluated;
  if (evaluated0.dynamicProps) {
    evaluated0.props = void 0;
  }
  if (evaluated0.dynamicItems) {
    evaluated0.items = void 0;
  }
  if (data && typeof data == "object" && !Array.isArray(data)) {
    for (const key0 in data) {
      const _errs1 = errors;
      const _errs2 = errors;
      let valid1 = false;
      const _errs3 = errors;
      if (!(key0 === "$and" || key0 === "$or" || key0 === "$not")) {
        const err0 = { instancePath, schemaPath: "#/propertyNames/anyOf/0/enum", keyword: "enum", params: { allowedValues: schema34.propertyNames.anyOf[0].enum }, message: "must be equal to one of the allowed values", propertyName: key0 };
        if (vErrors === null) {
          vErrors = [err0];
        } else {
          vErrors.push(err0);
        }
        errors++;
      }
      var _valid0 = _errs3 === errors;
      valid1 = valid1 || _valid0;
      const _errs4 = errors;
      if (typeof key0 === "string") {
        if (!pattern4.test(key0)) {
          const err1 = { instancePath, schemaPath: "#/propertyNames/anyOf/1/pattern", keyword: "pattern", params: { pattern: "^[^$]" }, message: 'must match pattern "^[^$]"', propertyName: key0 };
          if (vErrors === null) {
            vErrors = [err1];
          } else {
            vErrors.push(err1);
          }
          errors++;
        }
      }
      var _valid0 = _errs4 === errors;
      valid1 = valid1 || _valid0;
      if (!valid1) {
        const err2 = { instancePath, schemaPath: "#/propertyNames/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf", propertyName: key0 };
        if (vErrors === null) {
          vErrors = [err2];
        } else {
          vErrors.push(err2);
        }
        errors++;
      } else {
        errors = _errs2;
        if (vErrors !== null) {
          if (_errs2) {
            vErrors.length = _errs2;
          } else {
            vErrors = null;
          }
        }
      }
      var valid0 = _errs1 === errors;
      if (!valid0) {
        const err3 = { instancePath, schemaPath: "#/propertyNames", keyword: "propertyNames", params: { propertyName: key0 }, message: "property name must be valid" };
        if (vErrors === null) {
          vErrors = [err3];
        } else {
          vErrors.push(err3);
        }
        errors++;
      }
    }
    for (const key1 in data) {
      if (!func1.call(schema34.properties, key1)) {
        if (!validate24(data[key1], { instancePath: instancePath + "/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"), parentData: data, parentDataProperty: key1, rootData, dynamicAnchors })) {
          vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
          errors = vErrors.length;
        }
      }
    }
    if (data.$and !== void 0) {
      let data1 = data.$and;
      if (Array.isArray(data1)) {
        if (data1.length < 1) {
          const err4 = { instancePath: instancePath + "/$and", schemaPath: "#/properties/%24and/minItems", keyword: "minItems", params: { limit: 1 }, message: "must NOT have fewer than 1 items" };
          if (vErrors === null) {
            vErrors = [err4];
          } else {
            vErrors.push(err4);
          }
          errors++;
        }
        const len0 = data1.length;
        for (let i0 = 0; i0 < len0; i0++) {
          if (!wrapper0.validate(data1[i0], { instancePath: instancePath + "/$and/" + i0, parentData: data1, parentDataProperty: i0, rootData, dynamicAnchors })) {
            vErrors = vErrors === null ? wrapper0.validate.errors : vErrors.concat(wrapper0.validate.errors);
            errors = vErrors.length;
          }
        }
      } else {
        const err5 = { instancePath: instancePath + "/$and", schemaPath: "#/properties/%24and/type", keyword: "type", params: { type: "array" }, message: "must be array" };
        if (vErrors === null) {
          vErrors = [err5];
        } else {
          vErrors.push(err5);
        }
        errors++;
      }
    }
    if (data.$or !== void 0) {
      let data3 = data.$or;
      if (Array.isArray(data3)) {
        if (data3.length < 1) {
          const err6 = { instancePath: instancePath + "/$or", schemaPath: "#/properties/%24or/minItems", keyword: "minItems", params: { limit: 1 }, message: "must NOT have fewer than 1 items" };
          if (vErrors === null) {
            vErrors = [err6];
          } else {
            vErrors.push(err6);
          }
          errors++;
        }
        const len1 = data3.length;
        for (let i1 = 0; i1 < len1; i1++) {
          if (!wrapper0.validate(data3[i1], { instancePath: instancePath + "/$or/" + i1, parentData: data3, parentDataProperty: i1, rootData, dynamicAnchors })) {
            vErrors = vErrors === null ? wrapper0.validate.errors : vErrors.concat(wrapper0.validate.errors);
            errors = vErrors.length;
          }
        }
      } else {
        const err7 = { instancePath: instancePath + "/$or", schemaPath: "#/properties/%24or/type", keyword: "type", params: { type: "array" }, message: "must be array" };
        if (vErrors === null) {
          vErrors = [err7];
        } else {
          vErrors.push(err7);
        }
        errors++;
      }
    }
    if (data.$not !== void 0) {
      if (!wrapper0.validate(data.$not, { instancePath: instancePath + "/$not", parentData: data, parentDataProperty: "$not", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? wrapper0.validate.errors : vErrors.concat(wrapper0.validate.errors);
        errors = vErrors.length;
      }
    }
    if (data.id !== void 0) {
      if (!validate24(data.id, { instancePath: instancePath + "/id", parentData: data, parentDataProperty: "id", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
        errors = vErrors.length;
      }
    }
    if (data.integrationId !== void 0) {
      if (!validate24(data.integrationId, { instancePath: instancePath + "/integrationId", parentData: data, parentDataProperty: "integrationId", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
        errors = vErrors.length;
      }
    }
    if (data.uniqueIdentifier !== void 0) {
      if (!validate24(data.uniqueIdentifier, { instancePath: instancePath + "/uniqueIdentifier", parentData: data, parentDataProperty: "uniqueIdentifier", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
        errors = vErrors.length;
      }
    }
    if (data.region !== void 0) {
      if (!validate24(data.region, { instancePath: instancePath + "/region", parentData: data, parentDataProperty: "region", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
        errors = vErrors.length;
      }
    }
    if (data.vendor !== void 0) {
      if (!validate24(data.vendor, { instancePath: instancePath + "/vendor", parentData: data, parentDataProperty: "vendor", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
        errors = vErrors.length;
      }
    }
    if (data.technology !== void 0) {
      if (!validate24(data.technology, { instancePath: instancePath + "/technology", parentData: data, parentDataProperty: "technology", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
        errors = vErrors.length;
      }
    }
    if (data.type !== void 0) {
      if (!validate24(data.type, { instancePath: instancePath + "/type", parentData: data, parentDataProperty: "type", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
        errors = vErrors.length;
      }
    }
    if (data.version !== void 0) {
      if (!validate24(data.version, { instancePath: instancePath + "/version", parentData: data, parentDataProperty: "version", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
        errors = vErrors.length;
      }
    }
    if (data.hasAvailableSvcs !== void 0) {
      if (!validate24(data.hasAvailableSvcs, { instancePath: instancePath + "/hasAvailableSvcs", parentData: data, parentDataProperty: "hasAvailableSvcs", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
        errors = vErrors.length;
      }
    }
    if (data.tags !== void 0) {
      if (!validate24(data.tags, { instancePath: instancePath + "/tags", parentData: data, parentDataProperty: "tags", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
        errors = vErrors.length;
      }
    }
    if (data.customTags !== void 0) {
      if (!validate24(data.customTags, { instancePath: instancePath + "/customTags", parentData: data, parentDataProperty: "customTags", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
        errors = vErrors.length;
      }
    }
    if (data.details !== void 0) {
      if (!validate24(data.details, { instancePath: instancePath + "/details", parentData: data, parentDataProperty: "details", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
        errors = vErrors.length;
      }
    }
    if (data.createdAt !== void 0) {
      if (!validate24(data.createdAt, { instancePath: instancePath + "/createdAt", parentData: data, parentDataProperty: "createdAt", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
        errors = vErrors.length;
      }
    }
    if (data.updatedAt !== void 0) {
      if (!validate24(data.updatedAt, { instancePath: instancePath + "/updatedAt", parentData: data, parentDataProperty: "updatedAt", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
        errors = vErrors.length;
      }
    }
    if (data.status !== void 0) {
      if (!validate24(data.status, { instancePath: instancePath + "/status", parentData: data, parentDataProperty: "status", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
        errors = vErrors.length;
      }
    }
    if (data.issuer !== void 0) {
      if (!validate24(data.issuer, { instancePath: instancePath + "/issuer", parentData: data, parentDataProperty: "issuer", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
        errors = vErrors.length;
      }
    }
    if (data.keyAlgorithm !== void 0) {
      if (!validate24(data.keyAlgorithm, { instancePath: instancePath + "/keyAlgorithm", parentData: data, parentDataProperty: "keyAlgorithm", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
        errors = vErrors.length;
      }
    }
    if (data.renewalEligibility !== void 0) {
      if (!validate24(data.renewalEligibility, { instancePath: instancePath + "/renewalEligibility", parentData: data, parentDataProperty: "renewalEligibility", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
        errors = vErrors.length;
      }
    }
    if (data.domainName !== void 0) {
      if (!validate24(data.domainName, { instancePath: instancePath + "/domainName", parentData: data, parentDataProperty: "domainName", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
        errors = vErrors.length;
      }
    }
    if (data.domains !== void 0) {
      if (!validate24(data.domains, { instancePath: instancePath + "/domains", parentData: data, parentDataProperty: "domains", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
        errors = vErrors.length;
      }
    }
    if (data.inUseBy !== void 0) {
      if (!validate24(data.inUseBy, { instancePath: instancePath + "/inUseBy", parentData: data, parentDataProperty: "inUseBy", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
        errors = vErrors.length;
      }
    }
    if (data.created !== void 0) {
      if (!validate24(data.created, { instancePath: instancePath + "/created", parentData: data, parentDataProperty: "created", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
        errors = vErrors.length;
      }
    }
    if (data.issuedAt !== void 0) {
      if (!validate24(data.issuedAt, { instancePath: instancePath + "/issuedAt", parentData: data, parentDataProperty: "issuedAt", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
        errors = vErrors.length;
      }
    }
    if (data.validityStartDate !== void 0) {
      if (!validate24(data.validityStartDate, { instancePath: instancePath + "/validityStartDate", parentData: data, parentDataProperty: "validityStartDate", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
        errors = vErrors.length;
      }
    }
    if (data.expirationDate !== void 0) {
      if (!validate24(data.expirationDate, { instancePath: instancePath + "/expirationDate", parentData: data, parentDataProperty: "expirationDate", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
        errors = vErrors.length;
      }
    }
    if (data.dueDate !== void 0) {
      if (!validate24(data.dueDate, { instancePath: instancePath + "/dueDate", parentData: data, parentDataProperty: "dueDate", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
        errors = vErrors.length;
      }
    }
    if (data.deletedAt !== void 0) {
      if (!validate24(data.deletedAt, { instancePath: instancePath + "/deletedAt", parentData: data, parentDataProperty: "deletedAt", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
        errors = vErrors.length;
      }
    }
    if (data.componentIds !== void 0) {
      if (!validate24(data.componentIds, { instancePath: instancePath + "/componentIds", parentData: data, parentDataProperty: "componentIds", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
        errors = vErrors.length;
      }
    }
    if (data.displayType !== void 0) {
      if (!validate24(data.displayType, { instancePath: instancePath + "/displayType", parentData: data, parentDataProperty: "displayType", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
        errors = vErrors.length;
      }
    }
  } else {
    const err8 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object" };
    if (vErrors === null) {
      vErrors = [err8];
    } else {
      vErrors.push(err8);
    }
    errors++;
  }
  validate23.errors = vErrors;
  return errors === 0;
}
validate23.evaluated = { "props": true, "dynamicProps": false, "dynamicItems": false };
function validate65(data, { instancePath = "", parentData, parentDataProperty, rootData = data, dynamicAnchors = {} } = {}) {
  let vErrors = null;
  let errors = 0;
  const evaluated0 = validate65.evaluated;
  if (evaluated0.dynamicProps) {
    evaluated0.props = void 0;
  }
  if (evaluated0.dynamicItems) {
    evaluated0.items = void 0;
  }
  if (data && typeof data == "object" && !Array.isArray(data)) {
    if (data.type === void 0) {
      const err0 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "type" }, message: "must have required property 'type'" };
      if (vErrors === null) {
        vErrors = [err0];
      } else {
        vErrors.push(err0);
      }
      errors++;
    }
    if (data.condition === void 0) {
      const err1 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "condition" }, message: "must have required property 'condition'" };
      if (vErrors === null) {
        vErrors = [err1];
      } else {
        vErrors.push(err1);
      }
      errors++;
    }
    for (const key0 in data) {
      if (!(key0 === "type" || key0 === "condition")) {
        const err2 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties" };
        if (vErrors === null) {
          vErrors = [err2];
        } else {
          vErrors.push(err2);
        }
        errors++;
      }
    }
    if (data.type !== void 0) {
      if ("filter" !== data.type) {
        const err3 = { instancePath: instancePath + "/type", schemaPath: "#/properties/type/const", keyword: "const", params: { allowedValue: "filter" }, message: "must be equal to constant" };
        if (vErrors === null) {
          vErrors = [err3];
        } else {
          vErrors.push(err3);
        }
        errors++;
      }
    }
    if (data.condition !== void 0) {
      let data1 = data.condition;
      if (data1 && typeof data1 == "object" && !Array.isArray(data1)) {
        if (data1.filter === void 0) {
          const err4 = { instancePath: instancePath + "/condition", schemaPath: "#/properties/condition/required", keyword: "required", params: { missingProperty: "filter" }, message: "must have required property 'filter'" };
          if (vErrors === null) {
            vErrors = [err4];
          } else {
            vErrors.push(err4);
          }
          errors++;
        }
        for (const key1 in data1) {
          if (!(key1 === "filter")) {
            const err5 = { instancePath: instancePath + "/condition", schemaPath: "#/properties/condition/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key1 }, message: "must NOT have additional properties" };
            if (vErrors === null) {
              vErrors = [err5];
            } else {
              vErrors.push(err5);
            }
            errors++;
          }
        }
        if (data1.filter !== void 0) {
          if (!validate23(data1.filter, { instancePath: instancePath + "/condition/filter", parentData: data1, parentDataProperty: "filter", rootData, dynamicAnchors })) {
            vErrors = vErrors === null ? validate23.errors : vErrors.concat(validate23.errors);
            errors = vErrors.length;
          }
        }
      } else {
        const err6 = { instancePath: instancePath + "/condition", schemaPath: "#/properties/condition/type", keyword: "type", params: { type: "object" }, message: "must be object" };
        if (vErrors === null) {
          vErrors = [err6];
        } else {
          vErrors.push(err6);
        }
        errors++;
      }
    }
  } else {
    const err7 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object" };
    if (vErrors === null) {
      vErrors = [err7];
    } else {
      vErrors.push(err7);
    }
    errors++;
  }
  validate65.errors = vErrors;
  return errors === 0;
}
validate65.evaluated = { "props": true, "dynamicProps": false, "dynamicItems": false };
function validate64(data, { instancePath = "", parentData, parentDataProperty, rootData = data, dynamicAnchors = {} } = {}) {
  let vErrors = null;
  let errors = 0;
  const evaluated0 = validate64.evaluated;
  if (evaluated0.dynamicProps) {
    evaluated0.props = void 0;
  }
  if (evaluated0.dynamicItems) {
    evaluated0.items = void 0;
  }
  if (data && typeof data == "object" && !Array.isArray(data)) {
    if (data.conditions === void 0) {
      const err0 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "conditions" }, message: "must have required property 'conditions'" };
      if (vErrors === null) {
        vErrors = [err0];
      } else {
        vErrors.push(err0);
      }
      errors++;
    }
    for (const key0 in data) {
      if (!(key0 === "conditions")) {
        const err1 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties" };
        if (vErrors === null) {
          vErrors = [err1];
        } else {
          vErrors.push(err1);
        }
        errors++;
      }
    }
    if (data.conditions !== void 0) {
      let data0 = data.conditions;
      if (Array.isArray(data0)) {
        if (data0.length < 1) {
          const err2 = { instancePath: instancePath + "/conditions", schemaPath: "#/properties/conditions/minItems", keyword: "minItems", params: { limit: 1 }, message: "must NOT have fewer than 1 items" };
          if (vErrors === null) {
            vErrors = [err2];
          } else {
            vErrors.push(err2);
          }
          errors++;
        }
        const len0 = data0.length;
        for (let i0 = 0; i0 < len0; i0++) {
          if (!validate65(data0[i0], { instancePath: instancePath + "/conditions/" + i0, parentData: data0, parentDataProperty: i0, rootData, dynamicAnchors })) {
            vErrors = vErrors === null ? validate65.errors : vErrors.concat(validate65.errors);
            errors = vErrors.length;
          }
        }
      } else {
        const err3 = { instancePath: instancePath + "/conditions", schemaPath: "#/properties/conditions/type", keyword: "type", params: { type: "array" }, message: "must be array" };
        if (vErrors === null) {
          vErrors = [err3];
        } else {
          vErrors.push(err3);
        }
        errors++;
      }
    }
  } else {
    const err4 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object" };
    if (vErrors === null) {
      vErrors = [err4];
    } else {
      vErrors.push(err4);
    }
    errors++;
  }
  validate64.errors = vErrors;
  return errors === 0;
}
validate64.evaluated = { "props": true, "dynamicProps": false, "dynamicItems": false };
function validate63(data, { instancePath = "", parentData, parentDataProperty, rootData = data, dynamicAnchors = {} } = {}) {
  let vErrors = null;
  let errors = 0;
  const evaluated0 = validate63.evaluated;
  if (evaluated0.dynamicProps) {
    evaluated0.props = void 0;
  }
  if (evaluated0.dynamicItems) {
    evaluated0.items = void 0;
  }
  const _errs1 = errors;
  let valid0 = true;
  const _errs2 = errors;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    let missing0;
    if (data.isDefault === void 0 && (missing0 = "isDefault")) {
      const err0 = {};
      if (vErrors === null) {
        vErrors = [err0];
      } else {
        vErrors.push(err0);
      }
      errors++;
    } else {
      if (data.isDefault !== void 0) {
        if (true !== data.isDefault) {
          const err1 = {};
          if (vErrors === null) {
            vErrors = [err1];
          } else {
            vErrors.push(err1);
          }
          errors++;
        }
      }
    }
  }
  var _valid0 = _errs2 === errors;
  errors = _errs1;
  if (vErrors !== null) {
    if (_errs1) {
      vErrors.length = _errs1;
    } else {
      vErrors = null;
    }
  }
  if (!_valid0) {
    const _errs4 = errors;
    if (data && typeof data == "object" && !Array.isArray(data)) {
      if (data.rules === void 0) {
        const err2 = { instancePath, schemaPath: "#/else/required", keyword: "required", params: { missingProperty: "rules" }, message: "must have required property 'rules'" };
        if (vErrors === null) {
          vErrors = [err2];
        } else {
          vErrors.push(err2);
        }
        errors++;
      }
      if (data.rules !== void 0) {
        let data1 = data.rules;
        if (Array.isArray(data1)) {
          if (data1.length < 1) {
            const err3 = { instancePath: instancePath + "/rules", schemaPath: "#/else/properties/rules/minItems", keyword: "minItems", params: { limit: 1 }, message: "must NOT have fewer than 1 items" };
            if (vErrors === null) {
              vErrors = [err3];
            } else {
              vErrors.push(err3);
            }
            errors++;
          }
        }
      }
    }
    var _valid0 = _errs4 === errors;
    valid0 = _valid0;
    if (valid0) {
      var props0 = {};
      props0.rules = true;
      props0.isDefault = true;
    }
  }
  if (!valid0) {
    const err4 = { instancePath, schemaPath: "#/if", keyword: "if", params: { failingKeyword: "else" }, message: 'must match "else" schema' };
    if (vErrors === null) {
      vErrors = [err4];
    } else {
      vErrors.push(err4);
    }
    errors++;
  }
  if (data && typeof data == "object" && !Array.isArray(data)) {
    if (data.criticality === void 0) {
      const err5 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "criticality" }, message: "must have required property 'criticality'" };
      if (vErrors === null) {
        vErrors = [err5];
      } else {
        vErrors.push(err5);
      }
      errors++;
    }
    for (const key0 in data) {
      if (!(key0 === "isDefault" || key0 === "criticality" || key0 === "rules")) {
        const err6 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties" };
        if (vErrors === null) {
          vErrors = [err6];
        } else {
          vErrors.push(err6);
        }
        errors++;
      }
    }
    if (data.isDefault !== void 0) {
      if (typeof data.isDefault !== "boolean") {
        const err7 = { instancePath: instancePath + "/isDefault", schemaPath: "#/properties/isDefault/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean" };
        if (vErrors === null) {
          vErrors = [err7];
        } else {
          vErrors.push(err7);
        }
        errors++;
      }
    }
    if (data.criticality !== void 0) {
      if (!(typeof data.criticality == "number")) {
        const err8 = { instancePath: instancePath + "/criticality", schemaPath: "#/properties/criticality/type", keyword: "type", params: { type: "number" }, message: "must be number" };
        if (vErrors === null) {
          vErrors = [err8];
        } else {
          vErrors.push(err8);
        }
        errors++;
      }
    }
    if (data.rules !== void 0) {
      let data4 = data.rules;
      if (Array.isArray(data4)) {
        const len0 = data4.length;
        for (let i0 = 0; i0 < len0; i0++) {
          if (!validate64(data4[i0], { instancePath: instancePath + "/rules/" + i0, parentData: data4, parentDataProperty: i0, rootData, dynamicAnchors })) {
            vErrors = vErrors === null ? validate64.errors : vErrors.concat(validate64.errors);
            errors = vErrors.length;
          }
        }
      } else {
        const err9 = { instancePath: instancePath + "/rules", schemaPath: "#/properties/rules/type", keyword: "type", params: { type: "array" }, message: "must be array" };
        if (vErrors === null) {
          vErrors = [err9];
        } else {
          vErrors.push(err9);
        }
        errors++;
      }
    }
  } else {
    const err10 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object" };
    if (vErrors === null) {
      vErrors = [err10];
    } else {
      vErrors.push(err10);
    }
    errors++;
  }
  validate63.errors = vErrors;
  return errors === 0;
}
validate63.evaluated = { "props": true, "dynamicProps": false, "dynamicItems": false };
function validate22(data, { instancePath = "", parentData, parentDataProperty, rootData = data, dynamicAnchors = {} } = {}) {
  let vErrors = null;
  let errors = 0;
  const evaluated0 = validate22.evaluated;
  if (evaluated0.dynamicProps) {
    evaluated0.props = void 0;
  }
  if (evaluated0.dynamicItems) {
    evaluated0.items = void 0;
  }
  if (data && typeof data == "object" && !Array.isArray(data)) {
    if (data.name === void 0) {
      const err0 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "name" }, message: "must have required property 'name'" };
      if (vErrors === null) {
        vErrors = [err0];
      } else {
        vErrors.push(err0);
      }
      errors++;
    }
    if (data.statusDefinitions === void 0) {
      const err1 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "statusDefinitions" }, message: "must have required property 'statusDefinitions'" };
      if (vErrors === null) {
        vErrors = [err1];
      } else {
        vErrors.push(err1);
      }
      errors++;
    }
    for (const key0 in data) {
      if (!func1.call(schema33.properties, key0)) {
        const err2 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties" };
        if (vErrors === null) {
          vErrors = [err2];
        } else {
          vErrors.push(err2);
        }
        errors++;
      }
    }
    if (data.$schema !== void 0) {
      if (typeof data.$schema !== "string") {
        const err3 = { instancePath: instancePath + "/$schema", schemaPath: "#/properties/%24schema/type", keyword: "type", params: { type: "string" }, message: "must be string" };
        if (vErrors === null) {
          vErrors = [err3];
        } else {
          vErrors.push(err3);
        }
        errors++;
      }
    }
    if (data.id !== void 0) {
      let data1 = data.id;
      if (typeof data1 !== "string" && !(typeof data1 == "number" && (!(data1 % 1) && !isNaN(data1)))) {
        const err4 = { instancePath: instancePath + "/id", schemaPath: "#/properties/id/type", keyword: "type", params: { type: schema33.properties.id.type }, message: "must be string,integer" };
        if (vErrors === null) {
          vErrors = [err4];
        } else {
          vErrors.push(err4);
        }
        errors++;
      }
    }
    if (data.createdAt !== void 0) {
      if (typeof data.createdAt !== "string") {
        const err5 = { instancePath: instancePath + "/createdAt", schemaPath: "#/properties/createdAt/type", keyword: "type", params: { type: "string" }, message: "must be string" };
        if (vErrors === null) {
          vErrors = [err5];
        } else {
          vErrors.push(err5);
        }
        errors++;
      }
    }
    if (data.updatedAt !== void 0) {
      if (typeof data.updatedAt !== "string") {
        const err6 = { instancePath: instancePath + "/updatedAt", schemaPath: "#/properties/updatedAt/type", keyword: "type", params: { type: "string" }, message: "must be string" };
        if (vErrors === null) {
          vErrors = [err6];
        } else {
          vErrors.push(err6);
        }
        errors++;
      }
    }
    if (data.name !== void 0) {
      let data4 = data.name;
      if (typeof data4 === "string") {
        if (func2(data4) < 1) {
          const err7 = { instancePath: instancePath + "/name", schemaPath: "#/properties/name/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters" };
          if (vErrors === null) {
            vErrors = [err7];
          } else {
            vErrors.push(err7);
          }
          errors++;
        }
      } else {
        const err8 = { instancePath: instancePath + "/name", schemaPath: "#/properties/name/type", keyword: "type", params: { type: "string" }, message: "must be string" };
        if (vErrors === null) {
          vErrors = [err8];
        } else {
          vErrors.push(err8);
        }
        errors++;
      }
    }
    if (data.type !== void 0) {
      if (typeof data.type !== "string") {
        const err9 = { instancePath: instancePath + "/type", schemaPath: "#/properties/type/type", keyword: "type", params: { type: "string" }, message: "must be string" };
        if (vErrors === null) {
          vErrors = [err9];
        } else {
          vErrors.push(err9);
        }
        errors++;
      }
    }
    if (data.isActive !== void 0) {
      if (typeof data.isActive !== "boolean") {
        const err10 = { instancePath: instancePath + "/isActive", schemaPath: "#/properties/isActive/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean" };
        if (vErrors === null) {
          vErrors = [err10];
        } else {
          vErrors.push(err10);
        }
        errors++;
      }
    }
    if (data.resource !== void 0) {
      if (typeof data.resource !== "string") {
        const err11 = { instancePath: instancePath + "/resource", schemaPath: "#/properties/resource/type", keyword: "type", params: { type: "string" }, message: "must be string" };
        if (vErrors === null) {
          vErrors = [err11];
        } else {
          vErrors.push(err11);
        }
        errors++;
      }
    }
    if (data.description !== void 0) {
      if (typeof data.description !== "string") {
        const err12 = { instancePath: instancePath + "/description", schemaPath: "#/properties/description/type", keyword: "type", params: { type: "string" }, message: "must be string" };
        if (vErrors === null) {
          vErrors = [err12];
        } else {
          vErrors.push(err12);
        }
        errors++;
      }
    }
    if (data.query !== void 0) {
      let data9 = data.query;
      if (data9 && typeof data9 == "object" && !Array.isArray(data9)) {
        for (const key1 in data9) {
          if (!(key1 === "filter")) {
            const err13 = { instancePath: instancePath + "/query", schemaPath: "#/properties/query/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key1 }, message: "must NOT have additional properties" };
            if (vErrors === null) {
              vErrors = [err13];
            } else {
              vErrors.push(err13);
            }
            errors++;
          }
        }
        if (data9.filter !== void 0) {
          if (!validate23(data9.filter, { instancePath: instancePath + "/query/filter", parentData: data9, parentDataProperty: "filter", rootData, dynamicAnchors })) {
            vErrors = vErrors === null ? validate23.errors : vErrors.concat(validate23.errors);
            errors = vErrors.length;
          }
        }
      } else {
        const err14 = { instancePath: instancePath + "/query", schemaPath: "#/properties/query/type", keyword: "type", params: { type: "object" }, message: "must be object" };
        if (vErrors === null) {
          vErrors = [err14];
        } else {
          vErrors.push(err14);
        }
        errors++;
      }
    }
    if (data.statusDefinitions !== void 0) {
      let data11 = data.statusDefinitions;
      if (data11 && typeof data11 == "object" && !Array.isArray(data11)) {
        if (Object.keys(data11).length < 1) {
          const err15 = { instancePath: instancePath + "/statusDefinitions", schemaPath: "#/properties/statusDefinitions/minProperties", keyword: "minProperties", params: { limit: 1 }, message: "must NOT have fewer than 1 properties" };
          if (vErrors === null) {
            vErrors = [err15];
          } else {
            vErrors.push(err15);
          }
          errors++;
        }
        for (const key2 in data11) {
          const _errs26 = errors;
          if (typeof key2 === "string") {
            if (func2(key2) < 1) {
              const err16 = { instancePath: instancePath + "/statusDefinitions", schemaPath: "#/properties/statusDefinitions/propertyNames/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", propertyName: key2 };
              if (vErrors === null) {
                vErrors = [err16];
              } else {
                vErrors.push(err16);
              }
              errors++;
            }
          }
          var valid2 = _errs26 === errors;
          if (!valid2) {
            const err17 = { instancePath: instancePath + "/statusDefinitions", schemaPath: "#/properties/statusDefinitions/propertyNames", keyword: "propertyNames", params: { propertyName: key2 }, message: "property name must be valid" };
            if (vErrors === null) {
              vErrors = [err17];
            } else {
              vErrors.push(err17);
            }
            errors++;
          }
        }
        for (const key3 in data11) {
          if (!validate63(data11[key3], { instancePath: instancePath + "/statusDefinitions/" + key3.replace(/~/g, "~0").replace(/\//g, "~1"), parentData: data11, parentDataProperty: key3, rootData, dynamicAnchors })) {
            vErrors = vErrors === null ? validate63.errors : vErrors.concat(validate63.errors);
            errors = vErrors.length;
          }
        }
      } else {
        const err18 = { instancePath: instancePath + "/statusDefinitions", schemaPath: "#/properties/statusDefinitions/type", keyword: "type", params: { type: "object" }, message: "must be object" };
        if (vErrors === null) {
          vErrors = [err18];
        } else {
          vErrors.push(err18);
        }
        errors++;
      }
    }
  } else {
    const err19 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object" };
    if (vErrors === null) {
      vErrors = [err19];
    } else {
      vErrors.push(err19);
    }
    errors++;
  }
  validate22.errors = vErrors;
  return errors === 0;
}
validate22.evaluated = { "props": true, "dynamicProps": false, "dynamicItems": false };
function validate21(data, { instancePath = "", parentData, parentDataProperty, rootData = data, dynamicAnchors = {} } = {}) {
  let vErrors = null;
  let errors = 0;
  const evaluated0 = validate21.evaluated;
  if (evaluated0.dynamicProps) {
    evaluated0.props = void 0;
  }
  if (evaluated0.dynamicItems) {
    evaluated0.items = void 0;
  }
  if (data && typeof data == "object" && !Array.isArray(data)) {
    if (data.policy === void 0) {
      const err0 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "policy" }, message: "must have required property 'policy'" };
      if (vErrors === null) {
        vErrors = [err0];
      } else {
        vErrors.push(err0);
      }
      errors++;
    }
    for (const key0 in data) {
      if (!(key0 === "$schema" || key0 === "policy")) {
        const err1 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties" };
        if (vErrors === null) {
          vErrors = [err1];
        } else {
          vErrors.push(err1);
        }
        errors++;
      }
    }
    if (data.$schema !== void 0) {
      if (typeof data.$schema !== "string") {
        const err2 = { instancePath: instancePath + "/$schema", schemaPath: "#/properties/%24schema/type", keyword: "type", params: { type: "string" }, message: "must be string" };
        if (vErrors === null) {
          vErrors = [err2];
        } else {
          vErrors.push(err2);
        }
        errors++;
      }
    }
    if (data.policy !== void 0) {
      if (!validate22(data.policy, { instancePath: instancePath + "/policy", parentData: data, parentDataProperty: "policy", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate22.errors : vErrors.concat(validate22.errors);
        errors = vErrors.length;
      }
    }
  } else {
    const err3 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object" };
    if (vErrors === null) {
      vErrors = [err3];
    } else {
      vErrors.push(err3);
    }
    errors++;
  }
  validate21.errors = vErrors;
  return errors === 0;
}
validate21.evaluated = { "props": true, "dynamicProps": false, "dynamicItems": false };
function validate20(data, { instancePath = "", parentData, parentDataProperty, rootData = data, dynamicAnchors = {} } = {}) {
  let vErrors = null;
  let errors = 0;
  const evaluated0 = validate20.evaluated;
  if (evaluated0.dynamicProps) {
    evaluated0.props = void 0;
  }
  if (evaluated0.dynamicItems) {
    evaluated0.items = void 0;
  }
  const _errs0 = errors;
  let valid0 = true;
  const _errs1 = errors;
  const _errs3 = errors;
  const _errs4 = errors;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    let missing0;
    if (data.statusDefinitions === void 0 && (missing0 = "statusDefinitions")) {
      const err0 = {};
      if (vErrors === null) {
        vErrors = [err0];
      } else {
        vErrors.push(err0);
      }
      errors++;
    }
  }
  var valid1 = _errs4 === errors;
  if (valid1) {
    const err1 = {};
    if (vErrors === null) {
      vErrors = [err1];
    } else {
      vErrors.push(err1);
    }
    errors++;
  } else {
    errors = _errs3;
    if (vErrors !== null) {
      if (_errs3) {
        vErrors.length = _errs3;
      } else {
        vErrors = null;
      }
    }
  }
  if (errors === _errs1) {
    if (data && typeof data == "object" && !Array.isArray(data)) {
      let missing1;
      if (data.policy === void 0 && (missing1 = "policy")) {
        const err2 = {};
        if (vErrors === null) {
          vErrors = [err2];
        } else {
          vErrors.push(err2);
        }
        errors++;
      }
    } else {
      const err3 = {};
      if (vErrors === null) {
        vErrors = [err3];
      } else {
        vErrors.push(err3);
      }
      errors++;
    }
  }
  var _valid0 = _errs1 === errors;
  errors = _errs0;
  if (vErrors !== null) {
    if (_errs0) {
      vErrors.length = _errs0;
    } else {
      vErrors = null;
    }
  }
  let ifClause0;
  if (_valid0) {
    const _errs5 = errors;
    if (!validate21(data, { instancePath, parentData, parentDataProperty, rootData, dynamicAnchors })) {
      vErrors = vErrors === null ? validate21.errors : vErrors.concat(validate21.errors);
      errors = vErrors.length;
    }
    var _valid0 = _errs5 === errors;
    valid0 = _valid0;
    if (valid0) {
      var props0 = true;
    }
    ifClause0 = "then";
  } else {
    const _errs6 = errors;
    if (!validate22(data, { instancePath, parentData, parentDataProperty, rootData, dynamicAnchors })) {
      vErrors = vErrors === null ? validate22.errors : vErrors.concat(validate22.errors);
      errors = vErrors.length;
    }
    var _valid0 = _errs6 === errors;
    valid0 = _valid0;
    if (valid0) {
      if (props0 !== true) {
        props0 = true;
      }
    }
    ifClause0 = "else";
  }
  if (!valid0) {
    const err4 = { instancePath, schemaPath: "#/if", keyword: "if", params: { failingKeyword: ifClause0 }, message: 'must match "' + ifClause0 + '" schema' };
    if (vErrors === null) {
      vErrors = [err4];
    } else {
      vErrors.push(err4);
    }
    errors++;
  }
  validate20.errors = vErrors;
  evaluated0.props = props0;
  return errors === 0;
}
validate20.evaluated = { "dynamicProps": true, "dynamicItems": false };

// src/validate/schema.ts
function schemaValidator() {
  return validate;
}

// src/validate/checks/json-schema.ts
var related = (a, b2) => a === b2 || a.startsWith(`${b2}/`) || b2.startsWith(`${a}/`);
var inFilter = (path) => /\/(?:query|condition)\/filter(?:\/|$)/.test(path);
function finding(e) {
  const params = e.params;
  if (e.keyword === "additionalProperties") {
    const key = String(params.additionalProperty);
    return {
      severity: "error",
      code: "SCHEMA",
      message: `unknown property "${showText(key)}" (schema)`,
      path: pointer(e.instancePath, key),
      anchor: "key"
    };
  }
  return {
    severity: "error",
    code: "SCHEMA",
    message: `${e.instancePath === "" ? "the document" : showPointer(e.instancePath)} ${e.message ?? "is invalid"} (schema: ${e.schemaPath})`,
    path: e.instancePath
  };
}
var jsonSchema = {
  name: "json-schema",
  run(model, report) {
    const validate3 = schemaValidator();
    if (validate3(model.document)) return;
    const engine = model.check.problems.map((p) => p.path);
    const seen = /* @__PURE__ */ new Set();
    for (const e of validate3.errors ?? []) {
      if (e.keyword === "if" || e.keyword === "anyOf" || e.keyword === "oneOf") continue;
      const f = finding(e);
      if (inFilter(f.path) || engine.some((p) => related(p, f.path))) continue;
      const key = `${f.path}\0${f.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      report(f);
    }
  }
};

// src/validate/checks/k8s-details.ts
var k8sDetails = {
  name: "k8s-details",
  run(model, report) {
    const kind = model.k8s?.kind === void 0 ? "the supplied kind" : `kind ${model.k8s.kind}`;
    for (const filter of model.filters) {
      for (const site of filter.fields) {
        const r = site.resolution;
        if (!site.k8s || r === void 0) continue;
        const problem = site.problems?.find(
          (p) => p.kind === "unknown" || p.kind === "through-scalar" || p.kind === "unfilterable"
        );
        if (problem?.kind === "unknown" || problem?.kind === "through-scalar") {
          const step = site.node.path[problem.step];
          const suggestion2 = suggestKey(problem, step?.kind === "key" ? step.key : "");
          const hint = suggestion2 !== void 0 ? `; did you mean "${printPath([...site.node.path.slice(0, problem.step), { kind: "key", key: suggestion2 }])}"?` : "";
          report({
            severity: "error",
            code: "K8S_UNKNOWN_FIELD",
            message: `"${showText(site.key)}" is not a detail field of ${kind} (descriptors list the filterable paths)${hint}`,
            path: site.pointer,
            anchor: "key"
          });
          continue;
        }
        if (r.kind !== "ok") continue;
        if (problem?.kind === "unfilterable") {
          report({
            severity: "error",
            code: "K8S_NOT_FILTERABLE",
            message: `"${showText(printPath(site.node.path.slice(0, problem.step + 1)))}" is not filterable for ${kind}`,
            path: site.pointer,
            anchor: "key"
          });
          continue;
        }
        const values = r.type.type === "string" ? r.type.availableValues : void 0;
        if (values === void 0) continue;
        const known = new Set(values);
        site.node.operators.forEach((op, i) => {
          const at2 = site.operatorPointers[i];
          const list = op.kind === "eq" || op.kind === "ne" ? [{ v: op.value, at: at2 }] : op.kind === "in" || op.kind === "nin" ? op.values.map((v, j) => ({ v, at: pointer(at2, j) })) : [];
          for (const { v, at: where2 } of list) {
            if (typeof v !== "string" || known.has(v)) continue;
            report({
              severity: "warning",
              code: "K8S_UNKNOWN_VALUE",
              message: `"${OPERATOR_NAMES[op.kind]}" compares "${showText(site.key)}" with "${showText(v)}", which is not one of its available values (${values.map((x) => JSON.stringify(x)).join(", ")})`,
              path: where2
            });
          }
        });
      }
    }
  }
};

// src/validate/checks/like-patterns.ts
var FOREIGN_SYNTAX = [
  { test: /^\^/, what: 'a leading "^" (regular-expression anchor)' },
  { test: /(?<!\\)\$$/, what: 'a trailing "$" (regular-expression anchor)' },
  { test: /%/, what: '"%" (the SQL LIKE wildcard)' },
  { test: /\[[^\]]+\]/, what: 'a character class like "[0-9]"' },
  { test: /\([^()]*\|[^()]*\)/, what: 'an alternation like "(a|b)"' },
  // `14.*` is a version prefix ("14." then anything), which `$like` reads as meant: a dot after a digit
  // is not taken for the regular expression "any character".
  {
    test: /(?<![0-9])\.[*+?]|^\.[*+?]|\.\+|\.\?/,
    what: '".*" or ".+" (regular-expression "any characters")'
  },
  { test: /\\[dwsDWS.]/, what: 'an escape like "\\d" or "\\."' }
];
function rewrite(pattern) {
  const out = pattern.replace(/^\^/, "").replace(/(?<!\\)\$$/, "").replace(/\.[*+]|%/g, "*").replace(/\*{2,}/g, "*");
  if (out === "" || /[[\]()|\\^$%]|\.[?]/.test(out) || out === pattern) return void 0;
  return out;
}
var likePatterns = {
  name: "like-patterns",
  run(model, report) {
    for (const filter of model.filters) {
      for (const site of filter.fields) {
        site.node.operators.forEach((op, i) => {
          if (op.kind !== "like") return;
          const found = FOREIGN_SYNTAX.filter((s) => s.test.test(op.pattern)).map((s) => s.what);
          if (found.length === 0) return;
          const better = rewrite(op.pattern);
          report({
            severity: "warning",
            code: "SUSPICIOUS_LIKE_PATTERN",
            message: `"$like" pattern ${JSON.stringify(op.pattern)} on "${showText(site.key)}" has ${found.join(" and ")}, but $like is not a regular expression or SQL LIKE: only "*" is a wildcard and every other character matches itself, so this likely never matches` + (better === void 0 ? "" : `; did you mean ${JSON.stringify(better)}?`),
            path: site.operatorPointers[i] ?? site.pointer
          });
        });
      }
    }
  }
};

// src/validate/timestamps.ts
var ISO = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-](\d{2}):(\d{2}))?)?$/;
var CANONICAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
function isIsoTimestamp(text2) {
  const m = ISO.exec(text2);
  if (m === null) return false;
  const [year, month, day, hour, minute, second, offH, offM] = m.slice(1).map((x) => x === void 0 ? 0 : Number(x));
  if (month < 1 || month > 12 || day < 1) return false;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= days && hour < 24 && minute < 60 && second < 60 && offH < 24 && offM < 60;
}
function isCanonicalTimestamp(text2) {
  return CANONICAL.test(text2) && isIsoTimestamp(text2);
}
var PARTS = /^(\d{4}-\d{2}-\d{2})(?:[Tt](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?([Zz]|[+-]\d{2}:\d{2})?)?$/;
function asRfc3339(text2) {
  const m = PARTS.exec(text2);
  if (m === null) return text2;
  const [, date, h = "00", mi = "00", s = "00", fraction = "", offset = "Z"] = m;
  return `${date}T${h}:${mi}:${s}${fraction}${offset}`;
}

// src/validate/checks/operator-types.ts
function mismatchMessage(field, type, op, problem) {
  const name = OPERATOR_NAMES[op.kind];
  const what2 = `"${showText(field)}" is ${describeType(type)}`;
  switch (problem.kind) {
    case "elements-not-objects":
      return `${what2}: "$elemMatch" holds only for an element that is an object (or for the empty filter {}), so it never matches here; compare the elements with "${showText(field)}": { \u2026 }`;
    case "compares-object":
      return `${what2}: "${name}" compares it with a scalar, which never matches an object; compare one of its fields`;
    case "versions-need-strings": {
      const never = op.kind === "vne" ? "always holds" : "never matches";
      return `${what2}: "${name}" compares versions, and ${type.type === "timestamp" ? "a timestamp is never a version" : "only strings can be versions"}, so it ${never} here`;
    }
    case "like-needs-strings":
      return `${what2}: "$like" matches strings only, so it never matches here`;
    case "booleans-unordered":
      return `${what2}: booleans are never ordered, so "${name}" never matches; use "$eq"`;
    case "instants-need-timestamps":
      throw new RangeError("an instant is reported by timestamp-fields.ts");
    case "operand": {
      const never = op.kind === "ne" || op.kind === "nin" ? "always differs from it" : "never matches it";
      return `${what2}, but "${name}" has ${describe(problem.value)} operand ${JSON.stringify(problem.value)}, which ${never} (no conversions)`;
    }
  }
}
function checkTimestamp(field, name, v, at2, report, range) {
  if (!isIsoTimestamp(v)) {
    report({
      severity: "error",
      code: "INVALID_TIMESTAMP",
      message: `"${showText(field)}" is ${describeType({ type: "timestamp" })}, but "${name}" compares it with "${showText(v)}", which is not an ISO 8601 date or date-time (timestamps compare as strings)`,
      path: at2
    });
  } else if (!isCanonicalTimestamp(v) && !range) {
    report({
      severity: "warning",
      code: "NON_CANONICAL_TIMESTAMP",
      message: `"${name}" compares "${showText(field)}" with "${showText(v)}"; stored timestamps read like 2026-01-01T00:00:00.000Z and compare as strings, so write that form`,
      path: at2
    });
  }
}
var operatorTypes = {
  name: "operator-types",
  run(model, report) {
    for (const filter of model.filters) {
      for (const site of filter.fields) {
        const r = site.resolution;
        if (r === void 0 || r.kind !== "ok") continue;
        const problems = (site.problems ?? []).flatMap((p) => p.kind === "operator" ? [p] : []);
        site.node.operators.forEach((op, i) => {
          const at2 = site.operatorPointers[i];
          const mine = problems.filter((p) => p.operator === i);
          const mismatch = (problem, path) => report({
            severity: "error",
            code: "TYPE_MISMATCH",
            message: mismatchMessage(site.key, r.type, op, problem),
            path
          });
          if (isTimeNode(op)) return;
          const whole = mine.find((p) => p.problem.kind !== "operand");
          if (whole !== void 0) {
            mismatch(whole.problem, at2);
            return;
          }
          for (const { value: value2, index } of operandsOf(op)) {
            const where2 = index === void 0 ? at2 : pointer(at2, index);
            const wrong = mine.find((p) => p.problem.kind === "operand" && p.problem.index === index);
            if (wrong !== void 0) mismatch(wrong.problem, where2);
            else if (r.type.type === "timestamp" && typeof value2 === "string" && op.kind !== "like") {
              checkTimestamp(site.key, OPERATOR_NAMES[op.kind], value2, where2, report, isRange(op));
            }
          }
        });
      }
    }
  }
};
var isRange = (op) => op.kind === "gt" || op.kind === "gte" || op.kind === "lt" || op.kind === "lte";

// src/validate/checks/policy-structure.ts
var KEY_PROBLEMS = /* @__PURE__ */ new Set([
  "UNKNOWN_PROPERTY",
  "UNKNOWN_OPERATOR",
  "INVALID_PATH",
  "FORBIDDEN_PATH_SEGMENT"
]);
var anchorOf = (code2) => KEY_PROBLEMS.has(code2) ? "key" : "value";
var policyStructure = {
  name: "policy-structure",
  run(model, report) {
    const reported = /* @__PURE__ */ new Set();
    for (const p of model.check.problems) {
      reported.add(`${p.code} ${p.path}`);
      report({ severity: "error", code: p.code, message: p.message, path: p.path, anchor: anchorOf(p.code) });
    }
    for (const p of model.filterProblems) {
      if (reported.has(`${p.code} ${p.path}`)) continue;
      reported.add(`${p.code} ${p.path}`);
      report({ severity: "error", code: p.code, message: p.message, path: p.path, anchor: anchorOf(p.code) });
    }
  }
};

// src/validate/checks/shadowed-rules.ts
var shadowedRules = {
  name: "shadowed-rules",
  run(model, report) {
    const definition = model.check.definition;
    if (definition === void 0) return;
    const order2 = evaluationOrder(definition.statuses);
    const rank = new Map(order2.map((s, i) => [s, i]));
    const duplicates = new Set(duplicatePairs(definition.statuses).map(([, loser]) => loser));
    const scope = scopeOf(model);
    const scopeFacts = scope === void 0 ? [] : facts([scope]);
    const views = ruleViews(model);
    for (const view of views) {
      if (duplicates.has(view.status)) continue;
      const premises = [...scopeFacts, ...facts(view.filters)];
      if (neverHolds(premises)) continue;
      const winner = views.find(
        (w) => rank.get(w.status) < rank.get(view.status) && w.conjunctive && !neverHolds(facts(w.filters)) && implies(premises, facts(w.filters))
      );
      if (winner === void 0) continue;
      report({
        severity: "warning",
        code: "SHADOWED_RULE",
        message: `rule ${view.index + 1} of "${showText(view.status.name)}" can never decide: whenever it holds, rule ${winner.index + 1} of "${showText(winner.status.name)}" (criticality ${winner.status.criticality}) holds too and is evaluated first`,
        path: view.rule.path,
        anchor: "key"
      });
    }
  }
};

// src/validate/checks/timestamp-fields.ts
var RANGE = { gt: true, gte: true, lt: true, lte: true };
var isStringRange = (op) => Object.hasOwn(RANGE, op.kind) && typeof op.value === "string";
var timestampFields = {
  name: "timestamp-fields",
  run(model, report) {
    for (const filter of model.filters) {
      for (const site of filter.fields) {
        const r = site.resolution;
        if (r?.kind !== "ok") continue;
        const type = r.type;
        site.node.operators.forEach((op, i) => {
          const at2 = site.operatorPointers[i];
          const name = OPERATOR_NAMES[op.kind];
          if (isTimeNode(op)) {
            if (type.type === "timestamp" || type.type === "any" || type.type === "array") return;
            const operand2 = `{ "$${op.instant.base}": ${JSON.stringify(showText(op.instant.text))} }`;
            report({
              severity: "error",
              code: "INSTANT_ON_NON_TIMESTAMP",
              message: `"${showText(site.key)}" is ${describeType(type)}, not a timestamp: "${name}": ${operand2} compares instants, so it ${op.kind === "tne" ? "holds for every value that is not a timestamp" : "matches only values that are timestamps"}; compare a timestamp field`,
              path: at2
            });
            return;
          }
          if (type.type !== "timestamp" || !isStringRange(op) || !isIsoTimestamp(op.value)) return;
          report({
            severity: "warning",
            code: "STRING_RANGE_ON_TIMESTAMP",
            message: `"${showText(site.key)}" holds timestamps, but "${name}": ${JSON.stringify(showText(op.value))} compares strings by code point (a value with an offset or without milliseconds orders wrongly, and the date is fixed); to compare instants write { "${name}": { "$at": ${JSON.stringify(showText(asRfc3339(op.value)))} } }, or a time relative to the run such as { "${name}": { "$now": "-P30D" } }`,
            path: at2
          });
        });
      }
    }
  }
};

// src/validate/checks/unicode.ts
var BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
var INVISIBLE = [
  [173, 173],
  [847, 847],
  [4447, 4448],
  [6068, 6069],
  [6155, 6159],
  [8203, 8205],
  [8288, 8292],
  [12644, 12644],
  [65024, 65039],
  [65279, 65279],
  [65440, 65440],
  [917504, 917631]
];
function invisibleIn(text2) {
  for (const c of text2) {
    const cp = c.codePointAt(0);
    if (INVISIBLE.some(([lo, hi]) => cp >= lo && cp <= hi)) return c;
  }
  return void 0;
}
var SCRIPTS = [
  ["Latin", new RegExp("\\p{Script=Latin}", "u")],
  ["Cyrillic", new RegExp("\\p{Script=Cyrillic}", "u")],
  ["Greek", new RegExp("\\p{Script=Greek}", "u")],
  ["Armenian", new RegExp("\\p{Script=Armenian}", "u")],
  ["Cherokee", new RegExp("\\p{Script=Cherokee}", "u")]
];
var WORD = /[\p{L}\p{M}\p{N}_-]+/gu;
function codePoint(c) {
  return `U+${c.codePointAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
}
function mixedWord(text2) {
  for (const word of text2.match(WORD) ?? []) {
    const scripts = SCRIPTS.filter(([, re]) => re.test(word)).map(([name]) => name);
    if (scripts.length > 1) return { word, scripts };
  }
  return void 0;
}
function inspect(text2, where2, path, anchor, report) {
  const bidi = BIDI.exec(text2);
  if (bidi !== null) {
    report({
      severity: "warning",
      code: "BIDI_CONTROL",
      message: `${where2} contains the bidirectional control character ${codePoint(bidi[0])}, which can make it display differently from what it is`,
      path,
      anchor
    });
  }
  const invisible = invisibleIn(text2);
  if (invisible !== void 0) {
    report({
      severity: "warning",
      code: "INVISIBLE_CHARACTER",
      message: `${where2} contains the invisible character ${codePoint(invisible)}`,
      path,
      anchor
    });
  }
  const mixed = mixedWord(text2);
  if (mixed !== void 0) {
    report({
      severity: "warning",
      code: "CONFUSABLE_CHARACTERS",
      message: `${where2} has the word ${JSON.stringify(showText(mixed.word))} mixing ${mixed.scripts.join(" and ")} letters, a likely lookalike`,
      path,
      anchor
    });
  }
}
var unicode = {
  name: "unicode",
  run(model, report) {
    const stack = [[model.document, ""]];
    while (stack.length > 0) {
      const [value2, at2] = stack.pop();
      if (typeof value2 === "string") {
        inspect(value2, `the value at ${showPointer(at2)}`, at2, "value", report);
      } else if (Array.isArray(value2)) {
        for (let i = value2.length - 1; i >= 0; i--) stack.push([value2[i], pointer(at2, i)]);
      } else if (typeof value2 === "object" && value2 !== null) {
        const keys = Object.keys(value2);
        for (let i = keys.length - 1; i >= 0; i--) {
          const key = keys[i];
          const child = pointer(at2, key);
          inspect(key, `the key ${JSON.stringify(showText(key))}`, child, "key", report);
          stack.push([value2[key], child]);
        }
      }
    }
  }
};

// src/resources/descriptions.ts
var DEFAULT_TIE_BREAKERS = ["createdAt", "id"];
var COMPONENT_RESOURCE = {
  name: "component",
  fields: {
    id: { type: "string", required: true, sortable: true, filterable: true, displayName: "ID" },
    integrationId: {
      type: "string",
      sortable: true,
      filterable: true,
      displayName: "Integration ID",
      description: "owning integration"
    },
    uniqueIdentifier: {
      type: "string",
      sortable: true,
      filterable: true,
      displayName: "Unique identifier",
      description: "external resource identifier"
    },
    region: { type: "string", sortable: true, filterable: true, displayName: "Region" },
    vendor: { type: "string", sortable: true, filterable: true, displayName: "Vendor" },
    technology: {
      type: "string",
      sortable: true,
      filterable: true,
      displayName: "Technology",
      description: "for example a database or cluster family"
    },
    type: {
      type: "string",
      sortable: true,
      filterable: true,
      displayName: "Type",
      description: "finer kind inside a technology"
    },
    version: {
      type: "string",
      format: "version",
      sortable: true,
      filterable: true,
      displayName: "Version"
    },
    hasAvailableSvcs: {
      type: "boolean",
      sortable: true,
      filterable: true,
      displayName: "Has available svcs"
    },
    tags: {
      type: "map",
      values: { type: "string" },
      sortable: false,
      filterable: true,
      displayName: "Tags",
      description: "discovered tags"
    },
    customTags: {
      type: "map",
      values: { type: "string" },
      sortable: false,
      filterable: true,
      displayName: "Custom tags",
      description: "user-set tags"
    },
    // Technology-specific and open. The description gives one sample, `details.database.
    // lastActiveConnectionTime` (a timestamp); Kubernetes details come from the discovery operation
    // (`POST /k8sResource/detailsSchema`), which validation reads when given.
    details: {
      type: "object",
      open: true,
      fields: {
        database: {
          type: "object",
          open: true,
          fields: { lastActiveConnectionTime: { type: "timestamp", nullable: true } }
        }
      },
      sortable: false,
      filterable: true,
      displayName: "Details",
      description: "nested, technology-specific"
    },
    createdAt: {
      type: "timestamp",
      required: true,
      sortable: true,
      filterable: true,
      displayName: "Created at"
    },
    updatedAt: { type: "timestamp", sortable: true, filterable: true, displayName: "Updated at" }
  },
  selectable: [
    "id",
    "integrationId",
    "uniqueIdentifier",
    "region",
    "vendor",
    "technology",
    "type",
    "version",
    "hasAvailableSvcs",
    "createdAt",
    "updatedAt",
    "tags",
    "customTags",
    "details"
  ]
};
var CERTIFICATE_RESOURCE = {
  name: "certificate",
  fields: {
    id: { type: "string", required: true, sortable: true, filterable: true, displayName: "ID" },
    integrationId: { type: "string", sortable: true, filterable: true, displayName: "Integration ID" },
    uniqueIdentifier: { type: "string", sortable: true, filterable: true, displayName: "Unique identifier" },
    type: { type: "string", sortable: true, filterable: true, displayName: "Type" },
    status: { type: "string", sortable: true, filterable: true, displayName: "Status" },
    issuer: { type: "string", sortable: true, filterable: true, displayName: "Issuer" },
    keyAlgorithm: { type: "string", sortable: true, filterable: true, displayName: "Key algorithm" },
    renewalEligibility: {
      type: "string",
      sortable: true,
      filterable: true,
      displayName: "Renewal eligibility"
    },
    domainName: { type: "string", sortable: true, filterable: true, displayName: "Domain name" },
    domains: {
      type: "array",
      items: { type: "string" },
      sortable: false,
      filterable: true,
      displayName: "Domains"
    },
    inUseBy: {
      type: "array",
      items: { type: "string" },
      sortable: false,
      filterable: true,
      displayName: "In use by",
      description: "names of users of the certificate"
    },
    created: { type: "timestamp", sortable: true, filterable: true, displayName: "Created" },
    issuedAt: { type: "timestamp", sortable: true, filterable: true, displayName: "Issued at" },
    validityStartDate: {
      type: "timestamp",
      sortable: true,
      filterable: true,
      displayName: "Validity start date"
    },
    expirationDate: { type: "timestamp", sortable: true, filterable: true, displayName: "Expiration date" },
    dueDate: { type: "timestamp", sortable: true, filterable: true, displayName: "Due date" },
    // Observed keys `serialNumber` and `signatureAlgorithm`; the object "may be empty" and is not closed.
    details: {
      type: "object",
      open: true,
      fields: { serialNumber: { type: "string" }, signatureAlgorithm: { type: "string" } },
      sortable: false,
      filterable: true,
      displayName: "Details"
    },
    createdAt: {
      type: "timestamp",
      required: true,
      sortable: true,
      filterable: true,
      displayName: "Created at"
    },
    updatedAt: { type: "timestamp", sortable: true, filterable: true, displayName: "Updated at" },
    deletedAt: {
      type: "timestamp",
      nullable: true,
      sortable: true,
      filterable: true,
      displayName: "Deleted at"
    },
    componentIds: {
      type: "array",
      items: { type: "integer" },
      sortable: false,
      filterable: true,
      displayName: "Component IDs",
      description: "components using the certificate"
    },
    displayType: { type: "string", sortable: true, filterable: true, displayName: "Display type" }
  },
  selectable: [
    "id",
    "integrationId",
    "uniqueIdentifier",
    "type",
    "status",
    "issuer",
    "keyAlgorithm",
    "renewalEligibility",
    "domainName",
    "domains",
    "inUseBy",
    "created",
    "issuedAt",
    "validityStartDate",
    "expirationDate",
    "dueDate",
    "details",
    "createdAt",
    "updatedAt",
    "deletedAt",
    "componentIds"
  ]
};
var POLICY_RESOURCE = {
  name: "policy",
  fields: {
    id: { type: "string", required: true, sortable: true, filterable: true, displayName: "ID" },
    name: { type: "string", sortable: true, filterable: true, displayName: "Name" },
    description: { type: "string", sortable: true, filterable: true, displayName: "Description" },
    createdAt: {
      type: "timestamp",
      required: true,
      sortable: true,
      filterable: true,
      displayName: "Created at"
    },
    updatedAt: { type: "timestamp", sortable: true, filterable: true, displayName: "Updated at" }
  },
  selectable: ["id", "name", "description", "createdAt", "updatedAt"]
};
var CHANGE = {
  type: "object",
  open: true,
  fields: {
    name: { type: "string" },
    currentVersion: { type: "string", format: "version" },
    desiredVersion: { type: "string", format: "version" },
    status: { type: "string", availableValues: ["pending", "active"] }
  }
};
var UPGRADE_PLAN_RESOURCE = {
  name: "upgradePlan",
  fields: {
    id: { type: "string", required: true, sortable: true, filterable: true, displayName: "ID" },
    componentId: { type: "string", sortable: true, filterable: true, displayName: "Component ID" },
    technology: { type: "string", sortable: true, filterable: true, displayName: "Technology" },
    status: {
      type: "string",
      availableValues: ["active", "completed"],
      sortable: true,
      filterable: true,
      displayName: "Status"
    },
    currentVersion: {
      type: "string",
      format: "version",
      sortable: true,
      filterable: true,
      displayName: "Current version"
    },
    desiredVersion: {
      type: "string",
      format: "version",
      sortable: true,
      filterable: true,
      displayName: "Desired version"
    },
    upgradePlan: {
      type: "map",
      values: { type: "object", open: true, fields: { changes: { type: "array", items: CHANGE } } },
      sortable: false,
      filterable: true,
      displayName: "Upgrade plan",
      description: "sections keyed by name, each with its list of changes"
    },
    createdAt: {
      type: "timestamp",
      required: true,
      sortable: true,
      filterable: true,
      displayName: "Created at"
    },
    updatedAt: { type: "timestamp", sortable: true, filterable: true, displayName: "Updated at" },
    completedAt: {
      type: "timestamp",
      nullable: true,
      sortable: true,
      filterable: true,
      displayName: "Completed at"
    }
  },
  selectable: [
    "id",
    "componentId",
    "technology",
    "status",
    "currentVersion",
    "desiredVersion",
    "createdAt",
    "updatedAt",
    "completedAt"
  ]
};
var RESOURCES = {
  component: COMPONENT_RESOURCE,
  certificate: CERTIFICATE_RESOURCE,
  policy: POLICY_RESOURCE,
  upgradePlan: UPGRADE_PLAN_RESOURCE
};
function isResourceName(name) {
  return typeof name === "string" && hasOwn(RESOURCES, name);
}
function resolveResource(resource) {
  if (typeof resource !== "string") return resource;
  return isResourceName(resource) ? RESOURCES[resource] : void 0;
}

// src/validate/checks/unknown-resource.ts
var unknownResource = {
  name: "unknown-resource",
  run(model, report) {
    if (model.resource === void 0 || model.rootType !== void 0) return;
    report({
      severity: "warning",
      code: "UNKNOWN_RESOURCE",
      message: `resource "${showText(model.resource)}" has no field table (known: ${Object.keys(RESOURCES).join(", ")}); its field paths are not checked`,
      path: `${model.base}/resource`
    });
  }
};

// src/validate/checks/version-fields.ts
var VERSION_FIELDS = /* @__PURE__ */ new Set([
  "version",
  "currentVersion",
  "desiredVersion",
  "requiredVersion",
  "recommendedVersion",
  "runtimeVersion",
  "engineVersion"
]);
var VERSION_PREFIX = /^(v?)(\d+(?:\.\d+)*)\.?\*$/;
function prefixRange(pattern) {
  const m = VERSION_PREFIX.exec(pattern);
  if (m === null) return void 0;
  const parts = m[2].split(".");
  const last = parts.length - 1;
  const next = [...parts.slice(0, last), (BigInt(parts[last]) + 1n).toString()].join(".");
  return `{ "$vgte": ${JSON.stringify(m[1] + m[2])}, "$vlt": ${JSON.stringify(m[1] + next)} }`;
}
var MAPS = /* @__PURE__ */ new Set(["tags", "customTags"]);
var VERSION_OPERATOR = {
  gt: "vgt",
  gte: "vgte",
  lt: "vlt",
  lte: "vlte"
};
var isStringRange2 = (op) => Object.hasOwn(VERSION_OPERATOR, op.kind) && typeof op.value === "string";
var versionFields = {
  name: "version-fields",
  run(model, report) {
    for (const filter of model.filters) {
      for (const site of filter.fields) {
        const { path } = site.node;
        const first = path[0];
        const last = path.findLast((s) => s.kind === "key");
        if (last?.kind !== "key" || !VERSION_FIELDS.has(last.key)) continue;
        if (first?.kind === "key" && MAPS.has(first.key)) continue;
        site.node.operators.forEach((op, i) => {
          if (op.kind === "like" && /^v?\d/.test(op.pattern)) {
            const range = prefixRange(op.pattern);
            report({
              severity: "warning",
              code: "LIKE_ON_VERSION",
              message: `"${showText(site.key)}" holds versions, but "$like": ${JSON.stringify(op.pattern)} matches their text: it misses other spellings of the same versions ("14" and "14.0" for "14.*") and "14*" takes "140"; ${range === void 0 ? 'compare versions with "$vgte" and "$vlt"' : `to compare versions write ${range}`}`,
              path: site.operatorPointers[i]
            });
            return;
          }
          if (!isStringRange2(op)) return;
          const name = OPERATOR_NAMES[op.kind];
          const suggested = OPERATOR_NAMES[VERSION_OPERATOR[op.kind]];
          const fix = parseVersion(op.value) === void 0 ? `"${suggested}" with a version operand such as "1.29"` : `{ "${suggested}": ${JSON.stringify(op.value)} }`;
          report({
            severity: "warning",
            code: "STRING_RANGE_ON_VERSION",
            message: `"${showText(site.key)}" holds versions, but "${name}" compares strings by code point ("1.9" sorts after "1.29", "1.100" before it); to compare versions write ${fix}`,
            path: site.operatorPointers[i]
          });
        });
      }
    }
  }
};

// src/validate/checks/index.ts
var CHECKS = [
  policyStructure,
  jsonSchema,
  unknownResource,
  fieldPaths,
  dottedPaths,
  arraySelectors,
  operatorTypes,
  versionFields,
  timestampFields,
  k8sDetails,
  likePatterns,
  impossibleConditions,
  duplicateStatuses,
  shadowedRules,
  unicode
];

// src/validate/fields/k8s.ts
var ANY = { type: "any" };
var newBuilder = () => ({ filterable: true, array: false, fields: /* @__PURE__ */ new Map(), items: /* @__PURE__ */ new Map() });
function typeOf(word, values) {
  const w = (word ?? "").toLowerCase();
  const array2 = /array|list|\[\]/.test(w);
  const known = values !== void 0 && values.length > 0;
  let type = ANY;
  if (/bool/.test(w)) type = { type: "boolean" };
  else if (/date|time/.test(w)) type = { type: "timestamp" };
  else if (/int|number|float|double|long|decimal/.test(w)) type = { type: "number" };
  else if (/string|text|enum|keyword/.test(w))
    type = known ? { type: "string", availableValues: values } : { type: "string" };
  if (type.type === "any" && known) type = { type: "string", availableValues: values };
  return { type, array: array2 };
}
var DETAILS_PREFIX = `details${PATH_SEPARATOR}`;
var SELECTOR_PREFIX = `${ARRAY_ANY}${PATH_SEPARATOR}`;
function descriptorSegments(field) {
  const rest = field.startsWith(DETAILS_PREFIX) ? field.slice(DETAILS_PREFIX.length) : field;
  return rest.split(PATH_SEPARATOR).filter((s) => s !== ARRAY_ANY);
}
function itemSegments(parent, item) {
  let rest = item;
  if (rest.startsWith(`${parent}${PATH_SEPARATOR}`)) rest = rest.slice(parent.length + PATH_SEPARATOR.length);
  if (rest.startsWith(SELECTOR_PREFIX)) rest = rest.slice(SELECTOR_PREFIX.length);
  return rest.split(PATH_SEPARATOR).filter((s) => s !== ARRAY_ANY);
}
function place2(root, segments) {
  let fields = root;
  let node2;
  for (const segment2 of segments) {
    node2 = fields.get(segment2);
    if (node2 === void 0) {
      node2 = newBuilder();
      fields.set(segment2, node2);
    }
    fields = node2.fields;
  }
  return node2 ?? newBuilder();
}
function describeField(node2, d) {
  const { type, array: array2 } = typeOf(d.type, d.availableValues);
  node2.leaf = type;
  node2.array = array2 || "itemFields" in d && (d.itemFields?.length ?? 0) > 0;
  node2.filterable = d.filterable !== false;
}
function build(node2) {
  const filterable = node2.filterable;
  const children = (map) => ({
    type: "object",
    open: false,
    fields: Object.fromEntries([...map].map(([k, b2]) => [k, build(b2)]))
  });
  if (node2.array) {
    const items = node2.items.size > 0 ? children(node2.items) : node2.leaf !== void 0 && node2.leaf.type !== "any" ? node2.leaf : ANY;
    return { type: "array", items, filterable };
  }
  if (node2.fields.size > 0) return { ...children(node2.fields), filterable };
  return { ...node2.leaf ?? ANY, filterable };
}
function k8sDetailsType(schema) {
  const root = /* @__PURE__ */ new Map();
  for (const d of schema.fields ?? []) {
    if (typeof d?.field !== "string" || d.field === "") continue;
    const node2 = place2(root, descriptorSegments(d.field));
    describeField(node2, d);
    for (const item of d.itemFields ?? []) {
      if (typeof item?.field !== "string" || item.field === "") continue;
      describeField(place2(node2.items, itemSegments(d.field, item.field)), item);
    }
  }
  return {
    type: "object",
    open: false,
    fields: Object.fromEntries([...root].map(([k, b2]) => [k, build(b2)]))
  };
}

// src/validate/model.ts
function elemMatchOperand(value2) {
  if (!isPlainObject(value2) || !Object.hasOwn(value2, ELEM_MATCH)) return void 0;
  const inner = value2[ELEM_MATCH];
  return isPlainObject(inner) ? inner : void 0;
}
var ELEM_MATCH = OPERATOR_NAMES.elemMatch;
function collectFields(raw, at2, conjunctive, out, flags, ctx, prefix) {
  for (const key of Object.keys(raw)) {
    const value2 = raw[key];
    const keyAt = pointer(at2, key);
    if (key === "$and" || key === "$or") {
      if (key === "$or") flags.disjunctive = true;
      value2.forEach((item, i) => {
        collectFields(
          item,
          pointer(keyAt, i),
          conjunctive && key === "$and",
          out,
          flags,
          ctx,
          prefix
        );
      });
    } else if (key === "$not") {
      flags.disjunctive = true;
      collectFields(value2, keyAt, false, out, flags, ctx, prefix);
    } else {
      const parsed2 = parseFilter({ [key]: value2 }, ctx.parse).clauses[0];
      const clause = prefix === void 0 ? parsed2 : { ...parsed2, path: [...prefix.steps, ...parsed2.path] };
      const fullKey = prefix === void 0 ? key : `${prefix.key}${PATH_SEPARATOR}${key}`;
      out.push({
        node: clause,
        key: fullKey,
        pointer: keyAt,
        operatorPointers: Object.keys(value2).map((op) => pointer(keyAt, op)),
        conjunctive,
        ...ctx.resolveField(clause)
      });
      const inner = elemMatchOperand(value2);
      if (inner !== void 0) {
        collectFields(inner, pointer(keyAt, ELEM_MATCH), conjunctive, out, flags, ctx, {
          steps: clause.path,
          key: fullKey
        });
      }
    }
  }
}
function collectTolerant(raw, at2, conjunctive, out, flags, ctx, errors, prefix) {
  for (const key of Object.keys(raw)) {
    const value2 = raw[key];
    const keyAt = pointer(at2, key);
    const one = { [key]: value2 };
    let error;
    try {
      parseFilter(one, ctx.parse);
    } catch (e) {
      error = e;
    }
    if (error === void 0) {
      collectFields(one, at2, conjunctive, out, flags, ctx, prefix);
      continue;
    }
    const before = errors.length;
    if ((key === "$and" || key === "$or") && Array.isArray(value2) && value2.every(isPlainObject)) {
      if (key === "$or") flags.disjunctive = true;
      value2.forEach((item, i) => {
        collectTolerant(
          item,
          pointer(keyAt, i),
          conjunctive && key === "$and",
          out,
          flags,
          ctx,
          errors,
          prefix
        );
      });
    } else if (key === "$not" && isPlainObject(value2)) {
      flags.disjunctive = true;
      collectTolerant(value2, keyAt, false, out, flags, ctx, errors, prefix);
    } else if (!key.startsWith("$")) {
      const inner = elemMatchOperand(value2);
      const steps = inner === void 0 ? void 0 : selectorPath(key, ctx.parse.limits);
      if (inner !== void 0 && steps !== void 0) {
        const fullKey = prefix === void 0 ? key : `${prefix.key}${PATH_SEPARATOR}${key}`;
        collectTolerant(inner, pointer(keyAt, ELEM_MATCH), false, out, flags, ctx, errors, {
          steps: [...prefix?.steps ?? [], ...steps],
          key: fullKey
        });
      }
    }
    const own2 = ownFilterError(error);
    if (errors.length === before && own2 !== void 0) {
      errors.push({ code: own2.code, message: restateAt(own2.message, own2.path, at2), path: at2 + own2.path });
    }
  }
}
function selectorPath(key, limits) {
  try {
    const steps = parsePath(key, "", limits);
    return steps[steps.length - 1]?.kind === "any" ? steps : void 0;
  } catch {
    return void 0;
  }
}
function rawFilters(def, base) {
  const out = [];
  if (!isPlainObject(def)) return out;
  if (isPlainObject(def.query) && Object.hasOwn(def.query, "filter")) {
    out.push({ at: pointer(base, "query", "filter"), raw: def.query.filter });
  }
  if (!isPlainObject(def.statusDefinitions)) return out;
  for (const [name, status] of Object.entries(def.statusDefinitions)) {
    if (!isPlainObject(status) || !Array.isArray(status.rules)) continue;
    status.rules.forEach((rule, r) => {
      if (!isPlainObject(rule) || !Array.isArray(rule.conditions)) return;
      rule.conditions.forEach((condition, c) => {
        if (!isPlainObject(condition) || !isPlainObject(condition.condition)) return;
        if (!Object.hasOwn(condition.condition, "filter")) return;
        out.push({
          at: pointer(base, "statusDefinitions", name, "rules", r, "conditions", c, "condition", "filter"),
          raw: condition.condition.filter
        });
      });
    });
  }
  return out;
}
function buildModel(document, k8s, limits = DEFAULT_LIMITS, check2 = checkPolicyDefinition(document, { limits })) {
  const wrapped = isPlainObject(document) && Object.hasOwn(document, "policy") && !Object.hasOwn(document, "statusDefinitions");
  const base = wrapped ? "/policy" : "";
  const def = wrapped ? document.policy : document;
  const resource = isPlainObject(def) && typeof def.resource === "string" ? def.resource : void 0;
  let rootType = isResourceName(resource) ? recordType(RESOURCES[resource]) : void 0;
  const useK8s = k8s !== void 0 && rootType !== void 0 && resource === "component";
  if (useK8s && rootType?.type === "object") {
    rootType = { ...rootType, fields: { ...rootType.fields, details: k8sDetailsType(k8s) } };
  }
  const resolveField = (node2) => {
    const first = node2.path[0];
    const underDetails = first?.kind === "key" && first.key === "details";
    if (rootType === void 0) return { k8s: false };
    const { resolution, problems } = checkField(rootType, node2.path, node2.operators);
    return { resolution, problems, k8s: useK8s && underDetails };
  };
  const ctx = { resolveField, parse: { limits } };
  const filters = [];
  const filterProblems = [];
  for (const { at: at2, raw } of rawFilters(def, base)) {
    if (!isPlainObject(raw)) continue;
    const fields = [];
    const flags = { disjunctive: false };
    let node2;
    try {
      node2 = parseFilter(raw, ctx.parse);
    } catch {
      collectTolerant(raw, at2, true, fields, flags, ctx, filterProblems);
      filters.push({ pointer: at2, fields, disjunctive: flags.disjunctive });
      continue;
    }
    collectFields(raw, at2, true, fields, flags, ctx);
    filters.push({ pointer: at2, node: node2, fields, disjunctive: flags.disjunctive });
  }
  return Object.assign(/* @__PURE__ */ Object.create(null), {
    document,
    check: check2,
    base,
    filters,
    filterProblems,
    ...resource === void 0 ? {} : { resource },
    ...rootType === void 0 ? {} : { rootType },
    ...k8s === void 0 ? {} : { k8s }
  });
}

// src/validate/index.ts
var DEFAULT_MAX_DIAGNOSTICS = 100;
function formatOf(text2, options) {
  if (options.format !== void 0) return options.format;
  const name = options.fileName?.toLowerCase() ?? "";
  if (name.endsWith(".json")) return "json";
  if (name.endsWith(".yaml") || name.endsWith(".yml")) return "yaml";
  const first = /\S/.exec(text2)?.[0];
  return first === "{" || first === "[" ? "json" : "yaml";
}
function detach(document, limits) {
  const root = /* @__PURE__ */ Object.create(null);
  const stack = [
    { from: void 0, key: "value", into: root, at: "", depth: 0 }
  ];
  const open6 = /* @__PURE__ */ new Set();
  let values = 0;
  let characters = 0;
  const bad2 = (message, path, code2 = "INVALID_DOCUMENT") => ({
    finding: { severity: "error", code: code2, message, path }
  });
  const tooMany = (at2, what2) => ({
    finding: toFinding(limitError("maxDocumentValues", at2, what2, limits))
  });
  const tooLong2 = (at2) => ({
    finding: toFinding(
      limitError(
        "maxFileBytes",
        at2,
        `a document whose strings and keys hold more than ${limits.maxFileBytes} characters`,
        limits
      )
    )
  });
  while (stack.length > 0) {
    const next = stack.pop();
    if ("leave" in next) {
      open6.delete(next.leave);
      continue;
    }
    const { at: at2, depth } = next;
    const value2 = next.from === void 0 ? document : next.from[next.key];
    if (++values > limits.maxDocumentValues) {
      return tooMany(at2, `a document of more than ${limits.maxDocumentValues} values`);
    }
    let copy = value2;
    if (typeof value2 === "string") {
      characters += value2.length;
      if (characters > limits.maxFileBytes) return tooLong2(at2);
    } else if (typeof value2 === "number") {
      if (!Number.isFinite(value2)) return bad2(`${value2} at ${showPointer(at2)} is not a JSON number`, at2);
    } else if (typeof value2 === "object" && value2 !== null) {
      if (open6.has(value2)) return bad2(`the document contains a cycle at ${showPointer(at2)}`, at2);
      if (depth >= MAX_NESTING) {
        return bad2(`nesting deeper than ${MAX_NESTING} levels at ${showPointer(at2)}`, at2, "TOO_DEEP");
      }
      const left = limits.maxDocumentValues - values;
      if (isArray(value2)) {
        if (value2.length > left) return tooMany(at2, `an array of ${value2.length} items`);
        copy = new Array(value2.length);
        open6.add(value2);
        stack.push({ leave: value2 });
        for (let i = value2.length - 1; i >= 0; i--) {
          stack.push({
            from: value2,
            key: i,
            into: copy,
            at: pointer(at2, i),
            depth: depth + 1
          });
        }
      } else {
        const most = Math.floor(left / 2);
        if (countOwnKeys(value2, most) > most) return tooMany(at2, `an object of more than ${most} keys`);
        const keys = objectKeys(value2);
        values += keys.length;
        copy = /* @__PURE__ */ Object.create(null);
        open6.add(value2);
        stack.push({ leave: value2 });
        for (let i = keys.length - 1; i >= 0; i--) {
          const key = keys[i];
          characters += key.length;
          if (characters > limits.maxFileBytes) return tooLong2(at2);
          stack.push({ from: value2, key, into: copy, at: pointer(at2, key), depth: depth + 1 });
        }
      }
    } else if (value2 !== null && typeof value2 !== "boolean") {
      return bad2(`${typeof value2} at ${showPointer(at2)} is not JSON data`, at2);
    }
    defineProperty(next.into, next.key, {
      value: copy,
      enumerable: true,
      writable: true,
      configurable: true
    });
  }
  return { value: root.value };
}
function toFinding(error) {
  return { severity: "error", code: error.code, message: error.message, path: error.path };
}
function parseText(text2, options, limits) {
  const body = text2.charCodeAt(0) === 65279 ? text2.slice(1) : text2;
  return formatOf(body, options) === "json" ? parseJsonSource(body, limits) : parseYamlSource(body, limits);
}
function detached(document, limits) {
  return detach(document, limits);
}
function runChecks(document, options, limits) {
  const findings = [];
  const copied = detach(document, limits);
  if ("finding" in copied) return [copied.finding];
  const detached2 = copied.value;
  const check2 = checkPolicyDefinition(detached2, { limits });
  const breach = check2.problems.filter((p) => isLimitCode(p.code));
  if (breach.length > 0) {
    return breach.map((p) => ({ severity: "error", code: p.code, message: p.message, path: p.path }));
  }
  const model = buildModel(detached2, options.k8sSchema, limits, check2);
  for (const check3 of CHECKS) {
    try {
      check3.run(model, (f) => findings.push(f));
    } catch (error) {
      findings.push({
        severity: "error",
        code: "INVALID_DOCUMENT",
        message: `the ${check3.name} check could not read the document: ${safeMessage(error)}`,
        path: ""
      });
    }
  }
  return findings;
}
function shortMessage(message, path) {
  return path.length > MAX_SHOWN_POINTER ? message.split(path).join(showPointer(path)) : message;
}
function position(d) {
  return [d.line ?? 0, d.column ?? 0];
}
function finish(diagnostics, max) {
  const sorted = diagnostics.map((d, i) => ({ d, i })).sort((a, b2) => {
    const [la, ca] = position(a.d);
    const [lb, cb] = position(b2.d);
    return la - lb || ca - cb || a.i - b2.i;
  }).map(({ d }) => ({ ...d, message: printable(shortMessage(d.message, d.path)) }));
  const valid = !sorted.some((d) => d.severity === "error");
  if (sorted.length <= max) return { valid, diagnostics: sorted };
  const rest = sorted.slice(max - 1);
  const errors = rest.filter((d) => d.severity === "error").length;
  const kept = sorted.slice(0, max - 1);
  const last = kept[kept.length - 1];
  kept.push({
    severity: "warning",
    code: "TOO_MANY_DIAGNOSTICS",
    message: `${rest.length} more diagnostics (${errors} errors) not shown: at most ${max} are reported per file`,
    path: "",
    ...last?.line === void 0 ? {} : { line: last.line, column: last.column ?? 1 }
  });
  return { valid, diagnostics: kept };
}
function diagnosticsCap(requested) {
  if (requested === void 0 || Number.isNaN(requested)) return DEFAULT_MAX_DIAGNOSTICS;
  return Math.max(1, Math.floor(requested));
}
function place3(f, positions) {
  const base = { severity: f.severity, code: f.code, message: f.message, path: f.path };
  if (positions === void 0) return base;
  return { ...base, ...positions.locate(f.path, f.anchor) };
}
function validatePolicy(document, given = {}) {
  return validateWith(document, given, runChecks);
}
function validateWith(document, given, checks) {
  const options = ownOptions(given);
  const max = diagnosticsCap(options.maxDiagnostics);
  const limits = resolveLimits(options);
  try {
    return validate2(document, options, max, limits, checks);
  } catch (error) {
    return finish(
      [
        {
          severity: "error",
          code: "INVALID_DOCUMENT",
          message: `the document could not be read: ${safeMessage(error)}`,
          path: ""
        }
      ],
      max
    );
  }
}
function validate2(document, options, max, limits, checks) {
  if (typeof document !== "string")
    return finish(
      checks(document, options, limits).map((f) => place3(f, void 0)),
      max
    );
  if (utf8LengthExceeds(document, limits.maxFileBytes)) {
    const error = limitError(
      "maxFileBytes",
      "",
      `a document of more than ${limits.maxFileBytes} bytes`,
      limits
    );
    return finish(
      [{ severity: "error", code: error.code, message: error.message, path: "", line: 1, column: 1 }],
      max
    );
  }
  const source2 = parseText(document, options, limits);
  const diagnostics = source2.problems.map((p) => ({
    severity: p.severity,
    code: p.code,
    message: p.message,
    path: p.path,
    ...source2.positions.at(p.offset)
  }));
  if (!("value" in source2) || diagnostics.some((d) => d.severity === "error" && d.code !== "DUPLICATE_KEY")) {
    return finish(diagnostics, max);
  }
  for (const f of checks(source2.value, options, limits)) diagnostics.push(place3(f, source2.positions));
  return finish(diagnostics, max);
}

// src/validate/compare.ts
var DEAD_RULE_CODES = /* @__PURE__ */ new Set([
  "SHADOWED_RULE",
  "IMPOSSIBLE_CONDITION",
  "DUPLICATE_STATUS_RULES"
]);
function deadRules(definition, options) {
  const { problems, definition: policy } = checkPolicyDefinition(definition, options);
  if (policy === void 0) throw new PolicyError(problems);
  const findings = validatePolicy(definition, options).diagnostics.filter(
    (d) => DEAD_RULE_CODES.has(d.code) && // A clause that can never hold kills its rule only as a conjunct: under `$or` another branch may
    // hold, and under `$not` it makes the negation always true.
    (d.code !== "IMPOSSIBLE_CONDITION" || !/\/\$(or|not)(\/|$)/.test(d.path))
  );
  const at2 = (path) => findings.some((f) => f.path === path);
  const below = (path) => findings.some((f) => f.path === path || f.path.startsWith(`${path}/`));
  const unreachable = /* @__PURE__ */ new Set();
  for (const status of policy.statuses) {
    if (status.isDefault) continue;
    if (at2(status.path) || status.rules.every((rule) => below(rule.path))) unreachable.add(status.name);
  }
  return { findings, unreachable };
}
function comparePolicyRules(before, after, options = {}) {
  const own2 = { maxDiagnostics: 1e5, ...ownOptions(options) };
  const was = deadRules(before, own2);
  const now = deadRules(after, own2);
  const known = new Set(was.findings.map((f) => `${f.code} ${f.path}`));
  return {
    becameUnreachable: [...now.unreachable].filter((s) => !was.unreachable.has(s)),
    newFindings: now.findings.filter((f) => !known.has(`${f.code} ${f.path}`)).map((f) => ({ code: f.code, path: f.path, message: f.message }))
  };
}

// src/cli/diff-format.ts
function staticLines(s) {
  if (s === null) return [];
  return [
    ...s.becameUnreachable.map((name) => `status "${name}" can no longer be reached`),
    ...s.newFindings.map((f) => `${f.message} [${f.code}]`)
  ];
}
var int = new Intl.NumberFormat("en-US");
var label = (status) => status === null ? "(none)" : status;
var percent = (share) => `${(share * 100).toFixed(1)}%`;
var idOf2 = (resource) => String(resourceId(resource) ?? "");
var countOf = (c) => `${int.format(c.count)}${(c.waived ?? 0) > 0 ? ` (${int.format(c.waived)} waived)` : ""}`;
function decided(side2) {
  const r = side2.result;
  if (r.status === null) return "(none)";
  const waived = r.waiver === void 0 ? "" : `, waived by "${r.waiver.id}"`;
  if (r.matched !== null)
    return `${r.status} (rule ${r.matched.ruleIndex + 1} of ${r.matched.status}${waived})`;
  const miss = side2.explanation.nearestMiss;
  return miss === null ? `${r.status} (default${waived})` : `${r.status} (default; nearest miss: rule ${miss.ruleIndex + 1} of ${miss.status}${waived})`;
}
function summaryLine(p) {
  const d = p.diff;
  const side2 = p.before === null ? " (new policy)" : p.after === null ? " (removed policy)" : "";
  return `${int.format(d.resources)} resources, ${int.format(d.changed)} change status, ${percent(d.unchangedShare)} unchanged${side2}`;
}
function formatTable(diffs) {
  const blocks = diffs.map((p) => {
    const lines = [`policy ${printable(p.policy)}: ${summaryLine(p)}`];
    for (const line of staticLines(p.static)) lines.push(`  statically: ${printable(line)}`);
    const changed = p.diff.matrix.filter((c) => c.changed);
    const width = Math.max(
      0,
      ...changed.map((c) => printable(`${label(c.before)} \u2192 ${label(c.after)}`).length)
    );
    for (const cell of changed) {
      lines.push(
        `  ${printable(`${label(cell.before)} \u2192 ${label(cell.after)}`).padEnd(width)}  ${countOf(cell).padStart(8)}`
      );
      for (const e of cell.examples) {
        const id = idOf2(e.resource);
        lines.push(
          `      record ${e.index + 1}${id === "" ? "" : ` ${printable(id)}`}: ${printable(decided(e.before))} \u2192 ${printable(decided(e.after))}`
        );
      }
    }
    return lines.join("\n");
  });
  return `${blocks.join("\n\n")}
`;
}
function md(text2) {
  return printable(text2).replace(/[\\`*_[\]<>|#~&]/g, (c) => `\\${c}`).replace(/@/g, "@&#8203;").replace(/:\/\//g, ":&#8203;//").replace(/\b(www)\./gi, "$1&#8203;.");
}
function markdownTable(header, rows) {
  const widths = header.map((h, i) => Math.max(3, h.length, ...rows.map((r) => r[i].length)));
  const last = header.length - 1;
  const cell = (text2, i) => i === last ? text2.padStart(widths[i]) : text2.padEnd(widths[i]);
  const line = (cells) => `| ${cells.map(cell).join(" | ")} |`;
  const rule = widths.map((w, i) => i === last ? `${"-".repeat(w - 1)}:` : "-".repeat(w));
  return [line(header), `| ${rule.join(" | ")} |`, ...rows.map(line)];
}
function formatMarkdown(diffs) {
  const out = [];
  const total = diffs.reduce((n, p) => n + p.diff.changed, 0);
  out.push(
    `**svc-policy diff**: ${int.format(total)} status changes over ${diffs.length} ${diffs.length === 1 ? "policy" : "policies"}.`
  );
  for (const p of [...diffs].sort((a, b2) => b2.diff.changed - a.diff.changed)) {
    out.push("", `#### ${md(p.policy)}`, "", md(summaryLine(p)));
    const notes = staticLines(p.static);
    if (notes.length > 0) out.push("", ...notes.map((n) => `- \u26A0\uFE0F ${md(n)}`));
    const changed = p.diff.matrix.filter((c) => c.changed);
    if (changed.length === 0) continue;
    out.push(
      "",
      ...markdownTable(
        ["before", "after", "resources"],
        changed.map((c) => [md(label(c.before)), md(label(c.after)), countOf(c)])
      )
    );
    out.push("", "<details><summary>Examples</summary>", "");
    for (const c of changed) {
      for (const e of c.examples) {
        const id = idOf2(e.resource);
        out.push(
          `- record ${e.index + 1}${id === "" ? "" : ` ${md(id)}`}: ${md(decided(e.before))} \u2192 ${md(decided(e.after))}`
        );
      }
    }
    out.push("", "</details>");
  }
  return `${out.join("\n")}
`;
}
function formatDiff(format, diffs, failOn) {
  if (format === "json") {
    const report = { policies: diffs };
    if (failOn !== void 0) report.failOn = failOn;
    return `${JSON.stringify(report, null, 2)}
`;
  }
  return format === "markdown" ? formatMarkdown(diffs) : formatTable(diffs);
}

// src/cli/diff-sources.ts
import { execFileSync } from "child_process";
import { stat as stat2 } from "fs/promises";
import { isAbsolute as isAbsolute2, join as join2, relative as relative3 } from "path";

// src/cli/policies.ts
import { extname as extname3 } from "path";
async function readDocument(file, what2, options = {}) {
  const { maxBytes = DEFAULT_MAX_BYTES, limits = DEFAULT_LIMITS, within: within2 } = options;
  const read2 = await readTextFile(file, within2, maxBytes, "--limit maxFileBytes");
  if ("problem" in read2)
    throw new InputError(
      `cannot read ${what2} ${printable(file)}: the file ${printable(read2.problem)}${read2.code === "MAX_FILE_BYTES_EXCEEDED" ? ` [${read2.code}]` : ""}`
    );
  return parseDocument(read2.text, file, limits);
}
function parseDocument(source2, file, limits = DEFAULT_LIMITS) {
  const text2 = source2.charCodeAt(0) === 65279 ? source2.slice(1) : source2;
  const json = extname3(file).toLowerCase() === ".json";
  const fail2 = (message, offset) => {
    const where2 = offset === void 0 ? "" : ` (line ${lineOf(text2, offset)})`;
    return new InputError(
      `${printable(file)}: not valid ${json ? "JSON" : "YAML"}${where2}: ${printable(message, { lines: true })}`
    );
  };
  if (json) {
    const problem = jsonTextProblem(text2, limits);
    if (problem !== void 0) throw fail2(`${problem.message} [${problem.code}]`, problem.offset);
    try {
      return JSON.parse(text2);
    } catch (error2) {
      throw fail2(safeMessage(error2, MAX_CLI_MESSAGE));
    }
  }
  const read2 = readYaml(text2, limits);
  const error = read2.problems.find((p) => p.severity === "error");
  if (error !== void 0 || !("value" in read2)) {
    const p = error ?? read2.problems[0];
    throw fail2(p === void 0 ? "the document cannot be read" : `${p.message} [${p.code}]`, p?.offset);
  }
  return read2.value;
}
function lineOf(text2, offset) {
  let line = 1;
  for (let i = text2.indexOf("\n"); i !== -1 && i < offset; i = text2.indexOf("\n", i + 1)) line++;
  return line;
}
async function loadPolicy(file, limits = DEFAULT_LIMITS, within2, asOf) {
  let definition;
  try {
    definition = await readDocument(file, "policy", { maxBytes: limits.maxFileBytes, limits, within: within2 });
  } catch (error) {
    if (error instanceof InputError && error.message.startsWith(`${printable(file)}: not valid`))
      return [error.message];
    throw error;
  }
  try {
    return compilePolicy(definition, asOf === void 0 ? { limits } : { limits, asOf });
  } catch (error) {
    if (!(error instanceof PolicyError)) throw error;
    return error.problems.map(
      (p) => `${printable(file)}: ${printable(p.path || "/")}: ${printable(p.message)} [${p.code}]`
    );
  }
}
async function loadPolicies(paths2, err, limits = DEFAULT_LIMITS, asOf) {
  const policies = [];
  let failed = false;
  for (const found of await policyFiles(paths2)) {
    if (found.problem !== void 0)
      throw new InputError(`cannot read policy ${printable(found.path)}: ${printable(found.problem)}`);
    const loaded = await loadPolicy(found.path, limits, found.within, asOf);
    if (Array.isArray(loaded)) {
      for (const line of loaded) err.lines(line);
      failed = true;
    } else policies.push(loaded);
  }
  return failed ? null : policies;
}

// src/cli/diff-sources.ts
async function gitSpec(spec) {
  const colon = spec.indexOf(":");
  if (colon <= 0 || await exists(spec)) return null;
  return { rev: spec.slice(0, colon), path: spec.slice(colon + 1) };
}
async function exists(path) {
  try {
    await stat2(path);
    return true;
  } catch {
    return false;
  }
}
function gitShow(rev, path, limits) {
  if (rev.startsWith("-")) throw new UsageError(`--before: "${rev}" is not a git revision`);
  try {
    return execFileSync("git", ["show", `${rev}:${path}`], {
      encoding: "utf8",
      maxBuffer: limits.maxFileBytes,
      stdio: ["ignore", "pipe", "pipe"]
    });
  } catch (error) {
    const e = error;
    const why = e.code === "ENOBUFS" ? `the file is more than the limit of ${limits.maxFileBytes} bytes (--limit maxFileBytes)` : String(e.stderr ?? "").trim().split("\n")[0] || e.code || e.message;
    throw new InputError(`cannot read ${rev}:${path} from git: ${why}`);
  }
}
function workingTreePath(path) {
  if (/^\.\.?\//.test(path) || isAbsolute2(path)) return path;
  let top;
  try {
    top = execFileSync("git", ["rev-parse", "--show-toplevel"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"]
    }).trim();
  } catch {
    return path;
  }
  const rel = relative3(process.cwd(), join2(top, path));
  return rel === "" ? path : rel;
}
function compiled2(definition, source2, limits) {
  try {
    return compilePolicy(definition, { limits });
  } catch (error) {
    if (!(error instanceof PolicyError)) throw error;
    const lines = error.problems.map(
      (p) => `${printable(source2)}: ${printable(p.path || "/")}: ${printable(p.message)} [${p.code}]`
    );
    throw new InputError(lines.join("\n"));
  }
}
async function load(spec, limits) {
  const out = /* @__PURE__ */ new Map();
  const add = (definition, source2) => {
    const policy = compiled2(definition, source2, limits);
    if (out.has(policy.name)) {
      throw new InputError(`${printable(source2)}: a second policy named "${printable(policy.name)}"`);
    }
    out.set(policy.name, { source: source2, definition, policy });
  };
  const git = await gitSpec(spec);
  if (git !== null) {
    add(parseDocument(gitShow(git.rev, git.path, limits), git.path, limits), spec);
    return out;
  }
  let isDirectory = false;
  try {
    isDirectory = (await stat2(spec)).isDirectory();
  } catch {
    throw new InputError(`cannot read ${printable(spec)}: no such file or directory`);
  }
  if (!isDirectory) {
    add(await readDocument(spec, "policy", { maxBytes: limits.maxFileBytes, limits }), spec);
    return out;
  }
  for (const found of await policyFiles([spec])) {
    if (found.problem !== void 0) {
      throw new InputError(`cannot read policy ${printable(found.path)}: ${printable(found.problem)}`);
    }
    const options = { maxBytes: limits.maxFileBytes, limits, within: found.within };
    add(await readDocument(found.path, "policy", options), found.path);
  }
  return out;
}
function pairs(before, after) {
  if (before.size === 1 && after.size === 1) {
    const [b2] = before.values();
    const [a] = after.values();
    return [{ name: a.policy.name, before: b2, after: a }];
  }
  const names = [.../* @__PURE__ */ new Set([...before.keys(), ...after.keys()])].sort();
  return names.map((name) => ({ name, before: before.get(name) ?? null, after: after.get(name) ?? null }));
}
function absent(other) {
  return {
    name: other.name,
    isActive: false,
    statusDefinitions: { none: { isDefault: true, criticality: 0 } }
  };
}

// src/cli/waivers.ts
var WAIVER_OPTIONS = {
  waivers: { type: "string" },
  "fail-on-waived": { type: "boolean" }
};
function waiversUsage(column, failOn = false) {
  const pad2 = " ".repeat(column);
  const lines = [
    `      --waivers FILE${" ".repeat(Math.max(1, column - 20))}accepted exceptions (JSON or YAML, { "waivers": [...] }; see docs/waivers.md):`,
    `${pad2}a resource a waiver covers keeps its status and is marked waived while the`,
    `${pad2}run's asOf is before the waiver's expiry; expired waivers are reported`
  ];
  if (failOn) {
    lines.push(
      `      --fail-on-waived${" ".repeat(Math.max(1, column - 22))}--fail-on counts waived resources too (by default they do not fail the run)`
    );
  }
  return lines.join("\n");
}
async function loadWaivers(file, limits, err) {
  if (file === void 0) return void 0;
  const document = await readDocument(file, "waivers", { maxBytes: limits.maxFileBytes, limits });
  const { problems, waivers } = checkWaivers(document, { limits });
  if (waivers !== void 0) return waivers;
  for (const p of problems)
    err.lines(`${printable(file)}: ${printable(p.path || "/")}: ${printable(p.message)} [${p.code}]`);
  return null;
}
function withWaivers(policies, waivers, file) {
  if (waivers === void 0) return [...policies];
  try {
    return policies.map(
      (p) => buildPolicy(
        p.definition,
        (node2, at2) => compileNode(node2, void 0, true, at2),
        resolveAsOf(p.asOf),
        waivers
      )
    );
  } catch (error) {
    if (!(error instanceof WaiverError)) throw error;
    throw new InputError(
      error.problems.map((p) => `${printable(file ?? "")}: ${printable(p.path)}: ${printable(p.message)} [${p.code}]`).join("\n")
    );
  }
}
function reportExpired(summary2, err) {
  for (const p of summary2.policies) {
    if (p.expiredWaivers.length === 0) continue;
    const ids = p.expiredWaivers.map((id) => `"${printable(id)}"`).join(", ");
    err.notice(
      `policy "${printable(p.policy)}": waiver(s) ${ids} expired before ${summary2.asOf} and no longer apply`
    );
  }
}
function reportUnknownPolicies(policies, waivers, err) {
  if (waivers === void 0) return;
  const names = new Set(policies.map((p) => p.name));
  for (const w of waivers) {
    if (!names.has(w.policy)) {
      err.notice(`waiver "${printable(w.id)}" names policy "${printable(w.policy)}", which is not evaluated`);
    }
  }
}

// src/cli/diff-command.ts
var DIFF_USAGE = `usage: svc-policy diff --before SPEC [--after SPEC] --input FILE|- [--format table|json|markdown]
                       [--examples N] [--fail-on STATUS>N]... [--as-of INSTANT] [--limit NAME=N]...
                       [--waivers FILE] [--fail-on-waived] [--help]

Shows what a policy edit does to an inventory before it merges: every resource evaluated under both
versions, the transition matrix (status before \u2192 status after, "(none)" for resources out of scope or a
version that is inactive or absent), the biggest movements first, with explained examples.

options:
  -b, --before SPEC        the policy before the edit: a file (JSON or YAML), a directory of policies
                           (paired with --after's by policy name), or REV:PATH, a file at a git
                           revision ("HEAD:policies/eol.json", "origin/main:policies/eol.json");
                           as git reads it, PATH is from the repository root, ./PATH from here
  -a, --after SPEC         the policy after the edit (a file or a directory); default: PATH of a
                           --before REV:PATH, as it is in the working tree
  -i, --input FILE         the inventory: a JSON array, NDJSON or an {"items": [...]} envelope, gzip or
                           not; "-" reads standard input (one policy pair only: a directory pair reads
                           the file once per pair)
  -f, --format FORMAT      table (default on a terminal), json (default otherwise), or markdown: a
                           pull-request comment (a matrix per policy, collapsible examples)
      --examples N         explained examples per changed cell (default 3)
      --fail-on COND       exit 1 when more than N resources become STATUS ("eol>10"), or when more
                           than N resources change status at all ("*>0"); repeat it or separate with
                           commas
${waiversUsage(27, true)}
${asOfUsage(27)};
                           both versions are evaluated at this one instant
${limitUsage(27)}
  -h, --help               this text

exit codes:
  0  compared (no --fail-on condition met)
  1  a --fail-on condition was met
  2  usage error, unreadable file or git revision, invalid policy, or input that is not an inventory
`;
var DIFF_OPTIONS = {
  before: { type: "string", short: "b" },
  after: { type: "string", short: "a" },
  input: { type: "string", short: "i" },
  format: { type: "string", short: "f" },
  examples: { type: "string" },
  "fail-on": { type: "string", multiple: true },
  ...AS_OF_OPTION,
  ...WAIVER_OPTIONS,
  ...LIMIT_OPTION,
  help: { type: "boolean", short: "h" }
};
function staticChanges(before, after, limits) {
  return before === null || after === null ? null : comparePolicyRules(before.definition, after.definition, { limits });
}
function parseFormat(value2) {
  if (value2 === void 0) return process.stdout.isTTY ? "table" : "json";
  if (value2 === "table" || value2 === "json" || value2 === "markdown") return value2;
  throw new UsageError(`--format must be table, json or markdown, got "${value2}"`);
}
function parseExamples(value2) {
  if (value2 === void 0) return 3;
  if (!/^\d+$/.test(value2) || Number(value2) > 1e3) {
    throw new UsageError(`--examples must be a whole number up to 1000, got "${value2}"`);
  }
  return Number(value2);
}
function parseFailOn2(values) {
  return values.flatMap((v) => v.split(",")).map((text2) => {
    const m = /^(.+?)\s*>\s*(\d+)$/.exec(text2.trim());
    if (m === null) throw new UsageError(`--fail-on expects STATUS>N or *>N, got "${text2}"`);
    return { text: text2.trim(), status: m[1] === "*" ? null : m[1], max: Number(m[2]) };
  });
}
function failures2(diffs, conditions, withWaived) {
  const met = [];
  for (const c of conditions) {
    for (const p of diffs) {
      const count2 = p.diff.matrix.filter((cell) => cell.changed && (c.status === null || cell.after === c.status)).reduce((n, cell) => n + cell.count - (withWaived ? 0 : cell.waived ?? 0), 0);
      if (count2 > c.max) met.push({ condition: c.text, policy: p.policy, count: count2 });
    }
  }
  return met;
}
async function run({ values, positionals }, { out, err }) {
  const asOf = parseAsOf(values["as-of"]);
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  if (values.before === void 0) throw new UsageError("--before SPEC is required");
  if (values.input === void 0) throw new UsageError('--input FILE is required ("-" for standard input)');
  const format = parseFormat(values.format);
  const examples = parseExamples(values.examples);
  const failOn = parseFailOn2(values["fail-on"] ?? []);
  const limits = parseLimitFlags(values.limit);
  const git = await gitSpec(values.before);
  const afterSpec = values.after ?? (git === null ? void 0 : workingTreePath(git.path));
  if (afterSpec === void 0) throw new UsageError("--after SPEC is required unless --before is REV:PATH");
  const list = pairs(await load(values.before, limits), await load(afterSpec, limits));
  if (list.length > 1 && values.input === "-") {
    throw new UsageError("comparing directories reads the input once per policy: give --input FILE");
  }
  const waivers = await loadWaivers(values.waivers, limits, err);
  if (waivers === null) return 2;
  const diffs = [];
  for (const pair of list) {
    const { stream } = await openInput(values.input);
    let rejected = 0;
    const records = readInventory(inputBytes(stream), { onReject: () => rejected++ });
    const b2 = pair.before?.policy ?? absent(pair.after.policy);
    const a = pair.after?.policy ?? absent(pair.before.policy);
    const diff = await diffPolicies(b2, a, records, {
      examples,
      limits,
      asOf,
      ...waivers === void 0 ? {} : { waivers }
    });
    if (rejected > 0) err.say(`${rejected} record(s) rejected (not valid JSON)`);
    diffs.push({
      policy: pair.name,
      before: pair.before?.source ?? null,
      after: pair.after?.source ?? null,
      diff,
      static: staticChanges(pair.before, pair.after, limits)
    });
  }
  const met = failures2(diffs, failOn, values["fail-on-waived"] === true);
  const report = failOn.length > 0 ? { conditions: failOn.map((c) => c.text), matched: met } : void 0;
  out.write(formatDiff(format, diffs, report));
  if (met.length > 0) {
    const list2 = met.map((m) => `${printable(m.policy)}: ${printable(m.condition)} (${m.count})`).join(", ");
    err.say(`--fail-on met: ${list2}`);
    return 1;
  }
  return 0;
}
var diffCommand = {
  name: "diff",
  usage: DIFF_USAGE,
  options: DIFF_OPTIONS,
  run,
  failure: (error) => error instanceof InputError || error instanceof InventoryError ? { message: error.message, lines: true } : void 0
};

// src/inventory/json-bytes.ts
function isWs(c) {
  return c === 32 || c === 9 || c === 13 || c === 10;
}
function isHex(c) {
  return c >= 48 && c <= 57 || (c | 32) >= 97 && (c | 32) <= 102;
}
var IN_STRING = new Uint8Array(256);
for (let c = 0; c < 32; c++) IN_STRING[c] = 3;
IN_STRING[34] = 1;
IN_STRING[92] = 2;
for (let c = 128; c < 256; c++) IN_STRING[c] = 4;

// src/inventory/scan-values.ts
var decoder = new TextDecoder("utf-8", { ignoreBOM: true });
var fromCharCode = String.fromCharCode;
var apply = Reflect.apply;
var codes = [];
var FLAT_BYTES = 28;
function text(x, s, e, ascii) {
  const n = e - s;
  if (!ascii || n > FLAT_BYTES) return decoder.decode(x.subarray(s, e));
  if (n > 12) {
    let args = codes[n];
    if (args === void 0) {
      args = new Array(n).fill(0);
      codes[n] = args;
    }
    for (let k = 0; k < n; k++) args[k] = x[s + k];
    return apply(fromCharCode, void 0, args);
  }
  let out = "";
  for (; e - s >= 8; s += 8) {
    out += fromCharCode(x[s], x[s + 1], x[s + 2], x[s + 3], x[s + 4], x[s + 5], x[s + 6], x[s + 7]);
  }
  switch (e - s) {
    case 0:
      return out;
    case 1:
      return out + fromCharCode(x[s]);
    case 2:
      return out + fromCharCode(x[s], x[s + 1]);
    case 3:
      return out + fromCharCode(x[s], x[s + 1], x[s + 2]);
    case 4:
      return out + fromCharCode(x[s], x[s + 1], x[s + 2], x[s + 3]);
    case 5:
      return out + fromCharCode(x[s], x[s + 1], x[s + 2], x[s + 3], x[s + 4]);
    case 6:
      return out + fromCharCode(x[s], x[s + 1], x[s + 2], x[s + 3], x[s + 4], x[s + 5]);
    default:
      return out + fromCharCode(x[s], x[s + 1], x[s + 2], x[s + 3], x[s + 4], x[s + 5], x[s + 6]);
  }
}
var CACHED_BYTES = 24;
var SLOTS = 4096;
var slotText = new Array(SLOTS).fill("");
var slotLength = new Int32Array(SLOTS).fill(-1);
var slotBytes = new Uint8Array(SLOTS * CACHED_BYTES);
function cached(x, s, e) {
  const n = e - s;
  let h = n;
  for (let k = s; k < e; k++) h = Math.imul(h ^ x[k], 16777619);
  const slot = (h ^ h >>> 15) & SLOTS - 1;
  const base = slot * CACHED_BYTES;
  if (slotLength[slot] === n) {
    let k = 0;
    while (k < n && slotBytes[base + k] === x[s + k]) k++;
    if (k === n) return slotText[slot];
  }
  const t = text(x, s, e, true);
  slotText[slot] = t;
  slotLength[slot] = n;
  for (let k = 0; k < n; k++) slotBytes[base + k] = x[s + k];
  return t;
}
function stringAt(x, s, e, escaped2, high2) {
  if (escaped2) return JSON.parse(text(x, s, e, !high2));
  return high2 || e - s - 2 > CACHED_BYTES ? text(x, s + 1, e - 1, !high2) : cached(x, s + 1, e - 1);
}
function numberAt(x, s, e) {
  const neg = x[s] === 45;
  const from = neg ? s + 1 : s;
  if (e - from <= 15) {
    let n = 0;
    let k = from;
    for (; k < e; k++) {
      const d = x[k];
      if (d < 48 || d > 57) break;
      n = n * 10 + (d - 48);
    }
    if (k === e) return neg ? -n : n;
  }
  return Number(text(x, s, e, true));
}
function setMember(out, key, v) {
  if (key === "__proto__") {
    defineProperty(out, key, { value: v, writable: true, enumerable: true, configurable: true });
  } else out[key] = v;
}

// src/inventory/scan.ts
var b = new Uint8Array(0);
var end = 0;
var escaped = false;
var high = false;
function ws(i) {
  while (i < end && isWs(b[i])) i++;
  return i;
}
function str(i) {
  const bytes = b;
  const table = IN_STRING;
  const stop = end;
  i++;
  let e = false;
  let h = false;
  for (; ; ) {
    let t = table[bytes[i]];
    while (t === 0) t = table[bytes[++i]];
    if (i >= stop) return -1;
    if (t === 1) {
      escaped = e;
      high = h;
      return i + 1;
    }
    if (t === 4) {
      h = true;
      i++;
      continue;
    }
    if (t === 3) return -1;
    e = true;
    const x = bytes[i + 1];
    if (x === 117) {
      if (i + 5 >= stop || !(isHex(bytes[i + 2]) && isHex(bytes[i + 3]) && isHex(bytes[i + 4]) && isHex(bytes[i + 5]))) {
        return -1;
      }
      i += 6;
    } else if (x === 34 || x === 92 || x === 47 || x === 98 || x === 102 || x === 110 || x === 114 || x === 116) {
      i += 2;
    } else return -1;
  }
}
function digits3(i) {
  while (i < end) {
    const c = b[i];
    if (c < 48 || c > 57) break;
    i++;
  }
  return i;
}
function isDigit(i) {
  if (i >= end) return false;
  const c = b[i];
  return c >= 48 && c <= 57;
}
function num(i) {
  if (b[i] === 45) i++;
  if (i >= end) return -1;
  const c = b[i];
  if (c === 48) i++;
  else if (c >= 49 && c <= 57) i = digits3(i + 1);
  else return -1;
  if (i < end && b[i] === 46) {
    if (!isDigit(i + 1)) return -1;
    i = digits3(i + 2);
  }
  if (i < end && (b[i] === 101 || b[i] === 69)) {
    i++;
    if (i < end && (b[i] === 43 || b[i] === 45)) i++;
    if (!isDigit(i)) return -1;
    i = digits3(i + 1);
  }
  return i;
}
function literal(i, c) {
  if (c === 116)
    return i + 3 < end && b[i + 1] === 114 && b[i + 2] === 117 && b[i + 3] === 101 ? i + 4 : -1;
  if (c === 102) {
    return i + 4 < end && b[i + 1] === 97 && b[i + 2] === 108 && b[i + 3] === 115 && b[i + 4] === 101 ? i + 5 : -1;
  }
  return i + 3 < end && b[i + 1] === 117 && b[i + 2] === 108 && b[i + 3] === 108 ? i + 4 : -1;
}
function scalar(i, c) {
  if (c === 34) return str(i);
  if (c === 45 || c >= 48 && c <= 57) return num(i);
  if (c === 116 || c === 102 || c === 110) return literal(i, c);
  return -1;
}
var open4 = new Uint8Array(64);
function escapeEnd(i) {
  const x = b[i + 1];
  if (x === 117) {
    return i + 5 < end && isHex(b[i + 2]) && isHex(b[i + 3]) && isHex(b[i + 4]) && isHex(b[i + 5]) ? i + 6 : -1;
  }
  return x === 34 || x === 92 || x === 47 || x === 98 || x === 102 || x === 110 || x === 114 || x === 116 ? i + 2 : -1;
}
function skip(i) {
  const bytes = b;
  const stop = end;
  const table = IN_STRING;
  let depth = 0;
  let wantKey = false;
  for (; ; ) {
    let c = bytes[i];
    while (i < stop && (c === 32 || c === 9 || c === 13 || c === 10)) c = bytes[++i];
    if (i >= stop) return -1;
    if (wantKey) {
      if (c !== 34) return -1;
    }
    if (c === 34) {
      i++;
      for (; ; ) {
        let t = table[bytes[i]];
        while (t === 0) t = table[bytes[++i]];
        if (t === 1 && i < stop) break;
        if (t === 4 && i < stop) {
          i++;
          continue;
        }
        if (t === 2 && i < stop) {
          i = escapeEnd(i);
          if (i < 0) return -1;
          continue;
        }
        return -1;
      }
      i++;
      if (wantKey) {
        wantKey = false;
        c = bytes[i];
        while (i < stop && (c === 32 || c === 9 || c === 13 || c === 10)) c = bytes[++i];
        if (i >= stop || c !== 58) return -1;
        i++;
        continue;
      }
    } else if (c === 123 || c === 91) {
      const close = c === 123 ? 125 : 93;
      i++;
      c = bytes[i];
      while (i < stop && (c === 32 || c === 9 || c === 13 || c === 10)) c = bytes[++i];
      if (i >= stop) return -1;
      if (c === close) i++;
      else {
        if (depth === open4.length) {
          const grown = new Uint8Array(open4.length * 2);
          grown.set(open4);
          open4 = grown;
        }
        open4[depth++] = close === 125 ? 1 : 2;
        wantKey = close === 125;
        continue;
      }
    } else {
      i = scalar(i, c);
      if (i < 0) return -1;
    }
    for (; ; ) {
      if (depth === 0) return i;
      c = bytes[i];
      while (i < stop && (c === 32 || c === 9 || c === 13 || c === 10)) c = bytes[++i];
      if (i >= stop) return -1;
      const top = open4[depth - 1];
      if (c === 44) {
        i++;
        wantKey = top === 1;
        break;
      }
      if (c === (top === 1 ? 125 : 93)) {
        i++;
        depth--;
        continue;
      }
      return -1;
    }
  }
}
var at = 0;
function value(i, selection) {
  const c = b[i];
  if (c === 34) {
    const e = str(i);
    at = e;
    return e < 0 ? void 0 : stringAt(b, i, e, escaped, high);
  }
  if (c === 45 || c >= 48 && c <= 57) {
    const e = num(i);
    at = e;
    return e < 0 ? void 0 : numberAt(b, i, e);
  }
  if (c === 116 || c === 102 || c === 110) {
    at = literal(i, c);
    return c === 116 ? true : c === 102 ? false : null;
  }
  if (selection === true || c !== 123 && c !== 91) {
    const e = skip(i);
    at = e;
    return e < 0 ? void 0 : JSON.parse(text(b, i, e, false));
  }
  return c === 123 ? object(i, selection) : array(i, selection);
}
function selected(s, e, node2) {
  const n = e - s;
  const candidates = node2.byLength[n];
  if (candidates === void 0) return -1;
  const names = node2.names;
  const x = b;
  outer: for (let c = 0; c < candidates.length; c++) {
    const k = candidates[c];
    const name = names[k];
    for (let j = 0; j < n; j++) if (name[j] !== x[s + j]) continue outer;
    return k;
  }
  return -1;
}
function object(i, node2) {
  const out = {};
  const x = b;
  i = ws(i + 1);
  if (i < end && x[i] === 125) {
    at = i + 1;
    return out;
  }
  for (; ; ) {
    if (i >= end || x[i] !== 34) return fail();
    const keyEnd = str(i);
    if (keyEnd < 0) return fail();
    let sub;
    let key = "";
    if (escaped || high) {
      key = escaped ? JSON.parse(text(b, i, keyEnd, false)) : text(b, i + 1, keyEnd - 1, false);
      sub = node2.byName.get(key);
    } else {
      const k = selected(i + 1, keyEnd - 1, node2);
      if (k >= 0) {
        sub = node2.subs[k];
        key = node2.keys[k];
      }
    }
    i = keyEnd;
    if (x[i] !== 58) {
      i = ws(i);
      if (i >= end || x[i] !== 58) return fail();
    }
    if (x[++i] <= 32) i = ws(i);
    if (i >= end) return fail();
    if (sub === void 0) {
      i = x[i] === 34 ? str(i) : skip(i);
      if (i < 0) return fail();
    } else {
      const v = value(i, sub);
      if (at < 0) return fail();
      i = at;
      setMember(out, key, v);
    }
    let d = x[i];
    if (d !== 44 && d !== 125) {
      i = ws(i);
      if (i >= end) return fail();
      d = x[i];
    }
    if (d === 125) {
      at = i + 1;
      return out;
    }
    if (d !== 44) return fail();
    if (x[++i] <= 32) i = ws(i);
  }
}
function array(i, node2) {
  const out = [];
  i = ws(i + 1);
  if (i < end && b[i] === 93) {
    at = i + 1;
    return out;
  }
  const each = node2.any;
  for (; ; ) {
    if (i >= end) return fail();
    if (each === void 0) {
      i = skip(i);
      if (i < 0) return fail();
    } else {
      const v = value(i, each);
      if (at < 0) return fail();
      i = at;
      out.push(v);
    }
    i = ws(i);
    if (i >= end) return fail();
    const d = b[i];
    if (d === 93) {
      at = i + 1;
      return out;
    }
    if (d !== 44) return fail();
    i = ws(i + 1);
  }
}
function fail() {
  at = -1;
  return void 0;
}
function scanRecord(bytes, start, stop, selection) {
  b = bytes;
  end = stop;
  const i = ws(start);
  if (i >= end || b[i] !== 123) return void 0;
  const record2 = object(i, selection);
  if (record2 === void 0 || at < 0 || ws(at) !== end) return void 0;
  return record2;
}

// src/inventory/generated/scan-wasm.ts
var SCAN_WASM = "AGFzbQEAAAABEwNgA39/fwF/YAF/AX9gAn9/AX8DCQgBAAABAAIAAAUDAQAABjMIfwBBgIAEC38AQYCACAt/AEGAIAt/AEGAgBQLfwBBgIDYAAt/AUEAC38BQQALfwFBAAsHTQcMU0VMRUNUSU9OX0FUAwANU0VMRUNUSU9OX0VORAMBBVNMT1RTAwIHVEFQRV9BVAMDCElOUFVUX0FUAwQEc2NhbgAEBm1lbW9yeQIACoEtCNUHAgV/AXsDQAJAA0AgACMFSQRAIAAtAAAiAUEgSwR/QQEFIAFBDUcgAUEgR3EgAUEJR3ELRQRAIABBAWohAAwCCwsLIAAjBU8NACAALQAAIgFBIkcgBHENACABQSJGBEAgAEEBaiEAQQAhAgNAAkAgAP0ABAAiBv0MIiIiIiIiIiIiIiIiIiIiIv0jIAb9DFxcXFxcXFxcXFxcXFxcXFz9I/1QIAb9DCAgICAgICAgICAgICAgICD9Jv1Q/WQhASAG/WQhBSABRQRAIAJBAnIgAiAFGyECQQAhASAAQRBqIgAjBU8NAQwCCyACQQJyIAIgBUEBIAFoIgJ0QQFrcRshBUEAIQEgACACaiIAIwVPDQAgAC0AACICQSJGBEAgBSQHIABBAWohAQwBCyACQdwARw0AIAVBAXIhAiAALQABIgVB9QBGBH8jBSAAQQVqTQR/QQAFIAAtAAIiBUEwa0EKSQR/QQEFIAVBIHJB4QBrQQZJCwR/IAAtAAMiBUEwa0EKSQR/QQEFIAVBIHJB4QBrQQZJCwVBAAsEfyAALQAEIgVBMGtBCkkEf0EBBSAFQSByQeEAa0EGSQsFQQALBH8gAC0ABSIFQTBrQQpJBH9BAQUgBUEgckHhAGtBBkkLBUEACwtFDQEgAEEGagUgBUHcAEYgBUEiRnIgBUEvRnIgBUHiAEZyIAVB5gBGciAFQe4ARnIgBUHyAEZyIAVB9ABGcgR/IABBAmoFDAILCyEADAELCyABIgBFDQEgBARAQQAhBANAIAAjBUkEQCAALQAAIgFBIEsEf0EBBSABQQ1HIAFBIEdxIAFBCUdxC0UEQCAAQQFqIQAMAgsLCyAAIwVPBH9BAQUgAC0AAEE6RwsNAiAAQQFqIQAMAwsFIAFB2wBGIAFB+wBGcgRAIABBAWohAANAIAAjBUkEQCAALQAAIgJBIEsEf0EBBSACQQ1HIAJBIEdxIAJBCUdxC0UEQCAAQQFqIQAMAgsLCyAAIwVPDQIgAUECaiICIAAtAABGBH8gAEEBagUgA0GAgAhqIgRBgKAITw0DIAQgAjoAACADQQFqIQMgAUH7AEYhBAwECyEABSAAIAEQBSIARQ0CCwsDQAJAIANFBEAgAA8LA0AgACMFSQRAIAAtAAAiAUEgSwR/QQEFIAFBDUcgAUEgR3EgAUEJR3ELRQRAIABBAWohAAwCCwsLIAAjBU8NAiADQf//B2otAAAhASAALQAAIgJBLEYEQCAAQQFqIQAgAUH9AEYhBAwBCyABIAJHDQIgAEEBaiEAIANBAWshAwwBCwsMAQsLQQAL/AYCA38BeyACQQFqQQh0IQQgAC0AACICQSJGBEAgAEEBaiEBA0ACQCAB/QAEACIG/QwiIiIiIiIiIiIiIiIiIiIi/SMgBv0MXFxcXFxcXFxcXFxcXFxcXP0j/VAgBv0MICAgICAgICAgICAgICAgIP0m/VD9ZCECIAb9ZCEFIAJFBEAgA0ECciADIAUbIQNBACECIAFBEGoiASMFTw0BDAILIANBAnIgAyAFQQEgAmgiA3RBAWtxGyEFQQAhAiABIANqIgEjBU8NACABLQAAIgNBIkYEQCAFJAcgAUEBaiECDAELIANB3ABHDQAgBUEBciEDIAEtAAEiBUH1AEYEfyMFIAFBBWpNBH9BAAUgAS0AAiIFQTBrQQpJBH9BAQUgBUEgckHhAGtBBkkLBH8gAS0AAyIFQTBrQQpJBH9BAQUgBUEgckHhAGtBBkkLBUEACwR/IAEtAAQiBUEwa0EKSQR/QQEFIAVBIHJB4QBrQQZJCwVBAAsEfyABLQAFIgVBMGtBCkkEf0EBBSAFQSByQeEAa0EGSQsFQQALC0UNASABQQZqBSAFQdwARiAFQSJGciAFQS9GciAFQeIARnIgBUHmAEZyIAVB7gBGciAFQfIARnIgBUH0AEZyBH8gAUECagUMAgsLIQEMAQsLIwdBASACIgEbBH9BAAUgASAAa0ECa0EYTQsEQCABQQAgAEEBaiABIABrQQJrIAQQBhsPCyMHQQR0QQFyIQIFIAJBLUYgAkEwa0EKSXIEQCAAEAMhAUECIQIFIAJB9ABGIgMgAkHmAEZyIAJB7gBGcgRAAn8gAwRAIABBBGoiAUEAIwUgAU8EfyAAKAIAQfTk1asGRgVBAAsbDAELIAJB7gBGBEAgAEEEaiIBQQAjBSABTwR/IAAoAgBB7uqx4wZGBUEACxsMAQsgAEEFaiIBQQAjBSABTwR/IAAoAgFB4djNqwZGBUEACxsLIQEgAkH0AEYEf0EDBUEEQQUgAkHmAEYbCyECBSABQX5GBH9BAQUgAkHbAEcgAkH7AEdxCwR/QQYhAiAAEAAFIAJB+wBGBH8gACABIAQQAgUgACABIAQQBwsPCyEBCwsLIAEEfyMGQfD/0wBLBH9BAAUjBiACIARyNgIAIwYgADYCBCMGIAE2AggjBkEANgIMIwZBEGokBkEBCwVBAAtFBEBBAA8LIAEL1A0CBX8BeyACQQdyIQICQAJAIwZB8P/TAEsEf0EABSMGIAI2AgAjBiAANgIEIwZBADYCCCMGQQA2AgwjBkEQaiQGQQELRQ0AIABBAWohAgNAIAIjBUkEQCACLQAAIgBBIEsEf0EBBSAAQQ1HIABBIEdxIABBCUdxC0UEQCACQQFqIQIMAgsLCyACIgAjBUkEfyACLQAAQf0ARgVBAAsNAQNAIAAjBU8Ef0EBBSAALQAAQSJHCw0BIABBAWohAkEAIQQDQAJAIAL9AAQAIgj9DCIiIiIiIiIiIiIiIiIiIiL9IyAI/QxcXFxcXFxcXFxcXFxcXFxc/SP9UCAI/QwgICAgICAgICAgICAgICAg/Sb9UP1kIQMgCP1kIQUgA0UEQCAEQQJyIAQgBRshBEEAIQMgAkEQaiICIwVPDQEMAgsgBEECciAEIAVBASADaCIEdEEBa3EbIQVBACEDIAIgBGoiAiMFTw0AIAItAAAiBEEiRgRAIAUkByACQQFqIQMMAQsgBEHcAEcNACAFQQFyIQQgAi0AASIFQfUARgR/IwUgAkEFak0Ef0EABSACLQACIgVBMGtBCkkEf0EBBSAFQSByQeEAa0EGSQsEfyACLQADIgVBMGtBCkkEf0EBBSAFQSByQeEAa0EGSQsFQQALBH8gAi0ABCIFQTBrQQpJBH9BAQUgBUEgckHhAGtBBkkLBUEACwR/IAItAAUiBUEwa0EKSQR/QQEFIAVBIHJB4QBrQQZJCwVBAAsLRQ0BIAJBBmoFIAVB3ABGIAVBIkZyIAVBL0ZyIAVB4gBGciAFQeYARnIgBUHuAEZyIAVB8gBGciAFQfQARnIEfyACQQJqBQwCCwshAgwBCwsjByADIgJFcg0BIAFBCGpBHyACQQFrIABBAWoiBmsiACAAQR9PG0ECdGooAgAhBAJ/A0AgBEEATgRAIAFBiAFqIARBBHRqIgcoAgAgAEYEQCAHKAIEIQVBACEDA0AgA0EIaiAATQR/IAMgBWopAwAgAyAGaikDAFEFQQALBEAgA0EIaiEDDAELCwNAIAAgA0sEfyADIAVqLQAAIAMgBmotAABGBUEACwRAIANBAWohAwwBCwsgBCAAIANGDQMaCyAHKAIMIQQMAQsLQX8LIQADQCACIwVJBEAgAi0AACIDQSBLBH9BAQUgA0ENRyADQSBHcSADQQlHcQtFBEAgAkEBaiECDAILCwsgAiMFTwR/QQEFIAItAABBOkcLDQEgAkEBaiECA0AgAiMFSQRAIAItAAAiA0EgSwR/QQEFIANBDUcgA0EgR3EgA0EJR3ELRQRAIAJBAWohAgwCCwsLIAIjBU8NASAAQQBIBH8gAi0AAEEiRgR/IAJBAWohAEEAIQMDQAJAIAD9AAQAIgj9DCIiIiIiIiIiIiIiIiIiIiL9IyAI/QxcXFxcXFxcXFxcXFxcXFxc/SP9UCAI/QwgICAgICAgICAgICAgICAg/Sb9UP1kIQIgCP1kIQQgAkUEQCADQQJyIAMgBBshA0EAIQIgAEEQaiIAIwVPDQEMAgsgA0ECciADIARBASACaCIDdEEBa3EbIQRBACECIAAgA2oiACMFTw0AIAAtAAAiA0EiRgRAIAQkByAAQQFqIQIMAQsgA0HcAEcNACAEQQFyIQMgAC0AASIEQfUARgR/IwUgAEEFak0Ef0EABSAALQACIgRBMGtBCkkEf0EBBSAEQSByQeEAa0EGSQsEfyAALQADIgRBMGtBCkkEf0EBBSAEQSByQeEAa0EGSQsFQQALBH8gAC0ABCIEQTBrQQpJBH9BAQUgBEEgckHhAGtBBkkLBUEACwR/IAAtAAUiBEEwa0EKSQR/QQEFIARBIHJB4QBrQQZJCwVBAAsLRQ0BIABBBmoFIARB3ABGIARBIkZyIARBL0ZyIARB4gBGciAEQeYARnIgBEHuAEZyIARB8gBGciAEQfQARnIEfyAAQQJqBQwCCwshAAwBCwsgAgUgAhAACwUgAiABQYgBaiAAQQR0aigCCCAAEAELIgBFDQEDQCAAIwVJBEAgAC0AACICQSBLBH9BAQUgAkENRyACQSBHcSACQQlHcQtFBEAgAEEBaiEADAILCwsgACMFTw0BIAAtAAAiAkH9AEYNAiACQSxGBEAgAEEBaiECA0AgAiMFSQRAIAItAAAiAEEgSwR/QQEFIABBDUcgAEEgR3EgAEEJR3ELRQRAIAJBAWohAgwCCwsLIAIhAAwBCwtBAA8LQQAPCyAAQQFqQQAjBkHw/9MASwR/QQAFIwZBCTYCACMGQQA2AgQjBkEANgIIIwZBADYCDCMGQRBqJAZBAQsbC9oCAQF/IABBAWogACAALQAAQS1GGyIAIwVPBEBBAA8LIAAtAAAiAUEwRgRAIABBAWohAAUgAUExa0EJSQRAIABBAWohAANAIAAjBUkEfyAALQAAQTBrQQpJBUEACwRAIABBAWohAAwBCwsFQQAPCwsgACMFSQR/IAAtAABBLkYFQQALBEAgAEEBaiIAIwVJBH8gAC0AAEEwa0EKSQVBAAtFBEBBAA8LA0AgACMFSQR/IAAtAABBMGtBCkkFQQALBEAgAEEBaiEADAELCwsgACMFSQR/IAAtAABBIHJB5QBGBUEACwRAIABBAWoiACMFSQR/IAAtAABBK0YEf0EBBSAALQAAQS1GCwVBAAsEQCAAQQFqIQALIwUgAEsEfyAALQAAQTBrQQpJBUEAC0UEQEEADwsDQCAAIwVJBH8gAC0AAEEwa0EKSQVBAAsEQCAAQQFqIQAMAQsLCyAAC/8BACABJAVBgIAUJAYDQCAAIwVJBEAgAC0AACIBQSBLBH9BAQUgAUENRyABQSBHcSABQQlHcQtFBEAgAEEBaiEADAILCwsgACMFTwR/QQEFIAAtAABB+wBHCwRAQQAPCyAAIAJBABACIgAEQANAIAAjBUkEQCAALQAAIgFBIEsEf0EBBSABQQ1HIAFBIEdxIAFBCUdxC0UEQCAAQQFqIQAMAgsLCwsgACMFSUEAIAAbBH8gAC0AAEEKRgVBAAsEQCAADwtBgIAUIQADQCAAIwZJBEAgACgCAEEPcUELRgRAIAAoAgxBBXRBgIAMakF/NgIYCyAAQRBqIQAMAQsLQQALggUCA38BeyABQSJGBEAgAEEBaiEAA0ACQCAA/QAEACIF/QwiIiIiIiIiIiIiIiIiIiIi/SMgBf0MXFxcXFxcXFxcXFxcXFxcXP0j/VAgBf0MICAgICAgICAgICAgICAgIP0m/VD9ZCEEIAX9ZCEBIARFBEAgA0ECciADIAEbIQMgAEEQaiIAIwVPDQEMAgsgA0ECciADIAFBASAEaCIBdEEBa3EbIQMgACABaiIAIwVPDQAgAC0AACIBQSJGBEAgAyQHIABBAWohAgwBCyABQdwARw0AIANBAXIhAyAALQABIgFB9QBGBH8jBSAAQQVqTQR/QQAFIAAtAAIiAUEwa0EKSQR/QQEFIAFBIHJB4QBrQQZJCwR/IAAtAAMiAUEwa0EKSQR/QQEFIAFBIHJB4QBrQQZJCwVBAAsEfyAALQAEIgFBMGtBCkkEf0EBBSABQSByQeEAa0EGSQsFQQALBH8gAC0ABSIBQTBrQQpJBH9BAQUgAUEgckHhAGtBBkkLBUEACwtFDQEgAEEGagUgAUHcAEYgAUEiRnIgAUEvRnIgAUHiAEZyIAFB5gBGciABQe4ARnIgAUHyAEZyIAFB9ABGcgR/IABBAmoFDAILCyEADAELCyACDwsgAUEtRiABQTBrQQpJcgRAIAAQAw8LIAFB9ABGIgIgAUHmAEZyIAFB7gBGcgRAAn8gAgRAIABBBGoiAUEAIwUgAU8EfyAAKAIAQfTk1asGRgVBAAsbDAELIAFB7gBGBEAgAEEEaiIBQQAjBSABTwR/IAAoAgBB7uqx4wZGBUEACxsMAQsgAEEFaiIBQQAjBSABTwR/IAAoAgFB4djNqwZGBUEACxsLDwtBAAulAwIDfgJ/An4gAUEITgRAIAApAwAMAQtCACABQQBMDQAaIAApAwBCASABrEIDhoZCAX2DCyEDAn4gAUEIayIGQQhOBEAgACkDCAwBC0IAIAZBAEwNABogACkDCEIBIAasQgOGhkIBfYMLIQQCfiABQRBrIgZBCE4EQCAAKQMQDAELQgAgBkEATA0AGiAAKQMQQgEgBqxCA4aGQgF9gwsiBUL5893xmfaZqxZ+IAMgAayFQpX4qfqXt96bnn9+IARCz9bTvtLHq9lCfoWFQjSIpyIGQQV0QYCADGoiBygCGCABRgR/IAcpAwAgA1EFQQALBH8gBykDCCAEUQVBAAsEfyAHKQMQIAVRBUEACwRAIAJBCnIhACMGQfD/0wBLBH9BAAUjBiAANgIAIwYgBjYCBCMGQQA2AggjBkEANgIMIwZBEGokBkEBCw8LIAcgAzcDACAHIAQ3AwggByAFNwMQIAcgATYCGCMGQfD/0wBLBH9BAAUjBiACQQtyNgIAIwYgAEEBazYCBCMGIAAgAWpBAWo2AggjBiAGNgIMIwZBEGokBkEBCwvLAwECfyMGIQMgAkEIciECIwZB8P/TAEsEf0EABSMGIAI2AgAjBiAANgIEIwZBADYCCCMGQQA2AgwjBkEQaiQGQQELRQRAQQAPCyAAQQFqIQADQCAAIwVJBEAgAC0AACICQSBLBH9BAQUgAkENRyACQSBHcSACQQlHcQtFBEAgAEEBaiEADAILCwsCQCAAIwVJBH8gAC0AAEHdAEYFQQALDQAgASgCACEBQQAhAgNAIAAjBU8EQEEADwsgAUF/RgR/IAAQAAUgACABQX8QAQsiAEUEQEEADwsgAkEBaiACIAFBf0cbIQIDQCAAIwVJBEAgAC0AACIEQSBLBH9BAQUgBEENRyAEQSBHcSAEQQlHcQtFBEAgAEEBaiEADAILCwsgACMFTwRAQQAPCyAALQAAIgRB3QBGBEAgAyACNgIIDAILIARBLEYEQCAAQQFqIQADQCAAIwVJBEAgAC0AACIEQSBLBH9BAQUgBEENRyAEQSBHcSAEQQlHcQtFBEAgAEEBaiEADAILCwsMAQsLQQAPCyAAQQFqQQAjBkHw/9MASwR/QQAFIwZBCTYCACMGQQA2AgQjBkEANgIIIwZBADYCDCMGQRBqJAZBAQsbCw==";

// src/inventory/tape.ts
var STR = 1;
var NUM = 2;
var TRUE = 3;
var FALSE = 4;
var NULL = 5;
var RAW = 6;
var OBJ = 7;
var ARR = 8;
var END = 9;
var HIT = 10;
var MISS = 11;
var MAX_GENERATED_KEYS = 256;
var parse = JSON.parse;
var objectPrototype = Object.prototype;
function tapeBuilder(selection, generate = canGenerateCode()) {
  if (!generate || !fits2(selection)) return closures(selection);
  const key = shape(selection);
  let builder = builders.get(key);
  if (builder === void 0) {
    builder = generated(selection);
    builders.set(key, builder);
  }
  return builder;
}
var builders = new BoundedCache(32, 1 << 20);
function shape(node2) {
  if (node2 === void 0) return "-";
  if (node2 === true) return "*";
  return `{${node2.keys.map((k, i) => `${JSON.stringify(k)}:${shape(node2.subs[i])}`).join(",")}}[${shape(node2.any)}]`;
}
function fits2(node2) {
  if (node2 === void 0 || node2 === true) return true;
  return node2.keys.length <= MAX_GENERATED_KEYS && fits2(node2.any) && node2.subs.every(fits2);
}
function closures(selection) {
  let bytes = new Uint8Array(0);
  let tape = new Int32Array(0);
  let slots = [];
  let p = 0;
  const entry2 = (node2) => {
    const tag = tape[p];
    const s = tape[p + 1];
    const e = tape[p + 2];
    p += 4;
    switch (tag & 15) {
      case HIT:
        return slots[s];
      case MISS: {
        const t = text(bytes, s + 1, e - 1, true);
        slots[tape[p - 1]] = t;
        return t;
      }
      case STR:
        return stringAt(bytes, s, e, (tag & 16) !== 0, (tag & 32) !== 0);
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
        return object2(node2);
      case ARR: {
        const out = [];
        const each = node2.any;
        while ((tape[p] & 15) !== END) out.push(entry2(each));
        p += 4;
        return out;
      }
      default:
        throw new Error(`scan-wasm: tape entry ${tag}`);
    }
  };
  const object2 = (node2) => {
    const out = {};
    for (let tag = tape[p]; (tag & 15) !== END; tag = tape[p]) {
      const k = (tag >> 8) - 1;
      setMember(out, node2.keys[k], entry2(node2.subs[k]));
    }
    p += 4;
    return out;
  };
  return {
    build(at2, b2, t, sl) {
      bytes = b2;
      tape = t;
      slots = sl;
      p = at2 + 4;
      return object2(selection);
    }
  };
}
function generated(selection) {
  let nodes = 0;
  const functions = [];
  const value2 = (sel) => {
    if (sel === void 0 || sel === true) return "X()";
    const n = nodes++;
    emit(sel, n);
    return `((t=T[p]&15)===${OBJ}?(p+=4,o${n}()):t===${ARR}?(p+=4,a${n}()):X())`;
  };
  const emit = (node2, n) => {
    const members = node2.subs.map((sub, k) => `case ${k}:v${k}=${value2(sub)};break;`);
    const sets2 = node2.keys.map(
      (key, k) => key === "__proto__" ? `if(v${k}!==undefined)M(o,"__proto__",v${k});` : `if(v${k}!==undefined)o[${JSON.stringify(key)}]=v${k};`
    );
    const locals = ["t", ...node2.keys.map((_, k) => `v${k}`)];
    functions.push(
      `function C${n}(){}C${n}.prototype=OP;function o${n}(){let ${locals.join(",")};for(;;){t=T[p];if((t&15)===${END}){p+=4;break}switch((t>>8)-1){${members.join("")}default:throw new Error("scan-wasm: tape entry "+t)}}const o=new C${n}();${sets2.join("")}return o}`,
      `function a${n}(){let t;const c=T[p-2],out=new Array(c);for(let j=0;j<c;j++)out[j]=${value2(node2.any)};if((T[p]&15)!==${END})throw new Error("scan-wasm: tape entry "+T[p]);p+=4;return out}`
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
${functions.join("\n")}
return{build(at,b,t,sl){B=b;T=t;SL=sl;p=at+4;const r=o0();B=T=SL=undefined;return r}};`;
  return new Function("TX", "SA", "NA", "PA", "M", "OP", body)(
    text,
    stringAt,
    numberAt,
    parse,
    setMember,
    objectPrototype
  );
}

// src/inventory/scan-wasm.ts
var PAGE = 65536;
var MAX_CHUNK = 64 << 20;
var MAX_SPARE2 = 4;
var module;
var spare2 = [];
function compiled3() {
  if (module === void 0) {
    try {
      module = new WebAssembly.Module(Uint8Array.from(atob(SCAN_WASM), (c) => c.charCodeAt(0)));
    } catch {
      module = null;
    }
  }
  return module;
}
var layout;
function instance() {
  const reused = spare2.pop();
  if (reused !== void 0) return reused;
  const m = compiled3();
  if (m === null) return void 0;
  try {
    const exports = new WebAssembly.Instance(m, {}).exports;
    const at2 = (name) => exports[name].value;
    layout ??= {
      selection: at2("SELECTION_AT"),
      selectionEnd: at2("SELECTION_END"),
      slots: at2("SLOTS"),
      tape: at2("TAPE_AT"),
      input: at2("INPUT_AT")
    };
    return {
      memory: exports.memory,
      scan: exports.scan,
      slots: new Array(layout.slots).fill("")
    };
  } catch {
    return void 0;
  }
}
function wasmScanner(selection, generate) {
  const inst = instance();
  if (inst === void 0) return void 0;
  const { memory } = inst;
  const at2 = layout;
  const builder = tapeBuilder(selection, generate);
  const slots = inst.slots;
  let bytes = new Uint8Array(memory.buffer);
  let tape = new Int32Array(memory.buffer);
  const room = (length) => {
    const pages = Math.ceil((at2.input + length + 16) / PAGE) - memory.buffer.byteLength / PAGE;
    if (pages > 0) {
      try {
        memory.grow(pages);
      } catch {
        return false;
      }
      bytes = new Uint8Array(memory.buffer);
      tape = new Int32Array(memory.buffer);
    }
    return true;
  };
  const root = room(1 << 20) ? encode(selection, bytes, at2.selection, at2.selectionEnd) : void 0;
  if (root === void 0) {
    release(inst);
    return void 0;
  }
  let released = false;
  let loaded = 0;
  let lineEnd = 0;
  return {
    load(chunk) {
      if (released || chunk.length > MAX_CHUNK || !room(chunk.length)) return false;
      bytes.set(chunk, at2.input);
      loaded = chunk.length;
      return true;
    },
    scan(s) {
      const nl = inst.scan(at2.input + s, at2.input + loaded, root);
      if (nl === 0) return void 0;
      lineEnd = nl - at2.input;
      return builder.build(at2.tape >> 2, bytes, tape, slots);
    },
    get lineEnd() {
      return lineEnd;
    },
    release() {
      if (released) return;
      released = true;
      release(inst);
    }
  };
}
function release(inst) {
  if (spare2.length < MAX_SPARE2) spare2.push(inst);
}
var KEYS = 136;
function encode(selection, bytes, from, to) {
  const view = new DataView(bytes.buffer);
  let free = from;
  const take = (n) => {
    const at2 = free + 3 & ~3;
    if (at2 + n > to) return void 0;
    free = at2 + n;
    return at2;
  };
  const node2 = (n) => {
    const at2 = take(KEYS + 16 * n.keys.length);
    if (at2 === void 0) return void 0;
    const child = (s) => s === void 0 ? -1 : s === true ? -2 : node2(s);
    const any2 = child(n.any);
    if (any2 === void 0) return void 0;
    view.setInt32(at2, any2, true);
    view.setInt32(at2 + 4, n.keys.length, true);
    for (let b2 = 0; b2 < 32; b2++) view.setInt32(at2 + 8 + 4 * b2, -1, true);
    for (let j = 0; j < n.names.length; j++) {
      const name = n.names[j];
      const sub = child(n.subs[j]);
      const kb = take(name.length);
      if (sub === void 0 || kb === void 0) return void 0;
      bytes.set(name, kb);
      const key = at2 + KEYS + 16 * j;
      const head = at2 + 8 + 4 * Math.min(name.length, 31);
      view.setInt32(key, name.length, true);
      view.setInt32(key + 4, kb, true);
      view.setInt32(key + 8, sub, true);
      view.setInt32(key + 12, view.getInt32(head, true), true);
      view.setInt32(head, j, true);
    }
    return at2;
  };
  return node2(selection);
}

// src/inventory/selective.ts
var ANY2 = "__svcArrayAny__";
function selectionOf(paths2) {
  const node2 = () => ({ whole: false, keys: /* @__PURE__ */ new Map(), any: void 0 });
  const root = node2();
  for (const path of paths2) {
    let at2 = root;
    for (const segment2 of path) {
      if (at2.whole) break;
      if (segment2 === ANY2) at2 = at2.any ??= node2();
      else {
        let next = at2.keys.get(segment2);
        if (next === void 0) {
          next = node2();
          at2.keys.set(segment2, next);
        }
        at2 = next;
      }
    }
    at2.whole = true;
  }
  const freezeNode = (n) => {
    if (n.whole) return true;
    const keys = new Map([...n.keys].map(([k, v]) => [k, freezeNode(v)]));
    return n.any === void 0 ? { keys } : { keys, any: freezeNode(n.any) };
  };
  const top = freezeNode(root);
  return top === true ? { keys: /* @__PURE__ */ new Map() } : top;
}
var encoder = new TextEncoder();
function byteSelection(selection) {
  if (selection === true) return true;
  const keys = [...selection.keys.keys()];
  const subs = keys.map((k) => byteSelection(selection.keys.get(k)));
  const names = keys.map((k) => encoder.encode(k));
  const byLength = [];
  names.forEach((name, i) => {
    byLength[name.length] ??= [];
    byLength[name.length].push(i);
  });
  return {
    names,
    byLength,
    keys,
    subs,
    byName: new Map(keys.map((k, i) => [k, subs[i]])),
    any: selection.any === void 0 ? void 0 : byteSelection(selection.any)
  };
}

// src/inventory/selected-lines.ts
var SLOW = /* @__PURE__ */ Symbol("slow");
function readNdjsonSelected(source2, paths2, options = {}) {
  const batches = () => selectedBatches(source2, paths2, options);
  return {
    [RECORD_BATCHES]: batches,
    async *[Symbol.asyncIterator]() {
      for await (const batch of batches()) yield* batch;
    }
  };
}
async function* selectedBatches(source2, paths2, options) {
  const selection = byteSelection(selectionOf(paths2));
  const fast = wasmScanner(selection);
  let held;
  const max = options.maxRecordLength ?? DEFAULT_MAX_RECORD;
  const onBytes = options.onBytes;
  const decoder3 = new TextDecoder("utf-8", { ignoreBOM: true });
  let line = 0;
  let count2 = 0;
  let pending = [];
  let pendingBytes = 0;
  let batch = [];
  const one = (bytes, s, e) => {
    line++;
    if (line === 1) s = afterBom(bytes, s, e);
    if (e - s > max) return SLOW;
    const record2 = scanRecord(bytes, s, e, selection);
    if (record2 !== void 0) return record2;
    return blank(bytes, s, e) ? void 0 : SLOW;
  };
  const slow = (bytes, s, e) => {
    if (line === 1) s = afterBom(bytes, s, e);
    if (e - s > max) measure2(bytes, s, e);
    if (blank(bytes, s, e)) return void 0;
    const record2 = scanRecord(bytes, s, e, selection);
    if (record2 !== void 0) return record2;
    const r = parseLine(decoder3.decode(bytes.subarray(s, e)), line, options);
    return r.ok ? r.value : void 0;
  };
  const measure2 = (bytes, s, e) => {
    const text2 = decoder3.decode(bytes.subarray(s, e));
    if ((text2.endsWith("\r") ? text2.length - 1 : text2.length) > max) tooLong(options, line);
  };
  try {
    for await (const chunk of source2) {
      if (!(chunk instanceof Uint8Array)) {
        throw new InventoryError("MALFORMED_INPUT", "expected byte chunks");
      }
      held = fast?.load(chunk) === true ? chunk : void 0;
      count2 += chunk.length;
      onBytes?.(count2);
      let s = 0;
      let nl = chunk.indexOf(10, 0);
      if (nl >= 0 && pendingBytes > 0) {
        pending.push(chunk.subarray(0, nl));
        const whole = concat(pending, pendingBytes + nl);
        pending = [];
        pendingBytes = 0;
        let r = one(whole, 0, whole.length);
        if (r === SLOW) {
          if (batch.length > 0) {
            yield batch;
            batch = [];
          }
          r = slow(whole, 0, whole.length);
        }
        if (r !== void 0) batch.push(r);
        s = nl + 1;
      }
      for (; ; ) {
        if (held !== void 0 && line > 0) {
          const r2 = fast.scan(s);
          if (r2 !== void 0 && fast.lineEnd - s <= max) {
            line++;
            batch.push(r2);
            s = fast.lineEnd + 1;
            continue;
          }
        }
        nl = chunk.indexOf(10, s);
        if (nl < 0) break;
        let r = one(chunk, s, nl);
        if (r === SLOW) {
          if (batch.length > 0) {
            yield batch;
            batch = [];
          }
          r = slow(chunk, s, nl);
        }
        if (r !== void 0) batch.push(r);
        s = nl + 1;
      }
      if (batch.length > 0) {
        yield batch;
        batch = [];
      }
      if (s < chunk.length) {
        pending.push(Uint8Array.prototype.slice.call(chunk, s));
        pendingBytes += chunk.length - s;
        if (pendingBytes > max + 1) {
          const whole = concat(pending, pendingBytes);
          const from = line === 0 ? afterBom(whole, 0, whole.length) : 0;
          const text2 = new TextDecoder("utf-8", { ignoreBOM: true }).decode(whole.subarray(from), {
            stream: true
          });
          if (text2.length > max + 1 || text2.length > max && !text2.endsWith("\r"))
            tooLong(options, line + 1);
        }
      }
    }
    if (pendingBytes > 0) {
      const whole = concat(pending, pendingBytes);
      let r = one(whole, 0, whole.length);
      if (r === SLOW) r = slow(whole, 0, whole.length);
      if (r !== void 0) yield [r];
    }
  } finally {
    fast?.release();
  }
}
function concat(pieces, length) {
  if (pieces.length === 1 && pieces[0].length === length) return pieces[0];
  const out = new Uint8Array(length);
  let at2 = 0;
  for (const p of pieces) {
    out.set(p, at2);
    at2 += p.length;
  }
  return out;
}
function afterBom(bytes, s, e) {
  for (let k = 0; k < 2 && e - s >= 3 && bytes[s] === 239 && bytes[s + 1] === 187 && bytes[s + 2] === 191; k++) {
    s += 3;
  }
  return s;
}
function blank(bytes, s, e) {
  for (let k = s; k < e; k++) {
    const c = bytes[k];
    if (c !== 32 && c !== 9 && c !== 13) return false;
  }
  return true;
}

// src/node/file.ts
import { fileURLToPath } from "url";

// src/node/duckdb.ts
import { availableParallelism as availableParallelism2 } from "os";

// src/inventory/paths.ts
function filterPaths(node2, out = [], prefix = []) {
  for (const clause of node2.clauses) {
    switch (clause.kind) {
      case "field": {
        const path = [...prefix, ...clause.path.map(segment)];
        let whole = false;
        for (const op of clause.operators) {
          if (op.kind !== "elemMatch") whole = true;
          else {
            const before = out.length;
            filterPaths(op.filter, out, path);
            if (out.length === before) whole = true;
          }
        }
        if (whole) out.push(path);
        break;
      }
      case "and":
      case "or":
        for (const f of clause.filters) filterPaths(f, out, prefix);
        break;
      case "not":
        filterPaths(clause.filter, out, prefix);
        break;
    }
  }
  return out;
}
function segment(step) {
  return step.kind === "key" ? step.key : ARRAY_ANY;
}
function policyPaths(policies) {
  const out = [];
  for (const { definition } of policies) {
    filterPaths(definition.scope, out);
    for (const status of definition.statuses) {
      for (const rule of status.rules) for (const c of rule.conditions) filterPaths(c.filter, out);
    }
  }
  return out;
}

// src/targets/sql/instants.ts
function instantOfParts(x, bigint) {
  const { y, mo, d, h, mi, s } = x;
  const leap = `(${y} % 4 = 0 AND (${y} % 100 <> 0 OR ${y} % 400 = 0))`;
  const monthDays = `(CASE WHEN ${mo} = 2 THEN (CASE WHEN ${leap} THEN 29 ELSE 28 END) WHEN ${mo} IN (4, 6, 9, 11) THEN 30 ELSE 31 END)`;
  const valid = `${mo} BETWEEN 1 AND 12 AND ${d} BETWEEN 1 AND ${monthDays} AND ${h} <= 23 AND ${mi} <= 59 AND ${s} <= 59 AND ${x.oh} <= 23 AND ${x.om} <= 59`;
  const era = `(${y} + (CASE WHEN ${mo} <= 2 THEN 399 ELSE 400 END))`;
  const dayOfYear = `((153 * (${mo} + (CASE WHEN ${mo} > 2 THEN -3 ELSE 9 END)) + 2) / 5 + ${d} - 1)`;
  const days = `(365 * ${era} + ${era} / 4 - ${era} / 100 + ${era} / 400 + ${dayOfYear} - 865565)`;
  const time2 = `${h} * 3600000 + ${mi} * 60000 + ${s} * 1000 + ${x.ms} - ${x.sign} * (${x.oh} * 60 + ${x.om}) * 60000`;
  return `(CASE WHEN ${valid} THEN ${bigint(days)} * 86400000 + ${time2} END)`;
}
var FIRST_ISO_INSTANT = -621672192e5;
var LAST_ISO_INSTANT = 253402300799999;
function asOfClock(options) {
  const given = option(options, "asOf");
  let ms = given === void 0 ? void 0 : resolveAsOf(given, "/asOf");
  return () => {
    if (ms === void 0) ms = Date.now();
    return ms;
  };
}

// src/targets/sql/duckdb.ts
var paths = /* @__PURE__ */ new WeakMap();
var bound = /* @__PURE__ */ new WeakMap();
function pathOf(ref, p) {
  let path = weakMapGet.call(paths, ref);
  if (path === void 0) {
    const text2 = `$${ref.keys.map((key) => `.${JSON.stringify(key)}`).join("")}`;
    let byText = weakMapGet.call(bound, p);
    if (byText === void 0) {
      byText = /* @__PURE__ */ new Map();
      weakMapSet.call(bound, p, byText);
    }
    path = mapGet.call(byText, text2);
    if (path === void 0) {
      path = p.add(text2);
      byText.set(text2, path);
    }
    weakMapSet.call(paths, ref, path);
  }
  return path;
}
var typeOf2 = (ref, p) => `json_type(${ref.root}, ${pathOf(ref, p)})`;
var extract = (ref, p) => `json_extract(${ref.root}, ${pathOf(ref, p)})`;
var NUMBER_TYPES = `'BIGINT', 'UBIGINT', 'DOUBLE'`;
function scalar2(ref, type, p) {
  if (type === "string") return `json_extract_string(${ref.root}, ${pathOf(ref, p)})`;
  return `CAST(${extract(ref, p)} AS DOUBLE)`;
}
var isType = (ref, type, p) => type === "string" ? `${typeOf2(ref, p)} = 'VARCHAR'` : `${typeOf2(ref, p)} IN (${NUMBER_TYPES})`;
function likePattern(pattern) {
  return pattern.pieces.map((piece) => piece.replace(/[!%_]/g, "!$&")).join("%");
}
var encodeNumber2 = (d) => `CAST(length(CAST(length(${d}) AS VARCHAR)) AS VARCHAR) || CAST(length(${d}) AS VARCHAR) || ${d}`;
var isVersion2 = (text2) => `regexp_full_match(${text2}, '${VERSION_PATTERN}')`;
var coreOf = (text2) => `regexp_extract(${text2}, '^v?([0-9.]+)', 1)`;
var preOf = (text2) => `regexp_extract(${text2}, '^v?[0-9.]+-([^+]*)', 1)`;
var encodePart = (d) => `'.' || ${encodeNumber2(d)}`;
var partsKey = (core) => `regexp_replace(array_to_string(list_transform(string_split(${core}, '.'), lambda svc_x: ${encodePart(`ltrim(svc_x, '0')`)}), ''), '([.]10)+$', '')`;
var preKey = (pre) => `(CASE WHEN ${pre} = '' THEN '#' ELSE '!' || array_to_string(list_transform(string_split(${pre}, '.'), lambda svc_i: CASE WHEN regexp_full_match(svc_i, '[0-9]+') THEN ',1' || ${encodeNumber2(`ltrim(svc_i, '0')`)} ELSE ',2' || svc_i END), '') END)`;
function versionKey2(expr) {
  const text2 = `(${expr})`;
  return `(CASE WHEN ${isVersion2(text2)} THEN ${partsKey(coreOf(text2))} || ${preKey(preOf(text2))} END)`;
}
var TIMESTAMP_PATTERN = "^([0-9]{4})-([0-9]{2})-([0-9]{2})[Tt]([0-9]{2}):([0-9]{2}):([0-9]{2})(?:[.]([0-9]+))?(?:[Zz]|([+-])([0-9]{2}):([0-9]{2}))$";
var GROUPS = ["y", "mo", "d", "h", "mi", "s", "f", "sg", "oh", "om"];
var GROUP_LIST = `[${GROUPS.map((g) => `'${g}'`).join(", ")}]`;
function partsOf(r) {
  const int4 = (g) => `CAST(NULLIF(${r}.${g}, '') AS INTEGER)`;
  return {
    y: int4("y"),
    mo: int4("mo"),
    d: int4("d"),
    h: int4("h"),
    mi: int4("mi"),
    s: int4("s"),
    ms: `CAST(rpad(left(${r}.f, 3), 3, '0') AS INTEGER)`,
    sign: `(CASE ${r}.sg WHEN '-' THEN -1 WHEN '+' THEN 1 ELSE 0 END)`,
    oh: `COALESCE(${int4("oh")}, 0)`,
    om: `COALESCE(${int4("om")}, 0)`
  };
}
var instantOf2 = (parts) => instantOfParts(parts, (e) => `CAST(${e} AS BIGINT)`).replace(/ \/ (?=[0-9(])/g, " // ");
function instantMs(expr, p) {
  const r = `${p.alias()}_r`;
  const text2 = `(${expr})`;
  const groups = `regexp_extract(${text2}, '${TIMESTAMP_PATTERN}', ${GROUP_LIST})`;
  return `list_transform([${groups}], lambda ${r}: ${instantOf2(partsOf(r))})[1]`;
}
function tzMs(expr) {
  const us = `epoch_us(${expr})`;
  return `((${us} - ((${us} % 1000 + 1000) % 1000)) // 1000)`;
}
var duckdb = {
  name: "duckdb",
  capabilities: {
    nulInText: true,
    timestamptz: true,
    // A DOUBLE column holds NaN, which DuckDB orders above every number (and, unlike PostgreSQL, also
    // takes for equal to itself): the same guards as PostgreSQL's.
    nanInNumberColumns: true,
    maxIdentifierBytes: 0,
    // DuckDB has no parameter limit of its own; this keeps fragments within what drivers bind.
    maxParameters: 65535,
    integerBooleans: false,
    indexNullsOrder: false,
    // `(1, NULL) > (1, 0)` is true in DuckDB: a NULL item compares above every value.
    rowValueNullUnknown: false,
    // DuckDB's `max_expression_depth` (1000 by default) bounds the parsed expression tree; subqueries
    // count in it like any other expression.
    expressionLimits: {
      name: "DuckDB max_expression_depth (1000)",
      maxSubqueries: 40,
      maxNestedHeight: Number.POSITIVE_INFINITY,
      maxHeight: 900,
      maxParentheses: 900
    },
    likePatternLimit: null
  },
  placeholder: (index) => `$${index}`,
  quoteIdentifier: (name) => `"${name.replace(/"/g, '""')}"`,
  numberParam: (placeholder) => `CAST(${placeholder} AS DOUBLE)`,
  numberKey: (expr) => `NULLIF(${expr}, CAST('NaN' AS DOUBLE))`,
  // The operand's text names its offset (`Z`), so the session's time zone changes nothing.
  timestampParam: (placeholder) => `CAST(${placeholder} AS TIMESTAMPTZ)`,
  instantKey: tzMs,
  // Formatted from the millisecond as a TIMESTAMP (no zone), so the session's time zone changes nothing.
  instantText: (expr) => `strftime(make_timestamp(${tzMs(expr)} * 1000), '%Y-%m-%dT%H:%M:%S.%gZ')`,
  msParam: (placeholder) => `CAST(${placeholder} AS BIGINT)`,
  instantMs,
  // Outside years 0001–9999 the ISO form has no 4-digit year: no timestamp in memory.
  columnInstantMs: (expr) => `(CASE WHEN ${tzMs(expr)} BETWEEN ${FIRST_ISO_INSTANT} AND ${LAST_ISO_INSTANT} THEN ${tzMs(expr)} END)`,
  textParam: (placeholder) => `CAST(${placeholder} AS VARCHAR)`,
  collateOrder: (expr) => `(${expr}) COLLATE "binary"`,
  collateEq: (expr) => `(${expr}) COLLATE "binary"`,
  // One parameter per list, JSON text (any driver binds a string): list_contains compares without
  // collation, byte by byte.
  inList: (expr, kind, values, p) => `list_contains(CAST(CAST(${p.add(JSON.stringify(values))} AS JSON) AS ${kind === "number" ? "DOUBLE" : "VARCHAR"}[]), ${expr})`,
  likePatternBytes: (pattern) => new TextEncoder().encode(likePattern(pattern)).length,
  like: (expr, pattern, p) => `((${expr}) COLLATE "binary" LIKE CAST(${p.add(likePattern(pattern))} AS VARCHAR) ESCAPE '!')`,
  versionKey: (expr) => versionKey2(expr),
  jsonColumn: (column, _type, path) => ({ root: column, keys: path }),
  jsonKey: (ref, key) => ({ root: ref.root, keys: [...ref.keys, key] }),
  jsonIs: (ref, shape2, p) => {
    const type = typeOf2(ref, p);
    if (shape2 === "missing") return `(COALESCE(${type}, 'NULL') = 'NULL')`;
    if (shape2 === "object") return `COALESCE(${type} = 'OBJECT', FALSE)`;
    return `COALESCE(${type} = 'BOOLEAN' AND ${scalar2(ref, "string", p)} = '${shape2}', FALSE)`;
  },
  jsonScalar: (ref, type, test2, p) => `(CASE WHEN ${isType(ref, type, p)} THEN ${test2(scalar2(ref, type, p))} ELSE FALSE END)`,
  jsonValue: (ref, type, p) => {
    if (type === "boolean") {
      return `(CASE WHEN ${typeOf2(ref, p)} = 'BOOLEAN' THEN ${scalar2(ref, "string", p)} = 'true' END)`;
    }
    return `(CASE WHEN ${isType(ref, type, p)} THEN ${scalar2(ref, type, p)} END)`;
  },
  jsonText: (ref, p) => `CAST(${extract(ref, p)} AS VARCHAR)`,
  // A lambda over the elements, not a correlated subquery: DuckDB plans a statement of many
  // `EXISTS (… unnest …)` slowly (each is decorrelated into a join), and a lambda has no FROM clause
  // whose names could capture a column. `list_bool_or` of no elements is NULL: false.
  jsonAny: (ref, body, p) => {
    const alias = p.alias();
    const where2 = body({ root: alias, keys: [] });
    const array2 = `CAST(CASE WHEN ${typeOf2(ref, p)} = 'ARRAY' THEN ${extract(ref, p)} END AS JSON[])`;
    return `COALESCE(list_bool_or(list_transform(${array2}, lambda ${alias}: ${where2})), FALSE)`;
  }
};
function duckdbHoisting(base) {
  const levels = [
    /* @__PURE__ */ new Map(),
    /* @__PURE__ */ new Map(),
    /* @__PURE__ */ new Map(),
    /* @__PURE__ */ new Map()
  ];
  const byKey = /* @__PURE__ */ new Map();
  let count2 = 0;
  const hoist = (key, sql, level = 0) => {
    let name = byKey.get(key);
    if (name === void 0) {
      name = `svc_h${++count2}`;
      levels[level].set(name, sql());
      byKey.set(key, name);
    }
    return name;
  };
  const isBase = (ref) => base.has(ref.root);
  const at2 = (read2, ref) => JSON.stringify([read2, ref.root, ref.keys]);
  const type = (ref, p) => hoist(at2("type", ref), () => typeOf2(ref, p));
  const value2 = (ref, t, p) => hoist(at2(t, ref), () => `(CASE WHEN ${isType(ref, t, p)} THEN ${scalar2(ref, t, p)} END)`);
  const isHoisted = (expr) => levels[0].has(expr);
  const stagedVersionKey = (expr) => hoist(
    `version ${expr}`,
    () => {
      const core = hoist(
        `core ${expr}`,
        () => `(CASE WHEN ${isVersion2(expr)} THEN ${coreOf(expr)} END)`,
        1
      );
      const pre = hoist(`pre ${expr}`, () => preOf(expr), 1);
      const d = [1, 2, 3, 4].map(
        (i) => hoist(`part${i} ${expr}`, () => `ltrim(split_part(${core}, '.', ${i}), '0')`, 2)
      );
      const few = hoist(`few ${expr}`, () => `length(${core}) - length(replace(${core}, '.', '')) <= 3`, 2);
      const upTo = (n) => `concat(${d.slice(0, n).map(encodePart).join(", ")})`;
      const fast = `(CASE WHEN ${d[3]} <> '' THEN ${upTo(4)} WHEN ${d[2]} <> '' THEN ${upTo(3)} WHEN ${d[1]} <> '' THEN ${upTo(2)} WHEN ${d[0]} <> '' THEN ${upTo(1)} ELSE '' END)`;
      return `(CASE WHEN ${core} IS NOT NULL THEN (CASE WHEN ${few} THEN ${fast} ELSE ${partsKey(core)} END) || ${preKey(pre)} END)`;
    },
    3
  );
  const stagedInstant = (expr) => hoist(
    `instant ${expr}`,
    () => {
      const t = hoist(
        `shaped ${expr}`,
        () => `(CASE WHEN regexp_full_match(${expr}, '${TIMESTAMP_PATTERN}') THEN ${expr} END)`,
        1
      );
      const part = (k, sql) => hoist(`${k} ${expr}`, sql, 2);
      const at3 = (from, n) => `CAST(substr(${t}, ${from}, ${n}) AS INTEGER)`;
      const signed = `substr(${t}, -6, 1) IN ('+', '-')`;
      const tail = `(CASE WHEN ${signed} THEN 6 ELSE 1 END)`;
      const parts = {
        y: part("y", () => at3(1, 4)),
        mo: part("mo", () => at3(6, 2)),
        d: part("d", () => at3(9, 2)),
        h: part("h", () => at3(12, 2)),
        mi: part("mi", () => at3(15, 2)),
        s: part("s", () => at3(18, 2)),
        ms: part(
          "ms",
          () => `(CASE WHEN substr(${t}, 20, 1) = '.' THEN CAST(rpad(substr(${t}, 21, least(3, length(${t}) - 20 - ${tail})), 3, '0') AS INTEGER) ELSE 0 END)`
        ),
        sign: part("sign", () => `(CASE substr(${t}, -6, 1) WHEN '-' THEN -1 WHEN '+' THEN 1 ELSE 0 END)`),
        oh: part("oh", () => `(CASE WHEN ${signed} THEN CAST(substr(${t}, -5, 2) AS INTEGER) ELSE 0 END)`),
        om: part("om", () => `(CASE WHEN ${signed} THEN CAST(substr(${t}, -2, 2) AS INTEGER) ELSE 0 END)`)
      };
      return instantOf2(parts);
    },
    3
  );
  const dialect = {
    ...duckdb,
    // The engine's own database, whose default collation is DuckDB's: text compares by its UTF-8
    // bytes (code point order) with no COLLATE, which costs a third of a condition's time.
    collateOrder: (expr) => expr,
    collateEq: (expr) => expr,
    // A key of a value read per row: a column of its own, from the value's column.
    versionKey: (expr) => isHoisted(expr) ? stagedVersionKey(expr) : versionKey2(expr),
    instantMs: (expr, p) => isHoisted(expr) ? stagedInstant(expr) : instantMs(expr, p),
    jsonIs: (ref, shape2, p) => {
      if (!isBase(ref)) return duckdb.jsonIs(ref, shape2, p);
      const t = type(ref, p);
      if (shape2 === "missing") return `(COALESCE(${t}, 'NULL') = 'NULL')`;
      if (shape2 === "object") return `COALESCE(${t} = 'OBJECT', FALSE)`;
      return `COALESCE(${t} = 'BOOLEAN' AND ${hoist(at2("text", ref), () => scalar2(ref, "string", p))} = '${shape2}', FALSE)`;
    },
    jsonScalar: (ref, t, test2, p) => {
      if (!isBase(ref)) return duckdb.jsonScalar(ref, t, test2, p);
      const v = value2(ref, t, p);
      return `(CASE WHEN ${v} IS NOT NULL THEN ${test2(v)} ELSE FALSE END)`;
    },
    jsonValue: (ref, t, p) => {
      if (!isBase(ref)) return duckdb.jsonValue(ref, t, p);
      return t === "boolean" ? hoist(at2("boolean", ref), () => duckdb.jsonValue(ref, t, p)) : value2(ref, t, p);
    },
    jsonText: (ref, p) => {
      if (!isBase(ref)) return duckdb.jsonText(ref, p);
      return hoist(at2("json", ref), () => duckdb.jsonText(ref, p));
    },
    jsonAny: (ref, body, p) => {
      if (!isBase(ref)) return duckdb.jsonAny(ref, body, p);
      const alias = p.alias();
      const where2 = body({ root: alias, keys: [] });
      const array2 = hoist(
        at2("array", ref),
        () => `CAST(CASE WHEN ${typeOf2(ref, p)} = 'ARRAY' THEN ${extract(ref, p)} END AS JSON[])`
      );
      return `COALESCE(list_bool_or(list_transform(${array2}, lambda ${alias}: ${where2})), FALSE)`;
    }
  };
  return { dialect, levels };
}

// src/targets/sql/columns.ts
var COLUMN_TYPES = /* @__PURE__ */ new Set([
  "text",
  "timestamp",
  "number",
  "boolean",
  "timestamptz",
  "json",
  "jsonb"
]);
function checkOffset(offset) {
  if (offset === void 0) return 0;
  if (typeof offset !== "number" || !Number.isSafeInteger(offset) || offset < 0) {
    throw new FilterError("INVALID_OPTION", "", `"paramOffset" must be a non-negative integer`);
  }
  return offset;
}
function checkParamCount(dialect, offset, count2) {
  const max = dialect.capabilities.maxParameters;
  if (offset + count2 > max) {
    throw new FilterError(
      "UNSUPPORTED",
      "",
      `the query needs ${offset + count2} parameters (paramOffset ${offset} + ${count2}); ${dialect.name} binds at most ${max}: split the filter or use $in (one parameter per list on PostgreSQL)`
    );
  }
}
function checkIdentifier(dialect, name, what2) {
  if (typeof name !== "string" || name === "") {
    throw new FilterError("INVALID_OPTION", "", `${what2} must be a non-empty string`);
  }
  if (stringIncludes(name, "\0")) {
    throw new FilterError("INVALID_OPTION", "", `${what2} ${JSON.stringify(name)} contains U+0000`);
  }
  const max = dialect.capabilities.maxIdentifierBytes;
  if (max > 0 && new TextEncoder().encode(name).length > max) {
    throw new FilterError(
      "INVALID_OPTION",
      "",
      `${what2} ${JSON.stringify(name)} is longer than ${max} bytes on ${dialect.name}`
    );
  }
  return name;
}
function resolveColumns(dialect, columns) {
  if (typeof columns !== "object" || columns === null || isArray(columns)) {
    throw new FilterError("INVALID_OPTION", "", '"columns" must map field names to column types');
  }
  const out = /* @__PURE__ */ new Map();
  for (const [field, raw] of Object.entries(columns)) {
    const mapping = typeof raw === "string" ? { type: raw } : ownOptions(raw ?? {});
    const where2 = `columns[${JSON.stringify(field)}]`;
    if (typeof mapping !== "object" || !setHas.call(COLUMN_TYPES, mapping.type)) {
      throw new FilterError(
        "INVALID_OPTION",
        "",
        `${where2} must be one of ${[...COLUMN_TYPES].join(", ")} or { column, type, path }`
      );
    }
    const type = mapping.type;
    if (type === "timestamptz" && !dialect.capabilities.timestamptz) {
      throw new FilterError("INVALID_OPTION", "", `${where2}: ${dialect.name} has no timestamptz type`);
    }
    const column = checkIdentifier(dialect, mapping.column ?? field, `${where2}.column`);
    const path = mapping.path ?? [];
    if (!isArray(path) || arraySome(path, (k) => typeof k !== "string" || k === "")) {
      throw new FilterError("INVALID_OPTION", "", `${where2}.path must be an array of non-empty strings`);
    }
    if (path.length > 0 && type !== "json" && type !== "jsonb") {
      throw new FilterError("INVALID_OPTION", "", `${where2}.path is only allowed on json/jsonb columns`);
    }
    for (const key of path) checkText(dialect, key, `${where2}.path`, "INVALID_OPTION");
    out.set(field, { column, type, path });
  }
  return out;
}
function checkText(dialect, text2, at2, code2 = "UNSUPPORTED") {
  if (!dialect.capabilities.nulInText && stringIncludes(text2, "\0")) {
    throw new FilterError(
      code2,
      at2,
      `${dialect.name} text cannot hold U+0000 (NUL), used at ${at2 || "the root"}`
    );
  }
}

// src/targets/sql/height.ts
var OPERATOR_WORDS = /* @__PURE__ */ new Set([
  "AND",
  "OR",
  "NOT",
  "IS",
  "IN",
  "LIKE",
  "GLOB",
  "ESCAPE",
  "COLLATE",
  "CASE",
  "WHEN",
  "THEN",
  "ELSE",
  "EXISTS",
  "CAST",
  "BETWEEN",
  "SELECT",
  "WHERE",
  "UNION",
  "OVER",
  "FILTER",
  "ANY",
  "ALL"
]);
var isWordChar = (c) => c >= 48 && c <= 57 || c >= 65 && c <= 90 || c >= 97 && c <= 122 || c === 95 || c === 36;
var isSymbolChar = (c) => c === 61 || c === 60 || c === 62 || c === 33 || c === 124 || c === 43 || c === 45 || c === 42 || c === 47 || c === 37 || c === 126 || c === 38 || c === 58 || c === 64 || c === 35 || c === 94;
var FROM_ENDS = /* @__PURE__ */ new Set([
  "WHERE",
  "GROUP",
  "HAVING",
  "ORDER",
  "LIMIT",
  "WINDOW",
  "UNION",
  "EXCEPT",
  "INTERSECT",
  "ON",
  "USING",
  "SELECT"
]);
function sqlHeight(sql) {
  const ops = [0];
  const tallest = [0];
  const tallestExpr = [0];
  const inner = [0];
  const fromMax = [0];
  const select = [false];
  const inFrom = [false];
  const fromChild = [false];
  let deepest = 0;
  let lastWasWord = false;
  let lastWord = "";
  const n = sql.length;
  let i = 0;
  const open6 = (call2, inParentFrom) => {
    ops.push(call2 ? 1 : 0);
    tallest.push(0);
    tallestExpr.push(0);
    inner.push(0);
    fromMax.push(0);
    select.push(false);
    inFrom.push(false);
    fromChild.push(inParentFrom);
  };
  const close = () => {
    const o = ops.pop() ?? 0;
    const h = o + (tallest.pop() ?? 0);
    const hx = o + (tallestExpr.pop() ?? 0);
    const exprSum = (inner.pop() ?? 0) + (select.pop() ? hx : 0);
    const sum = Math.max(exprSum, fromMax.pop() ?? 0);
    inFrom.pop();
    const wasFrom = fromChild.pop() ?? false;
    if (ops.length === 0) {
      open6(false, false);
    }
    const top = ops.length - 1;
    if (h > tallest[top]) tallest[top] = h;
    if (wasFrom) {
      fromMax[top] = Math.max(fromMax[top], sum, hx);
    } else {
      if (hx > tallestExpr[top]) tallestExpr[top] = hx;
      if (sum > inner[top]) inner[top] = sum;
    }
  };
  while (i < n) {
    const c = sql.charCodeAt(i);
    if (c === 39 || c === 34) {
      i++;
      while (i < n) {
        if (sql.charCodeAt(i) === c) {
          if (i + 1 < n && sql.charCodeAt(i + 1) === c) i += 2;
          else break;
        } else i++;
      }
      i++;
      lastWasWord = true;
      lastWord = "";
      continue;
    }
    if (c === 40) {
      open6(lastWasWord, inFrom[inFrom.length - 1]);
      if (ops.length - 1 > deepest) deepest = ops.length - 1;
      lastWasWord = false;
      lastWord = "";
      i++;
      continue;
    }
    if (c === 41) {
      close();
      lastWasWord = true;
      lastWord = "";
      i++;
      continue;
    }
    if (isWordChar(c)) {
      const start = i;
      while (i < n && isWordChar(sql.charCodeAt(i))) i++;
      const word = sql.slice(start, i).toUpperCase();
      const top = ops.length - 1;
      if ((word === "FROM" || word === "JOIN") && select[top] && lastWord !== "DISTINCT") inFrom[top] = true;
      else if (FROM_ENDS.has(word)) inFrom[top] = false;
      if (OPERATOR_WORDS.has(word)) {
        ops[top]++;
        if (word === "SELECT") select[top] = true;
        lastWasWord = false;
      } else {
        lastWasWord = true;
      }
      lastWord = word;
      continue;
    }
    if (isSymbolChar(c)) {
      while (i < n && isSymbolChar(sql.charCodeAt(i))) i++;
      ops[ops.length - 1]++;
      lastWasWord = false;
      lastWord = "";
      continue;
    }
    if (c === 63) lastWasWord = true;
    else if (c !== 32 && c !== 46) lastWasWord = false;
    if (c !== 32) lastWord = "";
    i++;
  }
  while (ops.length > 1) close();
  const height = ops[0] + tallest[0] + 1;
  const nested = Math.max(ops[0] + tallestExpr[0] + 1 + inner[0], fromMax[0]);
  return { height, nested, parentheses: deepest };
}
function filterNesting(node2, at2) {
  let subqueries = 0;
  let subqueriesAt = at2;
  let levels = -1;
  let deepestAt = at2;
  const stack = [
    { node: node2, at: at2, subqueries: 0, levels: 0 }
  ];
  while (stack.length > 0) {
    const top = stack.pop();
    for (const clause of top.node.clauses) {
      switch (clause.kind) {
        case "field": {
          const where2 = pointer(top.at, printPath(clause.path));
          let selectors = top.subqueries;
          for (const step of clause.path) if (step.kind === "any") selectors++;
          if (selectors > subqueries) {
            subqueries = selectors;
            subqueriesAt = where2;
          }
          if (top.levels + selectors > levels) {
            levels = top.levels + selectors;
            deepestAt = where2;
          }
          for (const op of clause.operators) {
            if (op.kind === "elemMatch") {
              const inner = pointer(where2, OPERATOR_NAMES.elemMatch);
              stack.push({ node: op.filter, at: inner, subqueries: selectors, levels: top.levels + 1 });
            }
          }
          break;
        }
        case "and":
        case "or":
          clause.filters.forEach((f, i) => {
            stack.push({
              node: f,
              at: pointer(top.at, LOGICAL_NAMES[clause.kind], i),
              subqueries: top.subqueries,
              levels: top.levels + 1
            });
          });
          break;
        case "not":
          stack.push({
            node: clause.filter,
            at: pointer(top.at, LOGICAL_NAMES.not),
            subqueries: top.subqueries,
            levels: top.levels + 1
          });
          break;
        default:
          assertNever(clause, "clause");
      }
    }
  }
  return { subqueries, subqueriesAt, deepestAt };
}
function tooDeep(dialect, limits, at2, what2) {
  return new FilterError(
    "UNSUPPORTED",
    at2,
    `the ${dialect} SQL of this filter ${what2}, past ${limits.name}; the deepest place is ${showPointer(at2)}`
  );
}

// src/targets/sql/sql-text.ts
var TRUE2 = "TRUE";
var FALSE2 = "FALSE";
var FLAT = 8;
function join3(op, parts) {
  if (parts.length <= FLAT) return `(${parts.join(` ${op} `)})`;
  const half = Math.ceil(parts.length / 2);
  return `(${join3(op, parts.slice(0, half))} ${op} ${join3(op, parts.slice(half))})`;
}
function and(parts) {
  if (parts.length === 0) return TRUE2;
  if (parts.length === 1) return parts[0];
  return join3("AND", parts);
}
function or(parts) {
  if (parts.length === 0) return FALSE2;
  if (parts.length === 1) return parts[0];
  return join3("OR", parts);
}
function not(expr) {
  if (expr === TRUE2) return FALSE2;
  if (expr === FALSE2) return TRUE2;
  return `(NOT ${expr})`;
}
var Params = class {
  constructor(placeholder, offset = 0, instant = Date.now) {
    this.placeholder = placeholder;
    this.offset = offset;
    this.instant = instant;
  }
  placeholder;
  offset;
  instant;
  values = [];
  #aliases = 0;
  #asOf;
  #asOfIndex;
  asOf() {
    if (this.#asOf === void 0) {
      this.#asOfIndex = this.values.length;
      this.#asOf = this.add(this.instant());
    }
    return this.#asOf;
  }
  /** The values, and where the asOf is among them when it is bound (see `SqlFragment.asOfIndex`). */
  bound() {
    return this.#asOfIndex === void 0 ? { params: this.values } : { params: this.values, asOfIndex: this.#asOfIndex };
  }
  add(value2) {
    this.values.push(value2);
    return this.placeholder(this.offset + this.values.length);
  }
  alias() {
    this.#aliases += 1;
    return `svc_e${this.#aliases}`;
  }
};

// src/targets/sql/timestamps.ts
var ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
var LAST_INSTANT = Date.parse("9999-12-31T23:59:59.999Z");
function nextMillisecond(instant) {
  const next = Date.parse(instant) + 1;
  return next > LAST_INSTANT ? void 0 : new Date(next).toISOString();
}
function isRoundTrip(iso2) {
  const time2 = Date.parse(iso2);
  return !Number.isNaN(time2) && new Date(time2).toISOString() === iso2;
}
function isIsoInstant(value2) {
  return regexpTest(ISO_INSTANT, value2) && !stringStartsWith.call(value2, "0000") && isRoundTrip(value2);
}

// src/targets/sql/filter.ts
var SqlCompiler = class {
  #dialect;
  #columns;
  #alias;
  constructor(dialect, options) {
    this.#dialect = dialect;
    this.#columns = resolveColumns(dialect, options.columns);
    if (options.tableAlias !== void 0) this.#identifier(options.tableAlias, "tableAlias");
    this.#alias = options.tableAlias;
  }
  /** Compiles a filter (JSON or AST) into a never-NULL boolean expression. */
  compile(filter, params, options = {}) {
    const node2 = toFilterNode(filter, passLimits(options));
    const at2 = option(options, "at") ?? "";
    const limits = this.#dialect.capabilities.expressionLimits;
    const nesting = filterNesting(node2, at2);
    if (nesting.subqueries > limits.maxSubqueries) {
      throw tooDeep(
        this.#dialect.name,
        limits,
        nesting.subqueriesAt,
        `nests ${nesting.subqueries} subqueries (selectors and "$elemMatch"; at most ${limits.maxSubqueries})`
      );
    }
    const sql = this.#filter(node2, at2, params);
    const measured = sqlHeight(sql);
    if (measured.nested > limits.maxNestedHeight || measured.height > limits.maxHeight) {
      const height = Math.max(measured.nested, measured.height);
      throw tooDeep(this.#dialect.name, limits, nesting.deepestAt, `is an expression about ${height} deep`);
    }
    if (measured.parentheses > limits.maxParentheses) {
      throw tooDeep(
        this.#dialect.name,
        limits,
        nesting.deepestAt,
        `nests ${measured.parentheses} parentheses (at most ${limits.maxParentheses})`
      );
    }
    return sql;
  }
  /** Where a top-level field is read (for ordering and select lists); `undefined` when not mapped. */
  fieldSlot(field, p) {
    const mapping = this.#columns.get(field);
    if (mapping === void 0) return void 0;
    const column = this.columnSql(mapping.column);
    if (mapping.type === "json" || mapping.type === "jsonb") {
      return { kind: "json", ref: this.#dialect.jsonColumn(column, mapping.type, mapping.path, p) };
    }
    return { kind: "column", type: mapping.type, sql: column };
  }
  /** A column reference, quoted (and qualified by the table alias when there is one). */
  columnSql(column) {
    const quoted3 = this.#dialect.quoteIdentifier(column);
    return this.#alias === void 0 ? quoted3 : `${this.#dialect.quoteIdentifier(this.#alias)}.${quoted3}`;
  }
  #identifier(name, what2) {
    return checkIdentifier(this.#dialect, name, what2);
  }
  /**
   * `element` is the JSON value that paths start from inside an `$elemMatch`; `undefined` at the top,
   * where the first key of a path is a mapped column.
   */
  #filter(node2, at2, p, element) {
    return and(node2.clauses.map((clause) => this.#clause(clause, at2, p, element)));
  }
  #clause(clause, at2, p, element) {
    switch (clause.kind) {
      case "field": {
        const where2 = pointer(at2, printPath(clause.path));
        if (element !== void 0) return this.#walk(element, clause.path, clause.operators, where2, p);
        return this.#field(clause, where2, p);
      }
      case "and":
        return and(
          clause.filters.map((f, i) => this.#filter(f, pointer(at2, LOGICAL_NAMES.and, i), p, element))
        );
      case "or":
        return or(
          clause.filters.map((f, i) => this.#filter(f, pointer(at2, LOGICAL_NAMES.or, i), p, element))
        );
      case "not":
        return not(this.#filter(clause.filter, pointer(at2, LOGICAL_NAMES.not), p, element));
      default:
        return assertNever(clause, "clause");
    }
  }
  /**
   * `$elemMatch` on one element (docs/semantics.md §3): `{}` holds for every element, any other filter
   * only for an object that satisfies it, all conditions read from that one element.
   */
  #elemMatch(slot, filter, at2, p) {
    if (filter.clauses.length === 0) return TRUE2;
    if (slot.kind !== "json") {
      throw new FilterError("UNSUPPORTED", at2, `"$elemMatch" needs a JSON value at ${at2}`);
    }
    return and([this.#dialect.jsonIs(slot.ref, "object", p), this.#filter(filter, at2, p, slot.ref)]);
  }
  #field(field, at2, p) {
    const [first, ...rest] = field.path;
    if (first === void 0) throw new FilterError("INVALID_PATH", at2, `empty field path at ${at2}`);
    if (first.kind === "any") return FALSE2;
    const mapping = mapGet.call(this.#columns, first.key);
    if (mapping === void 0) {
      throw new FilterError(
        "UNKNOWN_FIELD",
        at2,
        `field "${showText(first.key)}" is not in the column mapping (used at ${at2})`
      );
    }
    const column = this.columnSql(mapping.column);
    if (mapping.type === "json" || mapping.type === "jsonb") {
      const ref = this.#dialect.jsonColumn(column, mapping.type, mapping.path, p);
      return this.#walk(ref, rest, field.operators, at2, p);
    }
    if (rest.length > 0) {
      throw new FilterError(
        "UNKNOWN_FIELD",
        at2,
        `field path "${showText(printPath(field.path))}" reads below the ${mapping.type} column of "${showText(first.key)}"; nested paths are allowed only below json/jsonb columns (at ${at2})`
      );
    }
    const slot = { kind: "column", type: mapping.type, sql: column };
    return and(
      field.operators.map((op) => this.#operator(slot, op, pointer(at2, OPERATOR_NAMES[op.kind]), p))
    );
  }
  /** Follows the path inside JSON; a selector wraps the rest of the path and all the operators. */
  #walk(ref, steps, ops, at2, p) {
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i];
      switch (step.kind) {
        case "key":
          checkText(this.#dialect, step.key, at2);
          ref = this.#dialect.jsonKey(ref, step.key, p);
          break;
        case "any": {
          const rest = steps.slice(i + 1);
          return this.#dialect.jsonAny(ref, (element) => this.#walk(element, rest, ops, at2, p), p);
        }
        default:
          return assertNever(step, "path step");
      }
    }
    const slot = { kind: "json", ref };
    return and(ops.map((op) => this.#operator(slot, op, pointer(at2, OPERATOR_NAMES[op.kind]), p)));
  }
  #missing(slot, p) {
    return slot.kind === "column" ? `${slot.sql} IS NULL` : this.#dialect.jsonIs(slot.ref, "missing", p);
  }
  /** `test(value)` when the value is a string (false otherwise). */
  #ifString(slot, p, test2) {
    if (slot.kind === "json") return this.#dialect.jsonScalar(slot.ref, "string", test2, p);
    if (slot.type !== "text" && slot.type !== "timestamp") return FALSE2;
    return `(${slot.sql} IS NOT NULL AND ${test2(slot.sql)})`;
  }
  #ifNumber(slot, p, test2) {
    if (slot.kind === "json") return this.#dialect.jsonScalar(slot.ref, "number", test2, p);
    if (slot.type !== "number") return FALSE2;
    return `(${slot.sql} IS NOT NULL AND ${test2(slot.sql)})`;
  }
  #ifBoolean(slot, value2, p) {
    if (slot.kind === "json") return this.#dialect.jsonIs(slot.ref, value2 ? "true" : "false", p);
    if (slot.type !== "boolean") return FALSE2;
    return `(${slot.sql} IS ${value2 ? TRUE2 : FALSE2})`;
  }
  /** A timestamptz column compares with operands in the exact `toISOString` form only. */
  #instant(value2, at2) {
    const ok = isIsoInstant(value2);
    if (!ok) {
      throw new FilterError(
        "INVALID_OPERAND",
        at2,
        `a timestamptz column compares only with ISO timestamps like "2026-01-01T00:00:00.000Z"; got ${JSON.stringify(value2)} at ${at2}`
      );
    }
    return value2;
  }
  #eq(slot, value2, at2, p) {
    if (value2 === null) return this.#missing(slot, p);
    if (typeof value2 === "boolean") return this.#ifBoolean(slot, value2, p);
    if (typeof value2 === "number") {
      return this.#ifNumber(slot, p, (v) => `${v} = ${this.#dialect.numberParam(p.add(value2))}`);
    }
    checkText(this.#dialect, value2, at2);
    if (slot.kind === "column" && slot.type === "timestamptz") {
      const c = this.#instant(value2, at2);
      const from = `${slot.sql} >= ${this.#dialect.timestampParam(p.add(c))}`;
      const next = nextMillisecond(c);
      if (next === void 0) return `(${slot.sql} IS NOT NULL AND ${from})`;
      return `(${slot.sql} IS NOT NULL AND ${from} AND ${slot.sql} < ${this.#dialect.timestampParam(p.add(next))})`;
    }
    return this.#ifString(slot, p, (v) => `${this.#dialect.collateEq(v)} = ${p.add(value2)}`);
  }
  #range(slot, op, value2, at2, p) {
    if (typeof value2 === "number") {
      const guardNaN = slot.kind === "column" && this.#dialect.capabilities.nanInNumberColumns && op.startsWith(">");
      return this.#ifNumber(slot, p, (v) => {
        const cmp = `${v} ${op} ${this.#dialect.numberParam(p.add(value2))}`;
        return guardNaN ? `${cmp} AND ${v} <> ${this.#dialect.numberParam(p.add("NaN"))}` : cmp;
      });
    }
    checkText(this.#dialect, value2, at2);
    if (slot.kind === "column" && slot.type === "timestamptz") {
      const c = this.#instant(value2, at2);
      let bound2 = c;
      let cmp = op;
      if (op === ">" || op === "<=") {
        bound2 = nextMillisecond(c);
        cmp = op === ">" ? ">=" : "<";
      }
      if (bound2 === void 0) return op === ">" ? FALSE2 : `${slot.sql} IS NOT NULL`;
      const param = this.#dialect.timestampParam(p.add(bound2));
      return `(${slot.sql} IS NOT NULL AND ${slot.sql} ${cmp} ${param})`;
    }
    return this.#ifString(slot, p, (v) => `${this.#dialect.collateOrder(v)} ${op} ${p.add(value2)}`);
  }
  #in(slot, values, at2, p) {
    const strings = [...new Set(values.filter((v) => typeof v === "string"))];
    const numbers = [...new Set(values.filter((v) => typeof v === "number"))];
    const booleans = [...new Set(values.filter((v) => typeof v === "boolean"))];
    const parts = [];
    if (arrayIncludes(values, null)) parts.push(this.#missing(slot, p));
    for (const b2 of booleans) parts.push(this.#ifBoolean(slot, b2, p));
    if (numbers.length === 1) parts.push(this.#eq(slot, numbers[0], at2, p));
    else if (numbers.length > 1) {
      parts.push(this.#ifNumber(slot, p, (v) => this.#dialect.inList(v, "number", numbers, p)));
    }
    values.forEach((s, i) => {
      if (typeof s !== "string") return;
      const where2 = pointer(at2, i);
      checkText(this.#dialect, s, where2);
      if (slot.kind === "column" && slot.type === "timestamptz") this.#instant(s, where2);
    });
    if (strings.length === 1) parts.push(this.#eq(slot, strings[0], at2, p));
    else if (strings.length > 1) {
      if (slot.kind === "column" && slot.type === "timestamptz") {
        parts.push(or(strings.map((s) => this.#eq(slot, s, at2, p))));
      } else {
        parts.push(
          this.#ifString(
            slot,
            p,
            (v) => this.#dialect.inList(this.#dialect.collateEq(v), "text", strings, p)
          )
        );
      }
    }
    return or(parts.filter((part) => part !== FALSE2));
  }
  #like(slot, pattern, at2, p) {
    checkText(this.#dialect, pattern, at2);
    if (slot.kind === "column" && slot.type === "timestamptz") {
      throw new FilterError(
        "UNSUPPORTED",
        at2,
        `"$like" on a timestamptz column is not supported (its text form is not stored) at ${at2}`
      );
    }
    const parsed2 = parseLike(pattern);
    if (parsed2.pieces.length === 1) return this.#eq(slot, parsed2.pieces[0], at2, p);
    if (arrayEvery(parsed2.pieces, (piece) => piece === "")) return this.#ifString(slot, p, () => TRUE2);
    const bound2 = this.#dialect.capabilities.likePatternLimit;
    if (bound2 !== null) {
      const bytes = this.#dialect.likePatternBytes(parsed2);
      if (bytes > bound2.maxBytes) {
        throw new FilterError(
          "UNSUPPORTED",
          at2,
          `the "$like" pattern at ${showPointer(at2)} is ${bytes} bytes as ${this.#dialect.name} matches it, past ${bound2.name}`
        );
      }
    }
    return this.#ifString(slot, p, (v) => this.#dialect.like(v, parsed2, p));
  }
  /**
   * A version comparison: the record value's sortable key, built in SQL by the dialect, against the
   * operand's key computed here (both ASCII, compared byte by byte). A non-version has a `NULL` key,
   * made false; a timestamptz column never holds a version (ISO text has a `:`).
   */
  #version(slot, op, value2, p) {
    const key = versionKey(parseVersion(value2));
    return this.#ifString(slot, p, (v) => {
      const test2 = `${this.#dialect.collateOrder(this.#dialect.versionKey(v, p))} ${op} ${this.#dialect.textParam(p.add(key))}`;
      return `COALESCE(${test2}, FALSE)`;
    });
  }
  /**
   * A time comparison (docs/semantics.md §4, "Instants"): the value's instant in epoch milliseconds,
   * computed in SQL by the dialect (`NULL` for a value that is no timestamp, made false), against the
   * operand's bound: `asOf + duration` for `$now`, computed in SQL from the statement's one asOf
   * parameter, or the `$at` instant. A timestamptz column is its instant cut to the millisecond;
   * numbers and booleans are never instants.
   */
  #time(slot, op, instant, p) {
    const d = this.#dialect;
    const bound2 = () => instant.base === "now" ? `(${d.msParam(p.asOf())} + ${d.msParam(p.add(instant.ms))})` : d.msParam(p.add(instant.ms));
    if (slot.kind === "column" && slot.type === "timestamptz") {
      return `COALESCE(${d.columnInstantMs(slot.sql)} ${op} ${bound2()}, FALSE)`;
    }
    return this.#ifString(slot, p, (v) => `COALESCE(${d.instantMs(v, p)} ${op} ${bound2()}, FALSE)`);
  }
  /** One operator; a negated one is `NOT` of its family's positive condition. */
  #operator(slot, op, at2, p) {
    const sql = byFamily(op, {
      equality: (op2) => this.#eq(slot, op2.value, at2, p),
      order: (op2) => this.#range(slot, SQL_COMPARISONS[comparisonOf(op2)], op2.value, at2, p),
      membership: (op2) => this.#in(slot, op2.values, at2, p),
      like: (op2) => this.#like(slot, op2.pattern, at2, p),
      exists: (op2) => op2.value ? not(this.#missing(slot, p)) : this.#missing(slot, p),
      version: (op2) => this.#version(slot, SQL_COMPARISONS[comparisonOf(op2)], op2.value, p),
      time: (op2) => this.#time(slot, SQL_COMPARISONS[comparisonOf(op2)], op2.instant, p),
      elemMatch: (op2) => this.#elemMatch(slot, op2.filter, at2, p)
    });
    return factsOf(op).negated ? not(sql) : sql;
  }
};
var SQL_COMPARISONS = { eq: "=", ne: "=", gt: ">", gte: ">=", lt: "<", lte: "<=" };

// src/targets/sql/policy.ts
function policyToSqlWith(dialect, policy, given) {
  const options = ownOptions(given);
  const offset = checkOffset(options.paramOffset);
  const params = new Params((i) => dialect.placeholder(i), offset, asOfClock(options));
  const statusExpression = statusSql(dialect, policy, options, params);
  const waivers = option(options, "waivers");
  const waiverExpression = waivers === void 0 ? void 0 : waiverSql(dialect, policy, statusExpression, waivers, options, params);
  checkParamCount(dialect, offset, params.values.length);
  return {
    statusExpression,
    ...params.bound(),
    ...waiverExpression === void 0 ? {} : { waiverExpression }
  };
}
function waiverSql(dialect, policy, status, given, options, params) {
  const limits = passLimits(options);
  const { definition } = checkPolicyDefinition(policy, limits);
  const waivers = readWaivers(given, limits);
  const mine = policyWaivers(waivers, definition.name, definition.statuses);
  const compiler = new SqlCompiler(dialect, options);
  const branches = [];
  const covers = /* @__PURE__ */ new Map();
  for (const s of definition.statuses) {
    const tried = mine.filter((w) => accepts(w, s.name, s.criticality));
    if (tried.length === 0) continue;
    const inner = tried.map((w) => {
      let cover = covers.get(w);
      if (cover === void 0) {
        cover = and(
          w.coverParts.map((part) => compiler.compile(part.node, params, { ...limits, at: part.at }))
        );
        covers.set(w, cover);
      }
      const active = `${dialect.msParam(params.asOf())} < ${dialect.msParam(params.add(w.expiresMs))}`;
      return `WHEN ${and([active, cover])} THEN ${dialect.textParam(params.add(w.id))}`;
    });
    branches.push(
      `WHEN ${dialect.textParam(params.add(s.name))} THEN (CASE ${inner.join(" ")} ELSE NULL END)`
    );
  }
  return branches.length === 0 ? "CAST(NULL AS TEXT)" : `(CASE ${status} ${branches.join(" ")} ELSE NULL END)`;
}
function statusSql(dialect, policy, options, params) {
  const compiler = new SqlCompiler(dialect, options);
  const limits = passLimits(options);
  const { problems, definition } = checkPolicyDefinition(policy, limits);
  if (definition === void 0) throw new PolicyError(problems);
  if (!dialect.capabilities.nulInText) {
    for (const status of definition.statuses) {
      if (stringIncludes(status.name, "\0")) {
        throw new FilterError(
          "UNSUPPORTED",
          status.path,
          `status name ${JSON.stringify(showText(status.name))} contains U+0000, which ${dialect.name} text cannot hold (at ${showPointer(status.path)})`
        );
      }
    }
  }
  const filter = (node2, at2) => compiler.compile(node2, params, { ...limits, at: at2 });
  const inScope = filter(definition.scope, definition.scopePath ?? "");
  const branches = [`WHEN NOT ${inScope} THEN NULL`];
  const ranked = definition.statuses.filter((s) => s.rules.length > 0).sort((a, b2) => b2.criticality - a.criticality || a.index - b2.index);
  for (const status of ranked) {
    const reached = or(status.rules.map((rule) => and(rule.conditions.map((c) => filter(c.filter, c.path)))));
    branches.push(`WHEN ${reached} THEN ${dialect.textParam(params.add(status.name))}`);
  }
  const fallback = dialect.textParam(params.add(definition.defaultStatus.name));
  return `(CASE ${branches.join(" ")} ELSE ${fallback} END)`;
}

// src/node/duckdb-input.ts
function source(input, gzip, bytes) {
  const compression = `compression = '${gzip ? "gzip" : "uncompressed"}'`;
  const size = `maximum_object_size = ${input === "envelope" ? gzip ? 2 ** 31 - 1 : Math.min(Math.max(bytes * 2, 16 << 20), 2 ** 31 - 1) : 16 << 20}`;
  switch (input) {
    case "ndjson":
      return `SELECT json FROM read_json_objects($1, format = 'newline_delimited', ${compression}, ${size})`;
    case "array":
      return `SELECT json FROM read_json_objects($1, format = 'array', ${compression}, ${size})`;
    case "envelope":
      return `SELECT unnest(CAST(json_extract(json, '$.items') AS JSON[])) AS json FROM read_json_objects($1, format = 'unstructured', ${compression}, ${size})`;
    case "parquet":
      return `SELECT CAST(to_json(svc_p) AS JSON) AS json FROM read_parquet($1) AS svc_p`;
  }
}
function directSource(input, gzip, columns, types) {
  if (input !== "ndjson" && input !== "array") return void 0;
  const format = input === "ndjson" ? "newline_delimited" : "array";
  const values = columns.map((c, i) => types[i] === "JSON" ? c : `CAST(to_json(${c}) AS JSON) AS ${c}`);
  return `SELECT 'OBJECT' AS svc_type, ${values.join(", ")} FROM read_json($1, format = '${format}', records = true, columns = $2, compression = '${gzip ? "gzip" : "uncompressed"}', maximum_object_size = ${16 << 20}) AS svc_r(${columns.join(", ")})`;
}
var HEAD_BYTES2 = 1 << 20;
async function sniffInput(handle) {
  const { gunzipSync, constants: constants2 } = await import("zlib");
  const buffer = Buffer.alloc(HEAD_BYTES2);
  const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES2, 0);
  let head = buffer.subarray(0, bytesRead);
  if (head.subarray(0, 4).toString("latin1") === "PAR1") return { input: "parquet", gzip: false };
  const gzip = head[0] === 31 && head[1] === 139;
  if (gzip) head = gunzipSync(head, { finishFlush: constants2.Z_SYNC_FLUSH });
  const text2 = head.toString("utf8").replace(/^\uFEFF/, "");
  const start = text2.search(/\S/);
  if (text2[start] === "[") return { input: "array", gzip };
  if (text2[start] !== "{") return { input: "ndjson", gzip };
  const lines = text2.slice(start).split("\n");
  let first;
  try {
    first = JSON.parse(lines[0]);
  } catch {
    return { input: "envelope", gzip };
  }
  const only2 = bytesRead < HEAD_BYTES2 && lines.slice(1).every((l) => l.trim() === "");
  const items = typeof first === "object" && first !== null && Array.isArray(first.items);
  return { input: items && only2 ? "envelope" : "ndjson", gzip };
}

// src/node/duckdb-reads.ts
var node = () => ({ whole: false, keys: /* @__PURE__ */ new Map(), any: void 0 });
function readTrie(paths2) {
  const fields = /* @__PURE__ */ new Map();
  for (const path of paths2) {
    if (path.length === 0 || path[0] === ARRAY_ANY) continue;
    let t;
    for (const segment2 of path) {
      if (t !== void 0 && segment2 === ARRAY_ANY) t = t.any ??= node();
      else {
        const map = t === void 0 ? fields : t.keys;
        const next = map.get(segment2) ?? node();
        map.set(segment2, next);
        t = next;
      }
    }
    t.whole = true;
  }
  return fields;
}
var narrowed = (t) => !t.whole && t.keys.size > 0 !== (t.any !== void 0);
function readType(t) {
  if (!narrowed(t)) return "JSON";
  if (t.any !== void 0) return `${readType(t.any)}[]`;
  return `STRUCT(${[...t.keys].map(([k, below]) => `"${k.replace(/"/g, '""')}" ${readType(below)}`).join(", ")})`;
}
var jsonPath = (keys) => `$${keys.map((k) => `.${JSON.stringify(k)}`).join("")}`;
function keyTwiceSql(value2, t, bind2, reader, depth = 0) {
  const checked2 = reader && narrowed(t);
  if (!needsCheck(t, reader)) return void 0;
  const parts = [];
  if (t.keys.size > 0) {
    if (!checked2) {
      const k = `svc_k${depth}`;
      const among = `CAST(CAST(${bind2(JSON.stringify([...t.keys.keys()]))} AS JSON) AS VARCHAR[])`;
      const read2 = `list_filter(json_keys(${value2}), lambda ${k}: list_contains(${among}, ${k}))`;
      parts.push(`len(${read2}) <> len(list_distinct(${read2}))`);
    }
    for (const [key, below] of t.keys) {
      if (!needsCheck(below, checked2)) continue;
      const inner = keyTwiceSql(
        `json_extract(${value2}, ${bind2(jsonPath([key]))})`,
        below,
        bind2,
        checked2,
        depth + 1
      );
      if (inner !== void 0) parts.push(inner);
    }
  }
  if (t.any !== void 0) {
    const e = `svc_e${depth}`;
    const inner = keyTwiceSql(e, t.any, bind2, checked2, depth + 1);
    if (inner !== void 0)
      parts.push(
        `COALESCE(list_bool_or(list_transform(CAST((CASE WHEN json_type(${value2}) = 'ARRAY' THEN ${value2} END) AS JSON[]), lambda ${e}: ${inner})), FALSE)`
      );
  }
  return parts.length === 0 ? void 0 : parts.map((p) => `(${p})`).join(" OR ");
}
function needsCheck(t, reader) {
  const checked2 = reader && narrowed(t);
  return t.keys.size > 0 && !checked2 || [...t.keys.values()].some((below) => needsCheck(below, checked2)) || t.any !== void 0 && needsCheck(t.any, checked2);
}

// src/node/duckdb-summary.ts
function summarize2(compiled4, skip2, active, expired, rows, options, started) {
  let total = 0;
  let bad2 = 0;
  let twice = 0;
  let unknownKind = 0;
  const kinds = /* @__PURE__ */ new Map();
  const counts2 = active.map(() => /* @__PURE__ */ new Map());
  const waived = active.map(() => /* @__PURE__ */ new Map());
  for (const row of rows) {
    const n = Number(row.n);
    total += n;
    bad2 += Number(row.bad);
    twice += Number(row.twice);
    if (row.svc_kind === null) unknownKind += n;
    else kinds.set(String(row.svc_kind), n);
    active.forEach((_, i) => {
      addHistogram(counts2[i], row[`s${i}`]);
      addHistogram(waived[i], row[`w${i}`]);
    });
  }
  if (bad2 > 0) {
    throw new InventoryError(
      "MALFORMED_RECORD",
      `${bad2} record(s) are not JSON objects; the duckdb engine does not skip them (it cannot tell their line numbers): evaluate with the in-process engine (--engine memory) to list and skip them`
    );
  }
  if (twice > 0) {
    throw new InventoryError(
      "MALFORMED_INPUT",
      `${twice} record(s) have a key twice in an object the policies read, where DuckDB reads the first value and JSON.parse the last; the duckdb engine does not guess: evaluate with the in-process engine (--engine memory), or rewrite the records through JSON.stringify(JSON.parse(\u2026))`
    );
  }
  const policyKinds = active.map((p) => p.resource);
  const named = [...new Set(policyKinds.filter((k) => k !== void 0))];
  if (unknownKind > 0 && named.length > 1) {
    throw new InventoryError(
      "UNKNOWN_KIND",
      `${unknownKind} record(s) have no kind and the policies are for several kinds (${named.slice(0, 5).map((k) => `"${showText(k)}"`).join(
        ", "
      )}): give the kind of the records (resource option, --resource KIND), say where records name it (kindField, --kind-field PATH), or evaluate the policies of one kind`
    );
  }
  let t = 0;
  const policies = compiled4.map((p, i) => {
    const skipped = skip2[i];
    const at2 = skipped === null ? t++ : -1;
    const tally = counts2[at2];
    const marked = waived[at2];
    const evaluated = tally === void 0 ? 0 : p.resource === void 0 ? total : (kinds.get(p.resource) ?? 0) + unknownKind;
    const applicable = tally === void 0 ? 0 : [...tally.values()].reduce((a, b2) => a + b2, 0);
    return {
      policy: p.name,
      skipped,
      applicable,
      waived: marked === void 0 ? 0 : [...marked.values()].reduce((a, b2) => a + b2, 0),
      expiredWaivers: expired[at2] ?? [],
      notApplicable: evaluated - applicable,
      otherKind: tally === void 0 ? 0 : total - evaluated,
      statuses: p.statuses.map((s) => ({
        status: s.name,
        criticality: s.criticality,
        isDefault: s.isDefault,
        count: tally?.get(s.name) ?? 0,
        waived: marked?.get(s.name) ?? 0
      }))
    };
  });
  const durationMs = performance.now() - started;
  const kinded = policyKinds.some((k) => k !== void 0);
  return {
    // The in-process engine's key order: the JSON report is byte for byte the same.
    resources: total,
    asOf: isoOf(options.asOf),
    durationMs,
    resourcesPerSecond: durationMs > 0 ? Math.round(total * 1e3 / durationMs) : 0,
    policies,
    kindField: options.kindField === null ? null : options.kindField ?? DEFAULT_KIND_FIELD,
    kinds: Object.fromEntries([...kinds].sort((a, b2) => a[0] < b2[0] ? -1 : 1)),
    unknownKind,
    notice: kinded && unknownKind > 0 ? kindNotice(unknownKind, total, policyKinds, options.kindField) : null
  };
}
function addHistogram(into, histogram) {
  const entries = Array.isArray(histogram) ? histogram.map((e) => [e.key, e.value]) : Object.entries(histogram ?? {});
  for (const [status, count2] of entries) into.set(status, (into.get(status) ?? 0) + Number(count2));
}

// src/node/duckdb.ts
async function loadDuckdb() {
  try {
    return await import("@duckdb/node-api");
  } catch (error) {
    throw new FilterError(
      "INVALID_OPTION",
      "",
      `the duckdb engine needs the optional package @duckdb/node-api, which is not installed (${showText(String(error?.message ?? error)).slice(0, 120)}): npm install @duckdb/node-api`
    );
  }
}
function definitionOf(policy) {
  const d = policy.definition;
  return {
    name: d.name,
    isActive: true,
    query: { filter: printFilter(d.scope) },
    statusDefinitions: Object.fromEntries(
      d.statuses.map((s) => [
        s.name,
        {
          isDefault: s.isDefault,
          criticality: s.criticality,
          rules: s.rules.map((r) => ({
            conditions: r.conditions.map((c) => ({
              type: "filter",
              condition: { filter: printFilter(c.filter) }
            }))
          }))
        }
      ])
    )
  };
}
async function evaluateFileWithDuckdb(compiled4, file, options) {
  const started = performance.now();
  const duck = await loadDuckdb();
  const skip2 = compiled4.map((p) => skipReason(p, options.resource));
  const active = compiled4.filter((_, i) => skip2[i] === null);
  const waivers = active.map((p) => {
    const all2 = options.waivers ?? p.waivers;
    const mine = waiversOf(all2, p.name, p.statuses, options.asOf);
    return { all: all2, mine: [...mine.active, ...mine.expired], expired: mine.expired.map((w) => w.id) };
  });
  const paths2 = policyPaths(active);
  for (const w of waivers.flatMap((w2) => w2.mine)) filterPaths(w.covers, paths2);
  const kindKeys = options.kindField === null ? null : parsePath(options.kindField ?? DEFAULT_KIND_FIELD, "").map((step) => {
    if (step.kind !== "key")
      throw new FilterError("INVALID_OPTION", "", "kindField cannot contain an array selector");
    return step.key;
  });
  if (kindKeys !== null) paths2.push(kindKeys);
  const tries = readTrie(paths2);
  const names = [...tries.keys()];
  const column = new Map(names.map((f2, i) => [f2, `f${i}`]));
  const columns = Object.fromEntries(
    names.map((f2) => [f2, { column: column.get(f2), type: "json" }])
  );
  const params = [file];
  const add = (v) => {
    params.push(v);
    return `$${params.length}`;
  };
  add(JSON.stringify(names.map((f2) => jsonPath([f2]))));
  let kind = "CAST(NULL AS VARCHAR)";
  if (kindKeys !== null) {
    const root = column.get(kindKeys[0]);
    const at2 = add(jsonPath(kindKeys.slice(1)));
    const text2 = `json_extract_string(${root}, ${at2})`;
    kind = `(CASE WHEN json_type(${root}, ${at2}) = 'VARCHAR' AND ${text2} <> '' THEN ${text2} END)`;
  }
  if (options.resource !== void 0) kind = `COALESCE(${kind}, ${add(options.resource)})`;
  const { dialect, levels } = duckdbHoisting(new Set(names.map((_, i) => `"f${i}"`)));
  const statuses = active.map((p, i) => {
    const { all: all2, mine } = waivers[i];
    const {
      statusExpression,
      waiverExpression,
      params: values
    } = policyToSqlWith(dialect, definitionOf(p), {
      dialect: "duckdb",
      columns,
      limits: options.limits,
      paramOffset: params.length,
      asOf: options.asOf,
      ...mine.length === 0 ? {} : { waivers: all2 }
    });
    params.push(...values);
    const ownKind = p.resource === void 0 ? void 0 : add(p.resource);
    const kinded = (sql) => ownKind === void 0 ? sql : `(CASE WHEN svc_kind IS NULL OR svc_kind = ${ownKind} THEN ${sql} END)`;
    const scoped = kinded(statusExpression);
    const waived = waiverExpression === void 0 ? "" : `, histogram(${scoped}) FILTER (WHERE ${kinded(waiverExpression)} IS NOT NULL) AS w${i}`;
    return `histogram(${scoped}) AS s${i}${waived}`;
  });
  const twice = (reader) => {
    const values = [];
    const bind2 = (v) => {
      values.push(v);
      return `$${params.length + values.length}`;
    };
    const checks = reader ? names.map((n, i) => keyTwiceSql(`f${i}`, tries.get(n), bind2, true)) : [keyTwiceSql("json", { whole: false, keys: tries, any: void 0 }, bind2, false)];
    const sql = checks.filter((c) => c !== void 0).join(" OR ");
    return { values, sql: sql === "" ? "FALSE" : sql };
  };
  const query = (records, duplicates) => {
    let rows2 = `SELECT *, ${kind} AS svc_kind FROM (${records})`;
    for (const level of levels) {
      if (level.size > 0)
        rows2 = `SELECT *${[...level].map(([name, sql]) => `, ${sql} AS ${name}`).join("")} FROM (${rows2})`;
    }
    return `SELECT svc_kind, count(*) AS n, count(*) FILTER (WHERE svc_type IS DISTINCT FROM 'OBJECT') AS bad, count(*) FILTER (WHERE ${duplicates}) AS twice${statuses.map((s) => `, ${s}`).join("")} FROM (${rows2}) GROUP BY svc_kind`;
  };
  const f = names.map((_, i) => `f${i}`);
  const exactChecks = twice(false);
  const exact = query(
    `SELECT json_type(json) AS svc_type, ${exactChecks.sql} AS svc_twice${f.map((c, i) => `, svc_j[${i + 1}] AS ${c}`).join("")} FROM (SELECT json, json_extract(json, CAST($2 AS VARCHAR[])) AS svc_j FROM (${source(options.input, options.gzip, options.bytes)}))`,
    "svc_twice"
  );
  const directChecks = twice(true);
  const readTypes = names.map((n) => readType(tries.get(n)));
  const direct = directSource(options.input, options.gzip, f, readTypes);
  const threads = String(options.threads ?? availableParallelism2());
  const instance2 = await duck.DuckDBInstance.create(":memory:", { threads });
  const connection = await instance2.connect();
  const abort = () => connection.interrupt();
  options.signal?.addEventListener("abort", abort, { once: true });
  let rows;
  try {
    const types = params.map(
      (v) => typeof v === "number" ? duck.DOUBLE : typeof v === "boolean" ? duck.BOOLEAN : duck.VARCHAR
    );
    const run8 = async (sql, values, as) => {
      options.signal?.throwIfAborted();
      const result = await connection.runAndReadAll(
        sql,
        values,
        as
      );
      return result.getRowObjectsJS();
    };
    let fast;
    if (options.input === "parquet" && names.length > 0) {
      try {
        const schema = (await connection.runAndReadAll("SELECT * FROM read_parquet($1) LIMIT 0", [file])).columnNames();
        const folded = (n) => schema.filter((c) => c.toLowerCase() === n.toLowerCase()).length;
        if (names.every((n) => folded(n) <= 1)) {
          const values = names.map(
            (n, i) => schema.includes(n) ? `CAST(to_json(svc_p."${n.replace(/"/g, '""')}") AS JSON) AS f${i}` : `CAST(NULL AS JSON) AS f${i}`
          );
          fast = await run8(
            query(
              `SELECT 'OBJECT' AS svc_type, ${values.join(", ")}, $2 AS svc_paths FROM read_parquet($1) AS svc_p`,
              // A Parquet value holds no key twice (a STRUCT's names and a MAP's keys are unique).
              "FALSE"
            ),
            params,
            types
          );
        }
      } catch {
        options.signal?.throwIfAborted();
      }
    }
    if (direct !== void 0 && names.length > 0) {
      const struct = Object.fromEntries(names.map((n, i) => [n, readTypes[i]]));
      try {
        fast = await run8(
          query(direct, directChecks.sql),
          [file, duck.structValue(struct), ...params.slice(2), ...directChecks.values],
          [
            duck.VARCHAR,
            duck.STRUCT(Object.fromEntries(names.map((n) => [n, duck.VARCHAR]))),
            ...types.slice(2),
            ...directChecks.values.map(() => duck.VARCHAR)
          ]
        );
      } catch {
        options.signal?.throwIfAborted();
      }
    }
    rows = fast ?? await run8(
      exact,
      [...params, ...exactChecks.values],
      [...types, ...exactChecks.values.map(() => duck.VARCHAR)]
    );
  } catch (error) {
    options.signal?.throwIfAborted();
    const message = String(error?.message ?? error);
    if (!/^(Invalid Input|IO|Conversion) Error/.test(message)) throw error;
    throw new InventoryError(
      "MALFORMED_INPUT",
      `the duckdb engine could not read ${JSON.stringify(showText(file))}: ${showText(message.split("\n")[0])} (the in-process engine, --engine memory, reads what it can and lists each malformed line)`
    );
  } finally {
    options.signal?.removeEventListener("abort", abort);
    connection.closeSync();
    instance2.closeSync();
  }
  return summarize2(
    compiled4,
    skip2,
    active,
    waivers.map((w) => w.expired),
    rows,
    options,
    started
  );
}

// src/node/results.ts
function resultCodec(policy) {
  const table = [NOT_APPLICABLE];
  const offsets = /* @__PURE__ */ new Map();
  for (const status of policy.definition.statuses) {
    offsets.set(status.name, table.length);
    table.push(resultFor(status, null));
    for (let i = 0; i < status.rules.length; i++) table.push(resultFor(status, i));
  }
  return {
    encode: (result) => {
      if (!result.applicable) return 0;
      const offset = offsets.get(result.status);
      return result.matched === null ? offset : offset + 1 + result.matched.ruleIndex;
    },
    decode: (code2) => table[code2]
  };
}

// src/node/select.ts
import { debuglog as debuglog2 } from "util";
var debugReader = debuglog2("svc-policy");
function chosenReader(reader) {
  if (reader === void 0) {
    const env = process.env.SVC_POLICY_READER;
    if (env === void 0 || env === "" || env === "selective") return "selective";
    if (env === "full") return "full";
    throw new FilterError(
      "INVALID_OPTION",
      "",
      `SVC_POLICY_READER must be "selective" or "full", got ${JSON.stringify(showText(env))}`
    );
  }
  if (reader === "selective" || reader === "full") return reader;
  const got = typeof reader === "string" ? JSON.stringify(showText(reader)) : describe(reader);
  throw new FilterError("INVALID_OPTION", "", `reader must be "selective" or "full", got ${got}`);
}
function readPaths(policies, kindField, reader, extra = [], waivers = policies.flatMap((p) => p.waivers)) {
  if (reader === "full") return null;
  const paths2 = [...policyPaths(policies), ...extra.map((p) => [...p])];
  for (const w of waivers) filterPaths(w.covers, paths2);
  if (kindField !== null) {
    paths2.push(parsePath(kindField ?? DEFAULT_KIND_FIELD, "").map((s) => s.kind === "key" ? s.key : ""));
  }
  return paths2;
}

// src/node/file.ts
var RANGE_BYTES2 = 16 * 1024 * 1024;
var RANGE_BYTES_WITH_RESULTS = 4 * 1024 * 1024;
function resultsInput(policies, resource) {
  const active = policies.filter((p) => skipReason(p, resource) === null);
  const codecs = active.map(resultCodec);
  return (item, index) => {
    const fields = item;
    const results = new Array(codecs.length);
    for (let i = 0; i < codecs.length; i++) {
      results[i] = { policy: active[i].name, result: codecs[i].decode(fields[2 + i]) };
    }
    return { index, resource: JSON.parse(fields[0]), kind: fields[1], results };
  };
}
function filePath(path) {
  if (typeof path === "string" && path !== "") return path;
  if (path instanceof URL && path.protocol === "file:") return fileURLToPath(path);
  throw new FilterError(
    "INVALID_OPTION",
    "",
    `the inventory file must be a path (a string or a file: URL), got ${describe(path)}`
  );
}
async function evaluateFile(entry2, policies, path, options) {
  const compileOptions = inventoryCompileOptions(options);
  policyList(policies);
  const file = filePath(path);
  const compiled4 = compileEach(policies, compileOptions);
  const kindField = option(options, "kindField");
  kindReader(kindField);
  const explicit = option(options, "jobs");
  if (explicit !== void 0 && !(Number.isSafeInteger(explicit) && explicit >= 1)) {
    throw new FilterError("INVALID_OPTION", "", `jobs must be a positive integer, got ${describe(explicit)}`);
  }
  const onResult = option(options, "onResult");
  const onReject = option(options, "onReject");
  const onRange = option(options, "onRange");
  const maxRecordLength = option(options, "maxRecordLength");
  const signal = option(options, "signal");
  const engine = option(options, "engine") ?? "memory";
  const readerOption = option(options, "reader");
  const reader = chosenReader(readerOption);
  if (engine !== "memory" && engine !== "duckdb") {
    throw new FilterError(
      "INVALID_OPTION",
      "",
      `engine must be "memory" or "duckdb", got ${describe(engine)}`
    );
  }
  if (engine === "duckdb") {
    const coverage = option(options, "coverage") === true ? true : void 0;
    const own2 = { onResult, onRange, maxRecordLength, coverage, reader: readerOption };
    for (const [name, value2] of Object.entries(own2)) {
      if (value2 !== void 0) {
        throw new FilterError(
          "INVALID_OPTION",
          "",
          `${name} is an option of the in-process engine, not of engine: 'duckdb'`
        );
      }
    }
    if (typeof kindField === "function") {
      throw new FilterError(
        "INVALID_OPTION",
        "",
        `kindField is a function, which the duckdb engine cannot call: give it as a field path`
      );
    }
  }
  signal?.throwIfAborted();
  const opened = await openRegularFile(file);
  if ("kind" in opened) {
    throw new FilterError(
      "INVALID_OPTION",
      "",
      `the inventory file ${JSON.stringify(showText(file))} is ${opened.kind}, not a regular file: read a stream with evaluateInventory(policies, readInventory(stream), { signal })`
    );
  }
  const { handle, info } = opened;
  if (engine === "duckdb") {
    let sniffed;
    try {
      sniffed = await sniffInput(handle);
    } finally {
      await handle.close();
    }
    const resource = option(options, "resource");
    const waivers = option(options, "waivers");
    return evaluateFileWithDuckdb(compiled4, file, {
      ...sniffed,
      bytes: info.size,
      limits: passLimits(options).limits,
      kindField,
      threads: explicit === void 0 ? void 0 : Math.min(explicit, coreJobs()),
      asOf: compileOptions.asOf,
      ...resource === void 0 ? {} : { resource },
      ...signal === void 0 ? {} : { signal },
      ...waivers === void 0 ? {} : { waivers: readWaivers(waivers, passLimits(options)) }
    });
  }
  let split2;
  let jobs;
  const select = onResult === void 0 && typeof kindField !== "function" ? readPaths(compiled4, kindField, reader, [], fileWaivers(options, compiled4)) : null;
  let selective = false;
  try {
    if (typeof kindField === "function" && explicit !== void 0 && explicit > 1) {
      throw new FilterError(
        "INVALID_OPTION",
        "",
        `kindField is a function, which worker threads cannot call: give it as a field path (kindField: 'meta$.kind') or set jobs: 1`
      );
    }
    jobs = Math.min(explicit ?? (info.size >= SPLIT_THRESHOLD ? coreJobs() : 1), coreJobs());
    if (explicit === void 0 && onResult !== void 0) jobs = jobs > 2 ? jobs - 1 : 1;
    if (typeof kindField === "function") jobs = 1;
    split2 = jobs > 1 && await splittable(file, info.size, maxRecordLength);
    selective = select !== null && (split2 || await splittable(file, info.size, maxRecordLength));
    debugReader("%s: %s", file, selective ? `selective reader, ${select.length} paths` : "full parse");
  } catch (error) {
    await handle.close();
    throw error;
  }
  if (split2) {
    await handle.close();
    const resource = option(options, "resource");
    const received = resultsInput(compiled4, resource);
    const { summary: summary2 } = await evaluateRanges(
      {
        entry: entry2,
        file,
        size: info.size,
        jobs,
        rangeBytes: onResult === void 0 ? RANGE_BYTES2 : RANGE_BYTES_WITH_RESULTS,
        policies: compiled4,
        resource,
        kindField,
        codegen: compileOptions.codegen,
        asOf: compileOptions.asOf,
        waivers: fileWaivers(options, compiled4),
        maxRecordLength,
        maxRejections: onReject === void 0 ? null : Number.POSITIVE_INFINITY,
        output: onResult === void 0 ? null : true,
        select,
        signal,
        coverage: option(options, "coverage") === true
      },
      {
        ...onResult === void 0 ? {} : {
          output: (item, index) => onResult(received(item, index))
        },
        ...onReject === void 0 ? {} : { reject: onReject },
        ...onRange === void 0 ? {} : { range: onRange }
      }
    );
    return summary2;
  }
  if (selective) {
    const read2 = {
      ...onReject === void 0 ? {} : { onReject },
      ...maxRecordLength === void 0 ? {} : { maxRecordLength }
    };
    try {
      return await evaluateInventory(compiled4, readNdjsonSelected(fileChunks(handle), select, read2), {
        ...options,
        asOf: compileOptions.asOf
      });
    } finally {
      await handle.close();
    }
  }
  const stream = handle.createReadStream();
  try {
    const bytes = gunzipped(
      stream[Symbol.asyncIterator](),
      (error) => new InventoryError("MALFORMED_INPUT", `not valid gzip: ${error.message}`)
    );
    const read2 = {
      ...onReject === void 0 ? {} : { onReject },
      ...maxRecordLength === void 0 ? {} : { maxRecordLength }
    };
    return await evaluateInventory(compiled4, readInventory(bytes, read2), {
      ...options,
      asOf: compileOptions.asOf
    });
  } finally {
    stream.destroy();
  }
}
function fileWaivers(options, compiled4) {
  const given = option(options, "waivers");
  if (given !== void 0) return readWaivers(given, passLimits(options));
  return [...new Set(compiled4.flatMap((p) => p.waivers))];
}

// src/cli/coverage-run.ts
import { writeFile } from "fs/promises";
function embedsCoverage(request, jsonReport) {
  return request !== null && request.format === "json" && request.output === null && jsonReport;
}
async function writeCoverage(request, policies, subject, report, out, err, jsonReport = false) {
  if (request === null) {
    await write(out, report);
    return false;
  }
  const embedded = embedsCoverage(request, jsonReport);
  if (embedded) {
    const whole = JSON.parse(report);
    whole.coverage = coverageJson(policies, subject);
    await write(out, `${JSON.stringify(whole)}
`);
  } else await write(out, report);
  return finishCoverage(request, policies, subject, out, err, embedded);
}
async function finishCoverage(request, policies, subject, out, err, embedded) {
  if (!embedded) {
    const text2 = formatCoverage(request.format, policies, subject);
    if (request.output === null || request.output === "-") await write(out, text2);
    else {
      try {
        await writeFile(request.output, text2);
      } catch (error) {
        throw new InputError(
          `cannot write --coverage-output ${printable(request.output)}: ${printable(error.message)}`
        );
      }
    }
  }
  const below = belowThresholds(coverageTotals(policies.map((p) => p.coverage)), request.thresholds);
  if (below.length > 0) err.say(thresholdMessage(below));
  return below.length > 0;
}
async function evalCovered(paths2, summary2) {
  const files = await policyFiles(paths2);
  const coverage = summary2.coverage ?? [];
  return Promise.all(
    coverage.map(async (c, i) => {
      if (summary2.policies[i]?.skipped !== null) return [];
      const file = files[i]?.path;
      return file === void 0 ? [{ file: c.policy, coverage: c, positions: null }] : [{ file: displayPath(file), coverage: c, positions: await policyPositions(file) }];
    })
  ).then((lists) => lists.flat());
}

// src/cli/eval-output.ts
function parseFormat2(value2) {
  if (value2 === void 0) return process.stdout.isTTY ? "table" : "json";
  if (value2 === "table" || value2 === "json" || value2 === "ndjson" || value2 === "sarif") return value2;
  throw new UsageError(`--format must be table, json, ndjson or sarif, got "${value2}"`);
}
var WRITE_CHARS = 64 * 1024;
function outputWriter(format, out, explaining, sarif = null) {
  const limit = out.isTTY === true ? 0 : WRITE_CHARS;
  let gathered = "";
  const emit = (text2) => {
    gathered += text2;
    if (gathered.length < limit) return;
    return flush();
  };
  const flush = () => {
    if (gathered === "") return;
    const text2 = gathered;
    gathered = "";
    return write(out, text2);
  };
  const writer = (resource, last) => ({
    resource: (text2) => text2 === null ? void 0 : resource(text2),
    finish: async (summary2, report, rejected) => {
      gathered += last(summary2, report, rejected);
      await flush();
    },
    flush
  });
  switch (format) {
    case "ndjson":
      return writer(
        (text2) => emit(`${text2}
`),
        (_summary, report) => `${JSON.stringify({ summary: report })}
`
      );
    case "table":
      return writer(
        emit,
        (summary2, _report, rejected) => `${explaining ? "\n" : ""}${formatSummary(summary2, rejected)}`
      );
    case "sarif": {
      let first = true;
      return writer(
        (text2) => {
          const chunk = `${first ? sarif.head : ",\n"}${text2}`;
          first = false;
          return emit(chunk);
        },
        () => `${first ? sarif.head : ""}${sarif.tail}`
      );
    }
    case "json": {
      let first = true;
      return writer(
        (text2) => {
          const chunk = `${first ? '{"results":[\n' : ",\n"}${text2}`;
          first = false;
          return emit(chunk);
        },
        (_summary, report) => {
          const head = !explaining ? '{"summary":' : first ? '{"results":[],"summary":' : '\n],"summary":';
          return `${head}${JSON.stringify(report)}}
`;
        }
      );
    }
  }
}
var int2 = new Intl.NumberFormat("en-US");
function pad(text2, width, right = false) {
  return right ? text2.padStart(width) : text2.padEnd(width);
}
function policyTable(p) {
  const title = printable(p.policy);
  if (p.skipped !== null) {
    const why = p.skipped === "inactive" ? "inactive (isActive: false)" : "another resource kind";
    return [`${title}: skipped, ${why}`];
  }
  const rows = p.statuses.map((s) => ({
    status: s.isDefault ? `${printable(s.status)} (default)` : printable(s.status),
    criticality: String(s.criticality),
    count: s.waived > 0 ? `${int2.format(s.count)} (${int2.format(s.waived)} waived)` : int2.format(s.count),
    share: p.applicable === 0 ? "-" : `${(100 * s.count / p.applicable).toFixed(1)}%`
  }));
  const w = {
    status: Math.max(6, ...rows.map((r) => r.status.length)),
    criticality: 11,
    count: Math.max(5, ...rows.map((r) => r.count.length)),
    share: 6
  };
  const other = (p.otherKind > 0 ? `, ${int2.format(p.otherKind)} of another kind` : "") + (p.waived > 0 ? `, ${int2.format(p.waived)} waived` : "");
  const lines = [
    `${title}: ${int2.format(p.applicable)} applicable, ${int2.format(p.notApplicable)} not applicable${other}`,
    `  ${pad("STATUS", w.status)}  ${pad("CRITICALITY", w.criticality, true)}  ${pad("COUNT", w.count, true)}  ${pad("SHARE", w.share, true)}`
  ];
  for (const r of rows) {
    lines.push(
      `  ${pad(r.status, w.status)}  ${pad(r.criticality, w.criticality, true)}  ${pad(r.count, w.count, true)}  ${pad(r.share, w.share, true)}`
    );
  }
  return lines;
}
function formatSummary(summary2, rejected = 0) {
  const blocks = summary2.policies.map((p) => policyTable(p).join("\n"));
  const seconds2 = summary2.durationMs / 1e3;
  const totals = `${int2.format(summary2.resources)} resources, ${summary2.policies.length} policies, ${int2.format(rejected)} rejected, in ${seconds2.toFixed(2)} s (${int2.format(summary2.resourcesPerSecond)} resources/s), as of ${summary2.asOf}`;
  return `${blocks.join("\n\n")}

${totals}
`;
}

// src/cli/progress.ts
var int3 = new Intl.NumberFormat("en-US");
function bytesText(n) {
  if (n < 1e3) return `${n} B`;
  const units = ["kB", "MB", "GB", "TB"];
  let x = n / 1e3;
  let u = 0;
  while (x >= 1e3 && u < units.length - 1) {
    x /= 1e3;
    u++;
  }
  return `${x >= 100 ? x.toFixed(0) : x.toFixed(1)} ${units[u]}`;
}
function durationText(seconds2) {
  const s = Math.max(0, Math.round(seconds2));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, "0")} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor(s % 3600 / 60)).padStart(2, "0")} min`;
}
function progressLine(count2, bytes, size, elapsedMs) {
  const seconds2 = Math.max(elapsedMs, 1) / 1e3;
  const parts = [`${int3.format(count2)} records`, `${int3.format(Math.round(count2 / seconds2))} records/s`];
  if (size !== null && size > 0) {
    const ratio2 = Math.min(1, bytes / size);
    parts.push(`${bytesText(bytes)} of ${bytesText(size)} (${(ratio2 * 100).toFixed(0)}%)`);
    if (bytes > 0 && ratio2 < 1) parts.push(`ETA ${durationText(seconds2 * (size - bytes) / bytes)}`);
  } else parts.push(`${bytesText(bytes)} read`);
  return parts.join(", ");
}
function progressBar(size) {
  const stream = process.stderr;
  let last = Number.NEGATIVE_INFINITY;
  let bytes = 0;
  const started = performance.now();
  const draw = (count2) => {
    const now = performance.now();
    if (now - last < 100) return;
    last = now;
    const head = stream.isTTY ? "\r" : "";
    const tail = stream.isTTY ? "\x1B[K" : "\n";
    stream.write(`${head}${progressLine(count2, bytes, size, now - started)}${tail}`);
  };
  return {
    bytes: (n) => {
      bytes = n;
    },
    tick: (count2) => draw(count2),
    done: () => {
      if (stream.isTTY) stream.write("\r\x1B[K");
    }
  };
}
function wantsProgress(values) {
  if (values["no-progress"] === true) return false;
  if (values.progress === true) return true;
  const ci = process.env.CI;
  return process.stderr.isTTY === true && (ci === void 0 || ci === "" || ci === "false" || ci === "0");
}

// src/validate/formats/text.ts
var WIDTH = 120;
function frame(lines, d) {
  if (d.line === void 0 || d.column === void 0) return "";
  const gutter = String(d.line).length;
  const out = [];
  for (let n = Math.max(1, d.line - 1); n <= d.line; n++) {
    let text2 = (lines[n - 1] ?? "").replace(/\r$/, "").replace(UNPRINTABLE, "\uFFFD");
    let column = d.column;
    if (text2.length > WIDTH) {
      const start = n === d.line ? Math.max(0, column - 1 - WIDTH / 2) : 0;
      text2 = `${start > 0 ? "\u2026" : ""}${text2.slice(start, start + WIDTH)}\u2026`;
      if (n === d.line) column = column - start + (start > 0 ? 1 : 0);
    }
    out.push(`${n === d.line ? ">" : " "} ${String(n).padStart(gutter)} | ${text2}`);
    if (n === d.line) {
      const prefix = text2.slice(0, column - 1).replace(/[^\t]/g, " ");
      out.push(`  ${" ".repeat(gutter)} | ${prefix}^`);
    }
  }
  return `${out.join("\n")}
`;
}
function formatText2(reports) {
  let out = "";
  let errors = 0;
  let warnings = 0;
  for (const r of reports) {
    const lines = r.text?.split("\n") ?? [];
    for (const d of r.diagnostics) {
      if (d.severity === "error") errors++;
      else warnings++;
      const file = printable(r.file);
      const where2 = d.line === void 0 ? file : `${file}:${d.line}:${d.column ?? 1}`;
      out += `${where2} ${d.severity} ${printable(d.code)} ${printable(d.message)}
${frame(lines, d)}`;
    }
  }
  const files = `${reports.length} file${reports.length === 1 ? "" : "s"}`;
  out += `${out === "" ? "" : "\n"}${files} checked: ${errors} error${errors === 1 ? "" : "s"}, ${warnings} warning${warnings === 1 ? "" : "s"}
`;
  return out;
}

// src/cli/validate-format.ts
var VALIDATE_FORMATS = ["text", "json", "sarif", "github"];
var VERSION2 = "0.1.0";
function formatReport(format, reports) {
  switch (format) {
    case "text":
      return formatText2(reports);
    case "sarif":
      return formatSarif(reports, { name: "svc-policy", version: VERSION2 });
    case "github":
      return formatGithub(reports);
    case "json": {
      const all2 = reports.flatMap((r) => r.diagnostics);
      return `${JSON.stringify(
        {
          files: reports.map((r) => ({
            file: r.file,
            valid: !r.diagnostics.some((d) => d.severity === "error"),
            diagnostics: r.diagnostics
          })),
          errors: all2.filter((d) => d.severity === "error").length,
          warnings: all2.filter((d) => d.severity === "warning").length
        },
        null,
        2
      )}
`;
    }
  }
}

// src/cli/eval-command.ts
var EVAL_USAGE = `usage: svc-policy eval --policy FILE... [--input FILE|-] [--format table|json|ndjson|sarif]
                       [--kind-field PATH] [--resource KIND] [--fail-on CONDITION]...
                       [--explain] [--id ID]... [--where FILTER-JSON] [--explain-limit N] [--jobs N]
                       [--as-of INSTANT] [--engine memory|duckdb] [--progress|--no-progress]
                       [--waivers FILE] [--fail-on-waived] [--limit NAME=N]... [--coverage]
                       [--coverage-format F] [--coverage-output FILE]
                       [--coverage-threshold [KIND=]PERCENT]... [--help]

Evaluates policies over an inventory and prints, per policy, how many resources got each status.

options:
  -p, --policy FILE        a policy definition (JSON or YAML; a directory adds its .json/.yaml files,
                           *.test.* files excepted); repeat it, or list more files after the options
  -i, --input FILE         the inventory; "-" (the default) reads standard input. A JSON array, NDJSON,
                           or the API's list envelope {"items": [...]}; gzip-compressed or not (told
                           apart by content, not by name); each is streamed, a record at a time.
  -f, --format FORMAT      table (default on a terminal): a summary table
                           json (default otherwise): {"summary": \u2026}; with --explain also "results"
                           ndjson: one line per resource, then a {"summary": \u2026} line
                           sarif: a SARIF 2.1.0 log, a result per applicable resource and policy
                           whose status has a criticality above 0 (waived ones suppressed);
                           no --explain/--id/--where, --coverage only with --coverage-output
      --kind-field PATH    where a record names its kind (a field path, "meta$.kind"); default
                           "${DEFAULT_KIND_FIELD}". A policy with a "resource" applies to records of that kind only
      --resource KIND      the kind of records that name none; skips policies of other kinds. Needed
                           when records name no kind and the policies are for several kinds (exit 2)
      --fail-on CONDITION  exit 1 when any resource gets a status named CONDITION, or a status with
                           criticality>=N (or criticality>N); repeat it or separate with commas
      --explain            add, per resource, why each status was given (the first 100 resources:
                           see --explain-limit)
      --id ID              explain only the resource with this "id" (repeatable; implies --explain); an
                           ID that no record has is named on standard error
      --where FILTER-JSON  explain only the resources this filter matches (implies --explain)
      --explain-limit N    explain at most the first N resources selected (default 100); a notice on
                           standard error counts those left unexplained
  -j, --jobs N             worker threads for an NDJSON file (default: the available cores, for files
                           of 8 MB or more; at most the available cores, with a notice); the file is
                           split on line boundaries and the output is the same as with --jobs 1.
                           Standard input, gzip, JSON arrays and envelopes are read by one thread
      --engine ENGINE      memory (default): records parsed and evaluated here, --jobs threads;
                           duckdb: the policies pushed down into DuckDB over the --input file
                           (NDJSON, JSON array, envelope, gzip or not, Parquet) on --jobs threads
                           (default: every core); needs npm install @duckdb/node-api. The summary
                           only: no --explain/--id/--where, no --format ndjson, no standard input;
                           a record that is not a JSON object stops it (exit 2), never skipped
      --progress           show the progress line on standard error (records, records/s, bytes read
                           of the total, ETA) even when it is not a terminal, or in CI
      --no-progress        never show it (by default it is shown on a terminal, outside CI)
${waiversUsage(27, true)}
${asOfUsage(27)};
                           the summary ("asOf" in JSON) says which instant was used
${limitUsage(27)}
${coverageUsage(27)}
                           (over the inventory: rules that never decided, conditions never true or
                           never false on it; memory engine only)
  -h, --help               this text

exit codes:
  0  every record was evaluated (and no --fail-on condition was met)
  1  a --fail-on condition was met
  2  usage error, unreadable file (a FIFO or device is not read: pipe it to --input -), invalid
     policy, input that is not a JSON array, NDJSON or an envelope, or records that name no kind while
     the policies are for several kinds (--resource, --kind-field)
  3  evaluated, but some NDJSON lines or array elements were not records (not valid JSON, or JSON
     that is not an object) and were skipped
  4  evaluated, nothing above, but coverage is below a --coverage-threshold
`;
var EVAL_OPTIONS = {
  policy: { type: "string", short: "p", multiple: true },
  input: { type: "string", short: "i" },
  format: { type: "string", short: "f" },
  "kind-field": { type: "string" },
  resource: { type: "string" },
  "fail-on": { type: "string", multiple: true },
  explain: { type: "boolean" },
  id: { type: "string", multiple: true },
  where: { type: "string" },
  "explain-limit": { type: "string" },
  jobs: { type: "string", short: "j" },
  ...AS_OF_OPTION,
  ...WAIVER_OPTIONS,
  engine: { type: "string" },
  progress: { type: "boolean" },
  "no-progress": { type: "boolean" },
  ...LIMIT_OPTION,
  ...COVERAGE_OPTIONS,
  help: { type: "boolean", short: "h" }
};
var EXIT = { ok: 0, failOn: 1, error: 2, rejected: 3, coverage: COVERAGE_EXIT };
async function run2({ values, positionals }, { out, err }) {
  let progress = null;
  let written = null;
  try {
    const asOf = parseAsOf(values["as-of"]);
    const format = parseFormat2(values.format);
    const paths2 = [...values.policy ?? [], ...positionals];
    if (paths2.length === 0) throw new UsageError("at least one --policy FILE is required");
    const inputPath = values.input ?? "-";
    if (inputPath === "-" && process.stdin.isTTY) {
      throw new UsageError("no --input FILE given and standard input is a terminal");
    }
    const kindField = values["kind-field"];
    if (kindField !== void 0) {
      try {
        kindReader(kindField);
      } catch (error) {
        if (error instanceof FilterError) throw new UsageError(`--kind-field: ${error.message}`);
        throw error;
      }
    }
    const limits = parseLimitFlags(values.limit);
    const selected2 = explainSelection(values, limits, asOf);
    const explainLimit = parseExplainLimit(values["explain-limit"], selected2 !== null);
    let jobs = parseJobs(values.jobs);
    if (values.progress === true && values["no-progress"] === true) {
      throw new UsageError("--progress and --no-progress exclude each other");
    }
    let reader;
    try {
      reader = chosenReader(void 0);
    } catch (error) {
      if (error instanceof FilterError) throw new UsageError(error.message);
      throw error;
    }
    const engine = values.engine ?? "memory";
    if (engine !== "memory" && engine !== "duckdb") {
      throw new UsageError(`--engine must be memory or duckdb, got "${printable(engine)}"`);
    }
    if (engine === "duckdb") checkDuckdbUsage(values, inputPath, format);
    if (format === "sarif") checkSarifUsage(values, selected2 !== null);
    const coverage = parseCoverage(values, format === "json" || format === "ndjson");
    if (format === "sarif" && coverage !== null && (coverage.output ?? "-") === "-") {
      throw new UsageError("--format sarif is one document: write the coverage with --coverage-output FILE");
    }
    if (coverage !== null && engine === "duckdb") {
      throw new UsageError("--coverage counts what each record consults, which only --engine memory does");
    }
    const loaded = await loadPolicies(paths2, err, limits, asOf);
    if (loaded === null) return EXIT.error;
    const waivers = await loadWaivers(values.waivers, limits, err);
    if (waivers === null) return EXIT.error;
    const policies = withWaivers(loaded, waivers, values.waivers);
    reportUnknownPolicies(policies, waivers, err);
    const failOnWaived = values["fail-on-waived"] === true;
    if (engine === "duckdb") {
      const failOn2 = parseFailOn(values["fail-on"] ?? [], policies);
      const summary3 = await evaluateFile("", policies, inputPath, {
        engine: "duckdb",
        limits,
        asOf,
        ...values.jobs === void 0 ? {} : { jobs: capJobs(jobs, err) },
        ...values.resource === void 0 ? {} : { resource: values.resource },
        ...kindField === void 0 ? {} : { kindField }
      });
      const writer2 = outputWriter(format, out, false);
      const failed2 = failures(summary3, failOn2, failOnWaived);
      const report2 = { ...summary3, rejected: 0, rejections: [] };
      if (failOn2.length > 0) report2.failOn = { conditions: failOn2.map((c) => c.text), matched: failed2 };
      await writer2.finish(summary3, report2, 0);
      if (summary3.notice !== null) err.notice(summary3.notice);
      reportExpired(summary3, err);
      return reportFailOn(failed2, failOn2, err);
    }
    jobs = capJobs(jobs, err);
    const failOn = parseFailOn(values["fail-on"] ?? [], policies);
    const { stream, size } = await openInput(inputPath);
    progress = wantsProgress(values) ? progressBar(size) : null;
    const inputName = inputPath === "-" ? "stdin" : inputPath;
    const rejections = [];
    const onReject = (r) => {
      if (rejections.length < 100) {
        progress?.done();
        err.line(`${printable(inputName)}:${r.line}: ${printable(r.message)}`);
        rejections.push(r);
      }
    };
    const active = policies.filter((p) => skipReason(p, values.resource) === null);
    const sarif = format === "sarif" ? await sarifPlan(paths2, policies, active, failOn) : null;
    const writer = outputWriter(
      format,
      out,
      selected2 !== null,
      sarif === null ? null : sarifDocument({ name: "svc-policy", version: VERSION2 }, sarif.rules, asOf)
    );
    written = writer;
    const renderOptions = {
      format,
      ...sarif === null ? {} : { sarif: sarif.plan },
      explain: values.explain,
      id: values.id,
      where: values.where,
      explainLimit,
      limits,
      asOf
    };
    const render = renderer(active, renderOptions);
    let summary2;
    let rejected = 0;
    let matchedIds = render.matchedIds;
    let unexplained = 0;
    const worthIt = values.jobs !== void 0 || size !== null && size >= SPLIT_THRESHOLD;
    const parallel = jobs > 1 && worthIt && size !== null && inputPath !== "-" && await splittable2(inputPath, size);
    const perResource = selected2 !== null || format === "ndjson" || format === "sarif";
    const select = selected2 === null ? readPaths(policies, kindField, reader, perResource ? [["id"]] : []) : null;
    const selective = select !== null && (parallel || size !== null && inputPath !== "-" && await splittable(inputPath, size));
    debugReader("%s: %s", inputPath, selective ? `selective reader, ${select.length} paths` : "full parse");
    if (parallel) {
      stream.destroy();
      const result = await evaluateParallel(
        {
          file: inputPath,
          size,
          jobs,
          policies,
          resource: values.resource,
          kindField,
          asOf,
          render: renderOptions,
          select: selective ? select : null,
          coverage: coverage !== null
        },
        {
          output: (text2) => writer.resource(text2),
          reject: onReject,
          progress: (records, bytes) => {
            progress?.bytes(bytes);
            progress?.tick(records);
          }
        }
      );
      summary2 = result.summary;
      rejected = result.rejected;
      matchedIds = result.matchedIds;
      unexplained = result.unexplained;
    } else {
      const read2 = {
        onReject: (r) => {
          rejected++;
          onReject(r);
        }
      };
      let records;
      if (selective) {
        stream.destroy();
        records = readNdjsonSelected(fileBytes(inputPath, progress?.bytes), select, read2);
      } else records = readInventory(inputBytes(stream, progress?.bytes), read2);
      summary2 = await evaluateInventory(policies, records, {
        ...values.resource === void 0 ? {} : { resource: values.resource },
        ...kindField === void 0 ? {} : { kindField },
        asOf,
        ...coverage === null ? {} : { coverage: true },
        // Without a line per resource or a progress line, no result event is needed, and the policies
        // that do not apply to a record are not visited.
        ...!perResource && progress === null ? {} : {
          onResult: (event) => {
            progress?.tick(event.index + 1);
            return writer.resource(render(event, String(event.index)));
          }
        }
      });
      unexplained = render.leftOut();
    }
    progress?.done();
    if (summary2.resources === 0 && rejected > 0) {
      err.say(
        `${printable(inputName)}: no record could be read: not a JSON array, NDJSON or an {"items": [...]} envelope`
      );
      return EXIT.error;
    }
    const failed = failures(summary2, failOn, failOnWaived);
    const report = { ...summary2, rejected, rejections };
    if (failOn.length > 0) report.failOn = { conditions: failOn.map((c) => c.text), matched: failed };
    const unmatched = unmatchedIds(values.id, matchedIds);
    if (values.id !== void 0) report.unmatchedIds = unmatched;
    const covered = coverage === null ? null : await evalCovered(paths2, summary2);
    const embedded = embedsCoverage(coverage, format !== "table");
    if (covered !== null && embedded) report.coverage = coverageJson(covered, "record");
    else delete report.coverage;
    await writer.finish(summary2, report, rejected);
    const below = covered !== null && await finishCoverage(coverage, covered, "record", out, err, embedded);
    if (summary2.notice !== null) err.notice(summary2.notice);
    reportExpired(summary2, err);
    if (unexplained > 0) {
      err.notice(
        `explained the first ${explainLimit} resources selected; ${unexplained} more were not explained (--explain-limit N raises the limit; --id or --where chooses)`
      );
    }
    if (unmatched.length > 0) {
      const list = unmatched.map((id) => `"${printable(id)}"`).join(", ");
      err.notice(`--id matched no resource: ${list} (no record has that "id"; nothing explained for it)`);
    }
    if (rejected > 0) {
      const shown2 = rejected > rejections.length ? ` (the first ${rejections.length} listed above)` : "";
      err.say(`${rejected} record(s) rejected (not valid JSON, or not a JSON object)${shown2}`);
    }
    const code2 = reportFailOn(failed, failOn, err);
    return rejected > 0 ? EXIT.rejected : code2 === EXIT.ok && below ? EXIT.coverage : code2;
  } catch (error) {
    progress?.done();
    void written?.flush();
    throw error;
  }
}
function reportFailOn(failed, failOn, err) {
  if (failed.length === 0) return EXIT.ok;
  const list = failed.map((f) => `${printable(f.policy)}: ${printable(f.status)} (${f.count})`).join(", ");
  err.say(`--fail-on ${failOn.map((c) => c.text).join(",")} met: ${list}`);
  return EXIT.failOn;
}
function checkSarifUsage(values, explaining) {
  if (explaining || values["explain-limit"] !== void 0) {
    throw new UsageError("--format sarif writes results, not explanations: no --explain, --id, --where");
  }
}
function checkDuckdbUsage(values, inputPath, format) {
  const perResource = ["explain", "id", "where", "explain-limit"];
  for (const name of perResource) {
    if (values[name] !== void 0) {
      throw new UsageError(`--${name} explains resources one by one, which only --engine memory does`);
    }
  }
  if (format === "ndjson" || format === "sarif")
    throw new UsageError(`--format ${format} writes each resource, which only --engine memory does`);
  if (inputPath === "-") throw new UsageError("--engine duckdb reads a file: give it with --input FILE");
}
var evalCommand = {
  name: "eval",
  usage: EVAL_USAGE,
  options: EVAL_OPTIONS,
  run: run2,
  // A FilterError here is an engine's refusal of the run (INVALID_OPTION: the duckdb engine without
  // its optional package, an option it cannot take), never a fault of the CLI.
  failure: (error) => error instanceof InputError || error instanceof InventoryError || error instanceof FilterError ? { message: error.message } : void 0
};

// src/node/forecast-file.ts
import { createReadStream } from "fs";
import { isMainThread, parentPort, Worker as Worker2, workerData } from "worker_threads";
function isForecastWorker() {
  return !isMainThread && typeof workerData === "object" && workerData !== null && workerData.svcPolicyForecastWorker === true;
}
async function* counted(stream, tally) {
  for await (const chunk of stream) {
    let at2 = chunk.indexOf(10);
    while (at2 >= 0) {
      tally.newlines++;
      at2 = chunk.indexOf(10, at2 + 1);
    }
    yield chunk;
  }
}
function runForecastWorker() {
  const setup = workerData;
  const port = parentPort;
  const policies = policiesOf(setup.definitions, setup.plan.window.asOf, setup.codegen, setup.waivers);
  const post = (message) => port.postMessage(message);
  port.on("message", async ({ k, start, end: end2 }) => {
    const skew = start > 0 ? 1 : 0;
    let items = [];
    const flush = () => {
      if (items.length > 0) post({ t: "out", k, items });
      items = [];
    };
    const stream = createReadStream(setup.file, { start: start - skew, end: end2 - 1 });
    try {
      const tally = { newlines: 0 };
      const records = readNdjson(counted(stream, tally), {
        ...setup.rejections ? {
          onReject: ({ line, message }) => {
            flush();
            post({ t: "reject", k, rejection: { line: line - skew, message } });
          }
        } : {}
      });
      const summary2 = await forecastCompiled(
        policies,
        records,
        {
          horizon: setup.plan.window.horizon,
          ...setup.resource === void 0 ? {} : { resource: setup.resource },
          ...setup.kindField === void 0 ? {} : { kindField: setup.kindField },
          ...setup.transitions ? {
            onTransition: (t) => {
              items.push(t);
              if (items.length >= 512) flush();
            }
          } : {}
        },
        setup.plan
      );
      flush();
      post({ t: "done", k, summary: summary2, newlines: tally.newlines - skew });
    } catch (error) {
      flush();
      const e = error;
      post({
        t: "error",
        k,
        code: typeof e?.code === "string" ? e.code : void 0,
        message: safeMessage(error, MAX_CLI_MESSAGE),
        line: typeof e?.line === "number" ? e.line - skew : void 0,
        index: typeof e?.index === "number" ? e.index : void 0
      });
    } finally {
      stream.destroy();
    }
  });
}
function merge(policies, plan3, parts, resource, durationMs) {
  const tallies = policies.map((p) => new PolicyTally(p, plan3.steps, plan3.first));
  const kinds = /* @__PURE__ */ new Map();
  let resources = 0;
  let unknownKind = 0;
  for (const part of parts) {
    part.policies.forEach((p, i) => {
      if (p.skipped === null) tallies[i].merge(p, resources);
    });
    for (const [kind, n] of Object.entries(part.kinds)) kinds.set(kind, (kinds.get(kind) ?? 0) + n);
    resources += part.resources;
    unknownKind += part.unknownKind;
  }
  const first = parts[0];
  return {
    ...first,
    resources,
    policies: policies.map((p, i) => {
      const skipped = skipReason(p, resource);
      return tallies[i].summary(skipped, skipped === null && first.policies[i].readsNow);
    }),
    kinds: Object.fromEntries([...kinds].sort((a, b2) => a[0] < b2[0] ? -1 : 1)),
    unknownKind,
    durationMs
  };
}
async function forecastFile(entry2, policies, path, options) {
  const started = performance.now();
  const plan3 = forecastPlan(options);
  const compiled4 = forecastPolicies(policies, options, plan3.window.asOf);
  const explicit = option(options, "jobs") ?? 1;
  if (!(Number.isSafeInteger(explicit) && explicit >= 1)) {
    throw new FilterError("INVALID_OPTION", "/jobs", "jobs must be a positive integer");
  }
  const kindField = option(options, "kindField");
  if (typeof kindField === "function" && explicit > 1) {
    throw new FilterError(
      "INVALID_OPTION",
      "/kindField",
      "kindField is a function, which worker threads cannot call: give it as a field path"
    );
  }
  const onReject = option(options, "onReject");
  const opened = await openRegularFile(path);
  if ("kind" in opened) {
    throw new FilterError("INVALID_OPTION", "", `the inventory file is ${opened.kind}, not a regular file`);
  }
  const { handle, info } = opened;
  const jobs = Math.min(explicit, coreJobs());
  let split2 = false;
  try {
    split2 = jobs > 1 && await splittable(path, info.size);
  } catch (error) {
    await handle.close();
    throw error;
  }
  if (!split2) {
    const stream = handle.createReadStream();
    try {
      const bytes = gunzipped(
        stream[Symbol.asyncIterator](),
        (error) => new InventoryError("MALFORMED_INPUT", `not valid gzip: ${error.message}`)
      );
      const records = readInventory(bytes, onReject === void 0 ? {} : { onReject });
      return await forecastCompiled(compiled4, records, options, plan3, started);
    } finally {
      stream.destroy();
    }
  }
  await handle.close();
  const ranges = await splitRanges(path, info.size, jobs, 16 * 1024 * 1024);
  const onTransition = option(options, "onTransition");
  const setup = {
    svcPolicyForecastWorker: true,
    file: path,
    definitions: compiled4.map((p) => p.definition),
    waivers: [...new Set(compiled4.flatMap((p) => p.waivers))],
    codegen: option(options, "codegen"),
    plan: plan3,
    resource: option(options, "resource"),
    kindField,
    transitions: onTransition !== void 0,
    rejections: onReject !== void 0
  };
  const workers = Array.from(
    { length: Math.min(jobs, ranges.length) },
    () => new Worker2(new URL(entry2), { workerData: setup })
  );
  const pending = ranges.map(() => ({
    events: [],
    done: null,
    newlines: 0
  }));
  const parts = [];
  let head = 0;
  let next = 0;
  let resources = 0;
  let lines = 0;
  try {
    await new Promise((resolve5, reject2) => {
      let chain = Promise.resolve();
      const pass = async (event) => {
        if (event.t === "out") {
          for (const t of event.items) await onTransition?.({ ...t, index: t.index + resources });
        } else if (event.t === "reject") {
          onReject?.({ line: event.rejection.line + lines, message: event.rejection.message });
        } else if (event.t === "error") {
          const message = event.message.replace(
            /^record (\d+)/,
            (_, n) => `record ${Number(n) + resources}`
          );
          const line = event.line === void 0 ? void 0 : event.line + lines;
          throw event.code === void 0 ? new Error(message) : new InventoryError(event.code, message, {
            ...line === void 0 ? {} : { line },
            ...event.index === void 0 ? {} : { index: event.index + resources }
          });
        }
      };
      const drain = async () => {
        while (head < ranges.length) {
          const range = pending[head];
          while (range.events.length > 0) await pass(range.events.shift());
          if (range.done === null) return;
          parts.push(range.done);
          resources += range.done.resources;
          lines += range.newlines;
          head++;
        }
        resolve5();
      };
      const give = (worker) => {
        if (next >= ranges.length) return;
        const [start, end2] = ranges[next];
        worker.postMessage({ k: next++, start, end: end2 });
      };
      for (const worker of workers) {
        worker.on("message", (message) => {
          const range = pending[message.k];
          if (message.t === "done") {
            range.done = message.summary;
            range.newlines = message.newlines;
            give(worker);
          } else range.events.push(message);
          chain = chain.then(drain).catch(reject2);
        });
        worker.on("error", reject2);
        give(worker);
      }
    });
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  const summary2 = merge(compiled4, plan3, parts, option(options, "resource"), performance.now() - started);
  return { ...summary2, asOf: isoOf(plan3.window.asOf) };
}

// src/cli/forecast-format.ts
var BARS = "\u2581\u2582\u2583\u2584\u2585\u2586\u2587\u2588";
function nowText(d) {
  return d === "PT0S" ? "now" : d.startsWith("-") ? `now${d}` : `now+${d}`;
}
function sparkline(series, width = 48) {
  if (series.length === 0) return "";
  const n = Math.min(width, series.length);
  const points = Array.from(
    { length: n },
    (_, i) => series[n === 1 ? 0 : Math.round(i * (series.length - 1) / (n - 1))]
  );
  const min = Math.min(...points);
  const max = Math.max(...points);
  return points.map((v) => BARS[max === min ? v === 0 ? 0 : 3 : Math.round((v - min) / (max - min) * 7)]).join("");
}
function stateText(s) {
  const status = s.status ?? "out of scope";
  return s.waiver === null ? status : `${status} (waived ${s.waiver})`;
}
function anyWaived(p) {
  return p.statuses.some((s) => s.waived.some((n) => n > 0));
}
function transitionLine(t) {
  const who = t.id === null ? `record ${t.index + 1}` : `${printable(String(t.id))}`;
  const cause = t.causes[0];
  const expired = t.waiverExpired === null ? "" : ` (waiver ${printable(t.waiverExpired)} expires)`;
  const why = cause === void 0 ? expired : ` (${printable(cause.path)} ${cause.operator} ${nowText(cause.now)}: ${printable(cause.value)}${t.causes.length > 1 ? `, +${t.causes.length - 1}` : ""})${expired}`;
  const versions2 = t.versions.length === 0 ? "" : ` [${t.versions.map((v) => `${printable(v.path)} ${v.operator} ${printable(v.version)}`).join(", ")}]`;
  return `${t.at}  ${who}: ${printable(stateText(t.from))} \u2192 ${printable(stateText(t.to))}${why}${versions2}`;
}
function policyTable2(p, summary2, shown2) {
  const lines = [`${printable(p.policy)}`];
  if (p.skipped !== null) return [...lines, `  skipped (${p.skipped})`, ""];
  const name = Math.max(6, ...p.statuses.map((s) => printable(s.status).length));
  lines.push(
    `  ${"status".padEnd(name)}  crit   ${"now".padStart(7)} ${"end".padStart(7)} ${"reached".padStart(7)}  ${summary2.by}s`
  );
  const waived = anyWaived(p);
  for (const s of p.statuses) {
    const w = waived ? `  waived ${s.waived[0] ?? 0} \u2192 ${s.waived.at(-1) ?? 0}` : "";
    lines.push(
      `  ${printable(s.status).padEnd(name)}  ${String(s.criticality).padStart(4)}   ${String(s.series[0] ?? 0).padStart(7)} ${String(s.series.at(-1) ?? 0).padStart(7)} ${String(s.reached).padStart(7)}  ${sparkline(s.series)}${w}`
    );
  }
  lines.push(
    `  ${p.transitions} transition(s) of ${p.changing} record(s)${p.readsNow ? "" : " (no $now condition or waiver expiry: nothing changes)"}`
  );
  for (const t of p.first.slice(0, shown2)) lines.push(`    ${transitionLine(t)}`);
  if (p.transitions > Math.min(shown2, p.first.length))
    lines.push(
      `    \u2026 ${p.transitions - Math.min(shown2, p.first.length)} more (--format ndjson lists them all)`
    );
  lines.push("");
  return lines;
}
function forecastTable(summary2, shown2) {
  const head = `forecast from ${summary2.asOf} to ${summary2.until} (${summary2.horizon}, by ${summary2.by}, ${summary2.steps.length} steps), ${summary2.resources} record(s)

`;
  return head + summary2.policies.flatMap((p) => policyTable2(p, summary2, shown2)).join("\n");
}
function md2(text2) {
  return printable(text2).replace(/\\/g, "\\\\").replace(/\|/g, "\\|").replace(/([`*_[\]<>])/g, "\\$1");
}
function forecastMarkdown(summary2, shown2) {
  const out = [
    `## Forecast: ${summary2.asOf} \u2192 ${summary2.until}`,
    "",
    `${summary2.resources} record(s), horizon ${md2(summary2.horizon)}, by ${summary2.by}.`,
    ""
  ];
  for (const p of summary2.policies) {
    out.push(`### ${md2(p.policy)}`, "");
    if (p.skipped !== null) {
      out.push(`Skipped (${p.skipped}).`, "");
      continue;
    }
    const waived = anyWaived(p);
    out.push(
      `| status | criticality | at asOf | at end | reached | over time |${waived ? " waived at asOf | waived at end |" : ""}`,
      `| --- | ---: | ---: | ---: | ---: | --- |${waived ? " ---: | ---: |" : ""}`
    );
    for (const s of p.statuses) {
      const w = waived ? ` ${s.waived[0] ?? 0} | ${s.waived.at(-1) ?? 0} |` : "";
      out.push(
        `| ${md2(s.status)} | ${s.criticality} | ${s.series[0] ?? 0} | ${s.series.at(-1) ?? 0} | ${s.reached} | ${sparkline(s.series, 24)} |${w}`
      );
    }
    out.push("", `${p.transitions} transition(s) of ${p.changing} record(s).`, "");
    if (p.first.length > 0) {
      out.push("| when | record | from | to | why |", "| --- | --- | --- | --- | --- |");
      for (const t of p.first.slice(0, shown2)) {
        const why = [
          ...t.causes.map((c) => `${md2(c.path)} ${c.operator} ${md2(nowText(c.now))}`),
          ...t.waiverExpired === null ? [] : [`waiver ${md2(t.waiverExpired)} expires`],
          ...t.versions.map((v) => `${md2(v.path)} ${v.operator} ${md2(v.version)}`)
        ].join("; ");
        out.push(
          `| ${t.at} | ${md2(t.id === null ? `record ${t.index + 1}` : String(t.id))} | ${md2(stateText(t.from))} | ${md2(stateText(t.to))} | ${why} |`
        );
      }
      out.push("");
    }
  }
  return `${out.join("\n")}
`;
}

// src/cli/forecast-command.ts
var FORECAST_USAGE = `usage: svc-policy forecast --policy FILE... --horizon DURATION [--input FILE|-] [--as-of INSTANT]
                           [--by day|week|month] [--format table|json|ndjson|markdown]
                           [--fail-on CONDITION]... [--first N] [--kind-field PATH] [--resource KIND]
                           [--waivers FILE] [--fail-on-waived] [--jobs N] [--limit NAME=N]... [--help]

Forecasts policies over an inventory: the exact instants in (asOf, asOf + horizon] at which each
record's status changes (its { "$now": \u2026 } conditions flip), and per policy the count of records in
each status at each step of a UTC calendar. See docs/forecast.md.

options:
  -p, --policy FILE        a policy definition (JSON or YAML; a directory adds its .json/.yaml files);
                           repeat it, or list more files after the options
  -i, --input FILE         the inventory; "-" (the default) reads standard input. A JSON array, NDJSON
                           or the API's {"items": [...]} envelope, gzip-compressed or not
      --horizon DURATION   the length of the window, an ISO 8601 duration of fixed units ("P90D",
                           "P12W", "PT36H"; no months or years), required
      --by STEP            the steps of the series: day (default), week (from Monday 00:00 UTC) or
                           month (from the 1st, 00:00 UTC); the first step is asOf, the last the end
  -f, --format FORMAT      table (default on a terminal): per policy and status the count at asOf and
                           at the end, a sparkline over the steps, the first transitions
                           json (default otherwise): {"summary": \u2026} with the series and the first
                           transitions
                           ndjson: one transition per line, in input order, then a {"summary": \u2026} line
                           markdown: the table as Markdown, for a pull request or a report
      --fail-on CONDITION  exit 1 when any record is, at some instant of the window (asOf included), in
                           a status named CONDITION, or of criticality>=N (or criticality>N), not
                           waived there; repeat it or separate with commas
      --first N            the transitions the table, Markdown and JSON list per policy (default 10)
      --kind-field PATH    where a record names its kind; default "${DEFAULT_KIND_FIELD}"
      --resource KIND      the kind of records that name none; skips policies of other kinds
  -j, --jobs N             worker threads for an NDJSON file (default 1; at most the cores); the output
                           is the same as with --jobs 1
${waiversUsage(27, true)}
                           a waiver's expiry inside the window is a transition (docs/forecast.md)
${asOfUsage(27)}
${limitUsage(27)}
  -h, --help               this text

exit codes:
  0  forecast, and no --fail-on condition met
  1  a --fail-on condition was met
  2  usage error (a bad --horizon, --by, --as-of), unreadable file, invalid policy, input that is not
     a JSON array, NDJSON or an envelope, records of unknown kind for policies of several kinds
  3  forecast, but some lines were not records (not valid JSON, or not a JSON object) and were skipped
`;
var FORECAST_OPTIONS = {
  policy: { type: "string", short: "p", multiple: true },
  input: { type: "string", short: "i" },
  horizon: { type: "string" },
  by: { type: "string" },
  format: { type: "string", short: "f" },
  "fail-on": { type: "string", multiple: true },
  first: { type: "string" },
  "kind-field": { type: "string" },
  resource: { type: "string" },
  jobs: { type: "string", short: "j" },
  ...WAIVER_OPTIONS,
  ...AS_OF_OPTION,
  ...LIMIT_OPTION,
  help: { type: "boolean", short: "h" }
};
var FORECAST_EXIT = { ok: 0, failOn: 1, error: 2, rejected: 3 };
function parseFormat3(value2) {
  if (value2 === void 0) return process.stdout.isTTY ? "table" : "json";
  if (value2 === "table" || value2 === "json" || value2 === "ndjson" || value2 === "markdown") return value2;
  throw new UsageError(`--format must be table, json, ndjson or markdown, got "${printable(value2)}"`);
}
function failures3(summary2, conditions, failOnWaived) {
  const out = [];
  for (const p of summary2.policies) {
    for (const s of p.statuses) {
      const reached = failOnWaived ? s.reached : s.reachedUnwaived;
      if (reached === 0) continue;
      const hit = conditionMet(conditions, s.status, s.criticality);
      if (hit)
        out.push({
          policy: p.policy,
          status: s.status,
          criticality: s.criticality,
          reached,
          condition: hit.text
        });
    }
  }
  return out;
}
async function run3({ values, positionals }, { out, err }) {
  const asOf = parseAsOf(values["as-of"]);
  const format = parseFormat3(values.format);
  const paths2 = [...values.policy ?? [], ...positionals];
  if (paths2.length === 0) throw new UsageError("at least one --policy FILE is required");
  if (values.horizon === void 0) throw new UsageError("--horizon DURATION is required (for example P90D)");
  const first = values.first === void 0 ? 10 : Number(values.first);
  if (!/^\d{1,6}$/.test(values.first ?? "0"))
    throw new UsageError(`--first must be a non-negative integer, got "${printable(values.first)}"`);
  const inputPath = values.input ?? "-";
  if (inputPath === "-" && process.stdin.isTTY)
    throw new UsageError("no --input FILE given and standard input is a terminal");
  const kindField = values["kind-field"];
  const jobsText = values.jobs ?? "1";
  if (!/^[1-9]\d{0,3}$/.test(jobsText))
    throw new UsageError(`--jobs must be a positive integer, got "${printable(jobsText)}"`);
  const limits = parseLimitFlags(values.limit);
  const options = {
    asOf,
    horizon: values.horizon,
    by: values.by,
    first,
    limits,
    ...values.resource === void 0 ? {} : { resource: values.resource },
    ...kindField === void 0 ? {} : { kindField }
  };
  try {
    if (kindField !== void 0) kindReader(kindField);
    forecastPlan(options);
  } catch (error) {
    if (error instanceof FilterError)
      throw new UsageError(
        `--${error.path.slice(1).replace("kindField", "kind-field") || "kind-field"}: ${error.message}`
      );
    throw error;
  }
  const loaded = await loadPolicies(paths2, err, limits, asOf);
  if (loaded === null) return FORECAST_EXIT.error;
  const waivers = await loadWaivers(values.waivers, limits, err);
  if (waivers === null) return FORECAST_EXIT.error;
  const policies = withWaivers(loaded, waivers, values.waivers);
  reportUnknownPolicies(policies, waivers, err);
  for (const p of policies) {
    if (p.expiredWaivers.length === 0) continue;
    const ids = p.expiredWaivers.map((w) => `"${printable(w.id)}"`).join(", ");
    err.notice(
      `policy "${printable(p.name)}": waiver(s) ${ids} expired before ${p.asOf} and no longer apply`
    );
  }
  const failOn = parseFailOn(values["fail-on"] ?? [], policies);
  const inputName = inputPath === "-" ? "stdin" : inputPath;
  const rejections = [];
  let rejected = 0;
  const onReject = (r) => {
    rejected++;
    if (rejections.length < 100) {
      err.line(`${printable(inputName)}:${r.line}: ${printable(r.message)}`);
      rejections.push(r);
    }
  };
  const onTransition = format === "ndjson" ? (t) => write(out, `${JSON.stringify(t)}
`) : void 0;
  const run8 = { ...options, onReject, ...onTransition === void 0 ? {} : { onTransition } };
  let summary2;
  if (inputPath === "-") {
    const { stream } = await openInput(inputPath);
    const plan3 = forecastPlan(options);
    summary2 = await forecastCompiled(policies, readInventory(inputBytes(stream), { onReject }), run8, plan3);
  } else {
    const { stream } = await openInput(inputPath);
    stream.destroy();
    const entry2 = workerEntry();
    const jobs = entry2 === null ? 1 : capJobs(Number(jobsText), err);
    summary2 = await forecastFile(entry2 ?? "", policies, inputPath, { ...run8, jobs });
  }
  if (summary2.resources === 0 && rejected > 0) {
    err.say(
      `${printable(inputName)}: no record could be read: not a JSON array, NDJSON or an {"items": [...]} envelope`
    );
    return FORECAST_EXIT.error;
  }
  const failed = failures3(summary2, failOn, values["fail-on-waived"] === true);
  const report = { ...summary2, rejected, rejections };
  if (failOn.length > 0) report.failOn = { conditions: failOn.map((c) => c.text), matched: failed };
  switch (format) {
    case "table":
      await write(out, forecastTable(summary2, first));
      break;
    case "markdown":
      await write(out, forecastMarkdown(summary2, first));
      break;
    case "json":
    case "ndjson":
      await write(out, `${JSON.stringify({ summary: report })}
`);
      break;
  }
  if (rejected > 0) {
    const shown2 = rejected > rejections.length ? ` (the first ${rejections.length} listed above)` : "";
    err.say(`${rejected} record(s) rejected (not valid JSON, or not a JSON object)${shown2}`);
  }
  if (failed.length > 0) {
    const list = failed.map((f) => `${printable(f.policy)}: ${printable(f.status)} (${f.reached})`).join(", ");
    err.say(`--fail-on ${failOn.map((c) => c.text).join(",")} met within ${summary2.horizon}: ${list}`);
  }
  return rejected > 0 ? FORECAST_EXIT.rejected : failed.length > 0 ? FORECAST_EXIT.failOn : FORECAST_EXIT.ok;
}
var forecastCommand = {
  name: "forecast",
  usage: FORECAST_USAGE,
  options: FORECAST_OPTIONS,
  run: run3,
  failure: (error) => error instanceof InputError || error instanceof InventoryError ? { message: error.message } : void 0
};

// src/query/errors.ts
var QueryError = class extends Error {
  name = "QueryError";
  code;
  path;
  problems;
  constructor(problems) {
    const first = problems[0];
    if (first === void 0) throw new TypeError("a QueryError needs at least one problem");
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? "s" : ""})` : "";
    super(`${first.message}${more}`);
    this.code = first.code;
    this.path = first.path;
    this.problems = freeze(problems.map((p) => freeze({ ...p })));
    markOwn(this);
  }
};

// src/query/as-of.ts
function queryAsOf(given) {
  try {
    return resolveAsOf(given);
  } catch (error) {
    if (!(error instanceof FilterError)) throw error;
    throw new QueryError([{ code: "INVALID_OPTION", path: "", message: `option ${error.message}` }]);
  }
}

// src/query/describe.ts
function describe2(value2) {
  if (value2 === null) return "null";
  if (isArray(value2)) return "an array";
  if (typeof value2 === "string") return JSON.stringify(showText(value2));
  if (typeof value2 === "number") return String(value2);
  return `a ${typeof value2}`;
}

// src/query/filter-fields.ts
function checkFilterFields(node2, at2, resource, problems, prefix = [], root = recordType(resource)) {
  for (const clause of node2.clauses) {
    switch (clause.kind) {
      case "field": {
        const where2 = pointer(at2, printPath(clause.path));
        const path = [...prefix, ...clause.path];
        const check2 = checkField(root, path, clause.operators);
        for (const problem of check2.problems) {
          problems.push(queryProblem(problem, path, clause.operators, where2, resource));
        }
        if (check2.resolution.kind !== "ok") break;
        for (const op of clause.operators) {
          if (op.kind !== "elemMatch") continue;
          checkFilterFields(
            op.filter,
            pointer(where2, OPERATOR_NAMES.elemMatch),
            resource,
            problems,
            path,
            root
          );
        }
        break;
      }
      case "and":
      case "or":
        clause.filters.forEach((f, i) => {
          checkFilterFields(f, pointer(at2, LOGICAL_NAMES[clause.kind], i), resource, problems, prefix, root);
        });
        break;
      case "not":
        checkFilterFields(clause.filter, pointer(at2, LOGICAL_NAMES.not), resource, problems, prefix, root);
        break;
      default:
        assertNever(clause, "clause");
    }
  }
}
function queryProblem(problem, path, operators, where2, resource) {
  const shown2 = showText(printPath(path));
  const head = (step) => `"${showText(printPath(path.slice(0, step)))}"`;
  const of = (step) => step === 0 ? resource.name : `${head(step)} of ${resource.name}`;
  switch (problem.kind) {
    case "unknown": {
      const step = path[problem.step];
      const known = problem.parent.type === "object" ? objectKeys(problem.parent.fields) : [];
      const suggestion2 = closest(step.key, known);
      const field = problem.step === 0 ? "filter field" : `field "${showText(step.key)}" in filter path`;
      return {
        code: "UNKNOWN_FILTER_FIELD",
        path: where2,
        message: problem.step === 0 ? `filter field "${showText(step.key)}" is not a field of ${resource.name}${suggestion2 === void 0 ? "" : `; did you mean "${suggestion2}"?`}` : `${field} "${shown2}" is not a field of ${of(problem.step)}${suggestion2 === void 0 ? "" : `; did you mean "${suggestion2}"?`}`,
        ...suggestion2 === void 0 ? {} : { suggestion: suggestion2 }
      };
    }
    case "through-scalar":
      return {
        code: "UNKNOWN_FILTER_FIELD",
        path: where2,
        message: `filter path "${shown2}" reads a key of ${of(problem.step)}, which is ${describeType(problem.parent)}: it reads nothing`
      };
    case "selector-on-non-array":
      return problem.step === 0 ? {
        code: "UNKNOWN_FILTER_FIELD",
        path: where2,
        message: `filter path "${shown2}" does not start with a field of ${resource.name}`
      } : {
        code: "FILTER_TYPE_MISMATCH",
        path: where2,
        message: `filter path "${shown2}" selects elements of ${of(problem.step)}, which is ${describeType(problem.parent)}, not an array: it never matches`
      };
    case "key-on-array":
      return {
        code: "FILTER_TYPE_MISMATCH",
        path: where2,
        message: `filter path "${shown2}" reads a key of ${of(problem.step)}, which is ${describeType(problem.parent)}: arrays have no keys (select elements with __svcArrayAny__)`
      };
    case "unfilterable":
      return {
        code: "UNFILTERABLE_FIELD",
        path: where2,
        message: problem.step === 0 ? `field ${head(1)} of ${resource.name} cannot be filtered on` : `${head(problem.step + 1)} of ${resource.name} cannot be filtered on`
      };
    case "array-compared": {
      const names = problem.operators.map((i) => OPERATOR_NAMES[operators[i].kind]).join(", ");
      return {
        code: "FILTER_TYPE_MISMATCH",
        path: where2,
        message: `filter path "${shown2}" is ${describeType(problem.type)}; arrays are compared as values, so ${names} never compares its elements (select them with __svcArrayAny__)`
      };
    }
    case "operator": {
      const op = operators[problem.operator];
      const name = OPERATOR_NAMES[op.kind];
      const at2 = pointer(where2, name);
      const field = `field "${shown2}" holds ${problem.type.type} values`;
      const p = problem.problem;
      switch (p.kind) {
        case "operand":
          return {
            code: "FILTER_TYPE_MISMATCH",
            path: p.index === void 0 ? at2 : pointer(at2, p.index),
            message: `${field}; ${name} compares it with ${describe2(p.value)}, which ${factsOf(op).negated ? "it always differs from" : "never matches"} (no conversions)`
          };
        case "like-needs-strings":
        case "versions-need-strings":
          return {
            code: "FILTER_TYPE_MISMATCH",
            path: at2,
            message: `${field}; ${name} reads ${p.kind === "like-needs-strings" ? "strings" : "versions, which are strings and never timestamps"} only, so it ${factsOf(op).negated ? "always holds" : "never matches"}`
          };
        case "booleans-unordered":
          return {
            code: "FILTER_TYPE_MISMATCH",
            path: at2,
            message: `${field}; booleans are never ordered, so ${name} never matches (use $eq)`
          };
        case "compares-object":
          return {
            code: "FILTER_TYPE_MISMATCH",
            path: at2,
            message: `${field}; ${name} compares it with a scalar, which never matches an object (compare one of its fields)`
          };
        case "elements-not-objects":
          return {
            code: "FILTER_TYPE_MISMATCH",
            path: at2,
            message: `${field}; $elemMatch holds only for elements that are objects, so it never matches`
          };
        case "instants-need-timestamps":
          return {
            code: "FILTER_TYPE_MISMATCH",
            path: at2,
            message: `${field}; ${name} compares it with an instant, and only timestamps are instants, so it ${factsOf(op).negated ? "always holds" : "never matches"}`
          };
        default:
          return assertNever(p, "operator problem");
      }
    }
    default:
      return assertNever(problem, "field problem");
  }
}

// src/query/sha256.ts
var K = new Uint32Array([
  1116352408,
  1899447441,
  3049323471,
  3921009573,
  961987163,
  1508970993,
  2453635748,
  2870763221,
  3624381080,
  310598401,
  607225278,
  1426881987,
  1925078388,
  2162078206,
  2614888103,
  3248222580,
  3835390401,
  4022224774,
  264347078,
  604807628,
  770255983,
  1249150122,
  1555081692,
  1996064986,
  2554220882,
  2821834349,
  2952996808,
  3210313671,
  3336571891,
  3584528711,
  113926993,
  338241895,
  666307205,
  773529912,
  1294757372,
  1396182291,
  1695183700,
  1986661051,
  2177026350,
  2456956037,
  2730485921,
  2820302411,
  3259730800,
  3345764771,
  3516065817,
  3600352804,
  4094571909,
  275423344,
  430227734,
  506948616,
  659060556,
  883997877,
  958139571,
  1322822218,
  1537002063,
  1747873779,
  1955562222,
  2024104815,
  2227730452,
  2361852424,
  2428436474,
  2756734187,
  3204031479,
  3329325298
]);
var encoder2 = new TextEncoder();
function utf8(text2) {
  return encoder2.encode(text2);
}
var nativeSha256 = (() => {
  try {
    const get = globalThis.process?.getBuiltinModule;
    const crypto = typeof get === "function" ? get("node:crypto") : void 0;
    const createHash = crypto?.createHash;
    if (typeof createHash !== "function") return void 0;
    return (bytes) => {
      const digest = createHash("sha256").update(bytes).digest();
      return new Uint8Array(digest.buffer, digest.byteOffset, digest.length);
    };
  } catch {
    return void 0;
  }
})();
function sha256(data) {
  const bytes = typeof data === "string" ? utf8(data) : data;
  return nativeSha256 === void 0 ? sha256Portable(bytes) : nativeSha256(bytes);
}
function sha256Portable(bytes) {
  const bitLength = bytes.length * 8;
  const padded = new Uint8Array(bytes.length + 9 + 63 >> 6 << 6 >>> 0);
  padded.set(bytes);
  padded[bytes.length] = 128;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bitLength / 4294967296));
  view.setUint32(padded.length - 4, bitLength >>> 0);
  const h = new Uint32Array([
    1779033703,
    3144134277,
    1013904242,
    2773480762,
    1359893119,
    2600822924,
    528734635,
    1541459225
  ]);
  const w = new Uint32Array(64);
  for (let offset = 0; offset < padded.length; offset += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(offset + i * 4);
    for (let i = 16; i < 64; i++) {
      const a2 = w[i - 15];
      const b3 = w[i - 2];
      const s0 = (a2 >>> 7 | a2 << 25) ^ (a2 >>> 18 | a2 << 14) ^ a2 >>> 3;
      const s1 = (b3 >>> 17 | b3 << 15) ^ (b3 >>> 19 | b3 << 13) ^ b3 >>> 10;
      w[i] = w[i - 16] + s0 + w[i - 7] + s1 | 0;
    }
    let a = h[0];
    let b2 = h[1];
    let c = h[2];
    let d = h[3];
    let e = h[4];
    let f = h[5];
    let g = h[6];
    let hh = h[7];
    for (let i = 0; i < 64; i++) {
      const S1 = (e >>> 6 | e << 26) ^ (e >>> 11 | e << 21) ^ (e >>> 25 | e << 7);
      const ch = e & f ^ ~e & g;
      const t1 = hh + S1 + ch + K[i] + w[i] | 0;
      const S0 = (a >>> 2 | a << 30) ^ (a >>> 13 | a << 19) ^ (a >>> 22 | a << 10);
      const maj = a & b2 ^ a & c ^ b2 & c;
      const t2 = S0 + maj | 0;
      hh = g;
      g = f;
      f = e;
      e = d + t1 | 0;
      d = c;
      c = b2;
      b2 = a;
      a = t1 + t2 | 0;
    }
    h[0] = h[0] + a | 0;
    h[1] = h[1] + b2 | 0;
    h[2] = h[2] + c | 0;
    h[3] = h[3] + d | 0;
    h[4] = h[4] + e | 0;
    h[5] = h[5] + f | 0;
    h[6] = h[6] + g | 0;
    h[7] = h[7] + hh | 0;
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) outView.setUint32(i * 4, h[i]);
  return out;
}
function hmacSha256(key, message) {
  let k = typeof key === "string" ? utf8(key) : key;
  if (k.length > 64) k = sha256(k);
  const msg = typeof message === "string" ? utf8(message) : message;
  const inner = new Uint8Array(64 + msg.length);
  const outer = new Uint8Array(64 + 32);
  for (let i = 0; i < 64; i++) {
    const b2 = k[i] ?? 0;
    inner[i] = b2 ^ 54;
    outer[i] = b2 ^ 92;
  }
  inner.set(msg, 64);
  outer.set(sha256(inner), 64);
  return sha256(outer);
}
function equalBytes(a, b2) {
  if (a.length !== b2.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b2[i];
  return diff === 0;
}
var ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
var LOOKUP = new Map([...ALPHABET].map((c, i) => [c, i]));
function base64url(bytes) {
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const n = bytes[i] << 16 | (bytes[i + 1] ?? 0) << 8 | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil((bytes.length - i) * 8 / 6));
    for (let j = 0; j < chars; j++) out += ALPHABET[n >> 18 - 6 * j & 63];
  }
  return out;
}
function fromBase64url(text2) {
  if (text2.length % 4 === 1) return void 0;
  const out = new Uint8Array(Math.floor(text2.length * 6 / 8));
  let bits = 0;
  let value2 = 0;
  let at2 = 0;
  for (const c of text2) {
    const v = LOOKUP.get(c);
    if (v === void 0) return void 0;
    value2 = (value2 << 6 | v) & 16383;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[at2++] = value2 >> bits & 255;
    }
  }
  if ((value2 & (1 << bits) - 1) !== 0) return void 0;
  return out;
}

// src/query/token.ts
var TOKEN_VERSION = 1;
var decoder2 = new TextDecoder("utf-8", { fatal: true });
var MAX_TOKEN_LENGTH = 1024 * 1024;
var MAX_TOKEN_DEPTH = 3;
function decodeValue(v) {
  if (v === null || typeof v === "string" || typeof v === "boolean") return v;
  if (typeof v === "number") return numberIsFinite(v) ? v : void 0;
  if (typeof v !== "object" || isArray(v) || objectKeys(v).length !== 1 || !hasOwn(v, "number")) {
    return void 0;
  }
  const n = v.number;
  return n === "Infinity" ? Number.POSITIVE_INFINITY : n === "-Infinity" ? Number.NEGATIVE_INFINITY : void 0;
}
function nestsDeeper(text2, max) {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text2.length; i++) {
    const c = text2.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > max) return true;
    } else if (c === 93 || c === 125) depth--;
  }
  return false;
}
function invalid3(message) {
  return new QueryError([{ code: "INVALID_PAGE_TOKEN", path: "/pageToken", message }]);
}
function decodeToken(token, expected, secret) {
  if (token.length > MAX_TOKEN_LENGTH) {
    throw invalid3(
      `pageToken is ${token.length.toLocaleString("en-US")} characters long; a page token has at most ${MAX_TOKEN_LENGTH.toLocaleString("en-US")}`
    );
  }
  const [body, signature, ...rest] = token.split(".");
  if (body === void 0 || body === "" || rest.length > 0) throw invalid3("pageToken is not a page token");
  if (secret !== void 0) {
    if (signature === void 0)
      throw invalid3("pageToken is not signed; this server only accepts signed tokens");
    const given = fromBase64url(signature);
    if (given === void 0 || !equalBytes(given, hmacSha256(secret, body))) {
      throw invalid3(
        "pageToken was not issued by this server (bad signature): it was changed or signed with another secret"
      );
    }
  } else if (signature !== void 0) {
    throw invalid3("pageToken is signed, but this server does not sign tokens: it was issued elsewhere");
  }
  const bytes = fromBase64url(body);
  let parsed2;
  try {
    if (bytes === void 0) throw new Error("not base64url");
    const text2 = decoder2.decode(bytes);
    if (nestsDeeper(text2, MAX_TOKEN_DEPTH)) throw new Error("nested too deep");
    parsed2 = JSON.parse(text2);
  } catch {
    throw invalid3("pageToken is not a page token (truncated, not base64url, or not of this format)");
  }
  if (!Array.isArray(parsed2) || parsed2.length !== 3 && parsed2.length !== 4) {
    throw invalid3("pageToken is not a page token");
  }
  const [version3, binding, key, asOf] = parsed2;
  if (version3 !== TOKEN_VERSION) {
    throw invalid3(
      `pageToken has format version ${showValue(version3)}; this server reads version ${TOKEN_VERSION}`
    );
  }
  if (binding !== expected.binding) {
    throw invalid3("pageToken was made for another filter or sort; start again from the first page");
  }
  const values = isArray(key) && key.length === expected.keys ? key.map(decodeValue) : void 0;
  if (values === void 0 || !arrayEvery(values, (v) => v !== void 0)) {
    throw invalid3("pageToken does not hold a position of this sort");
  }
  if (asOf !== void 0 && !(typeof asOf === "number" && Number.isSafeInteger(asOf))) {
    throw invalid3("pageToken holds no valid instant");
  }
  return { key: freeze(values), asOf };
}

// src/query/page.ts
var SECRETS = /* @__PURE__ */ new WeakMap();
function keepSecret(plan3, secret) {
  weakMapSet.call(SECRETS, plan3, secret);
}
function isObject(value2) {
  return typeof value2 === "object" && value2 !== null && !isArray(value2);
}
function canonical2(value2) {
  if (isArray(value2)) return `[${value2.map(canonical2).join(",")}]`;
  if (isObject(value2)) {
    const keys = objectKeys(value2).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical2(value2[k])}`).join(",")}}`;
  }
  return JSON.stringify(value2) ?? "null";
}
function bindingOf(resource, filter, sort) {
  const text2 = canonical2([
    resource.name,
    filter === void 0 ? null : printParsed(filter),
    // A version key's tokens carry version keys, not values: a token from before a field became a
    // version field (or after it stopped being one) is for another sort.
    sort.map((k) => k.order === "version" ? [k.field, k.direction, k.order] : [k.field, k.direction])
  ]);
  return base64url(sha256(text2).subarray(0, 16));
}
function secretBytes(secret) {
  if (secret === void 0) return void 0;
  if (typeof secret === "string" && secret !== "") return utf8(secret);
  if (secret instanceof Uint8Array && secret.length > 0) return secret;
  throw new QueryError([
    { code: "INVALID_OPTION", path: "", message: "option secret must be a non-empty string or Uint8Array" }
  ]);
}

// src/query/plan.ts
var SCALAR_TYPES = ["string", "integer", "number", "boolean", "timestamp"];
var PROPERTIES = ["pageSize", "filter", "sort", "pageToken", "fields"];
var DEFAULT_MAX_PAGE_SIZE = 1e3;
var DEFAULT_PAGE_SIZE = 100;
var DEFAULT_MAX_SORT_KEYS = 8;
function isObject2(value2) {
  return typeof value2 === "object" && value2 !== null && !isArray(value2);
}
function positiveInteger(value2, name, fallback, max = 1e6) {
  if (value2 === void 0) return fallback;
  if (typeof value2 !== "number" || !Number.isInteger(value2) || value2 < 1 || value2 > max) {
    throw new QueryError([
      {
        code: "INVALID_OPTION",
        path: "",
        message: `option ${name} must be an integer from 1 to ${max}, got ${describe2(value2)}`
      }
    ]);
  }
  return value2;
}
function checkDescription(description) {
  const bad2 = (message) => new QueryError([{ code: "INVALID_OPTION", path: "", message: `resource description: ${message}` }]);
  if (!isObject2(description) || !isObject2(description.fields) || !isArray(description.selectable)) {
    throw bad2("expected { name, fields, selectable }");
  }
  for (const field of description.selectable) {
    if (!hasOwn(description.fields, field)) throw bad2(`selectable field "${field}" is not in fields`);
  }
  for (const field of description.tieBreakers ?? DEFAULT_TIE_BREAKERS) {
    if (!hasOwn(description.fields, field)) throw bad2(`tie-breaker "${field}" is not in fields`);
    if (isVersionField(description.fields[field])) {
      throw bad2(`tie-breaker "${field}" is a version field, whose values tie; tie-breakers must be unique`);
    }
  }
  for (const [field, d] of Object.entries(description.fields)) {
    const format = d?.format;
    if (format !== void 0 && (format !== "version" || d?.type !== "string")) {
      throw bad2(`field "${field}": format must be "version", on a string field`);
    }
    if (d?.required === true && (d.nullable === true || !arrayIncludes(SCALAR_TYPES, d.type))) {
      throw bad2(`required field "${field}" must be a scalar type that is not nullable`);
    }
  }
  return description;
}
function isVersionField(d) {
  return d?.type === "string" && d.format === "version";
}
function sortKey(description, field, direction) {
  const d = hasOwn(description.fields, field) ? description.fields[field] : void 0;
  return isVersionField(d) ? { field, direction, order: "version" } : { field, direction };
}
function resourceDescription(resource) {
  const description = resolveResource(resource);
  if (description === void 0) {
    throw new QueryError([
      {
        code: "UNKNOWN_RESOURCE",
        path: "",
        message: `unknown resource ${describe2(resource)} (known: component, certificate, policy, upgradePlan, or pass a description)`
      }
    ]);
  }
  return checkDescription(description);
}
function parsePageSize(value2, max, fallback, problems) {
  if (value2 === void 0 || value2 === null) return fallback;
  if (typeof value2 !== "number" || !Number.isInteger(value2) || value2 < 1 || value2 > max) {
    problems.push({
      code: "INVALID_PAGE_SIZE",
      path: "/pageSize",
      message: `pageSize must be an integer from 1 to ${max}, got ${describe2(value2)}`
    });
    return fallback;
  }
  return value2;
}
function parseSort(value2, resource, maxKeys, problems) {
  if (value2 === void 0 || value2 === null) return [];
  if (!isObject2(value2)) {
    problems.push({
      code: "INVALID_SORT",
      path: "/sort",
      message: `sort must be an object mapping field names to "asc" or "desc", got ${describe2(value2)}`
    });
    return void 0;
  }
  if (countOwnKeys(value2, maxKeys) > maxKeys) {
    problems.push({
      code: "INVALID_SORT",
      path: "/sort",
      message: `sort has more than ${maxKeys} keys; at most ${maxKeys} are allowed`
    });
    return void 0;
  }
  const entries = Object.entries(value2);
  if (entries.length > maxKeys) {
    problems.push({
      code: "INVALID_SORT",
      path: "/sort",
      message: `sort has ${entries.length} keys; at most ${maxKeys} are allowed`
    });
    return void 0;
  }
  const keys = [];
  let ok = true;
  for (const [field, direction] of entries) {
    const at2 = pointer("/sort", field);
    const description = hasOwn(resource.fields, field) ? resource.fields[field] : void 0;
    if (description === void 0) {
      const suggestion2 = closest(
        field,
        Object.entries(resource.fields).filter(([, d]) => d.sortable).map(([name]) => name)
      );
      problems.push({
        code: "UNKNOWN_SORT_FIELD",
        path: at2,
        message: `sort field "${showText(field)}" is not a field of ${resource.name}${suggestion2 === void 0 ? "" : `; did you mean "${suggestion2}"?`}`,
        ...suggestion2 === void 0 ? {} : { suggestion: suggestion2 }
      });
      ok = false;
    } else if (!description.sortable) {
      problems.push({
        code: "UNSORTABLE_FIELD",
        path: at2,
        message: `field "${showText(field)}" of ${resource.name} cannot be sorted on`
      });
      ok = false;
    }
    if (direction !== "asc" && direction !== "desc") {
      problems.push({
        code: "INVALID_SORT_DIRECTION",
        path: at2,
        message: `sort direction of "${showText(field)}" must be "asc" or "desc", got ${describe2(direction)}`
      });
      ok = false;
    }
    if (ok) keys.push(sortKey(resource, field, direction));
  }
  return ok ? keys : void 0;
}
function parseFields(value2, resource, problems) {
  if (value2 === void 0 || value2 === null) return [];
  if (!isArray(value2)) {
    problems.push({
      code: "INVALID_FIELDS",
      path: "/fields",
      message: `fields must be an array of field names, got ${describe2(value2)}`
    });
    return void 0;
  }
  const fieldCount = objectKeys(resource.fields).length;
  if (value2.length > fieldCount) {
    problems.push({
      code: "INVALID_FIELDS",
      path: "/fields",
      message: `fields lists ${value2.length} names; ${resource.name} has ${fieldCount} fields`
    });
    return void 0;
  }
  const selectable = new Set(resource.selectable);
  const seen = /* @__PURE__ */ new Set();
  const out = [];
  value2.forEach((field, i) => {
    const at2 = pointer("/fields", i);
    if (typeof field !== "string") {
      problems.push({
        code: "INVALID_FIELDS",
        path: at2,
        message: `fields/${i} must be a field name, got ${describe2(field)}`
      });
    } else if (seen.has(field)) {
      problems.push({
        code: "INVALID_FIELDS",
        path: at2,
        message: `field "${showText(field)}" is selected twice`
      });
    } else if (!selectable.has(field)) {
      const known = hasOwn(resource.fields, field);
      const suggestion2 = known ? void 0 : closest(field, resource.selectable);
      problems.push({
        code: known ? "UNSELECTABLE_FIELD" : "UNKNOWN_FIELD",
        path: at2,
        message: known ? `field "${showText(field)}" of ${resource.name} cannot be selected (selectable: ${resource.selectable.join(", ")})` : `field "${showText(field)}" is not a field of ${resource.name}${suggestion2 === void 0 ? "" : `; did you mean "${suggestion2}"?`}`,
        ...suggestion2 === void 0 ? {} : { suggestion: suggestion2 }
      });
    } else {
      seen.add(field);
      out.push(field);
    }
  });
  return out;
}
function parseQueryFilter(value2, resource, limits, problems) {
  if (value2 === void 0 || value2 === null) return void 0;
  let node2;
  try {
    node2 = parseFilter(value2, limits);
  } catch (error) {
    const e = ownFilterError(error);
    if (e === void 0) throw error;
    problems.push({
      code: "INVALID_FILTER",
      path: `/filter${e.path}`,
      message: `filter: ${e.message}`,
      filterCode: e.code
    });
    return false;
  }
  const before = problems.length;
  checkFilterFields(node2, "/filter", resource, problems);
  if (problems.length > before) return false;
  return node2.clauses.length === 0 ? void 0 : node2;
}
function parseQuery(request, resource, given = {}) {
  const description = resourceDescription(resource);
  const options = ownOptions(given);
  const limits = passLimits(options);
  try {
    return plan2(request, description, options, limits);
  } catch (error) {
    if (isOwnError(error)) throw error;
    throw new QueryError([
      {
        code: "INVALID_REQUEST",
        path: "",
        message: `the query request could not be read: ${safeMessage(error)}`
      }
    ]);
  }
}
function plan2(request, description, options, limits) {
  const maxPageSize = positiveInteger(options.maxPageSize, "maxPageSize", DEFAULT_MAX_PAGE_SIZE);
  const defaultPageSize = positiveInteger(
    options.defaultPageSize,
    "defaultPageSize",
    Math.min(DEFAULT_PAGE_SIZE, maxPageSize),
    maxPageSize
  );
  const maxSortKeys = positiveInteger(options.maxSortKeys, "maxSortKeys", DEFAULT_MAX_SORT_KEYS, 100);
  const secret = secretBytes(options.secret);
  const asOf = queryAsOf(options.asOf);
  if (!isObject2(request)) {
    throw new QueryError([
      {
        code: "INVALID_REQUEST",
        path: "",
        message: `a query request must be a JSON object, got ${describe2(request)}`
      }
    ]);
  }
  const problems = [];
  if (countOwnKeys(request, limits.limits.maxKeys) > limits.limits.maxKeys) {
    throw new QueryError([
      {
        code: "INVALID_REQUEST",
        path: "",
        message: `a query request has more than ${limits.limits.maxKeys} properties; it has ${PROPERTIES.length} (${PROPERTIES.join(", ")})`
      }
    ]);
  }
  const keys = objectKeys(request);
  for (const key of keys) {
    if (arrayIncludes(PROPERTIES, key)) continue;
    const suggestion2 = key === "nextToken" ? "pageToken" : closest(key, PROPERTIES);
    problems.push({
      code: "UNKNOWN_PROPERTY",
      path: pointer("", key),
      message: `unknown property "${showText(key)}" of a query request${suggestion2 === void 0 ? "" : `; did you mean "${suggestion2}"?`}`,
      ...suggestion2 === void 0 ? {} : { suggestion: suggestion2 }
    });
  }
  const pageSize = parsePageSize(own(request, "pageSize"), maxPageSize, defaultPageSize, problems);
  const filter = parseQueryFilter(own(request, "filter"), description, limits, problems);
  const requested = parseSort(own(request, "sort"), description, maxSortKeys, problems);
  const selection = parseFields(own(request, "fields"), description, problems);
  const token = own(request, "pageToken");
  if (token !== void 0 && token !== null && typeof token !== "string") {
    problems.push({
      code: "INVALID_PAGE_TOKEN",
      path: "/pageToken",
      message: `pageToken must be a string, got ${describe2(token)}`
    });
  }
  const sort = [...requested ?? []];
  for (const field of description.tieBreakers ?? DEFAULT_TIE_BREAKERS) {
    if (!arraySome(sort, (k) => k.field === field)) sort.push(sortKey(description, field, "asc"));
  }
  const binding = filter === false ? "" : bindingOf(description, filter, sort);
  let after;
  let walkAsOf;
  if (typeof token === "string" && token !== "") {
    try {
      const decoded = decodeToken(token, { binding, keys: sort.length }, secret);
      after = decoded.key;
      walkAsOf = decoded.asOf;
    } catch (error) {
      if (!isOwnError(error) || !(error instanceof QueryError)) throw error;
      if (requested !== void 0 && filter !== false) problems.push(...error.problems);
    }
  }
  if (problems.length > 0) throw new QueryError(problems);
  const fields = selection !== void 0 && selection.length > 0 ? selection : [...description.selectable];
  const plan3 = freeze({
    resource: description,
    pageSize,
    filter: filter === false ? void 0 : filter,
    sort: freeze(sort.map((k) => freeze(k))),
    fields: freeze(fields),
    selected: selection !== void 0 && selection.length > 0,
    after,
    binding,
    asOf: walkAsOf ?? asOf
  });
  if (secret !== void 0) keepSecret(plan3, secret);
  return plan3;
}

// src/query/legacy.ts
var LEGACY_OPERATIONS = {
  3: {
    operation: 3,
    legacyPath: "POST /policy/search",
    path: "POST /policy/query",
    resource: "policy",
    filters: ["name"],
    maxPageSize: 1e3
  },
  6: {
    operation: 6,
    legacyPath: "POST /policy/{policyId}/component/search",
    path: "POST /policy/{policyId}/component/query",
    // The replacement's shape is not in the description: the request is carried over unvalidated.
    resource: void 0,
    filters: ["technology", "tags", "dueDate"],
    maxPageSize: 100
  },
  7: {
    operation: 7,
    legacyPath: "POST /component/search",
    path: "POST /component/query",
    resource: "component",
    filters: ["tags", "technology"],
    maxPageSize: 1e3
  },
  12: {
    operation: 12,
    legacyPath: "POST /integration/search",
    path: "POST /integration/query",
    resource: void 0,
    filters: ["type"],
    maxPageSize: 1e3
  }
};
var BODY_KEYS = ["filter", "sort", "nextToken", "pageSize"];
var MAX_KEYS = DEFAULT_LIMITS.maxKeys;
var FORBIDDEN_SEGMENTS = /* @__PURE__ */ new Set(["__proto__", "prototype", "constructor"]);
function isObject3(value2) {
  return typeof value2 === "object" && value2 !== null && !isArray(value2);
}
function operationOf(operation) {
  const n = typeof operation === "string" && /^\d+$/.test(operation.trim()) ? Number(operation) : operation;
  if (typeof n === "number" && hasOwn(LEGACY_OPERATIONS, n)) return LEGACY_OPERATIONS[n];
  if (typeof operation === "string") {
    const text2 = operation.trim().replace(/\s+/g, " ");
    return Object.values(LEGACY_OPERATIONS).find(
      (t) => t.legacyPath === text2 || t.legacyPath.slice("POST ".length) === text2
    );
  }
  return void 0;
}
function legacySearchToQuery(operation, body) {
  try {
    return convert(operation, body);
  } catch (error) {
    if (isOwnError(error)) throw error;
    throw new QueryError([
      {
        code: "INVALID_REQUEST",
        path: "",
        message: `the legacy search body could not be read: ${safeMessage(error)}`
      }
    ]);
  }
}
function checkKeyCount(value2, at2, what2) {
  if (countOwnKeys(value2, MAX_KEYS) > MAX_KEYS) {
    throw new QueryError([
      { code: "INVALID_REQUEST", path: at2, message: `${what2} has more than ${MAX_KEYS} keys` }
    ]);
  }
}
function convert(operation, body) {
  const target = operationOf(operation);
  if (target === void 0) {
    throw new QueryError([
      {
        code: "UNKNOWN_OPERATION",
        path: "",
        message: `unknown legacy search operation ${showValue(operation)} (known: 3 ${LEGACY_OPERATIONS[3].legacyPath}, 6 ${LEGACY_OPERATIONS[6].legacyPath}, 7 ${LEGACY_OPERATIONS[7].legacyPath}, 12 ${LEGACY_OPERATIONS[12].legacyPath})`
      }
    ]);
  }
  if (!isObject3(body)) {
    throw new QueryError([
      { code: "INVALID_REQUEST", path: "", message: "a legacy search body must be a JSON object" }
    ]);
  }
  checkKeyCount(body, "", "a legacy search body");
  const problems = [];
  const notices = [];
  const request = {};
  for (const key of objectKeys(body)) {
    if (arrayIncludes(BODY_KEYS, key)) continue;
    const suggestion2 = closest(key, BODY_KEYS);
    problems.push({
      code: "NOT_CONVERTIBLE",
      path: pointer("", key),
      message: `"${showText(key)}" is not part of a legacy search body and has no equivalent in a query request${suggestion2 === void 0 ? "" : `; did you mean "${suggestion2}"?`}`,
      ...suggestion2 === void 0 ? {} : { suggestion: suggestion2 }
    });
  }
  const nextToken = own(body, "nextToken");
  const pageSize = own(body, "pageSize");
  const sort = own(body, "sort");
  if (nextToken !== void 0 && nextToken !== null) {
    notices.push(
      "nextToken dropped: a legacy cursor cannot be carried over, so the query starts again from the first page (continue with nextPageToken)"
    );
  }
  if (pageSize !== void 0 && pageSize !== null) {
    const n = pageSize;
    if (typeof n !== "number" || !Number.isInteger(n) || n < 1 || n > target.maxPageSize) {
      problems.push({
        code: "INVALID_REQUEST",
        path: "/pageSize",
        message: `pageSize must be an integer from 1 to ${target.maxPageSize}, got ${showValue(n)}`
      });
    } else request.pageSize = n;
  }
  if (sort !== void 0 && sort !== null) {
    if (!isObject3(sort)) {
      problems.push({
        code: "INVALID_REQUEST",
        path: "/sort",
        message: 'sort must be an object such as { "createdAt": "asc" }'
      });
    } else {
      checkKeyCount(sort, "/sort", "sort");
      const entries = Object.entries(sort);
      for (const [field, direction] of entries) {
        if (direction !== "asc" && direction !== "desc") {
          problems.push({
            code: "NOT_CONVERTIBLE",
            path: pointer("/sort", field),
            message: `sort direction of "${showText(field)}" must be "asc" or "desc", got ${showValue(direction)}`
          });
        }
      }
      if (entries.length > 0) request.sort = Object.fromEntries(entries);
    }
  }
  const origins = /* @__PURE__ */ new Map();
  const filter = convertFilter(own(body, "filter"), target, problems, origins);
  if (filter !== void 0 && objectKeys(filter).length > 0) request.filter = filter;
  if (problems.length === 0 && target.resource !== void 0) {
    try {
      parseQuery(request, target.resource, { maxPageSize: target.maxPageSize });
    } catch (error) {
      if (!(error instanceof QueryError)) throw error;
      for (const p of error.problems) {
        const path = legacyPointer(p.path, origins);
        problems.push({
          ...p,
          code: "NOT_CONVERTIBLE",
          path,
          message: `in ${target.path}: ${p.message}`,
          ...path === p.path ? {} : { requestPath: p.path }
        });
      }
    }
  }
  if (problems.length > 0) throw new QueryError(problems);
  return { ...target, request, notices };
}
function legacyPointer(path, origins) {
  const match = /^\/filter\/([^/]*)(\/([^/]*))?/.exec(path);
  if (match === null) return path;
  const key = match[1].replace(/~1/g, "/").replace(/~0/g, "~");
  const origin = origins.get(key);
  if (origin === void 0) return path;
  const op = match[3];
  if (op === void 0) return origin.key;
  return origin.ops?.[op] ?? origin.value;
}
function convertFilter(filter, target, problems, origins) {
  if (filter === void 0 || filter === null) return void 0;
  if (!isObject3(filter)) {
    problems.push({
      code: "INVALID_REQUEST",
      path: "/filter",
      message: "filter must be an object of legacy filter properties"
    });
    return void 0;
  }
  checkKeyCount(filter, "/filter", "filter");
  const out = {};
  for (const [key, value2] of Object.entries(filter)) {
    const at2 = pointer("/filter", key);
    if (!arrayIncludes(target.filters, key)) {
      const suggestion2 = closest(key, target.filters);
      problems.push({
        code: "NOT_CONVERTIBLE",
        path: at2,
        message: `filter property "${showText(key)}" is not one of ${target.legacyPath} (${target.filters.join(", ")}); it cannot be carried over${suggestion2 === void 0 ? "" : `; did you mean "${suggestion2}"?`}`,
        ...suggestion2 === void 0 ? {} : { suggestion: suggestion2 }
      });
      continue;
    }
    if (value2 === void 0 || value2 === null) continue;
    switch (key) {
      case "name":
      case "type":
      case "technology":
        if (typeof value2 !== "string") {
          problems.push({
            code: "INVALID_REQUEST",
            path: at2,
            message: `filter property "${showText(key)}" must be a string, got ${showValue(value2)}`
          });
        } else {
          out[key] = { $eq: value2 };
          origins.set(key, { key: at2, value: at2 });
        }
        break;
      case "tags":
        convertTags(value2, at2, out, problems, origins);
        break;
      case "dueDate":
        convertDueDate(value2, at2, out, problems, origins);
        break;
    }
  }
  return out;
}
function convertTags(value2, at2, out, problems, origins) {
  if (!isArray(value2)) {
    problems.push({
      code: "INVALID_REQUEST",
      path: at2,
      message: 'tags must be an array of { "key": \u2026, "value": \u2026 } pairs'
    });
    return;
  }
  if (value2.length > MAX_KEYS) {
    throw new QueryError([
      { code: "INVALID_REQUEST", path: at2, message: `tags has more than ${MAX_KEYS} pairs` }
    ]);
  }
  value2.forEach((pair, i) => {
    const where2 = pointer(at2, i);
    const key = isObject3(pair) ? own(pair, "key") : void 0;
    const tagValue = isObject3(pair) ? own(pair, "value") : void 0;
    if (!isObject3(pair) || typeof key !== "string" || typeof tagValue !== "string") {
      problems.push({
        code: "INVALID_REQUEST",
        path: where2,
        message: `tags/${i} must be { "key": string, "value": string }`
      });
      return;
    }
    checkKeyCount(pair, where2, `tags/${i}`);
    const extra = objectKeys(pair).filter((k) => k !== "key" && k !== "value");
    if (extra.length > 0) {
      problems.push({
        code: "NOT_CONVERTIBLE",
        path: pointer(where2, extra[0]),
        message: `tag property "${showText(extra[0])}" has no equivalent`
      });
      return;
    }
    if (key === "" || stringIncludes(key, PATH_SEPARATOR) || key === ARRAY_ANY || FORBIDDEN_SEGMENTS.has(key)) {
      problems.push({
        code: "NOT_CONVERTIBLE",
        path: pointer(where2, "key"),
        message: `tag key ${showValue(key)} cannot be written as a filter path (empty, containing "${PATH_SEPARATOR}", or reserved)`
      });
      return;
    }
    const path = `tags${PATH_SEPARATOR}${key}`;
    const previous = out[path];
    if (previous !== void 0 && previous.$eq !== tagValue) {
      problems.push({
        code: "NOT_CONVERTIBLE",
        path: where2,
        message: `tag "${showText(key)}" is given twice with different values; a tag map holds one value per key, so the intent cannot be carried over`
      });
      return;
    }
    out[path] = { $eq: tagValue };
    if (!origins.has(path)) origins.set(path, { key: pointer(where2, "key"), value: pointer(where2, "value") });
  });
}
function convertDueDate(value2, at2, out, problems, origins) {
  if (!isObject3(value2)) {
    problems.push({
      code: "INVALID_REQUEST",
      path: at2,
      message: 'dueDate must be { "gte": timestamp, "lt": timestamp }'
    });
    return;
  }
  checkKeyCount(value2, at2, "dueDate");
  const range = {};
  for (const [bound2, v] of Object.entries(value2)) {
    const op = bound2 === "gte" ? "$gte" : bound2 === "lt" ? "$lt" : void 0;
    if (op === void 0) {
      problems.push({
        code: "NOT_CONVERTIBLE",
        path: pointer(at2, bound2),
        message: `dueDate bound "${showText(bound2)}" has no equivalent (only gte and lt)`
      });
    } else if (typeof v !== "string" || Number.isNaN(Date.parse(v))) {
      problems.push({
        code: "INVALID_REQUEST",
        path: pointer(at2, bound2),
        message: `dueDate.${bound2} must be a timestamp string, got ${showValue(v)}`
      });
    } else range[op] = v;
  }
  if (objectKeys(range).length > 0) {
    out.dueDate = range;
    origins.set("dueDate", {
      key: at2,
      value: at2,
      ops: { $gte: pointer(at2, "gte"), $lt: pointer(at2, "lt") }
    });
  }
}

// src/cli/migrate-search-command.ts
var MIGRATE_SEARCH_USAGE = `usage: svc-policy migrate-search [--operation N] [--envelope] [--max-bytes N] [--help] [FILE|-]...

Rewrites stored bodies of the deprecated legacy searches (removed on 2026-09-04) as query requests of
their replacement operations. Each input is a JSON file holding one body or an array of bodies; "-"
(the default) reads standard input. Without --operation, each item is { "operation": N, "body": {\u2026} }.
Prints the converted request (or an array, for an array input) as JSON; notices (a dropped nextToken)
go to standard error.

operations:
  3   POST /policy/search                      -> POST /policy/query
  6   POST /policy/{policyId}/component/search -> POST /policy/{policyId}/component/query
  7   POST /component/search                   -> POST /component/query
  12  POST /integration/search                 -> POST /integration/query

options:
  -o, --operation N   the legacy operation the bodies belong to (3, 6, 7 or 12, or its path)
      --envelope      print { operation, path, request, notices } instead of the bare request
      --max-bytes N   largest input read, file or standard input (default 16777216); a FIFO or
                      device named as FILE is not read (pipe it to standard input)
  -h, --help          this text

exit codes:
  0  every body was converted
  1  some body cannot be carried over (each problem is printed with its JSON pointer and code)
  2  usage error, unreadable or too large input, or input that is not JSON
`;
var MIGRATE_SEARCH_OPTIONS = {
  operation: { type: "string", short: "o" },
  envelope: { type: "boolean" },
  "max-bytes": { type: "string" },
  help: { type: "boolean", short: "h" }
};
var DEFAULT_MAX_BYTES2 = 16 * 1024 * 1024;
var ReadProblem = class extends Error {
};
async function readInput(path, maxBytes) {
  if (path !== "-") {
    const read2 = await readTextFile(path, void 0, maxBytes);
    if ("problem" in read2) throw new ReadProblem(`the file ${read2.problem}`);
    return read2.text;
  }
  const chunks = [];
  let length = 0;
  for await (const chunk of process.stdin) {
    length += chunk.length;
    if (length > maxBytes) {
      process.stdin.destroy();
      throw new ReadProblem(`standard input is more than the limit of ${maxBytes} bytes (--max-bytes)`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}
function parseMaxBytes(value2) {
  if (value2 === void 0) return DEFAULT_MAX_BYTES2;
  const n = Number(value2);
  if (!/^\d+$/.test(value2) || !Number.isSafeInteger(n) || n < 1) {
    throw new UsageError(`--max-bytes must be a positive integer, got "${value2}"`);
  }
  return n;
}
function itemOperation(item) {
  if (typeof item !== "object" || item === null || !("operation" in item) || !("body" in item)) {
    throw new QueryError([
      {
        code: "UNKNOWN_OPERATION",
        path: "",
        message: 'no --operation given, and the item is not { "operation": N, "body": {\u2026} }'
      }
    ]);
  }
  return [String(item.operation), item.body];
}
async function run4(args, { out, err }) {
  const maxBytes = parseMaxBytes(args.values["max-bytes"]);
  const operation = args.values.operation;
  const files = args.positionals.length > 0 ? args.positionals : ["-"];
  const outputs = [];
  let failed = false;
  for (const file of files) {
    const name = file === "-" ? "<stdin>" : file;
    let input;
    try {
      let text2 = await readInput(file, maxBytes);
      if (text2.charCodeAt(0) === 65279) text2 = text2.slice(1);
      input = JSON.parse(text2);
    } catch (error) {
      const reason = error instanceof ReadProblem ? error.message : error.code ?? error.message;
      err.say(`cannot read ${printable(name)}: ${printable(reason)}`);
      return 2;
    }
    const bodies = Array.isArray(input) ? input : [input];
    const converted = [];
    for (const [i, body] of bodies.entries()) {
      const where2 = Array.isArray(input) ? `${name}[${i}]` : name;
      try {
        const result = operation !== void 0 ? legacySearchToQuery(operation, body) : legacySearchToQuery(...itemOperation(body));
        for (const notice of result.notices) err.line(`${printable(where2)}: notice: ${printable(notice)}`);
        converted.push(
          args.values.envelope ? {
            operation: result.operation,
            path: result.path,
            request: result.request,
            notices: result.notices
          } : result.request
        );
      } catch (error) {
        if (!(error instanceof QueryError)) throw error;
        if (error.code === "UNKNOWN_OPERATION" && operation !== void 0) {
          err.say(error.message);
          process.stderr.write(MIGRATE_SEARCH_USAGE);
          return 2;
        }
        for (const p of error.problems)
          err.line(`${printable(where2)}: ${printable(p.path || "/")}: ${printable(p.message)} [${p.code}]`);
        failed = true;
      }
    }
    outputs.push(...Array.isArray(input) ? [converted] : converted);
  }
  if (failed) return 1;
  const value2 = outputs.length === 1 ? outputs[0] : outputs;
  await write(out, `${JSON.stringify(value2, null, 2)}
`);
  return 0;
}
var migrateSearchCommand = {
  name: "migrate-search",
  usage: MIGRATE_SEARCH_USAGE,
  options: MIGRATE_SEARCH_OPTIONS,
  run: run4
};

// src/cli/runner.ts
function usageErrorText(command, message) {
  return `svc-policy ${command}: ${printable(message)}
run "svc-policy ${command} --help" for the usage
`;
}
function exitOnClosedPipe(out) {
  out.on("error", (error) => {
    if (error.code === "EPIPE") process.exit(0);
    throw error;
  });
}
function reporter(command, err = process.stderr) {
  const head = command === null ? "svc-policy" : `svc-policy ${command}`;
  return {
    say: (message, options) => err.write(`${head}: ${printable(message, options)}
`),
    notice: (message) => err.write(`${head}: notice: ${printable(message)}
`),
    line: (text2) => err.write(`${printable(text2)}
`),
    lines: (text2) => err.write(`${printable(text2, { lines: true })}
`)
  };
}
var EXIT_USAGE = 2;
async function runCommand(command, argv) {
  const out = process.stdout;
  const err = reporter(command.name);
  exitOnClosedPipe(out);
  try {
    const args = parseCommandArgs(argv, command.options);
    if (args.values.help === true) {
      out.write(command.usage);
      return 0;
    }
    return await command.run(args, { out, err });
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(usageErrorText(command.name, error.message));
      return EXIT_USAGE;
    }
    const failure = command.failure?.(error);
    if (failure === void 0) throw error;
    err.say(failure.message, { lines: failure.lines === true });
    return EXIT_USAGE;
  }
}

// src/sample/common.ts
var REFERENCE_DATE = "2026-06-01T00:00:00.000Z";
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = a + 1831565813 >>> 0;
    let t = a;
    t = Math.imul(t ^ t >>> 15, t | 1);
    t ^= t + Math.imul(t ^ t >>> 7, t | 61);
    return ((t ^ t >>> 14) >>> 0) / 4294967296;
  };
}
var DAY3 = 864e5;
var BYTE_HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));
var Random = class {
  next;
  constructor(seed) {
    this.next = mulberry32(seed);
  }
  int(n) {
    return Math.floor(this.next() * n);
  }
  pick(items) {
    return items[Math.floor(this.next() * items.length)];
  }
  chance(p) {
    return this.next() < p;
  }
  /** `n` hex digits (n even), from a byte table: `toString(16)` and `padStart` are slow in hot loops. */
  hex(n, separator = "") {
    let out = "";
    for (let i = 0; i < n; i += 2) {
      if (i > 0) out += separator;
      out += BYTE_HEX[this.next() * 256 | 0];
    }
    return out;
  }
  /** A uuid-shaped id, unique per generator run because the index is part of it. */
  uuid(index) {
    return `${this.hex(8)}-${this.hex(4)}-4${this.hex(4).slice(1)}-a${this.hex(4).slice(1)}-${index.toString(16).padStart(12, "0")}`;
  }
};
function weighted(pairs2) {
  const total = pairs2.reduce((s, [, w]) => s + w, 0);
  const values = pairs2.map(([v]) => v);
  const bounds = [];
  let acc = 0;
  for (const [, w] of pairs2) {
    acc += w;
    bounds.push(acc / total);
  }
  const last = values.length - 1;
  return (r) => {
    const x = r.next();
    for (let i = 0; i < last; i++) if (x < bounds[i]) return values[i];
    return values[last];
  };
}
function nowMs(options) {
  const now = options?.now ?? REFERENCE_DATE;
  const ms = typeof now === "string" ? Date.parse(now) : now.getTime();
  if (Number.isNaN(ms)) throw new RangeError(`invalid reference date ${String(now)}`);
  return ms;
}
var iso = (ms) => new Date(ms).toISOString();
var AWS_REGIONS = [
  "us-east-1",
  "us-east-2",
  "us-west-2",
  "eu-west-1",
  "eu-central-1",
  "ap-southeast-2"
];
var ACCOUNTS = ["123456789012", "210987654321", "345678901234", "456789012345"];
var NAMES2 = [
  "orders",
  "billing",
  "users",
  "catalog",
  "events",
  "sessions",
  "ledger",
  "search",
  "audit",
  "metrics"
];

// src/sample/certificates.ts
var ISSUERS = ["Amazon", "Let's Encrypt", "DigiCert Inc", "Sectigo Limited", "GlobalSign nv-sa"];
var KEY_ALGORITHMS = ["RSA_2048", "RSA_2048", "EC_prime256v1", "RSA_4096"];
var DOMAINS = ["example.com", "example.org", "shop.example.net", "internal.example.io"];
var EXPIRY = weighted([
  [-90, 8],
  [30, 12],
  [395, 80]
]);
function* generateCertificates(count2, options) {
  const r = new Random((options?.seed ?? 1) ^ 24301);
  const now = nowMs(options);
  for (let i = 0; i < count2; i++) {
    const band = EXPIRY(r);
    const expires = band < 0 ? now - r.int(-band * DAY3) - 1 : band === 30 ? now + r.int(30 * DAY3) : now + (30 + r.int(365)) * DAY3;
    const lifetime = Math.max(r.chance(0.5) ? 90 * DAY3 : 395 * DAY3, expires - now + DAY3 * (1 + r.int(60)));
    const issued = expires - lifetime;
    const where2 = r.pick(AWS_REGIONS);
    const account = r.pick(ACCOUNTS);
    const base = r.pick(DOMAINS);
    const domainName = `${r.pick(NAMES2)}.${base}`;
    const certId = r.uuid(i);
    const created = issued - r.int(DAY3);
    const createdIso = iso(created);
    const issuedIso = iso(issued);
    const deleted = r.chance(0.04) ? iso(Math.min(now - 1, Math.max(created + 1, expires + r.int(10 * DAY3)))) : null;
    const details = r.chance(0.1) ? {} : {
      serialNumber: r.hex(32, ":"),
      signatureAlgorithm: r.pick(["SHA256WITHRSA", "SHA384WITHECDSA"])
    };
    const componentIds = [];
    for (let k = r.int(4); k > 0; k--) componentIds.push(1 + r.int(1e5));
    yield {
      id: certId,
      integrationId: String(1e3 + r.int(12)),
      uniqueIdentifier: `arn:aws:acm:${where2}:${account}:certificate/${certId}`,
      type: "ssl",
      status: expires < now ? "expired" : "active",
      issuer: r.pick(ISSUERS),
      keyAlgorithm: r.pick(KEY_ALGORITHMS),
      renewalEligibility: r.chance(0.85) ? "eligible" : "ineligible",
      domainName,
      domains: r.chance(0.5) ? [domainName] : [domainName, `*.${base}`],
      inUseBy: componentIds.map(
        (id) => `arn:aws:elasticloadbalancing:${where2}:${account}:loadbalancer/app/lb-${id}`
      ),
      created: createdIso,
      issuedAt: issuedIso,
      validityStartDate: issuedIso,
      expirationDate: iso(expires),
      dueDate: iso(expires - 30 * DAY3),
      details,
      createdAt: createdIso,
      updatedAt: iso(Math.min(now - 1, created + r.int(30 * DAY3))),
      deletedAt: deleted,
      componentIds,
      displayType: r.chance(0.7) ? "Amazon issued" : "Imported"
    };
  }
}

// src/sample/generator.ts
var GCP_REGIONS = ["us-central1", "europe-west1", "asia-east1"];
var AZURE_REGIONS = ["eastus", "westeurope", "northeurope"];
var PROJECTS = ["payments-prod", "data-platform", "web-staging"];
var TEAMS = ["payments", "platform", "data", "identity", "search", "growth"];
var ENVS = weighted([
  ["prod", 5],
  ["staging", 3],
  ["dev", 2]
]);
var POSTGRES = weighted([
  ["9.6.24", 1],
  ["11.22", 1],
  ["12.20", 2],
  ["13.16", 3],
  ["14", 1],
  ["14.13", 4],
  ["15.8", 5],
  ["16.4", 5],
  ["17.2", 2]
]);
var MYSQL = weighted([
  ["5.7.44", 2],
  ["8.0.39", 5],
  ["8.4.3", 3]
]);
var REDIS = weighted([
  ["5.0.6", 1],
  ["6.0.5", 2],
  ["6.2.14", 4],
  ["7.0.15", 3],
  ["7.1.0", 2]
]);
var K8S_MINORS = [27, 28, 29, 30, 31, 32];
var KUBERNETES = weighted([
  ["1.27", 1],
  ["1.28", 2],
  ["1.29", 3],
  ["1.30", 4],
  ["1.31", 4],
  ["1.32", 2]
]);
var ELASTIC = weighted([
  ["6.8.23", 1],
  ["7.10.2", 2],
  ["7.17.18", 3],
  ["8.13.4", 3]
]);
var KAFKA = weighted([
  ["2.8.1", 1],
  ["3.5.1", 3],
  ["3.7.0", 3]
]);
var KINDS = weighted([
  [{ technology: "postgres", vendor: "aws", type: "rds-instance", versions: POSTGRES }, 16],
  [{ technology: "postgres", vendor: "aws", type: "aurora-cluster", versions: POSTGRES }, 6],
  [{ technology: "postgres", vendor: "gcp", type: "cloudsql-instance", versions: POSTGRES }, 4],
  [{ technology: "mysql", vendor: "aws", type: "rds-instance", versions: MYSQL }, 10],
  [{ technology: "redis", vendor: "aws", type: "elasticache-cluster", versions: REDIS }, 10],
  [{ technology: "kubernetes", vendor: "aws", type: "eks-cluster", versions: KUBERNETES }, 14],
  [{ technology: "kubernetes", vendor: "gcp", type: "gke-cluster", versions: KUBERNETES }, 4],
  [{ technology: "kubernetes", vendor: "azure", type: "aks-cluster", versions: KUBERNETES }, 4],
  [{ technology: "elasticsearch", vendor: "aws", type: "opensearch-domain", versions: ELASTIC }, 6],
  [{ technology: "kafka", vendor: "aws", type: "msk-cluster", versions: KAFKA }, 5]
]);
function region(r, vendor) {
  return r.pick(vendor === "aws" ? AWS_REGIONS : vendor === "gcp" ? GCP_REGIONS : AZURE_REGIONS);
}
function identifier(r, kind, where2, name) {
  const account = r.pick(ACCOUNTS);
  if (kind.vendor === "gcp") {
    const service = kind.technology === "kubernetes" ? "container" : "sqladmin";
    const what2 = kind.technology === "kubernetes" ? `locations/${where2}/clusters` : "instances";
    return `//${service}.googleapis.com/projects/${r.pick(PROJECTS)}/${what2}/${name}`;
  }
  if (kind.vendor === "azure") {
    return `/subscriptions/${account}-0000-4000-8000-${account}/resourceGroups/rg-${name}/providers/Microsoft.ContainerService/managedClusters/${name}`;
  }
  switch (kind.technology) {
    case "kubernetes":
      return `arn:aws:eks:${where2}:${account}:cluster/${name}`;
    case "redis":
      return `arn:aws:elasticache:${where2}:${account}:cluster:${name}`;
    case "elasticsearch":
      return `arn:aws:es:${where2}:${account}:domain/${name}`;
    case "kafka":
      return `arn:aws:kafka:${where2}:${account}:cluster/${name}/${r.hex(8)}`;
    default:
      return kind.type === "aurora-cluster" ? `arn:aws:rds:${where2}:${account}:cluster:${name}` : `arn:aws:rds:${where2}:${account}:db:${name}`;
  }
}
var IDLE_DAYS = weighted([
  [1, 50],
  [7, 15],
  [45, 10],
  [200, 7]
]);
function databaseDetails(r, now, version3) {
  const details = {
    engineVersion: version3,
    instanceClass: r.pick(["db.t3.medium", "db.r6g.large", "db.r6g.xlarge", "db.m6i.2xlarge"]),
    allocatedStorageGb: 20 * (1 + r.int(50)),
    multiAz: r.chance(0.6),
    storageEncrypted: r.chance(0.9)
  };
  const x = r.next();
  if (x < 0.06) details.lastActiveConnectionTime = null;
  else if (x >= 0.1) {
    details.lastActiveConnectionTime = iso(now - Math.floor(r.next() * IDLE_DAYS(r) * DAY3));
    details.activeConnections = r.int(200);
  }
  return details;
}
var NODE_STATUS = weighted([
  ["ACTIVE", 18],
  ["UPDATING", 1],
  ["DEGRADED", 1]
]);
var ADDONS = ["vpc-cni", "coredns", "kube-proxy", "aws-ebs-csi-driver", "metrics-server"];
function kubernetesDetails(r, version3) {
  const minor = Number(version3.slice(2));
  const count2 = 1 + r.int(4);
  const nodes = new Array(count2);
  for (let i = 0; i < count2; i++) {
    const lag = r.chance(0.7) ? 0 : 1 + r.int(3);
    const nodeMinor = Math.max(K8S_MINORS[0] - 3, minor - lag);
    nodes[i] = {
      name: `ng-${r.pick(["general", "compute", "memory", "gpu", "spot"])}-${i}`,
      version: `1.${nodeMinor}`,
      status: NODE_STATUS(r),
      instanceTypes: [r.pick(["m6i.large", "m6i.xlarge", "c6i.2xlarge", "r6i.xlarge", "g5.xlarge"])],
      desiredSize: 1 + r.int(20),
      capacityType: r.chance(0.8) ? "ON_DEMAND" : "SPOT"
    };
  }
  const addOns = ADDONS.filter(() => r.chance(0.7)).map((name) => ({
    name,
    version: `v1.${r.int(20)}.${r.int(10)}-eksbuild.${1 + r.int(3)}`,
    status: r.chance(0.95) ? "ACTIVE" : "DEGRADED"
  }));
  return {
    platformVersion: `eks.${1 + r.int(15)}`,
    endpointPublicAccess: r.chance(0.3),
    nodes,
    addOns
  };
}
function technologyDetails(r, kind, now, version3) {
  switch (kind.technology) {
    case "postgres":
    case "mysql":
      return databaseDetails(r, now, version3);
    case "kubernetes":
      return kubernetesDetails(r, version3);
    case "redis":
      return { nodeType: r.pick(["cache.t3.small", "cache.r6g.large"]), numCacheNodes: 1 + r.int(6) };
    case "elasticsearch":
      return { instanceType: r.pick(["r6g.large.search", "m6g.large.search"]), instanceCount: 1 + r.int(9) };
    default:
      return { brokerNodes: 3 * (1 + r.int(3)), storagePerBrokerGb: 100 * (1 + r.int(10)) };
  }
}
function* generateComponents(count2, options) {
  const r = new Random(options?.seed ?? 1);
  const now = nowMs(options);
  for (let i = 0; i < count2; i++) {
    const kind = KINDS(r);
    const where2 = region(r, kind.vendor);
    const env = ENVS(r);
    const name = `${r.pick(NAMES2)}-${env}-${i.toString(36)}`;
    const version3 = kind.versions(r);
    const team = r.pick(TEAMS);
    const created = now - DAY3 * (30 + r.int(1e3)) - r.int(DAY3);
    const updated = created + r.int(now - created);
    const tags = { env, team, Name: name };
    if (r.chance(0.7)) tags.owner = `${team}@example.com`;
    if (r.chance(0.3)) tags["cost-center"] = `cc-${1e3 + r.int(40)}`;
    if (kind.technology === "kubernetes" && r.chance(0.5)) tags["app.kubernetes.io/managed-by"] = "terraform";
    const customTags = {};
    if (r.chance(0.4)) customTags.criticality = r.pick(["high", "medium", "low"]);
    if (r.chance(0.15)) customTags.compliance = r.pick(["pci", "sox", "hipaa"]);
    const component = {
      id: r.uuid(i),
      integrationId: String(1e3 + r.int(12)),
      uniqueIdentifier: identifier(r, kind, where2, name),
      region: where2,
      vendor: kind.vendor,
      technology: kind.technology,
      type: kind.type,
      // A few components were discovered before their version was known.
      version: r.chance(0.02) ? null : version3,
      hasAvailableSvcs: r.chance(0.35),
      tags,
      customTags,
      details: { [kind.technology]: technologyDetails(r, kind, now, version3) },
      createdAt: iso(created),
      updatedAt: iso(updated)
    };
    yield component;
  }
}
function* generateInventory(counts2, options) {
  const certificates = generateCertificates(counts2.certificates ?? 0, options);
  const every = counts2.certificates ? Math.max(1, Math.floor(counts2.components / counts2.certificates)) : 0;
  let i = 0;
  for (const component of generateComponents(counts2.components, options)) {
    yield { ...component, resource: "component" };
    if (every > 0 && ++i % every === 0) {
      const next = certificates.next();
      if (!next.done) yield { ...next.value, resource: "certificate" };
    }
  }
  for (const certificate of certificates) yield { ...certificate, resource: "certificate" };
}

// src/cli/sample-command.ts
var SAMPLE_USAGE = `usage: svc-policy sample --count N [--seed S] [--kind mixed|component|certificate] [--help]

Writes a sample inventory as NDJSON on standard output: records shaped like the API's query
representations of components and certificates, made by a seeded generator (the same seed gives the
same records, byte for byte), with a spread of statuses under the example policies
(fixtures/policies/examples). Each record names its kind in a "resource" field, so that "svc-policy
eval" applies each policy to the records of its kind.

  svc-policy sample --count 10000 > inventory.ndjson
  svc-policy eval -p fixtures/policies/examples -i inventory.ndjson

options:
  -n, --count N    records to write (1 to 100000000)
  -s, --seed S     the generator's seed, an integer from 0 to 4294967295 (default 1)
  -k, --kind KIND  mixed (default): components with one certificate for every ten records;
                   component or certificate: records of that kind only
  -h, --help       this text

exit codes:
  0  the records were written
  2  usage error
`;
var SAMPLE_OPTIONS = {
  count: { type: "string", short: "n" },
  seed: { type: "string", short: "s" },
  kind: { type: "string", short: "k" },
  help: { type: "boolean", short: "h" }
};
var MAX_COUNT = 1e8;
var KINDS2 = ["mixed", "component", "certificate"];
function integer(value2, name, min, max) {
  const n = Number(value2);
  if (!/^\d{1,10}$/.test(value2) || n < min || n > max) {
    throw new UsageError(`${name} must be an integer from ${min} to ${max}, got "${value2}"`);
  }
  return n;
}
function sampleRecords(count2, seed, kind) {
  const options = { seed };
  switch (kind) {
    case "mixed": {
      const certificates = Math.floor(count2 / 10);
      return generateInventory({ components: count2 - certificates, certificates }, options);
    }
    case "component":
      return (function* () {
        for (const c of generateComponents(count2, options)) yield { ...c, resource: "component" };
      })();
    case "certificate":
      return (function* () {
        for (const c of generateCertificates(count2, options)) yield { ...c, resource: "certificate" };
      })();
  }
}
async function run5({ values, positionals }, { out }) {
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  if (values.count === void 0) throw new UsageError("--count N is required");
  const count2 = integer(values.count, "--count", 1, MAX_COUNT);
  const seed = values.seed === void 0 ? 1 : integer(values.seed, "--seed", 0, 4294967295);
  const k = values.kind ?? "mixed";
  if (!KINDS2.includes(k)) {
    throw new UsageError(`--kind must be ${KINDS2.join(", ")}, got "${k}"`);
  }
  const kind = k;
  let batch = "";
  for (const record2 of sampleRecords(count2, seed, kind)) {
    batch += `${JSON.stringify(record2)}
`;
    if (batch.length >= 64 * 1024) {
      await write(out, batch);
      batch = "";
    }
  }
  if (batch !== "") await write(out, batch);
  return 0;
}
var sampleCommand = {
  name: "sample",
  usage: SAMPLE_USAGE,
  options: SAMPLE_OPTIONS,
  run: run5
};

// src/cli/test-command.ts
import { realpath as realpath2 } from "fs/promises";
import { basename as basename2, dirname as dirname2, resolve as resolve3 } from "path";

// src/cli/test-cases.ts
var FILE_KEYS = /* @__PURE__ */ new Set(["policy", "tests", "$schema"]);
var CASE_KEYS = /* @__PURE__ */ new Set([
  "name",
  "resource",
  "status",
  "applicable",
  "description",
  "asOf",
  "rule",
  "waiver"
]);
function isObject4(value2) {
  return typeof value2 === "object" && value2 !== null && !Array.isArray(value2);
}
function readCases(document, policy) {
  if (!isObject4(document)) throw new Error('a test file must hold an object with "tests"');
  for (const key of Object.keys(document)) {
    if (!FILE_KEYS.has(key)) throw new Error(`unknown key "${key}" (expected "policy" and "tests")`);
  }
  const tests = document.tests;
  if (!Array.isArray(tests) || tests.length === 0) throw new Error('"tests" must be a non-empty list');
  const statuses = new Set(policy.statuses.map((s) => s.name));
  return tests.map((t, i) => {
    const name = isObject4(t) && typeof t.name === "string" && t.name !== "" ? t.name : `test ${i + 1}`;
    try {
      return readCase(t, i, name, policy, statuses);
    } catch (error) {
      return { name, error: safeMessage(error, MAX_CLI_MESSAGE) };
    }
  });
}
function readCase(t, i, name, policy, statuses) {
  const at2 = `at /tests/${i}`;
  if (!isObject4(t)) throw new Error(`${at2}: a test must be an object`);
  for (const key of Object.keys(t)) {
    if (!CASE_KEYS.has(key)) {
      throw new Error(
        `${at2}: unknown key "${key}" (expected name, resource, status, rule, applicable, asOf, waiver)`
      );
    }
  }
  if (!Object.hasOwn(t, "resource")) throw new Error(`${at2}: "resource" is missing`);
  if (t.name !== void 0 && typeof t.name !== "string") throw new Error(`${at2}/name: must be a string`);
  if (t.applicable !== void 0 && typeof t.applicable !== "boolean") {
    throw new Error(`${at2}/applicable: must be true or false`);
  }
  if (t.status !== void 0) {
    if (typeof t.status !== "string") throw new Error(`${at2}/status: must be a status name`);
    if (!statuses.has(t.status)) {
      throw new Error(
        `${at2}/status: "${t.status}" is not a status of policy "${policy.name}" (${[...statuses].join(", ")})`
      );
    }
    if (t.applicable === false) throw new Error(`${at2}: "status" and "applicable: false" contradict`);
  } else if (t.applicable === void 0) {
    throw new Error(`${at2}: give the expected "status", or "applicable: false"`);
  }
  let rule;
  if (t.rule !== void 0) {
    const status = policy.definition.statuses.find((s) => s.name === t.status);
    if (status === void 0) throw new Error(`${at2}/rule: a rule is named with the "status" it decides`);
    const n = status.rules.length;
    if (typeof t.rule !== "number" || !Number.isInteger(t.rule) || t.rule < 1 || t.rule > n) {
      throw new Error(
        n === 0 ? `${at2}/rule: status "${t.status}" has no rules` : `${at2}/rule: must be a rule number of status "${t.status}", 1 to ${n}`
      );
    }
    rule = t.rule;
  }
  let asOf;
  if (t.asOf !== void 0) {
    if (typeof t.asOf !== "string") throw new Error(`${at2}/asOf: must be an RFC 3339 timestamp string`);
    try {
      asOf = resolveAsOf(t.asOf);
    } catch {
      throw new Error(`${at2}/asOf: must be an RFC 3339 timestamp such as "2026-06-01T00:00:00Z"`);
    }
  }
  if (t.waiver !== void 0 && t.waiver !== null && (typeof t.waiver !== "string" || t.waiver === "")) {
    throw new Error(`${at2}/waiver: must be a waiver id, or null for "not waived"`);
  }
  return {
    name,
    resource: t.resource,
    status: t.status,
    applicable: t.applicable !== false,
    asOf,
    rule,
    ...t.waiver === void 0 ? {} : { waiver: t.waiver }
  };
}
function describeResult(r) {
  if (!r.applicable) return "not applicable (outside query.filter)";
  const how = r.matched ? `rule ${r.matched.ruleIndex + 1}` : "no rule held: default";
  const waived = r.waiver === void 0 ? "" : `, waived by "${r.waiver.id}" until ${r.waiver.expires}`;
  return `"${r.status}" (criticality ${r.criticality}, ${how}${waived})`;
}
function runCase(file, compiled4, test2) {
  const started = performance.now();
  const policy = test2.asOf === void 0 ? compiled4 : compiled4.at(test2.asOf);
  const actual = policy.evaluate(test2.resource);
  const statusPass = actual.applicable === test2.applicable && (test2.status === void 0 || actual.status === test2.status);
  const ruleMiss = statusPass && test2.rule !== void 0 && actual.matched !== null && actual.matched.ruleIndex !== test2.rule - 1;
  const waiverPass = test2.waiver === void 0 || (actual.waiver?.id ?? null) === test2.waiver;
  const pass = statusPass && !ruleMiss && waiverPass;
  const expected = {
    status: test2.status ?? null,
    applicable: test2.applicable,
    ...test2.waiver === void 0 ? {} : { waiver: test2.waiver }
  };
  const wantWaiver = test2.waiver === void 0 ? "" : test2.waiver === null ? ", not waived" : `, waived by "${test2.waiver}"`;
  const want = (test2.status !== void 0 ? `"${test2.status}"${test2.rule === void 0 ? "" : ` by rule ${test2.rule}`}` : test2.applicable ? "applicable" : "not applicable") + wantWaiver;
  const base = { file, policy: policy.name, name: test2.name, expected, actual, asOf: policy.asOf };
  if (pass) {
    const vacuous = test2.rule !== void 0 && actual.matched === null;
    return {
      ...base,
      outcome: "pass",
      message: `got ${describeResult(actual)}`,
      ...vacuous ? {
        warning: `VACUOUS_TEST: names rule ${test2.rule} of "${test2.status}", but no rule decided: the status was reached through the default`
      } : {},
      durationMs: performance.now() - started
    };
  }
  return {
    ...base,
    outcome: "fail",
    message: `expected ${want}, got ${describeResult(actual)}`,
    explanation: policy.explain(test2.resource),
    durationMs: performance.now() - started
  };
}
function defaultOnlyWarning(cases, policy) {
  const fallback = policy.definition.defaultStatus;
  const run8 = cases.filter((c) => !("error" in c));
  if (run8.length === 0 || !run8.every((c) => c.status === fallback.name)) return null;
  return `DEFAULT_ONLY_TESTS: every test expects the default status "${fallback.name}": they would pass if no rule ever matched`;
}

// src/cli/test-format.ts
var TEST_FORMATS = ["text", "json", "junit", "tap"];
var REPORTED_VALUE_CHARS = 1e3;
function warningName(w) {
  const name = w.name ?? "(the test file)";
  return w.policy === null ? name : `${w.policy}: ${name}`;
}
function counts(outcomes) {
  let passed = 0;
  let failed = 0;
  let errors = 0;
  for (const o of outcomes) {
    if (o.outcome === "pass") passed++;
    else if (o.outcome === "fail") failed++;
    else errors++;
  }
  return { tests: outcomes.length, passed, failed, errors };
}
function fullName(o) {
  return o.policy === null ? o.name : `${o.policy}: ${o.name}`;
}
function formatText3(outcomes, verbose, warnings = []) {
  const lines = [];
  for (const w of warnings) {
    lines.push(`WARN ${printable(w.file)}: ${printable(warningName(w))}`);
    lines.push(`  ${printable(w.message)}`);
  }
  for (const o of outcomes) {
    if (o.outcome === "pass") {
      if (verbose) lines.push(`PASS ${printable(o.file)}: ${printable(fullName(o))}`);
      continue;
    }
    lines.push(`${o.outcome === "fail" ? "FAIL" : "ERROR"} ${printable(o.file)}: ${printable(fullName(o))}`);
    lines.push(`  ${printable(o.message)}`);
    if (o.explanation) lines.push(...explanationText(o.explanation, "  ", o.expected?.status ?? void 0));
  }
  const c = counts(outcomes);
  const files = new Set(outcomes.map((o) => o.file)).size;
  if (lines.length > 0) lines.push("");
  lines.push(
    `${c.tests} tests in ${files} file${files === 1 ? "" : "s"}: ${c.passed} passed, ${c.failed} failed, ${c.errors} error${c.errors === 1 ? "" : "s"}` + (warnings.length === 0 ? "" : `, ${warnings.length} warning${warnings.length === 1 ? "" : "s"}`)
  );
  return `${lines.join("\n")}
`;
}
function formatJson(outcomes, warnings = []) {
  const { tests: total, passed, failed, errors } = counts(outcomes);
  const tests = outcomes.map((o) => ({ ...o, fullName: fullName(o) }));
  return `${JSON.stringify({ total, passed, failed, errors, tests, warnings }, cutFoundValues)}
`;
}
function cutFoundValues(_key, value2) {
  if (!isObject4(value2) || typeof value2.found !== "boolean" || typeof value2.at !== "string" || !Object.hasOwn(value2, "value"))
    return value2;
  let text2;
  try {
    text2 = JSON.stringify(value2.value) ?? "null";
  } catch {
    text2 = '"(too deep to write)"';
  }
  if (text2.length <= REPORTED_VALUE_CHARS) return value2;
  return { ...value2, value: `${text2.slice(0, REPORTED_VALUE_CHARS)}\u2026`, valueCut: text2.length };
}
function xmlChars(text2) {
  let out = "";
  for (const ch of text2) {
    const c = ch.codePointAt(0);
    const bad2 = c < 32 && c !== 9 && c !== 10 && c !== 13 || c === 65534 || c === 65535 || c >= 55296 && c <= 57343;
    out += bad2 ? "\uFFFD" : ch;
  }
  return out;
}
function xml(text2) {
  return xmlChars(text2).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}
var seconds = (ms) => (ms / 1e3).toFixed(3);
function formatJunit(outcomes) {
  const byFile = /* @__PURE__ */ new Map();
  for (const o of outcomes) byFile.set(o.file, [...byFile.get(o.file) ?? [], o]);
  const total = counts(outcomes);
  const time2 = outcomes.reduce((t, o) => t + o.durationMs, 0);
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="svc-policy test" tests="${total.tests}" failures="${total.failed}" errors="${total.errors}" time="${seconds(time2)}">`
  ];
  for (const [file, list] of byFile) {
    const c = counts(list);
    const t = list.reduce((s, o) => s + o.durationMs, 0);
    out.push(
      `  <testsuite name="${xml(printable(file))}" tests="${c.tests}" failures="${c.failed}" errors="${c.errors}" skipped="0" time="${seconds(t)}">`
    );
    for (const o of list) {
      const head = `    <testcase classname="${xml(printable(o.policy ?? file))}" name="${xml(printable(o.name))}" file="${xml(printable(file))}" time="${seconds(o.durationMs)}"`;
      if (o.outcome === "pass") {
        out.push(`${head}/>`);
        continue;
      }
      const detail = o.explanation ? explanationText(o.explanation, "", o.expected?.status ?? void 0).join("\n") : printable(o.message);
      const tag = o.outcome === "fail" ? "failure" : "error";
      out.push(`${head}>`);
      out.push(
        `      <${tag} message="${xml(printable(o.message))}" type="${o.outcome === "fail" ? "StatusMismatch" : "InvalidTest"}">${xml(detail)}</${tag}>`
      );
      out.push("    </testcase>");
    }
    out.push("  </testsuite>");
  }
  out.push("</testsuites>");
  return `${out.join("\n")}
`;
}
var yamlString = (text2) => JSON.stringify(text2);
function formatTap(outcomes, warnings = []) {
  const out = ["TAP version 13", `1..${outcomes.length}`];
  for (const w of warnings) out.push(`# warning: ${printable(`${w.file}: ${warningName(w)}: ${w.message}`)}`);
  outcomes.forEach((o, i) => {
    const name = printable(`${o.file}: ${fullName(o)}`).replace(/#/g, "\\#");
    if (o.outcome === "pass") {
      out.push(`ok ${i + 1} - ${name}`);
      return;
    }
    out.push(`not ok ${i + 1} - ${name}`);
    out.push("  ---");
    out.push(`  message: ${yamlString(printable(o.message))}`);
    out.push(`  severity: ${o.outcome === "fail" ? "fail" : "error"}`);
    if (o.expected) out.push(`  expected: ${printable(JSON.stringify(o.expected))}`);
    if (o.actual) out.push(`  actual: ${printable(JSON.stringify(o.actual))}`);
    if (o.explanation) {
      out.push("  explanation: |-");
      for (const line of explanationText(o.explanation, "", o.expected?.status ?? void 0)) {
        out.push(`    ${line}`);
      }
    }
    out.push("  ...");
  });
  const c = counts(outcomes);
  out.push(`# tests ${c.tests}`, `# pass ${c.passed}`, `# fail ${c.failed + c.errors}`);
  return `${out.join("\n")}
`;
}
function formatOutcomes(format, outcomes, verbose, warnings = []) {
  return format === "json" ? formatJson(outcomes, warnings) : format === "junit" ? formatJunit(outcomes) : format === "tap" ? formatTap(outcomes, warnings) : formatText3(outcomes, verbose, warnings);
}

// src/cli/test-command.ts
var TEST_USAGE = `usage: svc-policy test [--format text|json|junit|tap] [--run REGEX] [--verbose]
                       [--as-of INSTANT] [--waivers FILE] [--coverage] [--coverage-format F]
                       [--coverage-output FILE] [--coverage-threshold [KIND=]PERCENT]... [--help]
                       [PATH...]

Runs policy unit tests: files named NAME.test.json, NAME.test.yaml or NAME.test.yml beside the policies,
each holding sample resources and the status each must get. PATH is a test file or a directory searched
recursively (node_modules and dot-directories skipped); the default is the working directory.

A test file (YAML shown; JSON has the same shape):
  policy: certificate-expiry.json    # optional: the policy file, relative to the test file; by
                                     # default NAME.json, NAME.yaml or NAME.yml beside it
  tests:
    - name: expired yesterday
      resource: { type: ssl, expirationDate: "2026-05-31T00:00:00.000Z" }
      status: expired                # the status the resource must get
    - name: deleted certificates are out of scope
      resource: { type: ssl, deletedAt: "2026-01-01T00:00:00.000Z" }
      applicable: false              # the resource must be outside query.filter
    - name: expires within 30 days
      asOf: "2026-06-01T00:00:00Z"   # optional: the instant { "$now": \u2026 } counts from in this test
      resource: { type: ssl, expirationDate: "2026-06-15T00:00:00.000Z" }
      status: expiring
    - name: expired, by its first rule
      resource: { type: ssl, expirationDate: "2026-01-01T00:00:00.000Z" }
      status: expired
      rule: 1                        # optional: the rule of the status that must decide (1-based)
    - name: the migration is waived   # with --waivers FILE: the waiver that must mark the result
      resource: { type: ssl, id: c-7, expirationDate: "2026-05-01T00:00:00.000Z" }
      status: expired
      waiver: W-7                    # or null: no waiver may mark it

A passing test that names a rule reached only through the default status, and a file whose tests all
expect the default status, are reported as warnings (VACUOUS_TEST, DEFAULT_ONLY_TESTS).

options:
  -f, --format FORMAT  text (default): failures with the explanation of the miss, then the counts
                       json: {"total", "passed", "failed", "errors", "tests": [...]}
                       junit: JUnit XML (one testsuite per test file) for CI dashboards
                       tap: TAP version 13
  -r, --run REGEX      run only the tests whose full name ("policy name: test name") matches REGEX
  -v, --verbose        text format: list passing tests too
${asOfUsage(23)}
                       (a test's own "asOf" wins, for waiver expiry too)
      --waivers FILE   waivers (docs/waivers.md) applied to every policy tested; a test's "waiver"
                       says which must mark the result
${coverageUsage(23)}
  -h, --help           this text

exit codes:
  0  every test passed
  1  some test failed
  2  usage error, no test found, a test whose entry is wrong (the others still run), or a test file
     or its policy that cannot be read or is invalid
  4  every test passed, but coverage is below a --coverage-threshold
`;
var TEST_OPTIONS = {
  format: { type: "string", short: "f" },
  run: { type: "string", short: "r" },
  verbose: { type: "boolean", short: "v" },
  ...AS_OF_OPTION,
  ...COVERAGE_OPTIONS,
  waivers: WAIVER_OPTIONS.waivers,
  help: { type: "boolean", short: "h" }
};
var TEST_FILE_LIMITS = {
  ...DEFAULT_LIMITS,
  maxDocumentValues: 16 * DEFAULT_LIMITS.maxDocumentValues
};
async function policyFileOf(file, declared) {
  if (declared !== void 0) {
    if (typeof declared !== "string" || declared === "") throw new Error('"policy" must be a file name');
    return resolve3(dirname2(file), declared);
  }
  return policyBeside(file);
}
async function runFile(found, root, filter, asOf, coverage, warnings, waivers) {
  const file = found.path;
  const error = (message, policy2 = null) => [
    { file, policy: policy2, name: basename2(file), outcome: "error", message, durationMs: 0 }
  ];
  if (found.problem !== void 0) return error(`cannot read ${file}: ${found.problem}`);
  let document;
  try {
    document = await readDocument(file, "test file", {
      maxBytes: DEFAULT_MAX_BYTES,
      limits: TEST_FILE_LIMITS,
      within: found.within
    });
  } catch (e) {
    return error(safeMessage(e, MAX_CLI_MESSAGE));
  }
  let policyFile;
  let policy;
  try {
    policyFile = await policyFileOf(file, isObject4(document) ? document.policy : void 0);
    const within2 = found.within ?? await confinementOf(dirname2(await realpath2(file)), root);
    policy = await loadPolicy(policyFile, DEFAULT_LIMITS, within2, asOf);
    if (!Array.isArray(policy)) policy = withWaivers([policy], waivers.list, waivers.file)[0];
  } catch (e) {
    return error(safeMessage(e, MAX_CLI_MESSAGE));
  }
  if (Array.isArray(policy)) return error(`invalid policy: ${policy.join("; ")}`);
  let cases;
  try {
    cases = readCases(document, policy);
  } catch (e) {
    return error(safeMessage(e, MAX_CLI_MESSAGE), policy.name);
  }
  const name = policy.name;
  const only2 = defaultOnlyWarning(cases, policy);
  if (only2 !== null) warnings.push({ file, policy: name, name: null, message: only2 });
  const chosen = cases.filter((c) => filter === null || filter.test(`${name}: ${c.name}`));
  if (coverage !== null) {
    const key = await realpath2(policyFile);
    let entry2 = coverage.get(key);
    if (entry2 === void 0) {
      entry2 = { recorder: coverageRecorder(policy), file: policyFile };
      coverage.set(key, entry2);
    }
    for (const c of chosen) if (!("error" in c)) entry2.recorder.record(c.resource, c.asOf);
  }
  return chosen.map(
    (c) => "error" in c ? { file, policy: name, name: c.name, outcome: "error", message: c.error, durationMs: 0 } : runCase(file, policy, c)
  );
}
async function run6({ values, positionals }, { out, err }) {
  const asOf = parseAsOf(values["as-of"]);
  const format = values.format ?? "text";
  if (!TEST_FORMATS.includes(format)) {
    throw new UsageError(`--format must be ${TEST_FORMATS.join(", ")}; got "${values.format}"`);
  }
  let filter = null;
  if (values.run !== void 0) {
    try {
      filter = new RegExp(values.run);
    } catch (error) {
      throw new UsageError(`--run is not a regular expression: ${error.message}`);
    }
  }
  const coverageRequest = parseCoverage(values, format === "json");
  if (format === "junit" && coverageRequest !== null && (coverageRequest.output ?? "-") === "-") {
    throw new UsageError(
      "--format junit writes XML to standard output: write the coverage with --coverage-output FILE"
    );
  }
  const root = await defaultRoot();
  const files = await testFiles(positionals.length === 0 ? ["."] : positionals, root);
  if (files.length === 0) {
    err.say("no test files (*.test.json, *.test.yaml, *.test.yml) found");
    return 2;
  }
  const list = await loadWaivers(values.waivers, DEFAULT_LIMITS, err);
  if (list === null) return 2;
  const waivers = { list, file: values.waivers };
  const outcomes = [];
  const warnings = [];
  const book = coverageRequest === null ? null : /* @__PURE__ */ new Map();
  for (const file of files)
    outcomes.push(...await runFile(file, root, filter, asOf, book, warnings, waivers));
  for (const o of outcomes) {
    if (o.warning !== void 0)
      warnings.push({ file: o.file, policy: o.policy, name: o.name, message: o.warning });
  }
  let covered = [];
  if (book !== null) {
    covered = await Promise.all(
      [...book.values()].map(async (e) => ({
        file: displayPath(e.file),
        coverage: e.recorder.report(),
        positions: await policyPositions(e.file)
      }))
    );
  }
  const report = formatOutcomes(format, outcomes, values.verbose === true, warnings);
  const below = await writeCoverage(coverageRequest, covered, "test", report, out, err, format === "json");
  const c = counts(outcomes);
  if (c.errors > 0) return 2;
  if (c.tests === 0) {
    err.say(`no test matches --run ${printable(values.run ?? "")}`);
    return 2;
  }
  if (c.failed > 0) return 1;
  return below ? COVERAGE_EXIT : 0;
}
var testCommand = {
  name: "test",
  usage: TEST_USAGE,
  options: TEST_OPTIONS,
  run: run6,
  failure: (error) => error instanceof InputError ? { message: error.message } : void 0
};

// src/cli/validate-command.ts
import { realpath as realpath3 } from "fs/promises";
import { relative as relative4, resolve as resolve4, sep as sep3 } from "path";

// src/validate/waivers.ts
var DEFAULT_MAX_WAIVER_DAYS = 365;
var DAY4 = 864e5;
function validateWaivers(document, options = {}) {
  return validateWith(document, options, waiverFindings);
}
function isWaiverDocument(value2) {
  return typeof value2 === "object" && value2 !== null && !isArray(value2) && Object.hasOwn(value2, "waivers") && !Object.hasOwn(value2, "statusDefinitions") && !Object.hasOwn(value2, "policy");
}
function waiverFindings(document, options, limits) {
  const copied = detached(document, limits);
  if ("finding" in copied) return [copied.finding];
  const { problems, checked: checked2 } = checkWaivers(copied.value, { limits });
  const findings = problems.map((p) => ({
    severity: "error",
    code: p.code,
    message: p.message,
    path: p.path,
    ...p.code === "UNKNOWN_PROPERTY" ? { anchor: "key" } : {}
  }));
  const asOf = options.asOf ?? Date.now();
  const maxDays = options.maxDays ?? DEFAULT_MAX_WAIVER_DAYS;
  const policies = options.policies;
  const inventory = options.inventory;
  for (const w of checked2) {
    const at2 = `${w.path}/expires`;
    if (w.expiresMs <= asOf) {
      findings.push({
        severity: "warning",
        code: "WAIVER_EXPIRED",
        message: `waiver ${jsonStringify(showText(w.id))} expired at ${isoOf(w.expiresMs)} (as of ${isoOf(asOf)}): it changes nothing any more; remove or renew it (at ${showPointer(at2)})`,
        path: at2
      });
    } else if (w.expiresMs - asOf > maxDays * DAY4) {
      findings.push({
        severity: "error",
        code: "EXPIRY_TOO_FAR",
        message: `waiver ${jsonStringify(showText(w.id))} expires at ${isoOf(w.expiresMs)}, more than ${maxDays} days after ${isoOf(asOf)} (at ${showPointer(at2)})`,
        path: at2
      });
    }
    if (policies !== void 0) {
      const policy = policies.find((p) => p.name === w.policy);
      if (policy === void 0) {
        const path = `${w.path}/policy`;
        findings.push({
          severity: "error",
          code: "UNKNOWN_POLICY",
          message: `waiver ${jsonStringify(showText(w.id))} names policy ${jsonStringify(showText(w.policy))}, which none of the policies given is (at ${showPointer(path)})`,
          path
        });
      } else {
        for (const p of waiverStatusProblems([w], policy.name, policy.statuses)) {
          findings.push({ severity: "error", code: p.code, message: p.message, path: p.path });
        }
      }
    }
    if (inventory !== void 0) {
      const covers = compileNode(w.covers, void 0, false, asOf);
      if (!inventory.some((r) => covers(r))) {
        findings.push({
          severity: "warning",
          code: "WAIVER_MATCHES_NOTHING",
          message: `waiver ${jsonStringify(showText(w.id))} covers none of the ${inventory.length} records of the inventory (its ids and filter) (at ${showPointer(w.path)})`,
          path: w.path
        });
      }
    }
  }
  return findings;
}

// src/cli/validate-command.ts
var VALIDATE_USAGE = `usage: svc-policy validate [--format text|json|sarif|github] [--k8s-schema FILE] [--max-bytes N]
                           [--limit NAME=N]... [--root DIR] [--inventory FILE] [--max-waiver-days N]
                           [--as-of INSTANT] [--help] PATH...

Validates policy files (JSON or YAML): schema, policy rules, field paths and types, array selectors,
contradictions and dead rules, lookalike characters. PATH is a file, a directory (searched for .json,
.yaml and .yml files, skipping node_modules, dot-directories and *.test.* policy tests) or a glob
("policies/**/*.yaml"). A file whose document is { "waivers": [...] } is a waiver file (docs/waivers.md):
its waivers are checked (expiry, coverage, what they accept), and against the policy files validated with
it (a waiver naming none of them, or a status its policy lacks, is an error).

options:
  -f, --format FORMAT   text (default): file:line:column severity code message, with a code frame
                        json: {"files": [{file, valid, diagnostics}], "errors", "warnings"}
                        sarif: SARIF 2.1.0 (GitHub code scanning and other tools)
                        github: GitHub Actions workflow annotations
      --k8s-schema FILE the response of POST /k8sResource/detailsSchema ({ kind, fields }): details$ paths
                        are checked against its descriptors
      --max-bytes N     largest file read (default 1048576; the same as --limit maxFileBytes=N)
${limitUsage(24)}
      --inventory FILE  waiver files: a waiver that covers none of this inventory's records is reported
      --max-waiver-days N  waiver files: an expiry more than N days after --as-of is an error (default 365)
      --as-of INSTANT   waiver files: the instant expiry is judged at (RFC 3339; default now)
      --root DIR        what a directory holds must resolve inside DIR (default: the git repository
                        root, else the working directory); a link leading outside is reported, not
                        followed; a path named on the command line is read wherever it is
  -h, --help            this text

exit codes:
  0  no errors (warnings allowed)
  1  some policy file has errors
  2  usage error, or a file could not be read (missing, not a regular file, too large, or met in a
     directory and resolving outside the root)
`;
var VALIDATE_OPTIONS = {
  format: { type: "string", short: "f" },
  "k8s-schema": { type: "string" },
  "max-bytes": { type: "string" },
  ...LIMIT_OPTION,
  root: { type: "string" },
  inventory: { type: "string" },
  "max-waiver-days": { type: "string" },
  ...AS_OF_OPTION,
  help: { type: "boolean", short: "h" }
};
var K8S_SCHEMA_MAX_BYTES = 16 * 1024 * 1024;
async function loadK8sSchema(path) {
  const read2 = await readTextFile(path, void 0, K8S_SCHEMA_MAX_BYTES, "the --k8s-schema limit");
  if ("problem" in read2) throw new UsageError(`cannot read --k8s-schema ${path}: the file ${read2.problem}`);
  const text2 = read2.text.charCodeAt(0) === 65279 ? read2.text.slice(1) : read2.text;
  let value2;
  try {
    value2 = JSON.parse(text2);
  } catch (error) {
    throw new UsageError(`--k8s-schema ${path} is not valid JSON: ${error.message}`);
  }
  const fields = Array.isArray(value2) ? value2 : value2?.fields;
  if (!Array.isArray(fields) || !fields.every((f) => typeof f === "object" && f !== null && typeof f.field === "string")) {
    throw new UsageError(
      `--k8s-schema ${path} must be { "kind": \u2026, "fields": [{ "field": \u2026, \u2026 }] } (the response of POST /k8sResource/detailsSchema)`
    );
  }
  const kind = value2.kind;
  return typeof kind === "string" ? { kind, fields } : { fields };
}
async function mapLimit(items, limit, fn) {
  const out = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
function parseFormat4(value2) {
  if (value2 === void 0) return "text";
  if (VALIDATE_FORMATS.includes(value2)) return value2;
  throw new UsageError(`--format must be one of ${VALIDATE_FORMATS.join(", ")}, got "${value2}"`);
}
function parseMaxBytes2(value2) {
  if (value2 === void 0) return void 0;
  const n = Number(value2);
  if (!/^\d+$/.test(value2) || !Number.isSafeInteger(n) || n < 1) {
    throw new UsageError(`--max-bytes must be a positive integer, got "${value2}"`);
  }
  return n;
}
function display(path, cwd) {
  const rel = relative4(cwd, resolve4(cwd, path));
  return (rel === "" || rel.startsWith("..") ? path : rel).split(sep3).join("/");
}
function parsedOrUndefined(text2, path, limits) {
  try {
    return parseDocument(text2, path, limits);
  } catch {
    return void 0;
  }
}
function parseMaxDays(value2) {
  if (value2 === void 0) return DEFAULT_MAX_WAIVER_DAYS;
  if (!/^[1-9]\d{0,5}$/.test(value2)) {
    throw new UsageError(`--max-waiver-days must be a positive whole number of days, got "${value2}"`);
  }
  return Number(value2);
}
async function readAll(path) {
  const { stream } = await openInput(path);
  const records = [];
  try {
    for await (const r of readInventory(stream)) records.push(r);
  } catch (error) {
    throw new UsageError(`--inventory ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return records;
}
async function run7({ values, positionals }, { out, err }) {
  const format = parseFormat4(values.format);
  const maxBytes = parseMaxBytes2(values["max-bytes"]);
  const limits = parseLimitFlags(values.limit, maxBytes === void 0 ? {} : { maxFileBytes: maxBytes });
  if (positionals.length === 0) throw new UsageError("at least one PATH is required");
  const k8sSchema = values["k8s-schema"] === void 0 ? void 0 : await loadK8sSchema(values["k8s-schema"]);
  const cwd = process.cwd();
  const root = await realpath3(values.root ?? await defaultRoot(cwd)).catch(() => {
    throw new UsageError(`--root ${values.root} does not exist`);
  });
  const { files: targets, unmatched } = await findFiles(positionals, {
    root,
    match: isPolicyFile,
    recursive: true,
    globs: true,
    // A policy test (svc-policy test) is not a policy: hooks that pass every staged YAML file must
    // not fail on it.
    skipNamed: (path) => TEST_FILE.test(path)
  });
  for (const u of unmatched) err.say(`no policy files in ${printable(u)}`);
  const reports = [];
  let unreadable = unmatched.length > 0;
  const reads = await mapLimit(
    targets,
    16,
    (t) => t.problem === void 0 ? readTextFile(t.path, t.within, limits.maxFileBytes) : Promise.resolve({ problem: t.problem, code: "UNREADABLE_FILE" })
  );
  const waiverFiles = [];
  const policies = [];
  for (const [i, target] of targets.entries()) {
    const file = display(target.path, cwd);
    const read2 = reads[i];
    if ("problem" in read2) {
      if (read2.code !== "INVALID_ENCODING") unreadable = true;
      const d = {
        severity: "error",
        code: read2.code,
        message: `the file ${read2.problem}`,
        path: ""
      };
      reports.push({ file, diagnostics: [d] });
      continue;
    }
    const text2 = read2.text.charCodeAt(0) === 65279 ? read2.text.slice(1) : read2.text;
    const parsed2 = parsedOrUndefined(text2, target.path, limits);
    if (isWaiverDocument(parsed2)) {
      waiverFiles.push({ index: reports.length, text: text2, path: target.path });
      reports.push({ file, text: text2, diagnostics: [] });
      continue;
    }
    const definition = checkPolicyDefinition(parsed2, { limits }).definition;
    if (definition !== void 0)
      policies.push({ name: definition.name, statuses: [...definition.statuses] });
    const result = validatePolicy(text2, {
      fileName: target.path,
      limits,
      ...k8sSchema === void 0 ? {} : { k8sSchema }
    });
    reports.push({ file, text: text2, diagnostics: result.diagnostics });
  }
  if (waiverFiles.length > 0) {
    const asOf = parseAsOf(values["as-of"]);
    const maxDays = parseMaxDays(values["max-waiver-days"]);
    const inventory = values.inventory === void 0 ? void 0 : await readAll(values.inventory);
    for (const w of waiverFiles) {
      const result = validateWaivers(w.text, {
        fileName: w.path,
        limits,
        asOf,
        maxDays,
        ...policies.length === 0 ? {} : { policies },
        ...inventory === void 0 ? {} : { inventory }
      });
      reports[w.index] = { ...reports[w.index], diagnostics: result.diagnostics };
    }
  }
  out.write(formatReport(format, reports));
  if (unreadable) return 2;
  return reports.some((r) => r.diagnostics.some((d) => d.severity === "error")) ? 1 : 0;
}
var validateCommand = {
  name: "validate",
  usage: VALIDATE_USAGE,
  options: VALIDATE_OPTIONS,
  run: run7,
  failure: (error) => ({ message: safeMessage(error, MAX_CLI_MESSAGE) })
};

// src/cli/main.ts
var MAIN_USAGE = `usage: svc-policy <command> [options]
       svc-policy help [COMMAND]
       svc-policy --version | --help

commands:
  diff            what a policy edit does to an inventory (status before \u2192 after)
  eval            evaluate policies over an inventory
  forecast        when each record's status changes within a horizon, and the counts over time
  migrate-search  rewrite stored legacy search bodies as query requests
  sample          write a sample inventory (NDJSON) from the seeded generator
  test            run policy unit tests (*.test.json, *.test.yaml beside the policies)
  validate        validate policy files
  help            show the usage of a command ("svc-policy help eval")

options:
  -V, --version  print the version of svc-policy
  -h, --help     this text
`;
var COMMANDS = Object.fromEntries(
  [
    diffCommand,
    evalCommand,
    forecastCommand,
    migrateSearchCommand,
    sampleCommand,
    testCommand,
    validateCommand
  ].map((c) => [c.name, c])
);
var COMMAND_USAGE = Object.fromEntries(
  Object.values(COMMANDS).map((c) => [c.name, c.usage])
);
var COMMAND_OPTIONS = Object.fromEntries(
  Object.values(COMMANDS).map((c) => [c.name, c.options])
);
function version2() {
  let dir = dirname3(fileURLToPath2(import.meta.url));
  for (let i = 0; i < 4; i++) {
    try {
      const pkg = JSON.parse(readFileSync(join4(dir, "package.json"), "utf8"));
      if (pkg.name === "svc-policy" && typeof pkg.version === "string") return pkg.version;
    } catch {
    }
    dir = dirname3(dir);
  }
  return "unknown";
}
async function main(argv) {
  const [command, ...rest] = argv;
  if (command !== void 0 && Object.hasOwn(COMMANDS, command)) return runCommand(COMMANDS[command], rest);
  switch (command) {
    case "help":
      return help(rest);
    case "--version":
    case "-V":
      process.stdout.write(`${version2()}
`);
      return 0;
    case "--help":
    case "-h":
      process.stdout.write(MAIN_USAGE);
      return 0;
    case void 0:
      process.stderr.write(MAIN_USAGE);
      return EXIT_USAGE;
    default:
      return noCommand(`unknown command "${printable(command)}"`);
  }
}
function help(args) {
  const [topic, ...extra] = args;
  if (topic === void 0) {
    process.stdout.write(MAIN_USAGE);
    return 0;
  }
  if (extra.length > 0 || !Object.hasOwn(COMMAND_USAGE, topic))
    return noCommand(`no help for "${printable(args.join(" "))}"`);
  process.stdout.write(COMMAND_USAGE[topic]);
  return 0;
}
function noCommand(message) {
  reporter(null).say(message);
  process.stderr.write('run "svc-policy --help" for the commands\n');
  return EXIT_USAGE;
}

// src/node/protocol.ts
import { isMainThread as isMainThread2, workerData as workerData2 } from "worker_threads";
function isEvalWorker() {
  return !isMainThread2 && typeof workerData2 === "object" && workerData2 !== null && workerData2.svcPolicyEvalWorker === true;
}

// src/node/worker.ts
import { createReadStream as createReadStream2 } from "fs";
import { open as open5 } from "fs/promises";
import { parentPort as parentPort2, threadId, workerData as workerData3 } from "worker_threads";
var FLUSH_CHARS = 256 * 1024;
var FLUSH_ITEMS = 512;
function textLength(item, line) {
  if (typeof item === "string") return item.length;
  if (!Array.isArray(item)) return line.length;
  let n = 0;
  for (const x of item) if (typeof x === "string") n += x.length;
  return n;
}
async function* counted2(stream, tally) {
  for await (const chunk of stream) {
    let at2 = chunk.indexOf(10);
    while (at2 >= 0) {
      tally.newlines++;
      at2 = chunk.indexOf(10, at2 + 1);
    }
    tally.bytes += chunk.length;
    yield chunk;
  }
}
function workerError(error, skew) {
  const e = error;
  const isObject5 = typeof error === "object" && error !== null;
  return {
    name: isObject5 && typeof e.name === "string" ? e.name : "Error",
    code: isObject5 && typeof e.code === "string" ? e.code : void 0,
    message: safeMessage(error, MAX_CLI_MESSAGE),
    line: isObject5 && typeof e.line === "number" ? e.line - skew : void 0,
    index: isObject5 && typeof e.index === "number" ? e.index : void 0
  };
}
function runRangeWorker(makeOutput) {
  const setup = workerData3;
  const port = parentPort2;
  const codegen = setup.codegen === void 0 ? void 0 : { codegen: setup.codegen };
  const policies = setup.definitions.map(
    (d) => buildPolicy(d, (node2, asOf) => compileNode(node2, codegen, true, asOf), setup.asOf, setup.waivers)
  );
  const outputOf = setup.output === null ? null : makeOutput(
    policies.filter((p) => skipReason(p, setup.resource) === null),
    setup.output
  );
  const post = (message) => port.postMessage(message);
  const evaluateRange = async ({ k, start, end: end2 }) => {
    const skew = start > 0 ? 1 : 0;
    let indexes = [];
    let items = [];
    let chars = 0;
    const flush = () => {
      if (items.length > 0) post({ t: "out", k, indexes, items });
      indexes = [];
      items = [];
      chars = 0;
    };
    let stream;
    let handle;
    try {
      const tally = { newlines: 0, bytes: 0 };
      let rejected = 0;
      const max = setup.maxRejections;
      const read2 = {
        ...setup.maxRecordLength === void 0 ? {} : { maxRecordLength: setup.maxRecordLength },
        ...max === null ? {} : {
          onReject: ({ line: line2, message }) => {
            if (++rejected > max) return;
            flush();
            post({ t: "reject", k, rejection: { line: line2 - skew, message } });
          }
        }
      };
      let line = "";
      let records;
      if (setup.select !== null) {
        handle = await open5(setup.file, "r");
        records = readNdjsonSelected(
          counted2(fileChunks(handle, start - skew, end2), tally),
          setup.select,
          read2
        );
      } else {
        stream = createReadStream2(setup.file, { start: start - skew, end: end2 - 1 });
        records = outputOf === null ? readNdjson(counted2(stream, tally), read2) : readNdjsonLines(counted2(stream, tally), read2, (text2) => {
          line = text2;
        });
      }
      const summary2 = await evaluateInventory(policies, records, {
        ...setup.resource === void 0 ? {} : { resource: setup.resource },
        ...setup.kindField === void 0 ? {} : { kindField: setup.kindField },
        ...codegen ?? {},
        asOf: setup.asOf,
        ...setup.coverage ? { coverage: true } : {},
        ...outputOf === null ? {} : {
          onResult: (event) => {
            const item = outputOf(event, line);
            if (item !== null) {
              indexes.push(event.index);
              items.push(item);
              chars += textLength(item, line);
            }
            if (chars > FLUSH_CHARS || items.length >= FLUSH_ITEMS) flush();
            if ((event.index & 16383) === 16383) {
              flush();
              post({ t: "progress", k, records: event.index + 1, bytes: tally.bytes - skew });
            }
          }
        }
      });
      flush();
      const seen = outputOf?.seen?.() ?? null;
      post({ t: "done", k, summary: summary2, rejected, newlines: tally.newlines - skew, threadId, seen });
    } catch (error) {
      flush();
      post({ t: "error", k, error: workerError(error, skew) });
    } finally {
      stream?.destroy();
      await handle?.close();
    }
  };
  port.on("message", (range) => void evaluateRange(range));
}

// src/cli.ts
function internalError(error) {
  try {
    const stack = error?.stack;
    if (typeof stack === "string") return stack;
  } catch {
  }
  return safeMessage(error, MAX_CLI_MESSAGE);
}
setWorkerEntry(import.meta.url);
if (isEvalWorker()) {
  runRangeWorker((policies, options) => {
    const render = renderer(policies, options);
    let reported = 0;
    return Object.assign((event) => render.candidate(event, INDEX_MARK), {
      seen: () => {
        const leftOut = render.leftOut();
        const delta = leftOut - reported;
        reported = leftOut;
        return { ids: [...render.matchedIds], leftOut: delta };
      }
    });
  });
} else if (isForecastWorker()) {
  runForecastWorker();
} else {
  main(process.argv.slice(2)).then(
    (code2) => {
      process.exitCode = code2;
    },
    (error) => {
      process.stderr.write(
        `svc-policy: internal error: ${printable(internalError(error), { lines: true })}
`
      );
      process.exitCode = 2;
    }
  );
}
