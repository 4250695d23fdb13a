import { NOT_APPLICABLE, type PolicyResult, resultFor } from '../policy/compile.js';
import type { CompiledPolicy } from '../policy/index.js';

/**
 * A policy's results as small integers, for the worker threads of svc-policy/node to post the results
 * of each resource cheaply: a policy can give only a few distinct results (not applicable, or a status
 * reached by one of its rules or by default), and the calling thread turns each number back into that
 * result, frozen as the policy's own are. 0 is not applicable; then, status by status in definition
 * order, the status by default (no rule matched) and the status by each of its rules.
 */
export interface ResultCodec {
  encode(result: PolicyResult): number;
  decode(code: number): PolicyResult;
}

export function resultCodec(policy: CompiledPolicy): ResultCodec {
  const table: PolicyResult[] = [NOT_APPLICABLE];
  const offsets = new Map<string, number>();
  for (const status of policy.definition.statuses) {
    offsets.set(status.name, table.length);
    table.push(resultFor(status, null));
    for (let i = 0; i < status.rules.length; i++) table.push(resultFor(status, i));
  }
  return {
    encode: (result) => {
      if (!result.applicable) return 0;
      const offset = offsets.get(result.status!)!;
      return result.matched === null ? offset : offset + 1 + result.matched.ruleIndex;
    },
    decode: (code) => table[code]!,
  };
}
