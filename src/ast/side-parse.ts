// Modules parsed apart from the file being transformed: a helper's module, an importer, a
// registrar. One in-memory project that keeps only what is parsed; callers dispose each file.
import { Project, ts, type SourceFile } from '../ts-morph.js';

/** A new in-memory project with the options every parse of this tool uses (syntax only, no lib files). */
export function inMemoryProject(): Project {
  return new Project({
    useInMemoryFileSystem: true,
    skipLoadingLibFiles: true,
    compilerOptions: { allowJs: true, jsx: ts.JsxEmit.Preserve, target: ts.ScriptTarget.ES2022 },
  });
}

let sideProject: Project | undefined;

/** Parses helper modules apart from the file being transformed (its own project keeps one file). */
function project(): Project {
  sideProject ??= inMemoryProject();
  return sideProject;
}

/** A module parsed apart from the file being transformed; dispose when done with its nodes. */
export function parseOnTheSide(absPath: string, text: string): { sourceFile: SourceFile; dispose: () => void } {
  const sourceFile = project().createSourceFile(absPath, text, { overwrite: true });
  return { sourceFile, dispose: () => void (sourceFile.wasForgotten() || project().removeSourceFile(sourceFile)) };
}
