import { resolve } from 'node:path';
import ts from 'typescript';

/**
 * Type-checks TypeScript sources held in memory, with the compiler options of the project's
 * tsconfig.json, and returns the diagnostics of each source by line: what a user of the typed filters
 * sees in an editor or from `tsc`. Nothing is written to disk: the sources are served to the compiler
 * as if they were files of a folder `test/typecheck-fixtures/` (which does not exist), so they import
 * the library as `../../src/index.js` ({@link FROM_SRC}).
 *
 * @example
 * const d = typecheck({ a: `import type { Component, Filter } from '${FROM_SRC}';\nconst f: Filter<Component> = {};` });
 * d.get('a'); // []
 */

const ROOT = resolve(import.meta.dirname, '..', '..');
const FOLDER = resolve(ROOT, 'test', 'typecheck-fixtures');

/** The import specifier of the library's entry point from a fixture source. */
export const FROM_SRC = '../../src/index.js';

export interface FixtureDiagnostic {
  /** 1-based line of the fixture source. */
  readonly line: number;
  /** The message as `tsc` prints it (a chain flattened with new lines). */
  readonly message: string;
}

let options: ts.CompilerOptions | undefined;

function compilerOptions(): ts.CompilerOptions {
  if (options !== undefined) return options;
  const parsed = ts.getParsedCommandLineOfConfigFile(resolve(ROOT, 'tsconfig.json'), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  });
  if (parsed === undefined) throw new Error('tsconfig.json could not be read');
  options = { ...parsed.options, noEmit: true };
  return options;
}

/** Type-checks the sources (name → text) in one program and returns each one's diagnostics. */
export function typecheck(sources: Readonly<Record<string, string>>): Map<string, FixtureDiagnostic[]> {
  const files = new Map(Object.entries(sources).map(([name, text]) => [resolve(FOLDER, `${name}.ts`), text]));
  const host = ts.createCompilerHost(compilerOptions());
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, language, ...rest) => {
    const text = files.get(resolve(name));
    return text === undefined
      ? getSourceFile.call(host, name, language, ...rest)
      : ts.createSourceFile(name, text, language);
  };
  host.fileExists = (name) => files.has(resolve(name)) || fileExists.call(host, name);
  host.readFile = (name) => files.get(resolve(name)) ?? readFile.call(host, name);
  const program = ts.createProgram([...files.keys()], compilerOptions(), host);
  const out = new Map<string, FixtureDiagnostic[]>();
  for (const [path] of files) {
    const file = program.getSourceFile(path);
    if (file === undefined) throw new Error(`${path} was not compiled`);
    const diagnostics = [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)];
    const name = Object.keys(sources).find((n) => resolve(FOLDER, `${n}.ts`) === path)!;
    out.set(
      name,
      diagnostics.map((d) => ({
        line: d.start === undefined ? 0 : file.getLineAndCharacterOfPosition(d.start).line + 1,
        message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
      })),
    );
  }
  return out;
}
