import { formatGithub } from '../validate/formats/github.js';
import { formatSarif } from '../validate/formats/sarif.js';
import { formatText } from '../validate/formats/text.js';
import type { FileReport } from '../validate/formats/types.js';

/** The output formats of `svc-policy validate`. */
export type ValidateFormat = 'text' | 'json' | 'sarif' | 'github';
export const VALIDATE_FORMATS: readonly ValidateFormat[] = ['text', 'json', 'sarif', 'github'];

/** The version SARIF logs name. */
export const VERSION = '0.1.0';

/** The report of `svc-policy validate` in a format: text and github escaped, JSON and SARIF exact. */
export function formatReport(format: ValidateFormat, reports: readonly FileReport[]): string {
  switch (format) {
    case 'text':
      return formatText(reports);
    case 'sarif':
      return formatSarif(reports, { name: 'svc-policy', version: VERSION });
    case 'github':
      return formatGithub(reports);
    case 'json': {
      const all = reports.flatMap((r) => r.diagnostics);
      return `${JSON.stringify(
        {
          files: reports.map((r) => ({
            file: r.file,
            valid: !r.diagnostics.some((d) => d.severity === 'error'),
            diagnostics: r.diagnostics,
          })),
          errors: all.filter((d) => d.severity === 'error').length,
          warnings: all.filter((d) => d.severity === 'warning').length,
        },
        null,
        2,
      )}\n`;
    }
  }
}
