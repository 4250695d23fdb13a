/** Small builders for policy definitions in tests. */

export type Json = Record<string, unknown>;

export function cond(filter: Json): Json {
  return { type: 'filter', condition: { filter } };
}

export function rule(...filters: Json[]): Json {
  return { conditions: filters.map(cond) };
}

export function status(criticality: number, rules?: Json[], isDefault = false): Json {
  return { isDefault, criticality, ...(rules === undefined ? {} : { rules }) };
}

export function policy(statusDefinitions: Json, extra: Json = {}): Json {
  return {
    name: 'p',
    type: 'governance',
    isActive: true,
    resource: 'component',
    statusDefinitions,
    ...extra,
  };
}
