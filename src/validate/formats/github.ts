import { printable } from '../unprintable.js';
import type { FileReport } from './types.js';

/** Escapes the message of a workflow command (`%`, CR, LF). */
function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Escapes a property value of a workflow command (also `:` and `,`, which delimit properties). */
function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/**
 * GitHub Actions workflow commands, one per diagnostic:
 * `::error file=p.json,line=3,col=5,title=UNKNOWN_FIELD::unknown field …`.
 */
export function formatGithub(reports: readonly FileReport[]): string {
  let out = '';
  for (const r of reports) {
    for (const d of r.diagnostics) {
      // A file name or message with a control character must neither reach the log raw nor end the command.
      const props = [`file=${escapeProperty(printable(r.file))}`];
      if (d.line !== undefined) props.push(`line=${d.line}`, `col=${d.column ?? 1}`);
      // The path is the document's own keys: a bidirectional control in a key must not reorder the title.
      props.push(`title=${escapeProperty(`${d.code}${d.path === '' ? '' : ` at ${printable(d.path)}`}`)}`);
      out += `::${d.severity} ${props.join(',')}::${escapeData(printable(d.message))}\n`;
    }
  }
  return out;
}
