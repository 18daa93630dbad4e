// Helpers imported from other files of the project (cross-file mode). The runner hands a file the
// text of every module it imports that exports a liftable helper (one question, split like a
// same-file helper); here those modules are parsed on the side, their helpers found exactly as
// their own run will find them, and mapped to the local names the file imports them under. A call
// of such a helper in a handler then becomes a question of that handler, using the companions
// `<name>Params` / `<name>Outcome` that the helper's module exports once the group is applied.
import { Node, Project, SyntaxKind, ts, type ImportDeclaration, type SourceFile } from 'ts-morph';
import type { PushAlias } from '../config.js';
import { aliasArgumentProblem } from '../analysis/alias-arguments.js';
import { findHandlers, type HandlerInfo } from '../analysis/handlers.js';
import { findPushSites } from '../analysis/push-sites.js';
import type { FindingInput, TextEdit } from '../types.js';
import { findHelperChains, findLiftableHelpers, type LiftableHelper } from './helpers.js';
import { camelCase } from './naming.js';

/** What the runner passes a file in cross-file mode: imported modules that export liftable helpers. */
export interface CrossFileInput {
  /** Keyed by the module specifier as the file writes it (`./lib/confirm.js`). */
  modules: Record<string, { absPath: string; text: string }>;
}

/** A helper of another module, as this file imports it. */
export interface ImportedHelper {
  helper: LiftableHelper;
  /** The local name of the import (`confirm` in `import { confirmWithUser as confirm }`). */
  localName: string;
  declaration: ImportDeclaration;
  absPath: string;
}

let sideProject: Project | undefined;

/** Parses helper modules apart from the file being transformed (its own project keeps one file). */
function project(): Project {
  sideProject ??= new Project({
    useInMemoryFileSystem: true,
    skipLoadingLibFiles: true,
    compilerOptions: { allowJs: true, jsx: ts.JsxEmit.Preserve, target: ts.ScriptTarget.ES2022 },
  });
  return sideProject;
}

/** A module parsed apart from the file being transformed; dispose when done with its nodes. */
export function parseOnTheSide(absPath: string, text: string): { sourceFile: SourceFile; dispose: () => void } {
  const sourceFile = project().createSourceFile(absPath, text, { overwrite: true });
  return { sourceFile, dispose: () => void (sourceFile.wasForgotten() || project().removeSourceFile(sourceFile)) };
}

/**
 * The module exports a helper a caller in another file may ask through: a liftable helper, or a
 * chain over one (which its callers need to know about, lifted or reported).
 */
export function exportsAskingHelper(sourceFile: SourceFile, aliases: readonly PushAlias[]): boolean {
  const { lifted, chains } = moduleHelpers(sourceFile, aliases);
  return lifted.size > 0 || chains.size > 0;
}

/**
 * A module's exported liftable helpers, and apart from them its exported chains (helpers asking
 * through another helper): chains are lifted within their own file only, so a caller in another
 * file is reported instead.
 */
function moduleHelpers(sourceFile: SourceFile, aliases: readonly PushAlias[]): { lifted: Map<string, LiftableHelper>; chains: Map<string, LiftableHelper> } {
  const lifted = new Map<string, LiftableHelper>();
  const chains = new Map<string, LiftableHelper>();
  if (importsV1(sourceFile)) return { lifted, chains };
  const handlers = findHandlers(sourceFile);
  const sites = findPushSites(sourceFile, handlers, aliases).filter((s) => aliasArgumentProblem(s) === undefined);
  const names = new Set(sourceFile.getDescendantsOfKind(SyntaxKind.Identifier).map((i) => i.getText()));
  const helpers = findLiftableHelpers(sites, names);
  for (const helper of helpers.values()) {
    if (!isExported(helper)) continue;
    const base = camelCase(helper.name);
    if (helper.requestFn !== `${base}Params` || (helper.resultFn !== undefined && helper.resultFn !== `${base}Outcome`)) continue;
    lifted.set(helper.name, helper);
  }
  // Found after the plain helpers, as in the module's own run, so their companion names agree.
  findHelperChains(sourceFile, sites, helpers, handlers, names);
  for (const helper of helpers.values()) if (helper.via && isExported(helper)) chains.set(helper.name, helper);
  return { lifted, chains };
}

function isExported(helper: LiftableHelper): boolean {
  return Node.isFunctionDeclaration(helper.declaration) ? helper.declaration.isExported()
    : Node.isVariableStatement(helper.declaration) && helper.declaration.isExported();
}

function importsV1(sourceFile: SourceFile): boolean {
  return sourceFile.getImportDeclarations().some((d) => d.getModuleSpecifierValue().startsWith('@modelcontextprotocol/sdk'));
}

/**
 * The helpers `sourceFile` imports by name from the modules in `input`. `taken`: names used in the
 * file; a helper whose companions would clash with one of them is not offered.
 */
export function importedHelpers(
  sourceFile: SourceFile,
  input: CrossFileInput | undefined,
  aliases: readonly PushAlias[],
  taken: ReadonlySet<string>,
): { helpers: ImportedHelper[]; chains: ImportedHelper[]; dispose: () => void } {
  const helpers: ImportedHelper[] = [];
  const chains: ImportedHelper[] = [];
  const parsed: SourceFile[] = [];
  const dispose = () => {
    for (const file of parsed) if (!file.wasForgotten()) project().removeSourceFile(file);
  };
  if (!input) return { helpers, chains, dispose };
  const byModule = new Map<string, ReturnType<typeof moduleHelpers>>();
  for (const declaration of sourceFile.getImportDeclarations()) {
    const module = input.modules[declaration.getModuleSpecifierValue()];
    if (!module || declaration.isTypeOnly()) continue;
    let exported = byModule.get(module.absPath);
    if (!exported) {
      const { sourceFile: file } = parseOnTheSide(module.absPath, module.text);
      parsed.push(file);
      exported = moduleHelpers(file, aliases);
      byModule.set(module.absPath, exported);
    }
    for (const spec of declaration.getNamedImports()) {
      if (spec.isTypeOnly()) continue;
      const chain = exported.chains.get(spec.getName());
      if (chain) chains.push({ helper: chain, localName: (spec.getAliasNode() ?? spec.getNameNode()).getText(), declaration, absPath: module.absPath });
      const helper = exported.lifted.get(spec.getName());
      if (!helper) continue;
      if (taken.has(helper.requestFn) || (helper.resultFn !== undefined && taken.has(helper.resultFn))) continue;
      helpers.push({ helper, localName: (spec.getAliasNode() ?? spec.getNameNode()).getText(), declaration, absPath: module.absPath });
    }
  }
  return { helpers, chains, dispose };
}

/** Calls in handlers of chains imported from other modules: reported, their handlers left as they are. */
export function importedChainFindings(sourceFile: SourceFile, handlers: readonly HandlerInfo[], chains: readonly ImportedHelper[]): FindingInput[] {
  const byName = new Map(chains.map((c) => [c.localName, c]));
  if (byName.size === 0) return [];
  return sourceFile.getDescendantsOfKind(SyntaxKind.CallExpression).flatMap((call) => {
    const callee = call.getExpression();
    const chain = Node.isIdentifier(callee) ? byName.get(callee.getText()) : undefined;
    if (!chain || !handlers.some((h) => h.fn.containsRange(call.getPos(), call.getEnd()))) return [];
    const inner = chain.helper.via!.inner;
    return [{
      rule: 'push-in-helper', severity: 'warning' as const, pos: call.getStart(),
      message: `${chain.localName}() asks through ${inner.name}() (${chain.helper.site.api}) in ${chain.declaration.getModuleSpecifierValue()}: a chain of helpers in another file is not lifted`,
      suggestion: `Call ${inner.name}() from the handler (with the arguments ${chain.localName}() passes it), or move ${chain.localName}() into this file, then run the migration again.`,
    }];
  });
}

/**
 * The import of each module whose helpers were lifted: the companions join it, and a helper no
 * longer referenced leaves it. `stillUsed(name)`: the local name appears outside migrated calls.
 */
export function companionImportEdits(lifted: ImportedHelper[], stillUsed: (localName: string) => boolean): TextEdit[] {
  const edits: TextEdit[] = [];
  const byDeclaration = new Map<ImportDeclaration, ImportedHelper[]>();
  for (const item of lifted) byDeclaration.set(item.declaration, [...(byDeclaration.get(item.declaration) ?? []), item]);
  for (const [declaration, items] of byDeclaration) {
    const named = declaration.getNamedImports();
    const drop = new Set(items.filter((i) => !stillUsed(i.localName)).map((i) => i.localName));
    const kept = named.filter((spec) => !drop.has((spec.getAliasNode() ?? spec.getNameNode()).getText())).map((spec) => spec.getText());
    const present = new Set(named.map((spec) => spec.getName()));
    const added = [...new Set(items.flatMap((i) => [i.helper.requestFn, ...(i.helper.resultFn ? [i.helper.resultFn] : [])]))].filter((n) => !present.has(n));
    const braces = named[0].getParentOrThrow();
    edits.push({ start: braces.getStart(), end: braces.getEnd(), text: `{ ${[...kept, ...added].join(', ')} }` });
  }
  return edits;
}

/** Modules and helper names a file's migration now depends on, for the runner's group. */
export function requirementsOf(lifted: ImportedHelper[]): { absPath: string; helpers: string[] }[] {
  const byPath = new Map<string, Set<string>>();
  for (const item of lifted) byPath.set(item.absPath, (byPath.get(item.absPath) ?? new Set()).add(item.helper.name));
  return [...byPath].map(([absPath, names]) => ({ absPath, helpers: [...names].sort() })).sort((a, b) => (a.absPath < b.absPath ? -1 : 1));
}
