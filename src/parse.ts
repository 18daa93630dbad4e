// Parsing a file in the thread's in-memory project, and letting the parse go again. Pure: no disk
// access. The engine's stages share one WorkingText per file: the text as it stands and its parse.
import { ts, type Project, type SourceFile } from './ts-morph.js';
import { inMemoryProject } from './ast/side-parse.js';
import { scriptKindFor } from './ast/script-kind.js';
import { lineAndColumn } from './ast/edits.js';

/** The parser drops a leading BOM, which would shift every position by one: callers work without it. */
export const BOM = '\uFEFF';

let sharedProject: Project | undefined;

/** One in-memory project per thread; each file is added, used and released again. */
function project(): Project {
  sharedProject ??= inMemoryProject();
  return sharedProject;
}

/** Files whose project was dropped by release(). */
const released = new WeakSet<SourceFile>();

/**
 * Done with `sourceFile` (a parse of parseSource). ts-morph's removeSourceFile forgets every node
 * wrapped so far one by one, finding each one's start to keep its text for an error message,
 * which is slow on a long file. When it is the project's only file, the project is dropped
 * instead (the next parse starts a new one) and nothing is walked.
 */
export function release(sourceFile: SourceFile): void {
  if (sourceFile.wasForgotten() || released.has(sourceFile)) return;
  if (sharedProject !== undefined && sourceFile.getProject() === sharedProject && sharedProject.getSourceFiles().length === 1) {
    released.add(sourceFile);
    sharedProject = undefined;
    return;
  }
  sourceFile.getProject().removeSourceFile(sourceFile);
}

/** Parses `text`; throws an Error naming the first syntax error, if any. */
export function parseSource(absPath: string, text: string): SourceFile {
  const sourceFile = project().createSourceFile(absPath, text, {
    overwrite: true,
    scriptKind: scriptKindFor(absPath),
  });
  const diagnostics = (sourceFile.compilerNode as unknown as { parseDiagnostics?: ts.Diagnostic[] })
    .parseDiagnostics;
  if (diagnostics && diagnostics.length > 0) {
    const first = diagnostics[0];
    const { line, column } = lineAndColumn(text, first.start ?? 0);
    release(sourceFile);
    throw new Error(`syntax error at ${line}:${column}: ${ts.flattenDiagnosticMessageText(first.messageText, '\n')}`);
  }
  return sourceFile;
}

/**
 * A file's text as the stages have left it so far, and its parse. The owner releases the last
 * parse when done (also when a stage throws), so each stage replaces both here.
 */
export class WorkingText {
  sourceFile: SourceFile;

  constructor(readonly absPath: string, public text: string) {
    this.sourceFile = parseSource(absPath, text);
  }

  /** Moves on to `text`: the parse so far is released first, and `text` parsed. */
  replace(text: string): void {
    this.release();
    this.parse(text);
  }

  /** Parses `text` without releasing the parse so far (for when something else already replaced it). */
  parse(text: string): void {
    this.text = text;
    this.sourceFile = parseSource(this.absPath, text);
  }

  release(): void {
    release(this.sourceFile);
  }
}
