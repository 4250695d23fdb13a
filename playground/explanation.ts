/**
 * The library's explanations as the page shows them: a readable summary (the status and why, the scope,
 * the nearest miss, every status, rule and condition with the values read) with the raw JSON behind a
 * disclosure, and `diffPolicies`' answer as a matrix with a few explained examples per changed cell.
 */
import type {
  ClauseExplanation,
  DiffSide,
  FilterExplanation,
  FoundValue,
  PolicyDiff,
  PolicyExplanation,
} from '../src/index.js';
import { count, el, SHOWN_VALUES } from './render.js';

/** How a line shows whether it held: ✓ or ✗, or – where nothing was applied (outside the scope). */
type Mark = (held: boolean) => string;
const check: Mark = (held) => (held ? '✓' : '✗');
const notApplied: Mark = () => '–';
/** Ordinals a person reads (rule 1, condition 1) are 1-based; JSON pointers keep the library's 0-based indexes. */
const nth = (index: number): number => index + 1;
const statusName = (status: string | null): string => (status === null ? 'no status' : status);

function foundText(v: FoundValue): string {
  return v.found ? `${JSON.stringify(v.value)} at ${v.at}` : `nothing at ${v.at}`;
}

/** The values a clause read, the first {@link SHOWN_VALUES} of them and how many more. */
function valuesText(values: readonly FoundValue[]): string {
  const shown = values.slice(0, SHOWN_VALUES).map(foundText).join(', ');
  const more = values.length - SHOWN_VALUES;
  return more > 0 ? `${shown} … and ${count(more)} more values` : shown;
}

function clauseItem(clause: ClauseExplanation, check: Mark): HTMLLIElement {
  const held = { class: check === notApplied ? 'na' : clause.held ? 'held' : 'failed' };
  switch (clause.kind) {
    case 'field': {
      const read = clause.values.length === 0 ? 'no element' : valuesText(clause.values);
      const item = el(
        'li',
        `${check(clause.held)} ${clause.path} ${JSON.stringify(clause.operators)}: read ${read}`,
        held,
      );
      const inner = clause.values.filter((v) => v.elemMatch !== undefined).slice(0, SHOWN_VALUES);
      if (inner.length > 0)
        item.append(
          el(
            'ul',
            inner.map((v) => el('li', [`element ${v.at}:`, clauseList(v.elemMatch!, check)], held)),
          ),
        );
      return item;
    }
    case 'and':
    case 'or':
      return el(
        'li',
        [
          `${check(clause.held)} $${clause.kind}`,
          el(
            'ul',
            clause.filters.map((f, i) =>
              el('li', [`${check(f.held)} filter ${nth(i)}`, clauseList(f, check)], {
                class: check === notApplied ? 'na' : f.held ? 'held' : 'failed',
              }),
            ),
          ),
        ],
        held,
      );
    case 'not':
      return el('li', [`${check(clause.held)} $not`, clauseList(clause.filter, check)], held);
  }
}

function clauseList(filter: FilterExplanation, mark: Mark = check): HTMLUListElement {
  return el(
    'ul',
    filter.clauses.map((c) => clauseItem(c, mark)),
  );
}

/** Why a resource has its status under one version of a policy, in one line. */
function outcome(side: DiffSide): string {
  const { result, explanation } = side;
  if (!result.applicable) return 'no status (outside the scope, or the policy is inactive)';
  if (result.matched !== null) {
    const { status, ruleIndex } = result.matched;
    const rule = explanation.statuses.find((s) => s.status === status)?.rules[ruleIndex];
    const reads = (rule?.conditions ?? []).flatMap((c) =>
      c.clauses.flatMap((clause) =>
        clause.kind === 'field'
          ? [`${clause.path} ${JSON.stringify(clause.operators)} read ${valuesText(clause.values)}`]
          : [],
      ),
    );
    return `"${status}" by rule ${nth(ruleIndex)}${reads.length > 0 ? `: ${reads.join('; ')}` : ''}`;
  }
  const miss = explanation.nearestMiss;
  return `"${result.status}" (default)${
    miss === null
      ? ''
      : `; nearest miss "${miss.status}" rule ${nth(miss.ruleIndex)}, ${miss.failed} of ${miss.conditions} conditions failed`
  }`;
}

/**
 * Renders the explanation of one resource into `target`.
 *
 * @example
 * renderExplanation($('explain'), 'c-1', policy.explain(record));
 */
export function renderExplanation(target: HTMLElement, id: string, explanation: PolicyExplanation): void {
  const { result, scope, nearestMiss, statuses } = explanation;
  const verdict = !result.applicable
    ? 'not applicable: outside the scope of the policy'
    : result.matched !== null
      ? `"${result.status}" (criticality ${result.criticality}), by rule ${nth(result.matched.ruleIndex)} of "${result.matched.status}"`
      : `"${result.status}", the default status: no rule of another status held`;
  const parts: Node[] = [el('p', [el('strong', id), `: ${verdict}`], { class: 'verdict' })];
  if (scope.path !== null)
    parts.push(
      el('div', [`${check(scope.held)} scope ${scope.path}`, clauseList(scope)], { class: 'scope' }),
    );
  if (nearestMiss !== null) {
    parts.push(
      el(
        'div',
        [
          `Nearest miss: "${nearestMiss.status}", rule ${nth(nearestMiss.ruleIndex)} (${nearestMiss.path}): ${nearestMiss.failed} of ${nearestMiss.conditions} conditions failed`,
          el(
            'ul',
            nearestMiss.failedConditions.map((c) =>
              el('li', [`✗ condition ${nth(c.index)} (${c.path})`, clauseList(c)]),
            ),
          ),
        ],
        { class: 'nearest' },
      ),
    );
  }
  // Outside the scope no status applies: the rules are listed, but not as held or failed.
  const mark = result.applicable ? check : notApplied;
  const state = (held: boolean) => ({ class: result.applicable ? (held ? 'held' : 'failed') : 'na' });
  if (!result.applicable)
    parts.push(el('p', 'No status applies: the rules below were not applied.', { class: 'na' }));
  parts.push(
    el(
      'ul',
      statuses.map((s) =>
        el(
          'li',
          [
            s.isDefault
              ? `${mark(result.status === s.status)} "${s.status}" (criticality ${s.criticality}, default: given when no other status is reached)`
              : `${mark(s.reached)} "${s.status}" (criticality ${s.criticality})`,
            el(
              'ul',
              s.rules.map((r) =>
                el(
                  'li',
                  [
                    result.applicable
                      ? `${mark(r.held)} rule ${nth(r.index)}: ${r.failed} of ${r.conditions.length} conditions failed`
                      : `${mark(r.held)} rule ${nth(r.index)} (${r.conditions.length} conditions)`,
                    el(
                      'ul',
                      r.conditions.map((c) =>
                        el(
                          'li',
                          [`${mark(c.held)} condition ${nth(c.index)}`, clauseList(c, mark)],
                          state(c.held),
                        ),
                      ),
                    ),
                  ],
                  state(r.held),
                ),
              ),
            ),
          ],
          state(s.reached || result.status === s.status),
        ),
      ),
    ),
    el('details', [
      el('summary', 'Raw explanation (JSON)'),
      el('pre', JSON.stringify(explanation, null, 2), { class: 'raw' }),
    ]),
  );
  target.replaceChildren(...parts);
}

/**
 * Renders `diffPolicies`' answer into `target`: how many resources change, the matrix (status before ×
 * after, every status of both versions), and the explained examples of each changed cell.
 *
 * @example
 * renderImpact($('impact'), await diffPolicies(before, after, records));
 */
export function renderImpact(target: HTMLElement, diff: PolicyDiff): void {
  const before = [null, ...diff.statuses.before];
  const after = [null, ...diff.statuses.after];
  const cellCount = (b: string | null, a: string | null) =>
    diff.matrix.find((c) => c.before === b && c.after === a)?.count ?? 0;
  const matrix = el('table', [
    el('thead', [
      el('tr', [
        el('th', 'before \\ after', { scope: 'col' }),
        ...after.map((a) => el('th', statusName(a), { scope: 'col' })),
      ]),
    ]),
    el(
      'tbody',
      before.map((b) =>
        el('tr', [
          el('th', statusName(b), { scope: 'row' }),
          ...after.map((a) => {
            const n = cellCount(b, a);
            return el('td', count(n), {
              'data-before': statusName(b),
              'data-after': statusName(a),
              ...(n > 0 && a !== b ? { class: 'changed' } : {}),
            });
          }),
        ]),
      ),
    ),
  ]);
  const examples = diff.matrix
    .filter((c) => c.changed)
    .map((c) =>
      el(
        'div',
        [
          el('h3', `${statusName(c.before)} → ${statusName(c.after)}: ${count(c.count)}`),
          el(
            'ul',
            c.examples.map((e) => {
              // A resource without an id by its 1-based place among the resources compared.
              const id = String((e.resource as { id?: unknown } | null)?.id ?? `record ${nth(e.index)}`);
              return el(
                'li',
                [el('strong', id), ` before: ${outcome(e.before)}. After: ${outcome(e.after)}.`],
                { 'data-id': id },
              );
            }),
          ),
        ],
        { class: 'cell', 'data-before': statusName(c.before), 'data-after': statusName(c.after) },
      ),
    );
  const share = (diff.unchangedShare * 100).toFixed(1);
  target.replaceChildren(
    el(
      'p',
      `${count(diff.changed)} of ${count(diff.resources)} resources change status (${share}% unchanged).`,
    ),
    matrix,
    ...examples,
  );
}
