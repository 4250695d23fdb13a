import type { PolicyModel } from '../model.js';
import type { Severity } from '../types.js';

/** A diagnostic before positions are attached. */
export interface Finding {
  readonly severity: Severity;
  readonly code: string;
  readonly message: string;
  readonly path: string;
  /** Point at the key of the member at `path` rather than its value (unknown keys, unknown fields). */
  readonly anchor?: 'key' | 'value';
}

/** One semantic check: reads the model, reports findings. */
export interface Check {
  readonly name: string;
  run(model: PolicyModel, report: (finding: Finding) => void): void;
}
