import { countOwnKeys, freeze, objectKeys, setHas } from '../builtins.js';
import { MAX_SHOWN_TEXT, pointer, showPointer, showText } from '../errors.js';
import { type Limits, limitError } from '../limits.js';
import type { NodeBudget } from '../parse/filter.js';
import type { PolicyProblem, PolicyProblemCode } from './errors.js';

/** Fields of a policy *record* as read back from the API: tolerated and ignored. */
const RECORD_KEYS = new Set(['id', 'createdAt', 'updatedAt']);
/**
 * The JSON Schema reference editors read (`"$schema": "./node_modules/svc-policy/schema/policy.schema.json"`),
 * allowed at the root of a definition and of a `{ policy: … }` body as the published schema allows it:
 * a file that `svc-policy validate` accepts must compile.
 */
export const SCHEMA_KEY = '$schema';

/** What a check of a definition collects: its problems, and the counts its limits bound. */
export class Collector {
  readonly problems: PolicyProblem[] = [];
  /** The nodes of the policy's filters so far, against `maxPolicyNodes`. */
  readonly budget: NodeBudget = { nodes: 0 };
  readonly counts = { maxRules: 0, maxConditions: 0 };

  /** Records a problem; the message reads "<what> at <pointer>[; <hint>]". */
  add(code: PolicyProblemCode, path: string, what: string, hint?: string): void {
    const message = `${what} at ${showPointer(path)}${hint === undefined ? '' : `; ${hint}`}`;
    this.problems.push(freeze({ code, path, message }));
  }

  /** Reports the keys of `value` that are not in `allowed`; a near-miss of a known key is suggested. */
  unknownKeys(value: Record<string, unknown>, at: string, allowed: ReadonlySet<string>, what: string): void {
    for (const key of this.keys(value, at)) {
      if (
        setHas.call(allowed, key) ||
        (at === this.base && (setHas.call(RECORD_KEYS, key) || key === SCHEMA_KEY))
      )
        continue;
      // A near miss is looked for among keys of a property name's length only (not in a 10 MB key).
      const folded = key.length <= MAX_SHOWN_TEXT ? key.toLowerCase().replace(/[-_ ]/g, '') : undefined;
      const near = [...allowed].find((k) => k.toLowerCase() === folded);
      this.add(
        'UNKNOWN_PROPERTY',
        pointer(at, key),
        `unknown property "${showText(key)}" in ${what}`,
        near !== undefined ? `did you mean "${near}"?` : undefined,
      );
    }
  }

  /** The keys of an object of the definition, within `maxKeys`. */
  keys(value: object, at: string): string[] {
    // Counted before the keys are listed: a definition's object of a million keys is refused at once.
    if (countOwnKeys(value, this.limits.maxKeys) > this.limits.maxKeys) {
      throw limitError('maxKeys', at, `an object with more than ${this.limits.maxKeys} keys`, this.limits);
    }
    return objectKeys(value);
  }

  /** Counts the rules or the conditions of a list about to be read; refuses the policy past its limit. */
  more(limit: 'maxRules' | 'maxConditions', n: number, at: string): void {
    this.counts[limit] += n;
    if (this.counts[limit] > this.limits[limit]) {
      const what = limit === 'maxRules' ? 'rules' : 'conditions';
      throw limitError(limit, at, `the policy has more than ${this.limits[limit]} ${what}`, this.limits);
    }
  }

  constructor(
    readonly base: string,
    readonly limits: Limits,
  ) {}
}
