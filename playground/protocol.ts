/**
 * The messages between the page and its worker. The worker holds the inventory (generating 100,000
 * records takes seconds) and does every pass over it, so the page stays responsive whatever its size;
 * the page keeps what depends on the editor alone (validation, AST, SQL, MongoDB, explanations).
 */
import type { ForecastSummary, PolicyDiff, Rejection, ResourceName } from '../src/index.js';

/** Which rows of a policy's table to show: every resource, or those of one status (`null`: not applicable). */
export type StatusChoice =
  | { readonly kind: 'all' }
  | { readonly kind: 'status'; readonly status: string | null };

/** A row of the results table. */
export interface Row {
  readonly record: unknown;
  /** Under a policy: the status (`null`: not applicable) and whether it is the default one. */
  readonly status?: string | null;
  readonly isDefault?: boolean;
  /** Under a policy with waivers: the id of the waiver that marks the resource (docs/waivers.md). */
  readonly waiver?: string;
  /**
   * JSON pointers of the values that decided, from the library's explanation: those that made the
   * filter hold (only the branches of an `$or` that held), or those of the rule that gave the status.
   */
  readonly hits: readonly string[];
}

/** The first rows of a result (at most {@link TABLE_ROWS}), out of `total`. */
export interface Table {
  /** Top-level fields: `id`, the fields the filter or policy read, then a few others of the resource. */
  readonly columns: readonly string[];
  readonly rows: readonly Row[];
  readonly total: number;
}

/** Rows sent to the page per table: enough to look at, few enough to render at once. */
export const TABLE_ROWS = 50;

/** One page of a query request, or why the request was refused. */
export type PageView =
  | { readonly items: readonly unknown[]; readonly nextPageToken?: string }
  | { readonly error: string; readonly code: string };

/** The inventory a result was computed from. */
export interface InventoryInfo {
  /** Records pasted or dropped (`null`: the generated sample). */
  readonly pasted: number | null;
  /** NDJSON lines that were not JSON, skipped. */
  readonly rejected: readonly Rejection[];
}

export type ToWorker =
  /** Pasted or dropped NDJSON text; `null` goes back to the generated sample. */
  | { readonly type: 'inventory'; readonly ndjson: string | null }
  | {
      readonly type: 'filter';
      readonly run: number;
      readonly size: number;
      readonly filter: unknown;
      readonly resource: ResourceName;
      /** The instant (epoch ms) `$now` operands count from: the page's "As of", or its clock, read once. */
      readonly asOf: number;
      /** The query request (sort, fields, pageSize); `undefined` when its text does not parse. */
      readonly request: Record<string, unknown> | undefined;
    }
  | {
      readonly type: 'policy';
      readonly run: number;
      readonly size: number;
      readonly definition: unknown;
      /** The instant (epoch ms) `$now` operands count from, for the policy and the "after" one alike. */
      readonly asOf: number;
      /** The "after" policy of the impact matrix, when there is a valid one. */
      readonly after: unknown;
      /** Pasted waivers (`{ waivers: [...] }`), checked by the page; `undefined` when none. */
      readonly waivers: unknown;
      readonly show: StatusChoice;
    }
  /** Another page of the last filter's query request. */
  | { readonly type: 'page'; readonly run: number; readonly pageToken: string | undefined }
  /** Other rows of the last policy's table. */
  | { readonly type: 'rows'; readonly run: number; readonly show: StatusChoice }
  /** The editor no longer holds what the running evaluation is for. */
  | { readonly type: 'cancel' }
  /** The forecast of the policy of run `run` over the horizon (playground/forecast.ts). */
  | {
      readonly type: 'forecast';
      readonly run: number;
      readonly size: number;
      readonly definition: unknown;
      readonly asOf: number;
      readonly horizon: string;
      /** The pasted waivers, as the policy message has them: their expiries are transitions. */
      readonly waivers: unknown;
    };

export type FromWorker =
  | { readonly type: 'progress'; readonly run: number; readonly text: string }
  | {
      readonly type: 'filter';
      readonly run: number;
      readonly inventory: InventoryInfo;
      /** Records of the selected resource. */
      readonly candidates: number;
      readonly table: Table;
      readonly page: PageView;
    }
  | {
      readonly type: 'policy';
      readonly run: number;
      readonly inventory: InventoryInfo;
      /** Records of the policy's resource kind, each evaluated. */
      readonly evaluated: number;
      /** Resources per status, in definition order, then "not applicable" (`null`) when there are any. */
      readonly counts: readonly { readonly status: string | null; readonly count: number }[];
      /** Every rule, statuses in definition order, with the records it decided (its coverage). */
      readonly rules: readonly {
        readonly status: string;
        readonly index: number;
        readonly decided: number;
      }[];
      readonly table: Table;
      /** `diffPolicies` of the policy and the "after" one; `null` without an "after" policy. */
      readonly impact: PolicyDiff | { readonly error: string } | null;
    }
  | { readonly type: 'page'; readonly run: number; readonly page: PageView }
  | { readonly type: 'rows'; readonly run: number; readonly table: Table }
  | { readonly type: 'failed'; readonly run: number; readonly message: string }
  | {
      readonly type: 'forecast';
      readonly run: number;
      readonly forecast: ForecastSummary | { readonly error: string };
    };
