// One in-memory TypeScript program with the strict settings our typecheck tests use (NodeNext
// resolution against this project's node_modules, so `@modelcontextprotocol/server` 2.x and the
// v1 SDK resolve to what is installed here).
import { Project, ts, type CompilerOptions } from 'ts-morph';

/** `overrides` replace single options (e.g. `types`, `paths`). */
export function strictProject(overrides: CompilerOptions = {}): Project {
  return new Project({
    compilerOptions: {
      strict: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      skipLibCheck: true,
      noEmit: true,
      types: ['node'],
      ...overrides,
    },
    skipAddingFilesFromTsConfig: true,
  });
}
