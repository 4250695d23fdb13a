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
import { el } from './render.js';

const check = (held: boolean): string => (held ? '✓' : '✗');
const statusName = (status: string | null): string => (status === null ? 'no status' : status);

function foundText(v: FoundValue): string {
  return v.found ? `${JSON.stringify(v.value)} at ${v.at}` : `nothing at ${v.at}`;
}

function clauseItem(clause: ClauseExplanation): HTMLLIElement {
  const held = { class: clause.held ? 'held' : 'failed' };
  switch (clause.kind) {
    case 'field': {
      const read = clause.values.length === 0 ? 'no element' : clause.values.map(foundText).join(', ');
      const item = el(
        'li',
        `${check(clause.held)} ${clause.path} ${JSON.stringify(clause.operators)}: read ${read}`,
        held,
      );
      const inner = clause.values.filter((v) => v.elemMatch !== undefined);
      if (inner.length > 0)
        item.append(
          el(
            'ul',
            inner.map((v) => el('li', [`element ${v.at}:`, clauseList(v.elemMatch!)], held)),
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
              el('li', [`${check(f.held)} filter ${i}`, clauseList(f)], {
                class: f.held ? 'held' : 'failed',
              }),
            ),
          ),
        ],
        held,
      );
    case 'not':
      return el('li', [`${check(clause.held)} $not`, clauseList(clause.filter)], held);
  }
}

function clauseList(filter: FilterExplanation): HTMLUListElement {
  return el('ul', filter.clauses.map(clauseItem));
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
          ? [
              `${clause.path} ${JSON.stringify(clause.operators)} read ${clause.values.map(foundText).join(', ')}`,
            ]
          : [],
      ),
    );
    return `"${status}" by rule ${ruleIndex}${reads.length > 0 ? `: ${reads.join('; ')}` : ''}`;
  }
  const miss = explanation.nearestMiss;
  return `"${result.status}" (default)${
    miss === null
      ? ''
      : `; nearest miss "${miss.status}" rule ${miss.ruleIndex}, ${miss.failed} of ${miss.conditions} conditions failed`
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
      ? `"${result.status}" (criticality ${result.criticality}), by rule ${result.matched.ruleIndex} of "${result.matched.status}"`
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
          `Nearest miss: "${nearestMiss.status}", rule ${nearestMiss.ruleIndex} (${nearestMiss.path}): ${nearestMiss.failed} of ${nearestMiss.conditions} conditions failed`,
          el(
            'ul',
            nearestMiss.failedConditions.map((c) =>
              el('li', [`✗ condition ${c.index} (${c.path})`, clauseList(c)]),
            ),
          ),
        ],
        { class: 'nearest' },
      ),
    );
  }
  parts.push(
    el(
      'ul',
      statuses.map((s) =>
        el(
          'li',
          [
            s.isDefault
              ? `${check(result.status === s.status)} "${s.status}" (criticality ${s.criticality}, default: given when no other status is reached)`
              : `${check(s.reached)} "${s.status}" (criticality ${s.criticality})`,
            el(
              'ul',
              s.rules.map((r) =>
                el('li', [
                  `${check(r.held)} rule ${r.index}: ${r.failed} of ${r.conditions.length} conditions failed`,
                  el(
                    'ul',
                    r.conditions.map((c) =>
                      el('li', [`${check(c.held)} condition ${c.index}`, clauseList(c)]),
                    ),
                  ),
                ]),
              ),
            ),
          ],
          { class: s.reached || result.status === s.status ? 'held' : 'failed' },
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
  const count = (b: string | null, a: string | null) =>
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
            const n = count(b, a);
            return el('td', String(n), {
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
          el('h3', `${statusName(c.before)} → ${statusName(c.after)}: ${c.count}`),
          el(
            'ul',
            c.examples.map((e) => {
              const id = String((e.resource as { id?: unknown } | null)?.id ?? `#${e.index}`);
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
    el('p', `${diff.changed} of ${diff.resources} resources change status (${share}% unchanged).`),
    matrix,
    ...examples,
  );
}
