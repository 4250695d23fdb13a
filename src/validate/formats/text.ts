import type { Diagnostic } from '../types.js';
import { printable, UNPRINTABLE } from '../unprintable.js';
import type { FileReport } from './types.js';

const WIDTH = 120;

/**
 * The source line of a diagnostic with a caret under its column, and the line before it. Unprintable
 * characters are replaced one for one, so the caret stays aligned.
 */
function frame(lines: readonly string[], d: Diagnostic): string {
  if (d.line === undefined || d.column === undefined) return '';
  const gutter = String(d.line).length;
  const out: string[] = [];
  for (let n = Math.max(1, d.line - 1); n <= d.line; n++) {
    let text = (lines[n - 1] ?? '').replace(/\r$/, '').replace(UNPRINTABLE, '\uFFFD');
    let column = d.column;
    if (text.length > WIDTH) {
      // Long lines (minified JSON) are cut to a window around the column.
      const start = n === d.line ? Math.max(0, column - 1 - WIDTH / 2) : 0;
      text = `${start > 0 ? '…' : ''}${text.slice(start, start + WIDTH)}…`;
      if (n === d.line) column = column - start + (start > 0 ? 1 : 0);
    }
    out.push(`${n === d.line ? '>' : ' '} ${String(n).padStart(gutter)} | ${text}`);
    if (n === d.line) {
      const prefix = text.slice(0, column - 1).replace(/[^\t]/g, ' ');
      out.push(`  ${' '.repeat(gutter)} | ${prefix}^`);
    }
  }
  return `${out.join('\n')}\n`;
}

/**
 * `file:line:column severity code message`, each followed by a code frame, then a summary line.
 * A diagnostic without a position prints as `file severity code message`.
 */
export function formatText(reports: readonly FileReport[]): string {
  let out = '';
  let errors = 0;
  let warnings = 0;
  for (const r of reports) {
    const lines = r.text?.split('\n') ?? [];
    for (const d of r.diagnostics) {
      if (d.severity === 'error') errors++;
      else warnings++;
      // File names and messages hold what the files hold: escaped, so that none can forge a line.
      const file = printable(r.file);
      const where = d.line === undefined ? file : `${file}:${d.line}:${d.column ?? 1}`;
      out += `${where} ${d.severity} ${printable(d.code)} ${printable(d.message)}\n${frame(lines, d)}`;
    }
  }
  const files = `${reports.length} file${reports.length === 1 ? '' : 's'}`;
  out += `${out === '' ? '' : '\n'}${files} checked: ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}\n`;
  return out;
}
