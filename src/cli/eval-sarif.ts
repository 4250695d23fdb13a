import type { CompiledPolicy, ResourceResults } from '../policy/index.js';
import { fileUri, type SarifTool, sarifFrame } from '../validate/formats/sarif.js';
import type { SourcePositions } from '../validate/source/positions.js';
import { displayPath, policyPositions } from './coverage.js';
import { conditionMet, type FailCondition } from './eval-fail-on.js';
import { ORDINAL_MARK } from './eval-parallel.js';
import { policyFiles } from './files.js';
import { resourceId } from './format.js';
import type { Level, Place, SarifPlan, StatusPlan } from './sarif-plan.js';

/**
 * `svc-policy eval --format sarif` (docs/policies.md, "SARIF"): one result per applicable resource and
 * policy whose status has a criticality above 0, written as the evaluation goes. What a result says
 * of a status (its rule, level and place in the policy file) is decided once here, as plain data that
 * the worker threads of `--jobs` receive with the render options.
 */

/**
 * A status's level: with `--fail-on`, `error` when the status meets a condition (what fails the run),
 * `warning` otherwise; without, `error` for the policy's highest criticality, `warning` for the others.
 */
function levelOf(criticality: number, top: number, status: string, failOn: readonly FailCondition[]): Level {
  if (failOn.length === 0) return criticality === top ? 'error' : 'warning';
  return conditionMet(failOn, status, criticality) === undefined ? 'warning' : 'error';
}

const place = (positions: SourcePositions | null, path: string): Place =>
  positions === null ? null : positions.locate(path, 'key');

/**
 * The plan of the evaluated policies (`active`, a sublist of `policies`) and the driver's rules.
 * `loadPolicies` reads one policy per file, in the order `policyFiles` lists them.
 */
export async function sarifPlan(
  paths: readonly string[],
  policies: readonly CompiledPolicy[],
  active: readonly CompiledPolicy[],
  failOn: readonly FailCondition[],
): Promise<{ plan: SarifPlan; rules: object[] }> {
  const files = await policyFiles(paths);
  const rules: object[] = [];
  const planned = await Promise.all(
    active.map(async (p) => {
      const file = files[policies.indexOf(p)]?.path ?? p.name;
      const positions = await policyPositions(file);
      const top = Math.max(...p.statuses.map((s) => s.criticality));
      const statuses = p.definition.statuses
        .filter((s) => s.criticality > 0)
        .map(
          (s): Omit<StatusPlan, 'ruleIndex'> => ({
            status: s.name,
            level: levelOf(s.criticality, top, s.name, failOn),
            at: place(positions, s.path),
            rules: s.rules.map((r) => place(positions, r.path)),
          }),
        );
      return { uri: fileUri(displayPath(file)), policy: p, statuses };
    }),
  );
  const plan = planned.map(({ uri, policy, statuses }) => ({
    uri,
    statuses: statuses.map((s) => {
      const criticality = policy.statuses.find((x) => x.name === s.status)!.criticality;
      rules.push({
        id: `${policy.name}/${s.status}`,
        name: `${policy.name}: ${s.status}`,
        shortDescription: { text: `"${policy.name}" gives "${s.status}" (criticality ${criticality})` },
        defaultConfiguration: { level: s.level },
        properties: { policy: policy.name, status: s.status, criticality },
      });
      return { ...s, ruleIndex: rules.length - 1 };
    }),
  }));
  return { plan: { policies: plan }, rules };
}

/** The SARIF document around the results: the run names the tool, the rules and the run's instant. */
export function sarifDocument(tool: SarifTool, rules: readonly object[], asOf: number) {
  return sarifFrame(tool, rules, { properties: { asOf: new Date(asOf).toISOString() } });
}

const ESCAPED_ORDINAL = `"message":{"text":"record ${JSON.stringify(ORDINAL_MARK).slice(1, -1)}`;

/**
 * The SARIF results of one resource, comma-separated, or `null` when it has none. `index` and `ordinal`
 * are texts (a worker of `--jobs` writes placeholders the main thread replaces).
 */
export function sarifResults(
  event: ResourceResults,
  policies: readonly CompiledPolicy[],
  plan: SarifPlan,
  ordinal: string,
): string | null {
  const id = resourceId(event.resource);
  const who = id === null ? `record ${ordinal}` : `"${String(id)}"`;
  const out: string[] = [];
  event.results.forEach(({ result }, i) => {
    const p = plan.policies[i];
    const s = result.applicable ? p?.statuses.find((x) => x.status === result.status) : undefined;
    if (p === undefined || s === undefined) return;
    const policy = policies[i]!;
    const rule = result.matched?.ruleIndex ?? null;
    const at = rule === null ? s.at : (s.rules[rule] ?? s.at);
    const why =
      rule === null
        ? 'no rule of another status holds (the default status)'
        : `rule ${rule + 1} of "${s.status}" holds`;
    const mark = result.waiver;
    const waiver = mark === undefined ? undefined : policy.waivers.find((w) => w.id === mark.id);
    const waived = mark === undefined ? '' : `; waived by "${mark.id}" until ${mark.expires}`;
    const location = {
      physicalLocation: {
        artifactLocation: { uri: p.uri },
        ...(at === null
          ? {}
          : { region: { startLine: Math.max(1, at.line), startColumn: Math.max(1, at.column) } }),
      },
      ...(id === null ? {} : { logicalLocations: [{ fullyQualifiedName: String(id), kind: 'resource' }] }),
    };
    const json = JSON.stringify({
      ruleId: `${policy.name}/${s.status}`,
      ruleIndex: s.ruleIndex,
      level: s.level,
      message: {
        text: `${who} is "${s.status}" (criticality ${result.criticality}) under policy "${policy.name}": ${why}${waived}`,
      },
      locations: [location],
      ...(mark === undefined
        ? {}
        : {
            suppressions: [
              {
                kind: 'external',
                status: 'accepted',
                justification: `${waiver?.reason ?? ''} (${waiver?.owner ?? ''}, waiver ${mark.id}, until ${mark.expires})`,
                ...(waiver?.ticket == null ? {} : { properties: { ticket: waiver.ticket } }),
              },
            ],
          }),
      properties: {
        status: s.status,
        criticality: result.criticality,
        ...(mark === undefined ? {} : { waiver: mark }),
      },
    });
    // JSON escapes the ordinal's placeholder: put it back, at the message's start only (a string of
    // the data cannot hold `"message":{"text":"` unescaped), for the main thread to replace.
    out.push(json.replace(ESCAPED_ORDINAL, () => `"message":{"text":"record ${ORDINAL_MARK}`));
  });
  return out.length === 0 ? null : out.join(',\n');
}
