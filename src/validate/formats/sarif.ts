import type { FileReport } from './types.js';

/** Relative file path as a URI reference: `/` separators, each segment percent-encoded. */
export function fileUri(file: string): string {
  return file.split(/[\\/]/).map(encodeURIComponent).join('/');
}

/**
 * A SARIF 2.1.0 log with one run: one rule per diagnostic code seen, one result per diagnostic, columns
 * in UTF-16 code units. Results without a position (an unreadable file) have no region. The tool's
 * `informationUri` is written only when given: the package names no home page or repository of its own
 * yet, and SARIF viewers link to it, so a guessed address would be a broken link.
 */
export function formatSarif(reports: readonly FileReport[], tool: SarifTool): string {
  const rules: string[] = [];
  const ruleIndex = new Map<string, number>();
  const results: object[] = [];
  for (const r of reports) {
    for (const d of r.diagnostics) {
      let index = ruleIndex.get(d.code);
      if (index === undefined) {
        index = rules.length;
        rules.push(d.code);
        ruleIndex.set(d.code, index);
      }
      const region =
        d.line === undefined
          ? {}
          : { region: { startLine: Math.max(1, d.line), startColumn: Math.max(1, d.column ?? 1) } };
      results.push({
        ruleId: d.code,
        ruleIndex: index,
        level: d.severity,
        message: { text: d.message },
        locations: [
          {
            physicalLocation: { artifactLocation: { uri: fileUri(r.file) }, ...region },
            ...(d.path === '' ? {} : { logicalLocations: [{ fullyQualifiedName: d.path, kind: 'member' }] }),
          },
        ],
      });
    }
  }
  const log = sarifLog(
    tool,
    rules.map((id) => ({ id, shortDescription: { text: id.toLowerCase().replace(/_/g, ' ') } })),
    results,
  );
  return `${JSON.stringify(log, null, 2)}\n`;
}

/** The tool a SARIF log names. */
export interface SarifTool {
  readonly name: string;
  readonly version: string;
  readonly informationUri?: string;
}

/** A SARIF 2.1.0 log of one run (columns in UTF-16 code units), `extra` members added to the run. */
export function sarifLog(
  tool: SarifTool,
  rules: readonly object[],
  results: readonly object[],
  extra: Readonly<Record<string, unknown>> = {},
): object {
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: tool.name,
            version: tool.version,
            ...(tool.informationUri === undefined ? {} : { informationUri: tool.informationUri }),
            rules,
          },
        },
        columnKind: 'utf16CodeUnits',
        ...extra,
        results,
      },
    ],
  };
}

/**
 * The same log cut around its results, for a writer that streams them: `head` ends with `"results":[`,
 * `tail` closes the document; results go between, separated by commas.
 */
export function sarifFrame(
  tool: SarifTool,
  rules: readonly object[],
  extra: Readonly<Record<string, unknown>> = {},
): { head: string; tail: string } {
  const whole = JSON.stringify(sarifLog(tool, rules, [], extra));
  // `results` is the run's last member and the run the log's last item: the text ends `[]}]}`.
  return { head: `${whole.slice(0, -4)}\n`, tail: '\n]}]}\n' };
}
