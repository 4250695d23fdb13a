/** What `eval --format sarif` says of each status, decided once and sent to the worker threads of `--jobs`. */

export type Level = 'error' | 'warning';
export type Place = { readonly line: number; readonly column: number } | null;

/** A status that gives results: its SARIF rule, level and the places of its definition and rules. */
export interface StatusPlan {
  readonly status: string;
  readonly ruleIndex: number;
  readonly level: Level;
  readonly at: Place;
  readonly rules: readonly Place[];
}

/** Per evaluated policy (in the order of the results), the file and the statuses that give results. */
export interface SarifPlan {
  readonly policies: readonly { readonly uri: string; readonly statuses: readonly StatusPlan[] }[];
}
