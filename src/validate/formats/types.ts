import type { Diagnostic } from '../types.js';

/** The diagnostics of one file, as the formatters print them. */
export interface FileReport {
  /** The file as shown: relative to the working directory, with `/` separators. */
  readonly file: string;
  /** The text as validated (BOM removed), for code frames; absent when the file could not be read. */
  readonly text?: string;
  readonly diagnostics: readonly Diagnostic[];
}
