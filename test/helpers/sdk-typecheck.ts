// Typechecking texts that are not on disk against the real @modelcontextprotocol/server types, the
// way a migrated package would be compiled (strict, NodeNext). Each text gets a virtual path (beside
// the file it stands for, so relative imports resolve), every directory holding one gets the
// generated mrtr-state.ts, and all texts of a call are checked in one program: the library and SDK
// declarations are parsed once per instance and the checker's work on them is shared by every text
// of the batch, which is what keeps the fixture suite and the fuzzer fast.
import path from 'node:path';
import ts from 'typescript';
import { renderStateModule } from '../../src/state/state-module.js';

export const SDK_CHECK_OPTIONS: ts.CompilerOptions = {
  strict: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  skipLibCheck: true,
  noEmit: true,
  types: ['node'],
};

const STATE_MODULE = renderStateModule({ language: 'ts' });

export class SdkTypecheck {
  private readonly virtual = new Map<string, string>();
  private readonly onDisk = new Map<string, ts.SourceFile | undefined>();
  private readonly host: ts.CompilerHost;
  private previous: ts.Program | undefined;

  constructor(private readonly options: ts.CompilerOptions = SDK_CHECK_OPTIONS) {
    const base = ts.createCompilerHost(options, true);
    this.host = {
      ...base,
      fileExists: (file) => this.virtual.has(file) || base.fileExists(file),
      readFile: (file) => this.virtual.get(file) ?? base.readFile(file),
      getSourceFile: (file, language) => {
        const text = this.virtual.get(file);
        if (text !== undefined) return ts.createSourceFile(file, text, language, true);
        if (!this.onDisk.has(file)) this.onDisk.set(file, base.getSourceFile(file, language));
        return this.onDisk.get(file);
      },
    };
  }

  /**
   * The diagnostics of each text (absolute virtual path → text), all checked in one program: syntax
   * and semantics, only those located in that file. The texts are forgotten afterwards.
   */
  check(files: ReadonlyMap<string, string>): Map<string, readonly ts.Diagnostic[]> {
    this.virtual.clear();
    for (const dir of new Set([...files.keys()].map((file) => path.dirname(file)))) {
      this.virtual.set(path.join(dir, 'mrtr-state.ts'), STATE_MODULE);
    }
    for (const [file, text] of files) this.virtual.set(file, text);
    const program = ts.createProgram({ rootNames: [...files.keys()], options: this.options, host: this.host, oldProgram: this.previous });
    // A program whose checker threw is not reused: the next one starts clean.
    this.previous = undefined;
    const out = new Map<string, readonly ts.Diagnostic[]>();
    for (const file of files.keys()) {
      const sourceFile = program.getSourceFile(file);
      if (!sourceFile) throw new Error(`${file} is not part of the program`);
      out.set(file, [...program.getSyntacticDiagnostics(sourceFile), ...program.getSemanticDiagnostics(sourceFile)]);
    }
    this.previous = program;
    return out;
  }
}

/** Diagnostics as tsc prints them (file:line:col - error TSxxxx: message), '' for none. */
export function formatDiagnostics(diagnostics: readonly ts.Diagnostic[], cwd = process.cwd()): string {
  return ts.formatDiagnostics(diagnostics, {
    getCanonicalFileName: (file) => file,
    getCurrentDirectory: () => cwd,
    getNewLine: () => '\n',
  });
}
